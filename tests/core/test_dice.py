"""The counter-based dice: determinism, independent seeds, fair faces, fair shuffles."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from core.dice import Dice, LoadedDice, splitmix64

# chi-square critical values at p = 0.001
CHI2_CRIT_5DF = 20.52
CHI2_CRIT_10DF = 29.59
CHI2_CRIT_23DF = 49.73


def chi_square(observed: Counter, expected: dict) -> float:
    return sum((observed[k] - e) ** 2 / e for k, e in expected.items())


def test_same_seed_same_rolls():
    a, _ = Dice(42).roll(1000)
    b, _ = Dice(42).roll(1000)
    assert a == b


def test_counter_addresses_the_stream():
    """Drawing the n-th number needs no history: Dice(seed, n) continues where n draws left off."""
    rolls, after = Dice(9).roll(10)
    assert after == Dice(9, 10)
    more, _ = after.roll(5)
    assert rolls + more == Dice(9).roll(15)[0]


def test_dice_are_immutable_values():
    dice = Dice(1)
    face, nxt = dice.d6()
    assert dice.counter == 0 and nxt.counter == 1
    assert dice.d6() == (face, nxt)


def test_different_seeds_are_independent():
    a, _ = Dice(1).roll(6000)
    b, _ = Dice(2).roll(6000)
    assert a != b
    # pairs (a_i, b_i) are uniform over the 36 combinations: no correlation between seeds
    pairs = Counter(zip(a, b, strict=True))
    expected = {p: 6000 / 36 for p in itertools.product(range(1, 7), repeat=2)}
    assert chi_square(pairs, expected) < 66.6  # 35 df, p = 0.001


def test_neighbouring_seeds_do_not_share_streams():
    """Seed s at counter c never equals seed s+1 at counter c-1 (a classic counter-RNG trap)."""
    shifted = [splitmix64(5, c) for c in range(1, 200)]
    neighbour = [splitmix64(6, c - 1) for c in range(1, 200)]
    assert not set(shifted) & set(neighbour)


def test_d6_is_uniform():
    faces, _ = Dice(2024).roll(60_000)
    counts = Counter(faces)
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi_square(counts, {f: 10_000 for f in range(1, 7)}) < CHI2_CRIT_5DF


def test_2d6_sums_follow_the_triangle():
    dice = Dice(77)
    sums = Counter()
    for _ in range(60_000):
        (a, b), dice = dice.roll(2)
        sums[a + b] += 1
    ways = {s: 6 - abs(s - 7) for s in range(2, 13)}
    expected = {s: 60_000 * w / 36 for s, w in ways.items()}
    assert chi_square(sums, expected) < CHI2_CRIT_10DF


def test_shuffle_is_a_uniform_permutation():
    dice = Dice(5)
    seen = Counter()
    for _ in range(24_000):
        perm, dice = dice.shuffle("abcd")
        seen[perm] += 1
    assert len(seen) == 24
    assert chi_square(seen, {p: 1000 for p in seen}) < CHI2_CRIT_23DF


def test_shuffle_keeps_every_item_and_counts_draws():
    perm, after = Dice(3).shuffle(range(52))
    assert sorted(perm) == list(range(52))
    assert after.counter == 51


def test_shuffle_is_fisher_yates_on_the_streams_draws():
    """A saved game replays its reshuffles: the shuffle swaps item i with the draw below i + 1,
    from the last item down, one number of the stream each."""
    for seed in range(40):
        dice = Dice(seed, seed * 7)
        perm, after = dice.shuffle(range(30))
        expected, drawn = list(range(30)), dice
        for i in range(29, 0, -1):
            j, drawn = drawn.below(i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert perm == tuple(expected) and after == drawn


def test_loaded_dice_roll_exactly_their_faces():
    faces, dice = LoadedDice((2, 5, 3)).roll(3)
    assert faces == (2, 5, 3)
    with pytest.raises(AssertionError):
        dice.d6()
