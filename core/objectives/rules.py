"""Objectives: Vietnam: setup, the turn, combat, reinforcements, war weariness and the end.

Each step is one function whose docstring names its rule id in docs/rules/objectives.md. There
are no dice: every random thing is a shuffle from the seeded stream in the state (the dealer
pick, the three decks, reshuffles), so a seed and a list of actions always give the same game.

Actions are tuples, verb first:
    ("attack", objective_card)   ("pacify", objective_card)   ("hearts", objective_card)
    ("end",)   ("continue",)   ("call_off",)   ("bid", fw_type_key)   ("bid_done",)
    ("give", seat)
"""

from __future__ import annotations

from core.dice import Dice
from core.engine import IllegalAction
from core.objectives.cards import (
    ENTRENCHED_STRENGTH,
    FW_BY_KEY,
    FW_CARDS,
    FW_IS_COMBAT,
    FW_STRENGTH,
    FW_TYPES,
    NVA_CARDS,
    OBJECTIVE_CARDS,
    REINFORCEMENTS_FROM,
    STARTING_HAND,
    TURN_SAFETY_CAP,
    fw,
    nva,
    objective,
    team_target,
    war_weariness,
)
from core.objectives.events import ObjectivesEvent as K
from core.objectives.events import end_reason
from core.objectives.state import (
    BID,
    CALL_OFF,
    MAIN,
    OVER,
    REINFORCE,
    Combat,
    OVState,
    Reinforce,
    Rules,
    Work,
)
from core.scratch import Found, changer, replacer

TURN_START = "turn_start"
END = ("end",)
BID_DONE = ("bid_done",)


# --- values everyone can compute -----------------------------------------------------------------


def tokens_on(s, card: int) -> int:
    for c, tokens in s.pool:
        if c == card:
            return tokens
    return 0


def effective_score(s, card: int) -> int:
    """OV-6.3: printed NVA score + tokens + war weariness (pool size); at least 1."""
    ww = war_weariness(len(s.pool), s.rules.war_weariness == "per_card")
    return max(1, objective(card).nva_score + tokens_on(s, card) + ww)


def nva_strength(s, card: int, target: int) -> int:
    """An NVA card's strength in a combat: Entrenched is 6 against a target with tokens."""
    kind = nva(card)
    if kind.ability == "entrenched" and tokens_on(s, target) >= 1:
        return ENTRENCHED_STRENGTH
    return kind.strength


def nva_total(s, combat: Combat) -> int:
    return sum(nva_strength(s, c, combat.target) for c in combat.revealed)


def fw_total(combat: Combat) -> int:
    """OV-4.4: the strength of every revealed bid card, all rounds (Ambush strikes excluded)."""
    return sum(FW_STRENGTH[c] for _, c in combat.fw_cards if c not in combat.struck)


def combat_cards(hand) -> list[int]:
    return [c for c in hand if FW_IS_COMBAT[c]]


def bid_order(s, attacker: int) -> list[int]:
    """OV-4.2 / OV-Q15: the attacker first, then clockwise."""
    return [(attacker + i) % s.players for i in range(s.players)]


def hand_size_for(rules: Rules, players: int) -> int:
    return rules.starting_hand or STARTING_HAND[players]


# --- legal actions -------------------------------------------------------------------------------


def legal_actions(s) -> tuple:
    found = FOUND.get(s)
    if found is not None:
        return found
    phase = s.phase
    if phase == MAIN:
        return main_actions(s)
    if phase == CALL_OFF:
        return (("continue",), ("call_off",))
    if phase == BID:
        return bid_actions(s)
    if phase == REINFORCE:
        r = s.reinforce
        return tuple(
            ("give", seat) for seat in range(s.players) if seat != r.attacker or not r.kept
        )
    return ()


def main_actions(s) -> tuple:
    """OV-D1 and OV-D2 (house specials before the first attack, once a turn)."""
    out = []
    targets = [c for c, _ in s.pool]
    if s.rules.attack_target == "newest":
        targets = targets[-1:]
    out.extend(("attack", c) for c in targets)
    if not s.special_played and not s.attacked:
        hand = s.hands[s.current]
        if any(FW_CARDS[c] == FW_BY_KEY["pacification"] for c in hand):
            out.extend(("pacify", c) for c, tokens in s.pool if tokens)
        if any(FW_CARDS[c] == FW_BY_KEY["hearts"] for c in hand):
            out.extend(("hearts", c) for c, tokens in s.pool if not tokens)
    out.append(END)
    return tuple(out)


