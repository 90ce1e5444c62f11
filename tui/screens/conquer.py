"""The Objective: Conquer screen: the hex map as the board.

Everything the generic game screen does (the action picker, the log, AI seats, the natives' seat,
undo, saves, the playback, "since your last move", game over) is inherited; this screen adds the
hex map (tui/widgets/hex_map.py), the eleven-phase track, the Administrators with their money and
the income each can expect, the hex under the cursor, and a panel for the combat of the turn.
Selecting a hex narrows the picker to the actions about it; selecting a hex with armies that can
move (or the Administrator's, in phase 4) lights their destinations with what entering costs, and
Enter or a click on one plays the move. Under the map, while a human is to act, a line names the
threats to their castles and Administrator at the next combat with the odds of each fight (the
forecast of ai/forecast_conquer.py). Nothing in Conquer is hidden (OC-Q80): no hand-off.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Static

from core.conquer import rules as R
from core.conquer.events import ConquerEvent
from core.conquer.hexes import board
from core.conquer.state import (
    COMBAT,
    DEVELOP,
    MOVE,
    NATIVE_SIDE,
    NATIVES_MOVE,
    ORDERS,
    OVER,
    PHASE_NAMES,
    SPELUNK,
    TERRAIN,
    TRAIN,
)
from core.conquer.tables import EXPLORE_COST, dollars
from tui.screens.game import GameScreen
from tui.widgets.board import Board
from tui.widgets.hex_map import LEGEND, OWNER_COLOURS, OWNER_LETTERS, HexMap

if TYPE_CHECKING:
    from ai.forecast_conquer import ConquerForecast, Threat

E = ConquerEvent
# the hint's value (ai/conquer.py `evaluate`) in words: where the player's projected score stands
HINT_STANDING = (
    (0.85, "well ahead of the best other Administrator"),
    (0.6, "ahead of the best other Administrator"),
    (0.4, "about level with the best other Administrator"),
    (0.15, "behind the best other Administrator"),
    (0.0, "far behind the best other Administrator, or captured"),
)
# why a player's part of a phase ends without their "done": nothing more can be done in it
PHASE_OVER = {
    MOVE: "no army can move",
    ORDERS: "no order can be sent and the Administrator cannot move",
    SPELUNK: "no search is left",
    TERRAIN: "no terrain change is left",
    TRAIN: "nothing more can be trained",
    DEVELOP: "nothing more can be built",
    COMBAT: "the battles are over",
}


class ConquerScreen(GameScreen):
    CSS_PATH = "conquer.tcss"
    BINDINGS = [
        Binding(
            "ctrl+t",
            "focus_map",
            "Map",
            id="conquer.map",
            tooltip="Move the hex cursor (arrows or hjkl, Enter selects); again: back to "
            "the actions",
        ),
    ]
    HELP_NOTES = (
        "The goal: be the last Administrator, or have the best score when the turn limit comes "
        "(money + army points + 10 a castle point + controlled hexes).\n"
        "The map: Ctrl+T (or a click) moves there and Ctrl+T again back to the actions; arrows "
        "or h j k l move the cursor, PageUp and "
        "PageDown scroll; Enter selects a hex and the action list shows only what can be done "
        "there. A hex with armies that may move lights their destinations with their cost: "
        "Enter or a click on one moves the army shown in the action list. Esc clears the "
        "selection. At the start of your turn the map shows your Administrator.\n"
        "Under the map, a red line names the threats at the next combat: each castle or "
        "Administrator of yours that an enemy army (B6: Administrator B's, 6 points) or natives "
        "(n7) can reach by then, where they come from, and the chance you hold (lose nothing "
        "in the round) or lose everything there (an Administrator caught alone is captured).\n"
        "Each hex is numbered like a printed wargame map, column then row (0304: column 3, "
        "row 4, the column numbers along the top); actions and the log name hexes by these "
        "numbers. On a wide screen each hex shows its number, then its terrain and what stands "
        "there, then who is there; on a small one its terrain, then who is there or, on an "
        "empty hex, its number.\n"
        f"The legend: {LEGEND}."
    )

    def __init__(self, session, save_path=None) -> None:
        super().__init__(session, save_path)
        self._destinations: dict[tuple, tuple] = {}  # ("hex", h) -> the action that goes there
        self._panned_for: tuple[int, int] | None = None  # (turn, seat) the map last went to

    # --- layout ------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        with Vertical(id="board"):
            yield Static("", id="phase-track")
            yield HexMap(id="hex-map")
            yield Static("", id="threats")
            yield Static("", id="hex-info")
            yield Static("", id="combat-report")
            yield Static(LEGEND, id="hex-legend")

    @property
    def hex_map(self) -> HexMap:
        return self.query_one("#hex-map", HexMap)

    def update_board(self, view=None) -> None:
        current = view is None
        view = view if view is not None else self.view
        state = view.state  # (nothing is hidden in Conquer but the dice: OC-Q80)
        self.hex_map.compact = self.compact
        self.hex_map.view = view
        if current:
            self._pan_to_the_player(state)
        self._set_text("#phase-track", self.phase_track(state))
        self._show_hex_info()
        self._show_combat(state)
        self.query_one("#hex-legend").display = not self.compact

    def on_resize(self) -> None:
        """A new size may change the map's cells and leaves the legend only where it has room
        (the game screen fits its side column too: Textual calls both)."""
        if self.is_mounted:
            self.hex_map.compact = self.compact
            self.query_one("#hex-legend").display = not self.compact

    def _pan_to_the_player(self, state) -> None:
        """At the start of a human player's turn the cursor goes to their Administrator, so
        the map shows their pieces (on a map larger than its pane too)."""
        me = self.session.to_move
        if (
            me is None
            or not self.session.seat_is_human(me)
            or not 0 <= me < state.players
            or state.admins[me] is None
            or (state.turn, me) == self._panned_for
        ):
            return
        self._panned_for = (state.turn, me)
        self.hex_map.cursor = ("hex", state.admins[me])
        self.hex_map.scroll_to_place(self.hex_map.cursor, center=True)

    def _set_text(self, selector: str, text: Text) -> None:
        """Update a line of text only when it changed (an update costs a layout pass)."""
        found = self.query(selector)
        if not found:
            return
        widget = found.first()
        if getattr(widget, "_shown_text", None) != text.plain:
            widget._shown_text = text.plain
            widget.update(text)

    def mark_changed(self, places: set) -> None:
        self.hex_map.changed = places

    def light_places(self, places) -> None:
        self.hex_map.lit = places or ()

    def clear_board_selection(self) -> bool:
        if self.hex_map.selected is not None:
            self.hex_map.select(None)
            return True
        return False

    # --- the side ----------------------------------------------------------------------------

    def phase_track(self, s) -> Text:
        """The turn and the eleven phases, the current one lit and named."""
        text = Text(f"Turn {s.turn}/{s.rules.turn_limit} · ", style="bold")
        for phase in range(1, 12):
            text.append(str(phase), style="bold reverse" if phase == s.phase else "dim")
            text.append(" ")
        if s.phase != OVER:
            text.append(f"· {PHASE_NAMES[s.phase]}", style="bold")
        if s.initiative and s.phase != OVER:
            order = "".join(OWNER_LETTERS[p] for p in s.initiative)
            text.append(f" · order {order}", style="dim")
        return text

    def status_text(self) -> str:
        s = self.view.state
        if self.session.over:
            return f"Turn {s.turn} · game over"
        seat = self.session.to_move
        who = self.session.seat_name(seat)
        if self.narrow:  # a narrow side column: the phase track has the turn
            return f"{s.phase}. {PHASE_NAMES[s.phase]} · {who} to act"
        return f"Turn {s.turn} · {s.phase}. {PHASE_NAMES[s.phase]} · {who} to act"

    def unasked_change(self, before, action, after) -> str | None:
        """The player's part of a phase ends by itself when they have nothing more to do in it
        (OC-2.1: a player with nothing to do is passed over): after their last move, their last
        order, their last loss placed."""
        if action[0] == "done" or before.phase not in PHASE_OVER:
            return None
        seat = R.to_move(before)
        step = (before.turn, before.phase, before.casualties is None)
        if (after.turn, after.phase, after.casualties is None) == step and R.to_move(after) == seat:
            return None
        if before.casualties is not None:
            return "Your losses are placed"
        whose = "" if after.phase != before.phase or after.turn != before.turn else " for you"
        return f"Phase {before.phase} is over{whose}: {PHASE_OVER[before.phase]}"

    def refresh_view(self) -> None:
        super().refresh_view()
        seat = self.session.to_move
        status = self.query_one("#status-line", Static)
        if seat is not None and 0 <= seat < len(OWNER_COLOURS):
            status.styles.color = OWNER_COLOURS[seat]
        else:
            status.styles.color = None

    def seats_text(self) -> Text:
        """Each Administrator, in their colour and letter: money and the income to expect,
        army points, castle points, score; the one to act marked. One line each (on a narrow
        side column: letter, money and score only, two or three to a line)."""
        s = self.view.state
        to_move = self.session.to_move
        text = Text()
        if self.narrow:  # two Administrators a line, their figures together
            for p in range(s.players):
                if p:
                    text.append("\n" if p % 2 == 0 else "  ")
                mark = "▶" if p == to_move else ("·" if p == self._viewer else " ")
                style = f"bold {OWNER_COLOURS[p]}"
                if s.admins[p] is None:
                    text.append(f"{mark}{OWNER_LETTERS[p]} out", style=f"dim strike {style}")
                    continue
                text.append(f"{mark}{OWNER_LETTERS[p]} ", style=style)
                text.append(f"{dollars(s.money[p])} ★{R.score(s, p)}", style="dim")
            return text
        for p in range(s.players):
            if p:
                text.append("\n")
            colour = OWNER_COLOURS[p]
            mark = "▶" if p == to_move else " "
            kind = "you" if p == self._viewer else self.session.seat_kind(p)
            text.append(f"{mark}{OWNER_LETTERS[p]} ", style=f"bold {colour}")
            name = self.session.seat_name(p) if s.players <= 3 else f"Adm. {p + 1}"
            if s.admins[p] is None:
                text.append(f"{name} ({kind}): captured", style="dim strike")
                continue
            text.append(f"{name} ({kind}) ", style=f"bold {colour}")
            income = sum(part.cents for part in R.income_forecast(s, p))
            money_style = "bold #ff5f5f" if s.money[p] < 0 else "bold"
            text.append(dollars(s.money[p]), style=money_style)
            text.append(f" {'+' if income >= 0 else ''}{dollars(income)}", style="dim")
            army = sum(c.points for c in s.chits if c.owner == p)
            castles = sum(c.points for c in s.castles if c.owner == p)
            text.append(f" ⚔{army} ■{castles} ★{R.score(s, p)}", style="dim")
        return text

    def goal_text(self) -> str:
        s = self.view.state
        if self.session.over:
            return ""
        left = s.rules.turn_limit - s.turn
        me = self._viewer  # the player at this screen (not whoever is acting now)
        goal = f"Turn {s.turn}/{s.rules.turn_limit} ({left} left): last Administrator wins"
        if self.narrow:  # narrow: the turns left are on the phase track
            return "Last Administrator wins"
        if me is not None and 0 <= me < s.players and s.admins[me] is not None:
            parts = R.income_forecast(s, me)
            total = sum(part.cents for part in parts)
            detail = ", ".join(f"{part.label} {dollars(part.cents)}" for part in parts) or "nothing"
            goal += f"\nYour next income {dollars(total)}: {detail}"
        return goal

    def picker_notes(self) -> list[str]:
        s = self.view.state
        me = self.session.to_move
        if me is None or not 0 <= me < s.players or s.admins[me] is None:
            return []
        notes = []
        if s.money[me] < 0:
            notes.append(f"Your treasury is {dollars(s.money[me])}: nothing can be bought.")
        if s.phase == MOVE:
            b = board(s.radius)
            far = [c for c in s.chits if c.owner == me and b.distance(c.hex, s.admins[me]) > 1]
            moved = [c for c in s.chits if c.owner == me and c.moved]
            if far:
                notes.append(
                    f"{len(far)} army chit(s) more than a hex from your Administrator cannot move: "
                    "send them orders in phase 4."
                )
            if moved:
                notes.append(f"{len(moved)} chit(s) moved this phase (one hex a phase).")
            if s.money[me] < EXPLORE_COST:
                notes.append("Exploring costs $4.00: you cannot pay for it now.")
        if s.phase == TRAIN and not any(c.owner == me for c in s.castles):
            notes.append("Armies are trained at your own castles: you have none.")
        return notes

    def empty_reason(self) -> str:
        s = self.view.state
        if s.phase == NATIVES_MOVE:
            return "The natives are moving (Esc hurries them)."
        return f"{self.session.seat_name(self.session.to_move)} is deciding."

    def show_actions(self) -> None:
        """The actions, each with a warning when it would leave the treasury below $0 after the
        next income (see `short_after`)."""
        session = self.session
        me = session.to_move
        items = []
        for a, text in session.described():
            short = self.short_after(a)
            if short is not None:
                text += f" ⚠ after next income: {dollars(short)}"
            items.append((a, text))
        self.picker.set_actions(
            items,
            title=f"{session.seat_name(me)}: your move",
            empty=self.empty_reason(),
            notes=self.picker_notes(),
        )
        self._update_destinations()

    def short_after(self, action) -> int | None:
        """The treasury after the next income (in cents) when `action` would leave it below $0,
        else None. The same forecast as "Your next income" (`R.income_forecast`), taken on the
        board as the action leaves it (`R.income_forecast_after`: a castle point built pays, a
        hex moved into costs upkeep, a hex being changed earns nothing), and no dice rolled.
        Only an action that makes the outlook worse warns: once the treasury is bound to be
        short, "done" is not blamed for it."""
        s = self.view.state
        me = self.session.to_move
        if me is None or not 0 <= me < s.players or s.admins[me] is None or action[0] == "hit":
            return None
        now = s.money[me] + sum(part.cents for part in R.income_forecast(s, me))
        after = s.money[me] - R.action_cost(s, action)
        after += sum(part.cents for part in R.income_forecast_after(s, action))
        return after if after < 0 and after < now else None

    # --- commanding from the map -------------------------------------------------------------

    def action_focus_map(self) -> None:
        self.toggle_board_focus(self.hex_map)

    @on(Board.Selected, "#hex-map")
    def _hex_selected(self, message: Board.Selected) -> None:
        if message.place is None:
            self.picker.narrow(None)
            self._update_destinations()
            return
        h = message.place[1]
        s = self.view.state
        places_of = self.session.game.places_of
        here = board(s.radius).label(h)
        self.picker.narrow(lambda a: h in places_of(s, a), f"hex {here}")
        self._update_destinations()
        self._show_hex_info()

    def on_action_picker_highlighted(self, message) -> None:
        action = message.action
        s = self.view.state
        places = self.session.game.places_of(s, action) if action is not None else ()
        from tui.tellers.conquer import hex_places  # (the story's module: after the first frame)

        self.hex_map.lit = hex_places(places)
        self._update_destinations(action)

    def _update_destinations(self, highlighted=None) -> None:
        """With a hex selected: the hexes its movers can reach (the army highlighted in the
        picker first), each with what entering costs."""
        s = self.view.state
        h = self.hex_map.selected[1] if self.hex_map.selected is not None else None
        dest: dict[int, tuple] = {}
        if h is not None and self.session.human_to_move and not self.busy:
            places_of = self.session.game.places_of
            moving = [
                a
                for a in self.session.legal()
                if a[0] in ("move", "admin") or (a[0] == "order" and a[2] == "move")
            ]
            if highlighted in moving:  # the picker's choice wins the destinations it reaches
                moving.remove(highlighted)
                moving.insert(0, highlighted)
            for a in moving:
                places = places_of(s, a)
                if len(places) == 2 and places[0] == h and places[1] not in dest:
                    dest[places[1]] = a
        self._destinations = {("hex", target): a for target, a in dest.items()}
        self.hex_map.destinations = {
            ("hex", target): "$4" if s.terrain[target] is None and a[0] != "admin" else "→"
            for target, a in dest.items()
        }

    @on(HexMap.DestinationChosen, "#hex-map")
    def _destination_chosen(self, message: HexMap.DestinationChosen) -> None:
        action = self._destinations.get(message.place)
        if action is not None:
            self.choose(action)

    def _show_hex_info(self) -> None:
        """What stands on the hex under the cursor."""
        s = self.view.state
        if self.hex_map.cursor is None:
            self._set_text("#hex-info", Text(""))
            return
        h = self.hex_map.cursor[1]
        b = board(s.radius)
        text = Text(f"{b.label(h)} ", style="bold")
        text.append(s.terrain[h] or "undiscovered", style="bold")
        castle = R.castle_at(s, h)
        if castle is not None:
            text.append(f" · castle {castle.points} ({OWNER_LETTERS[castle.owner]})")
        cave = R.cave_at(s, h)
        if cave is not None:
            text.append(f" · {'a mine' if cave[1] == 'mine' else 'an empty cave'}")
        for p in range(s.players):
            chits = [c for c in s.chits if c.owner == p and c.hex == h]
            if chits:
                points = "+".join(str(c.points) for c in chits)
                text.append(f" · {OWNER_LETTERS[p]} army {points}", style=OWNER_COLOURS[p])
            if s.admins[p] == h:
                text.append(f" · Administrator {OWNER_LETTERS[p]}", style=OWNER_COLOURS[p])
        natives = R.natives_at(s, h)
        if natives:
            text.append(" · natives " + "+".join(str(n.strength) for n in natives))
        if h in s.changing:
            text.append(" · being changed (not controlled)")
        for o in s.orders:
            if o.hex == h:
                text.append(
                    f" · order from {OWNER_LETTERS[o.player]}: {R.order_text(o.kind, o.arg)}"
                )
        self._set_text("#hex-info", text)

    @on(Board.CursorMoved, "#hex-map")
    def _cursor_moved(self, message: Board.CursorMoved) -> None:
        self._show_hex_info()

    # --- the threats at the next combat ------------------------------------------------------

    def forecast(self, view, rng) -> ConquerForecast | None:
        # imported here: the AI's tables are not needed for the first frame (the forecast
        # runs in a worker once the screen is built)
        from ai.forecast_conquer import forecast

        return forecast(view)  # exact: it draws nothing from rng

    def show_forecast(self, forecast: ConquerForecast | None) -> None:
        found = self.query("#threats")
        if not found:
            return
        line = found.first()
        line.display = bool(forecast and forecast.threats)
        if line.display:
            self._set_text("#threats", threats_text(forecast, self.view.state.radius))

    # --- combat ------------------------------------------------------------------------------

    def _show_combat(self, state) -> None:
        """This turn's battles with their dice, and the losses waiting to be placed."""
        report = self.query("#combat-report")
        if not report:
            return
        panel = report.first()
        lines = []
        if state.phase == COMBAT or state.casualties is not None:
            for event in state.events:
                if event.kind is E.BATTLE_DIE:
                    lines.append(
                        Text.assemble(
                            (f"{event.purpose} ", ""),
                            (f"{event.dice[0]}", "bold reverse"),
                            (f" {event.against} = {event.result}", "dim"),
                        )
                    )
                elif event.kind is E.BATTLE:
                    lines.append(Text(event.text, style="bold"))
            k = state.casualties
            if k is not None:
                lines.append(
                    Text(
                        f"{R.side_name(k.loser)} must take {k.points} loss(es)"
                        + (f" at {board(state.radius).label(k.hex)}" if k.hex >= 0 else "")
                        + f": {self.session.seat_name(k.chooser)} chooses.",
                        style="bold #ff7a7a",
                    )
                )
        panel.display = bool(lines)
        if lines:
            panel.update(Text("\n").join(lines[-8:]))

    # --- the story ---------------------------------------------------------------------------

    def hint_outcome(self, value: float) -> str:
        """The search's value in the player's terms: how the projected final score (OC-H8, with
        the income to the turn limit) compares with the best other Administrator's two turns on
        (ai/conquer.py `evaluate`: 0.5 level, near 1 far ahead, near 0 far behind or captured)."""
        for floor, words in HINT_STANDING:
            if value >= floor:
                return f"two turns on, the search sees you {words}"
        return f"two turns on, the search sees you {HINT_STANDING[-1][1]}"

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        s = self.view.state
        lines = [f"Turns played: {s.turn} of {s.rules.turn_limit}"]
        scores = s.scores_final or tuple(R.score(s, p) for p in range(s.players))
        for p in range(s.players):
            status = "captured" if s.admins[p] is None else f"score {scores[p]}"
            lines.append(
                f"{OWNER_LETTERS[p]} {self.session.seat_name(p)}: {status}, {dollars(s.money[p])}"
            )
        return lines


