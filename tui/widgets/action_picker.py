"""The one action picker every game screen uses: the legal actions, filterable, keyboard-driven.

Typing filters: each word typed must match a whole word of the action (or the start of one), a
number only a number (`2` finds "2-point", never "$2.00"; type `$2` for a price). The actions are
ranked by how well they match, the best on top and highlighted. Up/Down/PageUp/PageDown move the
highlight while the filter keeps focus; Enter (or a click on a row) plays exactly the action
highlighted. Map and tableau widgets
narrow the list to the actions about one place (`narrow`), and the hint marks its suggestions
(`mark`). When nothing can be shown, a sentence says why.

When the game moves on without the player's say (a phase that ends by itself), the screen holds
the picker (`hold`): the filter is cleared, and the keys typed before the new list was shown, or
too soon after it to have read it, are dropped: an Enter meant for the old list never plays an
action of the new one.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.engine import Action
from tui.text import printable

FILTER_LENGTH = 60  # characters the filter box takes: more than any action's words
ECHO_LENGTH = 30  # characters of the filter a sentence repeats

HOLD_SECONDS = 0.3  # after a change the player did not ask for: quicker than anyone reads it

TOKEN = re.compile(r"\$\d+(?:\.\d+)?|\d+|[^\W\d_]+")


def tokens(text: str) -> list[str]:
    """Words, whole numbers and prices ("$2.00") of a text, lower-cased."""
    return TOKEN.findall(text.lower())


def match_score(query: list[str], words: list[str]) -> int:
    """How well the typed words match an action's words (0: no match). Every typed word must
    match a word: a whole word scores 3, the start of a word 1 (numbers and prices only whole);
    words met in the order typed score 1 more each."""
    score, position = 0, -1
    for q in query:
        best, where = 0, -1
        numeric = q[0].isdigit() or q[0] == "$"
        for i, w in enumerate(words):
            if w == q or (q[0] == "$" and w.startswith(q) and w[len(q) : len(q) + 1] in ("", ".")):
                value = 3
            elif not numeric and not w[0].isdigit() and w[0] != "$" and w.startswith(q):
                value = 1
            else:
                continue
            value += 1 if i > position else 0
            if value > best:
                best, where = value, i
        if not best:
            return 0
        score += best
        position = where
    return score


class FilterInput(Input):
    """The filter box: arrow keys steer the list below while typing stays here. Keys that a
    panel on the screen offers (the combat's f and r) go to the screen, never into the box."""

    BINDINGS = [
        Binding("down", "picker_move(1)", "Next", show=False, id="picker.next"),
        Binding("up", "picker_move(-1)", "Previous", show=False, id="picker.previous"),
        Binding("pagedown", "picker_move(8)", "Page down", show=False, id="picker.page_down"),
        Binding("pageup", "picker_move(-8)", "Page up", show=False, id="picker.page_up"),
    ]

    def on_mount(self) -> None:
        # a steady cursor: easier on the eyes, and a screenshot never catches it half-blinked
        self.cursor_blink = False

    def action_picker_move(self, step: int) -> None:
        picker = next(a for a in self.ancestors if isinstance(a, ActionPicker))
        picker.move(step)

    async def _on_key(self, event: events.Key) -> None:
        picker = next(a for a in self.ancestors if isinstance(a, ActionPicker))
        if picker.held(event):
            event.stop()
            event.prevent_default()
            return
        if event.key == "enter":
            # what Enter plays is decided now, on the list as it stands when it was pressed:
            # keys typed right behind it must not change the action it plays
            event.stop()
            event.prevent_default()
            picker.submit()
            return
        panel_keys = getattr(self.screen, "panel_keys", dict)()
        if event.key in panel_keys:
            event.stop()
            event.prevent_default()
            await self.screen.run_action(panel_keys[event.key])
            return
        await super()._on_key(event)


class ActionPicker(Vertical):
    DEFAULT_CSS = """
    ActionPicker { height: 1fr; }
    ActionPicker #picker-title { height: auto; max-height: 2; padding: 0 1; background: $boost; }
    ActionPicker #picker-notes { height: auto; padding: 0 1; color: $text-muted; display: none; }
    ActionPicker #picker-notes.-active { display: block; }
    ActionPicker FilterInput { height: 3; }
    ActionPicker OptionList { height: 1fr; }
    """

    class Chosen(Message):
        """The player picked an action, from the list numbered `listing` (`ActionPicker.listing`:
        a choice from a list since replaced is stale; None: no list)."""

        def __init__(self, action: Action, listing: int | None = None) -> None:
            super().__init__()
            self.action = action
            self.listing = listing

    class Highlighted(Message):
        """The highlight moved to an action (maps may show where it acts)."""

        def __init__(self, action: Action | None) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._items: list[tuple[Action, str]] = []
        self._words: list[list[str]] = []
        self._shown: list[int] = []
        self._ranked_for: list[str] = []  # the filter's words the shown list was ranked for
        self._narrow: Callable[[Action], bool] | None = None
        self._narrow_label = ""
        self._marks: dict[Action, str] = {}
        self._title = "Actions"
        self._empty = ""
        self._notes: list[str] = []
        self.listing = 0  # counts the lists shown (`set_actions`)
        self._held_until = 0.0  # keys typed before this moment are dropped (`hold`)
        self._hold_reason = ""

    def compose(self) -> ComposeResult:
        # plain text: the title names the seat to act, a note echoes what was typed
        yield Static("Actions", id="picker-title", markup=False)
        yield Static("", id="picker-notes", markup=False)
        yield FilterInput(
            placeholder="type to filter · Enter plays", max_length=FILTER_LENGTH, id="picker-filter"
        )
        yield OptionList(id="picker-list")

    @property
    def option_list(self) -> OptionList:
        return self.query_one("#picker-list", OptionList)

    @property
    def filter_input(self) -> Input:
        return self.query_one("#picker-filter", Input)

    def set_actions(
        self,
        items: Sequence[tuple[Action, str]],
        title: str = "Actions",
        empty: str = "",
        notes: Sequence[str] = (),
    ) -> None:
        """Show these (action, description) pairs; keeps the filter, clears any narrowing.
        `empty` says why there is nothing to choose; `notes` explain what is missing."""
        self.listing += 1
        self._items = list(items)
        self._words = [tokens(text) for _, text in self._items]
        self._narrow = None
        self._narrow_label = ""
        self._marks = {}
        self._title = title
        self._empty = empty
        self._notes = list(notes)
        self._refresh_list()

    def hold(self, reason: str) -> None:
        """The game moved on without the player's say (`reason` tells how): clear the filter,
        and drop what was typed before this moment or within HOLD_SECONDS of it."""
        self.filter_input.value = ""
        self._held_until = time.monotonic() + HOLD_SECONDS
        self._hold_reason = reason

    @property
    def holding(self) -> bool:
        """Whether keys typed now are still dropped (`hold`)."""
        return time.monotonic() < self._held_until

    def held(self, event: events.Key) -> bool:
        """Whether a key is dropped by a hold (it was typed for the list before the change); the
        first one dropped says why."""
        if event.time >= self._held_until or not (
            event.is_printable or event.key in ("enter", "backspace", "delete")
        ):
            return False
        if self._hold_reason:
            self.app.notify(
                f"{self._hold_reason}: what you typed for it is dropped.", severity="warning"
            )
            self._hold_reason = ""
        return True

    def narrow(self, keep: Callable[[Action], bool] | None, label: str = "") -> None:
        """Show only the actions `keep` accepts (None shows all again)."""
        self._narrow = keep
        self._narrow_label = label if keep else ""
        self._refresh_list()

    @property
    def narrowed(self) -> bool:
        return self._narrow is not None

    def mark(self, marks: dict[Action, str]) -> None:
        """Annotate actions (e.g. the hint's shares) and highlight the first one marked."""
        self._marks = dict(marks)
        self._refresh_list()
        if marks:
            self.highlight(next(iter(marks)))

    def highlight(self, action: Action) -> bool:
        for row, index in enumerate(self._shown):
            if self._items[index][0] == action:
                self.option_list.highlighted = row
                self.option_list.scroll_to_highlight()
                return True
        return False

    @property
    def highlighted_action(self) -> Action | None:
        row = self.option_list.highlighted
        if row is None or not 0 <= row < len(self._shown):
            return None
        return self._items[self._shown[row]][0]

    @property
    def shown_actions(self) -> list[Action]:
        return [self._items[i][0] for i in self._shown]

    def move(self, step: int) -> None:
        options = self.option_list
        if not self._shown:
            return
        row = options.highlighted if options.highlighted is not None else -1
        options.highlighted = max(0, min(len(self._shown) - 1, row + step))

    def choose_highlighted(self) -> None:
        action = self.highlighted_action
        if action is not None:
            self.post_message(self.Chosen(action, self.listing))

    def _ranked(self) -> list[int]:
        query = tokens(self.filter_input.value) if self.is_mounted else []
        scored = []
        for i, (action, _) in enumerate(self._items):
            if self._narrow is not None and not self._narrow(action):
                continue
            score = match_score(query, self._words[i]) if query else 1
            if score:
                scored.append((-score, i))
        scored.sort()  # best match first; the game's order among equals
        return [i for _, i in scored]

    def _refresh_list(self) -> None:
        shown = self._ranked()
        self._shown = shown
        self._ranked_for = tokens(self.filter_input.value) if self.is_mounted else []
        options = self.option_list
        previous = self.highlighted_action if options.option_count else None
        prompts = []
        for i in shown:
            action, text = self._items[i]
            prompt = Text(text)
            mark = self._marks.get(action)
            if mark:
                prompt.append(f"  {mark}", style="bold")
            prompts.append(Option(prompt))
        options.set_options(prompts)
        typed = bool(self.is_mounted and self.filter_input.value.strip())
        if shown:
            options.highlighted = 0
            if previous is not None and not typed:
                self.highlight(previous)
        count = f"{len(shown)}/{len(self._items)}" if len(shown) != len(self._items) else ""
        where = f" · {self._narrow_label}" if self._narrow_label else ""
        self.query_one("#picker-title", Static).update(f"{self._title}{where}  {count}".rstrip())
        notes = list(self._notes)
        if not shown:
            notes.insert(0, self._why_empty(typed))
        box = self.query_one("#picker-notes", Static)
        box.update("\n".join(n for n in notes if n))
        box.set_class(any(notes), "-active")

    def _why_empty(self, typed: bool) -> str:
        if not self._items:
            return self._empty
        if typed:
            echo = printable(self.filter_input.value.strip())
            if len(echo) > ECHO_LENGTH:
                echo = echo[: ECHO_LENGTH - 1] + "…"
            return f"No action matches “{echo}” (Esc clears the filter)."
        if self._narrow is not None:
            return f"Nothing can be done at {self._narrow_label} now (Esc shows every action)."
        return self._empty

    @on(Input.Changed, "#picker-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._refresh_list()

    def submit(self) -> None:
        """Enter in the filter: play the highlighted action of the list for the text typed."""
        value = self.filter_input.value
        if tokens(value) != self._ranked_for:
            self._refresh_list()  # the list is ranked for the text as typed, never a stale one
        # (re-ranking a list already ranked for this text would put the highlight back on top)
        if not self._shown:
            self.app.notify(self._why_empty(bool(value.strip())), severity="warning")
            return
        self.choose_highlighted()

    @on(Input.Submitted, "#picker-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.submit()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.option_list.highlighted = event.option_index
        self.choose_highlighted()

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self.highlighted_action))
