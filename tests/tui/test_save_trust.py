"""Saves on screen: names and paths shown as they are, a damaged file that hides nothing, the Load
screen deleting a save, save points and autosaves that never replace each other, a full disk that
is told, and generated save files that never stop the title screen, Load or `objective load`."""

from __future__ import annotations

import asyncio
import errno
import math
import os
import time
from dataclasses import replace
from pathlib import Path

import msgpack
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual.widgets import Input, OptionList

from saves import SaveStore, SeatInfo, encode, new_record
from saves.codec import MAX_ACTIONS
from saves.store import read_record
from tests.contract import play_random
from tests.tui.helpers import SIZE, make_app, screen_text, started, wait_until
from tests.tui.test_solitaire_screen import session_after
from tui import cli
from tui.app import ObjectiveApp
from tui.screens.dialogs import ConfirmScreen
from tui.screens.game import GameScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.screens.saving import QuitScreen, SaveAsScreen
from tui.screens.title import TitleScreen
from tui.session import Session

SEATS = (SeatInfo("Ann"), SeatInfo("Bob", "random"))


def duel_record(duel, seed=4, moves=1, **changes):
    p = play_random(duel, seed)
    moves = len(p.actions) if moves is None else moves
    record = new_record("duel", {}, 2, SEATS, seed)
    return replace(record.with_actions(p.actions[:moves], p.states[moves], duel), **changes)


class FullDisk(SaveStore):
    """A save folder on a full disk: every write into it fails; other folders work."""

    def write_file(self, path, data, overwrite=True):
        if Path(path).parent == self.folder:
            raise OSError(errno.ENOSPC, "No space left on device")
        super().write_file(path, data, overwrite)


def game_screen(app) -> GameScreen | None:
    return next((s for s in app.screen_stack if isinstance(s, GameScreen) and s.ready), None)


def title_entry(app) -> str:
    return str(app.screen.query_one("#title-menu", OptionList).get_option_at_index(1).prompt)


# --- text from files, shown as it is -----------------------------------------------------------


async def test_names_and_ids_from_a_save_are_shown_literally(duel, tmp_path):
    record = duel_record(
        duel,
        game="[/x][bold]",  # a game this version does not know: its id is shown
        seats=(SeatInfo("[/]"), SeatInfo("[bold]Bob", "random")),
        updated=1.7e9,
    )
    folder = tmp_path / "a[" / "x] [b]"  # the folder's path holds [/x]
    SaveStore(folder).save(record, folder / "autosave-[bold]x.objective")
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        assert "Continue   [/x][bold], turn" in title_entry(app)
        assert "[/x][bold]" in screen_text(app)
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "[/x][bold]" in text and "[/], [bold]Bob (random)" in text
        assert "autosave-[bold]x.objective" in text and "a[/x] [b]" in text


