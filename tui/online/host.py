"""`objective host`: a room on this machine, its invitations, and the host's commands.

`hosting(room, host, port, ssl_context)` serves a room until the block ends (the host's own TUI
joins it over loopback the same way); `run_host` is the command: it prints one
`objective join URL --token T` line per human seat and the browser route, then reads the host's
commands on its standard input (`ai N [KIND]`, `seats`, `invite`, `quit`) until the game is over
and everyone has left, `quit`, Ctrl+C or SIGTERM. The game is autosaved after every decision and
the room file beside the autosave keeps the tokens: `objective host --resume FILE` reopens it
with the same invitations.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import socket
import ssl
import sys
import threading
from collections.abc import Callable

from tui.online.room import Room
from tui.online.server import RoomServer, is_loopback

WILDCARD_HOSTS = ("0.0.0.0", "::", "")
COMMANDS_HELP = (
    "Commands: `ai N [KIND]` hands seat N to the AI (rules, random, mcts:easy|normal|hard); "
    "`seats` shows who is connected; `invite` prints the invitations again; `quit` closes the "
    "room."
)


@contextlib.asynccontextmanager
async def hosting(room: Room, host: str, port: int, ssl_context: ssl.SSLContext | None = None):
    """Serve `room` on host:port while the block runs (OSError if the port cannot be had)."""
    server = RoomServer()
    server.add(room)
    await server.start(host, port, ssl_context)
    try:
        yield server
    finally:
        await server.stop()


def join_url(server: RoomServer, room: Room) -> str:
    """The room's address for the invitations (a wildcard address names this machine)."""
    url = server.url(room)
    if server.host in WILDCARD_HOSTS:
        url = url.replace(f"//{server.host}:", f"//{socket.gethostname()}:", 1)
        url = url.replace("//[::]:", f"//{socket.gethostname()}:", 1)
    return url


def invitations(server: RoomServer, room: Room, cafile_hint: bool = False) -> list[str]:
    """One line per seat: the command that joins a person's seat, or who plays it."""
    url = join_url(server, room)
    lines = []
    for seat, info in enumerate(room.record.seats):
        name = room.session.seat_name(seat)
        token = room.tokens.get(seat)
        if info.is_human and token:
            lines.append(f"  {name}: objective join {url} --token {token}")
        else:
            lines.append(f"  {name}: the AI ({info.agent_name})")
    return lines


def status_lines(room: Room) -> list[str]:
    words = {
        "thinking": "connected, to act",
        "waiting": "connected",
        "disconnected": "not connected",
        "ai": "played by the AI",
    }
    return [
        f"  {room.session.seat_name(seat)}: {words[status]}"
        for seat, status in enumerate(room.status())
    ]


class HostCommands:
    """The host's typed commands, one line each."""

    def __init__(self, room: Room, server: RoomServer, say: Callable[[str], None]) -> None:
        self.room, self.server, self.say = room, server, say
        self.quit = asyncio.Event()

    def run(self, line: str) -> None:
        words = line.split()
        if not words:
            return
        verb = words[0].lower()
        if verb == "ai" and len(words) in (2, 3):
            try:
                seat = int(words[1]) - 1
            except ValueError:
                self.say(f"`ai` takes a seat number, not {words[1]!r}.")
                return
            try:
                self.say(self.room.hand_to_ai(seat, words[2] if len(words) == 3 else "rules"))
            except ValueError as err:
                self.say(f"Cannot: {err}.")
        elif verb in ("seats", "who"):
            for text in status_lines(self.room):
                self.say(text)
        elif verb == "invite":
            for text in invitations(self.server, self.room):
                self.say(text)
        elif verb in ("quit", "exit"):
            self.quit.set()
        else:
            self.say(COMMANDS_HELP)


def _read_lines(loop: asyncio.AbstractEventLoop, on_line: Callable[[str], None]) -> None:
    """Feed the standard input's lines to the loop (a daemon thread: it never holds exit up)."""

    def reader() -> None:
        stream = sys.stdin
        if stream is None:
            return
        with contextlib.suppress(OSError, ValueError, RuntimeError):
            for line in stream:
                loop.call_soon_threadsafe(on_line, line)

    threading.Thread(target=reader, name="host-commands", daemon=True).start()


async def serve_room(
    room: Room,
    host: str,
    port: int,
    ssl_context: ssl.SSLContext | None,
    say: Callable[[str], None],
    read_commands: bool = True,
) -> None:
    """The room open until the host quits, a signal comes, or the game is over and every
    player has left."""
    async with hosting(room, host, port, ssl_context) as server:
        game = room.game
        say(f"{game.title}: room open at {join_url(server, room)}")
        for text in invitations(server, room):
            say(text)
        say(
            "In a browser: run `objective serve`, open its address, choose Join a game and give "
            "the room's address and a token."
        )
        say(f"The game is autosaved after every decision to {room.autosave_path}.")
        commands = HostCommands(room, server, say)
        if read_commands:
            say(COMMANDS_HELP)
            _read_lines(asyncio.get_running_loop(), commands.run)
        loop = asyncio.get_running_loop()
        for name in ("SIGINT", "SIGTERM", "SIGHUP"):
            with contextlib.suppress(NotImplementedError, AttributeError, RuntimeError):
                loop.add_signal_handler(getattr(signal, name), commands.quit.set)
        told_over = False
        try:
            while not commands.quit.is_set():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(commands.quit.wait(), 0.5)
                if room.session.over and not told_over:
                    told_over = True
                    say(f"Game over: {game.outcome(room.session.state).sentence}")
                if told_over and not room.connections:
                    break
        finally:
            for name in ("SIGINT", "SIGTERM", "SIGHUP"):
                with contextlib.suppress(NotImplementedError, AttributeError, RuntimeError):
                    loop.remove_signal_handler(getattr(signal, name))
        if not room.session.over:
            say(
                "The room is closed; the game is autosaved. Reopen it with the same invitations: "
                f"objective host --resume {room.autosave_path}"
            )


def warn_if_open(host: str, tls: bool) -> str | None:
    """The warning for a room others can reach without TLS (None when there is nothing to say)."""
    if tls or is_loopback(host):
        return None
    return (
        f"objective: warning: the room listens on {host} without TLS: the tokens and every "
        "player's hand cross the network readable by anyone on the way; give --certfile and "
        "--keyfile to encrypt them."
    )
