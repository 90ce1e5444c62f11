"""What every screen that closes itself shares: it closes once, and only from the top.

`Screen.dismiss` pops whatever screen is on top of the app, so a dialog closed twice (a key and
a click in the same instant, or a key repeat) would pop the screen underneath it as well. `close`
does nothing unless the screen is the one on top and has not closed already.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from textual.screen import ModalScreen, Screen

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
