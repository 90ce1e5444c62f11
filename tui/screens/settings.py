"""Settings: theme, AI speed and thinking time, animations, turn confirmation, default seats.

Every change applies at once and is written to the settings file (tui/settings.py); the keys are
changed in that file's [keymap] table (docs/keys.md), and the screen says where it is.
"""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Footer, Label, Select, Static, Switch

from core.seats import SEAT_CHOICES
from tui.screens.base import Page
from tui.screens.setup import SEAT_LABELS
from tui.settings import STEP_PAUSES, settings_path
from tui.text import printable
from tui.widgets.on_off import OnOffSwitch

SPEED_LABELS = {
    "instant": "Instant (no pause)",
    "fast": "Fast",
    "normal": "Normal",
    "slow": "Slow",
}
THINK_LABELS = {
    "level": "Each level's own time",
    "quick": "At most half a second",
    "one second": "At most one second",
}


class SettingsScreen(Page[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [Binding("escape", "back", "Back", id="settings.back")]

    def compose(self) -> ComposeResult:
        settings = self.app.settings
        seats = settings.default_seats or ("human", "rules")
        with VerticalScroll(id="setup-form"):
            yield Static("Settings", classes="screen-title")
            yield from self._field(
                "Theme",
                Select(
                    [(name, name) for name in sorted(self.app.available_themes)],
                    value=self.app.theme,
                    allow_blank=False,
                    id="theme",
                ),
                "Colours of every screen (also Ctrl+P: Change theme)",
            )
            yield from self._choice(
                "AI speed",
                "ai_speed",
                {k: SPEED_LABELS.get(k, k) for k in STEP_PAUSES},
                "The pause between the steps the other side plays out",
            )
            yield from self._choice(
                "AI thinking time",
                "think",
                THINK_LABELS,
                "How long an MCTS seat may think about a move",
            )
            yield from self._field(
                "Animations",
                OnOffSwitch(settings.animate, id="animate"),
                "Native moves, dice and enemy steps played out one by one",
            )
            yield from self._field(
                "Confirm end of turn",
                OnOffSwitch(settings.confirm_end_turn, id="confirm_end_turn"),
                "Ask before an action that ends your turn",
            )
            for i, (label, kind) in enumerate(
                (("Seat 1 in a new game", seats[0]), ("Other seats", seats[-1]))
            ):
                yield from self._field(
                    label,
                    Select(
                        [(SEAT_LABELS[k], k) for k in SEAT_CHOICES],
                        value=kind if kind in SEAT_CHOICES else "rules",
                        allow_blank=False,
                        id=f"seat-{i}",
                    ),
                    "Who plays it, until you change it on the New game screen",
                )
            yield Static(
                f"Keys: change them in the [keymap] table of {printable(str(settings_path()))} "
                "(binding ids in docs/keys.md); F1 shows the keys in force.",
                id="settings-keys",
                markup=False,
            )
        yield Footer()

    def _choice(self, label: str, key: str, labels: dict, help_text: str) -> ComposeResult:
        """A setting with a few named values, shown by their labels."""
        options = [(text, value) for value, text in labels.items()]
        current = getattr(self.app.settings, key)
        yield from self._field(
            label, Select(options, value=current, allow_blank=False, id=key), help_text
        )

    def _field(self, label: str, widget, help_text: str) -> ComposeResult:
        with Horizontal(classes="field"):
            yield Label(label, classes="field-label")
            yield widget
            yield Static(help_text, classes="option-help")

    def on_mount(self) -> None:
        self.query_one("#theme", Select).focus()

    @on(Select.Changed)
    def _select_changed(self, event: Select.Changed) -> None:
        key, value = event.select.id, event.value
        if value is Select.BLANK:
            return
        if key == "theme":
            self.app.theme = str(value)  # kept by the app when the theme changes
        elif key in ("ai_speed", "think"):
            if getattr(self.app.settings, key) != value:
                self.app.remember(**{key: value})
        elif key in ("seat-0", "seat-1"):
            first = str(self.query_one("#seat-0", Select).value)
            others = str(self.query_one("#seat-1", Select).value)
            seats = (first, others)
            if seats != self.app.settings.default_seats:
                # the new defaults replace the seats last chosen on the New game screen
                self.app.remember(default_seats=seats, last_seats=())

    @on(Switch.Changed)
    def _switch_changed(self, event: Switch.Changed) -> None:
        key = event.switch.id
        if getattr(self.app.settings, key) != event.value:
            self.app.remember(**{key: event.value})

    def action_back(self) -> None:
        self.close()
