"""The shell: title, setup, load, help, quit, the size guard, and a whole game by keyboard."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.dice import MAX_SEED
from saves import SaveStore, SeatInfo, new_record
from tests.contract import play_random
from tests.tui.helpers import SIZE, make_app, screen_text, started, wait_until
from tui.screens.dialogs import ConfirmScreen, HelpScreen, TooSmallScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen


def fill_saves(folder, duel):
    """Two good saves with fixed dates and one broken file."""
    store = SaveStore(folder)
    seats = (SeatInfo("Ann"), SeatInfo("Bob", "random"))
    record = new_record("duel", {}, 2, seats, 11)
    store.save(replace(record, created=1.7e9, updated=1.7e9), folder / "duel-a.objective")
    p = play_random(duel, 4)
    done = new_record("duel", {}, 2, seats, 4).with_actions(p.actions, p.states[-1], duel)
    store.save(replace(done, created=1.6e9, updated=1.6e9), folder / "duel-b.objective")
    (folder / "broken.objective").write_bytes(b"\x93\x01\x02")


# --- snapshots -----------------------------------------------------------------------------------


def test_title_snapshot(snap_compare, duel, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE)


def test_setup_snapshot(snap_compare, duel, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["n"])


@pytest.mark.parametrize("size", [SIZE, (80, 24)], ids=["120x40", "80x24"])
def test_load_snapshot_lists_a_broken_file(snap_compare, duel, tmp_path, monkeypatch, utc, size):
    monkeypatch.setenv("HOME", str(tmp_path))  # the folder shows as ~/saves
    folder = tmp_path / "saves"
    fill_saves(folder, duel)
    assert snap_compare(make_app(folder), terminal_size=size, press=["l"])


def test_help_snapshot(snap_compare, duel, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=SIZE, press=["f1"])


# --- pilot ---------------------------------------------------------------------------------------


async def test_title_to_setup_and_back(duel, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("down", "enter")  # the menu: Continue is disabled, so Load
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def test_quit_asks_first(duel, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+q")
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("ctrl+q", "y")
        await pilot.pause()
    assert app.return_code == 0


async def test_terminal_too_small_notice_loses_nothing(duel, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.resize_terminal(70, 20)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)


async def test_help_lists_the_screen_keys(duel, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)
        keys = dict((what, key) for key, what in app.screen.keys)
        assert {"New game", "Load", "Rules", "Help"} <= set(keys)
        await pilot.press("escape")
        assert isinstance(app.screen, TitleScreen)


async def type_seed(pilot, text: str) -> None:
    await pilot.press("n")
    seed = pilot.app.screen.query_one("#seed")
    seed.value = ""
    seed.focus()
    await pilot.press(*text)


@pytest.mark.parametrize("typed", ["-5", str(MAX_SEED + 1), str(2**64)])
async def test_a_seed_out_of_range_on_setup_is_refused_with_a_message(duel, tmp_path, typed):
    """The form takes the seeds the command line takes (2**64 once crashed it: OverflowError),
    and says which."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_seed(pilot, typed)
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        said = str(app.screen.query_one("#setup-error").render())
        assert f"the seed must be from 0 to {MAX_SEED}, not {int(typed)}" in said
        assert f"A whole number from 0 to {MAX_SEED}" in screen_text(app)  # said before, too


async def test_the_largest_seed_starts_a_game(duel, tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await type_seed(pilot, str(MAX_SEED))
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.record.seed == MAX_SEED


async def test_a_whole_game_by_keyboard(duel, tmp_path):
    """Set up Dice Duel against a random seat, play it to the end with keys, land on game over."""
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        await pilot.press("enter", *"dice", "enter")  # the game list: type to find Dice Duel
        await wait_until(pilot, lambda: setup.game_id == "duel" and setup.query("#seat-kind-1"))
        setup.query_one("#seat-kind-1").value = "random"
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        for _ in range(20):
            await wait_until(pilot, lambda: screen.session.over or screen.session.human_to_move)
            if screen.session.over:
                break
            await pilot.press(*"stand", "enter")  # filter to "Stand", play it
            await pilot.press("ctrl+u")  # clear the filter
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert screen.session.over
        assert len(list(tmp_path.glob("autosave-duel-*.objective"))) == 1


async def test_a_thinking_ai_never_freezes_the_screen(duel, tmp_path, monkeypatch):
    """While an MCTS seat searches in its worker the screen answers keys; Esc makes it move."""
    import time

    import ai.mcts
    import tui.turns

    monkeypatch.setitem(ai.mcts.LEVEL_ITERATIONS, "hard", 10**9)  # think until stopped
    monkeypatch.setitem(tui.turns.THINK_SECONDS, "hard", 60.0)

    from saves import SeatInfo, new_record
    from tui.session import Session
    from tui.widgets.thinking import ThinkingIndicator

    seats = (SeatInfo("Deep", "mcts", "hard"), SeatInfo("Ann"))
    record = new_record("duel", {}, 2, seats, 3)
    app = make_app(tmp_path, session=Session.from_record(record))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, GameScreen)
        thinking = screen.query_one(ThinkingIndicator)
        await wait_until(pilot, lambda: thinking.who != "")
        await pilot.press("f1")  # the UI still responds while the AI thinks
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        assert app.screen is screen and thinking.who
        stopped_at = time.monotonic()
        await pilot.press("escape")  # stop the search: it plays its best move so far
        await wait_until(pilot, lambda: len(screen.session.actions) == 1, timeout=2.0)
        assert time.monotonic() - stopped_at < 1.0
        assert thinking.who == ""


async def test_setup_refuses_options_that_cannot_be_combined(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        setup = app.screen
        setup.query_one("#opt-opt_allied").value = True
        setup.query_one("#opt-opt_historical").value = True
        await pilot.press("ctrl+n")
        assert isinstance(app.screen, SetupScreen)
        assert "cannot be combined" in str(setup.query_one("#setup-error").render())


def test_every_game_has_a_how_to_play_guide():
    import core
    from tui.screens.rules import how_to_play

    for game in core.games():
        assert "No guide has been written" not in how_to_play(game.id), game.id


async def test_the_log_never_shows_another_seats_face_down_bid(tmp_path):
    """Objectives: an AI seat's bid is logged as "a card face down", never by name."""
    from core.objectives.cards import FW_TYPES
    from saves import SeatInfo, new_record
    from tui.session import Session

    seats = (SeatInfo("Ann"), SeatInfo("Bot", "rules"))
    for seed in range(1, 40):
        record = new_record("objectives", {}, 2, seats, seed)
        session = Session.from_record(record)
        if session.to_move == 1:
            break
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.session.human_to_move or screen.session.over)
        bot_bids = [a for a in screen.session.actions if a[0] == "bid"]
        assert bot_bids, "the bot attacked and bid before Ann's first move"
        text = "\n".join(str(line.text) for line in screen.event_log.lines)
        assert "Bid a card face down" in text and "Player 2 (Bot)" in text
        names = [t.name for t in FW_TYPES]
        assert not any(f"Bid {name}" in text for name in names)
