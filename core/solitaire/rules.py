"""Vietnam Solitaire: setup, every step of a turn, combat and the end of the game.

Each step is one function whose docstring names its rule id in docs/rules/solitaire.md. The
engine runs automatic steps (B0, B1, B5-B7, B9) itself and stops at every point where the player
decides something (B2, B3, the AirCav regroup, B4 napalm, each retreat-or-fight, B8, the B9
removal, the D2 and D3 set-ups). Dice are rolled in the order of VS-R1..R8, so a seed and a list
of actions always give the same game.

Actions are tuples, verb first:
    ("b52", t)  ("gb", t)  ("done",)
    ("place", unit, p)  ("move", unit, p, q)  ("regroup", unit, p, q)
    ("napalm", p, unit)  ("fight",)  ("retreat", q)  ("redeploy", p, q)
    ("remove", unit, p)  ("free_grunt", p)  ("deploy", unit, p)  ("withdraw", unit, p)
where `unit` is a key (`"arvn"`, `"grunt"`, `"aircav"`, `"vc"`, `"nva"`), `t` a Trail area (0-5)
and `p`, `q` places (region * 4 + area, 0-19).
"""

from __future__ import annotations

from core.dice import Dice
from core.engine import Event, IllegalAction
from core.solitaire.board import (
    AIRCAV,
    AMERICAN_UNITS,
    AREA_FOR_FACE,
    AREA_LABELS,
    ARVN,
    B52_COUNT,
    B52_PP,
    B52_REMOVES,
    ENEMY_UNITS,
    GREEN_BERET_COUNT,
    GREEN_BERET_PP,
    GREEN_BERET_REMOVES,
    GRUNT,
    GRUNT_MOVE_PP,
    HISTORICAL_TURN_CAP,
    HIT_TABLE,
    LOSS_PP,
    NAPALM_KILLS,
    NAPALM_PP,
    NO_AIR,
    NO_B52,
    NO_GREEN_BERET,
    NO_US_RAISE,
    NVA,
    ON_MAP_LIMIT,
    PLACEMENT_PP,
    PLAYER_UNITS,
    PP_LIMIT,
    REMOVE_US,
    TRAIL_ARROW,
    TRAIL_B52_ONLY,
    UNIT_BY_KEY,
    UNIT_KEYS,
    UNIT_NAMES,
    VC,
    area_of,
    historical_row,
    place,
    place_name,
    region_of,
    restriction_for,
    restriction_modifier,
    terrain_of,
    trail_for_sum,
    victory_level,
    year_of,
)
from core.solitaire.events import SEATS
from core.solitaire.events import SolitaireEvent as K
from core.solitaire.state import (
    ADJUST_D3,
    BUILD,
    DECISION_STEPS,
    NAPALM,
    OVER,
    REDEPLOY,
    REGROUP,
    REMOVE_US_UNIT,
    RETREAT,
    SETUP_D2,
    TRAIL_ATTACK,
    Rules,
    SolitaireState,
    Work,
)

# automatic steps
TURN_START = "B0"
GROUND_COMBAT = "B4-ground"
ENEMY_PLACEMENT = "B5"
OFFENSIVE = "B7"
OFFENSIVE_REGION = "B7-region"
END_OF_TURN = "B9"
COMBATS = "combats"

DONE = ("done",)
FIGHT = ("fight",)


class GameEnded(Exception):
    """Raised inside a step when the game ends mid-procedure (`pp_check = immediate`)."""


def empty_moves() -> list[list[int]]:
    return [[0, 0] for _ in range(20)]


def empty_regroups() -> list[list[int]]:
    """Per area: ARVN regrouped in, Grunts regrouped in, and those Grunts that had moved."""
    return [[0, 0, 0] for _ in range(20)]


# --- queries (work on a state or a Work alike) --------------------------------------------------


def enemies_at(s, p: int) -> int:
    u = s.units[p]
    return u[VC] + u[NVA]


def players_at(s, p: int) -> int:
    u = s.units[p]
    return u[ARVN] + u[GRUNT] + u[AIRCAV]


def contested(s, p: int) -> bool:
    return enemies_at(s, p) > 0 and players_at(s, p) > 0


def region_places(r: int) -> range:
    return range(r * 4, r * 4 + 4)


def region_has_enemies(s, r: int) -> bool:
    # the four areas spelled out: the enemy phase and B9 ask this thousands of times a search
    a, b, c, d = s.units[r * 4 : r * 4 + 4]
    return a[VC] + a[NVA] + b[VC] + b[NVA] + c[VC] + c[NVA] + d[VC] + d[NVA] > 0


def region_has_players(s, r: int) -> bool:
    a, b, c, d = s.units[r * 4 : r * 4 + 4]
    return (
        a[ARVN] + a[GRUNT] + a[AIRCAV] + b[ARVN] + b[GRUNT] + b[AIRCAV]
        + c[ARVN] + c[GRUNT] + c[AIRCAV] + d[ARVN] + d[GRUNT] + d[AIRCAV]
    ) > 0  # fmt: skip


def on_map(s, unit: int) -> int:
    return sum(u[unit] for u in s.units)


def unit_limit(s, unit: int) -> int:
    """VS-A1.8, with the larger Grunt limit of D2 (VS-Q54)."""
    if unit == GRUNT and s.rules.opt_allied:
        return s.rules.d2_grunt_limit
    return ON_MAP_LIMIT[unit]


