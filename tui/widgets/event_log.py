"""The event log: everything that happened, every die shown with its purpose and result.

It is grouped by turn (a "── Turn N ──" heading where a turn begins: before the event that
begins it, so the end of one turn's fight never falls under the next turn's heading) and by who
acted (their name once over a run of their actions).
"""

from __future__ import annotations

from collections import deque
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
    """A `RichLog` whose lines wrap to its width again whenever the width changes (RichLog wraps
    a line once, when it is written): every entry is kept and written again at the new width."""

    DEFAULT_CSS = """
    EventLog { height: 1fr; border-top: solid $primary-darken-2; }
    """
    MAX_LINES = 2000

    _following = True  # the view is at the last line (so a resize keeps it there)
    _turn: int | None = None  # the turn of the last heading
    _actor: str | None = None  # whose actions the last lines are

    def __init__(self, **kwargs) -> None:
        super().__init__(
            wrap=True,
            markup=False,
            max_lines=self.MAX_LINES,
            auto_scroll=True,
            min_width=20,
            **kwargs,
        )
        self._entries: deque = deque(maxlen=self.MAX_LINES)  # what was written, to wrap again
        self._wrapped_at = 0  # the width the lines were wrapped to

    def write(self, content, *args, **kwargs):
        if self._size_known:  # (before, RichLog keeps it and writes it again once sized)
            self._entries.append(content)
            self._wrapped_at = self.scrollable_content_region.width
        return super().write(content, *args, **kwargs)

    def _wrap_again(self) -> None:
        """Write every entry again at the log's width, keeping the view at its end if it was."""
        following = self._following
        entries = list(self._entries)
        self._entries.clear()
        self.clear()
        for entry in entries:
            self.write(entry, scroll_end=False)
        if following:
            self.scroll_end(animate=False, immediate=True)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def on_resize(self, event: Resize) -> None:
        """Keep the last line in view when the log shrinks, unless the player scrolled back.

        RichLog's own handler (called after this one) renders the lines written before the log
        had a size; it does not scroll.
        """
        width = self.scrollable_content_region.width
        if self._entries and width != self._wrapped_at:
            self._wrap_again()
        elif self.auto_scroll and self._following:
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
