"""A rule-based Administrator for Objective: Conquer that wages war.

It builds an economy, then a strike force, and marches on the weakest enemy it can reach; it
defends what it has, hunts natives for their loot, and says why it does each thing (`decide`
returns a reason with every action: the F2 hint and `objective simulate --explain` show them).
Phase by phase:

* **Move** (OC-5): armies move only with or next to the Administrator, so the Administrator leads
  the strike force. It attacks when the odds of the battle are good (a die each plus strength:
  `round_odds`, exact over the 36 throws), marches toward its target, explores the unknown while
  the game has time left to pay for it, and never strips a castle or its Administrator bare.
* **Orders** (OC-6): far armies get orders (spelunk, develop, a march toward the Administrator or
  the target); the Administrator steps onto the strike force (never alone into danger) and away
  from a threat it cannot face.
* **Spelunk, terrain, train, develop** (OC-8, OC-10..12): free searches always, paid ones with a
  cushion; irrigation toward farmland early on; recruits sized to the castle, more of them when
  the enemy is near or a campaign needs them; castle points when the garrison allows.
* **Losses** go on the smallest chits; natives' losses on the weakest native.

Everything is read from the view (nothing is hidden in this game but the dice seed).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from operator import attrgetter

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
    """How the player leans. The rule-based player is `Style()`; the search picks among a few
    leanings turn by turn (see `PLANS`). Money is in cents."""

    attack_odds: float = 0.58  # the chance of winning a round it wants before it attacks
    campaign_edge: int = 3  # strike points it wants over a target's defence before marching
    campaign_from_turn: int = 4  # no campaign before this turn (the economy first)
    explore_cushion: int = 600  # money kept beyond the castle reserve before exploring
    explore_turns_left: int = 8  # no exploring once fewer turns than this are left
    spelunk_cushion: int = 600
    irrigate_cushion: int = 400
    army_base: int = 10  # army points it wants: base + per castle point
    army_per_castle: int = 4
    garrison: int = 2  # points it keeps at a castle (more when an enemy is near)
    hunt_natives: bool = True
    hold_farms: bool = True


RULES = Style()


# --- battle odds ----------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def round_odds(edge: int) -> float:
    """The chance of winning one round of battle with `edge` more strength than the other side
    (OC-9.1: a die each plus strength; a tie decides nothing and counts as half)."""
    wins = ties = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if a + edge > b:
                wins += 1
            elif a + edge == b:
                ties += 1
    return (wins + ties / 2) / 36


@lru_cache(maxsize=256)
def wipe_out_odds(held: int, against: int) -> float:
    """The chance that one round of battle takes all `held` points of a side with that strength
    against `against` (OC-9.1: a die each plus strength; OC-9.4: the loser loses the difference
    of the dice, at least 1)."""
    lost = 0
    for a in range(1, 7):
        for b in range(1, 7):
            if b + against > a + held and max(1, b - a) >= held:
                lost += 1
    return lost / 36


WIPE_OUT_RISK = 0.05  # the most the Administrator risks of being left alone in a battle


class Tally:
    """What the player's helpers ask of one state again and again, counted once: army points
    per (owner, hex), castles and natives per hex. Built for the state being decided on; a
    state with the same pieces as the last one (an order sent, a player done) shares its
    counts, and what was worked out from them."""

    COUNTS = ("army", "castles", "natives", "reserves", "stacks", "threats", "total")
    __slots__ = ("pieces", *COUNTS)

    def __init__(self, s, last: Tally | None = None) -> None:
        self.pieces = pieces = (s.radius, s.chits, s.castles, s.natives)
        if last is not None and last.pieces == pieces:
            for name in self.COUNTS:
                setattr(self, name, getattr(last, name))
            return
        army: dict[tuple[int, int], int] = {}
        total: dict[int, int] = {}  # every player's chits in a hex
        for c in s.chits:
            army[c.owner, c.hex] = army.get((c.owner, c.hex), 0) + c.points
            total[c.hex] = total.get(c.hex, 0) + c.points
        self.army = army
        self.total = total
        self.stacks = tuple((owner, h, points) for (owner, h), points in army.items())
        self.castles = {c.hex: c for c in s.castles}
        natives: dict[int, int] = {}
        for n in s.natives:
            natives[n.hex] = natives.get(n.hex, 0) + n.strength
        self.natives = natives
        self.threats: dict[tuple[int, int, int], int] = {}
        self.reserves: dict[int, int] = {}


_last_tally: list[tuple] = [(None, None)]


def tally(s) -> Tally:
    """The tally of s, remembered for the state last asked about (as `per_state` does: the
    state and its tally are one pair, read in one step, so two threads deciding at once each
    get their own state's)."""
    seen, t = _last_tally[0]
    if seen is not s:
        t = Tally(s, t)
        _last_tally[0] = (s, t)
    return t


def defence(s, p: int, h: int) -> int:
    """Everything that fights `p` in hex h: other players' chits and castles, and natives."""
    t = tally(s)
    total = t.total.get(h, 0) - t.army.get((p, h), 0)
    castle = t.castles.get(h)
    if castle is not None and castle.owner != p:
        total += castle.points
    return total + t.natives.get(h, 0)


def threat_near(s, p: int, h: int, reach: int = 2) -> int:
    """The largest enemy stack within `reach` hexes of h (what could hit it soon)."""
    t = tally(s)
    key = (p, h, reach)
    found = t.threats.get(key)
    if found is None:
        distance = board(s.radius).distance
        found = max(
            (pts for owner, at, pts in t.stacks if owner != p and distance(at, h) <= reach),
            default=0,
        )
        t.threats[key] = found
    return found


def natives_near(s, h: int, reach: int = 1) -> int:
    """The strongest natives' stack in h, or within `reach` hexes of it and free to wander in
    by the die (OC-7.1): natives sharing a hex with an army or a castle stay there (OC-7.3)."""
    t = tally(s)
    distance = board(s.radius).distance
    return max(
        (
            points
            for at, points in t.natives.items()
            if at == h or (distance(at, h) <= reach and not t.total.get(at) and at not in t.castles)
        ),
        default=0,
    )


def army_at(s, p: int, h: int) -> int:
    return tally(s).army.get((p, h), 0)


def castle_at(s, h: int):
    return tally(s).castles.get(h)


# --- the target of a campaign ---------------------------------------------------------------------


def campaign_target(s, p: int, style: Style) -> tuple[int, int, str] | None:
    """(hex, defence, what) the strike force marches on: an enemy castle or a lone enemy
    Administrator within reach of the strike force, or natives worth their loot; None when
    the strike force is not strong enough for any of them."""
    if s.admins[p] is None:
        return None
    b = board(s.radius)
    here = s.admins[p]
    strike = strike_force(s, p)
    best, best_value = None, 0.0
    if s.turn >= style.campaign_from_turn:
        for q in range(s.players):
            if q == p or s.admins[q] is None:
                continue
            for castle in s.castles:
                if castle.owner == q:
                    d = defence(s, p, castle.hex)
                    if strike >= d + style.campaign_edge:
                        value = 10 + castle.points * 2 - b.distance(here, castle.hex) * 0.5
                        value += 6 if s.admins[q] == castle.hex else 0
                        if value > best_value:
                            best, best_value = (castle.hex, d, "castle"), value
            h = s.admins[q]
            if castle_at(s, h) is None:
                d = defence(s, p, h)
                if strike >= d + style.campaign_edge:
                    value = 18 - b.distance(here, h) * 0.5  # a capture ends a player
                    if value > best_value:
                        best, best_value = (h, d, "Administrator"), value
    if style.hunt_natives and s.rules.native_loot:
        for n in s.natives:
            d = defence(s, p, n.hex)
            dist = b.distance(here, n.hex)
            if dist <= 4 and strike >= d + style.campaign_edge:
                value = n.loot / 2 + 3 - dist
                if value > best_value:
                    best, best_value = (n.hex, d, "natives"), value
    return best


def strike_force(s, p: int) -> int:
    """Army points with or next to the Administrator (those that can march this turn), less
    the garrison of a castle there."""
    b = board(s.radius)
    here = s.admins[p]
    if here is None:
        return 0
    total = sum(
        points for owner, h, points in tally(s).stacks if owner == p and b.distance(h, here) <= 1
    )
    castle = castle_at(s, here)
    if castle is not None and castle.owner == p:
        total -= min(army_at(s, p, here), 2)
    return total


# --- deciding -------------------------------------------------------------------------------------


def choose_action(s, legal, rng, style: Style = RULES):
    return decide(s, legal, rng, style)[0]


def decide(s, legal, rng, style: Style = RULES) -> tuple[tuple, str]:
    """The action and a short reason for it."""
    if len(legal) == 1:
        return legal[0], "the only choice"
    if s.casualties is not None:
        return casualty_step(s, legal)
    if s.phase == NATIVES_MOVE:
        return legal[0], "the natives' die decides"
    p = R.acting(s)
    handler = HANDLERS.get(s.phase)
    action, reason = handler(s, p, legal, style) if handler else (DONE, "nothing to do")
    if action not in legal:
        return DONE, "nothing worth doing"
    return action, reason


def reserve(s, p: int) -> int:
    """Money kept back for a castle point when a castle can be developed soon."""
    t = tally(s)
    kept = t.reserves.get(p)
    if kept is None:
        kept = 0
        for castle in s.castles:
            if castle.owner == p and castle.points < 5 and t.army.get((p, castle.hex), 0) >= 4:
                kept = CASTLE_POINT_COST
                break
        t.reserves[p] = kept
    return kept


def needed_at(s, p: int, h: int, style: Style) -> int:
    """Points to keep in hex h: a castle's garrison (more with an enemy near), and enough to
    keep the Administrator from capture."""
    need = 0
    castle = castle_at(s, h)
    if castle is not None and castle.owner == p:
        need = style.garrison + max(0, threat_near(s, p, h) - castle.points)
    if s.admins[p] == h:
        need = max(need, 1)
    return need


def move_step(s, p, legal, style):
    """Attack with good odds, march on the target, explore, hold farms; keep the garrisons."""
    b = board(s.radius)
    moves = [a for a in legal if a[0] == "move"]
    if not moves:
        return DONE, "no army can move"
    army = tally(s).army
    chits = {c.id: c for c in s.chits}
    target = campaign_target(s, p, style)
    time_left = s.rules.turn_limit - s.turn
    neighbours, distance = b.neighbours, b.distance
    # a chit's six moves share what its hex must keep and the stack that would go with it;
    # the hexes around share their defence (asked once each, not once a move)
    leaving: dict[int, int | None] = {}  # chit id -> points that would go, None: must stay
    enemies: dict[int, int] = {}
    kept_back = None  # the money reserve, once asked
    best, best_value, best_reason = None, 0.0, ""
    for a in moves:
        c = chits[a[1]]
        here = c.hex
        if a[1] in leaving:
            going = leaving[a[1]]
        else:
            # never strip a castle or the Administrator's hex below what it needs
            stack = army.get((p, here), 0)
            going = None
            if stack - c.points >= needed_at(s, p, here, style):
                # the whole stack above what the hex must keep goes with it (the player moves
                # them one after the other, the same way)
                going = max(c.points, stack - needed_at(s, p, here, RULES))
            leaving[a[1]] = going
        if going is None:
            continue
        to = neighbours[here][a[2]]
        enemy = enemies.get(to)
        if enemy is None:
            enemy = enemies[to] = defence(s, p, to)
        if enemy:
            mine = army.get((p, to), 0) + going
            odds = round_odds(mine - enemy)
            if odds < style.attack_odds:
                continue  # never walk into a fight the odds are against
            what = attack_value(s, p, to)
            value = 4.0 + what * odds
            reason = (
                f"attack at {b.label(to)}: {mine} against {enemy}, {round(odds * 100)}% a round"
            )
        elif target is not None and distance(to, target[0]) < distance(here, target[0]):
            if s.terrain[to] is None and s.money[p] < EXPLORE_COST:
                continue
            value = 3.0 + c.points / 10
            reason = f"march on the {target[2]} at {b.label(target[0])}"
        elif s.terrain[to] is None:
            if time_left < style.explore_turns_left:
                continue
            if kept_back is None:
                kept_back = reserve(s, p)
            if s.money[p] - EXPLORE_COST < kept_back + style.explore_cushion:
                continue
            value = 2.0
            reason = f"explore {b.label(to)}"
        elif style.hold_farms and s.terrain[to] in (FARMLAND, MOUNTAIN) and not army.get((p, to)):
            value = 1.5
            reason = f"hold the {s.terrain[to]} at {b.label(to)}"
        else:
            continue
        if value > best_value:
            best, best_value, best_reason = a, value, reason
    return (best, best_reason) if best else (DONE, "no move worth making")


def attack_value(s, p: int, h: int) -> float:
    """What winning at h is worth: an enemy castle, a capture, natives' loot."""
    value = 1.0
    castle = castle_at(s, h)
    if castle is not None and castle.owner != p:
        value += 4 + castle.points
    for q, a in enumerate(s.admins):
        if q != p and a == h:
            value += 6
    value += sum(n.loot for n in s.natives if n.hex == h) / 4
    return value


def orders_step(s, p, legal, style):
    """Orders to far armies first (develop, spelunk, a march to the front), then the
    Administrator onto the strike force, or away from a threat it cannot face."""
    b = board(s.radius)
    here = s.admins[p]
    sent = len(R.orders_this_turn(s, p))
    for kind in ("develop", "spelunk"):
        for a in legal:
            if a[0] == "order" and a[2] == kind:
                return a, f"order: {kind} at {b.label(a[1])}"
    target = campaign_target(s, p, style)
    goal = target[0] if target is not None else here
    if sent == 0:
        best = None
        for a in legal:
            if a[0] == "order" and a[2] == "move":
                to = b.neighbours[a[1]][a[3]]
                if (
                    army_at(s, p, a[1]) >= 3
                    and castle_at(s, a[1]) is None
                    and b.distance(to, goal) < b.distance(a[1], goal)
                    and defence(s, p, to) == 0
                    and (s.terrain[to] is not None or s.money[p] >= EXPLORE_COST + reserve(s, p))
                ):
                    best = a
                    break
        if best is not None:
            return best, f"order the army at {b.label(best[1])} toward {b.label(goal)}"
    steps = [a for a in legal if a[0] == "admin"]
    best, best_value = None, _admin_value(s, p, here, target)
    for a in steps:
        n = b.neighbours[here][a[1]]
        value = _admin_value(s, p, n, target)
        if value > best_value + 0.01:
            best, best_value = a, value
    if best is not None:
        return best, f"the Administrator to {b.label(b.neighbours[here][best[1]])}"
    return DONE, "the Administrator stays"


def _admin_value(s, p, h, target) -> float:
    """Safe (our army there, enough against what is near: enemies and natives next door, and
    no losing battle in the hex itself) and useful (armies to lead, the unknown to explore, the
    target nearer)."""
    t = tally(s)
    army = t.army
    mine = army.get((p, h), 0)
    castle = t.castles.get(h)
    own_castle = castle is not None and castle.owner == p
    if mine == 0 and not own_castle:
        return -10.0
    b = board(s.radius)
    held = mine + (castle.points if own_castle else 0)
    value = 0.0
    fight = defence(s, p, h)
    if fight and wipe_out_odds(held, fight) > WIPE_OUT_RISK:
        # a battle there is certain (OC-9.6: it goes on while both stay), and one lost round
        # may leave the Administrator without an army: captured (OC-H8)
        value -= 8.0
    if max(threat_near(s, p, h, 1), natives_near(s, h, 1)) > held:
        value -= 5.0
    manned = [n for n in (*b.around[h], h) if army.get((p, n))]
    value += len(manned) / 3
    terrain = s.terrain
    value += len({m for n in manned for m in b.around[n] if terrain[m] is None}) / 4
    if target is not None:
        value -= b.distance(h, target[0]) * 0.6
    return value


def spelunk_step(s, p, legal, style):
    for a in legal:
        if a[0] == "spelunk":
            cost = R.can_spelunk(s, p, a[1], True, free_ok=True)[1]
            if cost == 0:
                return a, "the free search of a new mountain"
            if s.money[p] - cost >= reserve(s, p) + style.spelunk_cushion:
                return a, "search a mountain for a cave"
    for a in legal:
        if a[0] == "mine" and army_at(s, p, a[1]) >= 3:
            return a, "work the mine"
    return DONE, "no search worth its price"


def terrain_step(s, p, legal, style):
    if s.turn > s.rules.turn_limit - 10:
        return DONE, "too late for new farms to pay"
    for a in legal:
        if (
            a[0] == "terrain"
            and a[2] == "irrigate"
            and s.money[p] - 400 >= reserve(s, p) + style.irrigate_cushion
        ):
            return a, "irrigate toward farmland (income)"
    return DONE, "no terrain change worth it"


def train_step(s, p, legal, style):
    army = sum(c.points for c in s.chits if c.owner == p)
    castles = sum(c.points for c in s.castles if c.owner == p)
    spare = s.money[p] - reserve(s, p)
    wanted = style.army_base + style.army_per_castle * castles
    threatened = any(
        threat_near(s, p, c.hex, 3) > c.points + army_at(s, p, c.hex)
        for c in s.castles
        if c.owner == p
    )
    if threatened:
        spare = s.money[p]  # the castle comes first
        wanted += 6
    if army >= wanted:
        return DONE, f"the army ({army}) is large enough"
    drills = [a for a in legal if a[0] == "drill"]
    for a in drills:
        chit = next(c for c in s.chits if c.id == a[1])
        if chit.fresh and chit.points == 5:
            return a, "the free sixth point"
    recruits = sorted((a for a in legal if a[0] == "recruit"), key=lambda a: -a[2])
    for a in recruits:
        if recruit_cost(a[2]) <= spare:
            why = "a castle is threatened" if threatened else f"the army {army} of {wanted}"
            return a, f"raise {a[2]} points ({why})"
    if drills and spare >= 100:
        return drills[0], "train an army up"
    return DONE, "no money to train"


def develop_step(s, p, legal, style):
    developments = [a for a in legal if a[0] == "develop"]
    if not developments:
        return DONE, "nothing to build"
    existing = [a for a in developments if castle_at(s, a[1]) is not None]
    choice = (existing or developments)[0]
    what = "build up the castle" if existing else "found a castle"
    return choice, f"{what} at {board(s.radius).label(choice[1])} (income, defence)"


def casualty_step(s, legal):
    k = s.casualties
    if k.loser == NATIVE_SIDE:
        natives = {n.id: n for n in s.natives}
        return min(legal, key=lambda a: (natives[a[2]].strength, a[2])), "the weakest native"
    chits = {c.id: c for c in s.chits}
    chit_hits = [a for a in legal if a[1] == "chit"]
    if chit_hits:
        return min(chit_hits, key=lambda a: (chits[a[2]].points, a[2])), "the smallest chit"
    return legal[0], "the castle takes it"


HANDLERS = {
    MOVE: move_step,
    ORDERS: orders_step,
    SPELUNK: spelunk_step,
    TERRAIN: terrain_step,
    TRAIN: train_step,
    DEVELOP: develop_step,
}
# What each phase's step reads of the leaning (with the helpers it asks): two leanings alike
# in it choose alike in that phase (`choice_key`); a phase not listed reads none of it.
READS = {
    MOVE: ("attack_odds", "campaign_from_turn", "campaign_edge", "hunt_natives", "garrison",
           "explore_turns_left", "explore_cushion", "hold_farms"),
    ORDERS: ("campaign_from_turn", "campaign_edge", "hunt_natives"),
    SPELUNK: ("spelunk_cushion",),
    TERRAIN: ("irrigate_cushion",),
    TRAIN: ("army_base", "army_per_castle"),
}  # fmt: skip
_READERS = {phase: attrgetter(*names) for phase, names in READS.items()}


class RulesAgent:
    name = "rules"

    def choose(self, game, view, legal, budget, rng):
        return choose_action(view.state, legal, rng)

    def explain(self, game, view, legal, budget, rng) -> tuple[tuple, str]:
        """The action it chooses and why (`objective simulate --explain`)."""
        return decide(view.state, legal, rng)

    def reason(self, game, view, action) -> str:
        """Why the rule-based player would play `action` here (if it would): the F2 hint."""
        chosen, why = decide(view.state, game.legal_actions(view.state), random.Random(0))
        return f"The rule-based player would too: {why}." if chosen == action else ""


def rollout_policy(game, state, rng):
    return choose_action(state, game.legal_actions(state), rng)


# --- what the search (ai/mcts.py) needs -------------------------------------------------------
#
# A Conquer turn is some ten decisions a player, most of them single steps of single chits: too
# fine for a search with a second a move. So the search picks a plan, a leaning of the rule-based
# player, for a player's whole turn (its first decision of a game turn starts the plan), rolls
# everyone out with the rule-based player to the end of the next turn, and scores where that
# leaves each player's projected final score (and whether it still has an Administrator).

ASSAULT = Style(campaign_edge=1, attack_odds=0.5, campaign_from_turn=1, army_base=14)
RAID = Style(campaign_edge=0, attack_odds=0.45, garrison=1, campaign_from_turn=1)
DEFEND = Style(garrison=5, campaign_edge=8, army_base=16, army_per_castle=5, explore_cushion=1500)
HUNT = Style(hunt_natives=True, campaign_edge=1, attack_odds=0.5, campaign_from_turn=99)
EXPAND = Style(explore_cushion=0, explore_turns_left=0, spelunk_cushion=0, irrigate_cushion=0,
               campaign_from_turn=99)  # fmt: skip
# Hard's two more: a larger standing army (24 points before castles, not 10; against the steady
# player it wins 0.61 where steady wins 0.47: benchmarks/conquer_styles.py), and a middle way,
# more armies for every castle point.
MUSTER = Style(army_base=24)
FORTIFY = Style(army_base=16, army_per_castle=6)
LEANINGS = {
    "steady": RULES, "assault": ASSAULT, "raid": RAID, "defend": DEFEND, "hunt": HUNT,
    "expand": EXPAND,
}  # fmt: skip


def follow(style: Style):
    """A plan: the rule-based player with this leaning, for as long as the plan lasts."""

    def plan(game, s, legal, rng):
        return choose_action(s, legal, rng, style)

    return plan


PLANS = {name: follow(style) for name, style in LEANINGS.items()}
HARD_PLANS = {**PLANS, "muster": follow(MUSTER), "fortify": follow(FORTIFY)}
STYLES = {**LEANINGS, "muster": MUSTER, "fortify": FORTIFY}  # each plan's leaning


def choice_key(s, plan) -> tuple | None:
    """What the plan's leaning (None: the rollout policy, the rule-based player) brings to the
    decision in s: plans with the same key choose the same move there (`READS`), so a search
    works that choice out once."""
    if s.casualties is not None:
        return None
    reads = _READERS.get(s.phase)
    return None if reads is None else reads(RULES if plan is None else STYLES[plan])


ROLLOUT_TURNS = 2
# The rule-based player and its leanings draw no random numbers (the dice are the state's), so
# a plan search works out each choice in a sampled world once for every plan that meets it.
PURE_POLICIES = True
ROLLOUT_DEPTH = 400  # actions: a cap far above two turns of play
EXPLORATION = 0.3
# An iteration plays one plan in one sampled world: the rest of a turn and the next, for every
# player, most of it shared with the other plans and the other worlds (some 0.15 ms on this
# machine); one search a turn (two at hard), then the plan plays out at no cost.
LEVEL_ITERATIONS = {"easy": 48, "normal": 150, "hard": 150}
SCORE_SCALE = 6.0  # points of projected score that make a clear lead


def plan_scope(game, state):
    """A plan lasts for the player's game turn."""
    return state.turn, game.to_move(state)


def plan_scope_by_half(game, state):
    """Hard re-plans once the turn's battles are fought: the moves and orders before combat,
    the terrain, training and building after it, each by its own search."""
    return state.turn, game.to_move(state), state.phase >= TERRAIN


# Levels differ in what they search, not in how long (docs/ai.md, "Levels"): 48 sampled worlds
# pick plans as well as 600 do. Easy does not search: it plays the steady plan (the rule-based
# player) every turn. Hard searches twice a turn, before and after combat, among eight plans.
LEVEL_HOOKS = {
    "easy": {"plans": {"steady": PLANS["steady"]}},
    "hard": {"plan_scope": plan_scope_by_half, "plans": HARD_PLANS},
}


def projected_score(s, p: int) -> float:
    """OC-H8's score now, plus the income it earns by the turn limit (a castle point pays its
    rate every turn; Farmland 1.5 dollars on average; every controlled hex costs upkeep)."""
    if s.admins[p] is None:
        return -50.0  # a captured player is out of the game
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


__all__ = ["PLANS", "RulesAgent", "Style", "decide", "evaluate", "plan_scope", "rollout_policy"]
