"""The player's settings: one TOML file in the platform's config folder, read once at start.

`$OBJECTIVE_CONFIG_DIR`, else `platformdirs.user_config_dir("objective")`, holds
`settings.toml`. A file that cannot be read or parsed is reported once, moved aside to
`settings.toml.bad` (never silently lost) and replaced by the defaults; a value of the wrong type
or out of range is reported and its default kept. Writes are atomic, like saves, and rewrite
only the lines of the settings that changed: the player's comments, the keymap and the keys a
newer version wrote stay as they are.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from core.seats import SEAT_CHOICES

FILE_NAME = "settings.toml"

# AI speed: the pause between two steps the other side plays out (seconds), by name
STEP_PAUSES = {"instant": 0.0, "fast": 0.15, "normal": 0.4, "slow": 0.8}
THINK_CAPS = {"level": None, "quick": 0.5, "one second": 1.0}  # None: each level's own time


@dataclass(frozen=True)
class Settings:
    theme: str = "textual-dark"
    ai_speed: str = "normal"  # the pause between the steps the other side plays out
    think: str = "level"  # how long an AI seat may think: its level's time, or a cap on it
    animate: bool = True  # native moves and dice played out step by step
    confirm_end_turn: bool = False
    default_seats: tuple[str, ...] = ()  # seat kinds for a new game, by seat (empty: the usual)
    intro_seen: tuple[str, ...] = ()  # games whose first-time page has been shown
    # the last game started on the New game screen, which opens on it next time
    last_game: str = ""
    last_players: int = 0
    last_seats: tuple[str, ...] = ()  # seat kinds, by seat
    last_names: tuple[str, ...] = ()  # seat names, by seat
    keymap: dict[str, str] = field(default_factory=dict)  # binding id -> keys

    @property
    def step_pause(self) -> float:
        return STEP_PAUSES.get(self.ai_speed, STEP_PAUSES["normal"]) if self.animate else 0.0

    @property
    def think_cap(self) -> float | None:
        return THINK_CAPS.get(self.think)


CHOICES = {"ai_speed": tuple(STEP_PAUSES), "think": tuple(THINK_CAPS)}


def config_dir() -> Path:
    env = os.environ.get("OBJECTIVE_CONFIG_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_config_dir("objective"))


def settings_path() -> Path:
    return config_dir() / FILE_NAME


def load(path: Path | None = None) -> tuple[Settings, list[str]]:
    """The settings, and the problems met reading them (sentences to show once)."""
    path = path or settings_path()
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        return Settings(), []
    except (OSError, UnicodeDecodeError, ValueError) as err:
        return Settings(), [_set_aside(path, f"cannot be read ({_why(err)})")]
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        return Settings(), [_set_aside(path, f"is not valid TOML ({err})")]
    except RecursionError:  # tomllib reads nested arrays and tables by recursion
        return Settings(), [_set_aside(path, "is nested too deeply to be read")]
    return _from_data(data, path)


def _why(err: Exception) -> str:
    return getattr(err, "strerror", None) or str(err)


def _set_aside(path: Path, problem: str) -> str:
    bad = path.with_name(path.name + ".bad")
    try:
        os.replace(path, bad)
        kept = f"it was kept as {bad}"
    except OSError:
        kept = "it was left where it is"
    return f"The settings file {path} {problem}; the defaults are in use and {kept}."


def _from_data(data: dict, path: Path) -> tuple[Settings, list[str]]:
    problems = []
    values = {}
    defaults = Settings()
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        default = getattr(defaults, f.name)
        if isinstance(default, tuple):
            ok = isinstance(value, list) and all(isinstance(x, str) for x in value)
            value = tuple(value) if ok else value
        elif isinstance(default, dict):
            ok = isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
        else:
            ok = isinstance(value, type(default)) and not (
                isinstance(value, bool) and not isinstance(default, bool)
            )
        if ok and f.name in CHOICES and value not in CHOICES[f.name]:
            ok = False
        if ok and f.name in ("default_seats", "last_seats"):
            ok = all(kind in SEAT_CHOICES for kind in value)
        if not ok:
            problems.append(
                f"In {path}, {f.name} = {value!r} is not a valid value; the default "
                f"({default!r}) is used."
            )
            continue
        values[f.name] = value
    unknown = sorted(set(data) - {f.name for f in fields(Settings)})
    if unknown:
        problems.append(f"In {path}, unknown settings are ignored: {', '.join(unknown)}.")
    return replace(defaults, **values), problems


def save(settings: Settings, path: Path | None = None) -> None:
    """Write the settings (OSError if the folder cannot be written, or the file there cannot be
    read: it is never replaced unread). Only the lines of the settings that changed are
    rewritten (see `dumps`)."""
    from saves.store import atomic_writer

    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        existing = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        existing = None
    except UnicodeDecodeError:  # not a settings file this version can edit: written anew
        existing = None
    with atomic_writer(path, "wb") as f:
        f.write(dumps(settings, existing).encode("utf-8"))


def dumps(settings: Settings, existing: str | None = None) -> str:
    """The text of the settings file. Given the file as it is (`existing`), only the lines of
    the settings whose value differs from the file's are rewritten, each keeping its comment,
    and a setting the file does not have yet is added after its last setting: the player's
    comments, the order of the lines, the keymap (the program only reads it) and the keys this
    version does not know (a newer version's) stay as they are."""
    if existing is not None:
        edited = _edited(settings, existing)
        if edited is not None:
            return edited
    lines = ["# Objective settings (written by the Settings screen; edit with care)", ""]
    keymap = {}
    for f in fields(Settings):
        value = getattr(settings, f.name)
        if isinstance(value, dict):
            keymap = value
            continue
        lines.append(f"{f.name} = {_toml(value)}")
    lines += ["", "[keymap]", '# binding id = keys, e.g. "game.hint" = "f2,ctrl+h"']
    lines += [f"{_toml(k)} = {_toml(v)}" for k, v in sorted(keymap.items())]
    return "\n".join(lines) + "\n"


def _edited(settings: Settings, text: str) -> str | None:
    """`text` with the changed settings rewritten in place (None: it cannot be edited, being
    invalid TOML, so the file is written anew)."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    on_file, _ = _from_data(data, Path(FILE_NAME))  # what the file means to this version
    changed = [
        f.name
        for f in fields(Settings)
        if f.name != "keymap" and getattr(settings, f.name) != getattr(on_file, f.name)
    ]
    if not changed:
        return text
    lines = text.splitlines(keepends=True)
    entries, top_end = _top_level_entries(lines)
    newline = "\r\n" if "\r\n" in text else "\n"
    added = []
    for name in changed:
        line = f"{name} = {_toml(getattr(settings, name))}"
        if name in entries:
            start, end = entries[name]
            old = "".join(lines[start:end])
            ending = old[len(old.rstrip("\r\n")) :]
            lines[start:end] = [line + _trailing_comment(old) + ending] + [""] * (end - start - 1)
        else:
            added.append(line + newline)
    if added:
        at = max((end for _, end in entries.values()), default=None)
        if at is None:  # no settings yet: before the first table and the comments heading it
            at = top_end
            while at > 0 and lines[at - 1].lstrip().startswith("#"):
                at -= 1
        before = at - 1
        while before >= 0 and not lines[before]:  # (a value rewritten on fewer lines)
            before -= 1
        if before >= 0 and not lines[before].endswith("\n"):
            lines[before] += newline
        lines[at:at] = added
    result = "".join(lines)
    try:
        again, _ = _from_data(tomllib.loads(result), Path(FILE_NAME))
    except (tomllib.TOMLDecodeError, RecursionError):
        return None
    return result if replace(again, keymap=settings.keymap) == settings else None


def _top_level_entries(lines: list[str]) -> tuple[dict[str, tuple[int, int]], int]:
    """Where each top-level key's assignment is (its first line and the line after its last:
    a value may span lines), and the line of the first table header (or the end)."""
    entries: dict[str, tuple[int, int]] = {}
    i = 0
    while i < len(lines):
        stripped = lines[i].strip()
        if not stripped or stripped.startswith("#"):
            i += 1
            continue
        if stripped.startswith("["):
            break
        end, data = _assignment_at(lines, i)
        if end is None:
            break
        if len(data) == 1 and "." not in stripped.split("=", 1)[0]:
            entries[next(iter(data))] = (i, end)
        i = end
    return entries, i


def _assignment_at(lines: list[str], start: int) -> tuple[int | None, dict]:
    """The line after the assignment beginning at `start`, and what it sets."""
    for end in range(start + 1, len(lines) + 1):
        try:
            return end, tomllib.loads("".join(lines[start:end]))
        except tomllib.TOMLDecodeError:
            continue
    return None, {}


def _trailing_comment(assignment: str) -> str:
    """The comment at the end of an assignment's last line ("  # my favourite"), or ""."""
    body = assignment.rstrip("\r\n")
    value = tomllib.loads(body)
    head, _, last = body.rpartition("\n")
    prefix = head + "\n" if head else ""
    for at, char in enumerate(last):
        if char != "#":
            continue
        try:
            if tomllib.loads(prefix + last[:at]) == value:
                return "  " + last[at:].strip() if last[:at].strip() else ""
        except tomllib.TOMLDecodeError:
            continue
    return ""


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    # a TOML basic string: JSON's escapes are TOML's, but TOML escapes DEL too
    import json  # (writing settings only: not on the way to the first frame)

    return json.dumps(str(value), ensure_ascii=False).replace("\x7f", "\\u007f")
