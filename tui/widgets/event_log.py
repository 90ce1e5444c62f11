"""The event log: everything that happened, every die shown with its purpose and result.

It is grouped by turn (a "── Turn N ──" heading where a turn begins: before the event that
begins it, so the end of one turn's fight never falls under the next turn's heading) and by who
acted (their name once over a run of their actions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

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
    _turn: int | None = None  # the turn of the last heading
    _actor: str | None = None  # whose actions the last lines are

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

    def start_turn(self, turn: int) -> None:
        """A turn's heading, unless the log is in that turn already."""
        if turn != self._turn:
            self._turn, self._actor = turn, None
            self.write(Text(f"── Turn {turn} ──", style="bold"))

    def add_action(self, actor: str, description: str, turn: int) -> None:
        """A decision taken in `turn` by `actor` (named once over a run of their actions)."""
        self.start_turn(turn)
        if actor != self._actor:
            self._actor = actor
            self.write(Text(actor, style="bold underline"))
        self.write(Text(description))

    def add_events(
        self, events: Iterable[Event], new_turn: Callable[[Event], int | None], indent: str = "  "
    ) -> None:
        """What an action did, each die with its purpose and result; `new_turn(event)` is the
        turn an event begins (None for most), headed where it begins."""
        for event in events:
            turn = new_turn(event)
            if turn is not None:
                self.start_turn(turn)
            self.write(Text(indent).append_text(format_event(event)))

    def add_note(self, text: str, style: str = "italic") -> None:
        self.write(Text(text, style=style))
