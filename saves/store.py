"""Where saves live on disk: atomic writes, a listing from the headers, one autosave per game.

The folder is `--save-dir`, else `$OBJECTIVE_SAVE_DIR`, else
`platformdirs.user_data_dir("objective")/saves`. A write goes to a temporary file in the same
folder, is flushed to disk, then renamed over the target (or linked to a new name that must not
exist yet), so a failed save never clobbers the file that was there before. A file written over
keeps its permissions; a new one gets the user's usual ones (0666 less the umask).

Every game has its own autosave, `autosave-<game>-<id>.objective`, the id made when the game
started; a save point gets a new name every time, so no save ever replaces another. A save that
today's rules replay otherwise than it was saved is never written over: its game goes on under a
new id.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from saves import codec
from saves.codec import RECORD_ID, NeedWholeFile, SaveHeader, decode, decode_header, encode
from saves.record import GameRecord, SaveError, new_record_id

SUFFIX = ".objective"
AUTOSAVE_PREFIX = "autosave-"
TMP_PREFIX = ".tmp-"
# the temporary files this module makes: mkstemp's 8 random characters between prefix and suffix
TMP_NAME = re.compile(re.escape(TMP_PREFIX) + r"[a-z0-9_]{8}" + re.escape(SUFFIX))
STALE_TMP_SECONDS = 60  # a temporary file older than this was left by a killed save
MAX_FILE_BYTES = codec.MAX_FILE_BYTES
MAX_HEADER_BYTES = codec.MAX_HEADER_BYTES


def default_save_dir() -> Path:
    env = os.environ.get("OBJECTIVE_SAVE_DIR")
    if env:
        return Path(env).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("objective")) / "saves"


# --- reading -------------------------------------------------------------------------------------


def read_record(path: str | os.PathLike) -> GameRecord:
    """Read and decode one save file (SaveError for any problem, including unreadable files).

    Only a regular file is opened, without blocking (a FIFO named like a save must not hang the
    program), and at most the size limit + 1 byte is read (a link to /dev/zero must not fill the
    memory).
    """
    return decode(read_save_bytes(path))


def read_header(path: str | os.PathLike) -> SaveHeader:
    """What a listing needs about a save, from the first bytes of the file (a version-1 file,
    which has no header, is read whole but its moves are not decoded)."""
    data, more = _read_bytes(Path(path), MAX_HEADER_BYTES)
    try:
        return decode_header(data, whole=not more)
    except NeedWholeFile:
        return decode_header(read_save_bytes(path), whole=True)


def read_save_bytes(path: str | os.PathLike) -> bytes:
    data, more = _read_bytes(Path(path), MAX_FILE_BYTES)
    if more:
        raise SaveError("the file is far too large to be a save")
    return data


def _read_bytes(path: Path, limit: int) -> tuple[bytes, bool]:
    """At most `limit` bytes from the start of a regular file, and whether there are more."""
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
        while size <= limit:
            try:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
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
    data = b"".join(chunks)
    return data[:limit], size > limit


# --- writing -------------------------------------------------------------------------------------


def output_problem(path: str | os.PathLike) -> str | None:
    """Why `path` cannot take a new file (a sentence), or None when it can.

    The target must be a regular file we may write, or not exist yet, in a folder that exists:
    never a folder, a device (/dev/full) or a pipe, which an atomic rename would replace or could
    not reach, nor a file made read-only.
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
        if not os.access(path, os.W_OK) or not info.st_mode & 0o222:  # (root may write anyway)
            return f"{path} is read-only"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"the folder {parent} does not exist"
    if not os.access(parent, os.W_OK):
        return f"the folder {parent} is not writable"
    return None


_umask_lock = threading.Lock()


def new_file_mode() -> int:
    """The permissions a new file gets from the user's umask (what `open` would give it)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return 0o666 & ~mask


@contextlib.contextmanager
def atomic_writer(path: str | os.PathLike, mode: str = "wb", overwrite: bool = True):
    """A file that appears at `path` only when the block ends without an error.

    The data goes to a temporary file in the same folder, is flushed to disk, then renamed over
    the target (`overwrite`), or linked to it if no file is there (FileExistsError otherwise); on
    any error the temporary file is removed and the target is untouched. A file written over
    keeps its permissions; a new one gets the user's usual ones.
    """
    path = Path(path)
    try:
        permissions = stat.S_IMODE(path.stat().st_mode) if overwrite else new_file_mode()
    except OSError:
        permissions = new_file_mode()
    fd, tmp = tempfile.mkstemp(prefix=TMP_PREFIX, suffix=SUFFIX, dir=path.parent or ".")
    try:
        os.fchmod(fd, permissions)
        encoding = None if "b" in mode else "utf-8"
        with os.fdopen(fd, mode, encoding=encoding) as f:
            yield f
            f.flush()
            os.fsync(f.fileno())
        if overwrite:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def _link_new(tmp: str, path: Path) -> None:
    """Give the finished temporary file the name `path`, which must not exist yet."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as err:
        if err.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        # no hard links here (FAT, some network folders): claim the name, then rename onto it
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        os.replace(tmp, path)
    else:
        os.unlink(tmp)


