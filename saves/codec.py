"""The save file format: a small header, then the game record, both msgpack, read within limits.

A version-3 file is two msgpack maps one after the other: the **header** (what a listing needs:
the game, its seats, the turn, the dates, the program and rules versions that made it; a few
hundred bytes) and the **record** (the same fields and the options, the seed, the digest and every
action). A listing reads only the header, from the file's first `MAX_HEADER_BYTES`. A version-2
file is the same without the rules version; a version-1 file is the record map alone. Both still
load and list (their rules version reads as 0, unknown; a version-1 file's actions are skipped
over, never built, when it is only listed).

Nothing is built before it is known to be small: every field but the actions must fit in
`MAX_HEADER_BYTES` together; the actions are counted from their array's header before one is read,
and each is decoded on its own only once its bytes are known to be few. Every value is checked
(type, range, length) the same way when a file is read and before a record is written, so a record
that could not be read back is never written. See docs/save-format.md.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from typing import Any

import msgpack

from core.engine import Action, encode_action
from core.seats import LEVELLED, LEVELS, SEAT_KINDS
from saves.record import GameRecord, SaveError, SeatInfo

FORMAT_TAG = "objective-game-record"
# 1: the record map alone; 2: a header map, then the record map; 3: both with the rules version
FORMAT_VERSION = 3
RULES_SINCE = 3  # the first format that records the game's rules version

# --- limits (docs/save-format.md gives the measured sizes of real games they leave room for) ---
MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_HEADER_BYTES = 64 * 1024  # the header; and, together, every field of the record but actions
MAX_ACTIONS = 1_000_000  # moves in one game
MAX_ACTION_VALUES = 4 * MAX_ACTIONS  # plain values in all the moves together
MAX_ACTION_ITEMS = 16  # values in one move, those of nested arrays included
MAX_ACTION_DEPTH = 3  # a move holding arrays holding arrays
MAX_ACTION_BYTES = 512  # the encoded size of one move
MAX_SEATS = 16
MAX_OPTIONS = 64
MAX_NAME_CHARS = 1000  # a seat's name, the outcome sentence
MAX_WORD_CHARS = 200  # a game id, a version, a digest, an option's name or value
MAX_TURN = 1_000_000
MAX_RULES_VERSION = 1_000_000
LATEST_TIME = 32_503_680_000.0  # 1 January 3000: later dates are damage, not a clock
RECORD_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

HEADER_KEYS = (
    "format",
    "version",
    "id",
    "game",
    "players",
    "seats",
    "turn",
    "finished",
    "created",
    "updated",
    "app_version",
    "rules_version",
    "moves",
)


@dataclass(frozen=True, slots=True)
class SaveHeader:
    """What a listing shows about a save, read without its actions."""

    version: int
    id: str  # "" in a version-1 file
    game: str
    players: int
    seats: tuple[SeatInfo, ...]
    turn: int
    finished: str
    created: float
    updated: float
    app_version: str
    rules_version: int  # 0: unknown (a version-1 or -2 file)
    moves: int

    @classmethod
    def of(cls, record: GameRecord) -> SaveHeader:
        return cls(
            FORMAT_VERSION,
            record.id,
            record.game,
            record.players,
            record.seats,
            record.turn,
            record.finished,
            record.created,
            record.updated,
            record.app_version,
            record.rules_version,
            len(record.actions),
        )


class NeedWholeFile(Exception):
    """The first bytes of a file were not enough to list it (a version-1 save)."""


def damaged(problem: str) -> SaveError:
    return SaveError(f"the save is damaged: {problem}")


# --- writing -------------------------------------------------------------------------------------


def encode(record: GameRecord) -> bytes:
    """A record as the bytes of a version-3 file (SaveError if it could not be read back)."""
    header = _header_map(record)
    body = {
        "format": FORMAT_TAG,
        "version": FORMAT_VERSION,
        "id": record.id,
        "app_version": record.app_version,
        "rules_version": record.rules_version,
        "game": record.game,
        "options": record.options,
        "players": record.players,
        "seats": [[s.name, s.kind, s.level] for s in record.seats],
        "seed": record.seed,
        "created": record.created,
        "updated": record.updated,
        "digest": record.digest,
        "turn": record.turn,
        "finished": record.finished,
    }
    try:
        _check_actions(record.actions)
        _header_from(header, FORMAT_VERSION)
        _record_fields(body, FORMAT_VERSION)
        head = msgpack.packb(header, use_bin_type=True)
        small = msgpack.packb(body, use_bin_type=True)  # every field but the actions
        body["actions"] = [encode_action(a) for a in record.actions]
        rest = msgpack.packb(body, use_bin_type=True)
    except SaveError as err:
        raise SaveError(f"this game cannot be written to a save file ({_reason(err)})") from None
    except (TypeError, ValueError, OverflowError) as err:
        raise SaveError(f"this game cannot be written to a save file ({err})") from err
    if len(head) > MAX_HEADER_BYTES or len(small) > MAX_HEADER_BYTES:
        raise SaveError("this game cannot be written to a save file (its names are far too long)")
    return head + rest


def _header_map(record: GameRecord) -> dict:
    return {
        "format": FORMAT_TAG,
        "version": FORMAT_VERSION,
        "id": record.id,
        "game": record.game,
        "players": record.players,
        "seats": [[s.name, s.kind, s.level] for s in record.seats],
        "turn": record.turn,
        "finished": record.finished,
        "created": record.created,
        "updated": record.updated,
        "app_version": record.app_version,
        "rules_version": record.rules_version,
        "moves": len(record.actions),
    }


def _reason(err: SaveError) -> str:
    return str(err).removeprefix("the save is damaged: ")


# --- reading -------------------------------------------------------------------------------------


def decode(data: bytes) -> GameRecord:
    """Bytes of a save file (either version) -> a record, or SaveError saying what is wrong."""
    try:
        return _decode(data)
    except _Short:
        raise SaveError("the save file is cut short (truncated)") from None


def _decode(data: bytes) -> GameRecord:
    reader = _open(data)
    first, actions_at = reader.fields()
    version = _version(first)
    header = None
    fields = first
    if version > 1:
        if actions_at is not None:
            raise damaged("its header holds the moves")
        header = _header_from(first, version)
        fields, actions_at = reader.fields()
        if fields.get("format") != FORMAT_TAG or fields.get("version") != version:
            raise damaged("its record does not match its header")
        _want(fields, "id")
    reader.at_end()
    if actions_at is None:
        raise damaged("the field 'actions' is missing")
    record = _record_from(fields, reader.actions(*actions_at), version)
    if header is not None and replace(SaveHeader.of(record), version=version) != header:
        raise damaged("its header does not match its record")
    return record


def decode_header(data: bytes, whole: bool) -> SaveHeader:
    """What a listing needs, from the first bytes of a file (`whole`: all of them).

    Raises NeedWholeFile when those bytes are not enough (a version-1 file is one map that ends
    after its moves) and SaveError when the file is not a readable save."""
    try:
        reader = _open(data)
        first, actions_at = reader.fields()
    except _Short:
        if whole:
            raise SaveError("the save file is cut short (truncated)") from None
        raise NeedWholeFile from None
    version = _version(first)
    if version > 1:
        if actions_at is not None:
            raise damaged("its header holds the moves")
        return _header_from(first, version)
    if actions_at is None:
        raise damaged("the field 'actions' is missing")
    if actions_at[1] > MAX_ACTIONS:
        raise _too_many(actions_at[1])
    fields = {**first, "id": "", "moves": actions_at[1]}
    _record_fields(fields, version)
    return _header_from(fields, version)


def _open(data: bytes) -> _Reader:
    if not data:
        raise SaveError("the file is empty")
    if len(data) > MAX_FILE_BYTES:
        raise SaveError("the file is far too large to be a save")
    if _looks_like_text(data):
        raise SaveError("the file is plain text, not an Objective save")
    return _Reader(data)


def _looks_like_text(data: bytes) -> bool:
    try:
        text = data[:4096].decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(ch.isprintable() or ch in "\r\n\t" for ch in text)


def _version(fields: dict) -> int:
    if fields.get("format") != FORMAT_TAG:
        raise SaveError("the file is not an Objective save (wrong format tag)")
    version = fields.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError("the save has no readable format version")
    if version < 1:
        raise SaveError(f"the save has an impossible format version ({version})")
    if version > FORMAT_VERSION:
        raise SaveError(
            f"the save was made by a newer version of Objective (format {version}; "
            f"this version reads format {FORMAT_VERSION}); please upgrade"
        )
    return version


def _too_deep() -> SaveError:
    return SaveError("the file is not an Objective save (it is nested far too deeply)")


class _Short(Exception):
    """The bytes end in the middle of a value."""


# the first byte of a msgpack value -> its kind
_FIXMAP, _FIXARRAY = range(0x80, 0x90), range(0x90, 0xA0)


class _Reader:
    """Walks the top of a msgpack stream without building what it skips (msgpack's `skip`)."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.unpacker = msgpack.Unpacker(raw=False, max_buffer_size=len(data))
        self.unpacker.feed(data)

    @property
    def pos(self) -> int:
        return self.unpacker.tell()

    def _length(self, fix: range, long16: int, long32: int) -> int | None:
        """The item count of the map or array starting here (None: something else is here)."""
        data, pos = self.data, self.pos
        if pos >= len(data):
            raise _Short
        first = data[pos]
        if first in fix:
            return first - fix.start
        size = {long16: 2, long32: 4}.get(first)
        if size is None:
            return None
        if pos + 1 + size > len(data):
            raise _Short
        return int.from_bytes(data[pos + 1 : pos + 1 + size], "big")

    def skip(self) -> tuple[int, int]:
        """Step over one value; its start and end."""
        start = self.pos
        try:
            self.unpacker.skip()
        except msgpack.OutOfData:
            raise _Short from None
        except msgpack.StackError:
            raise _too_deep() from None
        except (ValueError, msgpack.FormatError):
            raise SaveError("the file is not an Objective save (it is not msgpack data)") from None
        return start, self.pos

    def fields(self) -> tuple[dict[str, Any], tuple[int, int] | None]:
        """The map starting here: every field but `actions` decoded (all of them together within
        MAX_HEADER_BYTES), and where `actions` starts with its count (None if it is absent)."""
        count = self._length(_FIXMAP, 0xDE, 0xDF)
        if count is None:
            self.skip()  # says so if it is not msgpack at all
            raise SaveError("the file holds data, but not a game record")
        self.unpacker.read_map_header()
        fields: dict[str, Any] = {}
        actions_at = None
        size = 0
        for _ in range(count):
            start, end = self.skip()
            size += end - start
            if size > MAX_HEADER_BYTES:
                raise damaged("it holds far more than a game record")
            key = _small(self.data[start:end])
            if not isinstance(key, str):
                raise damaged("a field's name is not text")
            if key == "actions":
                moves = self._length(_FIXARRAY, 0xDC, 0xDD)
                if moves is None:
                    raise damaged("the field 'actions' has the wrong type")
                actions_at = (self.pos, moves)
                self.skip()
                continue
            start, end = self.skip()
            size += end - start
            if size > MAX_HEADER_BYTES:
                raise damaged("it holds far more than a game record")
            fields[key] = _small(self.data[start:end])
        return fields, actions_at

    def at_end(self) -> None:
        if self.pos != len(self.data):
            raise SaveError("the file is not an Objective save (unexpected bytes in it)")

    def actions(self, at: int, count: int) -> tuple[Action, ...]:
        """The moves whose array starts at `at`, each decoded only once its size is known."""
        if count > MAX_ACTIONS:
            raise _too_many(count)
        view = memoryview(self.data)
        unpacker = msgpack.Unpacker(raw=False, max_buffer_size=len(self.data) - at)
        unpacker.feed(view[at:])
        unpacker.read_array_header()
        out = []
        values = 0
        for n in range(1, count + 1):
            start = unpacker.tell()
            unpacker.skip()
            end = unpacker.tell()
            if end - start > MAX_ACTION_BYTES:
                raise damaged(f"move {n} is far too large")
            try:
                action = msgpack.unpackb(view[at + start : at + end], **_ACTION_LIMITS)
            except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError):
                raise damaged(f"move {n} is not a list of plain values") from None
            values += _check_action(action, n)
            if values > MAX_ACTION_VALUES:
                raise damaged("its moves hold far more values than a game makes")
            out.append(action)
        return tuple(out)


