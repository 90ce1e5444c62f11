"""The game screen every game starts from: a board, the action picker, the event log, AI seats.

`GameScreen` plays any registered game with the generic pieces: the board is a readable rendering
of `to_json(view)`. A game's dedicated screen subclasses it and replaces the board hooks
(`compose_board`, `update_board`, `mark_changed`, `light_places`) and the words on the side
(`status_text`, `goal_text`, `picker_notes`); what the events mean to a player is its game's
teller (tui/tellers/). The screen routes; the work is in plain classes beside the session
(tui/playback.py, tui/story.py, tui/turns.py) and in its two other parts, the AI seats
(tui/screens/game_ai.py) and the player's commands (tui/screens/game_commands.py). Once here:

* the turn flow: whoever is to move is shown, humans act through the picker, AI seats think in a
  worker (with a visible indicator, Esc stops them);
* the playback: what an action set off (an AI move, the enemy's steps) is shown one position at a
  time with a short pause, the places it changed lit up, Space or Esc skipping to the end;
* "since your last move": the other side's doings in plain sentences when control comes back;
* focus: it always comes back to the picker when a panel or dialog closes;
* undo (the acting human's own decisions), a deterministic hint, autosave after every decision,
  the game menu (Esc), the hot-seat hand-off, the first-time page and game over.

The screen asks everything of its session (tui/session.py): the view of the seat at the screen,
the legal actions in words, the positions a playback shows. A game held by a room is the same
screen over a `RemoteSession` (tui/online/remote_session.py): the room's frames are shown by its
fourth part, `RoomLink` (tui/screens/game_room.py), through the same playback, and the other
seats are waited for instead of thought for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import ScreenResume
from textual.screen import Screen
from textual.widgets import Static

from core.engine import Action, IllegalAction
from tui.commands import GameCommands
from tui.screens.game_ai import AISeats
from tui.screens.game_commands import PlayerCommands
from tui.screens.game_room import RoomLink
from tui.session import Session
from tui.startup import first_resume
from tui.widgets.state_panel import StatePanel

if TYPE_CHECKING:
    from tui.playback import Playback, Stage
    from tui.story import Storyteller
    from tui.turns import AITurns
    from tui.widgets.action_picker import ActionPicker
    from tui.widgets.event_log import EventLog
    from tui.widgets.result_banner import ResultBanner
    from tui.widgets.story import StoryPanel


class GameScreen(AISeats, PlayerCommands, RoomLink, Screen[None]):
    BINDINGS = [
        Binding("f2", "hint", "Hint", id="game.hint", tooltip="Ask the AI what it would do"),
        Binding(
            "f3",
            "autoplay",
            "Auto",
            id="game.autoplay",
            tooltip="Let the AI play the rest of this turn for you",
        ),
        Binding(
            "f4",
            "autoplay_to_end",
            "To the end",
            show=False,  # (F1 lists it: the footer keeps its room for the keys of every turn)
            id="game.autoplay_to_end",
            tooltip="Let the AI play every turn until the game ends (Esc stops it)",
        ),
        Binding(
            "ctrl+z",
            "undo",
            "Undo",
            id="game.undo",
            priority=True,
            tooltip="Take back your own last decision (never past a die or a card)",
        ),
        Binding("ctrl+s", "save", "Save", id="game.save", priority=True, show=False),
        Binding(
            "ctrl+f",
            "focus_filter",
            "Filter",
            id="game.filter",
            tooltip="Clear the filter and type a new one",
        ),
        Binding(
            "escape",
            "escape",
            "Menu",
            id="game.menu",
            tooltip="Skip the playback, stop the AI, clear the filter, or open the game menu",
        ),
        # Esc stops F4's autoplay whatever has focus (a fight's result held on screen included)
        Binding(
            "escape",
            "stop_autoplay",
            "Stop autoplay",
            show=False,
            priority=True,
            id="game.stop_autoplay",
        ),
        Binding("space", "skip", "Skip", id="game.skip", show=False),
        Binding("f10", "summary", "Summary", id="game.summary", tooltip="The game-over summary"),
    ]
    COMMANDS = Screen.COMMANDS | {GameCommands}
    # Textual focuses the first focusable widget by default: the board, before the picker is
    # built, and styling the board again for its focus delays the first frame.
    AUTO_FOCUS = "#picker"

    HELP_NOTES = (
        "Type in the filter box to narrow the action list (whole words; a number finds a number,"
        " $2 a price); the best match is on top and highlighted; Up/Down move the highlight and"
        " Enter plays the highlighted action; Ctrl+F starts a new filter. When your part of a"
        " phase ends by itself, the status line says so and what you typed for it is dropped.\n"
        "Tab moves between the board, the actions and the log. What the other side does is "
        "played out step by step (Space or Esc skips) and told under “Since your last move”, "
        "newest turn first. The result of a fight you were in stays on screen until Enter."
    )

    def __init__(self, session: Session, save_path=None) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path  # the last save point written (Ctrl+S)
        # the AI's turns, the playback and the stories are made when first needed (after the
        # first frame): their modules are no part of what the first frame waits for
        self._ai: AITurns | None = None
        self._playback: Playback | None = None
        self._stories: dict[int | None, Storyteller] | None = None
        self._viewer: int | None = session.opening_viewer()
        self._game_over_shown = False
        self._pending_timer = None  # a forced AI move waiting its turn on screen
        self._ready = False
        self._stage_timer = None
        self._changed: set = set()  # the places changed since the player's last decision
        # the player's last decision ended their part of the game's step without their say:
        # why (shown in the status line until their next decision), and whether the picker
        # still has to be held for it when their next list is shown
        self._unasked: str | None = None
        self._hold_pending = False

    @property
    def ai(self) -> AITurns:
        """The AI seats' turns: who thinks, with what budget, and their moves."""
        if self._ai is None:
            from tui.turns import AITurns

            self._ai = AITurns(self.session)
        return self._ai

    @property
    def playback(self) -> Playback:
        """The other side's steps played out on the board, one at a time."""
        if self._playback is None:
            from tui.playback import Playback

            self._playback = Playback()
        return self._playback

    @property
    def stories(self) -> dict[int | None, Storyteller]:
        """Since each human's last decision: their story (None: the only viewer, no human)."""
        if self._stories is None:
            from tui.story import Storyteller
            from tui.tellers import teller_for

            session = self.session
            self._stories = {
                seat: Storyteller(teller_for(session.game, session.seat_name), seat)
                for seat in (session.humans or [None])
            }
        return self._stories

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The board is the first frame; the header, footer and side column (picker, log) are
        # built right after it, so the game appears as soon as a bare Textual app would
        # (benchmarks/tui_screens.py measures both moments).
        # The size's classes before the widgets are styled: a class set later styles them again.
        self._fit_height()
        with Horizontal(id="game-body"):
            with Vertical(id="board-column"):
                yield from self.compose_board()
            yield Vertical(id="side-column")

    def compose_side(self) -> list:
        from tui.widgets.action_picker import ActionPicker
        from tui.widgets.event_log import EventLog
        from tui.widgets.seats_line import SeatsLine
        from tui.widgets.story import StoryPanel
        from tui.widgets.thinking import ThinkingIndicator

        return [
            # plain text: these lines carry the names typed for the seats
            Static("", id="status-line", markup=False),
            Static("", id="goal-line", markup=False),
            SeatsLine(id="seats-line"),
            ThinkingIndicator(id="thinking"),
            StoryPanel(id="story"),
            ActionPicker(id="picker"),
            EventLog(id="log"),
        ]

    async def build_after_first_frame(self) -> None:
        """Hook: widgets a dedicated screen adds once the first frame is out."""

    @property
    def ready(self) -> bool:
        """True once the whole screen is built and the game is under way."""
        return self._ready

    def compose_board(self) -> ComposeResult:
        with VerticalScroll(id="board"):
            yield StatePanel(id="state-panel")

    def update_board(self, view=None) -> None:
        """Show `view` (the seat at the screen's view of the current position, unless a playback
        shows an earlier one)."""
        view = view if view is not None else self.view
        self.query_one("#state-panel", StatePanel).show(self.session.game.to_json(view))

    @property
    def view(self):
        """What the seat at the screen may know of the current position (a spectator's view
        before a hot-seat hand-off): everything a screen shows comes from it."""
        return self.session.view(self._viewer)

    # --- hooks for a game's screen -----------------------------------------------------------

    def mark_changed(self, places: set) -> None:
        """Light up `places` on the board: what changed since the player's last decision (the
        places of the events since then, in the game's own place references)."""

    def light_places(self, places) -> None:
        """Show where a story line or a highlighted action happens (None: nothing)."""

    def goal_text(self) -> str:
        """One line: what the player is after, and how close the game is to its end."""
        return ""

    def picker_notes(self) -> list[str]:
        """Sentences under the action list: what cannot be done now, and why."""
        return []

    def empty_reason(self) -> str:
        """Why the player has nothing to choose (the picker shows it when its list is empty)."""
        return "Nothing to do now."

    def panel_keys(self) -> dict[str, str]:
        """Keys a panel on the screen offers right now (key -> action): they work whatever has
        focus, and the filter never swallows them. During a playback Space skips it."""
        return {"space": "skip"} if self.playing_back else {}

    def unasked_change(self, before, action: Action, after) -> str | None:
        """Why the player's part of a step of the game (a phase) ended although `action` did not
        end it ("Phase 3 is over: no army can move"), or None. The screen then clears the
        filter, says so in the status line, and drops what was typed for the old list."""
        return None

    def needs_handoff(self, seat: int) -> bool:
        """Hot-seat with hidden hands: a blank screen before a different human sees theirs."""
        return self.session.hot_seat_secrets and seat != self._viewer

    # --- flow --------------------------------------------------------------------------------

    @property
    def picker(self) -> ActionPicker:
        return self.query_one("#picker")

    @property
    def event_log(self) -> EventLog:
        return self.query_one("#log")

    @property
    def story_panel(self) -> StoryPanel:
        return self.query_one("#story")

    @property
    def banner(self) -> ResultBanner:
        return self.query_one("#result-banner")

    def on_result_banner_dismissed(self, message) -> None:
        self.focus_picker()

    def on_mount(self) -> None:
        self.title = self.session.game.title
        self._fit_height()
        self.update_board()
        self.call_after_refresh(self._build_side)

    def on_resize(self) -> None:
        self._fit_height()
        if self.query("#status-line"):  # (the side column is built after the first frame)
            self._refresh_side_lines()  # worded for the new room

    @property
    def narrow(self) -> bool:
        """A narrow terminal: the side column gives the board room (32 columns, not 52), and
        the lines in it take their short forms."""
        return self.app.size.width < 110

    @property
    def compact(self) -> bool:
        """A small terminal, narrow or short: the boards take their smaller drawings."""
        return self.narrow or self.app.size.height < 32

    def _fit_height(self) -> None:
        """On a short terminal the side column's extras take one line each (`-compact`); on a
        narrow one the side column gives the board room."""
        self.set_class(self.app.size.height < 32, "-compact")
        side = self.query("#side-column")
        if side:
            side.first().styles.width = 32 if self.narrow else 52

    async def _build_side(self) -> None:
        if not self.is_attached:  # the app closed before the first frame was out
            return
        from textual.widgets import Footer, Header  # (2.8 ms to import: after the frame)

        await self.mount_all([Header(), Footer()])
        await self.query_one("#side-column").mount_all(self.compose_side())
        from tui.widgets.result_banner import ResultBanner

        await self.query_one("#board-column").mount(ResultBanner(id="result-banner"))
        if not self.is_attached:
            return
        await self.build_after_first_frame()
        if self.session.note:  # a save that replays otherwise under today's rules
            self.event_log.add_note(self.session.note, style="bold")
        self.event_log.add_note(self.session.heading)
        log, teller = self.event_log, self.story.teller
        log.add_events(self.session.opening_events(), teller.new_turn, indent="")
        last = self.session.last_step(self._viewer)
        if last is not None:
            log.add_note(f"Resumed after {self.session.decisions} moves. The last one:")
            log.add_action(self.session.seat_name(last.seat), last.text, last.turn)
            log.add_events(last.events, teller.new_turn)
        log.start_turn(self._turn())
        self._ready = True
        self.advance()
        self.focus_picker()
        if self.session.remote:
            self.start_room_link()
        self._maybe_show_intro()

    def on_unmount(self) -> None:
        self.stop_thinking()
        if self.session.remote:
            self.stop_room_link()

    def on_screen_resume(self, event: ScreenResume) -> None:
        """A dialog closed over the game: the keyboard goes back to the picker."""
        first_resume(self, event)
        if self._ready:
            self.focus_picker()

    def toggle_board_focus(self, board) -> None:
        """Ctrl+T: the keyboard to the board (its cursor), or back from it to the actions."""
        if board.has_focus:
            self.focus_picker()
        else:
            board.focus()

    def focus_picker(self) -> None:
        """The keyboard to the action picker (to the result banner first while it holds the
        result of the player's fight: their next Enter dismisses it)."""
        if self._ready and self.is_attached:
            if self.banner.held:
                self.banner.focus()
            else:
                self.picker.filter_input.focus()

    def _hold_results(self, story: Storyteller) -> None:
        """Hold the results of the player's fights under the board, unless F4 plays the game
        to its end for them (they are in the log; the banner would only cover the board)."""
        results = story.take_results()
        if results and not self.ai.autoplay_to_end:
            self.banner.show(results)
            if self.app.screen is self and self.focused in (None, self.picker.filter_input):
                self.banner.focus()

    def advance(self) -> None:
        """Show the position and hand the move to whoever is next."""
        self._cancel_pending()
        self.refresh_bindings()
        session = self.session
        seat = session.to_move
        if session.seat_is_human(seat) and not self.needs_handoff(seat):
            self._viewer = seat
        self.refresh_view()
        if session.over:
            if self.ai.autoplay_on:
                self.autoplay_done()
            self.ai.autoplay_turn, self.ai.autoplay_to_end = None, False
            self.picker.set_actions([], title="Game over", empty="The game is over.")
            self._show_story()
            self.show_game_over()
            return
        if session.seat_is_human(seat) and not session.legal():
            self.show_waiting(seat)  # (the room's your-turn is on its way)
        elif session.seat_is_human(seat):
            self.ai.hurry = False
            if self.ai.autoplaying():
                self._start_thinking(seat, for_human=True)
                return
            if self.ai.autoplay_on:
                self.autoplay_done()
            self.ai.autoplay_turn = None
            if self.needs_handoff(seat):
                self.picker.set_actions(
                    [], title="Waiting for the next player", empty="The next player takes over."
                )
                from tui.screens.dialogs import HandOffScreen

                self.app.push_screen(
                    HandOffScreen(session.seat_name(seat)), lambda _: self._handed_off(seat)
                )
                return
            self._show_story()
            self.show_actions()
            self._hold_if_unasked()
            self.refresh_forecast()
        elif session.runs_agent(seat):
            self._start_thinking(seat)
        else:
            self.show_waiting(seat)

    def _hold_if_unasked(self) -> None:
        """The first list shown after a change the player did not ask for is held (see
        `ActionPicker.hold`), and the log tells the change."""
        if self._hold_pending and self._unasked:
            self._hold_pending = False
            self.picker.hold(self._unasked)
            self.event_log.add_note(f"{self._unasked}.")

    def _handed_off(self, seat: int) -> None:
        self.picker.filter_input.value = ""  # nothing the last player typed is left behind
        self._viewer = seat
        self.refresh_view()
        self._show_story()
        self.show_actions()
        self._hold_if_unasked()
        self.refresh_forecast()
        self.focus_picker()

    def _turn(self) -> int:
        return self.session.turn

    def refresh_view(self) -> None:
        self._refresh_side_lines()
        self.update_board()
        self.mark_changed(self._changed)

    def _refresh_side_lines(self) -> None:
        """The status, goal and seats lines (a game words them for the room it has)."""
        session = self.session
        seat = session.to_move
        status = f"Turn {self._turn()}"
        if session.over:
            status += " · game over"
        elif seat is not None:
            status += f" · {session.seat_name(seat)} to act"
        self.sub_title = status
        status_line = self.status_text()
        if self._unasked and not session.over:
            status_line = f"{self._unasked}. {status_line}"
        if waiting := session.waiting_line():  # (a room's game: who it waits for)
            status_line = f"{waiting} {status_line}"
        self.query_one("#status-line", Static).update(status_line)
        goal = self.goal_text()
        goal_line = self.query_one("#goal-line", Static)
        goal_line.update(goal)
        goal_line.display = bool(goal)
        seats = self.seats_text()
        gone = [  # (a room's game: a person's seat nobody is connected to)
            session.seat_name(i)
            for i in range(len(session.seats))
            if session.status(i) == "disconnected"
        ]
        if seats is not None and gone:
            seats = seats.copy()
            seats.append(f"\nDisconnected: {', '.join(gone)}", style="bold")
        self.query_one("#seats-line").show(session, self._viewer, seats)

    def status_text(self) -> str:
        return self.sub_title

    def seats_text(self):
        """Hook: the seats line in a game's own words (None: every seat and who plays it)."""
        return None

    def show_actions(self) -> None:
        session = self.session
        self.picker.set_actions(
            session.described(),
            title=f"{session.seat_name(session.to_move)}: your move",
            empty=self.empty_reason(),
            notes=self.picker_notes(),
        )

    @property
    def story(self) -> Storyteller:
        """The story of the seat at the screen (a spectator's when no human plays)."""
        return self.stories.get(self._viewer) or next(iter(self.stories.values()))

    def _show_story(self) -> None:
        self.story_panel.show(self.story.lines())
        self._hold_results(self.story)

    def on_action_picker_chosen(self, message: ActionPicker.Chosen) -> None:
        message.stop()
        if message.listing is not None and message.listing != self.picker.listing:
            return  # chosen from a list the game has replaced since (keys typed ahead)
        self.choose(message.action)

    def on_board_confirmed(self, message) -> None:
        """Enter on a board's selected place: play the one action about it, or give the
        keyboard to the list when there are several."""
        message.stop()
        shown = self.picker.shown_actions
        if len(shown) == 1:
            self.choose(shown[0])
        elif shown:
            self.focus_picker()

    def on_story_panel_chosen(self, message: StoryPanel.Chosen) -> None:
        message.stop()
        self.light_places(message.line.places)

    def play(self, action: Action, reason: str = "") -> None:
        """Apply an action for the seat to move, show what it did, autosave, move on. `reason`:
        why the AI chose it, told when it plays a human's turn (F3)."""
        session = self.session
        seat = session.to_move
        before = session.position
        human = session.seat_is_human(seat) and not self.ai.autoplay_on
        text = session.told(before, action, seat, self._viewer)
        if session.remote:
            self._send(action, text, reason)
            return
        try:
            stages = session.stages(before, action)
            session.apply(action)
        except IllegalAction as err:
            self.notify(f"Not allowed: {err.why}", severity="warning")
            return
        if self.ai.autoplay_on and session.seat_is_human(seat):
            self.ai.autoplayed.append(f"{text} — {reason}" if reason else text)
            if reason:
                text = f"{text} — autoplay: {reason}"
        if human:  # the player decided: their story starts again from here
            self._unasked = self.unasked_change(before, action, session.position)
            self._hold_pending = self._unasked is not None
            self.stories[seat].restart()
            self._changed = set()
            self.story_panel.show([])
            self.picker.filter_input.value = ""  # (what a player types ahead during AI moves stays)
        self.present(seat, action, text, stages, before)

    def _send(self, action: Action, text: str, reason: str) -> None:
        """A decision for a room's game: sent; the room's view of it is shown when it comes."""
        session = self.session
        try:
            session.apply(action)
        except IllegalAction as err:
            self.notify(f"Not allowed: {err.why}", severity="warning")
            return
        if self.ai.autoplay_on:
            self.ai.autoplayed.append(f"{text} — {reason}" if reason else text)
        else:  # the player decided: their story starts again from here
            self._unasked = None
            self.stories[session.seat].restart()
            self._changed = set()
            self.story_panel.show([])
            self.picker.filter_input.value = ""
        self.picker.set_actions([], title="Your decision is sent", empty="Waiting for the room…")

    # --- playback ----------------------------------------------------------------------------

    def present(self, seat, action, text: str, stages, before) -> None:
        """Show what an action did: its line in the log (under a turn and seat heading), then
        each position it passed through, lit and paused; `finish` when all are shown."""
        session = self.session
        turn = session.turn_of(before)
        self.event_log.add_action(session.seat_name(seat), text, turn)
        for story in self.stories.values():
            if action is not None:  # (None: another seat's secret, told by its events)
                story.action(seat, action, text, before, turn)
        positions = list(stages) if stages else [session.position]
        self.playback.start(seat, before, [(p, session.events_at(p)) for p in positions])
        if self.playback.pending > 1:
            self.picker.set_actions([], title="The other side moves…", empty="Space skips.")
        self._next_stage()

    def _next_stage(self) -> None:
        self._stage_timer = None
        while self.playback.pending:
            self._show_stage(self.playback.step())
            if self.playback.pending and self.pause > 0:
                self._stage_timer = self.set_timer(self.pause, self._next_stage)
                return
        self.finish()

    def _show_stage(self, stage: Stage) -> None:
        """One position of a playback: its events in the log, its story, its changes lit, the
        result of a fight the player was in held on screen."""
        self.event_log.add_events(stage.events, self.story.teller.new_turn)
        turn = self.session.turn_of(stage.before)
        for story in self.stories.values():
            story.events(stage.events, stage.seat, turn, stage.state)
        self._hold_results(self.story)
        self._changed |= {place for event in stage.events for place in event.places}
        if not stage.last:  # an intermediate position: shown on the board for a moment
            self.update_board(self.session.observe(stage.state, self._viewer))
            self.mark_changed(self._changed)

    @property
    def _shown_state(self):
        """The position on the board while a playback shows an earlier one (else None)."""
        return self.playback.shown

    @property
    def pause(self) -> float:
        """Seconds between two positions of a playback (the settings' AI speed)."""
        base = getattr(self.app, "step_pause", None)
        return 0.4 if base is None else base

    def action_skip(self) -> None:
        if self.playing_back:
            self._skip_stages()

    def _skip_stages(self) -> None:
        if self._stage_timer is not None:
            self._stage_timer.stop()
            self._stage_timer = None
        for stage in self.playback.rest():
            self._show_stage(stage)
        self.finish()

    @property
    def playing_back(self) -> bool:
        return bool(self.playback.pending) or self._stage_timer is not None

    @property
    def busy(self) -> bool:
        """True while an AI thinks or an action is being played out on screen."""
        return self.ai.thinking or self.playing_back

    def finish(self) -> None:
        """After an action has been shown: autosave (after every decision: quitting at any
        moment loses nothing), then move on."""
        self.autosave()
        self.advance()
        if self.session.remote:
            self.call_later(self._drain)  # the room's next frame
