"""The base of the three boards (the region map, the card tableau, the hex map).

A board is a Line-API widget (a `ScrollView` whose `render_line` returns cached strips) that shows
one seat's **view** of the game, never the state. What it shows is held in reactive attributes,
set by the screen (or bound with `data_bind`):

    view       the seat's view (`game.observe(state, seat)`): the board redraws its lines
    cursor     the place under the cursor (arrow keys, a click)
    selected   the place chosen (Enter, a click): the screen narrows the action picker to it
    lit        places an action, a story line or the hint is about
    changed    places the events changed since the player's last decision
    compact    a smaller drawing for a small terminal

Changing `view` or `compact` lays the board out again and refreshes only the rows whose strips
differ; changing the cursor, the selection, `lit` or `changed` restyles only the rows where the
places concerned are drawn. A place is the game's own place reference, the same the events
carry (`("area", 5)`, `("hex", 17)`, `("pool", card)`), so the screen passes the events' places
straight through.

Making a board: subclass `Board` and give it its geometry and drawing, nothing else:

    def draw(self, width: int, height: int) -> list[list[Run]]
        the lines of the board for this view and size, each a list of `Run`s: a piece of text,
        the component classes that style it (space-separated, without the `board--` prefix:
        the board's `COMPONENT_CLASSES` and the shared `cursor`, `selected`, `lit`, `changed`),
        and the place it draws (None for labels and gaps);

and optionally `movable(place)` (which places the cursor visits), `neighbour(place, dx, dy)`
(the arrow keys; by default the nearest place in that direction on screen), `start()` (where the
cursor starts) and `decorate(run, marks)` (extra component classes for a run of a place, such
as a destination).
Colours come from the component classes in the stylesheet, so the themes and NO_COLOR apply
without code; every colour also has a letter or a symbol in the drawing. Looks no theme changes
(a terrain's fixed colour) may be given as Rich styles in `FIXED_STYLES` instead, by the same
names: Textual styles every component class again whenever it styles the board.

Messages carry the board as their `control`, so a screen can write
`@on(Board.Selected, "#region-map")`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip

Place = Any  # a game's place reference: ("area", 5), ("hex", 17), ("pool", 31), ...


@dataclass(frozen=True, slots=True)
class Run:
    """A piece of a board's line: its text, its component classes and the place it draws."""

    text: str
    style: str = ""
    place: Place = None


class Marks(NamedTuple):
    """The board's marked places, read once for a row's runs."""

    selected: Place
    cursor: Place
    lit: frozenset
    changed: frozenset


class PlaceMessage(Message):
    """A message about a place of a board, carrying the board as its `control` (so a screen
    can write `@on(Board.Selected, "#region-map")`)."""

    def __init__(self, board: Board, place: Place) -> None:
        super().__init__()
        self.board = board
        self.place = place

    @property
    def control(self) -> Board:
        return self.board


