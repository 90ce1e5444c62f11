"""Conquer's natives seat and rule-based Administrator; `simulate conquer` end to end."""

from __future__ import annotations

import json
import random

import pytest

from ai.conquer import RulesAgent, choose_action, round_odds
from ai.conquer import decide as decide_why
from ai.natives import NativesAgent
from ai.play import play_game, play_steps
from core.conquer import GAME
from core.conquer import rules as R
from core.conquer.events import ConquerEvent
from core.conquer.state import DEVELOP, MOVE, NATIVES_MOVE, ORDERS, TRAIN
from core.conquer.tables import DESERT, MEADOW, MOUNTAIN, RIVER, WOODS
from tests.conquer.helpers import hx, position
from tui import cli

MID = hx(0, 0)


def decide(state):
    return choose_action(state, GAME.legal_actions(state), random.Random(0))


def explain(state):
    """The action and the reason the rule-based player gives for it."""
    return decide_why(state, GAME.legal_actions(state), random.Random(0))


def test_OC_Q83_the_natives_seat_leaves_the_direction_to_the_games_dice():
    s = position(
        NATIVES_MOVE, natives=[(MID, 3)], terrain={MID: MEADOW}, native_queue=(100,), faces=(3,)
    )
    action = NativesAgent().choose(
        GAME, GAME.observe(s, 2), GAME.legal_actions(s), None, random.Random(1)
    )
    assert action == ("native", 100)
    after = GAME.apply(s, action)
    dice = [e for e in after.events if e.kind is ConquerEvent.NATIVE_DIRECTION_DIE]
    assert [(e.dice, e["direction"]) for e in dice] == [((3,), 2)]


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
    """$4 for a hex worth 1 point, with upkeep: it pays only over many turns (here 5 are left)."""
    home, far = hx(0, 4), hx(0, -4)
    s = position(
        MOVE,
        chits=[(0, home, 4), (0, home, 2), (1, far, 12)],
        castles=[(0, home, 1)],
        terrain={home: DESERT},
        money=(4000, 4000),
        turn=55,
    )
    assert explain(s) == (("done",), "no move worth making")


def test_exploring_keeps_the_money_for_the_next_castle_point():
    """OC-12: a castle point costs $10; with $15 a $4 exploration would leave too little."""
    home, far = hx(0, 4), hx(0, -4)
    s = position(
        MOVE,
        chits=[(0, home, 4), (0, home, 2), (1, far, 12)],
        castles=[(0, home, 1)],
        terrain={home: DESERT},
        money=(1500, 1500),
    )
    assert decide(s) == ("done",)


def test_OC_9_1_it_attacks_a_weak_adjacent_castle_when_the_odds_are_good():
    home, field = hx(0, 4), hx(0, 3)
    s = position(
        MOVE,
        chits=[(0, home, 6), (0, home, 2), (1, field, 1)],
        castles=[(0, home, 1), (1, field, 1)],
        terrain={home: DESERT, field: MEADOW},
    )
    action, why = explain(s)
    assert action[0] == "move" and R.board(5).neighbours[home][action[2]] == field
    assert why.startswith(f"attack at {R.board(5).label(field)}: 6 against 2")


def test_OC_9_1_it_does_not_attack_a_much_stronger_army():
    home, field = hx(0, 4), hx(0, 3)
    s = position(
        MOVE,
        chits=[(0, home, 2), (0, home, 1), (1, field, 6)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, field: MEADOW},
        money=[0, 0],
    )
    assert decide(s) == ("done",)


def test_the_odds_of_a_round_come_from_the_dice():
    """OC-9.1: a die each plus strength; level strength wins 15 of 36, ties count half."""
    assert round_odds(0) == 0.5
    assert round_odds(5) == pytest.approx((35 + 0.5) / 36)
    assert round_odds(2) > 0.7 > round_odds(1) > 0.5 > round_odds(-1)


def test_OC_6_5_a_far_army_gets_an_order_to_search_its_mountain():
    home, far = hx(0, 4), hx(2, 0)
    s = position(
        ORDERS,
        chits=[(0, home, 3), (0, far, 3)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, far: MOUNTAIN},
        money=(3000, 3000),
    )
    action, why = explain(s)
    assert action == ("order", far, "spelunk", 0) and why.startswith("order: spelunk")


