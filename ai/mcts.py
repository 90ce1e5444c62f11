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
`rollout_policy(game, state, rng) -> action` and `evaluate(game, state) -> returns` (a game
without them gets uniform random rollouts and a neutral 0.5 evaluation); optionally
`ROLLOUT_DEPTH` (actions) and `ROLLOUT_TURNS` (a horizon in game turns), `EXPLORATION`,
`LEVEL_ITERATIONS`, and `PLANS` with `plan_scope` for games whose turns are too long to search
move by move (see `MCTSAgent`). `LEVEL_HOOKS` (level -> {hook field: value}) lets a level search
differently, not only longer: e.g. fewer plans or another horizon. How each game uses them:
docs/ai.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import partial
from importlib import import_module

from ai.base import Budget

# Iterations per decision by level (reproducible; the TUI adds a wall-clock cap).
LEVEL_ITERATIONS = {"easy": 200, "normal": 800, "hard": 3000}
EXPLORATION = 0.7


@dataclass(frozen=True)
class Ranked:
    """One action as the search saw it."""

    action: object
    share: float  # of the search's effort (visits, or worlds won by its plan)
    value: float  # the mean return to the viewer after it (0-1)


class Node:
    __slots__ = ("avail", "children", "totals", "visits")

    def __init__(self, seats: int) -> None:
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.totals = [0.0] * seats


@dataclass
class GameHooks:
    """How MCTS plays out and scores positions of one game (read from `ai/<game>.py`)."""

    rollout_policy: object
    evaluate: object
    rollout_depth: int = 40  # actions, at most
    # stop the rollout this many turns after the root's turn; or a function of the root's turn
    # giving that, None to play to the game's end (`rollout_horizon`)
    rollout_turns: int | Callable[[int], int | None] | None = None
    exploration: float = EXPLORATION
    levels: dict | None = None  # iterations per level, where the game's turns need their own
    plans: dict | None = None  # name -> policy: macro-actions for games with long turns
    plan_scope: object = None  # (game, state) -> how long a chosen plan lasts (a hashable key)
    candidates: object = None  # (game, state, legal) -> the moves worth comparing, default first
    # (None from it: search that decision as a tree)
    level_hooks: dict | None = None  # level -> {field of these hooks: that level's value}
    pure_policies: bool = False  # the rollout policy and the plans draw no random numbers
    # plans (None: the rollout policy) with the same key at a state choose the same move there
    # (`choice_key(state, plan)`; None: each plan its own key)
    choice_key: object = None
    # (state, dice) -> the state with those dice: the game's `reseed`, for a game that hides
    # nothing but its dice (`state.dice`), whose sampled worlds are one position with other dice
    reseed: object = None
    guard: float | None = None  # candidate search: standard errors a challenger must clear
    # (None: sqrt(2 ln k) for k candidates, see `candidate_search`)


_hooks: dict[tuple[str, str | None], GameHooks] = {}


def random_rollout(game, state, rng):
    legal = game.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def rollout_horizon(hooks: GameHooks, game, state) -> int | None:
    """The turn at which a rollout from `state` stops and is scored; None: the game's end."""
    turns = hooks.rollout_turns
    if callable(turns):
        turns = turns(game.turn(state))
    return game.turn(state) + turns if turns else None


def hooks_for(game, level: str | None = None) -> GameHooks:
    """The game's hooks; with a level, as that level changes them (`LEVEL_HOOKS`)."""
    key = (game.id, level)
    if key in _hooks:
        return _hooks[key]
    if level is not None:
        base = hooks_for(game)
        _hooks[key] = replace(base, **(base.level_hooks or {}).get(level, {}))
        return _hooks[key]
    try:
        module = import_module(f"ai.{game.id}")
    except ModuleNotFoundError:
        module = None
    _hooks[key] = GameHooks(
        rollout_policy=getattr(module, "rollout_policy", random_rollout),
        evaluate=getattr(module, "evaluate", None),
        rollout_depth=getattr(module, "ROLLOUT_DEPTH", 40),
        rollout_turns=getattr(module, "ROLLOUT_TURNS", None),
        exploration=getattr(module, "EXPLORATION", EXPLORATION),
        levels=getattr(module, "LEVEL_ITERATIONS", None),
        plans=getattr(module, "PLANS", None),
        plan_scope=getattr(module, "plan_scope", None),
        candidates=getattr(module, "candidates", None),
        level_hooks=getattr(module, "LEVEL_HOOKS", None),
        pure_policies=getattr(module, "PURE_POLICIES", False),
        choice_key=getattr(module, "choice_key", None),
        reseed=getattr(game, "reseed", None),
        guard=getattr(module, "GUARD", None),
    )
    return _hooks[key]


