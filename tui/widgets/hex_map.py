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

Each hex is a block of two rows (tui/widgets/hexgeo.py): the top row is its terrain (a two-letter
code on the terrain's colour: `Fa` Farmland, `Wo` Woods, `De` Desert, `Mo` Mountain, `Ri` River,
`Me` Meadow; `░░` undiscovered, in one of three fog shades so neighbours differ) and what stands
on it (a castle `■3` in its owner's colour, a cave `◇`/a mine `◆`, a terrain change under way
`~`, a pending order `↗`); the bottom row is who is there: armies as the owner's letter and total
points (`A6`, in the owner's colour), natives `n4`, the Administrator `@`, on the owner's tint
when the hex is controlled. Colours are component classes of the stylesheet below, made from the
constants here (the owners' Okabe-Ito colours are the screen's too), and every colour-coded thing
also has a letter or a symbol, so the map reads without colour. The cursor, the selection, the
lit and the changed hexes are marked with text attributes only (reverse or underline, bold,
italic), so the terrain's colour always shows.
"""

from __future__ import annotations

from textual import events
from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive

from core.conquer.hexes import DIRECTIONS, board
from core.conquer.tables import TERRAIN_LETTERS
from tui.widgets.board import Board, Place, Run
from tui.widgets.hexgeo import HexLayout

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
FOG_SHADES = ("#202020", "#2a2a2a", "#343434")
DESTINATION = "#ffd27a"
ARROWS = ("↑", "↗", "↘", "↓", "↙", "↖")  # the OC-H2 directions N NE SE S SW NW
LEGEND = (
    "Fa Farmland · Wo Woods · De Desert · Mo Mountain · Ri River · Me Meadow · ░░ unknown · "
    "■n castle · ◇ cave ◆ mine · ~ changing · ↑ order · A-F armies · @ Administrator · "
    "n natives · amber: where the army can go · beside: ⚔ army ■ castle ★ score"
)


def _stylesheet() -> str:
    """The map's colours as component classes (one rule a colour, from the constants above)."""
    rules = [
        "HexMap:focus { background: $boost; }",
        # the base's marks as text attributes: a background would hide the terrain
        "HexMap > .board--cursor { background: transparent; text-style: underline; }",
        "HexMap:focus > .board--cursor { background: transparent; color: transparent;"
        " text-style: reverse; }",
        "HexMap > .board--selected { background: transparent; color: transparent;"
        " text-style: bold underline; }",
        "HexMap > .board--lit { color: transparent; text-style: underline; }",
        "HexMap > .board--changed { background: transparent; text-style: italic; }",
        "HexMap > .board--code { color: #f0f0f0; text-style: bold; }",
        "HexMap > .board--symbol { color: #ffffff; text-style: bold; }",
        f"HexMap > .board--destination {{ background: {DESTINATION}; }}",
        "HexMap > .board--cost { color: #000000; text-style: bold; }",
    ]
    for name, colour in TERRAIN_COLOURS.items():
        rules.append(f"HexMap > .board--{name.lower()} {{ background: {colour}; }}")
    for n, shade in enumerate(FOG_SHADES):
        rules.append(f"HexMap > .board--fog-{n} {{ color: #707070; background: {shade}; }}")
    for letter, colour, tint in zip(OWNER_LETTERS, OWNER_COLOURS, OWNER_TINTS, strict=True):
        owner = letter.lower()
        rules.append(f"HexMap > .board--owner-{owner} {{ color: {colour}; text-style: bold; }}")
        rules.append(f"HexMap > .board--tint-{owner} {{ background: {tint}; }}")
    return "\n".join(rules)


class HexMap(Board):
    COMPONENT_CLASSES = {
        "board--code",  # the terrain's two letters
        "board--symbol",  # a feature, natives, several owners' armies
        "board--units",  # the bottom row of a hex (where a destination shows)
        "board--destination",
        "board--cost",  # a destination's cost
        *(f"board--{name.lower()}" for name in TERRAIN_COLOURS),
        *(f"board--fog-{n}" for n in range(len(FOG_SHADES))),
        *(f"board--owner-{letter.lower()}" for letter in OWNER_LETTERS),
        *(f"board--tint-{letter.lower()}" for letter in OWNER_LETTERS),
    }
    DEFAULT_CSS = _stylesheet()
    BINDINGS = [  # hjkl beside the base's arrows
        Binding("k", "move(0,-1)", "Up", show=False, id="hexmap.up"),
        Binding("j", "move(0,1)", "Down", show=False, id="hexmap.down"),
        Binding("h", "move(-1,0)", "Left", show=False, id="hexmap.left"),
        Binding("l", "move(1,0)", "Right", show=False, id="hexmap.right"),
    ]

    destinations: reactive[dict[Place, str]] = reactive(dict, repaint=False, init=False)

    class DestinationChosen(Message):
        """The player chose one of the destinations (Enter or a click on it)."""

        def __init__(self, board: HexMap, place: Place) -> None:
            super().__init__()
            self.board = board
            self.place = place

        @property
        def control(self) -> HexMap:
            return self.board

    # --- the geometry ------------------------------------------------------------------------

    @property
    def hex_layout(self) -> HexLayout:
        """Where each hex is drawn: cells 4 wide (3 when compact), 2 high."""
        return _layout(self.view.state.radius, 3 if self.compact else 4)

    def start(self) -> Place:
        """The first Administrator's hex."""
        admins = self.view.state.admins
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

    def decorate(self, run: Run) -> str:
        place = run.place
        extra = []
        if place in self.destinations and "units" in run.style.split():
            extra.append("destination")
        # the marks are text attributes, so they add up: the cursor shows on the selected hex
        # too, and a lit hex that changed is both underlined and italic
        if place is not None and place == self.selected == self.cursor:
            extra.append("cursor")
        if place in self.lit and place in self.changed:
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
        """Every hex's two rows at its place in the layout; a later hex covers an earlier one
        where cells overlap, and each is clipped to its cell's width."""
        s = self.view.state
        layout = self.hex_layout
        map_w, map_h = layout.size
        blank = (" ", "", None)
        grid = [[blank] * map_w for _ in range(map_h)]
        facts = _facts(s)
        for h, (q, r) in enumerate(board(s.radius).coords):
            x, y = layout.cell(q, r)
            place = ("hex", h)
            for dy, line in enumerate(self._cell(h, facts, layout.cell_w)):
                row, col = grid[y + dy], x
                for text, style in line:
                    for ch in text:
                        if col < x + layout.cell_w:
                            row[col] = (ch, style, place)
                        col += 1
        lines = []
        for row in grid:
            runs: list[Run] = []
            text, style, place = row[0]
            for ch, st, pl in row[1:]:
                if st == style and pl == place:
                    text += ch
                else:
                    runs.append(Run(text, style, place))
                    text, style, place = ch, st, pl
            runs.append(Run(text, style, place))
            lines.append(runs)
        return lines

    def _cell(self, h: int, facts: dict, width: int) -> list[list[tuple[str, str]]]:
        """The two rows of one hex, as (text, component classes) runs `width` wide."""
        s = self.view.state
        terrain = s.terrain[h]
        cost = self.destinations.get(("hex", h))
        if terrain is None:
            # three shades so that neighbours never share one: each hex reads as a hex
            q, r = board(s.radius).coords[h]
            fog = f"fog-{(q - r) % 3}"
            top = [(" ░░ "[:width].ljust(width), fog)]
            if cost is not None:
                return [top, [(cost[:width].ljust(width), f"{fog} cost units")]]
            return [top, [(" " * width, f"{fog} units")]]
        ground = terrain.lower()
        feature = self._feature(h, facts)
        top_text = (TERRAIN_LETTERS[terrain] + feature).ljust(width)[:width]
        castle = facts["castles"].get(h)
        feature_style = (
            _owner(castle.owner) if castle is not None and feature.startswith("■") else "symbol"
        )
        top = [(top_text[:2], f"{ground} code"), (top_text[2:], f"{ground} {feature_style}")]
        return [top, self._units(h, facts, width, ground, cost)]

    def _feature(self, h: int, facts: dict) -> str:
        castle = facts["castles"].get(h)
        if castle is not None:
            return f"■{castle.points}"
        order = facts["orders"].get(h)
        cave = facts["caves"].get(h)
        parts = ""
        if cave is not None:
            parts += "◆" if cave == "mine" else "◇"
        if h in self.view.state.changing:
            parts += "~"
        if order is not None:
            parts += order
        return parts[:2]

    def _units(self, h: int, facts: dict, width: int, ground: str, cost: str | None):
        armies = facts["armies"].get(h, {})
        runs = []
        owners = sorted(armies)
        if len(owners) == 1:
            p = owners[0]
            runs.append((f"{OWNER_LETTERS[p]}{armies[p]}", _owner(p)))
        elif owners:
            runs.append(("+".join(OWNER_LETTERS[p] for p in owners), "symbol"))
        native = facts["natives"].get(h)
        if native:
            runs.append((f"n{native}", "symbol"))
        admin = facts["admins"].get(h)
        if admin is not None:
            runs.append(("@", _owner(admin)))
        if len(owners) == 1 and not native and h not in self.view.state.changing:
            ground = f"tint-{OWNER_LETTERS[owners[0]].lower()}"  # controlled
        if cost is not None and not runs:  # a destination shows its cost where there is room
            runs.append((cost, "cost"))
        out, used = [], 0
        for text, style in runs:
            text = text[: width - used]
            if text:
                out.append((text, f"{ground} {style} units"))
                used += len(text)
        if used < width:
            out.append((" " * (width - used), f"{ground} units"))
        return out


def _owner(p: int) -> str:
    return f"owner-{OWNER_LETTERS[p].lower()}"


_LAYOUTS: dict[tuple[int, int], HexLayout] = {}


def _layout(radius: int, cell_w: int) -> HexLayout:
    found = _LAYOUTS.get((radius, cell_w))
    if found is None:
        found = _LAYOUTS[(radius, cell_w)] = HexLayout(radius, cell_w, 2)
    return found


def _facts(s) -> dict:
    """Everything on the board, by hex, looked up once per drawing."""
    armies: dict[int, dict[int, int]] = {}
    for c in s.chits:
        armies.setdefault(c.hex, {})
        armies[c.hex][c.owner] = armies[c.hex].get(c.owner, 0) + c.points
    natives: dict[int, int] = {}
    for n in s.natives:
        natives[n.hex] = natives.get(n.hex, 0) + n.strength
    orders: dict[int, str] = {}
    for o in s.orders:
        orders[o.hex] = ARROWS[o.arg] if o.kind == "move" else "*"
    return {
        "armies": armies,
        "natives": natives,
        "castles": {c.hex: c for c in s.castles},
        "caves": {h: kind for h, kind, _ in s.caves},
        "admins": {h: p for p, h in enumerate(s.admins) if h is not None},
        "orders": orders,
    }
