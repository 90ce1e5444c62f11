"""A slice of benchmarks/random_games.py in every CI run: random players, random player counts,
random rule options, the invariants of tests/invariants.py after every action."""

from __future__ import annotations

import pytest

import core
from tests.invariants import random_game

SLICE = {"solitaire": 300, "objectives": 120, "conquer": 60}


@pytest.mark.parametrize("game_id", list(SLICE))
def test_random_games_raise_nothing_and_keep_the_invariants(game_id):
    game = core.game(game_id)
    actions = sum(random_game(game, n, seed=2026) for n in range(SLICE[game_id]))
    assert actions > SLICE[game_id]
