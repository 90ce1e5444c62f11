"""`objective serve` keeps the program to the player's own pages: a WebSocket from another site is
refused, the sessions are capped (the next one told why), frames its page would never send leave
no traceback in the server's log, and a busy port is said before any banner."""

from __future__ import annotations

import asyncio
import os
import re
import socket
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

import aiohttp
import pytest

from tests.web.test_browser import free_port, wait_for_port
from tui import cli
from tui.serve import allowed_origins, browser_message, full_message, origin_of

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def serve(tmp_path):
    """Start `objective serve` with these extra arguments: (port, the file its stderr goes to)."""
    started = []

    def start(*argv: str):
        port = free_port()
        log = tmp_path / "serve.err"
        env = dict(
            os.environ,
            OBJECTIVE_SAVE_DIR=str(tmp_path / "saves"),
            OBJECTIVE_CRASH_DIR=str(tmp_path / "crashes"),
        )
        with log.open("w") as err:
            proc = subprocess.Popen(
                [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), *argv],
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=err,
                cwd=ROOT,
            )
        started.append(proc)
        wait_for_port(port, proc)
        return port, log

    yield start
    for proc in started:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def first_frame(ws) -> aiohttp.WSMessage:
    return await ws.receive(timeout=60)


def run(coro):
    return asyncio.run(coro)


def test_a_websocket_from_another_site_is_refused(serve):
    port, log = serve()

    async def connect(**headers):
        async with aiohttp.ClientSession() as client:
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await client.ws_connect(f"ws://localhost:{port}/ws", **headers)
            return refused.value.status

    # the page any other site could serve, and a client that names no page at all
    assert run(connect(origin="http://evil.example")) == 403
    assert run(connect(origin=f"http://evil.example:{port}")) == 403  # DNS rebinding
    assert run(connect()) == 403
    assert "refused a connection from 'http://evil.example'" in log.read_text()


async def open_session(port: int, origin: str):
    client = aiohttp.ClientSession()
    ws = await client.ws_connect(f"ws://localhost:{port}/ws?width=90&height=30", origin=origin)
    return client, ws


def test_sessions_beyond_the_cap_are_told_why(serve):
    port, _ = serve("--max-sessions", "1")

    async def scenario():
        client, ws = await open_session(port, f"http://127.0.0.1:{port}")
        try:
            assert (await first_frame(ws)).type == aiohttp.WSMsgType.BINARY  # the app draws
            other, refused = await open_session(port, f"http://localhost:{port}")
            try:
                closing = await first_frame(refused)
            finally:
                await other.close()
        finally:
            await client.close()
        return closing

    closing = run(scenario())
    assert closing.type == aiohttp.WSMsgType.CLOSE
    assert closing.extra == full_message(1)
    assert "already open in 1 browser tab" in closing.extra


BAD_FRAMES = [
    "not json",
    "[]",
    "{}",
    "[5]",
    '["stdin"]',
    '["stdin", 5]',
    '["stdin", "\\ud800"]',  # a lone surrogate: not text that UTF-8 can carry
    '["resize", {}]',
    '["resize", {"width": "wide", "height": 30}]',
    '["resize", {"width": 99999999, "height": 99999999}]',
    '["ping"]',
    '["ping", {"a": 1}]',
    '["unknown", 1]',
    "[" * 60_000,  # deeper than the parser goes
]


def test_malformed_frames_leave_no_traceback(serve):
    port, log = serve()

    async def scenario():
        client, ws = await open_session(port, f"http://localhost:{port}")
        try:
            await first_frame(ws)
            for frame in BAD_FRAMES:
                await ws.send_str(frame)
            await ws.send_bytes(b"\x00\xff")
            await ws.send_str('["ping", "still there"]')
            while True:  # the session still answers
                frame = await first_frame(ws)
                if frame.type == aiohttp.WSMsgType.TEXT and "pong" in frame.data:
                    return frame.data
                assert frame.type == aiohttp.WSMsgType.BINARY, frame
        finally:
            await client.close()

    assert run(scenario()) == '["pong", "still there"]'
    text = log.read_text()
    assert "a session started" in text
    assert "Traceback" not in text and "Error" not in text


def test_a_busy_port_is_said_before_any_banner(capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = cli.main(["serve", "--port", str(port)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    (line,) = err.strip().splitlines()
    assert line == (
        f"objective: port {port} on localhost is already in use; choose another with --port"
    )


# --- the checks themselves ----------------------------------------------------------------------


def test_the_origins_accepted():
    local = allowed_origins("localhost", 8000, None)
    assert origin_of("http://127.0.0.1:8000") in local
    assert origin_of("http://[::1]:8000") in local
    assert origin_of("http://LOCALHOST:8000") in local
    assert origin_of("http://localhost:8001") not in local
    assert origin_of("https://localhost:8000") not in local
    assert origin_of("null") is None and origin_of("http://:8000") is None
    public = allowed_origins("0.0.0.0", 8000, "https://games.example.org/objective/")
    assert public == {("https", "games.example.org", 443)}
    assert origin_of("http://localhost:8000") not in public
    assert origin_of("http://192.168.1.5:8000") in allowed_origins("192.168.1.5", 8000, None)


def test_messages_of_the_page_pass_and_nothing_else():
    assert browser_message('["stdin", "q"]') == ("stdin", "q")
    assert browser_message('["resize", {"width": 120, "height": 40}]') == ("resize", (120, 40))
    assert browser_message('["resize", {"width": 99999, "height": 0}]') == ("resize", (1000, 1))
    assert browser_message('["resize", {"width": true, "height": 40}]') is None
    assert browser_message('["ping", "17"]') == ("ping", "17")
    assert browser_message('["focus"]') == ("focus", None)
    assert all(browser_message(frame) is None for frame in BAD_FRAMES[:6])
    assert len(full_message(64).encode()) <= 123  # what a close frame can carry


def test_the_page_asks_no_other_host_and_has_a_favicon(serve):
    port, _ = serve()

    async def get(path: str) -> tuple[int, str, bytes]:
        url = f"http://127.0.0.1:{port}{path}"
        async with aiohttp.ClientSession() as client, client.get(url) as response:
            return response.status, response.content_type, await response.read()

    status, _, page = run(get("/"))
    assert status == 200
    html = page.decode()
    asked = re.findall(r"""(?:href|src)="([^"]*)"|url\("([^"]*)"\)""", html)
    hosts = {urlsplit(url).hostname for pair in asked for url in pair if url}
    assert hosts <= {None, "localhost", "127.0.0.1"}, f"the page asks {hosts} for something"
    fonts = re.findall(r"""url\("([^"]+\.ttf)"\)""", html)
    assert fonts and all(run(get(f"/{font}"))[0] == 200 for font in fonts)

    status, kind, icon = run(get("/favicon.ico"))
    assert (status, kind) == (200, "image/x-icon")
    assert icon[:4] == b"\0\0\1\0"  # an ICO file
