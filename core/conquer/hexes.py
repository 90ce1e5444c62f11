"""The hexagonal board of Objective: Conquer (OC-H1): axial coordinates (q, r), flat-top hexes.

A board of radius R holds every hex at distance <= R from (0, 0); "off the map" is anything
further. Hexes are numbered in (r, q) order, the order of every "for each hex" loop; the tables
here (neighbours, distances) are computed once per radius.
"""

from __future__ import annotations

from functools import lru_cache

# OC-H2: the native direction die, in the standard axial neighbour order.
DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES = ("N", "NE", "SE", "S", "SW", "NW")
CORNERS = {2: (0, 3), 3: (0, 2, 4), 4: (0, 1, 3, 4), 5: (0, 1, 2, 3, 4), 6: (0, 1, 2, 3, 4, 5)}
DEFAULT_RADIUS = {2: 5, 3: 6, 4: 6, 5: 7, 6: 7}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def _distance_table(radius: int, coords) -> tuple[tuple[int, ...], ...]:
    """Every distance between two hexes of a board, a row per hex.

    A distance depends only on the step between the hexes, and a row of the board (one r) holds
    consecutive q: so each hex's row of distances is a few slices of one grid of the distances
    from (0, 0), not 169 sums (a radius-7 table in ~1 ms, not ~4)."""
    off = 2 * radius  # the furthest step between two hexes of the board
    width = 2 * off + 1
    grid = bytes(
        distance((dq, dr), (0, 0)) for dr in range(-off, off + 1) for dq in range(-off, off + 1)
    )
    spans: list[list[int]] = []  # [r, first q, last q] of each row of the board, in hex order
    for q, r in coords:
        if spans and spans[-1][0] == r:
            spans[-1][2] = q
        else:
            spans.append([r, q, q])
    rows = []
    for aq, ar in coords:
        parts = []
        for r, first, last in spans:
            start = (r - ar + off) * width + first - aq + off
            parts.append(grid[start : start + last - first + 1])
        rows.append(tuple(b"".join(parts)))
    return tuple(rows)


class Board:
    """One board size: hex list, index lookup, neighbour and distance tables."""

    def __init__(self, radius: int) -> None:
        self.radius = radius
        coords = [
            (q, r)
            for r in range(-radius, radius + 1)
            for q in range(-radius, radius + 1)
            if distance((q, r), (0, 0)) <= radius
        ]
        coords.sort(key=lambda c: (c[1], c[0]))
        self.coords: tuple[tuple[int, int], ...] = tuple(coords)
        self.index = {c: i for i, c in enumerate(coords)}
        self.size = len(coords)
        # neighbours[h][d] = the hex in direction d, or -1 off the map
        self.neighbours = tuple(
            tuple(self.index.get((q + dq, r + dr), -1) for dq, dr in DIRECTIONS) for q, r in coords
        )
        self.around = tuple(tuple(n for n in row if n >= 0) for row in self.neighbours)
        # OC-H11: hex numbers, column and row of the odd-q offset layout, counted from 1
        offsets = [(q, r + (q - (q & 1)) // 2) for q, r in coords]
        top = min(row for _, row in offsets)
        self.columns_rows = tuple((q + radius + 1, row - top + 1) for q, row in offsets)
        self.labels = tuple(f"{c:02d}{r:02d}" for c, r in self.columns_rows)
        # every distance, once (the rules and the players ask for them all the time)
        self.distances = _distance_table(radius, self.coords)

    def distance(self, a: int, b: int) -> int:
        return self.distances[a][b]

    def within(self, h: int, n: int) -> tuple[int, ...]:
        """Every hex at distance 1..n of h (on the map)."""
        return tuple(i for i in range(self.size) if 0 < self.distance(h, i) <= n)

    def corner(self, k: int) -> int:
        """OC-H3: start corner k at (R-1) * DIRECTIONS[k]."""
        dq, dr = DIRECTIONS[k]
        return self.index[(dq * (self.radius - 1), dr * (self.radius - 1))]

    def step_towards(self, a: int, b: int) -> tuple[int, ...]:
        """The directions from a that bring it one hex closer to b."""
        here = self.distance(a, b)
        return tuple(
            d for d, n in enumerate(self.neighbours[a]) if n >= 0 and self.distance(n, b) < here
        )

    def label(self, h: int) -> str:
        """OC-H11: the hex's number as the map prints it, column then row, two digits each
        ("0304": column 3, row 4), like a printed hex-and-counter map."""
        return self.labels[h]

    def column_row(self, h: int) -> tuple[int, int]:
        """OC-H11: the hex's column (1 at the west edge) and row (1 at the top of the map's
        rectangle) in odd-q offset: every odd column sits half a hex lower than its neighbours."""
        return self.columns_rows[h]


@lru_cache(maxsize=16)
def board(radius: int) -> Board:
    return Board(radius)
