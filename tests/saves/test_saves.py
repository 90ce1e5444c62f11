"""Game records: encoding, replay, the store, and one clear sentence for every bad file."""

from __future__ import annotations

import os
from dataclasses import replace

import msgpack
import pytest

from saves import (
    FORMAT_TAG,
    FORMAT_VERSION,
    SaveError,
    SaveStore,
    SeatInfo,
    decode,
    encode,
    new_record,
    read_record,
    replay,
    state_digest,
)
from saves.record import load_replay, start_game
from saves.store import default_save_dir
from tests.contract import play_random

SEATS = (SeatInfo("Ann"), SeatInfo("Bot", "random"))


def finished_record(duel, seed=3):
    p = play_random(duel, seed)
    record = new_record("duel", {}, 2, SEATS, seed)
    return record.with_actions(p.actions, p.states[-1], duel), p.states[-1]


def test_record_roundtrip_and_replay(duel):
    record, final = finished_record(duel)
    again = decode(encode(record))
    assert again == record
    assert replay(again) == final
    assert again.digest == state_digest(final)
    assert again.finished and again.turn == duel.turn(final)


def test_digest_changes_with_the_state(duel):
    a = duel.new({}, 2, 1)
    b = duel.apply(a, ("stand",))
    assert state_digest(a) != state_digest(b)
    assert state_digest(a) == state_digest(duel.new({}, 2, 1))


def split(data: bytes) -> list[dict]:
    """The maps of a save file: the header and the record (version 2), or the record alone."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    return list(unpacker)


def join(*values) -> bytes:
    return b"".join(msgpack.packb(v, use_bin_type=True) for v in values)


def raw_record(duel, **changes):
    """A finished game's save with some fields changed (in its header too, where it has them)."""
    record, _ = finished_record(duel)
    header, body = split(encode(record))
    header.update({k: v for k, v in changes.items() if k in header})
    if "actions" in changes:
        header["moves"] = len(changes["actions"])
    body.update(changes)
    return join(header, body)


def good_bytes(duel):
    record, _ = finished_record(duel)
    return encode(record)


BAD_FILES = {
    "empty": (lambda d: b"", "the file is empty"),
    "garbage bytes": (lambda d: bytes(range(0xC1, 0xC1 + 40)), "not an Objective save"),
    "random bytes": (lambda d: b"\xc1\x00\xff\xfe" * 64, "not an Objective save"),
    "truncated": (lambda d: good_bytes(d)[:-7], "cut short"),
    "plain text": (lambda d: b"this is my shopping list\neggs\n", "plain text"),
    "not a record": (lambda d: msgpack.packb([1, 2, 3]), "not a game record"),
    "deeply nested": (lambda d: b"\x91" * 200_000 + b"\x00", "nested far too deeply"),
    "nested junk in a map": (
        lambda d: b"\x82" + join({"format": FORMAT_TAG})[1:] + join("junk") + _nest_bytes(),
        "nested far too deeply",
    ),
    "wrong format tag": (lambda d: raw_record(d, format="chess-pgn"), "wrong format tag"),
    "newer version": (lambda d: raw_record(d, version=FORMAT_VERSION + 1), "newer version"),
    "missing field": (lambda d: _drop(raw_record(d), "seed"), "'seed' is missing"),
    "unknown game": (lambda d: raw_record(d, game="chess"), "does not know ('chess')"),
    "illegal action": (lambda d: raw_record(d, actions=[["stand"], ["fly"]]), "is not legal"),
    "digest mismatch": (lambda d: raw_record(d, digest="rules1:" + "0" * 32), "does not reach"),
    "bad option": (lambda d: raw_record(d, options={"bust_limit": 99}), "option"),
    "version 0": (lambda d: raw_record(d, version=0), "impossible format version (0)"),
    "version -5": (lambda d: raw_record(d, version=-5), "impossible format version (-5)"),
    "unknown seat kind": (
        lambda d: raw_record(d, seats=[["Ann", "human", None], ["Bot", "bogus", None]]),
        "unknown kind 'bogus'",
    ),
    "unknown level": (
        lambda d: raw_record(d, seats=[["Ann", "human", None], ["Bot", "mcts", "ultra"]]),
        "unknown level 'ultra'",
    ),
    "level on a levelless kind": (
        lambda d: raw_record(d, seats=[["Ann", "human", "hard"], ["Bot", "random", None]]),
        "cannot have a level",
    ),
}


def _nest_bytes(depth=200_000):
    return b"\x91" * depth + b"\x00"


def _drop(data, key):
    header, body = split(data)
    del body[key]
    return join(header, body)


@pytest.mark.parametrize("case", BAD_FILES, ids=str)
def test_every_bad_file_gives_one_clear_sentence(duel, tmp_path, case):
    make, expected = BAD_FILES[case]
    path = tmp_path / "bad.objective"
    path.write_bytes(make(duel))
    before = path.read_bytes()
    with pytest.raises(SaveError) as info:
        replay(read_record(path))
    message = str(info.value)
    assert expected in message
    assert "\n" not in message and "Traceback" not in message
    assert path.read_bytes() == before


def test_missing_file_is_a_save_error(tmp_path):
    with pytest.raises(SaveError, match="no save file"):
        read_record(tmp_path / "nope.objective")


def test_store_lists_saves_newest_first_with_broken_files(duel, tmp_path):
    store = SaveStore(tmp_path)
    record, _ = finished_record(duel)
    old = store.save(replace(record, updated=1000.0))
    new = store.save(replace(record, updated=2000.0))
    (tmp_path / "broken.objective").write_bytes(b"\x00\x01garbage")
    (tmp_path / "notes.txt").write_text("not a save")
    entries = store.entries()
    assert [e.path for e in entries if e.record] == [new, old]
    broken = [e for e in entries if e.record is None]
    assert len(broken) == 1 and broken[0].error


