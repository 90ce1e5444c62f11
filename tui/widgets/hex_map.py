"""Objective: Conquer's hex map: fog, terrain, castles, caves, armies, Administrators, natives,
pending orders, control, and where a selected army can go.

A `Board` (tui/widgets/board.py): it draws the seat's view (`view`, a `ConquerView`; Conquer
hides nothing, OC-Q80), and the cursor, the selection, the lit and the changed places come from
the base. Every hex is a place, `("hex", h)` with h the hex's index on `core.conquer.hexes.board`
(the places the events carry): the arrows or hjkl move a cursor over them (up and down to the N
and S neighbours, left and right to the neighbour in the next column nearest on screen), Enter or
a click selects one and the screen narrows the action picker to it. The screen may give
`destinations` (hex -> a short cost label): they are drawn amber with their cost, and Enter or a
click on one posts `HexMap.DestinationChosen`. The widget never changes the game.

Every hex is an outlined cell (tui/widgets/hexgeo.py), filled with its terrain's colour, and
carries its number as a printed wargame map does (OC-H11: "0304", column then row; the column
numbers run along the top). Inside a large cell (chosen when the whole map's width fits the
pane): the number; the terrain's two letters (`Fa` Farmland, `Wo` Woods, `De` Desert, `Mo`
Mountain, `Ri` River, `Me` Meadow; `░` unexplored) and what stands there (a castle `■3` in its
owner's colour, a cave `◇` or a mine `◆`, a terrain change under way `~`, a pending order's
arrow `↗` in its player's colour); then who is there: each Administrator's armies by letter and
total points (`A9 B7` on a contested hex, in the owners' colours), natives `n4`, the
Administrator `@`, on the owner's tint when the hex is controlled. A small cell has the terrain
row, then who is there or, on an empty hex, its number, on the cell's bottom edge. The colours
are fixed Rich styles made from the constants here (`FIXED_STYLES`: no theme changes a terrain
or an owner; the owners' Okabe-Ito colours are the screen's too), the outlines and column
numbers take the theme's muted text colour, and every colour-coded thing also has a letter or a
symbol, so the map reads without colour (and NO_COLOR takes them all away). The cursor, the
selection, the lit and the changed hexes are marked with text attributes only (reverse or
underline, bold, italic), so the terrain's colour always shows.
"""

from __future__ import annotations

from functools import cache
from itertools import groupby
from operator import itemgetter

from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.reactive import reactive

from core.conquer.hexes import DIRECTIONS, board
from core.conquer.tables import TERRAIN_LETTERS
from tui.widgets.board import Board, Marks, Place, PlaceMessage, Run
from tui.widgets.hexgeo import SMALL, HexLayout, layout_for

# Okabe-Ito colours, one an Administrator, with a dark tint for the hexes they control
OWNER_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#D55E00", "#CC79A7", "#F0E442")
OWNER_TINTS = ("#4a3300", "#1c3a4b", "#00352a", "#4a2000", "#47283a", "#4a4714")
OWNER_LETTERS = "ABCDEF"
TERRAIN_COLOURS = {
    "Farmland": "#8a7a2e",
    "Woods": "#1e4d2b",
    "Desert": "#8c6a43",
    "Mountain": "#5c5c5c",
    "River": "#27548a",
    "Meadow": "#5e7d2f",
}
FOG = "#2a2a2a"
DESTINATION = "#ffd27a"
ARROWS = ("↑", "↗", "↘", "↓", "↙", "↖")  # the OC-H2 directions N NE SE S SW NW
LEGEND = (
    "0304 hex number (column 03, row 04) · Fa Farmland · Wo Woods · De Desert · Mo Mountain · "
    "Ri River · Me Meadow · ░ unexplored · ■3 castle of 3 points · ◇ cave · ◆ mine · "
    "~ terrain changing · ↗ order on its way · A9 Administrator A's armies, 9 points · "
    "@ Administrator · n4 natives of strength 4 · tint: controlled · amber: where the army "
    "can go · beside: ⚔ army ■ castle ★ score"
)


