"""The Vietnam Solitaire screen: the region map, the combat panel, the enemy's turn played out.

Everything the generic game screen does (action picker, log, AI worker, undo, saves, playback,
"since your last move", game over) is inherited; this screen adds the map as the board, narrows
the picker to the place selected on it, lights the places the highlighted action is about, opens
the combat panel for every fight-or-retreat decision (f and r decide whatever has focus), tells
the enemy's doings in plain sentences, and keeps the goal in sight: PP under 14 at B9.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical

from core.solitaire.board import (
    PP_LIMIT,
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
from tui.widgets.board import Board
from tui.widgets.region_map import RegionMap

if TYPE_CHECKING:
    from tui.widgets.action_picker import ActionPicker
    from tui.widgets.combat_panel import CombatPanel

PAUSES = (0.0, 0.1, 0.25, 0.45, 0.8)
HINT_TIE = 0.1  # marked moves closer than this (in end turns) are told as good as each other


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
            tooltip="Move the cursor over the map (arrows, Enter selects); again: back to "
            "the actions",
        ),
        Binding("plus,equals_sign", "speed(1)", "Faster", show=False, id="solitaire.faster"),
        Binding("minus", "speed(-1)", "Slower", show=False, id="solitaire.slower"),
        Binding("f", "combat('fight')", "Fight on", show=False, id="solitaire.fight"),
        Binding("r", "combat('retreat')", "Retreat", show=False, id="solitaire.retreat"),
    ]
    HELP_NOTES = (
        "The goal: keep the Political Points under 14 at the end of each turn (B9) for as long as "
        "you can; 1975 (turn 13) is a major victory. PP start each turn at the turn number, and "
        "every action's cost is shown beside it (“+2 PP”). ▸ ◂ mark the current PP, year and "
        "step.\n"
        "The forecast under the PP track: if you spend no more PP this turn (fights and the B8 "
        "AirCav redeploy played as the rule-based player would), the chance the war ends this "
        "turn and the PP likely at B9 (8 rolls in 10 fall in that range), from the dice still "
        "to come, sampled anew after each of your decisions.\n"
        "The map: Ctrl+T (or a click) moves there and Ctrl+T again back to the actions; arrows "
        "move the cursor over areas and Trail "
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
        if self.session.decisions:  # resumed: a fight in progress shows its rounds so far
            self._note_rounds(self.session.events_at(self.session.position))
            self.update_board()

    def update_board(self, view=None) -> None:
        current = view is None
        view = view if view is not None else self.view
        state = view.state  # (only the dice are hidden in the solitaire)
        self.region_map.view = view
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
        s = self.view.state
        # the PP before the step's name: on a small terminal the line is cut at its end
        parts = [f"Turn {s.turn} ({year_of(s.turn)})"]
        if not s.rules.opt_historical:
            parts.append(f"PP {s.pp}")
        parts.append(STEP_TITLES.get(s.step, s.step))
        text = " · ".join(parts)
        if not s.rules.opt_historical and s.pp >= PP_LIMIT - 2 and not self.session.over:
            text += f"\n⚠ PP {s.pp}: at {PP_LIMIT} when the turn ends, the war is over"
        extras = non_default_options(s.rules)
        if extras:
            text += "\n" + " · ".join(extras)
        return text

    def goal_text(self) -> str:
        s = self.view.state
        if self.session.over:
            return ""
        _, level, _ = victory_level(s.turn)
        if s.rules.opt_historical:
            return f"Goal: hold two regions till 1975 · now: {level}"
        return f"Goal: PP < {PP_LIMIT} at B9 till 1975 · now: {level}"

    def picker_notes(self) -> list[str]:
        s = self.view.state
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

    @on(Board.Selected, "#region-map")
    def _place_selected(self, message: Board.Selected) -> None:
        target = message.place
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
        self.region_map.lit = places

    def light_places(self, places) -> None:
        self.region_map.lit = places or ()

    def mark_changed(self, places: set) -> None:
        self.region_map.changed = places

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
        if self.view.state.step == "retreat" and self.session.human_to_move and not self.busy:
            keys.update({"f": "combat('fight')", "r": "combat('retreat')"})
        return keys

    def action_focus_map(self) -> None:
        self.toggle_board_focus(self.region_map)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "combat":
            return self.view.state.step == "retreat"
        if action == "speed":
            return self.playing_back
        return super().check_action(action, parameters)

    def _show_hint(self, token: int, found) -> None:
        super()._show_hint(token, found)
        if token == self.session.decisions and found is not None:
            self.region_map.lit = self.session.game.places_of(found.best)

    def hint_mark(self, ranked) -> str:
        """The solitaire's search compares a few candidate moves on the same dice (it does not
        share its effort out), so each marked move shows the turn the war lasts to on average
        after it, to a hundredth: the first is the one played, the rule-based move unless
        another is clearly better."""
        return f"war lasts to turn {self.expected_turn(ranked.value):.2f}"

    def hint_outcome(self, value: float) -> str:
        return f"the war lasting to about turn {self.expected_turn(value):.1f}"

    def hint_note(self, found) -> str:
        """When the marked moves lead to about the same end turn, say so, and why the first."""
        turns = [self.expected_turn(r.value) for r in found.ranked]
        if len(turns) < 2 or max(turns) - min(turns) >= HINT_TIE:
            return ""
        from ai.solitaire import choose_action

        session = self.session
        view = session.view(session.to_move)
        if found.best == choose_action(view.state, session.legal(), None):
            why = "the first is the rule-based player's move, kept unless another does clearly "
            why += "better on the same dice"
        else:
            why = "the first did best on the same dice"
        return f"The marked moves are about as good as each other (within {HINT_TIE} turn): {why}."

    @staticmethod
    def expected_turn(value: float) -> float:
        from core.solitaire.game import SCORE_SPAN

        return 1 + value * SCORE_SPAN

    # --- the forecast beside the PP track -------------------------------------------------------

    def forecast(self, view, rng):
        """How far the rest of this turn can push the PP if the player spends no more
        (ai/forecast_solitaire.py)."""
        from ai.forecast_solitaire import forecast

        return forecast(self.session.game, view, rng)

    def show_forecast(self, forecast) -> None:
        from ai.forecast_solitaire import forecast_words

        self.region_map.forecast = None if forecast is None else forecast_words(forecast)

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
        self._note_rounds(stage.events)
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
        s = self.view.state
        _, level, film = victory_level(s.end_turn)
        return [
            f"Victory level: {level}, \u201c{film}\u201d",
            f"Turn reached: {s.end_turn} ({year_of(s.end_turn)})",
        ]
