"""A rule-based Objectives: Vietnam player: a team player that wants to top the scores.

It sees only its seat's view: its own hand, the public table, and how many cards everyone holds
and bids. It estimates the NVA by the deck's average strength (2.8 a card) and its partners by
their hand sizes, and then:

* attacks the objective with the best value for the expected fight when the team's strength
  beats it with a margin, and attacks anyway when the pool nears its limit (the pool is the clock);
* bids enough but not everything: in each round, enough to stay clear of an overrun, and by the
  last round enough to beat the whole line; the attacker carries the largest share;
* abandons hopeless fights: it stops spending cards on them (OV-Q28: losing costs nothing more),
  and really calls off only when the rules force bids and the hand is cheaper to throw away;
* plays Pacification on heavily tokened objectives and Hearts and Minds to shrink a big pool;
* hands reinforcements to the partners holding the fewest cards, keeping one when short itself.
"""

from __future__ import annotations

import math

from ai.base import per_state
from core.objectives.cards import (
    FW_CARDS,
    FW_IS_COMBAT,
    FW_STRENGTH,
    FW_TYPES,
    NVA_TYPES,
    nva,
    objective,
    team_target,
    war_weariness,
)
from core.objectives.rules import fw_total, legal_actions, nva_total, to_move
from core.objectives.state import BID, CALL_OFF, MAIN, REINFORCE
from core.objectives.view import reinforce_view

MEAN_NVA = sum(t.strength * t.copies for t in NVA_TYPES) / sum(t.copies for t in NVA_TYPES)
BARRAGES = frozenset(c for c, kind in enumerate(FW_CARDS) if FW_TYPES[kind].special == "barrage")
MEAN_FW = 2.4  # a combat card (OV-H3)
STRONG_NVA = 4  # what a careful bidder assumes the next face-down card may be
PARTNER_SHARE = 0.5  # of a partner's hand strength a team can count on
MARGIN = 1.15
ROLLOUT_DEPTH = 12
# An iteration here costs about 0.2 ms (a sampled deal, a dozen card plays; benchmarks/mcts.py):
# normal stays well under a second a decision.
LEVEL_ITERATIONS = {"easy": 100, "normal": 300, "hard": 1200}


def effective(v, card: int) -> int:
    tokens = 0
    for held, on in v.pool:
        if held == card:
            tokens = on
            break
    ww = war_weariness(len(v.pool), v.rules.war_weariness == "per_card")
    return max(1, objective(card).nva_score + tokens + ww)


# each Free World card's strength in a fight, 0 for a card that does not fight (by card id)
COMBAT_STRENGTH = tuple(
    strength if combat else 0 for strength, combat in zip(FW_STRENGTH, FW_IS_COMBAT, strict=True)
)


def hand_strength(hand) -> int:
    return sum(map(COMBAT_STRENGTH.__getitem__, hand))


def team_strength(v, seat: int) -> float:
    """Own combat strength plus what the partners will likely put in (by hand sizes)."""
    own = hand_strength(v.hand)
    partners = sum(v.hand_sizes) - v.hand_sizes[seat]
    return own + partners * MEAN_FW * PARTNER_SHARE


def choose_action(v, legal, rng):
    if len(legal) == 1:
        return legal[0]
    handler = HANDLERS.get(v.phase)
    action = handler(v, legal) if handler else None
    if action is None or action not in legal:
        return legal[-1]
    return action


def main_step(v, legal):
    """OV-D1/D2: a special card first if it pays, then the best attack, else pass and draw."""
    seat = v.seat
    for a in legal:
        if a[0] == "pacify" and dict(v.pool)[a[1]] >= 2:
            return a
    if len(v.pool) >= 5:
        hearts = [a for a in legal if a[0] == "hearts"]
        if hearts:
            return max(hearts, key=lambda a: (effective(v, a[1]), -a[1]))
    attacks = [a for a in legal if a[0] == "attack"]
    if not attacks:
        return ("end",)
    strength = team_strength(v, seat)
    # the pool is the clock: near its limit, thinner chances are worth taking
    margin = 0.8 if len(v.pool) >= v.rules.pool_limit - 2 else MARGIN

    need = {a: effective(v, a[1]) * MEAN_NVA + 1 for a in attacks}
    feasible = [a for a in attacks if strength >= need[a] * margin]
    if not feasible:
        return ("end",)
    return max(feasible, key=lambda a: (objective(a[1]).value / need[a], -a[1]))


