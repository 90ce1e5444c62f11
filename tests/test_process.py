"""The program as a process: without a terminal it says so and exits 2; SIGTERM and SIGHUP end a
game in a terminal as a quit would (autosaved, the terminal restored); killing `objective arena`
ends its worker processes too."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from saves.store import SaveStore

SENTENCE = "Objective needs a terminal; use `objective simulate` or `objective serve`.\n"

ROOT = Path(__file__).resolve().parent.parent


def program_env(tmp_path: Path) -> dict[str, str]:
    env = dict(
        os.environ,
        OBJECTIVE_SAVE_DIR=str(tmp_path / "saves"),
        OBJECTIVE_CRASH_DIR=str(tmp_path / "crashes"),
        TERM="xterm-256color",
    )
    env.pop("TEXTUAL_DRIVER", None)
    return env


# --- no terminal ---------------------------------------------------------------------------------


def closed_stdin():
    os.close(0)


@pytest.mark.parametrize(
    ("argv", "how"),
    [
        ([], "stdin closed"),
        ([], "/dev/null in and out"),
        (["new", "solitaire", "--seed", "3"], "/dev/null in and out"),
        (["new", "conquer", "--players", "2"], "stdin closed"),
    ],
)
def test_without_a_terminal_it_says_so_and_exits_2(tmp_path, argv, how):
    with open(os.devnull, "w") as null:
        proc = subprocess.run(
            [sys.executable, "-m", "tui.cli", *argv],
            stdin=subprocess.DEVNULL if how.startswith("/dev/null") else None,
            stdout=null if how.startswith("/dev/null") else subprocess.PIPE,
            stderr=subprocess.PIPE,
            preexec_fn=closed_stdin if how == "stdin closed" else None,
            env=program_env(tmp_path),
            cwd=ROOT,
            text=True,
            timeout=60,  # a guard: before the fix, /dev/null in and out ran forever
        )
    assert proc.returncode == 2
    assert proc.stderr == SENTENCE
    assert not (tmp_path / "crashes").exists() or not any((tmp_path / "crashes").iterdir())


def test_loading_without_a_terminal_says_so_too(tmp_path, capsys, monkeypatch):
    from saves.record import SeatInfo, new_record
    from tui import cli

    monkeypatch.delenv("TEXTUAL_DRIVER", raising=False)
    record = new_record("solitaire", {}, 1, [SeatInfo("Player 1", "human")], 3)
    path = SaveStore(tmp_path).save(record, tmp_path / "game.objective")
    assert cli.main(["load", str(path)]) == 2  # pytest's stdin is no terminal
    assert capsys.readouterr().err == SENTENCE


# --- signals in a terminal -----------------------------------------------------------------------


def read_until(master: int, seen: bytearray, wanted: bytes | None, timeout: float = 60) -> None:
    """Read the terminal's output into `seen` until `wanted` is in it (None: until the program
    has closed the terminal). `timeout` is a guard."""
    end = time.monotonic() + timeout
    while wanted is None or wanted not in seen:
        if time.monotonic() > end:
            raise AssertionError(f"{wanted!r} never came: {bytes(seen[-400:])!r}")
        ready, _, _ = select.select([master], [], [], 0.2)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:  # EIO: the program's side is closed
                chunk = b""
            if not chunk:
                assert wanted is None, f"the program ended before {wanted!r}"
                return
            seen += chunk


RESTORE = {
    "the main screen back": b"\x1b[?1049l",
    "the cursor shown": b"\x1b[?25h",
    "mouse reports off": b"\x1b[?1000l",
    "mouse movements off": b"\x1b[?1003l",
}


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_a_signal_autosaves_and_restores_the_terminal(tmp_path, signum, status):
    master, child = os.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "new", "solitaire", "--seed", "3"],
        stdin=child,
        stdout=child,
        stderr=child,
        env=program_env(tmp_path),
        cwd=ROOT,
        start_new_session=True,
    )
    os.close(child)
    seen = bytearray()
    try:
        read_until(master, seen, b"Trail")  # the game's screen is drawn
        before = len(seen)
        proc.send_signal(signum)
        read_until(master, seen, None)
        assert proc.wait(60) == status
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(master)
    after = bytes(seen[before:])
    missing = [what for what, code in RESTORE.items() if code not in after]
    assert not missing, f"the terminal was left without {missing}"
    (entry,) = SaveStore(tmp_path / "saves").entries()
    assert entry.record.game == "solitaire" and entry.record.seed == 3
    assert not (tmp_path / "crashes").exists()


# --- the arena's workers -------------------------------------------------------------------------


def children(pid: int) -> set[int]:
    kids = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        kids |= {int(k) for k in (task / "children").read_text().split()}
    return kids


def running(pid: int) -> bool:
    """Alive and not a zombie (an orphan's zombie may wait for a reaper that never comes)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc")
@pytest.mark.parametrize(
    ("signum", "status"),
    [(signal.SIGTERM, 143), (signal.SIGINT, 130), (signal.SIGKILL, -signal.SIGKILL)],
    ids=["SIGTERM", "SIGINT", "SIGKILL"],
)
def test_ending_the_arena_ends_its_workers(tmp_path, signum, status):
    argv = ["arena", "conquer", "--agents", "mcts:hard,rules", "--players", "2"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv, "--games", "40", "--jobs", "2"],
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # if ours ignores it
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=program_env(tmp_path),
        cwd=ROOT,
        text=True,
    )
    try:
        end = time.monotonic() + 60
        while len(workers := children(proc.pid)) < 2:  # both workers have started
            assert time.monotonic() < end and proc.poll() is None, "no workers came"
            time.sleep(0.1)
        time.sleep(0.5)  # into their first games
        proc.send_signal(signum)
        assert proc.wait(60) == status
        end = time.monotonic() + 30  # a generous bound: they stop at once
        while any(running(w) for w in workers):
            assert time.monotonic() < end, "a worker outlived the arena"
            time.sleep(0.1)
        assert "Traceback" not in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
