"""The rules screen: how each installed game plays, one tab a game."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Markdown, Static, TabbedContent, TabPane

import core
from tui.screens.base import Page

HELP_DIR = Path(__file__).resolve().parent.parent / "help"


def how_to_play(game_id: str) -> str:
    """The game's guide (tui/help/<game>.md) and, generated from the game, every rule option."""
    try:
        guide = (HELP_DIR / f"{game_id}.md").read_text("utf-8")
    except OSError:
        guide = f"# {core.game(game_id).title}\n\nNo guide has been written for this game yet."
    return guide.rstrip() + "\n\n" + options_table(core.game(game_id))


def options_table(game) -> str:
    """Every rule option as Markdown: what it does, its default and its other values, its rule."""
    lines = [
        "## Rule options",
        "",
        "Set on the New game screen, or with `objective new GAME --option KEY=VALUE`.",
        "",
        "| option | what it does | default | other values | rule |",
        "|---|---|---|---|---|",
    ]
    for o in game.options:
        if o.choices:
            others = ", ".join(f"`{c}`" for c in o.choices if c != o.default)
        elif o.kind is bool:
            others = "`off`" if o.default else "`on`"
        else:
            others = f"{o.minimum}-{o.maximum}" if o.minimum is not None else "any"
        default = ("on" if o.default else "off") if o.kind is bool else o.default
        help_text = o.help.replace("|", "/")
        lines.append(
            f"| **{o.title}** (`{o.key}`) | {help_text} | `{default}` | {others} | {o.rule} |"
        )
    return "\n".join(lines) + "\n"


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
