"""Fairness: MCTS decides from the acting seat's view alone, in every game.

Two states that share the acting seat's view (the same table, hand and history as that seat saw
them) but differ in what it cannot see (the other hands and bids, the decks, the dice seed) must
get the same decision from a search with a fixed seed and a fixed iteration budget.

The test is shown to have teeth by a deliberate cheat: `peeking` is the same search, except that
its sampled "worlds" are the true state. It must fail the same check.
"""

from __future__ import annotations

import random

import pytest

import core
from ai import agent as make_agent
from ai.base import Budget
from ai.mcts import MCTSAgent
from ai.play import play_steps
from core.engine import parse_option_assignments

ITERATIONS = {"solitaire": 60, "objectives": 60, "conquer": 40}
PLAYERS = {"solitaire": 1, "objectives": 3, "conquer": 2}
OPTIONS = {"solitaire": [], "objectives": [], "conquer": ["turn_limit=40"]}
SPACING = {"solitaire": 7, "objectives": 7, "conquer": 41}  # decisions between positions


def honest(game, state, iterations: int):
    return MCTSAgent(iterations), game


def peeking(game, state, iterations: int):
    """The canary: the same search, but every world it "samples" is the true state."""
    return MCTSAgent(iterations, "peeking"), _TrueWorld(game, state)


class _TrueWorld:
    """The game, except that every "sampled" world is the true state."""

    def __init__(self, game, state) -> None:
        self._game = game
        self._state = state

    def __getattr__(self, name):
        return getattr(self._game, name)

    def determinize(self, view, rng):
        self._game.determinize(view, rng)  # draw what an honest sample draws
        return self._state


def positions(game_id: str, count: int = 6):
    """Decision points of the first seat in rule-based games, spread over each game."""
    game = core.game(game_id)
    options = parse_option_assignments(game.options, OPTIONS[game_id])
    rules = [make_agent("rules")] * PLAYERS[game_id]
    found = []
    seed = 1
    while len(found) < count:
        decisions = 0
        for move in play_steps(game, rules, seed, options):
            if move.seat == 0 and move.chosen:
                decisions += 1
                if decisions % SPACING[game_id] == 3:
                    found.append(move.before)
                    if len(found) == count:
                        break
        seed += 1
    return game, found


def twin(game, state, k: int):
    """A state the acting seat cannot tell from `state`: its hidden parts sampled afresh."""
    seat = game.to_move(state)
    other = game.determinize(game.observe(state, seat), random.Random(1000 + k))
    assert game.observe(other, seat) == game.observe(state, seat)
    assert other != state  # something hidden differs (at least the dice seed)
    return other


def decision(game, state, player, iterations: int):
    """The move chosen, and the search's whole verdict (each move with its share)."""
    seat = game.to_move(state)
    view, legal = game.observe(state, seat), game.legal_actions(state)
    agent, world = player(game, state, iterations)
    move = agent.choose(world, view, legal, Budget(), random.Random(7))
    agent, world = player(game, state, iterations)
    verdict = agent.analyse(world, view, legal, Budget(), random.Random(7))
    return move, verdict


def mismatches(game_id: str, player) -> list:
    game, states = positions(game_id)
    iterations = ITERATIONS[game_id]
    out = []
    for i, state in enumerate(states):
        first = decision(game, state, player, iterations)
        for k in range(2):
            other = twin(game, state, 10 * i + k)
            if decision(game, other, player, iterations) != first:
                out.append((i, k))
    return out


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
def test_mcts_decides_the_same_whatever_it_cannot_see(game_id):
    """DESIGN: the AI sees only views; hidden cards, bids and the dice seed change nothing."""
    assert mismatches(game_id, honest) == []


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
def test_the_invariance_check_catches_a_peeking_search(game_id):
    assert mismatches(game_id, peeking), "a search of the true state must differ somewhere"
