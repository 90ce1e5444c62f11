"""The Vietnam Solitaire screen: snapshots of the moments that matter; play by keys and mouse."""

from __future__ import annotations

import random

import pytest
from textual.widgets import Static

from ai.base import Budget
from ai.solitaire import RulesAgent
from core.solitaire import GAME
from core.solitaire.board import UNIT_BY_KEY, UNIT_NAMES, place_name
from core.solitaire.events import SolitaireEvent as K
from saves import SeatInfo, new_record
from saves.store import read_record
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tui.screens.game_over import GameOverScreen
from tui.screens.solitaire import SolitaireScreen
from tui.session import Session
from tui.tellers.solitaire import SolitaireTeller
from tui.widgets.region_map import RegionMap

SEED = 3
# From seed 3: a Green Beret on Fishhook, an AirCav into Hue 5, then on to B4: the B6 insurgency
# brings an NVA onto the ARVN in Hue 3-4 and a fight-or-retreat decision.
TO_COMBAT = (("gb", 4), ("done",), ("place", "aircav", 2), ("done",), ("done",), ("done",))


def session_after(actions=(), seed=SEED, options=None) -> Session:
    record = new_record("solitaire", options or {}, 1, [SeatInfo("Player 1")], seed)
    session = Session.from_record(record)
    for action in actions:
        session.apply(action)
    return session


def rules_actions(seed: int, stop) -> list:
    """The rule-based player's actions from `seed` until `stop(state)` holds."""
    s = GAME.new({}, 1, seed)
    agent, rng, actions = RulesAgent(), random.Random(seed), []
    while not stop(s):
        a = agent.choose(GAME, GAME.observe(s, 0), GAME.legal_actions(s), Budget(), rng)
        actions.append(a)
        s = GAME.apply(s, a)
    return actions


def app_with(tmp_path, session: Session, **kw):
    return make_app(tmp_path, session=session, **kw)


def map_text(screen) -> list[str]:
    region_map = screen.query_one(RegionMap)
    return [region_map.render_line(y).text for y in range(len(region_map._drawn))]


# --- snapshots -----------------------------------------------------------------------------------


def test_snapshot_turn_1_start(snap_compare, tmp_path):
    assert snap_compare(app_with(tmp_path, session_after()), terminal_size=SIZE, run_before=started)


def test_snapshot_trail_attack_step(snap_compare, tmp_path):
    """A B-52 has struck Hanoi: its marker, the PP and the die in the log."""
    assert snap_compare(
        app_with(tmp_path, session_after([("b52", 0)])), terminal_size=SIZE, run_before=started
    )


def test_snapshot_combat_panel(snap_compare, tmp_path):
    assert snap_compare(
        app_with(tmp_path, session_after(TO_COMBAT)), terminal_size=SIZE, run_before=started
    )


def test_snapshot_retreat_choice(snap_compare, tmp_path):
    """Retreat to any higher area: the panel offers each enemy-free area; Tab picks one."""
    session = session_after(TO_COMBAT, options={"retreat": "any_higher"})
    assert session.state.step == "retreat"
    assert snap_compare(
        app_with(tmp_path, session), terminal_size=SIZE, press=["tab"], run_before=started
    )


def test_snapshot_restriction_display(snap_compare, tmp_path):
    """The first seed whose rule-based game reaches a turn played under a B9 restriction."""

    def restricted(s):
        return s.turn > 1 and s.restriction in (2, 3, 4, 5) and s.step == "B2"

    for seed in range(1, 200):
        session = session_after(rules_actions(seed, lambda s: restricted(s) or s.over), seed)
        if restricted(session.state):
            break
    assert snap_compare(app_with(tmp_path, session), terminal_size=SIZE, run_before=started)


def test_snapshot_game_over(snap_compare, tmp_path):
    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    assert session.over

    async def settle(pilot):
        await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameOverScreen))

    assert snap_compare(app_with(tmp_path, session), terminal_size=SIZE, run_before=settle)


def test_snapshot_smallest_terminal_80x24(snap_compare, tmp_path):
    assert snap_compare(
        app_with(tmp_path, session_after(TO_COMBAT[:2])), terminal_size=(80, 24), run_before=started
    )


