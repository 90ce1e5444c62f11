"""The one action picker every game screen uses: the legal actions, filterable, keyboard-driven.

Typing filters (every word must appear); Up/Down/PageUp/PageDown move the highlight while the
filter keeps focus; Enter plays the highlighted action. Map and tableau widgets narrow it to the
actions about one place (`narrow`), and the hint highlights the AI's suggestion (`highlight`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from core.engine import Action


class FilterInput(Input):
    """The filter box: arrow keys steer the list below while typing stays here."""

    BINDINGS = [
        Binding("down", "picker_move(1)", "Next", show=False, id="picker.next"),
        Binding("up", "picker_move(-1)", "Previous", show=False, id="picker.previous"),
        Binding("pagedown", "picker_move(8)", "Page down", show=False, id="picker.page_down"),
        Binding("pageup", "picker_move(-8)", "Page up", show=False, id="picker.page_up"),
    ]

    def action_picker_move(self, step: int) -> None:
        picker = next(a for a in self.ancestors if isinstance(a, ActionPicker))
        picker.move(step)


class ActionPicker(Vertical):
    DEFAULT_CSS = """
    ActionPicker { height: 1fr; }
    ActionPicker #picker-title { height: 1; padding: 0 1; background: $boost; }
    ActionPicker FilterInput { height: 3; }
    ActionPicker OptionList { height: 1fr; }
    """

    class Chosen(Message):
        """The player picked an action."""

        def __init__(self, action: Action) -> None:
            super().__init__()
            self.action = action

    class Highlighted(Message):
        """The highlight moved to an action (maps may show where it acts)."""

        def __init__(self, action: Action | None) -> None:
            super().__init__()
            self.action = action

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._items: list[tuple[Action, str]] = []
        self._shown: list[int] = []
        self._narrow: Callable[[Action], bool] | None = None
        self._narrow_label = ""
        self._marks: dict[Action, str] = {}

    def compose(self) -> ComposeResult:
        yield Static("Actions", id="picker-title")
        yield FilterInput(placeholder="type to filter · Enter plays", id="picker-filter")
        yield OptionList(id="picker-list")

    @property
    def option_list(self) -> OptionList:
        return self.query_one("#picker-list", OptionList)

    @property
    def filter_input(self) -> Input:
        return self.query_one("#picker-filter", Input)

    def set_actions(self, items: Sequence[tuple[Action, str]], title: str = "Actions") -> None:
        """Show these (action, description) pairs; keeps the filter, clears any narrowing."""
        self._items = list(items)
        self._narrow = None
        self._narrow_label = ""
        self._marks = {}
        self._title = title
        self._refresh_list()

    def narrow(self, keep: Callable[[Action], bool] | None, label: str = "") -> None:
        """Show only the actions `keep` accepts (None shows all again)."""
        self._narrow = keep
        self._narrow_label = label if keep else ""
        self._refresh_list()

    def mark(self, marks: dict[Action, str]) -> None:
        """Annotate actions (e.g. the hint's visit shares) and highlight the first one marked."""
        self._marks = dict(marks)
        self._refresh_list()
        if marks:
            self.highlight(next(iter(marks)))

    def highlight(self, action: Action) -> bool:
        for row, index in enumerate(self._shown):
            if self._items[index][0] == action:
                self.option_list.highlighted = row
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
            self.post_message(self.Chosen(action))

    def _refresh_list(self) -> None:
        words = self.filter_input.value.lower().split() if self.is_mounted else []
        shown = []
        for i, (action, text) in enumerate(self._items):
            if self._narrow is not None and not self._narrow(action):
                continue
            lowered = text.lower()
            if all(w in lowered for w in words):
                shown.append(i)
        self._shown = shown
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
        if shown:
            options.highlighted = 0
            if previous is not None:
                self.highlight(previous)
        title = getattr(self, "_title", "Actions")
        count = f"{len(shown)}/{len(self._items)}" if len(shown) != len(self._items) else ""
        where = f" · {self._narrow_label}" if self._narrow_label else ""
        self.query_one("#picker-title", Static).update(f"{title}{where}  {count}".rstrip())

    @on(Input.Changed, "#picker-filter")
    def _filter_changed(self, event: Input.Changed) -> None:
        event.stop()
        self._refresh_list()

    @on(Input.Submitted, "#picker-filter")
    def _filter_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self._refresh_list()  # Enter plays what matches the text as typed, never a stale list
        if not self._shown:
            self.app.notify(f"No action matches {event.value!r}", severity="warning")
            return
        self.choose_highlighted()

    @on(OptionList.OptionSelected, "#picker-list")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.option_list.highlighted = event.option_index
        self.choose_highlighted()

    @on(OptionList.OptionHighlighted, "#picker-list")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        event.stop()
        self.post_message(self.Highlighted(self.highlighted_action))
