"""Objective: Conquer: setup, the eleven phases of a turn, combat, orders, and the end.

Each phase is one function whose docstring names its rule id in docs/rules/conquer.md. The
engine runs the automatic phases (income, initiative, combat, resolving orders) and stops
whenever a player, or the natives' seat, decides something. In the sequential phases the players
act in initiative order, each until they choose `done`; a player with nothing to do is passed
over. Dice are rolled in the order of OC-R1..R8.

Actions (h = hex index, d = direction 0-5 in OC-H2 order):
    ("move", chit, d)  ("order", h, kind, arg)  ("admin", d)  ("native", native, face)
    ("spelunk", h)  ("mine", h)  ("hit", "chit"|"castle"|"native", id_or_hex)
    ("terrain", h, action)  ("recruit", h, size)  ("drill", chit)  ("combine", a, b)
    ("split", chit, points)  ("develop", h)  ("done",)
"""

from __future__ import annotations

from math import floor
from typing import NamedTuple

from core.conquer.events import (
    BATTLE_LOSS,
    CAVE_IN_LOSS,
    DEBT_LOSS,
    HEX,
    IMPOSSIBLE,
    LAST_STANDING,
    NO_ARMY,
    NO_MONEY,
    NONE_LEFT,
    OFF_MAP,
    TERRAIN_DIFFERS,
    TURN_LIMIT,
    ConquerEvent,
    end_reason,
)
from core.conquer.events import order_text as order_text  # the names the game and screen use
from core.conquer.events import player_name as player_name
from core.conquer.events import side_name as side_name
from core.conquer.hexes import CORNERS, DEFAULT_RADIUS, board
from core.conquer.state import (
    COMBAT,
    DEVELOP,
    INCOME,
    INITIATIVE,
    MOVE,
    NATIVE_SIDE,
    NATIVES_MOVE,
    ORDERS,
    OVER,
    RESOLVE,
    SPELUNK,
    TERRAIN,
    TRAIN,
    Castle,
    Casualties,
    Chit,
    CState,
    Native,
    Order,
    Rules,
    Work,
)
from core.conquer.tables import (
    ADMIN_STEPS,
    CASTLE_MAX,
    CASTLE_POINT_COST,
    CHIT_MAX,
    DESERT,
    DISCOVERY,
    EXPLORE_COST,
    FARMLAND,
    MOUNTAIN,
    NATIVE_FRACTION,
    ORDERS_MAX,
    RIVER,
    SPELUNK_COST,
    START_CASTLE,
    START_CHITS,
    TERRAIN_CHANGES,
    TRAIN_POINT,
    UPKEEP,
    WOODS,
    cave_table,
    recruit_cost,
)
from core.dice import Dice
from core.engine import IllegalAction, event
from core.scratch import Found, replacer

# `dataclasses.replace` for the pieces the rules change one at a time, compiled (core.scratch):
# a search's rollouts move and strike chits at almost every step.
_REPLACERS = {cls: replacer(cls) for cls in (Chit, Castle, Native)}


def replace(piece, **changes):
    return _REPLACERS[type(piece)](piece, changes)


DONE = ("done",)
SEQUENTIAL = (MOVE, ORDERS, SPELUNK, TERRAIN, TRAIN, DEVELOP)
PLAYER_PHASES = frozenset((*SEQUENTIAL, RESOLVE))  # a player acts (or an order resolves)
CAVE_IN = -2  # the "winner" of a cave-in's casualties
BANKRUPT = -3  # the "winner" of a debt paid in army points (OC-Q96)
ANYWHERE = -1  # the "hex" of casualties that may fall in any of the player's hexes
CAUSES = {CAVE_IN: CAVE_IN_LOSS, BANKRUPT: DEBT_LOSS}  # why a loss falls (else a battle)


E = ConquerEvent


# --- what the rules ask about a hex --------------------------------------------------------------


def chits_of(s, p: int, h: int) -> list[Chit]:
    return [c for c in s.chits if c.owner == p and c.hex == h]


def points_of(s, p: int, h: int) -> int:
    return sum(c.points for c in s.chits if c.owner == p and c.hex == h)


def castle_at(s, h: int) -> Castle | None:
    for c in s.castles:
        if c.hex == h:
            return c
    return None


def natives_at(s, h: int) -> list[Native]:
    return [n for n in s.natives if n.hex == h]


def enemies_at(s, p: int, h: int) -> bool:
    """OC-Q90: enemy chits or an enemy castle (an Administrator is not a unit)."""
    for c in s.chits:
        if c.hex == h and c.owner != p:
            return True
    castle = castle_at(s, h)
    return castle is not None and castle.owner != p


def controlled(s, p: int, h: int) -> bool:
    """OC-1.10: at least one army point, no enemies or natives, not being changed."""
    return (
        points_of(s, p, h) > 0
        and not enemies_at(s, p, h)
        and not natives_at(s, h)
        and h not in s.changing
    )


def controlled_hexes(s, p: int) -> list[int]:
    """Every hex `controlled` says p controls, in one pass over the pieces (it is asked for
    every income, score and search leaf)."""
    mine: dict[int, int] = {}
    contested = {n.hex for n in s.natives}
    contested.update(s.changing)
    for c in s.chits:
        if c.owner == p:
            mine[c.hex] = mine.get(c.hex, 0) + c.points
        else:
            contested.add(c.hex)
    contested.update(castle.hex for castle in s.castles if castle.owner != p)
    return sorted(h for h, points in mine.items() if points > 0 and h not in contested)


def alive(s) -> list[int]:
    return [p for p in range(s.players) if s.admins[p] is not None]


def in_command(s, p: int, h: int) -> bool:
    """OC-Q32: with or next to the Administrator (unless the option is off)."""
    if not s.rules.remote_actions_need_orders:
        return True
    a = s.admins[p]
    return a is not None and board(s.radius).distance(a, h) <= 1


def acting(s) -> int | None:
    if s.phase in PLAYER_PHASES and s.actor < len(s.initiative):
        return s.initiative[s.actor]
    return None


def orders_this_turn(s, p: int) -> list[Order]:
    return [o for o in s.orders if o.player == p and o.turn == s.turn]


def hostile_to(s, p: int, h: int) -> bool:
    """OC-Q25: enemy armies, enemy castles or natives in the hex."""
    return enemies_at(s, p, h) or bool(natives_at(s, h))


def cave_at(s, h: int):
    for cave in s.caves:
        if cave[0] == h:
            return cave
    return None


def action_cost(s, a: tuple) -> int:
    """What an action takes from the acting player's treasury now, in cents (0 for free ones;
    an order pays when it arrives)."""
    verb = a[0]
    p = acting(s)
    if verb == "move":
        chit = next(c for c in s.chits if c.id == a[1])
        n = board(s.radius).neighbours[chit.hex][a[2]]
        return EXPLORE_COST if s.terrain[n] is None and (p, n) not in s.paid else 0
    if verb == "spelunk":
        return can_spelunk(s, p, a[1], True, free_ok=True)[1]
    if verb == "terrain":
        return TERRAIN_CHANGES[a[2]][1]
    if verb == "recruit":
        return recruit_cost(a[2])
    if verb == "drill":
        chit = next(c for c in s.chits if c.id == a[1])
        return 0 if chit.fresh and chit.points == 5 else TRAIN_POINT
    if verb == "develop":
        return CASTLE_POINT_COST
    return 0


