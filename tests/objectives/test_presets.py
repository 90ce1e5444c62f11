"""Objectives: Vietnam's challenge presets: named sets of the existing options, each with the
team-win rates measured for rule-based and MCTS normal seats (docs/ai.md, Challenge presets)."""

from __future__ import annotations

import pytest

from core.engine import OptionError, preset_options
from core.objectives import GAME
from core.objectives.state import OPTIONS


def test_every_preset_is_made_of_existing_options_with_legal_values():
    keys = {o.key for o in OPTIONS}
    assert len({p.key for p in GAME.presets}) == len(GAME.presets)
    for preset in GAME.presets:
        assert preset.values and {k for k, _ in preset.values} <= keys, preset.key
        resolved = preset_options(GAME, preset.key)
        assert all(resolved[k] == v for k, v in preset.values)
        GAME.new(resolved, 2, 1)


def test_every_preset_carries_its_rates_and_the_last_is_an_even_war_for_mcts_normal():
    for preset in GAME.presets:
        measured = {(agent, n) for agent, n, _ in preset.team_wins}
        assert measured == {("rules", 2), ("rules", 3), ("rules", 4), ("mcts:normal", 2)}
        assert all(0 <= rate <= 1 for _, _, rate in preset.team_wins)
    hardest = dict(GAME.presets[-1].rates(2))
    assert 0.35 <= hardest["mcts:normal"] <= 0.65
    for agent in ("rules", "mcts:normal"):
        assert hardest[agent] == min(dict(p.rates(2))[agent] for p in GAME.presets)


def test_a_preset_gives_the_rates_measured_at_the_number_of_players_asked():
    quagmire = next(p for p in GAME.presets if p.key == "quagmire")
    assert quagmire.rates(2) == (("rules", 0.085), ("mcts:normal", 0.55))
    # from 4 players the table's hand is 3 anyway: quagmire is no harder than veteran there
    assert quagmire.rates(4) == (("rules", 0.69),)
    assert quagmire.rates(1) == ()
    assert quagmire.measured_players == (2, 3, 4)


def test_an_explicit_option_beats_the_preset_and_the_rest_are_defaults():
    options = preset_options(GAME, "attrition", {"pool_limit": "9"})
    assert options["war_weariness"] == "per_card" and options["pool_limit"] == 9
    assert options["final_tie"] == "loss"
    assert preset_options(GAME, None) == preset_options(GAME, "")


def test_an_unknown_preset_is_one_sentence_naming_the_presets():
    with pytest.raises(OptionError, match="presets are recruit, veteran, attrition, quagmire"):
        preset_options(GAME, "nightmare")
