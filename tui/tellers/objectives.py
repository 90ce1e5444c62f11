"""How Objectives: Vietnam's events read in a player's story.

The reader's outcomes: an objective taken (by them or a team-mate: the team's points), one that
holds (overrun, lost, called off), a card given to them, the game won or lost; the other players'
steps: attacks, bids counted, NVA cards and bids turned up, ambushes, objectives revealed into the
pool. The reader's own bids and passes are left out, and a decision another line tells ("Bid
nothing" and "has bid 0 cards") is told once. When an attack the reader made or bid in ends, its
result is held on screen: taken or not, how, and what the reader lost in it.
"""

from __future__ import annotations

from core.objectives.cards import fw, objective
from core.objectives.events import ObjectivesEvent as K
from core.objectives.events import end_reason, seat_name
from tui.story import Result, StoryLine, Teller

STEPS = frozenset(
    {
        K.ATTACK_DECLARED,
        K.OBJECTIVE_REVEALED,
        K.OBJECTIVE_DUPLICATE,
        K.ATTACK_CALLED_OFF,
        K.NVA_REVEALED,
        K.BIDS_REVEALED,
        K.REINFORCEMENTS_DRAWN,
        K.AMBUSH,
        K.BARRAGE,
        K.NVA_REINFORCEMENTS,
        K.PACIFICATION,
        K.HEARTS_AND_MINDS,
    }
)
OWN_LEFT_OUT = frozenset({K.BIDS_COUNTED, K.PASSED, K.REINFORCEMENT_KEPT, K.REINFORCEMENT_GIVEN})


def pool(card: int) -> tuple:
    return (("pool", card),)


class Attack:
    """One attack followed from its declaration: who took part, and what happened to them."""

    def __init__(self, attacker: int, target: int) -> None:
        self.attacker, self.target = attacker, target
        self.bidders: set[int] = set()
        self.lines: list[str] = []
        self.ended: Result | None = None


