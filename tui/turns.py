"""AI seats on screen: who thinks, for how long, with what, and whether an answer still counts.

`AITurns` belongs to one game screen. When an AI seat (or F3's autoplay for a human) is to move,
`begin` prepares a `Turn`: the seat's view (never the state), the legal actions, the agent, its
budget and random numbers, and how long the move should stay on screen. The screen runs
`Turn.decide` in a worker thread and hands the answer back to `accept`, which refuses it if the
game moved on meanwhile (undo, quit). F3's moves carry the rule-based player's reasons
(`autoplay_report` tells the turn in a line). `hint` is F2: a deterministic search of the
player's own position. No Textual in here: tests drive it directly.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Any

import ai
from ai.base import Budget
from core.engine import Action

# Wall-clock caps for AI seats on screen (the search itself is iteration-bounded per level).
THINK_SECONDS = {None: 2.0, "easy": 0.5, "normal": 1.0, "hard": 3.0}
HINT_LEVEL = "hard"  # the hint searches at least this level's iterations, seeded by the position
HINT_MOVES = 3  # moves the hint marks, with their share of the search


@dataclass
class Turn:
    """One decision an agent makes for a seat. `forced` is set when only one action is legal:
    it is played after `delay` without a search."""

    token: int  # the number of actions played when it began: a later answer is stale
    seat: int
    label: str  # the seat's name as the thinking indicator shows it
    delay: float  # the least time the move stays on screen before the next
    legal: tuple[Action, ...]
    forced: Action | None = None
    for_human: bool = False  # F3: the AI plays a human's turn
    reason: str = ""  # why the agent chose, when it says (the rule-based players do)
    agent: Any = None
    view: Any = None
    budget: Budget | None = None
    rng: random.Random | None = None
    game: Any = field(default=None, repr=False)

    def decide(self) -> Action:
        """The agent's choice (run in a worker thread), held until `delay` has passed unless the
        budget was cancelled (Esc: the player wants it now)."""
        if self.forced is not None:
            return self.forced
        started = time.monotonic()
        explain = getattr(self.agent, "explain", None) if self.for_human else None
        if explain is not None:
            action, self.reason = explain(self.game, self.view, self.legal, self.budget, self.rng)
        else:
            action = self.agent.choose(self.game, self.view, self.legal, self.budget, self.rng)
        wait = self.delay - (time.monotonic() - started)
        if wait > 0 and not self.budget.cancelled:
            time.sleep(wait)
        return action


class AITurns:
    """The AI seats of one game on screen, and F3's autoplay of a human's turn."""

    def __init__(self, session) -> None:
        self.session = session
        self.current: Turn | None = None  # the decision under way
        self.autoplay_turn: int | None = None  # F3: the turn the AI plays for the human
        self.autoplay_to_end = False  # F4: the AI plays every human turn until the game ends
        self.hurry = False  # Esc: the other side's moves without pauses until the human's
        self.hint_budget: Budget | None = None
        self.autoplayed: list[str] = []  # F3: what it played this turn, each with its reason

    @property
    def thinking(self) -> bool:
        return self.current is not None

    @property
    def autoplay_on(self) -> bool:
        """Whether the AI plays for the humans (F3's turn or F4's whole game)."""
        return self.autoplay_turn is not None or self.autoplay_to_end

    def autoplaying(self) -> bool:
        """Whether the human to move has asked the AI to play this turn for them (F3), or every
        turn to the end (F4)."""
        session = self.session
        if self.autoplay_to_end:
            return not session.over
        return self.autoplay_turn is not None and self.autoplay_turn == session.turn

    def begin(self, seat: int, ai_delay: float, think_cap: float | None, for_human=False) -> Turn:
        session = self.session
        legal = session.legal()
        label = session.seat_name(seat) + (" (autoplay)" if for_human else "")
        delay = 0.0 if self.hurry else ai_delay
        turn = Turn(
            session.decisions, seat, label, delay, legal, for_human=for_human, game=session.game
        )
        if len(legal) == 1:
            turn.forced = legal[0]
        else:
            turn.agent = ai.agent("rules") if for_human else session.agent_for(seat)
            seats = session.seats
            level = seats[seat].level if 0 <= seat < len(seats) else None
            seconds = THINK_SECONDS.get(level, 2.0)
            turn.budget = Budget.seconds(min(seconds, think_cap) if think_cap else seconds)
            turn.view = session.view(seat)
            turn.rng = session.rng_for(seat)
        self.current = turn
        return turn

    def accept(self, turn: Turn) -> bool:
        """Whether an answer to `turn` may be played: it is the decision under way and nothing
        was played since it began. Either way the decision is over."""
        fresh = turn is self.current and turn.token == self.session.decisions
        if turn is self.current:
            self.current = None
        return fresh

    def stop(self) -> None:
        """Cancel a running search (it answers with its best move so far) and the hint's."""
        for budget in (self.current.budget if self.current else None, self.hint_budget):
            if budget is not None:
                budget.cancel.set()

    def hurry_on(self) -> None:
        """Esc while an AI thinks: it plays its best so far, and the rest until the human's move
        come without pauses; autoplay ends."""
        self.stop()
        self.autoplay_turn = None
        self.autoplay_to_end = False
        self.hurry = True


@dataclass
class Hint:
    marks: dict  # action -> what the picker writes beside it
    best: Action
    outcome: str
    reason: str
    ranked: tuple = ()  # the marked moves as the search saw them (`ai.mcts.Ranked`), best first


def hint(session, seat: int, budget: Budget, mark, outcome) -> Hint | None:
    """F2: MCTS with at least the hard level's iterations, its random numbers seeded by the
    position (so the same position always gives the same answer): the top moves with `mark(r)`
    beside them, the expected outcome of the best in words (`outcome(value)`), and the rule-based
    player's reason for it if it gives one."""
    from ai.mcts import MCTSAgent

    game = session.game
    view = session.view(seat)
    legal = session.legal()
    rng = random.Random(f"hint:{session.position_key}:{seat}")
    ranked = MCTSAgent.at_level(HINT_LEVEL).ranked(game, view, legal, budget, rng)
    top = [r for i, r in enumerate(ranked[:HINT_MOVES]) if i == 0 or r.share > 0]
    if not top:
        return None
    best = top[0]
    try:
        explain = getattr(ai.rules_player(game.id), "reason", None)
    except ai.AgentError:
        explain = None
    reason = (explain(game, view, best.action) or "") if explain is not None else ""
    marks = {r.action: f"← {mark(r)}" for r in top}
    return Hint(marks, best.action, outcome(best.value), reason, tuple(top))


def autoplay_report(played: list[str], limit: int = 3) -> str:
    """F3's turn in a line: what it played (the first `limit` decisions that were not a plain
    "done", with their reasons), and how many more."""
    shown = [line for line in played if not line.lower().startswith("done")]
    if not played:
        return "Autoplay played nothing."
    if not shown:
        return f"Autoplay ended {len(played)} phase(s): nothing worth doing."
    text = "Autoplay: " + "; ".join(shown[:limit])
    more = len(played) - min(limit, len(shown))
    return text + (f"; and {more} more (in the log)." if more else ".")
