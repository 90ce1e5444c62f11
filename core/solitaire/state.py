"""The immutable state of a Vietnam Solitaire game, its options, and the scratch copy `apply` uses.

`apply` thaws a state into a `Work` (plain lists), runs the rules on it, and freezes the result:
the rules read like the rulebook's procedures while every state that leaves the engine stays an
immutable value.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from core.dice import Dice
from core.engine import Event, Option
from core.scratch import Recording, copiers

# Decision steps (the player acts) and automatic steps (the engine runs them).
SETUP_D2 = "D2"  # place the free Grunts of D2 (VS-D8)
ADJUST_D3 = "D3"  # match the historical chart (VS-D9)
TRAIL_ATTACK = "B2"  # VS-D1
BUILD = "B3"  # VS-D2
REGROUP = "B3-regroup"  # VS-D3
NAPALM = "B4"  # VS-D4
RETREAT = "retreat"  # VS-D5
REDEPLOY = "B8"  # VS-D6
REMOVE_US_UNIT = "B9-remove"  # VS-D7
OVER = "over"
DECISION_STEPS = (
    SETUP_D2,
    ADJUST_D3,
    TRAIL_ATTACK,
    BUILD,
    REGROUP,
    NAPALM,
    RETREAT,
    REDEPLOY,
    REMOVE_US_UNIT,
)

STEP_TITLES = {
    SETUP_D2: "Setup: free Grunts (D2)",
    ADJUST_D3: "Historical chart (D3)",
    TRAIL_ATTACK: "B2 Trail attacks",
    BUILD: "B3 Raise / move forces",
    REGROUP: "B3 AirCav regroup",
    NAPALM: "B4 Napalm",
    RETREAT: "Ground combat",
    REDEPLOY: "B8 AirCav redeployment",
    REMOVE_US_UNIT: "B9 Remove a US unit",
    OVER: "Game over",
}

OPTIONS = (
    Option(
        "trail_growth",
        "per_die",
        "B1: each die places a counter in its numbered Trail area "
        "(per_die), or the 2d6 total picks one area (sum_2d6, an easier game)",
        choices=("per_die", "sum_2d6"),
        label="Trail growth",
        rule="VS-Q6",
    ),
    Option(
        "vc_per_turn",
        1,
        "B5: VC uprisings per turn",
        choices=(1, 2),
        label="VC per turn",
        rule="VS-Q33",
    ),
    Option(
        "retreat",
        "next",
        "Retreat only to the next higher area, or to any higher area",
        choices=("next", "any_higher"),
        label="Retreat",
        rule="VS-Q29",
    ),
    Option(
        "pp_check",
        "b9_only",
        "The game ends when PP reach 14 at B9 only, or the moment they do",
        choices=("b9_only", "immediate"),
        label="PP check",
        rule="VS-Q10",
    ),
    Option(
        "opt_shortened",
        False,
        "D1 Shortened game: no starting Trail counters, but any number "
        "per Trail area, one NVA each",
        label="D1 Shortened game",
        rule="VS-D1",
    ),
    Option(
        "opt_allied",
        False,
        "D2 Further Allied participation: 2 free Grunts at the start and a larger Grunt limit",
        label="D2 Allied participation",
        rule="VS-D2",
    ),
    Option(
        "d2_grunt_limit",
        8,
        "D2: the Grunt limit with Allied participation",
        choices=(8, 6),
        label="D2 Grunt limit",
        rule="VS-Q54",
        advanced=True,
    ),
    Option(
        "opt_historical",
        False,
        "D3 Historical game: no Political Points; a yearly chart sets "
        "your forces; hold two regions as long as you can",
        label="D3 Historical game",
        rule="VS-D3",
    ),
    Option(
        "d3_held",
        "presence",
        "D3: a region is held with any player unit in it (presence) or "
        "only with no enemy in it (exclusive)",
        choices=("presence", "exclusive"),
        label="D3 held region",
        rule="VS-Q60",
        advanced=True,
    ),
    Option(
        "aircav_regroup",
        "placed_region",
        "B3: placing an AirCav lets you regroup the units "
        "of its region (placed_region) or every region (all_regions)",
        choices=("placed_region", "all_regions"),
        label="AirCav regroup",
        rule="VS-Q19",
        advanced=True,
    ),
    Option(
        "insurgency_timing",
        "batch",
        "B5/B6: new NVA/VC units fight after all of B5's placements (batch), or each one the "
        "moment it is placed among your units (per_placement)",
        choices=("batch", "per_placement"),
        label="Insurgency timing",
        rule="VS-Q39",
        advanced=True,
    ),
    Option(
        "offensive_no_contact",
        "one_step",
        "B7 in a region without your units: the enemy moves one area (one_step) or stays (none)",
        choices=("one_step", "none"),
        label="Offensive without contact",
        rule="VS-Q42",
        advanced=True,
    ),
    Option(
        "aircav_redeploy_scope",
        "area",
        "B8: AirCav may redeploy to an enemy-free area, or only into an enemy-free region",
        choices=("area", "region"),
        label="AirCav redeploy",
        rule="VS-Q45",
        advanced=True,
    ),
    Option(
        "b9_region_pp",
        "rules",
        "B9 region PP: the rules text (+2 enemy-only, -1 yours-only) "
        "or the English map panel (-2 / +1)",
        choices=("rules", "map_panel"),
        label="B9 region PP",
        rule="VS-Q46",
        advanced=True,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    """The option values of one game (stored in the state, so the rules travel with it)."""

    trail_growth: str = "per_die"
    vc_per_turn: int = 1
    retreat: str = "next"
    pp_check: str = "b9_only"
    opt_shortened: bool = False
    opt_allied: bool = False
    d2_grunt_limit: int = 8
    opt_historical: bool = False
    d3_held: str = "presence"
    aircav_regroup: str = "placed_region"
    insurgency_timing: str = "batch"
    offensive_no_contact: str = "one_step"
    aircav_redeploy_scope: str = "area"
    b9_region_pp: str = "rules"


@dataclass(frozen=True, slots=True)
class SolitaireState:
    rules: Rules
    dice: Dice | None
    turn: int
    pp: int
    step: str
    # units[place] = (VC, NVA, ARVN, Grunt, AirCav) counts in each of the 20 areas
    units: tuple[tuple[int, int, int, int, int], ...]
    trail: tuple[int, ...]  # Trail counters in each of the six Trail areas
    restriction: int = 0  # the B9 result in force this turn (0: none, turn 1)
    b52_used: int = 0
    gb_used: int = 0
    napalm_used: int = 0
    arvn_placed: int = 0
    moved: tuple[tuple[int, int], ...] = ()  # (Grunts, AirCav) that moved into each area this step
    regroup_region: int = -1  # the region of a pending AirCav regroup (-1: every region)
    regrouped: tuple[tuple[int, int], ...] = ()  # (ARVN, Grunts) regrouped into each area
    combat_place: int = -1  # where a retreat decision is pending
    combat_round: int = 0
    combat_queue: tuple[int, ...] = ()  # areas still to fight in the current step
    combat_resume: str = ""  # the automatic step after the combats
    placements_done: int = 0  # B5 placement procedures made so far (VS-Q39 per_placement)
    offensive_queue: tuple[int, ...] = ()  # regions whose B7 offensive is still to come
    free_grunts: int = 0  # D2 Grunts still to place at setup
    markers: tuple[tuple[str, int], ...] = ()  # ("b52"|"gb", trail) / ("napalm", place) this turn
    pp_history: tuple[int, ...] = ()  # PP at the end of each finished turn (B9)
    end_turn: int = 0  # the turn the game ended on (0: running)
    end_reason: str = ""
    events: tuple[Event, ...] = field(default=(), compare=True)

    @property
    def players(self) -> int:
        return 1

    @property
    def over(self) -> bool:
        return self.step == OVER


FIELDS = tuple(f.name for f in fields(SolitaireState))
_load, _build = copiers(SolitaireState, ("units", "trail", "moved", "regrouped", "events"))


class Work(Recording):
    """A mutable copy of a state for the length of one `apply` (a quiet one records no
    events: see `Recording`)."""

    __slots__ = (*FIELDS, "log", "stages", "_staged", "quiet")

    def __init__(self, s: SolitaireState, quiet: bool = False) -> None:
        _load(self, s)
        # each area's counts stay a tuple, replaced by `add_units` and `set_units` (a step
        # changes an area or two: nothing is copied for the others)
        self.units = list(s.units)
        self.trail = list(s.trail)
        self.moved = list(map(list, s.moved)) if s.moved else None
        self.regrouped = list(map(list, s.regrouped)) if s.regrouped else None
        self.log: list[Event] = []
        self.quiet = quiet
        self.stages: list[SolitaireState] | None = None  # only when the screen asks for them
        self._staged = 0

    def freeze(self) -> SolitaireState:
        return _build(
            self,
            tuple(self.units),
            tuple(self.trail),
            tuple(map(tuple, self.moved)) if self.moved else (),
            tuple(map(tuple, self.regrouped)) if self.regrouped else (),
            tuple(self.log),
        )

    def checkpoint(self) -> None:
        """Record the position so far (with the events since the last checkpoint), so a screen
        can play the enemy's steps out one by one. Free unless stages were asked for."""
        if self.stages is None or len(self.log) == self._staged:
            return
        stage = self.freeze()
        self.stages.append(replace(stage, events=stage.events[self._staged :]))
        self._staged = len(self.log)

    def add_units(self, p: int, unit: int, n: int) -> None:
        """n more units of one kind in area p (fewer for n < 0)."""
        u = self.units[p]
        self.units[p] = (*u[:unit], u[unit] + n, *u[unit + 1 :])

    def set_units(self, p: int, unit: int, count: int) -> None:
        u = self.units[p]
        self.units[p] = (*u[:unit], count, *u[unit + 1 :])

    # small helpers the rules use everywhere
    def roll(self) -> int:
        face, self.dice = self.dice.d6()
        return face
