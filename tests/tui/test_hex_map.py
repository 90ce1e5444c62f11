"""The Conquer hex map on the Board base, on the real game screen: each reactive attribute
restyles or redraws only the rows of the hexes it concerns, hjkl walk the hexes as the arrows
do, and the screen routes the map's messages by its id."""

from __future__ import annotations

from core.conquer import GAME
from core.conquer.hexes import board
from tests.tui.helpers import make_app, started, wait_until
from tests.tui.test_conquer_screen import contested, session


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


# --- reading the map ---------------------------------------------------------------------------


def text_of(hex_map, place) -> str:
    """Everything written inside one hex, row by row."""
    return " ".join(
        "".join(run.text for run in line if run.place == place) for line in hex_map._drawn
    ).strip()


async def test_every_hex_carries_its_number_on_a_map_that_fits_its_pane(tmp_path):
    """OC-H11: on a wide screen each cell prints its number, as a printed wargame map does."""
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(160, 50)) as pilot:
        screen, hex_map = await the_map(pilot)
        b = board(screen.session.state.radius)
        assert hex_map.hex_layout.shape.name == "large"
        for h in range(b.size):
            assert b.label(h) in text_of(hex_map, ("hex", h))
        headings = "".join(run.text for run in hex_map._drawn[0])
        assert headings.split() == [f"{c:02d}" for c in range(1, 12)]


async def test_a_contested_hex_shows_each_administrators_strength(tmp_path):
    position = contested(2, 2)()
    s = position.state
    shared = next(h for h in range(len(s.terrain)) if len({c.owner for c in s.chits
                                                           if c.hex == h}) > 1)  # fmt: skip
    for size in ((160, 50), (120, 40)):
        app = make_app(tmp_path / f"{size[0]}", session=contested(2, 2)())
        async with app.run_test(size=size) as pilot:
            _, hex_map = await the_map(pilot)
            inside = text_of(hex_map, ("hex", shared))
            for owner in (0, 1):
                points = sum(c.points for c in s.chits if c.hex == shared and c.owner == owner)
                assert f"{'AB'[owner]}{points}" in inside.replace(" ", "")


async def test_an_order_on_a_castle_hex_shows_beside_the_castle(tmp_path):
    position = contested(2, 2)()
    s = position.state
    castles = {c.hex: c for c in s.castles}
    order = next(o for o in s.orders if o.hex in castles)
    app = make_app(tmp_path, session=position)
    async with app.run_test(size=(120, 40)) as pilot:
        _, hex_map = await the_map(pilot)
        inside = text_of(hex_map, ("hex", order.hex))
        assert f"■{castles[order.hex].points}" in inside
        assert any(arrow in inside for arrow in "↑↗↘↓↙↖*")


async def test_at_80x24_the_map_opens_on_the_players_administrator_and_pages(tmp_path):
    app = make_app(tmp_path, session=session(1, 6))
    async with app.run_test(size=(80, 24)) as pilot:
        screen, hex_map = await the_map(pilot)
        home = ("hex", screen.session.state.admins[0])
        assert hex_map.cursor == home
        x0, x1, y0, y1 = hex_map.box_of(home)
        top, left = hex_map.scroll_offset.y, hex_map.scroll_offset.x
        assert top <= y0 and y1 < top + hex_map.scrollable_content_region.height
        assert left <= x0 and x1 < left + hex_map.scrollable_content_region.width
        hex_map.focus()
        await pilot.press("pageup")
        assert hex_map.scroll_offset.y < top  # PageUp pans the map up
        await pilot.press("down")  # the cursor comes back into sight as it moves
        await pilot.pause()
        x0, x1, y0, y1 = hex_map.box_of(hex_map.cursor)
        top = hex_map.scroll_offset.y
        assert top <= y0 and y1 < top + hex_map.scrollable_content_region.height
