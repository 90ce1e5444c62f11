"""The Objectives: Vietnam screen: the card tableau as the board.

Everything the generic game screen does (the action picker, the log, AI seats, undo, saves, the
playback, "since your last move", the hot-seat hand-off, game over) is inherited; this screen adds
the tableau (tui/widgets/card_tableau.py): the team's points and the pool, the objectives in it,
the fight in progress, every seat, and the hand of the seat at the screen, drawn from that seat's
view only. Selecting a card in the hand narrows the picker to the actions that use it, selecting
an objective in the pool to the actions about it (attack it, pacify it, send it back); handing
out reinforcements opens a dialog; the places the other seats touched stay lit until you act.
"""

from __future__ import annotations

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding

from core.objectives import rules as R
from core.objectives.cards import FW_BY_KEY, FW_TYPES, objective, team_target, war_weariness
from core.objectives.state import BID, CALL_OFF, MAIN, REINFORCE
from tui.screens.game import GameScreen
from tui.widgets.board import Board
from tui.widgets.card_tableau import CardTableau

# what each card in the hand is used for (a combat card: to bid)
HAND_USES = {"pacification": "pacify", "hearts": "hearts"}
# the actions about an objective in the pool
POOL_USES = ("attack", "pacify", "hearts")


class ObjectivesScreen(GameScreen):
    CSS_PATH = "objectives.tcss"
    BINDINGS = [
        Binding(
            "ctrl+t",
            "focus_hand",
            "Hand",
            id="objectives.hand",
            tooltip="Walk your hand (arrows, Enter chooses a card); again: back to the actions",
        ),
    ]
    HELP_NOTES = (
        "The goal: together, objectives worth 10 points a player (15 alone) before 10 cards "
        "pile up in the War Weariness pool. The team's bar and the pool's slots are at the top "
        "(the │ marks where war weariness grows); once the pool can fill by the next turn's end, "
        "the pool's line gives the chance (the NVA win), as the rule-based players would play.\n"
        "Your hand is at the bottom, grouped by card: Ctrl+T (or a click) moves there and Ctrl+T "
        "again back to the actions; left and "
        "right walk it, Enter chooses a card and the action list shows only what uses it; up "
        "goes to the objectives in the pool, where Enter shows only the actions about one. Esc "
        "shows everything again. Other hands show only as card backs.\n"
        "In a fight the NVA line and every seat's bids are shown (your own face-down bid face up "
        "to you); the two bars compare the totals: ┃ on the NVA bar is the overrun line (NVA at "
        "twice your total), ┃ on yours the total to beat."
    )

    # --- layout ------------------------------------------------------------------------------

    def compose_board(self) -> ComposeResult:
        yield CardTableau(id="tableau")

    def update_board(self, view=None) -> None:
        view = view if view is not None else self.view
        tableau = self.tableau
        tableau.names = tuple(self.seat_label(i) for i in range(view.players))
        tableau.compact = self.compact
        tableau.view = view

    def seat_label(self, seat: int) -> str:
        name = self.session.seat_name(seat)
        return f"{name} (you)" if seat == self._viewer else name

    def mark_changed(self, places: set) -> None:
        self.tableau.changed = places

    def status_text(self) -> str:
        s = self.view
        turn_of = self.session.seat_name(s.current)
        acting = self.session.seat_name(self.session.to_move)
        phase = {
            MAIN: self._main_choices(),
            CALL_OFF: "fight on or call off",
            BID: f"{acting} bids",
            REINFORCE: f"{acting} hands out reinforcements",
        }.get(s.phase, "")
        text = f"Turn {s.turn} · {turn_of}'s turn"
        return f"{text} · {phase}" if phase and not self.session.over else text

    def _main_choices(self) -> str:
        """What the player to move may do in the main phase, in the words of their list
        ("attack or end turn"); for another seat, what the phase allows."""
        if not self.session.human_to_move:
            return "attack, special or end turn"
        verbs = {action[0] for action in self.session.legal()}
        choices = [
            words
            for words, kinds in (
                ("attack", {"attack"}),
                ("special", {"pacify", "hearts"}),
                ("end turn", {"end"}),
            )
            if verbs & kinds
        ]
        return " or ".join([", ".join(choices[:-1]), choices[-1]] if len(choices) > 2 else choices)

    def goal_text(self) -> str:
        s = self.view
        if self.session.over or self.compact:  # (small: the tableau's top line says it)
            return ""
        target = team_target(s.players)
        ww = war_weariness(len(s.pool), s.rules.war_weariness == "per_card")
        return (
            f"Team {sum(s.scores)}/{target} pts · pool {len(s.pool)}/{s.rules.pool_limit} "
            f"(NVA win at {s.rules.pool_limit}) · war weariness +{ww}"
        )

    def seats_text(self):
        """On a small screen no seats line: the tableau lists every seat, `▶` at the one to act
        (the side column's lines go to the status and the notes, unclipped)."""
        return Text() if self.compact else None

    def on_resize(self) -> None:
        if self.query("#status-line"):  # (the side column is built after the first frame)
            self.refresh_view()

    def picker_notes(self) -> list[str]:
        """(Shown to the seat to move: the view is theirs, its hand their hand.)"""
        s = self.view
        me = self.session.to_move
        notes = []
        if s.phase == MAIN and (s.attacked or s.special_played):
            specials = [c for c in s.hand if not R.fw(c).combat]
            if specials:
                notes.append("Special cards are played once a turn, before the first attack.")
        if s.phase == MAIN and s.attacked and not s.rules.draw_after_attack:
            notes.append("You attacked this turn: ending it draws no card.")
        if s.phase == CALL_OFF and s.combat is not None and me == s.combat.attacker:
            hand = len(s.hand)
            notes.append(
                f"Calling off discards your whole hand ({hand} card{'s' if hand != 1 else ''})."
            )
        if s.phase == BID:
            notes.append("Bid one card at a time, face down; Done ends your bid.")
            if not R.combat_cards(s.hand):
                notes.append("You hold no combat card: there is nothing to bid.")
        return notes

    def empty_reason(self) -> str:
        return f"{self.session.seat_name(self.session.to_move)} is deciding."

    def hint_outcome(self, value: float) -> str:
        """The search's value in the game's terms: alone it is the chance to win; at a table it
        mixes the team's win (worth 25 to everyone) with topping the scores (100)."""
        if self.view.players == 1:
            return f"win chance about {round(100 * value)}%"
        return (
            f"outlook {round(100 * value)}/100, where a team win with you on top is 100, "
            "a team win behind another player 25, an NVA win 0"
        )

    # --- the forecast -------------------------------------------------------------------------

    def forecast(self, view, rng):
        """The chance the War Weariness pool is full when this turn or the next ends."""
        from ai.forecast_objectives import pool_forecast

        return pool_forecast(view, rng)

    def show_forecast(self, forecast) -> None:
        self.tableau.forecast = forecast

    # --- the hand narrows the picker ---------------------------------------------------------

    @property
    def tableau(self) -> CardTableau:
        return self.query_one("#tableau", CardTableau)

    def action_focus_hand(self) -> None:
        self.toggle_board_focus(self.tableau)

    @on(Board.Selected, "#tableau")
    def _place_selected(self, message: Board.Selected) -> None:
        if message.place is None:
            self.picker.narrow(None)
            return
        kind, what = message.place
        if kind == "hand":
            use = HAND_USES.get(what)
            label = FW_TYPES[FW_BY_KEY[what]].name
            self.picker.narrow(lambda a: a[:2] == ("bid", what) or a[0] == use, label)
        elif kind == "pool":
            label = objective(what).name
            self.picker.narrow(lambda a: a[0] in POOL_USES and a[1] == what, label)

    def clear_board_selection(self) -> bool:
        if self.tableau.selected is not None:
            self.tableau.select(None)
            return True
        return False

    # --- reinforcements ----------------------------------------------------------------------

    def show_actions(self) -> None:
        super().show_actions()
        s = self.view
        if s.phase == REINFORCE and self.session.human_to_move:
            from tui.screens.reinforce import ReinforceScreen

            items = self.session.described()
            r = s.reinforce
            title = (
                f"Reinforcements: {r.pending} card{'s' if r.pending != 1 else ''} "
                "to hand out, face down"
            )
            note = (
                "You have kept one already: the rest go to the others."
                if r.kept
                else "You may keep one; the rest go to the other players."
            )
            self.app.push_screen(ReinforceScreen(title, note, items), self._reinforce_chosen)

    def _reinforce_chosen(self, action) -> None:
        if action is not None:
            self.choose(action)

    # --- the story ---------------------------------------------------------------------------

    def light_places(self, places) -> None:
        self.tableau.lit = places or ()

    # --- the end -----------------------------------------------------------------------------

    def game_over_lines(self) -> list[str]:
        s = self.view
        lines = [
            f"Turns played: {s.turn}",
            f"Team points: {sum(s.scores)} of {team_target(s.players)}",
        ]
        for seat in range(s.players):
            taken = ", ".join(objective(c).name for c in s.taken[seat]) or "nothing"
            points = f"{s.scores[seat]} point{'s' if s.scores[seat] != 1 else ''}"
            lines.append(f"{self.session.seat_name(seat)}: {points} ({taken})")
        return lines
