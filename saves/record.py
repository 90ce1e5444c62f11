"""The game record: what a save file holds, its msgpack encoding, and replay.

A record is the seed, the options, the seats and the list of actions; loading replays the actions
from the seed (every one checked by the rules) and compares the digest of the final state, so a
save can never smuggle in a position the rules could not reach. See docs/save-format.md.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from enum import Enum
from typing import Any

import msgpack

import core
from core.engine import (
    Action,
    IllegalAction,
    OptionError,
    decode_action,
    encode_action,
    resolve_options,
)
from core.seats import HUMAN, LEVELLED, LEVELS, SEAT_KINDS

FORMAT_TAG = "objective-game-record"
FORMAT_VERSION = 1
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_DEPTH = 16

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

    def with_actions(self, actions: Sequence[Action], state: Any, game: Any) -> GameRecord:
        """This record brought up to date with a position reached by `actions`."""
        outcome = game.outcome(state)
        return replace(
            self,
            actions=tuple(actions),
            updated=time.time(),
            digest=state_digest(state),
            turn=game.turn(state),
            finished=outcome.sentence if outcome else "",
        )


def new_record(game_id: str, options: dict, players: int, seats, seed: int) -> GameRecord:
    g = core.game(game_id)
    state = g.new(options, players, seed)
    record = GameRecord(game_id, dict(options), players, tuple(seats), seed)
    return record.with_actions((), state, g)


# --- digest --------------------------------------------------------------------------------------


def _canonical(obj: Any) -> Any:
    """A plain, order-fixed rendering of a state (dataclasses, tuples, sets, dicts, enums)."""
    if obj is None or isinstance(obj, bool | int | str | float | bytes):
        return obj
    if isinstance(obj, Enum):
        return _canonical(obj.value)
    if is_dataclass(obj):
        return [type(obj).__name__, *(_canonical(getattr(obj, f.name)) for f in fields(obj))]
    if isinstance(obj, tuple | list):
        return [_canonical(x) for x in obj]
    if isinstance(obj, frozenset | set):
        return sorted((_canonical(x) for x in obj), key=repr)
    if isinstance(obj, dict):
        return sorted(([_canonical(k), _canonical(v)] for k, v in obj.items()), key=repr)
    raise TypeError(f"cannot digest a {type(obj).__name__}")


def state_digest(state: Any) -> str:
    packed = msgpack.packb(_canonical(state), use_bin_type=True)
    return hashlib.sha256(packed).hexdigest()[:32]


# --- encoding ------------------------------------------------------------------------------------


def encode(record: GameRecord) -> bytes:
    data = {
        "format": FORMAT_TAG,
        "version": FORMAT_VERSION,
        "app_version": record.app_version,
        "game": record.game,
        "options": record.options,
        "players": record.players,
        "seats": [[s.name, s.kind, s.level] for s in record.seats],
        "seed": record.seed,
        "actions": [encode_action(a) for a in record.actions],
        "created": record.created,
        "updated": record.updated,
        "digest": record.digest,
        "turn": record.turn,
        "finished": record.finished,
    }
    try:
        return msgpack.packb(data, use_bin_type=True)
    except (TypeError, ValueError, OverflowError) as err:
        raise SaveError(f"this game cannot be written to a save file ({err})") from err


def _depth(obj: Any, limit: int) -> bool:
    """True if `obj` nests no deeper than `limit` (iterative, so junk cannot blow the stack)."""
    stack = [(obj, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > limit:
            return False
        if isinstance(item, list | tuple):
            stack.extend((x, depth + 1) for x in item)
        elif isinstance(item, dict):
            stack.extend((x, depth + 1) for kv in item.items() for x in kv)
    return True


def _looks_like_text(data: bytes) -> bool:
    try:
        text = data[:4096].decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(ch.isprintable() or ch in "\r\n\t" for ch in text)


def decode(data: bytes) -> GameRecord:
    """Bytes of a save file -> a record, or SaveError saying what is wrong with them."""
    if not data:
        raise SaveError("the file is empty")
    if len(data) > MAX_FILE_BYTES:
        raise SaveError("the file is far too large to be a save")
    if _looks_like_text(data):
        raise SaveError("the file is plain text, not an Objective save")
    try:
        raw = msgpack.unpackb(data, raw=False, strict_map_key=False, use_list=True)
    except msgpack.exceptions.ExtraData:
        raise SaveError("the file is not an Objective save (unexpected bytes in it)") from None
    except msgpack.exceptions.StackError:
        raise SaveError("the file is not an Objective save (it is nested far too deeply)") from None
    except ValueError as err:
        if "incomplete" in str(err):
            raise SaveError("the save file is cut short (truncated)") from None
        raise SaveError("the file is not an Objective save (it is not msgpack data)") from None
    if not isinstance(raw, dict):
        raise SaveError("the file holds data, but not a game record")
    if not _depth(raw, MAX_DEPTH):
        raise SaveError("the file is not an Objective save (it is nested far too deeply)")
    if raw.get("format") != FORMAT_TAG:
        raise SaveError("the file is not an Objective save (wrong format tag)")
    version = raw.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save has no readable format version")
    if version < 1:
        raise SaveError(f"the save has an impossible format version ({version})")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"the save was made by a newer version of Objective (format {version}; "
            f"this version reads format {FORMAT_VERSION}); please upgrade"
        )
    try:
        return _record_from(raw)
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(f"the save is damaged: {_field_problem(err)}") from None


def _field_problem(err: Exception) -> str:
    if isinstance(err, KeyError):
        return f"the field {err.args[0]!r} is missing"
    return str(err)


def _want(raw: dict, key: str, kinds: type | tuple[type, ...]) -> Any:
    value = raw[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in _as_tuple(kinds)):
        raise TypeError(f"the field {key!r} has the wrong type")
    return value


def _as_tuple(kinds):
    return kinds if isinstance(kinds, tuple) else (kinds,)


def _checked_seat(name: str, kind: str, level: str | None) -> SeatInfo:
    """A seat as saved, refused with a sentence if no one of that kind or level exists."""
    if kind not in SEAT_KINDS:
        raise ValueError(f"seat {name!r} is played by an unknown kind {kind!r}")
    if kind in LEVELLED:
        if level is not None and level not in LEVELS:
            raise ValueError(f"seat {name!r} has an unknown level {level!r}")
    elif level is not None:
        raise ValueError(f"seat {name!r} ({kind}) cannot have a level")
    return SeatInfo(name, kind, level)


def _record_from(raw: dict) -> GameRecord:
    seats = []
    for seat in _want(raw, "seats", list):
        if not (isinstance(seat, list) and len(seat) == 3):
            raise TypeError("a seat entry is malformed")
        name, kind, level = seat
        if not isinstance(name, str) or not isinstance(kind, str):
            raise TypeError("a seat entry is malformed")
        if level is not None and not isinstance(level, str):
            raise TypeError("a seat entry is malformed")
        seats.append(_checked_seat(name, kind, level))
    options = _want(raw, "options", dict)
    if not all(isinstance(k, str) for k in options):
        raise TypeError("the options are malformed")
    return GameRecord(
        game=_want(raw, "game", str),
        options=options,
        players=_want(raw, "players", int),
        seats=tuple(seats),
        seed=_want(raw, "seed", int),
        actions=tuple(decode_action(a) for a in _want(raw, "actions", list)),
        created=float(_want(raw, "created", (int, float))),
        updated=float(_want(raw, "updated", (int, float))),
        app_version=_want(raw, "app_version", str),
        digest=_want(raw, "digest", str),
        turn=_want(raw, "turn", int),
        finished=_want(raw, "finished", str),
    )


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


def replay_states(record: GameRecord) -> list:
    """Every position of the game, from the opening to the last action (for undo and review)."""
    game, state = start_state(record)
    states = [state]
    # a save from another version may fail because that version's rules differ, not the file
    other = (
        f" (it was made by Objective {record.app_version}, whose rules for this game may differ)"
        if record.app_version != APP_VERSION
        else ""
    )
    for n, action in enumerate(record.actions, 1):
        try:
            state = game.apply(state, action)
        except IllegalAction as err:
            raise SaveError(
                f"the save is damaged: move {n} ({list(action)}) is not legal there "
                f"({err.why}){other}"
            ) from None
        except Exception:
            raise SaveError(
                f"the save is damaged: move {n} ({list(action)}) cannot be played{other}"
            ) from None
        states.append(state)
    if record.digest and state_digest(state) != record.digest:
        raise SaveError(
            f"the save is damaged: replaying it does not reach the saved position{other}"
        )
    return states


def replay(record: GameRecord):
    """The final state of a record, replayed from its seed and checked against its digest."""
    return replay_states(record)[-1]
