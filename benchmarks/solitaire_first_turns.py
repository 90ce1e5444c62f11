"""Vietnam Solitaire: what the rule-based player's spending on the first turns risks and buys.

    python benchmarks/solitaire_first_turns.py [--games 3000] [--seed 100000] [--turns 2]

Plays the rule-based player's wars as it plays them, then again from the same seeds holding
every PP on turn 1 (no Trail strike, VS-B2; no unit raised or moved, VS-B3; no napalm, VS-B4.2;
it still fights, retreats and redeploys), then on turns 1-2, and so on up to `--turns`. For each:
the share of wars lost on turn 1 and by turn 2, the mean end turn and its paired difference from
the wars as played (95% interval). A held PP is lost at the turn's end (VS-B0.1), so what the
difference says is whether the early spending buys more turns than its risk costs. About 25
seconds a thousand wars for each row, on one core. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.solitaire import DONE, choose_action
from benchmarks.solitaire_turns import SPENDING  # the steps where the player spends PP
from core.solitaire import GAME


def end_turn(seed: int, held: int) -> int:
    """One rule-based war from `seed` with no spending on turns 1..`held`: the turn it ended."""
    state = GAME.new({}, 1, seed)
    while GAME.outcome(state) is None:
        legal = GAME.legal_actions(state)
        if state.turn <= held and state.step in SPENDING and DONE in legal:
            action = DONE
        else:
            action = choose_action(state, legal, None)
        state = GAME.apply(state, action)
    return state.end_turn


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=100000)
    parser.add_argument("--turns", type=int, default=2, help="hold the PP on up to this many turns")
    args = parser.parse_args()
    if args.games < 2 or args.turns < 0:
        parser.error("--games needs 2 or more (for the interval), --turns 0 or more")
    seeds = range(args.seed, args.seed + args.games)
    played = [end_turn(seed, 0) for seed in seeds]
    print(f"The rule-based player, {args.games} wars from seed {args.seed}:\n")
    print("| PP held on | lost on turn 1 | lost by turn 2 | mean end turn | paired (95%) |")
    print("|---|---|---|---|---|")
    for held in range(args.turns + 1):
        ends = played if held == 0 else [end_turn(seed, held) for seed in seeds]
        diffs = [a - b for a, b in zip(ends, played, strict=True)]
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if held else 0.0
        paired = f"{statistics.mean(diffs):+.2f} (±{half:.2f})" if held else ""
        label = {0: "no turn (as played)", 1: "turn 1"}.get(held, f"turns 1-{held}")
        first = sum(1 for t in ends if t == 1) / len(ends)
        second = sum(1 for t in ends if t <= 2) / len(ends)
        print(f"| {label} | {first:.1%} | {second:.1%} | {statistics.mean(ends):.2f} | {paired} |")


if __name__ == "__main__":
    main()
