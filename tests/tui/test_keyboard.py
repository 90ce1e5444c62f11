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


# --- Esc, the board's Enter ----------------------------------------------------------------------


async def test_esc_after_a_save_opens_the_menu_at_once(tmp_path):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SMALL) as pilot:
        await started(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameMenuScreen))


async def test_enter_twice_on_the_map_plays_the_only_action_there(tmp_path):
    from tui.widgets.region_map import RegionMap

    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SMALL) as pilot:
        screen = await started(pilot)
        session = screen.session
        region_map = screen.query_one(RegionMap)
        places_of = session.game.places_of
        # a place with exactly one action about it (B1-B2 offer the Trail and the areas)
        only = next(
            p
            for p in region_map._boxes_of
            if region_map.movable(p) and sum(p in places_of(a) for a in session.legal()) == 1
        )
        [action] = [a for a in session.legal() if only in places_of(a)]
        await pilot.press("ctrl+t")
        await pilot.pause()
        region_map.cursor = only
        await pilot.press("enter")
        await pilot.pause()
        assert screen.picker.shown_actions == [action]  # narrowed
        await pilot.press("enter")
        await wait_until(pilot, lambda: list(session.actions) == [action])


async def test_enter_twice_on_a_place_with_several_actions_gives_the_list_the_keyboard(tmp_path):
    from tui.widgets.region_map import RegionMap

    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SMALL) as pilot:
        screen = await started(pilot)
        session = screen.session
        region_map = screen.query_one(RegionMap)
        places_of = session.game.places_of
        several = next(
            p
            for p in region_map._boxes_of
            if region_map.movable(p) and sum(p in places_of(a) for a in session.legal()) > 1
        )
        await pilot.press("ctrl+t")
        await pilot.pause()
        region_map.cursor = several
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.focused is screen.picker.filter_input and screen.picker.narrowed
        assert not session.actions
        await pilot.press("down", "enter")
        await wait_until(pilot, lambda: len(session.actions) == 1)
        assert several in places_of(session.actions[0])


# --- autoplay to the end -------------------------------------------------------------------------


async def test_f4_autoplays_to_the_end_and_stops_at_game_over(tmp_path):
    app = make_app(tmp_path, session=session_after(seed=7))
    async with app.run_test(size=SMALL) as pilot:
        screen = await started(pilot)
        await pilot.press("f4")
        held = []  # the fights' results banner, looked at while the AI plays to the end

        def over() -> bool:
            held.append(screen.banner.held)
            return screen.session.over

        await wait_until(pilot, over, timeout=60)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert not screen.ai.autoplay_to_end and not screen.ai.thinking
        assert any("Autoplay" in strip.text for strip in screen.event_log.lines)
        # every battle of the war was the player's: the results went to the log, not the banner
        assert not any(held)


async def test_esc_stops_the_autoplay_to_the_end(tmp_path):
    app = make_app(tmp_path, session=session_after(seed=7), ai_delay=0.05, step_pause=0.05)
    async with app.run_test(size=SMALL) as pilot:
        screen = await started(pilot)
        await pilot.press("f4")
        await wait_until(pilot, lambda: len(screen.session.actions) >= 3, timeout=30)
        await pilot.press("escape")
        await wait_until(
            pilot, lambda: screen.session.human_to_move and not screen.busy, timeout=30
        )
        played = len(screen.session.actions)
        await pilot.pause(0.5)
        assert len(screen.session.actions) == played and not screen.session.over
        assert not screen.ai.autoplay_to_end and app.screen is screen


# --- 80x24 snapshots of the screens around the games --------------------------------------------


@pytest.mark.parametrize(
    "keys",
    [(), ("n",), ("r",), ("f1",)],
    ids=["title", "new_game", "rules", "help"],
)
def test_snapshot_80x24_title_screens(snap_compare, tmp_path, settings_dir, keys):
    assert snap_compare(make_app(tmp_path), terminal_size=SMALL, press=list(keys))


@pytest.mark.parametrize("keys", [("escape",), ("f1",), ("f1", "h")], ids=["menu", "f1", "intro"])
def test_snapshot_80x24_game_dialogs(snap_compare, tmp_path, keys):
    async def run_before(pilot):
        await started(pilot)
        await pilot.press(*keys)
        await pilot.pause()

    app = make_app(tmp_path, session=session_after())
    assert snap_compare(app, terminal_size=SMALL, run_before=run_before)


async def test_the_quit_dialog_after_a_finished_game_promises_no_continue(tmp_path):
    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SMALL) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("q")
        await wait_until(pilot, lambda: not isinstance(app.screen, GameOverScreen))
        text = " ".join(str(w.render()) for w in app.screen.query(".dialog-text"))
        assert "Quit Objective?" in text and "Continue" not in text


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
async def test_ctrl_t_again_gives_the_keyboard_back_to_the_actions(tmp_path, game_id):
    """Ctrl+T takes the keyboard to the board and, pressed again, back to the action list: one
    Enter there plays the highlighted action (the board's own Enter would first only hand the
    keyboard over, and typed letters would walk the board)."""
    from tests.tui.test_robustness import session_for

    app = make_app(tmp_path, session=session_for(game_id))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
        played = len(screen.session.actions)
        await pilot.press("ctrl+t")
        board = app.focused
        assert board is not None and board is not screen.picker.filter_input
        await pilot.press("ctrl+t")
        assert app.focused is screen.picker.filter_input
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.session.actions) > played)
