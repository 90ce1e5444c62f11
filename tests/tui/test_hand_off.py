"""Hot-seat with hidden hands: a game reopened by any road (Continue, Load, `objective load`, the
command palette over the hand-off screen) starts behind the hand-off screen, naming the seat to
act, and no hand is drawn until that player says they are at the keyboard."""

from __future__ import annotations

from saves import SeatInfo, new_record
from tests.tui.helpers import SIZE, make_app, screen_text, started, wait_until
from tests.tui.test_objectives_screen import rules_line, session
from tui.screens.dialogs import HandOffScreen
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.screens.objectives import ObjectivesScreen
from tui.screens.title import TitleScreen
from tui.session import Session
from tui.widgets.card_tableau import CardTableau


def two_humans() -> Session:
    """Objectives: Vietnam, two human seats, Player 1 to act in the main phase."""
    return session(4, 2, rules_line(4, 2, lambda s: s.phase == "main"), humans=2)


def game_screen(app) -> ObjectivesScreen:
    return next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))


def assert_behind_the_hand_off(app, seat_to_act: str) -> None:
    """The hand-off screen is on top and names the seat to act; the game under it draws no hand:
    its tableau shows the table as a spectator sees it (no hand, nobody marked "you") and the
    action list is empty."""
    assert isinstance(app.screen, HandOffScreen)
    text = screen_text(app)
    assert f"Pass the keyboard to {seat_to_act}" in text
    screen = game_screen(app)
    game, state = screen.session.game, screen.session.state
    tableau = screen.query_one(CardTableau)
    assert tableau.view == game.observe(state, None)  # a spectator's view
    assert tableau.view.hand == ()
    drawn = "\n".join("".join(run.text for run in line) for line in tableau._drawn)
    assert drawn.strip()  # the table itself is drawn
    assert "Your hand" not in drawn and "Your hand" not in text
    assert "(you)" not in drawn
    assert screen.picker.shown_actions == []


async def hand_off_after_player_1(pilot):
    """Play Player 1's turn to its end: the hand-off screen to Player 2 comes up."""
    app = pilot.app
    await started(pilot)
    screen = game_screen(app)
    await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen) or screen.ready)
    if isinstance(app.screen, HandOffScreen):
        await pilot.press("enter")  # Player 1 takes the keyboard
    await wait_until(pilot, lambda: app.screen is screen and screen.picker.shown_actions)
    await pilot.press(*"take a free world card", "enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandOffScreen))
    assert screen.session.to_move == 1
    return screen


async def test_a_new_hot_seat_game_starts_behind_the_hand_off(tmp_path):
    app = make_app(tmp_path, session=two_humans())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert_behind_the_hand_off(app, "Player 1")
        await pilot.press("enter")
        screen = game_screen(app)
        await wait_until(pilot, lambda: app.screen is screen and screen.picker.shown_actions)
        assert screen.query_one(CardTableau).view.seat == 0


async def test_continue_reopens_behind_the_hand_off(tmp_path):
    app = make_app(tmp_path, session=two_humans())
    async with app.run_test(size=SIZE) as pilot:
        await hand_off_after_player_1(pilot)
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, TitleScreen))
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(again.screen, HandOffScreen))
        await wait_until(pilot, lambda: game_screen(again).ready)
        assert_behind_the_hand_off(again, "Player 2")
        screen = game_screen(again)
        await pilot.press("enter")
        await wait_until(pilot, lambda: again.screen is screen and screen.picker.shown_actions)
        assert screen.query_one(CardTableau).view.seat == 1


async def test_load_reopens_behind_the_hand_off(tmp_path):
    app = make_app(tmp_path, session=two_humans())
    async with app.run_test(size=SIZE) as pilot:
        await hand_off_after_player_1(pilot)
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(again.screen, TitleScreen))
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(again.screen, LoadScreen))
        await pilot.pause()
        await pilot.press("enter")  # the only save: the autosave of the game above
        await wait_until(pilot, lambda: isinstance(again.screen, HandOffScreen))
        await wait_until(pilot, lambda: game_screen(again).ready)
        assert_behind_the_hand_off(again, "Player 2")


async def test_objective_load_opens_behind_the_hand_off(tmp_path):
    """`objective load FILE` puts the game first on screen: the hand-off comes before it."""
    record = two_humans().record
    seats = record.seats
    assert [s.is_human for s in seats] == [True, True]
    app = make_app(tmp_path, session=Session.from_record(record))
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert_behind_the_hand_off(app, "Player 1")


async def test_the_palette_s_continue_over_the_hand_off_does_not_bypass_it(tmp_path):
    app = make_app(tmp_path, session=two_humans())
    async with app.run_test(size=SIZE) as pilot:
        first = await hand_off_after_player_1(pilot)
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"Continue")
        await pilot.pause(0.3)  # the palette searches in a worker
        await pilot.press("enter")
        await wait_until(
            pilot,
            lambda: isinstance(app.screen, HandOffScreen) and game_screen(app) is not first,
        )
        await wait_until(pilot, lambda: game_screen(app).ready)
        assert_behind_the_hand_off(app, "Player 2")


async def test_one_human_seat_needs_no_hand_off(tmp_path):
    seats = (SeatInfo("Player 1"), SeatInfo("Player 2", "rules"))
    s = Session.from_record(new_record("objectives", {}, 2, seats, 4))
    app = make_app(tmp_path, session=s)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: s.human_to_move and not screen.busy)
        assert app.screen is screen
        assert screen.query_one(CardTableau).view.seat == 0
