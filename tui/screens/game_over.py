"""Game over: the outcome, the game's statistics, its decisive moments and its charts by turn
(tui/game_story.py), and what to do next."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Static

from tui.screens.base import Dialog, ScrollsText, scroll_bindings
from tui.widgets.charts import StoryChart


class GameOverScreen(ScrollsText, Dialog[None]):
    CSS_PATH = "dialogs.tcss"
    BINDINGS = [
        Binding("n", "new_game", "New game", id="over.new"),
        Binding("s", "save_record", "Save record", id="over.save"),
        Binding("t,escape", "to_title", "Title", id="over.title"),
        Binding("b", "board", "Look at the board", id="over.board"),
        Binding("q", "app.quit_confirm", "Quit", id="over.quit"),
        *scroll_bindings(),
    ]

    def __init__(self, game_screen) -> None:
        super().__init__()
        self.game_screen = game_screen
        self.session = game_screen.session

    def compose(self) -> ComposeResult:
        outcome = self.session.outcome
        story = self.session.story()
        with Vertical(classes="dialog game-over"):
            yield Static(Text("Game over", style="bold"), classes="dialog-title")
            yield Static(Text(outcome.sentence, style="bold"), id="outcome-sentence")
            if story.why:
                yield Static(Text(story.why), id="outcome-why")
            with VerticalScroll(id="over-story"):
                for line in self.game_screen.game_over_lines():
                    yield Static(line, classes="over-line", markup=False)
                if story.moments:
                    yield Static(Text("The decisive moments", style="bold"), classes="over-head")
                    for moment in story.moments:
                        yield Static(f"· {moment}", classes="over-moment", markup=False)
                for chart in story.charts:
                    if any(len(series.values) > 1 for series in chart.series):
                        yield StoryChart(chart)
            with Horizontal(classes="dialog-buttons"):
                yield Button("New game (n)", id="new", variant="primary")
                yield Button("Save (s)", id="save", tooltip="Save the game's record to a file")
                yield Button("Board (b)", id="look-at-board")
                yield Button("Title (t)", id="title")
                yield Button("Quit (q)", id="quit", variant="error")

    def on_mount(self) -> None:
        # (a game that ends as the program closes may mount the screen without its buttons)
        for button in self.query("#new").results(Button):
            button.focus()

    def scrolled_text(self) -> VerticalScroll:
        """The statistics, the decisive moments and the charts."""
        return self.query_one("#over-story", VerticalScroll)

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
        self.game_screen.action_save()  # a save point of its own, like Ctrl+S

    def action_to_title(self) -> None:
        self.app.return_to_title()

    def action_board(self) -> None:
        self.close()
