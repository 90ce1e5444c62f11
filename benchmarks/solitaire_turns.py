"""Vietnam Solitaire: where each turn's Political Points come from, for one agent.

    python benchmarks/solitaire_turns.py AGENT [--games 40] [--seed 1]

At B9 the PP are the turn number (VS-B0.1) plus what the player spent (Trail strikes, VS-B2;
raising and moving units, VS-B3; napalm, VS-B4.2), plus the PP of its losses in combat
(VS-B4.6), plus the region adjustment (VS-B9.1); at 14 the war is over (VS-B9.2). This plays
the agent's wars and prints, turn by turn, the mean of each part over the wars still going; then
the same for the turn each war was lost, grouped by that turn. It says what ends a player's wars
(its own spending, its losses, or the regions it leaves to the enemy) and when. Figures, not
pass/fail.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai import agent as make_agent
from ai.base import Budget
from ai.play import play_steps
from core.solitaire import GAME
from core.solitaire.events import SolitaireEvent
from core.solitaire.state import BUILD, NAPALM, REGROUP, TRAIL_ATTACK

SPENDING = {TRAIL_ATTACK: "trail", BUILD: "raising", REGROUP: "raising", NAPALM: "napalm"}
PARTS = ("trail", "raising", "napalm", "losses", "regions")
DONE = ("done",)


def war_turns(agent_name: str, seed: int) -> list[dict]:
    """One war, turn by turn: the PP of each part and the PP at B9 (`b9`)."""
    turns: dict[int, dict] = {}
    for move in play_steps(GAME, [make_agent(agent_name)], seed, {}, Budget):
        before, after = move.before, move.after
        row = turns.setdefault(before.turn, {"turn": before.turn, **dict.fromkeys(PARTS, 0)})
        losses, b9 = 0, None
        for event in after.events:
            if event.kind is SolitaireEvent.COMBAT_ROUND:  # VS-B4.6: the PP of a round's losses
                losses += event["cost"]
            elif event.kind is SolitaireEvent.PP_CHANGED:  # VS-B9.1: the regions' count
                b9 = event["pp_after"]
                row["regions"] = b9 - event["pp_before"]
        row["losses"] += losses
        part = SPENDING.get(before.step)
        if part and move.action != DONE:  # a strike, a unit raised or moved, a napalm
            # (the engine plays on to the next decision: after the last napalm, through B9)
            pp = after.pp if b9 is None else b9 - row["regions"]
            row[part] += pp - before.pp - losses
        if b9 is not None:
            row["b9"] = b9
    return list(turns.values())


def table(title: str, groups: dict[int, list[dict]], count: str) -> list[str]:
    lines = [
        f"| {title} | {count} | " + " | ".join(PARTS) + " | PP at B9 |",
        "|---" * (3 + len(PARTS)) + "|",
    ]
    for turn, rows in sorted(groups.items()):
        means = [statistics.mean(row[part] for row in rows) for part in (*PARTS, "b9")]
        lines.append(f"| {turn} | {len(rows)} | " + " | ".join(f"{m:.2f}" for m in means) + " |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("agent", help="random, rules or mcts:LEVEL")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    wars = [war_turns(args.agent, seed) for seed in range(args.seed, args.seed + args.games)]
    going: dict[int, list[dict]] = {}
    last: dict[int, list[dict]] = {}
    for war in wars:
        for row in war:
            going.setdefault(row["turn"], []).append(row)
        last.setdefault(war[-1]["turn"], []).append(war[-1])
    mean_end = statistics.mean(war[-1]["turn"] for war in wars)
    print(f"{args.agent}: {args.games} wars from seed {args.seed}, mean end turn {mean_end:.2f}")
    print("\nEvery turn, over the wars still going (PP at B9 = turn + the five parts):\n")
    print("\n".join(table("turn", going, "wars going")))
    print("\nThe turn each war was lost:\n")
    print("\n".join(table("ended on turn", last, "wars")))


if __name__ == "__main__":
    main()