async def test_saved_to_shows_the_path_as_it_is(duel, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    folder = tmp_path / "s[/b] [final]"
    app = make_app(folder, session=Session.from_record(duel_record(duel)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert screen.save_path.parent == folder and screen.save_path.exists()
        [note] = [n for n in app._notifications if "Saved to" in n.message]
        assert note.message == f"Saved to ~/s[/b] [final]/{screen.save_path.name}"
        assert not note.markup


async def test_a_path_that_is_not_utf8_is_shown_readable(duel, tmp_path):
    folder = Path(os.fsdecode(os.fsencode(tmp_path) + b"/saves-\xff"))
    SaveStore(folder).save(duel_record(duel), folder / "game.objective")
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        text = screen_text(app)
        assert "saves-\\xff" in text and "\udcff" not in text


# --- 2: a bad timestamp ----------------------------------------------------------------------


def poisoned(record, field, value) -> bytes:
    """A record's save with one field set to `value` in its header and its record."""
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(encode(record))
    maps = list(unpacker)
    for m in maps:
        m[field] = value
    return b"".join(msgpack.packb(m) for m in maps)


@pytest.mark.parametrize("when", [math.nan, math.inf, 1e300, -1e18])
async def test_a_bad_date_neither_stops_the_title_nor_hides_the_other_saves(duel, tmp_path, when):
    store = SaveStore(tmp_path)
    good = store.autosave(duel_record(duel, updated=1.6e9))
    bad = tmp_path / "autosave-duel-000000000bad.objective"
    bad.write_bytes(poisoned(duel_record(duel, 5, updated=1.7e9), "updated", when))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert "Dice Duel, turn" in title_entry(app)  # the good autosave, not the bad one
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        entries = {e.path: e for e in app.screen.entries}
        assert entries[good].header is not None
        assert "'updated' is not a date" in entries[bad].error
        assert "cannot be loaded: the save is damaged" in screen_text(app)


async def test_a_game_whose_record_cannot_be_written_never_reaches_the_disk(
    duel, tmp_path, monkeypatch
):
    """A record the save format refuses (a date that is not one): Ctrl+S says so, and the
    crash handler's autosave does not write it into the save folder."""
    crash_dir = tmp_path / "crash"
    monkeypatch.setenv("OBJECTIVE_CRASH_DIR", str(crash_dir))
    folder = tmp_path / "saves"
    session = Session.from_record(duel_record(duel, created=math.nan))
    app = make_app(folder, session=session)

    def broken_hint() -> None:
        raise RuntimeError("the hint exploded")

    with pytest.raises(RuntimeError, match="the hint exploded"):
        async with app.run_test(size=SIZE) as pilot:
            screen = await started(pilot)
            await pilot.press("ctrl+s")
            await pilot.pause()
            assert any("Could not save" in n.message for n in app._notifications)
            screen.action_hint = broken_hint
            await pilot.press("f2")
            await pilot.pause()
    assert app.return_code == 1
    assert not folder.exists() or list(folder.iterdir()) == []
    assert "autosaved" not in app._crash_line


# --- 4: no game overwritten without a word ----------------------------------------------------


async def test_two_games_of_a_kind_keep_two_autosaves_and_continue_takes_the_latest(duel, tmp_path):
    store = SaveStore(tmp_path)
    older = store.autosave(duel_record(duel, 4, moves=1, updated=1.6e9))
    newer = store.autosave(duel_record(duel, 5, moves=1, updated=1.7e9))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: game_screen(app) is not None)
        assert game_screen(app).slot.path == newer
    assert older.exists() and newer.exists()


async def test_ctrl_s_twice_makes_two_save_points(duel, tmp_path):
    app = make_app(tmp_path, session=Session.from_record(duel_record(duel)))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+s")
        first = screen.save_path
        await pilot.press("ctrl+s")
        second = screen.save_path
    assert first != second and first.exists() and second.exists()
    assert read_record(first) == read_record(second)


async def test_playing_on_from_a_save_point_leaves_it_as_it_was(tmp_path):
    folder = tmp_path / "saves"
    point = SaveStore(folder).save_point(session_after().record)
    before = point.read_bytes()
    app = make_app(folder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = await started(pilot)
        await pilot.press(*"green fishhook", "enter")
        await wait_until(pilot, lambda: len(screen.session.actions) == 1 and not screen.busy)
    assert point.read_bytes() == before
    assert read_record(screen.slot.path).actions == screen.session.actions
    assert screen.slot.path.name.startswith("autosave-solitaire-")


async def test_the_load_screen_deletes_a_save_after_asking(duel, tmp_path):
    store = SaveStore(tmp_path)
    keep = store.save(duel_record(duel, 4, updated=1.7e9), tmp_path / "keep.objective")
    drop = store.save(duel_record(duel, 5, updated=1.6e9), tmp_path / "drop.objective")
    broken = tmp_path / "broken.objective"
    broken.write_bytes(b"\x93\x01")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("down", "d")  # the second save: drop.objective
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Delete drop.objective?" in str(app.screen.question)
        await pilot.press("n")  # kept
        assert drop.exists()
        await pilot.press("d", "y")
        await wait_until(pilot, lambda: not drop.exists())
        await pilot.pause()
        assert [e.path for e in app.screen.entries] == [keep, broken]
        await pilot.press("d", "y")  # the highlight is on the next one, a damaged file: it goes
        await wait_until(pilot, lambda: not broken.exists())
    assert keep.exists()


async def test_a_finished_games_autosave_opens_on_game_over_from_load(duel, tmp_path):
    store = SaveStore(tmp_path)
    path = store.autosave(duel_record(duel, moves=None))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert "no game in progress" in title_entry(app)  # a finished game is not continued
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        question = str(app.screen.question)
        assert "autosaved" not in question and "Continue" not in question
    assert path.exists()


# --- 5: a full disk is told --------------------------------------------------------------------


async def test_a_full_disk_is_told_and_the_game_can_be_saved_elsewhere(tmp_path):
    store = FullDisk(tmp_path / "saves")
    app = ObjectiveApp(store=store, session=session_after(), seed=1, ai_delay=0, step_pause=0)
    elsewhere = tmp_path / "usb" / "my game.objective"
    elsewhere.parent.mkdir()
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        for n, words in enumerate(("green fishhook", "done"), 1):
            await pilot.press(*words, "enter")
            await wait_until(pilot, lambda n=n: len(screen.session.actions) == n)
            await wait_until(pilot, lambda: not screen.busy)
            await pilot.press("ctrl+u")
        assert screen.slot.unsaved == 2
        assert any("Autosave failed" in n.message for n in app._notifications)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        question = app.screen.question
        assert "Your last 2 decisions are not saved" in question
        assert "No space left on device" in question and "Continue" not in question
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        app.screen.query_one(Input).value = str(elsewhere)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Your game is saved to" in str(app.screen.question)
        await pilot.press("n")  # stay, and decide once more: that one is not saved
        saved = screen.session.actions
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.session.actions) == 3 and not screen.busy)
        await pilot.press("ctrl+q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        assert "Your last decision is not saved" in app.screen.question
        await pilot.press("y")
        await pilot.pause()
    assert app.return_code == 0
    assert read_record(elsewhere).actions == saved
    assert not any(store.folder.glob("*.objective"))


async def test_save_elsewhere_refuses_an_existing_file_with_a_sentence(tmp_path):
    store = FullDisk(tmp_path / "saves")
    app = ObjectiveApp(store=store, session=session_after(), seed=1, ai_delay=0, step_pause=0)
    mine = tmp_path / "mine.objective"
    mine.write_text("my notes")
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"green fishhook", "enter")
        await wait_until(pilot, lambda: screen.slot.unsaved == 1 and not screen.busy)
        await pilot.press("ctrl+q", "s")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveAsScreen))
        app.screen.query_one(Input).value = str(mine)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveAsScreen)
        assert "already a file" in str(app.screen.query_one("#save-as-error").render())
    assert mine.read_text() == "my notes"