class IncomePart(NamedTuple):
    """One part of the next Compute Income (OC-3): its kind (`UPKEEP`, `FARMS`, `CASTLES`), how
    many it counts (hexes, Farmland hexes, castle points) and what it pays, in cents."""

    kind: str
    count: int
    cents: int

    @property
    def label(self) -> str:
        if self.kind == UPKEEP_PART:
            return f"upkeep {self.count} hex(es)"
        if self.kind == FARMS_PART:
            return f"{self.count} Farmland (expected)"
        return f"castle {self.count} pt(s)"


UPKEEP_PART, FARMS_PART, CASTLES_PART = "upkeep", "farms", "castles"


def income_forecast(s, p: int) -> tuple[IncomePart, ...]:
    """What the next Compute Income (OC-3) would pay `p` if the board stayed as it is: each
    part in cents; a Farmland counts its expected die (1d6 - 2: $1.50). Hexes being changed
    count from the next income on, when they are controlled again."""
    earning = controlled_hexes(s, p)
    parts = []
    if earning:
        parts.append(IncomePart(UPKEEP_PART, len(earning), -UPKEEP * len(earning)))
    farms = sum(1 for h in earning if s.terrain[h] == FARMLAND)
    if farms:
        parts.append(IncomePart(FARMS_PART, farms, 150 * farms))
    castle_points = sum(c.points for c in s.castles if c.owner == p and c.hex in earning)
    if castle_points:
        rate = s.rules.castle_income_cents
        parts.append(IncomePart(CASTLES_PART, castle_points, rate * castle_points))
    return tuple(parts)


def income_forecast_after(s, a: tuple) -> tuple[IncomePart, ...]:
    """`income_forecast` for the acting player as the board would stand right after `a`, from
    the rules alone: no die is rolled, so nothing about the dice to come leaks. An action is
    taken for its own sure effect on the board (a castle point built, a hex changed, an army
    moved or raised); a move into the unknown counts its hex's upkeep, its terrain unknown;
    a search, a mine, an order and the Administrator's step leave the board as it is (what they
    bring is up to the dice, or comes next turn)."""
    p = acting(s)
    verb = a[0]
    if verb != "move" and verb not in SURE_EFFECTS:
        return income_forecast(s, p)
    w = Work(s)
    if verb == "move":  # the army's step without the exploring die
        n = board(s.radius).neighbours[next(c for c in s.chits if c.id == a[1]).hex][a[2]]
        w.chits = [replace(c, hex=n) if c.id == a[1] else c for c in w.chits]
    else:
        SURE_EFFECTS[verb](w, a)
    return income_forecast(w.freeze(), p)


def score(s, p: int) -> int:
    """OC-H8: dollars + army points + 10 x castle points + controlled hexes."""
    if s.admins[p] is None:
        return s.money[p] // 100
    army = sum(c.points for c in s.chits if c.owner == p)
    castles = sum(c.points for c in s.castles if c.owner == p)
    return s.money[p] // 100 + army + 10 * castles + len(controlled_hexes(s, p))


# --- legality of the single actions (also used when orders execute) ------------------------------


def can_spelunk(s, p: int, h: int, need_command: bool, free_ok: bool) -> tuple[bool, int]:
    """(possible, cost) of a search of a Mountain (OC-8.2 / OC-Q39 / OC-Q43 / OC-Q78 / OC-Q84):
    the discoverer's free search (phase 6 only, `free_ok`) needs no command; others cost $4."""
    if s.terrain[h] != MOUNTAIN or cave_at(s, h) or h in s.spelunked:
        return False, 0
    if not controlled(s, p, h):
        return False, 0
    free = any(fp == p and fh == h and ft == s.turn for fp, fh, ft in s.free_spelunks)
    if free and free_ok:
        return True, 0
    if need_command and not in_command(s, p, h):
        return False, 0
    return s.money[p] >= SPELUNK_COST, SPELUNK_COST


def castle_site(s, h: int) -> bool:
    """OC-12.2 / OC-Q64: a Desert with a River next to it and Woods within two hexes."""
    b = board(s.radius)
    if s.terrain[h] != DESERT:
        return False
    if not any(s.terrain[n] == RIVER for n in b.around[h]):
        return False
    return any(s.terrain[n] == WOODS for n in b.within(h, 2))


def can_develop(s, p: int, h: int, need_command: bool) -> bool:
    """OC-12.3 / OC-Q66..Q69 / OC-Q86 / OC-Q31: a 6-point army, no enemies or natives, $10,
    one point a turn; a new castle needs a proper site."""
    if need_command and not in_command(s, p, h):
        return False
    if s.money[p] < CASTLE_POINT_COST or enemies_at(s, p, h) or natives_at(s, h):
        return False
    if s.rules.develop_requirement == "stack":
        if points_of(s, p, h) < CHIT_MAX:
            return False
    elif not any(c.points >= CHIT_MAX for c in chits_of(s, p, h)):
        return False
    key = h if s.rules.develop_limit == "per_castle" else -1 - p
    if key in s.developed:
        return False
    castle = castle_at(s, h)
    if castle is not None:
        return castle.owner == p and castle.points < CASTLE_MAX
    return castle_site(s, h)


def terrain_options(s, p: int, h: int, need_command: bool) -> list[str]:
    """OC-10 / OC-H7 / OC-Q58: changes of a controlled hex, one a turn; never Rivers, Mountains
    or castle hexes."""
    if h in s.changed_turn or not controlled(s, p, h) or castle_at(s, h) is not None:
        return []
    if need_command and not in_command(s, p, h):
        return []
    here = s.terrain[h]
    river_next = any(s.terrain[n] == RIVER for n in board(s.radius).around[h])
    out = []
    for action, (changes, cost, needs_river) in TERRAIN_CHANGES.items():
        if here in changes and (river_next or not needs_river) and s.money[p] >= cost:
            out.append(action)
    return out


# --- legal actions -------------------------------------------------------------------------------


def legal_actions(s) -> tuple:
    found = FOUND.get(s)
    if found is not None:
        return found
    if s.phase == OVER:
        return ()
    if s.casualties is not None:
        return casualty_actions(s)
    if s.phase == NATIVES_MOVE:
        return (("native", s.native_queue[0]),)
    p = acting(s)
    if p is None:
        return ()
    return (*PHASE_ACTIONS[s.phase](s, p), DONE)


def move_actions(s, p: int) -> list:
    """OC-5.1 / OC-Q18 / OC-Q19 / OC-Q20 / OC-Q21: chits with or next to the Administrator move
    one hex; an undiscovered hex costs $4 to the first who enters it this phase."""
    b = board(s.radius)
    a = s.admins[p]
    out = []
    for c in s.chits:
        if c.owner != p or c.moved or b.distance(c.hex, a) > 1:
            continue
        for d, n in enumerate(b.neighbours[c.hex]):
            if n < 0:
                continue
            if s.terrain[n] is None and (p, n) not in s.paid and s.money[p] < EXPLORE_COST:
                continue
            out.append(("move", c.id, d))
    return out


