"""A trace is a replay, not a summary: from its set-up line (seed, players, options) and the
encoded actions, the rules reproduce every die of every event and the final position; the
set-up's own dice are in the trace, and no die is rolled after the end."""

from __future__ import annotations

import json

import pytest

import core
from core.engine import decode_action
from tui import cli

END_NOTES = {  # the event that ends each game: no die may follow it
    "solitaire": ("the war is over", "your territory shrank", "you still held"),
    "objectives": ("The players win:", "The game wins:"),
}
END_KINDS = {"conquer": ("game_over",)}  # the same, for a game that tells its facts as data


def traced_games(tmp_path, capsys, game_id: str, games: int, seed: int, *extra) -> list[list]:
    path = tmp_path / f"{game_id}.jsonl"
    argv = ["simulate", game_id, "--games", str(games), "--seed", str(seed), "--trace", str(path)]
    assert cli.main([*argv, *extra]) == 0
    capsys.readouterr()
    lines = [json.loads(x) for x in path.read_text().splitlines()]
    return [[x for x in lines if x["n"] == n] for n in range(games)]


@pytest.mark.parametrize(
    ("game_id", "extra"),
    [("solitaire", ()), ("objectives", ("--players", "3")), ("conquer", ("--players", "2"))],
)
def test_a_trace_replays_die_for_die_to_the_same_end(tmp_path, capsys, game_id, extra):
    game = core.game(game_id)
    for lines in traced_games(tmp_path, capsys, game_id, 3, 40, *extra):
        setup, *actions, end = lines
        assert setup["type"] == "setup" and end["type"] == "end"
        state = game.new(setup["options"], setup["players"], setup["seed"])
        assert [e.to_json() for e in game.events(state)] == setup["events"]
        assert any(e.get("dice") or e.get("shuffle_draws") for e in setup["events"])
        drawn = sum(e.draws for e in game.events(state))
        for line in actions:
            state = game.apply(state, decode_action(line["action"]["encoded"]))
            events = game.events(state)
            assert [e.to_json() for e in events] == line["events"], line["seq"]
            assert game.to_json(game.observe(state, None)) == line["state"]
            drawn += sum(e.draws for e in events)
        assert game.outcome(state) is not None and end["actions"] == len(actions)
        assert game.outcome(state).sentence == end["outcome"]["sentence"]
        assert drawn == state.dice.counter  # every number drawn is in some event of the trace
        last = [e.to_json() for e in game.events(state)]
        notes, kinds = END_NOTES.get(game_id, ()), END_KINDS.get(game_id, ())
        ending = max(i for i, e in enumerate(last) if e["kind"] in kinds
                     or any(k in e["text"] for k in notes))  # fmt: skip
        assert not any(e.get("dice") for e in last[ending + 1 :]), "a die after the end"