@per_state
def fight_state(v):
    """(NVA total so far, FW total so far, face-down cards left) of the combat in view (asked
    up to three times a bid: remembered for the view)."""
    c = v.combat
    nva_sum = 0
    for card in c.revealed:
        kind = nva(card)
        nva_sum += (
            6 if kind.ability == "entrenched" and dict(v.pool).get(c.target, 0) else kind.strength
        )
    fw_sum = sum(FW_STRENGTH[card] for _, card in c.fw_cards if card not in c.struck)
    return nva_sum, fw_sum, c.face_down


def target_this_round(v) -> float:
    """The FW total the team should have after this round's bids."""
    nva_sum, _, face_down = fight_state(v)
    if v.combat.last_round or face_down == 0:
        return nva_sum + 1
    safe = (nva_sum + STRONG_NVA) / 2 + 0.5  # no overrun when the next card is revealed
    if face_down == 1:
        final = nva_sum + STRONG_NVA + 1  # the last card: beat the whole line
        return max(safe, final)
    expected_final = nva_sum + face_down * MEAN_NVA + 1
    rounds = face_down
    return max(safe, expected_final * (1 - 0.5 * (rounds - 1) / rounds))


def hopeless(v) -> bool:
    nva_sum, fw_sum, face_down = fight_state(v)
    expected_final = nva_sum + face_down * MEAN_NVA + 1
    return fw_sum + team_strength(v, v.seat) < expected_final * 0.8


def call_off_step(v, legal):
    """OV-D3: calling off costs the whole hand, never better than bidding nothing (OV-Q28),
    unless the attacker is forced to bid every round and that would cost more cards."""
    if v.rules.min_attacker_bid and hopeless(v):
        rounds_left = max(1, v.combat.face_down)
        if any(FW_IS_COMBAT[c] for c in v.hand) and len(v.hand) <= rounds_left:
            return ("call_off",)
    return ("continue",)


def bid_step(v, legal):
    """OV-D4: one card at a time until this seat's share of the round's target is met."""
    c = v.combat
    seat = v.seat
    if hopeless(v):
        return ("bid_done",) if ("bid_done",) in legal else _cheapest(v, legal)
    _, fw_sum, face_down = fight_state(v)
    # the bid order (OV-4.2): the attacker first, then clockwise; this seat is `me`-th
    attacker, players, sizes = c.attacker, v.players, v.hand_sizes
    me = (seat - attacker) % players
    earlier = sum(c.bid_counts[(attacker + i) % players] for i in range(me)) * MEAN_FW
    deficit = target_this_round(v) - fw_sum - earlier
    later = sum(1 for i in range(me + 1, players) if sizes[(attacker + i) % players] > 0)
    if not later:
        share = deficit
    elif seat == attacker:
        share = deficit * 0.6
    else:
        share = deficit / (later + 1)
    mine = sum(map(FW_STRENGTH.__getitem__, c.own_bid))
    if mine >= share:
        return ("bid_done",) if ("bid_done",) in legal else _cheapest(v, legal)
    bids = [a for a in legal if a[0] == "bid"]
    if not bids:
        return ("bid_done",)
    if face_down >= 2:  # a Barrage removes a whole NVA card: worth more than its strength
        for a in bids:
            if a[1] == "barrage":
                return a
    still = share - mine
    enough = [a for a in bids if BID_STRENGTH[a] >= still]
    if enough:
        return min(enough, key=BID_STRENGTH.__getitem__)
    return max(bids, key=BID_STRENGTH.__getitem__)


# each bid action's card strength
BID_STRENGTH = {("bid", kind.key): kind.strength for kind in FW_TYPES}


def _cheapest(v, legal):
    bids = [a for a in legal if a[0] == "bid"]
    return min(bids, key=BID_STRENGTH.__getitem__) if bids else legal[-1]


def reinforce_step(v, legal):
    """OV-D5: keep one when short of cards; the rest to the partners holding the fewest."""
    r = v.reinforce
    seat = v.seat
    if ("give", seat) in legal and not r.kept and len(v.hand) < v.hand_size:
        return ("give", seat)
    given = {s: r.given.count(s) for s in range(v.players)}
    others = [a for a in legal if a[1] != seat]
    if not others:
        return legal[0]
    return min(
        others, key=lambda a: (v.hand_sizes[a[1]] + given[a[1]], (a[1] - v.current) % v.players)
    )


HANDLERS = {MAIN: main_step, CALL_OFF: call_off_step, BID: bid_step, REINFORCE: reinforce_step}


class RulesAgent:
    name = "rules"

    def choose(self, game, view, legal, budget, rng):
        return choose_action(view, legal, rng)


