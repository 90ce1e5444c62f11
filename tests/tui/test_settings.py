"""Settings: the screen, what persists, themes, keymaps, and a settings file gone bad."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from textual.widgets import Input, Select, Switch

from tests.tui.helpers import SIZE, make_app, started, wait_until
from tests.tui.test_solitaire_screen import session_after
from tui import settings as S
from tui.app import ObjectiveApp
from tui.keymap import binding_ids, checked, document
from tui.screens.dialogs import ConfirmScreen, HelpScreen
from tui.screens.settings import SettingsScreen
from tui.screens.setup import SetupScreen
from tui.screens.title import TitleScreen


def notices(app) -> list[str]:
    return [str(n.message) for n in app._notifications]


async def open_settings(pilot) -> SettingsScreen:
    await pilot.press("s")  # from the title screen
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SettingsScreen))
    await pilot.pause()
    return pilot.app.screen


@pytest.mark.parametrize("size", [SIZE, (80, 24)])
def test_snapshot_settings_screen(snap_compare, tmp_path, size, monkeypatch):
    fixed = Path(tempfile.gettempdir()) / "objective-snapshot-config"  # its path is on screen
    fixed.mkdir(exist_ok=True)
    (fixed / "settings.toml").write_text('intro_seen = ["solitaire"]\n')
    monkeypatch.setenv("OBJECTIVE_CONFIG_DIR", str(fixed))

    async def run_before(pilot):
        await open_settings(pilot)

    assert snap_compare(make_app(tmp_path), terminal_size=size, run_before=run_before)


async def test_every_setting_persists_and_is_read_back(tmp_path, settings_dir):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_settings(pilot)
        screen.query_one("#theme", Select).value = "textual-light"
        screen.query_one("#ai_speed", Select).value = "slow"
        screen.query_one("#think", Select).value = "quick"
        screen.query_one("#animate", Switch).value = False
        screen.query_one("#confirm_end_turn", Switch).value = True
        screen.query_one("#seat-0", Select).value = "mcts:hard"
        screen.query_one("#seat-1", Select).value = "random"
        await pilot.pause()
        assert app.theme == "textual-light"
    saved, problems = S.load(settings_dir / "settings.toml")
    assert problems == []
    assert (saved.theme, saved.ai_speed, saved.think) == ("textual-light", "slow", "quick")
    assert (saved.animate, saved.confirm_end_turn) == (False, True)
    assert saved.default_seats == ("mcts:hard", "random")
    assert saved.intro_seen  # what was there before is kept
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        assert again.theme == "textual-light" and again.step_pause == 0.0  # animations off
        assert again.think_cap == 0.5


async def test_a_theme_chosen_from_the_palette_is_kept(tmp_path, settings_dir):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "nord"  # what the palette's "Change theme" does
        await pilot.pause()
    assert S.load(settings_dir / "settings.toml")[0].theme == "nord"


async def test_an_unknown_theme_is_reported_and_the_default_used(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text('theme = "no-such-theme"\n')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        assert any("no-such-theme" in n for n in notices(app))


async def test_a_corrupt_settings_file_is_set_aside_and_the_defaults_used(tmp_path, settings_dir):
    path = settings_dir / "settings.toml"
    path.write_bytes(b'theme = "nord\n\xff\xfe [[[')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.theme == "textual-dark"
        [message] = [n for n in notices(app) if "settings file" in n]
        assert "settings.toml.bad" in message
    assert (settings_dir / "settings.toml.bad").read_bytes().startswith(b'theme = "nord')
    assert not path.exists()  # nothing written over the bad file: it is kept aside


async def test_a_settings_file_nested_too_deeply_is_set_aside(tmp_path, settings_dir):
    """Valid-looking TOML thousands of brackets deep: tomllib gives up (RecursionError); the
    program starts on the defaults, says so once, and keeps the file aside."""
    path = settings_dir / "settings.toml"
    path.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen) and app.theme == "textual-dark"
        [message] = [n for n in notices(app) if "settings file" in n]
        assert "nested too deeply" in message and "settings.toml.bad" in message
    assert (settings_dir / "settings.toml.bad").read_text().startswith("a = [[[[")
    assert not path.exists()


USER_FILE = """\
# my settings: a dark theme at night
theme = "nord"  # the one I like
intro_seen = [
    "solitaire",  # played it
    "objectives", "conquer",
]
sound = "loud"  # a newer version's setting

[keymap]
"game.hint" = "f6"  # my terminal takes F2

