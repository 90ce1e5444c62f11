"""Vietnam Solitaire's forecast: from the player's view, the rest of the turn sampled with fresh
dice, the player spending no more PP; the chance the war ends this turn (VS-B9.2) and the PP
at B9 (VS-B9.1)."""

from __future__ import annotations

import random

from ai.forecast_solitaire import forecast, forecast_words, spend_nothing
from core.solitaire import GAME, Rules
from core.solitaire.state import BUILD, NAPALM, REDEPLOY, REMOVE_US_UNIT
from tests.solitaire.helpers import board, position

EVERY_REGION_THE_ENEMYS = board(
    hue_12={"vc": 1}, highlands_12={"vc": 1}, cuchi_12={"vc": 1}, saigon_12={"vc": 1},
    mekong_12={"vc": 1},
)  # fmt: skip
EVERY_REGION_OURS = board(
    hue_6={"arvn": 1}, highlands_6={"arvn": 1}, cuchi_6={"arvn": 1}, saigon_6={"arvn": 1},
    mekong_6={"arvn": 1},
)  # fmt: skip


def view_of(state):
    return GAME.observe(state, 0)


def test_at_b8_with_every_region_the_enemys_b9_surely_ends_the_war():
    """VS-B9.1 / VS-B9.2: PP 10, +2 for each of five regions held by the enemy alone: 20 at B9,
    whatever the dice: a war at PP 10 can still be lost this turn."""
    s = position(REDEPLOY, EVERY_REGION_THE_ENEMYS, faces=None, turn=6, pp=10)
    f = forecast(GAME, view_of(s), random.Random(1))
    assert f.war_ends == 1.0
    assert (f.pp_low, f.pp_high, f.pp_worst) == (20, 20, 20)
    assert forecast_words(f) == ("If you spend no more:", "war ends 100% · B9 PP 20 ⚠")


def test_a_quiet_first_turn_gives_no_chance_of_the_war_ending():
    """Turn 1 (VS-B0.1: PP 1), the set-up ARVN in every region: nothing the enemy can roll
    brings 14."""
    s = GAME.new({}, 1, 3)
    f = forecast(GAME, view_of(s), random.Random(1))
    assert f.war_ends == 0.0
    assert f.pp_high < 8
    assert forecast_words(f)[1].startswith("war ends 0% · B9 PP ")


def test_the_enemys_phase_spreads_the_count_and_a_higher_start_raises_the_chance():
    """VS-B5-B7 roll the enemy's placements and offensive: the same board at B4 gives a range of
    PP at B9, and two more PP spent make the war's end likelier."""
    units = board(
        hue_12={"nva": 2, "vc": 1}, hue_34={"arvn": 1}, highlands_12={"vc": 2},
        highlands_34={"arvn": 1}, cuchi_12={"nva": 1}, cuchi_5={"arvn": 1},
        saigon_12={"vc": 1}, saigon_6={"arvn": 1}, mekong_12={"vc": 1}, mekong_5={"arvn": 1},
    )  # fmt: skip
    trail = (2, 1, 1, 0, 1, 0)

    def at_pp(pp):
        s = position(NAPALM, units, faces=None, trail=trail, turn=9, pp=pp)
        return forecast(GAME, view_of(s), random.Random(2))

    low, high = at_pp(9), at_pp(11)
    assert low.pp_low < low.pp_high
    assert 0.0 < high.war_ends < 1.0
    assert low.war_ends < high.war_ends


def test_the_same_view_and_seed_give_the_same_forecast_and_the_real_dice_are_not_read():
    s = GAME.new({}, 1, 3)
    other_dice = GAME.determinize(view_of(s), random.Random(99))
    assert forecast(GAME, view_of(s), random.Random(5)) == forecast(
        GAME, view_of(other_dice), random.Random(5)
    )


def test_the_forecasts_player_spends_nothing_but_fights_and_redeploys_as_the_rules_player():
    """VS-D2: at B3 it raises nothing; VS-B8.1: the free AirCav redeploy is still made."""
    s = position(BUILD, EVERY_REGION_THE_ENEMYS, faces=None, turn=3, pp=3)
    assert spend_nothing(s, GAME.legal_actions(s)) == ("done",)
    units = board(hue_12={"vc": 1}, cuchi_6={"aircav": 1, "arvn": 1})
    s = position(REDEPLOY, units, faces=None, turn=3, pp=3)
    assert spend_nothing(s, GAME.legal_actions(s))[0] == "redeploy"


def test_no_forecast_without_pp_or_after_this_turns_count():
    """VS-D3's historical game has no PP; at the B9 withdrawal (VS-B9.3) the count is made."""
    historical = GAME.new({"opt_historical": True}, 1, 3)
    assert forecast(GAME, view_of(historical), random.Random(1)) is None
    s = position(REMOVE_US_UNIT, EVERY_REGION_OURS, faces=None, turn=3, pp=3, rules=Rules())
    assert forecast(GAME, view_of(s), random.Random(1)) is None
