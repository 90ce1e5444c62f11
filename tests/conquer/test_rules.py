"""Objective: Conquer, rule by rule. Every test names the rule id (docs/rules/conquer.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.conquer import GAME, Rules
from core.conquer import rules as R
from core.conquer.events import (
    BATTLE_LOSS,
    CAVE_IN_LOSS,
    DEBT_LOSS,
    LAST_STANDING,
    NO_ARMY,
    NONE_LEFT,
    TERRAIN_DIFFERS,
    TURN_LIMIT,
)
from core.conquer.events import ConquerEvent as E
from core.conquer.hexes import CORNERS, DEFAULT_RADIUS, DIRECTIONS, board, distance
from core.conquer.state import (
    COMBAT,
    DEVELOP,
    INCOME,
    MOVE,
    NATIVE_SIDE,
    NATIVES_MOVE,
    ORDERS,
    OVER,
    RESOLVE,
    SPELUNK,
    TERRAIN,
    TRAIN,
    Casualties,
    Chit,
    Order,
)
from core.conquer.tables import (
    DESERT,
    DISCOVERY,
    FARMLAND,
    MEADOW,
    MOUNTAIN,
    RIVER,
    WOODS,
    recruit_cost,
)
from core.engine import IllegalAction, OptionError
from tests.conquer.helpers import (
    B,
    chit_points,
    combat,
    fact,
    facts,
    hexes,
    hx,
    natives_strengths,
    play,
    position,
    with_dice,
    work,
)

MID = hx(0, 0)
HOME0, HOME1 = hx(0, 4), hx(0, -4)


# --- the board (OC-H1, OC-H2, OC-H3) -------------------------------------------------------------


def test_OC_H1_and_OC_Q5_hexagonal_boards_by_player_count():
    assert [board(DEFAULT_RADIUS[n]).size for n in (2, 3, 5)] == [91, 127, 169]
    assert distance((0, 0), (2, -1)) == 2
    b = board(5)
    assert b.coords == tuple(sorted(b.coords, key=lambda c: (c[1], c[0])))
    assert b.neighbours[b.index[(5, 0)]][2] == -1  # SE of the east corner is off the map


def test_OC_H1_the_board_distance_table_counts_steps_between_hexes():
    # the table is built from slices of one grid; every entry is the hex distance, both ways
    for radius in (1, 2, 5, 6, 7, 9):
        b = board(radius)
        for a, (aq, ar) in enumerate(b.coords):
            for h, (q, r) in enumerate(b.coords):
                assert b.distance(a, h) == b.distance(h, a) == distance((aq, ar), (q, r))
        centre = b.index[(0, 0)]
        assert max(b.distance(centre, h) for h in range(b.size)) == radius
        assert all(b.distance(h, n) == 1 for h in range(b.size) for n in b.around[h])


def test_OC_H2_the_direction_die():
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


def test_OC_H11_hex_numbers_column_then_row_in_odd_q_offset():
    b = board(5)
    centre = b.index[(0, 0)]
    north, north_east, south_east = (b.neighbours[centre][d] for d in (0, 1, 2))
    assert [b.label(h) for h in (centre, north, north_east, south_east)] == [
        "0606",
        "0605",
        "0705",
        "0706",
    ]
    assert b.label(b.index[(-5, 0)]) == "0103"  # the west corner: column 1
    for radius in (3, 5, 7, 12):
        b = board(radius)
        assert len(set(b.labels)) == b.size  # one number a hex
        columns = {c for c, _ in b.columns_rows}
        rows = {r for _, r in b.columns_rows}
        assert columns == set(range(1, 2 * radius + 2)) and min(rows) == 1


def test_OC_H11_actions_and_the_log_name_hexes_by_their_numbers():
    s = GAME.new({}, 2, 1)
    home = board(5).label(s.admins[0])
    moves = [a for a in GAME.legal_actions(s) if a[0] == "move"]
    assert moves and all(f"Castle {home}" in GAME.describe(s, a) for a in moves)
    assert not any("(0," in GAME.describe(s, a) for a in moves)  # no axial pair on screen


def test_OC_H3_and_OC_H4_start_corners_castle_chits_money():
    """OC-Q6: seats take the corners by the die (OC-Q93); each starts with a castle only."""
    s = GAME.new({}, 2, 1)
    b = board(5)
    corners = {b.corner(k) for k in CORNERS[2]}
    assert set(s.admins) == corners
    for p in range(2):
        home = s.admins[p]
        assert s.terrain[home] == DESERT
        assert R.castle_at(s, home).points == 1 and R.castle_at(s, home).owner == p
        assert chit_points(s, p, home) == [2, 4]
    assert sum(t is not None for t in s.terrain) == 2
    setup = s.events[0]
    assert setup.kind is E.SETUP and setup.seats == (0, 1)
    assert (setup["players"], setup["radius"], setup["hexes"]) == (2, 5, 91)


def test_OC_1_1_to_OC_1_9_the_pieces():
    """OC-1.1 Administrators, OC-1.2 six terrains, OC-1.3 counters, OC-1.5 an army is the chits
    in a hex (OC-Q17), OC-1.6 castles of 1-5, OC-1.7 money in cents, OC-1.8 turns counted,
    OC-1.9 "occupied" only a word; OC-Q7 a City is a castle; OC-Q8 the Administrator has no
    strength."""
    from core.conquer.tables import TERRAIN_LETTERS

    s = GAME.new({}, 3, 2)
    assert len(TERRAIN_LETTERS) == 6 and len(s.admins) == 3
    home = s.admins[0]
    assert R.points_of(s, 0, home) == 6 and len(R.chits_of(s, 0, home)) == 2
    assert s.money == (2075, 2075, 2075) and s.turn == 1  # turn 1 income: +$1 castle, -25c
    assert R.strength(s, 0, home) == 6 + 1  # the chits and the castle; no Administrator


def test_OC_Q38_no_natives_at_the_start():
    assert GAME.new({}, 6, 9).natives == ()


def test_OC_Q23_discovery_is_permanent_and_shared():
    s = position(MOVE, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT}, faces=(6, 1))
    s = play(s, ("move", 0, 0))
    assert s.terrain[hx(0, 3)] == MEADOW
    assert GAME.observe(s, 1).state.terrain[hx(0, 3)] == MEADOW


def test_OC_5_5_the_administrator_may_enter_a_hex_the_turn_it_is_discovered():
    s = position(MOVE, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT}, faces=(6, 1), players=2)
    s = play(s, ("move", 0, 0))
    while s.phase == MOVE:
        s = play(s, ("done",))
    assert s.phase == ORDERS and ("admin", 0) in GAME.legal_actions(s)


def test_OC_Q30_orders_are_public():
    order = Order(0, 3, hx(0, 1), "move", 0)
    s = position(ORDERS, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT}, orders=(order,))
    assert GAME.observe(s, 1).state.orders == (order,)


def test_OC_Q60_and_OC_Q62_any_number_of_recruits_and_the_castle_cap_on_retraining():
    s = train_position(castle=1, chits=[(0, HOME0, 1)])
    s = play(s, ("recruit", HOME0, 2), ("recruit", HOME0, 2))
    assert chit_points(s, 0, HOME0) == [1, 2, 2]
    assert not any(a[0] == "drill" and a[1] != 0 for a in GAME.legal_actions(s))  # at 2: cap


def test_OC_Q4_two_to_six_players():
    assert GAME.seats == range(2, 7)
    with pytest.raises(OptionError):
        GAME.new({}, 1, 1)


# --- phase 1: income (OC-3) ----------------------------------------------------------------------


def income(state):
    w = work(replace(state, phase=INCOME))
    R.compute_income(w)
    return w


def test_OC_1_10_and_OC_3_1_upkeep_a_quarter_a_controlled_hex():
    s = position(
        INCOME,
        chits=[(0, MID, 2), (0, hx(1, 0), 1)],
        terrain={MID: MEADOW, hx(1, 0): WOODS},
        money=[1000, 1000],
    )
    w = income(s)
    assert w.money[0] == 1000 - 50
    told = facts(w, E.INCOME)
    assert [e.seats for e in told] == [(0,), (1,)]
    assert told[0]["cents"] == told[0]["upkeep"] == -50 and told[0]["hexes"] == 2
    assert (told[0]["money"], told[0]["turn"], told[1]["cents"]) == (950, 3, 0)


def test_OC_1_10_a_hex_with_natives_or_enemies_is_not_controlled():
    s = position(
        INCOME,
        chits=[(0, MID, 2), (1, MID, 1), (0, hx(1, 0), 1)],
        natives=[(hx(1, 0), 2)],
        terrain={MID: MEADOW, hx(1, 0): WOODS},
    )
    assert not R.controlled(s, 0, MID) and not R.controlled(s, 0, hx(1, 0))
    assert income(s).money[0] == 2000


def test_OC_3_2_and_OC_Q13_farms_one_die_minus_two_dollars():
    s = position(INCOME, chits=[(0, MID, 1)], terrain={MID: FARMLAND}, faces=(1,))
    w = income(s)
    assert w.money[0] == 2000 - 25 - 100
    farm = fact(w, E.FARM_DIE)
    assert farm.dice == (1,) and farm["earns"] == -100 and hexes(farm) == (MID,)
    mine = facts(w, E.INCOME)[0]
    assert mine.seats == (0,) and (mine["farms"], mine["cents"]) == (-100, -125)
    s = position(INCOME, chits=[(0, MID, 1)], terrain={MID: FARMLAND}, faces=(6,))
    assert income(s).money[0] == 2000 - 25 + 400


def test_OC_3_3_and_OC_Q11_castle_points_a_dollar_each_or_fifty_cents():
    s = position(INCOME, chits=[(0, HOME0, 1)], castles=[(0, HOME0, 3)], terrain={HOME0: DESERT})
    assert income(s).money[0] == 2000 - 25 + 300
    assert facts(income(s), E.INCOME)[0]["castles"] == 300
    half = replace(s, rules=Rules(castle_income_cents=50))
    assert income(half).money[0] == 2000 - 25 + 150


def test_OC_Q12_and_OC_Q77_an_empty_castle_earns_nothing():
    s = position(INCOME, castles=[(0, HOME0, 3)], terrain={HOME0: DESERT})
    assert income(s).money[0] == 2000


def test_OC_Q14_and_OC_Q87_a_hex_being_changed_is_uncontrolled_until_income_ends():
    s = position(INCOME, chits=[(0, MID, 1)], terrain={MID: FARMLAND}, changing=(MID,))
    w = income(s)
    assert w.money[0] == 2000 and w.changing == ()


def test_OC_Q10_money_may_go_below_zero_at_income_and_then_nothing_is_bought():
    s = position(INCOME, chits=[(0, MID, 1)], terrain={MID: FARMLAND}, money=[50, 2000], faces=(1,))
    assert income(s).money[0] == 50 - 25 - 100
    broke = position(TRAIN, castles=[(0, HOME0, 2)], terrain={HOME0: DESERT}, money=[-75, 0])
    assert GAME.legal_actions(broke) == (("done",),) or not any(
        a[0] in ("recruit", "drill") for a in GAME.legal_actions(broke)
    )


def forecast(parts) -> dict:
    return {part.kind: (part.count, part.cents) for part in parts}


def test_OC_3_the_forecast_of_the_next_income_in_parts():
    s = position(
        MOVE,
        chits=[(0, HOME0, 2), (0, MID, 1)],
        castles=[(0, HOME0, 2)],
        terrain={HOME0: DESERT, MID: FARMLAND},
    )
    parts = R.income_forecast(s, 0)
    assert forecast(parts) == {"upkeep": (2, -50), "farms": (1, 150), "castles": (2, 200)}
    assert [part.label for part in parts] == ["upkeep 2 hex(es)", "1 Farmland (expected)",
                                              "castle 2 pt(s)"]  # fmt: skip


def test_OC_3_and_OC_12_the_forecast_after_an_action_counts_its_own_effect_and_rolls_nothing():
    """Building a castle point pays next income; a hex changed earns nothing (OC-Q14); a move
    into the unknown costs its upkeep, and the terrain die is not rolled (strict dice, none)."""
    home, unknown = HOME0, B.neighbours[HOME0][0]
    s = position(
        DEVELOP, chits=[(0, home, 2)], castles=[(0, home, 1)], terrain={home: DESERT}, faces=()
    )
    assert forecast(R.income_forecast(s, 0)) == {"upkeep": (1, -25), "castles": (1, 100)}
    after = R.income_forecast_after(s, ("develop", home))
    assert forecast(after) == {"upkeep": (1, -25), "castles": (2, 200)}
    s = position(MOVE, chits=[(0, home, 2), (0, home, 1)], terrain={home: DESERT}, faces=())
    move = next(a for a in GAME.legal_actions(s) if a[0] == "move" and a[2] == 0)
    assert B.neighbours[home][move[2]] == unknown
    assert forecast(R.income_forecast_after(s, move)) == {"upkeep": (2, -50)}
    s = position(TERRAIN, chits=[(0, home, 2)], terrain={home: DESERT}, faces=())
    assert forecast(R.income_forecast_after(s, ("terrain", home, "irrigate"))) == {}


def test_OC_Q15_a_shared_hex_counts_for_nobody():
    s = position(INCOME, chits=[(0, MID, 3), (1, MID, 3)], terrain={MID: FARMLAND})
    w = income(s)
    assert w.money == [2000, 2000]


# --- phase 2: initiative (OC-4) ------------------------------------------------------------------


def test_OC_4_1_and_OC_Q16_highest_first_ties_reroll_among_themselves():
    s = position(INCOME, players=3, admins=[HOME0, HOME1, hx(4, -4)], faces=(5, 2, 5, 3, 6))
    w = work(s)
    R.roll_initiative(w)
    assert w.initiative == (2, 0, 1)  # 0 and 2 tied on 5: 2 rerolls 6 against 3
    rolls = [(e.seats, e.dice) for e in facts(w, E.INITIATIVE_DIE)]
    assert rolls == [((0,), (5,)), ((1,), (2,)), ((2,), (5,)), ((0,), (3,)), ((2,), (6,))]
    assert fact(w, E.INITIATIVE).seats == (2, 0, 1)


# --- phase 3: armies move and explore (OC-5) -----------------------------------------------------


def test_OC_5_1_and_OC_Q18_only_armies_with_or_next_to_the_administrator_move():
    s = position(
        MOVE,
        chits=[(0, HOME0, 2), (0, hx(0, 3), 1), (0, hx(0, 1), 3)],
        terrain={HOME0: DESERT, hx(0, 3): MEADOW, hx(0, 1): MEADOW},
    )
    movers = {a[1] for a in GAME.legal_actions(s) if a[0] == "move"}
    assert movers == {0, 1}


def test_OC_5_1_each_chit_moves_one_hex_a_phase():
    s = position(MOVE, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT, hx(0, 3): MEADOW})
    s = play(s, ("move", 0, 0))
    moved = fact(s, E.ARMY_MOVED)
    assert moved.seats == (0,) and hexes(moved) == (HOME0, hx(0, 3))
    assert (moved["chit"], moved["points"], moved["direction"]) == (0, 2, 0)
    assert not facts(s, E.DISCOVERY_DIE)  # a known hex: no die
    assert not any(a[0] == "move" and a[1] == 0 for a in GAME.legal_actions(s))


def test_OC_5_2_to_OC_5_4_exploring_costs_4_dollars_and_rolls_the_terrain():
    """OC-5.2 only armies explore, OC-5.3 $4, OC-5.4 the terrain die."""
    s = position(
        MOVE, chits=[(0, HOME0, 2), (0, HOME0, 1)], terrain={HOME0: DESERT}, faces=(5, 1)
    )  # terrain 5: River; natives die 1: none
    s = play(s, ("move", 0, 0))
    assert s.terrain[hx(0, 3)] == RIVER and s.money[0] == 2000 - 400
    found = fact(s, E.DISCOVERY_DIE)
    assert found.dice == (5,) and found["terrain"] == RIVER and found["cents"] == -400
    assert found.seats == (0,) and hexes(found) == (hx(0, 3),)
    assert fact(s, E.NATIVES_DIE)["found"] is False
    assert DISCOVERY == {1: FARMLAND, 2: WOODS, 3: DESERT, 4: MOUNTAIN, 5: RIVER, 6: MEADOW}


def test_OC_Q20_the_4_dollars_is_per_hex_others_follow_free():
    s = position(MOVE, chits=[(0, HOME0, 2), (0, HOME0, 1)], terrain={HOME0: DESERT}, faces=(5, 1))
    s = play(s, ("move", 0, 0), ("move", 1, 0))
    assert s.money[0] == 1600


def test_OC_Q21_no_money_no_exploring():
    s = position(
        MOVE, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT, hx(-1, 4): MEADOW}, money=[300, 0]
    )
    moves = [a for a in GAME.legal_actions(s) if a[0] == "move"]
    assert moves == [("move", 0, 0)] or all(
        s.terrain[B.neighbours[HOME0][a[2]]] is not None for a in moves
    )


def test_OC_Q19_any_terrain_and_enemy_hexes_may_be_entered():
    s = position(
        MOVE, chits=[(0, HOME0, 2), (1, hx(0, 3), 5)], terrain={HOME0: DESERT, hx(0, 3): MOUNTAIN}
    )
    assert ("move", 0, 0) in GAME.legal_actions(s)


def test_OC_H5_and_OC_Q22_natives_may_wait_in_a_new_hex():
    s = position(MOVE, chits=[(0, HOME0, 4)], terrain={HOME0: DESERT}, faces=(2, 6, 3))
    s = play(s, ("move", 0, 0))  # Woods, natives (6), fraction 3: equal to the 4-point army
    assert natives_strengths(s, hx(0, 3)) == [4]
    assert fact(s, E.NATIVES_DIE)["found"] is True and fact(s, E.NATIVES_DIE)["chance"] == 1
    appeared = fact(s, E.NATIVE_STRENGTH_DIE)
    assert (appeared["army"], appeared["strength"], appeared["lair"]) == (4, 4, False)
    assert appeared["native"] == s.natives[0].id and hexes(appeared) == (hx(0, 3),)
    off = position(
        MOVE,
        chits=[(0, HOME0, 4)],
        terrain={HOME0: DESERT},
        faces=(2,),
        rules=Rules(natives_on_discovery=False),
    )
    assert not play(off, ("move", 0, 0)).natives


def test_OC_8_6_and_OC_Q44_a_quarter_of_a_small_army_is_no_native():
    s = position(MOVE, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT}, faces=(2, 6, 1))
    s = play(s, ("move", 0, 0))
    assert not s.natives  # 1/4 of 2, rounded down: 0
    assert fact(s, E.NATIVE_STRENGTH_DIE)["strength"] == 0
    assert fact(s, E.NATIVE_STRENGTH_DIE)["native"] is None


# --- phase 4: orders and the Administrator (OC-6) ------------------------------------------------


def test_OC_6_1_and_OC_6_2_two_hexes_never_into_the_unknown():
    s = position(
        ORDERS,
        chits=[(0, HOME0, 2), (0, hx(0, 3), 1), (0, hx(0, 2), 1)],
        terrain={HOME0: DESERT, hx(0, 3): MEADOW, hx(0, 2): MEADOW},
    )
    steps = [a for a in GAME.legal_actions(s) if a[0] == "admin"]
    assert steps == [("admin", 0)]  # only north is discovered
    s = play(s, ("admin", 0))
    stepped = fact(s, E.ADMIN_MOVED)
    assert stepped.seats == (0,) and hexes(stepped) == (HOME0, hx(0, 3))
    s = play(s, ("admin", 0))
    assert s.admins[0] == hx(0, 2) or s.phase != ORDERS


def test_OC_6_3_and_OC_6_4_and_OC_Q24_orders_cost_movement_after_the_first():
    """OC-Q28: orders are sent first, then the Administrator moves."""
    terrain = {
        HOME0: DESERT,
        hx(0, 3): MEADOW,
        hx(0, 1): MEADOW,
        hx(1, 0): MEADOW,
        hx(-1, 1): MEADOW,
    }
    s = position(
        ORDERS,
        chits=[(0, HOME0, 2), (0, hx(0, 1), 1), (0, hx(1, 0), 1), (0, hx(-1, 1), 1)],
        terrain=terrain,
    )
    s = play(s, ("order", hx(0, 1), "move", 0))
    sent = fact(s, E.ORDER_SENT)
    assert (sent.seats, sent["order"], sent["arg"]) == ((0,), "move", 0)
    assert hexes(sent) == (hx(0, 1), hx(0, 0))  # the army's hex, then where it is to go
    assert any(a[0] == "admin" for a in GAME.legal_actions(s))  # one order: still 2 hexes
    s = play(s, ("order", hx(1, 0), "move", 0), ("admin", 0))
    assert not any(a[0] == "admin" for a in GAME.legal_actions(s))  # two orders: 1 hex
    assert not any(a[0] == "order" for a in GAME.legal_actions(s))  # orders come first


def test_OC_Q27_orders_go_to_armies_two_or_more_hexes_away_one_a_hex():
    terrain = {HOME0: DESERT, hx(0, 3): MEADOW, hx(0, 1): MEADOW}
    s = position(ORDERS, chits=[(0, HOME0, 2), (0, hx(0, 3), 1), (0, hx(0, 1), 1)], terrain=terrain)
    targets = {a[1] for a in GAME.legal_actions(s) if a[0] == "order"}
    assert targets == {hx(0, 1)}
    s = play(s, ("order", hx(0, 1), "move", 0))
    assert not any(a[0] == "order" and a[1] == hx(0, 1) for a in GAME.legal_actions(s))


def test_OC_Q25_no_stepping_alone_into_a_hostile_hex():
    terrain = {HOME0: DESERT, hx(0, 3): MEADOW}
    s = position(ORDERS, chits=[(0, HOME0, 2), (1, hx(0, 3), 1)], terrain=terrain)
    assert not any(a[0] == "admin" for a in GAME.legal_actions(s))
    s = position(ORDERS, chits=[(0, HOME0, 2), (1, hx(0, 3), 1), (0, hx(0, 3), 3)], terrain=terrain)
    assert ("admin", 0) in GAME.legal_actions(s)


def test_OC_6_5_and_OC_13_1_and_OC_Q29_orders_resolve_in_phase_11_of_the_next_turn():
    terrain = {HOME0: DESERT, hx(0, 1): MEADOW, hx(0, 0): MEADOW}
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 2), (0, hx(0, 1), 3)],
        terrain=terrain,
        orders=(Order(0, 3, hx(0, 1), "move", 0),),
        turn=3,
    )
    w = work(s)
    R.resolve_orders(w)
    assert chit_points(w.freeze(), 0, hx(0, 1)) == [3]  # sent this turn: not yet
    s = replace(s, turn=4)
    w = work(s)
    R.resolve_orders(w)
    assert chit_points(w.freeze(), 0, hx(0, 0)) == [3] and not w.orders
    done = fact(w, E.ORDER_CARRIED_OUT)
    assert (done.seats, done["order"], done["arg"]) == ((0,), "move", 0)
    assert hexes(done) == (hx(0, 1), hx(0, 0)) and done["chits"] == (1,)


def test_OC_13_1_all_armies_in_the_hex_follow_even_late_arrivals():
    terrain = {HOME0: DESERT, hx(0, 1): MEADOW, hx(0, 0): MEADOW}
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 2), (0, hx(0, 1), 3), (0, hx(0, 1), 2)],
        terrain=terrain,
        orders=(Order(0, 3, hx(0, 1), "move", 0),),
        turn=4,
    )
    w = work(s)
    R.resolve_orders(w)
    assert chit_points(w.freeze(), 0, hx(0, 0)) == [2, 3]


def test_OC_Q88_an_order_that_became_impossible_is_skipped_with_its_reason():
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 2)],
        terrain={HOME0: DESERT},
        orders=(Order(0, 3, hx(0, 1), "move", 0),),
        turn=4,
    )
    w = work(s)
    R.resolve_orders(w)
    skipped = fact(w, E.ORDER_SKIPPED)
    assert (skipped["reason"], skipped["order"], hexes(skipped)) == (NO_ARMY, "move", (hx(0, 1),))


def test_OC_Q26_list_only_orders_cannot_move_armies():
    terrain = {HOME0: DESERT, hx(0, 1): MEADOW}
    s = position(
        ORDERS,
        chits=[(0, HOME0, 2), (0, hx(0, 1), 3)],
        terrain=terrain,
        rules=Rules(order_types="list_only"),
    )
    assert not any(a[0] == "order" and a[2] == "move" for a in GAME.legal_actions(s))


def test_OC_Q79_exploring_by_order_pays_when_it_executes():
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 2), (0, hx(0, 1), 3)],
        terrain={HOME0: DESERT, hx(0, 1): MEADOW},
        orders=(Order(0, 3, hx(0, 1), "move", 0),),
        turn=4,
        faces=(4, 1),
    )
    w = work(s)
    R.resolve_orders(w)
    assert w.terrain[hx(0, 0)] == MOUNTAIN and w.money[0] == 1600
    assert fact(w, E.DISCOVERY_DIE)["cents"] == -400
    assert (0, hx(0, 0), 5) in w.free_spelunks  # OC-Q84: the free search comes next turn


# --- phase 5: natives (OC-7) ---------------------------------------------------------------------


def test_OC_7_1_and_OC_Q83_and_OC_H2_the_games_die_moves_a_native():
    """OC-Q34: the die faces are the OC-H2 directions; the die is the game's, in the log."""
    s = position(
        NATIVES_MOVE,
        natives=[(MID, 3)],
        terrain={MID: MEADOW, hx(0, -1): WOODS},
        native_queue=(100,),
        faces=(1,),
    )
    assert GAME.to_move(s) == 2  # the seat after the players
    assert GAME.legal_actions(s) == (("native", 100),)  # the natives choose nothing
    s = play(s, ("native", 100))  # the die: 1, north
    assert natives_strengths(s, hx(0, -1)) == [3]
    die = fact(s, E.NATIVE_DIRECTION_DIE)
    assert die.dice == (1,) and die["direction"] == 0 and die["ways"] == (0, 1, 2, 3, 4, 5)
    assert die.seats == (2,) and die["native"] == 100 and die["strength"] == 3
    moved = fact(s, E.NATIVE_MOVED)
    assert moved.seats == (2,) and hexes(moved) == (MID, hx(0, -1)) and moved["direction"] == 0


