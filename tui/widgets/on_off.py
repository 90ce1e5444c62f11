"""An on/off switch that says "on" or "off" beside it, so it reads without colour."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Static, Switch


class OnOffSwitch(Horizontal):
    """A `Switch` (it keeps the id given, and its `Switch.Changed` goes on to the screen) and
    the word for its state."""

    DEFAULT_CSS = """
    OnOffSwitch { width: auto; height: auto; }
    OnOffSwitch > .on-off-state { width: 4; height: 3; content-align: left middle; }
    """

    def __init__(self, value: bool, *, id: str, tooltip: str | None = None) -> None:
        super().__init__(classes="on-off")
        self._switch = Switch(value=value, id=id, tooltip=tooltip)

    def compose(self) -> ComposeResult:
        yield self._switch
        yield Static(self._word(self._switch.value), classes="on-off-state")

    @staticmethod
    def _word(value: bool) -> str:
        return "on" if value else "off"

    @on(Switch.Changed)
    def _show_state(self, event: Switch.Changed) -> None:
        self.query_one(".on-off-state", Static).update(self._word(event.value))
