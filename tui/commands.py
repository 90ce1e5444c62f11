"""The command palette (Ctrl+P): the app's commands on every screen, a game's on the game screen.

Each command names an action; a command the screen or app cannot run now (`check_action` says
no, e.g. "Game summary" before the game is over) is not offered. The palette itself is Textual's,
made safe against keys that arrive together with the one that opens or closes it.
"""

from __future__ import annotations

from functools import partial

from textual import command, on
from textual.await_complete import AwaitComplete
from textual.command import CommandList, DiscoveryHit, Hit, Hits, Provider
from textual.widgets import Button, Input, OptionList

# (name, help, action) run on the game screen
GAME_COMMANDS = (
    ("Save game", "Write the game to a save file (Ctrl+S)", "save"),
    ("Undo", "Take back your own last decision, never past a die or a card (Ctrl+Z)", "undo"),
    ("Hint", "Ask the AI what it would do (F2)", "hint"),
    ("Autoplay turn", "Let the AI play the rest of your turn (F3)", "autoplay"),
    ("Stop the AI", "Stop a thinking AI; it plays its best move so far (Esc)", "stop_ai"),
    ("Game menu", "Main menu, new game, save, rules (Esc)", "menu"),
    ("Main menu", "Leave this game for the title screen (it is autosaved)", "main_menu"),
    ("New game", "Set up a new game of this kind (this one is autosaved)", "new_game"),
    ("How to play", "The goal, the turn and the keys on one page", "how_to_play"),
    ("Game summary", "Show the game-over summary again (F10)", "summary"),
    ("Rules", "How this game plays, with every option", "rules"),
)

# (name, help, action) run on the app, whatever the screen
APP_COMMANDS = (
    ("New game", "Set up a new game", "new_game"),
    ("Continue", "Carry on with the latest autosave", "continue_game"),
    ("Load a saved game", "Pick a save file", "load_game"),
    ("Rules", "How each game plays", "show_rules"),
    ("Settings", "Theme, AI speed, animations, keys", "settings"),
    ("Main menu", "Back to the title screen", "main_menu"),
    ("Help", "The keys of this screen (F1)", "help"),
    ("Quit", "Leave Objective (Ctrl+Q)", "quit_confirm"),
)


class _Commands(Provider):
    COMMANDS: tuple = ()

    def _target(self):
        raise NotImplementedError

    def _available(self):
        target = self._target()
        for name, help_text, action in self.COMMANDS:
            allowed = target.check_action(action, ())
            if allowed is False or allowed is None:
                continue
            yield name, help_text, action

    async def discover(self) -> Hits:
        for name, help_text, action in self._available():
            yield DiscoveryHit(name, partial(self._run, action), help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, help_text, action in self._available():
            score = matcher.match(name)
            if score > 0:
                yield Hit(
                    score, matcher.highlight(name), partial(self._run, action), help=help_text
                )

    async def _run(self, action: str) -> None:
        await self._target().run_action(action)


class GameCommands(_Commands):
    COMMANDS = GAME_COMMANDS

    def _target(self):
        return self.screen


class AppCommands(_Commands):
    COMMANDS = APP_COMMANDS

    def _target(self):
        return self.app


class CommandPalette(command.CommandPalette):
    """Textual's command palette, safe against a burst of keys (a terminal delivers keys typed or
    pasted together in one read, before the palette has drawn anything):

    * Ctrl+P then PageUp/PageDown: Textual's list pages by the lines it has laid out, and a list
      not drawn yet has none (KeyError); with nothing on screen there is no page to move by.
    * Enter, Enter: the first runs the command and closes the palette; the second, already on its
      way to the palette, would close it again (popping the screen under it, or failing with
      ScreenStackError on the title screen) and run the command twice. A closed palette ignores
      whatever still reaches it.
    """

    _dismissed = False  # (MessagePump has its own `_closed`)

    def _action_command_list(self, action: str) -> None:
        if action.startswith("page_") and not self.query_one(CommandList).scrollable_content_region:
            return
        super()._action_command_list(action)

    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _ignore_once_dismissed(self, event) -> None:
        if self._dismissed:
            event.stop()
            event.prevent_default()  # Textual's own handlers never see it

    def dismiss(self, result=None) -> AwaitComplete:
        if self._dismissed or not self.is_attached or self.app.screen is not self:
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)
