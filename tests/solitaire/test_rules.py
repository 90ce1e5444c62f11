"""Vietnam Solitaire, rule by rule. Every test names the rule id (docs/rules/solitaire.md)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from core.engine import IllegalAction, OptionError
from core.solitaire import GAME, Rules
from core.solitaire import rules as R
from core.solitaire.board import (
    AIRCAV,
    ARVN,
    GRUNT,
    HIT_TABLE,
    NVA,
    REGIONS,
    TERRAIN,
    TRAIL_ARROW,
    TRAIL_B52_ONLY,
    TRAIL_NAMES,
    VC,
    historical_row,
    restriction_for,
    restriction_modifier,
    victory_level,
)
from core.solitaire.events import SolitaireEvent as K
from core.solitaire.state import (
    ADJUST_D3,
    BUILD,
    NAPALM,
    OVER,
    REDEPLOY,
    REGROUP,
    REMOVE_US_UNIT,
    RETREAT,
    SETUP_D2,
    TRAIL_ATTACK,
)
from tests.solitaire.helpers import at, board, counts, play, position, run_step, work

DONE = ("done",)


def new(**options):
    return GAME.new(options, 1, 1)


def die_events(state):
    return [e for e in state.events if e.dice]


def kinds(events) -> list:
    """The kinds of `events` (a state's, or a Work's log), in order."""
    return [e.kind for e in getattr(events, "events", events)]


def the(events, kind):
    """The one event of `kind` among `events` (a state's, or a Work's log)."""
    [found] = [e for e in getattr(events, "events", events) if e.kind is kind]
    return found


def values(e, *names) -> tuple:
    return tuple(e[name] for name in names)


# --- A1 components -------------------------------------------------------------------------------


def test_VS_A1_1_one_player():
    assert GAME.seats == range(1, 2)
    with pytest.raises(OptionError):
        GAME.new({}, 2, 1)


def test_VS_A1_2_and_VS_Q1_five_regions_of_four_areas():
    assert REGIONS == ("Hue", "Central Highlands", "Cu Chi", "Saigon", "Mekong")
    assert all(len(row) == 4 for row in TERRAIN)
    assert len(new().units) == 20


def test_VS_A1_3_six_trail_areas_with_hanoi_and_haiphong():
    assert len(TRAIL_NAMES) == 6 and TRAIL_NAMES[:2] == ("Hanoi", "Haiphong")


def test_VS_A1_4_and_VS_Q7_every_trail_area_feeds_a_region_hanoi_feeds_hue():
    assert TRAIL_ARROW[0] == 0
    assert set(TRAIL_ARROW) == set(range(5))


def test_VS_A1_5_and_VS_Q8_terrain_is_jungle_paddy_or_urban():
    assert {t for row in TERRAIN for t in row} == {"J", "P", "U"}
    assert TERRAIN[0][0] == "J"  # Hue 1-2, required by the worked example
    assert sorted(TERRAIN[1]) == ["J", "J", "J", "P"]  # Central Highlands: 3 jungle, 1 paddy
    assert sorted(TERRAIN[3]) == ["P", "U", "U", "U"]  # Saigon: 1 paddy, 3 urban


def test_VS_A1_6_and_VS_B5_3_enemy_units_are_unlimited():
    crowded = board(hue_12={"nva": 40, "vc": 40})
    s = position("B5", crowded, faces=(1,), trail=(1, 0, 0, 0, 0, 0))  # no VC roll: VS-Q35
    w = work(s)
    R.enemy_placement(w)
    assert w.units[at("hue", "1-2")][NVA] == 41


def test_VS_A1_7_and_VS_Q25_napalm_attacks_are_unlimited_and_may_repeat():
    s = position(NAPALM, board(hue_12={"nva": 1}, mekong_6={"vc": 1}), faces=(5, 6, 5, 6))
    for _ in range(4):  # four misses on the same NVA: still allowed
        s = play(s, ("napalm", at("hue", "1-2"), "nva"))
    assert ("napalm", at("hue", "1-2"), "nva") in GAME.legal_actions(s)
    assert s.pp == 5


def test_VS_A1_8_and_VS_B3_6_on_map_limits():
    s = position(BUILD, board(hue_34={"arvn": 10, "grunt": 4, "aircav": 2}))
    legal = GAME.legal_actions(s)
    assert not any(a[0] == "place" for a in legal)
    with pytest.raises(IllegalAction, match="all 10 ARVN"):
        GAME.apply(s, ("place", "arvn", 0))


def test_VS_A1_9_and_VS_A2_3_turn_and_pp_start_on_1():
    s = new()
    assert s.turn == 1 and s.pp == 1


def test_VS_A1_10_player_american_and_enemy_units():
    from core.solitaire.board import AMERICAN_UNITS, ENEMY_UNITS, PLAYER_UNITS

    assert PLAYER_UNITS == (ARVN, GRUNT, AIRCAV)
    assert AMERICAN_UNITS == (GRUNT, AIRCAV)
    assert ENEMY_UNITS == (VC, NVA)


# --- A2 setup ------------------------------------------------------------------------------------


def test_VS_A2_1_and_VS_Q2_a_vc_in_1_2_and_an_arvn_in_3_4_everywhere():
    s = new()
    for r in range(5):
        assert s.units[r * 4] == (1, 0, 0, 0, 0)
        assert s.units[r * 4 + 1] == (0, 0, 1, 0, 0)
        assert s.units[r * 4 + 2] == s.units[r * 4 + 3] == (0,) * 5
    assert kinds(s)[:3] == [K.SET_UP, K.TURN_BEGAN, K.TRAIL_GROWTH_ROLL]
    assert s.events[0]["shortened"] is False
    assert {("area", r * 4) for r in range(5)} <= set(s.events[0].places)


def test_VS_A2_2_trail_counters_in_hanoi_and_haiphong():
    s = new()
    assert {("trail", 0), ("trail", 1)} <= set(s.events[0].places)
    first_roll = die_events(s)[0]
    grown = {d - 1 for d in first_roll.dice}
    for t in range(6):
        expected = 1 if t in (0, 1) or t in grown else 0
        assert s.trail[t] == expected


def test_VS_A2_4_and_VS_Q50_no_restriction_on_turn_1():
    assert new().restriction == 0


def test_VS_A2_5_and_VS_Q62_the_stray_1_is_not_a_rule():
    assert new().pp == 1  # setup puts PP on 1, nothing more


# --- B0 the turn ---------------------------------------------------------------------------------


def test_VS_B0_1_and_VS_Q9_pp_is_reset_to_the_turn_each_turn():
    units = board(hue_34={"arvn": 1})
    s = position(R.TURN_START, units, faces=(1, 1), turn=4, pp=12, restriction=3)
    s = run_step(s)
    assert s.pp == 4
    began = the(s, K.TURN_BEGAN)
    assert values(began, "turn", "year", "pp_before", "pp_after", "restriction") == (
        4,
        1966,
        12,
        4,
        3,
    )
    assert began["historical"] is False


def test_VS_B0_2_steps_come_in_order_b1_to_b9():
    s = new()
    order = []
    import random

    rng = random.Random(3)
    while s.turn == 1 and not s.over:
        order.append(s.step)
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, DONE if DONE in legal else legal[rng.randrange(len(legal))])
    sequence = [x for i, x in enumerate(order) if i == 0 or order[i - 1] != x]
    ranks = {TRAIL_ATTACK: 2, BUILD: 3, REGROUP: 3, NAPALM: 4, RETREAT: 5, REDEPLOY: 8}
    seen = [ranks[x] for x in sequence if x in ranks and x != RETREAT]
    assert seen == sorted(seen)


def test_VS_B0_3_and_VS_Q12_the_turn_advances_after_b9():
    s = position(R.END_OF_TURN, board(hue_34={"arvn": 1}), faces=(1, 1, 1), turn=3, pp=5)
    s = run_step(s)
    assert s.turn == 4 and not s.over


# --- B1 trail growth -----------------------------------------------------------------------------


def test_VS_B1_1_and_VS_Q6_each_die_places_a_counter_in_its_area():
    s = position(R.TURN_START, board(hue_34={"arvn": 1}), faces=(3, 5), trail=(1, 1, 0, 0, 0, 0))
    s = run_step(s)
    assert s.trail == (1, 1, 1, 0, 1, 0)
    grown = the(s, K.TRAIL_GROWTH_ROLL)
    assert grown.dice == (3, 5) and grown.places == (("trail", 2), ("trail", 4))
    assert values(grown, "targets", "added", "counters") == ((2, 4), (True, True), (1, 1))


def test_VS_B1_1_an_occupied_area_and_doubles_add_nothing_more():
    s = position(R.TURN_START, board(), faces=(4, 4), trail=(1, 1, 0, 0, 0, 0))
    assert run_step(s).trail == (1, 1, 0, 1, 0, 0)
    s = position(R.TURN_START, board(), faces=(1, 2), trail=(1, 1, 0, 0, 0, 0))
    s = run_step(s)
    assert s.trail == (1, 1, 0, 0, 0, 0)
    assert the(s, K.TRAIL_GROWTH_ROLL)["added"] == (False, False)


def test_VS_Q6_sum_2d6_uses_the_house_ranges_and_places_one_counter():
    rules = Rules(trail_growth="sum_2d6")
    s = run_step(position(R.TURN_START, board(), faces=(3, 5), trail=(0,) * 6, rules=rules))
    assert s.trail == (0, 0, 0, 0, 1, 0)  # total 8: Fishhook
    grown = the(s, K.TRAIL_GROWTH_ROLL)
    assert values(grown, "mode", "targets", "counters") == ("sum_2d6", (4,), (1,))
    s = position(R.TURN_START, board(), faces=(6, 6), trail=(0,) * 6, rules=rules)
    assert run_step(s).trail == (0, 1, 0, 0, 0, 0)  # total 12: Haiphong


# --- B2 trail attacks ----------------------------------------------------------------------------


def trail_position(trail, faces=(), **kw):
    return position(TRAIL_ATTACK, board(hue_34={"arvn": 1}), faces=faces, trail=trail, **kw)


def test_VS_B2_1_only_areas_with_a_counter_may_be_attacked():
    s = trail_position((0, 0, 1, 0, 0, 0))
    targets = {a[1] for a in GAME.legal_actions(s) if a[0] in ("b52", "gb")}
    assert targets == {2}


def test_VS_B2_2_hanoi_and_haiphong_only_by_b52():
    s = trail_position((1, 1, 1, 0, 0, 0))
    legal = GAME.legal_actions(s)
    assert ("gb", 0) not in legal and ("gb", 1) not in legal
    assert ("b52", 0) in legal and ("gb", 2) in legal
    assert TRAIL_B52_ONLY == (True, True, False, False, False, False)


def test_VS_B2_3_and_VS_Q14_two_b52s_two_green_berets_each_once_same_area_twice():
    s = trail_position((1, 0, 1, 0, 0, 0), faces=(5, 6, 6, 6), strict=False)
    s = play(s, ("b52", 0), ("b52", 0))  # Hanoi attacked twice (both miss)
    assert not any(a[0] == "b52" for a in GAME.legal_actions(s))
    s = play(s, ("gb", 2), ("gb", 2))
    assert s.step != TRAIL_ATTACK  # all four used: the step ends by itself


def test_VS_B2_4_b52_costs_2_pp_and_removes_on_1_to_4():
    s = trail_position((1, 1, 0, 0, 0, 0), faces=(4,))
    after = play(s, ("b52", 0))
    assert after.trail[0] == 0 and after.pp == 3
    e = die_events(after)[0]
    assert e.kind is K.TRAIL_ATTACK_ROLL and e.dice == (4,) and e.places == (("trail", 0),)
    assert values(e, "weapon", "trail", "removed", "counters") == ("b52", 0, True, 0)
    assert values(e, "cost", "pp_before", "pp_after") == (2, 1, 3)
    miss = play(trail_position((1, 1, 0, 0, 0, 0), faces=(5,)), ("b52", 0))
    assert miss.trail[0] == 1 and miss.pp == 3


def test_VS_B2_5_green_beret_costs_1_pp_and_removes_on_1_or_2():
    s = trail_position((1, 0, 1, 0, 0, 0), faces=(2,))
    after = play(s, ("gb", 2))
    assert after.trail[2] == 0 and after.pp == 2
    raid = the(after, K.TRAIL_ATTACK_ROLL)
    assert values(raid, "weapon", "removed", "cost") == ("gb", True, 1)
    miss = play(trail_position((1, 0, 1, 0, 0, 0), faces=(3,)), ("gb", 2))
    assert miss.trail[2] == 1
    assert values(the(miss, K.TRAIL_ATTACK_ROLL), "removed", "counters") == (False, 1)


def test_VS_B2_6_restrictions_forbid_b52_or_green_berets():
    from core.solitaire.board import NO_AIR, NO_B52, NO_GREEN_BERET

    trail = (1, 0, 1, 0, 0, 0)
    assert not any(
        a[0] == "b52" for a in GAME.legal_actions(trail_position(trail, restriction=NO_B52))
    )
    assert not any(
        a[0] == "gb" for a in GAME.legal_actions(trail_position(trail, restriction=NO_GREEN_BERET))
    )
    blocked = trail_position(trail, restriction=NO_AIR)
    assert R.trail_attacks(blocked) == []


def test_VS_Q15_attacks_resolve_one_at_a_time_and_pay_whatever_the_result():
    s = trail_position((1, 1, 0, 0, 0, 0), faces=(6, 1))
    s = play(s, ("b52", 0))
    assert s.pp == 3 and s.trail[0] == 1  # missed, paid
    s = play(s, ("b52", 1))
    assert s.pp == 5 and s.trail[1] == 0


def test_VS_Q16_a_hit_removes_one_counter_of_several():
    s = trail_position((3, 0, 0, 0, 0, 0), faces=(1,), rules=Rules(opt_shortened=True))
    assert play(s, ("b52", 0)).trail[0] == 2


def test_VS_Q17_markers_are_shown_this_turn_only():
    s = trail_position((1, 1, 0, 0, 0, 0), faces=(6,))
    s = play(s, ("b52", 0))
    assert ("b52", 0) in s.markers
    later = run_step(replace(s, step=R.TURN_START, dice=position("x", faces=(1, 1)).dice))
    assert later.markers == ()


# --- B3 raise and move ---------------------------------------------------------------------------


def build_position(units=None, **kw):
    return position(
        BUILD, units if units is not None else board(hue_12={"vc": 1}, hue_34={"arvn": 1}), **kw
    )


def test_VS_B3_1_units_go_anywhere_even_onto_the_enemy_no_stacking_limit():
    s = build_position()
    assert ("place", "arvn", at("hue", "1-2")) in GAME.legal_actions(s)
    s = play(s, *[("place", "arvn", at("hue", "1-2"))] * 5)
    assert counts(s, "hue", "1-2") == {"vc": 1, "arvn": 5}


def test_VS_B3_2_placement_costs():
    s = build_position()
    assert play(s, ("place", "arvn", 5)).pp == 2
    assert play(s, ("place", "grunt", 5)).pp == 3
    after = play(s, ("place", "aircav", 5))
    assert after.pp == 4
    raised = the(after, K.UNIT_RAISED)
    assert values(raised, "unit", "place", "cost", "pp_before", "pp_after") == (
        "aircav",
        5,
        3,
        1,
        4,
    )


def test_VS_B3_3_and_VS_Q19_an_aircav_lets_arvn_and_grunts_of_its_region_regroup():
    units = board(hue_34={"arvn": 2}, hue_6={"grunt": 1}, saigon_34={"arvn": 1})
    s = play(build_position(units), ("place", "aircav", at("hue", "5")))
    assert s.step == REGROUP
    moves = [a for a in GAME.legal_actions(s) if a[0] == "regroup"]
    assert ("regroup", "arvn", at("hue", "3-4"), at("hue", "1-2")) in moves
    assert ("regroup", "grunt", at("hue", "6"), at("hue", "1-2")) in moves
    assert all(a[2] // 4 == 0 and a[3] // 4 == 0 for a in moves)  # Hue only
    pp = s.pp
    s = play(s, ("regroup", "arvn", at("hue", "3-4"), at("hue", "6")))
    assert s.pp == pp  # free
    [regrouped] = s.events
    assert regrouped.kind is K.UNIT_REGROUPED and regrouped.places == (("area", 1), ("area", 3))
    assert values(regrouped, "unit", "origin", "destination") == (
        "arvn",
        at("hue", "3-4"),
        at("hue", "6"),
    )
    s = play(s, DONE)
    assert s.step == BUILD


def test_VS_Q19_all_regions_option_regroups_everywhere():
    units = board(hue_34={"arvn": 1}, saigon_34={"arvn": 1})
    s = play(
        build_position(units, rules=Rules(aircav_regroup="all_regions")),
        ("place", "aircav", at("hue", "5")),
    )
    moves = [a for a in GAME.legal_actions(s) if a[0] == "regroup"]
    assert ("regroup", "arvn", at("saigon", "3-4"), at("saigon", "6")) in moves


def test_VS_Q65_regroup_may_move_into_enemy_areas():
    units = board(hue_12={"vc": 1}, hue_34={"arvn": 1})
    s = play(build_position(units), ("place", "aircav", at("hue", "6")))
    assert ("regroup", "arvn", at("hue", "3-4"), at("hue", "1-2")) in GAME.legal_actions(s)


def test_VS_B3_4_aircav_moves_anywhere_free():
    s = build_position(board(hue_34={"aircav": 1}))
    after = play(s, ("move", "aircav", at("hue", "3-4"), at("mekong", "6")))
    assert counts(after, "mekong", "6") == {"aircav": 1} and after.pp == 1
    assert values(the(after, K.UNIT_MOVED), "unit", "destination", "cost") == (
        "aircav",
        at("mekong", "6"),
        0,
    )


def test_VS_B3_5_grunt_moves_anywhere_for_1_pp():
    s = build_position(board(hue_34={"grunt": 1}))
    after = play(s, ("move", "grunt", at("hue", "3-4"), at("saigon", "5")))
    assert counts(after, "saigon", "5") == {"grunt": 1} and after.pp == 2
    moved = the(after, K.UNIT_MOVED)
    assert values(moved, "unit", "origin", "cost", "pp_before", "pp_after") == (
        "grunt",
        at("hue", "3-4"),
        1,
        1,
        2,
    )


def test_VS_Q20_each_grunt_and_aircav_moves_once_per_b3():
    s = build_position(board(hue_34={"grunt": 1, "aircav": 1}))
    s = play(s, ("move", "grunt", at("hue", "3-4"), at("saigon", "5")))
    assert not any(a[:3] == ("move", "grunt", at("saigon", "5")) for a in GAME.legal_actions(s))
    s = play(s, ("place", "grunt", at("saigon", "5")))  # a new Grunt may still move
    assert ("move", "grunt", at("saigon", "5"), 0) in GAME.legal_actions(s)


def test_VS_Q21_arvn_only_move_by_regroup_or_retreat():
    s = build_position()
    assert not any(a[0] == "move" and a[1] == "arvn" for a in GAME.legal_actions(s))


def test_VS_Q22_no_voluntary_disbanding():
    s = build_position()
    assert not any(a[0] in ("remove", "withdraw") for a in GAME.legal_actions(s))


def test_VS_Q23_limits_count_units_on_the_map_only():
    s = build_position(board(hue_34={"aircav": 2}))
    assert not any(a[:2] == ("place", "aircav") for a in GAME.legal_actions(s))
    s = replace(s, units=board(hue_34={"aircav": 1}))  # one was lost
    assert ("place", "aircav", 0) in GAME.legal_actions(s)


def test_VS_B3_7_and_VS_Q24_restriction_5_stops_american_raising_only():
    from core.solitaire.board import NO_US_RAISE

    s = build_position(board(hue_34={"grunt": 1}), restriction=NO_US_RAISE)
    legal = GAME.legal_actions(s)
    assert ("place", "arvn", 0) in legal
    assert not any(a[:2] in (("place", "grunt"), ("place", "aircav")) for a in legal)
    assert ("move", "grunt", at("hue", "3-4"), 0) in legal
    with pytest.raises(IllegalAction, match="no American units may be raised"):
        GAME.apply(s, ("place", "grunt", 0))


def test_VS_Q18_spending_past_14_is_allowed_and_ends_the_game_at_b9():
    s = build_position(pp=13)
    s = play(s, ("place", "aircav", 5))
    assert s.pp == 16 and not s.over


def test_VS_Q63_no_units_on_the_trail():
    assert all(a[2] < 20 for a in GAME.legal_actions(build_position()) if a[0] == "place")


# --- B4 napalm and ground combat -----------------------------------------------------------------


def test_VS_B4_1_napalm_comes_before_ground_combat():
    s = build_position(board(hue_12={"vc": 1}, hue_34={"arvn": 1}))
    s = play(s, DONE)
    assert s.step == NAPALM  # ground combat waits for napalm to finish


def test_VS_B4_2_napalm_costs_1_pp_and_destroys_on_1_to_4():
    units = board(hue_12={"vc": 1, "nva": 1}, mekong_6={"vc": 1})
    s = position(NAPALM, units, faces=(4,))
    after = play(s, ("napalm", at("hue", "1-2"), "nva"))
    assert counts(after, "hue", "1-2") == {"vc": 1} and after.pp == 2
    burnt = the(after, K.NAPALM_ROLL)
    assert values(burnt, "unit", "place", "destroyed", "cost") == ("nva", 0, True, 1)
    miss = play(position(NAPALM, units, faces=(5,)), ("napalm", at("hue", "1-2"), "nva"))
    assert counts(miss, "hue", "1-2") == {"vc": 1, "nva": 1}
    assert the(miss, K.NAPALM_ROLL)["destroyed"] is False


def ground(units, faces, **kw):
    """Start ground combat (B4) in every contested area; stop at the first decision."""
    w = work(position(R.COMBATS, units, faces=faces, **kw))
    R.start_combats(w, R.contested_places(w), "B5")
    R.run_combats(w)
    return w.freeze()


def test_VS_B4_3_and_VS_Q27_every_contested_area_fights_in_order():
    units = board(hue_6={"vc": 1, "aircav": 1}, saigon_5={"vc": 1, "aircav": 1})
    s = ground(units, faces=(6, 1, 6, 1))  # each VC misses, each AirCav hits
    fights = [e["place"] for e in s.events if e.kind is K.COMBAT_BEGAN]
    assert fights == [at("hue", "6"), at("saigon", "5")]
    assert s.events[0].kind is K.COMBAT_BEGAN  # then its round's dice
    places = [e["place"] for e in die_events(s)]
    assert places == [at("hue", "6")] * 2 + [at("saigon", "5")] * 2
    assert all(e.kind is K.COMBAT_ROLL for e in die_events(s))
    assert counts(s, "hue", "6") == {"aircav": 1} and counts(s, "saigon", "5") == {"aircav": 1}


@pytest.mark.parametrize(
    ("unit", "terrain", "need"),
    [
        ("vc", "J", 2),
        ("vc", "P", 1),
        ("vc", "U", 1),
        ("nva", "J", 2),
        ("nva", "U", 2),
        ("arvn", "J", 1),
        ("arvn", "P", 2),
        ("grunt", "U", 3),
        ("aircav", "J", 4),
    ],
)
def test_VS_B4_4_hit_table(unit, terrain, need):
    from core.solitaire.board import UNIT_BY_KEY

    assert HIT_TABLE[UNIT_BY_KEY[unit]][terrain] == need


def test_VS_B4_4_a_roll_equal_to_the_value_hits():
    # Saigon 3-4 is Urban: the Grunt hits on 1-3, the NVA on 1-2
    s = ground(board(saigon_34={"nva": 1, "grunt": 1}), faces=(3, 3))
    assert counts(s, "saigon", "3-4") == {"grunt": 1}


def test_VS_B4_5_casualty_order_vc_before_nva_arvn_before_grunt_before_aircav():
    units = board(hue_6={"vc": 1, "nva": 1, "arvn": 1, "grunt": 1, "aircav": 1})
    # Hue 6 is Urban. VC 1 hit, NVA 1 hit; ARVN 6, Grunt 1 hit, AirCav 6: 2 hits on us, 1 on them
    w = work(position(R.COMBATS, units, faces=(1, 1, 6, 1, 6)))
    R.combat_round(w, at("hue", "6"))
    assert counts(w.freeze(), "hue", "6") == {"nva": 1, "aircav": 1}
    result = the(w.log, K.COMBAT_ROUND)
    assert values(result, "hits_on_enemy", "hits_on_you", "enemy_lost", "your_lost") == (
        1,
        2,
        (1, 0),
        (1, 1, 0),
    )


def test_VS_B4_6_pp_for_losses_1_per_arvn_2_per_american():
    units = board(hue_6={"nva": 3, "arvn": 1, "grunt": 1, "aircav": 1})
    s = ground(units, faces=(1, 1, 1, 6, 6, 6), pp=3)
    assert counts(s, "hue", "6") == {"nva": 3} and s.pp == 3 + 1 + 2 + 2
    result = the(s, K.COMBAT_ROUND)
    assert values(result, "your_lost", "cost", "pp_before", "pp_after") == ((1, 1, 1), 5, 3, 8)


def test_VS_Q28_american_means_grunt_and_aircav():
    from core.solitaire.board import LOSS_PP

    assert LOSS_PP == {ARVN: 1, GRUNT: 2, AIRCAV: 2}


def test_VS_B4_7_combat_ends_when_one_side_is_gone():
    s = ground(board(hue_6={"vc": 1, "aircav": 1}), faces=(6, 2))
    assert counts(s, "hue", "6") == {"aircav": 1} and s.step == "B5"


def test_VS_Q26_extra_hits_are_lost_and_hits_are_simultaneous():
    # both sides wiped out at once: the NVA's hit still counts although it dies in the same round
    s = ground(board(hue_6={"nva": 1, "grunt": 1, "aircav": 1}), faces=(1, 1, 1), pp=2)
    assert counts(s, "hue", "6") == {"aircav": 1} and s.pp == 4


def test_VS_B4_8_and_VS_Q29_retreat_to_the_next_area_without_enemies():
    units = board(hue_34={"nva": 2, "aircav": 1}, hue_5={})
    s = ground(units, faces=(6, 6, 6))
    assert s.step == RETREAT
    assert GAME.legal_actions(s) == (("fight",), ("retreat", at("hue", "5")))


def test_VS_B4_8_no_retreat_into_enemies_fight_on_instead():
    units = board(hue_34={"nva": 1, "aircav": 1}, hue_5={"vc": 1})
    s = ground(units, faces=(6, 6, 6, 1))  # round 1 both miss: no retreat, round 2 AirCav hits
    assert counts(s, "hue", "3-4") == {"aircav": 1}


def test_VS_Q31_no_retreat_from_area_6():
    s = ground(board(hue_6={"nva": 1, "aircav": 1}), faces=(6, 6, 6, 2))
    assert s.step != RETREAT and counts(s, "hue", "6") == {"aircav": 1}


def test_VS_Q29_any_higher_retreat_option():
    units = board(hue_12={"nva": 1, "aircav": 1}, hue_5={"vc": 1})
    s = ground(units, faces=(6, 6, 6), rules=Rules(retreat="any_higher"))
    assert GAME.legal_actions(s) == (
        ("fight",),
        ("retreat", at("hue", "3-4")),
        ("retreat", at("hue", "6")),
    )


def test_VS_Q30_all_units_retreat_together():
    units = board(hue_34={"nva": 2, "arvn": 2, "aircav": 1})
    s = ground(units, faces=(6, 6, 6, 6, 6), strict=False)
    s = play(s, ("retreat", at("hue", "5")))
    assert counts(s, "hue", "5") == {"arvn": 2, "aircav": 1}
    assert counts(s, "hue", "3-4") == {"nva": 2}
    retreated = s.events[0]
    assert retreated.kind is K.FORCES_RETREATED  # not a loss: no COMBAT_ROUND, no PP
    assert values(retreated, "origin", "destination", "forces") == (
        at("hue", "3-4"),
        at("hue", "5"),
        (2, 0, 1),
    )


def test_VS_B4_9_and_VS_T1_the_hue_combat_example():
    """Seed L109-120: 2 ARVN and an AirCav against a VC and an NVA in Hue 1-2 (Jungle)."""
    units = board(hue_12={"vc": 1, "nva": 1, "arvn": 2, "aircav": 1})
    # Round 1: VC 5 (miss), NVA 2 (hit), ARVN 3 and 3 (miss), AirCav 3 (hit).
    s = ground(units, faces=(5, 2, 3, 3, 3, 1, 4, 6), pp=5)
    rolls = [values(e, "round", "unit", "need", "hit") + e.dice for e in die_events(s)]
    assert all(e.kind is K.COMBAT_ROLL and e["place"] == at("hue", "1-2") for e in die_events(s))
    assert rolls == [
        (1, "vc", 2, False, 5),
        (1, "nva", 2, True, 2),
        (1, "arvn", 1, False, 3),
        (1, "arvn", 1, False, 3),
        (1, "aircav", 4, True, 3),
    ]
    # The VC (removed before the NVA) and one ARVN are gone; PP +1.
    assert counts(s, "hue", "1-2") == {"nva": 1, "arvn": 1, "aircav": 1} and s.pp == 6
    assert s.step == RETREAT
    # The player fights on. Round 2: only the NVA scores (1); ARVN 4 and AirCav 6 miss.
    s = play(s, ("fight",))
    assert counts(s, "hue", "1-2") == {"nva": 1, "aircav": 1} and s.pp == 7
    # The player retreats: the only destination is Hue 3-4, which holds no enemy.
    assert GAME.legal_actions(s) == (("fight",), ("retreat", at("hue", "3-4")))
    w = work(s)
    R.retreat(w, at("hue", "3-4"))
    s = w.freeze()
    assert counts(s, "hue", "1-2") == {"nva": 1}
    assert counts(s, "hue", "3-4") == {"aircav": 1}


def test_VS_Q64_ground_combat_is_not_optional():
    s = position(NAPALM, board(hue_6={"vc": 1, "arvn": 1}), faces=(6, 6, 6, 1), strict=False)
    s = play(s, ("done",))
    assert any(e.kind is K.COMBAT_ROLL and e["place"] == at("hue", "6") for e in s.events)


# --- B5 / B6 enemy placement and insurgency ------------------------------------------------------


def test_VS_B5_1_vc_uprising_region_then_area():
    units = board(cuchi_34={"arvn": 1})
    w = work(position("B5", units, faces=(3, 5)))
    R.vc_uprising(w)
    assert w.units[at("cuchi", "5")][VC] == 1
    assert kinds(w.log) == [K.VC_REGION_ROLL, K.VC_AREA_ROLL]
    assert values(w.log[0], "region", "reroll") == (2, False)
    assert values(w.log[1], "region", "place") == (2, at("cuchi", "5"))
    assert w.log[1].places == (("area", at("cuchi", "5")),)


def test_VS_B5_1_and_VS_Q36_reroll_a_region_without_player_units():
    units = board(cuchi_34={"arvn": 1})
    w = work(position("B5", units, faces=(1, 2, 3, 1)))
    R.vc_uprising(w)
    assert w.units[at("cuchi", "1-2")][VC] == 1
    assert [e.dice for e in w.log] == [(1,), (2,), (3,), (1,)]
    assert [e["reroll"] for e in w.log if e.kind is K.VC_REGION_ROLL] == [True, True, False]


def test_VS_B5_1_and_VS_Q34_a_6_places_no_vc_this_turn():
    w = work(position("B5", board(hue_34={"arvn": 1}), faces=(6,)))
    R.vc_uprising(w)
    assert sum(u[VC] for u in w.units) == 0
    assert kinds(w.log) == [K.VC_REGION_ROLL] and w.log[0]["region"] is None


def test_VS_Q35_no_region_with_player_units_means_no_roll():
    w = work(position("B5", board(hue_12={"vc": 1}), faces=()))
    R.vc_uprising(w)
    assert w.dice.counter == 0
    assert kinds(w.log) == [K.VC_UPRISING_SKIPPED]


def test_VS_Q33_two_vc_uprisings_option():
    units = board(hue_34={"arvn": 1})
    w = work(position("B5", units, faces=(1, 5, 1, 6), rules=Rules(vc_per_turn=2)))
    R.enemy_placement(w)
    assert w.units[at("hue", "5")][VC] == 1 and w.units[at("hue", "6")][VC] == 1


def test_VS_B5_2_and_VS_Q37_nva_per_trail_counter_in_trail_order():
    # Hanoi -> Hue rolls 5: the seed's example. Then Tchepone -> Hue, Parrot's Beak -> Saigon.
    units = board(hue_34={"arvn": 1})
    w = work(position("B5", units, faces=(6, 5, 1, 4), trail=(1, 0, 1, 0, 0, 1)))
    R.enemy_placement(w)
    assert w.units[at("hue", "5")][NVA] == 1
    assert w.units[at("hue", "1-2")][NVA] == 1
    assert w.units[at("saigon", "3-4")][NVA] == 1
    assert kinds(w.log) == [K.VC_REGION_ROLL] + [K.NVA_AREA_ROLL] * 3  # the VC's 6: none
    arrivals = [values(e, "trail", "region", "place") for e in w.log[1:]]
    assert arrivals == [
        (0, 0, at("hue", "5")),
        (2, 0, at("hue", "1-2")),
        (5, 3, at("saigon", "3-4")),
    ]


def test_VS_B6_1_and_VS_Q39_new_units_fight_at_once_after_all_placements():
    units = board(hue_5={"arvn": 1}, saigon_6={"arvn": 1})
    # VC: region 1 (Hue), area 5; NVA from Parrot's Beak: area 6 of Saigon; then both fight
    w = work(position("B5", units, faces=(1, 5, 6, 6, 1, 6, 1), trail=(0, 0, 0, 0, 0, 1)))
    R.enemy_placement(w)
    assert w.combat_queue == (at("hue", "5"), at("saigon", "6"))
    insurgency = the(w.log, K.INSURGENCY)
    assert values(insurgency, "timing", "areas") == ("batch", (at("hue", "5"), at("saigon", "6")))
    R.run_combats(w)
    assert w.units[at("hue", "5")][VC] == 0 and w.units[at("saigon", "6")][NVA] == 0


def test_VS_Q40_insurgency_fights_allow_retreat():
    units = board(hue_34={"arvn": 1})
    w = work(position("B5", units, faces=(1, 3, 6, 6)))
    R.enemy_placement(w)
    R.run_combats(w)
    assert w.step == RETREAT


# --- B7 offensive --------------------------------------------------------------------------------


def test_VS_B7_1_the_region_die_picks_one_region_with_enemies():
    units = board(saigon_12={"vc": 1}, saigon_6={"arvn": 1}, hue_12={"vc": 1})
    w = work(position("B7", units, faces=(4,)))
    R.offensive(w)
    assert w.offensive_queue == (3,)
    assert kinds(w.log) == [K.OFFENSIVE_ROLL]
    assert values(w.log[0], "region", "regions") == (3, (3,))


def test_VS_B7_1_no_enemies_no_offensive():
    w = work(position("B7", board(saigon_6={"arvn": 1}), faces=(4,)))
    R.offensive(w)
    assert w.offensive_queue == ()
    assert values(the(w.log, K.OFFENSIVE_ROLL), "region", "regions") == (3, ())


def test_VS_B7_1_and_VS_Q44_a_6_is_an_offensive_in_every_region_with_enemies():
    units = board(hue_12={"vc": 1}, cuchi_5={"nva": 1}, mekong_6={"vc": 1})
    w = work(position("B7", units, faces=(6,)))
    R.offensive(w)
    assert w.offensive_queue == (0, 2, 4)
    assert values(the(w.log, K.OFFENSIVE_ROLL), "region", "regions") == (None, (0, 2, 4))


def test_VS_B7_2_and_VS_B7_3_enemies_advance_until_contact_6_wraps_to_1_2():
    units = board(hue_6={"vc": 1}, hue_34={"arvn": 1})
    w = work(position("B7", units, faces=(1, 1)))  # VC: 1 (hit), ARVN: 1 (hit)... in Paddy
    R.regional_offensive(w, 0)
    # 6 -> 1-2 (no contact) -> 3-4 (contact)
    assert w.combat_queue == (at("hue", "3-4"),)
    offensive = the(w.log, K.OFFENSIVE)
    assert values(offensive, "region", "steps", "contacts") == (0, 2, (at("hue", "3-4"),))
    assert w.units[at("hue", "3-4")][VC] == 1 and w.units[at("hue", "6")][VC] == 0


def test_VS_B7_4_and_VS_Q41_lockstep_and_two_simultaneous_contacts():
    units = board(hue_12={"vc": 1}, hue_5={"nva": 1}, hue_34={"arvn": 1}, hue_6={"arvn": 1})
    w = work(position("B7", units))
    R.regional_offensive(w, 0)
    assert w.combat_queue == (at("hue", "3-4"), at("hue", "6"))


def test_VS_Q42_no_player_units_one_step_or_none():
    units = board(hue_6={"vc": 1})
    w = work(position("B7", units))
    R.regional_offensive(w, 0)
    assert w.units[at("hue", "1-2")][VC] == 1
    assert values(the(w.log, K.OFFENSIVE), "steps", "contacts") == (1, ())
    w = work(position("B7", units, rules=Rules(offensive_no_contact="none")))
    R.regional_offensive(w, 0)
    assert w.units[at("hue", "6")][VC] == 1
    assert values(the(w.log, K.OFFENSIVE), "steps", "contacts") == (0, ())


def test_VS_Q43_one_combat_per_region_per_offensive():
    units = board(hue_12={"nva": 1}, hue_34={"arvn": 1})
    s = position("B7", units, faces=(1, 6, 6), strict=False)
    s = run_step(s)  # the offensive in Hue: round 1 both miss -> retreat choice
    assert s.step == RETREAT
    s = play(s, ("retreat", at("hue", "5")))
    assert counts(s, "hue", "3-4") == {"nva": 1}  # the NVA do not follow in this offensive
    assert counts(s, "hue", "5") == {"arvn": 1}


def test_VS_Q67_no_contact_before_an_offensive():
    w = work(position("B7", board(hue_12={"vc": 1, "arvn": 1})))
    with pytest.raises(AssertionError, match="VS-Q67"):
        R.regional_offensive(w, 0)


# --- B8 AirCav redeployment ----------------------------------------------------------------------


def test_VS_B8_1_and_VS_Q45_aircav_redeploy_to_enemy_free_areas():
    units = board(hue_34={"aircav": 1}, saigon_12={"vc": 1}, saigon_6={"arvn": 1})
    s = position(REDEPLOY, units)
    targets = {a[2] for a in GAME.legal_actions(s) if a[0] == "redeploy"}
    assert at("saigon", "1-2") not in targets and at("saigon", "5") in targets
    region_scope = replace(s, rules=Rules(aircav_redeploy_scope="region"))
    targets = {a[2] for a in GAME.legal_actions(region_scope) if a[0] == "redeploy"}
    assert not any(q // 4 == 3 for q in targets)


def test_VS_B8_1_each_aircav_once():
    s = position(REDEPLOY, board(hue_34={"aircav": 1}, mekong_6={"vc": 1}), strict=False)
    s = play(s, ("redeploy", at("hue", "3-4"), at("cuchi", "5")))
    assert s.step != REDEPLOY
    redeployed = s.events[0]
    assert redeployed.kind is K.UNIT_REDEPLOYED
    assert values(redeployed, "unit", "origin", "destination") == (
        "aircav",
        at("hue", "3-4"),
        at("cuchi", "5"),
    )


# --- B9 end of turn ------------------------------------------------------------------------------


def end_turn(units, pp, faces=(), turn=3, **kw):
    w = work(position(R.END_OF_TURN, units, faces=faces, pp=pp, turn=turn, **kw))
    R.end_of_turn(w)
    return w


def test_VS_B9_1_and_VS_Q47_region_pp_plus_2_enemy_only_minus_1_player_only():
    units = board(
        hue_12={"vc": 1},
        highlands_5={"nva": 1},
        cuchi_34={"arvn": 1},
        saigon_12={"vc": 1},
        saigon_6={"arvn": 1},
    )
    w = end_turn(units, pp=5, faces=(1,))
    assert w.pp == 5 + 2 + 2 - 1  # Hue and Highlands enemy-only, Cu Chi yours, Saigon mixed
    change = the(w.log, K.PP_CHANGED)
    assert values(change, "cause", "enemy_only", "yours_only", "pp_before", "pp_after") == (
        "regions",
        (0, 1),
        (2,),
        5,
        8,
    )


def test_VS_Q46_map_panel_signs():
    units = board(hue_12={"vc": 1}, cuchi_34={"arvn": 1})
    w = end_turn(units, pp=5, faces=(1,), rules=Rules(b9_region_pp="map_panel"))
    assert w.pp == 5 - 2 + 1


def test_VS_B9_2_and_VS_Q10_the_game_ends_at_14_checked_at_b9():
    w = end_turn(board(hue_12={"vc": 1}), pp=12)
    assert w.step == OVER and w.end_turn == 3 and w.pp == 14
    assert kinds(w.log) == [K.PP_CHANGED, K.WAR_OVER]
    assert values(w.log[1], "reason", "turn", "level", "pp") == ("pp_b9", 3, 0, 14)


def test_VS_Q10_immediate_pp_check_option():
    s = build_position(pp=12, rules=Rules(pp_check="immediate"))
    assert not play(s, ("place", "arvn", 5)).over
    over = play(s, ("place", "grunt", 5))
    assert over.over and over.end_turn == 1
    assert kinds(over) == [K.UNIT_RAISED, K.WAR_OVER]
    assert values(over.events[1], "reason", "cause", "pp") == ("pp_immediate", "purchase", 14)
    assert not play(build_position(pp=12), ("place", "grunt", 5)).over


def test_VS_B9_3_and_VS_Q51_modifier_from_the_pp_after_the_region_adjustment():
    assert [restriction_modifier(p) for p in (1, 5, 6, 7, 8, 9, 10, 11, 12, 13)] == [
        -2,
        -2,
        -1,
        -1,
        0,
        0,
        1,
        1,
        2,
        2,
    ]
    w = end_turn(board(hue_12={"vc": 1}, saigon_6={"arvn": 1}), pp=9, faces=(2,))
    assert w.pp == 10 and w.restriction == 3  # PP 9 + 2 - 1 = 10: +1, so 2 + 1 = 3
    roll = the(w.log, K.RESTRICTION_ROLL)
    assert roll.dice == (2,) and values(roll, "pp", "modifier", "total", "restriction") == (
        10,
        1,
        3,
        3,
    )


@pytest.mark.parametrize(
    ("modified", "effect"), [(-1, 1), (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (8, 6)]
)
def test_VS_B9_4_restriction_table(modified, effect):
    assert restriction_for(modified) == effect


def test_VS_B9_4_and_VS_Q49_a_6_removes_an_american_unit_of_the_players_choice():
    units = board(hue_34={"grunt": 1}, mekong_6={"aircav": 1})
    w = end_turn(units, pp=12, faces=(6,))
    assert w.step == REMOVE_US_UNIT
    s = w.freeze()
    assert set(GAME.legal_actions(s)) == {
        ("remove", "grunt", at("hue", "3-4")),
        ("remove", "aircav", at("mekong", "6")),
    }


def test_VS_Q49_no_american_units_nothing_to_remove():
    w = end_turn(board(hue_34={"arvn": 1}), pp=12, faces=(6,))
    assert w.step == R.TURN_START and w.turn == 4
    assert kinds(w.log) == [K.PP_CHANGED, K.RESTRICTION_ROLL, K.NOTHING_TO_WITHDRAW]


def test_VS_Q66_the_removal_costs_no_pp():
    w = end_turn(board(hue_34={"grunt": 1}, mekong_6={"arvn": 1}), pp=10, faces=(6,))
    s = w.freeze()
    s = replace(s, dice=position("x", faces=(1, 1)).dice)
    after = play(s, ("remove", "grunt", at("hue", "3-4")))
    assert after.turn == 4 and after.pp == 4  # the new turn starts with PP = turn
    withdrawn = after.events[0]  # a withdrawal: not a combat loss, no PP of its own
    assert withdrawn.kind is K.UNIT_WITHDRAWN and withdrawn.get("pp_after") is None
    assert values(withdrawn, "unit", "place", "cause") == ("grunt", at("hue", "3-4"), "b9")
    assert K.COMBAT_ROUND not in kinds(after) and K.FORCES_RETREATED not in kinds(after)


def test_VS_Q50_a_restriction_binds_the_next_turn_only():
    from core.solitaire.board import NO_B52

    s = trail_position((1, 1, 0, 0, 0, 0), restriction=NO_B52, turn=4)
    assert not any(a[0] == "b52" for a in GAME.legal_actions(s))
    w = end_turn(board(hue_34={"arvn": 1}), pp=4, faces=(1, 1, 1))
    assert w.restriction == 1  # the new roll replaces it


def test_VS_Q11_pp_may_drop_below_1():
    units = board(
        **{f"{r}_34": {"arvn": 1} for r in ("hue", "highlands", "cuchi", "saigon", "mekong")}
    )
    w = end_turn(units, pp=2, faces=(1,))
    assert w.pp == -3


# --- C victory -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("turn", "level"),
    [(1, 0), (6, 0), (7, 1), (8, 1), (9, 2), (10, 2), (11, 3), (12, 3), (13, 4), (19, 4)],
)
def test_VS_C_1_victory_levels(turn, level):
    assert victory_level(turn)[0] == level


def test_VS_C_1_and_VS_Q52_the_outcome_names_level_and_film():
    w = end_turn(board(hue_12={"vc": 1}), pp=13, turn=9)
    outcome = GAME.outcome(w.freeze())
    assert outcome.label == 'Draw: "Full Metal Jacket"'
    assert values(the(w.log, K.WAR_OVER), "turn", "level") == (9, 2)
    assert "turn 9 (1971)" in outcome.sentence


def test_VS_Q13_random_games_end_by_turn_19():
    import random

    for seed in range(30):
        s = GAME.new({}, 1, seed)
        rng = random.Random(seed)
        while not s.over:
            legal = GAME.legal_actions(s)
            s = GAME.apply(
                s,
                DONE if DONE in legal and rng.random() < 0.7 else legal[rng.randrange(len(legal))],
            )
        assert s.end_turn <= 19


# --- D optional rules ----------------------------------------------------------------------------


def test_VS_D1_1_and_VS_Q53_shortened_game_starts_with_no_trail_counters():
    s = GAME.new({"opt_shortened": True}, 1, 5)
    set_up = the(s, K.SET_UP)
    assert set_up["shortened"] is True and not [p for p in set_up.places if p[0] == "trail"]
    grown = die_events(s)[0].dice
    assert sum(s.trail) == 2  # only what B1 of turn 1 added
    assert s.trail[grown[0] - 1] >= 1


def test_VS_D1_2_counters_stack_and_doubles_add_two():
    rules = Rules(opt_shortened=True)
    s = position(R.TURN_START, board(), faces=(3, 3), trail=(0, 0, 1, 0, 0, 0), rules=rules)
    assert run_step(s).trail == (0, 0, 3, 0, 0, 0)


def test_VS_D1_3_one_nva_per_counter():
    rules = Rules(opt_shortened=True)
    w = work(
        position(
            "B5",
            board(hue_34={"arvn": 1}),
            faces=(6, 5, 6, 5),
            trail=(3, 0, 0, 0, 0, 0),
            rules=rules,
        )
    )
    R.enemy_placement(w)
    assert sum(u[NVA] for u in w.units) == 3


def test_VS_D2_1_two_free_grunts_at_the_start():
    s = GAME.new({"opt_allied": True}, 1, 4)
    assert s.step == SETUP_D2
    assert kinds(s) == [K.SET_UP, K.FREE_GRUNTS_OFFERED] and s.events[1]["grunts"] == 2
    s = play(s, ("free_grunt", at("hue", "3-4")))
    assert kinds(s) == [K.FREE_GRUNT_PLACED]
    assert values(s.events[0], "unit", "place", "left") == ("grunt", at("hue", "3-4"), 1)
    s = play(s, ("free_grunt", at("saigon", "6")))
    assert s.step != SETUP_D2 and s.pp == 1
    assert counts(s, "hue", "3-4").get("grunt") == 1


def test_VS_D2_2_and_VS_Q54_the_grunt_limit_becomes_8_or_6():
    units = board(hue_34={"grunt": 7})
    s = build_position(units, rules=Rules(opt_allied=True))
    assert ("place", "grunt", 0) in GAME.legal_actions(s)
    s = build_position(units, rules=Rules(opt_allied=True, d2_grunt_limit=6))
    assert ("place", "grunt", 0) not in GAME.legal_actions(s)


def test_VS_D2_and_VS_D3_cannot_be_combined():
    with pytest.raises(OptionError, match="cannot be combined"):
        GAME.new({"opt_allied": True, "opt_historical": True}, 1, 1)


def test_VS_D3_1_historical_game_has_no_political_points():
    s = GAME.new({"opt_historical": True}, 1, 2)
    s2 = play(replace(s, step=BUILD), ("place", "arvn", 0))
    assert s2.pp == s.pp == 0


def test_VS_D3_2_and_VS_H4_chart_limits_arvn_napalm_and_b52():
    rules = Rules(opt_historical=True)
    s = build_position(rules=rules, turn=1, pp=0)
    s = play(s, ("place", "arvn", 5), ("place", "arvn", 6))
    assert not any(a[0] == "place" for a in GAME.legal_actions(s))  # 2 ARVN in 1963
    assert not any(
        a[:2] in (("place", "grunt"), ("place", "aircav"))
        for a in GAME.legal_actions(build_position(rules=rules, turn=5, pp=0))
    )
    napalm = position(NAPALM, board(hue_12={"vc": 2}), faces=(6,), rules=rules, pp=0, strict=False)
    napalm = play(napalm, ("napalm", at("hue", "1-2"), "vc"))
    assert napalm.step != NAPALM  # 1963: one napalm attack only
    b52 = trail_position((1, 1, 0, 0, 0, 0), rules=rules, turn=1, pp=0)
    assert not any(a[0] == "b52" for a in GAME.legal_actions(b52))
    assert historical_row(1)[:3] == (2, 1, 0) and historical_row(4)[4] == (3, 1)


def test_VS_D3_3_american_units_match_the_chart_each_turn():
    rules = Rules(opt_historical=True)
    s = position(R.TURN_START, board(hue_34={"arvn": 1}), faces=(1, 1), turn=3, pp=0, rules=rules)
    s = run_step(s)
    assert s.step == ADJUST_D3
    began = the(s, K.TURN_BEGAN)
    assert began["historical"] is True and began.get("pp_after") is None
    chart = values(began, "arvn", "napalm", "b52", "green_berets", "grunts", "aircav")
    assert chart == (2, 2, 1, 2, 2, 1)  # VS-H4, 1965
    assert all(a[0] == "deploy" for a in GAME.legal_actions(s))
    s = play(s, ("deploy", "grunt", 5))
    assert kinds(s) == [K.UNIT_DEPLOYED] and values(s.events[0], "unit", "place") == ("grunt", 5)
    s = play(s, ("deploy", "grunt", 6), ("deploy", "aircav", 7))
    assert s.step == TRAIL_ATTACK or s.step == BUILD
    assert sum(u[GRUNT] for u in s.units) == 2 and sum(u[AIRCAV] for u in s.units) == 1


def test_VS_D3_3_surplus_american_units_are_withdrawn():
    rules = Rules(opt_historical=True)
    s = position(
        R.TURN_START, board(hue_34={"arvn": 1, "grunt": 2}), faces=(1, 1), turn=2, pp=0, rules=rules
    )
    s = run_step(s)
    assert GAME.legal_actions(s) == (("withdraw", "grunt", at("hue", "3-4")),)
    s = play(s, ("withdraw", "grunt", at("hue", "3-4")))
    withdrawn = s.events[0]
    assert withdrawn.kind is K.UNIT_WITHDRAWN
    assert values(withdrawn, "unit", "place", "cause") == ("grunt", at("hue", "3-4"), "d3_chart")


def test_VS_D3_4_and_VS_Q58_attacks_and_losses_cost_no_pp():
    rules = Rules(opt_historical=True)
    s = ground(board(hue_6={"nva": 3, "grunt": 1}), faces=(1, 1, 1, 6), rules=rules, pp=0)
    assert s.pp == 0


def test_VS_D3_5_at_most_10_arvn_on_the_map():
    rules = Rules(opt_historical=True)
    s = build_position(board(hue_34={"arvn": 10}), rules=rules, pp=0)
    assert not any(a[0] == "place" for a in GAME.legal_actions(s))


def test_VS_D3_6_and_VS_Q60_the_game_ends_when_one_region_or_fewer_is_held():
    rules = Rules(opt_historical=True)
    w = work(
        position(
            R.END_OF_TURN, board(hue_34={"arvn": 1}, saigon_6={"vc": 1}), pp=0, turn=7, rules=rules
        )
    )
    R.end_of_turn(w)
    assert w.step == OVER and w.end_turn == 7
    assert kinds(w.log) == [K.WAR_OVER]
    assert values(w.log[0], "reason", "held", "level") == ("regions", (0,), 1)
    w = work(
        position(
            R.END_OF_TURN,
            board(hue_34={"arvn": 1}, saigon_6={"arvn": 1}),
            pp=0,
            turn=7,
            rules=rules,
        )
    )
    R.end_of_turn(w)
    assert w.step == R.TURN_START and w.turn == 8
    assert kinds(w.log) == [K.REGIONS_HELD] and w.log[0]["held"] == (0, 3)


def test_VS_Q60_exclusive_held_regions():
    rules = Rules(opt_historical=True, d3_held="exclusive")
    units = board(hue_34={"arvn": 1}, hue_12={"vc": 1}, saigon_6={"arvn": 1})
    w = work(position(R.END_OF_TURN, units, pp=0, turn=7, rules=rules))
    R.end_of_turn(w)
    assert w.step == OVER  # Hue is contested, so only Saigon is held


def test_VS_Q70_historical_game_ends_at_turn_20():
    rules = Rules(opt_historical=True)
    units = board(hue_34={"arvn": 1}, saigon_6={"arvn": 1})
    w = work(position(R.END_OF_TURN, units, pp=0, turn=20, rules=rules))
    R.end_of_turn(w)
    assert w.step == OVER
    assert values(the(w.log, K.WAR_OVER), "reason", "held", "level") == ("turn_cap", (0, 3), 4)
    assert victory_level(20)[2] == "Rambo"


def test_VS_Q57_green_berets_in_the_historical_game():
    assert historical_row(10)[3] == 2 and historical_row(11)[3] == 0


def test_VS_Q59_historical_moves_are_free():
    rules = Rules(opt_historical=True)
    s = build_position(board(hue_34={"grunt": 1}), rules=rules, pp=0)
    assert play(s, ("move", "grunt", at("hue", "3-4"), at("saigon", "5"))).pp == 0


def test_VS_Q61_and_VS_Q71_turn_t_is_year_1962_plus_t():
    from core.solitaire.board import year_of

    assert year_of(1) == 1963 and year_of(13) == 1975
    assert GAME.to_json(GAME.observe(new(), 0))["year"] == 1963


# --- decisions belong to the player --------------------------------------------------------------


def test_VS_B5_and_VS_B7_the_enemy_steps_need_no_decision():
    s = position(NAPALM, board(hue_34={"arvn": 1}, mekong_6={"aircav": 1}), faces=None)
    s = play(s, DONE)
    assert s.step in (REDEPLOY, RETREAT, R.TURN_START, TRAIL_ATTACK, BUILD, REMOVE_US_UNIT, OVER)


def test_every_die_is_an_event_with_purpose_target_and_result():
    s = GAME.new({}, 1, 11)
    import random

    rng = random.Random(2)
    while not s.over:
        legal = GAME.legal_actions(s)
        before = s.dice.counter
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
        rolled = die_events(s)
        assert sum(len(e.dice) for e in rolled) == s.dice.counter - before
        assert all(e.purpose and e.against and e.result for e in rolled)
        assert all(e.kind.name.endswith("_ROLL") for e in rolled)
        assert not any(e.kind.name.endswith("_ROLL") for e in s.events if not e.dice)


def test_VS_D1_VS_D2_VS_D3_each_option_changes_whole_games():
    """Rule-based games from the same seeds, with and without each optional rule."""
    from ai.play import play_game
    from ai.solitaire import RulesAgent

    def games(**options):
        most = []  # the most Trail counters any Trail area held during each game

        def games_run():
            for seed in range(20):
                seen = [0]
                result = play_game(
                    GAME,
                    [RulesAgent()],
                    seed,
                    options,
                    on_step=lambda step, seen=seen: seen.append(max(step.state.trail)),
                )
                most.append(max(seen))
                yield result

        return list(games_run()), most

    standard, standard_most = games()
    assert max(standard_most) == 1
    _, shortened_most = games(opt_shortened=True)  # D1: counters stack up in one Trail area
    assert max(shortened_most) >= 2
    allied, _ = games(opt_allied=True)  # D2: two free Grunts before turn 1
    assert all(g.actions[0][0] == "free_grunt" and g.actions[1][0] == "free_grunt" for g in allied)
    historical, _ = games(opt_historical=True)  # D3: no PP; the war lasts while two regions hold
    mean = sum(g.final.end_turn for g in standard) / 20
    assert sum(g.final.end_turn for g in historical) / 20 > mean + 5
    assert all(g.final.pp == 0 for g in historical)


# --- rulings of the questions and answers (VS-Q) --------------------------------------------------


def test_VS_Q20_a_regroup_never_hands_a_moved_grunts_mark_to_one_that_has_not_moved():
    """Grunt A moves into Hue 5, an AirCav is raised in Hue, A regroups to Hue 1-2 where Grunt B
    stands, then B regroups to Hue 3-4. A has moved this B3: it may not move again."""
    units = board(mekong_6={"grunt": 1}, hue_12={"grunt": 1})
    s = build_position(units)
    s = play(
        s,
        ("move", "grunt", at("mekong", "6"), at("hue", "5")),  # A moves (PP +1)
        ("place", "aircav", at("hue", "6")),
        ("regroup", "grunt", at("hue", "5"), at("hue", "1-2")),  # A joins B
        ("regroup", "grunt", at("hue", "1-2"), at("hue", "3-4")),  # the one not regrouped: B
    )
    assert s.step == BUILD  # nothing left to regroup: back to raising and moving
    moves = [a for a in GAME.legal_actions(s) if a[0] == "move" and a[1] == "grunt"]
    assert {a[2] for a in moves} == {at("hue", "3-4")}  # B may move; A (in 1-2) may not


def test_VS_Q20_no_grunt_moves_twice_in_random_b3_play():
    import random

    from core.solitaire.board import UNIT_BY_KEY

    for seed in range(300):
        rng = random.Random(seed)
        units = board(hue_12={"grunt": 2}, hue_5={"grunt": 1}, cuchi_34={"grunt": 1})
        s = build_position(units, rules=Rules(aircav_regroup=rng.choice(R_REGROUPS)), faces=None)
        grunt_moves = 0
        while s.step in (BUILD, REGROUP):
            legal = [a for a in GAME.legal_actions(s) if a != ("place", "grunt", a[-1])]
            a = legal[rng.randrange(len(legal))]
            grunt_moves += a[0] == "move" and UNIT_BY_KEY[a[1]] == GRUNT
            if a == DONE and s.step == BUILD:
                break
            s = GAME.apply(s, a)
        assert grunt_moves <= 4, seed  # four Grunts: four moves at most


R_REGROUPS = ("placed_region", "all_regions")


def test_VS_Q10_and_VS_Q72_immediate_a_strike_that_crosses_14_rolls_no_die():
    """Place the marker, add the PP, check, roll: the war ends before the strike's die."""
    s = position(TRAIL_ATTACK, board(hue_34={"arvn": 1}), faces=(), trail=(1, 0, 0, 0, 0, 0))
    s = replace(s, pp=12, rules=Rules(pp_check="immediate"))
    over = GAME.apply(s, ("b52", 0))  # LoadedDice with no faces: any roll would raise
    assert over.over and over.pp == 14 and over.end_turn == 1
    assert not any(e.dice for e in over.events)
    assert over.trail[0] == 1


