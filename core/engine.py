"""The contract every game implements, and the small value types it speaks in.

A game is one object (see `Game`) found by id in the registry (`core.games()`, `core.game(id)`).
States are immutable; `apply` returns a new state and never touches its input. Everything random
comes from the `Dice` held in the state, so `seed + actions` determines a game completely.

Actions are small tuples of plain values, verb first: `("b52", 3)`, `("done",)`. They are hashable,
cheap to compare, and msgpack-encodable; `encode_action` / `decode_action` round-trip them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

from core.dice import every_roll

Action = tuple
State = Any
View = Hashable


class IllegalAction(Exception):
    """An action the rules do not allow here. The message says why, in a sentence."""

    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class OptionError(ValueError):
    """A bad option name or value. The message is a sentence for the player."""


@dataclass(frozen=True, slots=True)
class Option:
    """One configurable rule: drives the Setup screen and `--option KEY=VALUE`.

    `default` fixes the type (bool, int or str). With `choices`, only those values are allowed;
    an int option may instead give `minimum`/`maximum`. `rule` is the rulebook id it implements.
    """

    key: str
    default: bool | int | str
    help: str
    choices: tuple = ()
    label: str = ""
    minimum: int | None = None
    maximum: int | None = None
    advanced: bool = False
    rule: str = ""

    @property
    def kind(self) -> type:
        return type(self.default)

    @property
    def title(self) -> str:
        return self.label or self.key.replace("_", " ").capitalize()

    def parse(self, text: str) -> bool | int | str:
        """Read a value typed by a person (`on`, `12`, `sum_2d6`) and check it."""
        text = text.strip()
        if self.kind is bool:
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return self.check(True)
            if lowered in ("0", "false", "no", "off"):
                return self.check(False)
            raise OptionError(f"option {self.key} is on or off, not {text!r}")
        if self.kind is int:
            try:
                value = int(text)
            except ValueError:
                raise OptionError(f"option {self.key} takes a whole number, not {text!r}") from None
            return self.check(value)
        return self.check(text)

    def check(self, value: Any) -> bool | int | str:
        """Validate a value of the right type; raise OptionError with a sentence if it is wrong."""
        if (self.kind is int and isinstance(value, bool)) or not isinstance(value, self.kind):
            raise OptionError(f"option {self.key} takes a {self.kind.__name__}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.key} must be one of {allowed}; got {value!r}")
        if self.minimum is not None and value < self.minimum:
            raise OptionError(f"option {self.key} must be at least {self.minimum}; got {value}")
        if self.maximum is not None and value > self.maximum:
            raise OptionError(f"option {self.key} must be at most {self.maximum}; got {value}")
        return value


def resolve_options(options: Sequence[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Defaults overlaid with `given` (typed values or strings to parse); unknown keys refused."""
    by_key = {o.key: o for o in options}
    resolved = {o.key: o.default for o in options}
    for key, value in (given or {}).items():
        option = by_key.get(key)
        if option is None:
            known = ", ".join(sorted(by_key)) or "none"
            raise OptionError(f"unknown option {key!r} (known options: {known})")
        resolved[key] = option.parse(value) if isinstance(value, str) else option.check(value)
    return resolved


def parse_option_assignments(options: Sequence[Option], pairs: Sequence[str]) -> dict[str, Any]:
    """`["trail_growth=sum_2d6", "opt_allied=on"]` -> typed values (for `--option K=V`)."""
    return resolve_options(options, option_assignments(pairs))


@dataclass(frozen=True, slots=True)
class Preset:
    """A named set of a game's option values: a challenge level a player picks by name
    (`--preset NAME`, the Setup screen). `team_wins` is what AI seats measured with it:
    (agent, number of players, share of games the players won as a team) (docs/ai.md has the
    commands)."""

    key: str
    title: str
    description: str
    values: tuple[tuple[str, Any], ...]  # (option key, value), every key one of the game's options
    team_wins: tuple[tuple[str, int, float], ...] = ()

    def rates(self, players: int) -> tuple[tuple[str, float], ...]:
        """(agent, team-win share) measured at `players` players."""
        return tuple((agent, rate) for agent, n, rate in self.team_wins if n == players)

    @property
    def measured_players(self) -> tuple[int, ...]:
        return tuple(sorted({n for _, n, _ in self.team_wins}))


def preset_options(game, preset: str | None, given: Mapping[str, Any] | None = None) -> dict:
    """The options of a game set up from `preset` (None or "": the defaults) with `given` (typed
    values or strings to parse) on top: a value given explicitly beats the preset's. An unknown
    preset is an OptionError naming the game's presets."""
    values: dict[str, Any] = {}
    if preset:
        by_key = {p.key: p for p in game.presets}
        chosen = by_key.get(preset.strip().lower())
        if chosen is None:
            if not by_key:
                raise OptionError(f"{game.title} has no presets (asked for {preset!r})")
            names = ", ".join(by_key)
            raise OptionError(f"unknown preset {preset!r}: {game.title}'s presets are {names}")
        values.update(chosen.values)
    values.update(given or {})
    return resolve_options(game.options, values)


