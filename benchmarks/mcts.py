"""MCTS: search speed per game, decision time per level, cancel latency, and an outside anchor.

    python benchmarks/mcts.py [--decisions 40] [--levels easy,normal,hard] [--rounds 5]
                              [--clock wall|cpu]

* iterations per second: searches from positions of rule-based games (fixed iteration counts);
  in a plan game (Objective: Conquer) an iteration is one plan played out in one sampled world,
  in a game searched by candidate moves (Vietnam Solitaire) one candidate played out in one.
* decision time: MCTS plays the first seat against rule-based seats, and every decision it takes
  (more than one legal move) is timed: p50, p95 and max, per level. In a plan game most decisions
  follow the plan chosen at the player's first decision of the turn, so the searches are
  reported apart.
* cancel latency: a search with no iteration cap is cancelled from another thread after 0.2 s;
  the time until it returns its move.
* anchor: if open_spiel is installed, its Python ISMCTS on 4-player Hearts in the same run, so
  the figures can be compared across machines (printed as a ratio). The speeds are measured in
  rounds, the anchor's between our games', and the best round of each is compared (the machine's
  pace drifts by a fifth from minute to minute; the range of the round-by-round ratios is shown).

With `--clock cpu` the speeds and decision times count this process's CPU time
(`time.process_time`) instead of the wall clock: on a machine other work shares, the wall clock
counts the time the process waited for a core too (the cancel latency stays wall-clock).

Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import core
from ai import agent as make_agent
from ai.base import Budget
from ai.mcts import LEVEL_ITERATIONS, MCTSAgent, hooks_for
from ai.play import play_steps
from core.engine import parse_option_assignments

clock = time.perf_counter  # or time.process_time (--clock cpu)

SETUPS = {
    "solitaire": (1, []),
    "objectives": (2, []),
    "conquer": (2, ["turn_limit=30"]),
}


def setup(game_id: str):
    game = core.game(game_id)
    players, pairs = SETUPS[game_id]
    return game, parse_option_assignments(game.options, pairs), players


def positions(game_id: str, count: int) -> list:
    """Decision points of the first seat (more than one legal move) in rule-based games, about
    one in three of them, so that they come from every step of a turn."""
    game, options, players = setup(game_id)
    out = []
    seed = 1
    pick = random.Random(1)
    while len(out) < count:
        for move in play_steps(game, [make_agent("rules")] * players, seed, options):
            if move.seat == 0 and move.chosen and pick.random() < 0.3:
                out.append(move.before)
                if len(out) == count:
                    break
        seed += 1
    return out


def search_speed(game_id: str, states: list, iterations: int = 200) -> float:
    """Iterations per second of searches from the given positions (set up beforehand, as the
    anchor's deal is)."""
    game = core.game(game_id)
    agent = MCTSAgent(iterations)
    hooks = hooks_for(game)
    done = 0
    started = clock()
    for i, state in enumerate(states):
        seat = game.to_move(state)
        view, legal = game.observe(state, seat), game.legal_actions(state)
        rng, budget = random.Random(i), Budget()
        if hooks.plans:
            agent.plan_search(game, view, legal, budget, rng)
        # as `MCTSAgent.ranked` does: a decision the game names no candidates for is a tree's
        elif not hooks.candidates or agent.candidate_search(game, view, legal, budget, rng) is None:
            agent.search(game, view, legal, budget, rng)
        done += iterations
    return done / (clock() - started)


class Timed:
    """MCTS in a seat, timing each decision; in a plan game, which of them were searches."""

    def __init__(self, level: str) -> None:
        self.mcts = MCTSAgent.at_level(level)
        self.every: list[float] = []
        self.searches: list[float] = []

    def choose(self, game, view, legal, budget, rng):
        before = self.mcts._commitment
        started = clock()
        action = self.mcts.choose(game, view, legal, budget, rng)
        took = clock() - started
        self.every.append(took)
        if not hooks_for(game).plans or self.mcts._commitment is not before:
            self.searches.append(took)
        return action


def decision_times(game_id: str, level: str, decisions: int) -> tuple[list, list]:
    """(every decision, the searches among them) in seconds, MCTS in seat 0 vs rules."""
    game, options, players = setup(game_id)
    every: list[float] = []
    searches: list[float] = []
    seed = 1
    while len(every) < decisions:
        timed = Timed(level)
        agents = [timed] + [make_agent("rules")] * (players - 1)
        for _ in play_steps(game, agents, seed, options, budget=Budget):
            if len(every) + len(timed.every) >= decisions:
                break
        every += timed.every
        searches += timed.searches
        seed += 1
    return every, searches


def cancel_latency(game_id: str, tries: int = 5) -> list[float]:
    game = core.game(game_id)
    out = []
    for i, state in enumerate(positions(game_id, tries)):
        seat = game.to_move(state)
        budget = Budget()
        stamp: list[float] = []

        def cancel(budget=budget, stamp=stamp) -> None:
            stamp.append(time.perf_counter())
            budget.cancel.set()

        timer = threading.Timer(0.2, cancel)
        timer.start()
        MCTSAgent(10**9).choose(
            game, game.observe(state, seat), game.legal_actions(state), budget, random.Random(i)
        )
        out.append(time.perf_counter() - stamp[0])
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def open_spiel_anchor() -> Callable[[float], float] | None:
    """A run of OpenSpiel's Python ISMCTS on 4-player Hearts for the given seconds, answering
    its iterations per second; None when open_spiel is not installed."""
    try:
        import numpy as np
        import pyspiel
        from open_spiel.python.algorithms import ismcts, mcts
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        actions, probs = zip(*outcomes, strict=True)
        state.apply_action(rng.choice(actions, p=probs))
    while state.current_player() != 0 or len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    iterations = 200
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, iterations, random_state=rng)

    def run(seconds: float) -> float:
        done = 0
        started = clock()
        while clock() - started < seconds:
            bot.run_search(state)
            done += iterations
        return done / (clock() - started)

    return run