def seat_count(game, state) -> int:
    counter = getattr(game, "seat_count", None)
    return counter(state) if counter else state.players


class Steps:
    """How a search moves through a sampled world: the game's apply, legal actions, policies
    and evaluation, asked afresh each time."""

    __slots__ = ("_apply", "game", "hooks")

    def __init__(self, game, hooks: GameHooks) -> None:
        self.game = game
        self.hooks = hooks
        # a game's quiet apply records no events (nothing in a search reads them); else its
        # apply without the legality check; else its apply
        self._apply = getattr(game, "apply_quiet", None) or getattr(
            game, "apply_unchecked", game.apply
        )

    def apply(self, state, action):
        return self._apply(state, action)

    def legal(self, state) -> tuple:
        return self.game.legal_actions(state)

    def policy(self, state, rng):
        """The rollout policy's action (the seats no plan speaks for)."""
        return self.hooks.rollout_policy(self.game, state, rng)

    def plan(self, plan, state, rng):
        """The action `plan` takes here."""
        return _plan_action(self.hooks, plan, self.game, state, self.legal(state), rng)

    def step(self, plan, state, rng):
        """The state after the action `plan` (None: the rollout policy) takes here."""
        if plan is None:
            return self.apply(state, self.policy(state, rng))
        return self.apply(state, self.plan(plan, state, rng))

    def value(self, state) -> tuple:
        outcome = self.game.outcome(state)
        if outcome is not None:
            return outcome.returns
        if self.hooks.evaluate is not None:
            return self.hooks.evaluate(self.game, state)
        return (0.5,) * seat_count(self.game, state)


