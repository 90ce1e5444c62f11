"""Join a game a host has opened (`objective host`): the room's address and the seat's token.

The host's terminal prints one line per seat, `objective join URL --token T`; the whole line may
be pasted into the address box. Joining happens in the background; a room that cannot be
reached or refuses the token is said under the boxes in one sentence, and what was typed stays.
"""

from __future__ import annotations

import shlex

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from tui.screens.base import Dialog


def invitation(address: str, token: str) -> tuple[str, str]:
    """The address and token from what was typed: either box alone, or the host's whole
    `objective join URL --token T` line pasted into the address box."""
    address, token = address.strip(), token.strip()
    try:
        words = shlex.split(address)
    except ValueError:
        words = address.split()
    if len(words) > 1:
        url = next((w for w in words if "://" in w), "")
        if "--token" in words and words.index("--token") + 1 < len(words):
            token = token or words[words.index("--token") + 1]
        address = url or address
    return address, token


class JoinScreen(Dialog[None]):
    """The room's address and the seat's token; Enter joins (the game screen opens on top)."""

    CSS_PATH = ["dialogs.tcss", "join.tcss"]

    BINDINGS = [Binding("escape", "cancel", "Cancel", id="join.cancel")]

    def __init__(self, address: str = "", token: str = "") -> None:
        super().__init__()
        self.address, self.token = address, token

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog join"):
            yield Static(Text("Join a game", style="bold"), classes="dialog-title")
            yield Static(
                "The host's terminal printed a line for your seat: objective join ADDRESS "
                "--token TOKEN. Paste it below, or the address and the token each in its box.",
                classes="dialog-text",
                markup=False,
            )
            yield Input(self.address, placeholder="ws://host:port/room/…", id="join-address")
            yield Input(self.token, placeholder="token", password=True, id="join-token")
            yield Static("", id="join-error", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Join (Enter)", variant="primary", id="join")
                yield Button("Cancel (Esc)", id="cancel")

    def on_mount(self) -> None:
        self.query_one("#join-address", Input).focus()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        token = self.query_one("#join-token", Input)
        if event.input.id == "join-address" and not invitation(event.value, token.value)[1]:
            token.focus()  # (the address alone: the token next)
            return
        self.action_join()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "join":
            self.action_join()
        else:
            self.action_cancel()

    def action_join(self) -> None:
        address, token = invitation(
            self.query_one("#join-address", Input).value, self.query_one("#join-token", Input).value
        )
        if not address:
            self.say("Type the room's address (ws://host:port/room/…).")
        elif not token:
            self.say("Type your seat's token (the host's line for your seat has it).")
        else:
            self.say("Joining…", error=False)
            self.app.join_room(address, token, failed=self.say)

    def say(self, sentence: str, error: bool = True) -> None:
        line = self.query_one("#join-error", Static)
        line.set_class(error, "-error")
        line.display = True
        line.update(sentence)

    def action_cancel(self) -> None:
        self.close(None)
