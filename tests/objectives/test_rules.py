"""Objectives: Vietnam, rule by rule. Every test names the rule id (docs/rules/objectives.md)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from core.engine import IllegalAction, OptionError
from core.objectives import GAME, Rules
from core.objectives import rules as R
from core.objectives.cards import (
    FW_CARDS,
    FW_TYPES,
    NVA_CARDS,
    NVA_TYPES,
    OBJECTIVE_CARDS,
    OBJECTIVE_TYPES,
    STARTING_HAND,
    fw,
    nva,
    objective,
    team_target,
    war_weariness,
)
from core.objectives.events import ObjectivesEvent as K
from core.objectives.state import BID, CALL_OFF, MAIN, OVER, REINFORCE
from tests.objectives.helpers import (
    Cards,
    all_cards_once,
    bid_round,
    kinds,
    play,
    table,
    the,
    told,
)


@pytest.fixture
def cards():
    return Cards()


def attack_table(
    cards, target="bienhoa", nva_top=("infantry",), hands=None, players=2, pool_extra=(), **kw
):
    """Seat 0 to act; `target` in the pool (plus `pool_extra`); the NVA deck starts with
    `nva_top`; hands are lists of FW type keys per seat."""
    hands = hands or [("marines", "airborne"), ("rf",)]
    target_card = cards.obj(target)
    pool = [(target_card, kw.pop("tokens", 0))] + [(cards.obj(k), 0) for k in pool_extra]
    return table(
        cards,
        players=players,
        pool=pool,
        hands=[cards.hand(*h) for h in hands],
        nva_top=[cards.nva(k) for k in nva_top],
        **kw,
    ), target_card


# --- OV-1 components -----------------------------------------------------------------------------


def test_OV_1_1_three_decks_and_OV_H1_H2_H3_their_sizes():
    assert (len(OBJECTIVE_CARDS), len(NVA_CARDS), len(FW_CARDS)) == (30, 52, 58)
    assert len(OBJECTIVE_TYPES) == 26
    assert sum(t.value * t.copies for t in OBJECTIVE_TYPES) == 93


def test_OV_1_2_objectives_have_nva_score_and_value():
    hue = next(t for t in OBJECTIVE_TYPES if t.key == "hue")
    assert (hue.name, hue.nva_score, hue.value) == ("Hue Citadel", 4, 5)


def test_OV_1_3_and_OV_H2_nva_cards_have_strength_and_abilities():
    abilities = {t.key: t.ability for t in NVA_TYPES if t.ability}
    assert abilities == {
        "ambush": "ambush",
        "reinforcements": "reinforcements",
        "entrenched": "entrenched",
    }
    mean = sum(t.strength * t.copies for t in NVA_TYPES) / 52
    assert 2.7 < mean < 2.9


def test_OV_1_4_and_OV_H3_free_world_cards_strengths_and_specials():
    specials = {t.key: t.special for t in FW_TYPES if t.special}
    assert specials == {"barrage": "barrage", "pacification": "pacification", "hearts": "hearts"}


def test_OV_1_5_tokens_are_unlimited(cards):
    s, target = attack_table(cards, tokens=7)
    assert R.tokens_on(s, target) == 7
    assert R.effective_score(s, target) == 1 + 7


def test_OV_1_6_one_to_six_players():
    assert GAME.seats == range(1, 7)
    with pytest.raises(OptionError):
        GAME.new({}, 7, 1)


def test_OV_1_7_and_OV_Q43_a_view_holds_its_own_hand_and_only_sizes_of_the_others():
    s = GAME.new({}, 3, 4)
    v = GAME.observe(s, 0)
    assert v.hand == s.hands[0]
    assert v.hand_sizes == tuple(len(h) for h in s.hands)
    assert not hasattr(v, "hands") and not hasattr(v, "fw_deck")


def test_OV_1_8_every_card_is_in_exactly_one_zone():
    s = GAME.new({}, 4, 9)
    all_cards_once(s)


# --- OV-2 setup ----------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_OV_2_2_and_OV_H4_starting_hands_by_player_count(players):
    s = GAME.new({}, players, 3)
    first = s.current
    for seat in range(players):
        extra = max(1, STARTING_HAND[players] - STARTING_HAND[players]) if seat == first else 0
        assert len(s.hands[seat]) == STARTING_HAND[players] + extra
    dealt = the(s, K.HANDS_DEALT)
    assert dealt["cards"] == STARTING_HAND[players] and dealt["first"] == first
    assert dealt.seats[0] == first and sorted(dealt.seats) == list(range(players))


def test_OV_2_1_and_OV_Q5_dealer_random_decks_shuffled_first_player_left_of_dealer():
    dealers = {GAME.new({}, 4, seed).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    s = GAME.new({}, 4, 11)
    assert s.current == (s.dealer + 1) % 4
    assert GAME.new({}, 4, 11).fw_deck == s.fw_deck
    assert GAME.new({}, 4, 12).fw_deck != s.fw_deck
    dealer = the(s, K.DEALER)
    assert dealer.seats == (s.dealer,) and dealer.dice == (s.dealer + 1,)
    assert (dealer.purpose, dealer.against) == ("Dealer", "a seat, 1-4")
    shuffled = the(s, K.DECKS_SHUFFLED)
    assert shuffled.shuffle_draws == len(FW_CARDS) + len(NVA_CARDS) + len(OBJECTIVE_CARDS) - 3


def test_OV_2_3_play_goes_to_the_left(cards):
    s, _ = attack_table(cards, players=3, hands=[(), (), ()])
    s = play(s, ("end",))
    assert s.current == 1 and s.phase == MAIN


def test_OV_2_4_pool_and_scores_start_empty():
    s = GAME.new({}, 2, 1)
    assert s.scores == (0, 0) and s.taken == ((), ())
    assert len(s.pool) == 1  # the first turn's reveal has happened


# --- OV-3 the turn -------------------------------------------------------------------------------


def test_OV_3_1_and_OV_Q6_draw_one_or_up_to_the_starting_hand_instead(cards):
    s, _ = attack_table(cards, hands=[(), ("rf",)])  # seat 1 will hold 1 of 5
    s = play(s, ("end",))
    assert len(s.hands[1]) == 5  # drew 4: up to H, not 1 + 4
    started = the(s, K.TURN_STARTED)
    assert started.seats == (1,) and (started["turn"], started["drawn"]) == (2, 4)
    s2, _ = attack_table(cards := Cards(), hands=[(), ("rf",) * 6])
    s2 = play(s2, ("end",))
    assert len(s2.hands[1]) == 7  # already above H: draws exactly one
    assert the(s2, K.TURN_STARTED)["drawn"] == 1


def test_OV_3_2_the_reveal_is_mandatory_every_turn(cards):
    s, _ = attack_table(cards, hands=[(), ()])
    before = len(s.pool)
    s = play(s, ("end",))
    assert len(s.pool) == before + 1
    revealed = the(s, K.OBJECTIVE_REVEALED)
    card = s.pool[-1][0]
    assert revealed["card"] == card and revealed.places == (("pool", card),)
    assert (revealed["pool"], revealed["weariness"]) == (len(s.pool), war_weariness(len(s.pool)))


def test_OV_3_3_and_OV_6_2_a_duplicate_goes_back_and_the_original_gets_a_token(cards):
    first = cards.obj("village")
    second = cards.obj("village")
    s = table(cards, hands=[(), ()], pool=[(first, 0)], obj_top=[second])
    s = play(s, ("end",))
    assert s.pool == ((first, 1),)
    assert second in s.obj_deck
    assert any(e.shuffle_draws for e in s.events)
    duplicate = the(s, K.OBJECTIVE_DUPLICATE)
    assert (duplicate["card"], duplicate["original"], duplicate["tokens"]) == (second, first, 1)
    assert duplicate.places == (("pool", first),) and not told(s, K.OBJECTIVE_REVEALED)


def test_OV_Q32_a_duplicate_is_the_same_objective_identity(cards):
    a = cards.obj("firebase")
    b = cards.obj("village")
    s = table(cards, hands=[(), ()], pool=[(a, 0)], obj_top=[b])
    s = play(s, ("end",))
    assert [c for c, _ in s.pool] == [a, b]


def test_OV_Q33_duplicate_redraw_option(cards):
    first, second = cards.obj("village"), cards.obj("village")
    nxt = cards.obj("hue")
    s = table(
        cards,
        hands=[(), ()],
        pool=[(first, 0)],
        obj_top=[second, nxt],
        rules=Rules(duplicate_redraw=True),
    )
    s = play(s, ("end",))
    assert len(s.pool) == 2 and s.pool[0] == (first, 1)


def test_OV_Q34_a_duplicate_of_a_taken_objective_enters_the_pool(cards):
    won, again = cards.obj("village"), cards.obj("village")
    s = table(cards, hands=[(), ()], taken=[(won,), ()], scores=[1, 0], obj_top=[again])
    s = play(s, ("end",))
    assert s.pool == ((again, 0),)


def test_OV_Q35_a_duplicate_is_shuffled_into_the_whole_deck(cards):
    first, second = cards.obj("village"), cards.obj("village")
    s = table(cards, hands=[(), ()], pool=[(first, 0)], obj_top=[second])
    deck_before = s.obj_deck
    s = play(s, ("end",))
    assert sorted(s.obj_deck) == sorted(deck_before)  # the duplicate is back in, nothing lost
    assert s.obj_deck != (*deck_before[1:], second)  # not just put at the bottom
    shuffle = next(e for e in s.events if e.shuffle_draws)
    assert shuffle.shuffle_draws == len(deck_before) - 1


def test_OV_3_4_and_OV_Q10_pass_takes_one_card(cards):
    s, _ = attack_table(cards)
    hand = len(s.hands[0])
    s = play(s, ("end",))
    assert len(s.hands[0]) == hand + 1 and s.current == 1
    passed = the(s, K.PASSED)
    assert passed.seats == (0,) and passed["drawn"] == 1


def test_OV_3_5_and_OV_Q53_no_hand_limit(cards):
    s, _ = attack_table(cards, hands=[("rf",) * 12, ()])
    s = play(s, ("end",))
    assert len(s.hands[0]) == 13


def test_OV_Q11_no_draw_when_ending_after_an_attack_unless_the_option(cards):
    s, target = attack_table(cards)
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    assert s.phase == MAIN and s.attacked
    hand = len(s.hands[0])
    ended = play(s, ("end",))
    assert len(ended.hands[0]) == hand
    assert the(ended, K.TURN_ENDED).seats == (0,) and not told(ended, K.PASSED)
    s2, target = attack_table(Cards(), rules=Rules(draw_after_attack=True))
    s2 = play(s2, ("attack", target), ("continue",))
    s2 = bid_round(s2, ["airborne"], [])
    passed = play(s2, ("end",))
    assert len(passed.hands[0]) == len(s2.hands[0]) + 1
    assert the(passed, K.PASSED)["drawn"] == 1 and not told(passed, K.TURN_ENDED)


def test_OV_3_6_and_OV_Q25_after_a_win_the_player_may_attack_again(cards):
    s, target = attack_table(cards, pool_extra=("rolling",))
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    assert s.phase == MAIN and any(a[0] == "attack" for a in GAME.legal_actions(s))


def test_OV_3_7_the_next_player_to_the_left(cards):
    s, _ = attack_table(cards, players=4, hands=[(), (), (), ()], current=3)
    s = play(s, ("end",))
    assert s.current == 0


# --- OV-4 combat ---------------------------------------------------------------------------------


def test_OV_4_1_and_OV_Q13_the_effective_score_is_frozen_and_that_many_cards_dealt(cards):
    s, target = attack_table(
        cards, target="hue", nva_top=("guerrillas",) * 4, pool_extra=("rolling", "tonkin")
    )
    assert R.effective_score(s, target) == 4 + 1  # 3 in the pool: war weariness +1
    s = play(s, ("attack", target))
    assert s.phase == CALL_OFF and s.combat.score == 5 and len(s.combat.line) == 5
    declared = the(s, K.ATTACK_DECLARED)
    assert (declared["target"], declared["score"], declared["dealt"]) == (target, 5, 5)
    assert declared.seats == (0,) and declared.places == (("pool", target),)


def test_OV_Q29_and_OV_Q31_the_target_counts_in_the_pool_during_its_combat(cards):
    s, target = attack_table(cards, pool_extra=("rolling",))
    s = play(s, ("attack", target))
    assert len(s.pool) == 2 and any(c == target for c, _ in s.pool)


def test_OV_4_2_and_OV_Q14_everyone_bids_from_the_attacker_clockwise(cards):
    s, target = attack_table(cards, players=3, current=1, hands=[("rf",), ("marines",), ("arvn",)])
    s = play(s, ("attack", target), ("continue",))
    order = []
    while s.phase == BID:
        order.append(s.combat.bidder)
        s = GAME.apply(s, ("bid_done",))
        counted = the(s, K.BIDS_COUNTED)
        assert counted.seats == (order[-1],) and counted["count"] == 0
    assert order == [1, 2, 0]


def test_OV_Q15_bid_counts_are_public_and_the_cards_hidden(cards):
    s, target = attack_table(cards)
    s = play(s, ("attack", target), ("continue",), ("bid", "airborne"))
    other = GAME.observe(s, 1)
    assert other.combat.bid_counts == (1, 0) and other.combat.own_bid == ()
    made = the(s, K.BID_MADE)
    assert made.seats == (0,) and made.values == (("count", 1),)  # the count, never the card
    mine = GAME.observe(s, 0)
    assert mine.combat.own_bid == s.combat.bids[0]


def test_OV_4_3_bids_are_revealed_then_the_first_nva_card(cards):
    s, target = attack_table(cards, nva_top=("infantry", "mainforce"), target="cedar")
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    order = kinds(s)
    assert order.index(K.BIDS_REVEALED) < order.index(K.NVA_REVEALED)
    bids = the(s, K.BIDS_REVEALED)
    assert tuple(zip(bids["bidders"], bids["bids"], strict=True)) == s.combat.fw_cards
    assert fw(bids["bids"][0]).key == "airborne"
    shown = the(s, K.NVA_REVEALED)
    assert nva(shown["card"]).key == "infantry" and shown["strength"] == 3
    assert shown.places == (("nva", shown["card"]),)
    assert s.combat.revealed == (s.combat.revealed[0],) and len(s.combat.line) == 1


def test_OV_4_4_and_OV_Q16_overrun_when_nva_is_double_the_free_world(cards):
    s, target = attack_table(
        cards, nva_top=("regiment", "guerrillas"), target="rolling", hands=[("arvn", "marines"), ()]
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["arvn"], [])  # 4 >= 2 x 2: overrun
    assert s.combat is None and R.tokens_on(s, target) == 1
    overrun = the(s, K.OVERRUN)
    assert (overrun["nva"], overrun["fw"]) == (4, 2)
    held = the(s, K.OBJECTIVE_HOLDS)
    assert (held["target"], held["tokens"], held["cause"]) == (target, 1, "overrun")
    assert held.places == (("pool", target),)


def test_OV_Q16_gt_option_needs_more_than_double(cards):
    s, target = attack_table(
        cards,
        nva_top=("regiment", "guerrillas"),
        target="cedar",
        hands=[("arvn", "marines"), ()],
        rules=Rules(overrun_test="gt"),
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["arvn"], [])
    assert s.combat is not None and s.phase == CALL_OFF
    totals = the(s, K.ROUND_TOTALS)
    assert (totals["nva"], totals["fw"]) == (4, 2) and not told(s, K.OVERRUN)


def test_OV_Q17_nothing_bid_is_an_overrun_even_against_a_ghost(cards):
    s, target = attack_table(cards, nva_top=("ghost", "ghost"), target="rolling")
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, [], [])
    assert s.combat is None and R.tokens_on(s, target) == 1


def test_OV_4_5_and_OV_Q47_more_rounds_one_nva_card_each(cards):
    s, target = attack_table(
        cards, nva_top=("guerrillas", "guerrillas", "guerrillas"), target="dakto"
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["marines"], [])
    assert s.phase == CALL_OFF and s.combat.round == 2 and len(s.combat.revealed) == 1
    totals = the(s, K.ROUND_TOTALS)
    assert (totals["nva"], totals["fw"]) == (1, 3)
    s = play(s, ("continue",))
    s = bid_round(s, [], [])
    assert len(s.combat.revealed) == 2


def test_OV_4_6_a_higher_total_takes_the_objective_and_OV_4_7_the_attacker_scores(cards):
    s, target = attack_table(cards, nva_top=("infantry",), target="bienhoa")
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])  # 4 against 3
    assert target in s.taken[0] and s.scores == (1, 0)
    assert all(c != target for c, _ in s.pool)
    final = the(s, K.FINAL_TOTALS)
    assert (final["fw"], final["nva"], final["won"]) == (4, 3, True)
    taken = the(s, K.OBJECTIVE_TAKEN)
    assert (taken["target"], taken["points"], taken["team"], taken["needed"]) == (target, 1, 1, 20)
    assert taken.seats == (0,) and ("pool", target) in taken.places


def test_OV_Q18_a_final_tie_is_a_loss_or_with_the_option_a_win(cards):
    s, target = attack_table(cards, nva_top=("infantry",), hands=[("marines",), ()])
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["marines"], [])
    assert s.scores == (0, 0) and R.tokens_on(s, target) == 1
    assert the(s, K.FINAL_TOTALS)["won"] is False
    assert the(s, K.OBJECTIVE_HOLDS)["cause"] == "lost"
    s2, target = attack_table(
        Cards(), nva_top=("infantry",), hands=[("marines",), ()], rules=Rules(final_tie="win")
    )
    s2 = play(s2, ("attack", target), ("continue",))
    s2 = bid_round(s2, ["marines"], [])
    assert s2.scores == (1, 0)


def test_OV_Q19_final_bid_round_option(cards):
    s, target = attack_table(
        cards,
        nva_top=("division",),
        hands=[("marines", "marines"), ()],
        rules=Rules(final_bid_round=True),
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["marines"], [])  # 5 against 3: no overrun, one more round
    assert s.phase == CALL_OFF and s.combat.last_round
    s = play(s, ("continue",))
    s = bid_round(s, ["marines"], [])  # 6 against 5
    assert s.scores == (1, 0)


def test_OV_Q20_bids_are_discarded_or_with_the_option_returned_on_a_win(cards):
    s, target = attack_table(cards)
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    assert any(fw(c).key == "airborne" for c in s.fw_discard)
    s2, target = attack_table(Cards(), rules=Rules(bids_return_on_win=True))
    s2 = play(s2, ("attack", target), ("continue",))
    hand = len(s2.hands[0])
    s2 = bid_round(s2, ["airborne"], [])
    assert len(s2.hands[0]) == hand


def test_OV_Q21_the_nva_discard_is_reshuffled_when_the_deck_runs_out(cards):
    s, target = attack_table(cards, target="hue")
    s = table(cards, hands=[cards.hand("arclight"), ()], pool=[(target, 0)])
    from dataclasses import replace

    s = replace(s, nva_deck=s.nva_deck[:2], nva_discard=s.nva_deck[2:])
    s = play(s, ("attack", target))
    assert len(s.combat.line) == 4
    reshuffled = the(s, K.NVA_RESHUFFLED)
    assert reshuffled["cards"] == 50 and reshuffled.shuffle_draws == 49
    all_cards_once(s)


def test_OV_4_8_and_OV_Q24_reinforcements_with_four_players(cards):
    s, target = attack_table(
        cards, players=4, hands=[("airborne",), (), (), ()], target="bienhoa", nva_top=("infantry",)
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [], [], [])
    assert s.phase == REINFORCE and len(s.reinforce.pending) == s.reinforce.pending.__len__()
    count = len(s.reinforce.pending)
    assert count == 1  # the effective score fought
    drawn = the(s, K.REINFORCEMENTS_DRAWN)
    assert drawn.seats == (0,) and drawn.values == (("cards", 1),)  # face down: no card named
    legal = GAME.legal_actions(s)
    assert set(legal) == {("give", 0), ("give", 1), ("give", 2), ("give", 3)}


def test_OV_Q24_the_attacker_keeps_at_most_one_and_does_not_see_them(cards):
    s, target = attack_table(
        cards,
        players=4,
        hands=[("airborne", "airborne"), (), (), ()],
        target="cedar",
        nva_top=("guerrillas", "guerrillas", "guerrillas"),
        pool_extra=("rolling", "tonkin"),
    )  # 3 in the pool: score 2 + 1
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne", "airborne"], [], [], [])
    assert s.phase in (CALL_OFF,)
    while s.phase == CALL_OFF:
        s = play(s, ("continue",))
        s = bid_round(s, [], [], [], [])
    assert s.phase == REINFORCE and len(s.reinforce.pending) == 3
    seen = GAME.observe(s, 0)
    assert seen.reinforce.pending == 3 and not set(s.reinforce.pending) & set(seen.hand)
    s = play(s, ("give", 0))
    assert ("give", 0) not in GAME.legal_actions(s)
    assert the(s, K.REINFORCEMENT_KEPT).seats == (0,)
    s = play(s, ("give", 2), ("give", 2))
    assert s.phase == MAIN and len(s.hands[2]) == 2
    given = the(s, K.REINFORCEMENT_GIVEN)
    assert given.seats == (0, 2) and given.values == (("to", 2),)  # no card named


def test_OV_Q23_printed_reinforcement_count_option(cards):
    s, target = attack_table(
        cards,
        players=4,
        hands=[("airborne", "airborne"), (), (), ()],
        target="bienhoa",
        nva_top=("guerrillas", "guerrillas"),
        pool_extra=("rolling", "tonkin"),
        rules=Rules(reinforcement_count="printed"),
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne", "airborne"], [], [], [])
    while s.phase == CALL_OFF:
        s = play(s, ("continue",))
        s = bid_round(s, [], [], [], [])
    assert s.phase == REINFORCE and len(s.reinforce.pending) == 1  # printed 1, fought 2


def test_OV_Q26_no_reinforcements_below_four_players(cards):
    s, target = attack_table(cards, players=3, hands=[("airborne",), (), ()])
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [], [])
    assert s.phase == MAIN and s.reinforce is None


def test_OV_4_9_and_OV_Q27_call_off_discards_the_attackers_hand_and_ends_the_turn(cards):
    s, target = attack_table(cards, hands=[("marines", "airborne", "rf"), ("arvn",)])
    s = play(s, ("attack", target), ("call_off",))
    assert s.hands[0] == () or len(s.hands[0]) == 0 or s.current == 1
    assert R.tokens_on(s, target) == 1 and s.current == 1
    assert sum(1 for c in s.fw_discard if fw(c).key in ("marines", "airborne", "rf")) == 3
    off = the(s, K.ATTACK_CALLED_OFF)
    assert off.seats == (0,) and (off["target"], off["discarded"]) == (target, 3)
    assert the(s, K.OBJECTIVE_HOLDS)["cause"] == "called_off"


def test_OV_Q28_min_attacker_bid_option(cards):
    s, target = attack_table(cards, rules=Rules(min_attacker_bid=1))
    s = play(s, ("attack", target), ("continue",))
    assert ("bid_done",) not in GAME.legal_actions(s)
    with pytest.raises(IllegalAction, match="must bid"):
        GAME.apply(s, ("bid_done",))


# --- OV-5 losing ----------------------------------------------------------------------------------


def test_OV_5_1_and_OV_5_2_a_lost_objective_gets_a_token_worth_one_nva(cards):
    s, target = attack_table(cards, hands=[("rf",), ()])
    before = R.effective_score(s, target)
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["rf"], [])
    assert R.tokens_on(s, target) == 1 and R.effective_score(s, target) == before + 1
    assert the(s, K.OBJECTIVE_HOLDS)["tokens"] == 1


def test_OV_Q12_a_lost_combat_ends_the_turn_unless_the_option(cards):
    s, target = attack_table(cards, hands=[("rf",), ()])
    s = play(s, ("attack", target), ("continue",))
    assert bid_round(s, ["rf"], []).current == 1
    s2, target = attack_table(Cards(), hands=[("rf",), ()], rules=Rules(continue_after_loss=True))
    s2 = play(s2, ("attack", target), ("continue",))
    s2 = bid_round(s2, ["rf"], [])
    assert s2.current == 0 and s2.phase == MAIN


# --- OV-6 war weariness ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pool", "ww"), [(1, 0), (2, 0), (3, 1), (5, 1), (6, 2), (8, 2), (9, 3), (12, 3)]
)
def test_OV_6_1_and_OV_Q30_war_weariness_thresholds(pool, ww):
    assert war_weariness(pool) == ww


def test_OV_Q30_per_card_option():
    assert [war_weariness(n, per_card=True) for n in (2, 3, 4, 9)] == [0, 1, 2, 7]


def test_OV_6_3_effective_score_is_printed_plus_tokens_plus_weariness(cards):
    s, target = attack_table(
        cards,
        target="hue",
        tokens=2,
        pool_extra=("rolling", "tonkin", "cedar", "bienhoa", "pleiku"),
    )
    assert R.effective_score(s, target) == 4 + 2 + 2


# --- OV-7 the end ---------------------------------------------------------------------------------


def test_OV_7_1_and_OV_Q36_ten_pool_cards_at_the_end_of_a_turn_and_the_game_wins(cards):
    keys = [
        "hue",
        "khesanh",
        "hamburger",
        "ashau",
        "iadrang",
        "embassy",
        "cuchi",
        "dakto",
        "irontri",
    ]
    pool = [(cards.obj(k), 0) for k in keys]
    s = table(cards, hands=[(), ()], pool=pool)
    s = play(s, ("end",))  # the next turn's reveal makes 10, checked at the end of that turn
    assert not s.over and len(s.pool) == 10
    s = play(s, ("end",))
    assert s.over and s.result == "nva"
    assert GAME.outcome(s).returns == (0.0, 0.0)
    won = the(s, K.GAME_WON)
    assert (won["cause"], won["pool"]) == ("pool_limit", 10)
    assert s.end_reason == "the War Weariness pool reached 10 cards"


def test_OV_7_2_the_team_target_is_ten_a_player_fifteen_alone():
    assert [team_target(n) for n in (1, 2, 4, 6)] == [15, 20, 40, 60]


def test_OV_7_2_and_OV_Q38_reaching_the_target_wins_at_once(cards):
    s, target = attack_table(cards, target="bienhoa", scores=[10, 9])
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    assert s.over and s.result == "team"
    won = the(s, K.TEAM_WON)
    assert (won["cause"], won["points"], won["needed"]) == ("team_target", 20, 20)


def test_OV_7_3_and_OV_Q39_the_most_points_wins_ties_are_shared(cards):
    s, target = attack_table(cards, target="bienhoa", scores=[9, 10])
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    outcome = GAME.outcome(s)
    assert outcome.winners == (0, 1) and outcome.returns[0] == outcome.returns[1]


def test_OV_Q45_solo_play(cards):
    s = GAME.new({}, 1, 5)
    assert len(s.hands[0]) == 7 + 1 and team_target(1) == 15
    assert s.current == 0


def test_OV_Q8_no_objectives_left_is_a_loss(cards):
    s = table(cards, players=1, hands=[()], pool=[])
    from dataclasses import replace

    s = replace(s, obj_deck=())
    s = play(s, ("end",)) if ("end",) in GAME.legal_actions(s) else s
    assert s.over and "no objectives" in s.end_reason
    assert the(s, K.GAME_WON)["cause"] == "no_objectives"


def test_OV_Q8_an_empty_deck_with_objectives_in_the_pool_reveals_nothing(cards):
    s = table(cards, hands=[(), ()], pool=[(cards.obj("hue"), 0)])
    s = play(replace(s, obj_deck=()), ("end",))
    assert not s.over and len(s.pool) == 1 and s.phase == MAIN
    assert the(s, K.OBJECTIVES_DECK_EMPTY).values == ()


def test_OV_Q50_a_safety_cap_on_turns(cards):
    s = table(cards, hands=[(), ()], turn=R.TURN_SAFETY_CAP)
    s = play(s, ("end",))
    assert s.over and s.result == "nva"
    won = the(s, K.GAME_WON)
    assert (won["cause"], won["turns"]) == ("turn_cap", R.TURN_SAFETY_CAP)


# --- house cards ----------------------------------------------------------------------------------


def test_OV_Q22_and_OV_H2_ambush_strikes_this_rounds_strongest_bid(cards):
    s, target = attack_table(
        cards,
        nva_top=("ambush", "guerrillas"),
        target="cedar",
        hands=[("airborne", "marines", "marines"), ()],
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["marines", "airborne"], [])
    c = s.combat
    assert [fw(x).key for x in c.struck] == ["airborne"]
    assert R.fw_total(c) == 3
    ambush = the(s, K.AMBUSH)
    assert ambush["card"] == c.struck[0] and ambush["strength"] == 4 and ambush.seats == (0,)


def test_OV_H2_an_ambush_with_nothing_bid_strikes_nothing(cards):
    s, target = attack_table(cards, nva_top=("ambush", "guerrillas"), target="cedar")
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, [], [])
    assert the(s, K.AMBUSH)["card"] is None and the(s, K.OVERRUN)["fw"] == 0


def test_OV_H2_reinforcements_add_one_face_down_card_once(cards):
    s, target = attack_table(
        cards,
        nva_top=("reinforcements", "reinforcements", "guerrillas"),
        target="rolling",
        hands=[("arclight", "arclight"), ()],
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["arclight"], [])  # one card dealt (score 1); revealed, it adds one more
    assert len(s.combat.line) == 1 and s.combat.extra_dealt
    assert the(s, K.NVA_REINFORCEMENTS).places == (("nva", s.combat.revealed[0]),)
    s = play(s, ("continue",))
    s = bid_round(s, [], [])  # the second Reinforcements adds nothing: the line is done
    assert not told(s, K.NVA_REINFORCEMENTS)
    assert s.combat is None and s.scores == (2, 0)
    assert sum(1 for c in s.nva_discard if nva(c).key == "reinforcements") == 2


def test_OV_H2_entrenched_is_6_against_a_tokened_objective(cards):
    s, target = attack_table(
        cards, nva_top=("entrenched",), target="bienhoa", tokens=1, hands=[("arclight",), ()]
    )
    s = play(s, ("attack", target), ("continue",))
    # two cards (1 + token): entrenched 6 first; then the deck's next
    s = bid_round(s, ["arclight"], [])
    entrenched = the(s, K.ENTRENCHED)
    assert nva(entrenched["card"]).key == "entrenched" and entrenched["strength"] == 6
    assert the(s, K.NVA_REVEALED)["strength"] == 6


def test_OV_H3_artillery_barrage_discards_the_next_card_unseen(cards):
    s, target = attack_table(
        cards,
        nva_top=("sapper", "guerrillas"),
        target="rolling",
        hands=[("barrage", "marines"), ()],
    )
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["barrage", "marines"], [])
    # the Sapper was discarded unseen; the Guerrillas (1) revealed; FW 4 > 1: won
    assert s.scores == (2, 0)
    assert any(nva(c).key == "sapper" for c in s.nva_hidden_discard)
    seen = GAME.observe(s, 1)
    assert seen.nva_hidden_discard == 1 and all(nva(c).key != "sapper" for c in seen.nva_discard)
    barrage = the(s, K.BARRAGE)
    assert barrage.seats == (0,) and fw(barrage["fw"]).key == "barrage"
    assert barrage.values == (("fw", barrage["fw"]),)  # the card it discards stays unseen


def test_OV_Q40_and_OV_H3_pacification_removes_tokens(cards):
    s, target = attack_table(cards, hands=[("pacification",), ()], tokens=3)
    s = play(s, ("pacify", target))
    assert R.tokens_on(s, target) == 0 and s.special_played
    pacified = the(s, K.PACIFICATION)
    assert pacified.seats == (0,) and (pacified["target"], pacified["tokens"]) == (target, 3)


def test_OV_Q52_a_pacified_objective_keeps_its_place(cards):
    s, target = attack_table(
        cards, hands=[("pacification",), ()], tokens=2, pool_extra=("rolling",)
    )
    s = play(s, ("pacify", target))
    assert s.pool[0] == (target, 0)


def test_OV_H3_hearts_and_minds_sends_an_untokened_objective_back(cards):
    s, target = attack_table(cards, hands=[("hearts",), ()], pool_extra=("rolling",))
    s = play(s, ("hearts", target))
    assert all(c != target for c, _ in s.pool) and target in s.obj_deck
    hearts = the(s, K.HEARTS_AND_MINDS)
    assert hearts["target"] == target and hearts.shuffle_draws == len(s.obj_deck) - 1


def test_OV_D2_one_special_a_turn_before_the_first_attack(cards):
    s, target = attack_table(
        cards,
        hands=[("pacification", "pacification", "airborne"), ()],
        tokens=1,
        pool_extra=("rolling",),
    )
    s = play(s, ("pacify", target))
    assert not any(a[0] == "pacify" for a in GAME.legal_actions(s))


def test_OV_Q48_a_special_does_not_forfeit_the_pass_draw(cards):
    s, target = attack_table(cards, hands=[("hearts", "rf"), ()], pool_extra=("rolling",))
    s = play(s, ("hearts", target))
    hand = len(s.hands[0])
    assert len(play(s, ("end",)).hands[0]) == hand + 1


def test_OV_Q46_specials_cannot_be_bid(cards):
    s, target = attack_table(cards, hands=[("pacification", "marines"), ()])
    s = play(s, ("attack", target), ("continue",))
    assert ("bid", "pacification") not in GAME.legal_actions(s)


def test_OV_Q44_an_empty_hand_may_attack_and_others_bid(cards):
    s, target = attack_table(cards, hands=[(), ("airborne",)])
    s = play(s, ("attack", target), ("continue",))
    assert s.combat.bidder == 1  # the attacker has nothing to bid and is passed over
    s = bid_round(s, ["airborne"])
    assert s.scores == (1, 0)


def test_OV_Q51_bids_are_final(cards):
    s, target = attack_table(cards)
    s = play(s, ("attack", target), ("continue",), ("bid", "airborne"))
    assert not any(a[0] not in ("bid", "bid_done") for a in GAME.legal_actions(s))


def test_OV_Q7_the_free_world_discard_is_reshuffled(cards):
    s = table(cards, hands=[(), ()])
    from dataclasses import replace

    s = replace(s, fw_deck=(), fw_discard=tuple(range(58)))
    s = play(s, ("end",))
    assert len(s.hands[0]) == 1
    assert the(s, K.FW_RESHUFFLED)["cards"] == 58


def test_OV_Q9_newest_only_option(cards):
    s, target = attack_table(cards, pool_extra=("rolling",), rules=Rules(attack_target="newest"))
    attacks = [a for a in GAME.legal_actions(s) if a[0] == "attack"]
    assert attacks == [("attack", s.pool[-1][0])]
    with pytest.raises(IllegalAction, match="newest"):
        GAME.apply(s, ("attack", target))


def test_OV_Q4_starting_hand_option():
    assert len(GAME.new({"starting_hand": 4}, 2, 1).hands[1]) in (4, 5)


def test_OV_actions_are_refused_with_a_reason(cards):
    s, _ = attack_table(cards)
    with pytest.raises(IllegalAction):
        GAME.apply(s, ("attack", 999))
    with pytest.raises(IllegalAction):
        GAME.apply(s, ("give", 1))


def test_OV_random_games_end_at_every_player_count():
    for players in range(1, 7):
        for seed in range(5):
            s = GAME.new({}, players, seed)
            rng = random.Random(seed)
            while not s.over:
                legal = GAME.legal_actions(s)
                s = GAME.apply(s, legal[rng.randrange(len(legal))])
            assert s.phase == OVER and GAME.outcome(s) is not None
            assert objective(0).name


# --- rulings of the questions and answers (OV-Q) --------------------------------------------------


def test_OV_H3_and_OV_Q21_a_barraged_card_is_discarded_at_once_and_reshuffled(cards):
    """The NVA deck holds just the line (Sapper, Reinforcements). A Barrage discards the Sapper;
    Reinforcements then needs a card from the empty deck: the reshuffle takes the Sapper too."""
    from dataclasses import replace

    s, target = attack_table(
        cards, target="cedar", nva_top=("sapper", "reinforcements"), hands=[("barrage", "rf"), ()]
    )
    s = replace(s, nva_deck=s.nva_deck[:2], nva_discard=s.nva_deck[2:])
    s = play(s, ("attack", target), ("continue",))
    assert len(s.combat.line) == 2 and not s.nva_deck
    s = bid_round(s, ["barrage", "rf"], [])
    assert the(s, K.NVA_RESHUFFLED)["cards"] == 51  # 50 spent + the barraged Sapper
    assert len(s.nva_deck) + len(s.combat.line if s.combat else ()) == 51
    all_cards_once(s)


def test_OV_Q8_the_empty_pool_and_deck_loss_comes_when_a_reveal_is_due(cards):
    """Seat 0 takes the last objective; the loss is found after seat 1's turn draw, when the
    reveal is due, not at the end of seat 0's turn."""
    from dataclasses import replace

    s, target = attack_table(cards, target="bienhoa", nva_top=("guerrillas",),
                             hands=[("airborne",), ("rf",)])  # fmt: skip
    s = replace(s, obj_deck=())
    s = play(s, ("attack", target), ("continue",))
    s = bid_round(s, ["airborne"], [])
    assert s.scores == (1, 0) and not s.pool and not s.over
    hand_before = len(s.hands[1])
    s = play(s, ("end",))
    assert s.over and s.result == "nva" and "no objectives" in s.end_reason
    assert s.turn == 2 and len(s.hands[1]) > hand_before  # seat 1 drew first
    order = kinds(s)
    assert order.index(K.TURN_STARTED) < order.index(K.GAME_WON)
    assert the(s, K.TURN_STARTED).seats == (1,) and the(s, K.GAME_WON)["cause"] == "no_objectives"


