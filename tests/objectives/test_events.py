"""Objectives: Vietnam tells what happened as data: every event has a kind of `ObjectivesEvent`,
plain values, and words from the one narrator (core/objectives/events.py)."""

from __future__ import annotations

import json
import random
from functools import cache

from ai import agent
from ai.base import Budget
from ai.play import play_game
from core.engine import Event
from core.objectives import GAME
from core.objectives.events import ObjectivesEvent as K
from core.objectives.events import end_reason, words

# Kinds that random play does not reach, and why (each is emitted in a rule test).
RARE = {
    K.OBJECTIVES_DECK_EMPTY: "the deck runs out only once every objective is taken or in the pool",
}


@cache
def played_events() -> tuple[Event, ...]:
    """Every event of random games at every player count and of rule-based games (which the
    team wins), in order."""
    out: list[Event] = []
    for players in range(1, 7):
        for seed in range(8):
            s = GAME.new({}, players, seed)
            out.extend(s.events)
            rng = random.Random(seed)
            while not s.over:
                legal = GAME.legal_actions(s)
                s = GAME.apply(s, legal[rng.randrange(len(legal))])
                out.extend(s.events)
    for players in (1, 2, 4):
        for seed in range(4):
            play_game(
                GAME,
                [agent("rules") for _ in range(players)],
                seed,
                budget=lambda: Budget(),
                on_step=lambda step: out.extend(step.state.events),
            )
    return tuple(out)


def plain(value, nested: bool = True) -> bool:
    """None, a bool, an int, a str, or (one level deep) a tuple of them."""
    if value is None or isinstance(value, bool | int | str):
        return True
    return nested and isinstance(value, tuple) and all(plain(x, False) for x in value)


def test_every_event_is_a_fact_of_the_game_with_plain_values():
    events = played_events()
    assert len(events) > 5000
    for e in events:
        assert isinstance(e.kind, K), e.kind
        assert all(isinstance(name, str) and plain(v) for name, v in e.values), e
        assert all(isinstance(seat, int) for seat in e.seats), e
        assert all(p[0] in ("pool", "seat", "nva") and isinstance(p[1], int) for p in e.places)
        hash(e)
        assert json.loads(json.dumps(e.to_json())) == e.to_json()  # a trace reads back the same


def test_every_kind_that_can_happen_by_chance_happens_in_played_games():
    seen = {e.kind for e in played_events()}
    assert seen == set(K) - set(RARE)


def rare_events() -> tuple[Event, ...]:
    """The events of a turn that starts with the Objectives deck empty (OV-Q8)."""
    from dataclasses import replace

    from tests.objectives.helpers import Cards, play, table

    cards = Cards()
    s = table(cards, hands=[(), ()], pool=[(cards.obj("hue"), 0)])
    return play(replace(s, obj_deck=()), ("end",)).events


def test_the_narrator_words_every_event_of_played_games():
    """No kind without words, no empty sentence; the dealer's die has a purpose, what it was
    compared against, and a result."""
    events = (*played_events(), *rare_events())
    assert {e.kind for e in events} == set(K)
    for e in events:
        said = words(e)
        if e.dice:
            assert e.kind is K.DEALER and len(said) == 3 and all(said), e
            assert e.purpose == "Dealer" and e.result.startswith("Player ")
        else:
            assert isinstance(said, str) and said.endswith((".", "!")), e
        assert e.text and e.to_json()["kind"] == e.kind.value


def test_the_narrator_tells_the_facts_in_the_logs_words():
    """The sentences of the log, word for word, from the events' values."""
    from core.engine import event

    cases = [
        (
            event(K.ATTACK_DECLARED, seats=(1,), target=0, score=6, dealt=4),
            "Player 2 attacks Hue Citadel: 6 NVA cards are dealt face down "
            "(only 4 could be dealt).",
        ),
        (
            event(K.OBJECTIVE_TAKEN, seats=(0,), target=17, points=1, team=11, needed=20),
            "Bien Hoa is taken! Player 1 scores 1 (team 11 of 20).",
        ),
        (
            event(K.OBJECTIVE_HOLDS, seats=(0,), target=17, tokens=2, cause="lost"),
            "Bien Hoa holds: it gets a token (now 2).",
        ),
        (event(K.OVERRUN, nva=4, fw=2), "NVA 4 against Free World 2: overrun!"),
        (event(K.ROUND_TOTALS, nva=3, fw=4), "NVA 3 against Free World 4."),
        (event(K.BIDS_REVEALED, bids=(), bidders=()), "Bids revealed — nothing was bid."),
        (
            event(K.BIDS_REVEALED, bids=(30, 0), bidders=(0, 1)),
            "Bids revealed — Player 1: Marine Company (3), Player 2: Regional Forces (1).",
        ),
        (event(K.BIDS_COUNTED, seats=(2,), count=1), "Player 3 has bid 1 card."),
        (
            event(K.ATTACK_DECLARED, seats=(0,), target=17, score=1, dealt=1),
            "Player 1 attacks Bien Hoa: 1 NVA card is dealt face down.",
        ),
        (
            event(K.OBJECTIVE_REVEALED, seats=(0,), card=17, pool=1, weariness=0),
            "Objective revealed: Bien Hoa (NVA 1, value 1). The pool holds 1 card; "
            "war weariness +0.",
        ),
        (event(K.FW_RESHUFFLED, cards=1), "The Free World discard (1 card) is shuffled into a "
         "new deck."),
        (
            event(K.REINFORCEMENTS_DRAWN, seats=(1,), cards=1),
            "Player 2 draws 1 reinforcement card face down to hand out.",
        ),
        (
            event(K.ATTACK_CALLED_OFF, seats=(1,), target=17, discarded=1),
            "Player 2 calls off the attack and discards 1 card.",
        ),
        (
            event(K.HANDS_DEALT, cards=1, first=0),
            "Each player is dealt 1 Free World card. Player 1 begins.",
        ),
        (event(K.TURN_STARTED, seats=(0,), turn=3, drawn=2), "Turn 3: Player 1 draws 2 Free "
         "World cards."),
        (event(K.PASSED, seats=(0,), drawn=0), "Player 1 takes no Free World card and passes."),
        (
            event(K.GAME_WON, cause="pool_limit", pool=10),
            "The game wins: the War Weariness pool reached 10 cards.",
        ),
        (
            event(K.TEAM_WON, cause="team_target", points=20, needed=20),
            "The players win: their objectives are worth 20 of the 20 needed.",
        ),
    ]  # fmt: skip
    for e, sentence in cases:
        assert e.text == sentence


def test_OV_7_1_the_end_reason_of_the_outcome_is_the_events_words():
    assert end_reason("turn_cap", turns=1000) == "the war dragged on past 1000 turns (OV-Q50)"
    assert end_reason("no_objectives") == "no objectives are left to take (OV-Q8)"


def test_the_action_list_counts_a_single_bid_card_in_the_singular():
    from core.objectives import GAME
    from core.objectives.state import BID
    from tests.objectives.helpers import Cards, play, table

    cards = Cards()
    target = cards.obj("bienhoa")
    hands = [cards.hand("airborne", "rf", "rf"), cards.hand("rf")]
    s = table(cards, hands=hands, pool=[(target, 0)], nva_top=[cards.nva("guerrillas")])
    s = play(s, ("attack", target), ("continue",), ("bid", "airborne"))
    assert s.phase == BID
    assert GAME.describe(s, ("bid_done",)) == "Done bidding (1 card)"
    s = play(s, ("bid", "rf"))
    assert GAME.describe(s, ("bid_done",)) == "Done bidding (2 cards)"
