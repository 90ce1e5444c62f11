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
ATTACK_MARGIN = 2  # strength a side wants over its enemy before it attacks
ROLLOUT_DEPTH = 120
EXPLORATION = 0.5


def choose_action(s, legal, rng):
    if len(legal) == 1:
        return legal[0]
    if s.casualties is not None:
        return casualty_step(s, legal)
    if s.phase == NATIVES_MOVE:
        return legal[rng.randrange(len(legal))]
    p = R.acting(s)
    handler = HANDLERS.get(s.phase)
    action = handler(s, p, legal, rng) if handler else None
    return action if action in legal else DONE


def reserve(s, p: int) -> int:
    """Money kept back for a castle point when a castle can be developed soon."""
    for castle in s.castles:
        if castle.owner == p and castle.points < 5 and R.points_of(s, p, castle.hex) >= 4:
            return CASTLE_POINT_COST
    return 0


def move_step(s, p, legal, rng):
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
            if mine_there + c.points >= enemy + ATTACK_MARGIN:
                value = 3.0 + enemy / 10
            else:
                continue  # never walk into a fight we do not clearly win
        elif s.terrain[target] is None:
            if s.money[p] - EXPLORE_COST < reserve(s, p) + 200:
                continue
            value = 2.0
        elif s.terrain[target] in (FARMLAND, MOUNTAIN) and mine_there == 0:
            value = 1.5  # hold farmland (income) and mountains (caves)
        elif _closer_to_prey(s, p, c, target):
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


def _closer_to_prey(s, p, chit, target) -> bool:
    """Does this step bring the chit's stack nearer an enemy it outnumbers?"""
    b = board(s.radius)
    mine = R.points_of(s, p, chit.hex)
    for other in s.chits:
        if other.owner == p:
            continue
        theirs = R.strength(s, other.owner, other.hex)
        if (
            mine >= theirs + ATTACK_MARGIN + 2
            and b.distance(target, other.hex) < b.distance(chit.hex, other.hex) <= 4
        ):
            return True
    return False


def orders_step(s, p, legal, rng):
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


def spelunk_step(s, p, legal, rng):
    for a in legal:
        if a[0] == "spelunk":
            cost = R.can_spelunk(s, p, a[1], True, free_ok=True)[1]
            if cost == 0 or s.money[p] - cost >= reserve(s, p) + 600:
                return a
    for a in legal:
        if a[0] == "mine" and R.points_of(s, p, a[1]) >= 3:
            return a
    return DONE


def terrain_step(s, p, legal, rng):
    if s.turn > s.rules.turn_limit - 8:
        return DONE
    for a in legal:
        if a[0] == "terrain" and a[2] == "irrigate" and s.money[p] - 400 >= reserve(s, p) + 400:
            return a
    return DONE


def train_step(s, p, legal, rng):
    army = sum(c.points for c in s.chits if c.owner == p)
    castles = sum(c.points for c in s.castles if c.owner == p)
    spare = s.money[p] - reserve(s, p)
    wanted = 8 + 4 * castles
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


def develop_step(s, p, legal, rng):
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


def evaluate(game, state):
    """A search leaf's value: each player's share of the scores (land and wealth)."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.returns
    scores = [max(0, R.score(state, p)) for p in range(state.players)]
    total = sum(scores) or 1
    return tuple(score / total for score in scores)


__all__ = ["RulesAgent", "evaluate", "rollout_policy"]
