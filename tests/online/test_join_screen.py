"""Joining a room from the screens: the title screen's Join a game, a refused token, a dropped
connection taken up again, and the seat's own view after it."""

from __future__ import annotations

import pytest

from tests.online.helpers import open_room
from tests.tui.helpers import SIZE, make_app, wait_until
from tui.screens import game_room
from tui.screens.game import GameScreen
from tui.screens.join import JoinScreen, invitation


def test_the_hosts_whole_line_pasted_in_the_address_box_gives_the_address_and_token():
    line = "objective join ws://localhost:8765/room/ab12 --token s3cret"
    assert invitation(line, "") == ("ws://localhost:8765/room/ab12", "s3cret")
    assert invitation(" ws://h:1/room/x ", " t ") == ("ws://h:1/room/x", "t")


def test_snapshot_join_dialog(snap_compare, tmp_path):
    assert snap_compare(make_app(tmp_path), terminal_size=(80, 24), press=["j"])


async def test_a_wrong_token_is_said_in_the_dialog_and_what_was_typed_stays(tmp_path):
    async with open_room(tmp_path / "room", "objectives", ("human", "human"), seed=3) as (
        server,
        room,
    ):
        app = make_app(tmp_path / "me")
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("j")
            assert isinstance(app.screen, JoinScreen)
            dialog = app.screen
            dialog.query_one("#join-address").value = server.url(room)
            dialog.query_one("#join-token").value = "not-a-token"
            await pilot.press("enter")
            error = dialog.query_one("#join-error")
            await wait_until(pilot, lambda: "Joining" not in str(error.render()))
            assert "token" in str(error.render()).lower()
            assert app.screen is dialog and dialog.query_one("#join-address").value
            # the right token, and the game's own screen opens
            dialog.query_one("#join-token").value = room.tokens[1]
            await pilot.press("enter")
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), 20)
            assert app.screen.session.seat == 1


async def test_a_dropped_connection_is_taken_up_again_and_the_game_goes_on(tmp_path, monkeypatch):
    monkeypatch.setattr(game_room, "RETRY_SECONDS", 0.05)
    async with open_room(tmp_path / "room", "objectives", ("human", "rules"), seed=11) as (
        server,
        room,
    ):
        app = make_app(tmp_path / "me")
        async with app.run_test(size=SIZE) as pilot:
            app.call_later(app.join_room, server.url(room), room.tokens[0])
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready)
            screen = app.screen
            session = room.session
            # two decisions through the picker (Enter plays the highlighted action)
            for _ in range(2):
                await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
                before = len(session.actions)
                await pilot.press("enter")
                await wait_until(pilot, lambda b=before: len(session.actions) > b)
            client = screen.session.client
            await client._ws.close()  # the connection drops
            await wait_until(pilot, lambda: screen.session.client is not client, 10)
            await wait_until(pilot, lambda: room.status()[0] != "disconnected")
            await pilot.press("f4")
            await wait_until(pilot, lambda: session.over, 120)
            await wait_until(pilot, lambda: screen.session.over)
            assert screen.view == session.game.observe(session.state, 0)


@pytest.mark.parametrize(
    ("game", "said"),
    [("objectives", "Player 2 (disconnected)"), ("conquer", "Disconnected: Administrator 2")],
)
async def test_a_seat_nobody_is_connected_to_is_named_in_the_seats_lines(tmp_path, game, said):
    # the other player has not joined: this screen says so, whoever is to act (Conquer's own
    # account of the seats gets a line for it)
    async with open_room(tmp_path / "room", game, ("human", "human"), seed=3) as (server, room):
        app = make_app(tmp_path / "me")
        async with app.run_test(size=SIZE) as pilot:
            app.call_later(app.join_room, server.url(room), room.tokens[0])
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready)
            assert room.status()[1] == "disconnected"
            assert said in str(app.screen.query_one("#seats-line").render())