class Glance:
    """The part of a seat's view the player above reads (`OVView`'s fields of those names, the
    same values), made for the mover at every step of a search's rollouts: the full view also
    sorts the discards and the objective deck, which this player never looks at, and building
    it was a fifth of a search's time."""

    __slots__ = (
        "combat",
        "current",
        "hand",
        "hand_size",
        "hand_sizes",
        "phase",
        "players",
        "pool",
        "reinforce",
        "rules",
        "seat",
    )

    def __init__(self, s, seat: int) -> None:
        self.seat = seat
        self.rules = s.rules
        self.players = s.players
        self.current = s.current
        self.phase = s.phase
        self.hand = s.hands[seat]
        self.hand_size = s.hand_size
        self.hand_sizes = tuple(map(len, s.hands))
        self.pool = s.pool
        c = s.combat
        self.combat = None if c is None else CombatGlance(c, seat, s.players)
        self.reinforce = reinforce_view(s)


class CombatGlance:
    """The part of the combat's view the player reads (`CombatView`'s fields of those names,
    the same values), for a `Glance`: the whole `CombatView` was a tenth of a rollout's step."""

    __slots__ = (
        "attacker",
        "bid_counts",
        "face_down",
        "fw_cards",
        "last_round",
        "own_bid",
        "revealed",
        "struck",
        "target",
    )

    def __init__(self, c, seat: int, players: int) -> None:
        self.attacker = c.attacker
        self.target = c.target
        self.face_down = len(c.line)
        self.revealed = c.revealed
        self.struck = c.struck
        self.fw_cards = c.fw_cards
        bids = c.bids
        self.bid_counts = tuple(map(len, bids)) if bids else (0,) * players
        self.own_bid = bids[seat] if bids else ()
        self.last_round = c.last_round


def rollout_policy(game, state, rng):
    legal = legal_actions(state)  # the rules' own, as the game's are
    if len(legal) == 1:
        return legal[0]
    return choose_action(Glance(state, to_move(state)), legal, rng)


def candidates(game, state, legal):
    """A bid is searched as a choice between the rule-based player's card (or its done) and
    the other cards, the rule-based choice kept unless another does better by more than the
    noise (`MCTSAgent.candidate_search`): a tree over single cards spread its iterations thin
    and bid a whole hand on a 2-card objective. Other decisions: the tree."""
    if state.phase != BID:
        return None
    first = rollout_policy(game, state, None)
    if first == ("bid_done",):
        return [first, *(a for a in legal if a != first)]
    # never less than the rule-based share: the rollouts' partners, rule-based, always make up
    # a shortfall, so bidding less looks free; the searching partners at the table do not
    return [first, *(a for a in legal if a not in (first, ("bid_done",)))]


# What a point of combat strength in hand is worth, in objective points: an objective's value over
# the strength it takes (effective NVA score x 2.8 + 1) is 0.27 on average over the deck (OV-H1,
# war weariness +1), a little less once fights that fail are counted. Without it a search's leaf
# a dozen card plays ahead sees the objective a bid takes and not the fights its cards are missing
# from later, and bids its whole hand on a 2-card objective.
HAND_POINTS = 0.25


def hand_points(hand) -> float:
    """Objective points a hand is worth in the fights to come (`HAND_POINTS`)."""
    return HAND_POINTS * hand_strength(hand)


def combat_chance(state) -> float:
    """The chance the combat in progress is won, reckoned from the strength already bid in it
    (face up, and face down this round; a Barrage also takes a card off the line) against the
    NVA revealed plus the deck's mean for each card still face down."""
    c = state.combat
    committed = fw_total(c)
    for bid in c.bids:
        for card in bid:
            committed += FW_STRENGTH[card] + (MEAN_NVA if card in BARRAGES else 0)
    expected = nva_total(state, c) + len(c.line) * MEAN_NVA
    spread = 1.5 + 1.2 * len(c.line)
    return 1 / (1 + math.exp(-(committed - expected - 0.5) / spread))


def evaluate(game, state):
    """A search leaf's value: the team's progress against the pool clock, and the seat's
    share of the points. Cards in hand count as the points they may still take (`HAND_POINTS`),
    and a combat in progress as its objective's value times the chance it is won."""
    outcome = game.outcome(state)
    if outcome is not None:
        return outcome.returns
    target = team_target(state.players)
    worth = [
        score + hand_points(hand) for score, hand in zip(state.scores, state.hands, strict=True)
    ]
    c = state.combat
    if c is not None:
        worth[c.attacker] += combat_chance(state) * objective(c.target).value
    progress = min(1.0, sum(worth) / target)
    clock = len(state.pool) / state.rules.pool_limit
    team = max(0.0, min(1.0, 0.5 + 0.6 * progress - 0.5 * clock))
    best = max(worth) or 1
    return tuple(team * (0.25 + 0.525 * w / best) for w in worth)


__all__ = ["RulesAgent", "candidates", "evaluate", "rollout_policy"]