def bid_actions(s) -> tuple:
    """OV-D4: one combat card at a time (a copy of each type in hand), then done."""
    combat = s.combat
    seat = combat.bidder
    bids = bids_from(s.hands[seat])
    must_bid = (
        seat == combat.attacker
        and s.rules.min_attacker_bid
        and len(combat.bids[seat]) < s.rules.min_attacker_bid
        and bids
    )
    return bids if must_bid else (*bids, BID_DONE)


_bids_by_hand: dict[tuple[int, ...], tuple] = {}


def bids_from(hand: tuple[int, ...]) -> tuple:
    """A bid of each type of combat card in `hand`, in the types' order: remembered by hand (a
    search asks after every bid of its rollouts; the memo is emptied when it grows large)."""
    found = _bids_by_hand.get(hand)
    if found is None:
        if len(_bids_by_hand) >= 50_000:
            _bids_by_hand.clear()
        kinds = sorted({FW_CARDS[c] for c in hand if FW_IS_COMBAT[c]})
        found = _bids_by_hand[hand] = tuple(("bid", FW_TYPES[k].key) for k in kinds)
    return found


# --- setup and the turn -------------------------------------------------------------------------


def new_game(rules: Rules, players: int, seed: int) -> OVState:
    """OV-2: a dealer picked at random (OV-Q5), the decks shuffled (FW, NVA, Objectives) and
    H(N) Free World cards dealt to everyone (OV-2.2, OV-H4); the player left of the dealer
    starts."""
    dice = Dice(seed)
    dealer, dice = dice.below(players)
    fw_deck, dice = dice.shuffle(range(len(FW_CARDS)))
    nva_deck, dice = dice.shuffle(range(len(NVA_CARDS)))
    obj_deck, dice = dice.shuffle(range(len(OBJECTIVE_CARDS)))
    size = hand_size_for(rules, players)
    hands = [[] for _ in range(players)]
    order = [(dealer + 1 + i) % players for i in range(players)]
    deck = list(fw_deck)
    for _ in range(size):
        for seat in order:
            hands[seat].append(deck.pop(0))
    s = OVState(
        rules=rules,
        dice=dice,
        players=players,
        dealer=dealer,
        current=order[0],
        turn=0,
        phase=TURN_START,
        hands=tuple(tuple(sorted(h)) for h in hands),
        fw_deck=tuple(deck),
        fw_discard=(),
        nva_deck=nva_deck,
        nva_discard=(),
        nva_hidden_discard=(),
        obj_deck=obj_deck,
        pool=(),
        taken=((),) * players,
        scores=(0,) * players,
        hand_size=size,
    )
    w = Work(s)
    w.record(
        K.DEALER,
        seats=(dealer,),
        places=(("seat", dealer),),
        dice=(dealer + 1,),
        players=players,
    )
    w.record(
        K.DECKS_SHUFFLED,
        shuffle_draws=len(FW_CARDS) + len(NVA_CARDS) + len(OBJECTIVE_CARDS) - 3,
    )
    w.record(
        K.HANDS_DEALT,
        seats=tuple(order),
        places=tuple(("seat", seat) for seat in order),
        cards=size,
        first=order[0],
    )
    run(w)
    return w.freeze()


def start_turn(w: Work) -> None:
    """OV-3.1 draw (1, or up to H(N) instead: OV-Q6), then OV-3.2 the mandatory reveal."""
    w.turn += 1
    w.attacked = False
    w.special_played = False
    if w.turn > TURN_SAFETY_CAP:
        end_game(w, "nva", "turn_cap", turns=TURN_SAFETY_CAP)
        return
    seat = w.current
    n = max(1, w.hand_size - len(w.hands[seat]))
    drawn = draw_fw(w, seat, n)
    if not w.quiet:  # a quiet apply skips building the events' fields too
        w.record(K.TURN_STARTED, seats=(seat,), places=(("seat", seat),), turn=w.turn, drawn=drawn)
    reveal_objective(w)
    if w.phase != OVER:
        w.phase = MAIN


