"""`objective host`: TLS with --certfile/--keyfile, the warning for an open network, and one
sentence for every mistake before a room opens."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from saves.store import SaveStore
from tests.online.helpers import seats
from tui.cli import main
from tui.online.client import RoomClient, RoomError, client_ssl_context
from tui.online.host import hosting, warn_if_open
from tui.online.protocol import ViewFrame
from tui.online.room import Room


@pytest.fixture
def certificate(tmp_path):
    """A self-made certificate for localhost (openssl), and its key."""
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
            "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj",
            "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


async def test_a_room_with_a_certificate_speaks_tls_and_a_client_checks_it(tmp_path, certificate):
    from tui.online.server import server_ssl_context

    cert, key = certificate
    room = Room.open("conquer", seats("human", "human"), SaveStore(tmp_path / "saves"), seed=1)
    async with hosting(room, "127.0.0.1", 0, server_ssl_context(str(cert), str(key))) as server:
        url = server.url(room).replace("127.0.0.1", "localhost")
        assert url.startswith("wss://")
        client = await RoomClient.connect(url, room.tokens[0], client_ssl_context(str(cert)))
        async for frame in client.frames():
            assert isinstance(frame, ViewFrame)
            assert frame.view == room.game.observe(room.session.state, 0)
            break
        await client.close()
        # a client that does not trust the certificate is told so, in a sentence
        with pytest.raises(RoomError, match="certificate this machine does not trust"):
            await RoomClient.connect(url, room.tokens[1])
        # and a plain ws:// client gets nothing from a TLS room
        with pytest.raises(RoomError):
            await RoomClient.connect(url.replace("wss://", "ws://"), room.tokens[1], timeout=3)


def test_an_open_address_without_tls_is_warned_about():
    assert warn_if_open("localhost", tls=False) is None
    assert warn_if_open("127.0.0.1", tls=False) is None
    assert "without TLS" in warn_if_open("0.0.0.0", tls=False)
    assert warn_if_open("0.0.0.0", tls=True) is None


@pytest.mark.parametrize(
    ("argv", "code", "words"),
    [
        (["host"], 2, "name the game"),
        (["host", "chess"], 2, "chess"),
        (["host", "objectives", "--players", "9"], 2, "1-6 players"),
        (["host", "objectives", "--seat", "rules", "--seat", "rules"], 2, "human seat"),
        (["host", "objectives", "--keyfile", "k.pem"], 2, "--certfile"),
        (["host", "objectives", "--certfile", "/nonexistent.pem"], 1, "certificate"),
        (["host", "--resume", "/nonexistent.objective"], 1, "cannot resume"),
        (["host", "--resume", "x.objective", "objectives"], 2, "--resume"),
        (["host", "--resume", "x.objective", "--preset", "veteran"], 2, "--resume"),
        (["host", "objectives", "--preset", "nosuch"], 2, "unknown preset 'nosuch'"),
    ],
)
def test_a_mistake_is_one_sentence_before_any_room_opens(tmp_path, capsys, argv, code, words):
    assert main(["--save-dir", str(tmp_path), *argv]) == code
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_finished_game_is_not_resumed(tmp_path, capsys):
    room = Room.open("objectives", seats("human"), SaveStore(tmp_path / "rooms"), seed=3)
    import random

    rng = random.Random(3)
    while not room.session.over:
        legal = room.session.legal()
        room.decide(room.session.to_move, room.n, legal[rng.randrange(len(legal))])
    path = str(room.autosave_path)
    assert main(["--save-dir", str(tmp_path), "host", "--resume", path]) == 1
    assert "over" in capsys.readouterr().err


async def test_a_room_that_is_not_there_is_one_sentence():
    import socket

    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(RoomError, match=r"Cannot reach the room .* connection refused"):
        await RoomClient.connect(f"ws://127.0.0.1:{port}/room/abc", "token")
    with pytest.raises(RoomError, match="not a room's address"):
        await RoomClient.connect("http://127.0.0.1/room/abc", "token")


async def test_the_hosts_commands_hand_a_seat_to_the_ai_and_say_what_is_wrong(tmp_path):
    from tui.online.host import HostCommands

    room = Room.open("objectives", seats("human", "human", "human"), SaveStore(tmp_path), seed=5)
    async with hosting(room, "127.0.0.1", 0) as server:
        said: list[str] = []
        commands = HostCommands(room, server, said.append)
        token = room.tokens[1]
        for line in ("ai 2 mcts:easy", "ai 2", "ai 9", "ai two", "ai 3 wizard", "seats", "dance"):
            commands.run(line)
        assert "Player 2 is played by the AI (mcts:easy)" in said[0]
        assert said[1].startswith("Cannot: Player 2 is already played")
        assert said[2].startswith("Cannot: there is no seat 9")
        assert said[3] == "`ai` takes a seat number, not 'two'."
        assert said[4].startswith("Cannot:") and "wizard" in said[4]
        assert said[5:8] == [
            "  Player 1: not connected",
            "  Player 2: played by the AI",
            "  Player 3: not connected",
        ]
        assert said[8].startswith("Commands:")
        assert room.record.seats[1].agent_name == "mcts:easy"
        assert 1 not in room.tokens
        await room.told()  # (saved by a worker thread)
        room_file = room.autosave_path.with_suffix(".room").read_text()
        assert token not in room_file  # the handed-over seat's invitation is gone for good
        commands.run("quit")
        assert commands.quit.is_set()
