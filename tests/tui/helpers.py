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
    return pilot.app.screen


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
