"""A screen waiting for the player draws nothing: no widget asks to be drawn again while nothing
changes (a board whose scroll bar came and went with each layout redrew itself some 50 times a
second, half a core, at a bid of Objectives: Vietnam at 120x40)."""

from __future__ import annotations

import asyncio

import pytest
from textual.widget import Widget

from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_robustness import session_for

SIZES = [(120, 40), (80, 24)]  # (a scan of widths 80-199 and heights 24-60 found no other loop)


async def redraws_while_idle(pilot, monkeypatch, seconds: float = 0.6) -> dict[str, int]:
    """The widgets that asked to be drawn again during `seconds` of a screen left alone."""
    asked: dict[str, int] = {}
    original = Widget.refresh

    def refresh(self, *args, **kwargs):
        name = type(self).__name__
        asked[name] = asked.get(name, 0) + 1
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Widget, "refresh", refresh)
    await asyncio.sleep(seconds)
    monkeypatch.setattr(Widget, "refresh", original)
    return asked


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
async def test_a_game_screen_waiting_for_the_player_redraws_nothing(
    tmp_path, monkeypatch, game_id, size
):
    app = make_app(tmp_path, session=session_for(game_id))
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
        await asyncio.sleep(0.3)  # the last toasts and timers of the start settle
        assert await redraws_while_idle(pilot, monkeypatch) == {}
