"""Objective: Conquer: how often a rule-based Administrator is captured by natives early on.

    python benchmarks/conquer_native_captures.py [--games 200] [--players 2] [--seed 100]
                                                 [--turns 10]

Plays seeded games with a rule-based agent in every seat (the natives as the game moves them),
each stopped after `--turns` turns, and counts the Administrators captured with natives among the
captors (`ConquerEvent.ADMIN_CAPTURED`, OC-10.1): the games with one, the captures, the turns
they came in and the seeds, so a single game can be replayed with `objective simulate conquer
--seed S --games 1`. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.conquer import RulesAgent
from ai.play import play_steps
from core.conquer import GAME
from core.conquer.events import ConquerEvent


def native_captures(seed: int, players: int, turns: int) -> list[tuple[int, int]]:
    """(turn, seat) of each Administrator the natives captured within the first `turns` turns."""
    captures = []
    for move in play_steps(GAME, [RulesAgent()] * players, seed):
        if move.after.turn > turns:
            break
        for event in move.after.events:
            if event.kind is ConquerEvent.ADMIN_CAPTURED and event["natives"]:
                captures.append((move.before.turn, event.seats[0]))
    return captures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=100, help="the first game's seed")
    parser.add_argument("--turns", type=int, default=10, help="turns played in each game")
    args = parser.parse_args()

    started = time.perf_counter()
    seeds, turns = [], Counter()
    total = 0
    for n in range(args.games):
        seed = args.seed + n
        captures = native_captures(seed, args.players, args.turns)
        if captures:
            seeds.append(seed)
            total += len(captures)
            turns.update(turn for turn, _ in captures)
    seconds = time.perf_counter() - started
    print(
        f"{args.games} games, {args.players} rule-based players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, the first {args.turns} turns ({seconds:.0f} s)"
    )
    print(
        f"Administrators captured by natives: {total} "
        f"({100 * total / (args.games * args.players):.1f}% of Administrators), "
        f"in {len(seeds)} games ({100 * len(seeds) / args.games:.1f}%)"
    )
    if turns:
        print("by turn: " + ", ".join(f"turn {t}: {n}" for t, n in sorted(turns.items())))
        print("seeds: " + " ".join(str(s) for s in seeds))


if __name__ == "__main__":
    main()
