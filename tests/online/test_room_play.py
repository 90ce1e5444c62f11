"""Whole games through a room on a loopback port: each seat gets exactly its own view, the room
is the referee, and the game is autosaved as it goes."""

from __future__ import annotations

import asyncio
import os
import random
import stat

from saves.store import read_record
from tests.online.helpers import join, open_room, play_randomly
from tui.online.protocol import GameOver, ViewFrame, YourTurn


async def test_two_people_and_an_ai_play_objectives_to_the_end_each_seeing_only_their_own_hand(
    tmp_path,
):
    async with open_room(tmp_path, "objectives", ("human", "human", "rules"), seed=7) as (
        server,
        room,
    ):
        clients = [await join(server, room, seat) for seat in (0, 1)]
        seen: list[list] = [[], []]
        await asyncio.wait_for(
            asyncio.gather(
                *(play_randomly(c, random.Random(i), seen[i]) for i, c in enumerate(clients))
            ),
            60,
        )
        session = room.session
        game = session.game
        assert session.over
        for seat, frames in enumerate(seen):
            assert clients[seat].welcome.seat == seat
            views = [f for f in frames if isinstance(f, ViewFrame)]
            # every decision from the one the seat joined at to the last, each told
            first = views[0].n
            assert {f.n for f in views} == set(range(first, len(session.actions) + 1))
            for f in views:
                # exactly the seat's own view of the position, never the state
                assert f.view == game.observe(session.states[f.n], seat)
                assert f.view.hand == session.states[f.n].hands[seat]
                if f.acted is not None and f.acted.seat != seat:
                    assert f.acted.action is None  # another seat's decision: its words only
                    before = session.states[f.n - 1]
                    assert f.acted.text == game.public_describe(before, session.actions[f.n - 1])
            turns = [f for f in frames if isinstance(f, YourTurn)]
            assert turns and all(game.to_move(session.states[t.n]) == seat for t in turns)
            for t in turns:
                legal = game.legal_actions(session.states[t.n])
                assert [a for a, _ in t.legal] == list(legal)
            over = [f for f in frames if isinstance(f, GameOver)]
            assert len(over) == 1 and over[0].outcome == game.outcome(session.state)
        saved = read_record(room.autosave_path)
        assert saved.actions == session.actions and saved.finished
        for c in clients:
            await c.close()


async def test_a_short_conquer_game_plays_to_the_end_with_the_natives_run_by_the_room(tmp_path):
    options = {"turn_limit": 5}
    async with open_room(tmp_path, "conquer", ("human", "human"), options=options, seed=3) as (
        server,
        room,
    ):
        clients = [await join(server, room, seat) for seat in (0, 1)]
        seen: list[list] = [[], []]
        await asyncio.wait_for(
            asyncio.gather(
                *(play_randomly(c, random.Random(i), seen[i]) for i, c in enumerate(clients))
            ),
            60,
        )
        session = room.session
        assert session.over
        game = session.game
        for _seat, frames in enumerate(seen):
            # every decision, the natives' too, told to every seat: who made it, in words
            told = {f.n: f.acted for f in frames if isinstance(f, ViewFrame) and f.acted}
            first = min(told)
            for n in range(first, len(session.actions) + 1):
                before, action = session.states[n - 1], session.actions[n - 1]
                assert told[n].seat == game.to_move(before)
                assert told[n].text == game.describe(before, action)
                assert told[n].action == action  # nothing is hidden in Conquer
        for frames in seen:
            assert any(isinstance(f, GameOver) for f in frames)
        for c in clients:
            await c.close()


async def test_the_tokens_are_kept_beside_the_autosave_never_in_it(tmp_path):
    async with open_room(tmp_path, "objectives", ("human", "human", "human"), seed=1) as (
        _,
        room,
    ):
        data = room.autosave_path.read_bytes()
        room_file = room.autosave_path.with_suffix(".room")
        assert stat.S_IMODE(os.stat(room_file).st_mode) == 0o600
        text = room_file.read_text()
        for token in room.tokens.values():
            assert token.encode() not in data
            assert token in text
