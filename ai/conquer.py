"""A rule-based Administrator for Objective: Conquer.

It keeps the castle garrisoned and the Administrator with an army (a lone Administrator among
enemies is captured), and then, phase by phase:

* explores the hexes next to its armies while it can pay for it, and attacks natives and enemy
  armies it beats on strength (a battle is a die each plus strength: it wants a clear margin);
* spelunks mountains (always the free search) and works its mines;
* irrigates deserts and meadows next to rivers into farmland (income) while the game is young;
* trains armies at its castles, keeping $10 aside when a castle can be developed;
* develops castles, and founds new ones on proper sites (desert, river next to it, woods near);
* gives up losses on its smallest armies first, and picks off the weakest natives.

Everything is read from the view (nothing is hidden in this game but the dice seed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from core.conquer import rules as R
from core.conquer.hexes import board
from core.conquer.state import (
    DEVELOP,
    MOVE,
    NATIVE_SIDE,
    NATIVES_MOVE,
    ORDERS,
    SPELUNK,
    TERRAIN,
    TRAIN,
)
from core.conquer.tables import (
    CASTLE_POINT_COST,
    EXPLORE_COST,
    FARMLAND,
    MOUNTAIN,
    recruit_cost,
)

DONE = ("done",)


@dataclass(frozen=True)
class Style:
    """How the player leans; the rule-based player is `Style()`, and the search picks among
    a few leanings turn by turn (see `PLANS`). Money is in cents."""

    attack_margin: int = 2  # strength it wants over an enemy before it attacks
    explore_cushion: int = 800  # money kept beyond the castle reserve before exploring
    spelunk_cushion: int = 600
    irrigate_cushion: int = 400
    army_base: int = 8  # army points it wants: base + per castle point
    army_per_castle: int = 4
    hold_farms: bool = True
    explore_turns_left: int = 20  # no exploring once fewer turns than this are left


RULES = Style()


def choose_action(s, legal, rng, style: Style = RULES):
    if len(legal) == 1:
        return legal[0]
    if s.casualties is not None:
        return casualty_step(s, legal)
    if s.phase == NATIVES_MOVE:
        return legal[rng.randrange(len(legal))]
    p = R.acting(s)
    handler = HANDLERS.get(s.phase)
    action = handler(s, p, legal, style) if handler else None
    return action if action in legal else DONE


def reserve(s, p: int) -> int:
    """Money kept back for a castle point when a castle can be developed soon."""
    for castle in s.castles:
        if castle.owner == p and castle.points < 5 and R.points_of(s, p, castle.hex) >= 4:
            return CASTLE_POINT_COST
    return 0


def move_step(s, p, legal, style):
    """Keep a garrison at home; attack what we beat; explore what we can pay for."""
    b = board(s.radius)
    moves = [a for a in legal if a[0] == "move"]
    if not moves:
        return DONE
    chits = {c.id: c for c in s.chits}
    best, best_value = None, 0.0
    for a in moves:
        c = chits[a[1]]
        target = b.neighbours[c.hex][a[2]]
        value = 0.0
        enemy = sum(n.strength for n in R.natives_at(s, target)) + sum(
            x.points for x in s.chits if x.hex == target and x.owner != p
        )
        castle = R.castle_at(s, target)
        if castle is not None and castle.owner != p:
            enemy += castle.points
        mine_there = R.points_of(s, p, target)
        if enemy:
            if mine_there + c.points >= enemy + style.attack_margin:
                value = 3.0 + enemy / 10
            else:
                continue  # never walk into a fight we do not clearly win
        elif s.terrain[target] is None:
            if s.rules.turn_limit - s.turn < style.explore_turns_left:
                continue
            if s.money[p] - EXPLORE_COST < reserve(s, p) + style.explore_cushion:
                continue
            value = 2.0
        elif style.hold_farms and s.terrain[target] in (FARMLAND, MOUNTAIN) and mine_there == 0:
            value = 1.5  # hold farmland (income) and mountains (caves)
        elif _closer_to_prey(s, p, c, target, style):
            value = 1.0
        else:
            continue
        # do not strip the castle or the Administrator's hex bare
        leaving = R.points_of(s, p, c.hex) - c.points
        home = R.castle_at(s, c.hex)
        if leaving <= 0 and ((home is not None and home.owner == p) or s.admins[p] == c.hex):
            continue
        if value > best_value:
            best, best_value = a, value
    return best or DONE


def _closer_to_prey(s, p, chit, target, style) -> bool:
    """Does this step bring the chit's stack nearer an enemy it outnumbers?"""
    b = board(s.radius)
    mine = R.points_of(s, p, chit.hex)
    for other in s.chits:
        if other.owner == p:
            continue
        theirs = R.strength(s, other.owner, other.hex)
        if (
            mine >= theirs + style.attack_margin + 2
            and b.distance(target, other.hex) < b.distance(chit.hex, other.hex) <= 4
        ):
            return True
    return False


