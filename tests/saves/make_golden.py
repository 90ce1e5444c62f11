"""Make the golden saves of today's rules: seeded games played by the rule-based agent, saved in
tests/saves/golden/ and listed in its manifest.json (checked by tests/saves/test_golden.py).

Run it by hand, `python tests/saves/make_golden.py`, when a game's `rules_version` is bumped: it
writes the files of today's rules versions that are not there yet and never touches one that is
(a golden save is loaded forever, by every later version). A file is named for what it holds:
`<game>-rules<N>-<options and players>-<early|mid|finished>.objective`. Not a test: pytest does
not collect it.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from dataclasses import replace
from pathlib import Path

import ai
import core
from ai.play import play_game
from core.engine import resolve_options
from saves import SaveStore, SeatInfo, new_record, read_record, replay_states
from saves.codec import FORMAT_VERSION

GOLDEN = Path(__file__).parent / "golden"
MANIFEST = "manifest.json"
MADE = 1_765_000_000.0  # the dates written in them: fixed, so the files are the same every run
EARLY = 12  # the moves of an early save

# (game, what the name says, players, options, seed, where the save stops)
CASES = [
    ("solitaire", "default", 1, {}, 1, "early"),
    ("solitaire", "sum2d6", 1, {"trail_growth": "sum_2d6"}, 2, "mid"),
    ("solitaire", "historical", 1, {"opt_historical": True}, 1, "finished"),
    (
        "solitaire",
        "variants",
        1,
        {"retreat": "any_higher", "pp_check": "immediate", "vc_per_turn": 2, "opt_allied": True},
        3,
        "finished",
    ),
    ("objectives", "1p", 1, {}, 1, "early"),
    ("objectives", "1p", 1, {}, 1, "finished"),
    ("objectives", "4p-newest", 4, {"attack_target": "newest"}, 1, "mid"),
    ("objectives", "6p-pool5-gt", 6, {"pool_limit": 5, "overrun_test": "gt"}, 2, "finished"),
    ("conquer", "2p-turns10", 2, {"turn_limit": 10}, 3, "early"),
    ("conquer", "2p-turns10", 2, {"turn_limit": 10}, 3, "finished"),
    ("conquer", "6p-turns12", 6, {"turn_limit": 12}, 1, "mid"),
    (
        "conquer",
        "6p-turns12-totals-hunting",
        6,
        {"turn_limit": 12, "casualties": "totals_diff", "natives_policy": "hunting"},
        3,
        "finished",
    ),
]


def file_name(game, label: str, stop: str) -> str:
    return f"{game.id}-rules{game.rules_version}-{label}-{stop}.objective"


def golden_record(game, players: int, options: dict, seed: int, stop: str, name: str):
    """A game played by the rule-based agent in every seat, saved where `stop` says."""
    result = play_game(game, [ai.agent("rules") for _ in range(players)], seed, options)
    moves = {
        "early": EARLY,
        "mid": len(result.actions) // 2,
        "finished": len(result.actions),
    }[stop]
    seats = [SeatInfo(f"Player {i + 1}", "human" if i == 0 else "rules") for i in range(players)]
    options = resolve_options(game.options, options)  # as the program saves them: all of them
    state = game.new(options, players, seed)
    for action in result.actions[:moves]:
        state = game.apply(state, action)
    record = new_record(game.id, options, players, seats, seed)
    record = record.with_actions(result.actions[:moves], state, game)
    ident = hashlib.sha256(name.encode()).hexdigest()[:12]
    return replace(record, id=ident, created=MADE, updated=MADE + moves)


def manifest_entry(record) -> dict:
    return {
        "game": record.game,
        "format": FORMAT_VERSION,
        "rules_version": record.rules_version,
        "turn": record.turn,
        "moves": len(record.actions),
        "finished": bool(record.finished),
    }


def write_manifest(path: Path, manifest: dict) -> None:
    lines = [f"  {json.dumps(name)}: {json.dumps(manifest[name])}" for name in sorted(manifest)]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=GOLDEN, help="where the saves go")
    args = parser.parse_args(argv)
    folder: Path = args.folder
    folder.mkdir(parents=True, exist_ok=True)
    manifest_path = folder / MANIFEST
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    store = SaveStore(folder)
    for game_id, label, players, options, seed, stop in CASES:
        game = core.game(game_id)
        name = file_name(game, label, stop)
        path = folder / name
        if path.exists():
            if name not in manifest:
                print(f"{name}: on disk but not in the manifest", file=sys.stderr)
                return 1
            continue
        record = golden_record(game, players, options, seed, stop, name)
        store.save_as(record, path)  # never over a file
        assert read_record(path) == record and replay_states(record)[-1] is not None
        manifest[name] = manifest_entry(record)
        print(f"{name}: {len(record.actions)} moves, turn {record.turn}, {path.stat().st_size} B")
    write_manifest(manifest_path, manifest)
    return 0


if __name__ == "__main__":
    sys.exit(main())
