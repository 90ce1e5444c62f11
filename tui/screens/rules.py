"""The rules screen: how each installed game plays, one tab a game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

import core
from tui.help_pages import how_to_play
from tui.screens.base import Page


class RulesScreen(Page[None]):
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
        self.close()
