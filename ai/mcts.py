"""Open-loop single-observer information-set MCTS (SO-ISMCTS) with max^n backups.

Each iteration samples one world consistent with the searching seat's view
(`game.determinize(view, rng)`: hidden cards, bids and the dice seed resampled), walks the tree
of action sequences in that world, rolls out with the game's rollout policy to a depth cut-off,
scores the leaf with the game's evaluation, and backs up a vector of returns, one per seat: every
node is judged by the seat that acted into it (max^n). Selection uses availability counts: an
action's exploration term counts only the iterations in which it was legal, since in some sampled
worlds it is not (Cowling, Powley & Whitehouse 2012).

The agent never sees the true state: it is handed a view, and the worlds it searches are samples.
It is anytime: it returns the most visited action when the iteration cap, the deadline or the
cancel flag is reached.

Per-game pieces live beside each game's rule-based player (`ai/<game>.py`):
`rollout_policy(game, state, rng) -> action` and `evaluate(game, state) -> returns`; a game
without them gets uniform random rollouts and a neutral 0.5 evaluation.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from importlib import import_module

from ai.base import Budget

# Iterations per decision by level (reproducible; the TUI adds a wall-clock cap).
LEVEL_ITERATIONS = {"easy": 200, "normal": 800, "hard": 3000}
EXPLORATION = 0.7


class Node:
    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * seats


@dataclass
class GameHooks:
    """How MCTS plays out and scores positions of one game."""

    rollout_policy: object
    evaluate: object
    rollout_depth: int = 40
    exploration: float = EXPLORATION


_hooks: dict[str, GameHooks] = {}


def random_rollout(game, state, rng):
    legal = game.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def hooks_for(game) -> GameHooks:
    if game.id not in _hooks:
        try:
            module = import_module(f"ai.{game.id}")
        except ModuleNotFoundError:
            module = None
        _hooks[game.id] = GameHooks(
            rollout_policy=getattr(module, "rollout_policy", random_rollout),
            evaluate=getattr(module, "evaluate", None),
            rollout_depth=getattr(module, "ROLLOUT_DEPTH", 40),
            exploration=getattr(module, "EXPLORATION", EXPLORATION),
        )
    return _hooks[game.id]


def seat_count(game, state) -> int:
    counter = getattr(game, "seat_count", None)
    return counter(state) if counter else state.players


class MCTSAgent:
    def __init__(self, iterations: int, name: str = "mcts") -> None:
        self.iterations = iterations
        self.name = name

    @classmethod
    def at_level(cls, level: str | None) -> MCTSAgent:
        level = level or "normal"
        return cls(LEVEL_ITERATIONS[level], f"mcts:{level}")

    def choose(self, game, view, legal, budget: Budget, rng):
        if len(legal) == 1:
            return legal[0]
        ranked = self.analyse(game, view, legal, budget, rng)
        return ranked[0][0]

    def analyse(self, game, view, legal, budget: Budget, rng) -> list[tuple[object, float]]:
        """The root actions with their share of visits, most visited first."""
        root = self.search(game, view, legal, budget, rng)
        total = sum(root.children[a].visits for a in legal if a in root.children) or 1
        order = {a: i for i, a in enumerate(legal)}
        ranked = sorted(
            legal,
            key=lambda a: (
                -(root.children[a].visits if a in root.children else 0),
                -_mean(root.children.get(a), view_seat(game, view)),
                order[a],
            ),
        )
        return [(a, (root.children[a].visits if a in root.children else 0) / total) for a in ranked]

    def search(self, game, view, legal, budget: Budget, rng) -> Node:
        hooks = hooks_for(game)
        apply = getattr(game, "apply_unchecked", game.apply)
        limit = (
            self.iterations
            if budget.iterations is None
            else min(self.iterations, budget.iterations)
        )
        legal_set = set(legal)
        root: Node | None = None
        done = 0
        while True:
            if done >= limit or (done and budget.exhausted(done)):
                break
            world = game.determinize(view, rng)
            if root is None:
                root = Node(seat_count(game, world))
            self._iterate(game, hooks, apply, root, world, legal_set, rng)
            done += 1
        return root if root is not None else Node(1)

    def _iterate(self, game, hooks, apply, root, state, root_legal, rng) -> None:
        seats = len(root.totals)
        path = [root]
        node = root
        c = hooks.exploration
        at_root = True
        while True:
            mover = game.to_move(state)
            if mover is None:
                break
            actions = game.legal_actions(state)
            if at_root:
                actions = tuple(a for a in actions if a in root_legal) or actions
                at_root = False
            if not 0 <= mover < seats:
                # a seat nobody decides for in the tree (Conquer's natives): its policy acts
                state = apply(state, hooks.rollout_policy(game, state, rng))
                continue
            children = node.children
            untried = []
            best, best_score = None, -math.inf
            for a in actions:
                child = children.get(a)
                if child is None:
                    child = children[a] = Node(seats)
                child.avail += 1
                if child.visits == 0:
                    untried.append(a)
                elif not untried:
                    score = child.totals[mover] / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if score > best_score:
                        best, best_score = a, score
            if untried:
                a = untried[rng.randrange(len(untried))]
                node = children[a]
                path.append(node)
                state = apply(state, a)
                break
            node = children[best]
            path.append(node)
            state = apply(state, best)
        returns = self._rollout(game, hooks, apply, state, rng)
        for n in path:
            n.visits += 1
            totals = n.totals
            for i in range(seats):
                totals[i] += returns[i]

    def _rollout(self, game, hooks, apply, state, rng):
        policy = hooks.rollout_policy
        for _ in range(hooks.rollout_depth):
            if game.to_move(state) is None:
                break
            state = apply(state, policy(game, state, rng))
        outcome = game.outcome(state)
        if outcome is not None:
            return outcome.returns
        if hooks.evaluate is not None:
            return hooks.evaluate(game, state)
        return (0.5,) * seat_count(game, state)


def _mean(node: Node | None, seat: int) -> float:
    if node is None or node.visits == 0 or not 0 <= seat < len(node.totals):
        return 0.0
    return node.totals[seat] / node.visits


def view_seat(game, view) -> int:
    seat = getattr(view, "seat", 0)
    return seat if isinstance(seat, int) else 0
