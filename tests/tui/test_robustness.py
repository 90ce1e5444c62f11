"""No traceback reaches a player: undo by the seat that acted, NO_COLOR screens, random keys and
resizes on every game screen, dialogs that close once, bursts of keys in the command palette, a
crash that autosaves and says so."""

from __future__ import annotations

import random

import pytest
from textual import events
from textual.command import CommandPalette

from saves import SeatInfo, new_record, read_record, replay
from tests.tui.helpers import make_app, started, wait_until
from tui.screens.dialogs import HandOffScreen, HelpScreen
from tui.screens.game import GameScreen
from tui.session import Session

HOT_SEAT = (SeatInfo("Player 1"), SeatInfo("Player 2"))


def first(legal, verb):
    return next(a for a in legal if a[0] == verb)


def test_undo_takes_back_only_the_acting_seats_own_decision():
    """Hot-seat Objectives: a bid can be taken back by its bidder; once the next player is up,
    their Ctrl+Z cannot reach the previous player's moves (nor see the position before them)."""
    session = Session.from_record(new_record("objectives", {}, 2, HOT_SEAT, 5))
    attacker = session.to_move
    session.apply(first(session.legal(), "attack"))
    # NVA cards were dealt from the deck: the refusal speaks of cards, not of dice
    assert session.undo_refusal() == "Your last decision drew or turned up a card: it stands."
    session.apply(("continue",))
    hand = session.state.hands[attacker]
    session.apply(first(session.legal(), "bid"))
    assert session.undo_refusal() is None
    assert session.undo() and session.state.hands[attacker] == hand
    session.apply(first(session.legal(), "bid"))
    session.apply(("bid_done",))
    other = session.to_move
    assert other != attacker and session.seat_is_human(other)
    before = len(session.actions)
    assert session.undo_refusal() == f"Nothing of yours to undo: Player {attacker + 1} moved since."
    assert not session.undo() and len(session.actions) == before


async def test_hot_seat_ctrl_z_says_there_is_nothing_of_yours(tmp_path):
    session = Session.from_record(new_record("objectives", {}, 2, HOT_SEAT, 5))
    attacker = session.to_move
    for action in (first(session.legal(), "attack"), ("continue",)):
        session.apply(action)
    session.apply(first(session.legal(), "bid"))
    session.apply(("bid_done",))
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, HandOffScreen))
        await pilot.press("enter")  # the player to act takes the keyboard
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.session.to_move != attacker
        moves = len(session.actions)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(session.actions) == moves
        notes = [n.message for n in app._notifications]
        assert any("Nothing of yours to undo" in n for n in notes), notes


# --- every game screen under NO_COLOR ------------------------------------------------------------

GAMES = {
    "solitaire": (1, (SeatInfo("Player 1"),)),
    "objectives": (
        3,
        (SeatInfo("Player 1"), SeatInfo("Player 2", "rules"), SeatInfo("P3", "rules")),
    ),
    "conquer": (2, (SeatInfo("Administrator 1"), SeatInfo("Administrator 2", "rules"))),
}


def session_for(game_id: str, seed: int = 3, options=None) -> Session:
    players, seats = GAMES[game_id]
    return Session.from_record(new_record(game_id, options or {}, players, seats, seed))


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_every_game_screen_opens_and_plays_under_no_color(tmp_path, monkeypatch, game_id):
    monkeypatch.setenv("NO_COLOR", "1")
    app = make_app(tmp_path, session=session_for(game_id))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.session.human_to_move)
        moves = len(screen.session.actions)
        await pilot.press("enter")  # play the first action in the picker
        await wait_until(pilot, lambda: len(screen.session.actions) > moves)
        await pilot.pause()
        assert app.return_code is None  # still running: nothing crashed


# --- random keys and resizes ---------------------------------------------------------------------

KEYS = [
    "up", "down", "left", "right", "enter", "escape", "tab", "shift+tab", "space", "home", "end",
    "pageup", "pagedown", "f1", "f2", "f3", "f10", "ctrl+z", "ctrl+s", "ctrl+t", "ctrl+f",
    "a", "b", "c", "f", "n", "q", "r", "x", "y", "2", "3", "+", "-",
]  # fmt: skip


@pytest.fixture
def quick_hints(monkeypatch):
    """F2 searches at the easy level here: these tests are about crashes, not hint quality."""
    import tui.turns

    monkeypatch.setattr(tui.turns, "HINT_LEVEL", "easy")


