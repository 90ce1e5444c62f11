"""The Objectives: Vietnam screen: the card tableau at the moments that matter, the hand as a
shortcut into the picker, hot-seat play with hidden hands, reinforcements by dialog."""

from __future__ import annotations

import random

import pytest

from ai.base import Budget
from ai.objectives import RulesAgent
from core.objectives import GAME
from core.objectives.cards import FW_TYPES, fw
from core.objectives.events import ObjectivesEvent as K
from saves import SeatInfo, new_record
from tests.tui.helpers import make_app, screen_text, started, wait_until
from tui.screens.dialogs import HandOffScreen
from tui.screens.game_over import GameOverScreen
from tui.screens.objectives import ObjectivesScreen
from tui.screens.reinforce import ReinforceScreen
from tui.session import Session
from tui.tellers.objectives import ObjectivesTeller
from tui.widgets.card_tableau import CardTableau

SIZES = {"120x40": (120, 40), "80x24": (80, 24)}


def rules_line(seed: int, players: int, stop, options=None, limit: int = 4000):
    """Rule-based moves for every seat from `seed` until seat 0 is to move and `stop(state)`."""
    s = GAME.new(options or {}, players, seed)
    agent, rngs, actions = RulesAgent(), {}, []
    for _ in range(limit):
        if GAME.outcome(s) is not None or (GAME.to_move(s) == 0 and stop(s)):
            return actions
        seat = GAME.to_move(s)
        rng = rngs.setdefault(seat, random.Random(seed * 10 + seat))
        a = agent.choose(GAME, GAME.observe(s, seat), GAME.legal_actions(s), Budget(), rng)
        actions.append(a)
        s = GAME.apply(s, a)
    raise AssertionError("the position never came")


def session(seed, players, actions, humans=1, options=None) -> Session:
    seats = tuple(
        SeatInfo(f"Player {i + 1}", "human" if i < humans else "rules") for i in range(players)
    )
    s = Session.from_record(new_record("objectives", options or {}, players, seats, seed))
    for a in actions:
        s.apply(a)
    return s


def pool_of_four():
    return session(1, 3, rules_line(1, 3, lambda s: s.phase == "main" and len(s.pool) >= 4
                                    and not s.attacked))  # fmt: skip


def mid_bid():
    stop = lambda s: s.phase == "bid" and s.combat.bids and len(s.combat.bids[0]) == 1  # noqa: E731
    return session(1, 3, rules_line(1, 3, lambda s: stop(s) and bool(s.combat.revealed)))


def near_overrun():
    from core.objectives import rules as R

    def near(s):
        c = s.combat
        if s.phase != "call_off" or c is None or c.attacker != 0 or not c.revealed:
            return False
        n, f = R.nva_total(s, c), R.fw_total(c)
        return f > 0 and n < 2 * f <= n + 2

    return session(6, 3, rules_line(6, 3, near))


def reinforcements():
    return session(1, 4, rules_line(1, 4, lambda s: s.phase == "reinforce"))


def finished(team: bool):
    for seed in range(1, 60):
        actions = rules_line(seed, 2, lambda s: False)
        final = GAME.new({}, 2, seed)
        for a in actions:
            final = GAME.apply(final, a)
        if (final.result == "team") is team:
            return session(seed, 2, actions)
    raise AssertionError("no such game")


POSITIONS = {
    "turn_start_pool_of_four": pool_of_four,
    "combat_mid_bid": mid_bid,
    "combat_near_the_overrun_line": near_overrun,
    "reinforcements_dialog": reinforcements,
    "game_over_team_win": lambda: finished(True),
    "game_over_nva_win": lambda: finished(False),
}


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("moment", list(POSITIONS))
def test_snapshot(snap_compare, tmp_path, moment, size):
    app = make_app(tmp_path, session=POSITIONS[moment]())

    async def run_before(pilot):
        await started(pilot)
        if moment == "reinforcements_dialog":
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, ReinforceScreen))
        if moment.startswith("game_over"):
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


