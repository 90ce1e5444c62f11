"""Faults are normal: a player whose connection dies rejoins with the same token and gets the
position back; a host killed mid-game reopens its room from the autosave with the same
invitations; a seat that leaves for good goes to the AI. Each game still ends."""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import subprocess
import sys
import time

from saves.store import read_record
from tests.online.helpers import join, open_room, play_randomly
from tui.online.client import RoomClient, RoomError
from tui.online.protocol import Bye, GameOver, ViewFrame, YourTurn


async def next_frame(client: RoomClient, kind, timeout: float = 10.0):
    async def find():
        async for frame in client.frames():
            if isinstance(frame, kind):
                return frame
        raise AssertionError(f"the connection ended before a {kind.__name__}")

    return await asyncio.wait_for(find(), timeout)


async def wait_until(condition, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        await asyncio.sleep(0.02)


async def test_a_player_killed_mid_turn_rejoins_gets_the_position_back_and_the_game_ends(tmp_path):
    async with open_room(tmp_path, "objectives", ("human", "human"), seed=11) as (server, room):
        first, second = await join(server, room, 0), await join(server, room, 1)
        told: list = []
        other = asyncio.create_task(play_randomly(second, random.Random(3), told))
        # seat 0 plays a few decisions, then its connection dies while it is to act
        await asyncio.wait_for(play_randomly(first, random.Random(1), [], stop_after=3), 30)
        assert room.session.to_move == 0
        n = room.n
        await first._http.close()  # killed: no bye, the socket just goes
        await wait_until(lambda: room.status()[0] == "disconnected")
        await wait_until(
            lambda: any(isinstance(f, ViewFrame) and f.status[0] == "disconnected" for f in told)
        )
        # the same invitation again: the welcome, the position, and the turn it was to play
        again = await RoomClient.connect(server.url(room), room.tokens[0])
        assert again.welcome.seat == 0
        view = await next_frame(again, ViewFrame)
        assert view.n == n and view.view == room.game.observe(room.session.state, 0)
        turn = await next_frame(again, YourTurn)
        assert turn.n == n
        await again.decide(turn.n, turn.legal[0][0])
        await asyncio.wait_for(
            asyncio.gather(play_randomly(again, random.Random(2), []), other), 60
        )
        assert room.session.over
        await again.close()
        await second.close()


async def test_a_seat_handed_to_the_ai_loses_its_invitation_and_the_ai_finishes_its_game(
    tmp_path,
):
    async with open_room(tmp_path, "objectives", ("human", "human"), seed=4) as (server, room):
        leaver, stayer = await join(server, room, 0), await join(server, room, 1)
        token = room.tokens[0]
        room.hand_to_ai(0, "rules")
        bye = await next_frame(leaver, Bye)
        assert "AI" in bye.reason
        try:
            await RoomClient.connect(server.url(room), token)
        except RoomError as err:
            assert "token" in str(err)
        else:
            raise AssertionError("a handed-over seat's invitation still opened it")
        seen: list = []
        await asyncio.wait_for(play_randomly(stayer, random.Random(5), seen), 60)
        assert room.session.over
        assert room.session.record.seats[0].kind == "rules"
        assert any(isinstance(f, ViewFrame) and f.status[0] == "ai" for f in seen)
        assert any(isinstance(f, GameOver) for f in seen)
        await stayer.close()
        await leaver.close()


def start_host(argv: list[str], env: dict) -> tuple[subprocess.Popen, list[str]]:
    """`objective host ...` in its own process, once it has printed its invitations."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    lines: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if line.startswith("The game is autosaved"):
            return proc, lines
    proc.kill()
    raise AssertionError(f"the host did not open its room: {lines} {proc.stderr.read()}")


def invitations(lines: list[str]) -> dict[int, tuple[str, str]]:
    found = {}
    for line in lines:
        m = re.match(r"\s+Player (\d): objective join (\S+) --token (\S+)", line)
        if m:
            found[int(m[1]) - 1] = (m[2], m[3])
    return found


async def test_a_host_killed_mid_game_resumes_from_its_autosave_with_the_same_invitations(
    tmp_path,
):
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    argv = ["--save-dir", str(tmp_path), "host", "objectives", "--players", "2", "--seed", "9"]
    proc, lines = start_host([*argv, "--port", "0"], env)
    try:
        invited = invitations(lines)
        assert set(invited) == {0, 1}
        autosave = next(line for line in lines if line.startswith("The game is autosaved"))
        autosave = autosave.split(" to ", 1)[1].rstrip(".")
        clients = [await RoomClient.connect(url, token) for url, token in invited.values()]
        playing = [
            asyncio.create_task(play_randomly(c, random.Random(i), [], stop_after=6))
            for i, c in enumerate(clients)
        ]
        done, waiting = await asyncio.wait(playing, timeout=30, return_when="FIRST_COMPLETED")
        assert done
        for task in waiting:
            task.cancel()
    finally:
        proc.send_signal(signal.SIGKILL)  # crashed: nothing gets a chance to be tidied
        proc.wait(10)
    for c in clients:
        await c.close()
    saved = read_record(autosave)
    assert len(saved.actions) >= 6 and not saved.finished

    proc, lines = start_host(["--save-dir", str(tmp_path), "host", "--resume", autosave], env)
    try:
        assert invitations(lines) == invited  # the same address and tokens
        clients = [await RoomClient.connect(url, token) for url, token in invited.values()]
        first = await next_frame(clients[0], ViewFrame)
        assert first.n == len(saved.actions)
        seen: list[list] = [[], []]
        await asyncio.wait_for(
            asyncio.gather(
                *(play_randomly(c, random.Random(i + 7), seen[i]) for i, c in enumerate(clients))
            ),
            60,
        )
        assert all(any(isinstance(f, GameOver) for f in frames) for frames in seen)
        for c in clients:
            await c.close()
        proc.wait(20)  # the game over and everyone gone, the host closes by itself
        assert proc.returncode == 0
        assert read_record(autosave).finished
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(10)
