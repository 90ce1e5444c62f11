"""A rule-based Vietnam Solitaire player: the "easy" opponent, the baseline and MCTS's rollouts.

The game ends when the Political Points reach 14 at the end of a turn, and PP restart at the turn
number each turn, so every turn has a budget: spend what keeps the projected end-of-turn PP at
13 or below, and spend it where it buys the most. In order of value:

* keep a unit in every region (a region held only by the NVA/VC costs +2 PP at B9);
* redeploy AirCav at B8 into regions the enemy holds alone (that +2 becomes 0);
* clear small enemy groups with napalm so a region becomes yours alone (-1 PP at B9);
* hit the Trail early (each counter brings one NVA every turn for the rest of the game);
* raise strike units (AirCav, Grunts) early while PP are cheap;
* retreat from fights where the enemy scores more hits per round than you do.

Decisions read only the view (the table is public in this game; only the dice seed is hidden).
"""

from __future__ import annotations

import math
from functools import partial

from ai.base import per_state
from core.solitaire.board import (
    AIRCAV,
    ARVN,
    ENEMY_UNITS,
    GRUNT,
    HIT_TABLE,
    NVA,
    PLAYER_UNITS,
    PP_LIMIT,
    TRAIL_ARROW,
    TRAIL_B52_ONLY,
    UNIT_BY_KEY,
    VC,
    area_of,
    region_of,
    terrain_of,
)
from core.solitaire.game import SCORE_SPAN  # the outcome's scale: (end turn - 1) / 19
from core.solitaire.state import (
    ADJUST_D3,
    BUILD,
    NAPALM,
    REDEPLOY,
    REGROUP,
    REMOVE_US_UNIT,
    RETREAT,
    SETUP_D2,
    TRAIL_ATTACK,
)

DONE = ("done",)
SAFETY_MARGIN = 1  # PP kept in hand for losses nobody can foresee
EXPLORATION = 0.1  # values differ by 1/19 a turn


def region_count(s, region: int) -> tuple[int, int]:
    """(enemy units, player units) in one region."""
    return region_counts(s)[region]


@per_state
def region_counts(s) -> tuple[tuple[int, int], ...]:
    """Per region: (enemy units, player units)."""
    out = []
    for region in range(5):
        enemy = player = 0
        for u in s.units[region * 4 : region * 4 + 4]:
            enemy += u[VC] + u[NVA]
            player += u[ARVN] + u[GRUNT] + u[AIRCAV]
        out.append((enemy, player))
    return tuple(out)


def projected_region_pp(s) -> int:
    """What B9 would add for regions if the turn ended now (VS-B9.1)."""
    total = 0
    for enemy, player in region_counts(s):
        if enemy and not player:
            total += 2
        elif player and not enemy:
            total -= 1
    return total if s.rules.b9_region_pp == "rules" else -total // 2


def expected_hits(units, terrain, side) -> float:
    return sum(units[u] * HIT_TABLE[u][terrain] / 6 for u in side)


def combat_risk(s) -> float:
    """Expected PP from our losses in the first round of every contested area."""
    risk = 0.0
    for p in range(20):
        u = s.units[p]
        if (u[VC] + u[NVA]) and (u[ARVN] + u[GRUNT] + u[AIRCAV]):
            risk += expected_hits(u, terrain_of(p), ENEMY_UNITS) * 1.5
    return risk


ENEMY_PHASE_STEPS = (TRAIL_ATTACK, BUILD, REGROUP, NAPALM)


def enemy_phase_risk(s) -> float:
    """Expected PP from losses in B5-B7 (new VC and NVA, Insurgency, the offensive)."""
    if s.step not in ENEMY_PHASE_STEPS:
        return 0.0
    arrivals = s.rules.vc_per_turn * 5 / 6 + sum(s.trail)
    return 1.5 + 0.6 * arrivals


