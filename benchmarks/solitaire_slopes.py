"""Vietnam Solitaire: what one unit, Trail counter or region more is worth, measured by changing it.

    python benchmarks/solitaire_slopes.py [--games 1500] [--seed 60000] [--repeats 4] [--jobs 2]
        [--fit-games 4000] [--fit-seed 20000]

A least-squares fit of the turns a war still lasts (`benchmarks/solitaire_value.py`) credits each
feature with whatever goes with it in the wars it was fitted on: a war with many NVA/VC is a war
the rule-based player has kept going, so the fit found enemy units harmless. The search needs
the other thing: what a position *gains* when one thing in it changes, since that is what its
candidate moves do. So here each weight is measured by making the change. At every turn start
of `--games` rule-based wars the position is copied with one change, and both copies are played
to the end by the rule-based player on the same dice, `--repeats` times; the mean difference in
end turn is the change's worth (under rule-based play, like the fit's). The changes:

* one ARVN, Grunt or AirCav more, at the safest area of a region you hold a unit in;
* one VC or NVA more, in an area the enemy holds; one Trail counter more, in an empty trail area;
* B9 result 5 (no Grunt or AirCav raising) in force this turn instead of none;
* a region changing hands: an ARVN into an empty region (it becomes yours alone) or into one the
  enemy holds alone (contested), a VC into an empty region (the enemy's alone) or into an empty
  area of one you hold alone (contested).

The unit, counter and restriction weights are their changes' means; the three region weights
solve the four changes of hands less the unit's own worth (weighted least squares: an empty
region is worth 0); the constant and the turn weight are then fitted to rule-based wars with all
the others held (`--fit-games` from `--fit-seed`). Prints each change's worth, by turn too, and
the `VALUE_WEIGHTS` to paste into `ai/solitaire.py`. About 4 minutes on two cores as given.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict, deque
from dataclasses import replace
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.solitaire import VALUE_WEIGHTS, choose_action, region_counts, safest_place
from benchmarks.solitaire_value import least_squares, r2, samples
from core.dice import Dice
from core.solitaire import GAME
from core.solitaire.board import AIRCAV, ARVN, GRUNT, NVA, ON_MAP_LIMIT, VC

# VALUE_WEIGHTS' order: constant, turn, Trail counters, regions the enemy holds alone, regions
# you hold alone, contested regions, NVA/VC units, ARVN, Grunts, AirCav, B9 result 5 in force
UNIT_CHANGES = {"trail": 2, "enemy": 6, "arvn": 7, "grunt": 8, "aircav": 9, "restriction 5": 10}
ENEMY_ALONE, YOURS_ALONE, CONTESTED = 3, 4, 5
# a change of hands: (the unit's own change, +1 / -1 per region weight it adds / removes)
OWNER_CHANGES = {
    "arvn into empty": ("arvn", {YOURS_ALONE: 1}),
    "arvn into enemy's": ("arvn", {CONTESTED: 1, ENEMY_ALONE: -1}),
    "vc into yours": ("enemy", {CONTESTED: 1, YOURS_ALONE: -1}),
    "vc into empty": ("enemy", {ENEMY_ALONE: 1}),
}


def rule_based(s):
    """Every position after each move of the rule-based player, from `s` to the war's end."""
    while GAME.to_move(s) is not None:
        s = GAME.apply_unchecked(s, choose_action(s, GAME.legal_actions(s), None))
        yield s


def play_out(s) -> int:
    """The turn a war ends on when the rule-based player plays it from `s`."""
    return deque(rule_based(s), maxlen=1)[-1].end_turn  # the last position: the war's end


def turn_starts(seed: int) -> list:
    """The position at every turn start (turn 2 on) of one rule-based war."""
    out, turn = [], 1
    for s in rule_based(GAME.new({}, 1, seed)):
        if s.turn != turn and not s.over:
            out.append(s)
            turn = s.turn
    return out


def with_unit(s, place: int, unit: int):
    units = list(s.units)
    units[place] = tuple(n + (k == unit) for k, n in enumerate(units[place]))
    return replace(s, units=tuple(units))