_SMALL_LIMITS = dict(
    raw=False,
    strict_map_key=False,
    use_list=True,
    max_str_len=MAX_HEADER_BYTES,
    max_bin_len=0,
    max_ext_len=0,
    max_array_len=max(MAX_SEATS, MAX_OPTIONS),
    max_map_len=MAX_OPTIONS,
)
_ACTION_LIMITS = dict(
    raw=False,
    use_list=False,  # an action is a tuple (nested ones too)
    max_str_len=MAX_ACTION_BYTES,
    max_bin_len=0,
    max_ext_len=0,
    max_array_len=MAX_ACTION_ITEMS,
    max_map_len=0,
)


def _small(data: bytes) -> Any:
    """A value of at most MAX_HEADER_BYTES bytes."""
    try:
        return msgpack.unpackb(data, **_SMALL_LIMITS)
    except msgpack.StackError:
        raise _too_deep() from None
    except UnicodeDecodeError:
        raise damaged("a text in it is not UTF-8") from None
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError):
        raise damaged("a field holds far too much or is not msgpack data") from None


# --- checks (the same when reading and before writing) -------------------------------------------


def _check_actions(actions) -> None:
    if len(actions) > MAX_ACTIONS:
        raise _too_many(len(actions))
    values = 0
    for n, action in enumerate(actions, 1):
        values += _check_action(action, n)
    if values > MAX_ACTION_VALUES:
        raise damaged("its moves hold far more values than a game makes")


