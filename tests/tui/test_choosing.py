"""The move played is the move highlighted: Enter in the filter box, or a click on a row, plays
exactly the action the player sees highlighted, whatever was typed, in every game."""

from __future__ import annotations

import pytest

from saves import SeatInfo, new_record
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tui.session import Session


def session(game: str, players: int, seed: int) -> Session:
    """Seat 1 human, the others rule-based (as `objective new GAME --seat human --seat rules`)."""
    seats = tuple(
        SeatInfo(f"Player {i + 1}", "human" if i == 0 else "rules") for i in range(players)
    )
    return Session.from_record(new_record(game, {}, players, seats, seed))


async def my_move(pilot):
    """The game screen once the human seat may act (the AI seats before it have played)."""
    screen = await started(pilot)
    await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
    await pilot.pause()
    return screen


async def played_after(pilot, screen, moves: int):
    await wait_until(pilot, lambda: len(screen.session.actions) > moves)
    return screen.session.actions[moves]


# (game, players, seed, words typed): in the first, Objectives seed 3, "bid" then Down, Down
# highlights Marine Company (3) and Enter bid Regional Forces (1).
FILTERED = [
    ("objectives", 3, 3, "bid"),
    ("conquer", 2, 1, "army"),
    ("solitaire", 1, 1, "strike"),
]


@pytest.mark.parametrize(("game", "players", "seed", "typed"), FILTERED, ids=lambda v: str(v))
async def test_enter_plays_the_highlighted_action_of_a_filtered_list(
    tmp_path, game, players, seed, typed
):
    app = make_app(tmp_path, session=session(game, players, seed))
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        picker = screen.picker
        await pilot.press(*typed)
        await pilot.pause()
        shown = picker.shown_actions
        assert len(shown) >= 3 and picker.highlighted_action == shown[0]
        await pilot.press("down", "down")
        await pilot.pause()
        highlighted = picker.highlighted_action
        assert highlighted == shown[2] != shown[0]
        moves = len(screen.session.actions)
        await pilot.press("enter")
        assert await played_after(pilot, screen, moves) == highlighted


async def test_enter_with_an_empty_filter_plays_the_highlighted_action(tmp_path):
    app = make_app(tmp_path, session=session("objectives", 3, 3))
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        await pilot.press("down")
        await pilot.pause()
        highlighted = screen.picker.highlighted_action
        assert highlighted == screen.picker.shown_actions[1]
        moves = len(screen.session.actions)
        await pilot.press("enter")
        assert await played_after(pilot, screen, moves) == highlighted


async def test_a_click_plays_the_row_clicked_not_the_highlighted_one(tmp_path):
    app = make_app(tmp_path, session=session("objectives", 3, 3))
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        picker = screen.picker
        await pilot.press(*"bid")
        await pilot.pause()
        shown = picker.shown_actions
        assert picker.highlighted_action == shown[0]
        moves = len(screen.session.actions)
        # one line a row: the fourth row is three lines under the list's top border
        await pilot.click("#picker-list", offset=(4, picker.option_list.gutter.top + 3))
        assert await played_after(pilot, screen, moves) == shown[3]
