"""The rule-based Vietnam Solitaire player: sensible, deterministic, better than random."""

from __future__ import annotations

import random
import statistics
from dataclasses import replace

import pytest

from ai import mcts
from ai.base import Budget, RandomAgent
from ai.play import play_game
from ai.solitaire import (
    FLOOR_SOFTNESS,
    LATE_ROLLOUT_TURN,
    RulesAgent,
    choose_action,
    expected_turns_left,
    lean_rollout_policy,
    rollout_policy,
)
from core.solitaire import GAME
from core.solitaire.state import BUILD, NAPALM, REDEPLOY, RETREAT, TRAIL_ATTACK
from tests.solitaire.helpers import at, board, position


def decide(state):
    return choose_action(state, GAME.legal_actions(state), random.Random(0))


def test_hits_the_trail_when_pp_allow():
    s = position(TRAIL_ATTACK, board(hue_34={"arvn": 1}), trail=(1, 1, 1, 0, 0, 0), pp=2)
    assert decide(s)[0] in ("b52", "gb")


def test_leaves_the_trail_alone_when_pp_are_short():
    s = position(TRAIL_ATTACK, board(hue_34={"arvn": 1}), trail=(1, 1, 1, 0, 0, 0), pp=11, turn=8)
    assert decide(s) == ("done",)


def test_reoccupies_a_region_the_enemy_holds_alone():
    units = board(
        hue_12={"vc": 1},
        highlands_34={"arvn": 1},
        cuchi_34={"arvn": 1},
        saigon_34={"arvn": 1},
        mekong_34={"arvn": 1},
    )
    action = decide(position(BUILD, units, pp=9, turn=7))
    assert action[:2] == ("place", "arvn") and action[2] // 4 == 0
    assert action[2] != at("hue", "1-2")  # not straight into the VC


def test_napalms_the_enemy_in_a_contested_area():
    units = board(saigon_34={"nva": 2, "grunt": 1}, hue_34={"arvn": 1})
    action = decide(position(NAPALM, units, pp=4, turn=3))
    assert action == ("napalm", at("saigon", "3-4"), "nva")


def test_retreats_from_a_losing_fight_and_stays_in_a_winning_one():
    losing = position(
        RETREAT, board(hue_34={"nva": 3, "arvn": 1}), pp=4, combat_place=at("hue", "3-4")
    )
    assert decide(losing) == ("retreat", at("hue", "5"))
    winning = position(
        RETREAT, board(hue_34={"vc": 1, "aircav": 1}), pp=4, combat_place=at("hue", "3-4")
    )
    assert decide(winning) == ("fight",)


def test_redeploys_aircav_into_a_region_the_enemy_holds_alone():
    units = board(hue_34={"arvn": 1, "aircav": 1}, mekong_12={"vc": 1})
    action = decide(position(REDEPLOY, units))
    assert action[0] == "redeploy" and action[2] // 4 == 4 and action[2] != at("mekong", "1-2")


def test_is_deterministic_given_its_rng():
    a = play_game(GAME, [RulesAgent()], seed=5)
    b = play_game(GAME, [RulesAgent()], seed=5)
    assert a.actions == b.actions


def test_keeps_pp_under_14_while_it_has_the_choice():
    """Whatever it spends itself (B2-B4) leaves the PP at 13 or less."""
    for seed in range(30):
        s = GAME.new({}, 1, seed)
        agent, rng = RulesAgent(), random.Random(seed)
        while not s.over:
            legal = GAME.legal_actions(s)
            a = agent.choose(GAME, GAME.observe(s, 0), legal, Budget(), rng)
            if a[0] in ("b52", "gb", "place", "napalm") and s.pp < 14:
                assert GAME.apply(s, a).pp <= 13 or a[:2] == ("place", "arvn"), (seed, a, s.pp)
            s = GAME.apply(s, a)


def test_lasts_longer_than_random_play():
    rules_turns = [play_game(GAME, [RulesAgent()], seed).final.end_turn for seed in range(60)]
    random_turns = [play_game(GAME, [RandomAgent()], seed).final.end_turn for seed in range(60)]
    assert statistics.mean(rules_turns) > statistics.mean(random_turns) + 3


def test_the_search_scores_each_change_a_move_makes_the_way_it_changes_the_war():
    """The value a search leaf gets (`expected_turns_left`) moves the way the measured changes do
    (benchmarks/solitaire_slopes.py): one NVA/VC or Trail counter more costs turns (every NVA
    arrives by VS-B5.2, every enemy unit rolls in VS-B4.4 and VS-B7), each unit of yours is worth
    turns, an ARVN that contests a region the enemy holds alone is worth more than nothing, and a
    VC that contests a region you hold alone costs turns (VS-B9.1's -1 lost)."""

    units = dict(hue_34={"arvn": 1, "grunt": 1}, highlands_12={"vc": 2}, saigon_5={"nva": 1})
    s = position(TRAIL_ATTACK, board(**units), trail=(1, 1, 0, 0, 0, 0), turn=4, pp=4)
    value = expected_turns_left(s)

    def more(key, unit):
        changed = {k: dict(v) for k, v in units.items()}
        changed.setdefault(key, {})[unit] = changed.get(key, {}).get(unit, 0) + 1
        return expected_turns_left(replace(s, units=board(**changed)))

    assert more("highlands_12", "nva") < value
    assert more("saigon_5", "vc") < value
    assert expected_turns_left(replace(s, trail=(1, 1, 1, 0, 0, 0))) < value
    for unit in ("arvn", "grunt", "aircav"):
        assert more("hue_5", unit) > value, unit
    assert more("highlands_6", "arvn") > value  # contests the enemy's region
    assert more("hue_6", "vc") < value  # contests yours