@pytest.mark.parametrize("size", list(SIZES))
def test_snapshot_hand_off_hides_the_last_hand(snap_compare, tmp_path, size):
    """Two humans: after Player 1 ends the turn, the screen is blank until Player 2 is ready;
    nothing of Player 1's hand shows through."""
    s = session(4, 2, rules_line(4, 2, lambda s: s.phase == "main"), humans=2)

    async def run_before(pilot):
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandOffScreen))
        await pilot.press("enter")  # Player 1 takes the keyboard first
        screen = pilot.app.screen
        await wait_until(pilot, lambda: screen.picker.shown_actions)
        await pilot.press(*"take a free world card", "enter")
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, HandOffScreen))
        assert screen.session.to_move == 1

    assert snap_compare(make_app(tmp_path, session=s), terminal_size=SIZES[size],
                        run_before=run_before)  # fmt: skip


# --- pilot tests ---------------------------------------------------------------------------------


async def test_choosing_a_hand_card_narrows_the_picker(tmp_path):
    app = make_app(tmp_path, session=mid_bid())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, ObjectivesScreen)
        tableau = screen.query_one(CardTableau)
        await pilot.press("ctrl+t")
        assert app.focused is tableau
        first, second = [p for p in tableau.box_places() if p[0] == "hand"][:2]
        assert tableau.cursor == first  # the strongest card
        await pilot.press("enter")
        shown = screen.picker.shown_actions
        uses_now = ("bid", first[1]) in screen.session.legal()
        assert shown == ([("bid", first[1])] if uses_now else [])
        await pilot.press("escape")  # Esc: the choice is cleared, every action is back
        assert len(screen.picker.shown_actions) == len(screen.session.legal())
        # a click on the second card
        x0, _, y0, _ = tableau.box_of(second)
        await pilot.click(CardTableau, offset=(1 + x0 + 2, y0 + 1 - tableau.scroll_offset.y))
        assert tableau.selected == second
        key = second[1]
        expected = [("bid", key)] if ("bid", key) in screen.session.legal() else []
        assert screen.picker.shown_actions == expected


async def test_your_own_bid_is_face_up_to_you_and_a_back_to_the_others(tmp_path):
    app = make_app(tmp_path, session=mid_bid())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        view = screen.query_one(CardTableau).view
        own = view.combat.own_bid
        text = screen_text(app)
        assert own and "·down" in text
        for card in own:
            assert fw(card).name.split()[0] in text
        state = screen.session.state
        for seat in (1, 2):  # the others' face-down bids: backs and a count, never the cards
            for card in state.combat.bids[seat]:
                if card not in state.hands[0] and fw(card).name not in {fw(c).name for c in own}:
                    assert f"[{fw(card).name}" not in text  # fmt: skip


async def test_reinforcements_are_handed_out_by_dialog(tmp_path):
    app = make_app(tmp_path, session=reinforcements())
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, ReinforceScreen))
        screen = app.screen_stack[-2]
        pending = screen.session.state.reinforce.pending
        await pilot.press("enter")  # the first choice: keep it
        await wait_until(pilot, lambda: screen.session.actions[-1][0] == "give")
        told = screen.session.game.events(screen.session.state)
        assert [e.seats for e in told if e.kind is K.REINFORCEMENT_KEPT] == [(0,)]
        if len(pending) > 1:
            await wait_until(pilot, lambda: isinstance(app.screen, ReinforceScreen))
            assert "You have kept one already" in str(app.screen.note)


def private_names(state, seat: int, other: int) -> set[str]:
    """Card names only `seat` may know of: in its hand (or face-down bid), not in `other`'s
    hand and not face up anywhere."""
    mine = {fw(c).name for c in state.hands[seat]}
    if state.combat is not None and state.combat.bids:
        mine |= {fw(c).name for c in state.combat.bids[seat]}
    public = {fw(c).name for c in state.hands[other]} | {fw(c).name for c in state.fw_discard}
    if state.combat is not None:
        public |= {fw(c).name for _, c in state.combat.fw_cards}
        if state.combat.bids:
            public |= {fw(c).name for c in state.combat.bids[other]}
    return mine - public


