"""The Agent contract: an agent sees the acting seat's view, never the state.

`choose(game, view, legal, budget, rng)` returns one of `legal`. All an agent's randomness comes
from the `random.Random` it is handed, so a fixed rng seed gives a fixed decision. Search agents
stop when the `Budget` says so: an iteration cap (tests, arena), a wall-clock deadline (the TUI),
or a cancel flag set from another thread (quitting while the AI thinks).
"""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import wraps
from typing import Protocol

from core.engine import Action, Game, View


@dataclass
class Budget:
    """How long an agent may think. Any limit reached (or the cancel flag) stops the search."""

    iterations: int | None = None
    deadline: float | None = None  # a time.monotonic() value
    cancel: threading.Event = field(default_factory=threading.Event)

    @classmethod
    def seconds(cls, seconds: float, iterations: int | None = None) -> Budget:
        return cls(iterations=iterations, deadline=time.monotonic() + seconds)

    @property
    def cancelled(self) -> bool:
        return self.cancel.is_set()

    def exhausted(self, iterations_done: int) -> bool:
        if self.cancel.is_set():
            return True
        if self.iterations is not None and iterations_done >= self.iterations:
            return True
        return self.deadline is not None and time.monotonic() >= self.deadline


class Agent(Protocol):
    name: str

    def choose(
        self, game: Game, view: View, legal: Sequence[Action], budget: Budget, rng: random.Random
    ) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions: the floor every real player must beat."""

    name = "random"

    def choose(self, game, view, legal, budget, rng):
        return legal[rng.randrange(len(legal))]


class AgentError(ValueError):
    """A bad agent name. The message is a sentence for the player."""


def per_state(compute: Callable) -> Callable:
    """`compute(state)`, remembered for the state it was last asked about. States are immutable
    and a player asks the same questions of one state again and again while deciding. The
    state and its answer are kept as one pair, read in one step, so two threads deciding at
    once (a seat and the F2 hint) each get their own state's answer."""
    last: list[tuple] = [(None, None)]

    @wraps(compute)
    def remembered(state):
        seen, answer = last[0]
        if seen is not state:
            answer = compute(state)
            last[0] = (state, answer)
        return answer

    return remembered
