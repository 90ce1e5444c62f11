"""The AI at a game screen: the seats it plays, F3's autoplay of a human's turn, and F2's hint.

`AISeats` is a part of `GameScreen` (tui/screens/game.py), kept in its own module: it starts a
decision (`tui.turns.AITurns` says who thinks, with what and for how long), runs the search in a
worker thread so the screen keeps drawing, plays the answer if it still counts, and shows the
hint. The search itself knows nothing of the screen.

The forecast: when a human is to act, a game's screen may show the danger ahead (how far the
enemy's turn can push the PP, the chance the pool fills, the threats to a castle). It gives
`forecast(view, rng)`, a pure function of the acting seat's view that samples what the rules
still have to roll (determinizations, as the search does) and returns what to show, and
`show_forecast(result)`, which puts it on screen. It runs in a worker thread after every
decision, with a random generator seeded by the position (the same position, the same
forecast); an answer for a position the game has left is dropped.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from textual import work

from core.engine import Action

if TYPE_CHECKING:  # (tui.turns and the AI load after the first frame, when first needed)
    from ai.base import Budget
    from tui.turns import Turn


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
        from ai.base import Budget

        self.ai.hint_budget = Budget()
        self._run_hint(self.session.to_move, self.session.decisions, self.ai.hint_budget)

    @work(thread=True, exclusive=True, group="hint")
    def _run_hint(self, seat: int, token: int, budget: Budget) -> None:
        from tui.turns import hint

        found = hint(self.session, seat, budget, self.hint_mark, self.hint_outcome)
        self.app.call_from_thread(self._show_hint, token, found)

    def hint_mark(self, ranked) -> str:
        """What the hint writes beside a move it marks: the share of the search it got."""
        return f"{round(100 * ranked.share)}%"

    def hint_outcome(self, value: float) -> str:
        """The search's expected outcome of the best move, in words (a game may say it better)."""
        return f"win chance about {round(100 * value)}%"

    def hint_note(self, found) -> str:
        """More the hint may say about its marked moves (a game may tell what separates them)."""
        return ""

    def _show_hint(self, token: int, found) -> None:
        self.ai.hint_budget = None
        if token != self.session.decisions or found is None:
            return
        self.picker.filter_input.value = ""
        self.picker.narrow(None)
        self.picker.mark(found.marks)
        best = self.session.describe(found.best)
        sentence = f"Hint: {best} ({found.outcome})."
        if found.reason:
            sentence += f" {found.reason}"
        if note := self.hint_note(found):
            sentence += f" {note}"
        self.notify(sentence, timeout=8)
        self.event_log.add_note(sentence)

    def forecast(self, view, rng: random.Random):
        """The danger ahead from `view` (a game's screen gives it; None: nothing to show). Runs
        in a worker thread: it must only read the view and draw from `rng`, and stay cheap (the
        interface shares the interpreter with it)."""
        return None

    def show_forecast(self, forecast) -> None:
        """Put a forecast on screen (a game's screen gives it)."""

    def refresh_forecast(self) -> None:
        """Start the forecast for the seat at the screen, if its game has one."""
        seat = self._viewer
        if seat is None or self.session.over or type(self).forecast is AISeats.forecast:
            return
        self._run_forecast(self.session.view(seat), self.session.decisions)

    @work(thread=True, exclusive=True, group="forecast")
    def _run_forecast(self, view, token: int) -> None:
        result = self.forecast(view, random.Random(f"forecast {token}"))
        self.app.call_from_thread(self._forecast_done, token, result)

    def _forecast_done(self, token: int, result) -> None:
        if token == self.session.decisions and self.is_mounted:
            self.show_forecast(result)

    def action_autoplay(self) -> None:
        if not self.session.human_to_move or self.busy:
            return
        self.ai.autoplay_turn = self._turn()
        self.ai.autoplayed = []
        self.event_log.add_note("Autoplay: the AI plays the rest of this turn.")
        self.advance()

    def action_autoplay_to_end(self) -> None:
        """F4: the AI plays every human turn until the game ends, at the settings' AI speed so
        it can be watched; Esc stops it, and it stops by itself at game over."""
        if self.session.over or self.ai.autoplay_to_end:
            return
        self.ai.autoplay_to_end = True
        self.ai.autoplayed = []
        if self.query("#result-banner") and self.banner.held:  # the player has moved on
            self.banner.action_dismiss()
        self.event_log.add_note("Autoplay to the end: the AI plays every turn (Esc stops it).")
        self.notify("The AI plays to the end. Esc stops it.", timeout=4)
        if self.session.human_to_move and not self.busy:
            self.advance()

    def action_stop_autoplay(self) -> None:
        self.stop_autoplay()

    def stop_autoplay(self) -> None:
        """Esc during F4's autoplay: the AI plays no more human turns (a decision it is making
        is played at once), and the game comes back to the player."""
        self.ai.autoplay_to_end = False
        self.ai.autoplay_turn = None
        if self.ai.current is not None and self.ai.current.for_human:
            self.action_stop_ai()
        self.autoplay_done()
        self.notify("Autoplay stopped: your move.", timeout=4)

    def autoplay_done(self) -> None:
        """F3's turn is over: say what it played and why (a notification and the log)."""
        from tui.turns import autoplay_report

        report = autoplay_report(self.ai.autoplayed)
        self.ai.autoplayed = []
        self.event_log.add_note(report)
        self.notify(report, timeout=10, markup=False)