def test_OC_6_5_a_far_army_is_ordered_toward_the_administrator():
    home, far = hx(0, 4), hx(0, 0)
    s = position(
        ORDERS,
        chits=[(0, home, 3), (0, far, 4)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, far: MEADOW, hx(0, 1): MEADOW},
        money=(3000, 3000),
    )
    action, _ = explain(s)
    assert action[:3] == ("order", far, "move")
    board = R.board(5)
    assert board.distance(board.neighbours[far][action[3]], home) < board.distance(far, home)


def test_OC_5_a_threatened_administrator_steps_back_to_its_castle():
    home, field, enemy = hx(0, 4), hx(0, 3), hx(0, 2)
    s = position(
        ORDERS,
        chits=[(0, home, 4), (0, field, 1), (1, enemy, 8)],
        castles=[(0, home, 1)],
        terrain={home: DESERT, field: MEADOW, enemy: MEADOW},
        admins=[field, hx(0, -4)],
    )
    action, _ = explain(s)
    assert action[0] == "admin" and R.board(5).neighbours[field][action[1]] == home


def test_the_administrator_trains_and_builds():
    home = hx(0, 4)
    s = position(TRAIN, chits=[(0, home, 2)], castles=[(0, home, 2)], terrain={home: DESERT})
    assert decide(s)[0] in ("recruit", "drill")
    site = {home: DESERT, MID: DESERT, hx(1, 0): RIVER, hx(0, -2): WOODS}
    s = position(DEVELOP, chits=[(0, MID, 6)], terrain=site, admins=[MID, hx(0, -4)])
    assert decide(s) == ("develop", MID)


def test_hards_muster_plan_raises_the_army_the_steady_player_thinks_large_enough():
    """Hard searches two plans more than normal (docs/ai.md, Levels): `muster` wants 24 army
    points before castles where the steady player wants 10, `fortify` 6 a castle point."""
    from ai.conquer import FORTIFY, HARD_PLANS, MUSTER, PLANS
    from ai.mcts import hooks_for

    assert set(hooks_for(GAME, "hard").plans) == set(HARD_PLANS) == {*PLANS, "muster", "fortify"}
    assert set(hooks_for(GAME, "normal").plans) == set(PLANS)
    home = hx(0, 4)
    s = position(
        TRAIN, chits=[(0, home, 5), (0, home, 5), (0, home, 5)], castles=[(0, home, 1)],
        terrain={home: DESERT}, money=[2000, 2000],
    )  # fmt: skip
    legal = GAME.legal_actions(s)
    assert decide(s) == ("done",)  # 15 points: steady wants 10 + 4 for the castle point
    assert choose_action(s, legal, random.Random(0), MUSTER)[0] == "recruit"
    assert choose_action(s, legal, random.Random(0), FORTIFY)[0] == "recruit"  # 16 + 6


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


def test_a_tally_shared_between_states_counts_what_a_fresh_one_does():
    """A state with the same pieces as the last one shares its tally (the counts and the
    threats and reserves worked out from them); every state of a real game must still see
    exactly the counts a fresh tally makes of it."""
    from ai.conquer import Tally, reserve, tally, threat_near
    from ai.play import play_steps
    from core.conquer.hexes import board
    from core.conquer.tables import CASTLE_POINT_COST

    shared, last, states = 0, None, 0
    for move in play_steps(GAME, [RulesAgent(), RulesAgent()], 3, {"turn_limit": 20}):
        s = move.before
        states += 1
        before = tally(s)
        shared += last is not None and before.army is last.army
        last = before
        fresh = Tally(s)
        assert (before.army, before.total, before.castles, before.natives) == (
            fresh.army, fresh.total, fresh.castles, fresh.natives
        )  # fmt: skip
        for p in range(s.players):
            for castle in s.castles:
                assert threat_near(s, p, castle.hex, 3) == max(
                    (pts for q, h, pts in fresh.stacks
                     if q != p and board(s.radius).distance(h, castle.hex) <= 3),
                    default=0,
                )  # fmt: skip
            growing = [c for c in s.castles if c.owner == p and c.points < 5]
            manned = any(fresh.army.get((p, c.hex), 0) >= 4 for c in growing)
            assert reserve(s, p) == (CASTLE_POINT_COST if manned else 0)
    assert shared * 2 > states  # most states have the pieces of the one before


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
    # (a native that walks into an army fights at once: its battle dice follow the direction)
    first = [next(e for e in x["events"] if e.get("dice")) for x in natives]
    assert all(e["kind"] == ConquerEvent.NATIVE_DIRECTION_DIE and e["purpose"] for e in first)


