"""The session a screen speaks to for a room's game, fed the room's frames directly: what it
shows, what it sends, and what it says while it waits."""

from __future__ import annotations

import asyncio

import core
from tui.online.protocol import Acted, Refused, ViewFrame, Welcome, YourTurn
from tui.online.remote_session import Moved, RemoteSession


class FakeClient:
    url = "ws://localhost:8765/room/ab12"

    def __init__(self, welcome):
        self.welcome = welcome
        self.sent = []

    async def decide(self, n, action):
        self.sent.append(("decide", n, action))

    async def undo(self, n):
        self.sent.append(("undo", n))


def seat_of_two(seat=0):
    game = core.game("objectives")
    state = game.new(game_options(game), 2, 7)
    welcome = Welcome(
        seat, "objectives", 2, ("Player 1", "Player 2"), ("human", "human"), {}, 1, 1, "x", "r"
    )
    client = FakeClient(welcome)
    session = RemoteSession(client, "token")
    coroutines = []
    session.post = coroutines.append
    return game, state, session, client, coroutines


def game_options(game):
    return {o.key: o.default for o in game.options}


def view_frame(game, state, seat, n, acted=None, status=("thinking", "waiting")):
    return ViewFrame(
        n, game.observe(state, seat), game.to_move(state), game.turn(state), (), acted, status
    )


def test_the_seat_chooses_from_the_rooms_list_and_a_refusal_gives_the_choices_back():
    game, state, session, client, coroutines = seat_of_two()
    seat = game.to_move(state)
    session.seat = seat  # (the seat to act)
    assert session.receive(view_frame(game, state, seat, 0)) is None
    assert not session.human_to_move  # the list has not come yet
    assert session.waiting_line() == "Waiting for the room…"
    legal = tuple((a, game.describe(state, a)) for a in game.legal_actions(state))
    session.receive(YourTurn(0, legal, ""))
    assert session.human_to_move and session.described() == list(legal)
    action = legal[0][0]
    session.apply(action)
    assert not session.legal()  # nothing more to choose until the room answers
    asyncio.run(coroutines.pop())
    assert client.sent == [("decide", 0, action)]
    assert session.receive(Refused("It is not your turn.", 0)) == "It is not your turn."
    assert session.legal() == tuple(a for a, _ in legal)


def test_another_seats_secret_decision_comes_in_public_words_and_the_waiting_line_says_who():
    game, state, session, _, _ = seat_of_two()
    other = game.to_move(state)
    me = session.seat = 1 - other
    name = f"Player {other + 1}"
    statuses = ["waiting", "waiting"]
    statuses[other] = "thinking"
    session.receive(view_frame(game, state, me, 0, status=tuple(statuses)))
    assert session.waiting_line() == f"{name} is thinking…"
    statuses[other] = "disconnected"
    session.receive(view_frame(game, state, me, 0, status=tuple(statuses)))
    assert session.waiting_line() == f"Waiting for {name} (disconnected)."
    assert session.seat_kind(other) == "disconnected"
    after = game.apply(state, game.legal_actions(state)[0])
    moved = session.receive(
        view_frame(game, after, me, 1, acted=Acted(other, "Bid a card face down", 1, None))
    )
    assert isinstance(moved, Moved) and moved.action is None
    assert moved.text == "Bid a card face down" and moved.seat == other
    assert moved.before.n == 0 and moved.after.n == 1
    assert session.view(me) == game.observe(after, me)
    assert session.turn == game.turn(after) == moved.after.turn
