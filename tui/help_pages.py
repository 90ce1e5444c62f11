"""The text pages of the app: each game's guide with its options (the Rules screen) and its
one-page "how to play" (shown at the first game of a kind, and from F1)."""

from __future__ import annotations

from pathlib import Path

import core

HELP_DIR = Path(__file__).resolve().parent / "help"


def _read(name: str) -> str | None:
    try:
        return (HELP_DIR / name).read_text("utf-8")
    except OSError:
        return None


def how_to_play(game_id: str) -> str:
    """The game's guide (tui/help/<game>.md) and, generated from the game, every rule option."""
    title = core.game(game_id).title
    guide = _read(f"{game_id}.md") or f"# {title}\n\nNo guide has been written for this game yet."
    return guide.rstrip() + "\n\n" + options_table(core.game(game_id))


def intro_text(game_id: str) -> str:
    """The first-time page (tui/help/<game>-intro.md)."""
    title = core.game(game_id).title
    return _read(f"{game_id}-intro.md") or (
        f"# {title}\n\nThe action list on the right holds every move you can make: type to "
        "filter it, Enter plays. F1 shows every key; Esc opens the menu."
    )


def options_table(game) -> str:
    """Every rule option as Markdown: what it does, its default and its other values, its rule."""
    lines = [
        "## Rule options",
        "",
        "Set on the New game screen, or with `objective new GAME --option KEY=VALUE`.",
        "",
        "| option | what it does | default | other values | rule |",
        "|---|---|---|---|---|",
    ]
    for o in game.options:
        if o.choices:
            others = ", ".join(f"`{c}`" for c in o.choices if c != o.default)
        elif o.kind is bool:
            others = "`off`" if o.default else "`on`"
        else:
            others = f"{o.minimum}-{o.maximum}" if o.minimum is not None else "any"
        default = ("on" if o.default else "off") if o.kind is bool else o.default
        help_text = o.help.replace("|", "/")
        lines.append(
            f"| **{o.title}** (`{o.key}`) | {help_text} | `{default}` | {others} | {o.rule} |"
        )
    return "\n".join(lines) + "\n"
