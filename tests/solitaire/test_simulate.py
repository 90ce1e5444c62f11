"""`objective simulate solitaire`: every game ends on a victory level, the output repeats exactly,
and the trace shows every die with its purpose."""

from __future__ import annotations

import json

from core.solitaire.board import VICTORY_LEVELS
from tui import cli

LABELS = {f'{level}: "{film}"' for _, level, film in VICTORY_LEVELS}


def simulate(capsys, *extra):
    assert cli.main(["simulate", "solitaire", "--games", "25", "--seed", "7", *extra]) == 0
    return capsys.readouterr().out


def test_VS_C_1_simulate_ends_every_game_on_a_victory_level_and_repeats(capsys):
    out = simulate(capsys, "--json")
    assert simulate(capsys, "--json") == out
    report = json.loads(out)
    assert report["agents"] == ["rules"]  # the rule-based player by default
    assert {r["label"] for r in report["results"]} <= LABELS
    assert len(report["results"]) == 25


def test_trace_shows_every_die_with_its_purpose(capsys, tmp_path):
    trace = tmp_path / "solitaire.jsonl"
    simulate(capsys, "--trace", str(trace))
    lines = [json.loads(x) for x in trace.read_text().splitlines()]
    dice = [e for x in lines if x["type"] == "action" for e in x["events"] if "dice" in e]
    assert dice and all(e["purpose"] and e["against"] and e["result"] for e in dice)
    purposes = {e["purpose"].split(":")[0].split(" on ")[0] for e in dice}
    assert {"B1 Trail growth", "B9 Restriction for next turn"} <= purposes
    assert sum(1 for x in lines if x["type"] == "end") == 25
