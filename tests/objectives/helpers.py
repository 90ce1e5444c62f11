"""Setting up Objectives: Vietnam tables card by card, with every card in exactly one place."""

from __future__ import annotations

from core.dice import Dice
from core.objectives import GAME, Rules
from core.objectives.cards import (
    FW_CARDS,
    FW_TYPES,
    NVA_CARDS,
    NVA_TYPES,
    OBJECTIVE_CARDS,
    OBJECTIVE_TYPES,
    STARTING_HAND,
)
from core.objectives.state import MAIN, OVState


class Cards:
    """Hands out unused card ids by type key: `cards.fw("arvn")`, `cards.nva("sapper")`."""

    def __init__(self) -> None:
        self.used = {"fw": set(), "nva": set(), "obj": set()}

    def _take(self, deck: str, ids, types, key: str) -> int:
        kind = next(i for i, t in enumerate(types) if t.key == key)
        for card, t in enumerate(ids):
            if t == kind and card not in self.used[deck]:
                self.used[deck].add(card)
                return card
        raise AssertionError(f"no {key} card left")

    def fw(self, key: str) -> int:
        return self._take("fw", FW_CARDS, FW_TYPES, key)

    def nva(self, key: str) -> int:
        return self._take("nva", NVA_CARDS, NVA_TYPES, key)

    def obj(self, key: str) -> int:
        return self._take("obj", OBJECTIVE_CARDS, OBJECTIVE_TYPES, key)

    def hand(self, *keys: str) -> tuple[int, ...]:
        return tuple(sorted(self.fw(k) for k in keys))


def table(
    cards: Cards,
    players: int = 2,
    hands=None,
    pool=(),
    nva_top=(),
    fw_top=(),
    obj_top=(),
    phase: str = MAIN,
    current: int = 0,
    rules: Rules | None = None,
    scores=None,
    taken=None,
    **fields,
) -> OVState:
    """A table: hands (per seat, card ids), the pool ((objective, tokens) pairs), the named cards
    on top of each deck and every other card below them in id order."""
    hands = [tuple(sorted(h)) for h in (hands or [()] * players)]
    taken = taken or ((),) * players

    def deck(top, total, used_elsewhere):
        placed = set(top) | used_elsewhere
        return tuple(top) + tuple(c for c in range(total) if c not in placed)

    fw_discard = tuple(fields.pop("fw_discard", ()))
    in_hands = {c for h in hands for c in h} | set(fw_discard)
    used_obj = {c for c, _ in pool} | {c for t in taken for c in t}
    return OVState(
        rules=rules or Rules(),
        dice=Dice(7),
        players=players,
        dealer=(current - 1) % players,
        current=current,
        turn=fields.pop("turn", 1),
        phase=phase,
        hands=tuple(hands),
        fw_deck=deck(fw_top, len(FW_CARDS), in_hands | set(fw_discard)),
        fw_discard=fw_discard,
        nva_deck=deck(nva_top, len(NVA_CARDS), set()),
        nva_discard=(),
        nva_hidden_discard=(),
        obj_deck=deck(obj_top, len(OBJECTIVE_CARDS), used_obj),
        pool=tuple(pool),
        taken=tuple(tuple(t) for t in taken),
        scores=tuple(scores or (0,) * players),
        hand_size=STARTING_HAND[players]
        if not (rules and rules.starting_hand)
        else rules.starting_hand,
        **fields,
    )


def play(state, *actions):
    for a in actions:
        state = GAME.apply(state, a)
    return state


def bid_round(state, *per_seat):
    """Play one bid round: `per_seat[i]` is the list of type keys seat i (in bid order) bids."""
    for keys in per_seat:
        for key in keys:
            state = GAME.apply(state, ("bid", key))
        if state.phase == "bid":
            state = GAME.apply(state, ("bid_done",))
    return state


def told(state, kind) -> list:
    """The events of `kind` the last action reported, in order."""
    return [e for e in state.events if e.kind is kind]


def the(state, kind):
    """The one event of `kind` the last action reported (asserted: exactly one)."""
    found = told(state, kind)
    assert len(found) == 1, f"{len(found)} {kind.name} events in {[e.kind for e in state.events]}"
    return found[0]


def kinds(state) -> list:
    """The kinds of the last action's events, in order."""
    return [e.kind for e in state.events]


def all_cards_once(s) -> None:
    """OV-1.8: every card is in exactly one zone."""
    fw_places = [*s.fw_deck, *s.fw_discard, *(c for h in s.hands for c in h)]
    nva_places = [*s.nva_deck, *s.nva_discard, *s.nva_hidden_discard]
    obj_places = [*s.obj_deck, *(c for c, _ in s.pool), *(c for t in s.taken for c in t)]
    if s.combat is not None:
        c = s.combat
        fw_places += [card for _, card in c.fw_cards]
        fw_places += [card for b in c.bids for card in b] if c.bids else []
        nva_places += [*c.line, *c.revealed]
    if s.reinforce is not None:
        fw_places += list(s.reinforce.pending)
    assert sorted(fw_places) == list(range(len(FW_CARDS))), "Free World cards misplaced"
    assert sorted(nva_places) == list(range(len(NVA_CARDS))), "NVA cards misplaced"
    assert sorted(obj_places) == list(range(len(OBJECTIVE_CARDS))), "Objective cards misplaced"
    assert all(list(h) == sorted(h) for h in s.hands), "a hand is out of order (sorted ids)"
