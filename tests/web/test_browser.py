"""`objective serve` in a real browser: Debian's Chromium driven by Playwright starts a Vietnam
Solitaire game by keys pressed without a click (the page gives the terminal the keyboard),
plays one action, and the page (and the autosave) show that it did; the page asks no other host
for anything.

Skipped only when no Chromium can be found (CI installs it: see .ci/run)."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from saves.store import SaveStore

CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def find_chromium() -> str | None:
    found = os.environ.get("OBJECTIVE_CHROMIUM") or shutil.which("chromium")
    if found:
        return found
    return next((p for p in CHROMIUM_PATHS if os.access(p, os.X_OK)), None)


CHROMIUM = find_chromium()
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium found (apt-get install chromium)"
)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, server: subprocess.Popen, timeout: float = 30) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if server.poll() is not None:
            raise AssertionError(f"objective serve exited: {server.stderr.read()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.2)
    raise AssertionError(f"objective serve did not listen on port {port}")


def settled(page, changed_from: bytes | None = None, timeout: float = 60, quiet: float = 0.8):
    """The terminal's picture once it differs from `changed_from` (the app has answered) and
    has then stopped changing for `quiet` seconds."""
    terminal = page.locator(".textual-terminal")
    end = time.monotonic() + timeout
    last = terminal.screenshot()
    while last == changed_from:
        if time.monotonic() > end:
            raise AssertionError("the page did not change")
        time.sleep(0.2)
        last = terminal.screenshot()
    since = time.monotonic()
    while time.monotonic() < end:
        time.sleep(0.25)
        shot = terminal.screenshot()
        if shot != last:
            last, since = shot, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return shot
    raise AssertionError("the page never settled")


def key_bar_colours(page, rows: int) -> int:
    """How many colours the bottom row (the key bar) of a terminal `rows` high shows: one or two
    when it is blank, dozens when it names keys (the letters are drawn anti-aliased)."""
    box = page.locator(".textual-terminal .xterm-screen").bounding_box()
    row = box["height"] / rows
    bottom = box["y"] + box["height"] - row
    clip = {"x": box["x"], "y": bottom, "width": box["width"], "height": row}
    shot = base64.b64encode(page.screenshot(clip=clip)).decode()
    return page.evaluate(COUNT_COLOURS, f"data:image/png;base64,{shot}")


def resized(frame: str | bytes) -> list[int]:
    """The height a frame from the page sets the terminal to, if it is a resize."""
    if isinstance(frame, bytes) or not frame.startswith('["resize"'):
        return []
    return [json.loads(frame)[1]["height"]]


COUNT_COLOURS = """async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const pixels = context.getImageData(0, 0, image.width, image.height).data;
  const seen = new Set();
  for (let i = 0; i < pixels.length; i += 4) {
    seen.add(pixels[i] * 65536 + pixels[i + 1] * 256 + pixels[i + 2]);
  }
  return seen.size;
}"""


@contextlib.contextmanager
def serving(tmp_path: Path, *argv: str):
    """`objective serve` on a free port with saves in `tmp_path`: (port, the save folder)."""
    port = free_port()
    env = dict(
        os.environ,
        OBJECTIVE_SAVE_DIR=str(tmp_path / "saves"),
        OBJECTIVE_CONFIG_DIR=str(tmp_path / "config"),
        OBJECTIVE_CRASH_DIR=str(tmp_path / "crashes"),
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "serve", "--port", str(port), *argv],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    try:
        wait_for_port(port, proc)
        yield port, tmp_path / "saves"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture
def server(tmp_path):
    with serving(tmp_path) as served:
        yield served


def launch(pw):
    return pw.chromium.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


def test_a_solitaire_game_started_and_played_in_chromium(server):
    from playwright.sync_api import sync_playwright

    port, saves = server
    started = time.monotonic()
    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            asked: list[str] = []
            page.on("request", lambda request: asked.append(request.url))
            rows: list[int] = []  # the terminal's height, each time the page sets it
            page.on("websocket", lambda ws: ws.on("framesent", lambda f: rows.extend(resized(f))))
            page.goto(f"http://127.0.0.1:{port}/")
            assert page.title() == "Objective"
            page.locator("body.-first-byte").wait_for(timeout=60_000)  # the app has answered
            title = settled(page, quiet=1.0)  # the title screen is drawn
            first_paint = time.monotonic() - started

            # no click: the terminal has the keyboard from the start
            focused = "document.activeElement.classList.contains('xterm-helper-textarea')"
            assert page.evaluate(focused)
            assert key_bar_colours(page, rows[-1]) > 10  # the app knows: its key bar is drawn
            shot = title
            for key in ("n", "Enter", "Enter", "Control+n"):  # new game: Vietnam Solitaire
                page.keyboard.press(key)
                shot = settled(page, changed_from=shot, quiet=0.5)
            page.keyboard.press("Enter")  # close the first-time "how to play" page
            before = settled(page, changed_from=shot)
            assert not (saves / "autosave-solitaire.objective").exists()

            page.keyboard.press("Enter")  # play the picker's first action
            settled(page, changed_from=before)  # the board changes on the page (else: fails)
            favicon = page.request.get(f"http://127.0.0.1:{port}/favicon.ico")
            assert favicon.ok and favicon.headers["content-type"] == "image/x-icon"
        finally:
            browser.close()
    own = {("127.0.0.1", port), ("localhost", port)}  # the page and its static files
    assert asked and [u for u in asked if (urlsplit(u).hostname, urlsplit(u).port) not in own] == []
    entries = [e for e in SaveStore(saves).entries() if e.record is not None]
    assert [e.record.game for e in entries] == ["solitaire"]
    assert len(entries[0].record.actions) == 1  # one action taken, autosaved by the app
    print(
        f"\nbrowser: first paint {first_paint:.1f} s, whole test {time.monotonic() - started:.1f} s"
    )


def test_a_tab_beyond_the_session_cap_says_why(tmp_path):
    from playwright.sync_api import sync_playwright

    from tui.serve import full_message

    with serving(tmp_path, "--max-sessions", "1") as (port, _), sync_playwright() as pw:
        browser = launch(pw)
        try:
            first = browser.new_page()
            first.goto(f"http://localhost:{port}/")
            first.locator("body.-first-byte").wait_for(timeout=60_000)  # a session runs
            second = browser.new_page()
            second.goto(f"http://127.0.0.1:{port}/")
            second.locator("body.-closed").wait_for(timeout=60_000)
            message = second.locator(".closed-dialog .message")
            assert message.inner_text() == full_message(1)
            assert message.is_visible()
            assert not first.locator("body.-closed").count()  # the first tab plays on
        finally:
            browser.close()