def orders_step(s, p, legal, style):
    """Send spelunk/develop/terrain orders to far armies; keep the Administrator with an army,
    next to the undiscovered edge."""
    for kind in ("develop", "spelunk"):
        for a in legal:
            if a[0] == "order" and a[2] == kind:
                return a
    b = board(s.radius)
    here = s.admins[p]
    steps = [a for a in legal if a[0] == "admin"]
    best, best_value = None, _admin_value(s, p, here)
    for a in steps:
        n = b.neighbours[here][a[1]]
        value = _admin_value(s, p, n)
        if value > best_value:
            best, best_value = a, value
    return best or DONE


def _admin_value(s, p, h) -> float:
    """Safe (an army of ours there) and useful: armies within reach to lead, and the unknown
    next to them to explore."""
    if R.points_of(s, p, h) == 0:
        return -10.0
    b = board(s.radius)
    near = [*b.around[h], h]
    armies = sum(1 for n in near if R.points_of(s, p, n))
    unknown = len(
        {m for n in near if R.points_of(s, p, n) for m in b.around[n] if s.terrain[m] is None}
    )
    return armies / 3 + unknown / 2


def spelunk_step(s, p, legal, style):
    for a in legal:
        if a[0] == "spelunk":
            cost = R.can_spelunk(s, p, a[1], True, free_ok=True)[1]
            if cost == 0 or s.money[p] - cost >= reserve(s, p) + style.spelunk_cushion:
                return a
    for a in legal:
        if a[0] == "mine" and R.points_of(s, p, a[1]) >= 3:
            return a
    return DONE


def terrain_step(s, p, legal, style):
    if s.turn > s.rules.turn_limit - 8:
        return DONE
    for a in legal:
        if (
            a[0] == "terrain"
            and a[2] == "irrigate"
            and s.money[p] - 400 >= reserve(s, p) + style.irrigate_cushion
        ):
            return a
    return DONE


def train_step(s, p, legal, style):
    army = sum(c.points for c in s.chits if c.owner == p)
    castles = sum(c.points for c in s.castles if c.owner == p)
    spare = s.money[p] - reserve(s, p)
    wanted = style.army_base + style.army_per_castle * castles
    if army >= wanted:
        return DONE
    drills = [a for a in legal if a[0] == "drill"]
    for a in drills:
        chit = next(c for c in s.chits if c.id == a[1])
        if chit.fresh and chit.points == 5:
            return a  # the free sixth point
    recruits = sorted((a for a in legal if a[0] == "recruit"), key=lambda a: -a[2])
    for a in recruits:
        if recruit_cost(a[2]) <= spare:
            return a
    if drills and spare >= 100:
        return drills[0]
    return DONE


def develop_step(s, p, legal, style):
    developments = [a for a in legal if a[0] == "develop"]
    if not developments:
        return DONE
    existing = [a for a in developments if R.castle_at(s, a[1]) is not None]
    return (existing or developments)[0]


