"""Saves that cannot brick the program or lose a game: every value checked on the way in and out,
listings from a small header, one autosave per game, save points that never replace another,
file modes kept, and only this program's own temporary files cleaned up."""

from __future__ import annotations

import math
import os
import stat
import tracemalloc
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest

from saves import FORMAT_VERSION, SaveError, SaveStore, SeatInfo, encode, new_record, replay
from saves.codec import MAX_ACTIONS, MAX_HEADER_BYTES, decode, decode_header
from saves.store import AutosaveSlot, read_header, read_record
from tests.contract import play_random

SEATS = (SeatInfo("Ann"), SeatInfo("Bob", "random"))
GOLDEN_V1 = Path(__file__).parent / "golden" / "solitaire-format-1.objective"


def split(data: bytes) -> list[dict]:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(data)
    return list(unpacker)


def pack(*values) -> bytes:
    return b"".join(msgpack.packb(v, use_bin_type=True) for v in values)


def game_record(duel, seed=3, finished=False):
    record = new_record("duel", {}, 2, SEATS, seed)
    p = play_random(duel, seed)
    n = len(p.actions) if finished else 2
    return record.with_actions(p.actions[:n], p.states[n], duel)


def version_1(record) -> bytes:
    """A record as the previous version of Objective wrote it: one map, no header, no id."""
    _, body = split(encode(record))
    del body["id"], body["rules_version"]
    body["version"] = 1
    return pack(body)


def with_fields(data: bytes, header=None, record=None, **both) -> bytes:
    """A version-2 file with fields changed in its header, its record, or both."""
    head, body = split(data)
    head.update(header or {}, **both)
    body.update(record or {}, **both)
    return pack(head, body)


# --- 2: a bad timestamp ----------------------------------------------------------------------

BAD_TIMES = [math.nan, math.inf, -math.inf, 1e300, -1e18, 2**63, -1]


@pytest.mark.parametrize("when", BAD_TIMES, ids=repr)
@pytest.mark.parametrize("version", [1, 3])
def test_a_save_with_an_impossible_date_is_listed_as_damaged(duel, tmp_path, when, version):
    store = SaveStore(tmp_path)
    good = store.autosave(game_record(duel, 4))
    bad = replace(game_record(duel, 5), id="bad000000000")
    data = with_fields(encode(bad), updated=when)
    if version == 1:
        body = split(data)[1]
        del body["id"], body["rules_version"]
        body["version"] = 1
        data = pack(body)
    path = tmp_path / "autosave-duel-bad000000000.objective"
    path.write_bytes(data)
    entries = {e.path: e for e in store.entries()}
    assert entries[good].header is not None  # one bad file hides nothing else
    assert entries[path].header is None and "'updated' is not a date" in entries[path].error
    assert store.latest_autosave().path == good
    with pytest.raises(SaveError, match="'updated' is not a date"):
        read_record(path)


@pytest.mark.parametrize("when", BAD_TIMES, ids=repr)
def test_a_record_with_an_impossible_date_is_never_written(duel, tmp_path, when):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    path = store.autosave(record)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="cannot be written"):
        store.autosave(replace(record, updated=when))
    with pytest.raises(SaveError, match="cannot be written"):
        store.save_point(replace(record, created=when))
    assert path.read_bytes() == before
    assert os.listdir(tmp_path) == [path.name]


# --- 3: a small file must not eat the memory ------------------------------------------------