def test_OV_Q49_the_duplicate_check_comes_before_war_weariness_is_counted(cards):
    """A duplicate revealed into a pool of 5 leaves the pool at 5 (war weariness +1), not 6."""
    pool_kinds = ("village", "hue", "khesanh", "dakto", "pleiku")
    pool = [(cards.obj(k), 0) for k in pool_kinds]
    duplicate = cards.obj("village")
    s = table(cards, hands=[(), ()], pool=pool, obj_top=[duplicate])
    s = play(s, ("end",))
    assert len(s.pool) == 5 and s.pool[0][1] == 1
    assert R.effective_score(s, s.pool[1][0]) == 4 + 0 + 1  # Hue: 4 + tokens 0 + WW(5) = +1


def test_OV_D1_the_main_decision_is_an_attack_on_any_pool_objective_or_end(cards):
    s, _ = attack_table(cards, pool_extra=("hue", "dakto"))
    attacks = [a for a in GAME.legal_actions(s) if a[0] == "attack"]
    assert {a[1] for a in attacks} == {c for c, _ in s.pool}
    assert ("end",) in GAME.legal_actions(s)


@pytest.mark.parametrize("players", [1, 2, 4, 6])
def test_the_legal_actions_play_found_are_those_of_the_state_it_returned(players):
    """`play` keeps the bids its run found for the next bidder; they must be the very list (in
    order: the AI breaks ties by it) that the state lists when met afresh, e.g. from a save."""
    for seed in range(1, 6):
        s = GAME.new({}, players, seed)
        rng = random.Random(seed)
        while not s.over:
            legal = GAME.legal_actions(s)
            assert legal == R.legal_actions(replace(s)), "the kept list differs from a fresh one"
            s = GAME.apply(s, legal[rng.randrange(len(legal))])
