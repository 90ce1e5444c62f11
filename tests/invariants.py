"""The invariants of each game, checked after every action of a random game: by the property
tests (a few games each run) and by benchmarks/random_games.py (10,000 games a game).

`CHECKS[game_id](before, action, after)` raises AssertionError with a reason. `random_options`
draws a legal set of rule options for a game, every option at random.
"""

from __future__ import annotations

import random

from core.conquer import rules as CR
from core.conquer.hexes import board
from core.conquer.state import INCOME, RESOLVE
from core.engine import OptionError, resolve_options
from core.objectives import rules as OR
from core.objectives.cards import objective
from core.solitaire.board import (
    GRUNT,
    LOSS_PP,
    PLACEMENT_PP,
    PLAYER_UNITS,
    UNIT_BY_KEY,
)
from core.solitaire.rules import unit_limit
from core.solitaire.state import OVER, REMOVE_US_UNIT
from tests.objectives.helpers import all_cards_once

# --- Vietnam Solitaire ---------------------------------------------------------------------------


def totals(s):
    return [sum(u[k] for u in s.units) for k in range(5)]


def action_cost(s, a) -> int:
    if s.rules.opt_historical:
        return 0
    verb = a[0]
    if verb == "place":
        return PLACEMENT_PP[UNIT_BY_KEY[a[1]]]
    if verb == "move" and a[1] == "grunt":
        return 1
    return {"b52": 2, "gb": 1, "napalm": 1}.get(verb, 0)


def placed(a, unit) -> int:
    if a[0] in ("place", "deploy") and UNIT_BY_KEY[a[1]] == unit:
        return 1
    return 1 if a[0] == "free_grunt" and unit == GRUNT else 0


def solitaire(before, a, after) -> None:
    """Counter mix (VS-A1.8, VS-Q68) and the PP arithmetic (VS-B0..B4, VS-C)."""
    # unit limits (VS-A1.8, VS-Q54) and no negative counts anywhere
    for unit in PLAYER_UNITS:
        assert totals(after)[unit] <= unit_limit(after, unit)
    assert all(n >= 0 for u in after.units for n in u)
    # Trail counters: never negative; one per area unless D1 (VS-B1.1, VS-D1.2)
    assert all(t >= 0 for t in after.trail)
    if not after.rules.opt_shortened:
        assert all(t <= 1 for t in after.trail)
    # no unit appears from nowhere: player units only grow by a placement
    for unit in PLAYER_UNITS:
        assert totals(after)[unit] <= totals(before)[unit] + placed(a, unit)
    # a pure move keeps every unit (it is in exactly one place, before and after)
    if a[0] in ("move", "regroup", "redeploy") and not any(e.dice for e in after.events):
        assert totals(after) == totals(before)
    # PP arithmetic inside a turn: the action's cost plus 1 per ARVN and 2 per American lost
    same_turn = after.turn == before.turn and after.step not in (OVER, REMOVE_US_UNIT)
    if same_turn and not after.rules.opt_historical and a[0] not in ("remove", "withdraw"):
        lost = {u: totals(before)[u] + placed(a, u) - totals(after)[u] for u in PLAYER_UNITS}
        expected = action_cost(before, a) + sum(LOSS_PP[u] * n for u, n in lost.items())
        assert after.pp - before.pp == expected, (a, before.pp, after.pp, lost)
    if after.turn != before.turn and after.step != OVER and not after.rules.opt_historical:
        assert after.pp >= after.turn  # VS-B0.1: reset to the turn, then only spending


# --- Objectives: Vietnam -------------------------------------------------------------------------


def objectives(before, a, after) -> None:
    """Every card in exactly one zone (58/52/30, OV-1.8); scores are the taken objectives."""
    all_cards_once(after)
    for seat in range(after.players):
        assert after.scores[seat] == sum(objective(c).value for c in after.taken[seat])
    assert all(tokens >= 0 for _, tokens in after.pool)
    assert len(after.pool) <= after.rules.pool_limit or after.over
    if not after.over:
        assert OR.to_move(after) is not None


# --- Objective: Conquer --------------------------------------------------------------------------

SPENDING = {"move", "spelunk", "terrain", "recruit", "drill", "develop"}


