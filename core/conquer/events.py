"""What Objective: Conquer reports, as data, and the one place it is put into words.

Each fact the rules establish is an `Event` (core/engine.py) of a `ConquerEvent` kind:
`seats` are the seats it concerns, the acting one first (the natives' seat is the number after
the players'); `places` are hexes as `("hex", h)` with the board's hex index (the references the
screen and its hex map light); its values are plain numbers and ids. Conventions:

* `radius`: the board's radius, on every event that names a hex (the narrator labels hexes
  "(q,r)" with it).
* `cents`: on every event that changes a treasury, the change to the first seat's money in cents
  (negative for a cost); the kind is the cause.
* a side of a battle (`side`, `sides`, `winner`, `loser`) is a seat, or `NATIVE_SIDE` (-1) for
  the natives, as in the rules' `Casualties`.
* `order`: True on a search, a castle point or a terrain change that an order carried out.

`narrate` below words every kind: a die's (purpose, against, result), or a sentence. Nothing
else in the program words these facts, and nothing outside core/ reads meaning from the words.
"""

from __future__ import annotations

from enum import unique

from core.conquer.hexes import DIRECTION_NAMES, board
from core.conquer.state import NATIVE_SIDE
from core.conquer.tables import CAVE_NAMES, DISCOVERY, FRACTION_TEXT, cave_table_text, dollars
from core.engine import Event, EventKind, Words, narrator

HEX = tuple(("hex", h) for h in range(3 * 40 * 41 + 1))  # ("hex", h): every hex to radius 40


@unique
class ConquerEvent(EventKind):
    # set-up (OC-H3, OC-Q93, OC-Q94)
    SETUP = "setup"  # seats: every player; players, radius, hexes
    CORNER_DIE = "corner_die"  # remaining (corners to roll for), corner (a direction or None)
    CORNER_TAKEN = "corner_taken"  # the last seat takes the last corner: corner
    # phase 1: income (OC-3, OC-Q10, OC-Q96)
    FARM_DIE = "farm_die"  # a Farmland's die: earns (cents; the turn's INCOME counts them)
    INCOME = "income"  # turn, cents, money (after), hexes, upkeep, farms, castles (cents)
    DEBT_DISBANDED = "debt_disbanded"  # debt (cents), points (to disband), cents
    # phase 2: initiative (OC-4)
    INITIATIVE_DIE = "initiative_die"
    INITIATIVE = "initiative"  # seats: the acting order
    # phase 3: armies move and explore (OC-5, OC-H5)
    ARMY_MOVED = "army_moved"  # places: from, to; chit, points, direction
    DISCOVERY_DIE = "discovery_die"  # terrain, cents (the $4, or 0 when already paid)
    NATIVES_DIE = "natives_die"  # chance (faces that bring natives), found
    NATIVE_STRENGTH_DIE = "native_strength_die"  # army, strength, native (id or None), lair
    # phase 4: orders and the Administrator (OC-6)
    ORDER_SENT = "order_sent"  # order ("move", "spelunk", "develop", "terrain"), arg
    ADMIN_MOVED = "admin_moved"  # places: from, to; direction
    # phase 5: natives (OC-7, OC-Q83, OC-Q95)
    NATIVE_DIRECTION_DIE = "native_direction_die"  # native, strength, ways, direction or None
    NATIVE_HUNTS = "native_hunts"  # one way toward the nearest army, no die: native, direction
    NATIVE_MOVED = "native_moved"  # places: from, to; native, strength, direction
    NATIVE_GONE = "native_gone"  # off the map or into the unknown: native, direction, off_map
    # phase 6: spelunking and mining (OC-8)
    SPELUNK_DIE = "spelunk_die"  # found, cents, order
    CAVE_DIE = "cave_die"  # cave ("mine", "dungeon", "lair"), table
    DUNGEON_DIE = "dungeon_die"  # cents (treasure), strength (a native), native
    MINING_DIE = "mining_die"  # cents, cave_in (army points to lose)
    # phase 7: combat (OC-9, OC-H8, OC-H9)
    BATTLE_DIE = "battle_die"  # side, strength, total
    BATTLE = "battle"  # sides, strengths, totals, winner, loser (None: a tie), losses per side
    ARMY_REDUCED = "army_reduced"  # a loss on a chit: chit, before, after, cause
    ARMY_LOST = "army_lost"  # a chit's last point: chit, cause
    CASTLE_REDUCED = "castle_reduced"  # before, after, cause
    CASTLE_TAKEN = "castle_taken"  # seats: winner, former owner (OC-Q50 `capture`)
    CASTLE_DESTROYED = "castle_destroyed"  # seats: owner, then who beat it
    NATIVE_REDUCED = "native_reduced"  # native, before, after
    NATIVE_DESTROYED = "native_destroyed"  # seats: winner, natives; native, cents (loot)
    ADMIN_CAPTURED = "admin_captured"  # seats: the captured, then the captors; places: where,
    #   then every hex of the armies and castles lost with the player; by, natives, armies and
    #   castles (points lost with the player)
    # phase 8: terrain (OC-10)
    TERRAIN_CHANGED = "terrain_changed"  # action, before, after, cents, order
    # phase 9: training (OC-11)
    ARMY_RAISED = "army_raised"  # chit, points, cents
    ARMY_TRAINED = "army_trained"  # chit, before, after, cents
    ARMIES_COMBINED = "armies_combined"  # chits (kept, merged), points (each), after
    ARMY_SPLIT = "army_split"  # chit, new (chit), before, points (left, split off)
    # phase 10: castles (OC-12)
    CASTLE_FOUNDED = "castle_founded"  # cents, order
    CASTLE_BUILT = "castle_built"  # before, after, cents, order
    # phase 11: orders (OC-13)
    ORDER_CARRIED_OUT = "order_carried_out"  # a move order: places from, to; order, arg, chits
    ORDER_SKIPPED = "order_skipped"  # order, arg, reason, now (the terrain found)
    # the end (OC-H8, OC-14, OC-Q91, OC-Q92)
    GAME_OVER = "game_over"  # seats: winners; why, winners, scores, turn