def option_assignments(pairs: Sequence[str]) -> dict[str, str]:
    """`["trail_growth=sum_2d6", "opt_allied=on"]` -> {key: text} (for `--option K=V`)."""
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"an option is written KEY=VALUE, not {pair!r}")
        given[key.strip()] = value
    return given


class EventKind(StrEnum):
    """The kinds of fact one game reports: each game subclasses it with its members
    (`SolitaireEvent.UNIT_LOST`, ...) and registers one narrator for them with `narrator`, the one
    place where its events are put into words."""


Words = str | tuple[str, str, str]  # a sentence, or a die's (purpose, against, result)
_NARRATORS: dict[type, Callable[[Event], Words]] = {}


def narrator(kinds: type[EventKind]):
    """Register the function that words the events of `kinds`: it returns the sentence, or for
    an event with dice the die's purpose, what it was compared against and its result."""

    def register(words: Callable[[Event], Words]) -> Callable[[Event], Words]:
        _NARRATORS[kinds] = words
        return words

    return register


@dataclass(frozen=True, slots=True)
class Event:
    """One fact the last `apply` established, as data.

    `kind` says what happened (a member of the game's `EventKind`), `seats` whom it concerns (the
    acting seat first), `places` where (the game's own place references: `("area", 5)`,
    `("hex", 17)`, `("objective", 4)`), and `values` its numbers and names as `(name, value)`
    pairs of plain values (`event["before"]`, `event.get("cause")`). A die event has the faces
    rolled (`dice`); a shuffle draws `shuffle_draws` numbers from the dice stream without faces to
    show. The words (`text`, and a die's `purpose`, `against` and `result`) are rendered from these
    fields by the game's narrator, so wording lives in one place and can change freely: nothing
    outside core/ reads meaning from it, and saves never hash it.
    """

    kind: EventKind
    seats: tuple[int, ...] = ()
    places: tuple = ()
    values: tuple[tuple[str, Any], ...] = ()
    dice: tuple[int, ...] = ()
    shuffle_draws: int = 0

    def __getitem__(self, name: str) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Any = None) -> Any:
        for key, value in self.values:
            if key == name:
                return value
        return default

    @property
    def draws(self) -> int:
        """How many numbers this event took from the dice stream."""
        return len(self.dice) + self.shuffle_draws

    def _words(self) -> Words:
        return _NARRATORS[type(self.kind)](self)

    @property
    def text(self) -> str:
        """The event as one sentence (a die: purpose, faces, what they were compared against,
        and the result)."""
        words = self._words()
        if isinstance(words, str):
            return words
        purpose, against, result = words
        faces = "+".join(str(d) for d in self.dice)
        return f"{purpose}: rolled {faces} ({against}) -> {result}"

    def _die(self, part: int) -> str:
        words = self._words()
        return "" if isinstance(words, str) else words[part]

    @property
    def purpose(self) -> str:
        """What a die was rolled for ("" for an event without dice)."""
        return self._die(0)

    @property
    def against(self) -> str:
        """What a die was compared against."""
        return self._die(1)

    @property
    def result(self) -> str:
        """What a die decided."""
        return self._die(2)

    def to_json(self) -> dict:
        data: dict[str, Any] = {"kind": str(self.kind), "text": self.text}
        if self.seats:
            data["seats"] = list(self.seats)
        if self.places:
            data["places"] = _plain(self.places)
        if self.values:
            data["values"] = {k: _plain(v) for k, v in self.values}
        if self.dice:
            words = self._words()
            purpose, against, result = ("", "", "") if isinstance(words, str) else words
            data.update(purpose=purpose, dice=list(self.dice), against=against, result=result)
        if self.shuffle_draws:
            data["shuffle_draws"] = self.shuffle_draws
        return data


def _plain(value: Any) -> Any:
    """A value as JSON data: tuples, nested too, become lists."""
    return [_plain(x) for x in value] if isinstance(value, tuple) else value


