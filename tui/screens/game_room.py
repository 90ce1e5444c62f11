"""A game screen joined to a room: the frames it sends, shown in order, and the waiting between.

`RoomLink` is a part of `GameScreen` (tui/screens/game.py) for a game held by a room
(`tui.online.remote_session.RemoteSession`). It listens to the room in a worker, queues each
frame and shows them one at a time through the screen's own paths: a decision is played out like
a local AI's (`present`: the log, the story, the changed places lit), a your-turn fills the
picker, a refusal is said in one sentence. Between them the status line says who the game waits
for ("Player 2 is thinking…", "Waiting for Player 2 (disconnected)."). A dropped connection is
tried again every few seconds with the same invitation; the room then sends the position as it
is. A local game never starts it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING

from textual import work

if TYPE_CHECKING:  # a local game never loads the network code (aiohttp, the codec)
    from tui.online.remote_session import Moved

RETRY_SECONDS = 2.0


# the empty list while another seat acts (the status line already says who and how they are)
WAITING_NOTE = "Nothing to decide until your turn: each move shows on the board and in the log."


class RoomLink:
    """The room's side of a game screen (mixed into `GameScreen`)."""

    _left = False  # the screen is closing: what the room still sends is not shown

    @property
    def _showing(self) -> bool:
        """Whether the screen is there to show the room's news (built, not closing, and the
        program not ending: after a crash too, nothing is tried again)."""
        if self._left or not self._ready or not self.is_attached:
            return False
        return self.app.return_code is None and bool(self.query("#picker"))

    def start_room_link(self) -> None:
        self._inbox: deque = deque()
        self.session.post = lambda coroutine: self.run_worker(coroutine, group="room-send")
        self._listen()

    @work(exclusive=True, group="room")
    async def _listen(self) -> None:
        from tui.online.client import RoomError

        session = self.session
        while True:
            async for frame in session.frames():
                self._inbox.append(frame)
                self._drain()
            if not self._showing:
                return
            self._drain()
            if not self._showing:
                return
            if session.said_bye:
                self.notify(
                    f"{session.closed} The same objective join command joins again.",
                    severity="warning",
                    timeout=15,
                    markup=False,
                )
                self._refresh_side_lines()
                return
            self._refresh_side_lines()  # "The connection to the room dropped: trying again"
            while True:
                await asyncio.sleep(RETRY_SECONDS)
                if not self._showing:
                    return
                try:
                    await session.rejoin()
                except RoomError as err:
                    session.closed = str(err)
                    if self._showing:
                        self._refresh_side_lines()
                    continue
                if not self._showing:
                    await session.close()
                    return
                self.notify("Back in the room.", timeout=4)
                self.advance()
                break

    def _drain(self) -> None:
        """Show the frames waiting, in order, while nothing is being played out."""
        from tui.online.protocol import ViewFrame, YourTurn
        from tui.online.remote_session import Moved

        inbox, session = self._inbox, self.session
        while inbox and self._showing and not self.playing_back:
            frame = inbox.popleft()
            n, had_choices = session.n, bool(session.legal())
            said = session.receive(frame)
            if isinstance(said, Moved):
                self._show_moved(said)
            elif isinstance(said, str):
                self.notify(said, severity="warning", markup=False)
                self.advance()
            elif isinstance(frame, ViewFrame) and frame.n == n and frame.acted is None:
                self._refresh_side_lines()  # (only who is connected changed)
                if not session.human_to_move:
                    self.show_waiting(session.to_move)
            elif isinstance(frame, YourTurn) and had_choices and frame.n == n:
                continue  # (the same choices again: the list and any dialog on it stay)
            elif not self.busy:
                self.advance()
        if not inbox and self.session.closed and self._showing:
            self.advance()

    def _show_moved(self, moved: Moved) -> None:
        """A decision the room played (anyone's, this seat's own too): shown like a local one."""
        self.present(moved.seat, moved.action, moved.text, None, moved.before)

    def show_waiting(self, seat: int | None) -> None:
        """Another seat is to act, somewhere else: the list's title says who (the status line
        says how they are: thinking, disconnected), the list what comes next."""
        self.picker.set_actions(
            [],
            title=f"{self.session.seat_name(seat)} to act" if seat is not None else "",
            empty=WAITING_NOTE if seat is not None else "Waiting for the room…",
        )

    def stop_room_link(self) -> None:
        self._left = True
        self.app.run_worker(self.session.close(), group="room-close")