DIES = frozenset(
    (
        ConquerEvent.CORNER_DIE,
        ConquerEvent.FARM_DIE,
        ConquerEvent.INITIATIVE_DIE,
        ConquerEvent.DISCOVERY_DIE,
        ConquerEvent.NATIVES_DIE,
        ConquerEvent.NATIVE_STRENGTH_DIE,
        ConquerEvent.NATIVE_DIRECTION_DIE,
        ConquerEvent.SPELUNK_DIE,
        ConquerEvent.CAVE_DIE,
        ConquerEvent.DUNGEON_DIE,
        ConquerEvent.MINING_DIE,
        ConquerEvent.BATTLE_DIE,
    )
)

# why a game ended (GAME_OVER's `why`)
LAST_STANDING, NONE_LEFT, TURN_LIMIT = "last_standing", "none_left", "turn_limit"

# why an order was skipped (ORDER_SKIPPED's `reason`)
NO_ARMY, OFF_MAP, NO_MONEY, IMPOSSIBLE, TERRAIN_DIFFERS = (
    "no_army",
    "off_map",
    "no_money",
    "impossible",
    "terrain_differs",
)

# why a loss was taken (ARMY_REDUCED, ARMY_LOST, CASTLE_REDUCED `cause`)
BATTLE_LOSS, CAVE_IN_LOSS, DEBT_LOSS = "battle", "cave_in", "debt"


# --- words ---------------------------------------------------------------------------------------


def player_name(p: int) -> str:
    return f"Administrator {p + 1}"


def side_name(side: int) -> str:
    return "the natives" if side == NATIVE_SIDE else player_name(side)


def order_text(kind: str, arg) -> str:
    """An order as the log and the picker say it: "move NE", "defoliate (Woods -> Meadow)"."""
    if kind == "move":
        return f"move {DIRECTION_NAMES[arg]}"
    if kind == "terrain":
        if isinstance(arg, tuple):
            action, before, after = arg
            return f"{action} ({before} -> {after})"
        return str(arg)
    return kind


def end_reason(why: str, winners: tuple[int, ...], turn: int, scores: tuple[int, ...]) -> str:
    """Why the game ended, as the outcome's sentence and the last event say it."""
    if why == LAST_STANDING:
        return f"{player_name(winners[0])} is the last Administrator standing"
    if why == NONE_LEFT:
        return "every Administrator was captured"
    return f"turn {turn} is over; scores " + ", ".join(
        f"{player_name(p)} {points}" for p, points in enumerate(scores)
    )


DISCOVERY_TEXT = ", ".join(f"{face} {name}" for face, name in DISCOVERY.items())
SIX_WAYS = ", ".join(f"{i + 1} {name}" for i, name in enumerate(DIRECTION_NAMES))


def _at(e: Event, i: int = 0) -> str:
    """The "(q,r)" label of the event's i-th place."""
    return board(e["radius"]).label(e.places[i][1])


def _native(e: Event) -> str:
    return f"Native #{e['native']} (strength {e['strength']})"


def _name(e: Event) -> str:
    return player_name(e.seats[0])


def _corner_die(e: Event) -> Words:
    corner = e["corner"]
    result = "roll again" if corner is None else f"the {DIRECTION_NAMES[corner]} corner"
    return f"Start corner: {_name(e)}", f"1-{e['remaining']}: the remaining corners", result


