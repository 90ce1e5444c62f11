"""What every screen that closes itself shares: it closes once, and only from the top.

`Screen.dismiss` pops whatever screen is on top of the app, so a dialog closed twice (a key and
a click in the same instant, or a key repeat) would pop the screen underneath it as well. `close`
does nothing unless the screen is the one on top and has not closed already.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.actions import SkipAction
from textual.binding import Binding
from textual.screen import ModalScreen, Screen
from textual.widget import Widget

T = TypeVar("T")


class ClosesOnce:
    _dismissed = False

    def close(self, result=None) -> None:
        if self._dismissed or not self.is_attached or self.app.screen is not self:
            return
        self._dismissed = True
        self.dismiss(result)


class Dialog(ClosesOnce, ModalScreen[T], Generic[T]):
    """A modal dialog."""


class Page(ClosesOnce, Screen[T], Generic[T]):
    """A full screen the player leaves with Esc (rules, setup, load, game over)."""


# Keys that scroll a screen's text whatever has focus (a button, a tab bar): a screen lists them
# in its BINDINGS and says what they scroll (`ScrollsText.scrolled_text`). One id a key, so a
# keymap entry changes it on every such screen.
def scroll_bindings(footer: bool = False) -> list[Binding]:
    """The scroll keys; with `footer`, PgDn shows in the footer as "Scroll"."""
    return [
        Binding("up", "scroll_text('scroll_up')", show=False, id="scroll.up"),
        Binding("down", "scroll_text('scroll_down')", show=False, id="scroll.down"),
        Binding("pageup", "scroll_text('page_up')", show=False, id="scroll.page_up"),
        Binding(
            "pagedown", "scroll_text('page_down')", "Scroll", show=footer, id="scroll.page_down"
        ),
        Binding("home", "scroll_text('scroll_home')", show=False, id="scroll.home"),
        Binding("end", "scroll_text('scroll_end')", show=False, id="scroll.end"),
    ]


class ScrollsText:
    """A screen whose text scrolls by keys (mixed into a `Page` or `Dialog`)."""

    def scrolled_text(self) -> Widget | None:
        """The scrolling area the keys move (None: nothing to scroll)."""
        return None

    def action_scroll_text(self, how: str) -> None:
        target = self.scrolled_text()
        if target is None or not target.allow_vertical_scroll:
            raise SkipAction()
        getattr(target, f"action_{how}")()
