"""How Objective: Conquer's events read in an Administrator's story.

The reader's outcomes: each battle their armies fought (won or lost, and the points it cost),
their castles taken or destroyed, their Administrator captured, their income; the other side's
steps: the other Administrators' moves and orders, hexes discovered, caves, the natives moving,
battles elsewhere, captures. When a battle the reader fought ends, its result is held on screen.
"""

from __future__ import annotations

from core.conquer.events import NONE_LEFT, TURN_LIMIT, ConquerEvent, player_name, side_name
from core.conquer.hexes import board
from core.conquer.tables import dollars
from tui.story import Result, StoryLine, Teller

E = ConquerEvent
TOLD_VERBS = ("move", "order", "admin", "develop", "terrain", "spelunk", "mine")

# The steps the story tells, each with when (None: always) and which of its hexes the line lights:
# the hexes its sentence names ("at", the first place; "to", a native's destination) or none.
AT, TO, NOWHERE = "at", "to", ""
STEPS = {
    E.DISCOVERY_DIE: (None, AT),
    E.NATIVES_DIE: (lambda e: e["found"], AT),
    E.NATIVE_STRENGTH_DIE: (lambda e: not e["lair"] and e["strength"] > 0, AT),
    E.SPELUNK_DIE: (lambda e: e["found"], AT),
    E.CAVE_DIE: (None, AT),
    E.DUNGEON_DIE: (None, AT),
    E.MINING_DIE: (None, AT),
    E.NATIVE_DIRECTION_DIE: (None, NOWHERE),
    E.NATIVE_HUNTS: (None, NOWHERE),
    E.NATIVE_MOVED: (None, TO),
    E.NATIVE_GONE: (None, NOWHERE),
    E.NATIVE_DESTROYED: (lambda e: e["cents"] > 0, NOWHERE),
    E.BATTLE: (None, AT),
    E.CASTLE_TAKEN: (None, AT),
    E.CASTLE_DESTROYED: (None, AT),
    E.ORDER_CARRIED_OUT: (None, AT),
    E.ORDER_SKIPPED: (None, AT),
    E.ADMIN_CAPTURED: (None, NOWHERE),
    E.GAME_OVER: (None, NOWHERE),
}


def hex_places(hexes) -> tuple:
    return tuple(("hex", h) for h in hexes)


class ConquerTeller(Teller):
    def __init__(self, game, seat_name) -> None:
        super().__init__(game, seat_name)
        self._battles: list = []

    def action(self, actor, action, text, before, reader):
        if actor >= before.players or action[0] not in TOLD_VERBS:
            return None
        places = hex_places(self.game.places_of(before, action))
        return StoryLine(f"{self.seat_name(actor)}: {text}", places)

    def new_turn(self, e) -> int | None:
        return e["turn"] if e.kind is E.INCOME else None

    def event(self, e, reader, actor) -> list[StoryLine]:
        kind = e.kind
        if kind is E.BATTLE and reader in e["sides"]:
            self._battles.append(e)
        if kind is E.INCOME and e.seats[0] == reader:
            return [
                StoryLine(
                    f"Income: {dollars(e['cents'])}; your treasury is {dollars(e['money'])}.",
                    style="gain" if e["cents"] > 0 else "loss" if e["cents"] < 0 else "",
                    outcome=True,
                )
            ]
        told = STEPS.get(kind)
        if told is None or (told[0] is not None and not told[0](e)):
            return []
        lit = told[1]
        places = e.places[:1] if lit == AT else e.places[-1:] if lit == TO else ()
        text = f"{e.purpose}: {e.result}" if e.dice else e.text
        yours = reader is not None and reader in e.seats
        if kind is E.BATTLE and reader in e["sides"]:
            won = e["winner"] == reader
            style = "gain" if won else "" if e["winner"] is None else "loss"
            return [StoryLine(text, places, style, True)]
        if kind is E.ADMIN_CAPTURED or (kind is E.GAME_OVER and e["why"] == NONE_LEFT):
            return [StoryLine(text, places, "loss", yours)]
        if kind in (E.CASTLE_TAKEN, E.CASTLE_DESTROYED) and yours:
            lost = e.seats[0] != reader if kind is E.CASTLE_TAKEN else e.seats[0] == reader
            return [StoryLine(text, places, "loss" if lost else "gain", True)]
        return [StoryLine(text, places)]

    def results(self, state, reader) -> list[Result]:
        battles, self._battles = self._battles, []
        return [self._result(e, reader) for e in battles]

    @staticmethod
    def _result(e, reader) -> Result:
        where = board(e["radius"]).label(e.places[0][1])
        sides = e["sides"]
        other = next(s for s in sides if s != reader)
        mine, theirs = sides.index(reader), sides.index(other)
        if e["winner"] is None:
            title, style = f"Battle at {where}: a tie, no effect", ""
        elif e["winner"] == reader:
            title, style = f"Battle at {where}: you beat {side_name(other)}", "gain"
        else:
            title, style = f"Battle at {where}: {side_name(other)} beat you", "loss"
        lines = (
            f"Totals: you {e['totals'][mine]} (strength {e['strengths'][mine]}), "
            f"{side_name(other)} {e['totals'][theirs]} (strength {e['strengths'][theirs]}).",
            f"You lose {e['losses'][mine]} point(s); {side_name(other)} {e['losses'][theirs]}.",
        )
        return Result(title, lines, style, e.places[:1])

    def moment(self, e) -> StoryLine | None:
        if e.kind is E.GAME_OVER:
            return StoryLine(e.text, weight=100.0)
        if e.kind is E.ADMIN_CAPTURED:
            return StoryLine(e.text, weight=10.0)
        if e.kind in (E.CASTLE_TAKEN, E.CASTLE_DESTROYED):
            return StoryLine(e.text, e.places[:1], weight=6.0)
        if e.kind is E.BATTLE and e["winner"] is not None:
            losses = max(e["losses"])
            return StoryLine(e.text, e.places[:1], weight=losses) if losses >= 2 else None
        return None

    def why_it_ended(self, events, state) -> str:
        over = next((e for e in events if e.kind is E.GAME_OVER), None)
        if over is None:
            return ""
        why, winners = over["why"], over["winners"]
        captured = [player_name(e.seats[0]) for e in events if e.kind is E.ADMIN_CAPTURED]
        if why == NONE_LEFT:
            return "Every Administrator was captured: " + ", ".join(captured) + " fell last."
        if why == TURN_LIMIT:
            scores = over["scores"]
            best = max(scores)
            leaders = ", ".join(player_name(p) for p, s in enumerate(scores) if s == best)
            return f"The turn limit came at turn {over['turn']}: {leaders} scored most ({best})."
        how = f" when {', '.join(captured)} was captured" if captured else ""
        return f"{player_name(winners[0])} was the last Administrator standing{how}."


TELLER = ConquerTeller