def test_VS_Q10_and_VS_Q72_immediate_napalm_that_crosses_14_rolls_no_die():
    s = position(NAPALM, board(hue_12={"vc": 1}, hue_34={"arvn": 1}), faces=(), pp=13)
    over = GAME.apply(replace(s, rules=Rules(pp_check="immediate")), ("napalm", 0, "vc"))
    assert over.over and over.units[at("hue", "1-2")][VC] == 1
    assert not any(e.dice for e in over.events)


def test_VS_Q39_per_placement_a_new_unit_fights_before_the_next_placement():
    """The VC lands among an ARVN in Hue 5 and fights at once; the NVA arrival is rolled after."""
    units = board(hue_5={"arvn": 1}, saigon_6={"arvn": 1})
    rules = Rules(insurgency_timing="per_placement")
    # VC: region 1 (Hue), area 5; combat: VC rolls 6 (miss), ARVN rolls 1 (hit: VC gone);
    # then the NVA from Parrot's Beak: area 6 of Saigon, and its fight: NVA 6, ARVN 1.
    faces = (1, 5, 6, 1, 6, 6, 1)
    w = work(
        position("B5", units, faces=faces, trail=(0, 0, 0, 0, 0, 1), rules=rules, strict=False)
    )
    R.run(w)
    told = [(e.kind, e.get("place")) for e in w.log]
    vc_fight = told.index((K.COMBAT_BEGAN, at("hue", "5")))
    nva_roll = told.index((K.NVA_AREA_ROLL, at("saigon", "6")))
    assert vc_fight < nva_roll
    attack = w.log[vc_fight - 1]
    assert attack.kind is K.INSURGENCY
    assert values(attack, "timing", "areas") == ("per_placement", (at("hue", "5"),))
    assert w.units[at("hue", "5")][VC] == 0 and w.units[at("saigon", "6")][NVA] == 0
    assert w.placements_done == 0 and w.step not in ("B5", "combats")


