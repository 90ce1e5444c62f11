"""Objective: Conquer: the rule-based player's leanings (its `Style`s) against each other.

    python benchmarks/conquer_styles.py [--games 400] [--seed 1] [--style "army_base=24"]
                                        [--players 2]

Every leaning the search picks among (`ai.conquer.PLANS`) plays rule-based games against the
steady player, seats swapped every other seed; with `--style`, that variant plays against
each leaning instead. With more players, the leaning (or the variant) holds one seat (it
rotates) against steady players in all the others: a fair share is 1/players. Default
options. No search: a game takes some 20 ms, so a leaning can be judged on hundreds of seeds
before the slow arena measures a search built on it. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import wilson
from ai.conquer import LEANINGS, RULES, Style, choose_action
from ai.play import play_steps
from core.conquer import GAME
from core.engine import parse_option_assignments


class Leaning:
    """A seat played by the rule-based player with one leaning, every turn."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def choose(self, game, view, legal, budget, rng):
        return choose_action(view.state, legal, rng, self.style)


def score(style: Style, other: Style, players: int, games: int, first: int) -> float:
    """`style`'s share of the wins against `other` in every other seat."""
    options = parse_option_assignments(GAME.options, [])
    total = 0.0
    for seed in range(first, first + games):
        seat = seed % players
        agents = [Leaning(style if i == seat else other) for i in range(players)]
        last = None
        for move in play_steps(GAME, agents, seed, options):
            last = move.after
        total += GAME.outcome(last).returns[seat]
    return total


def parse_style(text: str) -> Style:
    """`army_base=24, garrison=3` -> Style(army_base=24, garrison=3)."""
    changes = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, _, value = part.partition("=")
        changes[name.strip()] = ast.literal_eval(value.strip())
    return Style(**changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--style", help="a variant to play against every leaning")
    args = parser.parse_args()

    if args.style:
        try:
            variant = parse_style(args.style)
        except (TypeError, ValueError, SyntaxError) as error:
            parser.error(f"--style {args.style!r}: {error}")
        pairs = [(args.style, variant, name, other) for name, other in LEANINGS.items()]
    else:
        pairs = [(name, style, "steady", RULES) for name, style in LEANINGS.items()]
    for name, style, other_name, other in pairs:
        if args.players > 2 and other_name != "steady":
            continue
        won = score(style, other, args.players, args.games, args.seed)
        low, high = wilson(won, args.games)
        versus = f"{args.players - 1} x {other_name}" if args.players > 2 else other_name
        print(
            f"{name:>24} against {versus:<12} {won / args.games:.3f} "
            f"(95% {low:.3f}-{high:.3f}), {args.games} games"
        )


if __name__ == "__main__":
    main()
