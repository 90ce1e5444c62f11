"""The setup screen, generated from the chosen game's options and seats."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Collapsible, Footer, Input, Label, Select, Static

import core
from core.dice import MAX_SEED
from core.engine import Option, OptionError, Preset, preset_options, seat_title
from core.seats import SEAT_CHOICES
from saves.record import SeatInfo
from tui.screens.base import Page
from tui.settings import Settings
from tui.widgets.on_off import OnOffSwitch

SEAT_LABELS = {
    "human": "Human",
    "rules": "AI: rule-based",
    "mcts:easy": "AI: MCTS easy",
    "mcts:normal": "AI: MCTS normal",
    "mcts:hard": "AI: MCTS hard",
    "random": "AI: random",
}
SEED_HELP = (
    f"A whole number from 0 to {MAX_SEED}: the same seed and the same moves give the same game."
)


NO_PRESET = "The rules as written (no preset)"


def agent_label(agent: str) -> str:
    return SEAT_LABELS.get(agent, agent).removeprefix("AI: ")


def preset_label(preset: Preset, players: int) -> str:
    """A preset as the Challenge list shows it: its name and the team-win rates measured at
    this number of players (none where none were)."""
    rates = ", ".join(f"{agent_label(a)} {rate:.0%}" for a, rate in preset.rates(players))
    return f"{preset.title} ({rates})" if rates else preset.title


def preset_help(preset: Preset | None, players: int, presets: tuple[Preset, ...]) -> str:
    """The line under the Challenge list: what a challenge is and what its rates mean (with no
    challenge chosen, `presets` the game's), or the chosen one's description and rates."""
    if preset is None:
        if presets and not any(p.rates(players) for p in presets):
            return (
                "A challenge sets the options below, from the easiest to the hardest. How often "
                f"AI players won each was measured with more players, not at "
                f"{players_phrase(players)}."
            )
        return (
            "A challenge sets the options below. Beside each: how often a team of AI players "
            f"won it against the NVA at {players_phrase(players)} — the lower, the harder."
        )
    rates = [f"{rate:.0%} with {agent_label(agent)}" for agent, rate in preset.rates(players)]
    if rates:
        measured = f" The team won {' and '.join(rates)} seats ({players_phrase(players)})."
    elif preset.measured_players:
        at = " and ".join(str(n) for n in preset.measured_players)
        measured = f" Not measured at {players_phrase(players)} (measured at {at} players)."
    else:
        measured = ""
    return preset.description + measured


def players_phrase(players: int) -> str:
    return "1 player" if players == 1 else f"{players} players"


def default_seat_kind(seat: int, defaults: tuple[str, ...] = ()) -> str:
    """Seat 1 a human, the others rule-based; or the settings' default seats (the last one
    for every seat after it)."""
    if defaults:
        kind = defaults[min(seat, len(defaults) - 1)]
        if kind in SEAT_CHOICES:
            return kind
    return "human" if seat == 0 else "rules"


class SetupScreen(Page[None]):
    CSS_PATH = "setup.tcss"
    BINDINGS = [
        Binding("escape", "back", "Back", id="setup.back", tooltip="Back to the title screen"),
        Binding("ctrl+n", "start", "Start", id="setup.start", tooltip="Start the game"),
    ]

    def __init__(
        self, game_id: str | None = None, seed: int = 1, remembered: Settings | None = None
    ) -> None:
        """`game_id`: the game to set up (else the last one started, from `remembered`, the
        app's settings); the seats last chosen fill the form again."""
        super().__init__()
        ids = core.game_ids()
        last = remembered or Settings()
        if game_id not in ids:
            game_id = last.last_game if last.last_game in ids else (ids[0] if ids else "")
        self.game_id = game_id
        self.seed = seed
        self.players = self._default_players()
        self.seat_kinds: dict[int, str] = dict(enumerate(last.last_seats))
        # names typed for the seats ("" where the game's own name was kept)
        self.seat_names: dict[int, str] = {i: n for i, n in enumerate(last.last_names) if n}
        if game_id and game_id == last.last_game and last.last_players in core.game(game_id).seats:
            self.players = last.last_players
        self.option_values: dict[str, object] = {}
        self.preset = ""  # the challenge preset that last set the options ("" none)

    def _default_players(self) -> int:
        if not self.game_id:
            return 1
        seats = core.game(self.game_id).seats
        return seats.start if seats.start > 1 or len(seats) == 1 else seats.start + 1

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="setup-form"):
            yield Static("New game", classes="screen-title")
            if not self.game_id:
                yield Static("No games are installed.")
            else:
                yield from self._compose_form()
        with Horizontal(id="setup-buttons"):
            yield Button("Back (Esc)", id="back")
            yield Static("", id="setup-error", markup=False)
            yield Button("Start (Ctrl+N)", id="start", variant="primary", disabled=not self.game_id)
        yield Footer()

    def _compose_form(self) -> ComposeResult:
        game = core.game(self.game_id)
        with Horizontal(classes="field"):
            yield Label("Game", classes="field-label")
            yield Select(
                [(g.title, g.id) for g in core.games()],
                value=self.game_id,
                allow_blank=False,
                id="game",
            )
        with Horizontal(classes="field"):
            yield Label("Players", classes="field-label")
            yield Select(
                [(str(n), n) for n in game.seats],
                value=self.players,
                allow_blank=False,
                id="players",
                disabled=len(game.seats) == 1,
            )
        for seat in range(self.players):
            with Horizontal(classes="field seat"):
                yield Label(f"Seat {seat + 1}", classes="field-label")
                yield Input(
                    self.seat_names.get(seat, seat_title(game, seat)),
                    id=f"seat-name-{seat}",
                    classes="seat-name",
                )
                kind = self.seat_kinds.get(
                    seat, default_seat_kind(seat, self.app.settings.default_seats)
                )
                yield Select(
                    [(SEAT_LABELS[k], k) for k in SEAT_CHOICES],
                    value=kind,
                    allow_blank=False,
                    id=f"seat-kind-{seat}",
                    classes="seat-kind",
                )
        with Horizontal(classes="field"):
            yield Label("Seed", classes="field-label")
            yield Input(
                str(self.seed),
                type="integer",
                max_length=len(str(MAX_SEED)) + 1,  # room for one digit too many: it is refused
                id="seed",
                tooltip="The same seed and the same moves always give the same game",
            )
            yield Static(SEED_HELP, classes="option-help", markup=False)
        if game.presets:
            with Horizontal(classes="field", id="field-preset"):
                yield Label("Challenge", classes="field-label")
                labels = [(preset_label(p, self.players), p.key) for p in game.presets]
                yield Select(
                    [(NO_PRESET, ""), *labels],
                    value=self.preset,
                    allow_blank=False,
                    id="preset",
                    tooltip="A named set of the options below, with how often a team of AI "
                    "players won it at this number of players: the lower, the harder",
                )
            yield Static(
                preset_help(self._preset(game), self.players, game.presets),
                id="preset-help",
                markup=False,
            )
        basic = [o for o in game.options if not o.advanced]
        advanced = [o for o in game.options if o.advanced]
        if basic:
            yield Static("Options", classes="section-title")
            for option in basic:
                yield from self._option_field(option)
        if advanced:
            with Collapsible(title=f"Advanced options ({len(advanced)})", collapsed=True):
                for option in advanced:
                    yield from self._option_field(option)

    def _option_field(self, option: Option) -> ComposeResult:
        value = self.option_values.get(option.key, option.default)
        wid = f"opt-{option.key}"
        with Horizontal(classes="field option", id=f"field-{option.key}"):
            label = option.title + (f" [{option.rule}]" if option.rule else "")
            yield Label(label, classes="field-label option-label", markup=False)
            if option.kind is bool:
                yield OnOffSwitch(bool(value), id=wid, tooltip=option.help)
            elif option.choices:
                yield Select(
                    [(str(c), c) for c in option.choices],
                    value=value,
                    allow_blank=False,
                    id=wid,
                    tooltip=option.help,
                )
            else:
                yield Input(str(value), type="integer", id=wid, tooltip=option.help)
            yield Static(option.help, classes="option-help", markup=False)

    def _preset(self, game) -> Preset | None:
        return next((p for p in game.presets if p.key == self.preset), None)

    @on(Select.Changed, "#preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        """A preset sets every option on the form: its own values, the defaults elsewhere."""
        if event.value == self.preset:
            return
        game = core.game(self.game_id)
        self.preset = str(event.value)
        self.query_one("#preset-help", Static).update(
            preset_help(self._preset(game), self.players, game.presets)
        )
        for key, value in preset_options(game, self.preset).items():
            widget = self.query_one(f"#opt-{key}")
            widget.value = str(value) if isinstance(widget, Input) else value

    def on_mount(self) -> None:
        if self.game_id:
            self.query_one("#game", Select).focus()

    @on(Select.Changed, "#game")
    async def _game_changed(self, event: Select.Changed) -> None:
        if event.value == self.game_id:
            return
        self.game_id = str(event.value)
        self.players = self._default_players()
        self.option_values.clear()
        self.preset = ""
        await self.recompose()
        self.query_one("#game", Select).focus()

    @on(Select.Changed, "#players")
    async def _players_changed(self, event: Select.Changed) -> None:
        if event.value == self.players:
            return
        self._remember_fields()
        self.players = int(event.value)
        await self.recompose()
        self.query_one("#players", Select).focus()

    def _remember_fields(self) -> None:
        """Keep what the player typed across a rebuild of the form."""
        for seat in range(self.players):
            self.seat_names[seat] = self.query_one(f"#seat-name-{seat}", Input).value
            self.seat_kinds[seat] = str(self.query_one(f"#seat-kind-{seat}", Select).value)
        seed = self.query_one("#seed", Input).value
        if seed.strip().lstrip("-").isdigit():
            self.seed = int(seed)
        for option in core.game(self.game_id).options:
            widget = self.query_one(f"#opt-{option.key}")
            self.option_values[option.key] = widget.value

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "back":
            self.action_back()
        elif event.button.id == "start":
            self.action_start()

    def action_back(self) -> None:
        self.close()

    def read_setup(self) -> tuple[dict, list[SeatInfo], int]:
        """The options, seats and seed on the form (OptionError with a sentence if wrong)."""
        game = core.game(self.game_id)
        options = {}
        for option in game.options:
            widget = self.query_one(f"#opt-{option.key}")
            value = widget.value
            options[option.key] = (
                option.parse(value) if isinstance(value, str) else option.check(value)
            )
        seats = []
        for seat in range(self.players):
            name = self.query_one(f"#seat-name-{seat}", Input).value.strip() or seat_title(
                game, seat
            )
            kind, _, level = str(self.query_one(f"#seat-kind-{seat}", Select).value).partition(":")
            seats.append(SeatInfo(name, kind, level or None))
        seed_text = self.query_one("#seed", Input).value.strip()
        try:
            seed = int(seed_text)
        except ValueError:
            raise OptionError(f"the seed must be a whole number, not {seed_text!r}") from None
        if not 0 <= seed <= MAX_SEED:
            raise OptionError(f"the seed must be from 0 to {MAX_SEED}, not {seed}")
        return options, seats, seed

    def action_start(self) -> None:
        if not self.game_id:
            return
        error = self.query_one("#setup-error", Static)
        try:
            options, seats, seed = self.read_setup()
        except OptionError as err:
            error.update(str(err))
            self.notify(str(err), severity="error")
            return
        try:
            self.app.start_new_game(self.game_id, options, seats, seed)
        except OptionError as err:
            error.update(str(err))
            self.notify(str(err), severity="error")
            return
        self.app.remember(
            last_game=self.game_id,
            last_players=len(seats),
            last_seats=tuple(s.kind + (f":{s.level}" if s.level else "") for s in seats),
            last_names=tuple(
                "" if s.name == seat_title(core.game(self.game_id), i) else s.name
                for i, s in enumerate(seats)
            ),
        )
        error.update("")
