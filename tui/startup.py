"""What the program's start does to reach the first frame sooner.

**The cycle collector sits out the start.** Starting the TUI imports Textual and the game, builds
the rules' tables and the screen: tens of thousands of objects that live as long as the program,
and almost no garbage. The collector would scan them all several times before the first frame
(one full pass alone takes ~15 ms on a Conquer screen); paused, it starts once the frame is out,
and the objects of the start are moved out of its way for good (`gc.freeze`), so later passes
skip them as well. A screen's first showing does not style its widgets twice (`first_resume`).

**The code `dataclasses` writes is compiled once, not at every start.** A dataclass's methods
(`__init__`, `__repr__`, `__eq__`, `__hash__`, a frozen class's `__setattr__`, ...) are written as
Python source when its module is imported, and compiled then: some 70 classes on the way to a
game's first frame (Textual's, Rich's and ours), 280 pieces of source, about 20 ms in all.
Python keeps the compiled code of a module in `__pycache__`, but not this code.
`keep_generated_code()`, called by the `objective` command before anything else is imported
(tui/launch.py), keeps it beside the program's other caches (`OBJECTIVE_CACHE_DIR`, else the
user's cache folder): a file of compiled code objects keyed by their whole source text, for this
Python's bytecode version only (so a source never runs code compiled from another text, and
another Python never reads the file). A source is compiled exactly as `exec` in dataclasses.py
compiles it, so the methods are the same. A missing, unreadable or damaged file only means
compiling again; the file is written once the first frame is out, only when new code was
compiled, and not at all where Python is told not to write bytecode (`PYTHONDONTWRITEBYTECODE`).
"""

from __future__ import annotations

import builtins
import contextlib
import dataclasses
import gc
import marshal
import os
import sys
from pathlib import Path
from types import CodeType

_paused = False


def pause_collection() -> None:
    """Called first by the commands that open the TUI."""
    global _paused
    if gc.isenabled():
        gc.disable()
        _paused = True


def resume_collection() -> None:
    """Called once the first frame is out (and when the program ends, if it never drew one):
    the collector goes back to work, and the code compiled during the start is kept."""
    global _paused
    if _paused:
        _paused = False
        gc.freeze()
        gc.enable()
    if _kept is not None:
        _kept.save()


def first_resume(screen, event) -> bool:
    """Call from a screen's `on_screen_resume`: True the first time the screen is shown, and
    then Textual's restyling of every widget of a resumed screen is skipped (they were styled as
    they were mounted, a moment before, with the same stylesheet): about 6 ms of a Conquer
    screen's first frame. Later resumes (a dialog closed over it) restyle as usual."""
    if screen.__dict__.get("_resumed", False):
        return False
    screen._resumed = True
    event.refresh_styles = False
    return True


# --- compiled code kept between starts -------------------------------------------------------

CACHE_FILE = f"generated-code-{sys.implementation.cache_tag}.marshal"
MAX_ENTRIES = 4096  # a file that grows past this (many versions of the libraries) starts afresh


def cache_dir() -> Path:
    env = os.environ.get("OBJECTIVE_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_cache_dir("objective"))


class CodeCache:
    """Compiled code by its source text, read from and written to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.code: dict[str, CodeType] = self._read(path)
        self.added = 0  # sources compiled since the file was read

    @staticmethod
    def _read(path: Path) -> dict[str, CodeType]:
        try:
            with open(path, "rb") as file:
                code = marshal.load(file)
        except (OSError, EOFError, ValueError, TypeError):
            return {}
        if not isinstance(code, dict) or len(code) > MAX_ENTRIES:
            return {}
        if not all(type(k) is str and type(v) is CodeType for k, v in code.items()):
            return {}
        return code

    def compiled(self, source: str) -> CodeType:
        code = self.code.get(source)
        if code is None:
            # as `exec(source)` in dataclasses.py compiles it: without our __future__ flags
            code = self.code[source] = compile(source, "<string>", "exec", dont_inherit=True)
            self.added += 1
        return code

    def exec(self, source, globals=None, locals=None, /) -> None:
        """`exec` for the module it is installed in: a source string runs its cached code."""
        if type(source) is str:
            source = self.compiled(source)
        builtins.exec(source, globals, locals)

    def save(self) -> None:
        """Write the file if code was compiled since it was read (never where Python writes no
        bytecode); a failure to write is silent: the next start compiles again."""
        if not self.added or sys.dont_write_bytecode:
            return
        self.added = 0
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as file:
                marshal.dump(self.code, file)
            os.replace(temporary, self.path)
        except (OSError, ValueError):
            with contextlib.suppress(OSError):
                temporary.unlink(missing_ok=True)


_kept: CodeCache | None = None


def keep_generated_code(directory: Path | None = None) -> CodeCache:
    """Compile the methods `dataclasses` writes through a `CodeCache` (see the module's
    docstring). Call it before importing the modules whose classes should gain from it."""
    global _kept
    if _kept is None:
        _kept = CodeCache((directory or cache_dir()) / CACHE_FILE)
        # a global of the module comes before the builtin: its `exec(...)` calls are ours
        dataclasses.exec = _kept.exec
    return _kept


def forget_generated_code() -> None:
    """Undo `keep_generated_code` (the tests' clean-up)."""
    global _kept
    _kept = None
    if "exec" in vars(dataclasses):
        del dataclasses.exec