def spend_room(s) -> float:
    """PP that can still be spent this turn with the projected B9 total staying below 14.

    PP restart at the turn number every turn, so nothing is saved by not spending: the only
    limit is this turn's end. What is still to come: the B9 region adjustment, the fights
    already on the map, and the enemy's B5-B7.
    """
    if s.rules.opt_historical:
        return 99.0
    projected = s.pp + max(0, projected_region_pp(s)) + combat_risk(s) + enemy_phase_risk(s)
    return PP_LIMIT - 1 - SAFETY_MARGIN - projected


def enemy_free_places(s, region: int) -> list[int]:
    return [p for p in range(region * 4, region * 4 + 4) if s.units[p][VC] + s.units[p][NVA] == 0]


def safest_place(s, region: int) -> int | None:
    """The enemy-free area of a region that the advancing enemy reaches last (VS-B7.2)."""
    free = enemy_free_places(s, region)
    if not free:
        return None
    enemy_areas = [
        area_of(p) for p in range(region * 4, region * 4 + 4) if s.units[p][VC] + s.units[p][NVA]
    ]

    def steps_to_contact(p):
        if not enemy_areas:
            return 4
        return min((area_of(p) - a) % 4 for a in enemy_areas)

    return max(free, key=lambda p: (steps_to_contact(p), -p))


def threat(s, region: int) -> float:
    enemy, player = region_count(s, region)
    feeding = sum(s.trail[t] for t in range(6) if TRAIL_ARROW[t] == region)
    return enemy + feeding - 0.5 * player


def choose_action(s, legal, rng, handlers=None):
    """The rule-based decision in state (or view state) `s` (`handlers`: `HANDLERS` by default,
    or `LEAN_HANDLERS`)."""
    step = s.step
    if len(legal) == 1:
        return legal[0]
    handler = (handlers or HANDLERS).get(step)
    action = handler(s, legal) if handler else None
    if action is None or action not in legal:
        return DONE if DONE in legal else legal[0]
    return action


def trail_step(s, legal):
    room = spend_room(s)
    if s.turn > 9 and not s.rules.opt_historical:
        return DONE  # late counters bring few NVA before the end
    options = [a for a in legal if a[0] in ("b52", "gb")]
    if not options:
        return DONE

    def value(a):
        t = a[1]
        return (s.trail[t], threat(s, TRAIL_ARROW[t]), -t)

    # Green Berets where they can go (same PP per expected removal, finer grained); B-52s for
    # Hanoi and Haiphong, where only they may strike.
    b52_only = [a for a in options if a[0] == "b52" and TRAIL_B52_ONLY[a[1]]]
    gb = [a for a in options if a[0] == "gb"]
    b52 = [a for a in options if a[0] == "b52"]
    if b52_only and room >= 2:
        return max(b52_only, key=value)
    if gb and room >= 1:
        return max(gb, key=value)
    if b52 and room >= 2:
        return max(b52, key=value)
    return DONE


def region_step(s, places, room, counts):
    """Build step 1: every region needs a unit of ours. An ARVN (1 PP) in a region the enemy
    holds alone saves the 2 PP of B9 (net -1); in an empty region it earns the -1 (net 0)."""
    for r in sorted(range(5), key=lambda r: -threat(s, r)):
        enemy, player = counts[r]
        net = 1 - (2 if enemy else 1)
        if player == 0 and (room >= net or s.pp + 1 < PP_LIMIT - 1):
            p = safest_place(s, r)
            if p is not None and ("place", "arvn", p) in places:
                return ("place", "arvn", p)
    return None


def lean_build_step(s, legal):
    """Hard's rollouts raise no strike units: a region short of a unit gets an ARVN, no more."""
    places = {a for a in legal if a[0] == "place"}
    return region_step(s, places, spend_room(s), region_counts(s)) or DONE


