"""Random legal Conquer games from many seeds and option mixes keep the invariants."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.conquer import GAME
from core.conquer import rules as R
from tests.invariants import conquer

OPTIONS = st.fixed_dictionaries(
    {"turn_limit": st.integers(5, 14)},
    optional={
        "natives_policy": st.sampled_from(["random", "hunting"]),
        "casualties": st.sampled_from(
            ["dice_diff_min1", "dice_abs", "dice_diff_or_zero", "totals_diff"]
        ),
        "castle_capture": st.sampled_from(["destroy", "capture"]),
        "remote_actions_need_orders": st.booleans(),
        "order_types": st.sampled_from(["all", "list_only"]),
        "develop_limit": st.sampled_from(["per_castle", "per_player"]),
        "victory_mode": st.sampled_from(["conquest_or_limit", "score_only"]),
        "start_money_cents": st.integers(0, 4000),
    },
)


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    options=OPTIONS,
    policy=st.integers(0, 2**32),
)
def test_random_games_keep_the_invariants(players, seed, options, policy):
    s = GAME.new(options, players, seed)
    rng = random.Random(policy)
    while not s.over:
        legal = GAME.legal_actions(s)
        a = legal[rng.randrange(len(legal))]
        after = GAME.apply(s, a)
        conquer(s, a, after)
        s = after
    assert GAME.outcome(s) is not None
    assert s.turn <= options["turn_limit"]


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**32),
    options=OPTIONS,
    policy=st.integers(0, 2**32),
)
def test_the_legal_actions_play_found_are_those_of_the_state_it_returned(
    players, seed, options, policy
):
    """`play` keeps the legal actions its run found for the next decision; they must be the
    very list (in order: the AI breaks ties by it) that the state lists when it is met afresh,
    e.g. loaded from a save."""
    s = GAME.new(options, players, seed)
    rng = random.Random(policy)
    while not s.over:
        legal = GAME.legal_actions(s)
        assert legal == R.legal_actions(replace(s)), "the kept list differs from a fresh one"
        s = GAME.apply(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_OC_1_10_controlled_hexes_agrees_with_control_hex_by_hex(seed):
    """The one-pass `controlled_hexes` (income, score, the AI) is OC-1.10 applied to each hex."""
    rng = random.Random(seed)
    s = GAME.new({"map_radius": 3}, 3, seed)
    checked = 0
    while GAME.outcome(s) is None and checked < 400:
        for p in range(s.players):
            slow = sorted({c.hex for c in s.chits if c.owner == p and R.controlled(s, p, c.hex)})
            assert R.controlled_hexes(s, p) == slow
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
        checked += 1


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_no_two_legal_actions_read_alike(seed):
    """Two armies of one owner with the same points in one hex are named apart ("#7"), so the
    picker never lists two lines that read the same (a loss, a split, a combination, a move)."""
    s = GAME.new({"turn_limit": 10}, 2 + seed % 3, seed)
    rng = random.Random(seed)
    twins_named = 0
    while GAME.outcome(s) is None:
        legal = GAME.legal_actions(s)
        texts = [GAME.describe(s, a) for a in legal]
        assert len(set(texts)) == len(texts), sorted(texts)
        twins_named += any("#" in t and not t.startswith(("Native", "Hit")) for t in texts)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
    assert twins_named  # random play splits and raises armies enough to meet twins
