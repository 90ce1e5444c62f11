"""The engines' scratch copies (core/scratch.py): a state loaded into a Work and frozen again
without a change is the same state, in every game and at every point of a game; and a field the
Work changes reaches the new state."""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

import core
from core.conquer.state import Work as ConquerWork
from core.objectives.state import Work as ObjectivesWork
from core.scratch import copiers
from core.solitaire.state import Work as SolitaireWork

WORKS = {"solitaire": SolitaireWork, "objectives": ObjectivesWork, "conquer": ConquerWork}


def states(game_id: str, seed: int, count: int = 60):
    game = core.game(game_id)
    players = min(game.seats)
    s = game.new(getattr(game, "contract_options", {}), players + (game_id == "objectives"), seed)
    rng = random.Random(seed)
    for _ in range(count):
        if game.to_move(s) is None:
            break
        yield s
        legal = game.legal_actions(s)
        s = game.apply(s, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("game_id", sorted(WORKS))
def test_load_then_freeze_is_the_same_state(game_id):
    for seed in (1, 2):
        for s in states(game_id, seed):
            frozen = WORKS[game_id](s).freeze()
            assert frozen == replace(s, events=()), "a Work frozen without a change differs"
            assert type(frozen) is type(s)


def test_build_takes_given_fields_and_copies_the_rest():
    s = next(states("conquer", 3))
    work = ConquerWork(s)
    work.turn = 7
    given = tuple(f.name for f in fields(s) if f.name in ("money", "events"))
    _, build = copiers(type(s), given)
    built = build(work, (1, 2), ())
    assert built.turn == 7 and built.money == (1, 2) and built.events == ()
    assert built.chits is work.chits and built.rules is s.rules  # the rest as they are


def test_unknown_given_field_is_refused():
    with pytest.raises(ValueError, match="no field"):
        copiers(type(next(states("conquer", 1))), ("nonsense",))


def test_replacer_matches_dataclasses_replace():
    from core.objectives.state import Combat
    from core.scratch import replacer

    combat = next(
        s.combat
        for seed in range(1, 30)
        for s in states("objectives", seed, 200)
        if s.combat is not None and s.combat.line
    )
    fast = replacer(Combat)
    assert fast(combat, {}) == combat
    assert fast(combat, {"round": 3, "line": ()}) == replace(combat, round=3, line=())
    with pytest.raises(TypeError, match="no field"):
        fast(combat, {"nonsense": 1})


def test_maker_builds_what_the_keyword_constructor_builds():
    from core.objectives.view import CombatView, OVView, observe
    from core.scratch import maker

    for s in states("objectives", 4, 200):
        for seat in (0, 1, None):
            view = observe(s, seat)
            slow = OVView(**{f.name: getattr(view, f.name) for f in fields(OVView)})
            assert view == slow and type(view) is OVView
    make = maker(CombatView)
    with pytest.raises(TypeError):
        make(attacker=0)  # every field is required, as in the constructor


def test_maker_refuses_a_class_with_defaults():
    from dataclasses import dataclass

    from core.scratch import maker

    @dataclass(frozen=True, slots=True)
    class Defaulted:
        a: int
        b: int = 2

    with pytest.raises(ValueError, match="defaults"):
        maker(Defaulted)


def test_changer_sets_the_named_fields_and_keeps_the_rest():
    from core.objectives.state import Combat
    from core.scratch import changer

    c = Combat(attacker=1, target=4, score=3, line=(7, 8), bids=((), (2,)), bidder=1)
    change = changer(Combat, ("bids", "bidder"))
    assert change(c, ((5,), ()), 0) == replace(c, bids=((5,), ()), bidder=0)
    assert change(c, c.bids, c.bidder) == c
    with pytest.raises(ValueError, match="no field"):
        changer(Combat, ("nonsense",))


@pytest.mark.parametrize("game_id", sorted(WORKS))
def test_built_states_are_the_frozen_class_and_stay_frozen(game_id):
    """A state built through its slot twin (core.scratch._slot_twin) is of the state's own
    class, equal to and hashing like one made by its constructor, and refuses changes."""
    from dataclasses import FrozenInstanceError

    s = next(states(game_id, 5))
    built = WORKS[game_id](s).freeze()
    assert type(built) is type(s)
    slow = type(s)(**{f.name: getattr(built, f.name) for f in fields(s)})
    assert built == slow and hash(built) == hash(slow)
    with pytest.raises(FrozenInstanceError):
        built.turn = 99


def test_a_class_of_another_layout_is_built_by_its_setters(monkeypatch):
    from dataclasses import dataclass

    import core.scratch
    from core.objectives.state import Combat

    @dataclass(frozen=True, slots=True)
    class Base:
        a: int

    @dataclass(frozen=True, slots=True)
    class Derived(Base):
        b: int

    assert core.scratch._slot_twin(Derived) is None  # slots in two classes: no twin
    c = Combat(attacker=1, target=4, score=3, line=(7, 8))
    fast = core.scratch.changer(Combat, ("round",))
    monkeypatch.setattr(core.scratch, "_slot_twin", lambda state_class: None)
    slow = core.scratch.changer(Combat, ("round",))
    assert slow(c, 2) == fast(c, 2) == replace(c, round=2)
    assert type(slow(c, 2)) is Combat
