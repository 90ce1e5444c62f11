"""Whole games played through the game screens joined to a room on a loopback port: each seat's
screen (a Pilot-driven app) plays its seat with the screen's own autoplay (F4), and every frame
the screen took in is checked: only the seat's own view, its own legal actions, another seat's
secret decision in public words only."""

from __future__ import annotations

import pytest

from tests.online.helpers import open_room
from tests.tui.helpers import make_app, wait_until
from tui.online import remote_session
from tui.online.protocol import GameOver, ViewFrame, YourTurn
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen

SIZE = (120, 40)


@pytest.fixture
def received(monkeypatch):
    """Every frame each seat's screen took in, by seat."""
    frames: dict[int, list] = {}
    receive = remote_session.RemoteSession.receive

    def recording(self, frame):
        frames.setdefault(self.seat, []).append(frame)
        return receive(self, frame)

    monkeypatch.setattr(remote_session.RemoteSession, "receive", recording)
    return frames


async def joined(app, pilot, server, room, seat: int) -> GameScreen:
    # (from the app's own task: two apps run in this one, each in its own context)
    app.call_later(app.join_room, server.url(room), room.tokens[seat])
    await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready, 20)
    return app.screen


def check_frames(game, session, seat: int, frames: list) -> None:
    """What a seat's screen was sent: exactly its own view of each position, its own legal
    actions when it was to act, the others' secret decisions as the table saw them."""
    views = [f for f in frames if isinstance(f, ViewFrame)]
    assert views
    for f in views:
        assert f.view == game.observe(session.states[f.n], seat)
        if f.acted is not None and f.acted.seat != seat and game.hidden_information:
            assert f.acted.action is None
    for t in (f for f in frames if isinstance(f, YourTurn)):
        assert game.to_move(session.states[t.n]) == seat
        assert [a for a, _ in t.legal] == list(game.legal_actions(session.states[t.n]))
    over = [f for f in frames if isinstance(f, GameOver)]
    assert over and all(f.outcome == game.outcome(session.state) for f in over)


async def test_two_screens_play_objectives_to_the_end_each_seeing_only_its_own_hand(
    tmp_path, received
):
    # (the pool's limit at 5: a short whole game, bids and hidden hands all the same)
    async with open_room(
        tmp_path / "room", "objectives", ("human", "human"), seed=7, options={"pool_limit": 5}
    ) as (server, room):
        apps = [make_app(tmp_path / f"seat{i}") for i in (0, 1)]
        async with apps[0].run_test(size=SIZE) as p0, apps[1].run_test(size=SIZE) as p1:
            pilots = (p0, p1)
            screens = [await joined(apps[i], pilots[i], server, room, i) for i in (0, 1)]
            # the seat not to act is told who the game waits for
            session = room.session
            waiting = 1 - session.to_move
            thinking = f"Player {session.to_move + 1} is thinking"
            status = screens[waiting].query_one("#status-line")
            await wait_until(pilots[waiting], lambda: thinking in str(status.render()))
            # the empty list says what comes next, not the status line's words again
            notes = str(screens[waiting].query_one("#picker-notes").render())
            assert "Nothing to decide until your turn" in notes and thinking not in notes
            for i in (0, 1):
                await pilots[i].press("f4")  # the screen's autoplay plays every turn of its seat
            await wait_until(p0, lambda: session.over, 120)
            for i in (0, 1):
                await wait_until(pilots[i], lambda a=apps[i]: isinstance(a.screen, GameOverScreen))
        game = session.game
        for seat in (0, 1):
            check_frames(game, session, seat, received[seat])
            for f in (f for f in received[seat] if isinstance(f, ViewFrame)):
                state = session.states[f.n]
                # its own hand, and of the other's only how many cards it holds
                assert f.view.hand == state.hands[seat]
                assert f.view.hand_sizes[1 - seat] == len(state.hands[1 - seat])
                secret = set(state.hands[1 - seat]) - set(state.hands[seat])
                assert not secret & set(f.view.hand)
            # the screen showed the seat's own view of the last position, no other
            assert screens[seat].view == game.observe(session.state, seat)
        assert len(session.actions) > 10


async def test_two_screens_play_a_short_conquer_game_to_its_end(tmp_path, received):
    options = {"turn_limit": 5, "map_radius": 3}
    async with open_room(
        tmp_path / "room", "conquer", ("human", "human"), seed=5, options=options
    ) as (server, room):
        apps = [make_app(tmp_path / f"seat{i}") for i in (0, 1)]
        async with apps[0].run_test(size=SIZE) as p0, apps[1].run_test(size=SIZE) as p1:
            pilots = (p0, p1)
            for i in (0, 1):
                await joined(apps[i], pilots[i], server, room, i)
            for i in (0, 1):
                await pilots[i].press("f4")
            session = room.session
            await wait_until(p0, lambda: session.over, 120)
            for i in (0, 1):
                await wait_until(pilots[i], lambda a=apps[i]: isinstance(a.screen, GameOverScreen))
        game = session.game
        assert session.outcome is not None and len(session.actions) > 10
        for seat in (0, 1):
            check_frames(game, session, seat, received[seat])
