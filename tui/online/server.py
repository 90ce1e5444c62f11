"""The rooms' WebSocket endpoint (aiohttp): `ws://HOST:PORT/room/ROOM`, one connection a seat.

Every connection is held to the protocol's limits before the room sees a frame: a frame over
`MAX_CLIENT_FRAME` closes it (WebSocket close 1009), more than `FLOOD_RATE` frames a second on
average (bursts of `FLOOD_BURST`; a decision the room plays does not count: those come at the
game's pace) closes it, a malformed frame is refused with the reason and
`MAX_STRIKES` of them close it, a hello must come within `HELLO_SECONDS`. Each connection sends
through its own queue, so a slow reader never holds the room up (it is closed past
`MAX_QUEUED` frames and may rejoin). A request from a web page (an `Origin` header) is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time

from aiohttp import WSMsgType, web

from tui.online import protocol
from tui.online.protocol import Hello, ProtocolError
from tui.online.room import Room

HELLO_SECONDS = 10.0
HEARTBEAT_SECONDS = 20.0  # WebSocket pings: a connection that stops answering is dropped
FLOOD_RATE = 20.0  # frames a second a connection may send on average
FLOOD_BURST = 40
MAX_STRIKES = 20  # malformed frames before the connection is closed
MAX_QUEUED = 256  # frames waiting for a reader too slow to take them
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")

NOT_A_WEBSOCKET = (
    "This is an Objective room. Join it from a terminal: objective join URL --token TOKEN "
    "(or in a browser through objective serve, Join a game).\n"
)
NO_ROOM = "There is no room at this address: check it, or the room has closed.\n"
FROM_A_PAGE = "Objective rooms are joined by the objective program, not by web pages.\n"


class FloodGate:
    """A token bucket: `rate` frames a second on average, `burst` at once."""

    def __init__(self, rate: float = FLOOD_RATE, burst: int = FLOOD_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1)


class WebSocketSeat:
    """One connection: frames go out through a queue, written by its own task."""

    def __init__(self, ws: web.WebSocketResponse) -> None:
        self.ws = ws
        self.seat: int | None = None
        self.closing = False
        self._queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        self._writer = asyncio.get_running_loop().create_task(self._write())

    def send(self, frame: dict) -> None:
        if self.closing:
            return
        if self._queue.qsize() >= MAX_QUEUED:
            self.closing = True
            self._queue.put_nowait(None)
            return
        self._queue.put_nowait(protocol.pack(frame))

    def close(self, reason: str) -> None:
        if self.closing:
            return
        self.send(protocol.bye_frame(reason))
        self.closing = True
        self._queue.put_nowait(None)

    async def _write(self) -> None:
        try:
            while True:
                data = await self._queue.get()
                if data is None:
                    break
                await self.ws.send_bytes(data)
        except (ConnectionError, RuntimeError):
            pass  # the other end has gone: the reader sees the close
        finally:
            self.closing = True
            with contextlib.suppress(Exception):
                await self.ws.close()

    async def finish(self) -> None:
        """After the connection ended: let the writer flush what it has, then stop."""
        if not self.closing:
            self.closing = True
            self._queue.put_nowait(None)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._writer, 5)


class RoomServer:
    """An aiohttp application serving any number of rooms, each at /room/ID."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}
        self.app = web.Application()
        self.app.router.add_get("/room/{room}", self._room_socket)
        self._runner: web.AppRunner | None = None
        self._seats: set[WebSocketSeat] = set()
        self.host, self.port, self.scheme = "127.0.0.1", 0, "ws"

    def add(self, room: Room) -> None:
        self.rooms[room.id] = room

    def url(self, room: Room) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"{self.scheme}://{host}:{self.port}/room/{room.id}"

    async def start(self, host: str, port: int, ssl_context: ssl.SSLContext | None = None) -> int:
        """Listen on host:port (0: any free port); returns the port. OSError if it cannot."""
        self._runner = web.AppRunner(self.app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port, ssl_context=ssl_context)
        try:
            await site.start()
        except BaseException:
            await self._runner.cleanup()
            raise
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        self.port = sockets[0].getsockname()[1] if sockets else port
        self.host, self.scheme = host, "wss" if ssl_context else "ws"
        for room in self.rooms.values():
            room.set_address(host, self.port)
            room.start()
        return self.port

    async def stop(self, reason: str = "The host closed the room.") -> None:
        for room in self.rooms.values():
            await room.aclose(reason)
        for seat in list(self._seats):
            seat.close(reason)
            await seat.finish()
        if self._runner is not None:
            await self._runner.cleanup()

    async def _room_socket(self, request: web.Request) -> web.StreamResponse:
        room = self.rooms.get(request.match_info["room"])
        if room is None or room.closed:
            return web.Response(status=404, text=NO_ROOM)
        if "Origin" in request.headers:
            return web.Response(status=403, text=FROM_A_PAGE)
        ws = web.WebSocketResponse(
            max_msg_size=protocol.MAX_CLIENT_FRAME, heartbeat=HEARTBEAT_SECONDS
        )
        if not ws.can_prepare(request).ok:
            return web.Response(status=400, text=NOT_A_WEBSOCKET)
        await ws.prepare(request)
        seat = WebSocketSeat(ws)
        self._seats.add(seat)
        try:
            await self._converse(room, seat, ws)
        finally:
            room.leave(seat)
            self._seats.discard(seat)
            await seat.finish()
        return ws

    async def _converse(self, room: Room, seat: WebSocketSeat, ws: web.WebSocketResponse) -> None:
        try:
            msg = await asyncio.wait_for(ws.receive(), HELLO_SECONDS)
        except TimeoutError:
            seat.close("No hello came in time.")
            return
        if msg.type not in (WSMsgType.BINARY, WSMsgType.TEXT):
            return
        try:
            hello = protocol.parse_client_frame(msg.data)
        except ProtocolError as err:
            seat.send(protocol.refused_frame(_sentence(err)))
            seat.close("The first frame is a hello with your token.")
            return
        if not isinstance(hello, Hello):
            seat.close("The first frame is a hello with your token.")
            return
        if not room.join(seat, hello.token):
            return
        gate, strikes = FloodGate(), 0
        while not seat.closing:
            msg = await ws.receive()
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return
            if not gate.take():
                seat.close("Too many frames: the connection is closed. Join again to go on.")
                return
            try:
                frame = protocol.parse_client_frame(msg.data)
            except ProtocolError as err:
                strikes += 1
                seat.send(protocol.refused_frame(_sentence(err), room.n))
                if strikes >= MAX_STRIKES:
                    seat.close("Too many malformed frames: the connection is closed.")
                    return
                continue
            if room.handle(seat, frame):
                gate.refund()  # a decision the room played: the game's pace, not a flood


def _sentence(err: Exception) -> str:
    text = str(err)
    return (text[:1].upper() + text[1:]).rstrip(".") + "."


def is_loopback(host: str) -> bool:
    return host.strip().strip("[]").lower() in LOOPBACK_NAMES


def server_ssl_context(certfile: str, keyfile: str | None) -> ssl.SSLContext:
    """TLS for `--certfile/--keyfile` (OSError or ssl.SSLError if they cannot be used)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(certfile, keyfile)
    return context
