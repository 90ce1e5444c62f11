"""Agents by name, budgets, and the generic search on the test game."""

from __future__ import annotations

import random
import threading
import time

import pytest

import ai
from ai.base import Budget, RandomAgent
from ai.mcts import MCTSAgent
from ai.play import play_game, play_steps
from tests.tinygame import GAME as DUEL


def test_agents_by_name():
    assert isinstance(ai.agent("random"), RandomAgent)
    assert ai.agent("mcts:easy").name == "mcts:easy"
    assert ai.agent("mcts").name == "mcts:normal"
    assert ai.agent("mcts", "hard").name == "mcts:hard"
    assert ai.agent("rules").name == "rules"


@pytest.mark.parametrize("bad", ["wizard", "mcts:godlike", "random:hard", ""])
def test_unknown_agent_names_are_clear_errors(bad):
    with pytest.raises(ai.AgentError, match=r"unknown|no levels"):
        ai.agent(bad)


def test_budget_limits():
    assert Budget(iterations=3).exhausted(3)
    assert not Budget(iterations=3).exhausted(2)
    assert Budget.seconds(0).exhausted(0)
    b = Budget()
    assert not b.exhausted(10**6)
    b.cancel.set()
    assert b.exhausted(0)


def test_mcts_is_reproducible_with_an_iteration_budget():
    state = DUEL.new({}, 2, 9)
    view = DUEL.observe(state, 0)
    legal = DUEL.legal_actions(state)
    agent = MCTSAgent(300)
    first = agent.analyse(DUEL, view, legal, Budget(), random.Random(5))
    again = agent.analyse(DUEL, view, legal, Budget(), random.Random(5))
    assert first == again
    assert abs(sum(share for _, share in first) - 1.0) < 1e-9


def test_mcts_answers_promptly_when_cancelled():
    state = DUEL.new({}, 2, 9)
    budget = Budget()
    agent = MCTSAgent(10**9)
    timer = threading.Timer(0.05, budget.cancel.set)
    timer.start()
    started = time.monotonic()
    action = agent.choose(
        DUEL, DUEL.observe(state, 0), DUEL.legal_actions(state), budget, random.Random(1)
    )
    assert time.monotonic() - started < 2.0
    assert action in DUEL.legal_actions(state)


def test_mcts_beats_random_at_dice_duel():
    """Search must be worth something: over 60 seat-swapped games it outscores random play."""
    score = 0.0
    for seed in range(30):
        for mcts_seat in (0, 1):
            agents = [RandomAgent(), RandomAgent()]
            agents[mcts_seat] = MCTSAgent(150)
            result = play_game(DUEL, agents, seed)
            score += result.outcome.returns[mcts_seat]
    assert score / 60 > 0.6


def test_a_plan_is_searched_once_a_turn_and_then_followed():
    """Conquer's search picks a plan at a player's first decision of a turn; the player's later
    decisions that turn follow it without searching again; the next turn searches anew."""
    import core

    game = core.game("conquer")
    agent = MCTSAgent(8)
    searches = []
    real = agent.plan_search

    def counting(game, view, *args):
        searches.append(view.state.turn)
        return real(game, view, *args)

    agent.plan_search = counting
    turns_decided = set()
    for move in play_steps(game, [agent, ai.agent("rules")], 3, {"turn_limit": 10}):
        if move.seat == 0 and move.chosen:
            turns_decided.add(game.turn(move.before))
        if game.turn(move.after) > 3:
            break
    assert searches == sorted(turns_decided) and len(searches) >= 2