def american_units(s) -> int:
    return sum(u[GRUNT] + u[AIRCAV] for u in s.units)


def contested_places(s) -> list[int]:
    """VS-Q27: regions 1..5, areas in label order."""
    return [
        p
        for p, u in enumerate(s.units)
        if (u[VC] + u[NVA]) and (u[ARVN] + u[GRUNT] + u[AIRCAV])  # `contested`, for every area
    ]


def retreat_options(s, p: int) -> list[int]:
    """VS-B4.8 / VS-Q29 / VS-Q31: a higher area of the same region with no enemy units."""
    a = area_of(p)
    if a == 3:
        return []
    higher = [p + 1] if s.rules.retreat == "next" else list(range(p + 1, p + 4 - a))
    return [q for q in higher if enemies_at(s, q) == 0]


def b52_limit(s) -> int:
    return historical_row(s.turn)[2] if s.rules.opt_historical else B52_COUNT


def gb_limit(s) -> int:
    return historical_row(s.turn)[3] if s.rules.opt_historical else GREEN_BERET_COUNT


# --- legal actions -------------------------------------------------------------------------------


def legal_actions(s) -> tuple:
    step = s.step
    if step == TRAIL_ATTACK:
        return (*trail_attacks(s), DONE)
    if step == BUILD:
        return (*build_actions(s), DONE)
    if step == REGROUP:
        return (*regroup_actions(s), DONE)
    if step == NAPALM:
        return (*napalm_actions(s), DONE)
    if step == RETREAT:
        return (FIGHT, *(("retreat", q) for q in retreat_options(s, s.combat_place)))
    if step == REDEPLOY:
        return (*redeploy_actions(s), DONE)
    if step == REMOVE_US_UNIT:
        return tuple(
            ("remove", UNIT_KEYS[unit], p)
            for p in range(20)
            for unit in AMERICAN_UNITS
            if s.units[p][unit]
        )
    if step == SETUP_D2:
        return tuple(("free_grunt", p) for p in range(20))
    if step == ADJUST_D3:
        return adjust_actions(s)
    return ()


def trail_attacks(s) -> list:
    """VS-D1: B-52 on any Trail area with a counter; Green Beret on the others (VS-B2.1-B2.3)."""
    out = []
    b52_ok = s.restriction not in (NO_B52, NO_AIR) and s.b52_used < b52_limit(s)
    gb_ok = s.restriction not in (NO_GREEN_BERET, NO_AIR) and s.gb_used < gb_limit(s)
    for t in range(6):
        if s.trail[t]:
            if b52_ok:
                out.append(("b52", t))
            if gb_ok and not TRAIL_B52_ONLY[t]:
                out.append(("gb", t))
    return out


def can_raise(s, unit: int) -> bool:
    """VS-B3.6 limits, VS-B3.7 restriction 5, and the D3 chart (VS-Q59)."""
    if on_map(s, unit) >= unit_limit(s, unit):
        return False
    if s.rules.opt_historical:
        return unit == ARVN and s.arvn_placed < historical_row(s.turn)[0]
    return not (unit in AMERICAN_UNITS and s.restriction == NO_US_RAISE)


def build_actions(s) -> list:
    """VS-D2: raise ARVN/Grunt/AirCav anywhere; move each Grunt and AirCav once (VS-Q20)."""
    out = []
    for unit in PLAYER_UNITS:
        if can_raise(s, unit):
            key = UNIT_KEYS[unit]
            out.extend(("place", key, p) for p in range(20))
    moved = s.moved
    for unit, slot in ((GRUNT, 0), (AIRCAV, 1)):
        key = UNIT_KEYS[unit]
        for p in range(20):
            if s.units[p][unit] - (moved[p][slot] if moved else 0) > 0:
                out.extend(("move", key, p, q) for q in range(20) if q != p)
    return out


def regroup_actions(s) -> list:
    """VS-D3: move ARVN and Grunts within their region after an AirCav is raised (VS-B3.3)."""
    out = []
    regions = range(5) if s.regroup_region < 0 else (s.regroup_region,)
    done = s.regrouped
    for r in regions:
        for p in region_places(r):
            for unit, slot in ((ARVN, 0), (GRUNT, 1)):
                if s.units[p][unit] - (done[p][slot] if done else 0) > 0:
                    key = UNIT_KEYS[unit]
                    out.extend(("regroup", key, p, q) for q in region_places(r) if q != p)
    return out


def napalm_actions(s) -> list:
    """VS-D4: any single VC or NVA unit on the map (VS-Q25), within the D3 chart's count."""
    if s.rules.opt_historical and s.napalm_used >= historical_row(s.turn)[1]:
        return []
    return [
        ("napalm", p, UNIT_KEYS[unit])
        for p in range(20)
        for unit in ENEMY_UNITS
        if s.units[p][unit]
    ]


def redeploy_targets(s) -> list[int]:
    """VS-B8.1 / VS-Q45: enemy-free areas (or areas of enemy-free regions)."""
    if s.rules.aircav_redeploy_scope == "region":
        return [q for q in range(20) if not region_has_enemies(s, region_of(q))]
    return [q for q, u in enumerate(s.units) if u[VC] + u[NVA] == 0]


def redeploy_actions(s) -> list:
    """VS-D6: each AirCav may move once."""
    targets = redeploy_targets(s)
    out = []
    moved = s.moved
    for p in range(20):
        if s.units[p][AIRCAV] - (moved[p][1] if moved else 0) > 0:
            out.extend(("redeploy", p, q) for q in targets if q != p)
    return out


