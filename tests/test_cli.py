"""The command line: usage errors exit 2 with one line, bad saves exit 1 before any screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

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
        (["new", "duel", "--seed", "x"], "takes a whole number, not 'x'"),
        (["new", "duel", "--seed", "-1"], "must be from 0"),
        (["new", "duel", "--seed", str(2**63)], "must be from 0 to 9223372036854775807, not"),
        (["simulate", "duel", "--seed", "-1"], "must be from 0"),
        (["arena", "duel", "--agents", "random,rules", "--seed", "-1"], "must be from 0"),
        (["simulate", "duel", "--agents", "random", "--games", "0"], "must be from 1"),
        (["simulate", "duel", "--games", str(10**30)], "must be from 1 to 100000"),
        (["arena", "duel", "--agents", "random,rules", "--jobs", "1000"], "must be from 1 to 64"),
        (["serve", "--max-sessions", "0"], "--max-sessions: must be from 1 to 64"),
        (["new", "duel", "--seat", "mcts:"], "names no MCTS level (levels: easy, normal, hard)"),
        (["new", "duel", "--seat", "rules:"], "has no levels"),
        (["simulate", "duel", "--agents", "mcts:,rules"], "names no MCTS level"),
        (["simulate", "duel", "--agents", "wizard"], "unknown agent"),
        (["frobnicate"], "invalid choice"),
        (
            ["new", "objectives", "--preset", "hell"],
            "unknown preset 'hell': Objectives: Vietnam's presets are recruit, veteran, "
            "attrition, quagmire",
        ),
        (["arena", "objectives", "--agents", "rules,random", "--preset", "x"], "unknown preset"),
        (["simulate", "duel", "--preset", "hard"], "Dice Duel has no presets"),
        (["join"], "join needs the room's address and token: run the line the host gave you"),
        (["join", "ws://localhost:8765/room/r1"], "join needs the room's token:"),
        (["join", "--token", "abc"], "join needs the room's address:"),
        (["join", "http://localhost:8765/room/r1", "--token", "abc"], "ws://"),
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


def test_a_preset_sets_the_options_and_an_explicit_option_beats_it(capsys):
    argv = ["simulate", "objectives", "--agents", "rules", "--games", "1", "--json"]
    code, out, _ = run(capsys, *argv, "--preset", "attrition", "--option", "pool_limit=9")
    assert code == 0
    options = json.loads(out)["options"]
    assert options["war_weariness"] == "per_card"  # the preset's
    assert options["pool_limit"] == 9  # the explicit option's, not the preset's 7
    assert options["attack_target"] == "any"  # the default


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


def subcommands() -> list[str]:
    """Every subcommand the parser knows (so a new one is covered without editing the tests)."""
    parser = cli.build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, cli.argparse._SubParsersAction)]
    return sorted(sub.choices)


@pytest.mark.parametrize("argv", [["--help"], ["-h"], *([c, "--help"] for c in subcommands())])
def test_every_help_exits_0_with_usage(capsys, argv):
    with pytest.raises(SystemExit) as info:
        cli.main(argv)
    out, err = capsys.readouterr()
    assert info.value.code == 0
    assert out.startswith("usage: objective") and not err


@pytest.mark.parametrize(
    ("make", "expected"),
    [
        (lambda tmp: tmp, "is a folder, not a file"),
        (lambda tmp: tmp / "missing" / "x.jsonl", "does not exist"),
        (lambda tmp: "/dev/full", "is not a regular file"),
    ],
    ids=["folder", "missing-folder", "device"],
)
def test_a_trace_path_that_cannot_be_written_exits_1(duel, capsys, tmp_path, make, expected):
    argv = [
        "simulate",
        "duel",
        "--agents",
        "random",
        "--games",
        "1",
        "--trace",
        str(make(tmp_path)),
    ]
    code, out, err = run(capsys, *argv)
    assert code == 1 and not out
    assert "cannot write the trace" in one_line(err) and expected in err


def test_a_full_disk_leaves_the_old_trace_untouched(duel, capsys, tmp_path, monkeypatch):
    import errno

    trace = tmp_path / "t.jsonl"
    trace.write_text("the previous run\n")

    def full(stream, obj):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(cli, "_write", full)
    argv = ["simulate", "duel", "--agents", "random", "--games", "1", "--trace", str(trace)]
    code, _, err = run(capsys, *argv)
    assert code == 1
    assert "No space left on device" in one_line(err) and str(trace) in err
    assert trace.read_text() == "the previous run\n"
    assert [p.name for p in tmp_path.iterdir()] == ["t.jsonl"]  # no temporary file left


def test_trace_to_stdout(duel, capsys):
    code, out, err = run(
        capsys, "simulate", "duel", "--agents", "random", "--games", "1", "--trace", "-"
    )
    assert code == 0, err
    assert code == 0
    assert json.loads(out.splitlines()[0])["type"] == "setup"


FULL = Path("/dev/full")  # every write to it fails: No space left on device


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "argv",
    [["--version"], ["--help"], ["simulate", "solitaire", "--games", "1"]],
    ids=["version", "help", "simulate"],
)
def test_output_to_a_full_disk_exits_1_with_one_sentence(argv):
    with FULL.open("w") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "tui.cli", *argv],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert proc.returncode == 1
    said = one_line(proc.stderr)  # and no traceback from Python's own flush at exit
    assert said == "objective: cannot write to the standard output: No space left on device"


@pytest.mark.parametrize("argv", [["--version"], ["simulate", "solitaire", "--games", "1"]])
def test_a_closed_standard_output_exits_1_with_one_sentence(argv):
    proc = subprocess.run(
        [sys.executable, "-m", "tui.cli", *argv],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
        preexec_fn=lambda: os.close(1),  # as `objective ... >&-` starts it
    )
    assert proc.returncode == 1
    assert one_line(proc.stderr) == (
        "objective: the standard output is closed: the results have nowhere to go"
    )


def test_a_path_that_is_not_utf8_is_shown_readably(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "load", os.fsdecode(b"\xff.objective"))
    assert code == 1
    assert "cannot load \\xff.objective: there is no save file" in one_line(err)
    assert "\\udc" not in err


def test_a_save_dir_that_is_a_file_exits_1(duel, capsys, tmp_path, monkeypatch):
    import tui.app

    monkeypatch.setattr(tui.app.ObjectiveApp, "run", lambda self: pytest.fail("a screen opened"))
    blocker = tmp_path / "file"
    blocker.write_text("x")
    code, _, err = run(capsys, "--save-dir", str(blocker), "new", "duel")
    assert code == 1 and "it is a file, not a folder" in one_line(err)


def test_an_unexpected_error_is_one_line_with_a_crash_report(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("OBJECTIVE_CRASH_DIR", str(tmp_path))

    def boom(args):
        raise RuntimeError("the dice fell off the table")

    monkeypatch.setitem(cli.COMMANDS, "simulate", boom)
    code, _, err = run(capsys, "simulate", "duel")
    assert code == 1
    line = one_line(err)
    (report,) = tmp_path.iterdir()
    assert "the dice fell off the table" in line and str(report) in line
    assert "Traceback" in report.read_text() and "RuntimeError" in report.read_text()


def test_the_app_exit_status_is_the_commands(duel, capsys, monkeypatch):
    import tui.app

    def crashed(self):
        self._return_code = 1

    monkeypatch.setattr(tui.app.ObjectiveApp, "run", crashed)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)
    assert cli.main(["new", "duel"]) == 1


@pytest.fixture
def served(monkeypatch):
    """`objective serve` up to the point where it would start listening."""
    from textual_serve.server import Server

    seen = []

    def serve(self, debug=False):
        seen.append(self)
        index = Path(self.templates_path) / "app_index.html"
        seen.append(index.read_text("utf-8"))

    monkeypatch.setattr(Server, "serve", serve)
    return seen


def free_port() -> int:
    """A port nothing listens on now (serve checks its port before it starts: a fixed number
    would clash with whatever else runs on the machine)."""
    import socket

    with socket.socket() as s:
        s.bind(("localhost", 0))
        return s.getsockname()[1]


def test_serve_runs_this_program_for_each_browser_and_names_the_page(served, capsys):
    port = free_port()
    assert cli.main(["serve", "--port", str(port)]) == 0
    server, page = served
    assert (server.host, server.port, server.title) == ("localhost", port, "Objective")
    assert server.command.endswith("-m tui.launch")  # as `objective` starts
    assert "<title>{{ application.name }}</title>" in page
    out, err = capsys.readouterr()
    assert f"http://localhost:{port}/" in out and err == ""


def test_serve_behind_a_public_url_names_it_and_plays_only_in_its_pages(served, capsys):
    argv = [
        "serve",
        "--port",
        str(free_port()),
        "--public-url",
        "https://games.example.org/",
        "--max-sessions",
        "2",
    ]
    assert cli.main(argv) == 0
    server, _ = served
    assert server.origins == {("https", "games.example.org", 443)}
    assert server.max_sessions == 2
    assert "Objective is at https://games.example.org/" in capsys.readouterr().out


def test_serve_warns_when_others_can_reach_it(served, capsys):
    port = free_port()
    assert cli.main(["serve", "--host", "0.0.0.0", "--port", str(port)]) == 0
    err = capsys.readouterr().err
    assert "warning" in err and f"anyone who can reach port {port}" in err and "saves" in err


@pytest.mark.parametrize("port", ["0", "65536", "http"])
def test_serve_refuses_a_port_that_cannot_be(served, capsys, port):
    assert cli.main(["serve", "--port", port]) == 2
    assert "--port" in capsys.readouterr().err and not served


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
def test_new_game_help_lists_the_games_players_and_every_option(capsys, game_id):
    import core

    game = core.game(game_id)
    with pytest.raises(SystemExit) as done:
        cli.main(["new", game_id, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "--option KEY=VALUE" in out and "--players" in out
    assert f"{game.seats.start}" in out.split(game.title, 1)[1].splitlines()[0]
    for option in game.options:
        default = ("on" if option.default else "off") if option.kind is bool else option.default
        assert f"  {option.key}=" in out and f"(default {default})" in out
        for choice in option.choices:
            assert str(choice) in out
