"""What one action set off, shown one position at a time.

An AI seat's move, or the enemy's automatic steps after the player's, pass through several
positions (`game.stages`); the screen shows each for a moment with the places it changed lit up,
and its events in the log, and Space or Esc skips to the end. `Playback` holds the positions still
to show; the screen owns the timer. No Textual in here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Stage:
    """One position of a playback: the one before it, itself, and the events that led to it."""

    before: Any
    state: Any
    events: tuple
    seat: int | None  # whose action is being played out
    last: bool  # the final position (the game's current one)


class Playback:
    def __init__(self) -> None:
        self._queue: list[tuple[Any, tuple]] = []
        self._before: Any = None
        self._seat: int | None = None
        self.shown: Any = None  # the position on the board while an earlier one is shown

    def start(self, seat: int | None, before, positions) -> None:
        """Play out an action of `seat` from `before` through `positions`, each a position
        with the events that led to it (the last is the game's current position)."""
        self._queue = list(positions)
        self._before = before
        self._seat = seat

    @property
    def pending(self) -> int:
        """Positions still to show."""
        return len(self._queue)

    def step(self) -> Stage:
        """The next position to show."""
        state, events = self._queue.pop(0)
        stage = Stage(self._before, state, events, self._seat, not self._queue)
        self._before = state
        self.shown = None if stage.last else state
        return stage

    def rest(self) -> list[Stage]:
        """Every position still to show, at once (Space, Esc)."""
        stages = []
        while self._queue:
            stages.append(self.step())
        return stages
