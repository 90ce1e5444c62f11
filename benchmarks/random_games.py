"""Random games by the thousand: every seat plays uniformly random legal actions, every game has
a random player count and a random draw of all the rule options, and the game's invariants
(tests/invariants.py) are checked after every action.

    python benchmarks/random_games.py [--games 10000] [--game conquer] [--jobs 2] [--seed 0]

Prints, per game: games played, actions, wall time, exceptions and invariant violations (with the
first few game numbers to replay them: `random_game(core.game(id), n, seed)`). Exit status 1 if
any game raised. CI runs a slice of the same games (tests/test_random_games.py).
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import core
from tests.invariants import random_game


def play_range(job: tuple[str, int, int, int]) -> dict:
    game_id, start, stop, seed = job
    game = core.game(game_id)
    out = {"games": 0, "actions": 0, "exceptions": [], "violations": []}
    for n in range(start, stop):
        try:
            out["actions"] += random_game(game, n, seed)
        except AssertionError:
            out["violations"].append((n, traceback.format_exc(limit=3)))
        except Exception:
            out["exceptions"].append((n, traceback.format_exc(limit=6)))
        out["games"] += 1
    return out


def run(game_id: str, games: int, jobs: int, seed: int) -> dict:
    chunk = max(1, games // (jobs * 8))
    work = [(game_id, i, min(games, i + chunk), seed) for i in range(0, games, chunk)]
    started = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(play_range, work))
    else:
        parts = [play_range(w) for w in work]
    total = {"game": game_id, "games": 0, "actions": 0, "exceptions": [], "violations": []}
    for part in parts:
        for key in ("games", "actions"):
            total[key] += part[key]
        for key in ("exceptions", "violations"):
            total[key].extend(part[key])
    total["seconds"] = round(time.perf_counter() - started, 1)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--game", choices=core.game_ids(), action="append")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    failed = False
    header = ("game", "games", "actions", "seconds", "exceptions", "violations")
    print("{:<11} {:>7} {:>10} {:>8} {:>10} {:>10}".format(*header))
    for game_id in args.game or core.game_ids():
        r = run(game_id, args.games, args.jobs, args.seed)
        print(
            f"{game_id:<11} {r['games']:>7} {r['actions']:>10} {r['seconds']:>8} "
            f"{len(r['exceptions']):>10} {len(r['violations']):>10}",
            flush=True,
        )
        for n, text in (r["exceptions"] + r["violations"])[:3]:
            print(f"  game {n}:\n{text}")
        failed |= bool(r["exceptions"] or r["violations"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
