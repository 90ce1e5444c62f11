"""The title screen: New game, Continue (the latest autosave), Load, Join a game, Rules, Quit."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Vertical
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

import core
from tui.screens.load import game_title, shown_time
from tui.startup import first_resume

LOGO = """\
▄▀▀▄ █▀▀▄   █ █▀▀ ▄▀▀ ▀█▀ ▀█▀ █  █ █▀▀
█  █ █▀▀▄   █ █▀▀ █    █   █  ▀▄▄▀ █▀▀
 ▀▀  ▀▀▀  ▀▀  ▀▀▀  ▀▀  ▀  ▀▀▀  ▀▀  ▀▀▀"""


class TitleScreen(Screen[None]):
    CSS_PATH = "title.tcss"
    BINDINGS = [
        Binding("n", "menu('new')", "New game", id="title.new", tooltip="Set up a new game"),
        Binding(
            "c",
            "menu('continue')",
            "Continue",
            id="title.continue",
            tooltip="Carry on with the latest autosave",
        ),
        Binding("l", "menu('load')", "Load", id="title.load", tooltip="Pick a saved game"),
        Binding(
            "j",
            "menu('join')",
            "Join",
            id="title.join",
            tooltip="Join a game a host has opened (its address and your token)",
        ),
        Binding("r", "menu('rules')", "Rules", id="title.rules", tooltip="How each game plays"),
        Binding(
            "s", "menu('settings')", "Settings", id="title.settings", tooltip="Theme, AI, keys"
        ),
        Binding("q", "menu('quit')", "Quit", id="title.quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="title-box"):
            yield Static(LOGO, id="logo")
            yield Static("three war games for the terminal", id="tagline")
            yield Static(self._games_line(), id="title-games")
            with Center():
                yield OptionList(id="title-menu")
        yield Footer()

    def _games_line(self) -> str:
        return "  ·  ".join(core.titles())

    def on_mount(self) -> None:
        self.refresh_menu()

    def on_screen_resume(self, event: ScreenResume) -> None:
        if not first_resume(self, event):  # (the first time, on_mount has just listed it)
            self.refresh_menu()

    def refresh_menu(self) -> None:
        menu = self.query_one("#title-menu", OptionList)
        latest = self.app.store.latest_autosave()  # from the files' headers only
        if latest is not None:
            header = latest.header
            when = shown_time(header.updated, "%d %b %H:%M")
            prompt = Text(f"Continue   {game_title(header.game)}, turn {header.turn} · {when}")
            cont = Option(prompt, id="continue")
        else:
            cont = Option("Continue   (no game in progress)", id="continue", disabled=True)
        menu.set_options(
            [
                Option("New game", id="new"),
                cont,
                Option("Load a saved game", id="load"),
                Option("Join a game", id="join"),
                Option("Rules", id="rules"),
                Option("Settings", id="settings"),
                Option("Quit", id="quit"),
            ]
        )
        menu.highlighted = 1 if latest is not None else 0
        menu.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.action_menu(event.option.id)

    def action_menu(self, choice: str) -> None:
        app = self.app
        if choice == "new":
            app.open_setup()
        elif choice == "continue":
            app.action_continue_game()
        elif choice == "load":
            app.open_load()
        elif choice == "join":
            app.open_join()
        elif choice == "rules":
            app.open_rules()
        elif choice == "settings":
            app.action_settings()
        elif choice == "quit":
            app.action_quit_confirm()
