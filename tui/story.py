""" "Since your last move": what happened while a seat was not deciding, told from the events.

Events are data (core/engine.py: kind, seats, places, values). Each game's `Teller`
(tui/tellers/<game>.py) says which of them a reader cares about and how: as an **outcome** for the
reader (what they lost or gained and why, an objective taken or overrun, the PP moving with its
cause, a castle, a capture), as a **step** of the other side (a placement, an offensive, a native
moving), or not at all (the reader's own decisions, a die whose result another line tells). The
`Storyteller` gathers the lines since the reader's last decision and lays them out: grouped by turn
with the newest turn on top, in each turn the outcomes before the steps, one line per fact (the
same line again is counted, not repeated). A teller also finds the **result** of a fight the reader
took part in, which the screen holds until the reader moves on (a teller sees every event in
order, the reader's own decisions' too, so it can follow a fight from its start), and the
game-over screen's decisive moments and the sentence of why the game ended.

No Textual in here: tui/widgets/story.py shows the lines, tests drive the storyteller directly.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from core.engine import Event


@dataclass(frozen=True)
class StoryLine:
    text: str
    places: tuple = ()  # board places the line is about (the game's own place references)
    style: str = ""  # "loss" for the reader's losses, "gain" for good news, "" otherwise
    outcome: bool = False  # a result for the reader: told before the other side's steps
    turn: int = 0  # the turn it happened in
    weight: float = 0.0  # how much it decided the game (the game-over screen's moments)
    heading: bool = False  # a turn's heading, not a fact


@dataclass(frozen=True)
class Result:
    """How a fight the reader took part in ended: held on screen until they move on."""

    title: str  # "Attack on Hue: won"
    lines: tuple[str, ...] = ()  # what it cost and brought
    style: str = ""  # "gain" or "loss"
    places: tuple = ()


class Teller:
    """How a game's events read in the story of one seat. This one is the generic teller: the
    other seats' actions as the table saw them, and every die's result; a game's own teller
    (tui/tellers/) knows its kinds."""

    def __init__(self, game, seat_name: Callable[[int | None], str]) -> None:
        self.game = game
        self.seat_name = seat_name

    def action(self, actor: int, action, text: str, before, reader) -> StoryLine | None:
        """Another seat's decision (`action`, taken in the position `before`), as the table saw
        it (`text`); None leaves it out (the reader's own decisions are always left out)."""
        return StoryLine(f"{self.seat_name(actor)}: {text}")

    def new_turn(self, event: Event) -> int | None:
        """The turn `event` begins, if it begins one (the log's headings go there)."""
        return None

    def event(self, event: Event, reader: int | None, actor: int | None) -> list[StoryLine]:
        """The lines one event gives the reader (`actor`: whose decision set it off, None for
        the game's automatic steps and the reader's own decisions)."""
        if event.dice:
            return [StoryLine(f"{event.purpose}: {event.result}")]
        return []

    def results(self, state, reader: int | None) -> list[Result]:
        """The fights the reader took part in that have ended by `state` (a teller follows every
        event through `event`, the reader's own decisions' too), each told once."""
        return []

    def moment(self, event: Event) -> StoryLine | None:
        """A decisive moment of the game for the game-over screen (a weighty event), told to
        no one in particular; None: not a moment."""
        return None

    def why_it_ended(self, events: Sequence[Event], state) -> str:
        """One sentence of why the game ended, from the events of its last action."""
        return ""


RANK = {"loss": 0, "": 1, "gain": 2}  # the reader's losses first among the outcomes


class Storyteller:
    """The story of one reader since their last decision (see the module's docstring)."""

    def __init__(self, teller: Teller, reader: int | None = None) -> None:
        self.teller = teller
        self.reader = reader
        self._lines: list[StoryLine] = []
        self.results: list[Result] = []  # fights of the reader's that ended, not yet shown

    def restart(self) -> None:
        """The reader decided: the story starts again from here."""
        self._lines = []

    def action(self, actor: int | None, action, text: str, before, turn: int) -> None:
        """A decision by `actor`, taken in `before`, shown to the table as `text`."""
        if actor is None or actor == self.reader or not text:
            return
        line = self.teller.action(actor, action, text, before, self.reader)
        if line is not None:
            self._lines.append(replace(line, turn=turn))

    def events(self, events: Iterable[Event], actor: int | None, turn: int, state) -> None:
        """What a decision by `actor` (None: the game's automatic steps), taken in `turn`, did,
        up to `state` (each line is of the turn it happened in: an event may begin a new one)."""
        for event in events:
            turn = self.teller.new_turn(event) or turn
            for line in self.teller.event(event, self.reader, actor):
                self._lines.append(replace(line, turn=turn))
        self.results += self.teller.results(state, self.reader)

    def take_results(self) -> list[Result]:
        results, self.results = self.results, []
        return results

    def __bool__(self) -> bool:
        return bool(self._lines)

    def lines(self) -> list[StoryLine]:
        """The story laid out: newest turn first (each under its heading when there are
        several), outcomes before steps (losses first), and a line said again counted once
        (×n)."""
        turns: dict[int, list[StoryLine]] = {}
        for line in self._lines:
            turns.setdefault(line.turn, []).append(line)
        out: list[StoryLine] = []
        for turn in sorted(turns, reverse=True):
            lines = turns[turn]
            outcomes = sorted((x for x in lines if x.outcome), key=lambda x: RANK[x.style])
            ordered = outcomes + [x for x in lines if not x.outcome]
            if len(turns) > 1:
                out.append(StoryLine(f"Turn {turn}", turn=turn, heading=True))
            out.extend(counted(ordered))
        return out


def counted(lines: Sequence[StoryLine]) -> list[StoryLine]:
    """The same sentence told once, with how many times it happened."""
    seen: dict[str, int] = {}
    kept: list[StoryLine] = []
    for line in lines:
        if line.text in seen:
            seen[line.text] += 1
        else:
            seen[line.text] = 1
            kept.append(line)
    return [
        x if seen[x.text] == 1 else replace(x, text=f"{x.text} (×{seen[x.text]})") for x in kept
    ]
