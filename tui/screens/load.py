"""The load screen: every save in the folder (read from the files' headers), broken files listed
with what is wrong with them; any of them can be deleted."""

from __future__ import annotations

import time

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

import core
from saves.codec import SaveHeader
from saves.record import APP_VERSION, SaveError
from saves.store import SaveEntry
from tui.screens.base import Page
from tui.text import display_name, display_path, printable


def game_title(game_id: str) -> str:
    """A game's title, or its id as the file gives it (made readable) if this version has none."""
    return core.title(game_id) if game_id in core.game_ids() else printable(game_id)


def shown_time(seconds: float, pattern: str) -> str:
    try:
        return time.strftime(pattern, time.localtime(seconds))
    except (OverflowError, OSError, ValueError):
        return "?"


def made_by(header: SaveHeader) -> str:
    """Which other version made a save, from its header ("" for this one): today's rules may
    replay it otherwise, which only opening it tells (a listing never replays)."""
    if header.game not in core.game_ids():
        return ""
    today = core.game(header.game).rules_version
    if header.rules_version and header.rules_version != today:
        return (
            f"made by Objective {printable(header.app_version)} under rules version "
            f"{header.rules_version} (today's is {today})"
        )
    if header.app_version != APP_VERSION:
        return f"made by Objective {printable(header.app_version)}"
    return ""


def describe_entry(entry: SaveEntry) -> Text:
    """An entry of the list, as plain text: nothing in a file is read as markup."""
    text = Text()
    if entry.header is None:
        text.append(display_name(entry.path), style="bold red")
        text.append(f"\n  cannot be loaded: {printable(entry.error)}", style="red")
        return text
    h = entry.header
    when = shown_time(h.updated, "%Y-%m-%d %H:%M")
    players = f"{h.players} player" + ("s" if h.players != 1 else "")
    text.append(game_title(h.game), style="bold")
    text.append(f" · turn {h.turn} · {players} · {when}")
    if entry.is_autosave:
        text.append("  (autosave)", style="italic")
    seats = ", ".join(printable(s.label()) for s in h.seats)
    status = f"finished: {printable(h.finished)}" if h.finished else "in progress"
    text.append(f"\n  {seats} · {status}", style="dim")
    made = made_by(h)
    if made:
        text.append(f"\n  {made}", style="italic")
    text.append(f"\n  {display_name(entry.path)}", style="dim")
    return text


class LoadScreen(Page[None]):
    CSS_PATH = "load.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="load.back"),
        Binding(
            "d,delete",
            "delete",
            "Delete",
            id="load.delete",
            tooltip="Delete the highlighted save (asks first)",
        ),
        Binding("f5", "refresh_list", "Refresh", id="load.refresh"),
    ]

    entries: list[SaveEntry]

    def compose(self) -> ComposeResult:
        yield Static("Load a saved game", classes="screen-title")
        yield Static(
            f"Saves in {display_path(self.app.store.folder)}", id="load-folder", markup=False
        )
        yield OptionList(id="load-list")
        yield Footer()

    def on_mount(self) -> None:
        self.action_refresh_list()

    def action_refresh_list(self, keep: int | None = None) -> None:
        self.entries = self.app.store.entries()
        options = self.query_one("#load-list", OptionList)
        if not self.entries:
            options.set_options([Option("No saved games yet.", disabled=True)])
            return
        self.entries.sort(key=lambda e: e.header is None)  # broken files last
        rows: list = []
        for i, entry in enumerate(self.entries):
            if rows:
                rows.append(None)  # a separator line
            rows.append(Option(describe_entry(entry), id=str(i)))
        options.set_options(rows)
        first = next((i for i, e in enumerate(self.entries) if e.header is not None), 0)
        index = first if keep is None else min(keep, len(self.entries) - 1)
        options.highlighted = options.get_option_index(str(index))
        options.focus()

    def _highlighted(self) -> SaveEntry | None:
        options = self.query_one("#load-list", OptionList)
        if options.highlighted is None or not getattr(self, "entries", None):
            return None
        option = options.get_option_at_index(options.highlighted)
        return self.entries[int(option.id)] if option.id is not None else None

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        entry = self.entries[int(event.option.id)]
        if entry.header is None:
            self.notify(
                f"{display_name(entry.path)} cannot be loaded: {printable(entry.error)}",
                severity="warning",
                markup=False,
            )
            return
        self.app.open_save(entry.path)

    def action_delete(self) -> None:
        from tui.screens.dialogs import ConfirmScreen

        entry = self._highlighted()
        if entry is None:
            return
        index = self.entries.index(entry)
        question = Text(f"Delete {display_name(entry.path)}?\n\n")
        question.append_text(describe_entry(entry))
        question.append("\n\nThe file is removed from the disk.")

        def answer(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.app.store.delete(entry.path)
            except SaveError as err:
                self.notify(str(err), severity="error", markup=False)
                return
            self.notify(f"Deleted {display_name(entry.path)}", markup=False)
            self.action_refresh_list(keep=index)

        self.app.push_screen(ConfirmScreen(question, yes="Delete", no="Keep"), answer)

    def action_back(self) -> None:
        self.close()