def casualty_step(s, legal):
    k = s.casualties
    if k.loser == NATIVE_SIDE:
        natives = {n.id: n for n in s.natives}
        return min(legal, key=lambda a: (natives[a[2]].strength, a[2]))
    chits = {c.id: c for c in s.chits}
    chit_hits = [a for a in legal if a[1] == "chit"]
    if chit_hits:
        return min(chit_hits, key=lambda a: (chits[a[2]].points, a[2]))
    return legal[0]


HANDLERS = {
    MOVE: move_step,
    ORDERS: orders_step,
    SPELUNK: spelunk_step,
    TERRAIN: terrain_step,
    TRAIN: train_step,
    DEVELOP: develop_step,
}


class RulesAgent:
    name = "rules"

    def choose(self, game, view, legal, budget, rng):
        return choose_action(view.state, legal, rng)


def rollout_policy(game, state, rng):
    return choose_action(state, game.legal_actions(state), rng)


# --- what the search (ai/mcts.py) needs -------------------------------------------------------
#
# A Conquer turn is some ten decisions a player, most of them single steps of single chits: too
# fine for a search with a second a move. So the search picks a plan, a leaning of the rule-based
# player, for a player's whole turn (its first decision of a game turn starts the plan), rolls
# everyone out with the rule-based player for two more turns, and scores where that leaves each
# player's projected final score.

PLANS = {
    "steady": lambda game, s, legal, rng: choose_action(s, legal, rng, RULES),
    "thrifty": lambda game, s, legal, rng: choose_action(s, legal, rng, THRIFTY),
    "muster": lambda game, s, legal, rng: choose_action(s, legal, rng, MUSTER),
    "expand": lambda game, s, legal, rng: choose_action(s, legal, rng, EXPAND),
}
THRIFTY = Style(
    explore_cushion=100_000,
    spelunk_cushion=1500,
    irrigate_cushion=1500,
    army_base=6,
    army_per_castle=3,
)
MUSTER = Style(army_base=14, army_per_castle=5, attack_margin=1)
EXPAND = Style(explore_cushion=0, explore_turns_left=0, spelunk_cushion=0, irrigate_cushion=0)

ROLLOUT_TURNS = 2
ROLLOUT_DEPTH = 400  # actions: a cap far above two turns of play
EXPLORATION = 0.3
# An iteration costs a few milliseconds (the rest of a turn and two more, for every player);
# one search a turn, then the plan plays out at no cost.
LEVEL_ITERATIONS = {"easy": 40, "normal": 150, "hard": 600}
SCORE_SCALE = 6.0  # points of projected score that make a clear lead


def plan_scope(game, state):
    """A plan lasts for the player's game turn."""
    return state.turn, game.to_move(state)


def projected_score(s, p: int) -> float:
    """OC-H8's score now, plus the income it earns by the turn limit (a castle point pays its
    rate every turn; Farmland 1.5 dollars on average; every controlled hex costs upkeep)."""
    if s.admins[p] is None:
        return R.score(s, p)
    hexes = R.controlled_hexes(s, p)
    income = -25 * len(hexes)
    income += sum(150 for h in hexes if s.terrain[h] == FARMLAND)
    rate = s.rules.castle_income_cents
    income += sum(rate * c.points for c in s.castles if c.owner == p and c.hex in hexes)
    left = max(0, s.rules.turn_limit - s.turn)
    return R.score(s, p) + left * income / 100


def evaluate(game, state):
    """A search leaf's value for each player: how clearly its projected final score leads the
    best of the others (a logistic curve: 0.5 level, 1 far ahead)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.returns
    scores = [projected_score(state, p) for p in range(state.players)]
    values = []
    for p, mine in enumerate(scores):
        others = [x for q, x in enumerate(scores) if q != p and state.admins[q] is not None]
        lead = mine - max(others) if others else SCORE_SCALE * 4
        values.append(1 / (1 + math.exp(-max(-40.0, min(40.0, lead / SCORE_SCALE)))))
    return tuple(values)


__all__ = ["PLANS", "RulesAgent", "Style", "evaluate", "plan_scope", "rollout_policy"]
