"""Objective: Conquer: engine cost, full games per second, and how long games last.

    python benchmarks/conquer.py [--games 40] [--turn-limit 60]

Reports apply() cost per call, random and rule-based full games per second for 2 and 6 players,
and the distribution of game length (the turn the game ended, and whether by conquest or at the
limit) for rule-based games. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import RandomAgent
from ai.conquer import RulesAgent
from ai.play import play_game
from benchmarks.calls import microseconds_per_call, random_positions
from core.conquer import GAME


def apply_cost(players: int, games: int = 10, limit: int = 20) -> float:
    positions = random_positions(GAME, players, games, {"turn_limit": limit})
    return microseconds_per_call(positions, GAME.apply)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--turn-limit", type=int, default=60)
    args = parser.parse_args()
    options = {"turn_limit": args.turn_limit}

    for players in (2, 6):
        print(f"apply(): {apply_cost(players):.1f} µs per call ({players} players, random play)")
    for players in (2, 6):
        for name, agent in (("random", RandomAgent()), ("rule-based", RulesAgent())):
            times, actions = [], []
            for seed in range(min(args.games, 20)):
                started = time.perf_counter()
                result = play_game(GAME, [agent] * players, seed, options)
                times.append(time.perf_counter() - started)
                actions.append(len(result.actions))
            print(
                f"{players} players, {name:>10}: {1 / statistics.mean(times):6.2f} games/s "
                f"(median {statistics.median(times) * 1000:.0f} ms, "
                f"{statistics.mean(actions):.0f} actions a game)"
            )

    for players in (2, 4, 6):
        ends = Counter()
        turns = []
        for seed in range(args.games):
            result = play_game(GAME, [RulesAgent()] * players, seed, options)
            turns.append(result.final.turn)
            kind = (
                "limit"
                if "turn" in result.final.end_reason and result.final.turn >= args.turn_limit
                else "conquest"
            )
            ends[kind] += 1
        print(
            f"\n{players} players, rule-based, {args.games} games: game length (turns) "
            f"median {statistics.median(turns)}, min {min(turns)}, max {max(turns)}; "
            f"ended by {dict(ends)}"
        )
        buckets = Counter(min(t // 10 * 10, args.turn_limit) for t in turns)
        for start in sorted(buckets):
            print(f"  turns {start:>3}-{start + 9:<3} {'#' * buckets[start]} {buckets[start]}")


if __name__ == "__main__":
    main()
