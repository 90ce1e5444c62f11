"""A seat of a game held by a room, on this screen: the session a game screen speaks to when the
game is played elsewhere (docs/online.md).

`RemoteSession` answers what a game screen asks of a session (tui/session.py: the seat's view,
the legal actions in words when it is to act, the turn, who is to move, undo, saving) from the
frames its room sends, and sends the player's decisions back. It never holds a state: the room
sends this seat's view only, so the screen can show nothing else. No Textual in here: the game
screen runs the connection (`RoomLink` in tui/screens/game_room.py) and hands every frame to
`receive`.
"""

from __future__ import annotations

import random
import ssl
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any

import core
from core.engine import Action, Event, may_end_turn
from core.seats import HUMAN
from saves.record import SeatInfo
from tui.game_story import Story
from tui.online.client import RoomClient, RoomError
from tui.online.protocol import Bye, GameOver, Refused, ViewFrame, YourTurn
from tui.text import printable

UNDONE = "took back their last decision"  # how the room tells an undo (docs/online.md)


@dataclass(frozen=True)
class Position:
    """A position as this seat was sent it: its view, the events that led to it, its turn and
    the decision count. It reads as the view's public part (Conquer's and the solitaire's views
    hold the state without its dice), so the tellers and the rules' read-only helpers
    (`places_of`, `to_move`) take it where they take a state locally."""

    view: Any
    events: tuple[Event, ...]
    turn: int
    n: int

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(getattr(self.view, "state", self.view), name)


@dataclass(frozen=True)
class Moved:
    """A decision the room reports: who made it, what this seat may know of it, and the
    positions before and after."""

    seat: int
    action: Action | None  # None when this seat may not know it (another's bid)
    text: str
    before: Position
    after: Position


def seat_info(name: str, kind: str) -> SeatInfo:
    agent, _, level = kind.partition(":")
    return SeatInfo(name, agent or HUMAN, level or None)