class ObjectivesTeller(Teller):
    def __init__(self, game, seat_name_of) -> None:
        super().__init__(game, seat_name_of)
        self._attack: Attack | None = None
        self._ended: list[Attack] = []

    def action(self, actor, action, text, before, reader):
        """Only fighting on is told from the decision itself: every other decision of another
        player has an event that tells it (a bid is counted when it is done)."""
        if action[0] == "continue":
            return StoryLine(f"{self.seat_name(actor)}: {text}")
        return None

    def new_turn(self, e) -> int | None:
        return e["turn"] if e.kind is K.TURN_STARTED else None

    def event(self, e, reader, actor) -> list[StoryLine]:
        self._follow(e, reader)
        line = self._line(e, reader)
        return [] if line is None else [line]

    def _line(self, e, reader) -> StoryLine | None:
        kind = e.kind
        mine = bool(e.seats) and e.seats[0] == reader
        if kind in OWN_LEFT_OUT and mine:
            return None
        if kind is K.OBJECTIVE_TAKEN:
            who = "You" if mine else seat_name(e.seats[0])
            return StoryLine(
                f"{who} took {objective(e['target']).name}: +{e['points']} "
                f"point{'s' if e['points'] != 1 else ''} "
                f"(team {e['team']} of {e['needed']}).",
                pool(e["target"]),
                "gain",
                True,
            )
        if kind is K.OBJECTIVE_HOLDS:
            how = {"overrun": "overrun", "lost": "the attack lost", "called_off": "called off"}
            return StoryLine(
                f"{objective(e['target']).name} holds ({how[e['cause']]}): it gets a token "
                f"(now {e['tokens']}).",
                pool(e["target"]),
                "loss",
                True,
            )
        if kind is K.OVERRUN:
            return StoryLine(e.text, style="loss")
        if kind is K.REINFORCEMENT_GIVEN:
            if e["to"] == reader:
                return StoryLine(f"{seat_name(e.seats[0])} gives you a card.", (), "gain", True)
            return StoryLine(e.text)
        if kind in (K.TEAM_WON, K.GAME_WON):
            return StoryLine(e.text, style="gain" if kind is K.TEAM_WON else "loss", outcome=True)
        if kind in (K.BIDS_COUNTED, K.PASSED, K.REINFORCEMENT_KEPT):
            return StoryLine(e.text)
        if kind in STEPS:
            return StoryLine(e.text, tuple(p for p in e.places if p[0] == "pool"))
        return None

    # --- attacks, followed for their results ---------------------------------------------------

    def _follow(self, e, reader) -> None:
        kind, attack = e.kind, self._attack
        if kind is K.ATTACK_DECLARED:
            self._attack = Attack(e.seats[0], e["target"])
            return
        if attack is None:
            return
        if kind is K.BIDS_REVEALED:
            attack.bidders |= set(e["bidders"])
            yours = [fw(c) for c, s in zip(e["bids"], e["bidders"], strict=True) if s == reader]
            if yours:
                cards = ", ".join(f"{c.name} ({c.strength})" for c in yours)
                attack.lines.append(f"You bid {cards}.")
        elif kind is K.AMBUSH and e["card"] is not None:
            whose = "your" if e.seats[0] == reader else f"{seat_name(e.seats[0])}'s"
            attack.lines.append(f"Ambush: {whose} {fw(e['card']).name} ({e['strength']}) is lost.")
        elif kind in (K.OVERRUN, K.FINAL_TOTALS) or kind is K.ATTACK_CALLED_OFF:
            attack.lines.append(e.text)
        elif kind is K.OBJECTIVE_TAKEN:
            attack.ended = Result(
                f"{objective(attack.target).name} is taken: {seat_name(e.seats[0])} scores "
                f"{e['points']} (team {e['team']} of {e['needed']})",
                (),
                "gain",
                pool(attack.target),
            )
        elif kind is K.OBJECTIVE_HOLDS:
            how = {"overrun": "overrun", "lost": "lost", "called_off": "called off"}[e["cause"]]
            attack.ended = Result(
                f"The attack on {objective(attack.target).name} is {how}: it holds",
                (),
                "loss",
                pool(attack.target),
            )
        if attack.ended is not None:
            self._ended.append(attack)
            self._attack = None

    def results(self, state, reader) -> list[Result]:
        ended, self._ended = self._ended, []
        out = []
        for attack in ended:
            if reader is not None and (reader == attack.attacker or reader in attack.bidders):
                r = attack.ended
                out.append(Result(r.title, tuple(attack.lines), r.style, r.places))
        return out

    # --- the game over -------------------------------------------------------------------------

    def moment(self, e) -> StoryLine | None:
        weights = {K.OBJECTIVE_TAKEN: 3.0, K.OVERRUN: 2.5, K.ATTACK_CALLED_OFF: 1.5}
        if e.kind in (K.TEAM_WON, K.GAME_WON):
            return StoryLine(e.text, weight=100.0)
        if e.kind is K.AMBUSH and e["card"] is not None:
            return StoryLine(e.text, weight=1.0)
        if e.kind in weights:
            extra = e["points"] / 10 if e.kind is K.OBJECTIVE_TAKEN else 0.0
            places = pool(e["target"]) if e.get("target") is not None else ()
            return StoryLine(e.text, places, weight=weights[e.kind] + extra)
        return None

    def why_it_ended(self, events, state) -> str:
        taken = [e for e in events if e.kind is K.OBJECTIVE_TAKEN]
        for e in events:
            if e.kind is K.TEAM_WON:
                how = ""
                if taken:
                    t = taken[-1]
                    how = (
                        f" when {seat_name(t.seats[0])} took {objective(t['target']).name} "
                        f"(+{t['points']})"
                    )
                points, needed = e["points"], e["needed"]
                return f"The team's objectives reached {points} of the {needed} points{how}."
            if e.kind is K.GAME_WON:
                numbers = {k: v for k, v in e.values if k != "cause"}
                return f"The NVA won: {end_reason(e['cause'], **numbers)}."
        return ""


TELLER = ObjectivesTeller
