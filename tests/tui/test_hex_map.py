"""The Conquer hex map on the Board base, on the real game screen: each reactive attribute
restyles or redraws only the rows of the hexes it concerns, hjkl walk the hexes as the arrows
do, and the screen routes the map's messages by its id."""

from __future__ import annotations

from core.conquer import GAME
from core.conquer.hexes import board
from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_conquer_screen import session


def hex_at(s, h: int, direction: int) -> tuple:
    return ("hex", board(s.radius).neighbours[h][direction])


async def the_map(pilot):
    """The screen and its map with every row rendered once, nothing lit or changed."""
    screen = await started(pilot)
    hex_map = screen.hex_map
    hex_map.lit = hex_map.changed = ()
    await pilot.pause()
    for y in range(len(hex_map._drawn)):
        hex_map.render_line(y - hex_map.scroll_offset.y)
    assert all(strip is not None for strip in hex_map._strip_cache)
    return screen, hex_map


def redrawn(hex_map) -> set[int]:
    return {y for y, strip in enumerate(hex_map._strip_cache) if strip is None}


def rows(hex_map, *places) -> set[int]:
    return set().union(*(hex_map._rows_of[place] for place in places))


async def test_lighting_changing_and_selecting_a_hex_restyles_only_its_rows(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        home = ("hex", s.admins[0])
        far = hex_at(s, s.admins[1], 3)  # south of the other Administrator
        assert rows(hex_map, home).isdisjoint(rows(hex_map, far))
        hex_map.lit = {far}
        assert redrawn(hex_map) == rows(hex_map, far)
        for y in redrawn(hex_map):
            hex_map.render_line(y)
        hex_map.lit = {far}  # the same again: nothing to draw
        assert redrawn(hex_map) == set()
        hex_map.changed = {home}
        assert redrawn(hex_map) == rows(hex_map, home)


async def test_the_cursor_and_the_selection_restyle_the_rows_they_leave_and_enter(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        home = ("hex", s.admins[0])
        assert hex_map.cursor == home  # the cursor starts on your Administrator
        north = hex_at(s, s.admins[0], 0)
        hex_map.cursor = north
        assert redrawn(hex_map) == rows(hex_map, home, north)
        for y in redrawn(hex_map):
            hex_map.render_line(y)
        hex_map.selected = north
        assert redrawn(hex_map) == rows(hex_map, north)


async def test_destinations_redraw_only_their_hexes_with_their_cost(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        far = hex_at(s, s.admins[1], 3)  # undiscovered, empty
        hex_map.destinations = {far: "$4"}
        assert redrawn(hex_map) == rows(hex_map, far)
        x0, _, _, y1 = hex_map.box_of(far)
        bottom = "".join(run.text for run in hex_map._drawn[y1])
        assert bottom[x0 : x0 + 4] == "$4  "


async def test_a_move_redraws_only_the_rows_of_the_hexes_it_changed(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        move = next(a for a in screen.session.legal() if a[0] == "move")
        source, target = (("hex", h) for h in GAME.places_of(s, move))
        hex_map.view = GAME.observe(GAME.apply(s, move), 0)
        assert redrawn(hex_map)
        assert redrawn(hex_map) <= rows(hex_map, source, target)
        assert rows(hex_map, target) <= redrawn(hex_map)  # explored: its terrain shows


async def test_hjkl_walk_the_hexes_as_the_arrows_do(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        home = s.admins[0]
        await pilot.press("ctrl+t")
        # right: NE and SE sit as near on screen, NE comes first; left: NW
        for key, arrow, direction in (
            ("k", "up", 0),
            ("j", "down", 3),
            ("l", "right", 1),
            ("h", "left", 5),
        ):
            await pilot.press(key)
            assert hex_map.cursor == hex_at(s, home, direction)
            hex_map.cursor = ("hex", home)
            await pilot.press(arrow)
            assert hex_map.cursor == hex_at(s, home, direction)
            hex_map.cursor = ("hex", home)


async def test_the_screen_routes_the_maps_messages_by_its_id(tmp_path):
    """`@on(Board.Selected, "#hex-map")`: a hex selected on the map narrows the picker;
    `@on(HexMap.DestinationChosen, "#hex-map")`: a destination plays its move."""
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen, hex_map = await the_map(pilot)
        s = screen.session.state
        home = ("hex", s.admins[0])
        hex_map.select(home)  # posts Board.Selected with the map as its control
        await wait_until(pilot, lambda: screen.picker.narrowed)
        shown = screen.picker.shown_actions
        assert shown and all(home[1] in GAME.places_of(s, a) for a in shown)
        await wait_until(pilot, lambda: screen._destinations)
        target, action = next(iter(screen._destinations.items()))
        before = len(screen.session.actions)
        hex_map.post_message(hex_map.DestinationChosen(hex_map, target))
        await wait_until(pilot, lambda: len(screen.session.actions) > before)
        assert screen.session.actions[before] == action
