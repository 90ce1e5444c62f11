"""Vietnam Solitaire: how close the candidate search's choices come to the best candidate.

    python benchmarks/solitaire_choices.py [--level hard] [--seed 101] [--games 2]
        [--worlds 800] [--repeats 2] [--guard default 1 0] [--jobs 2]

Plays the level's wars and keeps every position in which the search compared two candidates or
more. There, each candidate is played out on `2 x --worlds` fresh worlds (the rest of the turn
by the rule-based player, scored by the search's own evaluation, as the search does): the best
candidate is picked on one half of the worlds and every candidate valued on the other, so a
choice's *regret* (the best candidate's value less the chosen one's, in turns) is not inflated by
the luck of the pick. Then the search is run again in each position, `--repeats` times with
fresh random numbers, once per variant of its guard (`default`: sqrt(2 ln k) standard errors
for k candidates; a number: that many), and the mean regret of its choices is printed per step
of the turn, beside the rule-based move's.

A war's end turn varies by three turns either way, a decision's value by hundredths of one: a
way of choosing that wastes its worlds shows here on a few hundred positions, long before it
shows in the end turns of a few hundred wars. It measures the search against its own
evaluation; whether the evaluation is right is what the arena says. Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import agent as make_agent
from ai import mcts
from ai.base import Budget
from ai.play import play_steps
from core.solitaire import GAME
from core.solitaire.game import SCORE_SPAN


def candidates(hooks, state, legal) -> list:
    """The legal moves the search compares there, the rule-based move first."""
    return [a for a in dict.fromkeys(hooks.candidates(GAME, state, legal)) if a in legal]


def positions(level: str, seed: int) -> list:
    """The positions of one war in which the search compared two candidates or more."""
    hooks = mcts.hooks_for(GAME, level)
    return [
        (seed, move.before, move.legal)
        for move in play_steps(GAME, [make_agent(f"mcts:{level}")], seed, {}, Budget)
        if len(candidates(hooks, move.before, move.legal)) >= 2
    ]


def label(guard) -> str:
    return "default" if guard is None else f"guard {guard:g}"


def turns(returns) -> float:
    return returns[0] * SCORE_SPAN + 1


def values(level: str, state, legal, worlds: int, rng) -> dict:
    """Each candidate's mean value (in turns) on `worlds` sampled worlds, the same for all."""
    hooks = mcts.hooks_for(GAME, level)
    steps = mcts.Steps(GAME, hooks)
    search = mcts.MCTSAgent.at_level(level)
    view = GAME.observe(state, 0)
    moves = candidates(hooks, state, legal)
    sampled = [GAME.determinize(view, rng) for _ in range(worlds)]
    out = {}
    for a in moves:
        total = 0.0
        for world in sampled:
            after = steps.apply(world, a)
            horizon = GAME.turn(world) + hooks.rollout_turns
            total += turns(search._rollout(steps, after, rng, {}, horizon))
        out[a] = total / worlds
    return out


def measure(job) -> dict:
    """One position: the candidates' values, and the regret of each variant's choices."""
    level, worlds, repeats, guards, (seed, state, legal), index = job
    rng = random.Random(f"choices:{seed}:{index}")
    pick = values(level, state, legal, worlds, rng)
    judge = values(level, state, legal, worlds, rng)
    best = max(pick, key=pick.get)
    default = next(iter(pick))
    row = {
        "turn": state.turn,
        "step": state.step,
        "candidates": len(pick),
        "rules": judge[best] - judge[default],
    }
    view = GAME.observe(state, 0)
    base = mcts.hooks_for(GAME, level)
    for guard in guards:
        mcts._hooks[(GAME.id, level)] = replace(base, guard=guard)
        search = mcts.MCTSAgent.at_level(level)
        regrets = []
        for r in range(repeats):
            choice = search.choose(GAME, view, legal, Budget(), random.Random(f"{index}:{r}"))
            regrets.append(judge[best] - judge.get(choice, min(judge.values())))
        row[label(guard)] = statistics.mean(regrets)
    mcts._hooks[(GAME.id, level)] = base
    return row


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seed", type=int, default=101)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--worlds", type=int, default=800)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--guard", nargs="+", default=["default", "1", "0"])
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    guards = [None if g == "default" else float(g) for g in args.guard]
    seeds = range(args.seed, args.seed + args.games)
    with Pool(args.jobs) as pool:
        found = [
            p for war in pool.starmap(positions, [(args.level, s) for s in seeds]) for p in war
        ]
        jobs = [
            (args.level, args.worlds, args.repeats, guards, position, i)
            for i, position in enumerate(found)
        ]
        rows = pool.map(measure, jobs, chunksize=1)
    columns = ["rules", *map(label, guards)]
    by_step = defaultdict(list)
    for row in rows:
        by_step[row["step"]].append(row)
    print(f"{len(rows)} positions from {args.games} wars at {args.level}; summed regret (turns):")
    print("| step | positions | " + " | ".join(columns) + " |")
    print("|---" * (2 + len(columns)) + "|")
    for step, group in [*sorted(by_step.items()), ("all", rows)]:
        sums = [sum(row[c] for row in group) for c in columns]
        cells = " | ".join(f"{s:.2f}" for s in sums)
        print(f"| {step} | {len(group)} | {cells} |")
    first = columns[1]
    for c in columns[2:] if len(rows) > 1 else ():
        diffs = [row[c] - row[first] for row in rows]
        se = statistics.stdev(diffs) * len(diffs) ** 0.5
        print(f"{c} against {first}: {sum(diffs):+.2f} turns summed (+- {1.96 * se:.2f})")


if __name__ == "__main__":
    main()
