"""The Vietnam Solitaire screen: the region map, the combat panel, and the enemy's turn played out.

Everything the generic game screen does (action picker, log, AI worker, undo, saves, game over)
is inherited; this screen adds the map as the board, narrows the picker to the place selected
on it, lights the places the highlighted action is about, opens the combat panel for every
fight-or-retreat decision, and plays an action's stages (B5 arrivals, B6 and B7 fights) one by
one with a short pause that Esc skips and +/- speed up or slow down.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from core.solitaire.board import PP_LIMIT, TRAIL_NAMES, place_name, victory_level, year_of
from core.solitaire.state import OPTIONS, STEP_TITLES
from tui.screens.game import GameScreen

if TYPE_CHECKING:
    from tui.widgets.action_picker import ActionPicker
    from tui.widgets.combat_panel import CombatPanel
from tui.widgets.region_map import RegionMap

ROUND_PURPOSE = re.compile(r"^Combat (.+) round (\d+): (\w+)$")
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
        "The map: Ctrl+T (or a click) moves there; arrows move the cursor over areas and Trail "
        "areas; Enter selects one and the action list shows only what can be done there; Esc "
        "shows everything again. Moving through the action list lights up the places each "
        "action is about.\n"
        "The enemy's steps play out one at a time: Esc skips to the end, + and - change the "
        "speed. In a fight, f fights on and r retreats."
    )

    def __init__(self, session, save_path=None) -> None:
        super().__init__(session, save_path)
        self._stage_queue: list = []
        self._stage_timer = None
        self._rounds: dict[int, list] = {}
        self._fighting_at = -1
        self._pause_index = 3

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
        self._fit_side_column()
        if self.session.actions:  # resumed: a fight in progress shows its rounds so far
            self._note_rounds(self.session.state.events)
            self.update_board()

    def on_resize(self) -> None:
        self._fit_side_column()

    def _fit_side_column(self) -> None:
        side = self.query_one("#side-column")
        side.styles.width = 52 if self.app.size.width >= 110 else 32

    def update_board(self, state=None, step_label: str | None = None) -> None:
        state = state if state is not None else self.session.state
        self.region_map.show(state, step_label)
        legal = self.session.legal() if state is self.session.state else ()
        panels = self.query("#combat-panel")
        if panels:
            panels.first().show(state, self._rounds.get(state.combat_place, []), legal)
        if state.step == "retreat" and state is self.session.state and self.session.human_to_move:
            self.call_after_refresh(self._focus_combat)

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

    def on_combat_panel_decided(self, message: CombatPanel.Decided) -> None:
        if self.session.human_to_move and not self.busy and message.action in self.session.legal():
            self.play(message.action)

    def action_combat(self, kind: str) -> None:
        legal = [a for a in self.session.legal() if a[0] == kind]
        if legal and self.session.human_to_move and not self.busy:
            self.play(legal[0])

    def action_focus_map(self) -> None:
        self.region_map.focus()

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "combat":
            return (
                self.session.state.step == "retreat"
                and self.focused is not self.picker.filter_input
            )
        if action == "speed":
            return bool(self._stage_queue) or self._stage_timer is not None
        return super().check_action(action, parameters)

    def _show_hint(self, token: int, marks) -> None:
        super()._show_hint(token, marks)
        if token == len(self.session.actions) and marks:
            self.region_map.highlight(self.session.game.places_of(next(iter(marks))))

    # --- playing out the enemy's steps ---------------------------------------------------------

    def stages_for(self, state, action):
        return self.session.game.stages(state, action)

    @property
    def busy(self) -> bool:
        return super().busy or self._stage_timer is not None or bool(self._stage_queue)

    def present(self, actor: str, text: str, events, stages) -> None:
        self.event_log.add_action(actor, text, ())
        self.picker.set_actions([], title="The war goes on…")
        self._stage_queue = list(stages or ())
        self._next_stage()

    def _next_stage(self) -> None:
        self._stage_timer = None
        if not self._stage_queue:
            self.finish()
            return
        stage = self._stage_queue.pop(0)
        self._note_rounds(stage.events)
        for event in stage.events:
            self.event_log.write(_indent(event))
        if self._stage_queue:
            self.region_map.show(stage)
            self.query_one("#combat-panel").show(None, [], ())  # (stages come after the build)
            pause = self.pause
            if pause > 0:
                self._stage_timer = self.set_timer(pause, self._next_stage)
                return
        self._next_stage()

    @property
    def pause(self) -> float:
        base = getattr(self.app, "step_pause", None)
        return PAUSES[self._pause_index] if base is None else base

    def action_speed(self, step: int) -> None:
        self._pause_index = max(0, min(len(PAUSES) - 1, self._pause_index - step))
        self.notify(f"Enemy steps: {PAUSES[self._pause_index]:.2f} s each", timeout=1.5)

    def action_escape(self) -> None:
        if self._stage_queue or self._stage_timer is not None:
            self._skip_stages()
            return
        if self.region_map.selected is not None:
            self.region_map.select(None)
            return
        super().action_escape()

    def _skip_stages(self) -> None:
        if self._stage_timer is not None:
            self._stage_timer.stop()
            self._stage_timer = None
        while self._stage_queue:
            stage = self._stage_queue.pop(0)
            self._note_rounds(stage.events)
            for event in stage.events:
                self.event_log.write(_indent(event))
        self.finish()

    def _note_rounds(self, events) -> None:
        """Collect each round's dice by area for the combat panel."""
        for event in events:
            if event.text.startswith("Ground combat in "):
                self._fighting_at = _place_from(event.text[len("Ground combat in ") :])
                self._rounds[self._fighting_at] = []
                continue
            match = ROUND_PURPOSE.match(event.purpose) if event.dice else None
            if match is None or self._fighting_at < 0:
                continue
            number, unit = int(match.group(2)), match.group(3)
            rounds = self._rounds[self._fighting_at]
            if not rounds or rounds[-1][0] != number:
                rounds.append((number, []))
            rounds[-1][1].append((unit, event.dice[0], event.result == "hit"))

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        s = self.session.state
        _, level, film = victory_level(s.end_turn)
        return [
            f"Victory level: {level}, \u201c{film}\u201d",
            f"Turn reached: {s.end_turn} ({year_of(s.end_turn)})",
        ]

    def game_over_chart(self):
        history = self.session.state.pp_history
        if not history:
            return None
        return Static(pp_sparkline(history), id="pp-sparkline")


SPARKS = "▁▂▃▄▅▆▇█"


def pp_sparkline(history) -> Text:
    """Political Points at the end of each turn: a bar a turn, the value under it."""
    text = Text("Political Points by turn\n", style="bold")
    width = max(3, max(len(str(p)) for p in history) + 1)
    for pp in history:
        level = max(0, min(len(SPARKS) - 1, round(pp / PP_LIMIT * (len(SPARKS) - 1))))
        style = "bold #ff5f5f" if pp >= PP_LIMIT else "#9fd3ff"
        text.append(SPARKS[level].center(width), style=style)
    text.append("\n")
    for pp in history:
        text.append(str(pp).center(width), style="dim")
    text.append("\n")
    for turn in range(1, len(history) + 1):
        text.append(f"{year_of(turn) % 100:02d}".center(width), style="dim")
    return text


def _indent(event) -> Text:
    from tui.widgets.event_log import format_event

    return Text("  ").append_text(format_event(event))


def _place_from(text: str) -> int:
    """`Hue 1-2 (Jungle).` -> the place index."""
    for p in range(20):
        if text.startswith(place_name(p) + " "):
            return p
    return -1
