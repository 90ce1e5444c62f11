"""Vietnam Solitaire as a `Game`: the registry's entry point for the engine in this package."""

from __future__ import annotations

from dataclasses import replace
from typing import NamedTuple

from core.dice import Dice
from core.engine import (
    IllegalAction,
    OptionError,
    Outcome,
    resolve_options,
    turn_may_end_by_the_rules,
)
from core.solitaire import rules
from core.solitaire.board import (
    AIRCAV,
    AREA_LABELS,
    ARVN,
    GRUNT,
    NVA,
    PLACEMENT_PP,
    REGIONS,
    RESTRICTION_TEXT,
    TERRAIN,
    TRAIL_ARROW,
    TRAIL_NAMES,
    UNIT_BY_KEY,
    UNIT_NAMES,
    VC,
    place_name,
    victory_level,
    year_of,
)
from core.solitaire.state import (
    OPTIONS,
    OVER,
    REGROUP,
    RETREAT,
    STEP_TITLES,
    Rules,
    SolitaireState,
)

# The score used by search and the arena: the end turn, spread over [0, 1].
SCORE_SPAN = 19


class SolitaireView(NamedTuple):
    """The player's view: everything on the table; only the dice seed is hidden."""

    seat: int | None
    state: SolitaireState


DONE_TEXT = {
    "B2": "Done with Trail attacks: go on to raising forces (B3)",
    "B3": "Done raising and moving forces: go on to napalm and combat (B4)",
    "B3-regroup": "Done regrouping: back to raising forces",
    "B4": "Done with napalm: resolve ground combat",
    "B8": "Done redeploying AirCav: end the turn (B9)",
}


def _with_dice(s: SolitaireState, dice) -> SolitaireState:
    return replace(s, dice=dice)