def order_actions(s, p: int) -> list:
    """OC-6.3 / OC-6.4 / OC-Q24..Q30 / OC-Q88: up to three orders to armies two or more hexes
    away (checked now and again when they execute), then the Administrator's steps."""
    b = board(s.radius)
    a = s.admins[p]
    sent = orders_this_turn(s, p)
    out = []
    if s.admin_steps == 0 and len(sent) < ORDERS_MAX:
        ordered = {o.hex for o in sent}
        for h in sorted({c.hex for c in s.chits if c.owner == p}):
            if h in ordered or b.distance(a, h) < 2:
                continue
            if s.rules.order_types == "all":
                for d, n in enumerate(b.neighbours[h]):
                    if n >= 0 and (s.terrain[n] is not None or s.money[p] >= EXPLORE_COST):
                        out.append(("order", h, "move", d))
            if can_spelunk(s, p, h, need_command=False, free_ok=False)[0]:
                out.append(("order", h, "spelunk", 0))
            if can_develop(s, p, h, need_command=False):
                out.append(("order", h, "develop", 0))
            out.extend(("order", h, "terrain", act) for act in terrain_options(s, p, h, False))
    allowance = ADMIN_STEPS - max(0, len(sent) - 1)
    if s.admin_steps < allowance:
        for d, n in enumerate(b.neighbours[a]):
            if n < 0 or s.terrain[n] is None:
                continue  # OC-6.2: never into an undiscovered hex
            if hostile_to(s, p, n) and not chits_of(s, p, n):
                continue  # OC-Q25
            out.append(("admin", d))
    return out


def spelunk_actions(s, p: int) -> list:
    out = []
    for h in sorted({c.hex for c in s.chits if c.owner == p}):
        if can_spelunk(s, p, h, need_command=True, free_ok=True)[0]:
            out.append(("spelunk", h))
        cave = cave_at(s, h)
        if (
            cave
            and cave[1] == "mine"
            and cave[2] < s.turn
            and h not in s.mined
            and controlled(s, p, h)
        ):
            out.append(("mine", h))
    return out


def terrain_actions(s, p: int) -> list:
    out = []
    for h in sorted({c.hex for c in s.chits if c.owner == p}):
        out.extend(("terrain", h, act) for act in terrain_options(s, p, h, need_command=True))
    return out


def train_actions(s, p: int) -> list:
    """OC-11 / OC-Q59..Q63 / OC-Q89: recruit and drill at own uncontested castles (at most
    `max_new_chits_per_castle` new chits a castle, OC-Q60); combine and split in any own hex,
    never a chit trained this phase (never at all with `allow_combine_split = never`)."""
    out = []
    for castle in s.castles:
        h = castle.hex
        if castle.owner != p or enemies_at(s, p, h) or natives_at(s, h):
            continue
        limit = min(CHIT_MAX, castle.points + 1)
        cap = s.rules.max_new_chits_per_castle  # OC-Q60 (0: no limit)
        raised = sum(1 for c in s.chits if c.fresh and c.hex == h and c.owner == p)
        for size in range(1, limit + 1):
            if s.money[p] >= recruit_cost(size) and not (cap and raised >= cap):
                out.append(("recruit", h, size))
        for c in chits_of(s, p, h):
            cost = 0 if c.fresh and c.points == 5 else TRAIN_POINT
            if c.points < limit and s.money[p] >= cost:
                out.append(("drill", c.id))
    if s.rules.allow_combine_split == "never":  # OC-Q63
        return out
    mine = sorted((c for c in s.chits if c.owner == p and not c.trained), key=lambda c: c.id)
    for i, a in enumerate(mine):
        for b in mine[i + 1 :]:
            if a.hex == b.hex and a.points + b.points <= CHIT_MAX:
                out.append(("combine", a.id, b.id))
        out.extend(("split", a.id, k) for k in range(1, a.points))
    return out


def develop_actions(s, p: int) -> list:
    return [
        ("develop", h)
        for h in sorted({c.hex for c in s.chits if c.owner == p})
        if can_develop(s, p, h, need_command=True)
    ]


def casualty_actions(s) -> tuple:
    k = s.casualties
    if k.loser == NATIVE_SIDE:
        return tuple(("hit", "native", n.id) for n in natives_at(s, k.hex))
    if k.hex == ANYWHERE:  # OC-Q96: a debt is paid in army points from any hex
        return tuple(("hit", "chit", c.id) for c in s.chits if c.owner == k.loser)
    out = [("hit", "chit", c.id) for c in chits_of(s, k.loser, k.hex)]
    castle = castle_at(s, k.hex)
    if castle is not None and castle.owner == k.loser:
        out.append(("hit", "castle", k.hex))
    return tuple(out)


PHASE_ACTIONS = {
    MOVE: move_actions,
    ORDERS: order_actions,
    SPELUNK: spelunk_actions,
    TERRAIN: terrain_actions,
    TRAIN: train_actions,
    DEVELOP: develop_actions,
}


def to_move(s) -> int | None:
    if s.phase == OVER:
        return None
    if s.casualties is not None:
        return s.casualties.chooser
    if s.phase == NATIVES_MOVE:
        return s.players
    return acting(s)


# --- setup ---------------------------------------------------------------------------------------


def new_game(rules: Rules, players: int, seed: int) -> CState:
    """OC-H1..H4 / OC-R1: a hexagonal board, every hex undiscovered but the start castles; each
    Administrator in a corner with a 1-point castle, chits of 4 and 2, and $20."""
    radius = rules.map_radius or DEFAULT_RADIUS[players]
    b = board(radius)
    corner_events, corners, dice = assign_corners(Dice(seed), players, radius)
    terrain: list[str | None] = [None] * b.size
    chits, castles, admins = [], [], []
    for p in range(players):
        h = b.corner(corners[p])
        terrain[h] = DESERT
        castles.append(Castle(h, p, START_CASTLE))
        admins.append(h)
        for points in START_CHITS:
            chits.append(Chit(len(chits), p, h, points))
    s = CState(
        rules=rules,
        dice=dice,
        players=players,
        radius=radius,
        turn=1,
        phase=INCOME,
        initiative=(),
        actor=0,
        terrain=tuple(terrain),
        chits=tuple(chits),
        natives=(),
        castles=tuple(sorted(castles, key=lambda c: c.hex)),
        admins=tuple(admins),
        money=(rules.start_money_cents,) * players,
        next_id=len(chits),
    )
    w = Work(s)
    w.record(E.SETUP, seats=tuple(range(players)), players=players, radius=radius, hexes=b.size)
    w.log.extend(corner_events)
    run(w)
    return w.freeze()


def assign_corners(dice, players: int, radius: int = 0):
    """OC-H3 / OC-Q93 / OC-Q94: seat by seat, a d6 picks one of the remaining corners (in OC-H2
    order), faces above their number rerolled; the last seat takes the last corner, no roll.
    (`radius`: the board's, for the corners' hexes; the player count's default without it.)"""
    b = board(radius or DEFAULT_RADIUS[players])
    remaining = list(CORNERS[players])
    events, corners = [], []
    for p in range(players):
        if len(remaining) == 1:
            corners.append(remaining.pop())
            at = (HEX[b.corner(corners[-1])],)
            events.append(
                event(E.CORNER_TAKEN, seats=(p,), places=at, radius=b.radius, corner=corners[-1])
            )
            continue
        while True:
            face, dice = dice.d6()
            if face <= len(remaining):
                break
            events.append(
                event(E.CORNER_DIE, seats=(p,), dice=(face,), remaining=len(remaining), corner=None)
            )
        corners.append(remaining.pop(face - 1))
        at = (HEX[b.corner(corners[-1])],)
        events.append(
            event(
                E.CORNER_DIE,
                seats=(p,),
                places=at,
                dice=(face,),
                radius=b.radius,
                remaining=len(remaining) + 1,
                corner=corners[-1],
            )
        )
    return events, corners, dice


