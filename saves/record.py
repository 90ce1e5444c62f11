"""The game record: what a save file holds, and replay (the file format is saves/codec.py).

A record is the seed, the options, the seats and the list of actions; loading replays the actions
from the seed (every one checked by the rules) and compares the digest of the final state, so a
save can never smuggle in a position the rules could not reach. A record names the program and the
rules version of its game that made it: a save made by another version that no longer replays
loads as far as today's rules take it (`load_replay`), one made by this version is damaged. See
docs/save-format.md.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum
from typing import Any

import msgpack

import core
from core.engine import Action, IllegalAction, OptionError, resolve_options
from core.seats import HUMAN

APP_VERSION = core.__version__


class SaveError(Exception):
    """Any problem with a save file. str() is one sentence a player understands."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who plays a seat: a person (`human`) or an agent (`random`, `rules`, `mcts`)."""

    name: str
    kind: str = HUMAN
    level: str | None = None

    @property
    def is_human(self) -> bool:
        return self.kind == HUMAN

    @property
    def agent_name(self) -> str:
        return f"{self.kind}:{self.level}" if self.level else self.kind

    @property
    def kind_label(self) -> str:
        """Who plays the seat, in words: human, random, rule-based, MCTS normal."""
        if self.is_human:
            return "human"
        if self.kind == "rules":
            return "rule-based"
        if self.kind == "mcts":
            return f"MCTS {self.level or 'normal'}"
        return self.kind

    def label(self) -> str:
        if self.is_human:
            return self.name
        return f"{self.name} ({self.agent_name})"


@dataclass(frozen=True, slots=True)
class GameRecord:
    game: str
    options: dict[str, Any]
    players: int
    seats: tuple[SeatInfo, ...]
    seed: int
    actions: tuple[Action, ...] = ()
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    app_version: str = APP_VERSION
    digest: str = ""
    turn: int = 1
    finished: str = ""  # the outcome sentence once the game is over
    id: str = ""  # made when the game starts; names its autosave ("" in a version-1 file)
    # the game's `rules_version` its moves were played under (0: unknown, in formats 1 and 2)
    rules_version: int = 0

    def with_actions(self, actions: Sequence[Action], state: Any, game: Any) -> GameRecord:
        """This record brought up to date with a position reached by `actions` under today's
        rules (so it names this program and today's rules version)."""
        outcome = game.outcome(state)
        return replace(
            self,
            actions=tuple(actions),
            updated=time.time(),
            digest=state_digest(state),
            turn=game.turn(state),
            finished=outcome.sentence if outcome else "",
            app_version=APP_VERSION,
            rules_version=game.rules_version,
        )


_IDS = random.SystemRandom()  # ids are no part of the rules: no die or game choice uses them


def new_record_id() -> str:
    """A new game's id (12 hex digits): its autosave's name carries it, so no two games share
    an autosave, whichever program on whichever machine started them."""
    return f"{_IDS.getrandbits(48):012x}"


def new_record(game_id: str, options: dict, players: int, seats, seed: int) -> GameRecord:
    return start_game(game_id, options, players, seats, seed).record


def start_game(game_id: str, options: dict, players: int, seats, seed: int) -> Replay:
    """A new game, set up once: its record and its opening position (what `load_replay` gives
    for a save of it, without dealing the opening a second time)."""
    g = core.game(game_id)
    state = g.new(options, players, seed)
    record = GameRecord(
        game_id,
        dict(options),
        players,
        tuple(seats),
        seed,
        id=new_record_id(),
        rules_version=g.rules_version,
    )
    return Replay(record.with_actions((), state, g), [state], 0)


# --- digest --------------------------------------------------------------------------------------


# A digest covers the rules state only: what the last apply reported (`events`, worded by the
# narrators) is presentation, so rewording a sentence never strands a save. Digests written before
# this rule (no prefix) covered the events' words too and can no longer be checked.
DIGEST_PREFIX = "rules1:"
NOT_RULES_STATE = frozenset({"events"})


def _canonical(obj: Any) -> Any:
    """A plain, order-fixed rendering of a state's rules (dataclasses, tuples, sets, dicts,
    enums), without the fields that only tell what happened (`NOT_RULES_STATE`)."""
    if obj is None or isinstance(obj, bool | int | str | float | bytes):
        return obj
    if isinstance(obj, Enum):
        return _canonical(obj.value)
    if is_dataclass(obj):
        kept = (f.name for f in fields(obj) if f.name not in NOT_RULES_STATE)
        return [type(obj).__name__, *(_canonical(getattr(obj, name)) for name in kept)]
    if isinstance(obj, tuple | list):
        return [_canonical(x) for x in obj]
    if isinstance(obj, frozenset | set):
        return sorted((_canonical(x) for x in obj), key=repr)
    if isinstance(obj, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in obj.items()), key=repr)
    raise TypeError(f"cannot digest a {type(obj).__name__}")


