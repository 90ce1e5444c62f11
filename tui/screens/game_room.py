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


class RoomLink:
    """The room's side of a game screen (mixed into `GameScreen`)."""

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
            if not self.is_attached:
                return
            self._drain()
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
                try:
                    await session.rejoin()
                except RoomError as err:
                    session.closed = str(err)
                    self._refresh_side_lines()
                    continue
                self.notify("Back in the room.", timeout=4)
                break

    def _drain(self) -> None:
        """Show the frames waiting, in order, while nothing is being played out."""
        from tui.online.remote_session import Moved

        inbox = self._inbox
        while inbox and self._ready and self.is_attached and not self.playing_back:
            said = self.session.receive(inbox.popleft())
            if isinstance(said, Moved):
                self._show_moved(said)
            elif isinstance(said, str):
                self.notify(said, severity="warning", markup=False)
                self.advance()
            elif not self.busy:
                self.advance()
        if not inbox and self.session.closed and self._ready and self.is_attached:
            self.advance()

    def _show_moved(self, moved: Moved) -> None:
        """A decision the room played (anyone's, this seat's own too): shown like a local one."""
        self.present(moved.seat, moved.action, moved.text, None, moved.before)

    def show_waiting(self, seat: int | None) -> None:
        """Another seat is to act, somewhere else: say who, and how they are."""
        self.picker.set_actions(
            [],
            title=f"{self.session.seat_name(seat)} to act" if seat is not None else "",
            empty=self.session.waiting_line() or self.session.closed or "Waiting for the room…",
        )

    def stop_room_link(self) -> None:
        self.app.run_worker(self.session.close(), group="room-close")
