"""The "thinking" indicator shown while an AI seat searches in its worker thread."""

from __future__ import annotations

from textual.reactive import reactive
from textual.widgets import Static

FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class ThinkingIndicator(Static):
    DEFAULT_CSS = """
    ThinkingIndicator { height: 1; padding: 0 1; color: $warning; display: none; }
    ThinkingIndicator.-active { display: block; }
    """

    who: reactive[str] = reactive("")

    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)  # `who` is a seat's name
        self._frame = 0
        self._timer = None

    def on_mount(self) -> None:
        self._timer = self.set_interval(0.12, self._tick, pause=True)

    def watch_who(self, who: str) -> None:
        self.set_class(bool(who), "-active")
        if self._timer is not None:
            if who:
                self._timer.resume()
            else:
                self._timer.pause()
        self._render_frame()

    def _tick(self) -> None:
        self._frame = (self._frame + 1) % len(FRAMES)
        self._render_frame()

    def _render_frame(self) -> None:
        if self.who:
            self.update(f"{FRAMES[self._frame]} {self.who} is thinking…  (Esc stops and plays)")
        else:
            self.update("")
