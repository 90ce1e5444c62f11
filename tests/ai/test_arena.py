"""The arena: fixed seeds, rotating seats, the same results whatever the number of processes."""

from __future__ import annotations

import json
import random

import pytest

from ai.arena import run_arena, seats_for, wilson
from core.solitaire.board import VICTORY_LEVELS
from tui import cli


def test_wilson_interval_matches_the_textbook_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 4) == 0.2775
    low, high = wilson(10, 10)
    assert round(low, 4) == 0.7225 and high == 1.0


def test_seats_rotate_so_every_agent_sits_everywhere():
    agents = ["a", "b", "c"]
    seatings = [seats_for(agents, 3, i) for i in range(3)]
    assert seatings == [("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b")]
    for seat in range(3):
        assert {s[seat] for s in seatings} == set(agents)


def test_results_do_not_depend_on_the_number_of_processes():
    one = run_arena("objectives", ["random", "rules"], 6, 11, 2, {}, jobs=1)
    two = run_arena("objectives", ["random", "rules"], 6, 11, 2, {}, jobs=2)
    assert one == two
    assert [g["seed"] for g in one["games_detail"]] == list(range(11, 17))


def test_objectives_scores_individual_wins_and_reports_the_team_rate():
    report = run_arena("objectives", ["rules", "random"], 8, 3, 2, {})
    rows = {row["agent"]: row for row in report["table"]}
    assert rows["rules"]["seats"] == rows["random"]["seats"] == 8
    wins = {name: 0.0 for name in rows}
    for g in report["games_detail"]:
        for seat in g["winners"]:
            wins[g["seats"][seat]] += 1 / len(g["winners"])
    for name, row in rows.items():
        assert row["score"] == round(wins[name] / 8, 4)
        assert row["ci_low"] <= row["score"] <= row["ci_high"]
    team_games = sum(1 for g in report["games_detail"] if g["winners"])
    assert report["team_win_rate"] == round(team_games / 8, 4)


def test_an_agent_named_twice_is_one_row_with_both_seats():
    report = run_arena("objectives", ["rules", "rules"], 4, 1, 2, {})
    assert [row["agent"] for row in report["table"]] == ["rules"]
    assert report["table"][0]["seats"] == 8


def test_solitaire_pairs_the_seeds_and_compares_turns_reached():
    report = run_arena("solitaire", ["rules", "random"], 5, 20, None, {})
    rules, rand = report["table"]
    assert rules["seeds"] == rand["seeds"] == 5
    assert rules["mean_turn_diff"] == -rand["mean_turn_diff"]
    assert rules["mean_turn"] - rand["mean_turn"] == pytest.approx(rules["mean_turn_diff"], 1e-3)
    assert rules["diff_ci_low"] <= rules["mean_turn_diff"] <= rules["diff_ci_high"]
    assert report["score"] == rules["score"]


def test_solitaire_report_gives_the_victory_levels_and_the_share_reaching_turn_11():
    """VS-C.1: the level depends on the turn the war ended; 11 and later are victories."""
    from core.solitaire.board import victory_level

    report = run_arena("solitaire", ["rules", "random"], 8, 101, None, {})  # 2 victories
    rules = report["table"][0]
    games = run_matches_for("rules", 8, 101)
    assert sum(rules["levels"].values()) == 8
    for label, count in rules["levels"].items():
        assert count == sum(1 for g in games if g["label"] == label)
    expected = sum(1 for g in games if g["turn"] >= 11) / 8
    assert rules["reached_11"] == pytest.approx(expected)
    for g in games:
        _, level, film = victory_level(g["turn"])
        assert g["label"] == f'{level}: "{film}"'
    mine = [g for g in report["games_detail"] if g["agent"] == "rules"]
    assert [(g["seed"], g["turn"]) for g in mine] == [(g["seed"], g["turn"]) for g in games]