def draw_fw(w: Work, seat: int, n: int) -> int:
    """Draw n FW cards into a hand; an empty deck takes the shuffled discard (OV-Q7)."""
    drawn = 0
    for _ in range(n):
        card = take_fw(w)
        if card is None:
            break
        w.add_card(seat, card)
        drawn += 1
    return drawn


def take_fw(w: Work) -> int | None:
    if not w.fw_deck:
        if not w.fw_discard:
            return None
        w.fw_deck, w.dice = w.dice.shuffle(w.fw_discard)
        w.record(
            K.FW_RESHUFFLED,
            shuffle_draws=max(0, len(w.fw_discard) - 1),
            cards=len(w.fw_discard),
        )
        w.fw_discard = ()
    card, w.fw_deck = w.fw_deck[0], w.fw_deck[1:]
    return card


def reveal_objective(w: Work) -> None:
    """OV-3.2 the reveal into the pool; OV-3.3 / OV-Q32-Q35 duplicates; OV-Q8 an empty deck."""
    for _ in range(len(OBJECTIVE_CARDS)):
        if not w.obj_deck:
            if not w.pool:  # OV-Q8: nothing left to take anywhere, and the target not reached
                end_game(w, "nva", "no_objectives")
                return
            w.record(K.OBJECTIVES_DECK_EMPTY, seats=(w.current,))
            return
        card, w.obj_deck = w.obj_deck[0], w.obj_deck[1:]
        kind = objective(card)
        original = next(
            (i for i, (c, _) in enumerate(w.pool) if objective(c).key == kind.key), None
        )
        if original is None:
            w.pool.append((card, 0))
            if not w.quiet:
                ww = war_weariness(len(w.pool), w.rules.war_weariness == "per_card")
                w.record(
                    K.OBJECTIVE_REVEALED,
                    seats=(w.current,),
                    places=(("pool", card),),
                    card=card,
                    pool=len(w.pool),
                    weariness=ww,
                )
            return
        held, tokens = w.pool[original]
        w.pool[original] = (held, tokens + 1)
        w.obj_deck, w.dice = w.dice.shuffle((*w.obj_deck, card))
        w.record(
            K.OBJECTIVE_DUPLICATE,
            seats=(w.current,),
            places=(("pool", held),),
            shuffle_draws=max(0, len(w.obj_deck) - 1),
            card=card,
            original=held,
            tokens=tokens + 1,
        )
        if not w.rules.duplicate_redraw:
            return


def declare_attack(w: Work, target: int) -> None:
    """OV-4.1 / OV-Q13: the effective NVA score is frozen now; that many NVA cards are dealt
    face down (OV-Q21: an empty deck takes the shuffled discard; short of that, a shorter line)."""
    score = effective_score(w, target)
    line = [card for card in (take_nva(w) for _ in range(score)) if card is not None]
    w.attacked = True
    w.combat = Combat(attacker=w.current, target=target, score=score, line=tuple(line))
    if not w.quiet:
        w.record(
            K.ATTACK_DECLARED,
            seats=(w.current,),
            places=(("pool", target),),
            target=target,
            score=score,
            dealt=len(line),
        )
    w.phase = CALL_OFF


def take_nva(w: Work) -> int | None:
    if not w.nva_deck:
        spent = (*w.nva_discard, *w.nva_hidden_discard)
        if not spent:
            return None
        w.nva_deck, w.dice = w.dice.shuffle(spent)
        w.record(K.NVA_RESHUFFLED, shuffle_draws=max(0, len(spent) - 1), cards=len(spent))
        w.nva_discard = w.nva_hidden_discard = ()
    card, w.nva_deck = w.nva_deck[0], w.nva_deck[1:]
    return card


def pacify(w: Work, target: int) -> None:
    """OV-H3 Pacification: remove every token from one objective in the pool (OV-Q52)."""
    spend_special(w, "pacification")
    removed = tokens_on(w, target)
    w.pool = [(c, 0 if c == target else t) for c, t in w.pool]
    w.record(
        K.PACIFICATION,
        seats=(w.current,),
        places=(("pool", target), ("seat", w.current)),
        target=target,
        tokens=removed,
    )


