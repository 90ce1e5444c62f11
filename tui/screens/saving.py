"""The dialogs for saving when the autosave cannot: quit with what is not saved, save elsewhere."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from saves.record import SaveError
from tui.screens.base import Dialog
from tui.text import printable


class QuitScreen(Dialog[str]):
    """Quit while decisions are not saved: Quit, Save elsewhere, or Stay. Dismisses with
    "quit", "save" or "stay"."""

    CSS_PATH = ["dialogs.tcss", "saving.tcss"]

    BINDINGS = [
        Binding("y", "answer('quit')", "Quit", id="quit.yes"),
        Binding("s", "answer('save')", "Save elsewhere", id="quit.save"),
        Binding("n,escape", "answer('stay')", "Stay", id="quit.no"),
    ]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(Text(self.question), classes="dialog-text")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Quit (y)", variant="error", id="quit")
                yield Button("Save elsewhere (s)", variant="primary", id="save")
                yield Button("Stay (n)", id="stay")

    def on_mount(self) -> None:
        self.query_one("#save", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.close(event.button.id)

    def action_answer(self, choice: str) -> None:
        self.close(choice)


class SaveAsScreen(Dialog[Path]):
    """Where to save the game: a path (a folder gets a new file name). The write is `save(path)`,
    which returns where it wrote or raises SaveError, whose sentence is shown under the path.
    Dismisses with the path written, or None."""

    CSS_PATH = ["dialogs.tcss", "saving.tcss"]

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="save_as.cancel")]

    def __init__(self, save: Callable[[Path], Path], suggestion: Path) -> None:
        super().__init__()
        self.save = save
        self.suggestion = suggestion

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog save-as"):
            yield Static(Text("Save the game elsewhere", style="bold"), classes="dialog-title")
            yield Static(
                "A file or a folder (on another disk if this one is full). "
                "No file is written over.",
                classes="dialog-text",
                markup=False,
            )
            yield Input(printable(str(self.suggestion)), id="save-as-path")
            yield Static("", id="save-as-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save (Enter)", variant="primary", id="save")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.action_save()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()

    def action_save(self) -> None:
        text = self.query_one(Input).value.strip()
        error = self.query_one("#save-as-error", Static)
        error.display = True
        if not text:
            error.update("Type where to save the game.")
            return
        try:
            path = self.save(Path(text).expanduser())
        except SaveError as err:
            error.update(printable(str(err)))
            return
        self.close(path)

    def action_cancel(self) -> None:
        self.close(None)
