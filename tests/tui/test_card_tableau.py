"""The card tableau as a Board: each display attribute redraws only the lines it changes, the
cursor walks the hand and the pool's objectives, the keys scroll where there is nowhere to go,
and the Objectives screen routes the tableau's selection by its id."""

from __future__ import annotations

from dataclasses import replace

from textual.app import App, ComposeResult

from core.objectives import GAME
from tests.tui.helpers import make_app, started
from tests.tui.test_objectives_screen import mid_bid, pool_of_four
from tui.screens.objectives import ObjectivesScreen
from tui.widgets.board import Board
from tui.widgets.card_tableau import CardTableau

NAMES = ("Player 1 (you)", "Player 2", "Player 3")


class TableauApp(App):
    """The tableau alone, showing `view`; the keys it lets through are noted."""

    BINDINGS = [("left", "passed('left')"), ("enter", "passed('enter')")]

    def __init__(self, view) -> None:
        super().__init__()
        self.view = view
        self.chosen: list = []
        self.passed: list[str] = []

    def action_passed(self, key: str) -> None:
        self.passed.append(key)

    def compose(self) -> ComposeResult:
        yield CardTableau(id="tableau")

    def on_mount(self) -> None:
        tableau = self.query_one(CardTableau)
        tableau.names = NAMES[: self.view.players]
        tableau.view = self.view

    def on_board_selected(self, message: Board.Selected) -> None:
        self.chosen.append(message.place)


def fight_view(seat=0):
    """Three seats in a fight, Player 1 bidding: the pool, the fight, the seats, a hand."""
    return GAME.observe(mid_bid().state, seat)


async def rendered(pilot) -> CardTableau:
    tableau = pilot.app.query_one(CardTableau)
    await pilot.pause()
    for y in range(len(tableau._drawn)):  # every line rendered once
        tableau.render_line(y - tableau.scroll_offset.y)
    assert None not in tableau._strip_cache
    return tableau


def redrawn(tableau) -> set[int]:
    return {y for y, strip in enumerate(tableau._strip_cache) if strip is None}


def rows_of(tableau, *places) -> set[int]:
    return set().union(*(tableau._rows_of[place] for place in places))


def text_of(tableau, y: int) -> str:
    return "".join(run.text for run in tableau._drawn[y])


async def test_lighting_an_objective_or_a_seat_restyles_only_where_it_is_drawn():
    view = fight_view()
    async with TableauApp(view).run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        target = ("pool", view.combat.target)
        tableau.lit = {target}
        assert redrawn(tableau) == rows_of(tableau, target) and len(rows_of(tableau, target)) >= 5
        await rendered(pilot)
        tableau.changed = {("seat", 2)}  # its name in the bids and in the seats row
        rows = redrawn(tableau)
        assert len(rows) == 2 and all("Player 3" in text_of(tableau, y) for y in rows)
        await rendered(pilot)
        tableau.changed = {("seat", 2)}  # the same again: nothing to do
        assert redrawn(tableau) == set()


async def test_the_cursor_and_the_selection_restyle_the_cards_they_leave_and_enter():
    view = fight_view()
    async with TableauApp(view).run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        strongest = tableau.cursor
        assert strongest[0] == "hand"  # the cursor starts on your strongest card
        objective = ("pool", view.combat.target)
        tableau.cursor = objective
        assert redrawn(tableau) == rows_of(tableau, strongest, objective)
        await rendered(pilot)
        tableau.selected = objective
        assert redrawn(tableau) == rows_of(tableau, objective)


async def test_a_new_view_redraws_only_the_lines_that_differ():
    view = fight_view()
    async with TableauApp(view).run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        sizes = list(view.hand_sizes)
        sizes[1] += 1  # Player 2 drew a card: only their line in the seats row says so
        tableau.view = replace(view, hand_sizes=tuple(sizes))
        (y,) = redrawn(tableau)
        assert text_of(tableau, y).startswith("  Player 2") and "hand ▒▒▒▒▒ 5" in text_of(
            tableau, y
        )


async def test_new_names_redraw_the_lines_that_name_the_seat():
    view = fight_view()
    async with TableauApp(view).run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        tableau.names = ("Player 1 (you)", "Player 2", "Zed")
        rows = redrawn(tableau)
        assert rows and rows == {
            y for y in range(len(tableau._drawn)) if "Zed" in text_of(tableau, y)
        }


async def test_compact_turns_the_pool_into_chips_and_keeps_the_score_bars():
    view = fight_view()
    async with TableauApp(view).run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        bars = tableau._strip_cache[:2]
        objective = ("pool", view.combat.target)
        assert len(rows_of(tableau, objective)) >= 5  # a boxed card
        tableau.compact = True
        assert tableau._strip_cache[:2] == bars  # the same strips: not drawn again
        (y,) = rows_of(tableau, objective)  # a one-line chip
        assert y in redrawn(tableau) and text_of(tableau, y).startswith("[⚔ ")


