"""The command line under attack: generated argument lists never end in a traceback, exit with
0, 1 or 2, and write nothing outside the temporary folder they were given."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tui import cli

ROOT = Path(__file__).resolve().parent.parent
WORDS = st.sampled_from(
    ["", "-", "--", "x", "0", "-1", "1", "2", "7", "10**9", str(2**64), "1e3", "☃", "ＳＯＬ",
     "\x00", "a=b", "=", "on", "mcts:", "mcts:hard", "rules:", "bogus", "random,rules", ","]
)  # fmt: skip
GAMES = st.sampled_from(["duel", "solitaire", "objectives", "conquer", "chess", "", "SOLITAIRE"])
FLAGS = st.sampled_from(
    ["--players", "--seat", "--seed", "--option", "--games", "--agents", "--trace", "--json",
     "--jobs", "--save-dir", "--help", "--frobnicate", "-x", "--version"]
)  # fmt: skip
PATHS = st.sampled_from(["{tmp}", "{tmp}/missing/x.jsonl", "{tmp}/ok.jsonl", "/dev/full",
                         "{tmp}/file", "/", "/proc/self/mem", "{tmp}/a\x00b"])  # fmt: skip
COMMANDS = st.sampled_from(["new", "load", "simulate", "arena", None])


@st.composite
def argv(draw):
    command = draw(COMMANDS)
    args = [] if command is None else [command]
    if command in ("new", "simulate", "arena") and draw(st.booleans()):
        args.append(draw(GAMES))
    if command == "load":
        args.append(draw(st.one_of(PATHS, WORDS)))
    for _ in range(draw(st.integers(0, 5))):
        flag = draw(FLAGS)
        args.append(flag)
        if flag in ("--trace", "--save-dir"):
            args.append(draw(PATHS))
        elif flag not in ("--json", "--help", "--version") and draw(st.integers(0, 9)):
            args.append(draw(WORDS))
    if command in ("simulate", "arena"):
        args += ["--games", draw(st.sampled_from(["1", "2", "0", "-3", str(10**30), "lots"]))]
    return args


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    """Every folder the program may write to points into tmp_path; the app never opens."""
    import tui.app

    for var in ("HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(var, str(tmp_path / "home"))
    monkeypatch.setenv("OBJECTIVE_SAVE_DIR", str(tmp_path / "saves"))
    monkeypatch.setenv("OBJECTIVE_CRASH_DIR", str(tmp_path / "crash"))
    monkeypatch.setattr(tui.app.ObjectiveApp, "run", lambda self: None)
    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # the app that never opens has one
    (tmp_path / "file").write_text("a file, not a folder")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def project_files() -> set[str]:
    return {
        str(p) for p in ROOT.rglob("*") if ".git" not in p.parts and "__pycache__" not in p.parts
    }


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(args=argv())
def test_no_argument_list_ends_in_a_traceback(sandbox, duel, capsys, args):
    args = [a.replace("{tmp}", str(sandbox)) for a in args]
    if "arena" in args and any(a.startswith("mcts") for a in args):
        args = [a.replace("mcts:hard", "random") for a in args]  # keep the run short
    crash_dir = sandbox / "crash"
    before = set(crash_dir.glob("*")) if crash_dir.exists() else set()
    try:
        code = cli.main(args)
    except SystemExit as stop:  # --help and --version
        code = stop.code
    out, err = capsys.readouterr()
    assert code in (0, 1, 2), (args, code, err)
    assert "Traceback" not in err and "Traceback" not in out, (args, err)
    if code:
        assert len(err.strip().splitlines()) == 1, (args, err)
    crashes = (set(crash_dir.glob("*")) if crash_dir.exists() else set()) - before
    reports = [p.read_text()[-600:] for p in crashes]
    assert not crashes, (args, err, reports)  # every failure a person causes has its sentence


def test_the_fuzz_writes_nothing_into_the_project(sandbox, duel, capsys):
    before = project_files()
    for args in (["simulate", "duel", "--agents", "random", "--games", "2", "--trace", "t.jsonl"],
                 ["new", "duel", "--seed", "3"]):  # fmt: skip
        assert cli.main(args) == 0
    assert project_files() == before
    assert (sandbox / "t.jsonl").exists()
    assert os.listdir(sandbox / "crash") == [] if (sandbox / "crash").exists() else True
