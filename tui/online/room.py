"""A room: one game, held by the only referee, played by seats that each see their own view.

The room owns one local `Session` (the state, the record, the AI seats and the natives, the
autosave). A connection proves its seat with a token; the room checks every decision it is sent
(the seat, the decision counter, the action's legality), applies it, autosaves, and tells every
connected seat what that seat may know: its view, the events, the account of the decision as it
may read it, and to the seat to act its legal actions with their descriptions. The state and the
dice seed never leave the room. Tokens live in a room file beside the autosave (mode 0600),
never in the save, so `objective host --resume FILE` brings the old invitations back.

No networking in here: a connection is anything with `seat`, `send(frame)` and `close(reason)`
(server.py's WebSocket, or a test's list), and the room runs on one asyncio event loop.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import json
import os
import secrets
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Protocol

import core
from ai.base import Budget
from core.engine import Action, IllegalAction, resolve_options
from saves.record import GameRecord, SaveError, SeatInfo, start_game
from saves.store import SaveStore, read_record
from tui.online import protocol
from tui.online.protocol import (
    PROTOCOL_VERSION,
    Acted,
    Decide,
    GameOver,
    Leave,
    Ping,
    Undo,
    ViewFrame,
    Welcome,
    YourTurn,
)
from tui.session import Session
from tui.turns import THINK_SECONDS

TOKEN_BYTES = 24  # 32 characters of secrets.token_urlsafe
ROOM_FILE_FORMAT = "objective-room"
ROOM_FILE_VERSION = 1
ROOM_SUFFIX = ".room"
UNDONE = "took back their last decision"


class Connection(Protocol):
    seat: int | None

    def send(self, frame: dict) -> None:
        """Queue a frame for the player (never blocks)."""

    def close(self, reason: str) -> None:
        """Say `bye` with the reason, then close."""


class RoomFileError(SaveError):
    """A room file that cannot be read. str() is one sentence."""


class Room:
    def __init__(
        self,
        session: Session,
        tokens: dict[int, str],
        room_id: str,
        ai_delay: float = 0.0,
        think_seconds: float | None = None,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.session = session
        self.tokens = dict(tokens)
        self.id = room_id
        self.ai_delay = ai_delay
        self.think_seconds = think_seconds
        self.log = log or (lambda text: None)
        self.connections: dict[int, Connection] = {}
        self.address: tuple[str, int] | None = None  # where the server listens (the room file)
        self._ai_task: asyncio.Task | None = None
        self._budget: Budget | None = None  # an MCTS seat's, while it thinks
        self._to_tell: list[_Telling] = []
        self._teller: asyncio.Task | None = None
        self._room_file: Path | None = None
        self.closed = False

    # --- opening ---------------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        game_id: str,
        seats: list[SeatInfo],
        store: SaveStore,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        **kwargs: Any,
    ) -> Room:
        """A new game in a new room: a token for every human seat, the autosave written."""
        game = core.game(game_id)
        values = resolve_options(game.options, options or {})
        if seed is None:
            seed = secrets.randbits(63)
        opening = start_game(game_id, values, len(seats), seats, seed)
        record, slot = store.slot_for(opening.record)
        session = Session(game, record, opening.states)
        session.slot = slot
        tokens = {i: new_token() for i, seat in enumerate(seats) if seat.is_human}
        room = cls(session, tokens, secrets.token_hex(6), **kwargs)
        room.save()
        return room

    @classmethod
    def resume(cls, path: str | os.PathLike, store: SaveStore, **kwargs: Any) -> Room:
        """The room of an autosave, as it was: the same room id and tokens (from the room file
        beside it), the game replayed to its last decision. SaveError with a sentence if the
        save cannot be read or the game is over; a missing room file gives new tokens."""
        path = Path(path)
        record = read_record(path)
        session = Session.from_record(record)
        if session.over:
            raise SaveError(f"the game in {path} is over: there is nothing to resume")
        record, slot = store.slot_for(session.record, opened_from=path, diverged=session.diverged)
        session.record, session.slot = record, slot
        kept = read_room_file(room_file_for(path), session.record)
        if kept is None:
            tokens = {i: new_token() for i, s in enumerate(record.seats) if s.is_human}
            room = cls(session, tokens, secrets.token_hex(6), **kwargs)
        else:
            room_id, tokens, address = kept
            for seat, info in enumerate(record.seats):
                if info.is_human and seat not in tokens:
                    tokens[seat] = new_token()
            room = cls(session, tokens, room_id, **kwargs)
            room.address = address
        room.resumed_with_tokens = kept is not None
        if session.note:
            room.log(session.note)
        return room

    resumed_with_tokens = False

    def start(self) -> None:
        """Let the AI seats play if one is to act (call once the event loop runs)."""
        self._next()

    # --- who is who --------------------------------------------------------------------------

    @property
    def game(self):
        return self.session.game

    @property
    def record(self) -> GameRecord:
        return self.session.record

    @property
    def players(self) -> int:
        return self.record.players

    @property
    def n(self) -> int:
        """The decision counter: decisions played so far."""
        return len(self.session.actions)

    def seat_for(self, token: str) -> int | None:
        """The seat a token opens, compared in constant time against every seat's."""
        given = token.encode("utf-8", "surrogatepass")
        found = None
        for seat, expected in self.tokens.items():
            if hmac.compare_digest(given, expected.encode()):
                found = seat
        return found

    def status(self, to_move: int | None = -1) -> tuple[str, ...]:
        """Each seat: thinking, waiting, disconnected or ai (`to_move`: as of which decision;
        by default the latest)."""
        session, out = self.session, []
        if to_move == -1:
            to_move = None if session.over else session.to_move
        for seat, info in enumerate(self.record.seats):
            if not info.is_human:
                out.append("ai")
            elif seat not in self.connections:
                out.append("disconnected")
            else:
                out.append("thinking" if seat == to_move else "waiting")
        return tuple(out)

    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.session.seat_name(i) for i in range(self.players))

    def welcome(self, seat: int) -> Welcome:
        record = self.record
        return Welcome(
            seat=seat,
            game=record.game,
            players=record.players,
            seat_names=self.seat_names(),
            seat_kinds=tuple(s.agent_name for s in record.seats),
            options=dict(record.options),
            rules_version=self.game.rules_version,
            protocol=PROTOCOL_VERSION,
            app_version=record.app_version,
            room=self.id,
        )

    # --- connections -------------------------------------------------------------------------

    def join(self, conn: Connection, token: str) -> bool:
        """Seat `conn` if its token opens a seat (an older connection of that seat is closed),
        and send it the welcome and the position; else refuse and close it."""
        seat = self.seat_for(token)
        if seat is None or self.closed:
            conn.send(protocol.refused_frame("This token does not open a seat in this room."))
            conn.close("Check the address and the token the host gave you.")
            return False
        old = self.connections.get(seat)
        if old is not None and old is not conn:
            old.close("This seat joined from another connection.")
        self.connections[seat] = conn
        conn.seat = seat
        conn.send(protocol.welcome_frame(self.welcome(seat)))
        self.log(f"{self.session.seat_name(seat)} joined.")
        self._decided(None, ())
        return True

    def leave(self, conn: Connection) -> None:
        """`conn` has gone: its seat shows as disconnected to the others."""
        seat = conn.seat
        if seat is None or self.connections.get(seat) is not conn:
            return
        del self.connections[seat]
        self.log(f"{self.session.seat_name(seat)} disconnected.")
        self._decided(None, ())

    def handle(self, conn: Connection, frame: protocol.ClientFrame) -> bool:
        """One checked frame from a seated connection. True when it was a decision the room
        played: those come at the game's pace and do not count towards a flood (an undo does:
        decide-and-undo in a loop would make the room save and tell without end)."""
        seat = conn.seat
        if seat is None or self.connections.get(seat) is not conn:
            conn.close("This connection holds no seat.")
            return False
        if isinstance(frame, Decide):
            refusal = self.decide(seat, frame.n, frame.action)
        elif isinstance(frame, Undo):
            refusal = self.undo(seat, frame.n)
        elif isinstance(frame, Leave):
            conn.close("Goodbye.")
            return False
        elif isinstance(frame, Ping):
            return False
        else:
            refusal = "You have joined already."
        if refusal is not None:
            conn.send(protocol.refused_frame(refusal, self.n))
            return False
        return isinstance(frame, Decide)

    # --- decisions ---------------------------------------------------------------------------

    def decide(self, seat: int, n: int, action: Action) -> str | None:
        """Play `action` for `seat` if it may; else the sentence saying why not (nothing is
        changed)."""
        session = self.session
        if session.over:
            return "The game is over."
        if n != self.n:
            return (
                f"That decision was made at decision {n}; the game is at decision {self.n}: "
                "it was not played."
            )
        if session.to_move != seat:
            return f"It is not your turn: {session.seat_name(session.to_move)} is to act."
        if not session.seat_is_human(seat):
            return "The AI plays this seat now."
        if action not in session.legal():
            return "That is not one of your legal actions now."
        self._play(seat, action)
        return None

    def undo(self, seat: int, n: int) -> str | None:
        session = self.session
        if n != self.n:
            return f"The game is at decision {self.n}, not {n}: nothing was taken back."
        if session.over or session.to_move != seat:
            return "It is not your move."
        refusal = session.undo_refusal()
        if refusal is not None:
            return refusal
        turn = self.game.turn(session.state)
        session.undo()
        self._decided(Acted(seat, UNDONE, turn, None), ())
        return None

    def _play(self, seat: int, action: Action) -> None:
        session = self.session
        before = session.state
        try:
            events = session.apply(action)
        except IllegalAction as err:  # (legal_actions offered it: a rules bug, not the player)
            self.log(f"The rules refused {action!r}: {err.why}")
            raise
        self._decided((seat, action, before), events)
        self._next()

    def _account(self, acted, viewer: int) -> Acted | None:
        """The decision as `viewer` may know it."""
        if acted is None or isinstance(acted, Acted):
            return acted
        seat, action, before = acted
        game = self.game
        secret = bool(getattr(game, "hidden_information", False)) and seat != viewer
        public = getattr(game, "public_describe", None)
        text = public(before, action) if secret and public else game.describe(before, action)
        return Acted(seat, text, game.turn(before), None if secret else action)

    def _decided(self, acted, events) -> None:
        """A decision was played (or who is connected changed): autosave, then tell every
        seat, in order. On an event loop the autosave is written by a worker thread, so the
        rooms of one server write their saves side by side, and the seats hear of a decision
        once it is on disk; without a loop (a test driving the room) it happens at once."""
        session = self.session
        told = _Telling(acted, tuple(events), session.state, self.n)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            self.save()
            self._tell(told)
            return
        self._to_tell.append(told)
        if self._teller is None or self._teller.done():
            self._teller = loop.create_task(self._save_and_tell())

    async def _save_and_tell(self) -> None:
        while self._to_tell:
            count = len(self._to_tell)  # the record now holds every one of these decisions
            record = self.session.record
            saved, notes = await asyncio.to_thread(self._write, record)
            if saved.id != record.id:  # another program wrote this autosave: ours goes on apart
                self.session.record = replace(self.session.record, id=saved.id)
            for note in notes:
                self.log(note)
            told, self._to_tell = self._to_tell[:count], self._to_tell[count:]
            for item in told:
                self._tell(item)

    async def told(self) -> None:
        """Wait until every decision so far is on disk and told."""
        while self._teller is not None and not self._teller.done():
            await asyncio.shield(self._teller)

    def _tell(self, told: _Telling) -> None:
        """Every connected seat's view after a decision (or a change of who is connected), the
        seat to act its legal actions (when no later decision has come), and the end."""
        session, game = self.session, self.game
        state = told.state
        outcome = game.outcome(state)
        to_move = None if outcome else game.to_move(state)
        status = self.status(to_move)
        turn = game.turn(state)
        latest = told.n == self.n
        for seat, conn in list(self.connections.items()):
            view = game.observe(state, seat)
            account = self._account(told.acted, seat)
            frame = ViewFrame(told.n, view, to_move, turn, told.events, account, status)
            conn.send(protocol.view_frame(frame))
            if outcome is not None:
                conn.send(protocol.game_over_frame(GameOver(outcome, view)))
            elif latest and seat == to_move and session.seat_is_human(seat):
                conn.send(protocol.your_turn_frame(self.your_turn()))

    def your_turn(self) -> YourTurn:
        session, game = self.session, self.game
        legal = tuple((a, game.describe(session.state, a)) for a in session.legal())
        return YourTurn(self.n, legal, session.undo_refusal() or "")

    # --- the AI seats ------------------------------------------------------------------------

    def _next(self) -> None:
        session = self.session
        if self.closed or session.over or session.human_to_move:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no loop yet: `start` sets the AI going once the room is served
        if self._ai_task is None or self._ai_task.done():
            self._ai_task = loop.create_task(self._play_ai())

    async def _play_ai(self) -> None:
        """The AI seats and the natives play until a person is to act or the game ends."""
        session = self.session
        while not (self.closed or session.over or session.human_to_move):
            seat, n = session.to_move, self.n
            action = await self._choose(seat)
            if self.ai_delay:
                await asyncio.sleep(self.ai_delay)
            else:
                await asyncio.sleep(0)  # the other rooms and connections get their turn
            if self.closed or self.n != n or session.to_move != seat:
                continue  # the game moved on meanwhile (a seat handed over and back)
            before = session.state
            events = session.apply(action)
            self._decided((seat, action, before), events)
            await self.told()  # the AI never runs ahead of the disk and the players

    async def _choose(self, seat: int) -> Action:
        session = self.session
        legal = session.legal()
        if len(legal) == 1:
            return legal[0]
        agent = session.agent_for(seat)
        view = self.game.observe(session.state, seat)
        rng = session.rng_for(seat)
        seats = self.record.seats
        info = seats[seat] if 0 <= seat < len(seats) else None
        if info is None or info.kind != "mcts":  # the quick players decide on the loop
            return agent.choose(self.game, view, legal, Budget(), rng)
        seconds = self.think_seconds or THINK_SECONDS.get(info.level, 2.0)
        self._budget = budget = Budget.seconds(seconds)
        try:
            return await asyncio.to_thread(agent.choose, self.game, view, legal, budget, rng)
        finally:
            self._budget = None

    def hand_to_ai(self, seat: int, kind: str = "rules") -> str:
        """The host gives a person's seat to an agent for good: its invitation stops working,
        its connection is closed, the agent plays from the next decision. Returns a sentence
        for the host (ValueError with one when it cannot)."""
        import ai

        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat + 1}: the seats are 1 to {self.players}")
        info = self.record.seats[seat]
        if not info.is_human:
            raise ValueError(f"{self.session.seat_name(seat)} is already played by {info.kind}")
        try:
            ai.agent(kind)
        except ai.AgentError as err:
            raise ValueError(str(err)) from None
        agent_kind, _, level = kind.partition(":")
        seats = list(self.record.seats)
        seats[seat] = SeatInfo(info.name, agent_kind, level or None)
        self.session.record = replace(self.record, seats=tuple(seats))
        self.session._agents.pop(seat, None)
        self.tokens.pop(seat, None)
        conn = self.connections.pop(seat, None)
        if conn is not None:
            conn.close("The host handed your seat to the AI.")
        self._room_file_stale = True  # (its token is gone)
        self._decided(None, ())
        self._next()
        return f"{self.session.seat_name(seat)} is played by the AI ({kind}) from now on."

    # --- disk --------------------------------------------------------------------------------

    def save(self) -> None:
        """Autosave the game now, and keep the room file beside the autosave."""
        saved, notes = self._write(self.session.record)
        if saved is not self.session.record:
            self.session.record = saved
        for note in notes:
            self.log(note)

    def _write(self, record: GameRecord) -> tuple[GameRecord, list[str]]:
        """Write `record` to the autosave and the room file if it moved or changed (what
        Session.autosave does, but touching only the slot: it runs in a worker thread).
        Returns the record as saved and what to tell the host."""
        slot, notes = self.session.slot, []
        problem = slot.problem
        try:
            saved = slot.write(record)
        except SaveError as err:
            if slot.unsaved == 1 or str(err) != problem:
                notes.append(f"Autosave failed: {err}. The last decisions are not saved.")
            return record, notes
        if problem:
            notes.append("Autosave works again: the game is saved.")
        if saved is not record:
            notes.append(f"Another program saved this game meanwhile: it goes on in {slot.path}.")
        target = room_file_for(slot.path)
        if target != self._room_file or self._room_file_stale:
            try:
                write_room_file(target, self)
                self._room_file, self._room_file_stale = target, False
            except OSError as err:
                notes.append(f"Could not write the room file {target}: {err.strerror or err}.")
        return saved, notes

    _room_file_stale = False

    @property
    def autosave_path(self) -> Path:
        return self.session.slot.path

    def set_address(self, host: str, port: int) -> None:
        self.address = (host, port)
        self._room_file_stale = True
        self.save()

    def close(self, reason: str = "The host closed the room.") -> None:
        self.closed = True
        if self._budget is not None:  # a search thinking in a worker thread stops at once
            self._budget.cancel.set()
        if self._ai_task is not None:
            self._ai_task.cancel()
        for conn in list(self.connections.values()):
            conn.close(reason)
        self.connections.clear()

    async def aclose(self, reason: str = "The host closed the room.") -> None:
        """Close the room once the decisions played are on disk and told."""
        if self._budget is not None:
            self._budget.cancel.set()
        if self._ai_task is not None:
            self._ai_task.cancel()
        with contextlib.suppress(Exception):
            await self.told()
        self.close(reason)