def test_snapshot_combat_panel_at_80x24(snap_compare, tmp_path):
    """The fight panel leaves the map's tracks and the regions in sight on the smallest screen."""
    assert snap_compare(
        app_with(tmp_path, session_after(TO_COMBAT)), terminal_size=(80, 24), run_before=started
    )


def danger_session() -> Session:
    """Seed 2, turn 9 at B4, PP 10: the enemy's phase ends the war in most sampled worlds."""
    return session_after(rules_actions(2, lambda s: s.turn == 9 and s.step == "B4"), seed=2)


def test_snapshot_forecast_beside_the_pp_track(snap_compare, tmp_path):
    assert snap_compare(
        app_with(tmp_path, danger_session()), terminal_size=SIZE, run_before=started
    )


def test_snapshot_forecast_at_80x24(snap_compare, tmp_path):
    assert snap_compare(
        app_with(tmp_path, danger_session()), terminal_size=(80, 24), run_before=started
    )


def test_snapshot_no_color_marks_the_step_the_pp_and_the_strikes(
    snap_compare, tmp_path, monkeypatch
):
    """Without colour, ▸ ◂ mark the current step, year and PP; the Trail shows its strikes."""
    monkeypatch.setenv("NO_COLOR", "1")
    session = session_after([("b52", 0), ("gb", 4)])
    assert snap_compare(app_with(tmp_path, session), terminal_size=SIZE, run_before=started)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40), (150, 45)])
async def test_the_map_keeps_strike_markers_whole_and_marks_the_track_boxes(tmp_path, size):
    """VS-B2.4 / VS-B2.5: both strikes on one Trail area read in full at every size; the current
    PP and step read without colour (▸ ◂); the status line puts the PP before the step."""
    from dataclasses import replace

    session = session_after()
    app = app_with(tmp_path, session)
    async with app.run_test(size=size) as pilot:
        screen = await started(pilot)
        state = replace(session.state, markers=(("gb", 4), ("b52", 4)), pp=7)
        screen.region_map.view = GAME.observe(state, 0)
        await pilot.pause()
        lines = map_text(screen)
        fishhook = next(line for line in lines if "Fishhook" in line)
        assert "GB,B52" in fishhook
        assert "→Cu Chi" in fishhook
        assert any("6▸7◂8" in line for line in lines)
        assert any("B1▸B2◂B3" in line for line in lines)
        assert screen.status_text().startswith("Turn 1 (1963) · PP 1 · B2")


# --- play ----------------------------------------------------------------------------------------


async def type_action(pilot, text: str) -> None:
    """Filter the action list by `text` and play the first match, as a player would."""
    await pilot.press("ctrl+f", *text, "enter")
    await pilot.pause()


async def test_one_whole_turn_by_keyboard(tmp_path):
    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        assert isinstance(screen, SolitaireScreen) and screen.session.state.step == "B2"
        await type_action(pilot, "green beret fishhook")
        await type_action(pilot, "done with trail")
        await type_action(pilot, "raise arvn mekong 6")
        await type_action(pilot, "done raising")
        await type_action(pilot, "done with napalm")
        for _ in range(30):  # fights: fight on with f until the turn is over
            await wait_until(pilot, lambda: not screen.busy)
            state = screen.session.state
            if state.turn > 1 or state.over:
                break
            if state.step == "retreat":
                screen.query_one("#combat-fight").focus()
                await pilot.press("f")
            elif state.step == "B8":
                await type_action(pilot, "done redeploying")
            else:
                raise AssertionError(f"unexpected step {state.step}")
        assert screen.session.state.turn == 2 or screen.session.over
        kinds = [a[0] for a in screen.session.actions]
        assert kinds[:3] == ["gb", "done", "place"]
        assert list(tmp_path.glob("autosave-solitaire-*.objective"))  # autosaved at turn end


async def test_clicking_an_area_narrows_the_picker(tmp_path):
    app = app_with(tmp_path, session_after([("done",)]))  # B3: raise and move
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        region_map = screen.query_one(RegionMap)
        hue_34 = next(
            (x, y) for y in range(40) for x in range(66) if region_map.place_at(x, y) == ("area", 1)
        )
        await pilot.click(RegionMap, offset=hue_34)
        shown = screen.picker.shown_actions
        assert shown and all(("area", 1) in GAME.places_of(a) for a in shown)
        assert len(shown) < len(screen.session.legal())
        await pilot.click(RegionMap, offset=hue_34)  # a second click clears the selection
        assert len(screen.picker.shown_actions) == len(screen.session.legal())


