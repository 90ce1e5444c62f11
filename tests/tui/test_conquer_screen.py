"""The Objective: Conquer screen: the hex map (geometry, fog, terrain, armies, orders, natives),
commanding from it, the Administrators' money, a whole game by keys."""

from __future__ import annotations

import random

import pytest

from ai.base import Budget
from ai.conquer import RulesAgent
from core.conquer import GAME, Rules
from core.conquer import rules as R
from core.conquer.hexes import DIRECTIONS, board
from core.conquer.state import DEVELOP, MOVE, NATIVES_MOVE, ORDERS, TRAIN
from saves import SeatInfo, new_record
from tests.tui.helpers import make_app, screen_text, started, wait_until
from tui.screens.conquer import ConquerScreen
from tui.screens.game_over import GameOverScreen
from tui.session import Session
from tui.tellers.conquer import ConquerTeller
from tui.widgets.hex_map import HexMap
from tui.widgets.hexgeo import LARGE, SHAPES, SMALL, HexLayout, axial, layout_for, offset

SIZES = {"120x40": (120, 40), "80x24": (80, 24), "160x50": (160, 50)}


# --- geometry ------------------------------------------------------------------------------------


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
@pytest.mark.parametrize("radius", [3, 5, 7])
def test_axial_and_offset_round_trip_and_every_cell_maps_back_to_its_hex(radius, shape):
    layout = HexLayout(radius, shape)
    assert len(layout.hexes) == 3 * radius * (radius + 1) + 1
    for q, r in layout.hexes:
        assert axial(*offset(q, r)) == (q, r)
        for x, y, width in layout.slots(q, r):
            for dx in range(width):
                assert layout.hex_at(x + dx, y) == (q, r)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_neighbours_sit_where_a_flat_top_map_puts_them_and_share_their_edges(shape):
    """N straight above, S below; NE and SE in the next column half a hex up and down; the
    edge between two neighbours is drawn once, the same character from either side."""
    layout = HexLayout(5, shape)
    dx, dy = shape.step
    x, y = layout.cell(0, 0)
    where = {d: layout.cell(dq, dr) for d, (dq, dr) in enumerate(DIRECTIONS)}
    assert where[0] == (x, y - dy) and where[3] == (x, y + dy)
    assert where[1] == (x + dx, y - dy // 2) and where[2] == (x + dx, y + dy // 2)
    assert where[5] == (x - dx, y - dy // 2) and where[4] == (x - dx, y + dy // 2)
    drawn: dict[tuple[int, int], str] = {}
    for q, r in layout.hexes:
        cx, cy = layout.cell(q, r)
        for line, text in enumerate(shape.outline):
            for col, ch in enumerate(text):
                if ch != " " and (ch != "_" or line == 0):  # a bottom edge may hold text
                    assert drawn.setdefault((cx + col, cy + line), ch) == ch


def test_the_map_takes_the_largest_cells_its_pane_allows():
    pane = 160 - 52  # the board column of a 160-column terminal
    assert layout_for(5, pane).shape is LARGE  # 2 players: the numbered cells
    assert layout_for(6, pane).shape is LARGE  # 3-4 players too
    assert layout_for(7, pane).shape is SMALL  # 5-6 players: the small ones
    assert HexLayout(7, SMALL).size[0] <= pane  # which fit
    assert layout_for(5, 120 - 52).shape is SMALL  # at 120 columns the small ones, panned
    assert layout_for(5, 0).shape is SMALL  # nothing fits: the smallest


def test_a_click_on_an_edge_or_between_cells_finds_no_hex():
    layout = HexLayout(5, SMALL)
    x, y = layout.cell(0, 0)
    assert layout.hex_at(x, y + 1) is None  # the hex's west edge
    assert layout.hex_at(0, 0) is None  # the map's corner


# --- positions -----------------------------------------------------------------------------------


def rules_line(seed: int, players: int, stop, options=None, limit: int = 20000):
    s = GAME.new(options or {}, players, seed)
    agent, rngs, actions = RulesAgent(), {}, []
    for _ in range(limit):
        if GAME.outcome(s) is not None or (GAME.to_move(s) == 0 and stop(s)):
            return actions
        seat = GAME.to_move(s)
        legal = GAME.legal_actions(s)
        if seat >= players or len(legal) == 1:
            a = legal[0]
        else:
            rng = rngs.setdefault(seat, random.Random(seed * 10 + seat))
            a = agent.choose(GAME, GAME.observe(s, seat), legal, Budget(), rng)
        actions.append(a)
        s = GAME.apply(s, a)
    raise AssertionError("the position never came")


def session(seed, players, actions=(), options=None) -> Session:
    seats = tuple(
        SeatInfo(f"Administrator {i + 1}", "human" if i == 0 else "rules") for i in range(players)
    )
    s = Session.from_record(new_record("conquer", options or {}, players, seats, seed))
    for a in actions:
        s.apply(a)
    return s


def turn_one(players):
    return lambda: session(4, players)


def mid_game(players):
    return lambda: session(4, players, rules_line(4, players, lambda s: s.turn >= 8 and
                                                  s.phase == MOVE))  # fmt: skip


def with_an_order():
    stop = lambda s: s.phase == ORDERS and any(a[0] == "order" for a in GAME.legal_actions(s))  # noqa: E731
    actions = rules_line(5, 2, lambda s: s.turn >= 3 and stop(s))
    s = session(5, 2, actions)
    order = next(a for a in s.legal() if a[0] == "order" and a[2] == "move")
    s.apply(order)
    return s


def contested(seed, players):
    """A rule-based game at a decision of seat 0 with a hex two Administrators' armies share
    (before phase 7's battle) and an order pending on a castle hex."""

    def shared(s) -> bool:
        owners: dict[int, set[int]] = {}
        for c in s.chits:
            owners.setdefault(c.hex, set()).add(c.owner)
        castles = {c.hex for c in s.castles}
        orders_on_castles = any(o.hex in castles for o in s.orders)
        return orders_on_castles and any(len(o) > 1 for o in owners.values())

    return lambda: session(seed, players, rules_line(seed, players, shared))


def game_over():
    return session(3, 2, rules_line(3, 2, lambda s: False, {"turn_limit": 5}), {"turn_limit": 5})


def losses_to_place():
    """Random play on a small map until Administrator 1 must choose where losses fall."""
    options = {"map_radius": 3}
    s = GAME.new(options, 2, 10)
    rng, actions = random.Random(10), []
    while not (s.casualties is not None and s.casualties.chooser == 0):
        legal = GAME.legal_actions(s)
        actions.append(legal[rng.randrange(len(legal))])
        s = GAME.apply(s, actions[-1])
    return session(10, 2, actions, options)


POSITIONS = {
    "combat_losses_to_place": (losses_to_place, ["120x40"]),
    "turn_1_2p": (turn_one(2), ["120x40", "80x24", "160x50"]),
    "contested_2p": (contested(2, 2), ["120x40", "80x24", "160x50"]),
    "contested_6p": (contested(1, 6), ["120x40", "80x24", "160x50"]),
    "turn_1_6p": (turn_one(6), ["120x40"]),
    "mid_game_6p": (mid_game(6), ["120x40", "80x24"]),
    "pending_order": (with_an_order, ["120x40"]),
    "game_over": (game_over, ["120x40"]),
}
CASES = [(moment, size) for moment, (_, sizes) in POSITIONS.items() for size in sizes]


@pytest.mark.parametrize(("moment", "size"), CASES)
def test_snapshot(snap_compare, tmp_path, moment, size):
    app = make_app(tmp_path, session=POSITIONS[moment][0]())

    async def run_before(pilot):
        await started(pilot)
        if moment == "game_over":
            await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZES[size], run_before=run_before)


def test_snapshot_a_chit_selected_lights_its_destinations(snap_compare, tmp_path):
    async def run_before(pilot):
        screen = await started(pilot)
        screen.hex_map.select(("hex", screen.session.state.admins[0]))
        await pilot.pause()
        assert screen.hex_map.destinations

    app = make_app(tmp_path, session=session(4, 2))
    assert snap_compare(app, terminal_size=SIZES["120x40"], run_before=run_before)


# --- commanding from the map --------------------------------------------------------------------


async def test_the_cursor_and_a_click_narrow_the_picker_to_a_hex(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, ConquerScreen)
        home = screen.session.state.admins[0]
        await pilot.press("ctrl+t", "enter")
        assert screen.hex_map.selected == ("hex", home)
        shown = screen.picker.shown_actions
        assert shown and all(home in GAME.places_of(screen.session.state, a) for a in shown)
        await pilot.press("escape")  # clears the selection: every action again
        assert screen.hex_map.selected is None
        # a click on a hex with nothing to do there
        b = board(screen.session.state.radius)
        far = ("hex", next(h for h in range(b.size) if b.distance(h, home) >= 3))
        x, _, y, _ = screen.hex_map.box_of(far)
        await pilot.click(HexMap, offset=(x + 1 + 1 - screen.hex_map.scroll_offset.x,
                                          y - screen.hex_map.scroll_offset.y))  # fmt: skip
        assert screen.hex_map.selected == far
        assert screen.picker.shown_actions == []
        assert "Nothing can be done" in screen_text(app)


async def test_a_destination_chosen_on_the_map_plays_what_the_picker_would(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        home = screen.session.state.admins[0]
        screen.hex_map.select(("hex", home))
        await pilot.pause()
        highlighted = screen.picker.highlighted_action
        target = ("hex", GAME.places_of(screen.session.state, highlighted)[1])
        assert target in screen.hex_map.destinations
        before = len(screen.session.actions)
        await pilot.press("ctrl+t")
        screen.hex_map.cursor = target
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(screen.session.actions) > before)
        assert screen.session.actions[-1] == highlighted


async def test_money_is_on_screen_with_the_next_income_and_warnings(tmp_path):
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        await started(pilot)
        text = screen_text(app)
        assert "$20.75" in text and "Your next income" in text
        assert "explore: $4.00" in text


async def test_your_next_income_is_the_players_own_while_another_seat_acts(tmp_path, monkeypatch):
    # OC-3: "Your next income" is the forecast of the Administrator at this screen, not of
    # whichever seat is acting (a room's screen showed the other player's figures)
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        monkeypatch.setattr(
            R, "income_forecast", lambda s, p: (R.IncomePart(R.UPKEEP_PART, p + 7, -25),)
        )
        monkeypatch.setattr(type(screen.session), "to_move", property(lambda self: 1))
        goal = screen.goal_text()
        assert "upkeep 7 hex(es)" in goal and "upkeep 8 hex(es)" not in goal


def at(state) -> Session:
    """A session standing at a set-up position (Administrator 1 human, 2 rule-based)."""
    seats = (SeatInfo("Administrator 1", "human"), SeatInfo("Administrator 2", "rules"))
    return Session(GAME, new_record("conquer", {}, 2, seats, 1), [state])


def test_OC_3_a_money_warning_only_when_the_forecast_leaves_the_treasury_below_zero():
    """Turn 2, $10.00: building the castle to 2 leaves $0.00 and next income +$1.75 (no
    warning). With two hexes to keep and no castle income, a $2.00 recruit from $2.00 leaves
    -$0.50 after the next income: it says so."""
    from core.conquer.tables import DESERT
    from tests.conquer.helpers import hx, position

    home = hx(0, 4)
    s = position(
        DEVELOP, chits=[(0, home, 6)], castles=[(0, home, 1)], terrain={home: DESERT},
        money=[1000, 1000], turn=2,
    )  # fmt: skip
    screen = ConquerScreen(at(s))
    assert screen.short_after(("develop", home)) is None
    s = position(
        TRAIN, chits=[(0, home, 1), (0, hx(0, 3), 1)], castles=[(0, home, 1)],
        terrain={home: DESERT, hx(0, 3): DESERT}, money=[200, 1000],
        rules=Rules(castle_income_cents=0),
    )  # fmt: skip
    screen = ConquerScreen(at(s))
    recruit = next(a for a in GAME.legal_actions(s) if a[0] == "recruit")
    assert R.action_cost(s, recruit) == 200
    assert screen.short_after(recruit) == -50
    assert screen.short_after(("done",)) is None  # ending the phase costs nothing


async def test_a_two_player_game_by_keys_to_its_end(tmp_path):
    """Human against the rule-based seat, turn limit 5: in each phase the top action (a march,
    a recruit, a loss to take) once, then "done" typed into the filter (each time once the
    list is there to be read: after a phase that ended by itself, keys typed at once are
    dropped)."""
    app = make_app(tmp_path, session=session(6, 2, options={"turn_limit": 5}))

    def ready() -> bool:
        if screen.session.over:
            return True
        return screen.session.human_to_move and not screen.busy and not screen.picker.holding

    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        acted_in = None
        for _ in range(600):
            await wait_until(pilot, ready, timeout=20)
            if screen.session.over:
                break
            moves = len(screen.session.actions)
            phase = (screen.session.state.turn, screen.session.state.phase)
            if ("done",) in screen.session.legal() and acted_in == phase:
                await pilot.press(*"done", "enter")
            else:
                await pilot.press("enter")
            acted_in = phase
            await wait_until(pilot, lambda m=moves: len(screen.session.actions) > m)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
    assert screen.session.over and screen.session.state.turn == 5


NATIVES_OFTEN = {"natives_on_discovery_chance": 3}


def until_natives(limit_seed: int = 50) -> tuple[int, list]:
    """The first seed (and its random legal moves) where the natives come to move."""
    for seed in range(1, limit_seed):
        s = GAME.new(NATIVES_OFTEN, 2, seed)
        rng, actions = random.Random(seed), []
        while not s.over and s.turn <= 15:
            if GAME.to_move(s) == 2:
                return seed, actions
            legal = GAME.legal_actions(s)
            actions.append(legal[rng.randrange(len(legal))])
            s = GAME.apply(s, actions[-1])
    raise AssertionError("no natives moved")


async def test_native_moves_are_played_out_one_at_a_time_and_esc_hurries_them(tmp_path):
    seed, line = until_natives()
    app = make_app(tmp_path, session=session(seed, 2, line, NATIVES_OFTEN), ai_delay=30.0)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        assert screen.session.state.phase == NATIVES_MOVE
        await pilot.pause(0.2)
        assert "The natives are moving" in screen_text(app)
        assert screen.session.state.phase == NATIVES_MOVE  # waiting: each move is shown
        await pilot.press("escape")  # hurry the natives along
        await wait_until(pilot, lambda: screen.session.state.phase != NATIVES_MOVE, timeout=5)


# --- the story and the combat panel, from the events' kinds and hexes ----------------------------


async def test_the_story_tells_facts_and_a_chosen_line_lights_its_hexes(tmp_path):
    """A native's move is told with the hex it went to, lit when the line is chosen; its
    direction die is told without a hex; a battle lights its hex; the losses it caused are left
    to the log. The combat panel shows the battle's dice and result."""
    from core.conquer.state import COMBAT
    from core.conquer.tables import MEADOW, WOODS
    from tests.conquer.helpers import combat, hx, play, position

    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        mid, north = hx(0, 0), hx(0, -1)
        before = position(
            NATIVES_MOVE,
            natives=[(mid, 3)],
            terrain={mid: MEADOW, north: WOODS},
            native_queue=(100,),
            faces=(1,),
        )
        after = play(before, ("native", 100))
        teller = ConquerTeller(screen.session.game, screen.session.seat_name)
        lines = [line for e in after.events for line in teller.event(e, None, None)]
        assert [line.places for line in lines] == [(), (("hex", north),)]
        screen.on_story_panel_chosen(screen.story_panel.Chosen(lines[1]))
        assert screen.hex_map.lit == {("hex", north)}

        fight = position(
            COMBAT,
            chits=[(0, mid, 6), (0, mid, 4), (0, hx(0, 4), 1)],
            natives=[(mid, 3), (mid, 5)],
            terrain={mid: MEADOW},
            faces=(1, 6),
        )
        lost = combat(fight)  # 11 against 14: five points to lose, John chooses
        lines = [line for e in lost.events for line in teller.event(e, None, None)]
        assert [line.places for line in lines] == [(("hex", mid),)]
        screen._show_combat(lost)
        panel = screen.query_one("#combat-report")
        shown = panel.content.plain.splitlines()
        assert panel.display and shown == [
            "Battle at 0606: Administrator 1 1 + strength 10 = total 11",
            "Battle at 0606: the natives 6 + strength 8 = total 14",
            "Battle at 0606: the natives win; Administrator 1 loses 5 point(s).",
            "Administrator 1 must take 5 loss(es) at 0606: Administrator 1 chooses.",
        ]


# --- phases that end by themselves ----------------------------------------------------------------


def status(screen) -> str:
    return str(screen.query_one("#status-line").content)


async def type_at_once(pilot, *keys: str) -> None:
    """Keys as a quick typist sends them: all in the terminal's input before the program has
    handled the first (each event carries the moment it was typed)."""
    from textual import events

    driver = pilot.app._driver
    for key in keys:
        driver.send_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()


async def test_OC_2_1_a_phase_that_ends_by_itself_does_not_take_the_done_typed_for_it(
    tmp_path, monkeypatch
):
    """Administrator 1's one army moves and phase 3 is over (nothing else can move): the "done"
    typed right behind the move is dropped instead of ending phase 4, and so is one typed too
    soon after the new list is shown; the status line says why; a "done" typed once the new
    list has been on screen a moment ends phase 4."""
    from tui.widgets import action_picker

    monkeypatch.setattr(action_picker, "HOLD_SECONDS", 1.0)
    from core.conquer.tables import DESERT, MEADOW
    from tests.conquer.helpers import hx, position

    home = hx(0, 4)
    s = position(
        MOVE, chits=[(0, home, 3), (1, hx(0, -4), 3)], castles=[(0, home, 1), (1, hx(0, -4), 1)],
        terrain={home: DESERT, hx(0, 3): MEADOW, hx(0, -4): DESERT}, money=[0, 0],
    )  # fmt: skip
    app = make_app(tmp_path, session=at(s))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        move = screen.picker.highlighted_action
        assert move[0] == "move" and len(screen.session.actions) == 0
        await type_at_once(pilot, "enter", *"done", "enter")
        await wait_until(pilot, lambda: screen.session.human_to_move and not screen.busy)
        state = screen.session.state
        assert screen.session.actions[0] == move and ("done",) not in screen.session.actions[:1]
        assert state.phase == ORDERS and GAME.to_move(state) == 0  # phase 4 waits for them
        assert screen.picker.filter_input.value == ""
        assert status(screen).startswith("Phase 3 is over: no army can move.")
        played = len(screen.session.actions)
        await pilot.press(*"done", "enter")  # too soon to have read the new list
        await pilot.pause()
        assert len(screen.session.actions) == played and screen.picker.filter_input.value == ""
        await pilot.pause(1.05)  # the new list has been on screen a moment
        await pilot.press(*"done", "enter")
        await wait_until(pilot, lambda: len(screen.session.actions) > played)
        assert screen.session.actions[played] == ("done",)
        assert "Phase 3" not in status(screen)


async def test_a_loss_placed_clears_the_filter_and_ctrl_f_clears_it_too(tmp_path):
    app = make_app(tmp_path, session=losses_to_place())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        await pilot.press(*"loss on the", "enter")
        await wait_until(pilot, lambda: screen.session.actions[-1][0] == "hit")
        assert screen.picker.filter_input.value == ""
        await pilot.pause(0.35)
        await pilot.press(*"loss on")
        assert screen.picker.filter_input.value == "loss on"
        await pilot.press("ctrl+f", *"done")
        assert screen.picker.filter_input.value == "done"


# --- what the AI says for the player --------------------------------------------------------------


async def test_f3_says_what_it_played_for_you_and_why(tmp_path):
    """Autoplay plays the rest of turn 1; the log gives each of its moves the rule-based
    player's reason, and a line (also a notification) tells the turn: what it did, and why."""
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        await pilot.press("f3")
        await wait_until(
            pilot,
            lambda: (
                screen.session.state.turn > 1 and screen.session.human_to_move and not screen.busy
            ),
            timeout=30,
        )
        await pilot.pause()
        told = [n.message for n in app._notifications if n.message.startswith("Autoplay: ")]
        assert len(told) == 1 and " — " in told[0]  # each move shown with its reason
        first = told[0].removeprefix("Autoplay: ").split(" — ")[0]
        assert first in [GAME.describe(before, a) for before, a in zip(
            screen.session.states, screen.session.actions, strict=False)]  # fmt: skip
        log = " ".join(line.text.strip() for line in screen.event_log.lines)
        assert " — autoplay: " in log and "Autoplay: " in log


def test_the_hint_tells_its_value_as_where_you_stand():
    screen = ConquerScreen(session(4, 2))
    assert screen.hint_outcome(0.0).endswith("far behind the best other Administrator, or captured")
    assert "about level" in screen.hint_outcome(0.5)
    assert "well ahead" in screen.hint_outcome(0.97)


async def test_the_threats_at_the_next_combat_are_named_under_the_map(tmp_path):
    app = make_app(tmp_path, session=contested(2, 2)())
    async with app.run_test(size=SIZES["80x24"]) as pilot:
        await started(pilot)
        line = pilot.app.screen.query_one("#threats")
        await wait_until(pilot, lambda: line.display)
        # Administrator B's 13 points share the castle hex with A's 26 and a 2-point castle
        assert str(line.render()).startswith(
            "⚠ Threats at this turn's combat: Castle 0605: B13 there (you hold 100%)"
        )
        assert line.region.bottom <= pilot.app.size.height  # on screen at 80x24


async def test_the_legend_leaves_a_screen_made_small(tmp_path):
    app = make_app(tmp_path, session=contested(2, 2)())
    async with app.run_test(size=SIZES["120x40"]) as pilot:
        screen = await started(pilot)
        legend = screen.query_one("#hex-legend")
        assert legend.display
        await pilot.resize_terminal(*SIZES["80x24"])
        await wait_until(pilot, lambda: not legend.display)
        assert screen.hex_map.compact


async def test_a_screen_made_small_words_its_side_lines_for_the_room(tmp_path):
    """120x40 -> 80x24: the status, goal and seats lines take their short forms at once."""
    app = make_app(tmp_path, session=session(4, 2))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await started(pilot)
        assert str(screen.query_one("#status-line").content).startswith("Turn 1 · ")
        await pilot.resize_terminal(80, 24)
        await wait_until(pilot, lambda: screen.app.size.width == 80)
        await pilot.pause()
        status = str(screen.query_one("#status-line").content)
        assert status.startswith("3. Move armies") and "to act" in status
        assert str(screen.query_one("#goal-line").content) == "Last Administrator wins"