THREATS_SHOWN = 3  # the worst; the rest are counted


def threats_text(forecast: ConquerForecast, radius: int) -> Text:
    """The threats in one line: "Threats at this turn's combat: Castle 0602: B6 from 0703 (you
    hold 42%, lose all 8%)", the worst first."""
    when = "next turn's" if forecast.next_turn else "this turn's"
    text = Text(f"⚠ Threats at {when} combat: ", style="bold #ff7a7a")
    shown = forecast.threats[:THREATS_SHOWN]
    text.append(" · ".join(threat_words(t, radius) for t in shown))
    if len(forecast.threats) > len(shown):
        text.append(f" · {len(forecast.threats) - len(shown)} more", style="dim")
    return text


def threat_words(t: Threat, radius: int) -> str:
    from ai.forecast_conquer import CASTLE  # (loaded already: a threat comes from it)

    label = board(radius).label
    place = f"{'Castle' if t.place == CASTLE else 'Administrator'} {label(t.hex)}"
    who = "n" if t.enemy == NATIVE_SIDE else OWNER_LETTERS[t.enemy]
    where = "there" if t.sources == (t.hex,) else "from " + ",".join(map(label, t.sources))
    if t.held == 0:
        odds = "captured"
    else:
        odds = f"you hold {t.hold:.0%}"
        if t.lose_all:
            odds += f", lose all {t.lose_all:.0%}"
    if t.comes < 1:
        odds = f"{t.comes:.0%} it comes; {odds}"
    return f"{place}: {who}{t.points} {where} ({odds})"
