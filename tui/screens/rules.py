"""The rules screen: how each installed game plays, one tab a game.

The page of the tab shown scrolls by keys whatever has focus (↑ ↓ PgUp PgDn Home End, and Space
a page down); Tab reaches the tab bar, where ← → change the game.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widget import Widget
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

import core
from tui.help_pages import how_to_play
from tui.screens.base import Page, ScrollsText, scroll_bindings


class RulesScreen(ScrollsText, Page[None]):
    CSS_PATH = "rules.tcss"
    BINDINGS = [
        Binding("escape,q", "back", "Back", id="rules.back"),
        *scroll_bindings(footer=True),
        Binding("space", "scroll_text('page_down')", show=False, id="rules.space"),
    ]

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
                    with (
                        TabPane(game.title, id=f"rules-{game.id}"),
                        VerticalScroll(classes="rules-page"),
                    ):
                        yield Markdown(how_to_play(game.id))
        yield Footer()

    def on_mount(self) -> None:
        page = self.scrolled_text()
        if page is not None:
            page.focus()

    def scrolled_text(self) -> Widget | None:
        tabs = self.query(TabbedContent)
        if not tabs or not tabs.first().active:
            return None
        return self.query_one(f"#{tabs.first().active} .rules-page", VerticalScroll)

    def action_back(self) -> None:
        self.close()
