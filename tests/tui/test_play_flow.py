"""The play flow every game screen shares: the other side's doings played out and told, the
keyboard never lost, the goal in sight, the way back to the menu, hints worth taking, a filter
that finds what is meant, one name per seat, the first-time page."""

from __future__ import annotations

import pytest

from saves import SeatInfo, new_record
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tests.tui.test_solitaire_screen import TO_COMBAT, rules_actions, session_after
from tui.screens.dialogs import GameMenuScreen, HelpScreen, IntroScreen
from tui.screens.game import GameScreen
from tui.screens.title import TitleScreen
from tui.session import Session
from tui.widgets.action_picker import ECHO_LENGTH, FILTER_LENGTH, match_score, tokens

# Seed 2: after these rule-based moves, "done" in B4 of turn 3 sets off the enemy's steps, in
# which one of the player's units is destroyed; control comes back in B2 of turn 4.
LOSS_SEED = 2


def before_the_loss() -> Session:
    moves = iter(range(25))
    actions = rules_actions(LOSS_SEED, lambda s: next(moves, None) is None)
    return session_after(actions, seed=LOSS_SEED)


async def play_done(pilot, screen) -> None:
    moves = len(screen.session.actions)
    await pilot.press(*"done", "enter")
    await wait_until(pilot, lambda: len(screen.session.actions) > moves and not screen.busy)
    await pilot.pause()


async def test_since_your_last_move_tells_of_a_destroyed_unit(tmp_path):
    app = make_app(tmp_path, session=before_the_loss())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await play_done(pilot, screen)
        story = screen.story_panel
        assert story.has_class("-active")
        texts = [line.text for line in story.lines]
        losses = [line for line in story.lines if ": you lost 1 " in line.text]
        assert losses and all(line.style == "loss" and line.outcome for line in losses), texts
        # a line about a place lights it up on the map
        placed = next(line for line in story.lines if line.places)
        screen.on_story_panel_chosen(story.Chosen(placed))
        assert set(placed.places) <= set(screen.region_map.lit)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)], ids=["120x40", "80x24"])
def test_snapshot_since_your_last_move(snap_compare, tmp_path, size):
    async def run_before(pilot):
        screen = await started(pilot)
        await play_done(pilot, screen)

    app = make_app(tmp_path, session=before_the_loss())
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def test_the_enemy_steps_are_shown_one_by_one_with_their_places_lit(tmp_path):
    app = make_app(tmp_path, session=before_the_loss(), step_pause=30.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"done", "enter")
        await wait_until(pilot, lambda: screen.playing_back)
        assert screen.busy and screen.region_map.changed  # a step shown, its places lit
        shown = screen.region_map.view.state
        assert shown is not screen.session.state
        await pilot.press("space")  # skips to the end (the filter has focus: not a space typed)
        await wait_until(pilot, lambda: not screen.busy)
        assert screen.picker.filter_input.value == ""


# --- the keyboard is never lost --------------------------------------------------------------