def test_VS_Q39_per_placement_waits_for_a_retreat_decision_then_places_the_rest():
    units = board(hue_34={"arvn": 1})
    rules = Rules(insurgency_timing="per_placement")
    # VC into Hue 3-4; both miss (6, 6): retreat or fight? Then the Hanoi NVA (area die 1).
    s = run_step(position("B5", units, faces=(1, 3, 6, 6, 1), trail=(1, 0, 0, 0, 0, 0),
                          rules=rules, strict=False))  # fmt: skip
    assert s.step == RETREAT and s.units[at("hue", "1-2")][NVA] == 0
    s = GAME.apply(s, ("retreat", at("hue", "5")))
    assert s.units[at("hue", "1-2")][NVA] == 1  # the arrival came after the decision


@pytest.mark.parametrize("b9", ["rules", "map_panel"])
def test_VS_Q13_the_game_ends_by_the_last_possible_turn(b9):
    """19 under the rules text (PP >= Turn - 5 at B9), 24 with the map panel's signs; the
    engine asserts it when the turn counter moves on."""
    import random

    last = R.last_possible_turn(Rules(b9_region_pp=b9))
    assert last == {"rules": 19, "map_panel": 24}[b9]
    for seed in range(40):
        s = GAME.new({"b9_region_pp": b9}, 1, seed)
        rng = random.Random(seed)
        while not s.over:
            legal = GAME.legal_actions(s)
            s = GAME.apply(s, DONE if DONE in legal else legal[rng.randrange(len(legal))])
        assert s.end_turn <= last
    w = work(position("B9", board(), turn=last))
    with pytest.raises(AssertionError, match="VS-Q13"):
        R.next_turn(w)