def test_simulate_explain_prints_each_choice_with_its_reason(capsys):
    argv = ["simulate", "conquer", "--games", "1", "--seed", "3", "--option", "turn_limit=5"]
    assert cli.main([*argv, "--explain"]) == 0
    lines = capsys.readouterr().out.splitlines()
    decisions = [x for x in lines if x.startswith("seed 3 #")]
    reasons = [x for x in lines if x.startswith("    because ")]
    assert decisions and len(decisions) == len(reasons)
    assert any("raise 2 points" in x for x in reasons)
    assert cli.main([*argv, "--explain", "--json"]) == 2
    assert "--explain" in capsys.readouterr().err


def test_easy_plays_as_the_rule_based_player_and_never_searches(monkeypatch):
    """Conquer's easy level is the steady plan every turn: no search (docs/ai.md, Levels)."""
    from ai.mcts import MCTSAgent
    from ai.play import play_steps

    def no_search(*args, **kwargs):
        raise AssertionError("easy searched")

    monkeypatch.setattr(MCTSAgent, "_iterate", no_search)
    options = {"turn_limit": 12}
    seats = [MCTSAgent.at_level("easy"), RulesAgent()]
    easy = [m.action for m in play_steps(GAME, seats, 4, options)]
    rules = [m.action for m in play_steps(GAME, [RulesAgent(), RulesAgent()], 4, options)]
    assert easy == rules and len(easy) > 100


def test_hard_plans_again_once_the_turns_battles_are_fought():
    """Conquer's hard level searches at a player's first decision of a turn and again at its
    first decision after combat (docs/ai.md, Levels); normal searches once a turn."""
    from ai.mcts import MCTSAgent
    from ai.play import play_steps
    from core.conquer.state import TERRAIN

    def searches_by(level):
        agent = MCTSAgent.at_level(level)
        agent.fixed_iterations = 12
        searched = []
        real = agent.plan_search

        def counting(game, view, *args):
            searched.append((view.state.turn, view.state.phase >= TERRAIN))
            return real(game, view, *args)

        agent.plan_search = counting
        for move in play_steps(GAME, [agent, RulesAgent()], 3, {"turn_limit": 10}):
            if GAME.turn(move.after) > 4:
                break
        return searched

    hard, normal = searches_by("hard"), searches_by("normal")
    assert len(hard) == len(set(hard)) and len(normal) == len(set(normal))
    assert {after for _, after in hard} == {False, True}
    assert {after for _, after in normal} == {False}


def test_a_plan_search_sharing_one_worlds_states_between_plans_finds_what_it_did_alone():
    """Every plan is played in the same sampled world, and plans agree for long stretches: the
    search works each shared state out once (`SharedSteps`, `PURE_POLICIES`). The plans' means
    and shares must be exactly those of a search that works everything out afresh, and the
    engine must be asked far less."""
    from dataclasses import replace

    from ai import mcts
    from ai.base import Budget
    from ai.play import play_steps

    positions = [
        m.before
        for m in play_steps(GAME, [RulesAgent(), RulesAgent()], 6, {"turn_limit": 14})
        if m.seat == 0 and len(m.legal) > 1 and m.before.phase == MOVE
    ][::4][:4]
    assert len(positions) == 4

    def searched(pure: bool):
        hooks = replace(mcts.hooks_for(GAME, "normal"), pure_policies=pure)
        calls = 0
        real = GAME.apply_quiet  # what the search plays its worlds with

        def counted(state, action):
            nonlocal calls
            calls += 1
            return real(state, action)

        agent = mcts.MCTSAgent.at_level("normal")
        agent.fixed_iterations = 36
        results = []
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(mcts, "hooks_for", lambda game, level=None: hooks)
            patch.setattr(GAME, "apply_quiet", counted)
            for i, s in enumerate(positions):
                view, legal = GAME.observe(s, 0), GAME.legal_actions(s)
                results.append(agent.plan_search(GAME, view, legal, Budget(), random.Random(i)))
        return results, calls

    shared, shared_calls = searched(True)
    alone, alone_calls = searched(False)
    assert shared == alone
    assert shared_calls * 2 < alone_calls