class SharedSteps(Steps):
    """Steps through the sampled worlds of one search, every plan played in each: plans that
    agree for a while walk the same states (four steps in five, measured on Conquer), so each
    state's successor, legal actions, value and each policy's choice there are worked out once.
    Only for games whose policies draw no random numbers (`pure_policies`): a remembered choice
    must be the one the policy would make again, and the search's own draws must not change.
    Plans that read the same in a state (`choice_key`) share their choice there too.

    In a game that hides nothing but its dice (`reseed`), states that differ only in their dice
    are one *position*, wherever in the search they are reached (in other worlds, by other
    orders of the same moves): a position's legal actions, choices and value are worked out once
    for the whole search, and a step that rolled no die from it is that step's state with the
    new state's dice (no apply). Positions are told apart by their content (the state with no
    dice), looked up once per state.

    Keyed by identities; each is kept with its object, so an identity is never reused while
    it is remembered. The states of one world are forgotten when the next starts."""

    __slots__ = ("_after", "_free", "_known", "_next", "_placed", "_positions", "_settled")

    def __init__(self, game, hooks: GameHooks) -> None:
        super().__init__(game, hooks)
        self._positions: dict = {}  # a state with no dice -> the first state at that position
        self._known: tuple = ({}, {}, {})  # legal actions, choices, values: id(position) -> ...
        self._free: dict = {}  # (id(position), action) -> (position, successor or None: a die)
        self._settled: dict = {}  # id(successor) -> (successor, its position), for `_free`'s
        self._start_world()

    def _start_world(self) -> None:
        self._placed: dict = {}  # id(state) -> (state, its position)
        self._after: dict = {}  # (id(state), action) -> (state, its successor)
        self._next: dict = {}  # (id(state), plan) -> (state, the successor it plays to)

    def start(self, world) -> None:
        """Play in a new sampled world: the last world's states are forgotten (and, in a game
        that hides more than its dice, everything: no position is reached again)."""
        self._start_world()
        if self.hooks.reseed is None:
            self._known = ({}, {}, {})

    def _position(self, state):
        """The state standing for state's position (itself without `reseed`)."""
        placed = self._placed.get(id(state))
        if placed is None:
            reseed = self.hooks.reseed
            at = state if reseed is None else self._positions.setdefault(reseed(state, None), state)
            placed = self._placed[id(state)] = (state, at)
        return placed[1]

    def apply(self, state, action):
        key = (id(state), action)
        known = self._after.get(key)
        if known is not None:
            return known[1]
        reseed = self.hooks.reseed
        if reseed is None:
            after = self._apply(state, action)
        else:
            at = self._position(state)
            free = self._free.get((id(at), action))
            if free is None:
                after = self._apply(state, action)
                self._free[id(at), action] = (at, after if after.dice is state.dice else None)
            elif free[1] is None:  # it rolls dice: this world's own
                after = self._apply(state, action)
            else:
                successor = free[1]
                settled = self._settled.get(id(successor))
                if settled is None:
                    settled = (successor, self._position(successor))
                    self._settled[id(successor)] = settled
                if successor.dice is state.dice:
                    after = successor
                else:
                    after = reseed(successor, state.dice)
                    self._placed[id(after)] = (after, settled[1])
        self._after[key] = (state, after)
        return after

    def legal(self, state) -> tuple:
        at = self._position(state)
        memo = self._known[0]
        known = memo.get(id(at))
        if known is None:
            known = memo[id(at)] = (at, self.game.legal_actions(state))
        return known[1]

    def policy(self, state, rng):
        return self._choice(None, state, rng)

    def plan(self, plan, state, rng):
        return self._choice(plan, state, rng)

    def step(self, plan, state, rng):
        key = (id(state), plan)
        known = self._next.get(key)
        if known is None:
            known = self._next[key] = (
                state,
                self.apply(state, self._choice(plan, state, rng)),
            )
        return known[1]

    def _choice(self, plan, state, rng):
        at = self._position(state)
        same = self.hooks.choice_key
        key = (id(at), plan if same is None else same(state, plan))
        memo = self._known[1]
        known = memo.get(key)
        if known is None:
            if plan is None:
                chosen = Steps.policy(self, state, rng)
            else:
                chosen = Steps.plan(self, plan, state, rng)
            known = memo[key] = (at, chosen)
        return known[1]

    def value(self, state) -> tuple:
        at = self._position(state)
        memo = self._known[2]
        known = memo.get(id(at))
        if known is None:
            known = memo[id(at)] = (at, super().value(state))
        return known[1]


