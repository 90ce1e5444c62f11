"""The command line: usage errors exit 2 with one line, bad saves exit 1 before any screen."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.saves.test_saves import BAD_FILES
from tui import cli


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line(err: str) -> str:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_unknown_game_exits_2_with_one_line(capsys):
    code, _, err = run(capsys, "new", "no-such-game")
    assert code == 2
    assert "unknown game 'no-such-game'" in one_line(err)


def test_console_script_unknown_game_has_no_traceback():
    proc = subprocess.run(
        [sys.executable, "-m", "tui.cli", "new", "no-such-game"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert "unknown game" in one_line(proc.stderr)


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["new", "duel", "--option", "bust_limit=lots"], "whole number"),
        (["new", "duel", "--option", "bust_limit=99"], "at most 30"),
        (["new", "duel", "--option", "colour=red"], "unknown option 'colour'"),
        (["new", "duel", "--option", "novalue"], "KEY=VALUE"),
        (["new", "duel", "--players", "5"], "for 2 players, not 5"),
        (["new", "duel", "--seat", "genius"], "unknown agent 'genius'"),
        (["new", "duel", "--seat", "mcts:godlike"], "unknown MCTS level"),
        (["new", "duel", "--seed", "x"], "invalid int value"),
        (["simulate", "duel", "--agents", "random", "--games", "0"], "at least 1"),
        (["simulate", "duel", "--agents", "wizard"], "unknown agent"),
        (["frobnicate"], "invalid choice"),
        (
            ["new", "solitaire", "--option", "opt_allied=on", "--option", "opt_historical=on"],
            "cannot be combined",
        ),
    ],
)
def test_usage_errors_exit_2_with_one_line(duel, capsys, argv, expected):
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert expected in one_line(err)


@pytest.mark.parametrize("case", BAD_FILES, ids=str)
def test_load_of_a_bad_file_exits_1_before_any_screen(duel, tmp_path, capsys, monkeypatch, case):
    import tui.app

    monkeypatch.setattr(tui.app.ObjectiveApp, "run", lambda self: pytest.fail("a screen opened"))
    make, expected = BAD_FILES[case]
    path = tmp_path / "bad.objective"
    path.write_bytes(make(duel))
    before = path.read_bytes()
    code, _, err = run(capsys, "load", str(path))
    assert code == 1
    assert expected in one_line(err)
    assert path.read_bytes() == before


def test_simulate_json_is_repeatable_and_complete(duel, capsys):
    argv = ("simulate", "duel", "--agents", "random", "--games", "6", "--seed", "4", "--json")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    again = run(capsys, *argv)[1]
    assert out == again
    report = json.loads(out)
    assert report["games"] == 6 and len(report["results"]) == 6
    assert [r["seed"] for r in report["results"]] == [4, 5, 6, 7, 8, 9]
    assert sum(report["summary"]["outcomes"].values()) == 6


def test_simulate_table(duel, capsys):
    code, out, _ = run(capsys, "simulate", "duel", "--agents", "random", "--games", "3")
    assert code == 0
    assert "Dice Duel: 3 games" in out and "Outcomes:" in out


def test_trace_shows_every_action_and_die(duel, capsys, tmp_path):
    trace = tmp_path / "t.jsonl"
    code, _, _ = run(
        capsys, "simulate", "duel", "--agents", "random", "--games", "2", "--trace", str(trace)
    )
    assert code == 0
    lines = [json.loads(x) for x in trace.read_text().splitlines()]
    actions = [x for x in lines if x["type"] == "action"]
    ends = [x for x in lines if x["type"] == "end"]
    assert [e["n"] for e in ends] == [0, 1]
    assert all({"game", "n", "seq", "seat", "action", "events", "state"} <= set(a) for a in actions)
    rolls = [a for a in actions if a["action"]["encoded"] == ["roll"]]
    assert rolls and all(a["events"][0]["dice"] for a in rolls)
    assert all(a["events"][0]["purpose"] for a in rolls)


def test_version(capsys):
    with pytest.raises(SystemExit) as info:
        cli.main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("objective ")