# --- generated save files ------------------------------------------------------------------------

KEYS = (
    *("format", "version", "id", "game", "players", "seats", "turn", "finished", "created"),
    *("updated", "app_version", "moves", "options", "seed", "actions", "digest", "junk"),
)
INTS = st.integers(min_value=-(2**63), max_value=2**64 - 1)  # what msgpack can hold
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    INTS,
    st.floats(),
    st.text(max_size=30),
    st.sampled_from(["[/x]", "[bold]", "\x1b[2J", "duel", "human", "x" * 2000, "y" * 70_000]),
    st.binary(max_size=20),
    st.lists(st.one_of(INTS, st.text(max_size=5), st.none()), max_size=6),
    st.lists(st.lists(st.text(max_size=6), max_size=4), max_size=6),
    st.dictionaries(st.text(max_size=8), INTS, max_size=4),
    st.sampled_from([[[]] * 20_000, [["stand"]] * 70_000, [[1] * 20] * 10, [["x", 1.5]]]),
)
CHANGES = st.lists(
    st.tuples(st.sampled_from(["header", "record", "both"]), st.sampled_from(KEYS), VALUES),
    min_size=1,
    max_size=3,
)
ENDINGS = st.one_of(st.none(), st.integers(min_value=1, max_value=400), st.binary(min_size=1))


