"""Saves that survive an upgrade: every save names the program and the rules version of its game
that made it (format 3; formats 1 and 2 read as an unknown rules version)."""

from __future__ import annotations

from dataclasses import replace

import msgpack
import pytest

import core
from saves import FORMAT_VERSION, SaveError, SeatInfo, decode, encode, new_record
from saves.codec import decode_header
from saves.record import APP_VERSION, replay_states
from saves.store import read_header, read_record
from tests.contract import play_random

SEATS = (SeatInfo("Ann"), SeatInfo("Bob", "random"))
SEED = 2  # a duel of six moves: roll, roll, roll, stand, roll, stand


def split(data: bytes) -> list[dict]:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    return list(unpacker)


def pack(*values) -> bytes:
    return b"".join(msgpack.packb(v, use_bin_type=True) for v in values)


def whole_game(duel):
    """A finished duel of six moves saved under rules version 1, and every position."""
    p = play_random(duel, SEED)
    assert len(p.actions) == 6
    record = new_record("duel", {}, 2, SEATS, SEED).with_actions(p.actions, p.states[-1], duel)
    return replace(record, rules_version=1), p.states


def fifth_move_refused(record):
    """The same save, but its 5th move is one today's rules refuse there."""
    return replace(record, actions=(*record.actions[:4], ("fly",), *record.actions[5:]))


def another_position(record):
    """The same save, but its digest names a position today's rules do not reach."""
    return replace(record, digest="rules1:" + "0" * 32)


@pytest.fixture
def upgraded(duel, monkeypatch):
    """Today's program plays the duel under rules version 2: saves made so far have 1."""
    monkeypatch.setattr(type(duel), "rules_version", 2)
    return duel


def older_format(record, version: int) -> bytes:
    """A record as a version-1 (one map, no id) or version-2 file wrote it: no rules version."""
    head, body = split(encode(record))
    del head["rules_version"], body["rules_version"]
    head["version"] = body["version"] = version
    if version == 2:
        return pack(head, body)
    del body["id"]
    return pack(body)


# --- the rules version in every save -------------------------------------------------------------


@pytest.mark.parametrize("game_id", core.game_ids())
def test_every_game_declares_its_rules_version_and_a_new_save_records_it(game_id):
    game = core.game(game_id)
    assert type(game.rules_version) is int and game.rules_version >= 1
    record = new_record(game_id, {}, game.seats.start, [SeatInfo("Ann")] * game.seats.start, 1)
    assert record.rules_version == game.rules_version and record.app_version == APP_VERSION
    head, body = split(encode(record))
    assert head["rules_version"] == body["rules_version"] == game.rules_version


def test_a_version_3_file_round_trips_with_its_rules_version(duel):
    record, _ = whole_game(duel)
    record = replace(record, rules_version=7)
    data = encode(record)
    assert decode(data) == record
    header = decode_header(data, whole=True)
    assert (header.version, header.rules_version, header.app_version) == (3, 7, APP_VERSION)
    assert FORMAT_VERSION == 3


@pytest.mark.parametrize("version", [1, 2])
def test_versions_1_and_2_still_load_with_an_unknown_rules_version(duel, tmp_path, version):
    record, states = whole_game(duel)
    path = tmp_path / "old.objective"
    path.write_bytes(older_format(record, version))
    loaded = read_record(path)
    assert loaded.rules_version == 0 and loaded.actions == record.actions
    assert loaded.id == (record.id if version == 2 else "")
    header = read_header(path)
    assert (header.version, header.rules_version, header.moves) == (version, 0, 6)
    assert replay_states(loaded) == list(states)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"record": {"rules_version": None}}, "'rules_version' is missing"),
        ({"both": {"rules_version": "1"}}, "'rules_version' has the wrong type"),
        ({"both": {"rules_version": -1}}, "'rules_version' is out of range"),
        ({"header": {"rules_version": 2}}, "header does not match its record"),
    ],
    ids=["missing", "text", "negative", "header differs"],
)
def test_a_version_3_file_with_a_bad_rules_version_is_damaged(duel, change, expected):
    head, body = split(encode(whole_game(duel)[0]))
    for where, fields in change.items():
        for target in {"header": [head], "record": [body], "both": [head, body]}[where]:
            for key, value in fields.items():
                if value is None:
                    del target[key]
                else:
                    target[key] = value
    with pytest.raises(SaveError, match=expected):
        decode(pack(head, body))


def test_a_game_played_on_records_this_program_and_todays_rules(upgraded):
    record, states = whole_game(upgraded)
    old = replace(record, app_version="0.1.0", rules_version=1, actions=record.actions[:3])
    played = old.with_actions(record.actions[:4], states[4], upgraded)
    assert (played.app_version, played.rules_version) == (APP_VERSION, 2)
