"""Objective: Conquer's hex map: fog, terrain, castles, caves, armies, Administrators, natives,
pending orders and control, drawn with the Line API (a strip a line, refreshed line by line).

Each hex is a block of two rows (tui/widgets/hexgeo.py): the top row is its terrain (a two-letter
code on the terrain's colour: `Fa` Farmland, `Wo` Woods, `De` Desert, `Mo` Mountain, `Ri` River,
`Me` Meadow; `░░` undiscovered) and what stands on it (a castle `■3`, a cave `◇`/a mine `◆`, a
terrain change under way `~`, a pending order `↗`); the bottom row is who is there: armies as
the owner's letter and total points (`A6`, in the owner's colour), natives `n4`, the
Administrator `@`, on the owner's tint when the hex is controlled. Colours come from the
Okabe-Ito palette, and every colour-coded thing also has a letter or a symbol, so the map reads
without colour.

A cursor (arrows or hjkl; a click) walks the hexes; Enter selects one and the screen narrows the
picker to it. The screen may mark destinations (`mark_destinations`): they are lit with their
cost, and Enter or a click on one posts `DestinationChosen`. The widget never changes the game.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.conquer.hexes import DIRECTIONS, board
from core.conquer.tables import TERRAIN_LETTERS
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
DESTINATION = "bold #000000 on #ffd27a"
ARROWS = ("↑", "↗", "↘", "↓", "↙", "↖")  # the OC-H2 directions N NE SE S SW NW
LEGEND = (
    "Fa Farmland · Wo Woods · De Desert · Mo Mountain · Ri River · Me Meadow · ░░ unknown · "
    "■n castle · ◇ cave ◆ mine · ~ changing · ↑ order · A-F armies · @ Administrator · "
    "n natives · amber: where the army can go · beside: ⚔ army ■ castle ★ score"
)


class HexMap(ScrollView, can_focus=True):
    DEFAULT_CSS = """
    HexMap { height: 1fr; padding: 0 1; }
    HexMap:focus { background: $boost; }
    """
    BINDINGS = [
        Binding("up,k", "move('up')", "Up", show=False, id="hexmap.up"),
        Binding("down,j", "move('down')", "Down", show=False, id="hexmap.down"),
        Binding("left,h", "move('left')", "Left", show=False, id="hexmap.left"),
        Binding("right,l", "move('right')", "Right", show=False, id="hexmap.right"),
        Binding(
            "enter,space", "select", "Select hex", id="hexmap.select", tooltip="Act on this hex"
        ),
        Binding("escape", "clear", "Clear", show=False, id="hexmap.clear"),
    ]

    class Selected(Message):
        """The player selected a hex (None: the selection was cleared)."""

        def __init__(self, hex_index: int | None) -> None:
            super().__init__()
            self.hex = hex_index

    class CursorMoved(Message):
        """The cursor is on another hex."""

    class DestinationChosen(Message):
        """The player chose a marked destination."""

        def __init__(self, hex_index: int) -> None:
            super().__init__()
            self.hex = hex_index

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.compact = False
        self.cursor: int | None = None
        self.selected: int | None = None
        self.destinations: dict[int, str] = {}  # hex -> a short cost label
        self.lit: frozenset[int] = frozenset()  # hexes an action or a story line is about
        self.changed: frozenset[int] = frozenset()
        self._hex_layout: HexLayout | None = None
        self._strips: list[Strip] = []
        self._key = None
        self._styles: dict[str, Style] = {}

    # --- what the screen calls ---------------------------------------------------------------

    def show(self, state, compact: bool = False, changed=frozenset()) -> None:
        self.state = state
        self.compact = compact
        self.changed = frozenset(changed)
        if self.cursor is None and state is not None:
            self.cursor = next((h for h in state.admins if h is not None), 0)
            self.call_after_refresh(self._scroll_to_cursor)  # a compact map starts there
        self._rebuild()

    def light(self, hexes) -> None:
        hexes = frozenset(h for h in hexes or () if h is not None and h >= 0)
        if hexes != self.lit:
            self.lit = hexes
            self._rebuild()

    def mark_destinations(self, destinations: dict[int, str]) -> None:
        if destinations != self.destinations:
            self.destinations = dict(destinations)
            self._rebuild()

    def select(self, hex_index: int | None) -> None:
        self.selected = hex_index
        if hex_index is not None:
            self.cursor = hex_index
        self._rebuild()
        self.post_message(self.Selected(hex_index))

    # --- keys and mouse ----------------------------------------------------------------------

    def action_move(self, where: str) -> None:
        """Up and down go to the N and S neighbours; left and right to the neighbour in the
        next column that sits nearest on screen (NW or SW, NE or SE)."""
        if self.state is None or self.cursor is None:
            return
        b = board(self.state.radius)
        q, r = b.coords[self.cursor]
        layout = self._layout()
        if where in ("up", "down"):
            dq, dr = DIRECTIONS[0] if where == "up" else DIRECTIONS[3]
            options = [(q + dq, r + dr)]
        else:
            pair = (
                (DIRECTIONS[5], DIRECTIONS[4])
                if where == "left"
                else (DIRECTIONS[1], DIRECTIONS[2])
            )
            options = [(q + dq, r + dr) for dq, dr in pair]
            _, y = layout.cell(q, r)
            options.sort(key=lambda c: abs(layout.cell(*c)[1] - y))
        for target in options:
            if target in b.index:
                self.cursor = b.index[target]
                self._rebuild()
                self._scroll_to_cursor()
                self.post_message(self.CursorMoved())
                return

    def action_select(self) -> None:
        if self.cursor is None:
            return
        if self.cursor in self.destinations:
            self.post_message(self.DestinationChosen(self.cursor))
            return
        self.select(None if self.selected == self.cursor else self.cursor)

    def action_clear(self) -> None:
        if self.selected is not None:
            self.select(None)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "clear":  # nothing selected: Esc goes on to the screen (its menu)
            return self.selected is not None
        return True

    def on_click(self, event: events.Click) -> None:
        hex_index = self.hex_at(event.x - self.styles.padding.left, event.y)
        if hex_index is None:
            return
        self.focus()
        self.cursor = hex_index
        self.post_message(self.CursorMoved())
        if hex_index in self.destinations:
            self._rebuild()
            self.post_message(self.DestinationChosen(hex_index))
            return
        self.select(None if self.selected == hex_index else hex_index)

    def hex_at(self, x: int, y: int) -> int | None:
        """The hex under a point of the widget's content (the view's scroll included)."""
        if self.state is None:
            return None
        layout = self._layout()
        found = layout.hex_at(x + self.scroll_offset.x, y + self.scroll_offset.y)
        return None if found is None else board(self.state.radius).index[found]

    def _scroll_to_cursor(self) -> None:
        if self.cursor is None or self.state is None:
            return
        layout = self._layout()
        x, y = layout.cell(*board(self.state.radius).coords[self.cursor])
        self.scroll_to_region(Region(x, y, layout.cell_w, layout.cell_h), animate=False)

    # --- drawing -----------------------------------------------------------------------------

    def _layout(self) -> HexLayout:
        width = 3 if self.compact else 4
        if self._hex_layout is None or (self._hex_layout.radius, self._hex_layout.cell_w) != (
            self.state.radius,
            width,
        ):
            self._hex_layout = HexLayout(self.state.radius, width, 2)
        return self._hex_layout

    def on_resize(self) -> None:
        self._key = None
        self._rebuild()

    def on_focus(self) -> None:
        self._rebuild()

    def on_blur(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        if self.state is None or not self.is_mounted:
            return
        key = (
            self.state,
            self.compact,
            self.cursor,
            self.selected,
            tuple(sorted(self.destinations.items())),
            self.lit,
            self.changed,
            self.has_focus,
            self.scrollable_content_region.width,
        )
        if key == self._key:
            return
        self._key = key
        layout = self._layout()
        width, height = layout.size
        rows = [[Segment(" " * width, self._style(""))] for _ in range(height)]
        grid: list[list[Segment | None]] = [[None] * width for _ in range(height)]
        facts = self._facts()
        b = board(self.state.radius)
        for h, (q, r) in enumerate(b.coords):
            x, y = layout.cell(q, r)
            for dy, line in enumerate(self._cell(h, facts, layout.cell_w)):
                col = x
                for text, style in line:
                    for ch in text:
                        if col < x + layout.cell_w:
                            grid[y + dy][col] = Segment(ch, style)
                        col += 1
        blank = self._style("")
        strips = []
        for row in grid:
            segments = [seg if seg is not None else Segment(" ", blank) for seg in row]
            strips.append(Strip(Segment.simplify(segments)).adjust_cell_length(width, blank))
        del rows
        old = self._strips
        self._strips = strips
        size = Size(width, height)
        if self.virtual_size != size:
            self.virtual_size = size
            self.refresh()
            return
        top = self.scroll_offset.y
        for y, (a, c) in enumerate(zip(old, strips, strict=False)):
            if a != c:
                self.refresh(Region(0, y - top, self.size.width, 1))
        if len(old) != len(strips):
            self.refresh()

    def _facts(self) -> dict:
        """Everything on the board, by hex, looked up once per drawing."""
        s = self.state
        armies: dict[int, dict[int, int]] = {}
        for c in s.chits:
            armies.setdefault(c.hex, {})
            armies[c.hex][c.owner] = armies[c.hex].get(c.owner, 0) + c.points
        natives: dict[int, int] = {}
        for n in s.natives:
            natives[n.hex] = natives.get(n.hex, 0) + n.strength
        castles = {c.hex: c for c in s.castles}
        caves = {h: kind for h, kind, _ in s.caves}
        admins = {h: p for p, h in enumerate(s.admins) if h is not None}
        orders: dict[int, str] = {}
        for o in s.orders:
            orders[o.hex] = ARROWS[o.arg] if o.kind == "move" else "*"
        return {
            "armies": armies,
            "natives": natives,
            "castles": castles,
            "caves": caves,
            "admins": admins,
            "orders": orders,
        }

    def _cell(self, h: int, facts: dict, width: int) -> list[list[tuple[str, Style]]]:
        """The two rows of one hex, as (text, style) runs `width` wide."""
        s = self.state
        terrain = s.terrain[h]
        marks = self._marks(h)
        if terrain is None:
            # three shades so that neighbours never share one: each hex reads as a hex
            q, r = board(s.radius).coords[h]
            fog = self._style(f"#707070 on {FOG_SHADES[(q - r) % 3]}", marks)
            top = [(" ░░ "[:width].ljust(width), fog)]
            if h in self.destinations:
                label = self.destinations[h][:width].ljust(width)
                return [top, [(label, self._style(DESTINATION, marks))]]
            return [top, [(" " * width, fog)]]
        ground = f"on {TERRAIN_COLOURS[terrain]}"
        code = TERRAIN_LETTERS[terrain]
        feature = self._feature(h, facts)
        top_text = (code + feature).ljust(width)[:width]
        top = [(top_text[:2], self._style(f"bold #f0f0f0 {ground}", marks))]
        castle = facts["castles"].get(h)
        feature_style = (
            f"bold {OWNER_COLOURS[castle.owner]} {ground}"
            if castle is not None and feature.startswith("■")
            else f"bold #ffffff {ground}"
        )
        top.append((top_text[2:], self._style(feature_style, marks)))
        bottom = self._units(h, facts, width, ground, marks)
        return [top, bottom]

    def _feature(self, h: int, facts: dict) -> str:
        castle = facts["castles"].get(h)
        if castle is not None:
            return f"■{castle.points}"
        order = facts["orders"].get(h)
        cave = facts["caves"].get(h)
        parts = ""
        if cave is not None:
            parts += "◆" if cave == "mine" else "◇"
        if h in self.state.changing:
            parts += "~"
        if order is not None:
            parts += order
        return parts[:2]

    def _units(self, h: int, facts: dict, width: int, ground: str, marks: str):
        s = self.state
        armies = facts["armies"].get(h, {})
        runs = []
        owners = sorted(armies)
        if len(owners) == 1:
            p = owners[0]
            runs.append((f"{OWNER_LETTERS[p]}{armies[p]}", f"bold {OWNER_COLOURS[p]}"))
        elif owners:
            runs.append(("+".join(OWNER_LETTERS[p] for p in owners), "bold #ffffff"))
        native = facts["natives"].get(h)
        if native:
            runs.append((f"n{native}", "bold #ffffff"))
        admin = facts["admins"].get(h)
        if admin is not None:
            runs.append(("@", f"bold {OWNER_COLOURS[admin]}"))
        controller = next(
            (p for p in owners if len(owners) == 1 and not native and h not in s.changing), None
        )
        tint = f"on {OWNER_TINTS[controller]}" if controller is not None else ground
        if h in self.destinations:  # a destination: lit, its cost shown where there is room
            tint = "on #ffd27a"
            if not runs:
                runs.append((self.destinations[h], "bold #000000"))
        out, used = [], 0
        for text, style in runs:
            text = text[: width - used]
            if text:
                out.append((text, self._style(f"{style} {tint}", marks)))
                used += len(text)
        if used < width:
            out.append((" " * (width - used), self._style(tint, marks)))
        return out

    def _marks(self, h: int) -> str:
        marks = []
        if h == self.cursor:
            marks.append("reverse" if self.has_focus else "underline")
        if h == self.selected:
            marks.append("bold underline")
        if h in self.lit:
            marks.append("underline")
        if h in self.changed:
            marks.append("italic")
        return " ".join(marks)

    def _style(self, style: str, marks: str = "") -> Style:
        key = f"{style}|{marks}"
        cached = self._styles.get(key)
        if cached is None:
            base = self.rich_style
            if style == "fog":
                style = "#6a6a6a"
            cached = base + Style.parse(f"{style} {marks}".strip()) if (style or marks) else base
            self._styles[key] = cached
        return cached

    def render_line(self, y: int) -> Strip:
        line = y + self.scroll_offset.y
        if 0 <= line < len(self._strips):
            return self._strips[line].crop(
                self.scroll_offset.x, self.scroll_offset.x + self.size.width
            )
        return Strip.blank(self.size.width, self.rich_style)
