"""The Board base: reactive display state, rows restyled only where their places are drawn,
messages a screen can route by the board's id."""

from __future__ import annotations

from textual import on
from textual.app import App, ComposeResult

from tui.widgets.board import Board, Run

CELLS = [[("cell", 3 * r + c) for c in range(3)] for r in range(3)]


class Grid(Board):
    """A 3x3 board, a place a cell, with a title row above: the smallest board there is."""

    COMPONENT_CLASSES = {"board--title"}

    def draw(self, width: int, height: int) -> list[list[Run]]:
        lines = [[Run(f"view {self.view}", "title")]]
        for row in CELLS:
            line = []
            for place in row:
                line += [Run(f"[{place[1]}]", "", place), Run(" ")]
            lines.append(line)
        return lines


class GridApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.chosen: list = []

    def compose(self) -> ComposeResult:
        yield Grid(id="grid")

    def on_mount(self) -> None:
        self.query_one(Grid).view = 1

    @on(Board.Selected, "#grid")
    def chosen_on_the_grid(self, message: Board.Selected) -> None:
        self.chosen.append((message.control.id, message.place))

    @on(Board.Confirmed, "#grid")
    def confirmed_on_the_grid(self, message: Board.Confirmed) -> None:
        self.chosen.append(("confirmed", message.place))


async def rendered(pilot) -> Grid:
    grid = pilot.app.query_one(Grid)
    await pilot.pause()
    for y in range(len(grid._drawn)):  # every row rendered once
        grid.render_line(y)
    return grid


def cached(grid) -> list:
    return list(grid._strip_cache)


async def test_lighting_a_place_restyles_only_its_row():
    async with GridApp().run_test(size=(40, 10)) as pilot:
        grid = await rendered(pilot)
        before = cached(grid)
        grid.lit = {("cell", 4)}  # the middle row
        after = cached(grid)
        assert [y for y, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b] == [2]
        assert after[2] is None  # to be rendered again, with its new look
        grid.lit = {("cell", 4)}  # the same again: nothing to do
        assert cached(grid)[0] is before[0]


async def test_moving_the_cursor_restyles_the_rows_it_leaves_and_enters():
    async with GridApp().run_test(size=(40, 10)) as pilot:
        grid = await rendered(pilot)
        assert grid.cursor == ("cell", 0)  # the first place a cursor may visit
        before = cached(grid)
        grid.cursor = ("cell", 7)
        after = cached(grid)
        assert [y for y, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b] == [
            1,
            3,
        ]


async def test_a_new_view_redraws_only_the_rows_that_differ():
    async with GridApp().run_test(size=(40, 10)) as pilot:
        grid = await rendered(pilot)
        before = cached(grid)
        grid.view = 2  # only the title row says the view
        after = cached(grid)
        assert after[0] is None and all(a is b for a, b in zip(before[1:], after[1:], strict=True))


async def test_the_arrows_move_the_cursor_and_enter_selects_for_the_screen():
    app = GridApp()
    async with app.run_test(size=(40, 10)) as pilot:
        grid = await rendered(pilot)
        grid.focus()
        await pilot.press("right", "down", "enter")
        assert grid.cursor == ("cell", 4) and grid.selected == ("cell", 4)
        await pilot.press("enter")  # again: the place is confirmed (the screen plays its action)
        await pilot.press("escape")  # Esc clears the selection
        await pilot.pause()
        assert app.chosen == [("grid", ("cell", 4)), ("confirmed", ("cell", 4)), ("grid", None)]


async def test_a_click_selects_the_place_under_it():
    app = GridApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await rendered(pilot)
        await pilot.click(Grid, offset=(1 + 4 * 2 + 1, 1))  # padding, then the first row's third
        await pilot.pause()
        assert app.chosen == [("grid", ("cell", 2))]


async def test_the_region_map_draws_the_players_view_and_lights_what_it_is_given(tmp_path):
    from tests.tui.helpers import SIZE, make_app, started
    from tests.tui.test_solitaire_screen import session_after
    from tui.widgets.region_map import RegionMap

    app = make_app(tmp_path, session=session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        while not isinstance(app.screen, type(screen)):
            await pilot.press("escape")
        region_map = screen.query_one(RegionMap)
        assert region_map.view.state.dice is None  # a view: the dice seed is not in it
        hue_34 = ("area", 1)
        rows = region_map._rows_of[hue_34]
        region_map.lit = ()  # (the highlighted action's places were lit)
        for y in range(len(region_map._drawn)):
            region_map.render_line(y)
        region_map.lit = {hue_34}
        assert {y for y, s in enumerate(region_map._strip_cache) if s is None} == rows
