"""What every engine benchmark measures first: the cost of one call on positions of random play."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any

from ai.base import RandomAgent
from ai.play import play_steps


def random_positions(game, players: int, games: int, options: Mapping[str, Any] | None = None):
    """(position, action taken) for every action of `games` random games (seeds 0, 1, ...)."""
    agents = [RandomAgent()] * players
    return [
        (move.before, move.action)
        for seed in range(games)
        for move in play_steps(game, agents, seed, options)
    ]


def microseconds_per_call(positions, call: Callable[[Any, Any], object]) -> float:
    """Mean microseconds of `call(position, action)` over the positions."""
    started = time.perf_counter()
    for s, a in positions:
        call(s, a)
    return (time.perf_counter() - started) / len(positions) * 1e6
