"""Objectives: Vietnam's forecast (ai/forecast_objectives.py): what one costs, where it samples.

    python benchmarks/forecast_objectives.py [--games 30] [--players 3] [--pool-limit 10]

Plays rule-based games and, at every decision of seat 0, takes that seat's view; reports the
mean and slowest milliseconds of a forecast over the positions where the pool may fill (one
reveal short of its limit or full: the forecast plays out worlds there), and the share of
positions that need no sampling at all. The screen runs one after every decision, in a worker
thread that shares the interpreter with the interface. Rule-based teams seldom let the pool
near ten: a smaller `--pool-limit` (a rules option) gives more positions that sample.
Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.forecast_objectives import pool_forecast
from ai.objectives import RulesAgent
from ai.play import play_steps
from core.objectives import GAME


def views(games: int, players: int, options: dict):
    agents = [RulesAgent()] * players
    for seed in range(games):
        for move in play_steps(GAME, agents, seed, options):
            if GAME.to_move(move.before) == 0:
                yield GAME.observe(move.before, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--pool-limit", type=int, default=10)
    args = parser.parse_args()
    sampled, quick = [], 0
    for n, view in enumerate(views(args.games, args.players, {"pool_limit": args.pool_limit})):
        started = time.perf_counter()
        result = pool_forecast(view, random.Random(n))
        took = (time.perf_counter() - started) * 1000
        if result is not None and result.possible:
            sampled.append(took)
        else:
            quick += 1
    total = len(sampled) + quick
    print(
        f"{args.players} players, pool limit {args.pool_limit}, {args.games} rule-based games, "
        f"{total} views of seat 0"
    )
    print(f"  no sampling needed: {quick} ({100 * quick / total:.0f}%)")
    if sampled:
        print(
            f"  sampled: {len(sampled)} views, mean {statistics.mean(sampled):.1f} ms, "
            f"median {statistics.median(sampled):.1f} ms, slowest {max(sampled):.1f} ms"
        )


if __name__ == "__main__":
    main()
