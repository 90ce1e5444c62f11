"""How a finished game went, for the game-over screen: figures by turn and the decisive moments.

The record is replayed through the rules (a save is the seed plus every action), and after each
turn each game's figures are read off the position: Vietnam Solitaire's PP and Trail strength,
Objectives: Vietnam's scores and War Weariness pool, Objective: Conquer's money, armies and
castles per Administrator. The moments are read from the events: the largest battles, the
objectives taken, the captures. No Textual here: tui/widgets/charts.py draws it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from core.conquer.events import ConquerEvent
from core.engine import seat_title
from core.objectives.events import ObjectivesEvent
from core.solitaire.events import SolitaireEvent
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


def game_story(game, record, limit_moments: int = 6) -> Story:
    """Replay `record` and gather its charts and its decisive moments."""
    story = STORIES.get(game.id, GenericStory)(game, record)
    state = game.new(dict(record.options), record.players, record.seed)
    story.see(state, game.events(state), turn_over=False)
    for action in record.actions:
        before = game.turn(state)
        state = game.apply(state, action)
        story.see(state, game.events(state), turn_over=game.turn(state) != before)
    story.see(state, (), turn_over=True)
    return Story(story.charts(), story.top_moments(limit_moments), game.turn(state))


class GenericStory:
    """Turns only: games without their own story."""

    def __init__(self, game, record) -> None:
        self.game, self.record = game, record
        self.samples: list = []
        self.moments: list[tuple[float, int, str]] = []  # (weight, order, sentence)

    def see(self, state, events, turn_over: bool) -> None:
        for event in events:
            weight = self.weight(state, event)
            if weight:
                text = self.moment(state, event)
                if all(text != seen for _, _, seen in self.moments[-8:]):
                    self.moments.append((weight, len(self.moments), text))
        if turn_over:
            self.samples.append(self.sample(state))

    def sample(self, state):
        return None

    def weight(self, state, event) -> float:
        return 0.0

    def moment(self, state, event) -> str:
        return f"Turn {self.game.turn(state)}: {event.text}"

    def charts(self) -> list[Chart]:
        return []

    def top_moments(self, n: int) -> list[str]:
        best = sorted(self.moments, key=lambda m: (-m[0], m[1]))[:n]
        return [text for _, _, text in sorted(best, key=lambda m: m[1])]

    def seat(self, p: int) -> str:
        seats = self.record.seats
        name = seats[p].name if p < len(seats) else ""
        return printable(name) if name else seat_title(self.game, p)


class SolitaireStory(GenericStory):
    def sample(self, s):
        return (s.pp, sum(s.trail))

    def see(self, state, events, turn_over: bool) -> None:
        super().see(state, events, turn_over)
        self.final = state

    def charts(self) -> list[Chart]:
        # PP as the B9 check saw them at the end of each turn (VS-B9), then where they ended
        history = list(self.final.pp_history)
        if self.final.pp != (history[-1] if history else None):
            history.append(self.final.pp)
        pp = Series("PP (14 ends it)", history)
        trail = Series("Trail strength", [b for _, b in self.samples])
        return [Chart("Political Points and the Ho Chi Minh Trail, turn by turn", [pp, trail])]

    def weight(self, s, event) -> float:
        kind = event.kind
        if kind is SolitaireEvent.PP_CHANGED:  # B9: the regions' verdict on the war
            rise = event["pp_after"] - event["pp_before"]
            return 1.0 + rise if rise >= 2 else 0.0
        if kind is SolitaireEvent.COMBAT_ROUND and event["hits_on_you"] > 0:
            return 1.5 * event["hits_on_you"]
        if kind is SolitaireEvent.OFFENSIVE_ROLL and event["regions"]:
            return 2.0
        return 0.0


class ObjectivesStory(GenericStory):
    def sample(self, s):
        return (tuple(s.scores), len(s.pool))

    def charts(self) -> list[Chart]:
        players = self.record.players
        scores = [Series(self.seat(p), [sc[p] for sc, _ in self.samples]) for p in range(players)]
        pool = Series("War Weariness pool (10: the NVA win)", [n for _, n in self.samples])
        return [Chart("Points by turn", scores), Chart("The pool by turn", [pool])]

    def weight(self, s, event) -> float:
        kind = event.kind
        if kind is ObjectivesEvent.OBJECTIVE_TAKEN:
            return 3.0
        if kind is ObjectivesEvent.OVERRUN:
            return 2.5
        if kind is ObjectivesEvent.ATTACK_CALLED_OFF:
            return 1.5
        if kind is ObjectivesEvent.AMBUSH and event["card"] is not None:
            return 1.0
        return 0.0


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

    def weight(self, s, event) -> float:
        kind = event.kind
        if kind is ConquerEvent.ADMIN_CAPTURED:
            return 10.0
        if kind is ConquerEvent.CASTLE_TAKEN or kind is ConquerEvent.CASTLE_DESTROYED:
            return 6.0
        if kind is ConquerEvent.BATTLE and event["winner"] is not None:
            losses = max(event["losses"])
            return losses if losses >= 2 else 0.0
        return 0.0


STORIES = {"solitaire": SolitaireStory, "objectives": ObjectivesStory, "conquer": ConquerStory}
