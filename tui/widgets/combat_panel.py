"""The ground-combat panel of Vietnam Solitaire: both sides, the terrain, every round's dice and
hits, and the choice to fight on or retreat."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.widgets import Button, Static

from core.solitaire.board import (
    AIRCAV,
    ARVN,
    GRUNT,
    HIT_TABLE,
    NVA,
    TERRAIN_NAMES,
    UNIT_NAMES,
    VC,
    place_name,
    terrain_of,
)
from tui.widgets.event_log import die_chips

MAX_RETREATS = 3  # with `retreat = any_higher`, from area 1-2


class CombatPanel(Vertical):
    DEFAULT_CSS = """
    CombatPanel {
        height: auto; max-height: 18; display: none;
        border: round #ff7a7a; padding: 0 1; margin: 0;
    }
    CombatPanel.-active { display: block; }
    CombatPanel #combat-sides { height: auto; }
    CombatPanel #combat-rounds { height: auto; max-height: 8; }
    CombatPanel Horizontal { height: auto; }
    CombatPanel Button { margin: 0 1 0 0; min-width: 16; }
    """

    class Decided(Message):
        def __init__(self, action: tuple) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._retreats: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield Static(id="combat-sides")
        yield Static(id="combat-rounds")
        with Horizontal(id="combat-buttons"):
            yield Button("Fight on (f)", id="combat-fight", variant="error")
            for i in range(MAX_RETREATS):
                yield Button("", id=f"combat-retreat-{i}", variant="primary")

    def show(
        self, state, rounds: list[tuple[int, list[tuple[str, int, bool]]]], legal: tuple
    ) -> None:
        """Show the combat pending in `state` (or hide the panel when there is none)."""
        active = state is not None and state.step == "retreat"
        self.set_class(active, "-active")
        if not active:
            return
        p = state.combat_place
        terrain = terrain_of(p)
        u = state.units[p]
        self.border_title = f"Ground combat · {place_name(p)} · {TERRAIN_NAMES[terrain]}"
        sides = Table.grid(expand=True, padding=(0, 2))
        sides.add_column(ratio=1)
        sides.add_column(ratio=1)
        sides.add_row(
            Text("NVA / VC", style="bold #ff7a7a"), Text("Your forces", style="bold #9fd3ff")
        )
        left = [_unit_line(u, k, terrain) for k in (VC, NVA) if u[k]]
        right = [_unit_line(u, k, terrain) for k in (ARVN, GRUNT, AIRCAV) if u[k]]
        for i in range(max(len(left), len(right))):
            sides.add_row(left[i] if i < len(left) else "", right[i] if i < len(right) else "")
        self.query_one("#combat-sides", Static).update(sides)
        shown = rounds[-2:] if self.screen.has_class("-compact") else rounds[-4:]
        lines = []
        for number, dice in shown:
            line = Text()
            line.append(f"Round {number}: ", style="bold")
            for unit, face, hit in dice:
                line.append(f"{unit} ")
                line.append_text(die_chips([face]))
                line.append("hit " if hit else "miss ", style="bold" if hit else "dim")
            lines.append(line)
        self.query_one("#combat-rounds", Static).update(Text("\n").join(lines))
        self.query_one("#combat-fight", Button).display = ("fight",) in legal
        retreats = [a[1] for a in legal if a[0] == "retreat"]
        self._retreats = {}
        for i in range(MAX_RETREATS):
            button = self.query_one(f"#combat-retreat-{i}", Button)
            button.display = i < len(retreats)
            if i < len(retreats):
                key = " (r)" if i == 0 else ""
                button.label = f"Retreat to {place_name(retreats[i])}{key}"
                self._retreats[button.id] = retreats[i]

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        name = event.button.id or ""
        if name == "combat-fight":
            self.post_message(self.Decided(("fight",)))
        elif name in self._retreats:
            self.post_message(self.Decided(("retreat", self._retreats[name])))


def _unit_line(u, unit: int, terrain: str) -> Text:
    need = HIT_TABLE[unit][terrain]
    faces = "1" if need == 1 else f"1-{need}"
    return Text.assemble((f"{u[unit]} × {UNIT_NAMES[unit]}", "bold"), (f"  hits on {faces}", "dim"))