def _native_strength_die(e: Event) -> Words:
    where = f"Natives' lair at {_at(e)}" if e["lair"] else f"Natives in {_at(e)}"
    strength = e["strength"]
    return (
        f"{where}: strength",
        f"{FRACTION_TEXT[e.dice[0]]} of the {e['army']}-point army",
        f"a native of strength {strength}" if strength else "none",
    )


def _direction_die(e: Event) -> Words:
    ways, d = e["ways"], e["direction"]
    if d is None:
        return f"{_native(e)}: direction", f"1-{len(ways)}: the ways", "roll again"
    against = (
        SIX_WAYS
        if len(ways) == 6
        else ", ".join(f"{i + 1} {DIRECTION_NAMES[x]}" for i, x in enumerate(ways))
    )
    return f"{_native(e)}: direction", against, DIRECTION_NAMES[d]


def _natives_die(e: Event) -> Words:
    chance = e["chance"]
    faces = "6" if chance == 1 else f"{7 - chance}-6"
    return f"Natives in {_at(e)}?", f"{faces}: natives", "natives!" if e["found"] else "none"


def _dungeon_die(e: Event) -> Words:
    dice = "the second and third dice" if len(e.dice) == 3 else "twice the second die"
    strength = e["strength"]
    result = (
        f"a native of strength {strength}" if strength else f"{dollars(e['cents'])} in treasure"
    )
    return (
        f"Ruined dungeon at {_at(e)}",
        f"1-3 treasure of the second die, 4-6 a native of {dice}",
        result,
    )


def _mining_die(e: Event) -> Words:
    lost = e["cave_in"]
    result = f"a cave-in: {lost} army point(s) lost" if lost else dollars(e["cents"])
    return f"Mining at {_at(e)}", "1 cave-in, 2-5 dollars, 6 double", result


def _battle(e: Event) -> str:
    winner, loser = e["winner"], e["loser"]
    if winner is None:
        return f"Battle at {_at(e)}: a tie, no effect."
    losses = e["losses"][e["sides"].index(loser)]
    wins = "win" if winner == NATIVE_SIDE else "wins"
    lose = "lose" if loser == NATIVE_SIDE else "loses"
    return (
        f"Battle at {_at(e)}: {side_name(winner)} {wins}; "
        f"{side_name(loser)} {lose} {losses} point(s)."
    )


def _order_skipped(e: Event) -> str:
    kind, arg, reason = e["order"], e["arg"], e["reason"]
    where = f"Order to {_at(e)}"
    if reason == NO_ARMY:
        return f"{where} ({order_text(kind, arg)}) skipped: no army there."
    if reason == OFF_MAP:
        return f"{where} skipped: off the map."
    if reason == NO_MONEY:
        return f"{where} skipped: no money to explore."
    if reason == TERRAIN_DIFFERS:
        return (
            f"{where} ({order_text(kind, arg)}) skipped: the hex is {e['now']} now, "
            f"not the {arg[1]} it was sent to change (OC-Q88)."
        )
    what = arg[0] if kind == "terrain" else kind
    return f"{where} ({what}) skipped: no longer possible."


def _native_gone(e: Event) -> str:
    where = "off the map" if e["off_map"] else "into the unknown"
    return f"{_native(e)} wanders {DIRECTION_NAMES[e['direction']]} {where}: it is gone."


def _native_destroyed(e: Event) -> str:
    if e["cents"]:
        return f"{_name(e)} destroys native #{e['native']} and takes {dollars(e['cents'])} of loot."
    return f"Native #{e['native']} is destroyed."


def _army_reduced(e: Event) -> str:
    return f"{_name(e)}'s army at {_at(e)} loses a point: {e['after']} left."


def _game_over(e: Event) -> str:
    return f"Game over: {end_reason(e['why'], e['winners'], e['turn'], e['scores'])}."


