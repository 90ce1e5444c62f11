"""The load screen: every save in the folder, broken files listed with what is wrong with them."""

from __future__ import annotations

import time
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

import core
from saves.store import SaveEntry
from tui.screens.base import Page
from tui.text import printable


def describe_entry(entry: SaveEntry) -> Text:
    text = Text()
    if entry.record is None:
        text.append(printable(entry.path.name), style="bold red")
        text.append(f"\n  cannot be loaded: {printable(entry.error)}", style="red")
        return text
    r = entry.record
    title = core.game(r.game).title if r.game in core.game_ids() else printable(r.game)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(r.updated))
    players = f"{r.players} player" + ("s" if r.players != 1 else "")
    text.append(title, style="bold")
    text.append(f" · turn {r.turn} · {players} · {when}")
    if entry.is_autosave:
        text.append("  (autosave)", style="italic")
    seats = ", ".join(s.label() for s in r.seats)
    status = f"finished: {r.finished}" if r.finished else "in progress"
    text.append(f"\n  {printable(seats)} · {printable(status)}", style="dim")
    text.append(f"\n  {printable(entry.path.name)}", style="dim")
    return text


def display_path(path: Path) -> str:
    """A folder as a person would write it: `~/...` under the home folder (bytes that are not
    UTF-8 as `\\xff`)."""
    home = Path.home()
    try:
        return printable(f"~/{path.relative_to(home)}")
    except ValueError:
        return printable(str(path))


class LoadScreen(Page[None]):
    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding("f5", "refresh_list", "Refresh", id="load.refresh"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Load a saved game", classes="screen-title")
        yield Static(
            f"Saves in {display_path(self.app.store.folder)}", id="load-folder", markup=False
        )
        yield OptionList(id="load-list")
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh_list()

    def action_refresh_list(self) -> None:
        self.entries = self.app.store.entries()
        options = self.query_one("#load-list", OptionList)
        if not self.entries:
            options.set_options([Option("No saved games yet.", disabled=True)])
            return
        self.entries.sort(key=lambda e: e.record is None)  # broken files last
        rows: list = []
        for i, entry in enumerate(self.entries):
            if rows:
                rows.append(None)  # a separator line
            rows.append(Option(describe_entry(entry), id=str(i), disabled=entry.record is None))
        options.set_options(rows)
        first = next((i for i, e in enumerate(self.entries) if e.record is not None), None)
        options.highlighted = first
        options.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries[int(event.option.id)]
        if entry.record is not None:
            self.app.open_record(entry.record, path=entry.path)

    def action_back(self) -> None:
        self.close()