async def test_keyboard_cursor_selects_a_trail_area(tmp_path):
    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press("up", "up", "up", "left", "left", "enter")
        target = screen.query_one(RegionMap).selected
        assert target is not None and target[0] == "trail"
        shown = screen.picker.shown_actions
        assert all(target in GAME.places_of(a) for a in shown)


async def test_undo_never_crosses_a_die(tmp_path):
    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await type_action(pilot, "b-52 strike on hanoi")
        assert len(screen.session.actions) == 1
        await pilot.press("ctrl+z")  # the strike rolled a die: no going back
        assert len(screen.session.actions) == 1
        await type_action(pilot, "done with trail")
        await type_action(pilot, "raise arvn hue 5")
        pp = screen.session.state.pp
        await pilot.press("ctrl+z")  # raising rolled nothing: undone
        assert screen.session.state.pp == pp - 1
        assert screen.session.actions[-1] == ("done",)


async def test_save_then_load_gives_the_same_screen(tmp_path):
    app = app_with(tmp_path, session_after(TO_COMBAT[:3]))
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        before_map = map_text(app.screen)
        before_actions = app.screen.picker.shown_actions
        path = app.screen.save_path
    assert path is not None and path.exists()
    loaded = Session.from_record(read_record(path))
    again = app_with(tmp_path, loaded, opened_from=path)
    async with again.run_test(size=SIZE) as pilot:
        await started(pilot)
        assert map_text(again.screen) == before_map
        assert again.screen.picker.shown_actions == before_actions


async def test_enemy_steps_play_out_one_by_one_and_esc_skips(tmp_path):
    app = app_with(tmp_path, session_after(TO_COMBAT[:5]), step_pause=30.0)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await type_action(pilot, "done with napalm")
        assert screen.busy and screen.playback.pending  # waiting between stages
        shown = list(map_text(screen))
        await pilot.press("escape")  # skip to the end
        await wait_until(pilot, lambda: not screen.busy)
        assert screen.session.state.step == "retreat"
        assert map_text(screen) != shown


async def test_hint_highlights_a_move_on_the_map(tmp_path):
    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("f2")
        await wait_until(pilot, lambda: screen.query_one(RegionMap).lit, timeout=5.0)
        assert screen.picker.highlighted_action in screen.session.legal()


async def test_the_hint_is_a_search_showing_its_top_moves_with_the_turn_they_lead_to(tmp_path):
    """The hint asks the search (by candidate moves) and marks up to three moves, the one to
    play first and highlighted, each with the end turn the search expects after it (VS-C.1:
    the turn decides the result)."""
    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await pilot.press("f2")
        await wait_until(pilot, lambda: screen.picker._marks, timeout=5.0)
        marks = screen.picker._marks
        assert 1 <= len(marks) <= 3
        turns = [float(label.removeprefix("← war lasts to turn ")) for label in marks.values()]
        state = screen.session.state
        assert all(state.turn <= t <= 20 for t in turns)
        assert screen.picker.highlighted_action == next(iter(marks))
        assert set(marks) <= set(screen.session.legal())


async def test_a_hint_with_moves_as_good_as_each_other_says_so_and_why_the_first(tmp_path):
    """Marks a hundredth of a turn apart are told apart; the note says they are equally good
    and that the first is the rule-based move (VS-C.1: the end turn decides the result)."""
    from ai.mcts import Ranked
    from ai.solitaire import choose_action
    from tui.turns import Hint

    app = app_with(tmp_path, session_after())
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        session = screen.session
        legal = session.legal()
        rules_move = choose_action(session.state, legal, None)
        other = next(a for a in legal if a != rules_move)
        close = (Ranked(rules_move, 0.6, 5.12 / 19), Ranked(other, 0.4, 5.08 / 19))
        marks = [screen.hint_mark(r) for r in close]
        assert marks == ["war lasts to turn 6.12", "war lasts to turn 6.08"]
        note = screen.hint_note(Hint({}, rules_move, "", "", close))
        assert "as good as each other" in note and "rule-based player's move" in note
        apart = (Ranked(rules_move, 0.6, 6 / 19), Ranked(other, 0.4, 5 / 19))
        assert screen.hint_note(Hint({}, rules_move, "", "", apart)) == ""


