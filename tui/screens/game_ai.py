"""The AI at a game screen: the seats it plays, F3's autoplay of a human's turn, and F2's hint.

`AISeats` is a part of `GameScreen` (tui/screens/game.py), kept in its own module: it starts a
decision (`tui.turns.AITurns` says who thinks, with what and for how long), runs the search in a
worker thread so the screen keeps drawing, plays the answer if it still counts, and shows the
hint. The search itself knows nothing of the screen.
"""

from __future__ import annotations

from textual import work

from ai.base import Budget
from core.engine import Action
from tui.turns import Turn, autoplay_report, hint


class AISeats:
    """The AI seats of a game screen (mixed into `GameScreen`)."""

    def _start_thinking(self, seat: int, for_human: bool = False) -> None:
        cap = getattr(self.app, "think_cap", None)
        turn = self.ai.begin(seat, self.app.ai_delay, cap, for_human)
        waiting = f"The AI plays {turn.label}'s turn for you." if for_human else self.empty_reason()
        self.picker.set_actions([], title=f"{turn.label} to act", empty=waiting)
        if turn.forced is not None:
            # (a zero-delay Textual timer divides by zero when it is stopped late: 10 ms at least)
            self._pending_timer = self.set_timer(max(turn.delay, 0.01), lambda: self._decided(turn))
            return
        self.query_one("#thinking").who = turn.label
        self._think(turn)

    @work(thread=True, exclusive=True, group="ai")
    def _think(self, turn: Turn) -> None:
        action = turn.decide()
        self.app.call_from_thread(self._decided, turn, action)

    def _decided(self, turn: Turn, action: Action | None = None) -> None:
        self._pending_timer = None
        if not self.ai.accept(turn):
            return  # stale: the game moved on (undo, quit) while the agent thought
        if self.is_mounted:
            self.query_one("#thinking").who = ""
            self.play(turn.forced if action is None else action, turn.reason)

    def stop_thinking(self) -> None:
        """Cancel a running search (it answers with its best move so far) and the hint's."""
        self.ai.stop()

    def _cancel_pending(self) -> None:
        if self._pending_timer is not None:
            self._pending_timer.stop()
            self._pending_timer = None

    def action_stop_ai(self) -> None:
        """Stop a thinking AI (it plays its best so far); moves that were only waiting to be
        shown (the natives' steps) are played at once, and so are the rest until your move."""
        turn = self.ai.current
        if turn is not None:
            self.ai.hurry_on()
            if self._pending_timer is not None:
                self._cancel_pending()
                self._decided(turn)

    def action_hint(self) -> None:
        if not self.session.human_to_move or self.busy:
            self.notify("A hint is for your own move.", severity="information")
            return
        self.notify("Thinking about a hint… (Esc stops)", timeout=2)
        self.ai.hint_budget = Budget()
        self._run_hint(self.session.to_move, len(self.session.actions), self.ai.hint_budget)

    @work(thread=True, exclusive=True, group="hint")
    def _run_hint(self, seat: int, token: int, budget: Budget) -> None:
        found = hint(self.session, seat, budget, self.hint_mark, self.hint_outcome)
        self.app.call_from_thread(self._show_hint, token, found)

    def hint_mark(self, ranked) -> str:
        """What the hint writes beside a move it marks: the share of the search it got."""
        return f"{round(100 * ranked.share)}%"

    def hint_outcome(self, value: float) -> str:
        """The search's expected outcome of the best move, in words (a game may say it better)."""
        return f"win chance about {round(100 * value)}%"

    def _show_hint(self, token: int, found) -> None:
        self.ai.hint_budget = None
        if token != len(self.session.actions) or found is None:
            return
        self.picker.filter_input.value = ""
        self.picker.narrow(None)
        self.picker.mark(found.marks)
        best = self.session.game.describe(self.session.state, found.best)
        sentence = f"Hint: {best} ({found.outcome})."
        if found.reason:
            sentence += f" {found.reason}"
        self.notify(sentence, timeout=8)
        self.event_log.add_note(sentence)

    def action_autoplay(self) -> None:
        if not self.session.human_to_move or self.busy:
            return
        self.ai.autoplay_turn = self._turn()
        self.ai.autoplayed = []
        self.event_log.add_note("Autoplay: the AI plays the rest of this turn.")
        self.advance()

    def autoplay_done(self) -> None:
        """F3's turn is over: say what it played and why (a notification and the log)."""
        report = autoplay_report(self.ai.autoplayed)
        self.ai.autoplayed = []
        self.event_log.add_note(report)
        self.notify(report, timeout=10, markup=False)
