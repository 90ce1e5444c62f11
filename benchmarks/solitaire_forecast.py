"""Vietnam Solitaire's forecast (ai/forecast_solitaire.py): milliseconds per forecast, from
positions of rule-based wars at each decision step, and the figures it gives.

    python benchmarks/solitaire_forecast.py [--games 4] [--seed 1] [--worlds 64]

The screen runs one forecast after every decision in a worker thread that shares the
interpreter with the interface, so it should stay well under ~50 ms. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.base import Budget
from ai.forecast_solitaire import WORLDS, forecast
from ai.solitaire import RulesAgent
from core.solitaire import GAME


def positions(seed: int):
    """Every decision point of one rule-based war."""
    s, agent, rng = GAME.new({}, 1, seed), RulesAgent(), random.Random(seed)
    while not s.over:
        yield s
        view = GAME.observe(s, 0)
        s = GAME.apply(s, agent.choose(GAME, view, GAME.legal_actions(s), Budget(), rng))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--worlds", type=int, default=WORLDS)
    args = parser.parse_args()
    times, by_step = [], {}
    for game in range(args.games):
        for s in positions(args.seed + game):
            view = GAME.observe(s, 0)
            start = time.perf_counter()
            forecast(GAME, view, random.Random(1), args.worlds)
            ms = 1000 * (time.perf_counter() - start)
            times.append(ms)
            by_step.setdefault(s.step, []).append(ms)
    times.sort()
    print(f"{len(times)} forecasts of {args.worlds} worlds")
    print(
        f"ms per forecast: median {statistics.median(times):.1f}, "
        f"90th {times[int(0.9 * len(times))]:.1f}, max {times[-1]:.1f}"
    )
    for step, ms in sorted(by_step.items()):
        print(f"  {step:<12} n={len(ms):<4} median {statistics.median(ms):6.1f} max {max(ms):6.1f}")


if __name__ == "__main__":
    main()
