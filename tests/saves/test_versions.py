"""Saves that survive an upgrade: every save names the program and the rules version of its game
that made it (format 3; formats 1 and 2 read as an unknown rules version), and a save another
version made that today's rules replay otherwise loads as far as it replays, says so, and is never
written over; the same from this version is damage, refused as before."""

from __future__ import annotations

from dataclasses import replace

import msgpack
import pytest

import core
from saves import FORMAT_VERSION, SaveError, SaveStore, SeatInfo, decode, encode, new_record
from saves.codec import decode_header
from saves.record import APP_VERSION, load_replay, replay_states, state_digest
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


# --- a save another version made loads as far as it replays -------------------------------------


def test_a_save_whose_fifth_move_today_refuses_loads_four_moves_and_says_so(upgraded):
    record, states = whole_game(upgraded)
    loaded = load_replay(fifth_move_refused(record))
    assert loaded.diverged and (loaded.replayed, loaded.stopped, loaded.moves) == (4, 5, 6)
    assert loaded.states == list(states[:5])
    assert loaded.record.actions == record.actions[:4]
    assert loaded.record.digest == state_digest(states[4]) and not loaded.record.finished
    assert loaded.record.rules_version == 2  # it goes on under today's rules
    assert "move 5 (['fly']) is not legal there" in loaded.why
    assert loaded.note == (
        f"This save was made by Objective {APP_VERSION} under rules version 1 of Dice Duel "
        "(today's is 2): it replays to move 4 of 6 under today's rules."
    )


def test_a_save_whose_position_differs_loads_every_move_and_says_so(duel):
    record, states = whole_game(duel)
    loaded = load_replay(another_position(replace(record, app_version="0.1.0")))
    assert loaded.diverged and (loaded.replayed, loaded.stopped) == (6, 0)
    assert loaded.states == list(states) and loaded.record.finished
    assert loaded.record.digest == state_digest(states[-1])
    assert loaded.note == (
        "This save was made by Objective 0.1.0: its 6 moves replay under today's rules to "
        "another position."
    )


def test_a_save_whose_first_move_today_refuses_starts_from_its_opening(upgraded):
    record, states = whole_game(upgraded)
    loaded = load_replay(replace(record, actions=(("fly",), *record.actions[1:])))
    assert loaded.states == [states[0]] and loaded.record.actions == ()
    assert loaded.note.endswith(": none of its 6 moves replays under today's rules.")


def test_a_format_2_save_of_unknown_rules_loads_as_far_as_it_replays(duel):
    record, _ = whole_game(duel)
    loaded = load_replay(decode(older_format(fifth_move_refused(record), 2)))
    assert loaded.replayed == 4
    assert loaded.note == (
        f"This save was made by Objective {APP_VERSION}: it replays to move 4 of 6 under "
        "today's rules."
    )


@pytest.mark.parametrize("broken", [fifth_move_refused, another_position], ids=["move", "digest"])
def test_the_same_from_this_program_and_rules_version_is_refused_as_damaged(duel, broken):
    record, _ = whole_game(duel)
    with pytest.raises(SaveError, match=r"^the save is damaged: "):
        load_replay(broken(record))


def test_a_save_that_replays_as_saved_loads_as_it_is(upgraded):
    record, states = whole_game(upgraded)
    loaded = load_replay(record)  # rules version 1, today's 2, but the same game
    assert not loaded.diverged and loaded.note == "" and loaded.record is record
    assert loaded.states == list(states)


def test_the_exact_replay_still_refuses_what_loading_takes_in_part(upgraded):
    """Golden saves and replays that must be exact use `replay_states`, which never gives in."""
    record, _ = whole_game(upgraded)
    with pytest.raises(SaveError, match=r"move 5 .* is not legal there .*may differ"):
        replay_states(fifth_move_refused(record))


# --- never written over ----------------------------------------------------------------------


@pytest.mark.parametrize("autosave", [True, False], ids=["autosave", "save point"])
def test_a_save_that_replays_otherwise_is_never_written_over(upgraded, tmp_path, autosave):
    store = SaveStore(tmp_path)
    record, _ = whole_game(upgraded)
    saved = replace(fifth_move_refused(record), finished="")
    path = store.autosave(saved) if autosave else store.save_point(saved)
    before = path.read_bytes()
    loaded = load_replay(read_record(path))
    going_on, slot = store.slot_for(loaded.record, path, diverged=loaded.diverged)
    assert going_on.id != saved.id and slot.path != path and slot.path.parent == tmp_path
    slot.write(going_on)  # nothing played since it was opened: nothing is written
    assert not slot.path.exists()
    action = upgraded.legal_actions(loaded.states[-1])[0]  # the game goes on: a fifth move
    state = upgraded.apply(loaded.states[-1], action)
    slot.write(going_on.with_actions((*going_on.actions, action), state, upgraded))
    assert path.read_bytes() == before
    assert read_record(slot.path).rules_version == 2 and len(read_record(slot.path).actions) == 5