def adjust_actions(s) -> tuple:
    """VS-D9 / VS-D3.3: place or remove American units until the chart's numbers are met."""
    grunts, aircav = historical_row(s.turn)[4]
    out = []
    for unit, want in ((GRUNT, grunts), (AIRCAV, aircav)):
        have = on_map(s, unit)
        key = UNIT_KEYS[unit]
        if have < want:
            out.extend(("deploy", key, p) for p in range(20))
        elif have > want:
            out.extend(("withdraw", key, p) for p in range(20) if s.units[p][unit])
    return tuple(out)


def has_choices(w) -> bool:
    """Does the decision step offer more than the plain `done`? The same answer as
    `legal_actions(w) != (DONE,)`, without listing the actions (it runs after every action)."""
    step = w.step
    if step == TRAIL_ATTACK:
        b52_ok = w.restriction not in (NO_B52, NO_AIR) and w.b52_used < b52_limit(w)
        gb_ok = w.restriction not in (NO_GREEN_BERET, NO_AIR) and w.gb_used < gb_limit(w)
        return any(w.trail[t] and (b52_ok or (gb_ok and not TRAIL_B52_ONLY[t])) for t in range(6))
    if step == BUILD:
        if any(can_raise(w, unit) for unit in PLAYER_UNITS):
            return True
        moved = w.moved
        return any(
            w.units[p][unit] - (moved[p][slot] if moved else 0) > 0
            for unit, slot in ((GRUNT, 0), (AIRCAV, 1))
            for p in range(20)
        )
    if step == REGROUP:
        return bool(regroup_actions(w))
    if step == NAPALM:
        return bool(napalm_actions(w))
    if step == REDEPLOY:
        return bool(redeploy_actions(w))
    actions = legal_actions(w)
    return bool(actions) and actions != (DONE,)


# --- PP and the end ------------------------------------------------------------------------------


def last_possible_turn(rules: Rules) -> int:
    """VS-Q13 / VS-Q70: the latest turn a game can reach. At B9, PP >= Turn less what the regions
    can take off (5 regions x 1 under the rules text, x 2 under the map panel's signs), so the
    PP >= 14 test ends the war by turn 19 (24 with `b9_region_pp = map_panel`); the historical
    game stops at its own cap."""
    if rules.opt_historical:
        return HISTORICAL_TURN_CAP
    per_region = 1 if rules.b9_region_pp == "rules" else 2
    return PP_LIMIT + 5 * per_region


def pp_cost(w: Work, amount: int) -> int:
    """What an action adds to the Political Points: nothing in the historical game (VS-D3.1)."""
    return 0 if w.rules.opt_historical else amount


def add_pp(w: Work, amount: int, cause: str) -> None:
    """Political Points rise with every use of force and every loss (VS-B2..B4); D3 has none.
    `cause` ("strike", "purchase", "napalm", "losses") is told if the rise ends the war."""
    if w.rules.opt_historical or amount == 0:
        return
    w.pp += amount
    if w.rules.pp_check == "immediate" and w.pp >= PP_LIMIT:
        war_over(w, "pp_immediate", cause=cause)
        end_game(w, f"Political Points reached {w.pp} in {year_of(w.turn)}")
        raise GameEnded


def war_over(w: Work, reason: str, **values) -> None:
    """VS-C: the war is over, why, and the victory level its turn gives."""
    level = victory_level(w.turn)[0]
    w.record(K.WAR_OVER, seats=SEATS, reason=reason, turn=w.turn, level=level, pp=w.pp, **values)


def end_game(w: Work, reason: str) -> None:
    """VS-C: the game ends; the turn it ended on decides the victory level."""
    w.step = OVER
    w.end_turn = w.turn
    w.end_reason = reason
    w.combat_place = -1
    w.combat_queue = ()
    w.offensive_queue = ()


# --- setup and the turn ---------------------------------------------------------------------------


def new_game(rules: Rules, seed: int) -> SolitaireState:
    """VS-A2: 1 VC in area 1-2 and 1 ARVN in area 3-4 of every region; Trail counters in Hanoi
    and Haiphong (none with D1, VS-Q53); PP and Turn on 1."""
    units = [[0] * 5 for _ in range(20)]
    for r in range(5):
        units[place(r, 0)][VC] = 1
        units[place(r, 1)][ARVN] = 1
    trail = [0] * 6 if rules.opt_shortened else [1, 1, 0, 0, 0, 0]
    s = SolitaireState(
        rules=rules,
        dice=Dice(seed),
        turn=1,
        pp=0 if rules.opt_historical else 1,
        step=TURN_START,
        units=tuple(tuple(u) for u in units),
        trail=tuple(trail),
    )
    w = Work(s)
    places = tuple(("area", p) for p in range(20) if any(units[p])) + tuple(
        ("trail", t) for t in range(6) if trail[t]
    )
    w.record(K.SET_UP, seats=SEATS, places=places, shortened=rules.opt_shortened)
    if rules.opt_allied:
        w.step = SETUP_D2
        w.free_grunts = 2
        w.record(K.FREE_GRUNTS_OFFERED, seats=SEATS, grunts=2)
    else:
        run(w)
    return w.freeze()


