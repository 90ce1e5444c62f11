"""Each game's teller: how its events read in a seat's story (see tui/story.py)."""

from __future__ import annotations

from importlib import import_module

from tui.story import Teller

TELLERS = {
    "solitaire": "tui.tellers.solitaire",
    "objectives": "tui.tellers.objectives",
    "conquer": "tui.tellers.conquer",
}


def teller_for(game, seat_name) -> Teller:
    """The game's own teller, or the generic one for a game without one."""
    module = TELLERS.get(game.id)
    if module is None:
        return Teller(game, seat_name)
    return import_module(module).TELLER(game, seat_name)
