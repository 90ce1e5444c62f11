"""How Vietnam Solitaire's events read in the player's story.

The player's outcomes: what each fight cost on both sides and where, a retreat, a unit withdrawn
by the B9 result (not a loss: no fight, no PP), the PP moving with its cause (the B9 count of the
regions, a new year) and the war's end; the enemy's steps: the Trail growing, the VC and NVA
placed, the offensives. The player's own purchases and moves are left out, and so are the dice
whose result another line tells (a fight's dice: the round's line says what they did). Every
fight is the player's: when one ends, its result (who holds the area, what it cost) is held on
screen.
"""

from __future__ import annotations

from core.solitaire.board import ENEMY_UNITS, PLAYER_UNITS, PP_LIMIT, place_name, year_of
from core.solitaire.events import SolitaireEvent as K
from core.solitaire.events import lost_text, unit_name
from core.solitaire.rules import contested
from tui.story import Result, StoryLine, Teller

YOURS = ("ARVN", "Grunt", "AirCav")
THEIRS = ("VC", "NVA")


def area(p: int) -> tuple:
    return (("area", p),)


class Fight:
    """One ground combat followed from its first round: what each side lost."""

    def __init__(self, place: int) -> None:
        self.place = place
        self.yours = [0, 0, 0]
        self.theirs = [0, 0]
        self.retreated_to: int | None = None

    def add(self, e) -> None:
        self.yours = [a + b for a, b in zip(self.yours, e["your_lost"], strict=True)]
        self.theirs = [a + b for a, b in zip(self.theirs, e["enemy_lost"], strict=True)]

    def result(self, state) -> Result:
        where = place_name(self.place)
        units = state.units[self.place]
        if self.retreated_to is not None:
            title, style = f"{where}: you retreated to {place_name(self.retreated_to)}", "loss"
        elif not any(units[u] for u in ENEMY_UNITS):
            title, style = f"{where}: the NVA/VC are destroyed", "gain"
        elif not any(units[u] for u in PLAYER_UNITS):
            title, style = f"{where}: your forces are destroyed", "loss"
        else:
            title, style = f"{where}: the fight is over", ""
        lines = (
            f"You lost {lost_text(tuple(self.yours), YOURS) or 'nothing'}; "
            f"the NVA/VC lost {lost_text(tuple(self.theirs), THEIRS) or 'nothing'}.",
        )
        places = area(self.place) + (area(self.retreated_to) if self.retreated_to else ())
        return Result(title, lines, style, places)


