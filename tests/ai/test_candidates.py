"""The search by candidate moves (ai/mcts.py `candidate_search`): policy improvement by rollouts
with common random numbers, used by Vietnam Solitaire. It keeps the default (rule-based) move
unless a challenger is better by more than the noise, and finds a clearly better one."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

import pytest

import core
from ai import mcts
from ai.base import Budget
from ai.mcts import GameHooks, MCTSAgent
from ai.solitaire import candidates, choose_action
from core.engine import Outcome
from core.solitaire.state import BUILD
from tests.tinygame import GAME as DUEL
from tests.tinygame import ROLL, STAND


@pytest.fixture
def duel_by_candidates(monkeypatch):
    """Dice Duel searched by candidates: `default` names the move listed first."""

    def use(default):
        hooks = GameHooks(
            rollout_policy=lambda game, s, rng: STAND,  # the rest of the game: everyone stands
            evaluate=None,
            candidates=lambda game, s, legal: [default, *legal],
        )
        monkeypatch.setattr(mcts, "_hooks", {(DUEL.id, None): hooks})  # every level reads them
        assert mcts.hooks_for(DUEL, "normal").candidates is not None

    return use


def position(score: int, other_score: int = 5):
    """Player 1 to move with `score`; player 2 has stood on `other_score`."""
    s = DUEL.new({}, 2, 4)
    return replace(s, scores=(score, other_score), stood=(False, True), mover=0, cards=(3, 3))


def choose(state, seed=0, iterations=400):
    view = DUEL.observe(state, 0)
    ranked = MCTSAgent(iterations).ranked(
        DUEL, view, DUEL.legal_actions(state), Budget(), random.Random(seed)
    )
    return ranked


def test_a_clearly_better_challenger_replaces_the_default(duel_by_candidates):
    # on 10 any roll busts (over 10 is 0): standing wins, rolling loses
    duel_by_candidates(ROLL)
    ranked = choose(position(10))
    assert ranked[0].action == STAND
    assert ranked[0].value > 0.9 and ranked[1].value < 0.1  # stand wins 8 vs 8+, roll busts


def test_the_default_stays_when_it_is_better(duel_by_candidates):
    duel_by_candidates(STAND)
    assert choose(position(10))[0].action == STAND
    # on 0 against 5 (cards equal): standing loses for sure, a roll of 6 wins: roll is better
    duel_by_candidates(STAND)
    assert choose(position(0))[0].action == ROLL


def test_a_worse_challenger_never_replaces_the_default(duel_by_candidates):
    """On 4 against a stood 5 (equal cards) a roll wins on 2-6 and ties on 1; standing loses.
    The roll's value is noisy from world to world, the stand's is not: in 20 searches the noise
    never makes the challenger look better."""
    duel_by_candidates(ROLL)
    kept = sum(choose(position(4), seed, iterations=60)[0].action == ROLL for seed in range(20))
    assert kept == 20


@dataclass(frozen=True)
class PickState:
    luck: tuple[float, ...]
    chosen: int | None = None


class Pick:
    """One choice among 16 moves, then luck: move 11 is worth 0.1 more than the others on
    average, and every move's luck in a world is its own (spread 0.25)."""

    id = "pick"
    BEST = 11

    def determinize(self, view, rng):
        return PickState(tuple(rng.gauss(0, 0.25) for _ in range(16)))

    def to_move(self, s):
        return None if s.chosen is not None else 0

    def legal_actions(self, s):
        return tuple(range(16))

    def apply(self, s, action):
        return replace(s, chosen=action)

    def outcome(self, s):
        if s.chosen is None:
            return None
        edge = 0.1 if s.chosen == self.BEST else 0.0
        return Outcome((0.5 + edge + s.luck[s.chosen],), "", (), "")

    def turn(self, s):
        return 1


def test_a_slightly_better_move_among_many_is_found(monkeypatch):
    """Sequential halving: the budget is not split evenly among 16 candidates (50 worlds each
    at 800 iterations, too few to tell a 0.1 edge from the noise: an even split found it in
    15 of 40 searches) but spent more and more on the best of them."""
    game = Pick()
    hooks = GameHooks(
        rollout_policy=None, evaluate=None, candidates=lambda game, s, legal: [0, *legal]
    )
    monkeypatch.setattr(mcts, "_hooks", {(game.id, None): hooks})
    legal = game.legal_actions(None)
    found = sum(
        MCTSAgent(800).ranked(game, None, legal, Budget(), random.Random(seed))[0].action
        == Pick.BEST
        for seed in range(20)
    )
    assert found >= 16


