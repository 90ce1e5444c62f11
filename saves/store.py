"""Where saves live on disk: atomic writes, a listing, one autosave slot per game.

The folder is `--save-dir`, else `$OBJECTIVE_SAVE_DIR`, else
`platformdirs.user_data_dir("objective")/saves`. A write goes to a temporary file in the same
folder, is flushed to disk, then renamed over the target, so a failed save never clobbers the file
that was there before.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from saves.record import GameRecord, SaveError, decode, encode

SUFFIX = ".objective"
AUTOSAVE_PREFIX = "autosave-"


def default_save_dir() -> Path:
    env = os.environ.get("OBJECTIVE_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("objective")) / "saves"


def read_record(path: str | os.PathLike) -> GameRecord:
    """Read and decode one save file (SaveError for any problem, including unreadable files)."""
    path = Path(path)
    try:
        with path.open("rb") as f:
            data = f.read()
    except FileNotFoundError:
        raise SaveError(f"there is no save file at {path}") from None
    except IsADirectoryError:
        raise SaveError(f"{path} is a folder, not a save file") from None
    except OSError as err:
        raise SaveError(f"cannot read {path}: {err.strerror or err}") from None
    return decode(data)


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=SUFFIX, dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One file in the save folder: its record, or the sentence saying why it cannot be read."""

    path: Path
    record: GameRecord | None
    error: str = ""

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)

    @property
    def modified(self) -> float:
        if self.record is not None:
            return self.record.updated
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0


class SaveStore:
    def __init__(self, folder: str | os.PathLike | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_save_dir()

    def save(self, record: GameRecord, path: str | os.PathLike | None = None) -> Path:
        """Write a record (to a fresh name in the folder unless `path` is given)."""
        data = encode(record)  # fails before anything is touched on disk
        target = Path(path) if path is not None else self._fresh_name(record)
        try:
            write_atomic(target, data)
        except OSError as err:
            raise SaveError(
                f"could not write the save to {target}: {err.strerror or err}"
            ) from None
        return target

    def autosave_path(self, game_id: str) -> Path:
        return self.folder / f"{AUTOSAVE_PREFIX}{game_id}{SUFFIX}"

    def autosave(self, record: GameRecord) -> Path:
        return self.save(record, self.autosave_path(record.game))

    def entries(self) -> list[SaveEntry]:
        """Every save file in the folder, newest first; unreadable ones carry their error."""
        if not self.folder.is_dir():
            return []
        out = []
        for path in self.folder.iterdir():
            if path.suffix != SUFFIX or path.name.startswith(".tmp-"):
                continue
            try:
                out.append(SaveEntry(path, read_record(path)))
            except SaveError as err:
                out.append(SaveEntry(path, None, str(err)))
        out.sort(key=lambda e: (-e.modified, e.path.name))
        return out

    def latest_autosave(self) -> SaveEntry | None:
        """The most recent readable autosave of a game still in progress."""
        for entry in self.entries():
            if entry.is_autosave and entry.record is not None and not entry.record.finished:
                return entry
        return None

    def _fresh_name(self, record: GameRecord) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(record.updated))
        base = f"{record.game}-{stamp}"
        candidate = self.folder / f"{base}{SUFFIX}"
        n = 2
        while candidate.exists():
            candidate = self.folder / f"{base}-{n}{SUFFIX}"
            n += 1
        return candidate
