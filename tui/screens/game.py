"""The game screen every game starts from: a board, the action picker, the event log, AI seats.

`GameScreen` plays any registered game with just the generic pieces: the board is a readable
rendering of `to_json(view)`. A game's dedicated screen subclasses it and replaces `compose_board`
and `update_board` with its map or tableau; everything else (turn flow, AI worker, undo, hint,
saves, hand-off, game over) stays here, once.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer, Header, Static

import ai
from ai.base import Budget
from core.engine import Action, IllegalAction
from saves.record import SaveError
from tui.commands import GameCommands
from tui.session import Session
from tui.widgets.state_panel import StatePanel

if TYPE_CHECKING:
    from tui.widgets.action_picker import ActionPicker
    from tui.widgets.event_log import EventLog

# Wall-clock caps for AI seats on screen (the search itself is iteration-bounded per level).
THINK_SECONDS = {None: 2.0, "easy": 0.5, "normal": 1.0, "hard": 3.0}
HINT_SECONDS = 1.5
HINT_MOVES = 3  # moves the hint marks, with their share of the search


class GameScreen(Screen[None]):
    BINDINGS = [
        Binding("f2", "hint", "Hint", id="game.hint", tooltip="Ask the AI what it would do"),
        Binding(
            "f3",
            "autoplay",
            "Autoplay turn",
            id="game.autoplay",
            tooltip="Let the AI play the rest of this turn for you",
        ),
        Binding(
            "ctrl+z",
            "undo",
            "Undo",
            id="game.undo",
            priority=True,
            tooltip="Take back your last decision (never past a die roll)",
        ),
        Binding("ctrl+s", "save", "Save", id="game.save", priority=True),
        Binding("escape", "escape", "Stop AI", id="game.stop", show=False),
        Binding("ctrl+f", "focus_filter", "Filter", id="game.filter", show=False),
        Binding("f10", "summary", "Summary", id="game.summary", tooltip="The game-over summary"),
    ]
    COMMANDS = Screen.COMMANDS | {GameCommands}

    HELP_NOTES = (
        "Type in the filter box to narrow the action list; Up/Down choose; Enter plays.\n"
        "Tab moves between the board, the actions and the log."
    )

    def __init__(self, session: Session, save_path=None) -> None:
        super().__init__()
        self.session = session
        self.save_path = save_path
        self._budget: Budget | None = None
        self._hint_budget: Budget | None = None
        self._thinking_token: int | None = None
        self._autoplay_turn: int | None = None
        self._last_turn = session.game.turn(session.state)
        self._viewer: int | None = self._initial_viewer()
        self._game_over_shown = False
        self._pending_timer = None
        self._ready = False

    # --- layout ------------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # The board is the first frame; the header, footer and side column (picker, log) are
        # built right after it, so the game appears as soon as a bare Textual app would
        # (benchmarks/tui_solitaire.py measures both moments).
        with Horizontal(id="game-body"):
            with Vertical(id="board-column"):
                yield from self.compose_board()
            yield Vertical(id="side-column")

    def compose_side(self) -> list:
        from tui.widgets.action_picker import ActionPicker
        from tui.widgets.event_log import EventLog
        from tui.widgets.thinking import ThinkingIndicator

        return [
            Static("", id="status-line"),
            ThinkingIndicator(id="thinking"),
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

    def update_board(self) -> None:
        view = self.session.game.observe(self.session.state, self._viewer)
        self.query_one("#state-panel", StatePanel).show(self.session.game.to_json(view))

    # --- who sees what -----------------------------------------------------------------------

    def _initial_viewer(self) -> int | None:
        humans = self.session.humans
        to_move = self.session.to_move
        if to_move in humans:
            return to_move
        return humans[0] if humans else None

    def needs_handoff(self, seat: int) -> bool:
        """Hot-seat with hidden hands: a blank screen before a different human sees theirs."""
        hidden = getattr(self.session.game, "hidden_information", False)
        return hidden and len(self.session.humans) > 1 and seat != self._viewer

    # --- flow --------------------------------------------------------------------------------

    @property
    def picker(self) -> ActionPicker:
        return self.query_one("#picker")

    @property
    def event_log(self) -> EventLog:
        return self.query_one("#log")

    def on_mount(self) -> None:
        self.title = self.session.game.title
        self.update_board()
        self.call_after_refresh(self._build_side)

    async def _build_side(self) -> None:
        if not self.is_attached:  # the app closed before the first frame was out
            return
        await self.mount_all([Header(), Footer()])
        await self.query_one("#side-column").mount_all(self.compose_side())
        if not self.is_attached:
            return
        await self.build_after_first_frame()
        game = self.session.game
        self.event_log.add_note(f"{game.title} · seed {self.session.record.seed}")
        for event in game.events(self.session.states[0]):
            self.event_log.write(event.text)
        if self.session.actions:
            session = self.session
            before = session.states[-2]
            self.event_log.add_note(f"Resumed after {len(session.actions)} moves. The last one:")
            self.event_log.add_action(
                session.seat_name(game.to_move(before)),
                self.log_text(before, session.actions[-1], game.to_move(before)),
                game.events(session.state),
            )
        self._ready = True
        self.advance()
        self.picker.filter_input.focus()

    def on_unmount(self) -> None:
        self.stop_thinking()

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
            self.picker.set_actions([], title="Game over")
            self.show_game_over()
            return
        if session.seat_is_human(seat):
            if self._autoplay_turn is not None and self._autoplay_turn == self._turn():
                self._start_thinking(seat, for_human=True)
                return
            self._autoplay_turn = None
            if self.needs_handoff(seat):
                self.picker.set_actions([], title="Waiting for the next player")
                from tui.screens.dialogs import HandOffScreen

                self.app.push_screen(
                    HandOffScreen(session.seat_name(seat)), lambda _: self._handed_off(seat)
                )
                return
            self.show_actions()
        else:
            self._start_thinking(seat)

    def _handed_off(self, seat: int) -> None:
        self._viewer = seat
        self.refresh_view()
        self.show_actions()

    def _turn(self) -> int:
        return self.session.game.turn(self.session.state)

    def refresh_view(self) -> None:
        session = self.session
        seat = session.to_move
        status = f"Turn {self._turn()}"
        if session.over:
            status += " · game over"
        elif seat is not None:
            status += f" · {session.seat_name(seat)} to move"
        self.sub_title = status
        self.query_one("#status-line", Static).update(self.status_text())
        self.update_board()

    def status_text(self) -> str:
        return self.sub_title

    def show_actions(self) -> None:
        session = self.session
        state = session.state
        items = [(a, session.game.describe(state, a)) for a in session.legal()]
        self.picker.set_actions(items, title=f"{session.seat_name(session.to_move)}: your move")

    def on_action_picker_chosen(self, message: ActionPicker.Chosen) -> None:
        message.stop()
        if not self.session.human_to_move or self.busy:
            return
        self.play(message.action)

    def play(self, action: Action) -> None:
        """Apply an action for the seat to move, show what it did, autosave, move on."""
        session = self.session
        seat = session.to_move
        before = session.state
        text = self.log_text(before, action, seat)
        try:
            stages = self.stages_for(before, action)
            events = session.apply(action)
        except IllegalAction as err:
            self.notify(f"Not allowed: {err.why}", severity="warning")
            return
        self.picker.filter_input.value = ""
        self.present(session.seat_name(seat), text, events, stages)

    def log_text(self, state, action: Action, seat: int | None) -> str:
        """How the log tells an action: in full when only the seat that took it reads the log
        (or the game has no secrets); as the table sees it otherwise. Hot-seat players share
        one log, so there every secret action is told publicly."""
        game = self.session.game
        public = getattr(game, "public_describe", None)
        if public is not None and (seat != self._viewer or len(self.session.humans) > 1):
            return public(state, action)
        return game.describe(state, action)

    def stages_for(self, state, action: Action):
        """The positions an action passes through, for screens that play them out (or None)."""
        return None

    def present(self, actor: str, text: str, events, stages) -> None:
        """Show what an action did; dedicated screens animate `stages`. Ends with `finish`."""
        self.event_log.add_action(actor, text, events)
        self.finish()

    @property
    def busy(self) -> bool:
        """True while an AI thinks or an action is being played out on screen."""
        return self._thinking_token is not None

    def finish(self) -> None:
        """After an action has been shown: autosave at the end of a turn, then move on."""
        turn = self._turn()
        if turn != self._last_turn or self.session.over:
            self._last_turn = turn
            self.autosave()
        self.advance()

    # --- AI seats ----------------------------------------------------------------------------

    def agent_name(self, seat: int, for_human: bool) -> str | None:
        if for_human or not (0 <= seat < len(self.session.record.seats)):
            return None if not for_human else "rules"
        return self.session.record.seats[seat].agent_name

    def _start_thinking(self, seat: int, for_human: bool = False) -> None:
        session = self.session
        legal = session.legal()
        label = f"{session.seat_name(seat)}" + (" (autoplay)" if for_human else "")
        self.picker.set_actions([], title=f"{label} to move")
        token = len(session.actions)
        self._thinking_token = token
        delay = self.app.ai_delay
        if len(legal) == 1:
            # (a zero-delay Textual timer divides by zero when it is stopped late: 10 ms at least)
            self._pending_timer = self.set_timer(
                max(delay, 0.01), lambda: self._ai_chose(token, legal[0])
            )
            return
        agent = ai.agent("rules") if for_human else session.agent_for(seat)
        level = session.record.seats[seat].level if 0 <= seat < len(session.record.seats) else None
        self._budget = Budget.seconds(THINK_SECONDS.get(level, 2.0))
        self.query_one("#thinking").who = label
        view = session.game.observe(session.state, seat)
        started = time.monotonic()
        self._think(agent, view, legal, self._budget, session.rng_for(seat), token, started, delay)

    @work(thread=True, exclusive=True, group="ai")
    def _think(self, agent, view, legal, budget, rng, token, started, delay) -> None:
        action = agent.choose(self.session.game, view, legal, budget, rng)
        wait = max(0.0, delay - (time.monotonic() - started))
        if wait and not budget.cancelled:
            time.sleep(wait)
        self.app.call_from_thread(self._ai_chose, token, action)

    def _ai_chose(self, token: int, action: Action) -> None:
        self._pending_timer = None
        if token != self._thinking_token or token != len(self.session.actions):
            return  # stale: the game moved on (undo, quit) while the agent thought
        self._thinking_token = None
        self._budget = None
        if self.is_mounted:
            self.query_one("#thinking").who = ""
            self.play(action)

    def stop_thinking(self) -> None:
        """Cancel a running search (it answers with its best move so far) and pending moves."""
        for budget in (self._budget, self._hint_budget):
            if budget is not None:
                budget.cancel.set()

    def _cancel_pending(self) -> None:
        if self._pending_timer is not None:
            self._pending_timer.stop()
            self._pending_timer = None

    def action_escape(self) -> None:
        if self._thinking_token is not None:
            self.stop_thinking()
            self._autoplay_turn = None
        else:
            self.picker.filter_input.value = ""
            self.picker.narrow(None)

    # --- player commands ---------------------------------------------------------------------

    def action_focus_filter(self) -> None:
        self.picker.filter_input.focus()

    def action_hint(self) -> None:
        if not self.session.human_to_move or self.busy:
            self.notify("A hint is for your own move.", severity="information")
            return
        self._run_hint()

    @work(thread=True, exclusive=True, group="hint")
    def _run_hint(self) -> None:
        session = self.session
        seat = session.to_move
        view = session.game.observe(session.state, seat)
        legal = session.legal()
        token = len(session.actions)
        marks = self.hint_marks(view, legal, seat)
        self.app.call_from_thread(self._show_hint, token, marks)

    def hint_marks(self, view, legal, seat) -> dict[Action, str]:
        """The hint: MCTS at the normal level (capped at HINT_SECONDS), its top moves with the
        share of the search each got, best first."""
        from ai.mcts import MCTSAgent

        agent = MCTSAgent.at_level("normal")
        budget = Budget.seconds(HINT_SECONDS)
        self._hint_budget = budget
        ranked = agent.analyse(self.session.game, view, legal, budget, self.session.rng_for(seat))
        top = [(action, share) for action, share in ranked[:HINT_MOVES] if share > 0] or ranked[:1]
        return {action: f"← {round(100 * share)}%" for action, share in top}

    def _show_hint(self, token: int, marks: dict[Action, str]) -> None:
        if token != len(self.session.actions):
            return
        self.picker.mark(marks)
        first = next(iter(marks))
        self.notify(f"Hint: {self.session.game.describe(self.session.state, first)}")

    def action_autoplay(self) -> None:
        if not self.session.human_to_move or self.busy:
            return
        self._autoplay_turn = self._turn()
        self.event_log.add_note("Autoplay: the AI plays the rest of this turn.")
        self.advance()

    def action_undo(self) -> None:
        if self.busy:
            self.notify("Wait for the AI to finish its move.", severity="warning")
            return
        refusal = self.session.undo_refusal()
        if refusal is not None or not self.session.undo():
            self.notify(refusal or "Nothing to undo.", severity="warning")
            return
        self.event_log.add_note("Undone.")
        self._last_turn = self._turn()
        self.advance()

    def action_save(self) -> None:
        try:
            self.save_path = self.app.store.save(self.session.record, self.save_path)
        except SaveError as err:
            self.notify(f"Could not save: {err}", severity="error")
            return
        self.notify(f"Saved to {self.save_path}")

    def autosave(self) -> None:
        try:
            self.app.store.autosave(self.session.record)
        except SaveError as err:
            self.notify(f"Autosave failed: {err}", severity="warning")

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        """Extra lines for the game-over screen (dedicated screens add their statistics)."""
        return [f"Turn reached: {self._turn()}", f"Moves played: {len(self.session.actions)}"]

    def game_over_chart(self) -> Widget | None:
        return None

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
        if action in ("hint", "autoplay", "undo"):
            return not self.session.over
        return True

    def action_summary(self) -> None:
        if not self.session.over:
            return
        from tui.screens.game_over import GameOverScreen

        self.app.push_screen(GameOverScreen(self))

    def action_rules(self) -> None:
        self.app.open_rules(self.session.game.id)