def event(
    kind: EventKind,
    *,
    seats: tuple[int, ...] = (),
    places: tuple = (),
    dice: Sequence[int] = (),
    shuffle_draws: int = 0,
    **values: Any,
) -> Event:
    """An event of `kind`; its named `values` become the event's (name, value) pairs."""
    return Event(kind, seats, places, tuple(values.items()), tuple(dice), shuffle_draws)


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a return per seat (1 best, 0 worst) and a sentence for the player."""

    returns: tuple[float, ...]
    sentence: str
    winners: tuple[int, ...] = field(default=())
    label: str = ""  # the short category for tallies: 'Defeat: "Hamburger Hill"', "Team win"


@runtime_checkable
class Game(Protocol):
    """The rules of one game. Stateless: every method takes the state it works on."""

    id: str
    title: str
    options: tuple[Option, ...]
    presets: tuple[Preset, ...]
    """Named challenge levels built from the options (`preset_options`); may be empty."""
    seats: range
    rules_version: int
    """Bumped whenever a change to the rules makes an old game replay differently."""

    def new(self, options: Mapping[str, Any], players: int, seed: int) -> State: ...

    def to_move(self, s: State) -> int | None:
        """The seat to act next; None when the game is over."""

    def legal_actions(self, s: State) -> tuple[Action, ...]:
        """Every legal action; non-empty unless the game is over."""

    def apply(self, s: State, a: Action) -> State:
        """The state after `a`. Never mutates `s`; raises IllegalAction if `a` is not legal."""

    def events(self, s: State) -> tuple[Event, ...]:
        """What the apply that produced `s` did: every die with its purpose and result."""

    def outcome(self, s: State) -> Outcome | None: ...

    def turn(self, s: State) -> int:
        """The turn counter players see (for listings and autosave)."""

    def observe(self, s: State, seat: int | None) -> View:
        """Exactly what `seat` may know; hashable. `seat=None` is a spectator: public facts only."""

    def determinize(self, view: View, rng: Any) -> State:
        """A full state consistent with `view`: hidden things resampled, dice seed replaced."""

    def describe(self, s: State, a: Action) -> str:
        """Text for the action picker and the log. A game with hidden information may also offer
        `public_describe(s, a)`: the action as the other seats see it (a bid face down)."""

    def to_json(self, view: View) -> dict:
        """Plain data of a view: the trace, the generic screen, debugging."""

    # Optional: `may_end_turn(s, a) -> bool`, whether `a` may end the turn of the seat taking it
    # (see `may_end_turn` below, which answers for a game that does not declare it).
    # Optional: `reseed(s, dice) -> State`, s with other dice, for a game whose sampled worlds
    # differ in nothing but their dice (`s.dice`): a search carries dice-free steps across them.


def seat_title(game, seat: int) -> str:
    """The game's own name for a seat: "Administrator 2", "Player 1"."""
    return f"{getattr(game, 'seat_noun', 'Player')} {seat + 1}"


def encode_action(action: Action) -> list:
    """An action as plain msgpack/JSON data (nested tuples become lists)."""
    return [encode_action(x) if isinstance(x, tuple) else x for x in action]


def decode_action(data: Any) -> Action:
    """The inverse of `encode_action`; raises ValueError on data that cannot be an action."""
    if not isinstance(data, list | tuple):
        raise ValueError(f"an action is a list, not {type(data).__name__}")
    out = []
    for x in data:
        if isinstance(x, list | tuple):
            out.append(decode_action(x))
        elif x is None or isinstance(x, bool | int | str):
            out.append(x)
        else:
            raise ValueError(f"an action holds plain values, not {type(x).__name__}")
    return tuple(out)


def may_end_turn(game: Game, s: State, a: Action) -> bool:
    """Whether taking `a` may end the turn of the seat to act: the next decision may be another
    seat's, or in a later turn, or there may be none (the game over). Decided by the rules alone,
    never by the dice to come nor by anything hidden from that seat, so the same action in the
    same position gets the same answer whatever the dice will roll. A game declares it
    (`game.may_end_turn(s, a)`); for one that does not, every action may (asking too often is
    safe, too rarely is not)."""
    declared = getattr(game, "may_end_turn", None)
    return True if declared is None else bool(declared(s, a))


def turn_may_end_by_the_rules(
    game: Game, s: State, a: Action, with_dice: Callable[[State, Any], State], draws: int
) -> bool:
    """`may_end_turn` for a game that hides nothing from the seat to act but its dice: `a` is
    played with every way its first `draws` numbers could fall (`core.dice.every_roll`, on
    `with_dice(s, dice)`: the state holding probe dice instead of its own). It may end the turn
    if one way does, or needs more numbers than that (from there on the dice decide)."""
    seat, turn = game.to_move(s), game.turn(s)
    for after in every_roll(lambda dice: game.apply(with_dice(s, dice), a), draws):
        if after is None or game.to_move(after) != seat or game.turn(after) != turn:
            return True
    return False


def play_out(game: Game, s: State, actions: Sequence[Action]) -> State:
    """Apply `actions` in order (each checked by `apply`)."""
    for a in actions:
        s = game.apply(s, a)
    return s