class VietnamSolitaire:
    id = "solitaire"
    title = "Vietnam Solitaire"
    rules_version = 1
    seat_noun = "Player"
    seats = range(1, 2)
    options = OPTIONS
    presets = ()
    hidden_information = False

    def new(self, options, players, seed):
        if players != 1:
            raise OptionError("Vietnam Solitaire is for one player")
        values = resolve_options(self.options, options)
        if values["opt_allied"] and values["opt_historical"]:
            raise OptionError(
                "D2 Allied participation and D3 Historical game cannot be combined "
                "(the D3 chart sets the American forces)"
            )
        return rules.new_game(Rules(**values), seed)

    def to_move(self, s):
        return None if s.step == OVER else 0

    def turn(self, s):
        return s.turn

    def legal_actions(self, s):
        return rules.legal_actions(s)

    def apply(self, s, a):
        return rules.apply(s, a)

    def apply_unchecked(self, s, a):
        """For search that only plays actions taken from `legal_actions`."""
        return rules.play(s, a)

    def apply_quiet(self, s, a):
        """`apply_unchecked` recording no events: the search's sampled worlds, whose events no
        one reads (the state's `events` is empty)."""
        return rules.play(s, a, quiet=True)

    def may_end_turn(self, s, a) -> bool:
        """VS-B0.2 / VS-B0.3: whether `a` may be the player's last decision of the turn (the turn
        counter moves on, or the war ends, before the next one), by the rules alone: `a` is
        played with each face of the one die it rolls itself (a B-52 or Green Beret attack,
        VS-B2.4 / VS-B2.5; a napalm, VS-B4.2), and what needs more dice after it (ground combat
        VS-B4.3, the enemy's steps VS-B5..B7, the restriction roll VS-B9.3) may end the turn.
        For example: a napalm on the last enemy unit on the map may, hit or miss (should it hit,
        B4 has nothing left to napalm), one with other enemy units left may not; `done` in B4
        and every fight-on (VS-B4.8) may; a B-52 strike may not, unless under `pp_check =
        immediate` its PP reach 14 and end the war before its die (VS-Q10, VS-Q72)."""
        return turn_may_end_by_the_rules(self, s, a, _with_dice, draws=1)

    def stages(self, s, a) -> tuple[SolitaireState, ...]:
        """The positions an action passes through (each with its own events), last = apply."""
        if a not in rules.legal_actions(s):
            rules.apply(s, a)  # raises IllegalAction with the reason
        stages: list[SolitaireState] = []
        final = rules.play(s, a, stages)
        if not stages or replace(stages[-1], events=()) != replace(final, events=()):
            stages.append(replace(final, events=()))  # the last steps changed nothing visible
        return tuple(stages)

    def places_of(self, a) -> tuple[tuple[str, int], ...]:
        """Where an action acts: ("area", place) and ("trail", trail area) pairs."""
        verb = a[0]
        if verb in ("b52", "gb"):
            return (("trail", a[1]),)
        if verb in ("place", "remove", "deploy", "withdraw"):
            return (("area", a[2]),)
        if verb in ("move", "regroup"):
            return (("area", a[2]), ("area", a[3]))
        if verb in ("napalm", "free_grunt", "retreat"):
            return (("area", a[1]),)
        if verb == "redeploy":
            return (("area", a[1]), ("area", a[2]))
        return ()

    def events(self, s):
        return s.events

    def outcome(self, s):
        if s.step != OVER:
            return None
        index, level, film = victory_level(s.end_turn)
        label = f'{level}: "{film}"'
        sentence = (
            f"{label}. The war ended on turn {s.end_turn} ({year_of(s.end_turn)}): {s.end_reason}."
        )
        score = min(1.0, (s.end_turn - 1) / SCORE_SPAN)
        return Outcome((score,), sentence, (0,) if index >= 3 else (), label)

    def observe(self, s, seat):
        return SolitaireView(seat, replace(s, dice=None))

    def determinize(self, view, rng):
        return replace(view.state, dice=Dice(rng.getrandbits(64)))

    def describe(self, s, a):
        verb = a[0]
        if verb == "done":
            return DONE_TEXT.get(s.step, "Done")
        if verb == "b52":
            return f"B-52 strike on {TRAIL_NAMES[a[1]]} (+2 PP; 1-4 removes a counter)"
        if verb == "gb":
            return f"Green Beret raid on {TRAIL_NAMES[a[1]]} (+1 PP; 1-2 removes a counter)"
        if verb == "place":
            unit = UNIT_BY_KEY[a[1]]
            cost = "" if s.rules.opt_historical else f" (+{PLACEMENT_PP[unit]} PP)"
            return f"Raise {UNIT_NAMES[unit]} in {place_name(a[2])}{cost}"
        if verb == "move":
            unit = UNIT_BY_KEY[a[1]]
            cost = " (+1 PP)" if unit == GRUNT and not s.rules.opt_historical else " (free)"
            return f"Move {UNIT_NAMES[unit]} {place_name(a[2])} → {place_name(a[3])}{cost}"
        if verb == "regroup":
            return (
                f"Regroup {UNIT_NAMES[UNIT_BY_KEY[a[1]]]} {place_name(a[2])} → "
                f"{AREA_LABELS[a[3] % 4]} (free)"
            )
        if verb == "napalm":
            cost = "" if s.rules.opt_historical else "+1 PP; "
            return (
                f"Napalm a {UNIT_NAMES[UNIT_BY_KEY[a[2]]]} in {place_name(a[1])} "
                f"({cost}1-4 destroys it)"
            )
        if verb == "fight":
            return f"Fight on in {place_name(s.combat_place)}"
        if verb == "retreat":
            return f"Retreat from {place_name(s.combat_place)} to {place_name(a[1])}"
        if verb == "redeploy":
            return f"Redeploy AirCav {place_name(a[1])} → {place_name(a[2])}"
        if verb == "remove":
            return f"Withdraw a {UNIT_NAMES[UNIT_BY_KEY[a[1]]]} from {place_name(a[2])} (B9 result)"
        if verb == "free_grunt":
            return f"Place a free Grunt in {place_name(a[1])} (D2)"
        if verb == "deploy":
            return f"Deploy a {UNIT_NAMES[UNIT_BY_KEY[a[1]]]} to {place_name(a[2])} (D3 chart)"
        if verb == "withdraw":
            return f"Withdraw a {UNIT_NAMES[UNIT_BY_KEY[a[1]]]} from {place_name(a[2])} (D3 chart)"
        raise IllegalAction(f"unknown action {a!r}")

    def to_json(self, view):
        s = view.state
        regions = {}
        for r, name in enumerate(REGIONS):
            areas = {}
            for a, label in enumerate(AREA_LABELS):
                u = s.units[r * 4 + a]
                counts = {k: n for k, n in zip(UNIT_NAMES, u, strict=True) if n}
                areas[label] = {"terrain": TERRAIN[r][a], **counts}
            regions[name] = areas
        data = {
            "turn": s.turn,
            "year": year_of(s.turn),
            "step": STEP_TITLES.get(s.step, s.step),
            "political_points": None if s.rules.opt_historical else s.pp,
            "restriction": RESTRICTION_TEXT.get(s.restriction, "none"),
            "trail": {
                TRAIL_NAMES[t]: {"counters": s.trail[t], "to": REGIONS[TRAIL_ARROW[t]]}
                for t in range(6)
            },
            "regions": regions,
            "b52_used": s.b52_used,
            "green_berets_used": s.gb_used,
            "markers": [list(m) for m in s.markers],
        }
        if s.step == RETREAT:
            data["combat"] = rules.pending_combat_summary(s)
        if s.step == REGROUP:
            data["regroup_region"] = "all" if s.regroup_region < 0 else REGIONS[s.regroup_region]
        if s.step == OVER:
            data["ended"] = {"turn": s.end_turn, "reason": s.end_reason}
        return data

    # helpers the screen and the AI use
    def unit_totals(self, s) -> dict[str, int]:
        return {UNIT_NAMES[u]: sum(x[u] for x in s.units) for u in (VC, NVA, ARVN, GRUNT, AIRCAV)}


GAME = VietnamSolitaire()