class MCTSAgent:
    """`iterations` fixes the budget; otherwise it comes from the level (per game where the game
    sets its own `LEVEL_ITERATIONS`, since an iteration costs very different time in each).

    With plans (macro-actions), the tree branches on plans rather than single actions: a seat
    picks a plan where its scope starts (in Conquer: its first decision of a game turn) and
    follows it to the scope's end. The agent remembers the plan it chose for the current scope
    and plays it out without searching again."""

    def __init__(self, iterations: int | None = None, name: str = "mcts", level: str = "normal"):
        self.fixed_iterations = iterations
        self.level = level
        self.name = name
        self._commitment: tuple | None = None  # (scope, plan) of this agent's current plan

    @classmethod
    def at_level(cls, level: str | None) -> MCTSAgent:
        level = level or "normal"
        if level not in LEVEL_ITERATIONS:
            raise ValueError(f"unknown level {level!r}")
        return cls(None, f"mcts:{level}", level)

    def iterations_for(self, game) -> int:
        if self.fixed_iterations is not None:
            return self.fixed_iterations
        levels = hooks_for(game, self.level).levels or LEVEL_ITERATIONS
        return levels[self.level]

    def choose(self, game, view, legal, budget: Budget, rng):
        if len(legal) == 1:
            return legal[0]
        hooks = hooks_for(game, self.level)
        if hooks.plans:
            return self._choose_by_plan(game, hooks, view, legal, budget, rng)
        ranked = self.analyse(game, view, legal, budget, rng)
        return ranked[0][0]

    def _choose_by_plan(self, game, hooks, view, legal, budget, rng):
        world = game.determinize(view, rng)
        scope = hooks.plan_scope(game, world)
        if self._commitment is None or self._commitment[0] != scope:
            plan = self.plan_search(game, view, legal, budget, rng)[0][0]
            self._commitment = (scope, plan)
        return _plan_action(hooks, self._commitment[1], game, world, legal, rng)

    def analyse(self, game, view, legal, budget: Budget, rng) -> list[tuple[object, float]]:
        """The actions, best first, each with its share (see `ranked`)."""
        return [(r.action, r.share) for r in self.ranked(game, view, legal, budget, rng)]

    def ranked(self, game, view, legal, budget: Budget, rng) -> list[Ranked]:
        """The actions, best first, each with its share: of the root's visits; with plans, of
        the sampled worlds in which the plan playing that action now did best; and the mean
        return the search expects for the viewer after it."""
        hooks = hooks_for(game, self.level)
        seat = view_seat(game, view)
        if hooks.plans:
            plans = self.plan_search(game, view, legal, budget, rng)
            world = game.determinize(view, rng)
            merged: dict = {}
            for plan, mean, share in plans:
                action = _plan_action(hooks, plan, game, world, legal, rng)
                share0, mean0 = merged.get(action, (0.0, mean))
                merged[action] = (share0 + share, max(mean0, mean))
            return [Ranked(a, share, mean) for a, (share, mean) in merged.items()]
        if hooks.candidates:
            ranked = self.candidate_search(game, view, legal, budget, rng)
            if ranked is not None:
                return ranked
        root = self.search(game, view, legal, budget, rng)
        total = sum(child.visits for child in root.children.values()) or 1
        return [
            Ranked(a, _visits(root, a) / total, _mean(root.children.get(a), seat))
            for a in _ranked_edges(root, legal, seat)
        ]

    def search(self, game, view, legal, budget: Budget, rng) -> Node:
        """The tree of single actions, grown for the budget's iterations."""
        steps = Steps(game, hooks_for(game, self.level))
        limit = self._limit(game, budget)
        legal_set = set(legal)
        root: Node | None = None
        done = 0
        while done < limit and not (done and budget.exhausted(done)):
            world = game.determinize(view, rng)
            if root is None:
                root = Node(seat_count(game, world))
            self._iterate(steps, root, world, legal_set, rng)
            done += 1
        return root if root is not None else Node(1)

    def plan_search(self, game, view, legal, budget: Budget, rng) -> list[tuple[str, float, float]]:
        """The tree over plans. Common random numbers: every sampled world is played once with
        each plan at the root (later choices in the tree by UCB), so plans are compared on the
        same dice. Returns (plan, mean return, share of worlds where it did best), best first."""
        hooks = hooks_for(game, self.level)
        shared = SharedSteps(game, hooks) if hooks.pure_policies else None
        plans = list(hooks.plans)
        if len(plans) == 1:
            return [(plans[0], 0.5, 1.0)]  # a level with one plan (Conquer's easy) has no choice
        limit = self._limit(game, budget)
        seat = view_seat(game, view)
        legal_set = set(legal)
        root: Node | None = None
        best_in = dict.fromkeys(plans, 0.0)
        done = 0
        while done < limit and not (done and budget.exhausted(done)):
            world = game.determinize(view, rng)
            if root is None:
                root = Node(seat_count(game, world))
            if shared is None:
                steps = Steps(game, hooks)
            else:
                steps = shared
                steps.start(world)  # every plan is played in this world
            values = [
                self._iterate(steps, root, world, legal_set, rng, plan)[seat] for plan in plans
            ]
            top = max(values)
            winners = [plan for plan, value in zip(plans, values, strict=True) if value == top]
            for plan in winners:
                best_in[plan] += 1 / len(winners)
            done += len(plans)
        worlds = max(1, done // len(plans))
        ranked = sorted(
            plans,
            key=lambda p: (-_mean(root.children.get(p) if root else None, seat), plans.index(p)),
        )
        return [
            (p, _mean(root.children.get(p) if root else None, seat), best_in[p] / worlds)
            for p in ranked
        ]

    def candidate_search(self, game, view, legal, budget, rng) -> list[Ranked] | None:
        """Policy improvement by rollouts (Tesauro & Galperin 1997; Bertsekas' rollout
        algorithm), for a game that names its candidate moves: every sampled world is played
        once after each candidate still in the running (common random numbers: the same dice
        for all of them), the rest by the game's rollout policy, and scored at the horizon.

        The budget is spent by sequential halving (Karnin, Koren & Somekh 2013): in equal
        shares of it, the candidates are compared on fresh worlds and the worse half of the
        challengers is dropped, so the last few are compared on many more worlds than an even
        split would give them. The default candidate (the rule-based move, listed first) is
        played in every world and kept unless another beats it by more than the noise of the
        paired differences, so the search never trades a sound move for a lucky one. An
        iteration is one candidate played out in one world."""
        hooks = hooks_for(game, self.level)
        steps = Steps(game, hooks)
        seat = view_seat(game, view)
        world = game.determinize(view, rng)
        named = hooks.candidates(game, world, legal)
        if named is None:
            return None  # the game searches this decision as a tree
        found = [a for a in named if a in legal]
        moves = list(dict.fromkeys(found)) or [legal[0]]
        if len(moves) == 1:
            return [Ranked(moves[0], 1.0, 0.5)]
        limit = self._limit(game, budget)
        k = len(moves)
        played = [0] * k  # worlds each candidate was played in
        totals = [0.0] * k
        edges = [0.0] * k  # sums of the paired differences against the default
        squares = [0.0] * k  # and of their squares
        best_in = [0.0] * k
        reached = [0] * k  # the last round each candidate was in
        alive = list(range(k))
        rounds = 1 + math.ceil(math.log2(k - 1)) if k > 2 else 1
        worlds = done = 0
        stopped = False
        for round_ in range(rounds):
            share = (limit - done) // (rounds - round_)
            for i in alive:
                reached[i] = round_
            for _ in range(max(1, share // len(alive))):
                if done >= limit or (done and budget.exhausted(done)):
                    stopped = True
                    break
                world = game.determinize(view, rng)
                horizon = rollout_horizon(hooks, game, world)
                values = []
                for i in alive:
                    state = steps.apply(world, moves[i])
                    values.append(self._rollout(steps, state, rng, {}, horizon)[seat])
                top = max(values)
                winners = sum(1 for v in values if v == top)
                for i, value in zip(alive, values, strict=True):
                    played[i] += 1
                    totals[i] += value
                    edges[i] += value - values[0]
                    squares[i] += (value - values[0]) ** 2
                    if value == top:
                        best_in[i] += 1 / winners
                worlds += 1
                done += len(alive)
            if stopped:
                break
            challengers = sorted(alive[1:], key=lambda i: (-edges[i] / played[i], i))
            alive = [0, *challengers[: math.ceil(len(challengers) / 2)]]

        # The best of k noisy edges is about sqrt(2 ln k) standard errors above zero when no
        # candidate is really better: that much noise is taken off each challenger's edge.
        z = math.sqrt(2 * math.log(k)) if hooks.guard is None else hooks.guard
        base = totals[0] / played[0]

        def score(i: int) -> float:
            """The default's mean, plus the challenger's edge over it less the edge's noise."""
            n = played[i]
            if i == 0:
                return base
            if n < 2:
                return -math.inf
            edge = edges[i] / n
            spread = max(0.0, squares[i] / n - edge * edge)
            return base + edge - z * math.sqrt(spread / (n - 1))

        # the candidates that lasted longest first (a dropped one's few worlds do not outrank
        # the survivors' many), then by score
        order = sorted(range(k), key=lambda i: (-reached[i], -score(i), i))
        return [
            Ranked(moves[i], best_in[i] / worlds, totals[i] / played[i] if played[i] else 0.0)
            for i in order
        ]

    def _limit(self, game, budget: Budget) -> int:
        limit = self.iterations_for(game)
        return limit if budget.iterations is None else min(limit, budget.iterations)

    def _iterate(self, steps: Steps, root, state, root_legal, rng, forced=None):
        game, hooks = steps.game, steps.hooks
        seats = len(root.totals)
        path = [root]
        node = root
        c = hooks.exploration
        at_root = True
        plans = hooks.plans
        commitments: dict = {}  # plan scope -> the plan chosen for it on this path
        horizon = rollout_horizon(hooks, game, state)
        while True:
            mover = game.to_move(state)
            if mover is None:
                break
            if not 0 <= mover < seats:
                # a seat nobody decides for in the tree (Conquer's natives): its policy acts
                state = steps.step(None, state, rng)
                continue
            if plans:
                scope = hooks.plan_scope(game, state)
                if scope in commitments:
                    state = steps.step(commitments[scope], state, rng)
                    continue
                edges = plans
            else:
                edges = steps.legal(state)
                if at_root:
                    edges = tuple(a for a in edges if a in root_legal) or edges
            children = node.children
            if at_root and forced is not None:
                edges = (forced,)
            at_root = False
            untried = []
            best, best_score = None, -math.inf
            for a in edges:
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
            expanding = bool(untried)
            chosen = untried[rng.randrange(len(untried))] if expanding else best
            node = children[chosen]
            path.append(node)
            if plans:
                commitments[scope] = chosen
            else:
                state = steps.apply(state, chosen)
            if expanding:
                break
        returns = self._rollout(steps, state, rng, commitments, horizon)
        for n in path:
            n.visits += 1
            totals = n.totals
            for i in range(seats):
                totals[i] += returns[i]
        return returns

    def _rollout(self, steps: Steps, state, rng, commitments, horizon):
        game, hooks = steps.game, steps.hooks
        to_move, turn, apply, policy = game.to_move, game.turn, steps.apply, steps.policy
        if type(steps) is Steps and hooks.rollout_policy is not None:
            # nothing remembered: the game's apply and policy themselves, two frames fewer
            apply, policy = steps._apply, partial(hooks.rollout_policy, game)
        step, scope_of = steps.step, hooks.plan_scope
        for _ in range(hooks.rollout_depth):
            if to_move(state) is None:
                break
            if horizon is not None and turn(state) >= horizon:
                break
            if commitments:  # the seats' plans where they have one, else the rollout policy
                state = step(commitments.get(scope_of(game, state)), state, rng)
            else:
                state = apply(state, policy(state, rng))
        return steps.value(state)


def _plan_action(hooks, plan, game, state, legal, rng):
    return legal[0] if len(legal) == 1 else hooks.plans[plan](game, state, legal, rng)


def _visits(node: Node, edge) -> int:
    child = node.children.get(edge)
    return child.visits if child is not None else 0


def _ranked_edges(root: Node, edges: list, seat: int) -> list:
    """Most visited first; ties by the mean return to the seat, then by the given order."""
    order = {a: i for i, a in enumerate(edges)}
    return sorted(
        edges, key=lambda a: (-_visits(root, a), -_mean(root.children.get(a), seat), order[a])
    )


def _mean(node: Node | None, seat: int) -> float:
    if node is None or node.visits == 0 or not 0 <= seat < len(node.totals):
        return 0.0
    return node.totals[seat] / node.visits


def view_seat(game, view) -> int:
    seat = getattr(view, "seat", 0)
    return seat if isinstance(seat, int) else 0
