"""Playing whole games between agents, with no screen: `simulate`, the arena, benchmarks.

Every agent decides from its own seat's view. Each seat gets its own `random.Random`, seeded from
the game seed and the seat, so a game is reproducible from (seed, agents) alone.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ai.base import Agent, Budget
from core.engine import Action, Game, Outcome


def seat_rng(seed: int, seat: int) -> random.Random:
    """The agent rng of one seat in one game (string seeding is stable across runs)."""
    return random.Random(f"objective:{seed}:{seat}")


AUTOMATIC_AGENTS = {"natives": "ai.natives:NativesAgent"}


def automatic_agent(game: Game, seat: int) -> Agent | None:
    """The agent of a seat no player fills (Conquer's natives), if the game has one: the game
    names the kind (`automatic_seat`), the agents live here in ai/."""
    kind = getattr(game, "automatic_seat", None)
    if kind is None:
        return None
    module, _, name = AUTOMATIC_AGENTS[kind].partition(":")
    return getattr(import_module(module), name)()


@dataclass(frozen=True)
class Step:
    """One action of a finished game, as the trace writes it."""

    seq: int
    seat: int
    action: Action
    text: str
    state: Any  # the state after the action


@dataclass(frozen=True)
class GameResult:
    seed: int
    players: int
    final: Any
    actions: tuple[Action, ...]
    outcome: Outcome


@dataclass(frozen=True)
class Move:
    """One action as `play_steps` yields it: the position it was taken in and the one after."""

    before: Any
    seat: int
    legal: list[Action]
    action: Action
    after: Any

    @property
    def chosen(self) -> bool:
        """Whether an agent chose it (a single legal action is played without asking)."""
        return len(self.legal) > 1


class Explaining:
    """An agent that keeps the reason for its last choice, when it can give one (an agent with
    `explain(game, view, legal, budget, rng) -> (action, reason)`): `simulate --explain`."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.name = getattr(agent, "name", type(agent).__name__)
        self.last = ""

    def choose(self, game, view, legal, budget, rng):
        explain = getattr(self.agent, "explain", None)
        if explain is None:
            self.last = ""
            return self.agent.choose(game, view, legal, budget, rng)
        action, self.last = explain(game, view, legal, budget, rng)
        return action


def play_steps(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: Callable[[], Budget] = lambda: Budget(iterations=200),
) -> Iterator[Move]:
    """Play one game action by action: `agents[i]` fills seat i, automatic seats use the game's
    own agent. Stop iterating to stop the game."""
    players = len(agents)
    state = game.new(dict(options or {}), players, seed)
    rngs: dict[int, random.Random] = {}
    while (seat := game.to_move(state)) is not None:
        agent = agents[seat] if 0 <= seat < players else automatic_agent(game, seat)
        if agent is None:
            raise RuntimeError(f"{game.title}: nobody plays seat {seat}")
        legal = game.legal_actions(state)
        if len(legal) == 1:
            action = legal[0]
        else:
            rng = rngs.setdefault(seat, seat_rng(seed, seat))
            action = agent.choose(game, game.observe(state, seat), legal, budget(), rng)
        after = game.apply(state, action)
        yield Move(state, seat, legal, action, after)
        state = after


def play_game(
    game: Game,
    agents: Sequence[Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: Callable[[], Budget] = lambda: Budget(iterations=200),
    on_step: Callable[[Step], None] | None = None,
    max_actions: int = 200_000,
) -> GameResult:
    """Play one game to its end: `agents[i]` fills seat i; automatic seats use the game's own
    agent."""
    state = None
    actions: list[Action] = []
    for move in play_steps(game, agents, seed, options, budget):
        state = move.after
        actions.append(move.action)
        if on_step:
            text = game.describe(move.before, move.action)
            on_step(Step(len(actions), move.seat, move.action, text, state))
        if len(actions) == max_actions:
            break
    outcome = game.outcome(state) if state is not None else None
    if outcome is None:
        raise RuntimeError(f"{game.title}: seed {seed} did not end within {max_actions} actions")
    return GameResult(seed, len(agents), state, tuple(actions), outcome)