@dataclass(frozen=True, slots=True)
class _Telling:
    """A decision to tell the seats once it is saved: who made it (or None: only who is
    connected changed), its events, the position after it and its number."""

    acted: Any
    events: tuple
    state: Any
    n: int


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def room_file_for(autosave: Path) -> Path:
    return Path(autosave).with_suffix(ROOM_SUFFIX)


def write_room_file(path: Path, room: Room) -> None:
    """The room's id, tokens and address, readable by the host's user only (mode 0600)."""
    data = {
        "format": ROOM_FILE_FORMAT,
        "version": ROOM_FILE_VERSION,
        "room": room.id,
        "record": room.record.id,
        "tokens": {str(seat): token for seat, token in sorted(room.tokens.items())},
        "address": list(room.address) if room.address else None,
    }
    fd, tmp = tempfile.mkstemp(prefix=".room-", dir=path.parent)  # created 0600
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def read_room_file(
    path: Path, record: GameRecord
) -> tuple[str, dict[int, str], tuple[str, int] | None] | None:
    """(room id, tokens by seat, address) from a room file; None if there is none.
    RoomFileError with a sentence if it is damaged or belongs to another room."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as err:
        raise RoomFileError(f"cannot read the room file {path}: {err}") from None
    bad = RoomFileError(f"the room file {path} is damaged")
    try:
        data = json.loads(text)
    except ValueError:
        raise bad from None
    if not isinstance(data, dict) or data.get("format") != ROOM_FILE_FORMAT:
        raise bad
    room_id, tokens, address = data.get("room"), data.get("tokens"), data.get("address")
    if not isinstance(room_id, str) or not room_id.isalnum() or len(room_id) > 64:
        raise bad
    if not isinstance(tokens, dict):
        raise bad
    kept: dict[int, str] = {}
    for key, token in tokens.items():
        if not (isinstance(key, str) and key.isdigit() and isinstance(token, str)):
            raise bad
        seat = int(key)
        if seat >= record.players or not 0 < len(token) <= protocol.MAX_TOKEN_CHARS:
            raise bad
        if record.seats[seat].is_human:  # a seat handed to the AI keeps no invitation
            kept[seat] = token
    where = None
    if isinstance(address, list) and len(address) == 2:
        host, port = address
        if isinstance(host, str) and isinstance(port, int) and 0 < port < 65536:
            where = (host, port)
    return room_id, kept, where