def start_turn(w: Work) -> None:
    """VS-B0.1: PP is set to the turn number; last turn's B9 result is in force (VS-Q50)."""
    w.b52_used = w.gb_used = w.napalm_used = w.arvn_placed = 0
    w.markers = ()
    w.moved = None
    if w.restriction == REMOVE_US:
        w.restriction = 0  # the removal happened at B9; nothing else binds this turn
    if w.rules.opt_historical:
        arvn, napalm_count, b52, gb, (grunts, aircav) = historical_row(w.turn)
        w.record(
            K.TURN_BEGAN,
            seats=SEATS,
            turn=w.turn,
            year=year_of(w.turn),
            historical=True,
            arvn=arvn,
            napalm=napalm_count,
            b52=b52,
            green_berets=gb,
            grunts=grunts,
            aircav=aircav,
        )
        if adjust_actions(w):
            w.step = ADJUST_D3
            return
    else:
        before, w.pp = w.pp, w.turn
        w.record(
            K.TURN_BEGAN,
            seats=SEATS,
            turn=w.turn,
            year=year_of(w.turn),
            historical=False,
            pp_before=before,
            pp_after=w.pp,
            restriction=w.restriction if w.turn > 1 else 0,
        )
    trail_growth(w)


def trail_growth(w: Work) -> None:
    """VS-B1.1 (VS-Q6, VS-Q53): two dice add Trail counters."""
    d1, d2 = w.roll(), w.roll()
    shortened = w.rules.opt_shortened
    mode = w.rules.trail_growth
    if mode == "sum_2d6":
        targets = (trail_for_sum(d1 + d2),)
    else:
        targets = (d1 - 1, d2 - 1) if shortened or d1 != d2 else (d1 - 1,)
    added, counters = [], []
    for t in targets:
        grows = shortened or w.trail[t] == 0
        if grows:
            w.trail[t] += 1
        added.append(grows)
        counters.append(w.trail[t])
    w.record(
        K.TRAIL_GROWTH_ROLL,
        seats=SEATS,
        places=tuple(("trail", t) for t in targets),
        dice=(d1, d2),
        mode=mode,
        targets=targets,
        added=tuple(added),
        counters=tuple(counters),
    )
    w.step = TRAIL_ATTACK


def trail_attack(w: Work, kind: str, t: int) -> None:
    """VS-B2.4 (B-52: PP +2, 1-4 removes) and VS-B2.5 (Green Beret: PP +1, 1-2 removes).

    The order is the rule's: place the marker, add the PP, check them (VS-Q10 `immediate` may
    end the war here, and then no die is rolled), roll.
    """
    w.markers = (*w.markers, (kind, t))
    if kind == "b52":
        w.b52_used += 1
        lo_hi, cost = B52_REMOVES, B52_PP
    else:
        w.gb_used += 1
        lo_hi, cost = GREEN_BERET_REMOVES, GREEN_BERET_PP
    before = w.pp
    add_pp(w, cost, "strike")
    face = w.roll()
    removed = lo_hi[0] <= face <= lo_hi[1]
    if removed:
        w.trail[t] -= 1
    w.record(
        K.TRAIL_ATTACK_ROLL,
        seats=SEATS,
        places=(("trail", t),),
        dice=(face,),
        weapon=kind,
        trail=t,
        removed=removed,
        counters=w.trail[t],
        cost=w.pp - before,
        pp_before=before,
        pp_after=w.pp,
    )


def raise_unit(w: Work, unit: int, p: int) -> None:
    """VS-B3.1 / VS-B3.2: place a unit anywhere (PP +1/+2/+3); an AirCav opens a regroup."""
    w.add_units(p, unit, 1)
    if w.rules.opt_historical:
        w.arvn_placed += 1
    cost = pp_cost(w, PLACEMENT_PP[unit])
    w.record(
        K.UNIT_RAISED,
        seats=SEATS,
        places=(("area", p),),
        unit=UNIT_KEYS[unit],
        place=p,
        cost=cost,
        pp_before=w.pp,
        pp_after=w.pp + cost,
    )
    add_pp(w, cost, "purchase")
    if unit == AIRCAV:
        start_regroup(w, region_of(p))


def start_regroup(w: Work, region: int) -> None:
    """VS-B3.3 / VS-Q19: after an AirCav is raised, ARVN and Grunts may regroup in its region."""
    w.regroup_region = region if w.rules.aircav_regroup == "placed_region" else -1
    w.regrouped = empty_regroups()
    w.step = REGROUP


def move_unit(w: Work, unit: int, p: int, q: int) -> None:
    """VS-B3.4 (AirCav, free) and VS-B3.5 (Grunt, PP +1): anywhere, once per B3 (VS-Q20)."""
    slot = 0 if unit == GRUNT else 1
    w.add_units(p, unit, -1)
    w.add_units(q, unit, 1)
    if w.moved is None:
        w.moved = empty_moves()
    w.moved[q][slot] += 1
    cost = pp_cost(w, GRUNT_MOVE_PP) if unit == GRUNT else 0
    w.record(
        K.UNIT_MOVED,
        seats=SEATS,
        places=(("area", p), ("area", q)),
        unit=UNIT_KEYS[unit],
        origin=p,
        destination=q,
        cost=cost,
        pp_before=w.pp,
        pp_after=w.pp + cost,
    )
    add_pp(w, cost, "purchase")