class Board(ScrollView, can_focus=True):
    COMPONENT_CLASSES = {"board--cursor", "board--selected", "board--lit", "board--changed"}
    FIXED_STYLES: dict[str, Style] = {}  # names a run's classes may give, besides the components
    DEFAULT_CSS = """
    Board { height: 1fr; padding: 0 1; }
    Board > .board--cursor { background: $primary-darken-1; }
    Board:focus > .board--cursor { background: $primary; color: $text; }
    Board > .board--selected { background: $warning-darken-1; color: $text; }
    Board > .board--lit { color: $warning-lighten-1; text-style: bold underline; }
    Board > .board--changed { background: $warning 30%; text-style: bold; }
    """
    BINDINGS = [
        Binding("up", "move(0,-1)", "Up", show=False, id="board.up"),
        Binding("down", "move(0,1)", "Down", show=False, id="board.down"),
        Binding("left", "move(-1,0)", "Left", show=False, id="board.left"),
        Binding("right", "move(1,0)", "Right", show=False, id="board.right"),
        Binding(
            "enter,space",
            "select",
            "Select",
            id="board.select",
            tooltip="Show only the actions about this place (again: play it or choose one)",
        ),
        Binding("escape", "clear", "Show all actions", show=False, id="board.clear"),
    ]

    # what a new size does with the scroll: bring the cursor in sight ("sight"), into the middle
    # of the pane ("middle"), or nothing (None: the board keeps its own scroll)
    CURSOR_ON_RESIZE: str | None = "sight"

    view: reactive[Any] = reactive(None, repaint=False, init=False)
    cursor: reactive[Place] = reactive(None, repaint=False, init=False)
    selected: reactive[Place] = reactive(None, repaint=False, init=False)
    lit: reactive[frozenset] = reactive(frozenset(), repaint=False, init=False)
    changed: reactive[frozenset] = reactive(frozenset(), repaint=False, init=False)
    compact: reactive[bool] = reactive(False, repaint=False, init=False)

    class Selected(PlaceMessage):
        """The player selected a place (None: the selection was cleared)."""

    class Confirmed(PlaceMessage):
        """Enter again on the place already selected: the player wants its action (the screen
        plays the only one, or gives the keyboard to the list to pick among several)."""

    class CursorMoved(PlaceMessage):
        """The cursor is on another place."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._drawn: list[list[Run]] = []
        self._strip_cache: list[Strip | None] = []  # the cache: None until the row is rendered
        self._rows_of: dict[Place, set[int]] = {}  # place -> the rows it is drawn on
        self._boxes_of: dict[Place, tuple[int, int, int, int]] = {}  # x0, x1, y0, y1 (inclusive)
        self._drawn_for: tuple[int, int] = (-1, -1)
        self._style_cache: dict[str | tuple, Style] = {}

    # --- what a board gives --------------------------------------------------------------------

    def draw(self, width: int, height: int) -> list[list[Run]]:
        """The board's lines for `self.view` in `width` x `height` (see the module docstring)."""
        return []

    def movable(self, place: Place) -> bool:
        """Whether the cursor may stop on `place` (every place drawn, by default)."""
        return True

    def start(self) -> Place:
        """Where the cursor starts: the first place it may visit."""
        return next((p for p in self._boxes_of if self.movable(p)), None)

    def decorate(self, run: Run, marks: Marks) -> str:
        """Extra component classes for a run of a place, from what only the board knows (a
        destination); `marks` are the board's cursor, selection, lit and changed places."""
        return ""

    def neighbour(self, place: Place, dx: int, dy: int) -> Place:
        """The place the arrow (dx, dy) leads to: the nearest in line with `place` in that
        direction (same rows for left/right, same columns for up/down), else the nearest."""
        here = self._boxes_of.get(place)
        if here is None:
            return self.start()
        hx, hy = (here[0] + here[1]) / 2, (here[2] + here[3]) / 2
        best, best_cost = None, None
        for target, (x0, x1, y0, y1) in self._boxes_of.items():
            if target == place or not self.movable(target):
                continue
            ddx, ddy = (x0 + x1) / 2 - hx, (y0 + y1) / 2 - hy
            if (dx and ddx * dx <= 0) or (dy and ddy * dy <= 0):
                continue
            along, across = (abs(ddx), abs(ddy)) if dx else (abs(ddy), abs(ddx))
            in_line = (y0 <= here[3] and here[2] <= y1) if dx else (x0 <= here[1] and here[0] <= x1)
            cost = (0 if in_line else 1000) + along + 3 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = target, cost
        return best

    # --- reactive display state ------------------------------------------------------------------

    def watch_view(self) -> None:
        self._lay_out()

    def watch_compact(self) -> None:
        self._lay_out()

    def watch_cursor(self, old: Place, new: Place) -> None:
        self._restyle({old, new})
        self.scroll_to_place(new)
        self.post_message(self.CursorMoved(self, new))

    def watch_selected(self, old: Place, new: Place) -> None:
        self._restyle({old, new})

    def watch_lit(self, old: frozenset, new: frozenset) -> None:
        self._restyle(old ^ new)

    def watch_changed(self, old: frozenset, new: frozenset) -> None:
        self._restyle(old ^ new)

    def validate_lit(self, places) -> frozenset:
        return frozenset(places or ())

    def validate_changed(self, places) -> frozenset:
        return frozenset(places or ())

    # --- what the screen and the player do -------------------------------------------------------

    def select(self, place: Place) -> None:
        """Select `place` (None: clear the selection) and tell the screen."""
        self.selected = place
        if place is not None:
            self.cursor = place
        self.post_message(self.Selected(self, place))

    def action_move(self, dx: int, dy: int) -> None:
        target = self.neighbour(self.cursor, dx, dy)
        if target is not None:
            self.cursor = target

    def action_select(self) -> None:
        """Enter: select the place under the cursor; on the place already selected, confirm it
        (Esc or a click clears a selection)."""
        if self.cursor is None:
            return
        if self.selected == self.cursor:
            self.post_message(self.Confirmed(self, self.cursor))
        else:
            self.select(self.cursor)

    def action_clear(self) -> None:
        if self.selected is not None:
            self.select(None)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "clear":  # nothing selected: Esc goes on to the screen (its menu)
            return self.selected is not None
        return True

    def on_click(self, event: events.Click) -> None:
        place = self.place_at(event.x, event.y)
        if place is not None and self.movable(place):
            self.focus()
            self.select(None if self.selected == place else place)

    def place_at(self, x: int, y: int) -> Place:
        """The place under a point of the widget (its padding and the scroll included)."""
        x += self.scroll_offset.x - self.styles.padding.left
        y += self.scroll_offset.y - self.styles.padding.top
        if not 0 <= y < len(self._drawn) or x < 0:
            return None
        col = 0
        for run in self._drawn[y]:
            if col <= x < col + len(run.text):
                return run.place
            col += len(run.text)
        return None

    def box_of(self, place: Place) -> tuple[int, int, int, int] | None:
        """Where `place` is drawn: (x0, x1, y0, y1), ends inclusive, in the board's lines."""
        return self._boxes_of.get(place)

    def scroll_to_place(self, place: Place, center: bool = False) -> None:
        """Scroll so that `place` is in sight (in the middle of the pane with `center`)."""
        box = self._boxes_of.get(place)
        if box is not None:
            x0, x1, y0, y1 = box
            region = Region(x0, y0, x1 - x0 + 1, y1 - y0 + 1)
            self.scroll_to_region(region, animate=False, center=center)

    # --- lines and strips ----------------------------------------------------------------------

    def on_resize(self) -> None:
        self._lay_out()

    def on_focus(self) -> None:
        self._restyle({self.cursor})

    def on_blur(self) -> None:
        self._restyle({self.cursor})

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._style_cache = {}  # the theme changed: colours are read again
        self._strip_cache = [None] * len(self._drawn)
        self.refresh()

    def _lay_out(self) -> None:
        """Draw the lines again for the view and the size; refresh the rows that differ."""
        if not self.is_mounted or self.view is None:
            return
        width = self.scrollable_content_region.width
        height = self.scrollable_content_region.height
        if width <= 0:
            return
        lines = self.draw(width, height)
        rows: dict[Place, set[int]] = {}
        boxes: dict[Place, list[int]] = {}
        for y, line in enumerate(lines):
            col = 0
            for run in line:
                if run.place is not None:
                    rows.setdefault(run.place, set()).add(y)
                    x1 = col + len(run.text) - 1
                    box = boxes.get(run.place)
                    if box is None:
                        boxes[run.place] = [col, x1, y, y]
                    else:
                        box[0], box[1] = min(box[0], col), max(box[1], x1)
                        box[3] = y
                col += len(run.text)
        old_lines, old_strips = self._drawn, self._strip_cache
        self._drawn, self._rows_of = lines, rows
        self._boxes_of = {p: tuple(b) for p, b in boxes.items()}
        if self.cursor not in self._boxes_of or not self.movable(self.cursor):
            self.set_reactive(Board.cursor, self.start())
        wide = max((sum(len(r.text) for r in line) for line in lines), default=0)
        virtual = Size(max(wide, width), len(lines))
        resized = (width, height) != self._drawn_for or virtual != self.virtual_size
        self._drawn_for = (width, height)
        if resized:
            self.virtual_size = virtual
            self._strip_cache = [None] * len(lines)
            self.refresh()
            # the cursor in sight once the new size is known (a board larger than its pane
            # starts where the player's pieces are)
            if self.CURSOR_ON_RESIZE is not None:
                middle = self.CURSOR_ON_RESIZE == "middle"
                self.call_after_refresh(self.scroll_to_place, self.cursor, middle)
            return
        self._strip_cache = [
            old_strips[y] if y < len(old_lines) and old_lines[y] == line else None
            for y, line in enumerate(lines)
        ]
        self._refresh_rows(y for y, strip in enumerate(self._strip_cache) if strip is None)

    def _restyle(self, places) -> None:
        """Render again the rows where `places` are drawn (their look changed, not the lines)."""
        rows = set()
        for place in places:
            rows |= self._rows_of.get(place, set())
        for y in rows:
            self._strip_cache[y] = None
        self._refresh_rows(rows)

    def _refresh_rows(self, rows) -> None:
        top = self.scroll_offset.y
        for y in rows:
            self.refresh(Region(0, y - top, self.size.width, 1))

    def render_line(self, y: int) -> Strip:
        row = y + self.scroll_offset.y
        width = self.scrollable_content_region.width
        if (width, self.scrollable_content_region.height) != self._drawn_for:
            self._lay_out()
        if not 0 <= row < len(self._strip_cache):
            return Strip.blank(width, self._base())
        strip = self._strip_cache[row]
        if strip is None:
            strip = self._strip_cache[row] = self._render_row(self._drawn[row])
        x = self.scroll_offset.x
        return strip.crop(x, x + width)

    def _render_row(self, line: list[Run]) -> Strip:
        # every segment carries a style (the padding too): Textual's NO_COLOR filter needs one
        marks = Marks(self.selected, self.cursor, self.lit, self.changed)
        segments = [Segment(run.text, self._style(run, marks)) for run in line]
        return Strip(segments).adjust_cell_length(self.virtual_size.width, self._base())

    def _component(self, name: str) -> Style:
        """A component class's style (`board--NAME`), cached until the styles change, or the
        fixed style of that name."""
        style = self._style_cache.get(name)
        if style is None and name in self.FIXED_STYLES:
            style = self._style_cache[name] = self.FIXED_STYLES[name]
        if style is None:
            # only what the component sets (so "jungle enemy" keeps the jungle's background),
            # with its colours as Textual blends them (a muted colour has an alpha)
            full = self.get_component_rich_style(f"board--{name}")
            part = self.get_component_rich_style(f"board--{name}", partial=True)
            blended = Style(
                color=full.color if part.color else None,
                bgcolor=full.bgcolor if part.bgcolor else None,
            )
            style = self._style_cache[name] = part + blended
        return style

    def _base(self) -> Style:
        style = self._style_cache.get(" base")
        if style is None:
            style = self._style_cache[" base"] = self.rich_style
        return style

    def _style(self, run: Run, marks: Marks) -> Style:
        names = run.style
        place = run.place
        mark = glow = ""
        if place is not None:
            extra = self.decorate(run, marks)
            if extra:
                names = f"{names} {extra}"
            if place == marks.selected:
                mark = "selected"
            elif place == marks.cursor and self.movable(place):
                mark = "cursor"
            if place in marks.lit:
                glow = "lit"
            elif place in marks.changed and "dim" not in names.split():
                glow = "changed"
        # a board has a few dozen looks for hundreds of runs: each is added up once
        key = (names, mark, glow)
        style = self._style_cache.get(key)
        if style is None:
            style = self._base()
            for name in (*names.split(), mark, glow):
                if name:
                    style += self._component(name)
            self._style_cache[key] = style
        return style