async def test_from_game_over_back_to_the_title_and_a_new_game(tmp_path):
    """A game started straight from the command line still leads back to the title screen."""
    from tui.screens.setup import SetupScreen
    from tui.screens.title import TitleScreen

    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    app = app_with(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("t")
        await wait_until(pilot, lambda: isinstance(app.screen, TitleScreen))
        await pilot.press("n")
        assert isinstance(app.screen, SetupScreen) and app.screen.game_id == "solitaire"


# --- the story and the combat panel read the events' kinds and values ---------------------------


async def test_the_combat_panel_shows_each_combat_die_by_round(tmp_path):
    """VS-B4.4: every unit's die of the pending fight, round by round, as the dice fell."""
    session = session_after(TO_COMBAT)
    events = session.state.events
    start = max(i for i, e in enumerate(events) if e.kind is K.COMBAT_BEGAN)
    assert events[start]["place"] == session.state.combat_place
    dice = [e for e in events[start:] if e.kind is K.COMBAT_ROLL]
    assert dice
    app = app_with(tmp_path, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        await wait_until(pilot, lambda: screen.query("#combat-rounds"))
        await pilot.pause()
        shown = screen.query_one("#combat-rounds", Static).content.plain
    told = "".join(
        f"{UNIT_NAMES[UNIT_BY_KEY[e['unit']]]}  {e.dice[0]}  {'hit' if e['hit'] else 'miss'} "
        for e in dice
    )
    assert shown == f"Round 1: {told}"


def test_a_unit_that_hits_on_one_face_says_hits_on_1():
    """VS-B4.4's hit table: a VC in Paddy hits on a 1 only, an NVA on 1-2."""
    from core.solitaire.board import NVA, PADDY, VC
    from tui.widgets.combat_panel import _unit_line

    units = (1, 2, 0, 0, 0)
    assert _unit_line(units, VC, PADDY).plain == "1 × VC  hits on 1"
    assert _unit_line(units, NVA, PADDY).plain == "2 × NVA  hits on 1-2"


def test_the_story_tells_the_enemys_placements_the_fights_and_the_b9_count():
    """What the player is told after the enemy's steps, from the events' kinds and values: each
    NVA and VC placed (its area lit), each fight's result (red when you lost units), the B9
    count with the PP it moved; the dice of fights and strikes and the player's own moves are
    left to the log."""
    told = {}
    teller = SolitaireTeller(GAME, lambda seat: "Player 1")
    for seed in (3, 7):
        for action_events in _rules_game_events(seed):
            for event in action_events:
                lines = teller.event(event, 0, 0)
                told.setdefault(event.kind, []).append((event, lines[0] if lines else None))
    for event, line in told[K.NVA_AREA_ROLL] + told[K.VC_AREA_ROLL]:
        assert line.text.endswith(f" placed in {place_name(event['place'])}.")
        assert line.places == (("area", event["place"]),)
    for event, line in told[K.COMBAT_ROUND]:
        assert line.places == (("area", event["place"]),)
        assert (line.style == "loss") is any(event["your_lost"])
    for event, line in told[K.PP_CHANGED]:
        assert line.text.startswith(f"B9: PP {event['pp_before']} → {event['pp_after']}: ")
        assert line.outcome
    for kind in (K.COMBAT_ROLL, K.TRAIL_ATTACK_ROLL, K.UNIT_RAISED, K.COMBAT_BEGAN):
        assert all(line is None for _, line in told.get(kind, ()))
    assert {K.COMBAT_ROUND, K.PP_CHANGED, K.NVA_AREA_ROLL, K.VC_AREA_ROLL} <= set(told)


def _rules_game_events(seed: int):
    s = GAME.new({}, 1, seed)
    for action in rules_actions(seed, lambda s: s.over):
        s = GAME.apply(s, action)
        yield s.events