def test_OC_7_2_off_the_map_or_into_the_unknown_and_the_native_is_gone():
    edge = hx(0, -5)
    s = position(
        NATIVES_MOVE,
        natives=[(edge, 3), (MID, 2)],
        terrain={edge: WOODS, MID: MEADOW},
        native_queue=(100, 101),
        faces=(1, 1),
    )
    s = play(s, ("native", 100))  # 1: north, off the map
    assert all(n.id != 100 for n in s.natives)
    gone = fact(s, E.NATIVE_GONE)
    assert (gone["native"], gone["off_map"], hexes(gone)) == (100, True, (edge,))
    s = play(s, ("native", 101))  # 1: north, into an undiscovered hex
    assert not s.natives
    gone = fact(s, E.NATIVE_GONE)
    assert (gone["native"], gone["off_map"], hexes(gone)) == (101, False, (MID, hx(0, -1)))


def test_OC_7_3_and_OC_Q35_natives_never_leave_a_fight():
    s = position(
        ORDERS,
        chits=[(0, MID, 1)],
        natives=[(MID, 3), (hx(2, 0), 2)],
        castles=[(1, hx(2, 0), 1)],
        terrain={MID: MEADOW, hx(2, 0): DESERT},
    )
    w = work(s)
    R.start_natives(w)
    assert w.native_queue == () and w.phase == SPELUNK


