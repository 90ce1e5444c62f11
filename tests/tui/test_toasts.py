"""Toasts (a hint, "Saved to", autoplay's report) never cover the list of actions: they are
narrow and tight, over the event log whose lines they repeat."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_play_flow import before_the_loss


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
async def test_a_toast_hides_no_action(tmp_path, size):
    app = make_app(tmp_path, session=before_the_loss())
    async with app.run_test(size=size, notifications=True) as pilot:
        screen = await started(pilot)
        screen.notify("Hint: " + "a long sentence of advice " * 6, timeout=30)
        await wait_until(pilot, lambda: bool(app.screen.query(Toast)))
        await pilot.pause()
        toast = app.screen.query_one(Toast).region
        listed = screen.picker.query_one("#picker-list").region
        assert toast.width and not toast.overlaps(listed)
        assert toast.x >= screen.query_one("#side-column").region.x  # not over the board
