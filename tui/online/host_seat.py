"""`objective host ... --play`: the host's own terminal takes a seat in the room it opens.

The room is served by this process in a thread of its own (its own event loop: the AI seats,
the natives, every player's connection), and the terminal runs the game screen joined to it
over loopback exactly as `objective join` does, with the first human seat's invitation. The
other invitations are printed first. When the screen closes, so does the room (the game stays
autosaved: `objective host --resume FILE` reopens it with the same invitations).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from tui.online.host import hosting, invitations, join_url
from tui.online.room import Room


@dataclass
class ServedRoom:
    """A room served in a thread: where it listens, and how to close it."""

    url: str = ""
    lines: list[str] = field(default_factory=list)  # the invitations
    error: BaseException | None = None
    _loop: asyncio.AbstractEventLoop | None = None
    _stop: asyncio.Event | None = None
    _thread: threading.Thread | None = None

    def close(self) -> None:
        """Close the room (its players are told) and wait for its thread."""
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        if self._thread is not None:
            self._thread.join(timeout=15)


def serve_in_thread(
    room: Room, host: str, port: int, ssl_context: ssl.SSLContext | None
) -> ServedRoom:
    """Start serving `room` in a thread; returns once it listens (or `error` says why not)."""
    served = ServedRoom()
    started = threading.Event()

    async def serve() -> None:
        served._loop, served._stop = asyncio.get_running_loop(), asyncio.Event()
        async with hosting(room, host, port, ssl_context) as server:
            served.url = join_url(server, room)
            served.lines = invitations(server, room)
            started.set()
            await served._stop.wait()

    def run() -> None:
        try:
            asyncio.run(serve())
        except BaseException as err:  # (a port taken: told by the caller)
            served.error = err
        finally:
            started.set()

    served._thread = threading.Thread(target=run, name="room", daemon=True)
    served._thread.start()
    started.wait()
    return served


def host_and_play(
    room: Room,
    host: str,
    port: int,
    ssl_context: ssl.SSLContext | None,
    say: Callable[[str], None],
    play: Callable[[str, str], int],
) -> int:
    """Serve `room` and play its first human seat with `play(url, token)` (the TUI, joined as
    `objective join` would); the room closes when the screen does. OSError if the room cannot
    listen."""
    seat = min(room.tokens)
    room.log = lambda text: None  # (the screen has the terminal: the room's news would cut in)
    served = serve_in_thread(room, host, port, ssl_context)
    if served.error is not None:
        raise served.error
    try:
        say(f"{room.game.title}: room open at {served.url}")
        for line in served.lines:
            say(line)
        say(f"This terminal plays {room.session.seat_name(seat)}: send the others their lines.")
        if sys.stdin is not None and sys.stdin.isatty():
            say("Press Enter to take your seat (these lines are here again when you leave).")
            with contextlib.suppress(EOFError, OSError):
                input()
        return play(served.url, room.tokens[seat])
    finally:
        served.close()
        if not room.session.over:
            say(
                "The room is closed; the game is autosaved. Reopen it with the same invitations: "
                f"objective host --resume {room.autosave_path}"
            )
