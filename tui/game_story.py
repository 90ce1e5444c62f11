"""How a finished game went, for the game-over screen: figures by turn, the decisive moments,
and one sentence of why it ended.

The record is replayed through the rules (a save is the seed plus every action), and after each
turn each game's figures are read off the position: Vietnam Solitaire's PP and Trail strength,
Objectives: Vietnam's scores and War Weariness pool, Objective: Conquer's money, armies and
castles per Administrator. The moments are the events the game's teller (tui/tellers/) weighs
most (a PP swing, points, strength lost, captures), always with those of the action that decided
the game; the sentence of why it ended is the teller's, from that action's events. No Textual
here: tui/widgets/charts.py draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.engine import seat_title
from tui.tellers import teller_for
from tui.text import printable


@dataclass
class Series:
    """One line of a chart: a value per turn."""

    name: str
    values: list[float] = field(default_factory=list)
    unit: str = ""  # "$" for money


@dataclass
class Chart:
    title: str
    series: list[Series]


@dataclass
class Story:
    charts: list[Chart]
    moments: list[str]  # the decisive moments, in the order they happened
    turns: int
    why: str = ""  # why the game ended, in one sentence ("" while it goes on)


def game_story(game, record, limit_moments: int = 6) -> Story:
    """Replay `record` and gather its charts, its decisive moments and why it ended."""
    story = STORIES.get(game.id, GenericStory)(game, record)
    teller = teller_for(game, lambda seat: seat_title(game, seat))
    moments = Moments(teller)
    state = game.new(dict(record.options), record.players, record.seed)
    story.see(state, turn_over=False)
    for action in record.actions:
        before = game.turn(state)
        state = game.apply(state, action)
        moments.see(game.events(state), before)
        story.see(state, turn_over=game.turn(state) != before)
    story.see(state, turn_over=True)
    over = game.outcome(state) is not None
    why = teller.why_it_ended(game.events(state), state) if over else ""
    return Story(story.charts(), moments.top(limit_moments, decided=over), game.turn(state), why)


class Moments:
    """The weightiest events of a game, as the teller weighs them, and those of its last action
    (what decided it)."""

    def __init__(self, teller) -> None:
        self.teller = teller
        self.seen: list[tuple[float, int, str]] = []  # (weight, order, sentence)
        self.last: list[tuple[float, int, str]] = []  # the last action's

    def see(self, events, turn: int) -> None:
        self.last = []
        for event in events:
            turn = self.teller.new_turn(event) or turn
            line = self.teller.moment(event)
            if line is None:
                continue
            text = f"Turn {turn}: {line.text}"
            if all(text != seen for _, _, seen in self.seen[-8:]):
                moment = (line.weight, len(self.seen), text)
                self.seen.append(moment)
                self.last.append(moment)

    def top(self, n: int, decided: bool) -> list[str]:
        """The `n` weightiest, in the order they happened, always with the deciding ones when
        the game is over."""
        chosen = list(self.last) if decided else []
        for moment in sorted(self.seen, key=lambda m: (-m[0], m[1])):
            if len(chosen) >= max(n, len(self.last)):
                break
            if moment not in chosen:
                chosen.append(moment)
        return [text for _, _, text in sorted(chosen, key=lambda m: m[1])]


class GenericStory:
    """Turns only: games without their own story."""

    def __init__(self, game, record) -> None:
        self.game, self.record = game, record
        self.samples: list = []

    def see(self, state, turn_over: bool) -> None:
        if turn_over:
            self.samples.append(self.sample(state))

    def sample(self, state):
        return None

    def charts(self) -> list[Chart]:
        return []

    def seat(self, p: int) -> str:
        seats = self.record.seats
        name = seats[p].name if p < len(seats) else ""
        return printable(name) if name else seat_title(self.game, p)


class SolitaireStory(GenericStory):
    def sample(self, s):
        return (s.pp, sum(s.trail))

    def see(self, state, turn_over: bool) -> None:
        super().see(state, turn_over)
        self.final = state

    def charts(self) -> list[Chart]:
        # PP as the B9 check saw them at the end of each turn (VS-B9), then where they ended
        history = list(self.final.pp_history)
        if self.final.pp != (history[-1] if history else None):
            history.append(self.final.pp)
        pp = Series("PP (14 ends it)", history)
        trail = Series("Trail strength", [b for _, b in self.samples])
        return [Chart("Political Points and the Ho Chi Minh Trail, turn by turn", [pp, trail])]


class ObjectivesStory(GenericStory):
    def sample(self, s):
        return (tuple(s.scores), len(s.pool))

    def charts(self) -> list[Chart]:
        players = self.record.players
        scores = [Series(self.seat(p), [sc[p] for sc, _ in self.samples]) for p in range(players)]
        pool = Series("War Weariness pool (10: the NVA win)", [n for _, n in self.samples])
        return [Chart("Points by turn", scores), Chart("The pool by turn", [pool])]


class ConquerStory(GenericStory):
    def sample(self, s):
        out = []
        for p in range(s.players):
            army = sum(c.points for c in s.chits if c.owner == p)
            castles = sum(c.points for c in s.castles if c.owner == p)
            out.append((s.money[p] / 100, army, castles))
        return out

    def charts(self) -> list[Chart]:
        players = self.record.players
        charts = []
        for k, title, unit in ((0, "Money", "$"), (1, "Army points", ""), (2, "Castle points", "")):
            series = [
                Series(self.seat(p), [sample[p][k] for sample in self.samples], unit)
                for p in range(players)
            ]
            charts.append(Chart(f"{title} by turn", series))
        return charts


STORIES = {"solitaire": SolitaireStory, "objectives": ObjectivesStory, "conquer": ConquerStory}
