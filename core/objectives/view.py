"""What each seat may know in Objectives: Vietnam, and worlds consistent with it (OV I.2.3).

Public: the pool and its tokens, taken piles and scores, deck and discard sizes, the Free World
discard, the NVA cards revealed, hand sizes, how many cards each player has bid this round,
every revealed card. Private: a hand (its owner sees it), a face-down bid (its bidder sees it).
Hidden from everyone: deck order, face-down NVA cards, NVA cards discarded unrevealed, the
reinforcement cards the attacker hands out unseen, and the dice seed.

The events of the last action are in every view as they are: they are public by construction,
since no event value names a card some seat may not see (core/objectives/events.py: a bid, a
draw, a reinforcement card and an NVA card dealt or discarded face down are told by number).
"""

from __future__ import annotations

from dataclasses import dataclass

from core.dice import Dice
from core.objectives.cards import FW_CARDS, NVA_CARDS
from core.objectives.state import Combat, OVState, Reinforce, Rules
from core.scratch import maker


@dataclass(frozen=True, slots=True)
class CombatView:
    attacker: int
    target: int
    score: int
    face_down: int  # NVA cards still face down in the line
    revealed: tuple[int, ...]
    struck: tuple[int, ...]
    fw_cards: tuple[tuple[int, int], ...]
    bid_counts: tuple[int, ...]  # cards each seat has bid face down this round (public)
    own_bid: tuple[int, ...]  # the viewer's own face-down bid this round
    bidder: int
    round: int
    extra_dealt: bool
    barraged: int  # NVA cards discarded unseen by Barrage
    last_round: bool


@dataclass(frozen=True, slots=True)
class ReinforceView:
    attacker: int
    pending: int
    kept: bool
    given: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class OVView:
    seat: int | None
    rules: Rules
    players: int
    dealer: int
    current: int
    turn: int
    phase: str
    hand: tuple[int, ...]  # the viewer's own hand (empty for a spectator)
    hand_sizes: tuple[int, ...]
    fw_deck_size: int
    fw_discard: tuple[int, ...]
    nva_deck_size: int
    nva_discard: tuple[int, ...]
    nva_hidden_discard: int
    obj_deck: tuple[int, ...]  # which objectives are still to come (sorted: order is hidden)
    pool: tuple[tuple[int, int], ...]
    taken: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]
    hand_size: int
    attacked: bool
    special_played: bool
    combat: CombatView | None
    reinforce: ReinforceView | None
    result: str
    end_reason: str
    events: tuple


# A search builds a view at every step of its rollouts: the views are made without the frozen
# dataclasses' keyword __init__ (core.scratch.maker).
_view, _combat_view, _reinforce_view = maker(OVView), maker(CombatView), maker(ReinforceView)


def combat_view(s: OVState, seat: int | None) -> CombatView | None:
    """The combat in progress as `seat` sees it: its own face-down bid, the others' counts."""
    c = s.combat
    if c is None:
        return None
    own = seat is not None and 0 <= seat < s.players
    return _combat_view(
        attacker=c.attacker,
        target=c.target,
        score=c.score,
        face_down=len(c.line),
        revealed=c.revealed,
        struck=c.struck,
        fw_cards=c.fw_cards,
        bid_counts=tuple(map(len, c.bids)) if c.bids else (0,) * s.players,
        own_bid=c.bids[seat] if own and c.bids else (),
        bidder=c.bidder,
        round=c.round,
        extra_dealt=c.extra_dealt,
        barraged=c.barraged,
        last_round=c.last_round,
    )


def reinforce_view(s: OVState) -> ReinforceView | None:
    r = s.reinforce
    if r is None:
        return None
    return _reinforce_view(attacker=r.attacker, pending=len(r.pending), kept=r.kept, given=r.given)