def build_step(s, legal):
    room = spend_room(s)
    counts = region_counts(s)
    places = {a for a in legal if a[0] == "place"}
    # 1. every region needs a unit of ours
    action = region_step(s, places, room, counts)
    if action:
        return action
    historical = s.rules.opt_historical
    # 2. strike units early, while PP are cheap, in the most threatened region
    hot = max(range(5), key=lambda r: threat(s, r))
    p = safest_place(s, hot)
    if p is not None:
        if s.turn <= 4 and room >= 4 and ("place", "aircav", p) in places:
            return ("place", "aircav", p)
        if s.turn <= 6 and room >= 3 and ("place", "grunt", p) in places:
            return ("place", "grunt", p)
        if (historical or room >= 2) and counts[hot][1] < 3 and ("place", "arvn", p) in places:
            return ("place", "arvn", p)
    # 3. AirCav (free moves) join the most threatened region that has few of ours
    for a in legal:
        if a[0] == "move" and a[1] == "aircav" and region_of(a[2]) != hot and a[3] == p:
            src_enemy, src_player = counts[region_of(a[2])]
            if src_player > 1 or src_enemy == 0:
                return a
    return DONE


def regroup_step(s, legal):
    return DONE


def napalm_step(s, legal):
    room = spend_room(s)
    if room < 1:
        return DONE
    counts = region_counts(s)
    best, best_value = None, 0.0
    for a in legal:
        if a[0] != "napalm":
            continue
        p, unit = a[1], UNIT_BY_KEY[a[2]]
        u = s.units[p]
        r = region_of(p)
        enemy, player = counts[r]
        value = 0.0
        if u[ARVN] + u[GRUNT] + u[AIRCAV]:
            # a contested area: every kill is one die fewer against our units in B4
            value += HIT_TABLE[unit][terrain_of(p)] / 6 * (2 if u[GRUNT] + u[AIRCAV] else 1) + 0.3
        if player and enemy <= 2 and room >= 1.5 * enemy:
            value += 1.0 / enemy  # clearing the region: -1 PP at B9, no offensive there
        if unit == NVA:
            value += 0.1
        if value > best_value:
            best, best_value = a, value
    return best if best_value >= 0.5 else DONE


def retreat_step(s, legal):
    p = s.combat_place
    u = s.units[p]
    terrain = terrain_of(p)
    theirs = expected_hits(u, terrain, ENEMY_UNITS)
    ours = expected_hits(u, terrain, PLAYER_UNITS)
    losing = theirs > ours * 1.1 or (spend_room(s) < 1 and theirs > 0.2)
    retreats = [a for a in legal if a[0] == "retreat"]
    if losing and retreats:
        return retreats[0]
    return ("fight",)


def redeploy_step(s, legal):
    counts = region_counts(s)
    best, best_value = None, 0.0
    for a in legal:
        if a[0] != "redeploy":
            continue
        p, q = a[1], a[2]
        src, dst = region_of(p), region_of(q)
        if src == dst:
            continue
        src_enemy, src_player = counts[src]
        dst_enemy, dst_player = counts[dst]
        value = 0.0
        if dst_player == 0:
            value += 2 if dst_enemy else 1  # enemy-only: +2 avoided; empty: -1 gained
        if src_player == 1:
            value -= 2 if src_enemy else 1  # leaving a region makes it enemy-only or empty
        if value > best_value:
            best, best_value = a, value
    return best or DONE


def remove_step(s, legal):
    counts = region_counts(s)

    def cost(a):
        unit, p = UNIT_BY_KEY[a[1]], a[2]
        enemy, player = counts[region_of(p)]
        alone = 3 if player == 1 else 0
        return (alone, enemy, unit == AIRCAV)

    return min(legal, key=cost)


def setup_step(s, legal):
    hot = max(range(5), key=lambda r: threat(s, r))
    p = safest_place(s, hot)
    return ("free_grunt", p) if p is not None else legal[0]


def adjust_step(s, legal):
    deploys = [a for a in legal if a[0] == "deploy"]
    if deploys:
        hot = max(range(5), key=lambda r: threat(s, r))
        p = safest_place(s, hot)
        for a in deploys:
            if a[2] == p:
                return a
        return deploys[0]
    counts = region_counts(s)
    return min(
        legal, key=lambda a: (counts[region_of(a[2])][1] == 1, counts[region_of(a[2])][0], a[2])
    )