def hearts_and_minds(w: Work, target: int) -> None:
    """OV-H3 Hearts and Minds: an objective without tokens goes back into the deck."""
    spend_special(w, "hearts")
    w.pool = [(c, t) for c, t in w.pool if c != target]
    w.obj_deck, w.dice = w.dice.shuffle((*w.obj_deck, target))
    w.record(
        K.HEARTS_AND_MINDS,
        seats=(w.current,),
        places=(("pool", target), ("seat", w.current)),
        shuffle_draws=max(0, len(w.obj_deck) - 1),
        target=target,
    )


def spend_special(w: Work, key: str) -> None:
    card = min(c for c in w.hands[w.current] if FW_CARDS[c] == FW_BY_KEY[key])
    w.remove_card(w.current, card)
    w.fw_discard = (*w.fw_discard, card)
    w.special_played = True


def end_turn_action(w: Work) -> None:
    """OV-3.4b / OV-3.5 / OV-Q10 / OV-Q11: passing draws one card (not after an attack)."""
    if not w.attacked or w.rules.draw_after_attack:
        drawn = draw_fw(w, w.current, 1)
        if not w.quiet:
            seat = w.current
            w.record(K.PASSED, seats=(seat,), places=(("seat", seat),), drawn=drawn)
    elif not w.quiet:
        w.record(K.TURN_ENDED, seats=(w.current,))
    end_turn(w)


def end_turn(w: Work) -> None:
    """OV-3.7 / OV-7.1 / OV-Q36: 10 cards in the pool at the end of a turn and the game wins."""
    if len(w.pool) >= w.rules.pool_limit:
        end_game(w, "nva", "pool_limit", pool=len(w.pool))
        return
    w.current = (w.current + 1) % w.players
    w.phase = TURN_START


def end_game(w: Work, result: str, cause: str, **numbers: int) -> None:
    """The end: `result` "team" (the players win) or "nva" (the game wins), and why (`cause`
    and its numbers, put into words by core/objectives/events.py)."""
    w.phase = OVER
    w.result = result
    w.end_reason = end_reason(cause, **numbers)
    w.combat = None
    w.reinforce = None
    if not w.quiet:
        seats = tuple((w.current + i) % w.players for i in range(w.players))
        kind = K.TEAM_WON if result == "team" else K.GAME_WON
        w.record(kind, seats=seats, cause=cause, **numbers)


# --- combat --------------------------------------------------------------------------------------


def start_bid_round(w: Work) -> None:
    """OV-4.2: every player bids in turn, the attacker first."""
    c = w.combat
    w.combat = _round_bids(c, ((),) * w.players, c.attacker)
    w.phase = BID


def call_off(w: Work) -> None:
    """OV-4.9 / OV-Q27: the attacker calls it off: their whole hand is discarded, the turn ends,
    and it counts as a lost combat."""
    seat = w.current
    hand = w.hands[seat]  # sorted, as every hand is
    w.fw_discard = (*w.fw_discard, *hand)
    w.hands[seat] = ()
    w.record(
        K.ATTACK_CALLED_OFF,
        seats=(seat,),
        places=(("seat", seat),),
        target=w.combat.target,
        discarded=len(hand),
    )
    lose(w, "called_off")


def bid(w: Work, key: str) -> None:
    """OV-4.2 / OV-Q14 / OV-Q51: one card face down in front of the bidder; bids are final."""
    c = w.combat
    seat = c.bidder
    kind = FW_BY_KEY[key]
    card = min(x for x in w.hands[seat] if FW_CARDS[x] == kind)
    w.remove_card(seat, card)
    bids = list(c.bids)
    bids[seat] = (*bids[seat], card)
    w.combat = _combat_bids(c, tuple(bids))
    # the card stays out of the event: every seat sees the events (OV-Q15)
    if not w.quiet:
        w.record(K.BID_MADE, seats=(seat,), places=(("seat", seat),), count=len(bids[seat]))