def observe(s: OVState, seat: int | None) -> OVView:
    own = 0 <= seat < s.players if seat is not None else False
    return _view(
        seat=seat,
        rules=s.rules,
        players=s.players,
        dealer=s.dealer,
        current=s.current,
        turn=s.turn,
        phase=s.phase,
        hand=s.hands[seat] if own else (),
        hand_sizes=tuple(len(h) for h in s.hands),
        fw_deck_size=len(s.fw_deck),
        fw_discard=tuple(sorted(s.fw_discard)),
        nva_deck_size=len(s.nva_deck),
        nva_discard=tuple(sorted(s.nva_discard)),
        nva_hidden_discard=len(s.nva_hidden_discard),
        obj_deck=tuple(sorted(s.obj_deck)),
        pool=s.pool,
        taken=s.taken,
        scores=s.scores,
        hand_size=s.hand_size,
        attacked=s.attacked,
        special_played=s.special_played,
        combat=combat_view(s, seat),
        reinforce=reinforce_view(s),
        result=s.result,
        end_reason=s.end_reason,
        events=s.events,
    )


def shuffle(cards: list, rng) -> None:
    """Put `cards` in a uniformly random order by sorting them on random keys: half the time
    of `random.shuffle`, which draws each swap in Python (8 against 16 microseconds for 60
    cards here), and a search deals three decks every iteration."""
    draw = rng.random
    cards.sort(key=lambda _: draw())


def determinize(view: OVView, rng) -> OVState:
    """A full state the viewer cannot tell from the real one: every card they have not seen is
    dealt at random into the places they cannot see, in the numbers they know."""
    seat = view.seat
    c = view.combat
    seen_fw = set(view.hand) | set(view.fw_discard)
    if c is not None:
        seen_fw |= {card for _, card in c.fw_cards} | set(c.own_bid)
    unseen_fw = [card for card in range(len(FW_CARDS)) if card not in seen_fw]
    shuffle(unseen_fw, rng)

    def deal(n: int) -> tuple[int, ...]:
        cards = tuple(unseen_fw[:n])
        del unseen_fw[:n]
        return cards

    hands = []
    for s in range(view.players):
        hands.append(
            tuple(sorted(view.hand)) if s == seat else tuple(sorted(deal(view.hand_sizes[s])))
        )
    bids = None
    if c is not None:
        bids = tuple(c.own_bid if s == seat else deal(c.bid_counts[s]) for s in range(view.players))
    pending = deal(view.reinforce.pending) if view.reinforce is not None else ()
    fw_deck = deal(view.fw_deck_size)
    assert not unseen_fw, "the unseen Free World cards must fill the unseen places exactly"

    seen_nva = set(view.nva_discard) | (set(c.revealed) if c is not None else set())
    unseen_nva = [card for card in range(len(NVA_CARDS)) if card not in seen_nva]
    shuffle(unseen_nva, rng)
    line = tuple(unseen_nva[: c.face_down]) if c is not None else ()
    del unseen_nva[: len(line)]
    hidden = tuple(unseen_nva[: view.nva_hidden_discard])
    del unseen_nva[: len(hidden)]
    nva_deck = tuple(unseen_nva)
    assert len(nva_deck) == view.nva_deck_size

    obj_deck = list(view.obj_deck)
    shuffle(obj_deck, rng)

    combat = None
    if c is not None:
        combat = Combat(
            attacker=c.attacker,
            target=c.target,
            score=c.score,
            line=line,
            revealed=c.revealed,
            struck=c.struck,
            fw_cards=c.fw_cards,
            bids=bids,
            bidder=c.bidder,
            round=c.round,
            extra_dealt=c.extra_dealt,
            barraged=c.barraged,
            last_round=c.last_round,
        )
    r = view.reinforce
    reinforce = None if r is None else Reinforce(r.attacker, pending, r.kept, r.given)
    return OVState(
        rules=view.rules,
        dice=Dice(rng.getrandbits(64)),
        players=view.players,
        dealer=view.dealer,
        current=view.current,
        turn=view.turn,
        phase=view.phase,
        hands=tuple(hands),
        fw_deck=fw_deck,
        fw_discard=view.fw_discard,
        nva_deck=nva_deck,
        nva_discard=view.nva_discard,
        nva_hidden_discard=hidden,
        obj_deck=tuple(obj_deck),
        pool=view.pool,
        taken=view.taken,
        scores=view.scores,
        hand_size=view.hand_size,
        attacked=view.attacked,
        special_played=view.special_played,
        combat=combat,
        reinforce=reinforce,
        result=view.result,
        end_reason=view.end_reason,
        events=view.events,
    )
