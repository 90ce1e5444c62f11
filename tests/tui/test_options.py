"""Every rule option of every game is on the New game screen and in the in-app Rules screen
(among them the rulings offered as options: OC-Q10, OC-Q22, OC-Q40, OC-Q60, OC-Q63, VS-Q39)."""

from __future__ import annotations

import pytest

import core
from tests.tui.helpers import SIZE, make_app
from tui.help_pages import how_to_play
from tui.screens.setup import SetupScreen

AUDIT_OPTIONS = {
    "conquer": {
        "bankruptcy",
        "natives_on_discovery_chance",
        "cave_table",
        "max_new_chits_per_castle",
        "allow_combine_split",
    },
    "solitaire": {"insurgency_timing"},
}


@pytest.mark.parametrize("game_id", ["solitaire", "objectives", "conquer"])
def test_the_rules_screen_lists_every_option_with_its_rule(game_id):
    text = how_to_play(game_id)
    game = core.game(game_id)
    for option in game.options:
        assert f"(`{option.key}`)" in text and option.rule in text
    assert AUDIT_OPTIONS.get(game_id, set()) <= {o.key for o in game.options}


@pytest.mark.parametrize("game_id", ["solitaire", "conquer"])
async def test_the_new_game_screen_offers_every_option(tmp_path, game_id):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen(game_id, seed=4))
        await pilot.pause()
        screen = app.screen
        for option in core.game(game_id).options:
            assert screen.query(f"#opt-{option.key}"), option.key
        screen.query_one("#opt-cave_table" if game_id == "conquer" else "#opt-insurgency_timing")


async def test_a_challenge_preset_sets_the_options_and_an_edit_after_it_counts(tmp_path):
    """Objectives: Vietnam's presets are on the New game screen with their measured team-win
    rates; picking one sets the options (its values, the defaults elsewhere), an option changed
    afterwards is the one played, and the rules as written put the defaults back."""
    from tests.tui.helpers import wait_until
    from tui.screens.game import GameScreen

    game = core.game("objectives")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("objectives", seed=4))
        await pilot.pause()
        setup = app.screen
        choices = str(setup.query_one("#preset")._options)
        for preset in game.presets:
            assert preset.title in choices
            for _, rate in preset.rates(setup.players):
                assert f"{rate:.0%}" in choices
        setup.query_one("#opt-attack_target").value = "newest"
        setup.query_one("#preset").value = "quagmire"
        await pilot.pause()
        assert setup.query_one("#opt-starting_hand").value == "3"
        assert setup.query_one("#opt-pool_limit").value == "8"
        assert setup.query_one("#opt-attack_target").value == "any"
        assert "Hands of 3" in str(setup.query_one("#preset-help").render())
        setup.query_one("#preset").value = ""
        await pilot.pause()
        assert setup.query_one("#opt-starting_hand").value == "0"
        assert setup.query_one("#opt-pool_limit").value == "10"
        setup.query_one("#preset").value = "quagmire"
        await pilot.pause()
        setup.query_one("#opt-pool_limit").value = "9"
        await pilot.press("ctrl+n")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        options = app.screen.session.record.options
        assert options["starting_hand"] == 3 and options["pool_limit"] == 9


async def test_the_challenge_list_shows_the_rates_measured_at_the_players_chosen(tmp_path):
    """The team-win rates beside a preset are those of the table's number of players: at 4
    players quagmire's is the rule-based 69% (the hands are 3 cards from 4 players anyway), at 1
    player none was measured and the help says so."""
    from tests.tui.helpers import wait_until

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(SetupScreen("objectives", seed=4))
        await pilot.pause()
        setup = app.screen

        def choices() -> str:  # (the form is built again for another number of players)
            return str(setup.query_one("#preset")._options)

        assert "Quagmire (rule-based 8%, MCTS normal 55%)" in choices()
        setup.query_one("#players").value = 4
        await wait_until(pilot, lambda: "Quagmire (rule-based 69%)" in choices())
        assert "55%" not in choices()
        await pilot.pause()
        setup.query_one("#players").value = 1
        await wait_until(pilot, lambda: "%" not in choices())
        await pilot.pause()
        help_text = str(setup.query_one("#preset-help").render())
        assert "measured with more players, not at 1 player" in help_text
        setup.query_one("#preset").value = "quagmire"
        await wait_until(
            pilot, lambda: "Hands of 3" in str(setup.query_one("#preset-help").render())
        )
        help_text = str(setup.query_one("#preset-help").render())
        assert "Not measured at 1 player (measured at 2 and 3 and 4 players)" in help_text
