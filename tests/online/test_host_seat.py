"""`objective host ... --play`: the room served by this process while its terminal plays the
first human seat, joined over loopback like anyone else."""

from __future__ import annotations

import asyncio

import pytest

from saves.store import SaveStore
from tests.online.helpers import seats
from tui.online.client import RoomClient, RoomError
from tui.online.host_seat import host_and_play
from tui.online.room import Room


def test_the_hosts_terminal_takes_the_first_human_seat_and_the_room_closes_with_it(tmp_path):
    room = Room.open("objectives", seats("rules", "human", "human"), SaveStore(tmp_path), seed=2)
    said: list[str] = []
    joined = {}

    def play(url: str, token: str) -> int:
        async def take_the_seat():
            client = await RoomClient.connect(url, token)
            joined["seat"], joined["url"] = client.welcome.seat, url
            await client.close()

        asyncio.run(take_the_seat())
        return 0

    assert host_and_play(room, "127.0.0.1", 0, None, said.append, play) == 0
    assert joined["seat"] == 1  # the first person's seat (seat 0 is the AI's)
    # the others' invitations were printed, the host's own seat named
    assert any(room.tokens[2] in line for line in said)
    assert any("This terminal plays Player 2" in line for line in said)
    assert "objective host --resume" in said[-1]  # closed with the game unfinished
    with pytest.raises(RoomError):  # the room closed with the screen
        asyncio.run(RoomClient.connect(joined["url"], room.tokens[2], timeout=2))
