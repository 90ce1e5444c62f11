"""Every Objective: Conquer rule id in docs/rules/conquer.md is named by a test; every kind of
event the game reports is checked by a rule test, occurs in play, and is put into words."""

from __future__ import annotations

import ast
import random
from pathlib import Path

from ai import agent
from ai.base import Budget
from ai.play import play_steps
from core.conquer import GAME
from core.conquer.events import DIES, ConquerEvent
from tests.rule_coverage import doc_ids, untested

EXEMPT = {
    **{f"OC-{n}": "section heading" for n in range(3, 14)},
    "OC-H10": "a table of terrain roles derived from the rules (no behaviour of its own)",
    "OC-Q1": "web-page clutter",
    "OC-Q3": "the phase headings: the phase order is checked by OC-2.1",
    "OC-Q9": "'occupied' is a display word",
    "OC-Q33": "the lost Heirs appendix: not implemented",
    "OC-Q74": "typos",
    "OC-Q75": "typos",
    "OC-Q76": "no money transfers: there is no action for one",
    "OC-Q81": "Meadow's role: the terrain changes (OC-H7)",
    "OC-Q82": "flavour",
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("conquer", "OC")) > 150
    assert untested("conquer", "OC", ["conquer", "ai"], EXEMPT) == []


# --- the events ----------------------------------------------------------------------------------

TESTS = Path(__file__).resolve().parent
CHECKERS = ("fact", "facts")  # tests/conquer/helpers.py: find a kind's events (`fact`: exactly one)


def kinds_asserted(source: str) -> set[str]:
    """The `ConquerEvent` members (written `E.NAME` or `ConquerEvent.NAME`) that a test module
    names inside an `assert`, or looks up with `fact`/`facts` to assert on what it finds."""
    named = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assert):
            scopes = [node]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in CHECKERS
        ):
            scopes = node.args
        else:
            continue
        for scope in scopes:
            for inner in ast.walk(scope):
                if (
                    isinstance(inner, ast.Attribute)
                    and isinstance(inner.value, ast.Name)
                    and inner.value.id in ("E", "ConquerEvent")
                ):
                    named.add(inner.attr)
    return named


def test_every_event_kind_is_checked_by_a_rule_test():
    named = set()
    for path in TESTS.glob("test_*.py"):
        named |= kinds_asserted(path.read_text())
    assert sorted(k.name for k in ConquerEvent if k.name not in named) == []


def test_the_kind_scan_sees_assertions_only():
    source = "x = E.BATTLE\nassert fact(s, E.ARMY_LOST)['chit'] == 1\nfacts(s, E.SETUP)\n"
    assert kinds_asserted(source) == {"ARMY_LOST", "SETUP"}


# Option mixes under which every kind can happen by chance (a castle taken needs `capture`, a
# debt paid in army points `disband`, a hunting native `hunting`, ...).
MIXES = (
    {"castle_capture": "capture", "bankruptcy": "disband", "two_to_twelve": "2d6"},
    {"natives_policy": "hunting", "natives_on_discovery_chance": 3, "cave_table": "1-2/3-5/6"},
    {"native_loot": False, "casualties": "totals_diff", "order_types": "list_only"},
)


def played_steps(games: int):
    """(money before, money after, the events between) for every step of seeded games (the
    set-up, then each action; rule-based and random seats, the natives by their own agent, the
    option mixes in turn), game by game until every kind has been seen."""
    seen: set = set()
    for n in range(games):
        players = 2 + n // 3 % 3
        options = {"turn_limit": 40, **MIXES[n % 3]}
        names = ["rules" if seat == 0 or n // 9 % 2 else "random" for seat in range(players)]
        start = GAME.new(options, players, n)
        steps = [((start.rules.start_money_cents,) * players, start.money, start.events)]
        for move in play_steps(GAME, [agent(x) for x in names], n, options, Budget):
            steps.append((move.before.money, move.after.money, move.after.events))
        yield from steps
        seen.update(e.kind for _, _, events in steps for e in events)
        if seen == set(ConquerEvent):
            return


def plain(value) -> bool:
    if isinstance(value, tuple):
        return all(plain(v) for v in value)
    return value is None or isinstance(value, bool | int | str)


def test_every_kind_happens_in_play_as_plain_data_and_is_put_into_words():
    """Each event: a ConquerEvent, plain hashable values, `("hex", h)`
    places on the board, seats that exist (the natives' seat after the players'), dice on the
    die kinds only, and words: a sentence, or a die's purpose, against and result. Every change
    of a treasury is told: the events' `cents` add up to it, seat by seat."""
    seen = set()
    for before, after, events in played_steps(120):
        told = [0] * len(before)
        for e in events:
            if e.get("cents"):
                told[e.seats[0]] += e["cents"]
        assert [b + t for b, t in zip(before, told, strict=True)] == list(after), events
        for e in events:
            check_event(e)
            seen.add(e.kind)
    assert sorted(k.name for k in set(ConquerEvent) - seen) == []


def check_event(e) -> None:
    """One event as data: its kind, plain values, places, seats, dice and words."""
    assert isinstance(e.kind, ConquerEvent)
    assert all(isinstance(k, str) and plain(v) for k, v in e.values), e
    hash(e)
    radius = e.get("radius")
    size = 3 * radius * (radius + 1) + 1 if radius else 0
    assert all(tag == "hex" and 0 <= h < size for tag, h in e.places), e
    assert all(0 <= seat <= 6 for seat in e.seats), e
    assert bool(e.dice) == (e.kind in DIES), e
    if e.dice:
        assert e.purpose.strip() and e.against.strip() and e.result.strip(), e
    else:
        assert e.text.strip() and not e.purpose, e


def test_random_games_emit_only_conquer_kinds():
    """Random legal play, any option mix: every event is a ConquerEvent."""
    rng = random.Random(7)
    for n in range(12):
        state = GAME.new({"turn_limit": 8, **MIXES[n % len(MIXES)]}, 2 + n % 5, n)
        events = list(GAME.events(state))
        while not state.over:
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[rng.randrange(len(legal))])
            events.extend(GAME.events(state))
        assert events and all(isinstance(e.kind, ConquerEvent) for e in events)
        assert all(type(e.kind) is ConquerEvent for e in events)
