"""Whether an action may end the turn (`core.engine.may_end_turn`, asked before an action when
"Confirm end of turn" is on) is decided by the rules alone: it draws no number from the game's
dice, reads no hidden card, gives the same answer whatever the dice will roll, and never says no
to an action that then ends the turn."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

from ai.base import Budget, RandomAgent
from core import game
from core.dice import Dice, DiceNeeded, ProbeDice, every_roll
from core.engine import may_end_turn
from core.solitaire import GAME as SOLITAIRE
from core.solitaire.state import NAPALM, Rules
from tests.solitaire.helpers import at, board, position

GAMES = {"solitaire": 1, "objectives": 3, "conquer": 3}


@dataclass(frozen=True)
class NoDraws:
    """Dice that fail the test at the first number anything draws from them."""

    def below(self, n):
        raise AssertionError("a number was drawn from the game's dice")

    def d6(self):
        return self.below(6)

    def roll(self, count):
        return self.below(6)

    def shuffle(self, items):
        return self.below(len(items))


def positions(game_id: str, seeds=range(1, 9), moves: int = 250):
    """(state, action taken) along random games (rules options at their defaults)."""
    g = game(game_id)
    agent = RandomAgent()
    for seed in seeds:
        s = g.new({}, GAMES[game_id], seed)
        rng = random.Random(seed)
        for _ in range(moves):
            if g.outcome(s) is not None:
                break
            seat = g.to_move(s)
            a = agent.choose(g, g.observe(s, seat), g.legal_actions(s), Budget(), rng)
            yield s, a
            s = g.apply(s, a)


def ends_turn(g, before, after) -> bool:
    return g.to_move(after) != g.to_move(before) or g.turn(after) != g.turn(before)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_no_number_is_drawn_from_the_game_s_dice(game_id):
    g = game(game_id)
    for s, _ in positions(game_id, seeds=range(1, 4), moves=120):
        walled = replace(s, dice=NoDraws())
        for a in g.legal_actions(s):
            may_end_turn(g, walled, a)  # fails the test if it draws


@pytest.mark.parametrize("game_id", list(GAMES))
def test_an_action_that_ends_the_turn_was_said_to_be_able_to(game_id):
    g = game(game_id)
    asked = told = 0
    for s, a in positions(game_id):
        may = may_end_turn(g, s, a)
        if ends_turn(g, s, g.apply(s, a)):
            assert may, (a, g.describe(s, a))
            told += 1
        asked += may
    assert told > 5 and asked >= told


@pytest.mark.parametrize("game_id", ["solitaire", "conquer"])
def test_the_same_action_asks_the_same_way_whatever_the_dice_will_roll(game_id):
    g = game(game_id)
    for s, _ in positions(game_id, seeds=range(1, 3), moves=150):
        legal = g.legal_actions(s)
        answers = {a: may_end_turn(g, s, a) for a in legal}
        for seed in (7, 1234, 987654321):
            reseeded = replace(s, dice=Dice(seed))
            assert {a: may_end_turn(g, reseeded, a) for a in legal} == answers


def test_objectives_asks_the_same_way_whatever_the_hidden_cards_and_the_dice():
    """OV-I.2.3: a world the seat to act cannot tell from this one (other hands, the decks' order,
    the dice: `determinize`) gets the same answers."""
    g = game("objectives")
    for s, _ in positions("objectives", seeds=range(1, 4), moves=150):
        seat = g.to_move(s)
        legal = g.legal_actions(s)
        answers = {a: may_end_turn(g, s, a) for a in legal}
        for seed in range(3):
            world = g.determinize(g.observe(s, seat), random.Random(seed))
            assert {a: may_end_turn(g, world, a) for a in legal} == answers


# --- Vietnam Solitaire ---------------------------------------------------------------------------


def napalm_step(units, faces=()):
    return position(NAPALM, units=units, faces=faces, strict=False, pp=5, turn=3)


def test_vs_b4_2_a_napalm_on_the_last_enemy_unit_may_end_the_turn_hit_or_miss():
    """VS-B4.2 / VS-B4.3: should it hit, nothing is left to napalm and the turn runs on by the
    dice; it asks the same whether its die is going to hit (1-4) or miss."""
    units = board(hue_12={"vc": 1}, hue_34={"arvn": 1})
    action = ("napalm", at("hue", "1-2"), "vc")
    hit, miss = napalm_step(units, faces=(1,)), napalm_step(units, faces=(6,))
    assert may_end_turn(SOLITAIRE, hit, action) and may_end_turn(SOLITAIRE, miss, action)
    assert SOLITAIRE.apply(miss, action).step == NAPALM  # the miss really leaves B4 open


def test_vs_b4_2_a_napalm_with_another_enemy_unit_left_never_ends_the_turn():
    units = board(hue_12={"vc": 2}, hue_34={"arvn": 1})
    action = ("napalm", at("hue", "1-2"), "vc")
    for face in range(1, 7):
        s = napalm_step(units, faces=(face,))
        assert not may_end_turn(SOLITAIRE, s, action)
        assert SOLITAIRE.apply(s, action).step == NAPALM


def test_vs_b4_3_done_with_napalm_may_end_the_turn():
    s = napalm_step(board(hue_12={"vc": 2}, hue_34={"arvn": 1}))
    assert may_end_turn(SOLITAIRE, s, ("done",))


def test_vs_b2_4_a_b52_strike_ends_the_turn_only_when_its_pp_end_the_war_vs_q72():
    """VS-B2.4: the strike's die only takes a counter off; under `pp_check = immediate` (VS-Q10)
    PP reaching 14 end the war before the die is rolled (VS-Q72)."""
    units = board(hue_12={"vc": 1}, hue_34={"arvn": 1})
    s = position("B2", units=units, trail=(1, 1, 0, 0, 0, 0), pp=12, faces=())
    assert not may_end_turn(SOLITAIRE, s, ("b52", 0))
    immediate = replace(s, rules=Rules(pp_check="immediate"))
    assert may_end_turn(SOLITAIRE, immediate, ("b52", 0))
    assert SOLITAIRE.apply(immediate, ("b52", 0)).step == "over"


def test_vs_b4_8_fighting_on_may_end_the_turn():
    """VS-B4.8: another round of combat, and its dice decide whether the fight, and then the
    turn, goes on."""
    fights = [s for s, a in positions("solitaire") if a == ("fight",)]
    assert fights
    assert all(may_end_turn(SOLITAIRE, s, ("fight",)) for s in fights)


# --- Objectives: Vietnam and Objective: Conquer, by the kind of action -------------------------


def test_ov_3_4_and_ov_4_9_passing_and_calling_off_end_the_turn_ov_4_1_attacking_never():
    g = game("objectives")
    seen = set()
    for s, a in positions("objectives"):
        verb = a[0]
        if verb in ("end", "call_off", "bid_done"):
            assert may_end_turn(g, s, a)
        if verb in ("attack", "pacify", "hearts"):
            assert not may_end_turn(g, s, a)
        seen.add(verb)
    assert {"end", "call_off", "attack"} <= seen


def test_ov_4_2_a_bid_ends_the_bidding_only_with_the_bidder_s_last_combat_card():
    from core.objectives.rules import combat_cards

    g = game("objectives")
    both = set()
    for s, a in positions("objectives"):
        if a[0] == "bid":
            last = len(combat_cards(s.hands[s.combat.bidder])) == 1
            assert may_end_turn(g, s, a) is last
            both.add(last)
    assert both == {True, False}


def test_oc_11_combining_and_splitting_armies_never_ends_the_turn():
    g = game("conquer")
    seen = set()
    for s, a in positions("conquer", seeds=range(1, 5)):
        if a[0] in ("combine", "split"):
            assert not may_end_turn(g, s, a)
            seen.add(a[0])
    assert seen == {"combine", "split"}


# --- the probe dice ------------------------------------------------------------------------------


def test_every_roll_tries_each_face_and_stops_where_more_dice_are_needed():
    def two_dice(dice):
        first, dice = dice.d6()
        if first == 6:
            second, dice = dice.d6()
            return first + second
        return first

    assert sorted(every_roll(two_dice, draws=2)) == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12]
    one = list(every_roll(two_dice, draws=1))
    assert sorted(x for x in one if x is not None) == [1, 2, 3, 4, 5] and one.count(None) == 1
    with pytest.raises(DiceNeeded):
        ProbeDice().d6()
