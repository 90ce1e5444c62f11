"""Dice Duel: the smallest game with all the contract covers: two seats, dice, a hidden card.

Each player is dealt one card (1-6) face down from a shuffled deck. Players alternate: `roll` adds
a d6 to their score (over 10 busts to 0 and stands them), `stand` stops. After both stand, or three
rolls each, card + score decides; a tie is shared. Each player knows only their own card.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from core.dice import Dice
from core.engine import (
    Event,
    EventKind,
    IllegalAction,
    Option,
    Outcome,
    event,
    narrator,
    resolve_options,
)


class DuelEvent(EventKind):
    DEAL = "deal"
    ROLL = "roll"
    STAND = "stand"


@narrator(DuelEvent)
def words(e: Event):
    if e.kind is DuelEvent.DEAL:
        return "The deck is shuffled and one card dealt to each player."
    who = f"Player {e.seats[0] + 1}"
    if e.kind is DuelEvent.ROLL:
        return f"{who} rolls", "adds to score", "bust" if e["bust"] else f"score {e['score']}"
    return f"{who} stands."


ROLL = ("roll",)
STAND = ("stand",)
DECK = (1, 2, 3, 4, 5, 6)
MAX_ROLLS = 3


@dataclass(frozen=True, slots=True)
class DuelState:
    dice: Dice | None
    cards: tuple[int, int]
    deck: tuple[int, ...]
    scores: tuple[int, int] = (0, 0)
    stood: tuple[bool, bool] = (False, False)
    rolls: tuple[int, int] = (0, 0)
    mover: int = 0
    turn_no: int = 1
    events: tuple[Event, ...] = ()
    bust_limit: int = 10

    @property
    def players(self) -> int:
        return 2


@dataclass(frozen=True, slots=True)
class DuelView:
    seat: int
    state: DuelState  # with the other card, the deck and the dice seed blanked


class DiceDuel:
    id = "duel"
    title = "Dice Duel"
    rules_version = 1
    seats = range(2, 3)
    presets = ()
    options = (Option("bust_limit", 10, "Score above this busts", minimum=6, maximum=30),)

    def new(self, options, players, seed):
        opts = resolve_options(self.options, options)
        deck, dice = Dice(seed).shuffle(DECK)
        dealt = event(DuelEvent.DEAL, shuffle_draws=5)
        return DuelState(
            dice, (deck[0], deck[1]), deck[2:], events=(dealt,), bust_limit=opts["bust_limit"]
        )

    def to_move(self, s):
        return None if all(s.stood) else s.mover

    def turn(self, s):
        return s.turn_no

    def legal_actions(self, s):
        if all(s.stood):
            return ()
        if s.rolls[s.mover] >= MAX_ROLLS:
            return (STAND,)
        return (ROLL, STAND)

    def apply(self, s, a):
        if a not in self.legal_actions(s):
            raise IllegalAction(f"{a!r} is not a legal move now")
        p = s.mover
        scores, stood, rolls = list(s.scores), list(s.stood), list(s.rolls)
        events = []
        dice = s.dice
        if a == ROLL:
            face, dice = dice.d6()
            scores[p] += face
            rolls[p] += 1
            bust = scores[p] > s.bust_limit
            events.append(
                event(DuelEvent.ROLL, seats=(p,), dice=(face,), score=scores[p], bust=bust)
            )
            if scores[p] > s.bust_limit:
                scores[p], stood[p] = 0, True
        else:
            stood[p] = True
            events.append(event(DuelEvent.STAND, seats=(p,)))
        other = 1 - p
        mover = other if not stood[other] else p
        return replace(
            s,
            dice=dice,
            scores=tuple(scores),
            stood=tuple(stood),
            rolls=tuple(rolls),
            mover=mover,
            turn_no=s.turn_no + 1,
            events=tuple(events),
        )

    def events(self, s):
        return s.events

    def outcome(self, s):
        if not all(s.stood):
            return None
        totals = [s.cards[i] + s.scores[i] for i in range(2)]
        if totals[0] == totals[1]:
            return Outcome((0.5, 0.5), f"A tie at {totals[0]}.", (0, 1))
        w = 0 if totals[0] > totals[1] else 1
        returns = (1.0, 0.0) if w == 0 else (0.0, 1.0)
        return Outcome(returns, f"Player {w + 1} wins {totals[w]} to {totals[1 - w]}.", (w,))

    def observe(self, s, seat):
        cards = tuple(c if i == seat or all(s.stood) else 0 for i, c in enumerate(s.cards))
        return DuelView(seat, replace(s, dice=None, cards=cards, deck=(0,) * len(s.deck)))

    def determinize(self, view, rng):
        s = view.state
        known = [c for c in s.cards if c]
        unseen = [c for c in DECK if c not in known]
        rng.shuffle(unseen)
        cards = tuple(c if c else unseen.pop() for c in s.cards)
        return replace(s, cards=cards, deck=tuple(unseen), dice=Dice(rng.getrandbits(64)))

    def describe(self, s, a):
        return "Roll a die" if a == ROLL else "Stand"

    def to_json(self, view):
        s = view.state
        return {
            "seat": view.seat,
            "cards": list(s.cards),
            "scores": list(s.scores),
            "stood": list(s.stood),
            "to_move": s.mover,
        }


GAME = DiceDuel()
