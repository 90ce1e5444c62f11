"""Where a hex of the Conquer board is drawn: axial (q, r) to screen cells and back.

Flat-top hexes in "odd-q" columns (Red Blob Games, "Hexagonal Grids": offset coordinates): column
= q, row = r + (q - (q & 1)) / 2, and every odd column is drawn half a hex lower, so the cells
pack like bricks and each hex touches its six neighbours: N and S above and below, NE and SE in
the next column half a hex up and down, NW and SW in the previous one. A hex is a block of
`cell_w` x `cell_h` characters (2 rows: a terrain row and a units row).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property


def offset(q: int, r: int) -> tuple[int, int]:
    """Axial -> odd-q offset (column, row)."""
    return q, r + (q - (q & 1)) // 2


def axial(col: int, row: int) -> tuple[int, int]:
    """Odd-q offset -> axial (q, r)."""
    return col, row - (col - (col & 1)) // 2


@dataclass(frozen=True)
class HexLayout:
    """The screen layout of a board of `radius` with cells of `cell_w` x `cell_h`."""

    radius: int
    cell_w: int = 4
    cell_h: int = 2

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

    @cached_property
    def _origin(self) -> tuple[int, int]:
        cols, ys = [], []
        for q, r in self.hexes:
            col, row = offset(q, r)
            cols.append(col)
            ys.append(row * self.cell_h + (col & 1) * (self.cell_h // 2))
        return min(cols), min(ys)

    def cell(self, q: int, r: int) -> tuple[int, int]:
        """The top-left screen cell (x, y) of hex (q, r)."""
        col, row = offset(q, r)
        min_col, min_y = self._origin
        y = row * self.cell_h + (col & 1) * (self.cell_h // 2)
        return (col - min_col) * self.cell_w, y - min_y

    @cached_property
    def size(self) -> tuple[int, int]:
        """The whole map's width and height in characters."""
        xs, ys = zip(*(self.cell(q, r) for q, r in self.hexes), strict=True)
        return max(xs) + self.cell_w, max(ys) + self.cell_h

    @cached_property
    def _at(self) -> dict[tuple[int, int], tuple[int, int]]:
        out = {}
        for q, r in self.hexes:
            x, y = self.cell(q, r)
            for dy in range(self.cell_h):
                for dx in range(self.cell_w):
                    out[(x + dx, y + dy)] = (q, r)
        return out

    def hex_at(self, x: int, y: int) -> tuple[int, int] | None:
        """The hex drawn at screen cell (x, y), or None (a gap or off the map)."""
        return self._at.get((x, y))
