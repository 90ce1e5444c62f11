"""Setting up Vietnam Solitaire positions the way the rulebook's examples do."""

from __future__ import annotations

from dataclasses import replace

from core.dice import Dice, LoadedDice
from core.solitaire import GAME, Rules
from core.solitaire.board import PLACES, UNIT_BY_KEY, place
from core.solitaire.rules import run
from core.solitaire.state import SolitaireState, Work

REGION = {"hue": 0, "highlands": 1, "cuchi": 2, "saigon": 3, "mekong": 4}
AREA = {"1-2": 0, "3-4": 1, "5": 2, "6": 3}


def at(region: str, area: str) -> int:
    """`at("hue", "1-2")` -> the place index."""
    return place(REGION[region], AREA[area])


def board(**where) -> tuple:
    """`board(hue_12={"vc": 1, "arvn": 2})` -> a units tuple (everything else empty)."""
    units = [[0] * 5 for _ in PLACES]
    for key, counts in where.items():
        region, area = key.rsplit("_", 1)
        p = at(region, {"12": "1-2", "34": "3-4", "5": "5", "6": "6"}[area])
        for unit, n in counts.items():
            units[p][UNIT_BY_KEY[unit]] = n
    return tuple(tuple(u) for u in units)


def position(
    step: str, units=None, faces=(), trail=(0,) * 6, turn=1, pp=1, rules=None, strict=True, **fields
) -> SolitaireState:
    """A state at `step` with these units and exactly these dice faces to come (`strict=False`:
    then seeded dice once they run out)."""
    return SolitaireState(
        rules=rules or Rules(),
        dice=LoadedDice(tuple(faces), strict=strict) if faces is not None else Dice(1),
        turn=turn,
        pp=pp,
        step=step,
        units=units if units is not None else board(),
        trail=tuple(trail),
        **fields,
    )


def run_step(state: SolitaireState, step: str | None = None) -> SolitaireState:
    """Run the automatic steps from `step` until the player must decide."""
    w = Work(replace(state, step=step) if step else state)
    run(w)
    return w.freeze()


def counts(state, region: str, area: str) -> dict:
    u = state.units[at(region, area)]
    return {k: n for k, n in zip(("vc", "nva", "arvn", "grunt", "aircav"), u, strict=True) if n}


def play(state, *actions):
    for a in actions:
        state = GAME.apply(state, a)
    return state


def dice_left(state) -> tuple:
    return state.dice.faces


def work(state) -> Work:
    """A mutable copy, to run one rule function on its own."""
    return Work(state)