def test_pooled_solitaire_runs_give_the_levels_of_one_long_run(tmp_path, capsys, monkeypatch):
    """benchmarks/solitaire_levels.py: two arena runs over seeds 101-104 and 105-108 pool into
    what one run over 101-108 reports (VS-C.1 levels, turn 11 share, pairing by seed); a seed
    that ended on different turns in two reports is flagged, never averaged."""
    from benchmarks.solitaire_levels import level_counts, main, pooled

    whole = run_arena("solitaire", ["rules", "random"], 8, 101, None, {})
    paths = []
    for first in (101, 105):
        path = tmp_path / f"{first}.json"
        path.write_text(json.dumps(run_arena("solitaire", ["rules", "random"], 4, first, None, {})))
        paths.append(str(path))
    turns, clashes = pooled(paths)
    assert clashes == []
    for row in whole["table"]:
        ends = list(turns[row["agent"]].values())
        assert len(ends) == 8
        assert sum(ends) / 8 == pytest.approx(row["mean_turn"], abs=1e-3)
        named = dict(
            zip([level for _, level, _ in VICTORY_LEVELS], level_counts(ends), strict=True)
        )
        for label, count in row["levels"].items():
            assert named[label.split(":")[0]] == count
    tampered = json.loads((tmp_path / "105.json").read_text())
    tampered["games_detail"][0]["turn"] += 1
    (tmp_path / "bad.json").write_text(json.dumps(tampered))
    monkeypatch.setattr("sys.argv", ["solitaire_levels.py", *paths, str(tmp_path / "bad.json")])
    main()
    out = capsys.readouterr().out
    for row in whole["table"]:
        line = next(x for x in out.splitlines() if x.startswith(f"| {row['agent']} | 8 |"))
        assert f"| {row['reached_11']:.1%} |" in line
    assert "rules - random: " in out and "over 8 seeds" in out
    assert "not the same game twice: " in out


def test_a_variants_reports_are_compared_with_the_same_agent_seed_by_seed(
    tmp_path, capsys, monkeypatch
):
    """benchmarks/solitaire_levels.py --variant: the same agent run from a changed tree is
    pooled as AGENT@LABEL and compared by seed (a change, not a clash); an agent whose wars the
    change left as they were is listed once."""
    from benchmarks.solitaire_levels import main, pooled

    report = run_arena("solitaire", ["rules", "random"], 4, 105, None, {})
    (tmp_path / "base.json").write_text(json.dumps(report))
    changed = json.loads(json.dumps(report))
    game = next(g for g in changed["games_detail"] if g["agent"] == "rules")
    game["turn"] += 2  # the changed tree's rule-based player lasted two turns longer once
    (tmp_path / "changed.json").write_text(json.dumps(changed))
    paths = [str(tmp_path / "base.json")]
    turns, clashes = pooled(paths, {"longer": [str(tmp_path / "changed.json")]})
    assert clashes == []
    assert set(turns) == {"rules", "random", "rules@longer"}
    assert turns["rules@longer"][game["seed"]] == turns["rules"][game["seed"]] + 2
    argv = ["solitaire_levels.py", *paths, "--variant", "longer", str(tmp_path / "changed.json")]
    monkeypatch.setattr("sys.argv", argv)
    main()
    out = capsys.readouterr().out
    assert "rules - rules@longer: -0.50 turns" in out and "over 4 seeds" in out
    assert "random@longer" not in out and "not the same game twice" not in out
    monkeypatch.setattr("sys.argv", ["solitaire_levels.py", "--variant", "longer"])
    with pytest.raises(SystemExit):
        main()
    assert "name at least one report" in capsys.readouterr().err
    (tmp_path / "running.json").write_text("")  # an arena run that has not finished yet
    with pytest.raises(SystemExit, match=r"running\.json: cannot read an arena report"):
        pooled([str(tmp_path / "running.json")])


def test_each_turns_political_points_are_split_into_what_made_them(capsys, monkeypatch):
    """benchmarks/solitaire_turns.py: PP at B9 = the turn (VS-B0.1) + Trail strikes, raising and
    napalm spent (VS-B2.4-B4.2) + the PP of losses (VS-B4.6) + the regions (VS-B9.1), every turn
    of every war; a war goes on while B9 stays under 14 and ends when it reaches it (VS-B9.2)."""
    from benchmarks.solitaire_turns import PARTS, main, war_turns

    report = run_arena("solitaire", ["rules", "random"], 12, 150, None, {})
    ends = {g["seed"]: g["turn"] for g in report["games_detail"] if g["agent"] == "rules"}
    spent = 0
    for seed, end in ends.items():
        war = war_turns("rules", seed)
        assert [row["turn"] for row in war] == list(range(1, end + 1))
        for row in war:
            assert row["turn"] + sum(row[part] for part in PARTS) == row["b9"], (seed, row)
            assert min(row["trail"], row["raising"], row["napalm"], row["losses"]) >= 0
            assert (row["b9"] >= 14) == (row["turn"] == end)
            spent += row["trail"] + row["raising"] + row["napalm"]
    assert spent > 0
    monkeypatch.setattr(
        "sys.argv", ["solitaire_turns.py", "rules", "--games", "12", "--seed", "150"]
    )
    main()
    out = capsys.readouterr().out
    mean = sum(ends.values()) / 12
    assert f"rules: 12 wars from seed 150, mean end turn {mean:.2f}" in out
    assert "| 1 | 12 | " in out  # every war is going on turn 1


