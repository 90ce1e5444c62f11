"""The immutable state of an Objective: Conquer game, its options, and apply's scratch copy."""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter

from core.conquer.tables import CAVE_TABLES
from core.dice import Dice
from core.engine import Event, Option
from core.scratch import Recording, copiers

# Phases (OC-2.1 / OC-Q2: eleven of them)
(
    INCOME,
    INITIATIVE,
    MOVE,
    ORDERS,
    NATIVES_MOVE,
    SPELUNK,
    COMBAT,
    TERRAIN,
    TRAIN,
    DEVELOP,
    RESOLVE,
) = range(1, 12)
OVER = 0
PHASE_NAMES = {
    INCOME: "Compute income",
    INITIATIVE: "Initiative",
    MOVE: "Move armies / explore",
    ORDERS: "Move Administrator / send orders",
    NATIVES_MOVE: "Move natives",
    SPELUNK: "Spelunk",
    COMBAT: "Combat",
    TERRAIN: "Irrigate / defoliate / foliate",
    TRAIN: "Train troops",
    DEVELOP: "Develop castle",
    RESOLVE: "Resolve orders",
    OVER: "Game over",
}
NATIVE_SIDE = -1  # the natives in a battle (their seat, for moves, is `players`)

OPTIONS = (
    Option(
        "turn_limit",
        60,
        "The game ends after this many turns; the best score wins",
        minimum=5,
        maximum=500,
        label="Turn limit",
        rule="OC-Q70",
    ),
    Option(
        "victory_mode",
        "conquest_or_limit",
        "Win by being the last Administrator or by the "
        "best score at the turn limit, or only by score (quick AI games)",
        choices=("conquest_or_limit", "score_only"),
        label="Victory",
        rule="OC-Q70",
    ),
    Option(
        "natives_policy",
        "random",
        "Natives wander at random (the seed's rule) or hunt the nearest army (a harder game)",
        choices=("random", "hunting"),
        label="Natives",
        rule="OC-Q83",
    ),
    Option(
        "castle_income_cents",
        100,
        "Income per controlled castle point, in cents",
        choices=(100, 50),
        label="Castle income",
        rule="OC-Q11",
    ),
    Option(
        "casualties",
        "dice_diff_min1",
        "Points the loser of a battle loses: the dice "
        "difference (at least 1), its absolute value, the difference or nothing, or the "
        "totals' difference",
        choices=("dice_diff_min1", "dice_abs", "dice_diff_or_zero", "totals_diff"),
        label="Casualties",
        rule="OC-Q46",
    ),
    Option(
        "natives_on_discovery",
        True,
        "A newly discovered hex may hold natives (1 in 6)",
        label="Natives on discovery",
        rule="OC-Q22",
    ),
    Option(
        "natives_on_discovery_chance",
        1,
        "How many faces of the natives die (out of 6) bring natives into a new hex: 1 is the 6 "
        "only, 2 is 5-6, 3 is 4-6",
        choices=(1, 2, 3),
        label="Natives on discovery: faces",
        rule="OC-Q22",
        advanced=True,
    ),
    Option(
        "native_loot",
        True,
        "Destroying a native wins its strength in dollars",
        label="Native loot",
        rule="OC-Q37",
    ),
    Option(
        "remote_actions_need_orders",
        True,
        "Spelunking, terrain changes and castle building "
        "need the Administrator with or next to the army; elsewhere they need orders",
        label="Remote actions need orders",
        rule="OC-Q32",
    ),
    Option(
        "order_types",
        "all",
        "Orders may also move armies (all), or only spelunk, develop and "
        "change terrain (list_only)",
        choices=("all", "list_only"),
        label="Order types",
        rule="OC-Q26",
        advanced=True,
    ),
    Option(
        "cave_table",
        "1/2-4/5-6",
        "What a cave holds, by a die: Mine / Ruined dungeon / Natives' lair faces",
        choices=CAVE_TABLES,
        label="Cave table",
        rule="OC-Q40",
        advanced=True,
    ),
    Option(
        "bankruptcy",
        "freeze",
        "Below $0 after income: spending is frozen until the money comes back (freeze), or the "
        "debt is paid in army points, one a started dollar, and cleared (disband)",
        choices=("freeze", "disband"),
        label="Bankruptcy",
        rule="OC-Q10",
        advanced=True,
    ),
    Option(
        "max_new_chits_per_castle",
        0,
        "How many new armies a castle may raise in one train phase (0: no limit)",
        minimum=0,
        maximum=6,
        label="New armies per castle",
        rule="OC-Q60",
        advanced=True,
    ),
    Option(
        "allow_combine_split",
        "always",
        "Armies in one hex may be combined and split in the train phase (always), or never",
        choices=("always", "never"),
        label="Combine and split",
        rule="OC-Q63",
        advanced=True,
    ),
    Option(
        "castle_capture",
        "destroy",
        "A castle beaten to 0 points is destroyed, or captured by the winner",
        choices=("destroy", "capture"),
        label="Castle at 0",
        rule="OC-Q50",
        advanced=True,
    ),
    Option(
        "develop_requirement",
        "stack",
        "Building needs 6 army points in the hex (stack) or one 6-point chit",
        choices=("stack", "single_chit"),
        label="Develop needs",
        rule="OC-Q66",
        advanced=True,
    ),
    Option(
        "develop_limit",
        "per_castle",
        "One castle point a turn per castle, or per player",
        choices=("per_castle", "per_player"),
        label="Develop limit",
        rule="OC-Q67",
        advanced=True,
    ),
    Option(
        "two_to_twelve",
        "double_roll2",
        '"$2-$12" and "strength 2-12" are twice the second die, or two dice',
        choices=("double_roll2", "2d6"),
        label="2-12 rolls",
        rule="OC-Q42",
        advanced=True,
    ),
    Option(
        "map_radius",
        0,
        "Board radius (0: 5 for 2 players, 6 for 3-4, 7 for 5-6)",
        minimum=0,
        maximum=12,
        label="Map radius",
        rule="OC-H1",
        advanced=True,
    ),
    Option(
        "start_money_cents",
        2000,
        "Money each Administrator starts with, in cents",
        minimum=0,
        maximum=100000,
        label="Start money",
        rule="OC-H4",
        advanced=True,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    turn_limit: int = 60
    victory_mode: str = "conquest_or_limit"
    natives_policy: str = "random"
    castle_income_cents: int = 100
    casualties: str = "dice_diff_min1"
    natives_on_discovery: bool = True
    natives_on_discovery_chance: int = 1
    native_loot: bool = True
    remote_actions_need_orders: bool = True
    order_types: str = "all"
    cave_table: str = "1/2-4/5-6"
    bankruptcy: str = "freeze"
    max_new_chits_per_castle: int = 0
    allow_combine_split: str = "always"
    castle_capture: str = "destroy"
    develop_requirement: str = "stack"
    develop_limit: str = "per_castle"
    two_to_twelve: str = "double_roll2"
    map_radius: int = 0
    start_money_cents: int = 2000


@dataclass(frozen=True, slots=True)
class Chit:
    """One army counter (OC-1.4): 1-6 points, owned by a player, in a hex."""

    id: int
    owner: int
    hex: int
    points: int
    moved: bool = False  # moved this phase (one hex a phase: OC-Q18)
    fresh: bool = False  # recruited this train phase (the free 6th point)
    trained: bool = False  # trained this phase: no split or combine after it (OC-Q89)


@dataclass(frozen=True, slots=True)
class Native:
    id: int
    hex: int
    strength: int
    loot: int  # its strength when it appeared (OC-H9), in dollars


@dataclass(frozen=True, slots=True)
class Castle:
    hex: int
    owner: int
    points: int


@dataclass(frozen=True, slots=True)
class Order:
    """An order sent in phase 4 of `turn`, resolved in phase 11 of turn + 1 (OC-6.5)."""

    player: int
    turn: int
    hex: int
    kind: str  # "move", "spelunk", "develop", "terrain"
    arg: int | tuple = 0  # a direction for moves; (action, from, to) for terrain (OC-Q88)


@dataclass(frozen=True, slots=True)
class Casualties:
    """Points a side must lose, and who decides where they fall (OC-9.5 / OC-Q47)."""

    chooser: int  # the player who assigns them
    loser: int  # the losing player, or NATIVE_SIDE
    hex: int
    points: int
    winner: int  # the other side (NATIVE_SIDE, a player, or -2 for a cave-in)


@dataclass(frozen=True, slots=True)
class CState:
    rules: Rules
    dice: Dice | None
    players: int
    radius: int
    turn: int
    phase: int
    initiative: tuple[int, ...]  # acting order this turn (OC-4.1)
    actor: int  # index into `initiative` for the sequential phases
    terrain: tuple[str | None, ...]  # per hex; None = undiscovered
    chits: tuple[Chit, ...]
    natives: tuple[Native, ...]
    castles: tuple[Castle, ...]
    admins: tuple[int | None, ...]  # Administrator's hex; None once captured
    money: tuple[int, ...]  # cents
    caves: tuple[tuple[int, str, int], ...] = ()  # (hex, "mine"/"empty", turn found)
    free_spelunks: tuple[tuple[int, int, int], ...] = ()  # (player, hex, turn it may be used)
    spelunked: tuple[int, ...] = ()  # hexes searched this turn (once a turn: OC-Q39)
    mined: tuple[int, ...] = ()  # Mine hexes worked this turn
    paid: tuple[tuple[int, int], ...] = ()  # (player, hex) explored this phase: others follow free
    changing: tuple[int, ...] = ()  # hexes "being changed" until the next income (OC-Q14)
    changed_turn: tuple[int, ...] = ()  # hexes changed this turn (one change a turn: OC-Q31)
    developed: tuple[int, ...] = ()  # castle hexes (or players) developed this turn (OC-Q67)
    orders: tuple[Order, ...] = ()
    admin_steps: int = 0  # hexes the acting Administrator has moved this phase 4
    battles: tuple[tuple[int, int, int], ...] = ()  # (hex, side, side) still to fight
    casualties: Casualties | None = None
    native_queue: tuple[int, ...] = ()  # natives still to move this phase
    next_id: int = 0  # for new chits and natives
    scores_final: tuple[int, ...] = ()
    result: tuple[int, ...] = ()  # winners once over
    end_reason: str = ""
    events: tuple[Event, ...] = field(default=())

    @property
    def over(self) -> bool:
        return self.phase == OVER


FIELDS = tuple(f.name for f in fields(CState))
_load, _build = copiers(
    CState, ("chits", "natives", "castles", "money", "admins", "terrain", "events")
)
_by_id = attrgetter("id")
_by_hex = attrgetter("hex")


class Work(Recording):
    """A mutable copy of a state for the length of one `apply` (a quiet one records no
    events: see `Recording`)."""

    __slots__ = (*FIELDS, "log", "ready", "quiet")

    def __init__(self, s: CState, quiet: bool = False) -> None:
        _load(self, s)
        self.chits = list(s.chits)
        self.natives = list(s.natives)
        self.castles = list(s.castles)
        self.money = list(s.money)
        self.admins = list(s.admins)
        self.terrain = list(s.terrain)
        self.log: list[Event] = []
        self.quiet = quiet
        self.ready: tuple | None = None  # the legal actions where `run` stopped for a decision

    def freeze(self) -> CState:
        return _build(
            self,
            tuple(sorted(self.chits, key=_by_id)),
            tuple(sorted(self.natives, key=_by_id)),
            tuple(sorted(self.castles, key=_by_hex)),
            tuple(self.money),
            tuple(self.admins),
            tuple(self.terrain),
            tuple(self.log),
        )

    def roll(self) -> int:
        face, self.dice = self.dice.d6()
        return face
