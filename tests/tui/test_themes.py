"""One screen of each game in a light theme and with NO_COLOR=1 (colour must carry no information
that a letter or a symbol does not also give)."""

from __future__ import annotations

import pytest

from tests.tui.helpers import SIZE, make_app, started
from tests.tui.test_conquer_screen import turn_one
from tests.tui.test_objectives_screen import mid_bid
from tests.tui.test_solitaire_screen import session_after
from tui.settings import Settings

SESSIONS = {
    "solitaire": lambda: session_after([]),
    "objectives": mid_bid,
    "conquer": turn_one(2),
}
SEEN = tuple(SESSIONS)


@pytest.mark.parametrize("game", list(SESSIONS))
def test_snapshot_light_theme(snap_compare, tmp_path, game):
    settings = Settings(theme="textual-light", intro_seen=SEEN)
    app = make_app(tmp_path, session=SESSIONS[game](), settings=settings)

    async def run_before(pilot):
        await started(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)


@pytest.mark.parametrize("game", list(SESSIONS))
def test_snapshot_no_color(snap_compare, tmp_path, game, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, session=SESSIONS[game](), settings=Settings(intro_seen=SEEN))

    async def run_before(pilot):
        await started(pilot)
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=run_before)
