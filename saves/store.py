"""Where saves live on disk: atomic writes, a listing, one autosave slot per game.

The folder is `--save-dir`, else `$OBJECTIVE_SAVE_DIR`, else
`platformdirs.user_data_dir("objective")/saves`. A write goes to a temporary file in the same
folder, is flushed to disk, then renamed over the target, so a failed save never clobbers the file
that was there before.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from saves.record import MAX_FILE_BYTES, GameRecord, SaveError, decode, encode

SUFFIX = ".objective"
AUTOSAVE_PREFIX = "autosave-"
TMP_PREFIX = ".tmp-"
STALE_TMP_SECONDS = 60  # a temporary file older than this was left by a killed save


def default_save_dir() -> Path:
    env = os.environ.get("OBJECTIVE_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("objective")) / "saves"


def read_record(path: str | os.PathLike) -> GameRecord:
    """Read and decode one save file (SaveError for any problem, including unreadable files).

    Only a regular file is opened, without blocking (a FIFO named like a save must not hang the
    program), and at most the size limit + 1 byte is read (a link to /dev/zero must not fill the
    memory).
    """
    return decode(read_save_bytes(path))


def read_save_bytes(path: str | os.PathLike) -> bytes:
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        raise SaveError(f"there is no save file at {path}") from None
    except OSError as err:
        raise SaveError(f"cannot read {path}: {err.strerror or err}") from None
    except ValueError:  # a NUL byte in the name
        raise SaveError(f"{str(path)!r} is not a valid file name") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError(f"{path} is a folder, not a save file")
    if not stat.S_ISREG(info.st_mode):
        raise SaveError(f"{path} is not a regular file (a device, a pipe or a socket)")
    if info.st_size > MAX_FILE_BYTES:
        raise SaveError("the file is far too large to be a save")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SaveError(f"there is no save file at {path}") from None
    except OSError as err:
        raise SaveError(f"cannot read {path}: {err.strerror or err}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped for something else since the stat
            raise SaveError(f"{path} is not a regular file (a device, a pipe or a socket)")
        chunks, size = [], 0
        while size <= MAX_FILE_BYTES:
            try:
                chunk = os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size))
            except BlockingIOError:
                break
            except OSError as err:
                raise SaveError(f"cannot read {path}: {err.strerror or err}") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    if size > MAX_FILE_BYTES:
        raise SaveError("the file is far too large to be a save")
    return b"".join(chunks)


def output_problem(path: str | os.PathLike) -> str | None:
    """Why `path` cannot take a new file (a sentence), or None when it can.

    The target must be a regular file or not exist yet, in a folder that exists: never a folder,
    a device (/dev/full) or a pipe, which an atomic rename would replace or could not reach.
    """
    path = Path(path)
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as err:
        return f"cannot use {path}: {err.strerror or err}"
    except ValueError:  # a NUL byte in the name
        return f"{str(path)!r} is not a valid file name"
    if info is not None:
        if stat.S_ISDIR(info.st_mode):
            return f"{path} is a folder, not a file"
        if not stat.S_ISREG(info.st_mode):
            return f"{path} is not a regular file"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"the folder {parent} does not exist"
    if not os.access(parent, os.W_OK):
        return f"the folder {parent} is not writable"
    return None


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike, mode: str = "wb"):
    """A file that appears at `path` only when the block ends without an error.

    The data goes to a temporary file in the same folder, is flushed to disk, then renamed over
    the target; on any error the temporary file is removed and the target is untouched.
    """
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, suffix=SUFFIX, dir=path.parent or ".")
    try:
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    problem = output_problem(path)
    if problem:
        raise OSError(problem)
    with atomic_writer(path) as f:
        f.write(data)


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
        """Every save file in the folder, newest first; unreadable ones carry their error.

        Leftover temporary files of killed saves, older than a minute, are removed on the way.
        """
        try:
            paths = list(self.folder.iterdir())
        except OSError:
            return []
        out = []
        now = time.time()
        for path in paths:
            if path.name.startswith(TMP_PREFIX):
                self._remove_stale(path, now)
                continue
            if path.suffix != SUFFIX:
                continue
            try:
                out.append(SaveEntry(path, read_record(path)))
            except SaveError as err:
                out.append(SaveEntry(path, None, str(err)))
        out.sort(key=lambda e: (-e.modified, e.path.name))
        return out

    @staticmethod
    def _remove_stale(path: Path, now: float) -> None:
        try:
            info = path.lstat()
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_TMP_SECONDS:
                path.unlink()
        except OSError:
            pass

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
