""" "Since your last move": what the other side and the automatic steps did, in plain sentences.

The screen hands the panel the lines its storyteller (tui/story.py) lays out, newest turn first,
once control is back with the player, and clears it when the player decides.
Choosing a line posts `Chosen` with the places it is about, and the board lights them up.
"""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui.story import StoryLine


class StoryPanel(OptionList):
    DEFAULT_CSS = """
    StoryPanel {
        height: auto; max-height: 9; display: none;
        border: round $accent; padding: 0 0; margin: 0;
    }
    StoryPanel.-active { display: block; }
    StoryPanel > .option-list--option { padding: 0 1; }
    """

    class Chosen(Message):
        def __init__(self, line: StoryLine) -> None:
            super().__init__()
            self.line = line

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.lines: list[StoryLine] = []
        self.border_title = "Since your last move"

    def show(self, lines: list[StoryLine]) -> None:
        self.lines = list(lines)
        self.clear_options()
        for line in self.lines:
            if line.heading:
                self.add_option(Option(Text(line.text, style="bold underline"), disabled=True))
                continue
            style = {"loss": "bold #ff7a7a", "gain": "bold #8fd18f"}.get(line.style, "")
            marker = "• " if not line.places else "› "
            self.add_option(Option(Text(marker + line.text, style=style)))
        self.set_class(bool(self.lines), "-active")
        self.border_subtitle = "Enter on a line shows where" if self.lines else ""

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self.lines):
            self.post_message(self.Chosen(self.lines[event.option_index]))