def test_first_turns_benchmark_holds_every_pp_on_the_held_turns_only(capsys, monkeypatch):
    """benchmarks/solitaire_first_turns.py: a war played as the rule-based player plays it ends
    where the arena's does; a war holding turn 1's PP strikes no Trail area (VS-B2), raises or
    moves no unit (VS-B3) and napalms nothing (VS-B4.2) on turn 1, and spends from turn 2 on."""
    from benchmarks import solitaire_first_turns as bench

    report = run_arena("solitaire", ["rules", "random"], 6, 300, None, {})
    ends = {g["seed"]: g["turn"] for g in report["games_detail"] if g["agent"] == "rules"}
    assert {seed: bench.end_turn(seed, 0) for seed in ends} == ends

    taken: list[tuple[int, tuple]] = []
    apply = bench.GAME.apply

    def recording(state, action):
        taken.append((state.turn, action))
        return apply(state, action)

    monkeypatch.setattr(bench.GAME, "apply", recording)
    spending = {"b52", "gb", "place", "move", "free_grunt", "deploy", "napalm"}
    for seed in ends:
        taken.clear()
        bench.end_turn(seed, 1)
        assert not [a for turn, a in taken if turn == 1 and a[0] in spending], seed
    assert [a for turn, a in taken if turn > 1 and a[0] in spending]  # the last war spends later
    monkeypatch.undo()

    monkeypatch.setattr(
        "sys.argv", ["solitaire_first_turns.py", "--games", "6", "--seed", "300", "--turns", "1"]
    )
    bench.main()
    out = capsys.readouterr().out
    mean = sum(ends.values()) / 6
    assert "| no turn (as played) | " in out and f" | {mean:.2f} |  |" in out
    assert "| turn 1 | " in out


def run_matches_for(agent: str, games: int, seed: int) -> list[dict]:
    from ai.arena import Match, play_match

    return [play_match(Match("solitaire", i, seed + i, (agent,), ())) for i in range(games)]


def test_arena_command_prints_json_with_the_first_agents_interval(capsys):
    code = cli.main(
        [
            "arena",
            "conquer",
            "--agents",
            "rules,random",
            "--games",
            "2",
            "--seed",
            "4",
            "--option",
            "turn_limit=6",
            "--json",
        ]
    )
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    first = report["table"][0]
    assert first["agent"] == "rules"
    assert (report["score"], report["ci_low"], report["ci_high"]) == (
        first["score"],
        first["ci_low"],
        first["ci_high"],
    )


def test_arena_command_prints_a_table(capsys):
    assert cli.main(["arena", "solitaire", "--agents", "rules,random", "--games", "2"]) == 0
    out = capsys.readouterr().out
    assert "95% interval" in out and "rules" in out and "random" in out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["arena", "conquer", "--agents", "rules"], "at least two agents"),
        (["arena", "conquer", "--agents", "rules,wizard"], "wizard"),
        (["arena", "conquer", "--agents", "rules,random", "--jobs", "0"], "--jobs"),
        (["arena", "conquer", "--agents", "rules,random", "--games", "0"], "--games"),
        (["arena", "conquer", "--agents", "rules,random", "--players", "9"], "not 9"),
        (["arena", "solitaire", "--agents", "rules,rules"], "different agents"),
    ],
)
def test_arena_command_refuses_bad_arguments(argv, message, capsys):
    assert cli.main(argv) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("seed", [3, 12])
def test_conquer_war_statistics_add_up_to_what_the_log_says(seed):
    """The arena's per-game figures, checked against the game's own events (one battle event
    per battle, a win or a tie; one capture per Administrator taken)."""
    from ai import agent
    from ai.arena import Match, play_match
    from ai.base import Budget
    from ai.play import play_steps
    from core.conquer import GAME
    from core.conquer.events import NATIVE_SIDE
    from core.conquer.events import ConquerEvent as E

    options = {"turn_limit": 20}
    detail = play_match(Match("conquer", 0, seed, ("rules", "rules"), tuple(options.items())))
    battles = native_battles = captures = 0
    final = None
    for move in play_steps(GAME, [agent("rules"), agent("rules")], seed, options, Budget):
        final = move.after
        for e in move.after.events:
            if e.kind is E.BATTLE:
                if NATIVE_SIDE in e["sides"]:
                    native_battles += 1
                else:
                    battles += 1
            captures += e.kind is E.ADMIN_CAPTURED
    assert battles + native_battles > 0  # seed 3: natives take a player; 12: a war
    assert (detail["battles"], detail["native_battles"]) == (battles, native_battles)
    assert len(detail["admins_captured"]) == captures == final.admins.count(None)
    assert detail["end"] in ("conquest", "natives", "turn_limit", "no_winner")
    assert detail["turn"] == final.turn
    if detail["end"] == "conquest":
        assert any(c["by"].startswith("Administrator") for c in detail["admins_captured"])


