"""A save another version made, on screen: Continue, Load and `objective load` open it as far as
today's rules replay it and say so, in a notification and as the first note of the game's log;
the file stays as it was while the game goes on in an autosave of its own."""

from __future__ import annotations

from dataclasses import replace

import pytest

from saves import SaveStore, SeatInfo, new_record
from saves.record import APP_VERSION
from saves.store import read_record
from tests.contract import play_random
from tests.tui.helpers import SIZE, make_app, screen_text, started, wait_until
from tui.screens.game import GameScreen
from tui.screens.load import LoadScreen
from tui.session import Session

SEATS = (SeatInfo("Ann"), SeatInfo("Bob", "random"))

FIFTH_REFUSED = (
    f"This save was made by Objective {APP_VERSION} under rules version 1 of Dice Duel "
    "(today's is 2): it replays to move 4 of 5 under today's rules."
)


@pytest.fixture
def upgraded(duel, monkeypatch):
    """Today's program plays the duel under rules version 2: saves made so far have 1."""
    monkeypatch.setattr(type(duel), "rules_version", 2)
    return duel


def saved_game(duel, moves: int, **changes):
    """A duel in progress after `moves` of seed 2's moves (Ann is to move after 4), saved under
    rules version 1."""
    p = play_random(duel, 2)
    record = new_record("duel", {}, 2, SEATS, 2).with_actions(
        p.actions[:moves], p.states[moves], duel
    )
    return replace(record, rules_version=1, **changes)


def fifth_refused(duel):
    """Five moves saved, the fifth one today's rules refuse there."""
    record = saved_game(duel, 5)
    return replace(record, actions=(*record.actions[:4], ("fly",)))


def log_text(screen) -> str:
    return " ".join(" ".join(str(line.text) for line in screen.event_log.lines).split())


async def test_continue_opens_as_far_as_the_save_replays_and_never_writes_over_it(
    upgraded, tmp_path
):
    store = SaveStore(tmp_path)
    path = store.autosave(fifth_refused(upgraded))
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = await started(pilot)
        assert [n.message for n in app._notifications] == [FIFTH_REFUSED]
        assert log_text(screen).startswith(FIFTH_REFUSED + " Dice Duel · seed 2")
        assert len(screen.session.actions) == 4 and screen.session.human_to_move
        await pilot.press("enter")  # Ann plays on: the game's fifth move under today's rules
        await wait_until(pilot, lambda: len(screen.session.actions) >= 5 and not screen.busy)
        assert screen.slot.path != path and screen.slot.path.exists()
    assert path.read_bytes() == before
    going_on = read_record(screen.slot.path)
    assert going_on.actions[:4] == read_record(path).actions[:4] and going_on.rules_version == 2


async def test_the_load_screen_marks_a_save_another_version_made_and_opens_it(duel, tmp_path):
    store = SaveStore(tmp_path)
    record = saved_game(duel, 3, app_version="0.1.0", digest="rules1:" + "0" * 32)
    path = store.save(record, tmp_path / "old.objective")
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        assert "made by Objective 0.1.0" in screen_text(app)  # from the header: no replay
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = await started(pilot)
        sentence = (
            "This save was made by Objective 0.1.0: its 3 moves replay under today's rules to "
            "another position."
        )
        assert sentence in [n.message for n in app._notifications]
        assert log_text(screen).startswith(sentence)
        assert screen.session.actions[:3] == record.actions  # (then Bob plays on)
    assert path.read_bytes() == before


async def test_objective_load_shows_how_far_the_save_replays(upgraded, tmp_path):
    folder = tmp_path / "saves"
    path = SaveStore(folder).save(fifth_refused(upgraded), tmp_path / "mine.objective")
    # what `objective load FILE` starts (tui/cli.py cmd_load)
    app = make_app(folder, session=Session.from_record(read_record(path)), opened_from=path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        screen = await started(pilot)
        assert FIFTH_REFUSED in [n.message for n in app._notifications]
        assert log_text(screen).startswith(FIFTH_REFUSED)
        assert screen.slot.path.parent == folder and screen.slot.path != path


async def test_the_same_save_from_this_version_is_refused_as_damaged(duel, tmp_path):
    store = SaveStore(tmp_path)
    path = store.autosave(replace(fifth_refused(duel), rules_version=duel.rules_version))
    before = path.read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await pilot.press("c")
        await wait_until(pilot, lambda: app._notifications)
        [note] = list(app._notifications)
        assert note.message.startswith("Cannot open that save: the save is damaged: move 5")
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)
    assert path.read_bytes() == before
