"""Reinforcements (Objectives: Vietnam, OV-4.8): the attacker hands out the cards drawn after a
won fight, face down, one at a time; they may keep one. Dismisses with the action chosen."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Button, Static

from tui.screens.base import Dialog


class ReinforceScreen(Dialog[tuple]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [Binding("escape", "later", "Use the action list", id="reinforce.later")]

    def __init__(self, title: str, note: str, items: list[tuple[tuple, str]]) -> None:
        super().__init__()
        self.dialog_title, self.note, self.items = title, note, items

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog reinforce-dialog"):
            yield Static(self.dialog_title, classes="dialog-title", markup=False)
            yield Static(self.note, classes="dialog-text", markup=False)
            for i, (_, text) in enumerate(self.items):
                label = Text(text)  # an action's words, never markup
                yield Button(label, id=f"give-{i}", variant="primary" if i == 0 else "default")

    def on_mount(self) -> None:
        self.query_one("#give-0", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "give-0").rsplit("-", 1)[1])
        self.close(self.items[index][0])

    def action_later(self) -> None:
        self.close(None)
