"""Vietnam Solitaire's map: five regions of four areas, the Ho Chi Minh Trail, and the tracks.

Drawn with the Line API: the widget builds its lines from the state it is shown, keeps them as
strips, and on every update refreshes only the rows that changed. Every area and Trail area is a
target: the arrow keys move a cursor over them, Enter or a click selects one, and the screen
narrows the action picker to the actions about it. The widget never changes the game; it posts
`Selected` and the screen decides.

Terrain shows as a background colour and a letter (J, P, U), so the map reads without colour.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.segment import Segment
from rich.style import Style
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from core.solitaire.board import (
    AIRCAV,
    AREA_LABELS,
    ARVN,
    GRUNT,
    NVA,
    PP_LIMIT,
    REGION_SHORT,
    REGIONS,
    RESTRICTION_TEXT,
    TERRAIN,
    TERRAIN_NAMES,
    TRAIL_ARROW,
    TRAIL_B52_ONLY,
    TRAIL_NAMES,
    VC,
    year_of,
)

Target = tuple[str, int]  # ("area", place 0-19) or ("trail", 0-5)

STEPS = ("B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9")
STEP_OF = {  # engine step -> the B-number shown lit on the step track
    "B0": "B1",
    "B2": "B2",
    "B3": "B3",
    "B3-regroup": "B3",
    "B4": "B4",
    "B4-ground": "B4",
    "B5": "B5",
    "combats": "B6",
    "B7": "B7",
    "B7-region": "B7",
    "B8": "B8",
    "B9": "B9",
    "B9-remove": "B9",
    "D2": "B1",
    "D3": "B1",
}
ENEMY_CODES = ((VC, "VC", "V"), (NVA, "NVA", "N"))
PLAYER_CODES = ((ARVN, "AR", "A"), (GRUNT, "GR", "G"), (AIRCAV, "AC", "C"))
LEGEND = (
    "VC NVA enemy · AR ARVN · GR Grunt · AC AirCav · ✸ napalm · ⚔ fight · B52 GB strikes · "
    "amber: changed since your move"
)


@dataclass
class Run:
    text: str
    style: str = ""
    target: Target | None = None


class RegionMap(Widget, can_focus=True):
    COMPONENT_CLASSES = {
        "map--jungle",
        "map--paddy",
        "map--urban",
        "map--enemy",
        "map--player",
        "map--cursor",
        "map--selected",
        "map--highlight",
        "map--title",
        "map--dim",
        "map--track-now",
        "map--danger",
        "map--restricted",
        "map--counter",
        "map--changed",
    }
    DEFAULT_CSS = """
    RegionMap { height: 1fr; width: 100%; padding: 0 1; }
    RegionMap > .map--jungle { background: #1f4a26; }
    RegionMap > .map--paddy { background: #4d4517; }
    RegionMap > .map--urban { background: #3f444c; }
    RegionMap > .map--enemy { color: #ff7a7a; text-style: bold; }
    RegionMap > .map--player { color: #9fd3ff; text-style: bold; }
    RegionMap > .map--cursor { background: #1d5d96; }
    RegionMap > .map--selected { background: #8a5a00; }
    RegionMap > .map--highlight { color: #ffe066; text-style: bold underline; }
    RegionMap > .map--title { color: $accent; text-style: bold; }
    RegionMap > .map--dim { color: $text-muted; }
    RegionMap > .map--track-now { background: $accent; color: $background; text-style: bold; }
    RegionMap > .map--danger { color: #ff5f5f; }
    RegionMap > .map--restricted { color: #ffb347; text-style: bold; }
    RegionMap > .map--counter { color: #ff9f43; text-style: bold; }
    RegionMap > .map--changed { background: #5c4a12; text-style: bold; }
    RegionMap:focus > .map--cursor { background: #2a7fd4; }
    """

    BINDINGS = [
        Binding("up", "move(0,-1)", "Up", show=False, id="map.up"),
        Binding("down", "move(0,1)", "Down", show=False, id="map.down"),
        Binding("left", "move(-1,0)", "Left", show=False, id="map.left"),
        Binding("right", "move(1,0)", "Right", show=False, id="map.right"),
        Binding(
            "enter,space",
            "select",
            "Select place",
            id="map.select",
            tooltip="Show only the actions about this place",
        ),
        Binding("escape", "clear", "Show all actions", id="map.clear", show=False),
    ]

    class Selected(Message):
        """The player selected a place (None: the selection was cleared)."""

        def __init__(self, target: Target | None) -> None:
            super().__init__()
            self.target = target

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.state = None
        self.step_label: str | None = None
        self.cursor: Target = ("area", 1)
        self.selected: Target | None = None
        self.highlights: frozenset[Target] = frozenset()
        self.changed: frozenset[Target] = frozenset()
        self._lines: list[list[Run]] = []
        self._strips: list[Strip] = []
        self._built_width = -1
        self._built_key: tuple | None = None
        self._styles: dict[str, Style] = {}

    # --- what the screen calls ---------------------------------------------------------------

    def show(self, state, step_label: str | None = None) -> None:
        """Draw this position (refreshing only the rows that differ from what is on screen)."""
        self.state = state
        self.step_label = step_label
        self._rebuild()

    def highlight(self, targets) -> None:
        targets = frozenset(targets)
        if targets != self.highlights:
            self.highlights = targets
            self._rebuild()

    def mark_changed(self, targets) -> None:
        """Places the other side changed since the player's last decision (shown reversed)."""
        targets = frozenset(targets)
        if targets != self.changed:
            self.changed = targets
            self._rebuild()

    def select(self, target: Target | None) -> None:
        self.selected = target
        if target is not None:
            self.cursor = target
        self._rebuild()
        self.post_message(self.Selected(target))

    # --- keys and mouse ----------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        """Move the cursor to the next place in a direction: the nearest one in line with it
        (same rows for left/right, same columns for up/down), else the nearest at all."""
        boxes = self._boxes()
        here = boxes.get(self.cursor)
        if here is None:
            return
        hx, hy = (here[0] + here[1]) / 2, (here[2] + here[3]) / 2
        best, best_cost = None, None
        for target, (x0, x1, y0, y1) in boxes.items():
            x, y = (x0 + x1) / 2, (y0 + y1) / 2
            ddx, ddy = x - hx, y - hy
            if (dx and ddx * dx <= 0) or (dy and ddy * dy <= 0):
                continue
            along, across = (abs(ddx), abs(ddy)) if dx else (abs(ddy), abs(ddx))
            in_line = (y0 <= here[3] and here[2] <= y1) if dx else (x0 < here[1] and here[0] < x1)
            cost = (0 if in_line else 1000) + along + 3 * across
            if best_cost is None or cost < best_cost:
                best, best_cost = target, cost
        if best is not None:
            self.cursor = best
            self._rebuild()

    def action_select(self) -> None:
        self.select(None if self.selected == self.cursor else self.cursor)

    def action_clear(self) -> None:
        if self.selected is not None:
            self.select(None)

    def check_action(self, action: str, parameters) -> bool | None:
        if action == "clear":  # nothing selected: Esc goes on to the screen (its menu)
            return self.selected is not None
        return True

    def on_click(self, event: events.Click) -> None:
        target = self.target_at(event.x, event.y)
        if target is not None:
            self.focus()
            self.select(None if self.selected == target else target)

    def target_at(self, x: int, y: int) -> Target | None:
        """The place under a point of the widget (content coordinates include the padding)."""
        x -= self.styles.padding.left
        y -= self.styles.padding.top
        if not 0 <= y < len(self._lines):
            return None
        col = 0
        for run in self._lines[y]:
            if col <= x < col + len(run.text):
                return run.target
            col += len(run.text)
        return None

    # --- rendering ---------------------------------------------------------------------------

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return max(len(self._lines), 1)

    def on_resize(self) -> None:
        self._rebuild()

    def render_line(self, y: int) -> Strip:
        if self._built_width != self.content_size.width:
            self._rebuild(refresh=False)
        if y < len(self._strips):
            return self._strips[y]
        return Strip.blank(self.content_size.width, self.rich_style)

    def _rebuild(self, refresh: bool = True) -> None:
        width = self.content_size.width
        if width <= 0 or self.state is None or not self.is_mounted:
            return
        key = (
            self.state,
            self.step_label,
            width,
            self.content_size.height,
            self.cursor,
            self.selected,
            self.highlights,
            self.changed,
            self.has_focus,
        )
        if key == self._built_key:
            return  # nothing it shows has changed
        self._built_key = key
        self._styles: dict[str, Style] = {}
        lines = self._layout(width)
        strips = [self._strip(line, width) for line in lines]
        old = self._strips
        self._lines, self._strips = lines, strips
        resized = self._built_width != width
        self._built_width = width
        if not refresh:
            return
        if resized or len(old) != len(strips):
            self.refresh(layout=len(old) != len(strips))
            return
        for y, (a, b) in enumerate(zip(old, strips, strict=True)):
            if a != b:
                self.refresh(Region(0, y, self.size.width, 1))

    def _strip(self, line: list[Run], width: int) -> Strip:
        segments = []
        for run in line:
            segments.append(Segment(run.text, self._style(run)))
        # every segment carries a style (the padding too): Textual's NO_COLOR filter needs one
        return Strip(segments).adjust_cell_length(width, self._style_base())

    def _component(self, name: str) -> Style:
        style = self._styles.get(name)
        if style is None:
            style = self._styles[name] = self.get_component_rich_style(f"map--{name}")
        return style

    def _style_base(self) -> Style:
        """The board's own colours, under every run (read once a rebuild)."""
        style = self._styles.get(" base")
        if style is None:
            style = self._styles[" base"] = self.rich_style
        return style

    def _style(self, run: Run) -> Style:
        style = self._style_base()
        for name in run.style.split():
            style += self._component(name)
        if run.target is not None:
            if run.target == self.selected:
                style += self._component("selected")
            elif run.target == self.cursor:
                style += self._component("cursor")
            if run.target in self.highlights:
                style += self._component("highlight")
            elif run.target in self.changed and "dim" not in run.style.split():
                style += self._component("changed")
        return style

    def on_focus(self) -> None:
        self._rebuild()

    def on_blur(self) -> None:
        self._rebuild()

    # --- layout ------------------------------------------------------------------------------

    def _boxes(self) -> dict[Target, tuple[int, int, int, int]]:
        """Each place's box on the widget: (x0, x1, y0, y1), ends inclusive."""
        boxes: dict[Target, list[int]] = {}
        for y, line in enumerate(self._lines):
            col = 0
            for run in line:
                if run.target is not None:
                    x1 = col + len(run.text) - 1
                    box = boxes.get(run.target)
                    if box is None:
                        boxes[run.target] = [col, x1, y, y]
                    else:
                        box[0], box[1] = min(box[0], col), max(box[1], x1)
                        box[2], box[3] = min(box[2], y), max(box[3], y)
                col += len(run.text)
        return {t: tuple(b) for t, b in boxes.items()}

    def _layout(self, width: int) -> list[list[Run]]:
        """The full map if it fits the widget's height, else the compact one."""
        full = self._layout_for(width, compact=False)
        if len(full) <= self.content_size.height and width >= 60:
            return full
        return self._layout_for(width, compact=True)

    def _layout_for(self, width: int, compact: bool) -> list[list[Run]]:
        lines: list[list[Run]] = []
        lines.extend(self._tracks(width, compact))
        if not compact:
            lines.append([])
        lines.extend(self._trail(width))
        lines.append([])
        lines.extend(self._regions(width, compact))
        room = self.content_size.height - len(lines)
        if not compact or room >= 1:
            lines.extend([Run(text, "dim")] for text in _wrap(LEGEND, width, max(1, room)))
        return lines

    def _tracks(self, width: int, compact: bool) -> list[list[Run]]:
        s = self.state
        historical = s.rules.opt_historical
        pp_line = [Run("PP ", "title")]
        if historical:
            pp_line.append(Run("— (D3 historical game: no Political Points)", "dim"))
        else:
            for n in range(PP_LIMIT + 1):
                style = (
                    "track-now"
                    if n == s.pp or (n == PP_LIMIT and s.pp > PP_LIMIT)
                    else ("danger" if n >= 12 else "dim")
                )
                label = str(n) if n != PP_LIMIT or s.pp <= PP_LIMIT else f"{s.pp}!"
                if n == PP_LIMIT:
                    pp_line.append(Run("┃", "danger"))  # the line: 14 at B9 ends the war
                pp_line.append(Run(label, style))
                pp_line.append(Run(" "))
        turn_text = f"Turn {s.turn} · {year_of(s.turn)}"
        used = sum(len(r.text) for r in pp_line)
        if used + len(turn_text) + 2 <= width:
            pp_line.append(Run(" " * (width - used - len(turn_text))))
            pp_line.append(Run(turn_text, "title"))
            lines = [pp_line]
        else:
            lines = [pp_line, [Run(turn_text, "title")]]
        if not compact:
            years = [Run("Year ", "title")]
            for t in range(1, 14):
                years.append(Run(f"{year_of(t) % 100:02d}", "track-now" if t == s.turn else "dim"))
                years.append(Run(" "))
            if s.turn > 13:
                years.append(Run(f"{year_of(s.turn)}", "track-now"))
            lines.append(years)
        current = self.step_label or STEP_OF.get(s.step, "")
        steps = [Run("Step ", "title")]
        for step in STEPS:
            steps.append(Run(step, "track-now" if step == current else "dim"))
            steps.append(Run(" "))
        restriction = self._restriction_text()
        room = width - sum(len(r.text) for r in steps)
        if compact and room >= 12:
            steps.append(
                Run(f" {restriction}"[:room], "restricted" if s.restriction > 1 else "dim")
            )
            lines.append(steps)
        else:
            lines.append(steps)
            lines.append(
                [
                    Run("Restriction: ", "title"),
                    Run(restriction, "restricted" if s.restriction > 1 else "dim"),
                ]
            )
        return lines

    def _restriction_text(self) -> str:
        s = self.state
        if s.rules.opt_historical:
            return "none (historical chart)"
        if s.turn == 1 or s.restriction == 0:
            return "none"
        if s.step == "B9-remove":
            return "remove one American unit now"
        return RESTRICTION_TEXT.get(s.restriction, "none")

    def _trail(self, width: int) -> list[list[Run]]:
        s = self.state
        columns = 3 if width >= 90 else (2 if width >= 50 else 1)
        entry = width // columns
        name_w = 13 if entry >= 29 else 9
        markers = {}
        for kind, where in s.markers:
            if kind in ("b52", "gb"):
                markers.setdefault(where, []).append("B52" if kind == "b52" else "GB")
        lines: list[list[Run]] = [
            [
                Run("Ho Chi Minh Trail", "title"),
                Run("  die no. · counters → region · * B-52 only", "dim"),
            ]
        ]
        row: list[Run] = []
        for t in range(6):
            name = TRAIL_NAMES[t][:name_w]
            counters = s.trail[t]
            dots = "●" * min(counters, 3) + (f"{counters}" if counters > 3 else "")
            target = ("trail", t)
            star = "*" if TRAIL_B52_ONLY[t] else " "
            cell = [
                Run(f"{t + 1} ", "dim", target),
                Run(f"{name + star:<{name_w + 1}}", "", target),
                Run(f"{dots:<3}", "counter", target),
                Run(f"→{REGION_SHORT[TRAIL_ARROW[t]][:6]:<6}", "dim", target),
            ]
            tag = ",".join(markers.get(t, []))
            used = sum(len(r.text) for r in cell)
            cell.append(
                Run(
                    f" {tag}"[: max(0, entry - used - 1)].ljust(max(0, entry - used - 1)),
                    "restricted",
                    target,
                )
            )
            cell.append(Run(" "))
            row.extend(cell)
            if (t + 1) % columns == 0:
                lines.append(row)
                row = []
        if row:
            lines.append(row)
        return lines

    def _regions(self, width: int, compact: bool) -> list[list[Run]]:
        s = self.state
        label_w = 18 if width >= 18 + 4 * 12 else (12 if width >= 12 + 4 * 9 else 7)
        cell_w = max(7, min(16, (width - label_w) // 4))
        napalm = {where for kind, where in s.markers if kind == "napalm"}
        combat = s.combat_place if s.step == "retreat" else -1
        header = [Run(" " * label_w)]
        for label in AREA_LABELS:
            header.append(Run(f" {label}".ljust(cell_w), "dim"))
        lines = [header]
        for r in range(5):
            name = REGIONS[r] if label_w >= 18 else REGION_SHORT[r][: label_w - 1]
            if compact:
                rows = [[Run(f"{name:<{label_w}}", "title")], [Run(" " * label_w)]]
            else:
                rows = [
                    [Run(f"{name:<{label_w}}", "title")],
                    [Run(" " * label_w)],
                    [Run(" " * label_w)],
                ]
            for a in range(4):
                p = r * 4 + a
                terrain = TERRAIN[r][a]
                bg = {"J": "jungle", "P": "paddy", "U": "urban"}[terrain]
                target = ("area", p)
                u = s.units[p]
                enemy = _counters(u, ENEMY_CODES, cell_w - 3)
                player = _counters(u, PLAYER_CODES, cell_w - 2)
                mark = "✸" if p in napalm else ("⚔" if p == combat else " ")
                if compact:
                    rows[0].append(Run(f"{terrain}{mark}", f"{bg} dim", target))
                    rows[0].append(Run(enemy.ljust(cell_w - 3), f"{bg} enemy", target))
                    rows[0].append(Run(" "))
                    rows[1].append(Run(" " + player.ljust(cell_w - 2), f"{bg} player", target))
                    rows[1].append(Run(" "))
                else:
                    word = TERRAIN_NAMES[terrain] if cell_w >= 12 else ""
                    top = f"{terrain}{mark}{word}".ljust(cell_w - 1)[: cell_w - 1]
                    rows[0].append(Run(top, f"{bg} dim", target))
                    rows[0].append(Run(" "))
                    rows[1].append(Run(" " + enemy.ljust(cell_w - 2), f"{bg} enemy", target))
                    rows[1].append(Run(" "))
                    rows[2].append(Run(" " + player.ljust(cell_w - 2), f"{bg} player", target))
                    rows[2].append(Run(" "))
            lines.extend(rows)
        return lines


def _wrap(legend: str, width: int, lines: int) -> list[str]:
    """The legend's items (" · " apart) over at most `lines` lines of `width`."""
    out, line = [], ""
    for item in legend.split(" · "):
        candidate = f"{line} · {item}" if line else item
        if len(candidate) <= width:
            line = candidate
            continue
        if len(out) + 1 >= lines:
            break
        out.append(line)
        line = item[:width]
    out.append(line)
    return out


def _counters(units, codes, room: int) -> str:
    """Unit counts as counters: `VC2 NVA1`, or `V2N1` where the cell is narrow."""
    full = " ".join(f"{code}{units[u]}" for u, code, _ in codes if units[u])
    if len(full) <= room:
        return full
    short = "".join(f"{c}{units[u]}" for u, _, c in codes if units[u])
    return short[:room]
