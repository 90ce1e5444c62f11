"""The result of a fight the player took part in, held on screen until they move on.

When an attack, a battle or a fight the player was in ends (won, lost, overrun, called off), the
game screen shows its `Result` (tui/story.py) here, under the board: what happened and what it cost
or brought. It stays while AI seats play on, and takes the keyboard when it appears, so the
player's next Enter (or Esc, or a click) dismisses it and gives the keyboard back to the action
picker: the outcome of their own attack is never something that flashed past. While F4 plays the
game to its end for the player, nothing is held here (the results are in the log), and F4
dismisses what was.
"""

from __future__ import annotations

from rich.text import Text
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Static

from tui.story import Result


class ResultBanner(Static, can_focus=True):
    DEFAULT_CSS = """
    ResultBanner {
        dock: bottom; height: auto; max-height: 12; display: none;
        border: heavy $accent; padding: 0 1; background: $panel;
    }
    ResultBanner.-active { display: block; }
    ResultBanner.-gain { border: heavy $success; }
    ResultBanner.-loss { border: heavy $error; }
    ResultBanner:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("enter,escape,space", "dismiss", "Carry on", id="result.dismiss"),
    ]

    class Dismissed(Message):
        """The player has read the result."""

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)
        self.results: list[Result] = []
        self.border_subtitle = "Enter: carry on"

    def show(self, results: list[Result]) -> None:
        """Hold `results` too (with those not yet dismissed: the latest last)."""
        self.results = [*self.results, *results][-4:]
        text = Text()
        for result in self.results:
            if text:
                text.append("\n")
            style = {"gain": "bold green", "loss": "bold red"}.get(result.style, "bold")
            text.append(result.title, style=style)
            for line in result.lines:
                text.append("\n  " + line)
        self.update(text)
        many = len(self.results) > 1
        self.border_title = "Your fights" if many else "Your fight"
        last = self.results[-1].style
        self.set_class(last == "gain" and not many, "-gain")
        self.set_class(last == "loss" and not many, "-loss")
        self.add_class("-active")

    @property
    def held(self) -> bool:
        return bool(self.results)

    def action_dismiss(self) -> None:
        if not self.results:
            return
        self.results = []
        self.remove_class("-active")
        self.post_message(self.Dismissed())

    def on_click(self) -> None:
        self.action_dismiss()
