"""The storyteller lays the story out the same way for every game: newest turn first, the
reader's outcomes before the other side's steps, one line per fact, the reader's own decisions
left out. (Each game's teller is tested with its screen.)"""

from __future__ import annotations

from core.engine import EventKind, event, narrator
from tui.story import StoryLine, Storyteller, Teller


class Fact(EventKind):
    LOST = "lost"
    PLACED = "placed"


@narrator(Fact)
def _words(e):
    return f"{e.kind} {e.get('n', '')}"


class FactTeller(Teller):
    """Losses of the reader are outcomes; placements are the other side's steps."""

    def event(self, e, reader, actor):
        if e.kind is Fact.LOST and reader in e.seats:
            return [StoryLine(f"You lost {e['n']}.", style="loss", outcome=True)]
        if e.kind is Fact.PLACED:
            return [StoryLine(f"A unit is placed in area {e['n']}.")]
        return []


def teller():
    return FactTeller(None, lambda seat: f"Player {seat + 1}")


def texts(story):
    return [line.text for line in story.lines()]


def test_outcomes_come_before_the_other_sides_steps():
    story = Storyteller(teller(), reader=0)
    story.events([event(Fact.PLACED, n=3), event(Fact.LOST, seats=(0,), n=2)], None, 1, None)
    assert texts(story) == ["You lost 2.", "A unit is placed in area 3."]
    assert story.lines()[0].outcome and story.lines()[0].style == "loss"


def test_the_newest_turn_is_on_top_each_under_its_heading():
    story = Storyteller(teller(), reader=0)
    story.events([event(Fact.LOST, seats=(0,), n=1)], None, 4, None)
    story.events([event(Fact.PLACED, n=5)], None, 5, None)
    lines = story.lines()
    assert [x.text for x in lines] == ["Turn 5", "A unit is placed in area 5.", "Turn 4",
                                       "You lost 1."]  # fmt: skip
    assert lines[0].heading and lines[2].heading


def test_one_turn_has_no_heading():
    story = Storyteller(teller(), reader=0)
    story.events([event(Fact.PLACED, n=5)], None, 2, None)
    assert not any(line.heading for line in story.lines())


def test_the_same_fact_again_is_counted_once():
    story = Storyteller(teller(), reader=0)
    story.events([event(Fact.PLACED, n=5)] * 3, None, 2, None)
    assert texts(story) == ["A unit is placed in area 5. (×3)"]


def test_the_readers_own_decisions_are_left_out_and_others_told():
    story = Storyteller(teller(), reader=0)
    story.action(0, ("bid",), "Bid a card", None, 1)
    story.action(1, ("bid",), "Bid a card", None, 1)
    assert texts(story) == ["Player 2: Bid a card"]


def test_a_decision_starts_the_story_again():
    story = Storyteller(teller(), reader=0)
    story.events([event(Fact.PLACED, n=5)], None, 2, None)
    story.restart()
    assert not story and story.lines() == []
    story = Storyteller(teller(), reader=1)
    story.events([event(Fact.LOST, seats=(0,), n=1)], None, 2, None)  # another seat's loss
    assert texts(story) == []


def test_among_the_outcomes_the_readers_losses_come_first():
    story = Storyteller(teller(), reader=0)
    gain = StoryLine("They lost 2.", style="gain", outcome=True, turn=1)
    story._lines = [gain]  # a gain told first ...
    story.events([event(Fact.LOST, seats=(0,), n=1)], None, 1, None)  # ... then a loss
    assert texts(story)[0] == "You lost 1."
