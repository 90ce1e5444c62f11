"""Text from a person or a file, shown as it is.

Names typed for the seats, paths, settings values and game ids reach the screen and the terminal.
Their markup is never read (widgets get `rich.text.Text`, or `markup=False`, and notifications are
always plain: see `ObjectiveApp.notify`); `printable` makes their invisible characters visible: a
control character (an escape, a bell, a newline inside a name) is written as its Python escape
(`\\x1b`), and a byte of a file name that is not UTF-8 (kept by Python as a lone surrogate) as
`\\xff`, the way the settings messages and the command line write them.
"""

from __future__ import annotations

import os
import unicodedata
from pathlib import Path


def printable(text: str, keep: str = "") -> str:
    """`text` with every control character and undecodable byte written as an escape (the
    characters in `keep`, e.g. "\\n" for a message of several lines, stay as they are)."""
    if text.isprintable():
        return text
    out = []
    for char in text:
        code = ord(char)
        if char in keep:
            out.append(char)
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02x}")
        elif unicodedata.category(char) in ("Cc", "Cs"):
            out.append(char.encode("unicode_escape").decode("ascii"))
        else:
            out.append(char)
    return "".join(out)


def display_path(path: str | os.PathLike) -> str:
    """A path as a person would write it (`~/...` under the home folder), made printable."""
    path = Path(path)
    try:
        home = Path.home()
        text = f"~/{path.relative_to(home)}" if path != home else "~"
    except (ValueError, RuntimeError, KeyError):
        text = str(path)
    return printable(text)


def display_name(path: str | os.PathLike) -> str:
    """A file's name, made printable."""
    return printable(Path(path).name)
