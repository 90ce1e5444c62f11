"""Vietnam Solitaire: pool `objective arena solitaire --json` reports into one table by level.

    python benchmarks/solitaire_levels.py REPORT.json [REPORT.json ...]
        [--variant LABEL REPORT.json [REPORT.json ...]] ...

A long arena run at hard takes hours, so it is run in pieces (seed ranges, agents) and pooled
here: for each agent, the seeds it played, its mean end turn with a 95% interval, the share of
wars that lasted to turn 11 (VS-C.1: a Victory or better) and the count at each victory level;
then, for every pair of agents, the mean paired difference in end turn over the seeds both
played. A seed played twice by one agent must give the same turn (the arena is deterministic),
and a mismatch is reported, not averaged. Figures, not pass/fail.

A change to an agent is measured by running the same agent from two trees: `--variant LABEL`
names the reports that come from the changed tree, and their agents are pooled as
`AGENT@LABEL`, so the change shows as a paired difference by seed (e.g. `mcts:hard@attacks -
mcts:hard`), not as a clash. An agent the change left alone (its wars turn for turn the same, e.g.
the rule-based player beside a changed search) is listed once.
"""

from __future__ import annotations

import argparse
import json
import sys
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import VICTORY_TURN, mean_interval
from core.solitaire.board import VICTORY_LEVELS, victory_level


def pooled(
    paths: list[str], variants: dict[str, list[str]] | None = None
) -> tuple[dict[str, dict[int, int]], list[str]]:
    """Per agent, per seed, the turn the war ended; and the seeds that disagree between runs.
    The agents of a variant's reports (label -> paths) are pooled as `agent@label`."""
    turns: dict[str, dict[int, int]] = {}
    clashes = []
    sources = [(path, "") for path in paths]
    sources += [(path, f"@{label}") for label, more in (variants or {}).items() for path in more]
    for path, suffix in sources:
        try:
            report = json.loads(Path(path).read_text())
        except (OSError, ValueError) as error:  # a missing file, a run still writing its report
            raise SystemExit(f"{path}: cannot read an arena report ({error})") from None
        if not isinstance(report, dict) or report.get("game") != "solitaire":
            raise SystemExit(f"{path}: not a Vietnam Solitaire arena report")
        for game in report["games_detail"]:
            name = game["agent"] + suffix
            old = turns.setdefault(name, {}).setdefault(game["seed"], game["turn"])
            if old != game["turn"]:
                clashes.append(f"{name} seed {game['seed']}: {old} and {game['turn']}")
    for name in [name for name in turns if "@" in name]:
        plain = turns.get(name.split("@")[0], {})
        if all(plain.get(seed) == turn for seed, turn in turns[name].items()):
            del turns[name]  # the change left this agent's wars as they were (e.g. `rules`)
    return turns, clashes


def level_counts(ends: list[int]) -> list[int]:
    counts = [0] * len(VICTORY_LEVELS)
    for turn in ends:
        counts[victory_level(turn)[0]] += 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reports", nargs="*", help="arena JSON reports (--json)")
    parser.add_argument(
        "--variant",
        nargs="+",
        action="append",
        default=[],
        metavar=("LABEL", "REPORT"),
        help="reports from a changed tree: their agents are pooled as AGENT@LABEL",
    )
    args = parser.parse_args()
    variants: dict[str, list[str]] = {}
    for label, *paths in args.variant:
        if not paths:
            parser.error(f"--variant {label}: name at least one report")
        variants.setdefault(label, []).extend(paths)
    if not args.reports and not variants:
        parser.error("name at least one report")
    turns, clashes = pooled(args.reports, variants)
    levels = " | ".join(level_headings())
    print(f"| agent | seeds | mean end turn (95%) | reached turn {VICTORY_TURN} | {levels} |")
    print("|---" * (4 + len(VICTORY_LEVELS)) + "|")
    for agent, by_seed in turns.items():
        ends = list(by_seed.values())
        mean, low, high = mean_interval(ends)
        reached = sum(t >= VICTORY_TURN for t in ends) / len(ends)
        counts = " | ".join(str(n) for n in level_counts(ends))
        print(
            f"| {agent} | {len(ends)} | {mean:.2f} ({low:.2f}-{high:.2f}) | {reached:.1%} "
            f"| {counts} |"
        )
    print()
    for a, b in combinations(turns, 2):
        seeds = sorted(turns[a].keys() & turns[b].keys())
        if len(seeds) < 2:
            continue
        diffs = [turns[a][s] - turns[b][s] for s in seeds]
        mean, low, high = mean_interval(diffs)
        later = sum(d > 0 for d in diffs) / len(diffs)
        ties = sum(d == 0 for d in diffs) / len(diffs)
        print(
            f"{a} - {b}: {mean:+.2f} turns (95% {low:+.2f} to {high:+.2f}) over {len(seeds)} "
            f"seeds; later on {later:.0%}, level on {ties:.0%}"
        )
    for clash in clashes:
        print(f"not the same game twice: {clash}")


def level_headings() -> list[str]:
    """Each victory level with its turns (VS-C.1): "Defeat (7-8)", ..., "Major victory (13+)"."""
    out, first = [], 1
    for last, level, _film in VICTORY_LEVELS[:-1]:
        out.append(f"{level} ({first}-{last})")
        first = last + 1
    return [*out, f"{VICTORY_LEVELS[-1][1]} ({first}+)"]


if __name__ == "__main__":
    main()
