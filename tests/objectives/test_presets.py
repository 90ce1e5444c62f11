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
        rates = dict(preset.team_wins)
        assert set(rates) == {"rules", "mcts:normal"}, preset.key
        assert all(0 <= r <= 1 for r in rates.values())
    hardest = dict(GAME.presets[-1].team_wins)
    assert 0.35 <= hardest["mcts:normal"] <= 0.65
    for agent in ("rules", "mcts:normal"):
        assert hardest[agent] == min(dict(p.team_wins)[agent] for p in GAME.presets)


def test_an_explicit_option_beats_the_preset_and_the_rest_are_defaults():
    options = preset_options(GAME, "attrition", {"pool_limit": "9"})
    assert options["war_weariness"] == "per_card" and options["pool_limit"] == 9
    assert options["final_tie"] == "loss"
    assert preset_options(GAME, None) == preset_options(GAME, "")


def test_an_unknown_preset_is_one_sentence_naming_the_presets():
    with pytest.raises(OptionError, match="presets are recruit, veteran, attrition, quagmire"):
        preset_options(GAME, "nightmare")
