"""Views, actions, events and outcomes as msgpack-safe plain data, and back (docs/online.md).

Only the core's own types on one explicit list (`WIRE_TYPES`) are encoded or decoded: an object
is a map with one key, its wire name, holding its fields in order (`{"conquer.Chit": [3, 0, 17,
6, false, false, false]}`); an event kind is `{"conquer.kind": "die"}`. Nothing else is ever
built from a name that came over the wire, and a type not on the list (a state's `Dice`) cannot
be encoded by mistake. `decode(encode(x)) == x` for every game's views, actions and events.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from core.conquer.events import ConquerEvent
from core.conquer.game import ConquerView
from core.conquer.state import Castle, Casualties, Chit, CState, Native, Order
from core.conquer.state import Rules as ConquerRules
from core.engine import Event, Outcome
from core.objectives.events import ObjectivesEvent
from core.objectives.state import Rules as ObjectivesRules
from core.objectives.view import CombatView, OVView, ReinforceView
from core.solitaire.events import SolitaireEvent
from core.solitaire.game import SolitaireView
from core.solitaire.state import Rules as SolitaireRules
from core.solitaire.state import SolitaireState

MAX_DEPTH = 32

WIRE_TYPES: dict[str, type] = {
    "Event": Event,
    "Outcome": Outcome,
    "objectives.OVView": OVView,
    "objectives.CombatView": CombatView,
    "objectives.ReinforceView": ReinforceView,
    "objectives.Rules": ObjectivesRules,
    "conquer.ConquerView": ConquerView,
    "conquer.CState": CState,
    "conquer.Rules": ConquerRules,
    "conquer.Chit": Chit,
    "conquer.Native": Native,
    "conquer.Castle": Castle,
    "conquer.Order": Order,
    "conquer.Casualties": Casualties,
    "solitaire.SolitaireView": SolitaireView,
    "solitaire.SolitaireState": SolitaireState,
    "solitaire.Rules": SolitaireRules,
}

WIRE_KINDS: dict[str, type[Enum]] = {
    "solitaire.kind": SolitaireEvent,
    "objectives.kind": ObjectivesEvent,
    "conquer.kind": ConquerEvent,
}

_PLAIN = (type(None), bool, int, float, str)
_NAMES = {cls: name for name, cls in WIRE_TYPES.items()}
_KIND_NAMES = {cls: name for name, cls in WIRE_KINDS.items()}


def _field_names(cls: type) -> tuple[str, ...]:
    if is_dataclass(cls):
        return tuple(f.name for f in fields(cls))
    return tuple(cls._fields)  # a NamedTuple


_FIELDS = {cls: _field_names(cls) for cls in WIRE_TYPES.values()}


class CodecError(ValueError):
    """A value that is not on the wire's list of types, or data that is not one encoded."""


def encode(value: Any, depth: int = 0) -> Any:
    """`value` (the core's views, actions, events, outcomes and what they hold) as plain data."""
    if depth > MAX_DEPTH:
        raise CodecError("the value nests too deep to send")
    cls = type(value)
    if cls in _PLAIN:  # exactly: an event kind is a str too, but a str has no words
        return value
    kind = _KIND_NAMES.get(cls)
    if kind is not None:
        return {kind: value.value}
    name = _NAMES.get(cls)
    if name is not None:
        return {name: [encode(getattr(value, f), depth + 1) for f in _FIELDS[cls]]}
    if cls is tuple:
        return [encode(x, depth + 1) for x in value]
    raise CodecError(f"a {cls.__name__} is not sent to a room's players")


def decode(data: Any, depth: int = 0) -> Any:
    """The value `encode` made `data` from (CodecError if `data` is not such a thing)."""
    if depth > MAX_DEPTH:
        raise CodecError("the data nests too deep")
    if data is None or isinstance(data, bool | int | float | str):
        return data
    if isinstance(data, list | tuple):
        return tuple(decode(x, depth + 1) for x in data)
    if isinstance(data, dict) and len(data) == 1:
        ((name, body),) = data.items()
        cls = WIRE_TYPES.get(name) if isinstance(name, str) else None
        if cls is not None:
            names = _FIELDS[cls]
            if not isinstance(body, list | tuple) or len(body) != len(names):
                raise CodecError(f"a {name} has {len(names)} fields")
            try:
                return cls(*(decode(x, depth + 1) for x in body))
            except TypeError:
                raise CodecError(f"a {name} that cannot be built") from None
        kinds = WIRE_KINDS.get(name) if isinstance(name, str) else None
        if kinds is not None:
            try:
                return kinds(body)
            except ValueError:
                raise CodecError(f"{body!r:.40} is not a {name}") from None
        raise CodecError(f"{str(name)[:40]!r} is not a type a room sends")
    raise CodecError(f"a {type(data).__name__} is not data a room sends")
