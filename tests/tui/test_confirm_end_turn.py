"""Settings → "Confirm end of turn": the question comes before an action that *may* end the
turn, by the rules alone, so it tells nothing of the dice to come (a napalm asks the same
whether it is going to hit or miss); the picker, the fight panel's f/r keys and the map's
shortcut ask alike; an action that is the only one possible never asks."""

from __future__ import annotations

import random

from ai.base import Budget
from ai.conquer import RulesAgent as ConquerRules
from ai.objectives import RulesAgent as ObjectivesRules
from core import game
from core.engine import may_end_turn
from saves import SeatInfo, new_record
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tests.tui.test_solitaire_screen import TO_COMBAT, session_after
from tui.screens.dialogs import ConfirmScreen
from tui.session import Session
from tui.settings import Settings
from tui.widgets.hex_map import HexMap

ASKING = Settings(confirm_end_turn=True, intro_seen=("solitaire", "objectives", "conquer"))

SOLITAIRE = game("solitaire")


def app_asking(tmp_path, session: Session):
    return make_app(tmp_path, session=session, settings=ASKING)


async def my_move(pilot):
    screen = await started(pilot)
    await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
    await pilot.pause()
    return screen


async def asked(pilot, screen, moves: int) -> bool:
    """After a choice on `screen` with `moves` played: True if the question came up (answered
    "Not yet"), False if the action was played at once."""
    app = pilot.app
    await wait_until(
        pilot,
        lambda: isinstance(app.screen, ConfirmScreen) or len(screen.session.actions) > moves,
    )
    if not isinstance(app.screen, ConfirmScreen):
        return False
    assert "This may end your turn." in str(app.screen.question)
    await pilot.press("n")
    await wait_until(pilot, lambda: app.screen is screen)
    assert len(screen.session.actions) == moves  # "Not yet": nothing was played
    return True


# --- Vietnam Solitaire: the napalm (VS-B4.2) -----------------------------------------------------


def last_enemy_napalm(hits: bool) -> Session:
    """A position in B4 of turn 1 with one enemy unit left on the map and a napalm on it, whose
    die is going to hit (and then the turn ends, as the dice have it) or to miss. The player
    napalms the first target until one is left."""

    def enemies(s) -> int:
        return sum(u[0] + u[1] for u in s.units)

    for seed in range(1, 200):
        s, actions = SOLITAIRE.new({}, 1, seed), []
        while s.turn == 1 and not (s.step == "B4" and enemies(s) == 1):
            legal = SOLITAIRE.legal_actions(s)
            napalms = [a for a in legal if a[0] == "napalm"]
            a = napalms[0] if s.step == "B4" and napalms else ("done",)
            if a not in legal:
                break
            actions.append(a)
            s = SOLITAIRE.apply(s, a)
        if s.turn != 1 or s.step != "B4" or enemies(s) != 1:
            continue
        napalm = next(a for a in SOLITAIRE.legal_actions(s) if a[0] == "napalm")
        after = SOLITAIRE.apply(s, napalm)
        hit = enemies(after) == 0
        if hit is hits and (not hits or after.turn != s.turn):
            return session_after(actions, seed=seed)
    raise AssertionError("no such position")


