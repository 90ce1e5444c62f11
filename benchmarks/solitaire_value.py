"""Fit the Vietnam Solitaire search's value: turns a position can still expect under the rules.

    python benchmarks/solitaire_value.py [--games 2000] [--seed 20000]

Plays rule-based games, records `ai.solitaire.value_features` at the start of every turn and
the turns the war then lasted, and fits them by least squares (a little ridge). Prints the
weights to paste into `ai.solitaire.VALUE_WEIGHTS`, the fit's R^2, and the R^2 of the weights
in use on the same data, so a stale table shows.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.solitaire import VALUE_WEIGHTS, choose_action, value_features
from core.engine import parse_option_assignments
from core.solitaire import GAME


def samples(games: int, first_seed: int) -> tuple[list, list]:
    options = parse_option_assignments(GAME.options, [])
    rng = random.Random(1)
    xs, ys = [], []
    for seed in range(first_seed, first_seed + games):
        s = GAME.new(options, 1, seed)
        rows, turn = [], s.turn
        while GAME.to_move(s) is not None:
            legal = GAME.legal_actions(s)
            s = GAME.apply(s, legal[0] if len(legal) == 1 else choose_action(s, legal, rng))
            if s.turn != turn and not s.over:
                rows.append(value_features(s))
                turn = s.turn
        end = GAME.turn(s)
        for row in rows:
            xs.append(row)
            ys.append(end - row[1])
    return xs, ys


def least_squares(xs: list, ys: list, ridge: float = 1e-3) -> list[float]:
    n = len(xs[0])
    m = [
        [sum(x[i] * x[j] for x in xs) + (ridge if i == j else 0.0) for j in range(n)]
        + [sum(x[i] * y for x, y in zip(xs, ys, strict=True))]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=20000)
    args = parser.parse_args()
    xs, ys = samples(args.games, args.seed)
    weights = least_squares(xs, ys)
    print(f"{len(xs)} turn starts from {args.games} rule-based games")
    print(
        f"fitted R^2 {r2(weights, xs, ys):.3f}; weights in use R^2 {r2(VALUE_WEIGHTS, xs, ys):.3f}"
    )
    print("VALUE_WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
