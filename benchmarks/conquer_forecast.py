"""Objective: Conquer's forecast (ai/forecast_conquer.py): the cost of one forecast, and how often
it names a threat, on the positions of rule-based games where a player is to act.

    python benchmarks/conquer_forecast.py [--games 4] [--players 2 4 6] [--turn-limit 30]

The forecast runs in a worker thread after every decision while a human is to act, sharing the
interpreter with the interface: one call should stay well under 50 ms. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.conquer import RulesAgent
from ai.forecast_conquer import forecast
from ai.play import play_steps
from core.conquer import GAME


def views(players: int, games: int, limit: int) -> list:
    """The acting player's view before each decision of `games` rule-based games."""
    found = []
    for seed in range(games):
        for move in play_steps(GAME, [RulesAgent()] * players, seed, {"turn_limit": limit}):
            if 0 <= move.seat < players:
                found.append(GAME.observe(move.before, move.seat))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--turn-limit", type=int, default=30)
    args = parser.parse_args()
    for players in args.players:
        seen = views(players, args.games, args.turn_limit)
        costs, named = [], 0
        for view in seen:
            started = time.perf_counter()
            result = forecast(view)
            costs.append((time.perf_counter() - started) * 1000)
            named += bool(result and result.threats)
        costs.sort()
        worst_percent = costs[len(costs) * 99 // 100]
        print(
            f"{players} players: {len(seen)} positions · forecast "
            f"mean {statistics.fmean(costs):.3f} ms · 99th pct {worst_percent:.3f} ms"
            f" · max {costs[-1]:.3f} ms · a threat named in {named / len(seen):.0%}"
        )


if __name__ == "__main__":
    main()
