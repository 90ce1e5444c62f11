"""Rules engines: pure Python, no I/O.

`games()` lists the registered games; `game(id)` finds one; `title(id)` names one without
importing its rules (the title screen and the save listings show titles only).
"""

from __future__ import annotations

from importlib import import_module

__version__ = "0.2.0"  # the distribution's version (pyproject reads it from here)

from core.engine import Game

# Game id -> module holding its `GAME`. Order is the order menus show.
_REGISTRY: dict[str, str] = {
    "solitaire": "core.solitaire",
    "objectives": "core.objectives",
    "conquer": "core.conquer",
}
# Game id -> its `Game.title` (a test checks they agree).
_TITLES: dict[str, str] = {
    "solitaire": "Vietnam Solitaire",
    "objectives": "Objectives: Vietnam",
    "conquer": "Objective: Conquer",
}
_loaded: dict[str, Game] = {}


class UnknownGame(KeyError):
    """No game has that id. str() is a sentence for the player."""

    def __str__(self) -> str:
        known = ", ".join(_REGISTRY) or "none"
        return f"unknown game {self.args[0]!r} (known games: {known})"


def game_ids() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def game(game_id: str) -> Game:
    if game_id not in _REGISTRY:
        raise UnknownGame(game_id)
    if game_id not in _loaded:
        _loaded[game_id] = import_module(_REGISTRY[game_id]).GAME
    return _loaded[game_id]


def title(game_id: str) -> str:
    if game_id not in _REGISTRY:
        raise UnknownGame(game_id)
    return _TITLES[game_id] if game_id in _TITLES else game(game_id).title


def titles() -> tuple[str, ...]:
    """Every registered game's title, in menu order."""
    return tuple(title(g) for g in _REGISTRY)


def games() -> tuple[Game, ...]:
    return tuple(game(g) for g in _REGISTRY)
