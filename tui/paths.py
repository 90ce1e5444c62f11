"""Paths and text from files as a person reads them on screen.

Whatever they hold, they are shown literally (the callers put them in a `rich.text.Text` or a
widget with `markup=False`): bytes that are not UTF-8 become �, control characters are written
as escapes (`\\x1b`), so a file name can neither break a line nor move the cursor.
"""

from __future__ import annotations

import os
from pathlib import Path


def readable(text: str) -> str:
    """`text` with undecodable bytes as � and control characters escaped."""
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # a lone surrogate that stands for no byte
        text = text.encode("utf-8", "replace").decode("utf-8")
    if text.isprintable():
        return text
    return "".join(
        ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text
    )


def display_path(path: str | os.PathLike) -> str:
    """A path as a person would write it (`~/...` under the home folder), made readable."""
    path = Path(path)
    try:
        home = Path.home()
        text = f"~/{path.relative_to(home)}" if path != home else "~"
    except (ValueError, RuntimeError, KeyError):
        text = str(path)
    return readable(text)


def display_name(path: str | os.PathLike) -> str:
    """A file's name, made readable."""
    return readable(Path(path).name)