def write_atomic(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never a mix."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    problem = output_problem(path)
    if problem:
        raise OSError(problem)
    with atomic_writer(path) as f:
        f.write(data)


def write_new(path: str | os.PathLike, data: bytes) -> None:
    """Write `data` to a new file at `path`; FileExistsError if there is one (never replaced)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    if os.path.lexists(path):
        raise FileExistsError(errno.EEXIST, "there is already a file with that name", str(path))
    problem = output_problem(path)
    if problem:
        raise OSError(problem)
    with atomic_writer(path, overwrite=False) as f:
        f.write(data)


def _unwritten(path: Path, err: OSError) -> SaveError:
    why = err.strerror or str(err)
    if str(path) in why:  # a sentence of output_problem, which names the path
        return SaveError(f"could not write the save: {why}")
    return SaveError(f"could not write the save to {path}: {why}")


# --- the folder ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SaveEntry:
    """One file in the save folder: its header, or the sentence saying why it cannot be read."""

    path: Path
    header: SaveHeader | None
    error: str = ""

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)

    @property
    def modified(self) -> float:
        if self.header is not None:
            return self.header.updated
        try:
            return self.path.stat().st_mtime
        except OSError:
            return 0.0

    def load(self) -> GameRecord:
        """The whole record (SaveError if the file cannot be read or is damaged)."""
        return read_record(self.path)

    @property
    def record(self) -> GameRecord | None:
        """The whole record, read from the file now (None if it cannot be read)."""
        try:
            return self.load()
        except SaveError:
            return None


class SaveStore:
    def __init__(self, folder: str | os.PathLike | None = None) -> None:
        self.folder = Path(folder) if folder is not None else default_save_dir()

    # --- writing ---

    def write_file(self, path: Path, data: bytes, overwrite: bool = True) -> None:
        """Where the bytes of every save reach the disk (atomically). `overwrite`: over the file
        at `path` unless it is read-only; else only to a new file (FileExistsError if one is
        there). OSError for any failure."""
        if overwrite:
            write_atomic(path, data)
        else:
            write_new(path, data)

    def save(self, record: GameRecord, path: str | os.PathLike | None = None) -> Path:
        """Write a record: to a new name in the folder (a save point), or to `path`, replacing
        the file there unless it is read-only."""
        if path is None:
            return self.save_point(record)
        data = encode(record)  # fails before anything is touched on disk
        target = Path(path)
        try:
            self.write_file(target, data)
        except OSError as err:
            raise _unwritten(target, err) from None
        return target

    def save_point(self, record: GameRecord, folder: Path | None = None) -> Path:
        """Write a record under a new name, `<game>-<date>-<time>[-n].objective`: never over
        another file, even one another program writes at the same moment."""
        data = encode(record)
        folder = self.folder if folder is None else folder
        base = f"{_safe_word(record.game)}-{time.strftime('%Y%m%d-%H%M%S')}"
        for n in range(1, 1000):
            target = folder / f"{base}{'' if n == 1 else f'-{n}'}{SUFFIX}"
            try:
                self.write_file(target, data, overwrite=False)
            except FileExistsError:
                continue
            except OSError as err:
                raise _unwritten(target, err) from None
            return target
        raise SaveError(f"could not find a free name for the save in {folder}")

    def save_as(self, record: GameRecord, path: str | os.PathLike) -> Path:
        """Write a record where a person asked: into a folder under a new name, or to a new
        file; an existing file is never replaced."""
        target = Path(path).expanduser()
        if target.is_dir():
            return self.save_point(record, target)
        data = encode(record)
        try:
            self.write_file(target, data, overwrite=False)
        except FileExistsError:
            raise SaveError(f"there is already a file at {target}: choose another name") from None
        except OSError as err:
            raise _unwritten(target, err) from None
        return target

    def autosave_path(self, record: GameRecord) -> Path:
        if not (RECORD_ID.fullmatch(record.game) and RECORD_ID.fullmatch(record.id)):
            raise SaveError("this game has no id to name its autosave")
        return self.folder / f"{AUTOSAVE_PREFIX}{record.game}-{record.id}{SUFFIX}"

    def autosave(self, record: GameRecord, path: Path | None = None) -> Path:
        """Write a game's autosave (its own file, by its id, unless `path` says which)."""
        return self.save(record, path if path is not None else self.autosave_path(record))

    def delete(self, path: str | os.PathLike) -> None:
        path = Path(path)
        try:
            path.unlink()
        except FileNotFoundError:
            pass
        except OSError as err:
            raise SaveError(f"could not delete {path}: {err.strerror or err}") from None

    # --- the listing ---

    def is_autosave(self, path: str | os.PathLike) -> bool:
        """Whether `path` is an autosave in this folder (and not a file a person keeps)."""
        path = Path(path)
        if not path.name.startswith(AUTOSAVE_PREFIX) or path.suffix != SUFFIX:
            return False
        try:
            return path.parent.resolve() == self.folder.resolve()
        except OSError:
            return False

    def entries(self, autosaves_only: bool = False) -> list[SaveEntry]:
        """Every save file in the folder, newest first, from their headers; unreadable ones
        carry their error. This program's own temporary files, older than a minute, are
        removed on the way (a save killed half-way leaves one)."""
        try:
            paths = list(self.folder.iterdir())
        except OSError:
            return []
        out = []
        now = time.time()
        for path in paths:
            if TMP_NAME.fullmatch(path.name):
                self._remove_stale(path, now)
                continue
            if path.suffix != SUFFIX or (
                autosaves_only and not path.name.startswith(AUTOSAVE_PREFIX)
            ):
                continue
            try:
                out.append(SaveEntry(path, read_header(path)))
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
        for entry in self.entries(autosaves_only=True):
            if entry.header is not None and not entry.header.finished:
                return entry
        return None

    # --- a game on screen ---

    def slot_for(
        self,
        record: GameRecord,
        opened_from: str | os.PathLike | None = None,
        diverged: bool = False,
    ) -> tuple[GameRecord, AutosaveSlot]:
        """Where a game opened from `opened_from` (None: a new game) autosaves, and its record
        as it goes on. An autosave of this folder goes on in the same file; a game opened from
        any other file (a save point), or one today's rules replay otherwise than it was saved
        (`diverged`, see `saves.record.load_replay`), goes on as a game of its own, with a new
        id, so playing on never writes over the file it came from nor over the autosave of the
        game it came from (and nothing is written for it until a decision is made)."""
        if opened_from is not None and self.is_autosave(opened_from) and not diverged:
            if not record.id:  # a version-1 autosave, `autosave-<game>.objective`
                record = replace(record, id=new_record_id())
            return record, AutosaveSlot(self, Path(opened_from), record, on_disk=True)
        if opened_from is not None:
            record = replace(record, id=new_record_id())
            return record, AutosaveSlot(self, self.autosave_path(record), record)
        if not record.id:
            record = replace(record, id=new_record_id())
        return record, AutosaveSlot(self, self.autosave_path(record))


def _safe_word(word: str) -> str:
    return word if RECORD_ID.fullmatch(word) else "game"


def _file_stamp(path: Path) -> tuple | None:
    """Which file is at `path` now: an atomic write always makes a new one."""
    try:
        info = path.stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


@dataclass(eq=False)
class AutosaveSlot:
    """Where one game on screen autosaves, and whether its last decisions reached the disk."""

    store: SaveStore
    path: Path
    last: GameRecord | None = None  # the record as it is on disk (or was opened)
    on_disk: bool = False  # the game has an autosave on disk
    unsaved: int = 0  # decisions since the last autosave that was written
    problem: str = ""  # why the last autosave failed
    _stamp: tuple | None = field(default=None, repr=False)
    _failed: GameRecord | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.on_disk:
            self._stamp = _file_stamp(self.path)

    def write(self, record: GameRecord, force: bool = False) -> GameRecord:
        """Autosave `record` (unless it is the one already there). Returns the record as saved:
        with a new id, in a file of its own, if another program has written this game's
        autosave since this one did (each keeps its own line of play). SaveError if it failed;
        `unsaved` then counts the decisions not on disk."""
        if record is self.last and not force:
            return record
        if self._stamp is not None and _file_stamp(self.path) not in (None, self._stamp):
            record = replace(record, id=new_record_id())
            self.path = self.store.autosave_path(record)
        try:
            self.store.autosave(record, self.path)
        except SaveError as err:
            if record is not self._failed:
                self.unsaved += 1
                self._failed = record
            self.problem = str(err)
            raise
        self._stamp = _file_stamp(self.path)
        self.last, self.on_disk = record, True
        self.unsaved, self.problem, self._failed = 0, "", None
        return record
