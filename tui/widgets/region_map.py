"""Vietnam Solitaire's map: five regions of four areas, the Ho Chi Minh Trail, and the tracks.

A `Board` (tui/widgets/board.py): it draws the player's view (`view`), and the cursor, the
selection, the lit and the changed places come from the base. Every area (`("area", p)`) and
Trail area (`("trail", t)`) is a place: the arrow keys move a cursor over them, Enter or a click
selects one, and the screen narrows the action picker to the actions about it. The widget never
changes the game; it posts `Board.Selected` and the screen decides.

Terrain shows as a background colour and a letter (J, P, U), so the map reads without colour.
"""

from __future__ import annotations

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
        current = STEP_OF.get(s.step, "")
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
