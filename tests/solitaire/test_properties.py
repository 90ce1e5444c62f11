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
)
from tests.invariants import solitaire, totals

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
        solitaire(s, a, after)
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
        solitaire(s, a, after)
        if after.step in ("B2", "B3"):
            from core.solitaire.board import historical_row

            grunts, aircav = historical_row(after.turn)[4]
            assert (totals(after)[GRUNT], totals(after)[AIRCAV]) == (grunts, aircav)
            assert after.arvn_placed <= historical_row(after.turn)[0]
        s = after
    assert s.pp == 0 and s.end_turn <= 20
    assert totals(s)[ARVN] <= 10


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**40), options=OPTIONS, policy=st.integers(0, 2**32))
def test_has_choices_agrees_with_the_listed_actions(seed, options, policy):
    """The engine skips a decision step with nothing but `done` to choose (VS-B1: steps run in
    order); its quick test must say exactly what the full list of legal actions says."""
    from dataclasses import replace as copy_with

    from core.solitaire import rules as R
    from core.solitaire.state import DECISION_STEPS

    s = GAME.new(options, 1, seed)
    rng = random.Random(policy)
    for _ in range(400):
        if GAME.to_move(s) is None:
            break
        for step in DECISION_STEPS:
            probe = copy_with(s, step=step)
            if step in (R.RETREAT, R.REMOVE_US_UNIT, R.SETUP_D2, R.ADJUST_D3):
                continue  # always decided by the player (run never asks)
            listed = R.legal_actions(probe)
            assert R.has_choices(probe) == (bool(listed) and listed != (R.DONE,)), step
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
