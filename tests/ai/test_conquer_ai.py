"""Conquer's natives seat and rule-based Administrator; `simulate conquer` end to end."""

from __future__ import annotations

import json
import random

import pytest

from ai.conquer import RulesAgent, choose_action
from ai.natives import NativesAgent
from ai.play import play_game
from core.conquer import GAME
from core.conquer import rules as R
from core.conquer.state import DEVELOP, MOVE, NATIVES_MOVE, TRAIN
from core.conquer.tables import DESERT, MEADOW, RIVER, WOODS
from tests.conquer.helpers import hx, position
from tui import cli

MID = hx(0, 0)


def decide(state):
    return choose_action(state, GAME.legal_actions(state), random.Random(0))


def test_OC_Q83_the_natives_seat_leaves_the_direction_to_the_games_dice():
    s = position(
        NATIVES_MOVE, natives=[(MID, 3)], terrain={MID: MEADOW}, native_queue=(100,), faces=(3,)
    )
    action = NativesAgent().choose(
        GAME, GAME.observe(s, 2), GAME.legal_actions(s), None, random.Random(1)
    )
    assert action == ("native", 100)
    after = GAME.apply(s, action)
    assert [e.dice for e in after.events if "direction" in e.purpose] == [(3,)]


def test_the_administrator_explores_next_to_its_armies_when_it_can_pay():
    home = hx(0, 4)
    s = position(
        MOVE,
        chits=[(0, home, 4), (0, home, 2)],
        castles=[(0, home, 1)],
        terrain={home: DESERT},
        money=(4000, 4000),
    )
    action = decide(s)
    assert action[0] == "move" and s.terrain[R.board(5).neighbours[home][action[2]]] is None


def test_exploring_stops_when_too_few_turns_are_left_to_repay_it():
    """$4 for a hex worth 1 point, with upkeep: it pays only over many turns."""
    home = hx(0, 4)
    s = position(
        MOVE,
        chits=[(0, home, 4), (0, home, 2)],
        castles=[(0, home, 1)],
        terrain={home: DESERT},
        money=(4000, 4000),
        turn=45,
    )
    assert decide(s) == ("done",)


def test_the_start_money_goes_to_the_castle_before_exploring():
    home = hx(0, 4)
    s = position(
        MOVE, chits=[(0, home, 4), (0, home, 2)], castles=[(0, home, 1)], terrain={home: DESERT}
    )
    assert decide(s) == ("done",)


def test_the_administrator_attacks_weaker_and_avoids_stronger_enemies():
    home, field = hx(0, 4), hx(0, 3)
    weak = position(
        MOVE,
        chits=[(0, home, 6), (0, home, 2), (1, field, 1)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, field: MEADOW},
    )
    assert decide(weak)[:1] == ("move",) and R.board(5).neighbours[home][decide(weak)[2]] == field
    strong = position(
        MOVE,
        chits=[(0, home, 2), (0, home, 1), (1, field, 6)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, field: MEADOW},
        money=[0, 0],
    )
    assert decide(strong) == ("done",)


def test_the_administrator_trains_and_builds():
    home = hx(0, 4)
    s = position(TRAIN, chits=[(0, home, 2)], castles=[(0, home, 2)], terrain={home: DESERT})
    assert decide(s)[0] in ("recruit", "drill")
    site = {home: DESERT, MID: DESERT, hx(1, 0): RIVER, hx(0, -2): WOODS}
    s = position(DEVELOP, chits=[(0, MID, 6)], terrain=site, admins=[MID, hx(0, -4)])
    assert decide(s) == ("develop", MID)


def test_rule_based_administrators_beat_random_ones():
    from ai.base import RandomAgent

    wins = 0
    for seed in range(8):
        for seat in (0, 1):
            agents = [RandomAgent(), RandomAgent()]
            agents[seat] = RulesAgent()
            result = play_game(GAME, agents, seed, {"turn_limit": 20})
            wins += result.outcome.returns[seat]
    assert wins / 16 > 0.75


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_simulate_conquer_ends_every_game_and_repeats_exactly(capsys, players, tmp_path):
    argv = [
        "simulate",
        "conquer",
        "--players",
        str(players),
        "--games",
        "2",
        "--seed",
        "5",
        "--option",
        "turn_limit=12",
        "--json",
    ]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert cli.main(argv) == 0
    assert capsys.readouterr().out == out
    report = json.loads(out)
    assert all(r["turn"] <= 12 for r in report["results"])


def test_the_trace_shows_native_moves_as_actions(capsys, tmp_path):
    trace = tmp_path / "conquer.jsonl"
    for seed in range(1, 30):
        argv = [
            "simulate",
            "conquer",
            "--games",
            "1",
            "--seed",
            str(seed),
            "--trace",
            str(trace),
        ]
        assert cli.main(argv) == 0
        capsys.readouterr()
        lines = [json.loads(x) for x in trace.read_text().splitlines()]
        natives = [x for x in lines if x["type"] == "action" and x["seat"] == 2]
        if natives:
            break
    assert natives and all(x["action"]["encoded"][0] == "native" for x in natives)
    # OC-H2 / OC-Q83: the direction is the game's die, in the trace with its purpose
    dice = [e for x in natives for e in x["events"] if e.get("dice")]
    assert dice and all("direction" in e["purpose"] for e in dice)
