"""The player's settings: one TOML file in the platform's config folder, read once at start.

`$OBJECTIVE_CONFIG_DIR`, else `platformdirs.user_config_dir("objective")`, holds
`settings.toml`. A file that cannot be read or parsed is reported once, moved aside to
`settings.toml.bad` (never silently lost) and replaced by the defaults; a value of the wrong type
or out of range is reported and its default kept. Writes are atomic, like saves.
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
        if ok and f.name == "default_seats":
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
    """Write the settings (OSError if the folder cannot be written)."""
    from saves.store import atomic_writer

    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    with atomic_writer(path, "w") as f:
        f.write(dumps(settings))


def dumps(settings: Settings) -> str:
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


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple | list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    text = str(value).replace("\\", "\\\\").replace('"', '\\"')
    return f'"{text}"'