def _stylesheet() -> str:
    """The marks (as text attributes: a background would hide the terrain) and the map's
    theme-coloured parts; every other colour is in `FIXED_STYLES`."""
    return "\n".join(
        [
            "HexMap { padding: 0; }",  # the outlines are the margin
            "HexMap:focus { background: $boost; }",
            "HexMap > .board--cursor { background: transparent; text-style: underline; }",
            "HexMap:focus > .board--cursor { background: transparent; color: transparent;"
            " text-style: reverse; }",
            "HexMap > .board--selected { background: transparent; color: transparent;"
            " text-style: bold underline; }",
            "HexMap > .board--lit { color: transparent; text-style: underline; }",
            "HexMap > .board--changed { background: transparent; text-style: italic; }",
            "HexMap > .board--edge { color: $text-muted; }",
            "HexMap > .board--heading { color: $text-muted; }",
        ]
    )


def _fixed_styles() -> dict[str, Style]:
    """The colours no theme changes, by the name a run's classes give them: the terrains', the
    fog's, the owners' and their tints, the labels' (made once from the constants above: as
    component classes Textual would style each of them again whenever it styles the map)."""
    styles = {
        "code": Style(color="#f0f0f0", bold=True),  # the terrain's two letters
        "symbol": Style(color="#ffffff", bold=True),  # a feature, natives
        "units": Style(),  # the bottom row of a hex (where a destination shows)
        "destination": Style(bgcolor=DESTINATION),
        "cost": Style(color="#000000", bold=True),  # a destination's cost
        "label": Style(color="#d8d8d8"),  # a hex's number
        "bottom": Style(underline=True),  # the row of a small cell on its bottom edge
        "fog": Style(color="#6a6a6a", bgcolor=FOG),  # an unexplored hex
    }
    for name, colour in TERRAIN_COLOURS.items():
        styles[name.lower()] = Style(bgcolor=colour)
    for letter, colour, tint in zip(OWNER_LETTERS, OWNER_COLOURS, OWNER_TINTS, strict=True):
        styles[f"owner-{letter.lower()}"] = Style(color=colour, bold=True)
        styles[f"tint-{letter.lower()}"] = Style(bgcolor=tint)
    return styles


