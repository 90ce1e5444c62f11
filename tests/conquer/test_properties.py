"""Random legal Conquer games from many seeds and option mixes keep the invariants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from core.conquer import GAME
from core.conquer import rules as R
from core.conquer.state import INCOME, RESOLVE

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

SPENDING = {"move", "spelunk", "terrain", "recruit", "drill", "develop"}


def check(before, action, after) -> None:
    # no army above 6 points (OC-1.4) or below 1; castles 1-5 (OC-12.3)
    assert all(1 <= c.points <= 6 for c in after.chits)
    assert all(1 <= c.points <= 5 for c in after.castles)
    assert all(n.strength >= 1 for n in after.natives)
    # money: only income (and the bad harvests in it) may take a treasury below zero
    if action[0] in SPENDING and before.turn == after.turn and after.phase != INCOME:
        p = R.acting(before)
        if after.money[p] < before.money[p]:
            assert after.money[p] >= 0, (action, before.money[p], after.money[p])
    # the controlled-hex definition (OC-1.10): own points, no enemies or natives, not changing
    for p in R.alive(after):
        for h in R.controlled_hexes(after, p):
            assert R.points_of(after, p, h) > 0 and not R.natives_at(after, h)
            assert not R.enemies_at(after, p, h) and h not in after.changing
    held = [h for p in R.alive(after) for h in R.controlled_hexes(after, p)]
    assert len(held) == len(set(held))  # nobody shares control
    # orders resolve a turn later (OC-6.5): pending orders were sent this turn or last
    for o in after.orders:
        assert after.turn - 1 <= o.turn <= after.turn
        if o.turn == after.turn - 1:
            assert after.phase <= RESOLVE  # still waiting for this turn's phase 11
    # an Administrator never stands in the unknown (OC-6.2)
    for h in after.admins:
        assert h is None or after.terrain[h] is not None


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
        check(s, a, after)
        s = after
    assert GAME.outcome(s) is not None
    assert s.turn <= options["turn_limit"]
