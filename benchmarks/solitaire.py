"""Vietnam Solitaire: engine cost, full games per second, and what the rule-based player achieves.

    python benchmarks/solitaire.py [--games 1000]

Reports apply() and legal_actions() cost per call, the median time of a random and a rule-based
full game (targets: <= 10 ms and <= 50 ms), and the victory-level distribution of the rule-based
player against random play over the same seeds. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Budget
from ai.solitaire import RulesAgent
from benchmarks.calls import microseconds_per_call, random_positions
from core.solitaire import GAME
from core.solitaire.board import VICTORY_LEVELS, victory_level


def play(seed: int, agent) -> tuple[float, int, object]:
    rng = random.Random(seed)
    started = time.perf_counter()
    s = GAME.new({}, 1, seed)
    n = 0
    while s.step != "over":
        legal = GAME.legal_actions(s)
        if agent is None:
            a = legal[rng.randrange(len(legal))]
        else:
            a = agent.choose(GAME, GAME.observe(s, 0), legal, Budget(), rng)
        s = GAME.apply(s, a)
        n += 1
    return time.perf_counter() - started, n, s


def call_costs(samples: int = 200) -> tuple[float, float]:
    """Mean microseconds per apply() and per legal_actions() over positions of random games."""
    positions = random_positions(GAME, 1, samples)
    legal_cost = microseconds_per_call(positions, lambda s, _: GAME.legal_actions(s))
    return microseconds_per_call(positions, GAME.apply), legal_cost


def distribution(states) -> list[tuple[str, int]]:
    levels = Counter(victory_level(s.end_turn)[0] for s in states)
    return [(f"{level} ({film})", levels[i]) for i, (_, level, film) in enumerate(VICTORY_LEVELS)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args()

    apply_us, legal_us = call_costs()
    print(f"apply():          {apply_us:7.1f} µs per call")
    print(f"legal_actions():  {legal_us:7.1f} µs per call")

    results = {}
    for name, agent in (("random", None), ("rule-based", RulesAgent())):
        runs = [play(seed, agent) for seed in range(args.games)]
        times = [t for t, _, _ in runs]
        results[name] = [s for _, _, s in runs]
        print(
            f"{name:>10} games: median {statistics.median(times) * 1000:6.2f} ms, "
            f"{len(runs) / sum(times):7.0f} games/s, "
            f"{statistics.mean(n for _, n, _ in runs):5.1f} actions per game"
        )

    print(f"\nVictory levels over {args.games} games (seeds 0..{args.games - 1}):")
    print(f"  {'level':<42} {'random':>8} {'rule-based':>11}")
    rnd, rules = distribution(results["random"]), distribution(results["rule-based"])
    for (label, a), (_, b) in zip(rnd, rules, strict=True):
        print(f"  {label:<42} {a:>8} {b:>11}")
    for name, states in results.items():
        turns = [s.end_turn for s in states]
        print(
            f"  {name:>10}: mean end turn {statistics.mean(turns):.2f} "
            f"(sd {statistics.stdev(turns):.2f}), median {statistics.median(turns)}"
        )
    paired = [
        b.end_turn - a.end_turn
        for a, b in zip(results["random"], results["rule-based"], strict=True)
    ]
    mean = statistics.mean(paired)
    half = 1.96 * statistics.stdev(paired) / len(paired) ** 0.5
    print(
        f"  rule-based minus random, paired by seed: {mean:+.2f} turns "
        f"(95% interval {mean - half:+.2f} .. {mean + half:+.2f})"
    )


if __name__ == "__main__":
    main()