async def test_a_hot_seat_game_by_keys_and_no_hand_is_ever_seen_by_the_other(tmp_path):
    """Two humans play a whole game (pool limit 3) with Enter on the top action; every time the
    other player is at the screen, nothing on it names a card only the first may know."""
    seats = (SeatInfo("Player 1"), SeatInfo("Player 2"))
    s = Session.from_record(new_record("objectives", {"pool_limit": 3}, 2, seats, 5))
    app = make_app(tmp_path, session=s)
    checked = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        screen = next(s for s in app.screen_stack if isinstance(s, ObjectivesScreen))
        for _ in range(400):
            if screen.session.over:
                break
            if isinstance(app.screen, HandOffScreen):
                await pilot.press("enter")
                await pilot.pause()
                continue
            if not screen.ready or screen.busy:
                await pilot.pause()
                continue
            if screen.banner.held:  # how a fight this player was in ended: Enter carries on
                await pilot.press("enter")
                continue
            me = screen.session.to_move
            secret = private_names(screen.session.state, 1 - me, me)
            text = screen_text(app)
            # cards are drawn with their names shortened: look for the first nine letters
            assert not any(name[:9] in text for name in secret), (me, secret)
            assert screen.query_one(CardTableau).view.seat == me
            checked += 1
            moves = len(screen.session.actions)
            await pilot.press("enter")
            await wait_until(pilot, lambda m=moves: len(screen.session.actions) > m
                             or isinstance(app.screen, HandOffScreen))  # fmt: skip
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
    assert screen.session.over and checked > 10


def test_every_fw_card_type_has_a_short_face():
    from tui.widgets.card_tableau import SPECIAL_PHRASE, short

    for kind in FW_TYPES:
        assert len(short(kind.name, 13)) <= 13
        assert kind.combat or kind.special in SPECIAL_PHRASE


async def test_the_pool_shows_effective_scores_and_the_goal_is_on_screen(tmp_path):
    app = make_app(tmp_path, session=pool_of_four())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        text = screen_text(app)
        from core.objectives import rules as R
        from core.objectives.cards import objective

        for card, _ in screen.session.state.pool:
            name = objective(card).name
            assert name[:10] in text
            assert f"={R.effective_score(screen.session.state, card)}" in text or "NVA " in text
        assert "Team" in str(screen.query_one("#goal-line").render())
        tableau = screen.query_one(CardTableau)
        for card, _ in screen.session.state.pool:  # each objective is a place on the tableau
            assert tableau.box_of(("pool", card)) is not None


def test_the_story_tells_a_fight_in_the_logs_words_lit_on_its_objective_and_coloured():
    """The "since your last move" lines of a fight come from the events' kinds: the objective
    attacked is the place a line lights; a taken objective is good news, an overrun and an
    objective that holds are bad news (OV-4.6, OV-4.4, OV-5.1)."""
    from core.objectives.state import MAIN
    from tests.objectives.helpers import Cards, bid_round, play, table

    def fight(hand, nva_top):
        cards = Cards()
        target = cards.obj("bienhoa")
        s = table(cards, pool=[(target, 0)], hands=[cards.hand(*hand), ()], phase=MAIN,
                  nva_top=[cards.nva(k) for k in nva_top])  # fmt: skip
        s = play(s, ("attack", target), ("continue",))
        after = bid_round(s, hand, [])
        teller = ObjectivesTeller(None, lambda seat: f"Player {seat + 1}")
        lines = [line for e in after.events for line in teller.event(e, None, None)]
        return target, {(line.text.split(" ")[0], line.places, line.style) for line in lines}

    target, won = fight(["airborne"], ["infantry"])
    assert ("Player", (("pool", target),), "gain") in won  # "Player 1 took Bien Hoa: ..."
    assert ("Bids", (), "") in won and ("NVA", (), "") in won  # bids and the NVA card revealed
    target, lost = fight(["rf"], ["infantry"])
    assert ("Bien", (("pool", target),), "loss") in lost  # "Bien Hoa holds (overrun): ..."
    assert ("NVA", (), "loss") in lost  # "NVA 3 against Free World 1: overrun!"


async def test_the_status_line_offers_what_the_list_offers(tmp_path):
    """In the main phase the status line names what the player may do: here only the end of
    the turn (no objective may be attacked, no special played), as the action list shows."""
    only_end = lambda s: s.phase == "main" and {a[0] for a in GAME.legal_actions(s)} == {"end"}  # noqa: E731
    app = make_app(tmp_path, session=session(1, 2, rules_line(1, 2, only_end)))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        status = str(screen.query_one("#status-line").render())
        assert status.endswith("· end turn") and "attack" not in status
