"""Fast copies between an immutable state dataclass and the mutable scratch copy `apply` works on.

Each engine's `Work` holds every field of its state for the length of one `apply`. Copying the
fields one by one by name (`setattr(self, name, getattr(s, name))`) and building the new state
through the frozen dataclass's keyword `__init__` cost more than the rules themselves in a search's
rollouts, so the two copies are compiled once per state class into straight-line functions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, fields

from core.engine import event


def _fields_and_setters(state_class: type) -> tuple[list[str], dict]:
    """The dataclass's field names, and each slot's setter by `set_<name>` (it bypasses the
    frozen class's refusal to set attributes, as its own `__init__` does)."""
    names = [f.name for f in fields(state_class)]
    return names, {f"set_{name}": state_class.__dict__[name].__set__ for name in names}


def _slot_twin(state_class: type) -> type | None:
    """A plain class with the frozen class's slots, in the same order: an object made as one
    takes its fields as plain slot stores (the interpreter's quickest; the frozen class's slot
    setters cost four times as much), and then becomes the frozen class by `__class__`
    assignment, which Python allows between classes of the same layout. None where the layouts
    differ (then the slot setters build it)."""
    slots = state_class.__dict__.get("__slots__")
    if slots is None or state_class.__bases__ != (object,):
        return None
    twin = type(f"{state_class.__name__}Scratch", (), {"__slots__": tuple(slots)})
    try:
        object.__new__(twin).__class__ = state_class
    except TypeError:
        return None
    return twin


def _compile(state_class: type, header: str, values: dict[str, str], tail: str = "") -> Callable:
    """A function `header` that makes a new `state_class` object with each field set to the
    expression `values[name]`, then runs `tail` on it (`replacer`'s changes)."""
    names, setters = _fields_and_setters(state_class)
    twin = _slot_twin(state_class)
    if twin is not None:
        body = "    s = new(twin)\n" + "".join(f"    s.{n} = {values[n]}\n" for n in names)
        body += "    s.__class__ = cls\n" + tail
    else:
        body = "    s = new(cls)\n" + "".join(f"    set_{n}(s, {values[n]})\n" for n in names)
        body += tail
    namespace = {"new": object.__new__, "cls": state_class, "twin": twin, **setters}
    exec(f"def made{header}:\n{body}    return s\n", namespace)  # code from the field names
    return namespace["made"]


def copiers(state_class: type, given: tuple[str, ...]) -> tuple:
    """(load, build) for a frozen, slotted dataclass: `load(work, s)` sets every field of `s`
    on `work`; `build(work, *values)` makes a new state from `work`'s fields, except the fields
    named in `given`, whose values are passed in that order (the frozen copies of the lists the
    work mutates). It skips the keyword `__init__`: the values are a state's own fields."""
    names = [f.name for f in fields(state_class)]
    unknown = set(given) - set(names)
    if unknown:
        raise ValueError(f"{state_class.__name__} has no field {sorted(unknown)}")
    namespace: dict = {}
    exec("def load(w, s):\n" + "".join(f"    w.{n} = s.{n}\n" for n in names), namespace)
    values = {n: n if n in given else f"w.{n}" for n in names}
    return namespace["load"], _compile(state_class, f"(w, {', '.join(given)})", values)


def replacer(state_class: type):
    """`dataclasses.replace` for one frozen, slotted dataclass, without the keyword `__init__`:
    `replace(obj, changes)` with `changes` a dict of field values (unknown names refused). The
    fields are copied, then the few changed ones set (a lookup per field cost a third more)."""
    names, setters = _fields_and_setters(state_class)
    tail = (
        "    for name, value in changes.items():\n"
        "        setter = by_name.get(name)\n"
        "        if setter is None:\n"
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')\n"
        "        setter(s, value)\n"
    )
    # the changes are set by the frozen class's own setters, once the copy is of that class
    made = _compile(state_class, "(o, changes, by_name)", {n: f"o.{n}" for n in names}, tail)
    by_name = {name: setters[f"set_{name}"] for name in names}

    def replace(o, changes):
        return made(o, changes, by_name)

    return replace


def changer(state_class: type, changed: tuple[str, ...]):
    """`change(obj, *values)`: a copy of a frozen, slotted dataclass with the fields named in
    `changed` set to `values`, in that order, the rest as they are. `replacer` without the dict
    and the lookups by name, for the steps a search plays most (a bid in a rollout)."""
    names = [f.name for f in fields(state_class)]
    unknown = set(changed) - set(names)
    if unknown:
        raise ValueError(f"{state_class.__name__} has no field {sorted(unknown)}")
    values = {n: n if n in changed else f"o.{n}" for n in names}
    return _compile(state_class, f"(o, {', '.join(changed)})", values)


def maker(state_class: type):
    """The keyword constructor of a frozen, slotted dataclass without defaults, compiled without
    the frozen `__init__`'s per-field `object.__setattr__`: `make(a=..., b=...)` is
    `state_class(a=..., b=...)`, every field required. For the views a search builds at every
    step of its rollouts."""
    names = [f.name for f in fields(state_class)]
    defaulted = [f.name for f in fields(state_class) if f.default is not MISSING]
    defaulted += [f.name for f in fields(state_class) if f.default_factory is not MISSING]
    if defaulted:
        raise ValueError(f"{state_class.__name__} has defaults ({', '.join(defaulted)})")
    return _compile(state_class, f"(*, {', '.join(names)})", {n: n for n in names})


class Found:
    """The legal actions an engine's `run` found where it stopped, kept for the state `play`
    returned: a search asks for them next, and they cost as much again to list. Matched by
    identity and read and written in one step each, so two threads playing at once only miss.
    The list must be the one the state would give afresh, in order (the engines' tests check
    it): the AI breaks ties by that order."""

    __slots__ = ("_kept",)

    def __init__(self) -> None:
        self._kept: tuple = (None, None)

    def keep(self, state, actions: tuple) -> None:
        self._kept = (state, actions)

    def get(self, state) -> tuple | None:
        kept, actions = self._kept
        return actions if kept is state else None


class Recording:
    """The events an engine's `Work` records: `record(kind, ...)` takes `core.engine.event`'s
    arguments and adds the event to the apply's log, unless the apply is quiet (`quiet`: a
    search's sampled worlds, whose events no one reads; building them was a tenth of a
    rollout's time)."""

    __slots__ = ()

    def record(self, kind, **fields) -> None:
        if not self.quiet:
            self.log.append(event(kind, **fields))