def test_OC_Q83_hunting_natives_step_toward_the_nearest_army():
    """One way leads to the nearest army: no die is rolled (OC-Q95)."""
    s = position(
        NATIVES_MOVE,
        natives=[(MID, 3)],
        chits=[(0, hx(0, 3), 2), (1, hx(4, -4), 1)],
        terrain={MID: MEADOW, hx(0, 1): MEADOW},
        native_queue=(100,),
        rules=Rules(natives_policy="hunting"),
        faces=(),
    )
    assert R.hunting_directions(s, s.natives[0]) == (3,)  # south, toward (0, 3)
    s = play(s, ("native", 100))
    assert natives_strengths(s, hx(0, 1)) == [3]
    assert not facts(s, E.NATIVE_DIRECTION_DIE)
    hunt = fact(s, E.NATIVE_HUNTS)
    assert hunt["direction"] == 3 and hunt.seats == (2,) and not hunt.dice


def test_OC_Q95_hunting_ties_are_broken_by_the_die_rerolling_faces_above_their_number():
    """Two armies at the same distance, two ways: faces 3-6 are rerolled; a 2 takes the second."""
    s = position(
        NATIVES_MOVE,
        natives=[(MID, 3)],
        chits=[(0, hx(0, 2), 2), (1, hx(0, -2), 1)],
        terrain={MID: MEADOW, hx(0, 1): MEADOW, hx(0, -1): MEADOW},
        native_queue=(100,),
        rules=Rules(natives_policy="hunting"),
        faces=(5, 6, 2),
    )
    assert R.hunting_directions(s, s.natives[0]) == (0, 3)  # N, S
    s = play(s, ("native", 100))
    assert natives_strengths(s, hx(0, 1)) == [3]  # the second way: south
    dice = facts(s, E.NATIVE_DIRECTION_DIE)
    assert [e.dice for e in dice] == [(5,), (6,), (2,)]
    assert [e["direction"] for e in dice] == [None, None, 3]
    assert all(e["ways"] == (0, 3) for e in dice)


