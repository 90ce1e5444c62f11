"""Building the app for screen tests: a private save folder, a fixed seed, no AI pauses."""

from __future__ import annotations

from saves.store import SaveStore
from tui.app import ObjectiveApp

SIZE = (120, 40)


def make_app(folder, **kwargs) -> ObjectiveApp:
    kwargs.setdefault("seed", 1)
    kwargs.setdefault("ai_delay", 0.0)
    kwargs.setdefault("step_pause", 0.0)
    return ObjectiveApp(store=SaveStore(folder), **kwargs)


async def started(pilot):
    """Wait until the game screen is fully built (its side column comes after the first frame)."""
    await wait_until(pilot, lambda: getattr(pilot.app.screen, "ready", True))
    await pilot.pause()
    await forecast_shown(pilot)
    await logs_at_their_end(pilot)
    return pilot.app.screen


async def forecast_shown(pilot) -> None:
    """A game's forecast runs in a worker after every decision: wait until it is on screen."""

    def done() -> bool:
        return not any(w.group == "forecast" and not w.is_finished for w in pilot.app.workers)

    await wait_until(pilot, done)
    await pilot.pause()


async def logs_at_their_end(pilot) -> None:
    """An event log scrolls to its last line a frame after its last write: wait for that."""
    from tui.widgets.event_log import EventLog

    def settled() -> bool:
        return all(log.scroll_y >= log.max_scroll_y for log in pilot.app.screen.query(EventLog))

    await wait_until(pilot, settled)
    await pilot.pause()


def screen_text(app) -> str:
    """What the terminal shows, as plain text (from the screenshot Textual would save)."""
    import html
    import re

    svg = app.export_screenshot()
    lines = re.findall(r"<text [^>]*>(.*?)</text>", svg)
    return html.unescape("".join(lines)).replace("\xa0", " ")


async def wait_until(pilot, condition, timeout: float = 10.0) -> None:
    """Let the app run (workers, timers) until `condition()` holds."""
    waited = 0.0
    while not condition():
        if waited > timeout:
            raise AssertionError("condition not reached in time")
        await pilot.pause(0.02)
        waited += 0.02
