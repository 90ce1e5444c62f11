"""Objective: Conquer's tables, as data (docs/rules/conquer.md). Money is in cents (OC-1.7)."""

from __future__ import annotations

from fractions import Fraction

FARMLAND, WOODS, DESERT, MOUNTAIN, RIVER, MEADOW = (
    "Farmland",
    "Woods",
    "Desert",
    "Mountain",
    "River",
    "Meadow",
)
# two letters a terrain, never told apart by case alone
TERRAIN_LETTERS = {
    FARMLAND: "Fa",
    WOODS: "Wo",
    DESERT: "De",
    MOUNTAIN: "Mo",
    RIVER: "Ri",
    MEADOW: "Me",
}

# OC-5.4: the discovery die
DISCOVERY = {1: FARMLAND, 2: WOODS, 3: DESERT, 4: MOUNTAIN, 5: RIVER, 6: MEADOW}

# OC-8.6 / OC-H5: native strength as a fraction of the exploring army, by a die (round down)
NATIVE_FRACTION = {
    1: Fraction(1, 4),
    2: Fraction(1, 2),
    3: Fraction(1),
    4: Fraction(1),
    5: Fraction(5, 4),
    6: Fraction(3, 2),
}
FRACTION_TEXT = {1: "1/4", 2: "1/2", 3: "equal", 4: "equal", 5: "1 1/4", 6: "1 1/2"}

# OC-Q40 / OC-H6: what a cave holds, by a die: "mine faces/dungeon faces/lair faces"
CAVE_TABLES = ("1/2-4/5-6", "1-2/3-4/5-6", "1/2-3/4-6", "1-2/3-5/6")
CAVE_KINDS = ("mine", "dungeon", "lair")
CAVE_NAMES = {"mine": "mine", "dungeon": "ruined dungeon", "lair": "natives' lair"}


def cave_table(key: str) -> dict[int, str]:
    """`"1/2-4/5-6"` -> {1: "mine", 2: "dungeon", ..., 6: "lair"}."""
    table = {}
    for kind, faces in zip(CAVE_KINDS, key.split("/"), strict=True):
        low, _, high = faces.partition("-")
        for face in range(int(low), int(high or low) + 1):
            table[face] = kind
    assert sorted(table) == [1, 2, 3, 4, 5, 6], key
    return table


def cave_table_text(key: str) -> str:
    return ", ".join(
        f"{faces} {CAVE_NAMES[kind]}"
        for kind, faces in zip(CAVE_KINDS, key.split("/"), strict=True)
    )


CAVE_TABLE = cave_table(CAVE_TABLES[0])

# costs (cents)
EXPLORE_COST = 400  # OC-5.3
SPELUNK_COST = 400  # OC-8.2
UPKEEP = 25  # OC-3.1, a controlled hex
CASTLE_POINT_COST = 1000  # OC-12.3
TRAIN_START = 200  # OC-11.2: $2 to start a 1-point army
TRAIN_POINT = 100  # $1 a point after the first, up to 5; $1 a point to retrain (OC-Q61)
CASTLE_MAX = 5
CHIT_MAX = 6  # OC-1.4
ORDERS_MAX = 3  # OC-6.3
ADMIN_STEPS = 2  # OC-6.1

# OC-H7: terrain changes: action -> ({from: to}, cost, needs an adjacent River)
TERRAIN_CHANGES = {
    "irrigate": ({DESERT: MEADOW, MEADOW: FARMLAND}, 400, True),
    "foliate": ({MEADOW: WOODS}, 400, False),
    "defoliate": ({WOODS: MEADOW, MEADOW: DESERT, FARMLAND: DESERT}, 200, False),
}

# OC-H4: each Administrator's start
START_MONEY = 2000
START_CHITS = (4, 2)
START_CASTLE = 1


def recruit_cost(size: int) -> int:
    """OC-11.2: $2 for the first point, $1 for each point after it up to 5; the 6th is free."""
    return TRAIN_START + TRAIN_POINT * (min(size, 5) - 1)


def dollars(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}${cents // 100}.{cents % 100:02d}"