def bid_done(w: Work) -> None:
    c = w.combat
    if not w.quiet:
        w.record(
            K.BIDS_COUNTED,
            seats=(c.bidder,),
            places=(("seat", c.bidder),),
            count=len(c.bids[c.bidder]),
        )
    if (c.bidder - c.attacker) % w.players + 1 < w.players:  # the next in the bid order
        w.combat = _combat_bidder(c, (c.bidder + 1) % w.players)
        return
    w.combat = _combat_bidder(c, -1)
    reveal_step(w)


def reveal_step(w: Work) -> None:
    """OV-4.3 / OV-H3 order: every bid turned up; Barrages in bid order; then the next NVA
    card (OV-Q47) and its ability (OV-H2); then the overrun test (OV-4.4, OV-Q16, OV-Q17)."""
    c = w.combat
    revealed_now = [(seat, card) for seat in bid_order(w, c.attacker) for card in c.bids[seat]]
    fw_cards = (*c.fw_cards, *revealed_now)
    line, barraged = list(c.line), c.barraged
    if not w.quiet:  # the words' tuples cost more than the event
        bidders = tuple(dict.fromkeys(seat for seat, _ in revealed_now))
        w.record(
            K.BIDS_REVEALED,
            seats=bidders,
            places=tuple(("seat", seat) for seat in bidders),
            bidders=tuple(seat for seat, _ in revealed_now),
            bids=tuple(card for _, card in revealed_now),
        )
    for seat, card in revealed_now:
        if fw(card).special == "barrage" and line:
            # OV-H3 / OV-Q21: discarded at once, so a reshuffle later in this combat takes it
            w.nva_hidden_discard = (*w.nva_hidden_discard, line.pop(0))
            barraged += 1
            # the NVA card discarded stays out of the event: no one sees it
            w.record(K.BARRAGE, seats=(seat,), fw=card)
    c = _combat_bids_revealed(c, fw_cards, tuple(line), barraged, ((),) * w.players)
    if c.last_round:
        w.combat = c
        final_comparison(w)
        return
    if not line:
        w.combat = c
        final_comparison(w)
        return
    card, line = line[0], line[1:]
    c = _combat_nva_revealed(c, tuple(line), (*c.revealed, card))
    kind = nva(card)
    attacker, nva_place = (c.attacker,), (("nva", card),)
    if not w.quiet:
        w.record(
            K.NVA_REVEALED,
            seats=attacker,
            places=nva_place,
            card=card,
            strength=nva_strength(w, card, c.target),
        )
    if kind.ability == "ambush":
        c = ambush(w, c, revealed_now)
    elif kind.ability == "reinforcements" and not c.extra_dealt:
        extra = take_nva(w)
        if extra is not None:
            c = _combat(c, line=(*c.line, extra), extra_dealt=True)
            w.record(K.NVA_REINFORCEMENTS, seats=attacker, places=nva_place)
    elif kind.ability == "entrenched" and not w.quiet and tokens_on(w, c.target):
        w.record(
            K.ENTRENCHED,
            seats=attacker,
            places=nva_place,
            card=card,
            strength=ENTRENCHED_STRENGTH,
        )
    w.combat = c
    nva_sum, fw_sum = nva_total(w, c), fw_total(c)
    overrun = nva_sum >= 2 * fw_sum if w.rules.overrun_test == "ge" else nva_sum > 2 * fw_sum
    if not w.quiet:
        kind = K.OVERRUN if overrun else K.ROUND_TOTALS
        w.record(kind, seats=(c.attacker,), nva=nva_sum, fw=fw_sum)
    if overrun:
        lose(w, "overrun")
        return
    if c.line:
        w.combat = _combat(c, round=c.round + 1)
        w.phase = CALL_OFF
    elif w.rules.final_bid_round:
        w.combat = _combat(c, round=c.round + 1, last_round=True)
        w.phase = CALL_OFF
    else:
        final_comparison(w)


