from __future__ import annotations

import os
import time

import pytest

import core


@pytest.fixture(autouse=True)
def crash_reports(tmp_path_factory, monkeypatch):
    """Crash reports of a test run go to a temporary folder, never the user's log folder."""
    monkeypatch.setenv("OBJECTIVE_CRASH_DIR", str(tmp_path_factory.mktemp("crash")))


@pytest.fixture(autouse=True)
def settings_dir(tmp_path_factory, monkeypatch):
    """Settings of a test run in a temporary folder, with every first-time page already seen
    (tests of the first-time page clear `intro_seen` themselves)."""
    folder = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("OBJECTIVE_CONFIG_DIR", str(folder))
    (folder / "settings.toml").write_text(
        'intro_seen = ["solitaire", "objectives", "conquer", "duel"]\n'
    )
    return folder


@pytest.fixture
def duel(monkeypatch):
    """The contract's test game, registered as `duel` for saves, CLI and screen tests."""
    monkeypatch.setitem(core._REGISTRY, "duel", "tests.tinygame")
    core._loaded.pop("duel", None)
    yield core.game("duel")
    core._loaded.pop("duel", None)


@pytest.fixture
def utc(monkeypatch):
    """Dates on screen in UTC, so snapshots do not depend on the machine's time zone."""
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.delenv("TZ", raising=False)
    time.tzset()


@pytest.fixture
def save_dir(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    monkeypatch.setenv("OBJECTIVE_SAVE_DIR", os.fspath(folder))
    return folder
