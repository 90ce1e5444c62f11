"""The rule-based Objectives: Vietnam player: attacks what the team can take, bids enough but not
everything, gives up on hopeless fights, shares reinforcements, and wins a real share."""

from __future__ import annotations

import json
import random

import pytest

from ai.base import RandomAgent
from ai.objectives import CombatGlance, Glance, RulesAgent, choose_action, rollout_policy
from ai.play import play_game, play_steps
from core.objectives import GAME
from core.objectives.cards import fw
from core.objectives.state import BID, REINFORCE
from tests.objectives.helpers import Cards, play, table
from tui import cli


def decide(state, seat=None):
    seat = GAME.to_move(state) if seat is None else seat
    return choose_action(GAME.observe(state, seat), GAME.legal_actions(state), random.Random(0))


def test_attacks_an_objective_the_team_can_take():
    cards = Cards()
    target = cards.obj("bienhoa")
    s = table(
        cards,
        hands=[cards.hand("airborne", "marines", "arvn"), cards.hand("arvn")],
        pool=[(target, 0)],
    )
    assert decide(s) == ("attack", target)


def test_passes_when_the_objective_is_out_of_reach():
    cards = Cards()
    target = cards.obj("tet")
    s = table(cards, hands=[cards.hand("rf"), cards.hand("rf")], pool=[(target, 2)])
    assert decide(s) == ("end",)


def test_bids_enough_but_not_everything():
    cards = Cards()
    target = cards.obj("bienhoa")
    s = table(
        cards,
        hands=[cards.hand("airborne", "aircav", "arclight", "marines"), ()],
        pool=[(target, 0)],
        nva_top=[cards.nva("infantry")],
    )
    s = play(s, ("attack", target), ("continue",))
    while s.phase == BID and s.combat.bidder == 0:
        s = GAME.apply(s, decide(s))
    bid = [fw(c).strength for _, c in s.combat.fw_cards] if s.combat else None
    spent = 4 - len(s.hands[0])
    assert 1 <= spent < 4, bid


def test_gives_up_on_a_hopeless_fight_without_throwing_cards():
    cards = Cards()
    target = cards.obj("tet")
    s = table(cards, hands=[cards.hand("rf", "rf"), ()], pool=[(target, 3)])
    s = play(s, ("attack", target), ("continue",))
    assert decide(s) == ("bid_done",)


def test_reinforcements_go_to_the_partner_holding_fewest():
    cards = Cards()
    target = cards.obj("bienhoa")
    hands = [
        cards.hand("airborne", "rf", "rf", "rf"),
        cards.hand("rf", "rf", "rf"),
        (),
        cards.hand("rf", "rf"),
    ]
    s = table(cards, players=4, hands=hands, pool=[(target, 0)], nva_top=[cards.nva("guerrillas")])
    s = play(s, ("attack", target), ("continue",), ("bid", "airborne"), ("bid_done",))
    while s.phase == BID:
        s = GAME.apply(s, ("bid_done",))
    assert s.phase == REINFORCE
    assert decide(s) == ("give", 2)


def test_is_deterministic_given_its_rng():
    agents = [RulesAgent(), RulesAgent(), RulesAgent()]
    assert play_game(GAME, agents, 4).actions == play_game(GAME, agents, 4).actions


@pytest.mark.parametrize("players", [2, 4])
def test_rollouts_glance_at_what_the_view_shows_and_choose_the_same(players):
    """The search's rollouts read a `Glance` instead of the full view: every field it has must
    be the view's (and every field of its combat the combat view's), and the rollout policy
    must choose what the player choosing from the view does, in every phase along real
    games."""
    phases = set()
    for seed in range(4):
        for move in play_steps(GAME, [RulesAgent()] * players, seed):
            state, seat = move.before, move.seat
            view = GAME.observe(state, seat)
            glance = Glance(state, seat)
            for name in Glance.__slots__:
                if name != "combat":
                    assert getattr(glance, name) == getattr(view, name), name
            assert (glance.combat is None) == (view.combat is None)
            for name in CombatGlance.__slots__ if view.combat is not None else ():
                assert getattr(glance.combat, name) == getattr(view.combat, name), name
            rng = random.Random(0)
            assert rollout_policy(GAME, state, rng) == choose_action(view, move.legal, rng)
            phases.add(state.phase)
    assert {"main", "call_off", "bid"} <= phases
    assert "reinforce" in phases or players < 4


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_rule_based_teams_win_a_real_share_and_beat_random(players):
    rules = [play_game(GAME, [RulesAgent()] * players, seed).final.result for seed in range(30)]
    rand = [play_game(GAME, [RandomAgent()] * players, seed).final.result for seed in range(30)]
    rules_rate = rules.count("team") / 30
    assert rules_rate >= 0.3
    assert rules_rate > rand.count("team") / 30 + 0.2


@pytest.mark.parametrize("players", [1, 4, 6])
def test_simulate_ends_every_game_and_repeats_exactly(capsys, players):
    argv = [
        "simulate",
        "objectives",
        "--players",
        str(players),
        "--games",
        "12",
        "--seed",
        "3",
        "--json",
    ]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert cli.main(argv) == 0
    assert capsys.readouterr().out == out
    report = json.loads(out)
    assert len(report["results"]) == 12
    assert set(report["summary"]["outcomes"]) <= {"Team win", "NVA win"}