def regroup_unit(w: Work, unit: int, p: int, q: int) -> None:
    """VS-B3.3 / VS-Q65: a free move within the region, even into enemy-held areas.

    VS-Q20: a Grunt that has moved this B3 keeps that mark wherever it regroups to. The Grunt
    that regroups is one not yet regrouped; if one of those has moved, it is that one (the
    Grunts are alike, so the mark travels with a unit that really carries it, never with a
    Grunt that had not moved).
    """
    slot = 0 if unit == ARVN else 1
    w.add_units(p, unit, -1)
    w.add_units(q, unit, 1)
    w.regrouped[q][slot] += 1
    if unit == GRUNT and w.moved is not None:
        moved_not_regrouped = w.moved[p][0] - w.regrouped[p][2]
        if moved_not_regrouped > 0:
            w.moved[p][0] -= 1
            w.moved[q][0] += 1
            w.regrouped[q][2] += 1
    w.record(
        K.UNIT_REGROUPED,
        seats=SEATS,
        places=(("area", p), ("area", q)),
        unit=UNIT_KEYS[unit],
        origin=p,
        destination=q,
    )


def napalm(w: Work, p: int, unit: int) -> None:
    """VS-B4.2: PP +1 (checked at once under `immediate`), then 1-4 destroys the target."""
    w.markers = (*w.markers, ("napalm", p))
    w.napalm_used += 1
    before = w.pp
    add_pp(w, NAPALM_PP, "napalm")
    face = w.roll()
    killed = NAPALM_KILLS[0] <= face <= NAPALM_KILLS[1]
    if killed:
        w.add_units(p, unit, -1)
    w.record(
        K.NAPALM_ROLL,
        seats=SEATS,
        places=(("area", p),),
        dice=(face,),
        unit=UNIT_KEYS[unit],
        place=p,
        destroyed=killed,
        cost=w.pp - before,
        pp_before=before,
        pp_after=w.pp,
    )


# --- ground combat (VS-B4.3 .. B4.8) -------------------------------------------------------------


def start_combats(w: Work, places: list[int], resume: str) -> None:
    """Fight every contested area in the fixed order (VS-Q27), then go on with `resume`."""
    w.combat_queue = tuple(places)
    w.combat_resume = resume
    w.step = COMBATS


def run_combats(w: Work) -> None:
    while w.combat_queue:
        p, w.combat_queue = w.combat_queue[0], w.combat_queue[1:]
        if not contested(w, p):
            continue
        w.record(K.COMBAT_BEGAN, seats=SEATS, places=(("area", p),), place=p)
        w.combat_round = 0
        if fight(w, p):
            return
    w.step = w.combat_resume


def fight(w: Work, p: int) -> bool:
    """Fight rounds in `p` until one side is gone or a retreat can be chosen (True: decide)."""
    while True:
        w.combat_round += 1
        combat_round(w, p)
        w.checkpoint()
        if not contested(w, p):
            w.combat_place = -1
            w.combat_round = 0
            return False
        if retreat_options(w, p):
            w.combat_place = p
            w.step = RETREAT
            return True


def combat_round(w: Work, p: int) -> None:
    """VS-B4.4-B4.6: one die per unit (VC, NVA, ARVN, Grunt, AirCav: VS-R4), hits at once."""
    terrain = terrain_of(p)
    units = list(w.units[p])  # the losses are taken from it, then it is the area's again
    hits = [0, 0]  # hits scored by the enemy, by the player
    number = w.combat_round
    places = (("area", p),)
    quiet = w.quiet
    dice = w.dice  # rolled here, one die after another, and handed back below
    for unit in (VC, NVA, ARVN, GRUNT, AIRCAV):
        need = HIT_TABLE[unit][terrain]
        key = UNIT_KEYS[unit]
        for _ in range(units[unit]):
            face, dice = dice.d6()
            hit = face <= need
            hits[unit in PLAYER_UNITS] += hit
            if quiet:  # a search's rollouts roll thousands of these
                continue
            w.record(
                K.COMBAT_ROLL,
                seats=SEATS,
                places=places,
                dice=(face,),
                place=p,
                round=number,
                unit=key,
                need=need,
                hit=hit,
            )
    w.dice = dice
    enemy_losses = take_losses(units, ENEMY_UNITS, hits[1])
    player_losses = take_losses(units, PLAYER_UNITS, hits[0])
    w.units[p] = tuple(units)
    pp = pp_cost(w, sum(LOSS_PP[u] for u in player_losses))
    if not quiet:
        record_round(w, p, hits, enemy_losses, player_losses, pp)
    add_pp(w, pp, "losses")


def record_round(w: Work, p: int, hits: list[int], enemy_losses, player_losses, pp: int) -> None:
    """The round's event: the hits each side scored, the units lost, their PP (VS-B4.5)."""
    w.record(
        K.COMBAT_ROUND,
        seats=SEATS,
        places=(("area", p),),
        place=p,
        round=w.combat_round,
        hits_on_enemy=hits[1],
        hits_on_you=hits[0],
        enemy_lost=tuple(enemy_losses.count(u) for u in ENEMY_UNITS),
        your_lost=tuple(player_losses.count(u) for u in PLAYER_UNITS),
        cost=pp,
        pp_before=w.pp,
        pp_after=w.pp + pp,
    )


def take_losses(units: list[int], order: tuple[int, ...], hits: int) -> list[int]:
    """VS-B4.5: remove one unit per hit in casualty order; extra hits are lost (VS-Q26)."""
    lost = []
    for unit in order:
        while hits and units[unit]:
            units[unit] -= 1
            lost.append(unit)
            hits -= 1
    return lost