E = ConquerEvent
WORDS = {
    E.SETUP: lambda e: (
        f"{e['players']} Administrators take the corners of a radius-{e['radius']} map "
        f"({e['hexes']} hexes)."
    ),
    E.CORNER_DIE: _corner_die,
    E.CORNER_TAKEN: lambda e: f"{_name(e)} takes the last corner, {DIRECTION_NAMES[e['corner']]}.",
    E.FARM_DIE: lambda e: (
        f"Income: {_name(e)}'s Farmland {_at(e)}",
        "die - 2 dollars",
        dollars(e["earns"]),
    ),
    E.INCOME: lambda e: (
        f"Turn {e['turn']} income: {_name(e)} {dollars(e['cents'])} "
        f"({e['hexes']} hex(es) controlled) -> {dollars(e['money'])}."
    ),
    E.DEBT_DISBANDED: lambda e: (
        f"{_name(e)} is {dollars(e['debt'])} in debt: {e['points']} army point(s) disbanded to "
        "pay it, the treasury back at $0.00 (OC-Q96)."
    ),
    E.INITIATIVE_DIE: lambda e: (f"Initiative: {_name(e)}", "highest goes first", str(e.dice[0])),
    E.INITIATIVE: lambda e: "Initiative: " + ", ".join(player_name(p) for p in e.seats) + ".",
    E.ARMY_MOVED: lambda e: (
        f"{_name(e)} moves a {e['points']}-point army {DIRECTION_NAMES[e['direction']]} to "
        f"{_at(e, 1)}."
    ),
    E.DISCOVERY_DIE: lambda e: (f"Discovery of {_at(e)}", DISCOVERY_TEXT, e["terrain"]),
    E.NATIVES_DIE: _natives_die,
    E.NATIVE_STRENGTH_DIE: _native_strength_die,
    E.ORDER_SENT: lambda e: (
        f"{_name(e)} sends an order to {_at(e)}: {order_text(e['order'], e['arg'])} (next turn)."
    ),
    E.ADMIN_MOVED: lambda e: f"{_name(e)} moves {DIRECTION_NAMES[e['direction']]} to {_at(e, 1)}.",
    E.NATIVE_DIRECTION_DIE: _direction_die,
    E.NATIVE_HUNTS: lambda e: (
        f"{_native(e)} hunts: one way leads to the nearest army, {DIRECTION_NAMES[e['direction']]}."
    ),
    E.NATIVE_MOVED: lambda e: (
        f"{_native(e)} moves {DIRECTION_NAMES[e['direction']]} to {_at(e, 1)}."
    ),
    E.NATIVE_GONE: _native_gone,
    E.SPELUNK_DIE: lambda e: (
        f"Spelunking at {_at(e)}",
        "6 finds a cave",
        "a cave!" if e["found"] else "no cave",
    ),
    E.CAVE_DIE: lambda e: (
        f"Cave at {_at(e)}: contents",
        cave_table_text(e["table"]),
        CAVE_NAMES[e["cave"]],
    ),
    E.DUNGEON_DIE: _dungeon_die,
    E.MINING_DIE: _mining_die,
    E.BATTLE_DIE: lambda e: (
        f"Battle at {_at(e)}: {side_name(e['side'])}",
        f"+ strength {e['strength']}",
        f"total {e['total']}",
    ),
    E.BATTLE: _battle,
    E.ARMY_REDUCED: _army_reduced,
    E.ARMY_LOST: lambda e: f"{_name(e)}'s army at {_at(e)} loses its last point: it is gone.",
    E.CASTLE_REDUCED: lambda e: f"The castle at {_at(e)} loses a point: {e['after']} left.",
    E.CASTLE_TAKEN: lambda e: f"The castle at {_at(e)} falls to {_name(e)}.",
    E.CASTLE_DESTROYED: lambda e: f"The castle at {_at(e)} is destroyed.",
    E.NATIVE_REDUCED: lambda e: (
        f"Native #{e['native']} at {_at(e)} loses a point: strength {e['after']}."
    ),
    E.NATIVE_DESTROYED: _native_destroyed,
    E.ADMIN_CAPTURED: lambda e: f"{_name(e)} is captured: their armies and castles are gone.",
    E.TERRAIN_CHANGED: lambda e: (
        f"{_name(e)} {e['action']}s {_at(e)}: {e['before']} -> {e['after']} "
        f"({dollars(-e['cents'])})."
    ),
    E.ARMY_RAISED: lambda e: (
        f"{_name(e)} raises a {e['points']}-point army at {_at(e)} ({dollars(-e['cents'])})."
    ),
    E.ARMY_TRAINED: lambda e: (
        f"{_name(e)} trains an army to {e['after']} points ({dollars(-e['cents'])})."
    ),
    E.ARMIES_COMBINED: lambda e: f"{_name(e)} combines armies into {e['after']} points.",
    E.ARMY_SPLIT: lambda e: (
        f"{_name(e)} splits a {e['before']}-point army into {e['points'][0]} and {e['points'][1]}."
    ),
    E.CASTLE_FOUNDED: lambda e: f"{_name(e)} founds a castle at {_at(e)} ({dollars(-e['cents'])}).",
    E.CASTLE_BUILT: lambda e: (
        f"{_name(e)} builds the castle up to {e['after']} at {_at(e)} ({dollars(-e['cents'])})."
    ),
    E.ORDER_CARRIED_OUT: lambda e: (
        f"Order: {_name(e)}'s army at {_at(e)} moves {DIRECTION_NAMES[e['arg']]}."
    ),
    E.ORDER_SKIPPED: _order_skipped,
    E.GAME_OVER: _game_over,
}
assert set(WORDS) == set(ConquerEvent), set(ConquerEvent) - set(WORDS)


@narrator(ConquerEvent)
def narrate(e: Event) -> Words:
    """The words of one Objective: Conquer event (a die's purpose, against and result, or the
    sentence)."""
    return WORDS[e.kind](e)
