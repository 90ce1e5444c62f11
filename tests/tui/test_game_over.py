"""The game-over screen tells how the game went: charts by turn and the decisive moments."""

from __future__ import annotations

from textual.widgets import OptionList

from core.conquer.events import ConquerEvent as E
from core.objectives.events import ObjectivesEvent as O
from core.solitaire.events import SolitaireEvent as K
from saves.store import SaveStore
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tests.tui.test_conquer_screen import game_over as conquer_over
from tests.tui.test_conquer_screen import rules_line as conquer_line
from tests.tui.test_conquer_screen import session as conquer_session
from tests.tui.test_objectives_screen import finished as objectives_over
from tests.tui.test_solitaire_screen import rules_actions, session_after
from tui.game_story import game_story
from tui.screens.game_over import GameOverScreen
from tui.screens.load import LoadScreen
from tui.widgets.charts import StoryChart


def test_solitaire_story_charts_pp_at_each_b9_and_the_trail():
    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    story = game_story(session.game, session.record)
    [chart] = story.charts
    pp, trail = chart.series
    s = session.state
    assert pp.values[: len(s.pp_history)] == list(s.pp_history)  # VS-B9: PP at each turn's end
    assert pp.values[-1] == s.pp and len(trail.values) == s.turn
    assert any("PP" in m for m in story.moments)


def test_solitaire_story_moments_are_b9_rises_your_losses_and_offensives():
    """The decisive moments of a war: a B9 count that put on 2 PP or more, a fight in which
    the NVA/VC hit your forces, an offensive that came (read from the events' kinds)."""
    session = session_after(rules_actions(7, lambda s: s.over), seed=7)
    game, state, decisive = session.game, session.states[0], set()
    for action in session.actions:
        turn = state.turn
        state = game.apply(state, action)
        for e in state.events:
            turn = e["turn"] if e.kind is K.TURN_BEGAN else turn  # the turn it happened in
            if (
                (e.kind is K.PP_CHANGED and e["pp_after"] - e["pp_before"] >= 2)
                or (e.kind is K.COMBAT_ROUND and e["hits_on_you"])
                or (e.kind is K.OFFENSIVE_ROLL and e["regions"])
            ):
                decisive.add(f"Turn {turn}: {e.text}")
    [end] = [e for e in state.events if e.kind is K.WAR_OVER]
    story = game_story(game, session.record)
    ended = f"Turn {state.turn}: {end.text}"
    assert ended in story.moments  # what decided the game is always told
    assert story.moments and set(story.moments) - {ended} <= decisive
    assert len(story.moments) == min(6, len(decisive) + 1)
    assert story.why.startswith(f"PP reached {state.pp} at the end of 19")


def test_objectives_story_has_every_seats_score_and_the_pool():
    session = objectives_over(True)
    story = game_story(session.game, session.record)
    scores, pool = story.charts
    s = session.state
    assert [x.name for x in scores.series] == [session.seat_name(p) for p in range(s.players)]
    assert [x.values[-1] for x in scores.series] == list(s.scores)
    assert pool.series[0].values[-1] == len(s.pool)
    taken = sum(len(t) for t in s.taken)
    told = []  # every objective taken, as the log words it, in the order they fell
    state = session.game.new({}, s.players, session.record.seed)
    for action in session.record.actions:
        state = session.game.apply(state, action)
        told += [
            f"Turn {state.turn}: {e.text}" for e in state.events if e.kind is O.OBJECTIVE_TAKEN
        ]
    assert len(told) == taken
    # the objective that won the game is told, with the win, and the others as room allows
    assert told[-1] in story.moments and story.moments[-1].startswith(f"Turn {s.turn}: The players")
    assert len(set(told) & set(story.moments)) == min(taken, 5)
    assert story.why.startswith("The team's objectives reached")


def test_conquer_story_follows_money_armies_and_castles_and_tells_a_capture():
    session = conquer_session(3, 2, conquer_line(3, 2, lambda s: False))  # natives take one
    story = game_story(session.game, session.record)
    money, army, castles = story.charts
    s = session.state
    assert [x.values[-1] for x in money.series] == [m / 100 for m in s.money]
    assert len(army.series) == 2 and all(len(x.values) == s.turn for x in castles.series)
    captures = [e for x in session.states for e in x.events if e.kind is E.ADMIN_CAPTURED]
    assert len(captures) == s.admins.count(None)
    for capture in captures:  # a capture is among the decisive moments, in the game's words
        assert any(capture.text in m for m in story.moments)


async def test_the_game_over_screen_draws_the_charts(tmp_path):
    app = make_app(tmp_path, session=conquer_over())
    async with app.run_test(size=SIZE) as pilot:
        await started(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        charts = list(app.screen.query(StoryChart))
        assert [c.chart.title for c in charts] == [
            "Money by turn",
            "Army points by turn",
            "Castle points by turn",
        ]


async def test_a_finished_save_opens_on_its_game_over_screen_from_load(tmp_path):
    session = objectives_over(False)
    SaveStore(tmp_path).save(session.record, tmp_path / "finished.objective")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await wait_until(pilot, lambda: isinstance(app.screen, LoadScreen))
        await pilot.pause()
        options = app.screen.query_one(OptionList)
        assert "finished" in str(options.get_option_at_index(0).prompt)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        assert len(app.screen.query(StoryChart)) == 2
