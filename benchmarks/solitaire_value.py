"""Fit the Vietnam Solitaire search's value by least squares: turns a position can still expect.

    python benchmarks/solitaire_value.py [--games 2000] [--seed 20000] [--agent rules]
                                         [--jobs 1] [--ridge 0.001]

Plays games with an agent (the rule-based player by default; `mcts:normal` fits the value to the
search's own wars, ~12 s a war on one core), records `ai.solitaire.value_features` at the start
of every turn and the turns the war then lasted, and fits them by least squares, with a ridge
that pulls each weight towards the one in use. Prints the fitted weights, the fit's R^2, and
the R^2 of the weights in use on the same data, and, turn by turn, how often the weights in use
fall below zero and the mean error of the two floors the search puts under them (max(0, x) and
hard's softplus, `FLOOR_SOFTNESS`). The weights in use are not this fit's (it
credits each feature with whatever goes with it): they are measured change by change by
`benchmarks/solitaire_slopes.py`, which uses this script's samples for the constant and the turn.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import agent as make_agent
from ai.base import Budget
from ai.play import play_steps
from ai.solitaire import FLOOR_SOFTNESS, VALUE_WEIGHTS, floored, value_features
from core.engine import parse_option_assignments
from core.solitaire import GAME


def war(seed: int, agent_name: str = "rules") -> tuple[list, int]:
    """The value features at the start of every turn of one war, and the turn it ended."""
    options = parse_option_assignments(GAME.options, [])
    rows = []
    s = turn = None
    for move in play_steps(GAME, [make_agent(agent_name)], seed, options, lambda: Budget()):
        s = move.after
        turn = move.before.turn if turn is None else turn
        if s.turn != turn and not s.over:
            rows.append(value_features(s))
            turn = s.turn
    return rows, GAME.turn(s)


def _war(job: tuple[int, str]) -> tuple[list, int]:
    return war(*job)


def samples(games: int, first_seed: int, agent_name: str = "rules", jobs: int = 1):
    """(features, turns left) at every turn start of `games` wars from `first_seed` on."""
    work = [(seed, agent_name) for seed in range(first_seed, first_seed + games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            wars = pool.map(_war, work)
    else:
        wars = [_war(job) for job in work]
    xs, ys = [], []
    for rows, end in wars:
        for row in rows:
            xs.append(row)
            ys.append(end - row[1])
    return xs, ys


def least_squares(xs: list, ys: list, ridge: float = 1e-3, prior=None) -> list[float]:
    """Least squares with a ridge pulling each weight towards `prior` (zero by default)."""
    n = len(xs[0])
    prior = prior or [0.0] * n
    m = [
        [sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(n)]
        + [sum(x[i] * y for x, y in zip(xs, ys, strict=True)) + ridge * prior[i]]
        for i in range(n)
    ]
    for c in range(n):  # Gauss-Jordan with partial pivoting
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def r2(weights, xs, ys) -> float:
    residuals = [
        y - sum(w * v for w, v in zip(weights, x, strict=True)) for x, y in zip(xs, ys, strict=True)
    ]
    return 1 - statistics.pvariance(residuals) / statistics.pvariance(ys)


def floors(xs, ys) -> None:
    """By turn: the share of turn starts where the weights in use sum below zero, and the mean
    error (value - turns left) under max(0, x) and under hard's softplus floor."""
    rows = {}
    for x, y in zip(xs, ys, strict=True):
        raw = sum(w * v for w, v in zip(VALUE_WEIGHTS, x, strict=True))
        errors = (floored(raw) - y, floored(raw, FLOOR_SOFTNESS) - y)
        rows.setdefault(min(int(x[1]), 11), []).append((raw < 0, *errors))
    print("turn  below 0  error max(0, x)  error softplus")
    for turn, r in sorted(rows.items()):
        below, clip, soft = (statistics.fmean(c) for c in zip(*r, strict=True))
        print(f"{turn:>3}{'+' if turn == 11 else ' '}  {below:6.0%}  {clip:+14.2f}  {soft:+14.2f}")
    for name, i in (("max(0, x)", 1), ("softplus", 2)):
        sq = statistics.fmean(e[i] ** 2 for r in rows.values() for e in r)
        print(f"mean squared error, {name}: {sq:.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20000)
    parser.add_argument("--agent", default="rules", help="who plays the wars (e.g. mcts:normal)")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--ridge", type=float, default=1e-3, help="pull towards the weights in use")
    args = parser.parse_args()
    xs, ys = samples(args.games, args.seed, args.agent, args.jobs)
    weights = least_squares(xs, ys, args.ridge, list(VALUE_WEIGHTS))
    print(f"{len(xs)} turn starts from {args.games} games of {args.agent}")
    print(
        f"fitted R^2 {r2(weights, xs, ys):.3f}; weights in use R^2 {r2(VALUE_WEIGHTS, xs, ys):.3f}"
    )
    print("VALUE_WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    floors(xs, ys)


if __name__ == "__main__":
    main()
