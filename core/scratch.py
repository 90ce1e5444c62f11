"""Fast copies between an immutable state dataclass and the mutable scratch copy `apply` works on.

Each engine's `Work` holds every field of its state for the length of one `apply`. Copying the
fields one by one by name (`setattr(self, name, getattr(s, name))`) and building the new state
through the frozen dataclass's keyword `__init__` cost more than the rules themselves in a search's
rollouts, so the two copies are compiled once per state class into straight-line functions.
"""

from __future__ import annotations

from dataclasses import MISSING, fields

from core.engine import event


def _fields_and_setters(state_class: type) -> tuple[list[str], dict]:
    """The dataclass's field names, and each slot's setter by `set_<name>` (it bypasses the
    frozen class's refusal to set attributes, as its own `__init__` does)."""
    names = [f.name for f in fields(state_class)]
    return names, {f"set_{name}": state_class.__dict__[name].__set__ for name in names}


def copiers(state_class: type, given: tuple[str, ...]) -> tuple:
    """(load, build) for a frozen, slotted dataclass: `load(work, s)` sets every field of `s`
    on `work`; `build(work, *values)` makes a new state from `work`'s fields, except the fields
    named in `given`, whose values are passed in that order (the frozen copies of the lists the
    work mutates). It skips the keyword `__init__`: the values are a state's own fields."""
    names, setters = _fields_and_setters(state_class)
    unknown = set(given) - set(names)
    if unknown:
        raise ValueError(f"{state_class.__name__} has no field {sorted(unknown)}")
    load = "def load(w, s):\n" + "".join(f"    w.{n} = s.{n}\n" for n in names)
    build = (
        f"def build(w, {', '.join(given)}):\n    s = new(cls)\n"
        + "".join(f"    set_{n}(s, {n if n in given else 'w.' + n})\n" for n in names)
        + "    return s\n"
    )
    namespace = {"new": object.__new__, "cls": state_class, **setters}
    exec(load, namespace)  # code made from the class's own field names
    exec(build, namespace)
    return namespace["load"], namespace["build"]


def replacer(state_class: type):
    """`dataclasses.replace` for one frozen, slotted dataclass, without the keyword `__init__`:
    `replace(obj, changes)` with `changes` a dict of field values (unknown names refused). The
    fields are copied, then the few changed ones set (a lookup per field cost a third more)."""
    names, setters = _fields_and_setters(state_class)
    source = (
        "def replace(o, changes):\n"
        "    s = new(cls)\n"
        + "".join(f"    set_{n}(s, o.{n})\n" for n in names)
        + "    for name, value in changes.items():\n"
        "        setter = by_name.get(name)\n"
        "        if setter is None:\n"
        "            raise TypeError(f'{cls.__name__} has no field {name!r}')\n"
        "        setter(s, value)\n"
        "    return s\n"
    )
    by_name = {name: setters[f"set_{name}"] for name in names}
    namespace = {"new": object.__new__, "cls": state_class, "by_name": by_name, **setters}
    exec(source, namespace)
    return namespace["replace"]


def changer(state_class: type, changed: tuple[str, ...]):
    """`change(obj, *values)`: a copy of a frozen, slotted dataclass with the fields named in
    `changed` set to `values`, in that order, the rest as they are. `replacer` without the dict
    and the lookups by name, for the steps a search plays most (a bid in a rollout)."""
    names, setters = _fields_and_setters(state_class)
    unknown = set(changed) - set(names)
    if unknown:
        raise ValueError(f"{state_class.__name__} has no field {sorted(unknown)}")
    source = (
        f"def change(o, {', '.join(changed)}):\n    s = new(cls)\n"
        + "".join(f"    set_{n}(s, {n if n in changed else 'o.' + n})\n" for n in names)
        + "    return s\n"
    )
    namespace = {"new": object.__new__, "cls": state_class, **setters}
    exec(source, namespace)  # code made from the class's own field names
    return namespace["change"]


def maker(state_class: type):
    """The keyword constructor of a frozen, slotted dataclass without defaults, compiled without
    the frozen `__init__`'s per-field `object.__setattr__`: `make(a=..., b=...)` is
    `state_class(a=..., b=...)`, every field required. For the views a search builds at every
    step of its rollouts."""
    names, setters = _fields_and_setters(state_class)
    defaulted = [f.name for f in fields(state_class) if f.default is not MISSING]
    defaulted += [f.name for f in fields(state_class) if f.default_factory is not MISSING]
    if defaulted:
        raise ValueError(f"{state_class.__name__} has defaults ({', '.join(defaulted)})")
    source = (
        f"def make(*, {', '.join(names)}):\n    s = new(cls)\n"
        + "".join(f"    set_{n}(s, {n})\n" for n in names)
        + "    return s\n"
    )
    namespace = {"new": object.__new__, "cls": state_class, **setters}
    exec(source, namespace)
    return namespace["make"]


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
