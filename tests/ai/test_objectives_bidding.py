"""How much the Objectives: Vietnam players bid (OV-4.2, OV-D4): what the fight needs, not the
whole hand on a small objective, and a partner's help where the attacker cannot win alone. Each
position is named; the search runs at normal's settings with a small fixed budget and fixed rng
seeds, so every case is quick and repeatable."""

from __future__ import annotations

import random

import pytest

from ai.base import Budget
from ai.mcts import MCTSAgent
from ai.objectives import RulesAgent
from core.objectives import GAME
from core.objectives.cards import FW_IS_COMBAT, FW_STRENGTH, objective
from core.objectives.state import BID
from tests.objectives.helpers import Cards, play, table

SEARCH_ITERATIONS = 120


def search():
    return MCTSAgent(SEARCH_ITERATIONS, level="normal")


def bid_of(state, agent, rng_seed: int = 0):
    """The cards the seat now bidding puts in this round, by `agent` deciding card by card."""
    seat = state.combat.bidder
    rng = random.Random(rng_seed)
    before = len(state.hands[seat])
    while state.phase == BID and state.combat.bidder == seat:
        legal = GAME.legal_actions(state)
        state = GAME.apply(
            state, agent.choose(GAME, GAME.observe(state, seat), legal, Budget(), rng)
        )
    return before - len(state.hands[seat]), state


def combat_cards(state, seat) -> int:
    return sum(1 for c in state.hands[seat] if FW_IS_COMBAT[c])


def seed5_tan_son_nhut():
    """3 players, seed 5, turn 1: Player 3 attacks Tan Son Nhut (2 NVA cards, 3 points) holding
    Regional Forces, two ARVN Infantry, Airborne Battalion, Air Cavalry and Hearts and Minds
    (five combat cards, 14 strength). A search bid all five here."""
    s = GAME.new({}, 3, 5)
    target = next(c for c, _ in s.pool if objective(c).key == "tsn")
    s = play(s, ("attack", target), ("continue",))
    assert s.combat.score == 2 and s.combat.bidder == 2 and combat_cards(s, 2) == 5
    return s


def small_objective_full_hand():
    """2 players: Player 1 attacks Bien Hoa (1 NVA card, 1 point) holding Arc Light Strike, Air
    Cavalry, Airborne Battalion, Marine Company and ARVN Infantry."""
    cards = Cards()
    target = cards.obj("bienhoa")
    hand = cards.hand("arclight", "aircav", "airborne", "marines", "arvn")
    s = table(cards, hands=[hand, cards.hand("arvn", "rf", "rf")], pool=[(target, 0)])
    return play(s, ("attack", target), ("continue",))


def partner_needed():
    """2 players: Player 1 attacks Kontum (2 NVA cards, 2 points) holding two Regional Forces and
    bids both; Player 2, holding Airborne Battalion, Marine Company, ARVN Infantry and Regional
    Forces, is to bid: 2 strength cannot hold off two NVA cards (5.6 expected)."""
    cards = Cards()
    target = cards.obj("kontum")
    hands = [cards.hand("rf", "rf"), cards.hand("airborne", "marines", "arvn", "rf")]
    s = table(cards, hands=hands, pool=[(target, 0)])
    s = play(s, ("attack", target), ("continue",), ("bid", "rf"), ("bid", "rf"))
    assert s.combat.bidder == 1
    return s


@pytest.mark.parametrize("rng_seed", [0, 1, 2])
def test_search_bids_what_a_2_card_objective_needs_not_the_whole_hand(rng_seed):
    """Seed 5's Tan Son Nhut: one to three cards of five, 4 to 9 strength (the line's two cards
    average 5.6; an overrun needs twice the bid)."""
    s = seed5_tan_son_nhut()
    hand = s.hands[2]
    count, after = bid_of(s, search(), rng_seed)
    spent = sum(FW_STRENGTH[c] for c in hand) - sum(FW_STRENGTH[c] for c in after.hands[2])
    assert 1 <= count <= 3, count
    assert 4 <= spent <= 9, spent


def test_rule_based_bids_what_a_2_card_objective_needs():
    s = seed5_tan_son_nhut()
    count, _ = bid_of(s, RulesAgent())
    assert 1 <= count <= 2


@pytest.mark.parametrize("agent", [RulesAgent(), search()], ids=["rules", "mcts"])
def test_a_1_card_objective_takes_one_or_two_cards_of_a_strong_hand(agent):
    count, _ = bid_of(small_objective_full_hand(), agent)
    assert 1 <= count <= 2


@pytest.mark.parametrize("agent", [RulesAgent(), search()], ids=["rules", "mcts"])
def test_a_partner_helps_a_fight_the_attacker_cannot_win_alone(agent):
    """The team gains a won objective; the helper keeps most of its hand."""
    count, after = bid_of(partner_needed(), agent)
    assert 1 <= count <= 3, count
    assert after.hands[1], "the whole hand for a 2-point objective"
