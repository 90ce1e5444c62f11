"""Vietnam Solitaire's map: five regions of four areas, the Ho Chi Minh Trail, and the tracks.

A `Board` (tui/widgets/board.py): it draws the player's view (`view`), and the cursor, the
selection, the lit and the changed places come from the base. Every area (`("area", p)`) and
Trail area (`("trail", t)`) is a place: the arrow keys move a cursor over them, Enter or a click
selects one, and the screen narrows the action picker to the actions about it. The widget never
changes the game; it posts `Board.Selected` and the screen decides.

Terrain shows as a background colour and a letter (J, P, U), so the map reads without colour.
"""

from __future__ import annotations

from textual.reactive import reactive

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
from tui.widgets.board import Board, Run

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
TAG_W = len("GB,B52")  # the strikes made on a Trail area this turn
TRAIL_CELL = 2 + 10 + 3 + 4 + 1 + TAG_W + 1  # a Trail area at its narrowest (names cut to 9 and 3)
TRAIL_CELL_FULL = 2 + 14 + 3 + 7 + 1 + TAG_W + 1  # and with every name in full
LEGEND = (
    "VC NVA enemy · AR ARVN · GR Grunt · AC AirCav · ✸ napalm · ⚔ fight · B52 GB strikes · "
    "amber: changed since your move"
)