def retreat(w: Work, q: int) -> None:
    """VS-B4.8 / VS-Q30: every player unit in the area retreats together."""
    p = w.combat_place
    forces = tuple(w.units[p][unit] for unit in PLAYER_UNITS)
    for unit in PLAYER_UNITS:
        w.add_units(q, unit, w.units[p][unit])
        w.set_units(p, unit, 0)
    w.record(
        K.FORCES_RETREATED,
        seats=SEATS,
        places=(("area", p), ("area", q)),
        origin=p,
        destination=q,
        forces=forces,
    )
    w.combat_place = -1
    w.combat_round = 0
    w.step = COMBATS


# --- the enemy's steps ----------------------------------------------------------------------------


def placement_procedures(w: Work) -> list:
    """VS-B5 / VS-Q33 / VS-Q37: the VC uprisings, then one NVA arrival per Trail counter in
    Trail area order."""
    return ["vc"] * w.rules.vc_per_turn + [t for t in range(6) for _ in range(w.trail[t])]


def enemy_placement(w: Work) -> None:
    """VS-B5: the VC uprising (VS-B5.1, VS-Q33-Q36) and the NVA arrivals (VS-B5.2, VS-Q37).

    VS-Q39: with `insurgency_timing = batch` every placement is made first and B6 then fights
    in every contested area; with `per_placement` a unit placed among your units fights at once
    (with its retreat decisions), before the next placement is rolled. `placements_done` keeps
    the place in the list while such a fight waits for you.
    """
    procedures = placement_procedures(w)
    while w.placements_done < len(procedures):
        procedure = procedures[w.placements_done]
        w.placements_done += 1
        p = vc_uprising(w) if procedure == "vc" else nva_arrival(w, procedure)
        if p is not None and w.rules.insurgency_timing == "per_placement" and contested(w, p):
            w.record(
                K.INSURGENCY,
                seats=SEATS,
                places=(("area", p),),
                timing="per_placement",
                areas=(p,),
            )
            start_combats(w, [p], ENEMY_PLACEMENT)
            return
    w.placements_done = 0
    insurgency(w)


def nva_arrival(w: Work, t: int) -> int:
    """VS-B5.2: an area die in the region at the end of the Trail area's arrow; 1 NVA there."""
    region = TRAIL_ARROW[t]
    face = w.roll()
    p = place(region, AREA_FOR_FACE[face])
    w.add_units(p, NVA, 1)
    w.record(
        K.NVA_AREA_ROLL,
        seats=SEATS,
        places=(("trail", t), ("area", p)),
        dice=(face,),
        trail=t,
        region=region,
        place=p,
    )
    w.checkpoint()
    return p


def vc_uprising(w: Work) -> int | None:
    """VS-B5.1: region die (6: no VC; a region without your units: roll again), then area die.
    Returns where the VC was placed (None: no VC this time)."""
    if not any(region_has_players(w, r) for r in range(5)):
        w.record(K.VC_UPRISING_SKIPPED, seats=SEATS)
        return None
    while True:
        face = w.roll()
        if face == 6:
            w.record(K.VC_REGION_ROLL, seats=SEATS, dice=(face,), region=None, reroll=False)
            return None
        region = face - 1
        if region_has_players(w, region):
            break
        w.record(K.VC_REGION_ROLL, seats=SEATS, dice=(face,), region=region, reroll=True)
    w.record(K.VC_REGION_ROLL, seats=SEATS, dice=(face,), region=region, reroll=False)
    area_face = w.roll()
    p = place(region, AREA_FOR_FACE[area_face])
    w.add_units(p, VC, 1)
    w.record(
        K.VC_AREA_ROLL,
        seats=SEATS,
        places=(("area", p),),
        dice=(area_face,),
        region=region,
        place=p,
    )
    w.checkpoint()
    return p


def insurgency(w: Work) -> None:
    """VS-B6 (VS-Q39, VS-Q40): every area the new units made contested fights now."""
    places = contested_places(w)
    if places:
        w.record(
            K.INSURGENCY,
            seats=SEATS,
            places=tuple(("area", p) for p in places),
            timing="batch",
            areas=tuple(places),
        )
    start_combats(w, places, OFFENSIVE)


def offensive(w: Work) -> None:
    """VS-B7.1 / VS-Q44: a region die; on a 6 every region with NVA/VC attacks (regions 1-5)."""
    face = w.roll()
    if face == 6:
        region = None
        regions = tuple(r for r in range(5) if region_has_enemies(w, r))
    else:
        region = face - 1
        regions = (region,) if region_has_enemies(w, region) else ()
    w.record(K.OFFENSIVE_ROLL, seats=SEATS, dice=(face,), region=region, regions=regions)
    w.offensive_queue = regions
    w.step = OFFENSIVE_REGION


def next_offensive(w: Work) -> None:
    if not w.offensive_queue:
        w.step = REDEPLOY
        return
    region, w.offensive_queue = w.offensive_queue[0], w.offensive_queue[1:]
    regional_offensive(w, region)


