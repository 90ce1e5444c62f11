"""Where a hex of the Conquer board is drawn: axial (q, r) to screen cells and back.

Flat-top hexes in "odd-q" columns (Red Blob Games, "Hexagonal Grids": offset coordinates): column
= q, row = r + (q - (q & 1)) / 2, and every odd column is drawn half a hex lower, so the cells
pack like a printed hex map and each hex touches its six neighbours: N and S above and below, NE
and SE in the next column half a hex up and down, NW and SW in the previous one.

Every hex is an outlined cell of one `CellShape`: its edges drawn with `_ / \\` (an edge is
shared with the neighbour across it), its inside a few rows of text (`slots`). Two shapes:

    SMALL (7 x 2 a hex)            LARGE (8 x 4 a hex)
     ______                          ______
    /Fa ■3↗\\______                 / 0304 \\
    \\A9_B7@/      \\               /Fa ■3 ↗ \\______
                                   \\A9 B7 @ /      \\
                                    \\______/

In SMALL the second row of text sits on the hex's bottom edge (drawn underlined, so the edge
reads through it). `HexLayout` places a board of a radius in one shape, below `top` rows of
column numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property


def offset(q: int, r: int) -> tuple[int, int]:
    """Axial -> odd-q offset (column, row)."""
    return q, r + (q - (q & 1)) // 2


def axial(col: int, row: int) -> tuple[int, int]:
    """Odd-q offset -> axial (q, r)."""
    return col, row - (col - (col & 1)) // 2


@dataclass(frozen=True)
class CellShape:
    """How one hex is drawn: its outline (spaces are not part of it), the rows of text inside it
    as (line, x, width), and how far the next column and the next row are (dx, dy)."""

    name: str
    outline: tuple[str, ...]
    slots: tuple[tuple[int, int, int], ...]
    step: tuple[int, int]
    number_x: int  # where a hex's number begins, from the left of its outline

    @property
    def width(self) -> int:
        return max(len(line) for line in self.outline)

    @property
    def height(self) -> int:
        return len(self.outline)


SMALL = CellShape(
    "small",
    (" ______ ", "/      \\", "\\______/"),
    ((1, 1, 6), (2, 1, 6)),
    (7, 2),
    1,
)
LARGE = CellShape(
    "large",
    ("  ______  ", " /      \\ ", "/        \\", "\\        /", " \\______/ "),
    ((1, 2, 6), (2, 1, 8), (3, 1, 8)),
    (8, 4),
    3,
)
SHAPES = (LARGE, SMALL)  # the largest first


@dataclass(frozen=True)
class HexLayout:
    """The screen layout of a board of `radius` in `shape`, below `top` rows of headings."""

    radius: int
    shape: CellShape = SMALL
    top: int = 0

    @cached_property
    def hexes(self) -> tuple[tuple[int, int], ...]:
        """Every hex of the board, in the board's (r, q) order."""
        n = self.radius
        cells = [
            (q, r)
            for r in range(-n, n + 1)
            for q in range(-n, n + 1)
            if (abs(q) + abs(r) + abs(q + r)) // 2 <= n
        ]
        return tuple(sorted(cells, key=lambda c: (c[1], c[0])))

    def _raw(self, q: int, r: int) -> tuple[int, int]:
        col, row = offset(q, r)
        dx, dy = self.shape.step
        return col * dx, row * dy + (col & 1) * (dy // 2)

    @cached_property
    def _origin(self) -> tuple[int, int]:
        xs, ys = zip(*(self._raw(q, r) for q, r in self.hexes), strict=True)
        return min(xs), min(ys)

    def cell(self, q: int, r: int) -> tuple[int, int]:
        """The top-left screen cell (x, y) of hex (q, r)'s outline."""
        x, y = self._raw(q, r)
        x0, y0 = self._origin
        return x - x0, y - y0 + self.top

    def column_x(self, q: int) -> int:
        """Where the numbers of the hexes of column q begin (the column's heading goes there,
        above their first two digits)."""
        x, _ = self.cell(q, -q if q > 0 else 0)
        return x + self.shape.number_x

    @cached_property
    def size(self) -> tuple[int, int]:
        """The whole map's width and height in characters (the headings included)."""
        xs, ys = zip(*(self.cell(q, r) for q, r in self.hexes), strict=True)
        return max(xs) + self.shape.width, max(ys) + self.shape.height

    def slots(self, q: int, r: int) -> list[tuple[int, int, int]]:
        """The rows of text inside hex (q, r): (x, y, width) on screen."""
        x, y = self.cell(q, r)
        return [(x + sx, y + line, width) for line, sx, width in self.shape.slots]

    @cached_property
    def _at(self) -> dict[tuple[int, int], tuple[int, int]]:
        out = {}
        for q, r in self.hexes:
            for x, y, width in self.slots(q, r):
                for dx in range(width):
                    out[(x + dx, y)] = (q, r)
        return out

    def hex_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The hex whose inside is at screen cell (x, y), or None (an edge, a gap, off the
        map)."""
        return self._at.get((x, y))


def layout_for(radius: int, width: int, top: int = 0) -> HexLayout:
    """The largest shape whose map is no wider than `width` (the smallest if none is)."""
    for shape in SHAPES:
        layout = _layout(radius, shape, top)
        if layout.size[0] <= width:
            return layout
    return _layout(radius, SHAPES[-1], top)


@cache
def _layout(radius: int, shape: CellShape, top: int) -> HexLayout:
    """One layout a board size, shape and heading (its cells are worked out once)."""
    return HexLayout(radius, shape, top)