def changes(s, rng) -> dict:
    """Change name -> (the position without it, the position with it)."""
    out = {}
    counts = region_counts(s)
    yours = [r for r in range(5) if counts[r][1]]
    on_map = [sum(s.units[p][k] for p in range(20)) for k in range(5)]
    for name, unit in (("arvn", ARVN), ("grunt", GRUNT), ("aircav", AIRCAV)):
        if yours and on_map[unit] < ON_MAP_LIMIT[unit]:
            place = safest_place(s, rng.choice(yours))
            if place is not None:
                out[name] = (s, with_unit(s, place, unit))
    enemy_places = [p for p in range(20) if s.units[p][VC] + s.units[p][NVA]]
    if enemy_places:
        out["enemy"] = (s, with_unit(s, rng.choice(enemy_places), rng.choice((VC, NVA))))
    empty_trail = [t for t in range(6) if s.trail[t] == 0]
    if empty_trail:
        trail = list(s.trail)
        trail[rng.choice(empty_trail)] = 1
        out["trail"] = (s, replace(s, trail=tuple(trail)))
    held = defaultdict(list)  # who holds each region: empty, yours, enemy's, contested
    for r, (enemy, player) in enumerate(counts):
        held[("empty", "yours", "enemy's", "contested")[bool(player) + 2 * bool(enemy)]].append(r)
    if held["empty"] and on_map[ARVN] < ON_MAP_LIMIT[ARVN]:
        out["arvn into empty"] = (s, with_unit(s, safest_place(s, rng.choice(held["empty"])), ARVN))
    if held["enemy's"] and on_map[ARVN] < ON_MAP_LIMIT[ARVN]:
        place = safest_place(s, rng.choice(held["enemy's"]))
        if place is not None:
            out["arvn into enemy's"] = (s, with_unit(s, place, ARVN))
    if held["yours"]:
        r = rng.choice(held["yours"])
        empty = [p for p in range(r * 4, r * 4 + 4) if not any(s.units[p])]
        if empty:
            out["vc into yours"] = (s, with_unit(s, rng.choice(empty), VC))
    if held["empty"]:
        r = rng.choice(held["empty"])
        out["vc into empty"] = (s, with_unit(s, rng.randrange(r * 4, r * 4 + 4), VC))
    if s.turn > 1:
        out["restriction 5"] = (replace(s, restriction=1), replace(s, restriction=5))
    return out


def measure(job: tuple[int, int]) -> list[tuple[str, int, float]]:
    """(change, turn, mean end-turn difference) for every change at every turn start of a war."""
    seed, repeats = job
    rng = random.Random(seed * 7919)
    rows = []
    for s in turn_starts(seed):
        for name, (without, with_) in changes(s, rng).items():
            diffs = []
            for _ in range(repeats):
                dice = Dice(rng.getrandbits(64))
                diffs.append(
                    play_out(replace(with_, dice=dice)) - play_out(replace(without, dice=dice))
                )
            rows.append((name, s.turn, statistics.fmean(diffs)))
    return rows


def worths(rows) -> dict[str, tuple[float, float]]:
    """Change name -> (mean difference, its standard error)."""
    by_name = defaultdict(list)
    for name, _turn, diff in rows:
        by_name[name].append(diff)
    return {
        name: (statistics.fmean(d), statistics.stdev(d) / len(d) ** 0.5 if len(d) > 1 else 1.0)
        for name, d in by_name.items()
    }


def weights_from(worth: dict, xs: list, ys: list) -> list[float]:
    """VALUE_WEIGHTS: measured unit weights, region weights solved, constant and turn fitted."""
    weights = list(VALUE_WEIGHTS)
    for name, index in UNIT_CHANGES.items():
        weights[index] = worth[name][0]
    regions = (ENEMY_ALONE, YOURS_ALONE, CONTESTED)
    rows, targets = [], []
    for name, (unit, signs) in OWNER_CHANGES.items():
        if name in worth:
            scale = 1 / worth[name][1]  # weighted by the measure's precision
            rows.append([signs.get(r, 0) * scale for r in regions])
            targets.append((worth[name][0] - worth[unit][0]) * scale)
    for r, w in zip(regions, least_squares(rows, targets, 1e-6), strict=True):
        weights[r] = w
    held = {i: w for i, w in enumerate(weights) if i > 1}
    rest = [y - sum(w * x[i] for i, w in held.items()) for x, y in zip(xs, ys, strict=True)]
    weights[0], weights[1] = least_squares([x[:2] for x in xs], rest, 1e-3, weights[:2])
    return weights


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=60000)
    parser.add_argument("--repeats", type=int, default=4, help="playouts a change")
    parser.add_argument("--jobs", type=int, default=1, help="processes")
    parser.add_argument("--fit-games", type=int, default=4000)
    parser.add_argument("--fit-seed", type=int, default=20000)
    args = parser.parse_args()
    work = [(seed, args.repeats) for seed in range(args.seed, args.seed + args.games)]
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            wars = pool.map(measure, work, chunksize=10)
    else:
        wars = [measure(job) for job in work]
    rows = [row for war in wars for row in war]
    worth = worths(rows)
    print(f"{len(rows)} changes at the turn starts of {args.games} rule-based wars")
    for name, (mean, se) in sorted(worth.items()):
        by_turn = defaultdict(list)
        for n, turn, diff in rows:
            if n == name:
                by_turn[min(turn, 11) // 3].append(diff)
        early_late = " ".join(f"{statistics.fmean(d):+.2f}" for _, d in sorted(by_turn.items()))
        print(f"{name:18} {mean:+.3f} turns (se {se:.3f}); turns 2, 3-5, 6-8, 9+: {early_late}")
    xs, ys = samples(args.fit_games, args.fit_seed, "rules", args.jobs)
    weights = weights_from(worth, xs, ys)
    fits = f"these {r2(weights, xs, ys):.3f}, in use {r2(VALUE_WEIGHTS, xs, ys):.3f}"
    print(f"R^2 on {len(xs)} turn starts: {fits}")
    print("VALUE_WEIGHTS = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")


if __name__ == "__main__":
    main()
