"""The Vietnam Solitaire screen: the region map, the combat panel, the enemy's turn played out.

Everything the generic game screen does (action picker, log, AI worker, undo, saves, playback,
"since your last move", game over) is inherited; this screen adds the map as the board, narrows
the picker to the place selected on it, lights the places the highlighted action is about, opens
the combat panel for every fight-or-retreat decision (f and r decide whatever has focus), tells
the enemy's doings in plain sentences, and keeps the goal in sight: PP under 14 at B9.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from core.solitaire.board import (
    ENEMY_UNITS,
    PLAYER_UNITS,
    PP_LIMIT,
    REGIONS,
    RESTRICTION_TEXT,
    TRAIL_NAMES,
    UNIT_BY_KEY,
    UNIT_NAMES,
    place_name,
    victory_level,
    year_of,
)
from core.solitaire.events import SolitaireEvent as K
from core.solitaire.state import OPTIONS, STEP_TITLES
from tui.screens.game import GameScreen
from tui.widgets.region_map import RegionMap
from tui.widgets.story import StoryLine

if TYPE_CHECKING:
    from tui.widgets.action_picker import ActionPicker
    from tui.widgets.combat_panel import CombatPanel

PAUSES = (0.0, 0.1, 0.25, 0.45, 0.8)


def non_default_options(rules) -> list[str]:
    return [
        f"{o.title}: {getattr(rules, o.key)}" for o in OPTIONS if getattr(rules, o.key) != o.default
    ]


class SolitaireScreen(GameScreen):
    CSS_PATH = "solitaire.tcss"
    BINDINGS = [
        Binding(
            "ctrl+t",
            "focus_map",
            "Map",
            id="solitaire.map",
            tooltip="Move the cursor over the map (arrows, Enter selects)",
        ),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False, id="solitaire.faster"),
        Binding("minus", "speed(-1)", "Slower", show=False, id="solitaire.slower"),
        Binding("f", "combat('fight')", "Fight on", show=False, id="solitaire.fight"),
        Binding("r", "combat('retreat')", "Retreat", show=False, id="solitaire.retreat"),
    ]
    HELP_NOTES = (
        "The goal: keep the Political Points under 14 at the end of each turn (B9) for as long as "
        "you can; 1975 (turn 13) is a major victory. PP start each turn at the turn number, and "
        "every action's cost is shown beside it (“+2 PP”).\n"
        "The map: Ctrl+T (or a click) moves there; arrows move the cursor over areas and Trail "
        "areas; Enter selects one and the action list shows only what can be done there; Esc "
        "shows everything again. Moving through the action list lights up the places each "
        "action is about.\n"
        "The enemy's steps play out one at a time, the places they change lit: Space or Esc skips "
        "to the end, + and - change the speed. In a fight, f fights on and r retreats, whatever "
        "has the keyboard."
    )

    def __init__(self, session, save_path=None) -> None:
        super().__init__(session, save_path)
        self._rounds: dict[int, list] = {}
        self._fighting_at = -1
        self._pause_index: int | None = None

    # --- layout ------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield RegionMap(id="region-map")

    async def build_after_first_frame(self) -> None:
        from tui.widgets.combat_panel import CombatPanel

        await self.query_one("#board").mount(CombatPanel(id="combat-panel"))
        self.update_board()

    @property
    def region_map(self) -> RegionMap:
        return self.query_one("#region-map", RegionMap)

    def on_mount(self) -> None:
        # (Textual also runs GameScreen.on_mount: handlers run for every class in the MRO)
        if self.session.actions:  # resumed: a fight in progress shows its rounds so far
            self._note_rounds(self.session.state.events)
            self.update_board()

    def update_board(self, state=None) -> None:
        current = state is None or state is self.session.state
        state = state if state is not None else self.session.state
        self.region_map.show(state)
        legal = self.session.legal() if current else ()
        panels = self.query("#combat-panel")
        if not panels:
            return
        panel = panels.first()
        was_active = panel.has_class("-active")
        panel.show(state if current else None, self._rounds.get(state.combat_place, []), legal)
        if state.step == "retreat" and current and self.session.human_to_move:
            self.call_after_refresh(self._focus_combat)
        elif was_active and not panel.has_class("-active"):
            self.call_after_refresh(self.focus_picker)  # the panel closed: back to the list

    def _focus_combat(self) -> None:
        buttons = self.query("CombatPanel Button")
        if buttons:
            buttons.first().focus()

    def status_text(self) -> str:
        s = self.session.state
        parts = [f"Turn {s.turn} ({year_of(s.turn)})", STEP_TITLES.get(s.step, s.step)]
        if not s.rules.opt_historical:
            parts.append(f"PP {s.pp}")
        text = " · ".join(parts)
        if not s.rules.opt_historical and s.pp >= PP_LIMIT - 2 and not self.session.over:
            text += f"\n⚠ PP {s.pp}: at {PP_LIMIT} when the turn ends, the war is over"
        extras = non_default_options(s.rules)
        if extras:
            text += "\n" + " · ".join(extras)
        return text

    def goal_text(self) -> str:
        s = self.session.state
        if self.session.over:
            return ""
        _, level, _ = victory_level(s.turn)
        if s.rules.opt_historical:
            return f"Goal: hold two regions till 1975 · now: {level}"
        return f"Goal: PP < {PP_LIMIT} at B9 till 1975 · now: {level}"

    def picker_notes(self) -> list[str]:
        s = self.session.state
        notes = []
        if s.step == "B3" and not any(a[0] == "move" for a in self.session.legal()):
            notes.append("No Grunt or AirCav can move yet (each moves once in B3).")
        if not s.rules.opt_historical and s.step in ("B2", "B3", "B4"):
            left = PP_LIMIT - 1 - s.pp
            if left >= 0:
                notes.append(f"{left} PP to spend before B9 puts you at the limit (13).")
            else:
                notes.append(f"PP {s.pp}: only regions held alone by you can bring it down at B9.")
        return notes

    def empty_reason(self) -> str:
        return "The enemy is moving."

    # --- selection and highlights -------------------------------------------------------------

    def on_region_map_selected(self, message: RegionMap.Selected) -> None:
        target = message.target
        if target is None:
            self.picker.narrow(None)
            return
        kind, index = target
        label = TRAIL_NAMES[index] if kind == "trail" else place_name(index)
        places_of = self.session.game.places_of
        self.picker.narrow(lambda a: target in places_of(a), label)

    def on_action_picker_highlighted(self, message: ActionPicker.Highlighted) -> None:
        action = message.action
        places = self.session.game.places_of(action) if action is not None else ()
        self.region_map.highlight(places)

    def light_places(self, places) -> None:
        self.region_map.highlight(places or ())

    def mark_changed(self, places: set) -> None:
        self.region_map.mark_changed(places)

    def changed_places(self, before, after) -> set:
        changed = {("area", p) for p in range(20) if before.units[p] != after.units[p]}
        changed |= {("trail", t) for t in range(6) if before.trail[t] != after.trail[t]}
        return changed

    def clear_board_selection(self) -> bool:
        if self.region_map.selected is not None:
            self.region_map.select(None)
            return True
        return False

    def on_combat_panel_decided(self, message: CombatPanel.Decided) -> None:
        self.choose(message.action)

    def action_combat(self, kind: str) -> None:
        legal = [a for a in self.session.legal() if a[0] == kind]
        if legal:
            self.choose(legal[0])

    def panel_keys(self) -> dict[str, str]:
        keys = super().panel_keys()
        if self.session.state.step == "retreat" and self.session.human_to_move and not self.busy:
            keys.update({"f": "combat('fight')", "r": "combat('retreat')"})
        return keys

    def action_focus_map(self) -> None:
        self.region_map.focus()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "combat":
            return self.session.state.step == "retreat"
        if action == "speed":
            return self.playing_back
        return super().check_action(action, parameters)

    def _show_hint(self, token: int, found) -> None:
        super()._show_hint(token, found)
        if token == len(self.session.actions) and found is not None:
            self.region_map.highlight(self.session.game.places_of(found.best))

    def hint_mark(self, ranked) -> str:
        """The solitaire's search compares a few candidate moves on the same dice (it does not
        share its effort out), so each marked move shows the end turn it leads to on average;
        the first is the one played: the rule-based move unless another is clearly better."""
        return f"turn {self.expected_turn(ranked.value):.1f}"

    def hint_outcome(self, value: float) -> str:
        return f"the war lasting to about turn {self.expected_turn(value):.1f}"

    @staticmethod
    def expected_turn(value: float) -> float:
        from core.solitaire.game import SCORE_SPAN

        return 1 + value * SCORE_SPAN

    # --- the story of the enemy's steps ---------------------------------------------------------

    def story_lines(self, before, after, events, actor, text) -> list[StoryLine]:
        """The enemy's placements and attacks, the fights and what they cost, the B9 count."""
        self._note_rounds(events)
        lines = []
        for event in events:
            told = story_line(event)
            if told is not None:
                lines.append(told)
        return lines

    def summary_lines(self, before, after) -> list[StoryLine]:
        lines = []
        lost = [
            sum(u[k] for u in before.units) - sum(u[k] for u in after.units) for k in PLAYER_UNITS
        ]
        killed = [
            sum(u[k] for u in before.units) - sum(u[k] for u in after.units) for k in ENEMY_UNITS
        ]
        if not after.rules.opt_historical and (after.pp != before.pp or after.turn != before.turn):
            if after.turn != before.turn:
                lines.append(StoryLine(f"A new year: PP set to {after.pp} (turn {after.turn})."))
            else:
                lines.append(StoryLine(f"PP {before.pp} → {after.pp}."))
        yours = ", ".join(
            f"{n} {name}"
            for n, name in zip(lost, ("ARVN", "Grunt", "AirCav"), strict=True)
            if n > 0
        )
        theirs = ", ".join(
            f"{n} {name}" for n, name in zip(killed, ("VC", "NVA"), strict=True) if n > 0
        )
        if yours:
            lines.append(StoryLine(f"You lost {yours}.", style="loss"))
        if theirs:
            lines.append(StoryLine(f"The NVA/VC lost {theirs}.", style="gain"))
        return lines

    # --- the combat panel's rounds -------------------------------------------------------------

    @property
    def pause(self) -> float:
        if self._pause_index is not None:
            return PAUSES[self._pause_index]
        return super().pause

    def action_speed(self, step: int) -> None:
        index = self._pause_index
        if index is None:
            index = min(range(len(PAUSES)), key=lambda i: abs(PAUSES[i] - super().pause))
        self._pause_index = max(0, min(len(PAUSES) - 1, index - step))
        self.notify(f"Enemy steps: {PAUSES[self._pause_index]:.2f} s each", timeout=1.5)

    def _show_stage(self, stage) -> None:
        super()._show_stage(stage)
        if not stage.last:
            self.query_one("#combat-panel").show(None, [], ())

    def _note_rounds(self, events) -> None:
        """Collect each round's dice by area for the combat panel."""
        for event in events:
            if event.kind is K.COMBAT_BEGAN:
                self._fighting_at = event["place"]
                self._rounds[self._fighting_at] = []
                continue
            if event.kind is not K.COMBAT_ROLL or self._fighting_at < 0:
                continue
            number, unit = event["round"], UNIT_NAMES[UNIT_BY_KEY[event["unit"]]]
            rounds = self._rounds.setdefault(self._fighting_at, [])
            if not rounds or rounds[-1][0] != number:
                rounds.append((number, []))
            rounds[-1][1].append((unit, event.dice[0], event["hit"]))

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        s = self.session.state
        _, level, film = victory_level(s.end_turn)
        return [
            f"Victory level: {level}, \u201c{film}\u201d",
            f"Turn reached: {s.end_turn} ({year_of(s.end_turn)})",
        ]


