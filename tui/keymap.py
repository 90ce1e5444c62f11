"""Rebindable keys: the `[keymap]` table of the settings file, checked before Textual sees it.

Every binding of the program has an id ("game.hint", "board.select", ...). The settings' keymap maps
ids to keys (`"game.hint" = "f6,ctrl+h"`); `App.set_keymap` applies it, so the footer and the F1
help show the keys in force. An entry naming no binding, or a key that cannot be typed, is
reported once at start and skipped: the default key stays.
"""

from __future__ import annotations

import pkgutil
import string
from functools import cache
from importlib import import_module

from textual.binding import Binding
from textual.keys import ASCII_KEY_NAMES, KEY_NAME_REPLACEMENTS, Keys, _character_to_key

MODIFIERS = ("ctrl", "shift", "alt", "meta", "super", "hyper")
_NAMED = {k.value.rpartition("+")[2] for k in Keys} | {
    "enter",
    "space",
    "tab",
    "backspace",
    "delete",
    "insert",
    "home",
    "end",
    "pageup",
    "pagedown",
    "up",
    "down",
    "left",
    "right",
    *(f"f{n}" for n in range(1, 25)),
    *ASCII_KEY_NAMES,
    *KEY_NAME_REPLACEMENTS.values(),
    *(_character_to_key(c) for c in string.punctuation),
}


def key_problem(key: str) -> str | None:
    """Why `key` (one key, e.g. "ctrl+h", "f6", "?") cannot be bound, or None."""
    *mods, name = key.split("+") if key != "+" else ["+"]
    bad = [m for m in mods if m not in MODIFIERS]
    if bad:
        return f"{bad[0]!r} is not a modifier ({', '.join(MODIFIERS)})"
    if not name:
        return "a modifier needs a key after it"
    if len(name) == 1 and name in string.printable and not name.isspace():
        return None
    if name in _NAMED:
        return None
    return f"{name!r} is not a key name (e.g. a, f6, enter, space, up, question_mark)"


def binding_ids(app_class: type) -> dict[str, str]:
    """Every binding id in the program (the app's, its screens' and widgets'), with its default
    keys."""
    return dict(_screen_binding_ids(), **_ids_of(app_class))


def _ids_of(cls: type) -> dict[str, str]:
    return {
        b.id: b.key for b in getattr(cls, "BINDINGS", None) or () if isinstance(b, Binding) and b.id
    }


@cache
def _screen_binding_ids() -> dict[str, str]:
    ids: dict[str, str] = {}
    modules = []
    for package in ("tui.screens", "tui.widgets"):
        pkg = import_module(package)
        modules += [
            import_module(f"{package}.{m.name}") for m in pkgutil.iter_modules(pkg.__path__)
        ]
    for module in modules:
        for obj in vars(module).values():
            if isinstance(obj, type):
                for binding_id, key in _ids_of(obj).items():
                    ids.setdefault(binding_id, key)
    return ids


def checked(keymap: dict[str, str], app_class: type) -> tuple[dict[str, str], list[str]]:
    """The entries that can be applied, and a sentence for each one that cannot."""
    if not keymap:  # the usual case: no need to import every screen to list the ids
        return {}, []
    known = binding_ids(app_class)
    good: dict[str, str] = {}
    problems: list[str] = []
    for binding_id, keys in keymap.items():
        if binding_id not in known:
            problems.append(
                f"Keymap: there is no binding {binding_id!r}; the entry is ignored "
                "(the ids are listed in docs/keys.md)."
            )
            continue
        wanted = [k.strip() for k in keys.split(",")]
        why = next((p for k in wanted if (p := key_problem(k) if k else "an empty key")), None)
        if why:
            problems.append(
                f"Keymap: {binding_id} = {keys!r}: {why}; the default key "
                f"({known[binding_id]}) is kept."
            )
            continue
        good[binding_id] = ",".join(wanted)
    return good, problems


DOC_HEAD = """# Keys and their binding ids

Every key of the program has a binding id. To change a key, put the id in the `[keymap]` table of
the settings file (`settings.toml` in the platform's config folder, e.g.
`~/.config/objective/settings.toml` on Linux, or `$OBJECTIVE_CONFIG_DIR`): several keys are
separated by commas. The footer and F1 show the keys in force; an entry with an unknown id or a key
that cannot be typed is reported when the program starts, and the default key stays.

```toml
[keymap]
"game.hint" = "f6,ctrl+h"
"board.up" = "up,w"
```

Key names: a single character (`a`, `?`), `enter`, `escape`, `space`, `tab`, `up`, `down`, `left`,
`right`, `home`, `end`, `pageup`, `pagedown`, `f1`-`f24`, or a character's name (`question_mark`,
`equals_sign`), each with modifiers `ctrl+`, `shift+`, `alt+`.

"""


def document(app_class: type) -> str:
    """docs/keys.md (a test checks it is current; it prints the command that rewrites it)."""
    rows = [DOC_HEAD + "| id | default keys |", "|---|---|"]
    rows += [f"| `{i}` | `{k}` |" for i, k in sorted(binding_ids(app_class).items())]
    return "\n".join(rows) + "\n"