class RemoteSession:
    """One seat of a room's game (see the module's docstring)."""

    remote = True  # decisions go to the room, which answers with the next view
    hot_seat_secrets = False  # one person at this screen
    note = ""
    diverged = False

    def __init__(self, client: RoomClient, token: str, ssl_context: ssl.SSLContext | None = None):
        self.client = client
        self.url = client.url
        self._token = token
        self._ssl = ssl_context
        welcome = client.welcome
        self.welcome = welcome
        self.game = core.game(welcome.game)
        self.seat = welcome.seat
        self._seats = tuple(
            seat_info(printable(name), kind)
            for name, kind in zip(welcome.seat_names, welcome.seat_kinds, strict=True)
        )
        self.n = 0
        self.to_move: int | None = None
        self._position: Position | None = None
        self._legal: dict[Action, str] = {}
        self._legal_n: int | None = None
        self._undo = "It is not your move."
        self._status: tuple[str, ...] = ()
        self._outcome = None
        self._sent: tuple | None = None  # the choices a decision was sent from (n, legal, n)
        self.closed = ""  # why the connection ended ("" while connected)
        self.said_bye = False  # the room closed it on purpose (no trying again)
        # runs a coroutine for the session (the screen gives its own worker runner)
        self.post: Callable[[Coroutine], Any] | None = None

    # --- joining ------------------------------------------------------------------------------

    @classmethod
    async def join(
        cls, url: str, token: str, ssl_context: ssl.SSLContext | None = None
    ) -> RemoteSession:
        """Join the seat `token` opens at `url` and wait for its first view; RoomError (one
        sentence) if the room cannot be reached or refuses."""
        client = await RoomClient.connect(url, token, ssl_context)
        session = cls(client, token, ssl_context)
        try:
            await session._first_view()
        except BaseException:
            await client.close()
            raise
        return session

    async def _first_view(self) -> None:
        self._frames = self.client.frames()
        self.early: list = []  # frames before the first view (none, by the protocol)
        async for frame in self._frames:
            if isinstance(frame, ViewFrame):
                self.receive(frame)
                return
            if isinstance(frame, Bye):
                raise RoomError(frame.reason)
            self.early.append(frame)
        raise RoomError(self.client.closed_reason or "The room closed the connection.")

    async def frames(self):
        """The room's frames after the first view, until the connection ends (`closed` then
        says why)."""
        async for frame in self._frames:
            yield frame
        self.closed = self.client.closed_reason or "The connection to the room dropped."

    async def rejoin(self) -> None:
        """Connect again with the same invitation (after a dropped connection)."""
        client = await RoomClient.connect(self.url, self._token, self._ssl)
        self.client, self.closed, self.said_bye = client, "", False
        self._frames = client.frames()

    async def close(self) -> None:
        await self.client.close()

    # --- what the room says ---------------------------------------------------------------------

    def receive(self, frame) -> Moved | str | None:
        """Take in one frame. Returns the decision to show (`Moved`), a refusal's sentence, or
        None (the screen shows the position as it now is)."""
        if isinstance(frame, ViewFrame):
            before = self._position
            self._position = Position(frame.view, tuple(frame.events), frame.turn, frame.n)
            if frame.n != self.n:
                self._legal, self._legal_n = {}, None
            self.n, self.to_move, self._status = frame.n, frame.to_move, tuple(frame.status)
            acted = frame.acted
            if acted is None or before is None:
                return None
            return Moved(acted.seat, acted.action, printable(acted.text), before, self._position)
        if isinstance(frame, YourTurn):
            if frame.n == self.n:
                self._legal = {a: printable(text) for a, text in frame.legal}
                self._legal_n, self._undo = frame.n, frame.undo
            return None
        if isinstance(frame, Refused):
            if self._sent is not None and self._sent[0] == self.n and self._legal_n is None:
                _, self._legal, self._legal_n = self._sent  # (the choices stand: choose again)
            return printable(frame.reason)
        if isinstance(frame, GameOver):
            self._outcome = frame.outcome
            return None
        if isinstance(frame, Bye):
            self.closed, self.said_bye = printable(frame.reason), True
        return None

    # --- what a screen asks (see tui/session.py) ------------------------------------------------

    @property
    def position(self) -> Position:
        return self._position

    def view(self, seat: int | None):
        return self._position.view  # (the room sends this seat's view only)

    def observe(self, position: Position, seat: int | None):
        return position.view

    def turn_of(self, position: Position) -> int:
        return position.turn

    def events_at(self, position: Position) -> tuple[Event, ...]:
        return position.events

    @property
    def turn(self) -> int:
        return self._position.turn

    @property
    def decisions(self) -> int:
        return self.n

    @property
    def outcome(self):
        return self._outcome

    @property
    def over(self) -> bool:
        return self._outcome is not None

    @property
    def seats(self) -> tuple[SeatInfo, ...]:
        return self._seats

    @property
    def heading(self) -> str:
        return f"{self.game.title} · {self.seat_name(self.seat)} in the room at {self.url}"

    def opening_events(self) -> tuple[Event, ...]:
        return ()

    def last_step(self, viewer):
        return None

    def seat_is_human(self, seat: int | None) -> bool:
        """Whether the person at this screen plays `seat` (the others play elsewhere)."""
        return seat is not None and seat == self.seat

    @property
    def human_to_move(self) -> bool:
        return self.to_move == self.seat and bool(self.legal())

    @property
    def humans(self) -> list[int]:
        return [self.seat]

    def opening_viewer(self) -> int:
        return self.seat

    def runs_agent(self, seat: int | None) -> bool:
        return False  # the room plays its AI seats and the natives

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        if 0 <= seat < len(self._seats):
            return self._seats[seat].name
        names = getattr(self.game, "seat_name", None)
        return names(seat) if names else f"Seat {seat}"

    def seat_kind(self, seat: int) -> str:
        """Who plays a seat, in words: a person's seat says when nobody is connected to it."""
        if self.status(seat) == "disconnected":
            return "disconnected"
        return self._seats[seat].kind_label

    def status(self, seat: int | None) -> str:
        if seat is None or not 0 <= seat < len(self._status):
            return ""
        return self._status[seat]

    def waiting_line(self) -> str:
        """Who the game waits for, in a sentence ("" when it is this seat's move)."""
        if self.closed:
            if self.said_bye:
                return self.closed
            # (why it dropped, or why a rejoin failed, is a long sentence: the status line has
            # two lines at most, so it says what is going on and keeps the room's address out)
            return "The connection to the room dropped: trying again…"
        seat = self.to_move
        if seat is None or self.over:
            return "" if self.over else "The game is ending…"
        if seat == self.seat:
            return "" if self.legal() else "Waiting for the room…"
        name = self.seat_name(seat)
        status = self.status(seat)
        if status == "disconnected":
            return f"Waiting for {name} (disconnected)."
        if status == "ai" or seat >= len(self._seats):
            return f"{name} (AI) is thinking…"
        return f"{name} is thinking…"

    def told(self, before, action: Action, seat: int | None, viewer) -> str:
        return self.describe(action)

    def stages(self, before, action):
        return None

    def legal(self) -> tuple[Action, ...]:
        return tuple(self._legal) if self._legal_n == self.n and not self.closed else ()

    def described(self) -> list[tuple[Action, str]]:
        return list(self._legal.items()) if self.legal() else []

    def describe(self, action: Action) -> str:
        return self._legal.get(action) or " ".join(map(str, action))

    def may_end_turn(self, action: Action) -> bool:
        """The rules decide it from what the seat may know (`core.engine.may_end_turn`), so a
        world consistent with this seat's view answers as the room's state would."""
        world = self.game.determinize(self._position.view, random.Random(0))
        return may_end_turn(self.game, world, action)

    @property
    def position_key(self) -> str:
        return f"{self.url}:{self.n}"

    def rng_for(self, seat: int) -> random.Random:
        return random.Random(f"{self.position_key}:{seat}")

    def agent_for(self, seat: int):
        raise RuntimeError("the room plays the other seats")

    def story(self) -> Story:
        return Story([], [], self.turn, "")

    # --- the player's decisions -----------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Send a decision to the room (it answers with the next view, or a refusal)."""
        if action not in self.legal():
            from core.engine import IllegalAction

            raise IllegalAction("That is not one of your choices now.")
        n = self.n
        self._sent = (n, self._legal, n)
        self._legal, self._legal_n = {}, None  # (nothing more to choose until the room answers)
        self._send(lambda: self.client.decide(n, action))

    def undo_refusal(self) -> str | None:
        if self.to_move != self.seat or not self.legal():
            return "It is not your move."
        return self._undo or None

    def undo(self) -> bool:
        if self.undo_refusal() is not None:
            return False
        n = self.n
        self._sent = (n, self._legal, n)
        self._legal, self._legal_n = {}, None
        self._send(lambda: self.client.undo(n))
        return True

    def _send(self, make: Callable[[], Coroutine]) -> None:
        async def send() -> None:
            try:
                await make()
            except RoomError as err:
                self.closed = str(err)

        if self.post is not None:
            self.post(send())

    # --- keeping the game: the room does ------------------------------------------------------

    slot = None
    unsaved_decisions = 0

    def autosave(self) -> None:
        return None

    def quit_note(self) -> str:
        if self.over:
            return ""
        return "The room keeps the game: the same objective join command brings you back."

    def leaving_note(self) -> tuple[str, str] | None:
        note = self.quit_note()
        return ("information", note) if note else None
