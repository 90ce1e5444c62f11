"""The Objectives forecast: the chance the War Weariness pool is full when this turn or the next
ends (OV-3.7, the NVA win), from one seat's view."""

from __future__ import annotations

import random

from ai.forecast_objectives import pool_forecast
from core.objectives import GAME
from core.objectives.cards import OBJECTIVE_TYPES
from tests.objectives.helpers import Cards, table

# objectives with one copy each (a reveal of these is never a duplicate)
SINGLES = [t.key for t in OBJECTIVE_TYPES if t.copies == 1 and t.key != "bienhoa"]


def pool_of(cards: Cards, size: int, first: str | None = None) -> list:
    keys = ([first] if first else []) + SINGLES[: size - (1 if first else 0)]
    return [(cards.obj(key), 0) for key in keys]


def forecast(state, seat=0, seed=1):
    return pool_forecast(GAME.observe(state, seat), random.Random(seed))


def test_a_pool_two_short_of_its_limit_cannot_fill_by_the_next_turns_end():
    cards = Cards()
    s = table(cards, hands=[cards.hand("rf"), cards.hand("rf")], pool=pool_of(cards, 8))
    result = forecast(s)
    assert result.chance == 0 and not result.possible
    assert result.by_turn == s.turn + 1


def test_a_full_pool_and_nothing_to_fight_with_is_the_nva_win_at_this_turns_end():
    """OV-3.7: ten cards in the pool when the turn ends, and the game wins."""
    cards = Cards()
    s = table(cards, players=3, hands=[(), (), ()], pool=pool_of(cards, 10))
    result = forecast(s)
    assert result.possible and result.chance == 1.0


def test_a_hand_that_can_take_an_objective_lowers_the_danger():
    cards = Cards()
    strong = cards.hand("arclight", "arclight", "aircav", "aircav", "aircav")
    s = table(cards, players=3, hands=[strong, (), ()], pool=pool_of(cards, 10, "bienhoa"))
    result = forecast(s)
    assert result.possible and result.chance < 0.75


def test_the_same_view_and_seed_give_the_same_forecast_whatever_is_hidden():
    """Another seat's hand is hidden: two tables that differ only there forecast alike."""
    cards = Cards()
    pool = pool_of(cards, 9)
    mine = cards.hand("marines", "arvn")
    one = table(cards, hands=[mine, cards.hand("aircav", "arclight")], pool=pool)
    other = table(cards, hands=[mine, cards.hand("rf", "rf")], pool=pool)
    assert GAME.observe(one, 0) == GAME.observe(other, 0)
    assert forecast(one) == forecast(other)
    assert forecast(one).possible
