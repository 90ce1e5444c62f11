"""Nobody gets in where they do not belong: every frame that is not an honest decision of the
seat to act is refused or closes its connection, and the game goes on untouched for the rest."""

from __future__ import annotations

import asyncio
import contextlib
import random

import aiohttp
import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from saves.store import SaveStore
from tests.online.helpers import join, open_room, play_randomly, seats
from tui.online import protocol
from tui.online.client import RoomClient, RoomError
from tui.online.protocol import Bye, ProtocolError, Refused
from tui.online.room import Room


async def frames_until(ws, kind, timeout: float = 10.0):
    """Read a raw socket's frames until one of `kind` (None: until it closes)."""

    async def read():
        got = []
        while True:
            msg = await ws.receive()
            if msg.type != aiohttp.WSMsgType.BINARY:
                return got, msg
            frame = protocol.parse_room_frame(msg.data)
            got.append(frame)
            if kind is not None and isinstance(frame, kind):
                return got, msg

    return await asyncio.wait_for(read(), timeout)


class Raw:
    """A seated connection that sends whatever bytes a test gives it."""

    def __init__(self, http, ws) -> None:
        self.http, self.ws = http, ws

    @classmethod
    async def join(cls, url: str, token: str) -> Raw:
        http = aiohttp.ClientSession()
        ws = await http.ws_connect(url)
        await ws.send_bytes(protocol.pack(protocol.hello_frame(token)))
        raw = cls(http, ws)
        await frames_until(ws, protocol.Welcome)
        return raw

    async def send(self, data) -> None:
        if isinstance(data, dict):
            data = msgpack.packb(data)
        await self.ws.send_bytes(data)

    async def close(self) -> None:
        await self.ws.close()
        await self.http.close()


def snapshot(room: Room):
    return room.session.record.actions, room.session.state


@pytest.fixture
async def table(tmp_path):
    """An Objectives room with two people seated; the test gets (server, room, raw seat 0,
    raw seat 1) and the game must be untouched at its end."""
    async with open_room(tmp_path, "objectives", ("human", "human"), seed=21) as (server, room):
        url = server.url(room)
        first, second = await Raw.join(url, room.tokens[0]), await Raw.join(url, room.tokens[1])
        yield server, room, first, second
        await first.close()
        await second.close()


async def refused(raw: Raw) -> str:
    got, _ = await frames_until(raw.ws, Refused)
    return got[-1].reason


async def test_a_wrong_token_and_another_rooms_token_open_no_seat(tmp_path, table):
    server, room, _, _ = table
    before = snapshot(room)
    other = Room.open("objectives", seats("human", "human"), SaveStore(tmp_path / "other"))
    server.add(other)
    for token in ("not-a-token", other.tokens[0], room.tokens[0][:-1], "é" * 10):
        with pytest.raises(RoomError, match="does not open a seat"):
            await RoomClient.connect(server.url(room), token)
    with pytest.raises(RoomError, match="no room"):
        await RoomClient.connect(server.url(room).replace(room.id, "nosuchroom"), "x")
    assert snapshot(room) == before
    assert set(room.connections) == {0, 1}  # nobody was unseated


async def test_a_decision_for_another_seat_out_of_turn_or_replayed_is_refused(table):
    _, room, first, second = table
    mover, idle = (first, second) if room.session.to_move == 0 else (second, first)
    legal = room.session.legal()
    n = room.n
    before = snapshot(room)
    # a forged seat: the protocol has no seat field, the connection's token decides
    await idle.send({"t": "decide", "v": 1, "n": n, "action": list(legal[0]), "seat": 0})
    assert "no field 'seat'" in await refused(idle)
    # out of turn: a legal action of the seat to act, sent by the other seat
    await idle.send(protocol.decide_frame(n, legal[0]))
    assert "not your turn" in await refused(idle)
    # an illegal action, and one that is no action of this game at all
    await mover.send(protocol.decide_frame(n, ("attack", 999)))
    assert "not one of your legal actions" in await refused(mover)
    await mover.send(protocol.decide_frame(n, ("rm", "-rf", "/")))
    assert "not one of your legal actions" in await refused(mover)
    assert snapshot(room) == before
    # an honest decision, then the same frame replayed: played once
    decision = protocol.pack(protocol.decide_frame(n, legal[0]))
    await mover.send(decision)
    await mover.send(decision)
    assert "decision" in await refused(mover)
    assert room.session.actions == (*before[0], legal[0])


async def test_malformed_frames_are_refused_and_too_many_close_the_connection(table):
    _, room, first, _ = table
    before = snapshot(room)
    for data in (b"\xc1", b"\x92\x01", msgpack.packb([1, 2]), msgpack.packb({"t": "decide"})):
        await first.send(data)
        await refused(first)
    await first.ws.send_str('{"t": "decide"}')
    assert "binary" in await refused(first)
    await first.send({"t": "decide", "v": 2, "n": room.n, "action": ["end"]})
    assert "version" in await refused(first)
    await first.send(
        msgpack.packb({"t": "hello", "v": 1, "token": "x", "a": msgpack.ExtType(1, b"")})
    )
    await refused(first)
    for _ in range(protocol.MAX_ACTION_ITEMS * 2):
        await first.send(b"\xc1")
    got, _ = await frames_until(first.ws, None)
    assert isinstance(got[-1], Bye) and "malformed" in got[-1].reason
    assert snapshot(room) == before


async def test_an_oversized_frame_closes_the_connection_and_the_seat_can_rejoin(table):
    server, room, first, _ = table
    before = snapshot(room)
    await first.send(msgpack.packb({"t": "ping", "v": 1, "pad": "x" * protocol.MAX_CLIENT_FRAME}))
    _, end = await frames_until(first.ws, None)
    assert end.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)
    assert first.ws.close_code == aiohttp.WSCloseCode.MESSAGE_TOO_BIG
    assert snapshot(room) == before
    again = await RoomClient.connect(server.url(room), room.tokens[0])
    assert again.welcome.seat == 0
    await again.close()


