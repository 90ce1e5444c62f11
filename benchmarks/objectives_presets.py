"""Objectives: Vietnam's challenge presets: how often a team of AI seats wins with each.

    python benchmarks/objectives_presets.py --agent rules --players 2 --games 200 --seed 11
    python benchmarks/objectives_presets.py --agent mcts:normal --players 2 --games 40 --jobs 2

Every seat is the one agent; game i is played from seed S + i (the arena's games: each line is
`objective arena objectives --agents A,A --players N --games G --seed S --preset P`, whose
`team win rate` it repeats, with the 95% Wilson interval the arena does not print for it).
`--preset` limits the run to the presets named (repeatable; `none` is the rules as written).
Figures, not pass/fail; the rates in core/objectives/presets.py come from these runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import run_arena, wilson
from core.engine import preset_options
from core.objectives import GAME


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--agent", default="rules")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--preset", action="append", default=[])
    args = parser.parse_args()
    names = args.preset or ["none", *(p.key for p in GAME.presets)]
    for name in names:
        preset = None if name == "none" else name
        started = time.monotonic()
        report = run_arena(
            "objectives",
            [args.agent, args.agent],
            args.games,
            args.seed,
            args.players,
            preset_options(GAME, preset),
            args.jobs,
        )
        rate = report["team_win_rate"]
        wins = round(rate * args.games)
        low, high = wilson(wins, args.games)
        command = (
            f"objective arena objectives --agents {args.agent},{args.agent} --players "
            f"{args.players} --games {args.games} --seed {args.seed}"
            + (f" --preset {preset}" if preset else "")
        )
        print(
            f"{name:10} {args.agent:12} {args.players}p  team wins {wins}/{args.games} = "
            f"{rate:.3f} (95% {low:.2f}-{high:.2f})  {time.monotonic() - started:.0f} s  "
            f"[{command}]",
            flush=True,
        )


if __name__ == "__main__":
    main()
