"""The contract every game must pass (see DESIGN.md, "The Game contract").

Each `check_*` takes a game and raises AssertionError with a reason when the game breaks the
contract. `tests/test_contract.py` runs them over every registered game and the test game, and
proves they bite by running them on deliberately broken copies of the test game.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from dataclasses import dataclass, replace
from typing import Any

from core.engine import IllegalAction, decode_action, encode_action

SEEDS = range(50)
DEFAULT_ACTION_BOUND = 20_000
ILLEGAL = ("__no_such_action__", -1)


@dataclass(frozen=True)
class Playthrough:
    seed: int
    players: int
    states: tuple  # states[i + 1] = apply(states[i], actions[i])
    actions: tuple


def players_for(game, seed: int) -> int:
    counts = list(game.seats)
    return counts[seed % len(counts)]


def action_bound(game) -> int:
    return getattr(game, "contract_action_bound", DEFAULT_ACTION_BOUND)


def play_random(game, seed: int, options: dict | None = None) -> Playthrough:
    """Random legal play from `seed` until the game ends (or the bound is hit)."""
    players = players_for(game, seed)
    rng = random.Random(seed)
    options = options if options is not None else getattr(game, "contract_options", {})
    state = game.new(options, players, seed)
    states, actions = [state], []
    for _ in range(action_bound(game)):
        if game.outcome(state) is not None:
            break
        legal = game.legal_actions(state)
        action = legal[rng.randrange(len(legal))]
        state = game.apply(state, action)
        states.append(state)
        actions.append(action)
    return Playthrough(seed, players, tuple(states), tuple(actions))


_cache: dict[int, list[Playthrough]] = {}


def playthroughs(game) -> list[Playthrough]:
    key = id(game)
    if key not in _cache:
        _cache[key] = [play_random(game, seed) for seed in SEEDS]
    return _cache[key]


def sample_states(game, every: int = 7):
    """A spread of (playthrough, index, state) positions from the random games."""
    for p in playthroughs(game):
        for i in range(0, len(p.states), every):
            yield p, i, p.states[i]
        yield p, len(p.states) - 1, p.states[-1]


# --- the checks ----------------------------------------------------------------------------------


def check_reaches_outcome(game) -> None:
    """Random legal play from many seeds ends with an outcome within the bound."""
    for p in playthroughs(game):
        final = p.states[-1]
        outcome = game.outcome(final)
        assert outcome is not None, (
            f"seed {p.seed}: no outcome after {len(p.actions)} random actions"
        )
        assert game.to_move(final) is None, f"seed {p.seed}: game over but someone is to move"
        assert game.legal_actions(final) == (), f"seed {p.seed}: legal actions after the end"
        assert len(outcome.returns) == p.players, f"seed {p.seed}: one return per seat expected"
        assert isinstance(outcome.sentence, str) and outcome.sentence


def check_legal_while_running(game) -> None:
    """Until the end there is always someone to move and at least one legal action."""
    for p, _, s in sample_states(game):
        if game.outcome(s) is None:
            assert game.to_move(s) is not None, f"seed {p.seed}: running game with nobody to move"
            legal = game.legal_actions(s)
            assert legal, f"seed {p.seed}: running game with no legal action"
            assert len(set(legal)) == len(legal), f"seed {p.seed}: duplicate legal actions"


def check_apply_pure(game) -> None:
    """`apply` never mutates the state it is given."""
    for p in playthroughs(game)[:10]:
        for state, action in zip(p.states, p.actions, strict=False):
            before = pickle.dumps(state)
            twin = copy.deepcopy(state)
            game.apply(state, action)
            assert pickle.dumps(state) == before, f"seed {p.seed}: apply changed its input"
            assert state == twin, f"seed {p.seed}: apply changed its input"


def check_illegal_raises(game) -> None:
    """An action that is not legal raises IllegalAction, with a reason."""
    for p, _, s in sample_states(game, every=11):
        for bad in (ILLEGAL, ("done", "extra", 99), ()):
            if bad in game.legal_actions(s):
                continue
            try:
                game.apply(s, bad)
            except IllegalAction as err:
                assert str(err), "IllegalAction must say why"
            else:
                raise AssertionError(f"seed {p.seed}: apply accepted the illegal action {bad!r}")


def check_deterministic(game) -> None:
    """The same seed and the same actions give equal states."""
    for p in playthroughs(game)[:20]:
        state = game.new(getattr(game, "contract_options", {}), p.players, p.seed)
        assert state == p.states[0], f"seed {p.seed}: new() is not deterministic"
        for i, action in enumerate(p.actions):
            state = game.apply(state, action)
            assert state == p.states[i + 1], f"seed {p.seed}: action {i} gave a different state"


def check_search_applies(game) -> None:
    """The search's shortcuts play the same game: `apply_unchecked` gives apply's state, and a
    quiet apply (`apply_quiet`) the same state with no events."""
    for p in playthroughs(game)[:10]:
        for state, action, after in zip(p.states, p.actions, p.states[1:], strict=False):
            if hasattr(game, "apply_unchecked"):
                assert game.apply_unchecked(state, action) == after, (
                    f"seed {p.seed}: apply_unchecked gave another state than apply"
                )
            if hasattr(game, "apply_quiet"):
                quiet = game.apply_quiet(state, action)
                assert quiet.events == (), f"seed {p.seed}: a quiet apply recorded events"
                assert quiet == replace(after, events=()), (
                    f"seed {p.seed}: a quiet apply gave another state than apply"
                )


def check_observe_roundtrip(game) -> None:
    """Views are hashable, and a determinization of a view looks the same to its seat."""
    rng = random.Random(12345)
    for p, i, s in sample_states(game):
        for seat in _seats(game, s, p.players):
            view = game.observe(s, seat)
            hash(view)
            world = game.determinize(view, rng)
            again = game.observe(world, seat)
            assert again == view, (
                f"seed {p.seed} step {i} seat {seat}: observe(determinize(view)) != view"
            )
            assert game.legal_actions(world) == game.legal_actions(s) or seat != game.to_move(s), (
                f"seed {p.seed} step {i}: the mover's legal actions differ in a determinization"
            )


def check_determinize_varies(game) -> None:
    """Different rng seeds give different determinizations (the dice seed at least is hidden)."""
    for p, i, s in sample_states(game, every=13):
        for seat in _seats(game, s, p.players):
            view = game.observe(s, seat)
            a = game.determinize(view, random.Random(1))
            b = game.determinize(view, random.Random(2))
            assert a != b, f"seed {p.seed} step {i} seat {seat}: determinizations are identical"
            assert game.determinize(view, random.Random(1)) == a, "determinize must follow its rng"


def check_dice_in_events(game) -> None:
    """Every number drawn from the dice appears in the events of the action that drew it."""
    for p in playthroughs(game):
        for i, (before, after) in enumerate(zip(p.states, p.states[1:], strict=False)):
            drawn = after.dice.counter - before.dice.counter
            shown = sum(e.draws for e in game.events(after))
            assert drawn == shown, (
                f"seed {p.seed} action {i} {p.actions[i]!r}: drew {drawn} numbers, "
                f"events show {shown}"
            )


def check_actions_encode(game) -> None:
    """Actions survive the save encoding, and every legal action has a description."""
    for _, _, s in sample_states(game, every=5):
        for a in game.legal_actions(s):
            data = encode_action(a)
            json.dumps(data)
            assert decode_action(data) == a, f"{a!r} does not survive encoding"
            text = game.describe(s, a)
            assert isinstance(text, str) and text, f"{a!r} has no description"


def check_to_json(game) -> None:
    """`to_json(view)` is plain JSON data."""
    for p, _, s in sample_states(game, every=17):
        for seat in _seats(game, s, p.players):
            json.dumps(game.to_json(game.observe(s, seat)))


def _seats(game, state: Any, players: int) -> list[int]:
    seats = list(range(players))
    mover = game.to_move(state)
    if mover is not None and mover not in seats:
        seats.append(mover)
    return seats


CHECKS = (
    check_reaches_outcome,
    check_legal_while_running,
    check_apply_pure,
    check_illegal_raises,
    check_deterministic,
    check_search_applies,
    check_observe_roundtrip,
    check_determinize_varies,
    check_dice_in_events,
    check_actions_encode,
    check_to_json,
)
