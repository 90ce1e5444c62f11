"""The event log: everything that happened, every die shown with its purpose and result."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.events import Resize
from textual.widgets import RichLog

from core.engine import Event


def die_chips(faces: Iterable[int]) -> Text:
    """Dice as small reversed chips: ` 5 ` ` 2 `."""
    text = Text()
    for face in faces:
        text.append(f" {face} ", style="bold reverse")
        text.append(" ")
    return text


def format_event(event: Event, actor: str = "") -> Text:
    line = Text()
    if actor:
        line.append(f"{actor}: ", style="dim")
    if event.dice:
        line.append(f"{event.purpose} ")
        line.append_text(die_chips(event.dice))
        if event.against:
            line.append(f"({event.against}) ", style="dim")
        line.append("→ ")
        line.append(event.result, style="bold")
    else:
        line.append(event.text)
    return line


class EventLog(RichLog):
    DEFAULT_CSS = """
    EventLog { height: 1fr; border-top: solid $primary-darken-2; }
    """

    _following = True  # the view is at the last line (so a resize keeps it there)

    def __init__(self, **kwargs) -> None:
        super().__init__(
            wrap=True, markup=False, max_lines=2000, auto_scroll=True, min_width=20, **kwargs
        )

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def on_resize(self, event: Resize) -> None:
        """Keep the last line in view when the log shrinks, unless the player scrolled back.

        RichLog's own handler (called after this one) renders the lines written before the log
        had a size; it does not scroll.
        """
        if self.auto_scroll and self._following:
            self.scroll_end(animate=False, immediate=True)

    def add_action(self, actor: str, description: str, events: Iterable[Event]) -> None:
        head = Text()
        head.append(f"{actor}: " if actor else "", style="bold")
        head.append(description)
        self.write(head)
        for event in events:
            self.write(Text("  ").append_text(format_event(event)))

    def add_note(self, text: str, style: str = "italic") -> None:
        self.write(Text(text, style=style))