def test_each_phase_of_the_rule_based_player_reads_only_the_leaning_its_choice_key_names():
    """Plans whose leanings agree in what a phase reads (`READS`) share their choice there
    (`choice_key`): a step reading anything else of its leaning would make that sharing wrong."""
    from ai.conquer import READS, STYLES, decide

    class Reading:
        def __init__(self, style) -> None:
            self.style, self.read = style, set()

        def __getattr__(self, name):
            self.read.add(name)
            return getattr(self.style, name)

    phases = set()
    for seed in (2, 5):
        for move in play_steps(GAME, [RulesAgent(), RulesAgent()], seed, {"turn_limit": 16}):
            s = move.before
            if len(move.legal) < 2 or s.casualties is not None:
                continue
            allowed = set(READS.get(s.phase, ()))
            for style in STYLES.values():
                reading = Reading(style)
                assert decide(s, move.legal, random.Random(0), reading) == decide(
                    s, move.legal, random.Random(0), style
                )
                assert reading.read <= allowed, (s.phase, reading.read - allowed)
                if reading.read:
                    phases.add(s.phase)
    assert {MOVE, ORDERS, TRAIN} <= phases


def test_a_plan_search_sharing_positions_across_worlds_finds_what_it_did_alone():
    """Conquer's sampled worlds differ only in their dice (`reseed`): states alike but for
    their dice, in any world, are one position, worked out once for the whole search, and plans
    whose leanings read alike share their choices (`choice_key`). Means and shares must be
    exactly those of the search without either, with fewer engine calls."""
    from dataclasses import replace

    from ai import mcts
    from ai.base import Budget

    positions = [
        m.before
        for m in play_steps(GAME, [RulesAgent(), RulesAgent()], 8, {"turn_limit": 14})
        if m.seat == 0 and len(m.legal) > 1 and m.before.phase == MOVE
    ][::3][:4]
    assert len(positions) == 4

    def searched(carried: bool):
        hooks = mcts.hooks_for(GAME, "hard")
        if not carried:
            hooks = replace(hooks, reseed=None, choice_key=None)
        calls = 0
        real = GAME.apply_quiet

        def counted(state, action):
            nonlocal calls
            calls += 1
            return real(state, action)

        agent = mcts.MCTSAgent.at_level("hard")
        agent.fixed_iterations = 64
        results = []
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(mcts, "hooks_for", lambda game, level=None: hooks)
            patch.setattr(GAME, "apply_quiet", counted)
            for i, s in enumerate(positions):
                view, legal = GAME.observe(s, 0), GAME.legal_actions(s)
                results.append(agent.plan_search(GAME, view, legal, Budget(), random.Random(i)))
        return results, calls

    carried, carried_calls = searched(True)
    alone, alone_calls = searched(False)
    assert carried == alone
    assert carried_calls < alone_calls


# --- the Administrator and the natives (OC-H8: alone with natives after the battles, captured) --


def natives_in_the_woods(admin_at_home: bool):
    """Turn 3 of `simulate conquer --seed 111`: last turn's battle in the Woods (0,3) went to the
    natives, leaving a 3-point army there against 4-point natives; the castle next door holds a
    1-point army, and a 2-point army beyond the Woods would follow the Administrator."""
    home, woods = hx(0, 4), hx(0, 3)
    return (
        home,
        woods,
        position(
            ORDERS,
            chits=[(0, woods, 3), (0, home, 1), (0, hx(0, 2), 2), (1, hx(0, -4), 6)],
            natives=[(woods, 4)],
            castles=[(0, home, 1), (1, hx(0, -4), 1)],
            terrain={home: DESERT, woods: WOODS, hx(0, 2): MEADOW},
            admins=[home if admin_at_home else woods, hx(0, -4)],
        ),
    )


def test_OC_H8_OC_9_6_the_administrator_leaves_a_battle_its_army_may_lose_whole():
    """The battle in the Woods goes on (OC-9.6); one lost round can take all three points and
    leave the Administrator with the natives: it steps out to its own army next door."""
    home, woods, s = natives_in_the_woods(admin_at_home=False)
    action, why = explain(s)
    assert action[0] == "admin", why
    to = R.board(5).neighbours[woods][action[1]]
    assert to in (home, hx(0, 2)) and not R.natives_at(s, to)


def test_OC_H8_OC_Q25_the_administrator_does_not_walk_a_3_point_army_into_4_point_natives():
    home, woods, s = natives_in_the_woods(admin_at_home=True)
    steps = [a for a in GAME.legal_actions(s) if a[0] == "admin"]
    assert any(R.board(5).neighbours[home][a[1]] == woods for a in steps)  # it may (OC-Q25)
    action, why = explain(s)
    assert not (action[0] == "admin" and R.board(5).neighbours[home][action[1]] == woods), why