class SolitaireTeller(Teller):
    def __init__(self, game, seat_name) -> None:
        super().__init__(game, seat_name)
        self._fight: Fight | None = None
        self._ended: list[Fight] = []

    def action(self, actor, action, text, before, reader):
        return None  # one seat: every decision is the player's own

    def new_turn(self, e) -> int | None:
        return e["turn"] if e.kind is K.TURN_BEGAN else None

    def event(self, e, reader, actor) -> list[StoryLine]:
        self._follow(e)
        line = self._line(e)
        return [] if line is None else [line]

    # --- fights, followed for their results ------------------------------------------------

    def _follow(self, e) -> None:
        kind = e.kind
        if kind is K.COMBAT_BEGAN:
            self._close()
            self._fight = Fight(e["place"])
        elif kind is K.COMBAT_ROUND and self._fight is not None:
            self._fight.add(e)
        elif kind is K.FORCES_RETREATED and self._fight is not None:
            self._fight.retreated_to = e["destination"]
            self._close()
        elif kind not in (K.COMBAT_ROLL, K.COMBAT_ROUND):
            self._close()

    def _close(self) -> None:
        if self._fight is not None:
            self._ended.append(self._fight)
            self._fight = None

    def results(self, state, reader) -> list[Result]:
        fight = self._fight
        if fight is not None and not contested(state, fight.place):
            self._close()  # one side is gone (a fight waiting for a retreat decision goes on)
        ended, self._ended = self._ended, []
        return [f.result(state) for f in ended]

    # --- the story's lines -------------------------------------------------------------------

    def _line(self, e) -> StoryLine | None:
        kind = e.kind
        if kind is K.COMBAT_ROUND:
            return self._round(e)
        if kind is K.FORCES_RETREATED:
            return StoryLine(e.text, area(e["origin"]) + area(e["destination"]), "loss", True)
        if kind is K.UNIT_WITHDRAWN and e["cause"] == "b9":
            return StoryLine(
                f"B9 result 6+: 1 {unit_name(e['unit'])} withdrawn from "
                f"{place_name(e['place'])} (not a loss in a fight: no PP).",
                area(e["place"]),
                "loss",
                True,
            )
        if kind is K.PP_CHANGED:
            before, after = e["pp_before"], e["pp_after"]
            return StoryLine(
                f"B9: PP {before} → {after}: {len(e['enemy_only'])} region(s) held only by the "
                f"NVA/VC, {len(e['yours_only'])} only by you.",
                style="loss" if after > before else "gain" if after < before else "",
                outcome=True,
            )
        if kind is K.TURN_BEGAN and not e["historical"]:
            return StoryLine(f"A new year ({e['year']}): PP set to {e['pp_after']}.", outcome=True)
        if kind is K.RESTRICTION_ROLL:
            return StoryLine(f"Next turn: {e.result.split(': ', 1)[-1]}.", outcome=True)
        if kind is K.WAR_OVER and e["reason"] in ("pp_immediate", "pp_b9"):
            return StoryLine(e.text, style="loss", outcome=True)
        if kind is K.VC_REGION_ROLL and e["region"] is None:
            return StoryLine("No VC this turn.")
        if kind in (K.VC_AREA_ROLL, K.NVA_AREA_ROLL):
            unit = "VC" if kind is K.VC_AREA_ROLL else "NVA"
            return StoryLine(f"1 {unit} placed in {place_name(e['place'])}.", area(e["place"]))
        if kind is K.TRAIL_GROWTH_ROLL:
            return StoryLine(f"The Trail grows: {e.result}.", e.places)
        if kind is K.OFFENSIVE_ROLL:
            return StoryLine(f"Offensive roll: {e.result}.")
        if kind is K.OFFENSIVE:
            return StoryLine(e.text, tuple(("area", p) for p in e["contacts"]))
        if kind is K.INSURGENCY:
            return StoryLine(e.text, tuple(("area", p) for p in e["areas"]))
        if kind is K.UNIT_REDEPLOYED:
            return StoryLine(e.text, area(e["origin"]) + area(e["destination"]))
        return None

    def _round(self, e) -> StoryLine:
        yours = lost_text(e["your_lost"], YOURS)
        theirs = lost_text(e["enemy_lost"], THEIRS)
        where = place_name(e["place"])
        if yours:
            cost = f" (PP +{e['cost']})" if e["cost"] else ""
            rest = f"; the NVA/VC lost {theirs}" if theirs else ""
            return StoryLine(
                f"{where}: you lost {yours}{cost}{rest}.", area(e["place"]), "loss", True
            )
        if theirs:
            return StoryLine(f"{where}: the NVA/VC lost {theirs}.", area(e["place"]), "gain", True)
        return StoryLine(f"{where}: a round of fire, no losses.", area(e["place"]))

    # --- the game over -----------------------------------------------------------------------

    def moment(self, e) -> StoryLine | None:
        if e.kind is K.PP_CHANGED and e["pp_after"] - e["pp_before"] >= 2:
            return StoryLine(e.text, weight=1.0 + e["pp_after"] - e["pp_before"])
        if e.kind is K.COMBAT_ROUND and e["hits_on_you"]:
            return StoryLine(e.text, area(e["place"]), weight=1.5 * e["hits_on_you"])
        if e.kind is K.OFFENSIVE_ROLL and e["regions"]:
            return StoryLine(e.text, weight=2.0)
        if e.kind is K.WAR_OVER:
            return StoryLine(e.text, weight=100.0)  # what decided the game: always told
        return None

    def why_it_ended(self, events, state) -> str:
        over = next((e for e in events if e.kind is K.WAR_OVER), None)
        if over is None:
            return ""
        turn, reason = over["turn"], over["reason"]
        year = year_of(turn)
        if reason == "pp_b9":
            count = next((e for e in events if e.kind is K.PP_CHANGED), None)
            if count is not None:
                added = count["pp_after"] - count["pp_before"]
                enemy = len(count["enemy_only"])
                return (
                    f"PP reached {count['pp_after']} at the end of {year}: {enemy} region(s) held "
                    f"only by the NVA/VC added {added} (the war ends at {PP_LIMIT})."
                )
            return f"PP reached {over['pp']} at the end of {year} (the war ends at {PP_LIMIT})."
        if reason == "pp_immediate":
            return f"PP reached {over['pp']} during {year}, and the war ended at once."
        if reason == "regions":
            return f"At the end of {year} you held only {len(over['held'])} region(s)."
        return f"You held on to the end of {year}."


TELLER = SolitaireTeller