HANDLERS = {
    TRAIL_ATTACK: trail_step,
    BUILD: build_step,
    REGROUP: regroup_step,
    NAPALM: napalm_step,
    RETREAT: retreat_step,
    REDEPLOY: redeploy_step,
    REMOVE_US_UNIT: remove_step,
    SETUP_D2: setup_step,
    ADJUST_D3: adjust_step,
}
LEAN_HANDLERS = {**HANDLERS, BUILD: lean_build_step}


class RulesAgent:
    name = "rules"

    def choose(self, game, view, legal, budget, rng):
        return choose_action(view.state, legal, rng)


def rollout_policy(game, state, rng):
    return choose_action(state, game.legal_actions(state), rng)


def lean_rollout_policy(game, state, rng):
    """The rule-based player raising no Grunts or AirCav (`lean_build_step`): hard's rollouts."""
    return choose_action(state, game.legal_actions(state), rng, LEAN_HANDLERS)


# --- what the search (ai/mcts.py) needs -------------------------------------------------------
#
# The search plays out the rest of the turn (the enemy's dice included) with the rule-based
# player, and scores where the turn leaves the war: its end if it ended, otherwise the turn
# reached plus the turns a position like it can still expect (VALUE_WEIGHTS). The search's moves
# change a unit, a counter or a region's owner, so each of those weights is what that one change
# does to the war: measured by making it and playing both positions out with the rule-based
# player on the same dice (benchmarks/solitaire_slopes.py). Only the constant and the turn are
# fitted to rule-based wars; a fit of all of them (benchmarks/solitaire_value.py) credits each
# feature with whatever goes with it, e.g. enemy units with the wars that kept going.

ROLLOUT_TURNS = 1
ROLLOUT_DEPTH = 400  # actions: a cap far above the rest of a war (a rule-based turn: 17 at most)
LEVEL_ITERATIONS = {"easy": 200, "normal": 800, "hard": 3000}

CANDIDATE_LIMIT = 24  # a step with more legal moves than this is narrowed (see `candidates`)


def candidates(game, state, legal, attacks: bool = False, lean: bool = False) -> list:
    """The moves the search compares, the rule-based move first. A step with few moves offers
    them all; raising and moving units (up to ~300 moves) is narrowed to the rule-based move,
    `done`, and each unit raised, moved or redeployed to the safest area of each region (the
    area the enemy reaches last: a unit's value is its region, VS-B9.1, and its survival).
    With `attacks` (hard), also each Grunt or AirCav raised on, or moved onto, an enemy stack
    of one or two (VS-B3.1, B3.4-B3.5): it fights there at B4 (VS-B4.3). With `lean` (hard),
    the rule-based move is its rollouts' (`lean_rollout_policy`)."""
    first = choose_action(state, legal, None, LEAN_HANDLERS if lean else None)
    if len(legal) <= CANDIDATE_LIMIT:
        return [first, *legal]
    safest = {safest_place(state, r) for r in range(5)} - {None}
    narrowed = [
        a
        for a in legal
        if a == DONE
        or (a[0] in ("place", "free_grunt", "deploy") and a[-1] in safest)
        or (
            a[0] in ("move", "redeploy")
            and a[-1] in safest
            and region_of(a[-2]) != region_of(a[-1])
        )
        or a[0] in ("napalm", "withdraw", "remove")
        or (
            attacks
            and a[0] in ("place", "move")
            and a[1] in ("grunt", "aircav")
            and 1 <= state.units[a[-1]][VC] + state.units[a[-1]][NVA] <= 2
        )
    ]
    return [first, *narrowed]


