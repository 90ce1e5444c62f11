"""Everything by keyboard at 80x24: the text of every page scrolls by keys whatever has focus
(Rules, F1, how to play, game over), Esc, the board's Enter, autoplay to the end."""

from __future__ import annotations

import pytest

from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_solitaire_screen import rules_actions, session_after
from tui.screens.dialogs import GameMenuScreen, HelpScreen, IntroScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.rules import RulesScreen

SMALL = (80, 24)


def fits(app, widget) -> bool:
    """The whole of `widget` is inside the terminal."""
    region = widget.region
    return region.y >= 0 and region.bottom <= app.size.height and region.right <= app.size.width


@pytest.mark.parametrize("key", ["pagedown", "down", "end", "space"])
async def test_the_rules_scroll_by_keys_from_the_title(tmp_path, key):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        page = app.screen.scrolled_text()
        assert page.max_scroll_y > 0 and page.scroll_y == 0
        await pilot.press(key)
        await wait_until(pilot, lambda: page.scroll_y > 0)
        await pilot.press("home")
        await wait_until(pilot, lambda: page.scroll_y == 0)


async def test_the_rules_scroll_with_the_tab_bar_focused_and_from_the_game_menu(tmp_path):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SMALL) as pilot:
        await started(pilot)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameMenuScreen))
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        await pilot.press("shift+tab")  # to the tab bar
        await pilot.pause()
        assert app.focused is not app.screen.scrolled_text()
        page = app.screen.scrolled_text()
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: page.scroll_y > 0)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is page  # Tab reaches the page


@pytest.mark.parametrize("screen_key", ["f1", "h"])
async def test_f1_and_how_to_play_fit_80x24_and_scroll_by_keys(tmp_path, screen_key):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SMALL) as pilot:
        await started(pilot)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        if screen_key == "h":
            await pilot.press("h")
            await wait_until(pilot, lambda: isinstance(app.screen, IntroScreen))
        await pilot.pause()
        dialog = app.screen
        for button in dialog.query("Button"):
            assert fits(app, button), button
        text = dialog.scrolled_text()
        assert fits(app, text) and text.max_scroll_y > 0
        await pilot.press("end")
        await wait_until(pilot, lambda: text.scroll_y == text.max_scroll_y)
        await pilot.press("pageup")
        await wait_until(pilot, lambda: text.scroll_y < text.max_scroll_y)


async def test_f1_says_how_to_scroll(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        keys = dict(app.screen.keys)
        assert "Scroll" in keys["↑ ↓ pgup pgdn home end"]


async def test_the_game_over_story_scrolls_by_keys_with_a_button_focused(tmp_path):
    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SMALL) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        story = app.screen.scrolled_text()
        assert app.focused.id == "new" and story.max_scroll_y > 0
        await pilot.press("pagedown")
        await wait_until(pilot, lambda: story.scroll_y > 0)
        await pilot.press("end")
        await wait_until(pilot, lambda: story.scroll_y == story.max_scroll_y)
        await pilot.press("up")
        await wait_until(pilot, lambda: story.scroll_y < story.max_scroll_y)
        await pilot.press("home")
        await wait_until(pilot, lambda: story.scroll_y == 0)
        assert isinstance(app.screen, GameOverScreen)
