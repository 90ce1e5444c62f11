"""Random legal games from many seeds and option mixes keep the invariants after every action."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.solitaire import GAME
from core.solitaire.board import (
    AIRCAV,
    ARVN,
    GRUNT,
    LOSS_PP,
    PLACEMENT_PP,
    PLAYER_UNITS,
    UNIT_BY_KEY,
)
from core.solitaire.rules import unit_limit
from core.solitaire.state import OVER, REMOVE_US_UNIT

OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "trail_growth": st.sampled_from(["per_die", "sum_2d6"]),
        "vc_per_turn": st.sampled_from([1, 2]),
        "retreat": st.sampled_from(["next", "any_higher"]),
        "pp_check": st.sampled_from(["b9_only", "immediate"]),
        "opt_shortened": st.booleans(),
        "opt_allied": st.booleans(),
        "aircav_regroup": st.sampled_from(["placed_region", "all_regions"]),
        "offensive_no_contact": st.sampled_from(["one_step", "none"]),
        "aircav_redeploy_scope": st.sampled_from(["area", "region"]),
    },
)


def totals(s):
    return [sum(u[k] for u in s.units) for k in range(5)]


def action_cost(s, a) -> int:
    if s.rules.opt_historical:
        return 0
    verb = a[0]
    if verb == "place":
        return PLACEMENT_PP[UNIT_BY_KEY[a[1]]]
    if verb == "move" and a[1] == "grunt":
        return 1
    return {"b52": 2, "gb": 1, "napalm": 1}.get(verb, 0)


def placed(a, unit) -> int:
    if a[0] in ("place", "deploy") and UNIT_BY_KEY[a[1]] == unit:
        return 1
    return 1 if a[0] == "free_grunt" and unit == GRUNT else 0


def check_transition(before, a, after) -> None:
    # unit limits (VS-A1.8, VS-Q54) and no negative counts anywhere
    for unit in PLAYER_UNITS:
        assert totals(after)[unit] <= unit_limit(after, unit)
    assert all(n >= 0 for u in after.units for n in u)
    # Trail counters: never negative; one per area unless D1 (VS-B1.1, VS-D1.2)
    assert all(t >= 0 for t in after.trail)
    if not after.rules.opt_shortened:
        assert all(t <= 1 for t in after.trail)
    # no unit appears from nowhere: player units only grow by a placement
    for unit in PLAYER_UNITS:
        assert totals(after)[unit] <= totals(before)[unit] + placed(a, unit)
    # a pure move keeps every unit (it is in exactly one place, before and after)
    if a[0] in ("move", "regroup", "redeploy") and not any(e.dice for e in after.events):
        assert totals(after) == totals(before)
    # PP arithmetic inside a turn: the action's cost plus 1 per ARVN and 2 per American lost
    same_turn = after.turn == before.turn and after.step not in (OVER, REMOVE_US_UNIT)
    if same_turn and not after.rules.opt_historical and a[0] not in ("remove", "withdraw"):
        lost = {u: totals(before)[u] + placed(a, u) - totals(after)[u] for u in PLAYER_UNITS}
        expected = action_cost(before, a) + sum(LOSS_PP[u] * n for u, n in lost.items())
        assert after.pp - before.pp == expected, (a, before.pp, after.pp, lost)
    if after.turn != before.turn and after.step != OVER and not after.rules.opt_historical:
        assert after.pp >= after.turn  # VS-B0.1: reset to the turn, then only spending


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**40), options=OPTIONS, policy=st.integers(0, 2**32))
def test_random_games_keep_the_invariants(seed, options, policy):
    s = GAME.new(options, 1, seed)
    rng = random.Random(policy)
    done_bias = rng.random()
    for _ in range(5000):
        if s.over:
            break
        legal = GAME.legal_actions(s)
        if ("done",) in legal and rng.random() < done_bias:
            a = ("done",)
        else:
            a = legal[rng.randrange(len(legal))]
        after = GAME.apply(s, a)
        check_transition(s, a, after)
        s = after
    assert s.over and GAME.outcome(s) is not None
    assert s.end_turn == s.turn


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), policy=st.integers(0, 2**32))
def test_historical_games_keep_the_chart(seed, policy):
    s = GAME.new({"opt_historical": True}, 1, seed)
    rng = random.Random(policy)
    while not s.over:
        legal = GAME.legal_actions(s)
        a = legal[rng.randrange(len(legal))]
        after = GAME.apply(s, a)
        check_transition(s, a, after)
        if after.step in ("B2", "B3"):
            from core.solitaire.board import historical_row

            grunts, aircav = historical_row(after.turn)[4]
            assert (totals(after)[GRUNT], totals(after)[AIRCAV]) == (grunts, aircav)
            assert after.arvn_placed <= historical_row(after.turn)[0]
        s = after
    assert s.pp == 0 and s.end_turn <= 20
    assert totals(s)[ARVN] <= 10