def test_OC_Q36_natives_stack_and_never_fight_each_other():
    s = position(
        NATIVES_MOVE,
        natives=[(MID, 3), (hx(0, -1), 2)],
        terrain={MID: MEADOW, hx(0, -1): WOODS},
        native_queue=(100, 101),
        faces=(1,),
    )
    s = play(s, ("native", 100))
    assert natives_strengths(s, hx(0, -1)) == [2, 3]


# --- phase 6: spelunking (OC-8) ------------------------------------------------------------------


def spelunk_position(**kw):
    terrain = {HOME0: DESERT, hx(0, 3): MOUNTAIN}
    kw.setdefault("chits", [(0, HOME0, 2), (0, hx(0, 3), 4)])
    return position(SPELUNK, terrain=terrain, **kw)


def search(state, h=None, cost=400):
    """Run one search on its own (the game would otherwise run on into combat)."""
    w = work(state)
    R.spelunk(w, 0, hx(0, 3) if h is None else h, cost)
    return w.freeze()


def test_OC_8_2_and_OC_Q39_the_discoverer_searches_free_others_pay_4():
    """OC-8.1 Mountains hold caves; OC-Q84 the free search lapses after its phase 6."""
    free = spelunk_position(free_spelunks=((0, hx(0, 3), 3),), faces=(5,))
    s = play(free, ("spelunk", hx(0, 3)))
    assert s.money[0] == 2000
    searched = fact(s, E.SPELUNK_DIE)
    assert (searched["found"], searched["cents"], searched["order"]) == (False, 0, False)
    paid = spelunk_position(faces=(5,))
    s = play(paid, ("spelunk", hx(0, 3)))
    assert s.money[0] == 1600 and fact(s, E.SPELUNK_DIE)["cents"] == -400


def test_OC_Q39_one_search_a_hex_a_turn():
    s = play(spelunk_position(faces=(5,)), ("spelunk", hx(0, 3)))
    assert ("spelunk", hx(0, 3)) not in GAME.legal_actions(s)


def test_OC_8_3_and_OC_Q40_a_6_finds_a_cave_and_the_contents_table():
    s = search(spelunk_position(faces=(6, 1)))  # 6: a cave; 1: a mine
    assert R.cave_at(s, hx(0, 3))[1] == "mine"
    assert fact(s, E.SPELUNK_DIE)["found"] is True
    cave = fact(s, E.CAVE_DIE)
    assert (cave.dice, cave["cave"], cave["table"], hexes(cave)) == ((1,), "mine", "1/2-4/5-6",
                                                                    (hx(0, 3),))  # fmt: skip


def test_OC_8_5_and_OC_H6_a_ruined_dungeon_treasure_or_a_native():
    s = search(spelunk_position(faces=(6, 3, 2, 5)))
    assert s.money[0] == 1600 + 500  # 1-3: treasure of the second die
    dungeon = fact(s, E.DUNGEON_DIE)
    assert (dungeon.dice, dungeon["cents"], dungeon["strength"]) == ((2, 5), 500, 0)
    s = search(spelunk_position(faces=(6, 3, 4, 5)))
    assert natives_strengths(s, hx(0, 3)) == [10]  # OC-Q42: twice the second die
    dungeon = fact(s, E.DUNGEON_DIE)
    assert (dungeon["cents"], dungeon["strength"], dungeon["native"]) == (0, 10, s.natives[0].id)


def test_OC_Q42_two_dice_option():
    s = search(spelunk_position(faces=(6, 3, 4, 5, 2), rules=Rules(two_to_twelve="2d6")))
    assert natives_strengths(s, hx(0, 3)) == [7]


def test_OC_8_6_a_natives_lair_by_the_fraction_table():
    """OC-Q45: the natives appear in the cave's hex."""
    s = search(spelunk_position(faces=(6, 5, 6)))
    assert natives_strengths(s, hx(0, 3)) == [6]  # 1 1/2 of the 4-point army
    lair = fact(s, E.NATIVE_STRENGTH_DIE)
    assert (lair["lair"], lair["army"], lair["strength"]) == (True, 4, 6)


def test_OC_Q43_a_cave_is_found_once():
    s = spelunk_position(caves=((hx(0, 3), "empty", 1),))
    assert ("spelunk", hx(0, 3)) not in GAME.legal_actions(s)


def test_OC_8_4_and_OC_Q41_and_OC_Q85_mining_from_the_next_turn():
    found_now = spelunk_position(caves=((hx(0, 3), "mine", 3),))
    assert ("mine", hx(0, 3)) not in GAME.legal_actions(found_now)
    s = spelunk_position(caves=((hx(0, 3), "mine", 2),), faces=(3, 4))
    s = play(s, ("mine", hx(0, 3)))
    assert s.money[0] == 2400
    mined = fact(s, E.MINING_DIE)
    assert (mined.dice, mined["cents"], mined["cave_in"], mined.seats) == ((3, 4), 400, 0, (0,))
    rich = spelunk_position(caves=((hx(0, 3), "mine", 2),), faces=(6, 4))
    rich = play(rich, ("mine", hx(0, 3)))
    assert rich.money[0] == 2800 and fact(rich, E.MINING_DIE)["cents"] == 800


def test_OC_8_4_a_cave_in_costs_army_points_the_owner_chooses():
    chits = [(0, HOME0, 2), (0, hx(0, 3), 4), (0, hx(0, 3), 3)]
    s = spelunk_position(chits=chits, caves=((hx(0, 3), "mine", 2),), faces=(1, 2))
    s = play(s, ("mine", hx(0, 3)))
    assert s.casualties == Casualties(0, 0, hx(0, 3), 2, -2)
    assert fact(s, E.MINING_DIE)["cave_in"] == 2 and fact(s, E.MINING_DIE)["cents"] == 0
    s = play(s, ("hit", "chit", 2))
    hit = fact(s, E.ARMY_REDUCED)
    assert (hit["chit"], hit["before"], hit["after"], hit["cause"]) == (2, 3, 2, CAVE_IN_LOSS)
    s = play(s, ("hit", "chit", 2))
    assert chit_points(s, 0, hx(0, 3)) == [1, 4]


def test_OC_Q78_no_search_in_a_contested_hex():
    s = spelunk_position(chits=[(0, HOME0, 2), (0, hx(0, 3), 4), (1, hx(0, 3), 1)])
    assert ("spelunk", hx(0, 3)) not in GAME.legal_actions(s)


# --- phase 7: combat (OC-9, OC-T1..T3) -----------------------------------------------------------


