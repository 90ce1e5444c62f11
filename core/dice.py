"""Counter-based dice held in the game state.

Every random number a game uses is `splitmix64(seed, counter)`: the state carries the seed and the
counter, so a game is fully determined by its seed and the actions taken (saves, replays, bug
reports). Dice are immutable values; every draw returns the value and the advanced dice.

`LoadedDice` is the same interface with scripted results, for setting up the rulebook's worked
examples ("the NVA rolls 2, the VC rolls 5 ...") in tests. `ProbeDice` and `every_roll` ask the
rules what every way the dice could fall would do, without the game's own dice (whether an action
may end the turn, `core.engine.may_end_turn`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
# The seeds a game takes are 0 to MAX_SEED: a signed 64-bit number, which a save (msgpack) and a
# trace (JSON) hold in any reader. The command line and the New game form both check it.
MAX_SEED = 2**63 - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15


def splitmix64(seed: int, counter: int) -> int:
    """The `counter`-th 64-bit output of the splitmix64 stream started at `seed`."""
    z = (seed + (counter + 1) * GOLDEN_GAMMA) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


@dataclass(frozen=True, slots=True)
class Dice:
    """A seeded stream of dice. `counter` is how many numbers have been drawn so far."""

    seed: int
    counter: int = 0

    def below(self, n: int) -> tuple[int, Dice]:
        """A uniform integer in [0, n) and the advanced dice (multiply-shift, bias < 2**-58)."""
        seed, counter = self.seed, self.counter
        return (splitmix64(seed, counter) * n) >> 64, _advanced(seed, counter + 1)

    def d6(self) -> tuple[int, Dice]:
        seed, counter = self.seed, self.counter
        return ((splitmix64(seed, counter) * 6) >> 64) + 1, _advanced(seed, counter + 1)

    def roll(self, count: int) -> tuple[tuple[int, ...], Dice]:
        """`count` d6 in order."""
        dice: Dice | LoadedDice = self
        values = []
        for _ in range(count):
            value, dice = dice.d6()
            values.append(value)
        return tuple(values), dice

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], Dice]:
        """Fisher-Yates from the same stream: len(items) - 1 draws (`_shuffle`, with the draws
        of `below` worked out in place)."""
        out = list(items)
        seed, counter = self.seed, self.counter
        for i in range(len(out) - 1, 0, -1):
            j = (splitmix64(seed, counter) * (i + 1)) >> 64
            counter += 1
            out[i], out[j] = out[j], out[i]
        return tuple(out), _advanced(seed, counter)


_set_seed, _set_counter = Dice.__dict__["seed"].__set__, Dice.__dict__["counter"].__set__


def _advanced(seed: int, counter: int) -> Dice:
    """`Dice(seed, counter)` without the frozen class's keyword `__init__`: a search's rollouts
    roll hundreds of thousands of dice a decision."""
    dice = object.__new__(Dice)
    _set_seed(dice, seed)
    _set_counter(dice, counter)
    return dice


@dataclass(frozen=True, slots=True)
class LoadedDice:
    """Scripted d6 results for tests: `LoadedDice((2, 5, 3, 3, 3))` rolls exactly those.

    Shuffles and draws below other bounds use a seeded stream. Running out of scripted faces
    raises (so a test notices an extra roll), unless `strict=False`: then the seeded stream
    carries on, for tests that script the rolls that matter and let the rest of a turn run.
    """

    faces: tuple[int, ...]
    counter: int = 0
    seed: int = 0
    strict: bool = True

    def below(self, n: int) -> tuple[int, LoadedDice]:
        value = (splitmix64(self.seed, self.counter) * n) >> 64
        return value, LoadedDice(self.faces, self.counter + 1, self.seed, self.strict)

    def d6(self) -> tuple[int, LoadedDice]:
        if not self.faces:
            if self.strict:
                raise AssertionError(f"LoadedDice ran out of faces after {self.counter} rolls")
            value, dice = self.below(6)
            return value + 1, dice
        face = self.faces[0]
        if not 1 <= face <= 6:
            raise ValueError(f"a d6 cannot show {face}")
        return face, LoadedDice(self.faces[1:], self.counter + 1, self.seed, self.strict)

    def roll(self, count: int) -> tuple[tuple[int, ...], LoadedDice]:
        values = []
        dice = self
        for _ in range(count):
            value, dice = dice.d6()
            values.append(value)
        return tuple(values), dice

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], LoadedDice]:
        return _shuffle(self, items)


def _shuffle(dice, items):
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, dice = dice.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out), dice


def shuffle_draws(n: int) -> int:
    """How many numbers a shuffle of `n` items draws from the stream."""
    return max(0, n - 1)


# --- what the dice could do (asking the rules without rolling) ------------------------------------


class DiceNeeded(Exception):
    """The rules asked `ProbeDice` for a number it was not given (a draw in [0, `sides`))."""

    def __init__(self, sides: int) -> None:
        super().__init__(f"a number below {sides} was needed")
        self.sides = sides


@dataclass(frozen=True, slots=True)
class ProbeDice:
    """Dice for asking the rules what *could* happen, never what will: they give the numbers
    scripted (each draw's value in [0, n), as `Dice.below` gives them) and raise `DiceNeeded`
    at the first draw beyond them. A game's own dice are never read."""

    values: tuple[int, ...] = ()
    counter: int = 0

    def below(self, n: int) -> tuple[int, ProbeDice]:
        if self.counter >= len(self.values):
            raise DiceNeeded(n)
        return self.values[self.counter], ProbeDice(self.values, self.counter + 1)

    def d6(self) -> tuple[int, ProbeDice]:
        value, dice = self.below(6)
        return value + 1, dice

    def roll(self, count: int) -> tuple[tuple[int, ...], ProbeDice]:
        values = []
        dice = self
        for _ in range(count):
            value, dice = dice.d6()
            values.append(value)
        return tuple(values), dice

    def shuffle(self, items: Sequence[T]) -> tuple[tuple[T, ...], ProbeDice]:
        return _shuffle(self, items)


def every_roll(trial: Callable[[ProbeDice], T], draws: int, sides: int = 6, limit: int = 2000):
    """`trial(dice)` for every way the first `draws` numbers the rules ask for could fall (each a
    die of at most `sides` faces): the results, depth first, and None for each way that needs
    more numbers than that, or a bigger one (a shuffle), or goes past `limit` trials: from there
    on only the dice can tell."""
    pending: list[tuple[int, ...]] = [()]
    tried = 0
    while pending:
        values = pending.pop()
        tried += 1
        if tried > limit:
            yield None
            return
        try:
            yield trial(ProbeDice(values))
        except DiceNeeded as need:
            if len(values) >= draws or need.sides > sides:
                yield None
                continue
            pending.extend((*values, v) for v in reversed(range(need.sides)))
