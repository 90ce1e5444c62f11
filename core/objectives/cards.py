"""Objectives: Vietnam's three decks and tables, as data (docs/rules/objectives.md, OV-H1..H4).

Every physical card has an id: objective cards 0-29, NVA cards 0-51, Free World cards 0-57. The
type of a card (its name, numbers and ability) is looked up by id; copies of a type are
interchangeable, so actions name card *types* by key ("arvn", "pacification") where a copy will
do, and objective cards by id (each copy in the pool is a distinct place to attack).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ObjectiveType:
    key: str
    name: str
    kind: str  # "place" or "event" (flavour only, OV-Q41)
    nva_score: int
    value: int
    copies: int = 1


@dataclass(frozen=True, slots=True)
class NvaType:
    key: str
    name: str
    strength: int
    ability: str = ""  # "ambush", "reinforcements", "entrenched"
    copies: int = 1


@dataclass(frozen=True, slots=True)
class FwType:
    key: str
    name: str
    strength: int  # 0 for the non-combat specials
    special: str = ""  # "barrage" (combat), "pacification", "hearts" (non-combat)
    copies: int = 1

    @property
    def combat(self) -> bool:
        """Can be bid (OV-Q46: the non-combat specials cannot)."""
        return self.special not in NON_COMBAT


NON_COMBAT = ("pacification", "hearts")

# OV-H1: 30 cards, 26 distinct objectives (Hamlet Sweep x3 and Jungle Firebase x3)
OBJECTIVE_TYPES = (
    ObjectiveType("hue", "Hue Citadel", "place", 4, 5),
    ObjectiveType("khesanh", "Khe Sanh", "place", 4, 5),
    ObjectiveType("hamburger", "Hamburger Hill", "place", 4, 5),
    ObjectiveType("ashau", "A Shau Valley", "place", 4, 5),
    ObjectiveType("iadrang", "Ia Drang Valley", "place", 3, 4),
    ObjectiveType("embassy", "US Embassy, Saigon", "place", 3, 4),
    ObjectiveType("cuchi", "Cu Chi Tunnels", "place", 3, 4),
    ObjectiveType("dakto", "Dak To", "place", 3, 3),
    ObjectiveType("irontri", "Iron Triangle", "place", 3, 3),
    ObjectiveType("quangtri", "Quang Tri", "place", 3, 3),
    ObjectiveType("anloc", "An Loc", "place", 3, 3),
    ObjectiveType("conthien", "Con Thien", "place", 2, 3),
    ObjectiveType("tsn", "Tan Son Nhut", "place", 2, 3),
    ObjectiveType("danang", "Da Nang Airbase", "place", 2, 2),
    ObjectiveType("mekong", "Mekong Delta", "place", 2, 2),
    ObjectiveType("pleiku", "Pleiku", "place", 2, 2),
    ObjectiveType("kontum", "Kontum", "place", 2, 2),
    ObjectiveType("bienhoa", "Bien Hoa", "place", 1, 1),
    ObjectiveType("tet", "Tet Offensive", "event", 5, 7),
    ObjectiveType("easter", "Easter Offensive", "event", 5, 7),
    ObjectiveType("junction", "Operation Junction City", "event", 3, 4),
    ObjectiveType("cedar", "Operation Cedar Falls", "event", 2, 3),
    ObjectiveType("rolling", "Operation Rolling Thunder", "event", 1, 2),
    ObjectiveType("tonkin", "Gulf of Tonkin Incident", "event", 1, 2),
    ObjectiveType("village", "Hamlet Sweep", "place", 1, 1, copies=3),
    ObjectiveType("firebase", "Jungle Firebase", "place", 2, 2, copies=3),
)

# OV-H2: 52 cards, abilities resolve when the card is revealed (OV-Q22)
NVA_TYPES = (
    NvaType("guerrillas", "VC Guerrillas", 1, copies=6),
    NvaType("mainforce", "VC Main Force", 2, copies=10),
    NvaType("infantry", "NVA Infantry", 3, copies=10),
    NvaType("regiment", "NVA Regiment", 4, copies=8),
    NvaType("division", "NVA Division", 5, copies=5),
    NvaType("sapper", "Sapper Battalion", 6, copies=2),
    NvaType("ambush", "Ambush", 2, "ambush", copies=3),
    NvaType("reinforcements", "Reinforcements", 2, "reinforcements", copies=3),
    NvaType("entrenched", "Entrenched", 3, "entrenched", copies=3),
    NvaType("ghost", "Ghost Battalion", 0, copies=2),
)
ENTRENCHED_STRENGTH = 6  # with >= 1 token on the target

# OV-H3: 58 cards
FW_TYPES = (
    FwType("rf", "Regional Forces", 1, copies=14),
    FwType("arvn", "ARVN Infantry", 2, copies=14),
    FwType("marines", "Marine Company", 3, copies=10),
    FwType("airborne", "Airborne Battalion", 4, copies=6),
    FwType("aircav", "Air Cavalry", 5, copies=3),
    FwType("arclight", "Arc Light Strike", 6, copies=2),
    FwType("barrage", "Artillery Barrage", 1, "barrage", copies=4),
    FwType("pacification", "Pacification", 0, "pacification", copies=3),
    FwType("hearts", "Hearts and Minds", 0, "hearts", copies=2),
)


def _expand(types) -> tuple[int, ...]:
    """Card id -> type index, copies in a row."""
    return tuple(i for i, t in enumerate(types) for _ in range(t.copies))


OBJECTIVE_CARDS = _expand(OBJECTIVE_TYPES)  # 30
NVA_CARDS = _expand(NVA_TYPES)  # 52
FW_CARDS = _expand(FW_TYPES)  # 58
# per card: what the loops over a hand or a bid ask of every card
FW_STRENGTH = tuple(FW_TYPES[k].strength for k in FW_CARDS)
FW_IS_COMBAT = tuple(bool(FW_TYPES[k].combat) for k in FW_CARDS)
FW_BY_KEY = {t.key: i for i, t in enumerate(FW_TYPES)}


def objective(card: int) -> ObjectiveType:
    return OBJECTIVE_TYPES[OBJECTIVE_CARDS[card]]


def nva(card: int) -> NvaType:
    return NVA_TYPES[NVA_CARDS[card]]


def fw(card: int) -> FwType:
    return FW_TYPES[FW_CARDS[card]]


# OV-H4: starting hand by player count; team target (OV-7.2)
STARTING_HAND = {1: 7, 2: 5, 3: 5, 4: 3, 5: 3, 6: 3}
SOLO_TARGET = 15
TARGET_PER_PLAYER = 10
REINFORCEMENTS_FROM = 4  # players (OV-4.8)
POOL_LIMIT = 10  # OV-7.1
TURN_SAFETY_CAP = 1000  # OV-Q50


def team_target(players: int) -> int:
    return SOLO_TARGET if players == 1 else TARGET_PER_PLAYER * players


def war_weariness(pool_size: int, per_card: bool = False) -> int:
    """OV-6.1 / OV-Q30: +1 from 3 cards, +2 from 6, +3 from 9 (or +1 a card from the 3rd)."""
    if per_card:
        return max(0, pool_size - 2)
    return (pool_size >= 3) + (pool_size >= 6) + (pool_size >= 9)