def ambush(w: Work, c: Combat, revealed_now) -> Combat:
    """OV-H2 Ambush: the strongest card bid this round is discarded (tie: the earliest bid)."""
    live = [card for _, card in revealed_now if card not in c.struck]
    if not live:
        w.record(K.AMBUSH, seats=(c.attacker,), card=None, strength=None)
        return c
    best = max(live, key=lambda card: (fw(card).strength, -live.index(card)))
    owner = next(seat for seat, card in revealed_now if card == best)
    w.record(
        K.AMBUSH,
        seats=(owner,),
        places=(("seat", owner),),
        card=best,
        strength=fw(best).strength,
    )
    return _combat(c, struck=(*c.struck, best))


def final_comparison(w: Work) -> None:
    """OV-4.6 / OV-Q18: a higher Free World total takes the objective; otherwise it is lost."""
    c = w.combat
    nva_sum, fw_sum = nva_total(w, c), fw_total(c)
    win = fw_sum > nva_sum or (fw_sum == nva_sum and w.rules.final_tie == "win")
    if not w.quiet:
        w.record(K.FINAL_TOTALS, seats=(c.attacker,), fw=fw_sum, nva=nva_sum, won=win)
    if win:
        win_combat(w)
    else:
        lose(w)


def discard_combat(w: Work, returned: bool) -> None:
    """OV-Q20 / OV-Q21: bids and the line go to the discards (unrevealed NVA stay unseen)."""
    c = w.combat
    spent = []
    for seat, card in c.fw_cards:
        if returned and card not in c.struck:
            w.add_card(seat, card)
        else:
            spent.append(card)
    for seat in range(w.players):  # bids placed this round but not yet revealed (call-off)
        spent.extend(c.bids[seat] if c.bids else ())
    w.fw_discard = (*w.fw_discard, *spent)
    w.nva_discard = (*w.nva_discard, *c.revealed)
    w.nva_hidden_discard = (*w.nva_hidden_discard, *c.line)


def win_combat(w: Work) -> None:
    """OV-4.6 / OV-4.7 / OV-4.8: the objective goes to the attacker with its points; with four
    or more players the attacker draws reinforcements to hand out."""
    c = w.combat
    kind = objective(c.target)
    discard_combat(w, w.rules.bids_return_on_win)
    w.pool = [(card, t) for card, t in w.pool if card != c.target]
    w.taken[c.attacker] = (*w.taken[c.attacker], c.target)
    w.scores[c.attacker] += kind.value
    w.combat = None
    if not w.quiet:
        w.record(
            K.OBJECTIVE_TAKEN,
            seats=(c.attacker,),
            places=(("pool", c.target), ("seat", c.attacker)),
            target=c.target,
            points=kind.value,
            team=sum(w.scores),
            needed=team_target(w.players),
        )
    if w.players >= REINFORCEMENTS_FROM:
        count = c.score if w.rules.reinforcement_count == "effective" else kind.nva_score
        pending = [card for card in (take_fw(w) for _ in range(count)) if card is not None]
        if pending:
            w.reinforce = Reinforce(attacker=c.attacker, pending=tuple(pending))
            w.phase = REINFORCE
            w.record(
                K.REINFORCEMENTS_DRAWN,
                seats=(c.attacker,),
                places=(("seat", c.attacker),),
                cards=len(pending),
            )
            return
    after_win(w)


def give(w: Work, seat: int) -> None:
    """OV-Q24: the next face-down card to a player (the attacker may keep one)."""
    r = w.reinforce
    card, pending = r.pending[0], r.pending[1:]
    w.add_card(seat, card)
    w.reinforce = Reinforce(r.attacker, pending, r.kept or seat == r.attacker, (*r.given, seat))
    # the card stays out of the event: only its new owner sees it
    if seat == r.attacker:
        w.record(K.REINFORCEMENT_KEPT, seats=(seat,), places=(("seat", seat),))
    else:
        w.record(
            K.REINFORCEMENT_GIVEN,
            seats=(r.attacker, seat),
            places=(("seat", seat),),
            to=seat,
        )
    if not pending:
        w.reinforce = None
        after_win(w)


def after_win(w: Work) -> None:
    """OV-7.2 / OV-Q38: the team target is checked after every won combat; OV-3.6: the attacker
    may attack again or end the turn."""
    target = team_target(w.players)
    if sum(w.scores) >= target:
        end_game(w, "team", "team_target", points=sum(w.scores), needed=target)
        return
    w.phase = MAIN


