"""What crosses the wire is the core's own values, rebuilt exactly, and nothing else can be."""

from __future__ import annotations

import random

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core
from core.dice import Dice
from core.engine import decode_action, encode_action
from tui.online import codec

PLAYERS = {"solitaire": 1, "objectives": 3, "conquer": 2}


def wire(value):
    """`value` through the codec and msgpack, as a room sends it: equal to what was sent, and
    of the same types all the way down (an event kind is a str too, but a str has no words)."""
    packed = msgpack.packb(codec.encode(value), use_bin_type=True)
    back = codec.decode(msgpack.unpackb(packed, raw=False, strict_map_key=False))
    assert same_types(back, value)
    return back


def same_types(a, b) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(same_types(x, y) for x, y in zip(a, b, strict=True))
    names = getattr(type(a), "__slots__", ())
    return all(same_types(getattr(a, f), getattr(b, f)) for f in names if hasattr(a, f))


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game_id=st.sampled_from(sorted(PLAYERS)),
    seed=st.integers(0, 2**32),
    moves=st.integers(0, 150),
)
def test_views_actions_and_events_of_random_games_cross_the_wire_unchanged(game_id, seed, moves):
    game = core.game(game_id)
    players = PLAYERS[game_id]
    state = game.new(getattr(game, "contract_options", {}), players, seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        assert decode_action(msgpack.unpackb(msgpack.packb(encode_action(action)))) == action
        state = game.apply(state, action)
        events = game.events(state)
        assert wire(events) == events
    for seat in (*range(players), None):
        view = game.observe(state, seat)
        assert wire(view) == view
    if game.outcome(state) is not None:
        assert wire(game.outcome(state)) == game.outcome(state)


def test_a_finished_game_outcome_crosses_the_wire():
    game = core.game("objectives")
    state = game.new({}, 2, 5)
    rng = random.Random(5)
    while game.outcome(state) is None:
        legal = game.legal_actions(state)
        state = game.apply(state, legal[rng.randrange(len(legal))])
    assert wire(game.outcome(state)) == game.outcome(state)
    assert wire(game.observe(state, 1)) == game.observe(state, 1)


def test_a_state_with_its_dice_cannot_be_encoded():
    """The dice seed never leaves the room: the codec knows no `Dice`."""
    game = core.game("conquer")
    state = game.new({}, 2, 1)
    assert isinstance(state.dice, Dice)
    with pytest.raises(codec.CodecError):
        codec.encode(state)


@pytest.mark.parametrize(
    "data",
    [
        {"os.system": ["echo hi"]},
        {"builtins.eval": ["1"]},
        {"conquer.Chit": [1, 2]},  # the wrong number of fields
        {"conquer.kind": "no such event"},
        {"conquer.Chit": [1, 2, 3, 4, 5, 6, 7], "conquer.Native": [1, 2, 3, 4]},
        b"bytes",
        {"conquer.Chit": {"id": 1}},
    ],
)
def test_data_that_names_no_wire_type_is_refused(data):
    with pytest.raises(codec.CodecError):
        codec.decode(data)


def test_an_event_comes_back_with_its_kind_and_its_words():
    game = core.game("conquer")
    state = game.new({}, 2, 3)
    while not game.events(state):
        state = game.apply(state, game.legal_actions(state)[0])
    sent = game.events(state)[0]
    event = wire(game.events(state))[0]
    assert event.kind is sent.kind
    assert event.text == sent.text


def test_data_nested_too_deep_is_refused():
    data: list = []
    for _ in range(100):
        data = [data]
    with pytest.raises(codec.CodecError):
        codec.decode(data)
