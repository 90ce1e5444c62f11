"""Small screens shared by the whole app: confirm, help, terminal too small, hot-seat hand-off."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from tui.screens.base import Dialog
from tui.terminal import MIN_HEIGHT, MIN_WIDTH


class ConfirmScreen(Dialog[bool]):
    """A yes/no question. Dismisses with True for yes."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="error", id="yes")
                yield Button(f"{self.no} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.close(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.close(yes)


class HelpScreen(Dialog[None]):
    """F1: the keys of the screen underneath, and the keys that work everywhere."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("escape,f1,q", "dismiss_help", "Close", id="help.close")]

    def __init__(self, title: str, keys: Sequence[tuple[str, str]], notes: str = "") -> None:
        super().__init__()
        self.help_title, self.keys, self.notes = title, keys, notes

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold #ffa62b", justify="right")
        table.add_column()
        for key, what in self.keys:
            table.add_row(key, what)
        with Vertical(classes="dialog help-dialog"):
            yield Static(Text(f"Keys · {self.help_title}", style="bold"), classes="dialog-title")
            with VerticalScroll():
                yield Static(table)
                if self.notes:
                    yield Static(self.notes, classes="help-notes")
            with Center():
                yield Button("Close (Esc)", id="close", variant="primary")

    def on_button_pressed(self) -> None:
        self.close(None)

    def action_dismiss_help(self) -> None:
        self.close(None)


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is below 80x24; the app pops it when there is room again."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", id="too_small.quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small-text")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small-text", Static).update(
            f"Objective needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {width}×{height}.\n\n"
            "Make the window larger to carry on: nothing is lost.\n"
            "Ctrl+Q quits."
        )


class HandOffScreen(Dialog[None]):
    """Hot-seat with hidden hands: the screen goes blank until the next player is ready."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="handoff.ready")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handoff"):
            yield Static(
                f"Pass the keyboard to {self.player}.\n\n"
                f"Everyone else, look away: {self.player}'s hand is about to be shown.",
                classes="dialog-text",
            )
            with Center():
                yield Button(f"I am {self.player} (Enter)", id="ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.close(None)

    def action_ready(self) -> None:
        self.close(None)
