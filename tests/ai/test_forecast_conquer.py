"""The Conquer forecast: who can fight the player's castles and Administrator at the next combat,
and the odds of that round (OC-5.1, OC-6.5, OC-7.1, OC-9.1, OC-9.4, OC-H8)."""

from __future__ import annotations

from ai.forecast_conquer import ADMINISTRATOR, CASTLE, forecast, hold_odds
from core.conquer import GAME, Rules
from core.conquer.state import COMBAT, INCOME, MOVE, NATIVE_SIDE, ORDERS, TRAIN, Order
from tests.conquer.helpers import B, hx, position

MY_CASTLE = hx(0, 3)
NEXT_TO_IT = hx(1, 3)  # one hex east-ish of the castle
TWO_AWAY = hx(2, 3)


def threats(s, seat=0):
    return forecast(GAME.observe(s, seat)).threats


def test_an_enemy_army_next_to_the_castle_appears_with_its_odds():
    s = position(
        INCOME,
        chits=[(0, MY_CASTLE, 4), (1, NEXT_TO_IT, 6)],
        castles=[(0, MY_CASTLE, 1)],
        admins=[MY_CASTLE, hx(2, 2)],  # B's Administrator next to its army: it may move
    )
    (threat,) = threats(s)  # the Administrator in the castle: one place
    assert (threat.hex, threat.place, threat.enemy) == (MY_CASTLE, CASTLE, 1)
    assert (threat.points, threat.sources, threat.held) == (6, (NEXT_TO_IT,), 5)
    # OC-9.1: 5 + a die against 6 + a die: the castle holds when its die is the higher
    assert threat.hold == 15 / 36
    assert 0 < threat.lose_all < threat.hold < 1


def test_none_when_nobody_can_reach():
    far_admin = [MY_CASTLE, hx(-4, 0)]  # B's army is two hexes from its Administrator
    s = position(
        INCOME,
        chits=[(0, MY_CASTLE, 4), (1, NEXT_TO_IT, 6), (1, hx(3, 1), 9)],
        castles=[(0, MY_CASTLE, 1)],
        admins=far_admin,
    )
    assert threats(s) == ()
    # after phase 3 nobody moves before this turn's combat: the army next door stays there
    s = position(
        ORDERS,
        chits=[(0, MY_CASTLE, 4), (1, NEXT_TO_IT, 6)],
        castles=[(0, MY_CASTLE, 1)],
        admins=[MY_CASTLE, hx(2, 2)],
    )
    assert threats(s) == ()


def test_an_army_that_moved_this_phase_moves_no_more():
    chits = [(0, MY_CASTLE, 4), (1, NEXT_TO_IT, 6)]
    s = position(MOVE, chits=chits, castles=[(0, MY_CASTLE, 1)], admins=[MY_CASTLE, hx(2, 2)])
    assert [t.enemy for t in threats(s)] == [1]
    moved = s.chits[1].__class__(1, 1, NEXT_TO_IT, 6, moved=True)
    s = position(
        MOVE, chits=[chits[0], moved], castles=[(0, MY_CASTLE, 1)], admins=[MY_CASTLE, hx(2, 2)]
    )
    assert threats(s) == ()


def test_last_turns_order_brings_a_far_army_next_to_its_administrator_then_in():
    # phase 9: the order sent last turn carries B's army from two hexes away to next to the
    # castle in phase 11; next turn's phase 3 it may step in (its Administrator is next to it)
    towards = next(d for d, n in enumerate(B.neighbours[TWO_AWAY]) if n == NEXT_TO_IT)
    order = Order(player=1, turn=2, hex=TWO_AWAY, kind="move", arg=towards)
    base = dict(
        chits=[(0, MY_CASTLE, 2), (1, TWO_AWAY, 5)],
        castles=[(0, MY_CASTLE, 2)],
        admins=[MY_CASTLE, hx(2, 2)],
        turn=3,
    )
    assert threats(position(TRAIN, **base)) == ()  # without the order it could not come
    forecast_ = forecast(GAME.observe(position(TRAIN, orders=(order,), **base), 0))
    assert forecast_.next_turn
    (threat,) = forecast_.threats
    assert (threat.enemy, threat.points, threat.sources) == (1, 5, (TWO_AWAY,))
    assert threat.hold == hold_odds(-1)


def test_the_administrator_alone_is_taken_if_an_army_comes():
    s = position(
        INCOME,
        chits=[(1, hx(1, -1), 3)],
        castles=[(0, MY_CASTLE, 1)],
        admins=[hx(0, -1), hx(2, -2)],  # my Administrator out alone; B's next to its army
    )
    (threat,) = threats(s)
    assert (threat.hex, threat.place, threat.held) == (hx(0, -1), ADMINISTRATOR, 0)
    assert (threat.hold, threat.lose_all) == (0.0, 1.0)  # OC-H8: captured


def test_a_free_native_next_door_comes_with_one_chance_in_six():
    s = position(
        INCOME,
        chits=[(0, MY_CASTLE, 4), (1, hx(-1, 3), 1)],
        natives=[(NEXT_TO_IT, 7), (hx(-1, 3), 9)],  # the second shares a hex with an army
        castles=[(0, MY_CASTLE, 1)],
        admins=[MY_CASTLE, hx(-4, 4)],
    )
    (threat,) = threats(s)
    assert (threat.enemy, threat.points, threat.comes) == (NATIVE_SIDE, 7, 1 / 6)
    assert threat.hold == hold_odds(5 - 7)
    hunting = position(
        INCOME,
        chits=[(0, MY_CASTLE, 4)],
        natives=[(NEXT_TO_IT, 7)],
        castles=[(0, MY_CASTLE, 1)],
        admins=[MY_CASTLE, hx(-4, 4)],
        rules=Rules(natives_policy="hunting"),
    )
    (threat,) = threats(hunting)
    assert threat.comes == 1.0  # the nearest army is in the castle: one way, straight in


def test_a_battle_going_on_in_the_castle_is_a_threat_at_combat():
    s = position(
        COMBAT,
        chits=[(0, MY_CASTLE, 3), (1, MY_CASTLE, 3)],
        castles=[(0, MY_CASTLE, 1)],
        admins=[MY_CASTLE, hx(-4, 0)],
    )
    (threat,) = threats(s)
    assert (threat.sources, threat.points, threat.hold) == ((MY_CASTLE,), 3, hold_odds(1))


def test_no_forecast_for_a_captured_player_or_an_onlooker():
    s = position(INCOME, admins=[None, hx(0, -4)])
    assert forecast(GAME.observe(s, 0)) is None
    assert forecast(GAME.observe(s, None)) is None
