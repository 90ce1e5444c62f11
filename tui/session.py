"""A game in progress on screen: the record, every position reached, and who plays each seat.

The screen owns one `Session`: it applies the player's and the agents' actions through it, asks
it where undo may go back to, and keeps the game on disk through it (its own autosave after every
decision, save points, and what to tell the player when the disk says no). No Textual in here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import core
from core.engine import Action, Event, Game, may_end_turn, seat_title
from saves.record import GameRecord, Replay, SaveError, load_replay, state_digest
from saves.store import AutosaveSlot
from tui.text import display_path, printable


@dataclass(frozen=True)
class Step:
    """A decision as a seat at the screen may read it: who took it, in words, in which turn,
    and what it did."""

    seat: int | None
    text: str
    turn: int
    events: tuple[Event, ...]


@dataclass
class Session:
    game: Game
    record: GameRecord
    states: list[Any] = field(default_factory=list)
    # a save today's rules replay otherwise than it was saved: the sentence that says so
    # (printable), and whether it did (the game then goes on in an autosave of its own)
    note: str = ""
    diverged: bool = False
    _agents: dict[int, Any] = field(default_factory=dict)
    _rngs: dict[int, random.Random] = field(default_factory=dict)
    slot: AutosaveSlot | None = None  # where the game autosaves (`SaveStore.slot_for`)
    # after a failed autosave, the game saved elsewhere: (record, where, decisions unsaved then)
    _elsewhere: tuple[GameRecord, Path, int] | None = None
    _view_cache: tuple | None = None

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """Replay a record into a live session: as far as today's rules take it when another
        version made it (`note` says so); SaveError if it is damaged."""
        return cls.from_replay(load_replay(record))

    @classmethod
    def from_replay(cls, loaded: Replay) -> Session:
        """A session on a replayed record (`load_replay`), or on a new game (`start_game`)."""
        return cls(
            core.game(loaded.record.game),
            loaded.record,
            loaded.states,
            note=printable(loaded.note),
            diverged=loaded.diverged,
        )

    @property
    def state(self) -> Any:
        return self.states[-1]

    # --- what a screen asks (a remote session, tui/online/remote_session.py, answers the same) --
    #
    # A position (`position`, the positions of `stages`) is a token the screen hands back to
    # `observe`, `turn_of` and `events_at`; here it is a state, in a remote session the view a
    # room sent. The screen renders views only, so a hidden card cannot reach it.

    remote = False  # the decisions are played here (a remote session sends them to a room)

    @property
    def position(self) -> Any:
        """The current position."""
        return self.states[-1]

    def view(self, seat: int | None):
        """What `seat` may know of the current position (None: a spectator)."""
        cached = self._view_cache
        if cached is None or cached[0] is not self.state or cached[1] != seat:
            cached = self._view_cache = (self.state, seat, self.game.observe(self.state, seat))
        return cached[2]

    def observe(self, position, seat: int | None):
        """What `seat` may know of `position` (one of this session's positions)."""
        if position is self.state:
            return self.view(seat)
        return self.game.observe(position, seat)

    def turn_of(self, position) -> int:
        return self.game.turn(position)

    def events_at(self, position) -> tuple[Event, ...]:
        """The events of the action that led to `position`."""
        return self.game.events(position)

    @property
    def turn(self) -> int:
        return self.game.turn(self.state)

    @property
    def decisions(self) -> int:
        """Decisions played so far: an answer worked out for an earlier count is stale."""
        return len(self.record.actions)

    @property
    def outcome(self):
        return self.game.outcome(self.state)

    @property
    def seats(self):
        """Who plays each seat (`saves.record.SeatInfo`: name, kind, level)."""
        return self.record.seats

    @property
    def heading(self) -> str:
        """The log's first line."""
        return f"{self.game.title} · seed {self.record.seed}"

    def opening_events(self) -> tuple[Event, ...]:
        """What setting the game up did (the log's first lines)."""
        return self.game.events(self.states[0])

    def last_step(self, viewer: int | None) -> Step | None:
        """The last decision (a resumed game's log starts from it), as `viewer` may read it."""
        if not self.actions:
            return None
        before = self.states[-2]
        seat = self.game.to_move(before)
        text = self.told(before, self.actions[-1], seat, viewer)
        return Step(seat, text, self.game.turn(before), self.game.events(self.state))

    def may_end_turn(self, action: Action) -> bool:
        """Whether the rules say `action` may end the turn of the seat to move
        (`core.engine.may_end_turn`)."""
        return may_end_turn(self.game, self.state, action)

    @property
    def position_key(self) -> str:
        """A name of the current position (the hint seeds its search with it)."""
        return state_digest(self.state)

    def story(self):
        """The game's story for the game-over screen (tui/game_story.py)."""
        from tui.game_story import game_story

        return game_story(self.game, self.record)

    def described(self) -> list[tuple[Action, str]]:
        """The legal actions of the seat to move, each with its description."""
        state = self.state
        return [(a, self.game.describe(state, a)) for a in self.legal()]

    def describe(self, action: Action) -> str:
        """A legal action of the seat to move, in words."""
        return self.game.describe(self.state, action)

    def runs_agent(self, seat: int | None) -> bool:
        """Whether this program plays `seat` with an agent (an AI seat, the natives)."""
        return seat is not None and not self.seat_is_human(seat)

    def status(self, seat: int | None) -> str:
        """What a seat played elsewhere is doing ("thinking", "disconnected"); "" here."""
        return ""

    def seat_kind(self, seat: int) -> str:
        """Who plays a seat, in words: human, rule-based, MCTS normal."""
        return self.record.seats[seat].kind_label

    def waiting_line(self) -> str:
        """Who the game waits for elsewhere, in a sentence ("" here: nobody plays elsewhere)."""
        return ""

    @property
    def actions(self) -> tuple[Action, ...]:
        return self.record.actions

    @property
    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    @property
    def over(self) -> bool:
        return self.game.outcome(self.state) is not None

    def seat_is_human(self, seat: int | None) -> bool:
        if seat is None or not 0 <= seat < len(self.record.seats):
            return False
        return self.record.seats[seat].is_human

    @property
    def human_to_move(self) -> bool:
        return self.seat_is_human(self.to_move)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.record.seats) if s.is_human]

    def seat_name(self, seat: int | None) -> str:
        """One name a seat everywhere: the game's own term ("Administrator 2"), with the name a
        person typed for it in brackets ("Player 1 (Ann)"), its control characters made visible
        (a name comes from a save file too)."""
        if seat is None:
            return ""
        if 0 <= seat < len(self.record.seats):
            title = seat_title(self.game, seat)
            name = printable(self.record.seats[seat].name.strip())
            default = name in ("", title) or name.startswith("Player ")
            return title if default else f"{title} ({name})"
        names = getattr(self.game, "seat_name", None)
        return names(seat) if names else f"Seat {seat}"

    # --- who sees what -----------------------------------------------------------------------

    @property
    def hot_seat_secrets(self) -> bool:
        """Two or more people share the screen and the game hides things from some of them."""
        hidden = getattr(self.game, "hidden_information", False)
        return bool(hidden) and len(self.humans) > 1

    def opening_viewer(self) -> int | None:
        """The seat whose view a screen opens on. Hot-seat with hidden hands: nobody's (a
        spectator's view) until the seat to act has taken the keyboard at the hand-off screen,
        however the game was opened (new, Continue, Load, `objective load`)."""
        humans = self.humans
        if self.hot_seat_secrets:
            return None
        return self.to_move if self.to_move in humans else (humans[0] if humans else None)

    def told(self, state, action: Action, seat: int | None, viewer: int | None) -> str:
        """How the log tells an action: in full when only the seat that took it reads the log
        (or the game has no secrets); as the table sees it otherwise. Hot-seat players share
        one log, so there every secret action is told publicly."""
        public = getattr(self.game, "public_describe", None)
        if public is not None and (seat != viewer or len(self.humans) > 1):
            return public(state, action)
        return self.game.describe(state, action)

    def stages(self, state, action: Action):
        """The positions an action passes through, each with its own events (or None: just the
        end). Games that can (`game.stages`) let the screen play the automatic steps out."""
        stages = getattr(self.game, "stages", None)
        return stages(state, action) if stages is not None else None

    def agent_for(self, seat: int):
        """The agent playing `seat` (its AI kind, or the game's automatic seat such as natives)."""
        if seat not in self._agents:
            import ai
            from ai.play import automatic_agent

            if 0 <= seat < len(self.record.seats):
                self._agents[seat] = ai.agent(self.record.seats[seat].agent_name)
            else:
                self._agents[seat] = automatic_agent(self.game, seat)
        return self._agents[seat]

    def rng_for(self, seat: int) -> random.Random:
        if seat not in self._rngs:
            from ai.play import seat_rng

            self._rngs[seat] = seat_rng(self.record.seed + len(self.actions), seat)
        return self._rngs[seat]

    def legal(self) -> tuple[Action, ...]:
        return self.game.legal_actions(self.state)

    def apply(self, action: Action) -> tuple[Event, ...]:
        """Play one action (IllegalAction if the rules refuse it); returns what it did."""
        state = self.game.apply(self.state, action)
        self.states.append(state)
        self.record = self.record.with_actions((*self.actions, action), state, self.game)
        return self.game.events(state)

    def irreversible(self, k: int) -> bool:
        """Whether action k (1-based) cannot be taken back: it rolled a die or showed a card.
        A game may say more precisely what it reveals (`undo_barrier(before, after)`)."""
        before, after = self.states[k - 1], self.states[k]
        barrier = getattr(self.game, "undo_barrier", None)
        if barrier is not None:
            return barrier(before, after)
        return any(e.draws for e in self.game.events(after))

    def undo_refusal(self) -> str | None:
        """Why Ctrl+Z cannot take anything back now (None when it can).

        Undo belongs to the seat that acted: the human to move may take back their own last
        decision, never another seat's (hot-seat players cannot see or change each other's
        moves), and never one that rolled a die or drew a card (no save-scumming); the refusal says
        which of the two it did.
        """
        me = self.to_move
        if not self.seat_is_human(me):
            return "It is not your move."
        n = len(self.actions)
        if n == 0:
            return "Nothing to undo yet."
        actor = self.game.to_move(self.states[n - 1])
        if actor != me:
            return f"Nothing of yours to undo: {self.seat_name(actor)} moved since."
        if self.irreversible(n):
            rolled = any(e.dice for e in self.game.events(self.states[n]))
            what = "rolled a die" if rolled else "drew or turned up a card"
            return f"Your last decision {what}: it stands."
        return None

    def undo(self) -> bool:
        """Take back the last decision of the human to move (see `undo_refusal`)."""
        if self.undo_refusal() is not None:
            return False
        del self.states[-1]
        self.record = self.record.with_actions(self.actions[:-1], self.state, self.game)
        self._rngs.clear()
        return True

    # --- keeping the game on disk ------------------------------------------------------------

    def autosave(self) -> tuple[str, str] | None:
        """Autosave the game in its own file (nothing is written if nothing changed). Returns
        what to tell the player, as (severity, sentence), when there is something to tell: a
        failure when it starts and when its reason changes (the quit dialog counts the
        decisions not saved), the game going on in a file of its own, autosaves working again."""
        slot = self.slot
        problem, record = slot.problem, self.record
        try:
            saved = slot.write(record)
        except SaveError as err:
            if slot.unsaved == 1 or str(err) != problem:
                return "warning", printable(
                    f"Autosave failed: {err}. Your last decisions are not saved."
                )
            return None
        self._elsewhere = None
        if saved is not record:
            self.record = saved
            return "information", (
                "Another Objective saved this game meanwhile: this one goes on in its own "
                f"autosave, {display_path(slot.path)}."
            )
        if problem:
            return "information", "Autosave works again: the game is saved."
        return None

    @property
    def unsaved_decisions(self) -> int:
        """Decisions since the game was last written anywhere (its autosave, or elsewhere)."""
        if self._elsewhere is None:
            return self.slot.unsaved
        record, _, before = self._elsewhere
        return 0 if record is self.record else max(0, self.slot.unsaved - before)

    def saved_elsewhere(self, record: GameRecord, path: Path) -> None:
        """The player saved `record` to `path` after the autosaves failed."""
        self._elsewhere = (record, path, self.slot.unsaved)

    def quit_note(self) -> str:
        """One line for the quit dialog: what happens to this game when the program ends."""
        unsaved = self.unsaved_decisions
        if unsaved:
            what = "Your last decision is" if unsaved == 1 else f"Your last {unsaved} decisions are"
            return printable(f"{what} not saved: the autosave failed ({self.slot.problem}).")
        if self._elsewhere and self._elsewhere[0] is self.record:
            return f"Your game is saved to {display_path(self._elsewhere[1])}."
        if self.over or not self.slot.on_disk:
            return ""  # a finished game stays in Load; a game not yet played has nothing to keep
        return "Your game is autosaved: Continue picks it up."

    def leaving_note(self) -> tuple[str, str] | None:
        """After leaving the game for the title screen: where it is (or that it is not) saved."""
        if self.unsaved_decisions:
            return "warning", self.quit_note()
        if not self.over and self.slot.on_disk:
            return "information", "The game is autosaved: Continue on the title screen picks it up."
        return None
