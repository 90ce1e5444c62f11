"""Rooms under load, on loopback: many rooms at once, every seat a client playing random legal
moves as fast as the room answers.

    python benchmarks/rooms.py [--rooms 20] [--clients 3] [--game objectives] [--seconds 30]

The rooms run in one server process (as `objective host` runs one), the clients in this one, so
the two share the machine's cores as two programs would. Each room plays one game to its end (or
until `--seconds` have passed: the run is bounded). Prints the decisions played, decisions per
second, and the decision round trip (a client sends `decide`, the room checks, applies,
autosaves and sends the new `view` back to it) at the median and the 95th percentile.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from saves.record import SeatInfo
from saves.store import SaveStore
from tui.online.client import RoomClient
from tui.online.protocol import Bye, GameOver, ViewFrame, YourTurn
from tui.online.room import Room
from tui.online.server import RoomServer


def serve(game_id: str, rooms: int, clients: int, options: dict, pipe, folder: str) -> None:
    """The server process: `rooms` rooms on a free loopback port until told to stop."""

    async def main() -> None:
        server = RoomServer()
        store = SaveStore(folder)
        made = []
        for i in range(rooms):
            seats = [SeatInfo(f"Player {s + 1}") for s in range(clients)]
            room = Room.open(game_id, seats, store, options, seed=i)
            server.add(room)
            made.append(room)
        await server.start("127.0.0.1", 0)
        pipe.send([(server.url(r), [r.tokens[s] for s in range(clients)]) for r in made])
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, pipe.recv)  # the benchmark's "stop"
        await server.stop()

    asyncio.run(main())


async def player(url: str, token: str, rng: random.Random, made: list, trips: list) -> None:
    client = await RoomClient.connect(url, token)
    sent_at: dict[int, float] = {}
    try:
        async for frame in client.frames():
            if isinstance(frame, ViewFrame) and frame.n in sent_at:
                trips.append(time.perf_counter() - sent_at.pop(frame.n))
            elif isinstance(frame, YourTurn):
                action, _ = frame.legal[rng.randrange(len(frame.legal))]
                sent_at[frame.n + 1] = time.perf_counter()
                await client.decide(frame.n, action)
                made[0] += 1
            elif isinstance(frame, GameOver | Bye):
                break
    finally:
        await client.close()


async def play(invitations, seconds: float) -> tuple[int, float, list[float]]:
    until = time.monotonic() + seconds
    trips: list[float] = []
    made = [0]
    started = time.perf_counter()
    players = [
        asyncio.create_task(player(url, token, random.Random(f"{url}:{seat}"), made, trips))
        for url, tokens in invitations
        for seat, token in enumerate(tokens)
    ]
    await asyncio.wait(players, timeout=max(0.0, until - time.monotonic()))
    elapsed = time.perf_counter() - started
    for task in players:  # time is up: the games still going stop where they are
        task.cancel()
    await asyncio.gather(*players, return_exceptions=True)
    return made[0], elapsed, trips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=20)
    parser.add_argument("--clients", type=int, default=3)
    parser.add_argument("--game", default="objectives", choices=("objectives", "conquer"))
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    options = {"turn_limit": 5} if args.game == "conquer" else {}
    with tempfile.TemporaryDirectory(prefix="objective-rooms-") as folder:
        here, there = multiprocessing.Pipe()
        server = multiprocessing.get_context("spawn").Process(
            target=serve, args=(args.game, args.rooms, args.clients, options, there, folder)
        )
        server.start()
        try:
            invitations = here.recv()
            decisions, elapsed, trips = asyncio.run(play(invitations, args.seconds))
        finally:
            here.send("stop")
            server.join(10)
            if server.is_alive():
                server.kill()
    trips.sort()
    p95 = trips[int(0.95 * (len(trips) - 1))] if trips else float("nan")
    median = statistics.median(trips) if trips else float("nan")
    print(
        f"{args.game}: {args.rooms} rooms x {args.clients} clients, {decisions} decisions in "
        f"{elapsed:.1f} s: {decisions / elapsed:.0f} decisions/s; round trip median "
        f"{median * 1000:.1f} ms, p95 {p95 * 1000:.1f} ms"
    )


if __name__ == "__main__":
    main()
