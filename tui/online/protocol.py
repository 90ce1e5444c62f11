"""The room protocol: frame types, the version, the limits, and every frame checked into plain
typed values before anyone looks at it (docs/online.md).

A frame is one msgpack map with `"t"` (its type) and `"v"` (the protocol version). Client
frames are decoded with msgpack's plain types only and validated field by field here; the room
never sees anything else. Room frames are built by the `*_frame` functions and read back by
`parse_room_frame` into the dataclasses below, with views, events, actions and outcomes decoded
by `codec` (a whitelist of the core's own types).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import msgpack

from core.engine import Action, Event, Outcome, decode_action, encode_action
from tui.online import codec

PROTOCOL_VERSION = 1

MAX_CLIENT_FRAME = 4 * 1024  # a hello, a decision: a few hundred bytes
MAX_ROOM_FRAME = 1024 * 1024  # a view is a few KB: ~3 KB on Conquer's biggest map, 6 players
MAX_TOKEN_CHARS = 128
MAX_ACTION_ITEMS = 16  # the save format's limits for one action
MAX_ACTION_DEPTH = 3
MAX_ACTION_BYTES = 512
MAX_DECISIONS = 10_000_000
MAX_REASON_CHARS = 1000

STATUSES = ("thinking", "waiting", "disconnected", "ai")


class ProtocolError(ValueError):
    """A frame that breaks the protocol. str() is one sentence saying what is wrong."""


# --- frames a client sends ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Hello:
    token: str


@dataclass(frozen=True, slots=True)
class Decide:
    n: int
    action: Action


@dataclass(frozen=True, slots=True)
class Undo:
    n: int


@dataclass(frozen=True, slots=True)
class Ping:
    pass


@dataclass(frozen=True, slots=True)
class Leave:
    pass


ClientFrame = Hello | Decide | Undo | Ping | Leave

CLIENT_FIELDS = {
    "hello": ("token",),
    "decide": ("n", "action"),
    "undo": ("n",),
    "ping": (),
    "bye": (),
}


def hello_frame(token: str) -> dict:
    return {"t": "hello", "v": PROTOCOL_VERSION, "token": token}


def decide_frame(n: int, action: Action) -> dict:
    return {"t": "decide", "v": PROTOCOL_VERSION, "n": n, "action": encode_action(action)}


def undo_frame(n: int) -> dict:
    return {"t": "undo", "v": PROTOCOL_VERSION, "n": n}


def ping_frame() -> dict:
    return {"t": "ping", "v": PROTOCOL_VERSION}


def leave_frame() -> dict:
    return {"t": "bye", "v": PROTOCOL_VERSION}


def pack(frame: dict) -> bytes:
    return msgpack.packb(frame, use_bin_type=True)


def _no_ext(code: int, data: bytes) -> Any:
    raise ProtocolError("a frame holds plain values only (no msgpack extension types)")


def unpack_client(data: Any) -> dict:
    """The bytes of one client frame as a map of plain values (ProtocolError otherwise)."""
    if not isinstance(data, bytes | bytearray):
        raise ProtocolError("frames are binary msgpack, not text")
    if len(data) > MAX_CLIENT_FRAME:
        raise ProtocolError(f"a frame is at most {MAX_CLIENT_FRAME} bytes")
    try:
        frame = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=True,
            ext_hook=_no_ext,
            timestamp=0,
            max_str_len=MAX_CLIENT_FRAME,
            max_bin_len=0,
            max_array_len=MAX_ACTION_ITEMS,
            max_map_len=8,
            max_ext_len=MAX_CLIENT_FRAME,  # (so _no_ext says what is wrong)
        )
    except ProtocolError:
        raise
    except Exception:  # msgpack raises ValueError, ExtraData, FormatError, StackError...
        raise ProtocolError("the frame is not one msgpack map") from None
    if not isinstance(frame, dict):
        raise ProtocolError("a frame is a msgpack map")
    return frame


def parse_client_frame(data: Any) -> ClientFrame:
    """One client frame, checked: its type, version and every field (ProtocolError if not)."""
    frame = unpack_client(data)
    kind = _kind(frame, CLIENT_FIELDS)
    if kind == "hello":
        token = frame["token"]
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
            raise ProtocolError("a hello's token is a short string")
        return Hello(token)
    if kind == "decide":
        return Decide(_decision_number(frame["n"]), _action(frame["action"]))
    if kind == "undo":
        return Undo(_decision_number(frame["n"]))
    if kind == "ping":
        return Ping()
    return Leave()


def _kind(frame: dict, fields: dict[str, tuple[str, ...]]) -> str:
    kind = frame.get("t")
    if not isinstance(kind, str) or kind not in fields:
        raise ProtocolError(f"unknown frame type {str(kind)[:40]!r}")
    version = frame.get("v")
    if version != PROTOCOL_VERSION or isinstance(version, bool):
        raise ProtocolError(
            f"this room speaks protocol version {PROTOCOL_VERSION}, not {str(version)[:20]!r}"
        )
    expected = {"t", "v", *fields[kind]}
    extra = sorted(str(k) for k in frame if k not in expected)
    if extra:
        raise ProtocolError(f"a {kind} frame has no field {extra[0][:40]!r}")
    missing = sorted(k for k in expected if k not in frame)
    if missing:
        raise ProtocolError(f"a {kind} frame needs the field {missing[0]!r}")
    return kind


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _decision_number(n: Any) -> int:
    if not _whole(n) or not 0 <= n <= MAX_DECISIONS:
        raise ProtocolError("a decision number is a whole number")
    return n


def _action(data: Any) -> Action:
    if not isinstance(data, list) or not data:
        raise ProtocolError("an action is a non-empty array")
    if len(msgpack.packb(data, use_bin_type=True)) > MAX_ACTION_BYTES:
        raise ProtocolError(f"an action is at most {MAX_ACTION_BYTES} bytes")
    _check_action_shape(data, 1, [0])
    try:
        return decode_action(data)
    except ValueError as err:
        raise ProtocolError(str(err)) from None


def _check_action_shape(data: list, depth: int, count: list[int]) -> None:
    if depth > MAX_ACTION_DEPTH:
        raise ProtocolError(f"an action nests arrays at most {MAX_ACTION_DEPTH} deep")
    for x in data:
        count[0] += 1
        if count[0] > MAX_ACTION_ITEMS:
            raise ProtocolError(f"an action holds at most {MAX_ACTION_ITEMS} values")
        if isinstance(x, list):
            _check_action_shape(x, depth + 1, count)
        elif not (x is None or isinstance(x, bool | int | str)):
            raise ProtocolError("an action holds plain values")


# --- frames the room sends ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Welcome:
    seat: int
    game: str
    players: int
    seat_names: tuple[str, ...]
    seat_kinds: tuple[str, ...]
    options: dict[str, Any]
    rules_version: int
    protocol: int
    app_version: str
    room: str


@dataclass(frozen=True, slots=True)
class Acted:
    """Who made the decision a view follows, and what this seat may know of it."""

    seat: int
    text: str
    turn: int
    action: Action | None  # only when this seat may know it


@dataclass(frozen=True, slots=True)
class ViewFrame:
    n: int
    view: Any
    to_move: int | None
    turn: int
    events: tuple[Event, ...]
    acted: Acted | None
    status: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class YourTurn:
    n: int
    legal: tuple[tuple[Action, str], ...]
    undo: str  # "" when this seat may take back its last decision; else why not


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str
    n: int | None


@dataclass(frozen=True, slots=True)
class GameOver:
    outcome: Outcome
    view: Any


@dataclass(frozen=True, slots=True)
class Bye:
    reason: str


RoomFrame = Welcome | ViewFrame | YourTurn | Refused | GameOver | Bye

ROOM_FIELDS = {
    "welcome": (
        "seat",
        "game",
        "players",
        "seat_names",
        "seat_kinds",
        "options",
        "rules_version",
        "protocol",
        "app_version",
        "room",
    ),
    "view": ("n", "view", "to_move", "turn", "events", "acted", "status"),
    "your_turn": ("n", "legal", "undo"),
    "refused": ("reason", "n"),
    "game_over": ("outcome", "view"),
    "bye": ("reason",),
}


def welcome_frame(w: Welcome) -> dict:
    return {
        "t": "welcome",
        "v": PROTOCOL_VERSION,
        "seat": w.seat,
        "game": w.game,
        "players": w.players,
        "seat_names": list(w.seat_names),
        "seat_kinds": list(w.seat_kinds),
        "options": dict(w.options),
        "rules_version": w.rules_version,
        "protocol": w.protocol,
        "app_version": w.app_version,
        "room": w.room,
    }


def view_frame(f: ViewFrame) -> dict:
    acted = None
    if f.acted is not None:
        a = f.acted
        action = None if a.action is None else encode_action(a.action)
        acted = {"seat": a.seat, "text": a.text, "turn": a.turn, "action": action}
    return {
        "t": "view",
        "v": PROTOCOL_VERSION,
        "n": f.n,
        "view": codec.encode(f.view),
        "to_move": f.to_move,
        "turn": f.turn,
        "events": codec.encode(tuple(f.events)),
        "acted": acted,
        "status": list(f.status),
    }


def your_turn_frame(f: YourTurn) -> dict:
    legal = [[encode_action(a), text] for a, text in f.legal]
    return {"t": "your_turn", "v": PROTOCOL_VERSION, "n": f.n, "legal": legal, "undo": f.undo}


def refused_frame(reason: str, n: int | None = None) -> dict:
    return {"t": "refused", "v": PROTOCOL_VERSION, "reason": reason, "n": n}


def game_over_frame(f: GameOver) -> dict:
    return {
        "t": "game_over",
        "v": PROTOCOL_VERSION,
        "outcome": codec.encode(f.outcome),
        "view": codec.encode(f.view),
    }


def bye_frame(reason: str) -> dict:
    return {"t": "bye", "v": PROTOCOL_VERSION, "reason": reason}


def parse_room_frame(data: Any) -> RoomFrame:
    """One frame from a room, checked and decoded (ProtocolError, or codec.CodecError, if it
    is not one this program understands)."""
    if not isinstance(data, bytes | bytearray):
        raise ProtocolError("the room sent text, not a binary msgpack frame")
    try:
        frame = msgpack.unpackb(
            data,
            raw=False,
            strict_map_key=False,
            ext_hook=_no_ext,
            timestamp=0,
        )
    except ProtocolError:
        raise
    except Exception:
        raise ProtocolError("the room sent a frame that is not msgpack") from None
    if not isinstance(frame, dict):
        raise ProtocolError("the room sent a frame that is not a map")
    kind = _kind(frame, ROOM_FIELDS)
    try:
        return _ROOM_READERS[kind](frame)
    except (KeyError, TypeError, ValueError, IndexError) as err:
        if isinstance(err, ProtocolError):
            raise
        raise ProtocolError(f"the room sent a {kind} frame this program cannot read") from None


def _text(value: Any, limit: int = MAX_REASON_CHARS) -> str:
    if not isinstance(value, str):
        raise ProtocolError("a text field is a string")
    return value[:limit]


def _seat(value: Any) -> int | None:
    if value is None:
        return None
    if not _whole(value) or not 0 <= value < 64:
        raise ProtocolError("a seat is a small whole number")
    return value


def _read_welcome(f: dict) -> Welcome:
    options = f["options"]
    if not isinstance(options, dict) or not all(isinstance(k, str) for k in options):
        raise ProtocolError("the room's options are a map")
    for value in options.values():
        if not (isinstance(value, bool | int | str)):
            raise ProtocolError("an option is a bool, a number or a word")
    names, kinds = f["seat_names"], f["seat_kinds"]
    players = f["players"]
    if not _whole(players) or not isinstance(names, list) or not isinstance(kinds, list):
        raise ProtocolError("the room's seats are not readable")
    if len(names) != players or len(kinds) != players:
        raise ProtocolError("the room's seat list does not match its players")
    return Welcome(
        seat=_seat(f["seat"]),
        game=_text(f["game"], 64),
        players=players,
        seat_names=tuple(_text(x, 200) for x in names),
        seat_kinds=tuple(_text(x, 40) for x in kinds),
        options=dict(options),
        rules_version=int(f["rules_version"]),
        protocol=int(f["protocol"]),
        app_version=_text(f["app_version"], 64),
        room=_text(f["room"], 64),
    )


def _read_view(f: dict) -> ViewFrame:
    acted = f["acted"]
    if acted is not None:
        if not isinstance(acted, dict) or set(acted) != {"seat", "text", "turn", "action"}:
            raise ProtocolError("the room's account of a decision is not readable")
        action = acted["action"]
        acted = Acted(
            seat=_seat(acted["seat"]),
            text=_text(acted["text"]),
            turn=int(acted["turn"]),
            action=None if action is None else decode_action(action),
        )
    events = codec.decode(f["events"])
    if not isinstance(events, tuple) or not all(isinstance(e, Event) for e in events):
        raise ProtocolError("the room's events are not events")
    status = f["status"]
    if not isinstance(status, list) or any(s not in STATUSES for s in status):
        raise ProtocolError("the room's seat status is not readable")
    return ViewFrame(
        n=_decision_number(f["n"]),
        view=codec.decode(f["view"]),
        to_move=_seat(f["to_move"]),
        turn=int(f["turn"]),
        events=events,
        acted=acted,
        status=tuple(status),
    )


def _read_your_turn(f: dict) -> YourTurn:
    legal = f["legal"]
    if not isinstance(legal, list) or not legal:
        raise ProtocolError("the room's legal actions are not a list")
    pairs = []
    for pair in legal:
        if not isinstance(pair, list) or len(pair) != 2:
            raise ProtocolError("a legal action is an [action, description] pair")
        pairs.append((decode_action(pair[0]), _text(pair[1])))
    return YourTurn(_decision_number(f["n"]), tuple(pairs), _text(f["undo"]))


def _read_refused(f: dict) -> Refused:
    n = f["n"]
    return Refused(_text(f["reason"]), None if n is None else _decision_number(n))


def _read_game_over(f: dict) -> GameOver:
    outcome = codec.decode(f["outcome"])
    if not isinstance(outcome, Outcome):
        raise ProtocolError("the room's outcome is not an outcome")
    return GameOver(outcome, codec.decode(f["view"]))


def _read_bye(f: dict) -> Bye:
    return Bye(_text(f["reason"]))


_ROOM_READERS = {
    "welcome": _read_welcome,
    "view": _read_view,
    "your_turn": _read_your_turn,
    "refused": _read_refused,
    "game_over": _read_game_over,
    "bye": _read_bye,
}