# the facts the story tells in the event's own sentence (besides the war lost on PP): the new
# units' attack, the B7 offensives, the B9 count, a retreat, a redeployment, a fight's result
STORY_NOTES = frozenset(
    (
        K.INSURGENCY,
        K.OFFENSIVE,
        K.PP_CHANGED,
        K.FORCES_RETREATED,
        K.UNIT_REDEPLOYED,
        K.COMBAT_ROUND,
    )
)


def story_line(event) -> StoryLine | None:
    """The story's line for an event, or None for one it leaves to the log: a die of a fight, a
    strike or a napalm (the fight's own line says what it did), a B5 region roll (the
    placement's line says where), the player's own raising and moving."""
    kind = event.kind
    if kind is K.VC_REGION_ROLL:
        return StoryLine("No VC this turn.") if event["region"] is None else None
    if kind in (K.VC_AREA_ROLL, K.NVA_AREA_ROLL):
        unit = "VC" if kind is K.VC_AREA_ROLL else "NVA"
        p = event["place"]
        return StoryLine(f"1 {unit} placed in {place_name(p)}.", (("area", p),))
    if kind is K.TRAIL_GROWTH_ROLL:
        grown = "; ".join(
            f"{TRAIL_NAMES[t]} +1 (now {n})" if added else f"{TRAIL_NAMES[t]} already has a counter"
            for t, added, n in zip(event["targets"], event["added"], event["counters"], strict=True)
        )
        return StoryLine(f"The Trail grows: {grown}.", event.places)
    if kind is K.OFFENSIVE_ROLL:
        return StoryLine(f"Offensive roll: {_offensive_result(event)}.")
    if kind is K.RESTRICTION_ROLL:
        return StoryLine(f"Next turn: {RESTRICTION_TEXT[event['restriction']]}.")
    if kind is K.WAR_OVER:
        return StoryLine(event.text) if event["reason"] in ("pp_immediate", "pp_b9") else None
    if kind not in STORY_NOTES:
        return None
    if kind is K.INSURGENCY and event["timing"] == "batch":
        return StoryLine(event.text)  # the fights that follow say where
    loss = kind is K.COMBAT_ROUND and any(event["your_lost"])
    return StoryLine(event.text, event.places, "loss" if loss else "")


def _offensive_result(event) -> str:
    region, attacking = event["region"], event["regions"]
    if region is None:
        return "offensive in every region with NVA/VC" if attacking else "no NVA/VC anywhere"
    if attacking:
        return f"offensive in {REGIONS[region]}"
    return f"no NVA/VC in {REGIONS[region]}: no offensive"
