"""Golden saves: files written by this program and the ones before it, loaded by every later one.

Every file in tests/saves/golden/ is listed in manifest.json beside it: the game, the format, the
rules version of the game it replays exactly under, its turn and moves, finished or not. A golden
save of a game's current `rules_version` must replay exactly under today's rules: every move legal,
to its digest (a format-1 or -2 file, whose digest cannot be compared, every move legal), at the
turn, move count and end the manifest gives. So this test fails when a change to the rules alters
any golden game: the change then needs that game's `rules_version` bumped (core/<game>/game.py)
and golden saves of the new version made with `python tests/saves/make_golden.py`; the old ones
stay, and must still open, as far as today's rules replay them. See docs/save-format.md,
"Versions".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import core
from saves.codec import RULES_SINCE
from saves.record import checkable_digest, load_replay, replay_states
from saves.store import read_header, read_record

GOLDEN = Path(__file__).parent / "golden"
MANIFEST = json.loads((GOLDEN / "manifest.json").read_text(encoding="utf-8"))
MAX_BYTES = 8 * 1024


def test_every_golden_file_is_in_the_manifest_and_small():
    files = {p.name for p in GOLDEN.iterdir() if p.name != "manifest.json"}
    assert files == set(MANIFEST)
    assert all((GOLDEN / name).stat().st_size <= MAX_BYTES for name in files)


@pytest.mark.parametrize("game_id", core.game_ids())
def test_every_game_has_golden_saves_of_its_current_rules(game_id):
    """At least three per game and rules version, some finished and some not: a new rules
    version needs new golden saves (`python tests/saves/make_golden.py`)."""
    today = core.game(game_id).rules_version
    ours = [
        entry
        for entry in MANIFEST.values()
        if entry["game"] == game_id
        and entry["rules_version"] == today
        and entry["format"] >= RULES_SINCE
    ]
    assert len(ours) >= 3
    assert {entry["finished"] for entry in ours} == {True, False}


@pytest.mark.parametrize("name", sorted(MANIFEST))
def test_a_golden_save_loads_forever(name):
    expected = MANIFEST[name]
    path = GOLDEN / name
    header, record = read_header(path), read_record(path)
    assert (header.version, header.game, header.turn, header.moves) == (
        expected["format"],
        expected["game"],
        expected["turn"],
        expected["moves"],
    )
    game = core.game(record.game)
    if expected["format"] >= RULES_SINCE:
        assert record.rules_version == expected["rules_version"] and checkable_digest(record.digest)
    assert expected["rules_version"] <= game.rules_version, "a rules version from the future"
    if expected["rules_version"] < game.rules_version:
        load_replay(record)  # an older rules version's game opens, as far as it replays
        return
    states = replay_states(record)  # every move legal, to the saved digest
    assert len(states) - 1 == expected["moves"]
    assert game.turn(states[-1]) == expected["turn"]
    assert (game.outcome(states[-1]) is not None) == expected["finished"] == bool(record.finished)
