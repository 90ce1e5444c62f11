"""Setting up Objective: Conquer positions on a radius-5 board, as the rulebook's examples do."""

from __future__ import annotations

from dataclasses import replace

from core.conquer import GAME, Rules
from core.conquer import rules as R
from core.conquer.hexes import board
from core.conquer.state import Castle, Chit, CState, Native, Work
from core.dice import Dice, LoadedDice

B = board(5)


def hx(q: int, r: int) -> int:
    return B.index[(q, r)]


def position(
    phase: int,
    chits=(),
    natives=(),
    castles=(),
    admins=None,
    money=None,
    terrain=None,
    faces=None,
    rules: Rules | None = None,
    players: int = 2,
    initiative=None,
    turn: int = 3,
    **fields,
) -> CState:
    """`chits` as (owner, hex, points) or Chits; `natives` as (hex, strength); `castles` as
    (owner, hex, points); `terrain` a {hex: name} for the discovered hexes."""
    chit_objs = [
        c if isinstance(c, Chit) else Chit(i, c[0], c[1], c[2]) for i, c in enumerate(chits)
    ]
    native_objs = [Native(100 + i, h, s, s) for i, (h, s) in enumerate(natives)]
    castle_objs = [Castle(h, o, p) for o, h, p in castles]
    grid: list[str | None] = [None] * B.size
    for h, name in (terrain or {}).items():
        grid[h] = name
    return CState(
        rules=rules or Rules(),
        dice=LoadedDice(tuple(faces), strict=False) if faces is not None else Dice(5),
        players=players,
        radius=5,
        turn=turn,
        phase=phase,
        initiative=tuple(initiative if initiative is not None else range(players)),
        actor=fields.pop("actor", 0),
        terrain=tuple(grid),
        chits=tuple(chit_objs),
        natives=tuple(native_objs),
        castles=tuple(sorted(castle_objs, key=lambda c: c.hex)),
        admins=tuple(admins if admins is not None else [hx(0, 4), hx(0, -4)][:players]),
        money=tuple(money if money is not None else [2000] * players),
        next_id=200,
        **fields,
    )


def work(state: CState) -> Work:
    return Work(state)


def combat(state: CState) -> CState:
    """Start phase 7 and fight until the first decision (or the end of the phase)."""
    w = Work(state)
    R.start_combat(w)
    R.run_battles(w)
    return w.freeze()


def play(state, *actions):
    for a in actions:
        state = GAME.apply(state, a)
    return state


def natives_strengths(s, h: int) -> list[int]:
    return sorted(n.strength for n in s.natives if n.hex == h)


def chit_points(s, owner: int, h: int) -> list[int]:
    return sorted(c.points for c in s.chits if c.owner == owner and c.hex == h)


def with_dice(state: CState, *faces) -> CState:
    return replace(state, dice=LoadedDice(tuple(faces), strict=False))


def facts(source, kind) -> list:
    """The events of one kind (a `ConquerEvent`), in order: `source` is a state (its last
    events), a `Work` (its log so far) or a list of events."""
    if isinstance(source, Work):
        events = source.log
    else:
        events = getattr(source, "events", source)
    return [e for e in events if e.kind is kind]


def fact(source, kind):
    """The one event of `kind` in `source` (see `facts`)."""
    (found,) = facts(source, kind)
    return found


def hexes(event) -> tuple[int, ...]:
    """The hex indices of an event's places."""
    return tuple(h for tag, h in event.places if tag == "hex")