def john(faces, natives=((MID, 3), (MID, 5))):
    return position(
        COMBAT,
        chits=[(0, MID, 6), (0, MID, 4), (0, HOME0, 1)],
        natives=list(natives),
        terrain={MID: MEADOW, HOME0: DESERT},
        admins=[HOME0, HOME1],
        faces=faces,
    )


def test_OC_T1_johns_first_battle():
    """OC-9.2: the chits of a side fight together. John 6+4 against natives 3 and 5. Dice 4
    and 2: 14 against 10, the natives lose 4-2=2,
    and John puts both on the 3-native."""
    s = combat(john((4, 2)))
    dice = facts(s, E.BATTLE_DIE)
    assert [(e["side"], e.dice, e["strength"], e["total"]) for e in dice] == [
        (0, (4,), 10, 14),
        (NATIVE_SIDE, (2,), 8, 10),
    ]
    assert [e.seats for e in dice] == [(0,), (2,)]  # the natives' seat follows the players'
    battle = fact(s, E.BATTLE)
    assert hexes(battle) == (MID,) and battle.seats == (0, 2)
    assert (battle["sides"], battle["strengths"], battle["totals"]) == ((0, NATIVE_SIDE), (10, 8),
                                                                        (14, 10))  # fmt: skip
    assert (battle["winner"], battle["loser"], battle["losses"]) == (0, NATIVE_SIDE, (0, 2))
    assert battle.text == "Battle at 0606: Administrator 1 wins; the natives lose 2 point(s)."
    assert s.casualties == Casualties(0, NATIVE_SIDE, MID, 2, 0)
    three = next(n.id for n in s.natives if n.strength == 3)
    s = play(s, ("hit", "native", three))
    hit = fact(s, E.NATIVE_REDUCED)
    assert (hit["native"], hit["before"], hit["after"], hit.seats) == (three, 3, 2, (2,))
    s = play(s, ("hit", "native", three))
    assert natives_strengths(s, MID) == [1, 5]


def test_OC_T2_johns_second_battle_a_tie():
    s = combat(john((1, 5), natives=((MID, 5), (MID, 1))))
    assert [e["total"] for e in facts(s, E.BATTLE_DIE)] == [11, 11]
    battle = fact(s, E.BATTLE)
    assert (battle["totals"], battle["winner"], battle["loser"]) == ((11, 11), None, None)
    assert battle["losses"] == (0, 0)
    assert s.casualties is None and natives_strengths(s, MID) == [1, 5]
    assert chit_points(s, 0, MID) == [4, 6]


def test_OC_T3_johns_third_battle_he_loses_five():
    s = combat(john((1, 6), natives=((MID, 5), (MID, 1))))
    assert [e["total"] for e in facts(s, E.BATTLE_DIE)] == [11, 12]
    battle = fact(s, E.BATTLE)
    assert (battle["totals"], battle["winner"], battle["loser"]) == ((11, 12), NATIVE_SIDE, 0)
    assert battle["losses"] == (5, 0) and battle["strengths"] == (10, 6)
    assert s.casualties == Casualties(0, 0, MID, 5, NATIVE_SIDE)
    six = next(c.id for c in s.chits if c.points == 6)
    four = next(c.id for c in s.chits if c.points == 4 and c.hex == MID)
    s = play(s, ("hit", "chit", six))
    hit = fact(s, E.ARMY_REDUCED)
    assert (hit["chit"], hit["before"], hit["after"], hit["cause"]) == (six, 6, 5, BATTLE_LOSS)
    assert hit.seats == (0,) and hexes(hit) == (MID,)
    for _ in range(4):
        s = play(s, ("hit", "chit", four))
    lost = fact(s, E.ARMY_LOST)
    assert (lost["chit"], lost["cause"], lost.seats, hexes(lost)) == (four, BATTLE_LOSS, (0,),
                                                                      (MID,))  # fmt: skip
    assert chit_points(s, 0, MID) == [5]


def test_OC_9_1_and_OC_9_4_and_OC_Q46_the_loser_loses_the_dice_difference_at_least_one():
    """OC-Q48 one die a side; OC-Q49 the procedure is symmetric."""
    # strength won it: winner's die lower than the loser's: still 1 point
    s = combat(
        position(
            COMBAT,
            chits=[(0, MID, 6), (1, MID, 1), (0, HOME0, 1), (1, HOME1, 1)],
            terrain={MID: MEADOW},
            faces=(2, 5),
        )
    )
    assert chit_points(s, 1, MID) == []  # 8 against 6: the 1-point chit loses max(1, 2-5)=1


@pytest.mark.parametrize(
    ("rule", "lost"),
    [("dice_diff_min1", 3), ("dice_abs", 3), ("dice_diff_or_zero", 3), ("totals_diff", 7)],
)
def test_OC_Q46_casualty_options(rule, lost):
    s = position(
        COMBAT,
        chits=[(0, MID, 6), (1, MID, 6), (1, MID, 6), (0, HOME0, 1), (1, HOME1, 1)],
        terrain={MID: MEADOW},
        faces=(2, 5),
        rules=Rules(casualties=rule),
    )
    s = combat(s)  # 8 against 17: player 0 loses
    assert chit_points(s, 0, MID) == ([6 - lost] if lost < 6 else [])


def test_OC_9_3_and_OC_Q50_a_castle_adds_its_strength_and_takes_damage():
    s = position(
        COMBAT,
        chits=[(0, HOME0, 1), (1, HOME0, 5), (1, HOME1, 1)],
        castles=[(0, HOME0, 3)],
        terrain={HOME0: DESERT},
        faces=(6, 1),
        initiative=(1, 0),
    )
    s = combat(s)  # player 1: 5+6=11 against 1+3+1=5: player 0 loses 5, everything
    assert R.castle_at(s, HOME0) is None and chit_points(s, 0, HOME0) == []
    assert fact(s, E.BATTLE)["strengths"] == (5, 4)  # the castle's 3 points count
    assert fact(s, E.ARMY_LOST)["chit"] == 0
    assert [(e["before"], e["after"]) for e in facts(s, E.CASTLE_REDUCED)] == [(3, 2), (2, 1)]
    razed = fact(s, E.CASTLE_DESTROYED)
    assert razed.seats == (0, 1) and hexes(razed) == (HOME0,) and razed["cause"] == BATTLE_LOSS


def test_OC_Q50_castle_capture_option():
    s = position(
        COMBAT,
        chits=[(0, HOME0, 1), (1, HOME0, 5), (1, HOME1, 1)],
        castles=[(0, HOME0, 1)],
        terrain={HOME0: DESERT},
        faces=(6, 1),
        initiative=(1, 0),
        rules=Rules(castle_capture="capture"),
    )
    s = combat(s)
    assert R.castle_at(s, HOME0).owner == 1
    taken = fact(s, E.CASTLE_TAKEN)
    assert taken.seats == (1, 0) and hexes(taken) == (HOME0,)
    assert (taken["before"], taken["owner"]) == (0, 1) and not facts(s, E.CASTLE_DESTROYED)


def test_OC_9_5_and_OC_Q47_the_loser_chooses_the_winner_chooses_for_natives():
    s = combat(
        position(
            COMBAT,
            chits=[(0, MID, 6), (0, MID, 2), (0, HOME0, 1)],
            natives=[(MID, 9)],
            terrain={MID: MEADOW},
            faces=(1, 5),
        )
    )
    assert s.casualties.chooser == 0 and s.casualties.loser == 0
    s = combat(
        position(
            COMBAT,
            chits=[(0, MID, 6), (0, HOME0, 1)],
            natives=[(MID, 2), (MID, 1)],
            terrain={MID: MEADOW},
            faces=(5, 4),
        )
    )
    assert s.casualties is None or s.casualties.chooser == 0


def test_OC_9_6_and_OC_Q54_combat_continues_next_turn_unless_someone_moves():
    s = combat(john((1, 5), natives=((MID, 5), (MID, 1))))  # a tie: both still there
    again = combat(with_dice(replace(s, phase=COMBAT), 1, 5))
    assert hexes(fact(again, E.BATTLE)) == (MID,)


def test_OC_Q52_players_fight_the_natives_first_then_each_other():
    """OC-Q53: no alliances, two players in a hex always fight."""
    s = position(
        COMBAT,
        chits=[(0, MID, 5), (1, MID, 5), (0, HOME0, 1), (1, HOME1, 1)],
        natives=[(MID, 1)],
        terrain={MID: MEADOW},
        initiative=(1, 0),
    )
    w = work(s)
    R.start_combat(w)
    assert w.battles == ((MID, 1, NATIVE_SIDE), (MID, 0, NATIVE_SIDE), (MID, 1, 0))


def test_OC_H9_and_OC_Q37_and_OC_Q55_destroying_a_native_wins_its_loot():
    s = combat(
        position(
            COMBAT,
            chits=[(0, MID, 6), (0, HOME0, 1)],
            natives=[(MID, 2)],
            terrain={MID: MEADOW},
            faces=(6, 1),
        )
    )
    assert not s.natives and s.money[0] == 2000 + 200
    destroyed = fact(s, E.NATIVE_DESTROYED)
    assert (destroyed.seats, destroyed["native"], destroyed["cents"]) == ((0, 2), 100, 200)
    s = combat(
        position(
            COMBAT,
            chits=[(0, MID, 6), (0, HOME0, 1)],
            natives=[(MID, 2)],
            terrain={MID: MEADOW},
            faces=(6, 1),
            rules=Rules(native_loot=False),
        )
    )
    assert s.money[0] == 2000 and fact(s, E.NATIVE_DESTROYED)["cents"] == 0


