"""The immutable state of an Objectives: Vietnam game, its options, and apply's scratch copy."""

from __future__ import annotations

from bisect import bisect
from dataclasses import dataclass, field, fields

from core.dice import Dice
from core.engine import Event, Option
from core.scratch import Recording, copiers

# Decision points (docs/rules/objectives.md, OV-D1..D5)
MAIN = "main"  # OV-D1 / OV-D2: attack an objective, play a special, or end the turn
CALL_OFF = "call_off"  # OV-D3: the attacker, before every bid round
BID = "bid"  # OV-D4: every player in turn, one card at a time, then done
REINFORCE = "reinforce"  # OV-D5: the attacker names a recipient for each drawn card
OVER = "over"

OPTIONS = (
    Option(
        "attack_target",
        "any",
        "Attack any objective in the pool, or only the newest",
        choices=("any", "newest"),
        label="Attack target",
        rule="OV-Q9",
    ),
    Option(
        "overrun_test",
        "ge",
        "Overrun when the NVA total is at least (ge) or more than (gt) double the Free World total",
        choices=("ge", "gt"),
        label="Overrun test",
        rule="OV-Q16",
    ),
    Option(
        "final_tie",
        "loss",
        "A tie after the last NVA card is a loss, or a win",
        choices=("loss", "win"),
        label="Final tie",
        rule="OV-Q18",
    ),
    Option(
        "war_weariness",
        "thresholds",
        "+1/+2/+3 at 3/6/9 pool cards, or +1 for every card from the third",
        choices=("thresholds", "per_card"),
        label="War weariness",
        rule="OV-Q30",
    ),
    Option(
        "reinforcement_count",
        "effective",
        "Reinforcements drawn after a win: the effective NVA score fought, or the printed one",
        choices=("effective", "printed"),
        label="Reinforcements",
        rule="OV-Q23",
    ),
    Option(
        "starting_hand",
        0,
        "Starting hand size (0: the table, 7/5/5/3/3/3 for 1-6 players)",
        minimum=0,
        maximum=12,
        label="Starting hand",
        rule="OV-Q4",
    ),
    Option(
        "continue_after_loss",
        False,
        "After a lost combat the player may attack again",
        label="Continue after a loss",
        rule="OV-Q12",
        advanced=True,
    ),
    Option(
        "draw_after_attack",
        False,
        "Ending the turn after an attack also draws a card",
        label="Draw after attack",
        rule="OV-Q11",
        advanced=True,
    ),
    Option(
        "final_bid_round",
        False,
        "One more bid round after the last NVA card is revealed",
        label="Final bid round",
        rule="OV-Q19",
        advanced=True,
    ),
    Option(
        "bids_return_on_win",
        False,
        "Cards bid in a won combat go back to their owners",
        label="Bids return on a win",
        rule="OV-Q20",
        advanced=True,
    ),
    Option(
        "min_attacker_bid",
        0,
        "The attacker must bid at least this many combat cards a round "
        "while holding one (1 gives calling off a use)",
        choices=(0, 1),
        label="Attacker's minimum bid",
        rule="OV-Q28",
        advanced=True,
    ),
    Option(
        "duplicate_redraw",
        False,
        "A duplicate objective shuffled back is replaced by a new reveal",
        label="Redraw after a duplicate",
        rule="OV-Q33",
        advanced=True,
    ),
    Option(
        "pool_limit",
        10,
        "The NVA win when this many cards are in the War Weariness pool at the end of a turn",
        minimum=3,
        maximum=30,
        label="Pool limit",
        rule="OV-7.1",
        advanced=True,
    ),
    Option(
        "deck_set",
        "house_v1",
        "The card lists (OV-H1..H3)",
        choices=("house_v1",),
        label="Decks",
        rule="OV-Q3",
        advanced=True,
    ),
)


@dataclass(frozen=True, slots=True)
class Rules:
    attack_target: str = "any"
    overrun_test: str = "ge"
    final_tie: str = "loss"
    war_weariness: str = "thresholds"
    reinforcement_count: str = "effective"
    starting_hand: int = 0
    continue_after_loss: bool = False
    draw_after_attack: bool = False
    final_bid_round: bool = False
    bids_return_on_win: bool = False
    min_attacker_bid: int = 0
    duplicate_redraw: bool = False
    pool_limit: int = 10
    deck_set: str = "house_v1"