class RegionMap(Board):
    COMPONENT_CLASSES = {
        "board--jungle",
        "board--paddy",
        "board--urban",
        "board--enemy",
        "board--player",
        "board--title",
        "board--dim",
        "board--track-now",
        "board--danger",
        "board--restricted",
        "board--counter",
    }
    DEFAULT_CSS = """
    RegionMap { overflow-x: hidden; }
    RegionMap > .board--jungle { background: #1f4a26; }
    RegionMap > .board--paddy { background: #4d4517; }
    RegionMap > .board--urban { background: #3f444c; }
    RegionMap > .board--enemy { color: #ff7a7a; text-style: bold; }
    RegionMap > .board--player { color: #9fd3ff; text-style: bold; }
    RegionMap > .board--title { color: $accent; text-style: bold; }
    RegionMap > .board--dim { color: $text-muted; }
    RegionMap > .board--track-now { background: $accent; color: $background; text-style: bold; }
    RegionMap > .board--danger { color: #ff5f5f; }
    RegionMap > .board--restricted { color: #ffb347; text-style: bold; }
    RegionMap > .board--counter { color: #ff9f43; text-style: bold; }
    """

    forecast: reactive[tuple[str, str] | None] = reactive(None, repaint=False, init=False)
    """The danger ahead, in words (what it assumes, what it says): drawn under the PP track."""

    def watch_forecast(self) -> None:
        if self.view is not None:
            self._lay_out()

    def start(self) -> Target:
        return ("area", 1)

    def draw(self, width: int, height: int) -> list[list[Run]]:
        """The full map if it fits the widget's height, else the compact one."""
        self.state = self.view.state
        full = self._layout_for(width, height, compact=False)
        if len(full) <= height and width >= 60 and not self.compact:
            return full
        return self._layout_for(width, height, compact=True)

    # --- layout ------------------------------------------------------------------------------

    def _layout_for(self, width: int, height: int, compact: bool) -> list[list[Run]]:
        lines: list[list[Run]] = []
        lines.extend(self._tracks(width, compact))
        if not compact:
            lines.append([])
        lines.extend(self._trail(width))
        lines.append([])
        lines.extend(self._regions(width, compact))
        room = height - len(lines)
        if not compact or room >= 1:
            lines.extend([Run(text, "dim")] for text in _wrap(LEGEND, width, max(1, room)))
        return lines

    def _tracks(self, width: int, compact: bool) -> list[list[Run]]:
        s = self.state
        historical = s.rules.opt_historical
        pp_line = [Run("PP", "title")]
        if historical:
            pp_line.append(Run(" — (D3 historical game: no Political Points)", "dim"))
        else:
            now = min(s.pp, PP_LIMIT)
            labels = [str(n) for n in range(PP_LIMIT)] + [
                str(PP_LIMIT) if s.pp <= PP_LIMIT else f"{s.pp}!"
            ]
            styles = ["danger" if n >= 12 else "dim" for n in range(PP_LIMIT + 1)]
            # the line before 14: 14 at B9 ends the war
            pp_line.extend(_track(labels, now, styles, bar_before=PP_LIMIT))
        turn_text = f"Turn {s.turn} · {year_of(s.turn)}"
        used = sum(len(r.text) for r in pp_line)
        forecast = self._forecast_line(width)
        if used + len(turn_text) + 2 <= width:
            pp_line.append(Run(" " * (width - used - len(turn_text))))
            pp_line.append(Run(turn_text, "title"))
            lines = [pp_line]
        elif compact and forecast:
            lines = [pp_line]  # the status line beside the map says the turn
        else:
            lines = [pp_line, [Run(turn_text, "title")]]
        if forecast:
            lines.append(forecast)
        if not compact:
            labels = [f"{year_of(t) % 100:02d}" for t in range(1, 14)]
            if s.turn > 13:
                labels.append(f"{year_of(s.turn)}")
            years = [Run("Year", "title")]
            years.extend(_track(labels, min(s.turn, 14) - 1, ["dim"] * len(labels)))
            lines.append(years)
        current = STEP_OF.get(s.step, "")
        steps = [Run("Step", "title")]
        steps.extend(
            _track(list(STEPS), STEPS.index(current) if current else -1, ["dim"] * len(STEPS))
        )
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

    def _forecast_line(self, width: int) -> list[Run]:
        """The forecast under the PP track: what it assumes, then the chance and the range."""
        if self.forecast is None:
            return []
        assumption, figures = self.forecast
        style = "danger" if figures.endswith("⚠") else ""
        for words, said in (
            (assumption, figures),
            (assumption, figures.removesuffix(" ⚠")),
            ("No more spending:", figures.removesuffix(" ⚠")),
        ):
            if len(words) + 1 + len(said) <= width:
                break
        return [Run(words, "title"), Run(f" {said}"[: max(0, width - len(words))], style)]

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
        columns = 3 if width >= 3 * TRAIL_CELL_FULL else (2 if width >= 2 * TRAIL_CELL else 1)
        entry = width // columns
        # the strike markers keep their room; the Trail area's and the region's names give way
        name_w = 13 if entry >= TRAIL_CELL + 4 else 9
        dots_w = 3 if entry >= TRAIL_CELL + 7 else 2
        region_w = max(3, min(6, entry - (2 + name_w + 1 + dots_w + 1 + 1 + TAG_W + 1)))
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
            dots = "●" * counters if counters <= dots_w else f"●{counters}"
            target = ("trail", t)
            star = "*" if TRAIL_B52_ONLY[t] else " "
            tag = ",".join(markers.get(t, []))
            cell = [
                Run(f"{t + 1} ", "dim", target),
                Run(f"{name + star:<{name_w + 1}}", "", target),
                Run(f"{dots:<{dots_w}}", "counter", target),
                Run(f"→{REGION_SHORT[TRAIL_ARROW[t]][:region_w]:<{region_w}}", "dim", target),
                Run(f" {tag:<{TAG_W}}", "restricted", target),
            ]
            used = sum(len(r.text) for r in cell)
            cell.append(Run(" " * max(1, entry - used)))
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


def _track(labels: list[str], now: int, styles: list[str], bar_before: int = -1) -> list[Run]:
    """A track's boxes, the current one lit and between ▸ ◂ (so it reads without colour too);
    `bar_before`: the box with a ┃ before it."""
    runs = []
    for n, label in enumerate(labels):
        before = "▸" if n == now else ("◂" if n == now + 1 and now >= 0 else " ")
        if n == bar_before:
            runs.append(Run(before if before == "◂" else " ", "title"))
            runs.append(Run("┃", "danger"))
            before = "▸" if n == now else ""
        runs.append(Run(before, "title" if before.strip() else ""))
        runs.append(Run(label, "track-now" if n == now else styles[n]))
    runs.append(Run("◂" if now == len(labels) - 1 else " ", "title"))
    return runs


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
