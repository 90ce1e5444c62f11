"""Crash reports: an unexpected error is written to a file and told in one line, never a traceback.

The folder is `$OBJECTIVE_CRASH_DIR`, else `platformdirs.user_log_dir("objective")`. Writing a
report never raises: if even that fails, the line says so.
"""

from __future__ import annotations

import os
import platform
import sys
import time
import traceback
from pathlib import Path

from core import __version__ as APP_VERSION


def crash_dir() -> Path:
    env = os.environ.get("OBJECTIVE_CRASH_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_log_dir("objective"))


def write_report(error: BaseException, context: str = "") -> Path | None:
    """Write the traceback and what Objective was doing to a new file: its path, or None."""
    try:
        folder = crash_dir()
        folder.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = folder / f"crash-{stamp}-{os.getpid()}.txt"
        lines = [
            f"Objective {APP_VERSION} crash report, {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
            f"Python {sys.version.split()[0]} on {platform.platform()}",
            f"Command: {' '.join(sys.argv)}",
        ]
        if context:
            lines.append(f"While: {context}")
        lines.append("")
        lines.extend(traceback.format_exception(type(error), error, error.__traceback__))
        path.write_text("\n".join(line.rstrip("\n") for line in lines) + "\n", encoding="utf-8")
        return path
    except Exception:  # a report that cannot be written must not hide the original error
        return None


def crash_line(error: BaseException, path: Path | None, saved: str = "") -> str:
    """The one line a person sees after a crash."""
    what = f"{type(error).__name__}: {error}".strip().splitlines()[0][:200]
    where = f"The crash report is {path}" if path else "No crash report could be written"
    note = f" {saved}" if saved else ""
    return f"objective: stopped by an unexpected error ({what}).{note} {where}."
