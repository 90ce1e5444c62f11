"""What a player can ask of a game screen, besides playing: Esc, the hint, autoplay, undo,
saving, the game menu and the game-over summary.

`PlayerCommands` is a part of `GameScreen` (tui/screens/game.py), kept in its own module so each
reads on its own: the screen routes moves, playback and AI turns; these answer the player's keys.
The work is done by plain classes: `tui.turns` (AI turns, the hint), `Session` (undo, keeping the
game on disk).
"""

from __future__ import annotations

import time
from pathlib import Path

from core.engine import Action
from saves.record import SaveError
from saves.store import AutosaveSlot
from tui.text import display_path, printable


class PlayerCommands:
    """The player's commands of a game screen (mixed into `GameScreen`)."""

    def _maybe_show_intro(self) -> None:
        """The first game of a kind opens on its one-page "how to play" (once)."""
        settings = getattr(self.app, "settings", None)
        game_id = self.session.game.id
        if settings is None or game_id in settings.intro_seen:
            return
        from tui.screens.dialogs import IntroScreen

        self.app.remember(intro_seen=(*settings.intro_seen, game_id))
        self.app.push_screen(IntroScreen(game_id))

    # --- a decision ---------------------------------------------------------------------------

    def choose(self, action: Action) -> None:
        """A human's decision, from the picker or a shortcut on the board or a panel (every way
        in goes through here, so all ask alike): when the settings say so and it may end the
        turn, asked first; then played."""
        session = self.session
        if not session.human_to_move or self.busy or action not in session.legal():
            return
        if not (self.app.settings.confirm_end_turn and self.may_end_turn(action)):
            self.play(action)
            return
        from tui.screens.dialogs import ConfirmScreen

        def answer(yes: bool | None) -> None:
            if yes and session.human_to_move and not self.busy and action in session.legal():
                self.play(action)

        text = session.describe(action)
        self.app.push_screen(
            ConfirmScreen(f"{text}\n\nThis may end your turn.", yes="End turn", no="Not yet"),
            answer,
        )

    def may_end_turn(self, action: Action) -> bool:
        """Whether to ask before `action` (Settings: Confirm end of turn): the rules say it may
        end the turn (`core.engine.may_end_turn`: never from the dice to come or a hidden card,
        so the same action asks the same way every time) and it is not the only thing to do."""
        session = self.session
        if len(session.legal()) <= 1:
            return False
        return session.may_end_turn(action)

    # --- Esc and the AI ------------------------------------------------------------------------

    def action_escape(self) -> None:
        """Esc, in order: stop the autoplay to the end, skip a playback, stop a thinking AI,
        clear what narrows the list, else open the game menu."""
        if self.ai.autoplay_to_end:
            self.stop_autoplay()
        elif self.playing_back:
            self._skip_stages()
        elif self.ai.thinking:
            self.action_stop_ai()
        elif self.clear_board_selection() or self.picker.filter_input.value or self.picker.narrowed:
            self.picker.filter_input.value = ""
            self.picker.narrow(None)
        else:
            self.action_menu()

    def clear_board_selection(self) -> bool:
        """Hook: clear a selection on the board; True if there was one."""
        return False

    # --- player commands ---------------------------------------------------------------------

    def action_focus_filter(self) -> None:
        """Ctrl+F: a fresh filter, with the keyboard."""
        self.picker.filter_input.value = ""
        self.picker.filter_input.focus()

    def action_undo(self) -> None:
        if self.busy:
            self.notify("Wait for the other side to finish.", severity="warning")
            return
        refusal = self.session.undo_refusal()
        if refusal is not None or not self.session.undo():
            self.notify(refusal or "Nothing to undo.", severity="warning")
            return
        if self.session.remote:  # the room takes it back and sends the position before it
            self.picker.set_actions([], title="Undo is sent", empty="Waiting for the room…")
            return
        self.event_log.add_note("Undone.")
        self._changed = set()
        self._unasked = None
        self.autosave()
        self.advance()

    # --- saving ------------------------------------------------------------------------------

    @property
    def slot(self) -> AutosaveSlot | None:
        """Where this game autosaves (its own autosave, see `SaveStore.slot_for`; None for a
        room's game: the room autosaves it)."""
        if self.session.remote:
            return None
        if self.session.slot is None:
            self.session.record, self.session.slot = self.app.store.slot_for(self.session.record)
        return self.session.slot

    def action_save(self) -> None:
        """Ctrl+S: a save point, under a new name every time (it never replaces another)."""
        if self.session.remote:
            self.notify("The room keeps this game: its host autosaves after every decision.")
            return
        try:
            self.save_path = self.app.store.save_point(self.session.record)
        except SaveError as err:
            self.notify(printable(f"Could not save: {err}"), severity="error", markup=False)
            return
        self.notify(f"Saved to {display_path(self.save_path)}", markup=False)

    def autosave(self) -> None:
        if self.session.remote:
            return  # (the room autosaves)
        self.slot  # noqa: B018 (made on first use)
        said = self.session.autosave()
        if said is not None:
            self.notify(said[1], severity=said[0], markup=False)

    def tell_where_it_is_saved(self) -> None:
        """After leaving the game for the title screen: where it is (or that it is not) saved."""
        if not self.session.remote:
            self.slot  # noqa: B018
        said = self.session.leaving_note()
        if said is not None:
            self.app.notify(said[1], severity=said[0], markup=False)

    def save_elsewhere(self, then=None) -> None:
        """Ask for a path and save the game there (when the autosaves fail); `then` is called
        when the dialog closes."""
        from tui.screens.saving import SaveAsScreen

        record = self.session.record

        def save(path: Path) -> Path:
            return self.app.store.save_as(record, path)

        def done(path: Path | None) -> None:
            if path is not None:
                self.session.saved_elsewhere(record, path)
                self.notify(f"Saved to {display_path(path)}", markup=False)
            if then is not None:
                then()

        suggestion = Path.home() / f"{record.game}-{time.strftime('%Y%m%d-%H%M%S')}.objective"
        self.app.push_screen(SaveAsScreen(save, suggestion), done)

    # --- the game menu -----------------------------------------------------------------------

    def action_menu(self) -> None:
        from tui.screens.dialogs import GameMenuScreen

        self.app.push_screen(GameMenuScreen(self.session.game.title), self._menu_chosen)

    def _menu_chosen(self, item: str | None) -> None:
        actions = {
            "save": self.action_save,
            "intro": self.action_how_to_play,
            "rules": self.action_rules,
            "title": self.action_main_menu,
            "new": self.action_new_game,
            "quit": self.app.action_quit_confirm,
        }
        if item in actions:
            actions[item]()

    def action_main_menu(self) -> None:
        self.autosave()
        self.app.return_to_title()
        self.tell_where_it_is_saved()

    def action_new_game(self) -> None:
        self.autosave()
        self.app.open_setup(self.session.game.id, replace_game=True)

    def action_how_to_play(self) -> None:
        from tui.screens.dialogs import IntroScreen

        self.app.push_screen(IntroScreen(self.session.game.id))

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        """Extra lines for the game-over screen (dedicated screens add their statistics)."""
        return [f"Turn reached: {self._turn()}", f"Moves played: {self.session.decisions}"]

    def show_game_over(self) -> None:
        if self._game_over_shown:
            return
        self._game_over_shown = True
        self.action_summary()

    def check_action(self, action: str, parameters) -> bool | None:
        if not self._ready:
            return action in ("escape",) or None
        if action == "summary":
            return self.session.over
        if action in ("hint", "autoplay", "autoplay_to_end", "undo"):
            return not self.session.over
        if action == "skip":
            return self.playing_back
        if action == "stop_autoplay":
            return self.ai.autoplay_to_end
        if action == "stop_ai":
            return self.ai.thinking
        return True

    def action_summary(self) -> None:
        if not self.session.over:
            return
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self))

    def action_rules(self) -> None:
        self.app.open_rules(self.session.game.id)
