"""A readable rendering of a game's `to_json(view)`: the generic screen's board."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static


def render_json(data: Any, indent: int = 0) -> Text:
    text = Text()
    pad = "  " * indent
    if isinstance(data, dict):
        for key, value in data.items():
            label = str(key).replace("_", " ")
            if isinstance(value, dict | list) and value and not _flat(value):
                text.append(f"{pad}{label}:\n", style="bold")
                text.append_text(render_json(value, indent + 1))
            else:
                text.append(f"{pad}{label}: ", style="bold")
                text.append(f"{_inline(value)}\n")
    elif isinstance(data, list):
        for item in data:
            if isinstance(item, dict | list) and not _flat(item):
                text.append(f"{pad}•\n")
                text.append_text(render_json(item, indent + 1))
            else:
                text.append(f"{pad}• {_inline(item)}\n")
    else:
        text.append(f"{pad}{_inline(data)}\n")
    return text


def _flat(value: Any) -> bool:
    if isinstance(value, dict):
        return all(not isinstance(v, dict | list) for v in value.values()) and len(value) <= 4
    return all(not isinstance(v, dict | list) for v in value)


def _inline(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_inline(v)}" for k, v in value.items()) or "—"
    if isinstance(value, list):
        return ", ".join(_inline(v) for v in value) or "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


class StatePanel(Static):
    DEFAULT_CSS = """
    StatePanel { padding: 0 1; }
    """

    def show(self, data: dict) -> None:
        self.update(render_json(data))