def _too_many(moves: int) -> SaveError:
    return damaged(f"it holds {moves:,} moves, more than a save can ({MAX_ACTIONS:,})")


def _check_action(action: Any, n: int) -> int:
    """The number of values in a move, or SaveError if it is not one."""
    # the moves every game makes: a verb, then a few whole numbers and words
    if type(action) is tuple and 0 < len(action) <= MAX_ACTION_ITEMS and type(action[0]) is str:
        for x in action:
            kind = type(x)
            if not (kind is int or (kind is str and len(x) <= MAX_WORD_CHARS)):
                break
        else:
            return len(action)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        raise damaged(f"move {n} is not a list of plain values, verb first")
    values = 0
    stack = [(action, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_ACTION_DEPTH:
            raise damaged(f"move {n} is nested too deeply")
        for x in item:
            values += 1
            if isinstance(x, tuple):
                stack.append((x, depth + 1))
            elif not (x is None or isinstance(x, bool | int | str)):
                raise damaged(f"move {n} holds a {type(x).__name__}, not a plain value")
            elif isinstance(x, str) and len(x) > MAX_WORD_CHARS:
                raise damaged(f"move {n} holds a far too long text")
    if values > MAX_ACTION_ITEMS:
        raise damaged(f"move {n} holds far too many values")
    return values


def _want(fields: dict, key: str) -> Any:
    try:
        return fields[key]
    except KeyError:
        raise damaged(f"the field {key!r} is missing") from None


def _text(fields: dict, key: str, limit: int = MAX_WORD_CHARS) -> str:
    value = _want(fields, key)
    if not isinstance(value, str):
        raise damaged(f"the field {key!r} has the wrong type")
    if len(value) > limit:
        raise damaged(f"the field {key!r} is far too long")
    return value


def _int(fields: dict, key: str, low: int, high: int) -> int:
    value = _want(fields, key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise damaged(f"the field {key!r} has the wrong type")
    if not low <= value <= high:
        raise damaged(f"the field {key!r} is out of range ({value})")
    return value


def _time(fields: dict, key: str) -> float:
    value = _want(fields, key)
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise damaged(f"the field {key!r} has the wrong type")
    if not (math.isfinite(value) and 0 <= value <= LATEST_TIME):
        raise damaged(f"the field {key!r} is not a date ({value!r})")
    return float(value)


def _record_id(fields: dict) -> str:
    value = _text(fields, "id")
    if value and not RECORD_ID.fullmatch(value):
        raise damaged("the field 'id' is not a game id")
    return value


def _seats(fields: dict) -> tuple[SeatInfo, ...]:
    seats = _want(fields, "seats")
    if not isinstance(seats, list):
        raise damaged("the field 'seats' has the wrong type")
    if len(seats) > MAX_SEATS:
        raise damaged("it has far too many seats")
    out = []
    for seat in seats:
        if not (isinstance(seat, list) and len(seat) == 3):
            raise damaged("a seat entry is malformed")
        name, kind, level = seat
        if not isinstance(name, str) or not isinstance(kind, str):
            raise damaged("a seat entry is malformed")
        if level is not None and not isinstance(level, str):
            raise damaged("a seat entry is malformed")
        if len(name) > MAX_NAME_CHARS:
            raise damaged("a seat's name is far too long")
        out.append(_checked_seat(name, kind, level))
    return tuple(out)


def _checked_seat(name: str, kind: str, level: str | None) -> SeatInfo:
    """A seat as saved, refused with a sentence if no one of that kind or level exists."""
    if kind not in SEAT_KINDS:
        raise damaged(f"seat {name[:40]!r} is played by an unknown kind {kind[:40]!r}")
    if kind in LEVELLED:
        if level is not None and level not in LEVELS:
            raise damaged(f"seat {name[:40]!r} has an unknown level {level[:40]!r}")
    elif level is not None:
        raise damaged(f"seat {name[:40]!r} ({kind}) cannot have a level")
    return SeatInfo(name, kind, level)


def _options(fields: dict) -> dict[str, Any]:
    options = _want(fields, "options")
    if not isinstance(options, dict):
        raise damaged("the field 'options' has the wrong type")
    for key, value in options.items():
        if not isinstance(key, str) or len(key) > MAX_WORD_CHARS:
            raise damaged("the options are malformed")
        if not isinstance(value, bool | int | str):
            raise damaged(f"the option {key!r} has the wrong type")
        if isinstance(value, str) and len(value) > MAX_WORD_CHARS:
            raise damaged(f"the option {key!r} is far too long")
    return options


def _rules_version(fields: dict, version: int) -> int:
    """The game's rules version a record was played under (0, unknown, before format 3)."""
    return _int(fields, "rules_version", 0, MAX_RULES_VERSION) if version >= RULES_SINCE else 0


def _header_from(fields: dict, version: int) -> SaveHeader:
    return SaveHeader(
        version=version,
        id=_record_id(fields),
        game=_text(fields, "game"),
        players=_int(fields, "players", 1, MAX_SEATS),
        seats=_seats(fields),
        turn=_int(fields, "turn", 0, MAX_TURN),
        finished=_text(fields, "finished", MAX_NAME_CHARS),
        created=_time(fields, "created"),
        updated=_time(fields, "updated"),
        app_version=_text(fields, "app_version"),
        rules_version=_rules_version(fields, version),
        moves=_int(fields, "moves", 0, MAX_ACTIONS),
    )


def _record_fields(fields: dict, version: int) -> dict[str, Any]:
    """The checked fields of a record of a file of `version` (all but its actions)."""
    return {
        "id": _record_id(fields) if "id" in fields else "",
        "game": _text(fields, "game"),
        "options": _options(fields),
        "players": _int(fields, "players", 1, MAX_SEATS),
        "seats": _seats(fields),
        "seed": _int(fields, "seed", -(2**63), 2**64 - 1),
        "created": _time(fields, "created"),
        "updated": _time(fields, "updated"),
        "app_version": _text(fields, "app_version"),
        "rules_version": _rules_version(fields, version),
        "digest": _text(fields, "digest"),
        "turn": _int(fields, "turn", 0, MAX_TURN),
        "finished": _text(fields, "finished", MAX_NAME_CHARS),
    }


def _record_from(fields: dict, actions: tuple[Action, ...], version: int) -> GameRecord:
    return GameRecord(actions=actions, **_record_fields(fields, version))
