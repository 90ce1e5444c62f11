"""The event log keeps its last line in view, unless the player scrolled back to read."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from tests.tui.helpers import wait_until
from tui.widgets.event_log import EventLog


class LogApp(App):
    CSS = "#top { height: 5; } EventLog { height: 1fr; }"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("top", id="top")
            yield EventLog()


async def filled(pilot) -> EventLog:
    log = pilot.app.query_one(EventLog)
    for n in range(60):
        log.add_note(f"line {n}")
    await wait_until(pilot, lambda: log.max_scroll_y > 0 and log.scroll_y >= log.max_scroll_y)
    return log


async def test_a_log_that_shrinks_still_shows_its_last_line():
    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = await filled(pilot)
        tall = log.size.height
        app.query_one("#top").styles.height = 12  # the side column grew above the log
        at_the_end = lambda: log.size.height < tall and log.scroll_y == log.max_scroll_y  # noqa: E731
        await wait_until(pilot, at_the_end, timeout=2.0)


async def test_a_log_scrolled_back_stays_where_the_player_put_it():
    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = await filled(pilot)
        tall = log.size.height
        log.scroll_to(y=3, animate=False)
        await pilot.pause()
        app.query_one("#top").styles.height = 12
        await wait_until(pilot, lambda: log.size.height < tall)
        await pilot.pause(0.2)
        assert log.scroll_y == 3


SENTENCE = "An Loc holds: it gets a token, and the NVA score against it grows by one."


def shown(log: EventLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


async def test_lines_wrap_again_when_the_log_narrows_and_none_is_cut():
    """At 80x24 a line written at one width was cut when the log narrowed: it wraps again."""
    app = LogApp()
    async with app.run_test(size=(60, 24)) as pilot:
        log = await filled(pilot)
        log.add_note(SENTENCE)
        await pilot.pause()
        await pilot.resize_terminal(34, 24)
        await wait_until(pilot, lambda: log.scrollable_content_region.width < 34)
        await pilot.pause()
        width = log.scrollable_content_region.width
        lines = shown(log)
        assert all(len(line) <= width for line in lines)
        assert " ".join(" ".join(lines).split()).endswith(SENTENCE)  # every word is there
        assert lines[0] == "line 0" and log.scroll_y == log.max_scroll_y  # nothing lost, at end
