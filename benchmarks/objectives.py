"""Objectives: Vietnam: engine cost, full games per second, and how often rule-based teams win.

    python benchmarks/objectives.py [--games 200]

Reports apply() cost per call, random and rule-based full games per second for 1, 4 and 6
players, and the rule-based team win rate by player count (with a 95% Wilson interval), next to
random play's. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import RandomAgent
from ai.objectives import RulesAgent
from ai.play import play_game
from benchmarks.calls import microseconds_per_call, random_positions
from core.objectives import GAME


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def apply_cost(players: int, games: int = 100) -> float:
    return microseconds_per_call(random_positions(GAME, players, games), GAME.apply)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    print(f"apply(): {apply_cost(4):.1f} µs per call (4 players, random play)")
    for players in (1, 4, 6):
        for name, agent in (("random", RandomAgent()), ("rule-based", RulesAgent())):
            times = []
            for seed in range(min(args.games, 100)):
                started = time.perf_counter()
                play_game(GAME, [agent] * players, seed)
                times.append(time.perf_counter() - started)
            print(
                f"{players} player(s), {name:>10}: {1 / statistics.mean(times):7.0f} games/s "
                f"(median {statistics.median(times) * 1000:.1f} ms)"
            )

    print(f"\nTeam win rate over {args.games} games per player count:")
    print(f"  {'players':>7}  {'rule-based':>10}  {'95% interval':>14}  {'random':>7}")
    for players in range(1, 7):
        results = [
            play_game(GAME, [RulesAgent()] * players, seed).final.result
            for seed in range(args.games)
        ]
        randoms = [
            play_game(GAME, [RandomAgent()] * players, seed).final.result
            for seed in range(args.games)
        ]
        wins = results.count("team")
        low, high = wilson(wins, args.games)
        print(
            f"  {players:>7}  {wins / args.games:>10.3f}  {low:>6.3f}..{high:<6.3f}  "
            f"{randoms.count('team') / args.games:>7.3f}"
        )


if __name__ == "__main__":
    main()
