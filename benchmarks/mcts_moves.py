"""The search's answers on fixed positions, to show a speed change changes no move.

    python benchmarks/mcts_moves.py [--games solitaire,objectives,conquer] [--positions 12]
                                    [--out FILE]

For each game (and each player count and level below), positions from rule-based games with fixed
seeds, every seat's decisions with more than one legal move, about one in four of them; each is
searched with `MCTSAgent.ranked` at a fixed iteration count and a fixed `random.Random`, and every
ranked move is written with its share and value in full (`repr` of the floats, so equal lines are
equal to the bit). The last line is a digest of all of them. Run it before and after a change
and compare the files (`diff`): any difference is a changed move, share or value.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import core
from ai import agent as make_agent
from ai.base import Budget
from ai.mcts import MCTSAgent
from ai.play import play_steps
from core.engine import parse_option_assignments

# game -> ((players, options, level, iterations), ...): every level whose hooks differ, and
# player counts that reach every phase (reinforcements from 4 players in Objectives: Vietnam)
CASES = {
    "solitaire": ((1, [], "normal", 400), (1, [], "hard", 400)),
    "objectives": (
        (2, [], "normal", 400),
        (3, [], "hard", 400),
        (4, [], "normal", 400),
        (5, ["min_attacker_bid=1", "final_bid_round=true"], "normal", 300),
    ),
    "conquer": ((2, ["turn_limit=30"], "normal", 60), (2, ["turn_limit=30"], "hard", 60)),
}


def positions(game, players: int, options, count: int) -> list:
    out = []
    seed = 1
    pick = random.Random(7)
    while len(out) < count:
        for move in play_steps(game, [make_agent("rules")] * players, seed, options):
            if move.chosen and pick.random() < 0.25:
                out.append(move.before)
                if len(out) == count:
                    break
        seed += 1
    return out


def lines(game_id: str, count: int):
    game = core.game(game_id)
    for players, pairs, level, iterations in CASES[game_id]:
        options = parse_option_assignments(game.options, pairs)
        for i, state in enumerate(positions(game, players, options, count)):
            seat = game.to_move(state)
            view, legal = game.observe(state, seat), game.legal_actions(state)
            agent = MCTSAgent(iterations, level=level)
            ranked = agent.ranked(game, view, legal, Budget(), random.Random(1000 + i))
            moves = " ".join(f"{r.action!r}:{r.share!r}:{r.value!r}" for r in ranked)
            yield f"{game_id} {players}p {level} #{i} seat {seat}: {moves}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default="solitaire,objectives,conquer")
    parser.add_argument("--positions", type=int, default=16, help="positions per case")
    parser.add_argument("--out", help="write the lines here (default: standard output)")
    args = parser.parse_args()
    digest = hashlib.sha256()
    out = open(args.out, "w") if args.out else sys.stdout  # noqa: SIM115
    for game_id in args.games.split(","):
        for line in lines(game_id, args.positions):
            digest.update(line.encode() + b"\n")
            print(line, file=out, flush=True)
    print(f"digest {digest.hexdigest()}", file=out)
    if args.out:
        out.close()
        print(f"digest {digest.hexdigest()}")


if __name__ == "__main__":
    main()