def test_autosave_and_continue(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = new_record("duel", {}, 2, SEATS, 5)
    path = store.autosave(record)
    assert path.name == f"autosave-duel-{record.id}.objective"
    assert store.latest_autosave().load() == record
    p = play_random(duel, 5)
    finished = record.with_actions(p.actions, p.states[-1], duel)
    store.autosave(finished)
    assert store.latest_autosave() is None  # a finished game is not offered to continue


def test_failed_save_never_clobbers_the_existing_file(duel, tmp_path, monkeypatch):
    store = SaveStore(tmp_path)
    record, _ = finished_record(duel)
    path = store.save(record)
    before = path.read_bytes()

    def broken_fsync(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(SaveError, match="No space left"):
        store.save(replace(record, turn=99), path)
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no temp file left behind


def test_unencodable_record_fails_before_touching_disk(duel, tmp_path):
    store = SaveStore(tmp_path)
    record, _ = finished_record(duel)
    path = store.save(record)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="cannot be written"):
        store.save(replace(record, options={"bust_limit": object()}), path)
    assert path.read_bytes() == before


def test_save_dir_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("OBJECTIVE_SAVE_DIR", str(tmp_path / "mine"))
    assert default_save_dir() == tmp_path / "mine"
    monkeypatch.delenv("OBJECTIVE_SAVE_DIR")
    assert default_save_dir().name == "saves"
    assert "objective" in str(default_save_dir())


# --- paths that are not files ------------------------------------------------------------------


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "game.objective"
    os.mkfifo(fifo)
    with pytest.raises(SaveError, match="not a regular file"):
        read_record(fifo)  # would block forever if it were opened for reading


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_an_endless_device_is_refused_without_reading_it(tmp_path, device):
    link = tmp_path / "game.objective"
    link.symlink_to(device)
    with pytest.raises(SaveError, match="not a regular file"):
        read_record(link)


def test_reading_stops_at_the_size_limit(tmp_path, monkeypatch):
    import saves.store

    monkeypatch.setattr(saves.store, "MAX_FILE_BYTES", 1000)
    big = tmp_path / "big.objective"
    big.write_bytes(b"\x00" * 5000)
    with pytest.raises(SaveError, match="far too large"):
        read_record(big)


def test_a_folder_is_not_a_save(tmp_path):
    with pytest.raises(SaveError, match="is a folder"):
        read_record(tmp_path)


def test_the_save_list_survives_fifos_devices_and_folders(duel, tmp_path):
    store = SaveStore(tmp_path)
    record, _ = finished_record(duel)
    good = store.save(record)
    os.mkfifo(tmp_path / "pipe.objective")
    (tmp_path / "zero.objective").symlink_to("/dev/zero")
    (tmp_path / "folder.objective").mkdir()
    entries = {e.path.name: e for e in store.entries()}
    assert entries[good.name].record == record
    for name in ("pipe.objective", "zero.objective", "folder.objective"):
        assert entries[name].record is None and entries[name].error


def test_listing_removes_stale_temporary_files_only(duel, tmp_path):
    store = SaveStore(tmp_path)
    stale = tmp_path / ".tmp-abc_1234.objective"  # the shape of this program's temporary saves
    fresh = tmp_path / ".tmp-def_5678.objective"
    stale.write_bytes(b"x" * 100)
    fresh.write_bytes(b"y")
    os.utime(stale, (1_000_000, 1_000_000))
    store.entries()
    assert not stale.exists() and fresh.exists()


def test_a_save_never_replaces_a_device(duel, tmp_path):
    store = SaveStore(tmp_path)
    record, _ = finished_record(duel)
    link = tmp_path / "dev.objective"
    link.symlink_to("/dev/null")
    with pytest.raises(SaveError, match="not a regular file"):
        store.save(record, link)
    assert link.is_symlink() and os.readlink(link) == "/dev/null"


def test_rewording_every_event_leaves_saves_alone(duel, monkeypatch):
    """A save's digest covers the rules state, never what the events say: a later version that
    words every event otherwise still loads the saves of this one."""
    from core import engine
    from saves import decode, encode, replay
    from tests.tinygame import DuelEvent

    record = new_record("duel", {}, 2, [SeatInfo("A"), SeatInfo("B")], 5)
    state = duel.new({}, 2, 5)
    actions = []
    for action in [("roll",), ("roll",), ("stand",)]:
        state = duel.apply(state, action)
        actions.append(action)
    data = encode(record.with_actions(actions, state, duel))
    monkeypatch.setitem(
        engine._NARRATORS, DuelEvent, lambda e: ("Reworded", "-", "-") if e.dice else "Reworded."
    )
    assert state.events[0].text.startswith("Reworded")
    assert state_digest(replay(decode(data))) == state_digest(state)


@pytest.mark.parametrize(
    ("game_id", "players"), [("solitaire", 1), ("objectives", 3), ("conquer", 4)]
)
def test_a_new_game_opens_as_its_save_would_replay(game_id, players):
    # `start_game` deals the opening once; a save of that opening replays to the same position
    seats = [SeatInfo(f"P{i + 1}", "human") for i in range(players)]
    opening = start_game(game_id, {}, players, seats, 17)
    replayed = load_replay(opening.record)
    assert opening.record.actions == () and opening.moves == 0 and not opening.diverged
    assert opening.states == replayed.states
    assert opening.record.digest == state_digest(opening.states[0])