async def test_vs_b4_2_a_napalm_that_will_hit_and_one_that_will_miss_ask_alike(tmp_path):
    answers = []
    for hits in (True, False):
        session = last_enemy_napalm(hits)
        app = app_asking(tmp_path / str(hits), session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await my_move(pilot)
            await pilot.press(*"napalm", "enter")
            answers.append(await asked(pilot, screen, len(session.actions)))
    assert answers == [True, True]


async def test_a_napalm_with_enemies_left_is_played_without_a_question(tmp_path):
    session = session_after(TO_COMBAT[:5])  # B4, several enemy units on the map
    assert session.state.step == "B4"
    app = app_asking(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        await pilot.press(*"napalm", "enter")
        assert not await asked(pilot, screen, len(TO_COMBAT[:5]))


# --- the fight panel's keys, the picker, the map: all alike --------------------------------------


async def test_vs_b4_8_fight_on_asks_alike_by_the_f_key_and_by_the_picker(tmp_path):
    session = session_after(TO_COMBAT)
    assert session.state.step == "retreat"
    app = app_asking(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        moves = len(TO_COMBAT)
        await pilot.press("f")
        assert await asked(pilot, screen, moves)
        await pilot.press("r")
        assert await asked(pilot, screen, moves)
        await pilot.press(*"fight on", "enter")
        assert await asked(pilot, screen, moves)
        await pilot.press("f")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) == len(TO_COMBAT) + 1)
        assert session.actions[-1] == ("fight",)


def conquer_moves(moved_one: bool) -> Session:
    """Objective: Conquer, Administrator 1 human, in the army move phase; with `moved_one`, one
    of its two armies has moved already, so moving the other leaves nothing more to do (the next
    Administrator takes over, OC-2.1)."""
    g = game("conquer")
    seats = (SeatInfo("Player 1"), SeatInfo("Player 2", "rules"))
    record = new_record("conquer", {}, 2, seats, 1)
    s, agent, rng, actions = g.new({}, 2, 1), ConquerRules(), random.Random(1), []
    while g.to_move(s) != 0:
        a = agent.choose(g, g.observe(s, g.to_move(s)), g.legal_actions(s), Budget(), rng)
        actions.append(a)
        s = g.apply(s, a)
    if moved_one:
        actions.append(next(a for a in g.legal_actions(s) if a[0] == "move"))
    session = Session.from_record(record)
    for a in actions:
        session.apply(a)
    return session


async def choose_on_the_map(pilot, screen):
    """Select the hex of the army that can move and choose its first marked destination."""
    s = screen.session.state
    move = next(a for a in screen.session.legal() if a[0] == "move")
    here = next(c.hex for c in s.chits if c.id == move[1])
    screen.hex_map.select(("hex", here))
    await wait_until(pilot, lambda: screen._destinations)
    target, action = next(iter(screen._destinations.items()))
    screen.hex_map.post_message(HexMap.DestinationChosen(screen.hex_map, target))
    return action


async def test_the_map_s_last_move_asks_and_a_move_with_more_to_do_does_not(tmp_path):
    for moved_one, expected in ((True, True), (False, False)):
        session = conquer_moves(moved_one)
        app = app_asking(tmp_path / str(moved_one), session)
        async with app.run_test(size=SIZE) as pilot:
            screen = await my_move(pilot)
            moves = len(session.actions)
            action = await choose_on_the_map(pilot, screen)
            assert may_end_turn(session.game, session.state, action) is expected
            assert await asked(pilot, screen, moves) is expected


# --- a forced action -----------------------------------------------------------------------------


def objectives_with_one_choice() -> Session:
    """Objectives: Vietnam, Player 1 human, whose only legal action ends the turn."""
    g = game("objectives")
    for seed in range(1, 50):
        s, rng, actions = g.new({}, 2, seed), random.Random(seed), []
        for _ in range(300):
            if g.outcome(s) is not None:
                break
            legal = g.legal_actions(s)
            if g.to_move(s) == 0 and len(legal) == 1 and may_end_turn(g, s, legal[0]):
                seats = (SeatInfo("Player 1"), SeatInfo("Player 2", "rules"))
                session = Session.from_record(new_record("objectives", {}, 2, seats, seed))
                for a in actions:
                    session.apply(a)
                return session
            seat = g.to_move(s)
            a = ObjectivesRules().choose(g, g.observe(s, seat), legal, Budget(), rng)
            actions.append(a)
            s = g.apply(s, a)
    raise AssertionError("no such position")


async def test_the_only_action_possible_is_played_without_a_question(tmp_path):
    session = objectives_with_one_choice()
    (only,) = session.legal()
    app = app_asking(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await my_move(pilot)
        assert session.legal() == (only,) and not screen.may_end_turn(only)
        moves = len(session.actions)
        await pilot.press("enter")
        assert not await asked(pilot, screen, moves)
        assert session.actions[moves] == only