def conquer(before, action, after) -> None:
    """Money in cents, chits of 1-6 points each in one hex of the map, control (OC-1.10)."""
    # no army above 6 points (OC-1.4) or below 1; castles 1-5 (OC-12.3)
    assert all(1 <= c.points <= 6 for c in after.chits)
    assert all(1 <= c.points <= 5 for c in after.castles)
    assert all(n.strength >= 1 for n in after.natives)
    # money: only income (and the bad harvests in it) may take a treasury below zero
    if action[0] in SPENDING and before.turn == after.turn and after.phase != INCOME:
        p = CR.acting(before)
        if after.money[p] < before.money[p]:
            assert after.money[p] >= 0, (action, before.money[p], after.money[p])
    # the controlled-hex definition (OC-1.10): own points, no enemies or natives, not changing
    for p in CR.alive(after):
        for h in CR.controlled_hexes(after, p):
            assert CR.points_of(after, p, h) > 0 and not CR.natives_at(after, h)
            assert not CR.enemies_at(after, p, h) and h not in after.changing
    held = [h for p in CR.alive(after) for h in CR.controlled_hexes(after, p)]
    assert len(held) == len(set(held))  # nobody shares control
    # orders resolve a turn later (OC-6.5): pending orders were sent this turn or last
    for o in after.orders:
        assert after.turn - 1 <= o.turn <= after.turn
        if o.turn == after.turn - 1:
            assert after.phase <= RESOLVE  # still waiting for this turn's phase 11
    # an Administrator never stands in the unknown (OC-6.2)
    for h in after.admins:
        assert h is None or after.terrain[h] is not None

    assert all(isinstance(m, int) for m in after.money)
    size = board(after.radius).size
    ids = [c.id for c in after.chits]
    assert len(ids) == len(set(ids))  # every chit once, in one hex
    assert all(0 <= c.hex < size and 0 <= c.owner < after.players for c in after.chits)
    assert all(after.admins[c.owner] is not None for c in after.chits)
    assert all(0 <= n.hex < size for n in after.natives)
    assert len({c.hex for c in after.castles}) == len(after.castles)


CHECKS = {"solitaire": solitaire, "objectives": objectives, "conquer": conquer}

# Ranges for the numeric options that have no fixed choices (kept small enough to play fast).
NUMERIC = {
    "turn_limit": (5, 40),
    "map_radius": (3, 8),
    "start_money_cents": (0, 6000),
    "starting_hand": (0, 12),
    "pool_limit": (3, 30),
}


def random_options(game, rng: random.Random, players: int | None = None) -> dict:
    """Every option of `game` drawn at random (choices, booleans, a range for the numbers), a
    set the game accepts for `players`."""
    for _ in range(100):
        options = {}
        for option in game.options:
            if option.choices:
                options[option.key] = rng.choice(option.choices)
            elif option.kind is bool:
                options[option.key] = rng.random() < 0.5
            elif option.key in NUMERIC:
                low, high = NUMERIC[option.key]
                if option.key == "map_radius" and rng.random() < 0.5:
                    options[option.key] = 0
                else:
                    options[option.key] = rng.randint(low, high)
        try:
            resolve_options(game.options, options)
            game.new(options, players or game.seats.start, 0)
        except OptionError:
            continue
        return options
    raise AssertionError(f"no legal option set drawn for {game.id}")


def random_game(game, n: int, seed: int = 0, check: bool = True) -> int:
    """Game number `n` of a random run: a random player count and option set, uniform random
    legal actions for every seat (the natives too), the invariants checked after every action.
    Returns the number of actions; raises whatever the engine or an invariant raised."""
    rng = random.Random(f"random-games:{game.id}:{seed}:{n}")
    players = rng.choice(list(game.seats))
    options = random_options(game, rng, players)
    state = game.new(options, players, rng.getrandbits(32))
    checker = CHECKS.get(game.id)
    actions = 0
    while game.outcome(state) is None:
        legal = game.legal_actions(state)
        assert legal, "a running game must offer an action"
        if ("done",) in legal and rng.random() < 0.3:
            action = ("done",)  # finish optional steps sooner: whole games, faster
        else:
            action = legal[rng.randrange(len(legal))]
        after = game.apply(state, action)
        if check and checker is not None:
            checker(state, action, after)
        state = after
        actions += 1
        assert actions < 200_000, "a random game must end"
    return actions