# --- phase 1: income -----------------------------------------------------------------------------


def compute_income(w: Work) -> None:
    """OC-3.1..3.3 / OC-Q11..Q15 / OC-Q87: upkeep 25 cents a controlled hex; each controlled
    Farmland 1d6-2 dollars; each controlled castle point the castle rate. "Being changed" flags
    clear once every income is done."""
    for p in alive(w):
        hexes = controlled_hexes(w, p)
        upkeep = -UPKEEP * len(hexes)
        farms = 0
        for h in hexes:
            if w.terrain[h] == FARMLAND:
                face = w.roll()
                farms += 100 * (face - 2)
                w.record(
                    E.FARM_DIE,
                    seats=(p,),
                    places=(HEX[h],),
                    dice=(face,),
                    radius=w.radius,
                    earns=100 * (face - 2),
                )
        rate = w.rules.castle_income_cents
        castles = sum(rate * c.points for c in w.castles if c.owner == p and c.hex in hexes)
        change = upkeep + farms + castles
        w.money[p] += change
        w.record(
            E.INCOME,
            seats=(p,),
            turn=w.turn,
            cents=change,
            money=w.money[p],
            hexes=len(hexes),
            upkeep=upkeep,
            farms=farms,
            castles=castles,
        )
    w.changing = ()
    w.spelunked = w.mined = w.changed_turn = w.developed = ()
    w.phase = INITIATIVE