def lose(w: Work, cause: str = "lost") -> None:
    """OV-5.1 / OV-5.2 / OV-Q12: the objective stays in the pool with one more token; the turn
    ends (or the player may go on, with `continue_after_loss`, unless the attack was called
    off). `cause`: "overrun", "lost" (the final comparison) or "called_off"."""
    c = w.combat
    discard_combat(w, returned=False)
    w.pool = [(card, t + 1 if card == c.target else t) for card, t in w.pool]
    w.combat = None
    if not w.quiet:
        w.record(
            K.OBJECTIVE_HOLDS,
            seats=(c.attacker,),
            places=(("pool", c.target),),
            target=c.target,
            tokens=tokens_on(w, c.target),
            cause=cause,
        )
    if w.rules.continue_after_loss and cause != "called_off":
        w.phase = MAIN
    else:
        end_turn(w)


_replace_combat = replacer(Combat)
# the changes made most often, without the keywords' dict (core.scratch.changer)
_combat_bids = changer(Combat, ("bids",))
_combat_bidder = changer(Combat, ("bidder",))
_round_bids = changer(Combat, ("bids", "bidder"))
_combat_bids_revealed = changer(Combat, ("fw_cards", "line", "barraged", "bids"))
_combat_nva_revealed = changer(Combat, ("line", "revealed"))


def _combat(c: Combat, **changes) -> Combat:
    return _replace_combat(c, changes)


# --- the driver ---------------------------------------------------------------------------------


def run(w: Work) -> None:
    """Run automatic steps until someone must decide or the game is over. A bidder with nothing
    to bid is passed over (their only choice is done)."""
    while True:
        if w.phase == OVER:
            return
        if w.phase == TURN_START:
            start_turn(w)
            continue
        if w.phase == BID:
            actions = bid_actions(w)
            if actions == (BID_DONE,):
                bid_done(w)
                continue
            w.ready = actions
        return


def may_end_turn(s, a) -> bool:
    """Whether `a` may pass the decision to another seat, or end the turn or the game, from the
    phase, the kind of action and what the seat to act knows (its own hand, the table); never
    from the NVA cards face down, the decks or the dice.

    * OV-3.4 / OV-3.7 `end` (take a card and pass, or end after a won fight, OV-3.6) and OV-4.9
      `call_off` end the turn.
    * OV-4.1 `attack`: the attacker decides next (fight on or call off); OV-D2 / OV-H3 a special
      card: the turn goes on.
    * OV-4.2 `continue`: the attacker bids first, unless they hold no combat card (passed over);
      `bid`: the bidder bids on, unless it was their last combat card; `bid_done`: the next
      bidder, or the bids and NVA cards turned up (OV-4.3 .. OV-4.6) decide.
    * OV-4.8 / OV-Q24 `give`: the attacker hands out the next card; after the last, the team's
      points (OV-7.2, counted with the won objective) may end the game, else OV-3.6 the
      attacker goes on.
    """
    verb = a[0]
    if verb in ("end", "call_off", "bid_done"):
        return True
    if verb == "continue":
        return not combat_cards(s.hands[s.combat.attacker])
    if verb == "bid":
        return len(combat_cards(s.hands[s.combat.bidder])) <= 1
    if verb == "give":
        last = len(s.reinforce.pending) <= 1
        return last and sum(s.scores) >= team_target(s.players)
    return False  # attack, pacify, hearts


def to_move(s) -> int | None:
    if s.phase == OVER:
        return None
    if s.phase == BID:
        return s.combat.bidder
    if s.phase == REINFORCE:
        return s.reinforce.attacker
    return s.current


