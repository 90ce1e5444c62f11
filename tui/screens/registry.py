"""Which screen plays which game: a game's dedicated screen, or the generic one."""

from __future__ import annotations

from importlib import import_module

# game id -> "module:Class" of its dedicated screen; games not listed use the generic screen.
DEDICATED_SCREENS: dict[str, str] = {
    "solitaire": "tui.screens.solitaire:SolitaireScreen",
    "objectives": "tui.screens.objectives:ObjectivesScreen",
    "conquer": "tui.screens.conquer:ConquerScreen",
}


def screen_class_for(game_id: str):
    target = DEDICATED_SCREENS.get(game_id, "tui.screens.game:GameScreen")
    module, _, name = target.partition(":")
    return getattr(import_module(module), name)