def disband_for_debt(w: Work) -> bool:
    """OC-Q10 / OC-Q96 (`bankruptcy = disband`): after income, a player below $0 pays the debt
    in army points, one for every started dollar, chosen from any of their chits; the treasury
    is then $0.00 (with too few points the rest is written off). Players in seat order; True
    when one had a debt (the casualties may wait for that player's choice)."""
    for p in alive(w):
        if w.money[p] >= 0:
            continue
        debt = -w.money[p]
        points = -(-debt // 100)
        army = sum(c.points for c in w.chits if c.owner == p)
        w.money[p] = 0
        owed = min(points, army)
        w.record(E.DEBT_DISBANDED, seats=(p,), debt=debt, points=owed, cents=debt)
        if owed:
            w.casualties = Casualties(p, p, ANYWHERE, owed, BANKRUPT)
        return True
    return False


# --- phase 2: initiative -------------------------------------------------------------------------


def roll_initiative(w: Work) -> None:
    """OC-4.1 / OC-Q16: one die each, highest first; tied players reroll among themselves."""
    w.initiative = tuple(_order(w, alive(w)))
    w.record(E.INITIATIVE, seats=w.initiative)
    start_sequential(w, MOVE)


def _order(w: Work, group: list[int]) -> list[int]:
    if len(group) <= 1:
        return group
    rolls = {}
    for p in group:
        rolls[p] = w.roll()
        w.record(E.INITIATIVE_DIE, seats=(p,), dice=(rolls[p],))
    order = []
    for face in sorted(set(rolls.values()), reverse=True):
        tied = [p for p in group if rolls[p] == face]
        order.extend(_order(w, tied))
    return order


def start_sequential(w: Work, phase: int) -> None:
    w.phase = phase
    w.actor = 0
    w.admin_steps = 0
    w.paid = ()
    if phase == MOVE:
        w.chits = [replace(c, moved=False) if c.moved else c for c in w.chits]


# --- phase 3: armies move and explore ------------------------------------------------------------


def move_chit(w: Work, chit_id: int, d: int) -> None:
    """OC-5.1..5.5: one hex; an undiscovered hex costs $4 (once a hex a phase) and is rolled."""
    p = acting(w)
    c = next(x for x in w.chits if x.id == chit_id)
    n = board(w.radius).neighbours[c.hex][d]
    w.chits = [replace(x, hex=n, moved=True) if x.id == chit_id else x for x in w.chits]
    w.record(
        E.ARMY_MOVED,
        seats=(p,),
        places=(HEX[c.hex], HEX[n]),
        radius=w.radius,
        chit=chit_id,
        points=c.points,
        direction=d,
    )
    if w.terrain[n] is None:
        explore(w, p, n, from_order=False)


def explore(w: Work, p: int, h: int, from_order: bool) -> None:
    """OC-5.3 / OC-5.4 / OC-Q20 / OC-H5 / OC-Q84: pay $4 (unless already paid this phase), roll
    the terrain; perhaps natives; a Mountain gives its discoverer a free search."""
    cost = 0
    if (p, h) not in w.paid:
        cost = EXPLORE_COST
        w.money[p] -= cost
        w.paid = (*w.paid, (p, h))
    face = w.roll()
    w.terrain[h] = DISCOVERY[face]
    at = (HEX[h],)
    w.record(
        E.DISCOVERY_DIE,
        seats=(p,),
        places=at,
        dice=(face,),
        radius=w.radius,
        terrain=DISCOVERY[face],
        cents=-cost,
    )
    if w.terrain[h] == MOUNTAIN:
        when = w.turn + 1 if from_order else w.turn
        w.free_spelunks = (*w.free_spelunks, (p, h, when))
    if w.rules.natives_on_discovery:
        chance = w.rules.natives_on_discovery_chance  # OC-Q22: how many faces bring natives
        face = w.roll()
        found = face > 6 - chance
        w.record(
            E.NATIVES_DIE,
            seats=(p,),
            places=at,
            dice=(face,),
            radius=w.radius,
            chance=chance,
            found=found,
        )
        if found:
            appear(w, h, points_of(w, p, h), False, p)


def appear(w: Work, h: int, army: int, lair: bool, p: int) -> None:
    """OC-8.6 / OC-Q44: natives as a fraction of the exploring army's points, rounded down
    (found on discovery, or in a natives' lair: `lair`)."""
    face = w.roll()
    strength = floor(NATIVE_FRACTION[face] * army)
    native = add_native(w, h, strength) if strength > 0 else None
    w.record(
        E.NATIVE_STRENGTH_DIE,
        seats=(p,),
        places=(HEX[h],),
        dice=(face,),
        radius=w.radius,
        army=army,
        strength=strength,
        native=native,
        lair=lair,
    )


def add_native(w: Work, h: int, strength: int) -> int:
    """A new native in `h`; its id."""
    native = w.next_id
    w.natives.append(Native(native, h, strength, strength))
    w.next_id += 1
    return native


# --- phase 4: orders and the Administrator -------------------------------------------------------


def send_order(w: Work, h: int, kind: str, arg) -> None:
    """OC-6.3 / OC-Q26 / OC-Q88: the order goes to the hex; a terrain order keeps the change it
    was sent for (action, from, to), which is checked again when it arrives."""
    p = acting(w)
    if kind == "terrain":
        before = w.terrain[h]
        arg = (arg, before, TERRAIN_CHANGES[arg][0][before])
    w.orders = (*w.orders, Order(p, w.turn, h, kind, arg))
    places = (HEX[h],)
    if kind == "move":
        n = board(w.radius).neighbours[h][arg]
        places = (HEX[h], HEX[n]) if n >= 0 else places
    w.record(E.ORDER_SENT, seats=(p,), places=places, radius=w.radius, order=kind, arg=arg)


def step_admin(w: Work, d: int) -> None:
    """OC-6.1 / OC-6.2 / OC-Q24 / OC-Q25: two hexes, one less per order past the first."""
    p = acting(w)
    here = w.admins[p]
    n = board(w.radius).neighbours[here][d]
    w.admins[p] = n
    w.admin_steps += 1
    w.record(E.ADMIN_MOVED, seats=(p,), places=(HEX[here], HEX[n]), radius=w.radius, direction=d)


# --- phase 5: natives ----------------------------------------------------------------------------


def start_natives(w: Work) -> None:
    """OC-7 / OC-Q35: every native in id order; one sharing a hex with an army or a castle
    stays (it never leaves a fight)."""
    w.phase = NATIVES_MOVE
    w.native_queue = tuple(n.id for n in sorted(w.natives, key=lambda n: n.id))
    skip_held_natives(w)


def skip_held_natives(w: Work) -> None:
    while w.native_queue:
        native = next(n for n in w.natives if n.id == w.native_queue[0])
        held = any(c.hex == native.hex for c in w.chits) or castle_at(w, native.hex) is not None
        if not held:
            return
        w.native_queue = w.native_queue[1:]
    start_sequential(w, SPELUNK)


def hunting_directions(s, native) -> tuple[int, ...]:
    """OC-Q83 `hunting`: the directions that bring the native one hex nearer the nearest player
    army (every direction when there is none)."""
    b = board(s.radius)
    armies = {c.hex for c in s.chits}
    if not armies:
        return tuple(range(6))
    nearest = min(b.distance(native.hex, h) for h in armies)
    ways = set()
    for h in armies:
        if b.distance(native.hex, h) == nearest:
            ways.update(b.step_towards(native.hex, h))
    return tuple(sorted(ways)) or tuple(range(6))


def move_native(w: Work, native_id: int) -> None:
    """OC-7.1 / OC-7.2 / OC-H2 / OC-Q83: the game's die picks the native's direction (by OC-H2);
    under `hunting` it picks among the ways toward the nearest army (OC-Q95: faces above their
    number rerolled; a single way needs no die). Off the map or into an undiscovered hex the
    native is destroyed."""
    native = next(n for n in w.natives if n.id == native_id)
    seats, here = (w.players,), (HEX[native.hex],)
    ways = tuple(range(6)) if w.rules.natives_policy == "random" else hunting_directions(w, native)
    if len(ways) == 1:
        d = ways[0]
        w.record(
            E.NATIVE_HUNTS,
            seats=seats,
            places=here,
            radius=w.radius,
            native=native_id,
            strength=native.strength,
            direction=d,
        )
    else:
        d = None
        while d is None:  # a face past the ways is rolled again (and told, as no direction)
            face = w.roll()
            d = ways[face - 1] if face <= len(ways) else None
            w.record(
                E.NATIVE_DIRECTION_DIE,
                seats=seats,
                places=here,
                dice=(face,),
                radius=w.radius,
                native=native_id,
                strength=native.strength,
                ways=ways,
                direction=d,
            )
    n = board(w.radius).neighbours[native.hex][d]
    if n < 0 or w.terrain[n] is None:
        w.natives = [x for x in w.natives if x.id != native_id]
        w.record(
            E.NATIVE_GONE,
            seats=seats,
            places=here if n < 0 else (*here, HEX[n]),
            radius=w.radius,
            native=native_id,
            strength=native.strength,
            direction=d,
            off_map=n < 0,
        )
    else:
        w.natives = [replace(x, hex=n) if x.id == native_id else x for x in w.natives]
        w.record(
            E.NATIVE_MOVED,
            seats=seats,
            places=(*here, HEX[n]),
            radius=w.radius,
            native=native_id,
            strength=native.strength,
            direction=d,
        )
    w.native_queue = w.native_queue[1:]
    skip_held_natives(w)


# --- phase 6: spelunking and mining --------------------------------------------------------------


def spelunk(w: Work, p: int, h: int, cost: int, order: bool = False) -> None:
    """OC-8.2 / OC-8.3 / OC-Q39 / OC-Q40 / OC-Q43 / OC-H6: a 6 finds a cave; then its contents."""
    w.money[p] -= cost
    w.spelunked = (*w.spelunked, h)
    w.free_spelunks = tuple(f for f in w.free_spelunks if not (f[0] == p and f[1] == h))
    seats, at = (p,), (HEX[h],)
    face = w.roll()
    w.record(
        E.SPELUNK_DIE,
        seats=seats,
        places=at,
        dice=(face,),
        radius=w.radius,
        found=face == 6,
        cents=-cost,
        order=order,
    )
    if face != 6:
        return
    face = w.roll()
    kind = cave_table(w.rules.cave_table)[face]
    w.record(
        E.CAVE_DIE,
        seats=seats,
        places=at,
        dice=(face,),
        radius=w.radius,
        cave=kind,
        table=w.rules.cave_table,
    )
    if kind == "mine":
        w.caves = (*w.caves, (h, "mine", w.turn))
        return
    w.caves = (*w.caves, (h, "empty", w.turn))
    if kind == "dungeon":
        first, second = w.roll(), w.roll()
        dice = (first, second)
        treasure = strength = 0
        native = None
        if first <= 3:
            treasure = 100 * second
            w.money[p] += treasure
        else:
            strength, dice = two_to_twelve(w, dice)
            native = add_native(w, h, strength)
        w.record(
            E.DUNGEON_DIE,
            seats=seats,
            places=at,
            dice=dice,
            radius=w.radius,
            cents=treasure,
            strength=strength,
            native=native,
        )
    else:
        appear(w, h, points_of(w, p, h), True, p)


def two_to_twelve(w: Work, dice: tuple[int, int]) -> tuple[int, tuple[int, ...]]:
    """OC-Q42: "$2-$12" / "strength 2-12" is twice the second die, or (option `2d6`) the second
    die plus a third one. Returns the amount and every die rolled, for the log."""
    if w.rules.two_to_twelve == "2d6":
        third = w.roll()
        return dice[1] + third, (*dice, third)
    return 2 * dice[1], dice


def mine(w: Work, p: int, h: int) -> None:
    """OC-8.4 / OC-Q41 / OC-Q85: a worked Mine rolls twice: 1 a cave-in of the second die in army
    points; 2-5 that many dollars; 6 twice that (two to twelve: OC-Q42)."""
    w.mined = (*w.mined, h)
    first, second = w.roll(), w.roll()
    dice = (first, second)
    cents = cave_in = 0
    if first == 1:
        cave_in = second
    elif first <= 5:
        cents = 100 * second
    else:
        amount, dice = two_to_twelve(w, dice)
        cents = 100 * amount
    w.money[p] += cents
    w.record(
        E.MINING_DIE,
        seats=(p,),
        places=(HEX[h],),
        dice=dice,
        radius=w.radius,
        cents=cents,
        cave_in=cave_in,
    )
    if first == 1:
        w.casualties = Casualties(p, p, h, second, CAVE_IN)


# --- phase 7: combat -----------------------------------------------------------------------------


def start_combat(w: Work) -> None:
    """OC-9 / OC-Q52: every hex with two or more hostile sides, in hex order: first each player
    against the natives (initiative order), then the players pair by pair."""
    w.phase = COMBAT
    battles = []
    order = list(w.initiative)
    for h in sorted(
        {c.hex for c in w.chits} | {c.hex for c in w.castles} | {n.hex for n in w.natives}
    ):
        present = [p for p in order if chits_of(w, p, h) or _owns_castle(w, p, h)]
        if natives_at(w, h):
            battles.extend((h, p, NATIVE_SIDE) for p in present)
        for i, a in enumerate(present):
            battles.extend((h, a, b) for b in present[i + 1 :])
    w.battles = tuple(battles)


def _owns_castle(s, p: int, h: int) -> bool:
    castle = castle_at(s, h)
    return castle is not None and castle.owner == p


def strength(s, side: int, h: int) -> int:
    """OC-9.1 / OC-9.3 / OC-Q48 / OC-Q50: all the side's points in the hex, castle included."""
    if side == NATIVE_SIDE:
        return sum(n.strength for n in natives_at(s, h))
    castle = castle_at(s, h)
    own_castle = castle.points if castle is not None and castle.owner == side else 0
    return points_of(s, side, h) + own_castle


def run_battles(w: Work) -> None:
    while w.battles and w.casualties is None:
        (h, a, b), w.battles = w.battles[0], w.battles[1:]
        if strength(w, a, h) > 0 and strength(w, b, h) > 0:
            battle(w, h, a, b)
            settle_casualties(w)
    if w.casualties is None and not w.battles:
        end_of_combat(w)


def battle(w: Work, h: int, a: int, b: int) -> None:
    """OC-9.1 / OC-9.4 / OC-Q46 / OC-Q47: a die each plus strength; the loser loses points."""
    sa, sb = strength(w, a, h), strength(w, b, h)
    da, db = w.roll(), w.roll()
    at = (HEX[h],)
    seats = (w.players if a == NATIVE_SIDE else a, w.players if b == NATIVE_SIDE else b)
    ta, tb = sa + da, sb + db
    for side, seat, die, power in ((a, seats[0], da, sa), (b, seats[1], db, sb)):
        w.record(
            E.BATTLE_DIE,
            seats=(seat,),
            places=at,
            dice=(die,),
            radius=w.radius,
            side=side,
            strength=power,
            total=power + die,
        )
    winner = loser = None  # a tie: nobody loses anything
    losses = 0
    if ta != tb:
        if ta > tb:
            winner, loser, wd, ld, wt, lt = a, b, da, db, ta, tb
        else:
            winner, loser, wd, ld, wt, lt = b, a, db, da, tb, ta
        rule = w.rules.casualties
        if rule == "dice_diff_min1":
            losses = max(1, wd - ld)
        elif rule == "dice_abs":
            losses = abs(wd - ld)
        elif rule == "dice_diff_or_zero":
            losses = max(0, wd - ld)
        else:
            losses = wt - lt
    w.record(
        E.BATTLE,
        seats=seats,
        places=at,
        radius=w.radius,
        sides=(a, b),
        strengths=(sa, sb),
        totals=(ta, tb),
        winner=winner,
        loser=loser,
        losses=(losses, 0) if loser == a else (0, losses),
    )
    if losses > 0:
        chooser = loser if loser != NATIVE_SIDE else winner
        w.casualties = Casualties(chooser, loser, h, losses, winner)


def settle_casualties(w: Work) -> None:
    """Take the points at once where there is nothing to choose: one target, or everything."""
    while w.casualties is not None:
        k = w.casualties
        targets = casualty_actions(w)
        if k.loser == NATIVE_SIDE:
            available = sum(n.strength for n in natives_at(w, k.hex))
        elif k.hex == ANYWHERE:
            available = sum(c.points for c in w.chits if c.owner == k.loser)
        else:
            available = strength(w, k.loser, k.hex)
        if k.points <= 0 or not targets:
            w.casualties = None
            return
        if len(targets) == 1 or k.points >= available:
            take_hit(w, targets[0])
            continue
        return


def take_hit(w: Work, target: tuple) -> None:
    """One point off a chit, a castle or a native (OC-Q50 / OC-Q55 / OC-H9)."""
    k = w.casualties
    _, kind, ident = target
    cause = CAUSES.get(k.winner, BATTLE_LOSS)
    if kind == "chit":
        chit = next(c for c in w.chits if c.id == ident)
        at = (HEX[chit.hex],)
        if chit.points <= 1:
            w.chits = [c for c in w.chits if c.id != ident]
            w.record(
                E.ARMY_LOST,
                seats=(chit.owner,),
                places=at,
                radius=w.radius,
                chit=ident,
                cause=cause,
            )
        else:
            w.chits = [replace(c, points=c.points - 1) if c.id == ident else c for c in w.chits]
            w.record(
                E.ARMY_REDUCED,
                seats=(chit.owner,),
                places=at,
                radius=w.radius,
                chit=ident,
                before=chit.points,
                after=chit.points - 1,
                cause=cause,
            )
    elif kind == "castle":
        castle = castle_at(w, ident)
        at = (HEX[ident],)
        if castle.points <= 1:
            if w.rules.castle_capture == "capture" and k.winner >= 0:
                w.castles = [Castle(c.hex, k.winner, 1) if c.hex == ident else c for c in w.castles]
                w.record(
                    E.CASTLE_TAKEN,
                    seats=(k.winner, castle.owner),
                    places=at,
                    radius=w.radius,
                    before=castle.owner,
                    owner=k.winner,
                )
            else:
                w.castles = [c for c in w.castles if c.hex != ident]
                by = w.players if k.winner == NATIVE_SIDE else k.winner
                w.record(
                    E.CASTLE_DESTROYED,
                    seats=(castle.owner, by) if by >= 0 else (castle.owner,),
                    places=at,
                    radius=w.radius,
                    cause=cause,
                )
        else:
            w.castles = [
                replace(c, points=c.points - 1) if c.hex == ident else c for c in w.castles
            ]
            w.record(
                E.CASTLE_REDUCED,
                seats=(castle.owner,),
                places=at,
                radius=w.radius,
                before=castle.points,
                after=castle.points - 1,
                cause=cause,
            )
    else:
        native = next(n for n in w.natives if n.id == ident)
        at = (HEX[native.hex],)
        if native.strength <= 1:
            w.natives = [n for n in w.natives if n.id != ident]
            loot = 0
            if w.rules.native_loot and k.winner >= 0:
                loot = 100 * native.loot
                w.money[k.winner] += loot
            w.record(
                E.NATIVE_DESTROYED,
                seats=(k.winner, w.players) if k.winner >= 0 else (w.players,),
                places=at,
                radius=w.radius,
                native=ident,
                cents=loot,
            )
        else:
            w.natives = [
                replace(n, strength=n.strength - 1) if n.id == ident else n for n in w.natives
            ]
            w.record(
                E.NATIVE_REDUCED,
                seats=(w.players,),
                places=at,
                radius=w.radius,
                native=ident,
                before=native.strength,
                after=native.strength - 1,
            )
    left = k.points - 1
    w.casualties = Casualties(k.chooser, k.loser, k.hex, left, k.winner) if left > 0 else None


def end_of_combat(w: Work) -> None:
    """OC-H8 / OC-Q71 / OC-Q72 / OC-Q90 / OC-Q91: a lone Administrator among enemy armies or
    natives is captured and the player eliminated; the last Administrator wins."""
    captured = []
    for p in alive(w):
        h = w.admins[p]
        threat = any(c.hex == h and c.owner != p for c in w.chits) or natives_at(w, h)
        if threat and not chits_of(w, p, h) and not _owns_castle(w, p, h):
            captured.append(p)
    for p in captured:  # all told before any is removed: they fall at the same time
        h = w.admins[p]
        by = tuple(sorted({c.owner for c in w.chits if c.hex == h and c.owner != p}))
        natives = bool(natives_at(w, h))
        pieces = {c.hex for c in w.chits if c.owner == p} | {
            c.hex for c in w.castles if c.owner == p
        }
        w.record(
            E.ADMIN_CAPTURED,
            seats=(p, *by, w.players) if natives else (p, *by),
            places=(HEX[h], *(HEX[x] for x in sorted(pieces - {h}))),  # and where they fall
            radius=w.radius,
            by=by,
            natives=natives,
            armies=sum(c.points for c in w.chits if c.owner == p),
            castles=sum(c.points for c in w.castles if c.owner == p),
        )
    for p in captured:
        w.admins[p] = None
        w.chits = [c for c in w.chits if c.owner != p]
        w.castles = [c for c in w.castles if c.owner != p]
        w.orders = tuple(o for o in w.orders if o.player != p)
    left = alive(w)
    if not left:
        finish(w, (), NONE_LEFT)
        return
    if len(left) == 1 and w.rules.victory_mode == "conquest_or_limit":
        finish(w, (left[0],), LAST_STANDING)
        return
    w.initiative = tuple(p for p in w.initiative if w.admins[p] is not None)
    start_sequential(w, TERRAIN)


# --- phase 8: terrain ----------------------------------------------------------------------------


def change_terrain(w: Work, p: int, h: int, action: str, order: bool = False) -> None:
    """OC-10.1..10.3 / OC-H7: the change applies at once; the hex is "being changed" (not
    controlled) until the next income; one change a hex a turn."""
    changes, cost, _ = TERRAIN_CHANGES[action]
    before = w.terrain[h]
    w.terrain[h] = changes[before]
    w.money[p] -= cost
    w.changing = (*w.changing, h)
    w.changed_turn = (*w.changed_turn, h)
    w.record(
        E.TERRAIN_CHANGED,
        seats=(p,),
        places=(HEX[h],),
        radius=w.radius,
        action=action,
        before=before,
        after=w.terrain[h],
        cents=-cost,
        order=order,
    )


# --- phase 9: training ---------------------------------------------------------------------------


def recruit(w: Work, h: int, size: int) -> None:
    """OC-11.1 / OC-11.2 / OC-T4: a new chit up to castle + 1 points: $2 + $1 a point to 5."""
    p = acting(w)
    cost = recruit_cost(size)
    w.money[p] -= cost
    w.chits.append(Chit(w.next_id, p, h, size, fresh=True, trained=True))
    w.record(
        E.ARMY_RAISED,
        seats=(p,),
        places=(HEX[h],),
        radius=w.radius,
        chit=w.next_id,
        points=size,
        cents=-cost,
    )
    w.next_id += 1


def drill(w: Work, chit_id: int) -> None:
    """OC-11.3 / OC-Q61 / OC-Q62: $1 a point, up to castle + 1 (a new chit's 6th point free)."""
    p = acting(w)
    c = next(x for x in w.chits if x.id == chit_id)
    cost = 0 if c.fresh and c.points == 5 else TRAIN_POINT
    w.money[p] -= cost
    w.chits = [
        replace(x, points=x.points + 1, trained=True) if x.id == chit_id else x for x in w.chits
    ]
    w.record(
        E.ARMY_TRAINED,
        seats=(p,),
        places=(HEX[c.hex],),
        radius=w.radius,
        chit=chit_id,
        before=c.points,
        after=c.points + 1,
        cents=-cost,
    )


def combine(w: Work, a: int, b: int) -> None:
    """OC-11.4 / OC-Q63 / OC-Q89: two chits in a hex become one (it keeps the lower id)."""
    first = next(x for x in w.chits if x.id == a)
    second = next(x for x in w.chits if x.id == b)
    w.chits = [
        replace(x, points=first.points + second.points) if x.id == a else x
        for x in w.chits
        if x.id != b
    ]
    w.record(
        E.ARMIES_COMBINED,
        seats=(first.owner,),
        places=(HEX[first.hex],),
        radius=w.radius,
        chits=(a, b),
        points=(first.points, second.points),
        after=first.points + second.points,
    )


def split(w: Work, chit_id: int, k: int) -> None:
    """OC-11.4 / OC-Q89: a chit splits off a new chit of k points."""
    c = next(x for x in w.chits if x.id == chit_id)
    w.chits = [replace(x, points=x.points - k) if x.id == chit_id else x for x in w.chits]
    w.chits.append(Chit(w.next_id, c.owner, c.hex, k))
    w.record(
        E.ARMY_SPLIT,
        seats=(c.owner,),
        places=(HEX[c.hex],),
        radius=w.radius,
        chit=chit_id,
        new=w.next_id,
        before=c.points,
        points=(c.points - k, k),
    )
    w.next_id += 1


# --- phase 10: castles ---------------------------------------------------------------------------


def develop(w: Work, p: int, h: int, order: bool = False) -> None:
    """OC-12.1..12.3: $10 a point, at most 5; a new castle needs a proper site."""
    w.money[p] -= CASTLE_POINT_COST
    castle = castle_at(w, h)
    at = (HEX[h],)
    if castle is None:
        w.castles.append(Castle(h, p, 1))
        built = event(
            E.CASTLE_FOUNDED,
            seats=(p,),
            places=at,
            radius=w.radius,
            cents=-CASTLE_POINT_COST,
            order=order,
        )
    else:
        w.castles = [replace(c, points=c.points + 1) if c.hex == h else c for c in w.castles]
        built = event(
            E.CASTLE_BUILT,
            seats=(p,),
            places=at,
            radius=w.radius,
            before=castle.points,
            after=castle.points + 1,
            cents=-CASTLE_POINT_COST,
            order=order,
        )
    key = h if w.rules.develop_limit == "per_castle" else -1 - p
    w.developed = (*w.developed, key)
    if not w.quiet:
        w.log.append(built)


# --- phase 11: orders ----------------------------------------------------------------------------


def resolve_orders(w: Work) -> None:
    """OC-13 / OC-6.5 / OC-Q29 / OC-Q31 / OC-Q79 / OC-Q88: each player's orders from last turn,
    in initiative and issue order; an order that is no longer legal or affordable is skipped."""
    due = [o for o in w.orders if o.turn == w.turn - 1]
    w.orders = tuple(o for o in w.orders if o.turn >= w.turn)
    for p in w.initiative:
        for order in (o for o in due if o.player == p):
            if w.admins[p] is None:
                continue
            execute(w, order)
    end_turn(w)


def execute(w: Work, o: Order) -> None:
    p, h = o.player, o.hex
    if not chits_of(w, p, h):
        skip_order(w, o, NO_ARMY)
        return
    if o.kind == "move":
        n = board(w.radius).neighbours[h][o.arg]
        if n < 0:
            skip_order(w, o, OFF_MAP)
            return
        if w.terrain[n] is None and w.money[p] < EXPLORE_COST:
            skip_order(w, o, NO_MONEY)
            return
        moving = [c.id for c in chits_of(w, p, h)]
        w.chits = [replace(c, hex=n) if c.id in moving else c for c in w.chits]
        w.record(
            E.ORDER_CARRIED_OUT,
            seats=(p,),
            places=(HEX[h], HEX[n]),
            radius=w.radius,
            order=o.kind,
            arg=o.arg,
            chits=tuple(moving),
        )
        if w.terrain[n] is None:
            explore(w, p, n, from_order=True)
    elif o.kind == "spelunk":
        ok, cost = can_spelunk(w, p, h, need_command=False, free_ok=False)
        if not ok:
            skip_order(w, o, IMPOSSIBLE)
            return
        spelunk(w, p, h, cost, order=True)
    elif o.kind == "develop":
        if not can_develop(w, p, h, need_command=False):
            skip_order(w, o, IMPOSSIBLE)
            return
        develop(w, p, h, order=True)
    elif o.kind == "terrain":
        action, before, _ = o.arg
        if w.terrain[h] != before:
            skip_order(w, o, TERRAIN_DIFFERS)
            return
        if action not in terrain_options(w, p, h, need_command=False):
            skip_order(w, o, IMPOSSIBLE)
            return
        change_terrain(w, p, h, action, order=True)


def skip_order(w: Work, o: Order, reason: str) -> None:
    """OC-Q29 / OC-Q88: an order that is no longer possible is skipped, with its reason."""
    w.record(
        E.ORDER_SKIPPED,
        seats=(o.player,),
        places=(HEX[o.hex],),
        radius=w.radius,
        order=o.kind,
        arg=o.arg,
        reason=reason,
        now=w.terrain[o.hex],
    )


def end_turn(w: Work) -> None:
    """OC-H8 / OC-Q92: the turn limit ends the game; the best score of a live player wins (ties
    shared)."""
    if w.turn >= w.rules.turn_limit:
        scores = [score(w, p) for p in range(w.players)]
        # OC-Q92: only live players compete for the best score (everyone under score_only)
        eligible = [
            p
            for p in range(w.players)
            if w.admins[p] is not None or w.rules.victory_mode == "score_only"
        ]
        best = max((scores[p] for p in eligible), default=None)
        winners = tuple(p for p in eligible if scores[p] == best)
        w.scores_final = tuple(scores)
        finish(w, winners, TURN_LIMIT)
        return
    w.turn += 1
    w.phase = INCOME


def finish(w: Work, winners: tuple[int, ...], why: str) -> None:
    """OC-H8 / OC-14.1 / OC-Q91 / OC-Q92: the game is over (`why`: LAST_STANDING, NONE_LEFT or
    TURN_LIMIT)."""
    w.phase = OVER
    w.result = winners
    w.battles = ()
    w.casualties = None
    if not w.scores_final:
        w.scores_final = tuple(score(w, p) for p in range(w.players))
    w.end_reason = end_reason(why, winners, w.turn, w.scores_final)
    w.record(
        E.GAME_OVER,
        seats=winners,
        why=why,
        winners=winners,
        scores=w.scores_final,
        turn=w.turn,
    )


# --- the driver ----------------------------------------------------------------------------------


def next_actor(w: Work) -> None:
    """The acting player is done: the next in initiative order, or the next phase."""
    w.actor += 1
    w.admin_steps = 0
    w.paid = ()


def finish_sequential(w: Work) -> None:
    phase = w.phase
    if phase == MOVE:
        start_sequential(w, ORDERS)
    elif phase == ORDERS:
        start_natives(w)
    elif phase == SPELUNK:
        w.free_spelunks = tuple(f for f in w.free_spelunks if f[2] > w.turn)
        start_combat(w)
    elif phase == TERRAIN:
        start_sequential(w, TRAIN)
    elif phase == TRAIN:
        w.chits = [
            replace(c, fresh=False, trained=False) if c.fresh or c.trained else c for c in w.chits
        ]
        start_sequential(w, DEVELOP)
    elif phase == DEVELOP:
        w.phase = RESOLVE


def run(w: Work) -> None:
    """Run automatic phases until someone must decide or the game is over."""
    while True:
        if w.phase == OVER:
            return
        if w.casualties is not None:
            settle_casualties(w)
            if w.casualties is not None:
                return
            if w.phase == COMBAT:
                run_battles(w)
            continue
        phase = w.phase
        if phase == INCOME:
            compute_income(w)
        elif phase == INITIATIVE:
            if w.rules.bankruptcy == "disband" and disband_for_debt(w):
                continue
            roll_initiative(w)
        elif phase == COMBAT:
            run_battles(w)
            if w.casualties is not None:
                return
        elif phase == RESOLVE:
            resolve_orders(w)
        elif phase == NATIVES_MOVE:
            if w.native_queue:
                return
            start_sequential(w, SPELUNK)
        elif phase in SEQUENTIAL:
            if w.actor >= len(w.initiative):
                finish_sequential(w)
                continue
            p = w.initiative[w.actor]
            if w.admins[p] is not None:
                actions = PHASE_ACTIONS[phase](w, p)
                if actions:
                    w.ready = (*actions, DONE)
                    return
            next_actor(w)


# The actions whose effect on the board is sure (no die), by verb: `play` carries them out, and
# `income_forecast_after` foresees the income after them from the same steps.
SURE_EFFECTS = {
    "terrain": lambda w, a: change_terrain(w, acting(w), a[1], a[2]),
    "recruit": lambda w, a: recruit(w, a[1], a[2]),
    "drill": lambda w, a: drill(w, a[1]),
    "combine": lambda w, a: combine(w, a[1], a[2]),
    "split": lambda w, a: split(w, a[1], a[2]),
    "develop": lambda w, a: develop(w, acting(w), a[1]),
}


def play(s: CState, action: tuple, quiet: bool = False) -> CState:
    """Apply one already-checked action and run the game on to the next decision; `quiet`:
    record no events (a search's worlds)."""
    w = Work(s, quiet)
    verb = action[0]
    if verb == "done":
        next_actor(w)
    elif verb == "move":
        move_chit(w, action[1], action[2])
    elif verb == "order":
        send_order(w, action[1], action[2], action[3])
    elif verb == "admin":
        step_admin(w, action[1])
    elif verb == "native":
        move_native(w, action[1])
    elif verb == "spelunk":
        p = acting(w)
        spelunk(w, p, action[1], can_spelunk(s, p, action[1], True, free_ok=True)[1])
    elif verb == "mine":
        mine(w, acting(w), action[1])
    elif verb == "hit":
        take_hit(w, action)
    elif verb in SURE_EFFECTS:
        SURE_EFFECTS[verb](w, action)
    else:
        raise AssertionError(f"unknown verb {verb}")
    run(w)
    after = w.freeze()
    if w.ready is not None:
        FOUND.keep(after, w.ready)
    return after


FOUND = Found()


def apply(s: CState, action: tuple) -> CState:
    if s.phase == OVER:
        raise IllegalAction("the game is over")
    if action not in legal_actions(s):
        raise IllegalAction(why_illegal(s, action))
    return play(s, action)


def why_illegal(s, action) -> str:
    verb = action[0] if action else None
    if verb == "admin" and s.phase == ORDERS:
        return (
            "the Administrator cannot go there (undiscovered, hostile, off the map, or no "
            "movement left)"
        )
    if verb == "order" and s.phase == ORDERS:
        return (
            "that order cannot be sent (three already, the army is within one hex of the "
            "Administrator, one order a hex, or the command is not possible)"
        )
    if verb == "move" and s.phase == MOVE:
        return "that army cannot move there (too far from the Administrator, moved, or no money)"
    if verb in ("recruit", "drill") and s.phase == TRAIN:
        return "not affordable, or beyond the castle's limit"
    return f"{action!r} is not a legal action now"
