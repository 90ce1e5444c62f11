"""Game over: the outcome, the game's statistics, and what to do next."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from saves.record import SaveError
from tui.screens.base import Dialog


class GameOverScreen(Dialog[None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game", id="over.new"),
        Binding("s", "save_record", "Save record", id="over.save"),
        Binding("t,escape", "to_title", "Title", id="over.title"),
        Binding("b", "board", "Look at the board", id="over.board"),
        Binding("q", "app.quit_confirm", "Quit", id="over.quit"),
    ]

    def __init__(self, game_screen) -> None:
        super().__init__()
        self.game_screen = game_screen
        self.session = game_screen.session

    def compose(self) -> ComposeResult:
        outcome = self.session.game.outcome(self.session.state)
        with Vertical(classes="dialog game-over"):
            yield Static(Text("Game over", style="bold"), classes="dialog-title")
            yield Static(Text(outcome.sentence, style="bold"), id="outcome-sentence")
            for line in self.game_screen.game_over_lines():
                yield Static(line, classes="over-line", markup=False)
            chart = self.game_screen.game_over_chart()
            if chart is not None:
                yield chart
            with Horizontal(classes="dialog-buttons"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Save record (s)", id="save")
                yield Button("Board (b)", id="look-at-board")
                yield Button("Title (t)", id="title")
                yield Button("Quit (q)", id="quit", variant="error")

    def on_mount(self) -> None:
        self.query_one("#new", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {
            "new": self.action_new_game,
            "save": self.action_save_record,
            "title": self.action_to_title,
            "look-at-board": self.action_board,
            "quit": self.app.action_quit_confirm,
        }
        actions[event.button.id]()

    def action_new_game(self) -> None:
        self.app.open_setup(self.session.game.id, replace_game=True)

    def action_save_record(self) -> None:
        try:
            path = self.app.store.save(self.session.record, self.game_screen.save_path)
        except SaveError as err:
            self.notify(f"Could not save: {err}", severity="error")
            return
        self.game_screen.save_path = path
        self.notify(f"Game record saved to {path}")

    def action_to_title(self) -> None:
        self.app.return_to_title()

    def action_board(self) -> None:
        self.close()