def test_OC_Q51_the_administrator_does_not_fight():
    s = position(
        COMBAT,
        chits=[(1, MID, 2), (0, HOME0, 1), (1, HOME1, 1)],
        admins=[MID, HOME1],
        terrain={MID: MEADOW},
    )
    w = work(s)
    R.start_combat(w)
    assert not w.battles


# --- capture and victory (OC-H8, OC-14) ----------------------------------------------------------


def test_OC_H8_and_OC_Q71_a_lone_administrator_among_enemies_is_captured():
    s = position(
        COMBAT,
        chits=[(1, MID, 2), (0, HOME0, 1), (1, HOME1, 1)],
        admins=[MID, HOME1],
        terrain={MID: MEADOW},
        players=2,
    )
    w = work(s)
    R.start_combat(w)
    R.run_battles(w)
    assert w.phase == OVER and w.result == (1,)
    taken = fact(w, E.ADMIN_CAPTURED)
    assert taken.seats == (0, 1) and hexes(taken)[0] == MID  # then where its pieces fall
    assert (taken["by"], taken["natives"], taken["armies"]) == ((1,), False, 1)
    over = fact(w, E.GAME_OVER)
    assert (over["why"], over["winners"], over.seats) == (LAST_STANDING, (1,), (1,))


def test_OC_Q90_an_enemy_castle_alone_does_not_capture():
    s = position(
        COMBAT,
        chits=[(0, HOME0, 1), (1, HOME1, 1)],
        castles=[(1, MID, 1)],
        admins=[MID, HOME1],
        terrain={MID: DESERT},
    )
    w = work(s)
    R.start_combat(w)
    R.run_battles(w)
    assert w.admins[0] == MID


def test_OC_Q72_an_eliminated_player_loses_everything_and_OC_14_1_the_last_one_wins():
    s = position(
        COMBAT,
        players=3,
        chits=[(1, MID, 2), (0, HOME0, 1), (1, HOME1, 1), (2, hx(4, -4), 1)],
        castles=[(0, HOME0, 1)],
        admins=[MID, HOME1, hx(4, -4)],
        terrain={MID: MEADOW},
    )
    w = work(s)
    R.start_combat(w)
    R.run_battles(w)
    assert w.admins[0] is None and not any(c.owner == 0 for c in w.chits)
    assert not any(c.owner == 0 for c in w.castles) and w.phase != OVER
    taken = fact(w, E.ADMIN_CAPTURED)
    assert (taken["armies"], taken["castles"]) == (1, 1) and not facts(w, E.GAME_OVER)


def test_OC_H8_the_turn_limit_and_the_score():
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 6), (1, HOME1, 1)],
        castles=[(0, HOME0, 2)],
        terrain={HOME0: DESERT, HOME1: DESERT},
        money=[1050, 2000],
        turn=60,
    )
    w = work(s)
    R.resolve_orders(w)
    assert w.phase == OVER
    assert R.score(w, 0) == 10 + 6 + 20 + 1 and w.result == (0,)
    over = fact(w, E.GAME_OVER)
    assert (over["why"], over["turn"], over["winners"]) == (TURN_LIMIT, 60, (0,))
    assert over["scores"] == (R.score(w, 0), R.score(w, 1))


def test_OC_Q70_score_only_ignores_the_last_administrator():
    s = position(
        COMBAT,
        chits=[(1, MID, 2), (0, HOME0, 1), (1, HOME1, 1)],
        admins=[MID, HOME1],
        terrain={MID: MEADOW},
        rules=Rules(victory_mode="score_only"),
    )
    w = work(s)
    R.start_combat(w)
    R.run_battles(w)
    assert w.phase == TERRAIN


def test_OC_Q91_no_administrator_left_no_winner():
    s = position(
        COMBAT,
        chits=[(1, MID, 2), (0, HOME1, 2)],
        admins=[MID, HOME1],
        terrain={MID: MEADOW, HOME1: DESERT},
    )
    w = work(s)
    R.start_combat(w)
    R.run_battles(w)
    assert w.phase == OVER and w.result == ()
    over = fact(w, E.GAME_OVER)
    assert (over["why"], over["winners"], over.seats) == (NONE_LEFT, (), ())
    # both fall at once, each to the other's armies
    taken = [(e.seats, e["by"], e["natives"]) for e in facts(w, E.ADMIN_CAPTURED)]
    assert taken == [((0, 1), (1,), False), ((1, 0), (0,), False)]


# --- phase 8: terrain (OC-10, OC-H7) -------------------------------------------------------------


def terrain_position(here, **kw):
    terrain = {HOME0: DESERT, hx(0, 3): here, hx(1, 3): RIVER}
    return position(TERRAIN, chits=[(0, HOME0, 2), (0, hx(0, 3), 1)], terrain=terrain, **kw)


def test_OC_10_1_and_OC_H7_irrigation_next_to_a_river():
    """OC-Q56 the house changes, OC-Q57 one phase three actions, OC-Q58 by an army there."""
    s = play(terrain_position(DESERT), ("terrain", hx(0, 3), "irrigate"))
    assert s.terrain[hx(0, 3)] == MEADOW and s.money[0] == 1600
    changed = fact(s, E.TERRAIN_CHANGED)
    assert (changed["action"], changed["before"], changed["after"]) == ("irrigate", DESERT, MEADOW)
    assert (changed["cents"], changed["order"], hexes(changed)) == (-400, False, (hx(0, 3),))
    dry = position(
        TERRAIN, chits=[(0, HOME0, 2), (0, hx(0, 3), 1)], terrain={HOME0: DESERT, hx(0, 3): DESERT}
    )
    assert not any(a[2] == "irrigate" for a in GAME.legal_actions(dry) if a[0] == "terrain")


def test_OC_H7_foliate_and_defoliate():
    options = {a[2] for a in GAME.legal_actions(terrain_position(MEADOW)) if a[0] == "terrain"}
    assert options == {"irrigate", "foliate", "defoliate"}
    s = play(terrain_position(WOODS), ("terrain", hx(0, 3), "defoliate"))
    assert s.terrain[hx(0, 3)] == MEADOW and s.money[0] == 1800


def test_OC_10_2_and_OC_Q31_one_change_a_hex_a_turn():
    s = play(terrain_position(DESERT), ("terrain", hx(0, 3), "irrigate"))
    assert not any(a[0] == "terrain" and a[1] == hx(0, 3) for a in GAME.legal_actions(s))


def test_OC_10_3_a_changed_hex_is_not_controlled():
    s = play(terrain_position(DESERT), ("terrain", hx(0, 3), "irrigate"))
    assert not R.controlled(s, 0, hx(0, 3))


def test_OC_H7_rivers_mountains_and_castles_never_change():
    for here in (RIVER, MOUNTAIN):
        legal = GAME.legal_actions(terrain_position(here))
        assert not any(a[0] == "terrain" and a[1] == hx(0, 3) for a in legal)
    s = position(
        TERRAIN,
        chits=[(0, HOME0, 2)],
        castles=[(0, HOME0, 1)],
        terrain={HOME0: DESERT, hx(1, 3): RIVER},
    )
    assert not any(a[0] == "terrain" for a in GAME.legal_actions(s))


def test_OC_Q32_remote_hexes_need_orders():
    terrain = {HOME0: DESERT, hx(0, 1): DESERT, hx(1, 0): RIVER}
    s = position(TERRAIN, chits=[(0, HOME0, 2), (0, hx(0, 1), 1)], terrain=terrain)
    assert not any(a[0] == "terrain" for a in GAME.legal_actions(s))
    free = replace(s, rules=Rules(remote_actions_need_orders=False))
    assert ("terrain", hx(0, 1), "irrigate") in GAME.legal_actions(free)


# --- phase 9: training (OC-11, OC-T4) ------------------------------------------------------------


def train_position(castle=3, chits=((0, HOME0, 1),), **kw):
    return position(
        TRAIN, chits=list(chits), castles=[(0, HOME0, castle)], terrain={HOME0: DESERT}, **kw
    )


def test_OC_T4_and_OC_11_2_training_costs():
    assert [recruit_cost(n) for n in range(1, 7)] == [200, 300, 400, 500, 600, 600]


def test_OC_11_1_a_castle_trains_up_to_one_more_than_its_points():
    sizes = {a[2] for a in GAME.legal_actions(train_position(castle=3)) if a[0] == "recruit"}
    assert sizes == {1, 2, 3, 4}


