"""Vietnam Solitaire's map and tables, as data (docs/rules/solitaire.md; VS-H1..H5, VS-B4.4, VS-C).

Regions are numbered 0-4 (die faces 1-5); each has four areas labelled by die faces `1-2`, `3-4`,
`5`, `6` (VS-Q1), numbered 0-3 in the "higher number" order. A place on the map is a flat index
`region * 4 + area` (0-19).
"""

from __future__ import annotations

# --- units ---------------------------------------------------------------------------------------
VC, NVA, ARVN, GRUNT, AIRCAV = range(5)
UNIT_NAMES = ("VC", "NVA", "ARVN", "Grunt", "AirCav")
UNIT_KEYS = ("vc", "nva", "arvn", "grunt", "aircav")
UNIT_BY_KEY = {k: i for i, k in enumerate(UNIT_KEYS)}
ENEMY_UNITS = (VC, NVA)  # VS-A1.10; also the enemy casualty order (VS-B4.5)
PLAYER_UNITS = (ARVN, GRUNT, AIRCAV)  # also the player's casualty order (VS-B4.5)
AMERICAN_UNITS = (GRUNT, AIRCAV)
ON_MAP_LIMIT = {ARVN: 10, GRUNT: 4, AIRCAV: 2}  # VS-A1.8
PLACEMENT_PP = {ARVN: 1, GRUNT: 2, AIRCAV: 3}  # VS-B3.2
LOSS_PP = {ARVN: 1, GRUNT: 2, AIRCAV: 2}  # VS-B4.6
GRUNT_MOVE_PP = 1  # VS-B3.5

# --- regions and areas (VS-H1, VS-H2) -----------------------------------------------------------
REGIONS = ("Hue", "Central Highlands", "Cu Chi", "Saigon", "Mekong")
REGION_SHORT = ("Hue", "C.Highlands", "Cu Chi", "Saigon", "Mekong")
AREA_LABELS = ("1-2", "3-4", "5", "6")
AREA_FOR_FACE = {1: 0, 2: 0, 3: 1, 4: 1, 5: 2, 6: 3}
JUNGLE, PADDY, URBAN = "J", "P", "U"
TERRAIN_NAMES = {JUNGLE: "Jungle", PADDY: "Paddy", URBAN: "Urban"}
TERRAIN = (
    (JUNGLE, PADDY, JUNGLE, URBAN),  # Hue: 1-2 must be Jungle (VS-T1)
    (JUNGLE, PADDY, JUNGLE, JUNGLE),  # Central Highlands: 3 J + 1 P
    (JUNGLE, PADDY, JUNGLE, PADDY),  # Cu Chi
    (PADDY, URBAN, URBAN, URBAN),  # Saigon: 1 P + 3 U
    (PADDY, PADDY, JUNGLE, PADDY),  # Mekong
)
PLACES = tuple(range(20))


def place(region: int, area: int) -> int:
    return region * 4 + area


def region_of(p: int) -> int:
    return p // 4


def area_of(p: int) -> int:
    return p % 4