async def test_left_and_right_walk_the_hand_up_goes_to_the_pool_and_enter_selects():
    view = fight_view()
    app = TableauApp(view)
    async with app.run_test(size=(100, 60)) as pilot:
        tableau = await rendered(pilot)
        tableau.focus()
        hand = [p for p in tableau.box_places() if p[0] == "hand"]
        assert len(hand) >= 2 and tableau.cursor == hand[0]
        await pilot.press("right")
        assert tableau.cursor == hand[1]
        await pilot.press("left", "left")  # round from the first card to the last
        assert tableau.cursor == hand[-1]
        await pilot.press("up", "enter")
        await pilot.pause()
        assert app.chosen == [("pool", view.combat.target)]


async def test_with_no_hand_on_screen_the_arrows_scroll_and_the_rest_goes_on_to_the_screen():
    view = fight_view(seat=None)  # a spectator's view: nothing to point at
    app = TableauApp(view)
    async with app.run_test(size=(100, 12)) as pilot:
        tableau = await rendered(pilot)
        tableau.focus()
        assert tableau.cursor is None
        await pilot.press("down", "down", "down", "up", "left", "enter")
        await pilot.pause()
        assert tableau.scroll_offset.y == 2
        assert app.passed == ["left", "enter"] and app.chosen == []


async def test_up_from_the_pool_scrolls_to_the_score_bars():
    app = TableauApp(fight_view())
    async with app.run_test(size=(100, 12)) as pilot:
        tableau = await rendered(pilot)
        tableau.focus()
        await pilot.press("down")  # nothing under your hand: the tableau scrolls down
        assert tableau.cursor[0] == "hand" and tableau.scroll_offset.y == 1
        tableau.scroll_end(animate=False)
        await pilot.pause()
        await pilot.press("up")  # to the objective, scrolled into sight at the top
        top = tableau.box_of(tableau.cursor)[2]
        assert tableau.cursor[0] == "pool" and tableau.scroll_offset.y == top > 0
        for _ in range(top):
            await pilot.press("up")
        assert tableau.cursor[0] == "pool" and tableau.scroll_offset.y == 0


async def test_the_screen_narrows_the_picker_to_the_objective_selected_on_the_tableau(tmp_path):
    app = make_app(tmp_path, session=pool_of_four())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, ObjectivesScreen)
        tableau = screen.query_one("#tableau", CardTableau)
        await pilot.press("ctrl+t", "up")
        place = tableau.cursor
        assert place[0] == "pool"
        await pilot.press("enter")
        await pilot.pause()
        about = [a for a in screen.session.legal() if a[1:] == (place[1],)]
        assert ("attack", place[1]) in about  # (and pacify it, with tokens on it)
        assert screen.picker.shown_actions == about
        await pilot.press("escape")
        assert len(screen.picker.shown_actions) == len(screen.session.legal())


def test_cards_break_a_long_name_over_two_lines_and_grow_with_the_width():
    from tui.widgets.card_tableau import card_width, name_lines

    assert name_lines("Operation Rolling Thunder", 18) == ["Operation Rolling", "Thunder"]
    assert name_lines("US Embassy, Saigon", 18) == ["US Embassy, Saigon"]
    assert name_lines("Gulf of Tonkin Incident", 12) == ["Gulf of", "Tonkin Inc."]
    assert card_width(47, 20, 26) == 23  # two cards share a narrow board
    assert card_width(67, 20, 26) == 21  # three a wider one
    assert card_width(30, 20, 26) == 26  # and no card grows past its widest


async def test_a_tableau_names_every_card_whole_and_a_seat_row_ends_with_what_it_took():
    from core.objectives.cards import fw, objective

    view = fight_view()
    view = replace(view, taken=((view.pool[0][0],), (), ()), scores=(1, 0, 0))
    async with TableauApp(view).run_test(size=(67, 60)) as pilot:
        tableau = await rendered(pilot)
        text = "\n".join(text_of(tableau, y) for y in range(len(tableau._drawn)))
        words = " ".join(text.replace("│", " ").split())
        for card, _ in view.pool:
            assert objective(card).name in words
        for card in view.hand:
            assert fw(card).name in words
        (row,) = [y for y in rows_of(tableau, ("seat", 0)) if "hand ▒" in text_of(tableau, y)]
        size = view.hand_sizes[0]
        assert f"1 pt  hand {'▒' * size} {size}  took" in text_of(tableau, row)  # a long list
        assert f"took {objective(view.pool[0][0]).name}" in words  # wraps after the hand
