"""Screens: title, setup, load, rules, the game screens, and small dialogs."""

from __future__ import annotations

from importlib import import_module

# game id -> "module:Class" of its dedicated screen; games not listed use the generic screen.
DEDICATED_SCREENS: dict[str, str] = {
    "solitaire": "tui.screens.solitaire:SolitaireScreen",
}


def screen_class_for(game_id: str):
    target = DEDICATED_SCREENS.get(game_id)
    if target is None:
        from tui.screens.game import GameScreen

        return GameScreen
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)