class HexMap(Board):
    COMPONENT_CLASSES = Board.COMPONENT_CLASSES | {
        "board--edge",  # the hexes' outlines
        "board--heading",  # the column numbers above the map
    }
    FIXED_STYLES = _fixed_styles()
    DEFAULT_CSS = _stylesheet()
    CURSOR_ON_RESIZE = "middle"  # a map larger than its pane opens around the Administrator
    BINDINGS = [  # hjkl beside the base's arrows
        Binding("k", "move(0,-1)", "Up", show=False, id="hexmap.up"),
        Binding("j", "move(0,1)", "Down", show=False, id="hexmap.down"),
        Binding("h", "move(-1,0)", "Left", show=False, id="hexmap.left"),
        Binding("l", "move(1,0)", "Right", show=False, id="hexmap.right"),
    ]

    destinations: reactive[dict[Place, str]] = reactive(dict, repaint=False, init=False)

    class DestinationChosen(PlaceMessage):
        """The player chose one of the destinations (Enter or a click on it)."""

    # --- the geometry ------------------------------------------------------------------------

    @property
    def hex_layout(self) -> HexLayout:
        """Where each hex is drawn: the largest cell shape whose map fits the board's width
        (the small one when compact), below a line of column numbers."""
        width = self.scrollable_content_region.width
        return layout_for(self.view.state.radius, 0 if self.compact else width, top=1)

    def start(self) -> Place:
        """The viewer's Administrator's hex (else the first Administrator's)."""
        admins = self.view.state.admins
        seat = self.view.seat
        if seat is not None and 0 <= seat < len(admins) and admins[seat] is not None:
            return ("hex", admins[seat])
        return ("hex", next((h for h in admins if h is not None), 0))

    def neighbour(self, place: Place, dx: int, dy: int) -> Place:
        """Up and down go to the N and S neighbours; left and right to the neighbour in the
        next column that sits nearest on screen (NW or SW, NE or SE)."""
        if place is None:
            return self.start()
        b = board(self.view.state.radius)
        q, r = b.coords[place[1]]
        if dy:
            dq, dr = DIRECTIONS[0] if dy < 0 else DIRECTIONS[3]
            options = [(q + dq, r + dr)]
        else:
            pair = (DIRECTIONS[5], DIRECTIONS[4]) if dx < 0 else (DIRECTIONS[1], DIRECTIONS[2])
            options = [(q + dq, r + dr) for dq, dr in pair]
            layout = self.hex_layout
            _, y = layout.cell(q, r)
            options.sort(key=lambda c: abs(layout.cell(*c)[1] - y))
        return next((("hex", b.index[c]) for c in options if c in b.index), None)

    # --- destinations ------------------------------------------------------------------------

    def validate_destinations(self, destinations) -> dict[Place, str]:
        return dict(destinations or {})

    def watch_destinations(self, old: dict, new: dict) -> None:
        self._lay_out()  # a cost label is in the drawing
        self._restyle(old.keys() | new.keys())

    def decorate(self, run: Run, marks: Marks) -> str:
        place = run.place
        extra = []
        if place in self.destinations and "units" in run.style.split():
            extra.append("destination")
        # the marks are text attributes, so they add up: the cursor shows on the selected hex
        # too, and a lit hex that changed is both underlined and italic
        if place == marks.selected == marks.cursor:
            extra.append("cursor")
        if place in marks.lit and place in marks.changed:
            extra.append("changed")
        return " ".join(extra)

    def action_select(self) -> None:
        if self.cursor in self.destinations:
            self.post_message(self.DestinationChosen(self, self.cursor))
            return
        super().action_select()

    def on_click(self, event: events.Click) -> None:
        place = self.place_at(event.x, event.y)
        if place in self.destinations:
            event.prevent_default()  # a destination is chosen, not selected (the base's click)
            self.focus()
            self.cursor = place
            self.post_message(self.DestinationChosen(self, place))

    # --- drawing -----------------------------------------------------------------------------

    def draw(self, width: int, height: int) -> list[list[Run]]:
        """The column numbers, then every hex: its outline, then the text inside it."""
        s = self.view.state
        b = board(s.radius)
        layout = self.hex_layout
        canvas = Canvas.over(_outlines(layout))
        facts = _facts(s)
        small = layout.shape is SMALL
        for h, (q, r) in enumerate(b.coords):
            place = ("hex", h)
            rows = self._inside(h, facts, b.label(h), small)
            for (x, y, slot_w), (pieces, fill) in zip(layout.slots(q, r), rows, strict=True):
                for text, style in _fit(pieces, slot_w, fill):
                    canvas.put(x, y, text, style, place)
                    x += len(text)
        return canvas.lines()

    def _inside(self, h: int, facts: dict, label: str, small: bool):
        """The rows of text inside hex h, each a list of (text, component classes) pieces and
        the classes of the row's background (fitted to the row's width by `_fit`): in a large
        cell its number, then its
        terrain and features, then who is there; in a small one the terrain row, then who is
        there or, on an empty hex, its number (on the hex's bottom edge, underlined)."""
        s = self.view.state
        terrain = s.terrain[h]
        ground = "fog" if terrain is None else terrain.lower()
        cost = self.destinations.get(("hex", h))
        if terrain is None:
            land = [("░" * 8, "fog")]
        else:
            land = [(TERRAIN_LETTERS[terrain], f"{ground} code"), *self._features(h, facts, ground)]
        units, tint = self._units(h, facts, ground)
        if cost is not None and not units:  # a destination shows its cost where there is room
            units = [(cost, f"{ground} cost")]
        under = f"{tint} bottom units" if small else f"{tint} units"
        if small and not units:
            units = [(label, "label")]
        who = ([(text, f"{style} {under}") for text, style in units], under)
        if small:
            return [(land, ground), who]
        return [([(label.center(6), f"{ground} label")], ground), (land, ground), who]

    def _features(self, h: int, facts: dict, ground: str) -> list[Piece]:
        """What stands on a known hex: a castle with its points in its owner's colour, a cave
        or a mine, a terrain change under way, a pending order's arrow in its player's colour."""
        out = []
        castle = facts["castles"].get(h)
        if castle is not None:
            out.append((f"■{castle.points}", f"{ground} {_owner(castle.owner)}"))
        cave = facts["caves"].get(h)
        if cave is not None:
            out.append(("◆" if cave == "mine" else "◇", f"{ground} symbol"))
        if h in self.view.state.changing:
            out.append(("~", f"{ground} symbol"))
        order = facts["orders"].get(h)
        if order is not None:
            arrow, player = order
            out.append((arrow, f"{ground} {_owner(player)}"))
        return out

    def _units(self, h: int, facts: dict, ground: str) -> tuple[list[Piece], str]:
        """Who is on hex h (each Administrator's armies with their total points, natives with
        their strength, the Administrators' marks) and the row's background: the owner's tint
        on a controlled hex, else the terrain's."""
        armies = facts["armies"].get(h, {})
        owners = sorted(armies)
        out = [(f"{OWNER_LETTERS[p]}{armies[p]}", _owner(p)) for p in owners]
        native = facts["natives"].get(h)
        if native:
            out.append((f"n{native}", "symbol"))
        out += [("@", _owner(p)) for p in facts["admins"].get(h, ())]
        tint = ground
        if len(owners) == 1 and not native and h not in self.view.state.changing:
            tint = f"tint-{OWNER_LETTERS[owners[0]].lower()}"  # controlled
        return out, tint