def test_arena_counts_the_games_as_they_end():
    seen = []
    run_arena("solitaire", ["rules", "random"], 3, 1, None, {}, progress=lambda *a: seen.append(a))
    assert seen == [(1, 6), (2, 6), (3, 6), (4, 6), (5, 6), (6, 6)]


def test_arena_on_a_terminal_shows_progress_then_clears_it(capsys, monkeypatch):
    import sys

    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert cli.main(["arena", "solitaire", "--agents", "rules,random", "--games", "2"]) == 0
    captured = capsys.readouterr()
    assert "game 4 of 4 played" in captured.err and captured.err.endswith("\r\033[K")
    assert "played" not in captured.out and "\r" not in captured.out  # the report is untouched


@pytest.mark.parametrize("agent_name", ["rules", "random"])
def test_the_value_is_fitted_on_turn_starts_of_the_agents_own_wars(agent_name):
    """benchmarks/solitaire_value.py: one row per turn start (VS-B0.1: turn 2 onward, the war's
    last turn included, since B9 ends a war only at its end, VS-B9.2), its target the turns the
    war then lasted; a ridge pulls an underdetermined fit to the weights in use."""
    from benchmarks.solitaire_value import least_squares, samples, war

    rows, end = war(131, agent_name)
    turns = [row[1] for row in rows]
    assert turns == list(range(2, end + 1))
    xs, ys = samples(2, 131, agent_name)
    assert xs[: len(rows)] == rows
    assert ys[: len(rows)] == [end - t for t in turns]

    points = [(1.0, t, 2.0 * t) for t in range(2, 9)]  # the third feature repeats the second
    targets = [10 - t for t in range(2, 9)]
    near = least_squares(points, targets, 1e-6, [10.0, 1.0, 0.0])
    assert [round(w, 3) for w in near] == [10.0, 0.6, -0.8]  # of all exact fits, the nearest
    assert least_squares(points, targets, 1e9, [3.0, 2.0, 1.0]) == pytest.approx(
        [3.0, 2.0, 1.0], abs=1e-4
    )


def test_each_measured_change_is_the_one_thing_its_weight_counts():
    """benchmarks/solitaire_slopes.py: every change it plays out alters the value's features by
    exactly the weights it is credited to (a unit, a Trail counter, B9 result 5, or a region
    changing hands with the unit that made it change), and the weights it solves for give back
    the ones that made the measures."""
    from ai.solitaire import value_features
    from benchmarks.solitaire_slopes import (
        OWNER_CHANGES,
        UNIT_CHANGES,
        changes,
        turn_starts,
        weights_from,
    )

    seen = set()
    for seed in range(131, 231):  # empty regions are rare: play on until each change is seen
        if seen == set(UNIT_CHANGES) | set(OWNER_CHANGES):
            break
        rng = random.Random(seed)
        for s in turn_starts(seed):
            for name, (without, with_) in changes(s, rng).items():
                pairs = zip(value_features(without), value_features(with_), strict=True)
                diff = [b - a for a, b in pairs]
                if name in UNIT_CHANGES:
                    expected = {UNIT_CHANGES[name]: 1}
                else:
                    unit, regions = OWNER_CHANGES[name]
                    expected = {UNIT_CHANGES[unit]: 1, **regions}
                assert {i: d for i, d in enumerate(diff) if d} == expected, (seed, s.turn, name)
                seen.add(name)
    assert seen == set(UNIT_CHANGES) | set(OWNER_CHANGES)

    truth = [5.0, -0.3, -0.4, -0.07, -0.01, -0.12, -0.1, 0.17, 0.13, 0.28, 0.04]
    worth = {name: (truth[i], 0.01) for name, i in UNIT_CHANGES.items()}
    for name, (unit, regions) in OWNER_CHANGES.items():
        gain = truth[UNIT_CHANGES[unit]] + sum(truth[r] * sign for r, sign in regions.items())
        worth[name] = (gain, 0.02)
    xs = [value_features(s) for seed in (131, 132) for s in turn_starts(seed)]
    ys = [sum(w * x for w, x in zip(truth, row, strict=True)) for row in xs]
    assert weights_from(worth, xs, ys) == pytest.approx(truth, abs=0.01)