def test_a_file_of_empty_moves_is_refused_before_they_are_built(duel, tmp_path):
    """The attack: `actions: [[]] * N`, a byte a move. Both the listing and the load refuse it
    from the array's length, without building a list per move."""
    data = version_1(game_record(duel))
    body = split(data)[0]
    body["actions"] = [[]] * (MAX_ACTIONS + 1)
    path = tmp_path / "big.objective"
    path.write_bytes(pack(body))
    tracemalloc.start()
    try:
        with pytest.raises(SaveError, match="more than a save can"):
            read_header(path)
        with pytest.raises(SaveError, match="more than a save can"):
            read_record(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * path.stat().st_size  # the bytes, not a list per move (64+ bytes each)
    assert SaveStore(tmp_path).entries()[0].header is None


def test_listing_a_version_1_file_skips_its_moves(duel, tmp_path):
    """A version-1 save has no header: it is read whole, but its moves are stepped over."""
    body = split(version_1(game_record(duel)))[0]
    body["actions"] = [["stand"]] * 200_000
    path = tmp_path / "long.objective"
    path.write_bytes(pack(body))
    tracemalloc.start()
    try:
        header = read_header(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert header.moves == 200_000 and header.version == 1
    assert peak < 8 * path.stat().st_size


def test_a_listing_reads_only_the_header_of_a_version_3_file(duel, tmp_path):
    record = game_record(duel)
    path = tmp_path / "save.objective"
    data = encode(record)
    head_size = len(pack(split(data)[0]))
    path.write_bytes(data[:head_size] + b"\xc1" * (MAX_HEADER_BYTES * 4))  # junk after it
    header = read_header(path)
    assert (header.game, header.turn, header.moves) == ("duel", record.turn, len(record.actions))
    with pytest.raises(SaveError):
        read_record(path)  # loading reads the rest, and refuses it


def test_a_header_too_large_to_be_one_is_damage(duel, tmp_path):
    data = with_fields(encode(game_record(duel)), header={"junk": "x" * MAX_HEADER_BYTES})
    path = tmp_path / "save.objective"
    path.write_bytes(data)
    with pytest.raises(SaveError, match="far more than a game record"):
        read_header(path)


@pytest.mark.parametrize(
    ("move", "expected"),
    [
        ([], "verb first"),
        ([1, 2], "verb first"),
        (["x", 1.5], "holds a float"),
        (["x", {"a": 1}], "not a list of plain values"),
        (["x", b"bytes"], "not a list of plain values"),
        (["x", *range(16)], "not a list of plain values"),  # an array longer than any move
        (["x", [[[1]]]], "nested too deeply"),
        (["x", [1, 2], [3, 4], [5, 6], [7, 8], [9, 10], [11]], "far too many values"),
        (["x", "y" * 600], "far too large"),
    ],
    ids=repr,
)
def test_a_move_no_game_makes_is_refused(duel, move, expected):
    data = with_fields(encode(game_record(duel)), record={"actions": [["stand"], move]})
    with pytest.raises(SaveError, match=expected):
        decode(data)


def test_the_limits_are_checked_before_writing(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    with pytest.raises(SaveError, match="more than a save can"):
        store.save(replace(record, actions=(("stand",),) * (MAX_ACTIONS + 1)))
    with pytest.raises(SaveError, match="name is far too long"):
        store.save(replace(record, seats=(SeatInfo("A" * 5000), SEATS[1])))
    assert os.listdir(tmp_path) == []


def test_the_previous_format_still_loads_and_lists(tmp_path):
    """A save written by the previous version (format 1, one map) loads, lists, and replays."""
    record = read_record(GOLDEN_V1)
    assert record.id == "" and len(record.actions) == 25
    replay(record)  # its digest is checked
    header = read_header(GOLDEN_V1)
    assert (header.version, header.game, header.turn, header.moves) == (1, "solitaire", 4, 25)
    assert header.seats == record.seats


def test_a_written_save_is_the_new_format_with_its_header_first(duel):
    record = game_record(duel)
    head, body = split(encode(record))
    assert head["version"] == body["version"] == FORMAT_VERSION == 3
    assert head["id"] == body["id"] == record.id
    assert head["rules_version"] == body["rules_version"] == duel.rules_version == 1
    assert "actions" not in head and head["moves"] == len(record.actions)
    assert decode(encode(record)) == record
    assert decode_header(encode(record), whole=True).moves == len(record.actions)


# --- 4: no game is overwritten without a word -------------------------------------------------


def test_every_game_keeps_its_own_autosave(duel, tmp_path):
    store = SaveStore(tmp_path)
    first = replace(game_record(duel, 3), updated=1.7e9)
    second = replace(new_record("duel", {}, 2, SEATS, 3), updated=1.7e9 + 60)  # same kind
    a, b = store.autosave(first), store.autosave(second)
    assert a != b and a.exists() and b.exists()
    assert store.latest_autosave().path == b  # Continue takes the latest unfinished
    done = replace(game_record(duel, 3, finished=True), id=second.id, updated=1.7e9 + 120)
    store.autosave(done)
    assert store.latest_autosave().path == a  # a finished game is not continued...
    assert read_record(b).finished  # ...but its autosave stays, to open from Load


def test_a_save_point_never_replaces_another(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    paths = [store.save_point(record) for _ in range(3)]
    assert len(set(paths)) == 3 and all(p.exists() for p in paths)


def test_save_elsewhere_never_replaces_a_file(duel, tmp_path):
    store = SaveStore(tmp_path / "saves")
    record = game_record(duel)
    mine = tmp_path / "mine.objective"
    mine.write_bytes(b"my own file")
    with pytest.raises(SaveError, match="already a file"):
        store.save_as(record, mine)
    assert mine.read_bytes() == b"my own file"
    into_folder = store.save_as(record, tmp_path)
    assert into_folder.parent == tmp_path and read_record(into_folder) == record


def test_a_read_only_save_is_left_as_it_is(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    path = store.autosave(record)
    path.chmod(0o444)
    before = path.read_bytes()
    with pytest.raises(SaveError, match="read-only"):
        store.autosave(replace(record, turn=record.turn + 1))
    assert path.read_bytes() == before


@pytest.mark.parametrize("umask", [0o022, 0o027, 0o002])
def test_a_new_save_gets_the_users_usual_mode(duel, tmp_path, umask):
    old = os.umask(umask)
    try:
        path = SaveStore(tmp_path).save_point(game_record(duel))
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("mode", [0o600, 0o640, 0o664])
def test_a_save_written_over_keeps_its_mode(duel, tmp_path, mode):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    path = store.autosave(record)
    path.chmod(mode)
    store.autosave(replace(record, turn=record.turn + 1))
    assert stat.S_IMODE(path.stat().st_mode) == mode


def test_playing_on_from_a_save_point_never_writes_over_it(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = game_record(duel)
    point = store.save_point(record)
    autosave = store.autosave(record)  # the game it came from goes on elsewhere
    point_bytes, autosave_bytes = point.read_bytes(), autosave.read_bytes()
    opened, slot = store.slot_for(read_record(point), point)
    assert opened.id != record.id and slot.path not in (point, autosave)
    slot.write(opened)  # nothing changed since it was opened: nothing is written
    assert not slot.path.exists()
    slot.write(replace(opened, turn=opened.turn + 1))
    assert slot.path.exists()
    assert point.read_bytes() == point_bytes and autosave.read_bytes() == autosave_bytes


def test_an_autosave_goes_on_in_its_own_file_even_an_old_one(duel, tmp_path):
    store = SaveStore(tmp_path)
    old = tmp_path / "autosave-duel.objective"  # the previous version's one slot per game
    old.write_bytes(version_1(game_record(duel)))
    entry = store.latest_autosave()
    assert entry.path == old and entry.header.version == 1
    record, slot = store.slot_for(entry.load(), old)
    assert slot.path == old and record.id
    slot.write(replace(record, turn=record.turn + 1))
    assert read_record(old).id == record.id and len(os.listdir(tmp_path)) == 1


def test_two_programs_on_one_autosave_each_keep_their_line_of_play(duel, tmp_path):
    store = SaveStore(tmp_path)
    path = store.autosave(game_record(duel))
    mine_record, mine = store.slot_for(read_record(path), path)
    theirs_record, theirs = store.slot_for(read_record(path), path)
    theirs.write(replace(theirs_record, turn=7))
    saved = mine.write(replace(mine_record, turn=8))
    assert saved.id != mine_record.id and mine.path != path  # it goes on in a file of its own
    assert read_record(path).turn == 7 and read_record(mine.path).turn == 8


def test_a_save_can_be_deleted(duel, tmp_path):
    store = SaveStore(tmp_path)
    path = store.save_point(game_record(duel))
    store.delete(path)
    assert not path.exists() and store.entries() == []


def test_a_failing_autosave_counts_the_decisions_not_saved(duel, tmp_path):
    import errno

    class FullDisk(SaveStore):
        def write_file(self, path, data, overwrite=True):
            raise OSError(errno.ENOSPC, "No space left on device")

    record = game_record(duel)
    slot = AutosaveSlot(FullDisk(tmp_path), tmp_path / "autosave-duel-x.objective")
    for turn in (2, 3):
        with pytest.raises(SaveError, match="No space left"):
            slot.write(replace(record, turn=turn))
    assert slot.unsaved == 2 and "No space left" in slot.problem
    slot.store = SaveStore(tmp_path)
    slot.write(replace(record, turn=4))
    assert slot.unsaved == 0 and slot.on_disk


# --- 12: files that are not ours ---------------------------------------------------------------


def test_only_this_programs_own_temporary_files_are_removed(tmp_path):
    names = {
        ".tmp-abcd_123.objective": False,  # the shape mkstemp gives this program's temporary saves
        ".tmp-notes.txt": True,  # a person's files, whatever they are called
        ".tmp-abc.objective": True,
        ".tmp-abcdefghij.objective": True,
        ".tmp-ABCDEFGH.objective": True,
        ".tmp-abcdefgh.objective.bak": True,
    }
    for name in names:
        (tmp_path / name).write_text("old")
        os.utime(tmp_path / name, (1_000_000, 1_000_000))
    SaveStore(tmp_path).entries()
    assert {name: (tmp_path / name).exists() for name in names} == names
