"""Python's cycle collector sits out the program's start, until the first frame is out.

Starting the TUI imports Textual and the game, builds the rules' tables and the screen: tens of
thousands of objects that live as long as the program, and almost no garbage. The collector
would scan them all several times before the first frame (one full pass alone takes ~15 ms on a
Conquer screen); paused, it starts once the frame is out, and the objects of the start are moved
out of its way for good (`gc.freeze`), so later passes skip them as well.
"""

from __future__ import annotations

import gc

_paused = False


def pause_collection() -> None:
    """Called first by the commands that open the TUI."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collection() -> None:
    """Called once the first frame is out (and when the app ends, if it never drew one)."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
