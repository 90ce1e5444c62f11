"""Every Vietnam Solitaire rule id in docs/rules/solitaire.md is named by a test, and every kind
of event the game reports is asserted by a rule test, happens in random games, and is worded."""

from __future__ import annotations

import ast
import random
from functools import cache

from core.solitaire import GAME
from core.solitaire.events import SolitaireEvent, pp_change, words
from tests.rule_coverage import ROOT, doc_ids, untested

# Ids with no behaviour of their own, and why.
EXEMPT = {
    "VS-Q3": "region names: data, checked by VS-A1.2",
    "VS-Q4": "die face per region: data, checked through VS-B5.1 and VS-B7.1",
    "VS-Q5": "Trail area names and numbers: data, checked by VS-A1.3 and VS-B1.1",
    "VS-Q38": "a name (Insurgency), no behaviour",
    "VS-Q48": "wording: the B9 roll sets only the restriction (VS-B9.4)",
    "VS-Q55": "the chart extension is VS-H4 data, checked by VS-D3.2",
    "VS-Q56": "a column that does not exist: B7 runs every turn as in the standard game",
    "VS-Q68": "the counter mix: the limits of VS-A1.8",
    "VS-Q69": "one PP number, a naming note",
    "VS-H1": "data table",
    "VS-H2": "data table",
    "VS-H3": "data table",
    "VS-H4": "data table",
    "VS-D6": "decision point list (redeployment is VS-B8.1)",
    "VS-D4": "decision point list (napalm is VS-B4.2)",
    "VS-D5": "decision point list (retreat is VS-B4.8)",
    "VS-D7": "decision point list (removal is VS-B9.4)",
    "VS-D8": "decision point list (D2 setup is VS-D2.1)",
    "VS-D9": "decision point list (D3 adjustment is VS-D3.3)",
    "VS-A1": "section heading",
    "VS-A2": "section heading",
    "VS-B0": "section heading",
    "VS-R1": "dice order",
    "VS-R4": "dice order",
    "VS-R8": "dice order",
}


def test_every_rule_id_has_a_test():
    assert len(doc_ids("solitaire", "VS")) > 100
    assert untested("solitaire", "VS", ["solitaire"], EXEMPT) == []


# --- the events ----------------------------------------------------------------------------------


def kinds_in_assertions() -> set[str]:
    """The `SolitaireEvent` members (`K.UNIT_LOST`, `SolitaireEvent.UNIT_LOST`) named inside an
    `assert` of the game's other test files."""
    named = set()
    for path in (ROOT / "tests" / "solitaire").glob("*.py"):
        if path.name == "test_coverage.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assert):
                named |= {
                    sub.attr
                    for sub in ast.walk(node)
                    if isinstance(sub, ast.Attribute)
                    and isinstance(sub.value, ast.Name)
                    and sub.value.id in ("K", "SolitaireEvent")
                }
    return named


def test_every_event_kind_is_asserted_by_a_rule_test():
    assert len(SolitaireEvent) > 20
    asserted = kinds_in_assertions()
    assert [k.name for k in SolitaireEvent if k.name not in asserted] == []


OPTION_MIXES = (
    {},
    {
        "opt_allied": True,
        "pp_check": "immediate",
        "insurgency_timing": "per_placement",
        "retreat": "any_higher",
    },
    {"opt_historical": True},
    {
        "opt_shortened": True,
        "offensive_no_contact": "none",
        "trail_growth": "sum_2d6",
        "vc_per_turn": 2,
        "b9_region_pp": "map_panel",
    },
)


@cache
def random_game_events() -> tuple:
    """Every event of random games (20 seeds for each option mix), set-ups included."""
    seen = []
    for options in OPTION_MIXES:
        for seed in range(20):
            rng = random.Random(seed)
            done_bias = rng.random()
            s = GAME.new(options, 1, seed)
            seen.extend(s.events)
            while not s.over:
                legal = GAME.legal_actions(s)
                if ("done",) in legal and rng.random() < done_bias:
                    s = GAME.apply(s, ("done",))
                else:
                    s = GAME.apply(s, legal[rng.randrange(len(legal))])
                seen.extend(s.events)
    return tuple(seen)


# what each kind can say, each of which random games must show
VARIANTS = {
    (SolitaireEvent.WAR_OVER, "reason"): {"pp_immediate", "pp_b9", "regions", "turn_cap"},
    (SolitaireEvent.UNIT_WITHDRAWN, "cause"): {"b9", "d3_chart"},
    (SolitaireEvent.INSURGENCY, "timing"): {"batch", "per_placement"},
    (SolitaireEvent.TRAIL_ATTACK_ROLL, "weapon"): {"b52", "gb"},
    (SolitaireEvent.TRAIL_GROWTH_ROLL, "mode"): {"per_die", "sum_2d6"},
    (SolitaireEvent.VC_REGION_ROLL, "reroll"): {True, False},
    (SolitaireEvent.TURN_BEGAN, "historical"): {True, False},
}


def test_random_games_report_every_kind_of_event():
    events = random_game_events()
    happened = {e.kind for e in events}
    assert [k.name for k in SolitaireEvent if k not in happened] == []
    for (kind, name), expected in VARIANTS.items():
        assert {e[name] for e in events if e.kind is kind} == expected, (kind, name)
    steps = {e["steps"] for e in events if e.kind is SolitaireEvent.OFFENSIVE}
    assert {0, 1, 2} <= steps  # VS-Q42 hold, VS-Q42 one step, an attack after an advance
    assert None in {e["region"] for e in events if e.kind is SolitaireEvent.VC_REGION_ROLL}


def test_no_event_is_told_in_words_only():
    """Every fact is a `SolitaireEvent` with plain, hashable values."""
    plain = (int, str, bool, type(None))
    for e in random_game_events():
        assert isinstance(e.kind, SolitaireEvent)
        assert e.seats == (0,)
        hash(e)
        for _, value in e.values:
            assert isinstance(value, plain) or (
                isinstance(value, tuple) and all(isinstance(v, plain) for v in value)
            ), (e.kind, value)
        for kind, index in e.places:  # the map's references: an area 0-19, a Trail area 0-5
            assert kind in ("area", "trail") and 0 <= index < (20 if kind == "area" else 6)


def test_the_narrator_words_every_event_of_real_games():
    worded = set()
    for e in random_game_events():
        told = words(e)
        if e.dice:
            assert isinstance(told, tuple) and len(told) == 3 and all(told), e
            assert e.purpose and e.against and e.result and "rolled" in e.text
        else:
            assert isinstance(told, str) and told.strip(), e
            assert e.text == told
        assert e.to_json()["kind"] == e.kind.value
        worded.add(e.kind)
    assert worded == set(SolitaireEvent)


def test_every_pp_change_has_its_cause_and_they_add_up_to_the_b9_figure():
    """VS-B0.1 / VS-B2..B4 / VS-B9.1: from the PP set at a turn's start to the B9 count, each
    change is told with its cause, and they add up."""
    pp = None
    causes = set()
    for e in random_game_events():
        if e.kind is SolitaireEvent.SET_UP:
            pp = None
        change = pp_change(e)
        if change is None:
            continue
        cause, before, after = change
        causes.add(cause)
        if pp is not None and cause != "new_year":
            assert before == pp, (e.kind, before, pp)
        pp = after
    assert causes == {"new_year", "strike", "purchase", "napalm", "losses", "regions"}