@dataclass(frozen=True, slots=True)
class Combat:
    """A combat in progress (OV-4)."""

    attacker: int
    target: int  # the objective card attacked (it stays in the pool, OV-Q29)
    score: int  # the effective NVA score frozen at declaration (OV-Q13)
    line: tuple[int, ...]  # NVA cards not yet revealed, first = next (face down)
    revealed: tuple[int, ...] = ()  # NVA cards face up, in order
    struck: tuple[int, ...] = ()  # FW cards whose strength no longer counts (Ambush)
    fw_cards: tuple[tuple[int, int], ...] = ()  # (owner, card) revealed bids, all rounds
    bids: tuple[tuple[int, ...], ...] = ()  # this round's face-down bids, per seat
    bidder: int = -1  # whose bid it is (-1: none)
    round: int = 1
    extra_dealt: bool = False  # a Reinforcements card has added its one extra card
    barraged: int = 0  # NVA cards Artillery Barrage discarded unseen (already in the discard)
    last_round: bool = False  # the optional bid round after the last NVA card (OV-Q19)


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Reinforcements being handed out after a won combat (OV-4.8, OV-Q24)."""

    attacker: int
    pending: tuple[int, ...]  # drawn, face down, not yet given (first = the one to give now)
    kept: bool = False
    given: tuple[int, ...] = ()  # seat that received each card so far


@dataclass(frozen=True, slots=True)
class OVState:
    rules: Rules
    dice: Dice | None
    players: int
    dealer: int
    current: int
    turn: int  # player turns started so far (1 = the first)
    phase: str
    hands: tuple[tuple[int, ...], ...]  # Free World cards per seat (sorted ids)
    fw_deck: tuple[int, ...]  # top first
    fw_discard: tuple[int, ...]
    nva_deck: tuple[int, ...]
    nva_discard: tuple[int, ...]  # revealed NVA cards
    nva_hidden_discard: tuple[int, ...]  # NVA cards discarded without being revealed
    obj_deck: tuple[int, ...]
    pool: tuple[tuple[int, int], ...]  # (objective card, tokens), in the order revealed
    taken: tuple[tuple[int, ...], ...]  # objectives won, per seat
    scores: tuple[int, ...]
    hand_size: int  # H(N)
    attacked: bool = False  # the current player has declared an attack this turn
    special_played: bool = False
    combat: Combat | None = None
    reinforce: Reinforce | None = None
    result: str = ""  # "" running, "team" (players win), "nva" (the game wins)
    end_reason: str = ""
    events: tuple[Event, ...] = field(default=())

    @property
    def over(self) -> bool:
        return self.phase == OVER


FIELDS = tuple(f.name for f in fields(OVState))
_load, _build = copiers(OVState, ("hands", "taken", "scores", "pool", "events"))


class Work(Recording):
    """A mutable copy of a state for the length of one `apply` (a quiet one records no
    events: see `Recording`)."""

    __slots__ = (*FIELDS, "log", "ready", "quiet")

    def __init__(self, s: OVState, quiet: bool = False) -> None:
        _load(self, s)
        # hands stay sorted tuples, replaced by `add_card` and `remove_card` (most steps
        # change one hand at most, so nothing is copied or sorted for the others)
        self.hands = list(s.hands)
        self.taken = list(s.taken)
        self.scores = list(s.scores)
        self.pool = list(s.pool)
        self.log: list[Event] = []
        self.quiet = quiet
        self.ready: tuple | None = None  # the legal actions where `run` stopped for a bid

    def freeze(self) -> OVState:
        return _build(
            self,
            tuple(self.hands),
            tuple(self.taken),
            tuple(self.scores),
            tuple(self.pool),
            tuple(self.log),
        )

    def add_card(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        at = bisect(hand, card)
        self.hands[seat] = (*hand[:at], card, *hand[at:])

    def remove_card(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        at = hand.index(card)
        self.hands[seat] = (*hand[:at], *hand[at + 1 :])
