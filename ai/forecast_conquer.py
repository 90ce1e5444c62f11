"""Objective: Conquer's forecast: the threats to a player's castles and Administrator at the next
combat, read from that player's view.

A threat is an enemy (an Administrator's armies, or natives) that is in, or can come into, a hex
holding the player's castle or Administrator by the next combat phase (OC-9), with the odds of
the round fought there. Who can come, by the rules between now and that combat:

* an army chit moves one hex in phase 3 when it is with or next to its Administrator (OC-5.1;
  the Administrators move only in phase 4, so where they stand now is where they stand then);
* a MOVE order sent last turn carries the chits of its hex one hex in phase 11 (OC-6.5), before
  next turn's phase 3;
* a native not sharing a hex with an army or a castle takes one step in phase 5, in a direction
  the die picks among six (OC-7.1, OC-7.3), or among the ways toward the nearest army under the
  `hunting` policy (OC-Q83): it comes with that chance.

The odds are the combat rule's (OC-9.1: a die each plus the side's strength, a tie decides
nothing): the chance the player holds (loses nothing this round), and the chance the round takes
every point they have there (OC-9.4), which for the Administrator's hex means capture (OC-H8).
The player's own strength is counted as it stands: armies they may still bring are their choice.
Everything here is exact, so the forecast draws no random numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ai.conquer import wipe_out_odds
from core.conquer.hexes import board
from core.conquer.rules import hunting_directions
from core.conquer.state import COMBAT, MOVE, NATIVE_SIDE, NATIVES_MOVE

CASTLE, ADMINISTRATOR = "castle", "administrator"


@dataclass(frozen=True, slots=True)
class Threat:
    """One enemy side that can fight the player at one of their places in the next combat."""

    hex: int  # the castle's or the Administrator's hex
    place: str  # CASTLE or ADMINISTRATOR (a castle with the Administrator in it: CASTLE)
    enemy: int  # the enemy's seat, or NATIVE_SIDE
    points: int  # their strength there if all that can come comes
    sources: tuple[int, ...]  # the hexes they come from (their hex too when already there)
    comes: float  # the chance they are there (1 for armies; a native's die otherwise)
    held: int  # the player's strength there now: armies and castle points
    hold: float  # the chance the player loses nothing in the round (they win it or tie)
    lose_all: float  # the chance the round takes every point the player has there


@dataclass(frozen=True, slots=True)
class ConquerForecast:
    seat: int
    next_turn: bool  # the next combat is next turn's (this turn's is over)
    threats: tuple[Threat, ...]  # the worst first


@lru_cache(maxsize=64)
def hold_odds(edge: int) -> float:
    """The chance a side with `edge` more strength loses nothing in one round (OC-9.1: it wins
    or ties)."""
    return sum(a + edge >= b for a in range(1, 7) for b in range(1, 7)) / 36


def forecast(view) -> ConquerForecast | None:
    """The threats at the next combat to the viewing player's castles and Administrator; None
    when the viewer is not a live player."""
    s, me = view.state, view.seat
    if me is None or not 0 <= me < s.players or s.admins[me] is None or s.over:
        return None
    b = board(s.radius)
    next_turn = s.phase > COMBAT
    # where each enemy chit can be at the combat
    due = {(o.player, o.hex): b.neighbours[o.hex][o.arg] for o in s.orders if _moves_first(s, o)}
    reach: dict[tuple[int, int], dict[int, int]] = {}  # (enemy, hex) -> {source hex: points}
    for c in s.chits:
        if c.owner == me or s.admins[c.owner] is None:
            continue
        at = due.get((c.owner, c.hex), c.hex)
        at = c.hex if at < 0 else at
        ends = {at}
        admin = s.admins[c.owner]
        steps = next_turn or s.phase < MOVE or (s.phase == MOVE and not c.moved)
        if steps and b.distance(at, admin) <= 1:
            ends.update(b.around[at])
        for end in ends:
            sources = reach.setdefault((c.owner, end), {})
            sources[c.hex] = sources.get(c.hex, 0) + c.points
    places = {c.hex: CASTLE for c in s.castles if c.owner == me}
    places.setdefault(s.admins[me], ADMINISTRATOR)
    threats = []
    for h, place in places.items():
        held = sum(c.points for c in s.chits if c.owner == me and c.hex == h)
        held += sum(c.points for c in s.castles if c.owner == me and c.hex == h)
        for enemy in range(s.players):
            sources = reach.get((enemy, h))
            if sources:
                threats.append(_threat(h, place, enemy, sources, 1.0, held))
        threats.extend(_natives(s, h, place, held, next_turn or s.phase <= NATIVES_MOVE))
    threats.sort(key=lambda t: (-t.comes * t.lose_all, t.comes * t.hold, t.hex, t.enemy))
    return ConquerForecast(me, next_turn, tuple(threats))


def _moves_first(s, order) -> bool:
    """A MOVE order that runs before the next combat: last turn's, while phase 11 is ahead."""
    return order.kind == "move" and order.turn == s.turn - 1 and s.phase > COMBAT


def _threat(h, place, enemy, sources, comes, held) -> Threat:
    points = sum(sources.values())
    if held == 0:  # nothing of the player's fights there: an Administrator alone is taken
        hold, lose_all = 0.0, 1.0
    else:
        hold, lose_all = hold_odds(held - points), wipe_out_odds(held, points)
    return Threat(h, place, enemy, points, tuple(sorted(sources)), comes, held, hold, lose_all)


def _natives(s, h, place, held, they_move) -> list[Threat]:
    """The natives in h, and (while their move is ahead) each free native next to it, with the
    chance its die brings it in."""
    b = board(s.radius)
    occupied = {c.hex for c in s.chits} | {c.hex for c in s.castles}
    found = []
    for n in s.natives:
        if they_move and b.distance(n.hex, h) == 1 and n.hex not in occupied:
            ways = range(6) if s.rules.natives_policy == "random" else hunting_directions(s, n)
            towards = sum(b.neighbours[n.hex][d] == h for d in ways)
            if towards:
                found.append(
                    _threat(h, place, NATIVE_SIDE, {n.hex: n.strength}, towards / len(ways), held)
                )
    here = sum(n.strength for n in s.natives if n.hex == h)
    if here:
        found.append(_threat(h, place, NATIVE_SIDE, {h: here}, 1.0, held))
    return found
