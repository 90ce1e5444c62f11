"""Each game's teller on the cases players met: a withdrawal is not a loss, the player's own
attack ambushed is held as a result, a decision and its count are one fact, a turn's heading
falls where the turn begins, and after autoplay the story opens on the newest turn."""

from __future__ import annotations

from core.engine import event
from core.objectives import GAME as OBJECTIVES
from core.objectives.events import ObjectivesEvent as O
from core.solitaire import GAME as SOLITAIRE
from core.solitaire import rules as R
from tests.objectives.helpers import Cards, bid_round, play, table
from tests.solitaire.helpers import at, board, position
from tests.tui.helpers import SIZE, make_app, started, wait_until
from tests.tui.test_solitaire_screen import rules_actions, session_after
from tui.story import Storyteller
from tui.tellers.objectives import ObjectivesTeller
from tui.tellers.solitaire import SolitaireTeller


def names(seat):
    return f"Player {seat + 1}"


def test_VS_B9_4_a_withdrawn_unit_is_told_as_withdrawn_not_lost():
    """The B9 result 6+ takes an American unit off the map: no fight, no PP. The story names it
    a withdrawal; no line says the player lost it in a fight."""
    s = position(R.REMOVE_US_UNIT, board(hue_34={"grunt": 1}, hue_5={"arvn": 1}), pp=10,
                 turn=3, strict=False)  # fmt: skip
    after = SOLITAIRE.apply(s, ("remove", "grunt", at("hue", "3-4")))
    story = Storyteller(SolitaireTeller(SOLITAIRE, names), reader=0)
    story.events(after.events, 0, 3, after)
    lines = story.lines()
    withdrawn = [x for x in lines if "withdrawn" in x.text]
    assert withdrawn and withdrawn[0].text.startswith("B9 result 6+: 1 Grunt withdrawn from Hue")
    assert withdrawn[0].outcome and withdrawn[0].places == (("area", at("hue", "3-4")),)
    assert not any("lost" in x.text for x in lines)


def test_OV_H2_your_own_attack_ambushed_is_held_with_what_it_cost_you():
    """Player 1 attacks, bids, an Ambush strikes their strongest card, and the NVA overrun the
    attack: the result names the ambushed card as theirs and says the objective holds."""
    cards = Cards()
    target = cards.obj("cedar")
    s = table(cards, pool=[(target, 0)], nva_top=[cards.nva("ambush"), cards.nva("guerrillas")],
              hands=[cards.hand("airborne", "marines"), cards.hand("rf")])  # fmt: skip
    story = Storyteller(ObjectivesTeller(OBJECTIVES, names), reader=0)
    for action in (("attack", target), ("continue",)):
        s = play(s, action)
        story.events(s.events, 0, 1, s)
    s = bid_round(s, ["airborne"], [])
    story.events(s.events, 1, 1, s)
    [result] = story.take_results()
    assert result.style == "loss" and "Operation Cedar Falls" in result.title
    assert "holds" in result.title
    assert any(line.startswith("Ambush: your Airborne") for line in result.lines)
    assert story.take_results() == []  # told once


def test_OV_a_fight_another_player_fought_alone_is_not_held_for_you():
    cards = Cards()
    target = cards.obj("cedar")
    s = table(cards, pool=[(target, 0)], nva_top=[cards.nva("guerrillas")],
              hands=[cards.hand("airborne"), ()])  # fmt: skip
    story = Storyteller(ObjectivesTeller(OBJECTIVES, names), reader=1)
    for action in (("attack", target), ("continue",)):
        s = play(s, action)
        story.events(s.events, 0, 1, s)
    s = bid_round(s, ["airborne"], [])
    story.events(s.events, 0, 1, s)
    while s.phase in ("call_off", "bid"):  # fight on, bidding nothing more, to the end
        s = play(s, ("continue",)) if s.phase == "call_off" else bid_round(s, [], [])
        story.events(s.events, 0, 1, s)
    assert story.take_results() == []
    told = [x for x in story.lines() if "Operation Cedar Falls" in x.text and x.outcome]
    assert told  # the team's result is told, not held


def test_a_bid_of_nothing_is_one_fact_and_your_own_bids_are_left_out():
    """ "Player 3: Bid nothing this round" and "Player 3 has bid 0 cards." say one thing: the
    story tells it once; the reader's own bid is not told back to them."""
    story = Storyteller(ObjectivesTeller(OBJECTIVES, names), reader=0)
    story.action(2, ("bid_done",), "Bid nothing this round", None, 4)
    story.events([event(O.BIDS_COUNTED, seats=(2,), count=0)], 2, 4, None)
    story.action(0, ("bid_done",), "Done bidding", None, 4)
    story.events([event(O.BIDS_COUNTED, seats=(0,), count=2)], 0, 4, None)
    assert [x.text for x in story.lines()] == ["Player 3 has bid 0 cards."]


async def test_a_turns_heading_falls_where_the_turn_begins(tmp_path):
    """The end of turn 4's fight stays under turn 4; "── Turn 5 ──" comes before the event that
    begins turn 5, not before the action whose events end turn 4."""
    from tui.widgets.event_log import EventLog

    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        log = EventLog()
        await app.screen.mount(log)
        log.add_action("Player 2", "Done bidding", 4)
        taken = event(O.OBJECTIVE_TAKEN, seats=(0,), target=0, points=4, team=8, needed=20)
        begins = event(O.TURN_STARTED, seats=(1,), turn=5, drawn=1)
        log.add_events(
            [taken, begins], lambda e: e.get("turn") if e.kind is O.TURN_STARTED else None
        )
        await pilot.pause()
        lines = [line.text.strip() for line in log.lines]
    assert lines.index("── Turn 4 ──") < lines.index("Player 2") < lines.index("Done bidding")
    assert next(x for x in lines if "is taken" in x) in lines[: lines.index("── Turn 5 ──")]
    assert lines.index("── Turn 5 ──") == len(lines) - 2  # right before "Turn 5: Player 2 ..."


async def test_after_autoplay_the_story_opens_on_the_newest_turn(tmp_path):
    """F3 plays the rest of the turn; when the player's move comes back (a new turn), the
    story's first lines are that turn's, the turn before below them."""
    session = session_after(rules_actions(3, lambda s: s.turn >= 2), seed=3)
    app = make_app(tmp_path, session=session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await started(pilot)
        turn = session.state.turn
        await pilot.press("f3")
        await wait_until(
            pilot,
            lambda: (
                screen.session.state.turn > turn
                and screen.session.human_to_move
                and not screen.busy
            ),
            timeout=30,
        )
        await pilot.pause()
        lines = screen.story_panel.lines
        assert lines and lines[0].heading and lines[0].text == f"Turn {screen.session.state.turn}"
        assert any(x.heading and x.text == f"Turn {turn}" for x in lines[1:])