def test_OC_11_2_the_sixth_point_is_free_only_for_a_new_army():
    s = play(train_position(castle=5), ("recruit", HOME0, 5))
    assert s.money[0] == 2000 - 600
    new = max(c.id for c in s.chits)
    raised = fact(s, E.ARMY_RAISED)
    assert (raised["chit"], raised["points"], raised["cents"]) == (new, 5, -600)
    assert hexes(raised) == (HOME0,)
    s = play(s, ("drill", new))
    assert s.money[0] == 1400  # the free 6th
    trained = fact(s, E.ARMY_TRAINED)
    assert (trained["chit"], trained["before"], trained["after"]) == (new, 5, 6)
    assert trained["cents"] == 0
    old = train_position(castle=5, chits=[(0, HOME0, 5)])
    assert play(old, ("drill", 0)).money[0] == 1900


def test_OC_11_3_and_OC_Q61_retraining_a_point_at_a_time():
    s = train_position(castle=4, chits=[(0, HOME0, 2)])
    s = play(s, ("drill", 0), ("drill", 0))
    assert chit_points(s, 0, HOME0) == [4] and s.money[0] == 1800


def test_OC_1_4_and_OC_11_4_no_chit_above_6_and_combine_or_split():
    """OC-Q63: combine and split are always allowed in the train phase."""
    s = train_position(castle=5, chits=[(0, HOME0, 4), (0, HOME0, 3), (0, HOME0, 2)])
    legal = GAME.legal_actions(s)
    assert ("combine", 0, 2) in legal and ("combine", 0, 1) not in legal  # 4+3 > 6
    s = play(s, ("split", 0, 1))
    assert chit_points(s, 0, HOME0) == [1, 2, 3, 3]
    split = fact(s, E.ARMY_SPLIT)
    assert (split["chit"], split["before"], split["points"]) == (0, 4, (3, 1))
    assert split["new"] == max(c.id for c in s.chits)
    s = play(s, ("combine", 1, 2))
    assert chit_points(s, 0, HOME0) == [1, 3, 5]
    combined = fact(s, E.ARMIES_COMBINED)
    assert (combined["chits"], combined["points"], combined["after"]) == ((1, 2), (3, 2), 5)


def test_OC_11_5_six_sixes_cost_36_either_way():
    s = train_position(castle=5, chits=[], money=[10000, 0])
    for _ in range(6):
        s = play(s, ("recruit", HOME0, 6))
    assert s.money[0] == 10000 - 3600


def test_OC_Q89_no_split_or_combine_after_training_this_phase():
    s = play(train_position(castle=3, chits=[(0, HOME0, 2), (0, HOME0, 1)]), ("drill", 0))
    legal = GAME.legal_actions(s)
    assert not any(a[0] in ("split", "combine") and 0 in a[1:] for a in legal)


def test_OC_Q59_no_training_at_a_contested_castle():
    s = train_position(chits=[(0, HOME0, 1), (1, HOME0, 1)])
    assert not any(a[0] in ("recruit", "drill") for a in GAME.legal_actions(s))


# --- phase 10: castles (OC-12) -------------------------------------------------------------------


SITE = hx(0, 0)


def site_terrain(**extra):
    base = {HOME0: DESERT, SITE: DESERT, hx(1, 0): RIVER, hx(0, -2): WOODS}
    base.update(extra)
    return base


def develop_position(terrain, chits=((0, SITE, 6),), **kw):
    return position(DEVELOP, chits=list(chits), terrain=terrain, admins=[SITE, HOME1], **kw)


def test_OC_12_2_and_OC_Q64_proper_castle_sites():
    assert R.castle_site(develop_position(site_terrain()), SITE)


@pytest.mark.parametrize(
    ("why", "terrain"),
    [
        ("not a desert", {SITE: MEADOW, hx(1, 0): RIVER, hx(0, -2): WOODS}),
        ("the river is two hexes off", {SITE: DESERT, hx(2, 0): RIVER, hx(0, -2): WOODS}),
        ("the woods are three hexes off", {SITE: DESERT, hx(1, 0): RIVER, hx(0, -3): WOODS}),
        ("no woods found yet", {SITE: DESERT, hx(1, 0): RIVER}),
    ],
)
def test_OC_12_2_improper_castle_sites(why, terrain):
    assert not R.castle_site(develop_position(terrain), SITE), why


def test_OC_12_3_ten_dollars_a_point_a_six_point_army_one_point_a_phase():
    s = develop_position(site_terrain())
    assert ("develop", SITE) in GAME.legal_actions(s)
    w = work(s)
    R.develop(w, 0, SITE)
    s = w.freeze()
    assert R.castle_at(s, SITE).points == 1 and s.money[0] == 1000
    founded = fact(s, E.CASTLE_FOUNDED)
    assert (founded.seats, hexes(founded), founded["cents"]) == ((0,), (SITE,), -1000)
    assert not R.can_develop(s, 0, SITE, need_command=True)  # one point a turn
    weak = develop_position(site_terrain(), chits=[(0, SITE, 5)])
    assert ("develop", SITE) not in GAME.legal_actions(weak)


def test_OC_12_3_at_most_five_points():
    """OC-12.1: castles train armies and defend (see OC-9.3 and OC-11.1)."""
    s = position(DEVELOP, chits=[(0, HOME0, 6)], castles=[(0, HOME0, 5)], terrain={HOME0: DESERT})
    assert ("develop", HOME0) not in GAME.legal_actions(s)


def test_OC_Q65_the_start_castle_ignores_the_site_rule():
    s = position(DEVELOP, chits=[(0, HOME0, 6)], castles=[(0, HOME0, 1)], terrain={HOME0: DESERT})
    assert ("develop", HOME0) in GAME.legal_actions(s)
    built = fact(play(s, ("develop", HOME0)), E.CASTLE_BUILT)
    assert (built["before"], built["after"], built["cents"], built["order"]) == (1, 2, -1000, False)


def test_OC_Q66_single_chit_option():
    two = develop_position(site_terrain(), chits=[(0, SITE, 3), (0, SITE, 3)])
    assert ("develop", SITE) in GAME.legal_actions(two)
    single = replace(two, rules=Rules(develop_requirement="single_chit"))
    assert ("develop", SITE) not in GAME.legal_actions(single)


def test_OC_Q67_per_player_option():
    s = position(
        DEVELOP,
        chits=[(0, HOME0, 6), (0, hx(0, 3), 6)],
        castles=[(0, HOME0, 1), (0, hx(0, 3), 1)],
        terrain={HOME0: DESERT, hx(0, 3): DESERT},
        rules=Rules(develop_limit="per_player"),
    )
    s = play(s, ("develop", HOME0))
    assert not any(a[0] == "develop" for a in GAME.legal_actions(s))


def test_OC_Q68_and_OC_Q86_no_building_among_enemies_but_a_changed_hex_may_be_built():
    enemy = develop_position(site_terrain(), chits=[(0, SITE, 6), (1, SITE, 1)])
    assert ("develop", SITE) not in GAME.legal_actions(enemy)
    changed = develop_position(site_terrain(), changing=(SITE,))
    assert ("develop", SITE) in GAME.legal_actions(changed)


def test_OC_Q69_castles_are_unlimited():
    s = position(
        DEVELOP,
        chits=[(0, SITE, 6)],
        castles=[(0, HOME0, 1)],
        terrain=site_terrain(),
        admins=[SITE, HOME1],
    )
    assert ("develop", SITE) in GAME.legal_actions(s)


def test_OC_13_2_develop_and_terrain_orders_execute():
    s = position(
        RESOLVE,
        chits=[(0, SITE, 6)],
        terrain=site_terrain(),
        orders=(Order(0, 3, SITE, "develop", 0),),
        turn=4,
        admins=[HOME0, HOME1],
    )
    w = work(s)
    R.resolve_orders(w)
    assert R.castle_at(w.freeze(), SITE).points == 1
    assert fact(w, E.CASTLE_FOUNDED)["order"] is True  # no "carried out" line of its own


# --- the whole game ------------------------------------------------------------------------------


def test_OC_2_1_and_OC_Q2_eleven_phases_in_order():
    from core.conquer.state import PHASE_NAMES

    assert [PHASE_NAMES[i] for i in range(1, 12)][:3] == [
        "Compute income",
        "Initiative",
        "Move armies / explore",
    ]


def test_OC_Q73_turns_are_counted():
    assert GAME.new({}, 2, 1).turn == 1


def test_OC_Q80_nothing_is_hidden_but_the_dice_seed():
    s = GAME.new({}, 2, 3)
    v = GAME.observe(s, 0)
    assert v.state == replace(s, dice=None) and GAME.observe(s, 1).state == v.state


def test_illegal_actions_are_refused_with_a_reason():
    s = position(ORDERS, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT})
    with pytest.raises(IllegalAction, match="Administrator"):
        GAME.apply(s, ("admin", 0))


def test_a_chit_is_a_value_with_an_owner_hex_and_points():
    assert Chit(1, 0, 5, 3).points == 3


# --- rulings of the questions and answers (OC-Q) and their options --------------------------------