async def test_a_flood_of_a_thousand_frames_a_second_is_cut_off_and_the_game_goes_on(tmp_path):
    async with open_room(tmp_path, "objectives", ("human", "human"), seed=8) as (server, room):
        flooder = await Raw.join(server.url(room), room.tokens[0])
        honest = await join(server, room, 1)
        before = snapshot(room)
        ping = protocol.pack(protocol.ping_frame())
        for _ in range(10):  # 1,000 frames a second, for a second
            if flooder.ws.closed:
                break
            for _ in range(100):
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await flooder.ws.send_bytes(ping)
            await asyncio.sleep(0.1)
        got, _ = await frames_until(flooder.ws, None)
        assert any(isinstance(f, Bye) and "Too many frames" in f.reason for f in got)
        assert snapshot(room) == before
        # the flooder's seat rejoins; both play the game to its end
        again = await join(server, room, 0)
        await asyncio.wait_for(
            asyncio.gather(
                play_randomly(again, random.Random(1), []),
                play_randomly(honest, random.Random(2), []),
            ),
            60,
        )
        assert room.session.over
        await again.close()
        await honest.close()
        await flooder.close()


# --- generated frames, straight into the room ---------------------------------------------------


class FakeSeat:
    def __init__(self) -> None:
        self.seat = None
        self.sent: list[dict] = []
        self.closed = ""

    def send(self, frame: dict) -> None:
        self.sent.append(frame)

    def close(self, reason: str) -> None:
        self.closed = reason


PLAIN = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**64 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.binary(max_size=12),
)
VALUES = st.recursive(PLAIN, lambda inner: st.lists(inner, max_size=5), max_leaves=20)
KEYS = st.one_of(st.sampled_from(["t", "v", "n", "action", "token", "seat"]), st.text(max_size=6))
TYPES = st.sampled_from(["hello", "decide", "undo", "ping", "bye", "view", "", "decide "])


@st.composite
def frames(draw, room: Room):
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.binary(max_size=64))
    if kind == 1:
        body = draw(st.dictionaries(KEYS, VALUES, max_size=5))
        return msgpack.packb(body, use_bin_type=True)
    legal = room.session.legal()
    frame = {
        "t": draw(TYPES),
        "v": draw(st.sampled_from([1, 1, 1, 2, True, "1"])),
        "n": draw(st.sampled_from([room.n, room.n, room.n - 1, room.n + 1, -1])),
        "action": draw(st.one_of(st.sampled_from([list(a) for a in legal]), VALUES)),
    }
    if draw(st.booleans()):
        frame.pop(draw(st.sampled_from(sorted(frame))))
    return msgpack.packb(frame, use_bin_type=True)


def test_generated_frames_never_harm_the_game(tmp_path):
    room = Room.open("objectives", seats("human", "human"), SaveStore(tmp_path), seed=2)
    conns = [FakeSeat(), FakeSeat()]
    for seat, conn in enumerate(conns):
        assert room.join(conn, room.tokens[seat])

    @settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
    @given(data=st.data())
    def attack(data):
        seat = data.draw(st.sampled_from([0, 1]))
        raw = data.draw(frames(room))
        actions, n, to_move = room.session.actions, room.n, room.session.to_move
        legal = room.session.legal()
        try:
            frame = protocol.parse_client_frame(raw)
        except ProtocolError:
            assert room.session.actions == actions
            return
        played = room.handle(conns[seat], frame)
        if played and isinstance(frame, protocol.Decide):
            assert seat == to_move and frame.n == n and frame.action in legal
            assert room.session.actions == (*actions, frame.action)
        elif isinstance(frame, protocol.Undo) and room.session.actions != actions:
            assert seat == to_move and frame.n == n and len(room.session.actions) == n - 1
        else:
            assert not played and room.session.actions == actions
        if room.session.over:
            return
        if conns[seat].closed:  # a bye: seat it again for the next frame
            conns[seat] = FakeSeat()
            room.join(conns[seat], room.tokens[seat])

    attack()
    # every frame a seat was sent is one a client can read back
    for conn in conns:
        for frame in conn.sent[-50:]:
            protocol.parse_room_frame(protocol.pack(frame))


def test_a_room_never_unpacks_extension_types():
    """msgpack extension types (Python objects in other tools' hands) are refused outright."""
    data = msgpack.packb({"t": "ping", "v": 1, "x": msgpack.ExtType(42, b"os.system")})
    with pytest.raises(ProtocolError, match="plain values"):
        protocol.parse_client_frame(data)


async def test_a_web_page_cannot_open_a_room_socket(tmp_path):
    page = {"Origin": "http://evil.example"}
    async with (
        open_room(tmp_path, "objectives", ("human", "human")) as (server, room),
        aiohttp.ClientSession() as http,
    ):
        with pytest.raises(aiohttp.WSServerHandshakeError) as refusal:
            await http.ws_connect(server.url(room), headers=page)
        assert refusal.value.status == 403


async def test_a_ping_changes_nothing_and_a_bye_leaves_the_seat_disconnected(table):
    _, room, first, _ = table
    before = snapshot(room)
    await first.send(protocol.ping_frame())
    await first.send(protocol.leave_frame())
    got, _ = await frames_until(first.ws, None)
    assert isinstance(got[-1], Bye)
    for _ in range(100):
        if room.status()[0] == "disconnected":
            break
        await asyncio.sleep(0.02)
    assert room.status()[0] == "disconnected" and 1 in room.connections
    assert snapshot(room) == before
