"""The seats of a game in one line: each with who plays it, the one to act marked."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class SeatsLine(Static):
    def __init__(self, **kwargs) -> None:
        super().__init__("", markup=False, **kwargs)  # it carries the names typed for the seats

    def show(self, session, viewer: int | None, text: Text | None = None) -> None:
        """Every seat with its kind ("you" for the viewer), the one to act marked; nothing for a
        one-seat game (or `text`, a game's own account of its seats)."""
        if text is not None:
            self.update(text)
            self.display = bool(text.plain)
            return
        seats = session.seats
        text = Text()
        to_move = session.to_move
        for i in range(len(seats) if len(seats) > 1 else 0):
            if i:
                text.append(" · ", style="dim")
            kind = "you" if i == viewer else session.seat_kind(i)
            style = "bold reverse" if i == to_move else ""
            text.append(f"{'▶ ' if i == to_move else ''}{session.seat_name(i)}", style=style)
            text.append(f" ({kind})", style="dim")
        self.update(text)
        self.display = bool(text.plain)
