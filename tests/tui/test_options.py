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
