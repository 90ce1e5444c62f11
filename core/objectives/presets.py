"""Objectives: Vietnam's challenge presets: named sets of the existing options (docs/rules/
objectives.md, Options), from forgiving to a war the team wins about half the time. The rates
beside each are the share of games the players won as a team: with rule-based seats at 2, 3 and
4 players, with MCTS normal seats at 2 (docs/ai.md, Challenge presets, has the commands and the
intervals)."""

from __future__ import annotations

from core.engine import Preset

PRESETS = (
    Preset(
        "recruit",
        "Recruit",
        "Forgiving fights: an overrun needs more than double the Free World total (OV-Q16) "
        "and a tie after the last NVA card takes the objective (OV-Q18).",
        (("overrun_test", "gt"), ("final_tie", "win")),
        (
            ("rules", 2, 1.0),
            ("rules", 3, 1.0),
            ("rules", 4, 0.985),
            ("mcts:normal", 2, 1.0),
        ),
    ),
    Preset(
        "veteran",
        "Veteran",
        "A shorter war: the NVA win when 8 cards are in the pool, not 10 (OV-7.1).",
        (("pool_limit", 8),),
        (
            ("rules", 2, 0.88),
            ("rules", 3, 0.95),
            ("rules", 4, 0.69),
            ("mcts:normal", 2, 1.0),
        ),
    ),
    Preset(
        "attrition",
        "Attrition",
        "War weariness grows with every pool card from the third, not by thresholds (OV-Q30), "
        "and the NVA win at 7 pool cards (OV-7.1).",
        (("war_weariness", "per_card"), ("pool_limit", 7)),
        (
            ("rules", 2, 0.57),
            ("rules", 3, 0.725),
            ("rules", 4, 0.335),
            ("mcts:normal", 2, 1.0),
        ),
    ),
    Preset(
        "quagmire",
        "Quagmire",
        "Hands of 3 Free World cards, dealt and refilled (OV-Q4; the table deals 7 to one "
        "player, 5 to two or three, 3 from four on), and the NVA win at 8 pool cards.",
        (("starting_hand", 3), ("pool_limit", 8)),
        (
            ("rules", 2, 0.085),
            ("rules", 3, 0.055),
            ("rules", 4, 0.69),
            ("mcts:normal", 2, 0.55),
        ),
    ),
)