def test_solitaire_candidates_lead_with_the_rule_based_move_and_are_legal():
    game = core.game("solitaire")
    s = game.new({}, 1, 7)
    while s.step != BUILD:
        s = game.apply(s, game.legal_actions(s)[-1])  # done through the Trail step
    legal = game.legal_actions(s)
    found = candidates(game, s, legal)
    assert found[0] == choose_action(s, legal, None)
    assert set(found) <= set(legal) and ("done",) in found
    assert len(set(found)) < len(legal) / 2  # raising anywhere is narrowed to the safest areas


def test_searches_are_reproducible():
    game = core.game("solitaire")
    s = game.new({}, 1, 3)
    view, legal = game.observe(s, 0), game.legal_actions(s)
    first = MCTSAgent(120).ranked(game, view, legal, Budget(), random.Random(9))
    again = MCTSAgent(120).ranked(game, view, legal, Budget(), random.Random(9))
    assert first == again


def picks_with(monkeypatch, level="normal", **hooks):
    """The move an 800-iteration search at `level` picks in Pick for seeds 0-9, with these
    hook fields (move 0 listed first as the default)."""
    game = Pick()
    legal = game.legal_actions(None)
    base = GameHooks(
        rollout_policy=None,
        evaluate=None,
        candidates=lambda game, s, legal: [0, *legal],
        **hooks,
    )
    monkeypatch.setattr(mcts, "_hooks", {(game.id, None): base})
    agent = MCTSAgent(800, level=level)
    return [
        agent.ranked(game, None, legal, Budget(), random.Random(seed))[0].action
        for seed in range(10)
    ]


def test_the_guard_is_the_noise_a_challenger_must_clear(monkeypatch):
    """`GameHooks.guard` (a game's `GUARD`, or a level's) sets how many standard errors a
    challenger's edge must clear: with no guard the better move is found most times, with an
    endless one the default (move 0) always stays."""
    assert set(picks_with(monkeypatch, guard=float("inf"))) == {0}
    assert picks_with(monkeypatch, guard=0.0).count(Pick.BEST) >= 5


def test_a_level_sets_its_own_guard(monkeypatch):
    """A level's entry in `LEVEL_HOOKS` reaches the search: the same 800 worlds find the better
    move when the level's guard is 0, and keep the default when it is endless."""
    levels = {"hard": {"guard": 0.0}, "easy": {"guard": float("inf")}}
    assert set(picks_with(monkeypatch, "easy", level_hooks=levels)) == {0}
    assert picks_with(monkeypatch, "hard", level_hooks=levels).count(Pick.BEST) >= 5


def test_hard_also_compares_attacks_on_small_enemy_stacks():
    """Hard's candidates (its `LEVEL_HOOKS` entry) add each Grunt or AirCav raised on, or moved
    onto, an area holding one or two NVA/VC (VS-B3.1, VS-B3.4: it fights there at B4, VS-B4.3);
    normal's keep raising to the safest areas, which are enemy-free. A big stack is no target."""
    from tests.solitaire.helpers import at, board, position

    game = core.game("solitaire")
    units = board(
        hue_12={"vc": 1},
        highlands_34={"nva": 1, "vc": 1},
        saigon_34={"nva": 3},
        mekong_5={"arvn": 1, "aircav": 1},
    )
    s = position(BUILD, units, pp=3, turn=3)
    legal = game.legal_actions(s)
    hard = mcts.hooks_for(game, "hard").candidates(game, s, legal)
    normal = mcts.hooks_for(game, "normal").candidates(game, s, legal)
    targets = {at("hue", "1-2"), at("highlands", "3-4")}
    attacks = {
        a
        for a in legal
        if a[0] in ("place", "move") and a[1] in ("grunt", "aircav") and a[-1] in targets
    }
    assert attacks and attacks <= set(hard)
    assert not attacks & set(normal)
    assert not any(a[-1] == at("saigon", "3-4") for a in hard if a[0] in ("place", "move"))
    assert set(hard) - attacks == set(normal)
    assert hard[0] == mcts.hooks_for(game, "hard").rollout_policy(game, s, None)