Piece = tuple[str, str]  # a piece of text inside a hex and its component classes


def _fit(pieces: list[Piece], width: int, fill: str) -> list[Piece]:
    """Pieces in a row `width` wide: spaced if they fit so, else packed, else cut; the rest of
    the row is blank in the classes `fill` (the background: the terrain's, the fog's, a tint)."""
    spaced = sum(len(text) for text, _ in pieces) + len(pieces) - 1 <= width
    out, used = [], 0
    for text, style in pieces:
        piece = (" " + text if spaced and used else text)[: width - used]
        if piece:
            out.append((piece, style))
            used += len(piece)
    if used < width:
        out.append((" " * (width - used), fill))
    return out


class Canvas:
    """A board's lines built by putting text at (x, y): each cell keeps its character, its
    component classes and its place; `lines()` merges neighbouring cells into runs."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.cells = [[(" ", "", None)] * width for _ in range(height)]

    @classmethod
    def over(cls, cells: tuple[tuple[tuple, ...], ...]) -> Canvas:
        """A canvas whose cells start as a copy of `cells`."""
        canvas = cls.__new__(cls)
        canvas.width = len(cells[0]) if cells else 0
        canvas.cells = [list(row) for row in cells]
        return canvas

    def put(self, x: int, y: int, text: str, style: str, place: Place = None) -> None:
        row = self.cells[y]
        for ch in text:
            if 0 <= x < self.width:
                row[x] = (ch, style, place)
            x += 1

    def lines(self) -> list[list[Run]]:
        return [
            [
                Run("".join(cell[0] for cell in run), style, place)
                for (style, place), run in groupby(row, key=_look)
            ]
            for row in self.cells
        ]


_look = itemgetter(1, 2)  # a cell's component classes and place


@cache
def _outlines(layout: HexLayout) -> tuple[tuple[tuple, ...], ...]:
    """The cells of a layout's column numbers and hex outlines, drawn once a layout (every
    drawing of the map starts from a copy)."""
    radius = layout.radius
    width, height = layout.size
    canvas = Canvas(width, height)
    for q in range(-radius, radius + 1):
        canvas.put(layout.column_x(q), 0, f"{q + radius + 1:02d}", "heading")
    strokes = [
        (dx, dy, (ch, "edge", None))
        for dy, line in enumerate(layout.shape.outline)
        for dx, ch in enumerate(line)
        if ch != " "
    ]
    cells = canvas.cells
    for q, r in layout.hexes:
        x, y = layout.cell(q, r)
        for dx, dy, cell in strokes:
            if 0 <= x + dx < width and 0 <= y + dy < height:
                cells[y + dy][x + dx] = cell
    return tuple(tuple(row) for row in cells)


def _owner(p: int) -> str:
    return f"owner-{OWNER_LETTERS[p].lower()}"


def _facts(s) -> dict:
    """Everything on the board, by hex, looked up once per drawing."""
    armies: dict[int, dict[int, int]] = {}
    for c in s.chits:
        armies.setdefault(c.hex, {})
        armies[c.hex][c.owner] = armies[c.hex].get(c.owner, 0) + c.points
    natives: dict[int, int] = {}
    for n in s.natives:
        natives[n.hex] = natives.get(n.hex, 0) + n.strength
    orders: dict[int, tuple[str, int]] = {}
    for o in s.orders:
        orders[o.hex] = (ARROWS[o.arg] if o.kind == "move" else "*", o.player)
    admins: dict[int, list[int]] = {}
    for p, h in enumerate(s.admins):
        if h is not None:
            admins.setdefault(h, []).append(p)
    return {
        "armies": armies,
        "natives": natives,
        "castles": {c.hex: c for c in s.castles},
        "caves": {h: kind for h, kind, _ in s.caves},
        "admins": admins,
        "orders": orders,
    }