def test_OC_Q93_seats_roll_for_the_remaining_corners_and_OC_Q94_the_last_takes_the_last():
    """OC-R1 (the set-up's dice). Four players, corners N, NE, S, SW (OC-H2 order). Seat 1
    rolls 5 (rerolled: only four corners) then 3: S. Seat 2 rolls 1: N. Seat 3 rolls 4, 3 (both
    above the two left) then 2: SW. Seat 4 takes NE without a roll."""
    from core.dice import LoadedDice

    events, corners, dice = R.assign_corners(LoadedDice((5, 3, 1, 4, 3, 2)), 4)
    assert corners == [3, 0, 4, 1]
    rolls = [(e.kind, e.seats, e.dice, e["remaining"], e["corner"]) for e in events if e.dice]
    assert rolls == [
        (E.CORNER_DIE, (0,), (5,), 4, None),
        (E.CORNER_DIE, (0,), (3,), 4, 3),
        (E.CORNER_DIE, (1,), (1,), 3, 0),
        (E.CORNER_DIE, (2,), (4,), 2, None),
        (E.CORNER_DIE, (2,), (3,), 2, None),
        (E.CORNER_DIE, (2,), (2,), 2, 4),
    ]
    last = events[-1]
    assert (last.kind, last.seats, last["corner"], last.dice) == (E.CORNER_TAKEN, (3,), 1, ())
    b = board(DEFAULT_RADIUS[4])
    assert hexes(last) == (b.corner(1),) and hexes(events[1]) == (b.corner(3),)
    assert dice.faces == ()  # every die accounted for


def test_OC_Q93_every_game_opens_with_its_corner_dice_in_the_log():
    for players in range(2, 7):
        s = GAME.new({}, players, 11)
        b = board(s.radius)
        assert sorted(b.corner(k) for k in CORNERS[players]) == sorted(s.admins)
        corner_dice = facts(s, E.CORNER_DIE)
        assert len({e.seats for e in corner_dice}) == players - 1
        assert fact(s, E.CORNER_TAKEN).seats == (players - 1,)


def test_OC_Q88_a_terrain_order_checks_the_terrain_it_was_sent_to_change():
    """Two defoliations sent to one Woods hex on consecutive turns: the first makes Meadow; the
    second, sent for Woods -> Meadow, is skipped instead of making Desert."""
    far = hx(0, 0)
    s = position(
        ORDERS,
        chits=[(0, HOME0, 2), (0, far, 3)],
        terrain={HOME0: DESERT, far: WOODS},
        turn=3,
    )
    s = play(s, ("order", far, "terrain", "defoliate"))
    (first,) = s.orders
    assert first.arg == ("defoliate", WOODS, MEADOW)
    second = replace(first, turn=4)  # sent the next turn, while the hex was still Woods
    s = position(
        RESOLVE,
        chits=[(0, HOME0, 2), (0, far, 3)],
        terrain={HOME0: DESERT, far: WOODS},
        orders=(first, second),
        turn=4,
    )
    w = work(s)
    R.resolve_orders(w)
    assert w.terrain[far] == MEADOW
    w = work(replace(w.freeze(), turn=5, changed_turn=(), phase=RESOLVE))
    R.resolve_orders(w)
    assert w.terrain[far] == MEADOW  # not Desert
    skipped = fact(w, E.ORDER_SKIPPED)
    assert (skipped["reason"], skipped["now"]) == (TERRAIN_DIFFERS, MEADOW)
    assert skipped["arg"] == ("defoliate", WOODS, MEADOW)
    assert not facts(w, E.TERRAIN_CHANGED)


def test_OC_Q92_the_turn_limit_score_counts_live_players_only():
    """Administrator 1 was captured with $90 in the bank; Administrator 2 scores less but lives."""
    s = position(
        RESOLVE,
        chits=[(1, HOME1, 1)],
        terrain={HOME0: DESERT, HOME1: DESERT},
        admins=[None, HOME1],
        money=[9000, 500],
        turn=60,
    )
    w = work(s)
    R.resolve_orders(w)
    assert w.phase == OVER and R.score(w, 0) > R.score(w, 1)
    assert w.result == (1,)
    w = work(replace(s, rules=Rules(victory_mode="score_only")))
    R.resolve_orders(w)
    assert w.result == (0,)  # score_only: everyone competes


def test_OC_Q42_the_third_die_of_2d6_is_in_the_log():
    s = search(spelunk_position(faces=(6, 3, 4, 5, 2), rules=Rules(two_to_twelve="2d6")))
    dungeon = fact(s, E.DUNGEON_DIE)
    assert dungeon.dice == (4, 5, 2) and dungeon["strength"] == 7
    mine = position(
        SPELUNK,
        chits=[(0, hx(0, 3), 4)],
        terrain={hx(0, 3): MOUNTAIN},
        caves=((hx(0, 3), "mine", 1),),
        faces=(6, 4, 3),
        rules=Rules(two_to_twelve="2d6"),
    )
    w = work(mine)
    R.mine(w, 0, hx(0, 3))
    (event,) = [e for e in w.log if e.dice]
    assert event.dice == (6, 4, 3) and w.money[0] == 2000 + 700
    assert event.kind is E.MINING_DIE and event["cents"] == 700


def test_OC_Q10_and_OC_Q96_disband_pays_a_debt_in_army_points():
    """$2.25 in debt after income: 3 army points, chosen by the player as casualties (OC-D5);
    the treasury is $0."""
    s = position(
        INCOME,
        chits=[(0, HOME0, 2), (0, hx(0, 3), 4), (1, HOME1, 1)],
        terrain={HOME0: DESERT, hx(0, 3): MEADOW, HOME1: DESERT},
        money=[-175, 2000],
        rules=Rules(bankruptcy="disband"),
        faces=(6, 1),
    )
    w = work(s)
    R.run(w)  # income: -50c upkeep for two hexes -> -$2.25
    assert w.money[0] == 0 and w.casualties is not None
    assert (w.casualties.chooser, w.casualties.points) == (0, 3)
    debt = fact(w, E.DEBT_DISBANDED)
    assert (debt.seats, debt["debt"], debt["points"], debt["cents"]) == ((0,), 225, 3, 225)
    s = w.freeze()
    assert GAME.to_move(s) == 0
    assert {a[2] for a in GAME.legal_actions(s)} == {c.id for c in s.chits if c.owner == 0}
    two = next(c.id for c in s.chits if c.owner == 0 and c.points == 2)
    s = play(s, ("hit", "chit", two))
    assert fact(s, E.ARMY_REDUCED)["cause"] == DEBT_LOSS
    s = play(s, ("hit", "chit", two))
    assert fact(s, E.ARMY_LOST)["cause"] == DEBT_LOSS
    s = play(s, GAME.legal_actions(s)[0])
    assert sorted(c.points for c in s.chits if c.owner == 0) == [3]
    assert s.phase != INCOME and s.money[0] >= 0
    freeze = position(INCOME, chits=[(0, HOME0, 2)], terrain={HOME0: DESERT}, money=[-175, 0])
    w = work(freeze)
    R.run(w)
    assert w.money[0] < 0 and w.casualties is None  # freeze: the debt stays, the army too


def test_OC_Q22_natives_on_discovery_chance_is_the_number_of_faces():
    for chance, face, natives in ((1, 5, False), (2, 5, True), (3, 4, True), (3, 3, False)):
        s = position(
            MOVE,
            chits=[(0, hx(0, 3), 4)],  # the explorers, already in the new hex
            terrain={HOME0: DESERT},
            rules=Rules(natives_on_discovery_chance=chance),
            faces=(6, face, 3),  # Meadow; the natives die; an equal-strength native
        )
        w = work(s)
        R.explore(w, 0, hx(0, 3), from_order=False)
        assert bool(w.natives) is natives, (chance, face)


@pytest.mark.parametrize(
    ("table", "face", "kind"),
    [("1/2-4/5-6", 2, "dungeon"), ("1-2/3-4/5-6", 2, "mine"), ("1/2-3/4-6", 4, "lair"),
     ("1-2/3-5/6", 5, "dungeon")],
)  # fmt: skip
def test_OC_Q40_the_cave_table_option(table, face, kind):
    s = search(spelunk_position(faces=(6, face, 1, 1, 1), rules=Rules(cave_table=table)))
    contents = fact(s, E.CAVE_DIE)
    assert (contents["cave"], contents["table"], contents.dice) == (kind, table, (face,))


def test_OC_Q60_at_most_so_many_new_chits_a_castle_a_phase():
    s = position(
        TRAIN,
        chits=[(0, HOME0, 1)],
        castles=[(0, HOME0, 2)],
        terrain={HOME0: DESERT},
        rules=Rules(max_new_chits_per_castle=2),
    )
    s = play(s, ("recruit", HOME0, 1), ("recruit", HOME0, 3))
    assert not any(a[0] == "recruit" for a in GAME.legal_actions(s))
    unlimited = play(replace(s, rules=Rules()), ("recruit", HOME0, 1))
    assert sum(c.fresh for c in unlimited.chits) == 3


def test_OC_Q63_combine_and_split_can_be_switched_off():
    s = position(TRAIN, chits=[(0, MID, 2), (0, MID, 3)], terrain={MID: MEADOW})
    verbs = {a[0] for a in GAME.legal_actions(s)}
    assert {"combine", "split"} <= verbs
    never = replace(s, rules=Rules(allow_combine_split="never"))
    assert not {"combine", "split"} & {a[0] for a in GAME.legal_actions(never)}
