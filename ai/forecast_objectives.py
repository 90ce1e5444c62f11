"""The danger ahead in Objectives: Vietnam: how likely the War Weariness pool is full when this
turn or the next one ends, which is the NVA win (OV-3.7), seen from one seat's view.

The pool grows only by the reveal at a turn's start (OV-3.2), and the NVA win is checked at a
turn's end: within this turn and the next there is one reveal to come. A pool two or more short
of its limit cannot fill that soon (no sampling needed); otherwise the forecast deals worlds the
seat cannot tell from the real one (`determinize`: the other hands, the decks' order and the
face-down NVA cards resampled) and plays each out to the end of the next turn with the
rule-based players at every seat, counting the worlds where the NVA win by the pool.
"""

from __future__ import annotations

from dataclasses import dataclass

from ai.objectives import rollout_policy
from core.objectives import GAME
from core.objectives.state import OVER
from core.objectives.view import determinize

WORLDS = 24  # sampled worlds a forecast plays out (benchmarks/forecast_objectives.py: its cost)


@dataclass(frozen=True, slots=True)
class PoolForecast:
    """The chance the pool is at its limit when turn `by_turn` (the next one) ends or sooner:
    the NVA win. `worlds` 0: it cannot fill that soon, and the chance is 0 for certain."""

    chance: float
    by_turn: int
    worlds: int

    @property
    def possible(self) -> bool:
        return self.worlds > 0


def pool_forecast(view, rng, worlds: int = WORLDS) -> PoolForecast | None:
    """The chance the NVA win by the pool by the end of the next turn, from `view` alone
    (None once the game is over). Randomness only from `rng`."""
    if view.phase == OVER:
        return None
    by_turn = view.turn + 1
    if len(view.pool) + 1 < view.rules.pool_limit:
        return PoolForecast(0.0, by_turn, 0)
    lost = 0
    for _ in range(worlds):
        state = determinize(view, rng)
        while state.phase != OVER and state.turn <= by_turn:
            state = GAME.apply_unchecked(state, rollout_policy(GAME, state, rng))
        lost += (
            state.phase == OVER
            and state.result == "nva"
            and len(state.pool) >= state.rules.pool_limit
        )
    return PoolForecast(lost / worlds, by_turn, worlds)
