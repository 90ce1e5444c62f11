"""`RoomClient`: one seat's connection to a room (docs/online.md).

```python
client = await RoomClient.connect(url, token)   # hello; returns after the welcome
async for frame in client.frames():             # ViewFrame, YourTurn, Refused, GameOver, Bye
    ...
await client.decide(n, action)
await client.close()
```

Frames come decoded and checked (`protocol.parse_room_frame`): views, events, actions and
outcomes are the core's own values again. Rejoining is connecting again with the same token.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
import ssl
from collections.abc import AsyncIterator
from urllib.parse import urlsplit

import aiohttp

from core.engine import Action
from tui.online import protocol
from tui.online.codec import CodecError
from tui.online.protocol import Bye, ProtocolError, Refused, RoomFrame, Welcome

CONNECT_SECONDS = 10.0


class RoomError(Exception):
    """The room cannot be joined or has gone. str() is one sentence for the player."""


def client_ssl_context(cafile: str | None = None) -> ssl.SSLContext:
    """TLS that checks the room's certificate (against `cafile` too, for a self-made one)."""
    context = ssl.create_default_context()
    if cafile:
        context.load_verify_locations(cafile)
    return context


def check_url(url: str) -> str:
    """A room's address, checked (RoomError with a sentence if it is not one)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("ws", "wss") or not parts.hostname or not parts.path.strip("/"):
        raise RoomError(f"{url!r} is not a room's address: it looks like ws://HOST:PORT/room/ROOM")
    return url.strip()


class RoomClient:
    def __init__(self, http: aiohttp.ClientSession, ws, welcome: Welcome, url: str) -> None:
        self._http = http
        self._ws = ws
        self.welcome = welcome
        self.url = url
        self.closed_reason = ""

    @classmethod
    async def connect(
        cls,
        url: str,
        token: str,
        ssl_context: ssl.SSLContext | None = None,
        timeout: float = CONNECT_SECONDS,
    ) -> RoomClient:
        """Join the seat `token` opens in the room at `url`; RoomError if it cannot."""
        url = check_url(url)
        http = aiohttp.ClientSession()
        try:
            try:
                ws = await http.ws_connect(
                    url,
                    ssl=ssl_context if ssl_context is not None else True,
                    max_msg_size=protocol.MAX_ROOM_FRAME,
                    heartbeat=20.0,
                    timeout=aiohttp.ClientWSTimeout(ws_receive=None, ws_close=5.0),
                )
            except aiohttp.WSServerHandshakeError as err:
                if err.status == 404:
                    raise RoomError(f"There is no room at {url}: check the address.") from None
                raise RoomError(f"{url} is not an Objective room ({err.status}).") from None
            except aiohttp.ClientConnectorCertificateError as err:
                raise RoomError(
                    f"The room at {url} shows a certificate this machine does not trust "
                    f"({_why(err.certificate_error)})."
                ) from None
            except (ssl.SSLError, aiohttp.ClientSSLError) as err:
                raise RoomError(f"Cannot make a secure connection to {url}: {err}.") from None
            except aiohttp.ClientConnectorError as err:
                why = _os_why(err.os_error)
                raise RoomError(
                    f"Cannot reach the room at {url}: {why[:1].lower()}{why[1:]}. Is it open, "
                    "and is the address the host gave you?"
                ) from None
            except (aiohttp.ClientError, OSError, TimeoutError) as err:
                raise RoomError(f"Cannot reach the room at {url}: {_why(err)}.") from None
            await ws.send_bytes(protocol.pack(protocol.hello_frame(token)))
            try:
                msg = await asyncio.wait_for(ws.receive(), timeout)
            except TimeoutError:
                raise RoomError(f"The room at {url} did not answer.") from None
            frame = _frame(msg)
            if isinstance(frame, Welcome):
                return cls(http, ws, frame, url)
            if isinstance(frame, Refused | Bye):
                raise RoomError(frame.reason)
            raise RoomError(f"The room at {url} did not let this seat in.")
        except BaseException:
            await http.close()
            raise

    async def frames(self) -> AsyncIterator[RoomFrame]:
        """The room's frames as they come, until it says bye (yielded last) or the connection
        ends (`closed_reason` then says why)."""
        while True:
            msg = await self._ws.receive()
            if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING):
                self.closed_reason = self.closed_reason or "The room closed the connection."
                return
            if msg.type in (aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
                self.closed_reason = self.closed_reason or "The connection to the room dropped."
                return
            try:
                frame = _frame(msg)
            except RoomError as err:
                self.closed_reason = str(err)
                await self.close()
                return
            if frame is None:
                continue
            if isinstance(frame, Bye):
                self.closed_reason = frame.reason
                yield frame
                return
            yield frame

    async def decide(self, n: int, action: Action) -> None:
        await self.send(protocol.decide_frame(n, action))

    async def undo(self, n: int) -> None:
        await self.send(protocol.undo_frame(n))

    async def send(self, frame: dict) -> None:
        await self.send_bytes(protocol.pack(frame))

    async def send_bytes(self, data: bytes) -> None:
        try:
            await self._ws.send_bytes(data)
        except (ConnectionError, RuntimeError, aiohttp.ClientError) as err:
            raise RoomError(f"The connection to the room dropped: {_why(err)}.") from None

    @property
    def connected(self) -> bool:
        return not self._ws.closed

    async def close(self) -> None:
        if not self._ws.closed:
            with contextlib.suppress(Exception):
                await self._ws.send_bytes(protocol.pack(protocol.leave_frame()))
            with contextlib.suppress(Exception):
                await self._ws.close()
        await self._http.close()


def _frame(msg) -> RoomFrame | None:
    if msg.type == aiohttp.WSMsgType.BINARY:
        try:
            return protocol.parse_room_frame(msg.data)
        except (ProtocolError, CodecError) as err:
            raise RoomError(f"The room sent something this program cannot read: {err}.") from None
    if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
        raise RoomError("The room closed the connection.")
    return None


def _os_why(err: OSError) -> str:
    """What the system said, in its words ("Connection refused", "Name or service not known")."""
    if not isinstance(err, socket.gaierror) and err.errno and err.errno > 0:
        return os.strerror(err.errno)
    return err.strerror or str(err) or "no answer"


def _why(err: BaseException) -> str:
    text = str(err) or type(err).__name__
    return text.rstrip(".")
