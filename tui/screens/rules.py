"""The rules screen: how each installed game plays, one tab a game."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

import core

HELP_DIR = Path(__file__).resolve().parent.parent / "help"


def how_to_play(game_id: str) -> str:
    try:
        return (HELP_DIR / f"{game_id}.md").read_text("utf-8")
    except OSError:
        return f"# {core.game(game_id).title}\n\nNo guide has been written for this game yet."


class RulesScreen(Screen[None]):
    BINDINGS = [Binding("escape,q", "back", "Back", id="rules.back")]

    def __init__(self, game_id: str | None = None) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        games = core.games()
        if not games:
            yield Static("No games are installed.")
        else:
            initial = self.game_id if self.game_id in core.game_ids() else games[0].id
            with TabbedContent(initial=f"rules-{initial}"):
                for game in games:
                    with TabPane(game.title, id=f"rules-{game.id}"):
                        yield Markdown(how_to_play(game.id))
        yield Footer()

    def action_back(self) -> None:
        self.app.pop_screen()
