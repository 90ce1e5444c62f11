"""The result of a fight the player took part in, held on screen until they move on.

When an attack, a battle or a fight the player was in ends (won, lost, overrun, called off), the
game screen shows its `Result` (tui/story.py) here, under the board: what happened and what it cost
or brought. It stays while AI seats play on, and takes the keyboard when it appears, so the
player's next Enter (or Esc, or a click) dismisses it and gives the keyboard back to the action
picker: the outcome of their own attack is never something that flashed past.
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
        self.result: Result | None = None
        self.border_subtitle = "Enter: carry on"

    def show(self, result: Result) -> None:
        """Hold `result` (a newer result replaces an older one still shown)."""
        self.result = result
        text = Text(result.title, style="bold")
        for line in result.lines:
            text.append("\n")
            text.append(line)
        self.update(text)
        self.border_title = "Your fight"
        self.set_class(result.style == "gain", "-gain")
        self.set_class(result.style == "loss", "-loss")
        self.add_class("-active")

    @property
    def held(self) -> bool:
        return self.result is not None

    def action_dismiss(self) -> None:
        if self.result is None:
            return
        self.result = None
        self.remove_class("-active")
        self.post_message(self.Dismissed())

    def on_click(self) -> None:
        self.action_dismiss()
