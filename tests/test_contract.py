"""Every registered game (and the test game) passes the contract; broken games do not."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

import core
from core.dice import Dice
from core.engine import event
from tests import contract
from tests.tinygame import GAME as DUEL
from tests.tinygame import DiceDuel, DuelEvent, DuelState

GAMES = (*core.games(), DUEL)


@pytest.mark.parametrize("check", contract.CHECKS, ids=lambda c: c.__name__)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_contract(game, check):
    check(game)


# --- deliberately broken copies of the test game: each must fail its check -----------------------


@dataclass(frozen=True, slots=True)
class LeakyState(DuelState):
    history: list = None  # a mutable list hidden in a "frozen" state


class MutatingApply(DiceDuel):
    id = "duel-mutating"

    def new(self, options, players, seed):
        s = super().new(options, players, seed)
        return LeakyState(**{f: getattr(s, f) for f in s.__dataclass_fields__}, history=[])

    def apply(self, s, a):
        s.history.append(a)  # the bug: changes the input state
        return super().apply(s, a)


class AcceptsAnything(DiceDuel):
    id = "duel-lax"

    def apply(self, s, a):
        if a not in self.legal_actions(s):
            return replace(s, turn_no=s.turn_no + 1, events=())
        return super().apply(s, a)


class SecretRandomness(DiceDuel):
    id = "duel-global-random"

    def new(self, options, players, seed):
        return replace(super().new(options, players, seed), scores=(random.getrandbits(30), 0))


class NoisyQuietApply(DiceDuel):
    id = "duel-noisy-quiet"

    def apply_quiet(self, s, a):
        return self.apply(s, a)  # the bug: its events are kept


class LaxQuietApply(DiceDuel):
    id = "duel-lax-quiet"

    def apply_quiet(self, s, a):
        after = self.apply(s, a)
        return replace(after, turn_no=after.turn_no + 1, events=())  # the bug: another state


class NeverEnds(DiceDuel):
    id = "duel-endless"
    contract_action_bound = 200

    def legal_actions(self, s):
        return (("wait",),) if not all(s.stood) else ()

    def apply(self, s, a):
        if a != ("wait",):
            return super().apply(s, a)
        return replace(s, turn_no=s.turn_no + 1, events=())


class SilentDice(DiceDuel):
    id = "duel-silent-dice"

    def apply(self, s, a):
        after = super().apply(s, a)
        _, dice = after.dice.d6()  # an extra roll nobody is told about
        return replace(after, dice=dice)


class RedealsOwnCard(DiceDuel):
    id = "duel-bad-determinize"

    def determinize(self, view, rng):
        world = super().determinize(view, rng)
        return replace(world, cards=(rng.randint(1, 6), rng.randint(1, 6)))


class IgnoresRng(DiceDuel):
    id = "duel-fixed-determinize"

    def determinize(self, view, rng):
        return super().determinize(view, random.Random(0))


class UnhashableView(DiceDuel):
    id = "duel-dict-view"

    def observe(self, s, seat):
        return {"seat": seat, "scores": s.scores}


class UnencodableAction(DiceDuel):
    id = "duel-object-action"

    def legal_actions(self, s):
        return tuple(
            ("roll", event(DuelEvent.STAND)) if a == ("roll",) else a
            for a in super().legal_actions(s)
        )


BROKEN = [
    (MutatingApply(), contract.check_apply_pure),
    (AcceptsAnything(), contract.check_illegal_raises),
    (SecretRandomness(), contract.check_deterministic),
    (NoisyQuietApply(), contract.check_search_applies),
    (LaxQuietApply(), contract.check_search_applies),
    (NeverEnds(), contract.check_reaches_outcome),
    (SilentDice(), contract.check_dice_in_events),
    (RedealsOwnCard(), contract.check_observe_roundtrip),
    (IgnoresRng(), contract.check_determinize_varies),
    (UnhashableView(), contract.check_observe_roundtrip),
    (UnencodableAction(), contract.check_actions_encode),
]


@pytest.mark.parametrize(("game", "check"), BROKEN, ids=lambda x: getattr(x, "id", ""))
def test_contract_catches_broken_game(game, check):
    with pytest.raises((AssertionError, TypeError, ValueError)):
        check(game)


def test_test_game_passes_what_broken_copies_fail():
    """The same checks that fail above pass on the unbroken test game (so failures are real)."""
    for _, check in BROKEN:
        check(DUEL)


def test_duel_dice_are_seeded():
    a = DUEL.new({}, 2, 7)
    b = DUEL.new({}, 2, 7)
    assert a == b and a.dice == Dice(7, 5)