def regional_offensive(w: Work, region: int) -> None:
    """VS-B7.2-B7.4 (VS-Q41-Q43): all NVA/VC of the region advance together, one area a step
    (6 wraps to 1-2), until they meet your units; then every area of contact fights once."""
    places = list(region_places(region))
    assert not any(contested(w, p) for p in places), "VS-Q67: no contact before an offensive"
    if not region_has_players(w, region):
        steps = 0
        if w.rules.offensive_no_contact == "one_step":
            advance_enemy(w, region)
            steps = 1
        region_areas = tuple(("area", p) for p in places) if steps else ()
        w.record(
            K.OFFENSIVE,
            seats=SEATS,
            places=region_areas,
            region=region,
            steps=steps,
            contacts=(),
        )
        return
    for step in range(1, 4):
        advance_enemy(w, region)
        contacts = tuple(p for p in places if contested(w, p))
        if contacts:
            w.record(
                K.OFFENSIVE,
                seats=SEATS,
                places=tuple(("area", p) for p in places),  # the whole region advances
                region=region,
                steps=step,
                contacts=contacts,
            )
            start_combats(w, list(contacts), OFFENSIVE_REGION)
            return
    raise AssertionError("an offensive must meet the player's units within three steps")


def advance_enemy(w: Work, region: int) -> None:
    places = list(region_places(region))
    moving = [(w.units[p][VC], w.units[p][NVA]) for p in places]
    for i, p in enumerate(places):
        vc, nva = moving[i - 1]  # area i receives the enemies of area i-1 (6 wraps to 1-2)
        w.set_units(p, VC, vc)
        w.set_units(p, NVA, nva)


def redeploy(w: Work, p: int, q: int) -> None:
    """VS-B8.1: an AirCav moves to an enemy-free area of any region, once."""
    w.add_units(p, AIRCAV, -1)
    w.add_units(q, AIRCAV, 1)
    if w.moved is None:
        w.moved = empty_moves()
    w.moved[q][1] += 1
    w.record(
        K.UNIT_REDEPLOYED,
        seats=SEATS,
        places=(("area", p), ("area", q)),
        unit="aircav",
        origin=p,
        destination=q,
    )


def end_of_turn(w: Work) -> None:
    """VS-B9.1-B9.4: region PP, the game-end test, and the restriction roll for next turn."""
    if w.rules.opt_historical:
        historical_end_of_turn(w)
        return
    enemy_only = [r for r in range(5) if region_has_enemies(w, r) and not region_has_players(w, r)]
    player_only = [r for r in range(5) if region_has_players(w, r) and not region_has_enemies(w, r)]
    if w.rules.b9_region_pp == "rules":
        change = 2 * len(enemy_only) - len(player_only)
    else:
        change = -2 * len(enemy_only) + len(player_only)
    before = w.pp
    w.pp += change
    w.record(
        K.PP_CHANGED,
        seats=SEATS,
        cause="regions",
        enemy_only=tuple(enemy_only),
        yours_only=tuple(player_only),
        pp_before=before,
        pp_after=w.pp,
    )
    w.pp_history = (*w.pp_history, w.pp)
    if w.pp >= PP_LIMIT:
        war_over(w, "pp_b9")
        end_game(w, f"Political Points reached {w.pp} at the end of {year_of(w.turn)}")
        return
    face = w.roll()
    modifier = restriction_modifier(w.pp)
    result = restriction_for(face + modifier)
    w.record(
        K.RESTRICTION_ROLL,
        seats=SEATS,
        dice=(face,),
        pp=w.pp,
        modifier=modifier,
        total=face + modifier,
        restriction=result,
    )
    w.restriction = result
    if result == REMOVE_US and american_units(w):
        w.step = REMOVE_US_UNIT
        return
    if result == REMOVE_US:
        w.record(K.NOTHING_TO_WITHDRAW, seats=SEATS)
    next_turn(w)


def remove_us_unit(w: Work, unit: int, p: int) -> None:
    """VS-B9.4 / VS-Q49: the player removes one Grunt or AirCav; no PP change (VS-Q66)."""
    w.add_units(p, unit, -1)
    w.record(
        K.UNIT_WITHDRAWN,
        seats=SEATS,
        places=(("area", p),),
        unit=UNIT_KEYS[unit],
        place=p,
        cause="b9",
    )
    next_turn(w)


def next_turn(w: Work) -> None:
    """VS-B0.3 / VS-Q12: the turn counter advances when the game did not end."""
    w.turn += 1
    assert w.turn <= last_possible_turn(w.rules), "VS-Q13: the war must have ended by now"
    w.step = TURN_START


def historical_end_of_turn(w: Work) -> None:
    """VS-D3.6 / VS-Q60 / VS-Q70: no B9; the game ends when you hold one region or fewer."""
    exclusive = w.rules.d3_held == "exclusive"
    held = tuple(
        r
        for r in range(5)
        if region_has_players(w, r) and not (exclusive and region_has_enemies(w, r))
    )
    if len(held) <= 1:
        war_over(w, "regions", held=held)
        end_game(w, f"your territory shrank to {len(held)} region(s) in {year_of(w.turn)}")
    elif w.turn >= HISTORICAL_TURN_CAP:
        war_over(w, "turn_cap", held=held)
        end_game(w, f"you still held {len(held)} regions in {year_of(w.turn)}")
    else:
        w.record(K.REGIONS_HELD, seats=SEATS, held=held)
        next_turn(w)


def free_grunt(w: Work, p: int) -> None:
    """VS-D2.1: a free Grunt anywhere at setup."""
    w.add_units(p, GRUNT, 1)
    w.free_grunts -= 1
    w.record(
        K.FREE_GRUNT_PLACED,
        seats=SEATS,
        places=(("area", p),),
        unit="grunt",
        place=p,
        left=w.free_grunts,
    )
    if w.free_grunts == 0:
        w.step = TURN_START