def speeds(game_ids: list[str], rounds: int) -> tuple[dict[str, list[float]], list[float]]:
    """Each game's search speed and the anchor's, measured in turns, `rounds` times each: the
    machine's pace drifts by a fifth over minutes here, so each round compares like with like
    and the best round of each (the least disturbed) is what counts, as timeit does."""
    states = {game_id: positions(game_id, 8) for game_id in game_ids}
    ours: dict[str, list[float]] = {game_id: [] for game_id in game_ids}
    anchor_runs: list[float] = []
    anchor = open_spiel_anchor()
    for _ in range(rounds):
        for game_id in game_ids:
            ours[game_id].append(search_speed(game_id, states[game_id]))
        if anchor is not None:
            anchor_runs.append(anchor(3.0))
    return ours, anchor_runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--decisions", type=int, default=40, help="timed decisions per level")
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--games", default="solitaire,objectives,conquer")
    parser.add_argument("--rounds", type=int, default=5, help="speed rounds, anchor between")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="cpu: this process's CPU time"
    )
    args = parser.parse_args()
    global clock
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    levels = args.levels.split(",")
    game_ids = args.games.split(",")
    ours, anchor_runs = speeds(game_ids, args.rounds)
    for game_id in game_ids:
        game = core.game(game_id)
        iterations = {**LEVEL_ITERATIONS, **(hooks_for(game).levels or {})}
        print(f"\n{game.title} ({SETUPS[game_id][0]} player(s))")
        print(
            f"  search speed: {max(ours[game_id]):,.0f} iterations/s (best of {args.rounds}; "
            f"{', '.join(f'{s:,.0f}' for s in ours[game_id])})"
        )
        for level in levels:
            every, searches = decision_times(game_id, level, args.decisions)
            print(
                f"  {level:<6} ({iterations[level]:>4} iterations): {len(every)} decisions, "
                f"p50 {statistics.median(every):.3f} s, p95 {pct(every, 0.95):.3f} s, "
                f"max {max(every):.3f} s"
                + (
                    f"; {len(searches)} searches: p50 {statistics.median(searches):.3f} s, "
                    f"p95 {pct(searches, 0.95):.3f} s"
                    if hooks_for(game).plans and searches
                    else ""
                )
            )
        latency = cancel_latency(game_id)
        print(
            f"  cancel latency: mean {statistics.mean(latency) * 1000:.1f} ms, "
            f"max {max(latency) * 1000:.1f} ms"
        )
    if not anchor_runs:
        print("\nAnchor: open_spiel is not installed here (pip install open_spiel), no ratio.")
        return
    best = max(anchor_runs)
    print(
        f"\nAnchor: OpenSpiel Python ISMCTS, 4-player Hearts: {best:,.0f} iterations/s "
        f"(best of {len(anchor_runs)}; {', '.join(f'{s:,.0f}' for s in anchor_runs)})"
    )
    for game_id in game_ids:
        rounds = [s / a for s, a in zip(ours[game_id], anchor_runs, strict=True)]
        print(
            f"  {game_id}: {max(ours[game_id]) / best:.2f}x the anchor's rate "
            f"(round by round {min(rounds):.2f}x to {max(rounds):.2f}x)"
        )


if __name__ == "__main__":
    main()
