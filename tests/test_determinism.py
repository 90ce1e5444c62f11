"""Same seed + same actions = same game, always: states, events and save bytes (DESIGN.md)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import core
from saves import SeatInfo, decode, encode, new_record, replay_states
from tests.invariants import random_options


def random_line(game, seed: int, policy: int, length: int):
    """A random option set and player count, then up to `length` random legal actions."""
    rng = random.Random(policy)
    players = rng.choice(list(game.seats))
    options = random_options(game, rng, players)
    state = game.new(options, players, seed)
    actions = []
    for _ in range(length):
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        actions.append(action)
    return options, players, actions


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), policy=st.integers(0, 2**32), length=st.integers(0, 150))
def test_replaying_seed_and_actions_gives_the_same_states_and_events(game_id, seed, policy, length):
    game = core.game(game_id)
    options, players, actions = random_line(game, seed, policy, length)
    runs = []
    for _ in range(2):
        state = game.new(options, players, seed)
        trail = [(state, game.events(state))]
        for action in actions:
            state = game.apply(state, action)
            trail.append((state, game.events(state)))
        runs.append(trail)
    assert runs[0] == runs[1]
    seats = tuple(SeatInfo(f"Seat {i + 1}", "random") for i in range(players))
    record = new_record(game_id, options, players, seats, seed).with_actions(
        actions, runs[0][-1][0], game
    )
    data = encode(record)
    assert encode(decode(data)) == data  # a save round-trips byte for byte
    assert replay_states(decode(data)) == [state for state, _ in runs[0]]