@pytest.mark.parametrize("game_id", list(GAMES))
async def test_random_keys_and_resizes_never_crash_a_game_screen(tmp_path, game_id, quick_hints):
    rng = random.Random(f"stress:{game_id}")
    app = make_app(tmp_path, session=session_for(game_id, options=_short(game_id)))
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        for i in range(90):
            if i % 18 == 17:
                await pilot.resize_terminal(rng.randint(40, 200), rng.randint(12, 60))
            await pilot.press(rng.choice(KEYS))
            if i % 8 == 0:
                await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        path = app.store.save(game_screen.session.record)
    assert replay(read_record(path)) == game_screen.session.state  # the app still answered


def _short(game_id: str) -> dict:
    return {"turn_limit": 5} if game_id == "conquer" else {}


REPORTED_KEYS = (
    "a b PageUp PageUp C-z n y Escape F5 BTab PageUp Enter n BTab F5 Home Escape Enter Left F1 n "
    "Tab Home b Up 2 Enter q PageUp F3 Up a q Enter Left n C-z C-z y C-z a q 3 Home 2 Enter C-z "
    "y a x n BTab space y End F1 F2 2 PageUp x y 2 F5 c F5 Right x q F3 C-z F5 a PageDown 3 F1 "
    "F3 Home Enter 3 PageUp"
)
TMUX_NAMES = {"C-z": "ctrl+z", "BTab": "shift+tab", "space": "space"}


def textual_key(name: str) -> str:
    if name in TMUX_NAMES:
        return TMUX_NAMES[name]
    return name.lower() if len(name) > 1 else name


async def test_the_reported_key_sequence_never_pops_the_game_screen(tmp_path, quick_hints):
    """The 80 keys that once dismissed the help dialog twice (ScreenStackError), 20 ms apart."""
    app = make_app(tmp_path, session=session_for("solitaire"), step_pause=None, ai_delay=0.05)
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        for name in REPORTED_KEYS.split():
            await pilot.press(textual_key(name))
            await pilot.pause(0.02)
        await pilot.pause()
        assert any(isinstance(s, GameScreen) for s in app.screen_stack)


async def burst(pilot, *keys: str) -> None:
    """Keys that arrive together, as a terminal delivers what is typed or pasted in one read:
    all queued before the app handles the first (`pilot.press` waits between keys until the app
    is idle, which is how the palette's bursts went unseen)."""
    app = pilot.app
    for key in keys:
        app.post_message(events.Key(key, "\r" if key == "enter" else None))
    await pilot.pause()
    await pilot.pause()


BURSTS = {
    "palette-pageup": ("ctrl+p", "pageup"),  # once KeyError 0: the list not laid out yet
    "palette-pagedown": ("ctrl+p", "pagedown"),
    "palette-enter-enter": ("ctrl+p", "enter", "enter"),  # once ScreenStackError
    "palette-escape-escape": ("ctrl+p", "escape", "escape"),
}


@pytest.mark.parametrize("where", ["title", "game"])
@pytest.mark.parametrize("keys", list(BURSTS.values()), ids=list(BURSTS))
async def test_a_burst_of_keys_in_the_command_palette_never_crashes(tmp_path, where, keys):
    session = session_for("solitaire") if where == "game" else None
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        home = await started(pilot)
        await burst(pilot, *keys)
        assert home in app.screen_stack  # nothing below the palette was closed
        if keys[-1] == "enter":  # the first Enter ran one command; the second did nothing
            opened = [s for s in app.screen_stack if s is not home and not s.is_modal]
            assert len(opened) <= 1, app.screen_stack
        await pilot.press("ctrl+p")  # the app still answers
        await wait_until(pilot, lambda: CommandPalette.is_open(app))
    assert app.return_code in (None, 0)


async def test_a_dialog_closes_once_whatever_is_pressed(tmp_path):
    app = make_app(tmp_path, session=session_for("solitaire"))
    async with app.run_test(size=(120, 40)) as pilot:
        game = await started(pilot)
        await pilot.press("f1")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        help_screen.close()
        help_screen.close()  # a second close (a key and a click together) does nothing
        help_screen.action_dismiss_help()
        await pilot.pause()
        assert app.screen is game


async def test_a_crash_autosaves_and_ends_with_status_1(tmp_path, monkeypatch):
    crash_dir = tmp_path / "crash"
    monkeypatch.setenv("OBJECTIVE_CRASH_DIR", str(crash_dir))
    app = make_app(tmp_path, session=session_for("solitaire"))

    def broken_hint() -> None:
        raise RuntimeError("the hint exploded")

    with pytest.raises(RuntimeError, match="the hint exploded"):
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await started(pilot)
            screen.action_hint = broken_hint
            await pilot.press("f2")
            await pilot.pause()
    assert app.return_code == 1
    assert len(list(tmp_path.glob("autosave-solitaire-*.objective"))) == 1
    (report,) = crash_dir.iterdir()
    assert "the hint exploded" in report.read_text()
    assert str(report) in app._crash_line and "autosaved" in app._crash_line
