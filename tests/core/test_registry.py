"""The game registry: ids, titles and games agree."""

import pytest

import core


@pytest.mark.parametrize("game_id", core.game_ids())
def test_declared_title_is_the_games_title(game_id):
    assert core.title(game_id) == core.game(game_id).title


def test_titles_in_menu_order():
    assert core.titles() == tuple(g.title for g in core.games())


def test_unknown_game_has_no_title():
    with pytest.raises(core.UnknownGame):
        core.title("chess")
