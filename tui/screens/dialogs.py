"""Small screens shared by the whole app: confirm, help, terminal too small, hot-seat hand-off."""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Static

from tui.screens.base import Dialog, ScrollsText, scroll_bindings
from tui.terminal import MIN_HEIGHT, MIN_WIDTH


class ConfirmScreen(Dialog[bool]):
    """A yes/no question. Dismisses with True for yes."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("y", "answer(True)", "Yes", id="confirm.yes"),
        Binding("n,escape", "answer(False)", "No", id="confirm.no"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self.question, self.yes, self.no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.question, classes="dialog-text", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button(f"{self.yes} (y)", variant="error", id="yes")
                yield Button(f"{self.no} (n)", variant="primary", id="no")

    def on_mount(self) -> None:
        self.query_one("#no", Button).focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.close(event.button.id == "yes")

    def action_answer(self, yes: bool) -> None:
        self.close(yes)


class HelpScreen(ScrollsText, Dialog[None]):
    """F1: the keys of the screen underneath, and the keys that work everywhere; in a game, the
    way to its first-time page and its rules."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("escape,f1,q", "dismiss_help", "Close", id="help.close"),
        Binding("h", "how_to_play", "How to play", id="help.intro", show=False),
        Binding("r", "rules", "Rules", id="help.rules", show=False),
        *scroll_bindings(),
    ]

    def __init__(
        self,
        title: str,
        keys: Sequence[tuple[str, str]],
        notes: str = "",
        game_id: str | None = None,
    ) -> None:
        super().__init__()
        self.help_title, self.keys, self.notes = title, keys, notes
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        table = Table.grid(padding=(0, 2))
        table.add_column(style="bold #ffa62b", justify="right")
        table.add_column()
        for key, what in self.keys:
            table.add_row(Text(key), Text(what))  # a key may be "[" (rebound in the keymap)
        with Vertical(classes="dialog help-dialog"):
            yield Static(Text(f"Keys · {self.help_title}", style="bold"), classes="dialog-title")
            with VerticalScroll():
                yield Static(table)
                if self.notes:
                    yield Static(self.notes, classes="help-notes", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Close (Esc)", id="close", variant="primary")
                if self.game_id:
                    yield Button("How to play (h)", id="intro")
                    yield Button("Rules (r)", id="rules")

    def scrolled_text(self) -> VerticalScroll:
        return self.query_one(VerticalScroll)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        {"intro": self.action_how_to_play, "rules": self.action_rules}.get(
            event.button.id, self.action_dismiss_help
        )()

    def action_dismiss_help(self) -> None:
        self.close(None)

    def action_how_to_play(self) -> None:
        if self.game_id:
            self.app.push_screen(IntroScreen(self.game_id))

    def action_rules(self) -> None:
        if self.game_id:
            self.app.open_rules(self.game_id)

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("how_to_play", "rules"):
            return bool(self.game_id)
        return True


class TooSmallScreen(Screen[None]):
    """Shown while the terminal is below 80x24; the app pops it when there is room again."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("ctrl+q", "app.quit", "Quit", id="too_small.quit", priority=True)]

    def compose(self) -> ComposeResult:
        yield Static("", id="too-small-text")

    def on_mount(self) -> None:
        self.show_size(self.app.size.width, self.app.size.height)

    def show_size(self, width: int, height: int) -> None:
        self.query_one("#too-small-text", Static).update(
            f"Objective needs a terminal of at least {MIN_WIDTH}×{MIN_HEIGHT}.\n"
            f"This one is {width}×{height}.\n\n"
            "Make the window larger to carry on: nothing is lost.\n"
            "Ctrl+Q quits."
        )


class HandOffScreen(Dialog[None]):
    """Hot-seat with hidden hands: the screen goes blank until the next player is ready."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [Binding("enter,space", "ready", "I am ready", id="handoff.ready")]

    def __init__(self, player: str) -> None:
        super().__init__()
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog handoff"):
            yield Static(
                f"Pass the keyboard to {self.player}.\n\n"
                f"Everyone else, look away: {self.player}'s hand is about to be shown.",
                classes="dialog-text",
                markup=False,
            )
            with Center():
                yield Button(Text(f"I am {self.player} (Enter)"), id="ready", variant="primary")

    def on_button_pressed(self) -> None:
        self.close(None)

    def action_ready(self) -> None:
        self.close(None)


class IntroScreen(ScrollsText, Dialog[None]):
    """How to play, in one page: the goal, the steps of a turn, the keys. Shown at the first
    game of each kind, and from F1 (How to play) at any time."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("escape,enter,space", "done", "Play", id="intro.close"),
        Binding("r", "rules", "Rules", id="intro.rules"),
        *scroll_bindings(),
    ]

    def __init__(self, game_id: str) -> None:
        super().__init__()
        self.game_id = game_id

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown

        from tui.help_pages import intro_text

        with Vertical(classes="dialog intro-dialog"):
            with VerticalScroll():
                yield Markdown(intro_text(self.game_id))
            with Horizontal(classes="dialog-buttons"):
                yield Button("Play (Enter)", id="play", variant="primary")
                yield Button("Rules (r)", id="rules")

    def on_mount(self) -> None:
        self.query_one("#play", Button).focus()

    def scrolled_text(self) -> VerticalScroll:
        return self.query_one(VerticalScroll)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "rules":
            self.action_rules()
        else:
            self.action_done()

    def action_done(self) -> None:
        self.close(None)

    def action_rules(self) -> None:
        self.app.open_rules(self.game_id)


MENU_ITEMS = (
    ("resume", "Back to the game", "Esc"),
    ("save", "Save the game to a file", "s"),
    ("intro", "How to play", "h"),
    ("rules", "Rules of the game", "r"),
    ("title", "Main menu (the game is autosaved)", "m"),
    ("new", "New game", "n"),
    ("quit", "Quit Objective", "q"),
)


class GameMenuScreen(Dialog[str]):
    """Esc in a game: the way out and the rest, each a key. Dismisses with the item chosen
    ("resume" when closed); the game screen carries it out."""

    CSS_PATH = "dialogs.tcss"

    BINDINGS = [
        Binding("escape", "pick('resume')", "Back", id="menu.resume"),
        Binding("s", "pick('save')", "Save", id="menu.save", show=False),
        Binding("h", "pick('intro')", "How to play", id="menu.intro", show=False),
        Binding("r", "pick('rules')", "Rules", id="menu.rules", show=False),
        Binding("m", "pick('title')", "Main menu", id="menu.title", show=False),
        Binding("n", "pick('new')", "New game", id="menu.new", show=False),
        Binding("q", "pick('quit')", "Quit", id="menu.quit", show=False),
    ]

    def __init__(self, title: str) -> None:
        super().__init__()
        self.menu_title = title

    def compose(self) -> ComposeResult:
        from textual.widgets import OptionList
        from textual.widgets.option_list import Option

        with Vertical(classes="dialog menu-dialog"):
            yield Static(Text(self.menu_title, style="bold"), classes="dialog-title")
            yield OptionList(
                *(Option(f"{text}  ({key})", id=item) for item, text, key in MENU_ITEMS),
                id="menu-options",
            )

    def on_mount(self) -> None:
        self.query_one("#menu-options").focus()

    def on_option_list_option_selected(self, event) -> None:
        event.stop()
        self.action_pick(event.option.id)

    def action_pick(self, item: str) -> None:
        self.close(item)