def generated_save(base: bytes, version: int, changes, ending) -> bytes:
    unpacker = msgpack.Unpacker(raw=False)
    unpacker.feed(base)
    header, body = list(unpacker)
    if version == 1:
        del body["id"]
        body["version"] = 1
    for where, key, value in changes:
        for target, name in ((header, "header"), (body, "record")):
            if where in (name, "both") and not (version == 1 and name == "header"):
                target[key] = value
    maps = [body] if version == 1 else [header, body]
    data = b"".join(msgpack.packb(m, use_bin_type=True) for m in maps)
    if isinstance(ending, int):
        data = data[: max(1, len(data) - ending)]
    elif isinstance(ending, bytes):
        data += ending
    return data


SLOW = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@SLOW
@given(version=st.sampled_from([1, 2]), changes=CHANGES, ending=ENDINGS)
def test_generated_saves_never_stop_the_title_load_or_objective_load(
    duel, tmp_path_factory, monkeypatch, capsys, version, changes, ending
):
    folder = tmp_path_factory.mktemp("saves")
    good = SaveStore(folder).autosave(duel_record(duel, 4, updated=1.6e9))
    data = generated_save(encode(duel_record(duel, 5)), version, changes, ending)
    bad = folder / "autosave-duel-generated.objective"
    bad.write_bytes(data)

    async def title_and_load() -> str:
        app = make_app(folder)
        async with app.run_test(size=SIZE) as pilot:
            assert isinstance(app.screen, TitleScreen)
            entry = title_entry(app)
            await pilot.press("l")
            await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
            await pilot.pause()
            paths = [e.path for e in app.screen.entries]
            assert good in paths and bad in paths
        return entry

    started_at = time.monotonic()
    entry = asyncio.run(asyncio.wait_for(title_and_load(), 60))
    assert entry.startswith("Continue")
    monkeypatch.setattr(ObjectiveApp, "run", lambda self: None)  # a good file opens no screen
    monkeypatch.setattr(cli, "has_terminal", lambda: True)  # (that app has a terminal)
    code = cli.main(["--save-dir", str(folder), "load", str(bad)])
    err = capsys.readouterr().err
    assert code in (0, 1) and "Traceback" not in err
    if code:
        assert len(err.strip().splitlines()) == 1
    assert time.monotonic() - started_at < 60  # a generous guard: each answers at once
    assert good.exists() and bad.read_bytes() == data  # nothing on disk is written over


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(version=st.sampled_from([1, 2]), changes=CHANGES, ending=ENDINGS)
def test_generated_saves_are_read_or_refused_with_a_sentence(version, changes, ending):
    """The store alone, many more cases: reading the header and the record either works or
    raises SaveError (one line), and anything read back is within the limits."""
    from saves.codec import decode, decode_header
    from saves.record import SaveError

    record = new_record("solitaire", {}, 1, (SeatInfo("Ann"),), 3)
    data = generated_save(encode(record), version, changes, ending)
    for read in (lambda: decode_header(data, whole=True), lambda: decode(data)):
        try:
            value = read()
        except SaveError as err:
            assert "\n" not in str(err) and str(err)
            continue
        assert 0 <= value.updated <= 32_503_680_000 and math.isfinite(value.created)
        moves = value.moves if hasattr(value, "moves") else len(value.actions)
        assert moves <= MAX_ACTIONS