[cloud]  # a newer version's table
sync = true
"""


async def test_a_change_of_settings_rewrites_only_its_own_line(tmp_path, settings_dir):
    path = settings_dir / "settings.toml"
    path.write_text(USER_FILE)
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.theme = "dracula"  # (Settings, or the palette's Change theme)
        await pilot.pause()
        app.remember(ai_speed="slow")
    expected = USER_FILE.replace('"nord"  # the one', '"dracula"  # the one').replace(
        "setting\n", 'setting\nai_speed = "slow"\n'
    )
    assert path.read_text() == expected
    saved, _ = S.load(path)
    assert (saved.theme, saved.ai_speed, saved.keymap) == ("dracula", "slow", {"game.hint": "f6"})


def test_a_setting_written_over_several_lines_is_rewritten_on_one_keeping_its_comment():
    text = 'intro_seen = [\n  "solitaire",\n]  # seen\n\n[keymap]\n'
    out = S.dumps(S.Settings(intro_seen=("solitaire", "conquer")), text)
    assert out == 'intro_seen = ["solitaire", "conquer"]  # seen\n\n[keymap]\n'
    assert S.dumps(S.Settings(ai_speed="fast"), "[keymap]\n") == 'ai_speed = "fast"\n[keymap]\n'
    assert S.dumps(S.Settings(theme="\x1b[31m"), "") == 'theme = "\\u001b[31m"\n'


async def test_the_keymap_rebinds_a_key_and_help_shows_it(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text('[keymap]\n"app.help" = "f9"\n')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)  # f1 is no longer help
        await pilot.press("f9")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert ("f9", "Help") in [(k, d) for k, d in app.screen.keys]


async def test_bad_keymap_entries_are_reported_and_the_default_key_kept(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text(
        '[keymap]\n"app.help" = "ctrl+"\n"no.such.binding" = "x"\n"title.rules" = "f7"\n'
    )
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        said = notices(app)
        assert any("app.help" in n and "default key (f1) is kept" in n for n in said)
        assert any("no.such.binding" in n for n in said)
        await pilot.press("f1")
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))


def test_keymap_checks_keys_and_ids():
    wanted = {"game.hint": "f6, ctrl+h", "game.undo": "hyper+", "x.y": "a"}
    good, problems = checked(wanted, ObjectiveApp)
    assert good == {"game.hint": "f6,ctrl+h"}
    assert len(problems) == 2


def test_docs_keys_lists_every_binding_id():
    doc = (Path(__file__).resolve().parents[2] / "docs" / "keys.md").read_text()
    assert doc == document(ObjectiveApp), (
        "regenerate: python -c 'from tui.app import ObjectiveApp; from tui.keymap import "
        'document; print(document(ObjectiveApp), end="")\' > docs/keys.md'
    )
    assert len(binding_ids(ObjectiveApp)) > 50 and "app.help" in binding_ids(ObjectiveApp)


async def test_default_seats_fill_the_new_game_screen(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text('default_seats = ["mcts:easy", "random"]\n')
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        assert app.screen.query_one("#seat-kind-0", Select).value == "mcts:easy"


async def test_confirm_end_of_turn_asks_before_the_turn_ends(tmp_path, settings_dir):
    (settings_dir / "settings.toml").write_text(
        'confirm_end_turn = true\nintro_seen = ["solitaire"]\n'
    )
    session = session_after([])
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        game = session.game
        turn = game.turn(session.state)
        played = 0
        while not any(screen.may_end_turn(a) for a in session.legal()):  # B2, B3: no question
            legal = session.legal()
            step = next((a for a in legal if a[0] == "done"), legal[0])
            screen.post_message(screen.picker.Chosen(step))
            played += 1
            await wait_until(pilot, lambda n=played: len(session.actions) == n)
            assert not isinstance(app.screen, ConfirmScreen)
            await wait_until(pilot, lambda: not screen.busy)
        ender = next(a for a in session.legal() if screen.may_end_turn(a))
        screen.post_message(screen.picker.Chosen(ender))
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("n")
        await pilot.pause()
        assert len(session.actions) == played and game.turn(session.state) == turn  # not yet
        screen.post_message(screen.picker.Chosen(ender))
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_until(pilot, lambda: len(session.actions) == played + 1)
        assert session.actions[-1] == ender


async def test_every_switch_says_on_or_off(tmp_path, settings_dir):
    app = make_app(tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_settings(pilot)
        switch = screen.query_one("#animate", Switch)
        state = switch.parent.query_one(".on-off-state")
        assert switch.value and str(state.render()) == "on"
        switch.focus()
        await pilot.press("enter")
        await wait_until(pilot, lambda: str(state.render()) == "off")
        assert not switch.value and not app.settings.animate


async def test_the_new_game_screen_opens_on_the_last_game_players_and_seats(tmp_path, settings_dir):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        setup = app.screen
        setup.query_one("#game", Select).value = "objectives"
        await wait_until(pilot, lambda: setup.game_id == "objectives")
        await pilot.pause()
        setup.query_one("#players", Select).value = 3
        await wait_until(pilot, lambda: setup.players == 3)
        await pilot.pause()
        setup.query_one("#seat-name-0", Input).value = "Ann"
        setup.query_one("#seat-kind-1", Select).value = "mcts:easy"
        setup.query_one("#seat-kind-2", Select).value = "human"
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: app.settings.last_game == "objectives")
    settings, problems = S.load()
    assert settings.last_game == "objectives"
    assert not problems
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(app.screen, SetupScreen))
        await pilot.pause()
        setup = app.screen
        assert setup.query_one("#game", Select).value == "objectives"
        assert setup.query_one("#players", Select).value == 3
        assert setup.query_one("#seat-name-0", Input).value == "Ann"
        kinds = [str(setup.query_one(f"#seat-kind-{i}", Select).value) for i in range(3)]
        assert kinds == ["human", "mcts:easy", "human"]
