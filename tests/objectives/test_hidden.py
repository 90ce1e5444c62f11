"""Hidden information in Objectives: Vietnam: views show exactly what a seat may know, and
determinizations deal only the unseen cards into the unseen places."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from core.objectives import GAME
from core.objectives import rules as R
from core.objectives.cards import FW_CARDS, fw, objective, war_weariness
from core.objectives.events import ObjectivesEvent as K
from core.objectives.state import BID
from core.objectives.view import shuffle
from tests.objectives.helpers import Cards, all_cards_once, bid_round, play, table


def random_position(players: int, seed: int, steps: int):
    s = GAME.new({}, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.over:
            break
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
    return s


def test_two_states_differing_only_in_another_hand_give_the_same_view():
    s = random_position(3, 5, 7)
    other = s.hands[1]
    swap_out, swap_in = other[0], s.fw_deck[0]
    hands = list(s.hands)
    hands[1] = tuple(sorted((*other[1:], swap_in)))
    twin = replace(s, hands=tuple(hands), fw_deck=(swap_out, *s.fw_deck[1:]))
    assert twin != s
    assert GAME.observe(twin, 0) == GAME.observe(s, 0)
    assert GAME.observe(twin, 1) != GAME.observe(s, 1)


def test_face_down_nva_cards_deck_order_and_seed_are_hidden():
    s = random_position(2, 8, 3)
    twin = replace(
        s,
        nva_deck=tuple(reversed(s.nva_deck)),
        obj_deck=tuple(reversed(s.obj_deck)),
        dice=replace(s.dice, seed=s.dice.seed + 1),
    )
    assert GAME.observe(twin, 0) == GAME.observe(s, 0)


def test_face_down_bids_are_seen_only_by_their_bidder():
    for seed in range(200):
        s = random_position(3, seed, 12)
        if s.phase == BID and any(s.combat.bids):
            break
    bidders = [i for i, b in enumerate(s.combat.bids) if b]
    seat = bidders[0]
    other = (seat + 1) % 3
    assert GAME.observe(s, seat).combat.own_bid == s.combat.bids[seat]
    assert GAME.observe(s, other).combat.own_bid == s.combat.bids[other]
    assert GAME.observe(s, other).combat.bid_counts[seat] == len(s.combat.bids[seat])


def known_fw(view) -> set[int]:
    seen = set(view.hand) | set(view.fw_discard)
    if view.combat is not None:
        seen |= {c for _, c in view.combat.fw_cards} | set(view.combat.own_bid)
    return seen


def test_worlds_are_dealt_in_every_order_alike():
    """OV I.2.3: a sampled world deals the unseen cards uniformly at random: each of the 24
    orders of four cards comes up about equally often."""
    rng = random.Random(7)
    counts: dict[tuple, int] = {}
    for _ in range(4800):
        cards = [0, 1, 2, 3]
        shuffle(cards, rng)
        counts[tuple(cards)] = counts.get(tuple(cards), 0) + 1
    assert len(counts) == 24
    assert all(150 <= n <= 250 for n in counts.values()), counts


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(1, 6),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 120),
    rng_seed=st.integers(0, 2**32),
)
def test_a_determinization_never_moves_a_card_the_seat_knows(players, seed, steps, rng_seed):
    s = random_position(players, seed, steps)
    seat = (s.current + 1) % players
    view = GAME.observe(s, seat)
    world = GAME.determinize(view, random.Random(rng_seed))
    all_cards_once(world)
    assert world.hands[seat] == s.hands[seat]
    assert world.fw_discard == tuple(sorted(s.fw_discard))
    assert world.pool == s.pool and world.taken == s.taken and world.scores == s.scores
    for other in range(players):
        assert len(world.hands[other]) == len(s.hands[other])
        if other != seat:
            assert not set(world.hands[other]) & known_fw(view)
    unseen = set(range(len(FW_CARDS))) - known_fw(view)
    dealt = {c for o in range(players) if o != seat for c in world.hands[o]} | set(world.fw_deck)
    assert dealt <= unseen
    assert GAME.observe(world, seat) == view


@settings(max_examples=40, deadline=None)
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32), policy=st.integers(0, 2**32))
def test_every_card_in_one_place_and_war_weariness_follows_the_table(players, seed, policy):
    s = GAME.new({}, players, seed)
    rng = random.Random(policy)
    while not s.over:
        all_cards_once(s)
        ww = war_weariness(len(s.pool))
        for card, tokens in s.pool:
            assert R.effective_score(s, card) == max(1, objective(card).nva_score + tokens + ww)
        legal = GAME.legal_actions(s)
        s = GAME.apply(s, legal[rng.randrange(len(legal))])
    all_cards_once(s)


# --- the events in a view name no hidden card (core/objectives/events.py) -----------------------


def blind_alike(a, b, seats) -> None:
    """Two positions that differ only in cards hidden from `seats` look the same to them,
    the events of the last action included."""
    for seat in seats:
        assert GAME.observe(a, seat) == GAME.observe(b, seat), seat
        assert GAME.observe(a, seat).events == a.events != ()


def test_OV_Q15_a_face_down_bid_is_in_no_other_seats_view_nor_in_the_events():
    cards = Cards()
    target = cards.obj("bienhoa")
    s = table(cards, players=3, pool=[(target, 0)], hands=[cards.hand("marines", "airborne"),
              cards.hand("rf"), ()])  # fmt: skip
    s = play(s, ("attack", target), ("continue",))
    marines, airborne = play(s, ("bid", "marines")), play(s, ("bid", "airborne"))
    blind_alike(marines, airborne, seats=(1, 2, None))
    assert GAME.observe(marines, 0) != GAME.observe(airborne, 0)


def test_a_card_drawn_into_a_hand_is_in_no_other_seats_view_nor_in_the_events():
    cards = Cards()
    s = table(cards, pool=[(cards.obj("hue"), 0)], hands=[(), ()])
    deck = list(s.fw_deck)
    other = next(i for i, c in enumerate(deck) if fw(c).key != fw(deck[0]).key)
    deck[0], deck[other] = deck[other], deck[0]  # seat 0 draws one card or the other
    twin = replace(s, fw_deck=tuple(deck))
    a, b = play(s, ("end",)), play(twin, ("end",))  # seat 0 passes; seat 1 draws 5 from deck[1:]
    assert a.hands[0] != b.hands[0] and a.hands[1] == b.hands[1]
    blind_alike(a, b, seats=(1, None))


def test_OV_H3_the_nva_card_a_barrage_discards_is_in_no_view_nor_in_the_events():
    def fight(first):
        cards = Cards()
        target = cards.obj("rolling")
        s = table(cards, pool=[(target, 0), (cards.obj("cedar"), 0)],
                  hands=[cards.hand("barrage", "arclight"), ()],
                  nva_top=[cards.nva(first), cards.nva("guerrillas")])  # fmt: skip
        s = play(s, ("attack", target), ("continue",))
        return bid_round(s, ["barrage", "arclight"], [])

    sapper, division = fight("sapper"), fight("division")
    assert sapper.nva_hidden_discard != division.nva_hidden_discard
    assert K.BARRAGE in [e.kind for e in sapper.events]
    blind_alike(sapper, division, seats=(0, 1, None))


def test_OV_Q24_a_reinforcement_card_given_is_seen_by_its_new_owner_only():
    def given(card_key):
        cards = Cards()
        target = cards.obj("bienhoa")
        s = table(cards, players=4, pool=[(target, 0)], hands=[cards.hand("airborne"), (), (), ()],
                  nva_top=[cards.nva("infantry")], fw_top=[cards.fw(card_key)])  # fmt: skip
        s = play(s, ("attack", target), ("continue",))
        s = bid_round(s, ["airborne"], [], [], [])
        return play(s, ("give", 2))

    rf, arclight = given("rf"), given("arclight")
    assert K.REINFORCEMENT_GIVEN in [e.kind for e in rf.events]
    blind_alike(rf, arclight, seats=(0, 1, 3, None))
    assert GAME.observe(rf, 2) != GAME.observe(arclight, 2)