def terrain_of(p: int) -> str:
    return TERRAIN[p // 4][p % 4]


def place_name(p: int) -> str:
    return f"{REGIONS[p // 4]} {AREA_LABELS[p % 4]}"


# --- combat (VS-B4.4) ----------------------------------------------------------------------------
HIT_TABLE = {
    VC: {JUNGLE: 2, PADDY: 1, URBAN: 1},
    NVA: {JUNGLE: 2, PADDY: 2, URBAN: 2},
    ARVN: {JUNGLE: 1, PADDY: 2, URBAN: 2},
    GRUNT: {JUNGLE: 3, PADDY: 3, URBAN: 3},
    AIRCAV: {JUNGLE: 4, PADDY: 4, URBAN: 4},
}

# --- the Ho Chi Minh Trail (VS-H3) ---------------------------------------------------------------
TRAIL_NAMES = ("Hanoi", "Haiphong", "Tchepone", "Attapeu", "Fishhook", "Parrot's Beak")
TRAIL_B52_ONLY = (True, True, False, False, False, False)  # VS-B2.2
TRAIL_ARROW = (0, 4, 0, 1, 2, 3)  # trail area -> region (Hanoi -> Hue by the seed's example)
TRAIL_SUM_RANGES = ((2, 3), (11, 12), (4, 5), (6, 7), (8, 8), (9, 10))  # sum_2d6 mode


def trail_for_sum(total: int) -> int:
    for t, (lo, hi) in enumerate(TRAIL_SUM_RANGES):
        if lo <= total <= hi:
            return t
    raise ValueError(f"no trail area for a 2d6 total of {total}")


B52_COUNT = 2  # VS-B2.3
GREEN_BERET_COUNT = 2
B52_REMOVES = (1, 4)  # VS-B2.4: 1-4 removes the counter
GREEN_BERET_REMOVES = (1, 2)  # VS-B2.5
B52_PP = 2
GREEN_BERET_PP = 1
NAPALM_KILLS = (1, 4)  # VS-B4.2
NAPALM_PP = 1

# --- end of turn (VS-B9) -------------------------------------------------------------------------
PP_LIMIT = 14
NORMAL, NO_B52, NO_GREEN_BERET, NO_AIR, NO_US_RAISE, REMOVE_US = 1, 2, 3, 4, 5, 6
RESTRICTION_TEXT = {
    0: "none",
    NORMAL: "play normally",
    NO_B52: "B-52s may not be used",
    NO_GREEN_BERET: "Green Berets may not be used",
    NO_AIR: "neither B-52s nor Green Berets may be used",
    NO_US_RAISE: "no American units may be raised",
    REMOVE_US: "remove one American unit now",
}


def restriction_modifier(pp: int) -> int:
    """VS-B9.3: the die modifier set by the Political Points."""
    if pp <= 5:
        return -2
    if pp <= 7:
        return -1
    if pp <= 9:
        return 0
    if pp <= 11:
        return 1
    return 2


def restriction_for(modified: int) -> int:
    """VS-B9.4: the effect of the modified restriction roll."""
    return max(NORMAL, min(REMOVE_US, modified))


# --- victory (VS-C) ------------------------------------------------------------------------------
VICTORY_LEVELS = (
    (6, "Disastrous defeat", "Apocalypse Now"),
    (8, "Defeat", "Hamburger Hill"),
    (10, "Draw", "Full Metal Jacket"),
    (12, "Victory", "Good Morning, Vietnam"),
    (10**9, "Major victory", "Rambo"),
)


def victory_level(turn: int) -> tuple[int, str, str]:
    """(level index 0-4, level, film) for a game that ended on `turn`."""
    for i, (last, level, film) in enumerate(VICTORY_LEVELS):
        if turn <= last:
            return i, level, film
    raise AssertionError("unreachable")


def year_of(turn: int) -> int:
    """VS-Q61: turn t is the year 1962 + t."""
    return 1962 + turn


# --- D3 historical chart (VS-H4): ARVN placed, napalm, B-52, Green Beret, (Grunts, AirCav) -------
HISTORICAL_CHART = {
    1: (2, 1, 0, 2, (0, 0)),
    2: (2, 2, 1, 2, (1, 0)),
    3: (2, 2, 1, 2, (2, 1)),
    4: (2, 2, 1, 2, (3, 1)),
    5: (2, 3, 2, 2, (4, 2)),
    6: (2, 3, 2, 2, (4, 2)),
    7: (3, 3, 2, 2, (4, 2)),
    8: (3, 3, 2, 2, (3, 1)),
    9: (3, 2, 2, 2, (2, 1)),
    10: (3, 2, 2, 2, (1, 1)),
    11: (3, 1, 0, 0, (0, 0)),
    12: (2, 1, 0, 0, (0, 0)),
    13: (2, 0, 0, 0, (0, 0)),
}
HISTORICAL_TURN_CAP = 20  # VS-Q70


def historical_row(turn: int) -> tuple:
    return HISTORICAL_CHART[min(turn, 13)]
