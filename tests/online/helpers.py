"""Rooms on a loopback port and headless players for the online tests."""

from __future__ import annotations

import contextlib
import random

from saves.record import SeatInfo
from saves.store import SaveStore
from tui.online.client import RoomClient
from tui.online.protocol import Bye, GameOver, YourTurn
from tui.online.room import Room
from tui.online.server import RoomServer


def seats(*kinds: str) -> list[SeatInfo]:
    out = []
    for i, kind in enumerate(kinds):
        agent, _, level = kind.partition(":")
        out.append(SeatInfo(f"Player {i + 1}", agent, level or None))
    return out


@contextlib.asynccontextmanager
async def open_room(tmp_path, game_id: str, kinds: tuple[str, ...], **kwargs):
    """A room for `kinds` (one per seat) served on 127.0.0.1 at a free port."""
    room = Room.open(game_id, seats(*kinds), SaveStore(tmp_path), **kwargs)
    server = RoomServer()
    server.add(room)
    await server.start("127.0.0.1", 0)
    try:
        yield server, room
    finally:
        await server.stop()


async def join(server: RoomServer, room: Room, seat: int) -> RoomClient:
    return await RoomClient.connect(server.url(room), room.tokens[seat])


async def play_randomly(client: RoomClient, rng: random.Random, seen: list, stop_after=None):
    """Play random legal actions for the client's seat until the game ends (or the client has
    made `stop_after` decisions); every frame received goes into `seen`."""
    made = 0
    async for frame in client.frames():
        seen.append(frame)
        if isinstance(frame, YourTurn):
            if stop_after is not None and made >= stop_after:
                return
            action, _ = frame.legal[rng.randrange(len(frame.legal))]
            await client.decide(frame.n, action)
            made += 1
        elif isinstance(frame, GameOver | Bye):
            return