def value_features(s) -> tuple[float, ...]:
    counts = region_counts(s)
    totals = [sum(column) for column in zip(*s.units, strict=True)]  # per kind, as VS-R4 lists
    return (
        1.0,
        s.turn,
        sum(s.trail),
        sum(1 for enemy, player in counts if enemy and not player),
        sum(1 for enemy, player in counts if player and not enemy),
        sum(1 for enemy, player in counts if enemy and player),
        totals[VC] + totals[NVA],
        totals[ARVN],
        totals[GRUNT],
        totals[AIRCAV],
        1.0 if s.restriction >= 5 else 0.0,
    )


VALUE_WEIGHTS = (  # turns left, per unit of each feature
    6.046,  # constant
    -0.272,  # turn
    -0.373,  # Trail counters
    -0.069,  # regions the enemy holds alone
    -0.014,  # regions you hold alone
    -0.124,  # contested regions
    -0.100,  # NVA/VC units
    0.172,  # ARVN
    0.127,  # Grunts
    0.283,  # AirCav
    0.037,  # no Grunt/AirCav raising next turn (B9 result 5)
)


# Hard's floor: late in a war the weighted sum falls below zero (at turn 9 in four rule-based
# wars in ten, turn 11 in eight), and a floor of max(0, x) scores all those leaves alike, so the
# search stops seeing what holds a region or kills a unit for next turn's B9. A softplus of this
# width (in turns) keeps that slope and fits rule-based wars a little better (docs/ai.md, "Hard's
# search").
FLOOR_SOFTNESS = 0.5


def floored(raw: float, softness: float = 0.0) -> float:
    """`raw` kept above zero: max(0, raw), or with `softness` > 0 a softplus of that width."""
    if softness <= 0.0 or raw > 30 * softness:
        return max(0.0, raw)
    return softness * math.log1p(math.exp(raw / softness))


def expected_turns_left(s, softness: float = 0.0) -> float:
    """The turns a war at `s` can still expect, never below zero (see `floored`)."""
    return floored(
        sum(w * x for w, x in zip(VALUE_WEIGHTS, value_features(s), strict=True)), softness
    )


def evaluate(game, state, softness: float = 0.0):
    """A search leaf's value on the outcome's scale: the turn the war is expected to end."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.returns
    return (min(1.0, (state.turn - 1 + expected_turns_left(state, softness)) / SCORE_SPAN),)


# Hard's late rollouts: from turn 11 the value's sum is below zero in most rule-based wars (86%),
# so even the soft floor says little more than whether the war lasts this turn. There hard plays
# each rollout on to the war's end with the rule-based player instead: a real (noisy) outcome in
# place of a floored guess, and cheap, since such a war has few turns left (docs/ai.md, "Hard's
# search").
LATE_ROLLOUT_TURN = 11


def late_rollout_turns(turn: int) -> int | None:
    """Hard's horizon: the turn's end before `LATE_ROLLOUT_TURN`, the war's end from it on."""
    return 1 if turn < LATE_ROLLOUT_TURN else None


# Hard's 3,000 worlds measure a challenger's edge well enough to take the best one as it is:
# the guard that keeps normal's lucky moves out cost hard about 0.4 turns of value a war
# (benchmarks/solitaire_choices.py, docs/ai.md). And hard compares attacks too (`candidates`):
# at normal's 800 worlds they won more wars and lost more early for a lower mean; at hard's
# 3,000 fewer early losses (39 against 47 over seeds 1-200), the mean +0.16 turns, within the
# noise (docs/ai.md, "Hard's search"). And hard's value has a soft floor, its rollouts raise no
# strike units (`lean_rollout_policy`), and from turn 11 they play the war to its end.
LEVEL_HOOKS = {
    "hard": {
        "guard": 0.0,
        "candidates": partial(candidates, attacks=True, lean=True),
        "rollout_policy": lean_rollout_policy,
        "evaluate": partial(evaluate, softness=FLOOR_SOFTNESS),
        "rollout_turns": late_rollout_turns,
    }
}

__all__ = ["RulesAgent", "candidates", "evaluate", "expected_turns_left", "rollout_policy"]