def play(s: OVState, action: tuple, quiet: bool = False) -> OVState:
    """Apply one already-checked action and run the game on to the next decision; `quiet`:
    record no events (a search's worlds)."""
    if quiet:
        step = QUIET_STEPS.get(action[0])
        if step is not None:
            after = step(s, action)
            if after is not None:
                return after
    w = Work(s, quiet)
    verb = action[0]
    if verb == "attack":
        declare_attack(w, action[1])
    elif verb == "pacify":
        pacify(w, action[1])
    elif verb == "hearts":
        hearts_and_minds(w, action[1])
    elif verb == "end":
        end_turn_action(w)
    elif verb == "continue":
        start_bid_round(w)
    elif verb == "call_off":
        call_off(w)
    elif verb == "bid":
        bid(w, action[1])
    elif verb == "bid_done":
        bid_done(w)
    elif verb == "give":
        give(w, action[1])
    else:
        raise AssertionError(f"unknown verb {verb}")
    run(w)
    after = w.freeze()
    if w.ready is not None:
        FOUND.keep(after, w.ready)
    return after


FOUND = Found()


# --- a search's most played steps, without the scratch copy ------------------------------------
# A bid, a bidder done who is not the last, and fighting on change one or two fields and record
# nothing the search reads; in a quiet apply they are made straight from the state (half the
# cost of loading and freezing a `Work`). Each gives the state `play` gives through a `Work`
# (tests/contract.py, `check_search_applies`), or None where the step runs on into more of the
# rules (a bidder passed over, the bids turned up): then the `Work` plays it.

_with_bid = changer(OVState, ("hands", "combat", "events"))
_with_combat = changer(OVState, ("combat", "events"))
_with_round = changer(OVState, ("phase", "combat", "events"))


def _quiet_bid(s: OVState, action: tuple) -> OVState | None:
    """`bid` (OV-4.2) when the bidder holds another combat card after it (else `run` passes
    them over)."""
    c = s.combat
    seat = c.bidder
    kind = FW_BY_KEY[action[1]]
    hand = s.hands[seat]
    at = 0
    while FW_CARDS[hand[at]] != kind:  # the hand is sorted: the first is the lowest id
        at += 1
    rest = (*hand[:at], *hand[at + 1 :])
    if not bids_from(rest):
        return None
    bids = list(c.bids)
    bids[seat] = (*bids[seat], hand[at])
    hands = list(s.hands)
    hands[seat] = rest
    after = _with_bid(s, tuple(hands), _combat_bids(c, tuple(bids)), ())
    FOUND.keep(after, bid_actions(after))
    return after


def _quiet_bid_done(s: OVState, action: tuple) -> OVState | None:
    """`bid_done` (OV-4.2) when a bidder holding a combat card is next (else the bids are
    turned up, or that bidder is passed over)."""
    c = s.combat
    players = s.players
    if (c.bidder - c.attacker) % players + 1 >= players:
        return None
    bidder = (c.bidder + 1) % players
    if not bids_from(s.hands[bidder]):
        return None
    after = _with_combat(s, _combat_bidder(c, bidder), ())
    FOUND.keep(after, bid_actions(after))
    return after


def _quiet_continue(s: OVState, action: tuple) -> OVState | None:
    """`start_bid_round` (OV-4.2) when the attacker holds a combat card to bid."""
    c = s.combat
    if not bids_from(s.hands[c.attacker]):
        return None
    after = _with_round(s, BID, _round_bids(c, ((),) * s.players, c.attacker), ())
    FOUND.keep(after, bid_actions(after))
    return after


QUIET_STEPS = {"bid": _quiet_bid, "bid_done": _quiet_bid_done, "continue": _quiet_continue}


def apply(s: OVState, action: tuple) -> OVState:
    if s.phase == OVER:
        raise IllegalAction("the game is over")
    if action not in legal_actions(s):
        raise IllegalAction(why_illegal(s, action))
    return play(s, action)


def why_illegal(s, action) -> str:
    verb = action[0] if action else None
    if verb == "attack" and s.phase == MAIN:
        if s.rules.attack_target == "newest":
            return "only the newest objective in the pool may be attacked"
        return "that objective is not in the War Weariness pool"
    if verb == "bid_done" and s.phase == BID:
        return "the attacker must bid a combat card this round"
    if verb in ("pacify", "hearts") and s.phase == MAIN:
        if s.special_played:
            return "only one special card may be played a turn"
        if s.attacked:
            return "special cards are played before the first attack"
        return "that card or that target is not available"
    if verb == "give" and s.phase == REINFORCE:
        return "the attacker may keep only one reinforcement card"
    return f"{action!r} is not a legal action now ({s.phase})"
