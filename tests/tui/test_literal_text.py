"""What a person typed or a file holds is shown as it is: a seat name, a settings value or a
keymap entry with brackets or an escape character never crashes a screen and is never read as
markup (`[/]` once crashed the game screen at every start, and its autosave made Continue crash)."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache

import pytest

from saves import SeatInfo, new_record
from saves.codec import encode
from tests.tui.helpers import SIZE, make_app, screen_text, started, wait_until
from tests.tui.test_conquer_screen import rules_line
from tui.screens.dialogs import HandOffScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen
from tui.session import Session

# what is typed or stored -> what the screen shows (an escape character as its escape)
SHOWN = {"[/]": "[/]", "[bold]x[/bold]": "[bold]x[/bold]", "\x1b[31m": "\\x1b[31m"}


def plain(widget) -> str:
    """The text a widget draws (its markup, if it read any, gone)."""
    return str(widget.render())


def duel_session(names, kinds=("human", "human")) -> Session:
    seats = tuple(SeatInfo(name, kind) for name, kind in zip(names, kinds, strict=True))
    return Session.from_record(new_record("duel", {}, 2, seats, 7))


async def status_and_seats_line(tmp_path, text):
    app = make_app(tmp_path, session=duel_session((text, text)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        assert f"Player 1 ({SHOWN[text]})" in plain(screen.query_one("#status-line"))
        assert f"Player 2 ({SHOWN[text]})" in plain(screen.query_one("#seats-line"))
        assert f"Player 1 ({SHOWN[text]}) to act" in screen_text(app)


async def typed_in_new_game(tmp_path, text):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        app.screen.query_one("#seat-name-0").value = text
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = await started(pilot)
        assert screen.session.record.seats[0].name == text  # kept as typed in the save
        assert f"({SHOWN[text]}): your move" in screen_text(app)


async def story_and_log(tmp_path, text):
    session = duel_session(("Ann", text), ("human", "random"))
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        screen.play(("roll",))  # the other seat answers, and the story tells it
        await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
        await pilot.pause()
        told = [line.text for line in screen.story_panel.lines]
        assert any(line.startswith(f"Player 2 ({SHOWN[text]}): ") for line in told), told
        assert f"Player 2 ({SHOWN[text]})" in "".join(line.text for line in screen.event_log.lines)
        assert f"Player 2 ({SHOWN[text]}): " in screen_text(app)


async def hand_off(tmp_path, text):
    seats = (SeatInfo(text), SeatInfo("Bob"))
    session = Session.from_record(new_record("objectives", {}, 2, seats, 5))
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")  # Player 2 (Bob) takes the keyboard
        screen = await started(pilot)
        screen.play(("end",))  # Player 2 ends the turn: Player 1's hand is next
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.pause()
        assert f"Pass the keyboard to Player 1 ({SHOWN[text]})." in screen_text(app)


@cache
def conquer_over_actions():
    return tuple(rules_line(3, 2, lambda s: False, {"turn_limit": 5}))


async def game_over(tmp_path, text):
    seats = (SeatInfo(text), SeatInfo(text, "rules"))
    options = {"turn_limit": 5}
    session = Session.from_record(new_record("conquer", options, 2, seats, 3))
    for action in conquer_over_actions():
        session.apply(action)
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        assert f"A Administrator 1 ({SHOWN[text]}):" in screen_text(app)


def toasts(app) -> str:
    """The words of the notifications on screen, as they are drawn (a narrow toast wraps them)."""
    from textual.widgets._toast import Toast

    return " ".join(toast.render().plain for toast in app.screen.query(Toast))


async def a_name_in_a_notification(tmp_path, text):
    session = duel_session((text, "Bob"))
    session.apply(("roll",))  # Player 1 has rolled: Player 2 may not take it back
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await started(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert f"to undo: Player 1 ({SHOWN[text]})" in toasts(app)


async def a_game_id_in_a_save(tmp_path, text):
    """An autosave of a game this version does not know is listed (and refused when opened)."""
    record = new_record("solitaire", {}, 1, (SeatInfo(text),), 3)
    (tmp_path / "autosave-x.objective").write_bytes(encode(replace(record, game=text)))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert f"Continue   {SHOWN[text]}, turn 1" in screen_text(app)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        assert f"{SHOWN[text]} · turn 1" in screen_text(app)
        assert f"  {SHOWN[text]} · in progress" in screen_text(app)  # its seat


def settings_case(line: str, said: str):
    async def case(tmp_path, text, settings_dir):
        with (settings_dir / "settings.toml").open("a") as f:
            f.write(line.format(json.dumps(text)) + "\n")
        app = make_app(tmp_path)
        async with app.run_test(size=SIZE, notifications=True) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TitleScreen)  # the program started
            assert said.format(SHOWN[text]) in screen_text(app) + toasts(app)

    return case


PLACES = {
    "status and seats line": status_and_seats_line,
    "typed in New game": typed_in_new_game,
    "story and log": story_and_log,
    "hand-off": hand_off,
    "game over": game_over,
    "game id in a save": a_game_id_in_a_save,
    "notification": a_name_in_a_notification,
    "settings theme": settings_case("theme = {}", "The theme '{}' does not exist"),
    "keymap id": settings_case('[keymap]\n{} = "f9"', "there is no binding '{}'"),
    "keymap keys": settings_case('[keymap]\n"app.help" = {}', "app.help = '{}'"),
}


@pytest.mark.parametrize("text", list(SHOWN), ids=["close-tag", "bold", "escape"])
@pytest.mark.parametrize("place", list(PLACES))
async def test_text_from_people_and_files_is_shown_literally(
    tmp_path, duel, settings_dir, place, text
):
    show = PLACES[place]
    if place.startswith(("settings", "keymap")):
        await show(tmp_path, text, settings_dir)
    else:
        await show(tmp_path, text)