def test_hard_plays_a_late_war_out_to_its_end():
    """From turn 11 hard's rollouts do not stop at the turn's end to be scored by the value (by
    then floored in most wars): they play the war on, by the rule-based player, until B9 ends it
    (VS-B9.2), and score the turn it ended on (VS-C.1). Before turn 11, and at the other levels,
    a rollout stops at the next turn."""
    hard, normal = mcts.hooks_for(GAME, "hard"), mcts.hooks_for(GAME, "normal")
    units = board(hue_34={"arvn": 2}, highlands_5={"grunt": 1}, cuchi_12={"vc": 2})
    late = position(TRAIL_ATTACK, units, faces=None, trail=(1, 1, 0, 1, 0, 0), turn=12, pp=12)
    earlier = replace(late, turn=LATE_ROLLOUT_TURN - 1, pp=LATE_ROLLOUT_TURN - 1)
    assert mcts.rollout_horizon(hard, GAME, late) is None
    assert mcts.rollout_horizon(hard, GAME, earlier) == LATE_ROLLOUT_TURN
    assert mcts.rollout_horizon(normal, GAME, late) == 13

    value = mcts.MCTSAgent(level="hard")._rollout(
        mcts.Steps(GAME, hard), late, random.Random(0), {}, None
    )[0]
    war = late
    while GAME.to_move(war) is not None:
        war = GAME.apply(war, hard.rollout_policy(GAME, war, None))
    assert war.end_turn >= 12
    assert value == GAME.outcome(war).returns[0] == pytest.approx((war.end_turn - 1) / 19)


def test_hard_s_rollouts_raise_no_strike_units():
    """Hard's rollouts play the rule-based player without its strike units: at the build step
    (VS-B3.1) it still puts an ARVN in a region that has no unit of yours (VS-B9.1 scores every
    region), but raises no Grunt or AirCav (VS-B3.4-B3.5) and moves no AirCav; the rest of its
    play is the rule-based player's. The other levels' rollouts are the rule-based player."""
    units = board(
        hue_34={"arvn": 1},
        highlands_34={"arvn": 1, "vc": 1},
        cuchi_34={"arvn": 1},
        saigon_34={"arvn": 1},
        mekong_34={"arvn": 1},
        cuchi_12={"vc": 2},
    )
    s = position(BUILD, units, pp=2, turn=2)  # every region holds an ARVN
    assert decide(s)[:2] in (("place", "grunt"), ("place", "aircav"))
    assert lean_rollout_policy(GAME, s, None) == ("done",)

    # only Hue holds a unit of yours
    short = position(BUILD, board(hue_34={"arvn": 1}, cuchi_12={"vc": 2}), pp=2, turn=2)
    assert lean_rollout_policy(GAME, short, None) == decide(short)
    assert decide(short)[:2] == ("place", "arvn")

    assert mcts.hooks_for(GAME, "hard").rollout_policy is lean_rollout_policy
    for level in ("easy", "normal"):
        assert mcts.hooks_for(GAME, level).rollout_policy is rollout_policy
    retreat = position(
        RETREAT, board(hue_34={"nva": 3, "arvn": 1}), pp=4, combat_place=at("hue", "3-4")
    )
    assert lean_rollout_policy(GAME, retreat, None) == decide(retreat)


def test_hard_still_sees_a_late_war_s_units_where_the_plain_value_sees_nothing():
    """Late in a war the weighted sum falls below zero and `max(0, x)` scores every such leaf
    alike: one more NVA or AirCav (VS-B4.4, VS-B7) changes nothing. Hard's soft floor keeps the
    slope, stays above zero (a war that survives the turn's B9, VS-B9.2, always scores above one
    that ends there), and agrees with the plain value where the sum is well above zero."""

    units = dict(hue_34={"arvn": 1}, highlands_12={"vc": 3}, saigon_5={"nva": 2}, cuchi_6={"vc": 2})
    late = position(TRAIL_ATTACK, board(**units), trail=(2, 2, 1, 1, 1, 0), turn=12, pp=12)
    worse = replace(late, units=board(**units, mekong_12={"nva": 1}))
    better = replace(late, units=board(**{**units, "hue_34": {"arvn": 1, "aircav": 1}}))
    assert (
        expected_turns_left(worse) == expected_turns_left(late) == expected_turns_left(better) == 0
    )
    soft = [expected_turns_left(s, FLOOR_SOFTNESS) for s in (worse, late, better)]
    assert 0 < soft[0] < soft[1] < soft[2]

    hard, normal = mcts.hooks_for(GAME, "hard"), mcts.hooks_for(GAME, "normal")
    assert hard.evaluate(GAME, worse) < hard.evaluate(GAME, better)
    assert normal.evaluate(GAME, worse) == normal.evaluate(GAME, better)
    early = position(TRAIL_ATTACK, board(hue_34={"arvn": 2, "grunt": 1}), turn=2, pp=2)
    assert hard.evaluate(GAME, early) == pytest.approx(normal.evaluate(GAME, early), abs=1e-6)
