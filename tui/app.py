"""The Objective app: screens, global keys, the save store, the terminal-size guard."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from pathlib import Path

from rich.text import Text
from textual import work
from textual.app import App
from textual.binding import Binding
from textual.command import SimpleProvider
from textual.events import Resize
from textual.notifications import SeverityLevel
from textual.theme import ThemeProvider

from saves.record import GameRecord, SaveError, SeatInfo, start_game
from saves.store import SaveStore, read_record
from tui.commands import AppCommands, CommandPalette
from tui.screens.game import GameScreen
from tui.screens.registry import screen_class_for
from tui.session import Session
from tui.settings import Settings
from tui.settings import load as load_settings
from tui.settings import save as save_settings
from tui.startup import resume_collection
from tui.terminal import MIN_HEIGHT, MIN_WIDTH
from tui.text import printable

# Textual's own bindings that the general keys below already explain.
HELP_HIDDEN_ACTIONS = {
    "command_palette",
    "app.focus_next",
    "app.focus_previous",
    "focus_next",
    "focus_previous",
    "screen.copy_text",
    "copy_text",
    "app.copy_text",
}


GENERAL_KEYS = [
    ("tab / shift+tab", "Move between the parts of the screen"),
    ("↑ ↓ enter", "Choose in a list"),
    ("↑ ↓ pgup pgdn home end", "Scroll the text, list or map in focus"),
    ("^p", "Command palette: every command by name"),
]


class ObjectiveApp(App[None]):
    TITLE = "Objective"
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = True
    COMMANDS = App.COMMANDS | {AppCommands}
    BINDINGS = [
        Binding("f1", "help", "Help", id="app.help", tooltip="Keys for this screen"),
        Binding("ctrl+q", "quit_confirm", "Quit", id="app.quit", priority=True, show=False),
    ]

    def __init__(
        self,
        store: SaveStore | None = None,
        session: Session | None = None,
        opened_from: Path | None = None,
        seed: int | None = None,
        ai_delay: float | None = None,
        step_pause: float | None = None,
        settings: Settings | None = None,
        join: tuple[str, str, str | None] | None = None,
    ) -> None:
        super().__init__()
        self.store = store if store is not None else SaveStore()
        self._start_session = session
        self._start_join = join  # `objective join`: the room's address, the token, a cafile
        self._start_path = opened_from  # the file the first game was opened from
        self._seeds = random.Random(seed)
        self._settings_problems: list[str] = []
        if settings is None:
            settings, self._settings_problems = load_settings()
        self.settings = settings
        if settings.theme in self.available_themes:
            self.theme = settings.theme
        else:
            self._settings_problems.append(
                f"The theme {settings.theme!r} does not exist; {self.theme} is in use "
                "(Settings lists the themes)."
            )
        self._ai_delay = ai_delay  # fixed by tests and benchmarks; else from the settings
        self._step_pause = step_pause
        self._too_small = None
        self._crash_line: str | None = None
        self._ending_signal: int | None = None

    @property
    def ai_delay(self) -> float:
        """The least time an AI move stays on screen before the next (the settings' AI speed)."""
        return self._ai_delay if self._ai_delay is not None else self.settings.step_pause

    @property
    def step_pause(self) -> float:
        """Seconds between two steps the other side plays out."""
        return self._step_pause if self._step_pause is not None else self.settings.step_pause

    @property
    def think_cap(self) -> float | None:
        return self.settings.think_cap

    def notify(
        self,
        message: str,
        *,
        title: str = "",
        severity: SeverityLevel = "information",
        timeout: float | None = None,
        markup: bool = False,
    ) -> None:
        """A notification, always shown as plain text: messages carry names, paths, settings
        values and game ids, whose brackets must never be read as markup (`markup` is ignored,
        so a widget's `notify`, which asks for markup, is plain too)."""
        super().notify(
            printable(str(message), keep="\n"),
            title=printable(str(title)),
            severity=severity,
            timeout=timeout,
            markup=False,
        )

    def remember(self, **changes) -> None:
        """Change some settings and write them (a failure to write is told, not fatal)."""
        self.settings = replace(self.settings, **changes)
        try:
            save_settings(self.settings)
        except OSError as err:
            self.notify(f"Could not save the settings: {err.strerror or err}", severity="warning")

    def get_default_screen(self):
        """Straight into a game (`objective new`/`load`): the game is the first screen, and the
        title screen is built only when the player goes back to it."""
        if self._start_session is not None:
            screen = self.game_screen(self._start_session, self._start_path)
        else:
            from tui.screens.title import TitleScreen

            screen = TitleScreen()
        # Textual reads a screen's own stylesheet when the screen is pushed; the first screen
        # is not pushed, so read it here.
        for path in screen.css_path:
            if not self.stylesheet.has_source(str(path), ""):
                self.stylesheet.read(path)
        return screen

    def on_mount(self) -> None:
        problems: list[str] = []
        if self.settings.keymap:  # (checking it imports every screen: only when there is one)
            from tui.keymap import checked

            keymap, problems = checked(self.settings.keymap, type(self))
            self.set_keymap(keymap)
        self.theme_changed_signal.subscribe(self, self._remember_theme)
        self._check_size(self.size.width, self.size.height)
        for problem in [*self._settings_problems, *problems]:
            self.notify(problem, severity="warning", timeout=12)
        if self._start_session is not None:  # `objective load FILE`
            self.tell_replay_note(self._start_session)
        if self._start_join is not None:  # `objective join URL --token T`
            url, token, cafile = self._start_join
            self.join_room(url, token, failed=self._join_failed, cafile=cafile)
        self.call_after_refresh(resume_collection)  # (see tui/startup.py)

    def _remember_theme(self, theme) -> None:
        """A theme chosen anywhere (the palette's "Change theme", Settings) is kept."""
        if theme.name != self.settings.theme:
            self.remember(theme=theme.name)

    # --- app commands (the palette on every screen) ------------------------------------------

    # Textual's palette is replaced by ours (tui/commands.py), which survives a burst of keys.

    def action_command_palette(self) -> None:
        if self.use_command_palette and not CommandPalette.is_open(self):
            self.push_screen(CommandPalette(id="--command-palette"))

    def search_commands(self, commands, placeholder: str = "Search for commands…"):
        return self.push_screen(
            CommandPalette(
                providers=[SimpleProvider(self.screen, commands)], placeholder=placeholder
            )
        )

    def search_themes(self) -> None:
        self.push_screen(
            CommandPalette(providers=[ThemeProvider], placeholder="Search for themes…")
        )

    def action_new_game(self) -> None:
        self.open_setup()

    def action_continue_game(self) -> None:
        latest = self.store.latest_autosave()
        if latest is None:
            self.notify("There is no game in progress to continue.", severity="warning")
            return
        self.open_save(latest.path)

    def action_load_game(self) -> None:
        self.open_load()

    def action_show_rules(self) -> None:
        self.open_rules()

    def action_main_menu(self) -> None:
        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]
        for screen in games:
            screen.autosave()
        self.return_to_title()
        for screen in games:
            screen.tell_where_it_is_saved()

    def action_settings(self) -> None:
        from tui.screens.settings import SettingsScreen

        if not isinstance(self.screen, SettingsScreen):
            self.push_screen(SettingsScreen())

    # --- navigation --------------------------------------------------------------------------

    def next_seed(self) -> int:
        return self._seeds.randrange(1, 1_000_000)

    def open_setup(self, game_id: str | None = None, replace_game: bool = False) -> None:
        from tui.screens.setup import SetupScreen

        if replace_game:
            self.return_to_title()
        self.push_screen(SetupScreen(game_id, seed=self.next_seed(), remembered=self.settings))

    def open_load(self) -> None:
        from tui.screens.load import LoadScreen

        self.push_screen(LoadScreen())

    def open_join(self, address: str = "", token: str = "") -> None:
        from tui.screens.join import JoinScreen

        self.push_screen(JoinScreen(address, token))

    def join_room(self, address: str, token: str, failed=None, cafile: str | None = None) -> None:
        """Join the seat `token` opens in the room at `address`, in the background; the game's
        own screen opens when the room has sent the seat's view. `failed(sentence)` hears why
        it could not (else a notification)."""
        self._join_room(address, token, failed, cafile)

    @work(exclusive=True, group="join")
    async def _join_room(self, address: str, token: str, failed, cafile) -> None:
        from tui.online.client import RoomError, client_ssl_context
        from tui.online.remote_session import RemoteSession

        try:
            context = client_ssl_context(cafile) if cafile else None
            session = await RemoteSession.join(address, token, context)
        except (RoomError, OSError) as err:
            sentence = str(err)
            if not isinstance(err, RoomError):  # (the certificate to trust)
                sentence = f"Cannot use the certificate {cafile}: {err.strerror or err}."
            sentence = printable(sentence)
            if failed is not None:
                failed(sentence)
            else:
                self.notify(sentence, severity="error", timeout=15)
            return
        from tui.screens.join import JoinScreen

        if isinstance(self.screen, JoinScreen):
            self.pop_screen()
        self.push_screen(screen_class_for(session.game.id)(session))

    def _join_failed(self, sentence: str) -> None:
        """`objective join` could not take its seat: the sentence, and out (status 1)."""
        self.exit(return_code=1, message=Text(f"objective: {sentence}"))

    def open_rules(self, game_id: str | None = None) -> None:
        from tui.screens.rules import RulesScreen

        self.push_screen(RulesScreen(game_id))

    def return_to_title(self) -> None:
        """Close every screen above the title screen (building it if the game came first)."""
        from tui.screens.title import TitleScreen

        while len(self.screen_stack) > 1 and not isinstance(self.screen, TitleScreen):
            self.pop_screen()
        if not isinstance(self.screen, TitleScreen):
            # The game was the first screen (started from the command line). Textual cannot
            # replace a first screen, so the title goes on top; the game below stays idle.
            if isinstance(self.screen, GameScreen):
                self.screen.stop_thinking()
            self.push_screen(TitleScreen())

    def start_new_game(self, game_id: str, options: dict, seats: list[SeatInfo], seed: int):
        session = Session.from_replay(start_game(game_id, options, len(seats), seats, seed))
        self.return_to_title()
        self.push_game(session)

    def open_save(self, path: Path) -> None:
        """Open the save at `path` (read whole and replayed; a sentence if it cannot be)."""
        try:
            record = read_record(path)
        except SaveError as err:
            self.notify(printable(f"Cannot open that save: {err}"), severity="error", markup=False)
            return
        self.open_record(record, path)

    def open_record(self, record: GameRecord, path: Path | None = None) -> None:
        """Open a game from a save: as far as today's rules replay it, which the game tells
        (see `Session.from_record`)."""
        try:
            session = Session.from_record(record)
        except SaveError as err:
            self.notify(printable(f"Cannot open that save: {err}"), severity="error", markup=False)
            return
        self.return_to_title()
        self.push_game(session, path)
        self.tell_replay_note(session)

    def tell_replay_note(self, session: Session) -> None:
        """Say that a save replays otherwise under today's rules (the game's log says it too)."""
        if session.note:
            self.notify(session.note, severity="warning", timeout=15)

    def push_game(self, session: Session, opened_from: Path | None = None) -> None:
        self.push_screen(self.game_screen(session, opened_from))

    def game_screen(self, session: Session, opened_from: Path | None = None) -> GameScreen:
        """The screen for a game, with the autosave it goes on in: the file it was opened from
        if that is an autosave of the save folder that replays as it was saved, else its own
        (see `SaveStore.slot_for`)."""
        session.record, session.slot = self.store.slot_for(
            session.record, opened_from, diverged=session.diverged
        )
        return screen_class_for(session.game.id)(session)

    # --- global keys -------------------------------------------------------------------------

    def action_help(self) -> None:
        from tui.screens.dialogs import HelpScreen

        if isinstance(self.screen, HelpScreen):
            return
        screen = self.screen
        keys = []
        seen = set()
        for active in self.active_bindings.values():
            binding = active.binding
            if active.node not in (screen, self) or binding.system or not binding.description:
                continue
            if binding.action in seen or binding.action in HELP_HIDDEN_ACTIONS:
                continue
            seen.add(binding.action)
            keys.append((self.get_key_display(binding), binding.description))
        keys.extend(GENERAL_KEYS)
        notes = getattr(screen, "HELP_NOTES", "")
        title = getattr(screen, "title", None) or self.title
        session = getattr(screen, "session", None)
        game_id = session.game.id if isinstance(screen, GameScreen) else None
        self.push_screen(HelpScreen(str(title), keys, notes, game_id))

    def action_quit_confirm(self) -> None:
        """Quit, after a question that says what happens to the game: autosaved, or (when the
        autosaves fail) how many decisions would be lost, with a way to save them elsewhere."""
        from tui.screens.dialogs import ConfirmScreen
        from tui.screens.saving import QuitScreen, SaveAsScreen

        if isinstance(self.screen, ConfirmScreen | QuitScreen | SaveAsScreen):
            return
        games = [s for s in self.screen_stack if isinstance(s, GameScreen)]

        def quit_now() -> None:
            for screen in games:
                screen.stop_thinking()
            self.exit()

        for screen in games:
            screen.slot  # noqa: B018 (each game's autosave, made on first use)
        notes = [note for note in (s.session.quit_note() for s in games) if note]
        unsaved = [s for s in games if s.session.unsaved_decisions]
        question = "\n".join(["Quit Objective?", *notes])
        if not unsaved:
            self.push_screen(
                ConfirmScreen(Text(question), yes="Quit", no="Stay"),
                lambda yes: quit_now() if yes else None,
            )
            return

        def answer(choice: str | None) -> None:
            if choice == "quit":
                quit_now()
            elif choice == "save":
                unsaved[0].save_elsewhere(then=self.action_quit_confirm)

        self.push_screen(QuitScreen(question), answer)

    # --- a signal (SIGTERM, SIGHUP, SIGINT) -----------------------------------------------------

    def end_by_signal(self, signum: int) -> bool:
        """Ask the running app to end as a quit would, for a signal: the game in progress is
        autosaved, the terminal restored, and the exit status is 128 + the signal's number.

        Safe to call from a signal handler in the app's thread: it only schedules the work on
        the app's loop. False when the app is not running (before it starts or once it ended).
        """
        loop = self._loop
        if loop is None:
            return False
        with contextlib.suppress(RuntimeError):  # a closed loop: the app is already ending
            loop.call_soon_threadsafe(self._end_by_signal, signum)
        return True

    def _end_by_signal(self, signum: int) -> None:
        if self._ending_signal is not None:
            return
        self._ending_signal = signum
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                screen.stop_thinking()
                screen.autosave()
        self.exit(return_code=128 + signum)

    # --- a crash ------------------------------------------------------------------------------

    def _handle_exception(self, error: Exception) -> None:
        """An unexpected error: autosave what can be saved, write a crash report, and leave with
        exit status 1 and one line saying where the report is (Textual's traceback stays in it)."""
        if self._crash_line is None:
            from tui.crash import crash_line, write_report

            saved = self._autosave_after_crash()
            self._crash_line = crash_line(error, write_report(error, self._crash_context()), saved)
        super()._handle_exception(error)

    def _fatal_error(self) -> None:
        from rich.text import Text

        self.bell()
        self._exit_renderables.append(Text(self._crash_line or "objective: stopped by an error"))
        self._close_messages_no_wait()

    def _autosave_after_crash(self) -> str:
        """Autosave every game on screen, each in its own autosave; a record the save format
        refuses (its check is the same as when a file is read) is not written."""
        saved = []
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen):
                try:
                    screen.slot.write(screen.session.record, force=True)
                    saved.append(screen.session.game.title)
                except Exception:
                    continue
        return f"Your game ({', '.join(saved)}) was autosaved." if saved else ""

    def _crash_context(self) -> str:
        try:
            return f"screen {type(self.screen).__name__}"
        except Exception:
            return ""

    # --- terminal size -----------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_size(event.size.width, event.size.height)

    def _check_size(self, width: int, height: int) -> None:
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            from tui.screens.dialogs import TooSmallScreen

            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif small and self._too_small is not None and self._too_small.is_mounted:
            self._too_small.show_size(width, height)
        elif not small and self._too_small is not None:
            if self.screen is self._too_small:
                self.pop_screen()
            self._too_small = None