async def test_focus_returns_to_the_picker_after_every_dialog(tmp_path):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        filter_box = screen.picker.filter_input
        for opening in ("f1", "escape"):
            await pilot.press("ctrl+t")  # the map has the keyboard
            await pilot.press(opening)
            assert isinstance(app.screen, HelpScreen | GameMenuScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is screen and app.focused is filter_box, opening


async def test_focus_returns_to_the_picker_when_the_combat_panel_closes(tmp_path):
    app = make_app(tmp_path, session=session_after(TO_COMBAT[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"done", "enter")
        await wait_until(pilot, lambda: screen.session.state.step == "retreat" and not screen.busy)
        await pilot.pause()
        assert "combat-" in (app.focused.id or "")  # the panel's buttons have the keyboard
        for _ in range(30):  # fight every fight out
            if screen.session.state.step != "retreat":
                break
            moves = len(screen.session.actions)
            await pilot.press("f")
            await wait_until(
                pilot, lambda m=moves: len(screen.session.actions) > m and not screen.busy
            )
        await pilot.pause()
        await pilot.pause()
        assert screen.session.state.step != "retreat"
        assert app.focused is screen.banner  # how the fights ended, held until Enter
        await pilot.press("enter")
        assert app.focused is screen.picker.filter_input


async def test_panel_keys_work_with_the_filter_focused_and_never_type_into_it(tmp_path):
    app = make_app(tmp_path, session=session_after(TO_COMBAT[:5]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"done", "enter")
        await wait_until(pilot, lambda: screen.session.state.step == "retreat" and not screen.busy)
        await pilot.press("ctrl+f")
        assert app.focused is screen.picker.filter_input
        moves = len(screen.session.actions)
        await pilot.press("f")
        await wait_until(pilot, lambda: len(screen.session.actions) > moves)
        assert screen.session.actions[-1] == ("fight",)
        assert screen.picker.filter_input.value == ""


def test_the_footer_shows_the_filter_key():
    from tui.screens.game import GameScreen

    shown = {b.key: b.description for b in GameScreen.BINDINGS if b.show}
    assert shown["ctrl+f"] == "Filter" and "escape" in shown


# --- saving, leaving ----------------------------------------------------------------------------


async def test_one_decision_and_the_game_is_autosaved(tmp_path):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"green fishhook", "enter")
        await wait_until(pilot, lambda: len(screen.session.actions) == 1 and not screen.busy)
    from saves.store import read_record

    [path] = tmp_path.glob("autosave-solitaire-*.objective")
    record = read_record(path)
    assert record.actions == screen.session.actions


async def test_esc_menu_goes_back_to_the_title_and_continue_picks_the_game_up(tmp_path):
    app = make_app(tmp_path, session=session_after([("done",)]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("escape")
        assert isinstance(app.screen, GameMenuScreen)
        await pilot.press("m")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.ready)
        assert app.screen.session.actions == screen.session.actions


async def test_the_palette_offers_main_menu_and_new_game_and_no_summary_mid_game(tmp_path):
    from tui.commands import AppCommands, GameCommands

    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        names = {name for name, _, action in GameCommands.COMMANDS
                 if screen.check_action(action, ()) not in (False, None)}  # fmt: skip
        assert {"Main menu", "New game", "How to play"} <= names
        assert "Game summary" not in names
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"main menu")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        app_names = {name for name, _, action in AppCommands.COMMANDS
                     if app.check_action(action, ()) not in (False, None)}  # fmt: skip
        assert {"New game", "Continue", "Load a saved game", "Quit"} <= app_names


async def test_the_title_screen_palette_lists_the_apps_commands(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"rules")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        from tui.screens.rules import RulesScreen

        assert isinstance(app.screen, RulesScreen)


# --- the goal, the names, the empty list --------------------------------------------------------


async def test_the_goal_and_why_the_list_is_empty(tmp_path):
    app = make_app(tmp_path, session=session_after([("done",)]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        goal = str(screen.query_one("#goal-line").render())
        assert "PP < 14 at B9" in goal and "1975" in goal
        await pilot.press(*"zzz")
        notes = str(screen.picker.query_one("#picker-notes").render())
        assert "No action matches “zzz”" in notes


async def test_a_long_filter_is_capped_and_its_echo_short(tmp_path):
    """10,000 characters typed into the filter once froze the game for 15 s: every key redrew
    the whole text in "No action matches". The box takes 60, the sentence repeats 30."""
    app = make_app(tmp_path, session=session_after([("done",)]))
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        box = screen.picker.filter_input
        for _ in range(10_000):  # what typing does, key by key, without a frame between
            box.insert_text_at_cursor("z")
        await pilot.press("z")
        assert box.value == "z" * FILTER_LENGTH
        notes = str(screen.picker.query_one("#picker-notes").render())
        assert f"No action matches “{'z' * (ECHO_LENGTH - 1)}…”" in notes
        await pilot.press("escape")
        assert box.value == "" and len(screen.picker.shown_actions) > 1


async def test_one_name_per_seat_the_games_own_term(tmp_path):
    seats = (SeatInfo("Administrator 1"), SeatInfo("Administrator 2", "rules"))
    session = Session.from_record(new_record("conquer", {"turn_limit": 5}, 2, seats, 4))
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.session.human_to_move)
        assert "Administrator 1 to act" in screen.sub_title
        seats_line = str(screen.query_one("#seats-line").render())
        assert "Administrator 1 (you)" in seats_line
        assert "Administrator 2 (rule-based)" in seats_line
        assert "Player" not in seats_line


# --- hints, filter, first-time page -------------------------------------------------------------


async def test_f2_twice_on_one_position_gives_the_same_marks(tmp_path, monkeypatch):
    import ai.solitaire

    monkeypatch.setitem(ai.solitaire.LEVEL_ITERATIONS, "hard", 150)
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        marks = []
        for _ in range(2):
            screen.picker.mark({})
            await pilot.press("f2")
            await wait_until(pilot, lambda: bool(screen.picker._marks), timeout=20)
            marks.append(dict(screen.picker._marks))
            assert screen.picker.highlighted_action == next(iter(screen.picker._marks))
        assert marks[0] == marks[1]


def test_the_filter_matches_whole_words_and_a_number_never_a_price():
    one = tokens("Raise a 1-point army at the castle (0,4) ($2.00)")
    two = tokens("Raise a 2-point army at the castle (0,4) ($3.00)")
    query = tokens("raise a 2")
    assert match_score(query, one) == 0 and match_score(query, two) > 0
    assert match_score(tokens("$2"), one) > 0 and match_score(tokens("$2"), two) == 0
    assert match_score(tokens("gre fish"), tokens("Green Beret raid on Fishhook")) > 0


async def test_typing_ranks_the_best_match_on_top(tmp_path):
    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press(*"fishhook green")
        assert screen.picker.highlighted_action == ("gb", 4)


async def test_the_first_game_of_a_kind_opens_on_how_to_play_once(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text("")
    for round_ in range(2):
        app = make_app(tmp_path, session=session_after())
        async with app.run_test(size=SIZE) as pilot:
            await wait_until(pilot, lambda: getattr(pilot.app.screen, "ready", True))
            await pilot.pause()
            shown = isinstance(app.screen, IntroScreen)
            assert shown is (round_ == 0)
            if shown:
                await pilot.press("enter")
                await pilot.pause()
                assert isinstance(app.screen, GameScreen)
    assert "solitaire" in (settings_dir / "settings.toml").read_text()