def state_digest(state: Any) -> str:
    """The digest of a position's rules state (see `NOT_RULES_STATE`)."""
    packed = msgpack.packb(_canonical(state), use_bin_type=True)
    return DIGEST_PREFIX + hashlib.sha256(packed).hexdigest()[:32]


def checkable_digest(digest: str) -> bool:
    """Whether a saved digest can be compared with today's (one written before digests left
    the events' words out cannot: the actions' replay through the rules is the check there)."""
    return digest.startswith(DIGEST_PREFIX)


# --- replay --------------------------------------------------------------------------------------


def start_state(record: GameRecord):
    """The game and its opening position for a record (SaveError if the record cannot start)."""
    try:
        game = core.game(record.game)
    except core.UnknownGame:
        raise SaveError(
            f"the save is for a game this version does not know ({record.game!r})"
        ) from None
    if record.players not in game.seats:
        raise SaveError(
            f"the save has {record.players} players; {game.title} allows "
            f"{game.seats.start}-{game.seats.stop - 1}"
        )
    if len(record.seats) != record.players:
        raise SaveError("the save's seat list does not match its number of players")
    try:
        options = resolve_options(game.options, record.options)
    except OptionError as err:
        raise SaveError(f"the save has an option this version cannot use: {err}") from None
    return game, game.new(options, record.players, record.seed)


def same_version(record: GameRecord, game: Any) -> bool:
    """Whether a record was made by this program under today's rules of its game: only then is a
    replay that fails damage (the rules of another version may differ)."""
    return record.app_version == APP_VERSION and record.rules_version == game.rules_version


@dataclass(frozen=True, slots=True)
class Replay:
    """A save replayed through today's rules, as far as they take it (see `load_replay`)."""

    record: GameRecord  # the game as it goes on: the moves that replayed
    states: list  # every position, from the opening to the last move that replayed
    moves: int  # the moves in the save
    stopped: int = 0  # the move (1-based) today's rules refuse; 0 when every move replayed
    why: str = ""  # how the replay differs from the save ("" when it does not)
    note: str = ""  # that, in one sentence for the player ("" when the replay is the save)

    @property
    def replayed(self) -> int:
        """How many of the save's moves replayed."""
        return len(self.states) - 1

    @property
    def diverged(self) -> bool:
        """Whether today's rules replay the save otherwise than it was saved."""
        return bool(self.why)


def load_replay(record: GameRecord) -> Replay:
    """Replay a save to open it. One made by this program under today's rules must replay
    exactly (SaveError: damaged). One made by another program or rules version loads as far as
    today's rules take it: up to the last move they accept, or every move to another position
    than the one saved; `note` says so, and the record it gives goes on from there."""
    return _replay(record, strict=False)


def replay_states(record: GameRecord) -> list:
    """Every position of the game, from the opening to the last action (for undo and review);
    SaveError unless the save replays exactly, whichever version made it."""
    return _replay(record, strict=True).states


def replay(record: GameRecord):
    """The final state of a record, replayed from its seed and checked against its digest."""
    return replay_states(record)[-1]


def _replay(record: GameRecord, strict: bool) -> Replay:
    game, state = start_state(record)
    states = [state]
    stopped, why = 0, ""
    for n, action in enumerate(record.actions, 1):
        try:
            state = game.apply(state, action)
        except IllegalAction as err:
            stopped, why = n, f"move {n} ({list(action)}) is not legal there ({err.why})"
            break
        except Exception:
            stopped, why = n, f"move {n} ({list(action)}) cannot be played"
            break
        states.append(state)
    if not stopped and checkable_digest(record.digest) and state_digest(state) != record.digest:
        why = "replaying it does not reach the saved position"
    if not why:
        return Replay(record, states, len(record.actions))
    same = same_version(record, game)
    if strict or same:
        # a save from another version may fail because that version's rules differ, not the file
        other = (
            ""
            if same
            else f" (it was made by Objective {record.app_version}, whose rules for this game "
            "may differ)"
        )
        raise SaveError(f"the save is damaged: {why}{other}")
    replayed = len(states) - 1
    goes_on = record.with_actions(record.actions[:replayed], state, game)
    note = _divergence_note(record, game, replayed, stopped)
    return Replay(goes_on, states, len(record.actions), stopped, why, note)


def _divergence_note(record: GameRecord, game: Any, replayed: int, stopped: int) -> str:
    """One sentence: who made the save, and how far it replays under today's rules."""
    made = f"This save was made by Objective {record.app_version}"
    if record.rules_version and record.rules_version != game.rules_version:
        made += (
            f" under rules version {record.rules_version} of {game.title} "
            f"(today's is {game.rules_version})"
        )
    moves = len(record.actions)
    if not stopped:
        return f"{made}: its {moves} moves replay under today's rules to another position."
    if replayed == 0:
        return f"{made}: none of its {moves} moves replays under today's rules."
    return f"{made}: it replays to move {replayed} of {moves} under today's rules."