def adjust(w: Work, verb: str, unit: int, p: int) -> None:
    """VS-D3.3: place or remove American units to match the chart."""
    w.add_units(p, unit, 1 if verb == "deploy" else -1)
    places, key = (("area", p),), UNIT_KEYS[unit]
    if verb == "deploy":
        w.record(K.UNIT_DEPLOYED, seats=SEATS, places=places, unit=key, place=p)
    else:
        w.record(K.UNIT_WITHDRAWN, seats=SEATS, places=places, unit=key, place=p, cause="d3_chart")
    if not adjust_actions(w):
        trail_growth(w)


# --- the driver ---------------------------------------------------------------------------------

AUTOMATIC = {
    TURN_START: start_turn,
    GROUND_COMBAT: lambda w: start_combats(w, contested_places(w), ENEMY_PLACEMENT),
    COMBATS: run_combats,
    ENEMY_PLACEMENT: enemy_placement,
    OFFENSIVE: offensive,
    OFFENSIVE_REGION: next_offensive,
    END_OF_TURN: end_of_turn,
}


def finish_step(w: Work) -> None:
    """What `done` does in each decision step."""
    step = w.step
    if step == TRAIL_ATTACK:
        w.step = BUILD
        w.moved = None
    elif step == BUILD:
        w.moved = None
        w.step = NAPALM
    elif step == REGROUP:
        w.regrouped = None
        w.regroup_region = -1
        w.step = BUILD
    elif step == NAPALM:
        w.step = GROUND_COMBAT
    elif step == REDEPLOY:
        w.moved = None
        w.step = END_OF_TURN
    else:
        raise AssertionError(f"no done in step {step}")


def run(w: Work) -> None:
    """Run automatic steps until the player must decide or the game is over."""
    while True:
        step = w.step
        if step == OVER:
            return
        if step in DECISION_STEPS:
            if step in (RETREAT, REMOVE_US_UNIT, SETUP_D2, ADJUST_D3) or has_choices(w):
                return
            finish_step(w)
            continue
        AUTOMATIC[step](w)
        w.checkpoint()


def play(
    s: SolitaireState, action: tuple, stages: list | None = None, quiet: bool = False
) -> SolitaireState:
    """Apply one already-checked action and run the game on to the next decision.

    With a `stages` list, the intermediate positions are appended to it (each with only its own
    events): the screen plays the enemy's steps out one at a time. `quiet`: record no events (a
    search's worlds).
    """
    w = Work(s, quiet)
    w.stages = stages
    verb = action[0]
    try:
        if verb == "done":
            finish_step(w)
        elif verb in ("b52", "gb"):
            trail_attack(w, verb, action[1])
        elif verb == "place":
            raise_unit(w, UNIT_BY_KEY[action[1]], action[2])
        elif verb == "move":
            move_unit(w, UNIT_BY_KEY[action[1]], action[2], action[3])
        elif verb == "regroup":
            regroup_unit(w, UNIT_BY_KEY[action[1]], action[2], action[3])
        elif verb == "napalm":
            napalm(w, action[1], UNIT_BY_KEY[action[2]])
        elif verb == "fight":
            p = w.combat_place
            w.step = COMBATS
            fight(w, p)  # leaves the step at RETREAT when another choice comes up
        elif verb == "retreat":
            retreat(w, action[1])
        elif verb == "redeploy":
            redeploy(w, action[1], action[2])
        elif verb == "remove":
            remove_us_unit(w, UNIT_BY_KEY[action[1]], action[2])
        elif verb == "free_grunt":
            free_grunt(w, action[1])
        elif verb in ("deploy", "withdraw"):
            adjust(w, verb, UNIT_BY_KEY[action[1]], action[2])
        else:
            raise AssertionError(f"unknown verb {verb}")
        run(w)
    except GameEnded:
        pass
    w.checkpoint()
    return w.freeze()


def apply(s: SolitaireState, action: tuple) -> SolitaireState:
    if s.step == OVER:
        raise IllegalAction("the game is over")
    if action not in legal_actions(s):
        raise IllegalAction(why_illegal(s, action))
    return play(s, action)


def why_illegal(s, action) -> str:
    verb = action[0] if action else None
    step = s.step
    if verb == "place" and len(action) == 3 and action[1] in UNIT_BY_KEY:
        unit = UNIT_BY_KEY[action[1]]
        if step == BUILD and on_map(s, unit) >= unit_limit(s, unit):
            return f"all {unit_limit(s, unit)} {UNIT_NAMES[unit]} units are already on the map"
        if step == BUILD and s.restriction == NO_US_RAISE and unit in AMERICAN_UNITS:
            return "no American units may be raised this turn (last turn's B9 result was 5)"
    if verb in ("b52", "gb") and step == TRAIL_ATTACK:
        return "that Trail attack is not possible now (no counter there, none left, or forbidden)"
    return f"{action!r} is not a legal action in step {step}"


def pending_combat_summary(s) -> str:
    if s.step != RETREAT:
        return ""
    p = s.combat_place
    u = s.units[p]
    return (
        f"{place_name(p)}: {u[VC]} VC, {u[NVA]} NVA against {u[ARVN]} ARVN, {u[GRUNT]} "
        f"Grunt, {u[AIRCAV]} AirCav"
    )


__all__ = ["AREA_LABELS", "Event", "apply", "legal_actions", "new_game", "play"]
