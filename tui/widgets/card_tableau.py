"""Objectives: Vietnam's card tableau: the team's points and the War Weariness pool, the objectives
in it, the fight in progress, the seats and your hand, drawn from the view of the seat at the
screen.

One widget, drawn with the Line API (like the region map): each section of the tableau is drawn
to rows of text only when what it shows changes, the rows become strips, and an update refreshes
only the lines that differ. The tableau is given a view (`observe(state, viewer)`), never a state:
it can only show what that seat may know, so another player's hand or face-down bid can never
reach the screen. Cards are boxes on a large terminal and one-line `[5 AirCav]` chips on a small
one; the hand is grouped by type (`×2`), sorted by strength, and can be walked with the arrow keys
or clicked: choosing a card posts `HandSelected` and the screen narrows the picker to the actions
that use it. Places the other seats changed since the player's last decision are lit.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from core.objectives import rules as R
from core.objectives.cards import (
    FW_BY_KEY,
    FW_CARDS,
    FW_TYPES,
    fw,
    nva,
    objective,
    team_target,
    war_weariness,
)

# Colours stay readable without colour: every card also says what it is in words.
STYLE = {
    "nva": "bold #ff7a7a",
    "fw": "bold #9fd3ff",
    "obj": "bold #ffd27a",
    "back": "#8a8a8a",
    "changed": "on #5c4a12",
    "dim": "dim",
    "title": "bold",
    "danger": "bold #ff5f5f",
    "good": "bold #8fd18f",
    "cursor": "reverse",
}
SPECIAL_PHRASE = {
    "barrage": "discards the next NVA card",
    "pacification": "clears tokens",
    "hearts": "objective back to deck",
}
ABILITY_PHRASE = {
    "ambush": "wrecks your best bid",
    "reinforcements": "+1 NVA card",
    "entrenched": "6 vs tokens",
}
SHORT_NAMES = {
    "Operation ": "Op. ",
    "Offensive": "Off.",
    "Battalion": "Btn",
    "Infantry": "Inf.",
    "Incident": "Inc.",
}
BACK = "▒"


def short(name: str, width: int) -> str:
    for long, abbreviation in SHORT_NAMES.items():
        if len(name) > width:
            name = name.replace(long, abbreviation)
    return name if len(name) <= width else name[: width - 1] + "…"


def box(lines: list[tuple[str, str]], width: int, style: str, highlight: str = "") -> list[Text]:
    """A card: `lines` of (text, style) inside a rounded frame `width` wide."""
    inner = width - 2
    frame = f"{style} {highlight}".strip()
    out = [Text("╭" + "─" * inner + "╮", style=frame)]
    for text, text_style in lines:
        row = Text("│", style=frame)
        row.append(text[:inner].ljust(inner), style=f"{text_style} {highlight}".strip())
        row.append("│", style=frame)
        out.append(row)
    out.append(Text("╰" + "─" * inner + "╯", style=frame))
    return out


def lay_out(cards: list[list[Text]], width: int) -> list[Text]:
    """Cards side by side, wrapping to the next band when the width is used up."""
    bands, band, used = [], [], 0
    for card in cards:
        w = card[0].cell_len + 1
        if band and used + w > width:
            bands.append(band)
            band, used = [], 0
        band.append(card)
        used += w
    if band:
        bands.append(band)
    rows: list[Text] = []
    for band in bands:
        height = max(len(c) for c in band)
        for i in range(height):
            row = Text()
            for card in band:
                row.append_text(card[i] if i < len(card) else Text(" " * card[0].cell_len))
                row.append(" ")
            rows.append(row)
    return rows


def chips(items: list[Text], width: int) -> list[Text]:
    """One-line cards, wrapped to the width."""
    rows, row = [], Text()
    for item in items:
        if row.cell_len and row.cell_len + item.cell_len + 1 > width:
            rows.append(row)
            row = Text()
        if row.cell_len:
            row.append(" ")
        row.append_text(item)
    if row.cell_len:
        rows.append(row)
    return rows


def bar(filled: int, total: int, width: int, fill: str = "█", empty: str = "░") -> str:
    width = max(1, width)
    n = 0 if total <= 0 else round(width * min(filled, total) / total)
    return fill * n + empty * (width - n)


class Section:
    """A part of the tableau: knows what of the view it shows and draws it to rows."""

    framed = False  # drawn inside a box with a title
    frame_style = "dim"

    def __init__(self) -> None:
        self.view = None
        self.compact = False
        self.changed: frozenset = frozenset()
        self.names: tuple[str, ...] = ()
        self.title = ""
        self.subtitle = ""

    def visible_for(self, view) -> bool:
        return view is not None

    def signature(self, view):
        """What of the view this section shows (it is drawn again only when that changes)."""
        return view

    def draw(self, width: int) -> list[Text]:
        """The section's rows, each at most `width` cells."""
        raise NotImplementedError

    def lit(self, target) -> str:
        return STYLE["changed"] if target in self.changed else ""


class ScoreBars(Section):
    """The team's points against the target, and the pool against the NVA's win."""

    def signature(self, view):
        return (sum(view.scores), len(view.pool), view.rules, view.players)

    def draw(self, width: int):
        v = self.view
        target = team_target(v.players)
        points = sum(v.scores)
        limit = v.rules.pool_limit
        pool = len(v.pool)
        ww = war_weariness(pool, v.rules.war_weariness == "per_card")
        team = Text("Team   ", style=STYLE["title"])
        team.append(bar(points, target, min(30, width - 30)), style=STYLE["good"])
        team.append(f" {points}/{target} points", style=STYLE["good"])
        team.append(f"  ({max(0, target - points)} to win)", style=STYLE["dim"])
        pool_line = Text("Pool   ", style=STYLE["title"])
        for i in range(1, limit + 1):
            if i in (3, 6, 9) and v.rules.war_weariness == "thresholds":
                pool_line.append("│", style=STYLE["dim"])
            pool_line.append("■" if i <= pool else "□", style=STYLE["danger"] if i <= pool else "")
        pool_line.append(f" {pool}/{limit}", style=STYLE["danger"] if pool >= limit - 2 else "")
        pool_line.append(f"  war weariness +{ww}", style=STYLE["obj"])
        pool_line.append(f"  (the NVA win at {limit})", style=STYLE["dim"])
        return [team, pool_line]


class PoolRow(Section):
    """The objectives in the War Weariness pool, each with its effective NVA score and value."""

    def signature(self, view):
        return (view.pool, view.combat.target if view.combat else None, view.rules)

    def draw(self, width: int):
        v = self.view
        if not v.pool:
            return [
                Text(
                    "The pool is empty: the next objective is revealed at the turn's start.",
                    style=STYLE["dim"],
                )
            ]
        ww = war_weariness(len(v.pool), v.rules.war_weariness == "per_card")
        attacked = v.combat.target if v.combat is not None else None
        if self.compact:
            items = []
            for card, tokens in v.pool:
                kind = objective(card)
                text = Text("[", style=STYLE["obj"])
                mark = "⚔ " if card == attacked else ""
                text.append(
                    f"{mark}{short(kind.name, 14)} {R.effective_score(v, card)}",
                    style=f"{STYLE['obj']} {self.lit(('pool', card))}",
                )
                text.append(f"{'⚑' * tokens} {kind.value}pt]", style=STYLE["obj"])
                items.append(text)
            return chips(items, width)
        cards = []
        for card, tokens in v.pool:
            kind = objective(card)
            effective = R.effective_score(v, card)
            parts = (
                f"{kind.nva_score}" + (f"+{tokens}⚑" if tokens else "") + (f"+{ww}" if ww else "")
            )
            head = ("⚔ " if card == attacked else "") + short(kind.name, 16)
            cards.append(
                box(
                    [
                        (head, STYLE["obj"]),
                        (
                            f"NVA {parts}={effective}"
                            if parts != str(effective)
                            else f"NVA {effective}",
                            "",
                        ),
                        (f"worth {kind.value} pt{'s' if kind.value != 1 else ''}", STYLE["good"]),
                    ],
                    20,
                    STYLE["obj"],
                    self.lit(("pool", card)),
                )
            )
        return lay_out(cards, width)


def nva_face(card: int, view) -> str:
    kind = nva(card)
    strength = R.nva_strength(view, card, view.combat.target) if view.combat else kind.strength
    phrase = f" ({ABILITY_PHRASE[kind.ability]})" if kind.ability else ""
    return f"{short(kind.name, 16)} {strength}{phrase}"


def fw_face(card: int) -> str:
    kind = fw(card)
    if not kind.combat:
        return kind.name
    return f"{short(kind.name, 16)} {kind.strength}"


class CombatArea(Section):
    """The fight in progress: the NVA line, every seat's bids, the totals against the overrun and
    the win lines, and what calling it off costs."""

    framed = True
    frame_style = "#ff7a7a"

    def visible_for(self, view) -> bool:
        return view is not None and view.combat is not None

    def signature(self, view):
        return (view.combat, view.pool, view.phase, len(view.hand), view.seat, view.rules)

    def draw(self, width: int):
        v = self.view
        c = v.combat
        kind = objective(c.target)
        self.title = (
            f"Attack on {kind.name} · {c.score} NVA card{'s' if c.score != 1 else ''} · "
            f"by {self.names[c.attacker]}"
        )
        bidder = self.names[c.bidder] if 0 <= c.bidder < v.players else ""
        self.subtitle = (
            f"round {c.round}"
            + (f" · {bidder} bids" if bidder else "")
            + (" · last round" if c.last_round else "")
        )
        rows = []
        line = Text("NVA  ", style=STYLE["nva"])
        for card in c.revealed:
            line.append(
                f"[{nva_face(card, v)}] ", style=f"{STYLE['nva']} {self.lit(('nva', card))}"
            )
        line.append(f"{BACK * 2} " * c.face_down, style=STYLE["back"])
        if c.face_down:
            line.append(f"({c.face_down} face down)", style=STYLE["dim"])
        if c.barraged:
            line.append(f"  {c.barraged} barraged away", style=STYLE["dim"])
        rows.extend(chips([line], width))
        for seat in R.bid_order(v, c.attacker):
            name = self.names[seat]
            text = Text(f"{name[:18]:<18} ", style=f"{STYLE['fw']} {self.lit(('seat', seat))}")
            shown = [card for owner, card in c.fw_cards if owner == seat]
            for card in shown:
                struck = card in c.struck
                text.append(
                    f"[{fw_face(card)}{' ✗' if struck else ''}] ",
                    style=STYLE["dim"] if struck else STYLE["fw"],
                )
            if seat == v.seat and c.own_bid:
                for card in c.own_bid:  # your own face-down bid, face up to you
                    text.append(f"[{fw_face(card)} ·down] ", style=STYLE["fw"])
            elif c.bid_counts[seat]:
                text.append(f"{BACK * 2} " * c.bid_counts[seat], style=STYLE["back"])
                text.append(f"({c.bid_counts[seat]} face down) ", style=STYLE["dim"])
            if not shown and not c.bid_counts[seat]:
                text.append("—", style=STYLE["dim"])
            rows.extend(chips([text], width))
        nva_sum = R.nva_total(v, c)
        fw_sum = R.fw_total(c)
        rows.extend(self._scale(nva_sum, fw_sum, width))
        if v.phase == "call_off" and v.seat == c.attacker:
            hand = len(v.hand)
            rows.append(
                Text(
                    f"Calling off costs your whole hand ({hand} card"
                    f"{'s' if hand != 1 else ''}) and puts a token on the objective.",
                    style=STYLE["dim"],
                )
            )
        return rows

    def _scale(self, nva_sum: int, fw_sum: int, width: int) -> list[Text]:
        """Two bars on one scale: the NVA total with the overrun line (NVA >= 2 x FW) drawn on
        it, the Free World total with the win line (FW > NVA) drawn on it."""
        v = self.view
        over = 2 * fw_sum if v.rules.overrun_test == "ge" else 2 * fw_sum + 1
        top = max(nva_sum, fw_sum, over, nva_sum + 1, 6)
        span = max(10, min(40, width - (24 if self.compact else 34)))

        def scaled(n: int) -> int:
            return min(span, round(span * n / top))

        nva_bar = list(bar(nva_sum, top, span))
        mark = scaled(over)
        if 0 <= mark < span:
            nva_bar[mark] = "┃"
        fw_bar = list(bar(fw_sum, top, span))
        win = scaled(nva_sum + 1)
        if 0 <= win < span:
            fw_bar[win] = "┃"
        tie_wins = v.rules.final_tie == "win"
        need = nva_sum - fw_sum + (0 if tie_wins else 1)
        near = nva_sum >= over - 2
        first = Text("NVA  ", style=STYLE["nva"])
        first.append("".join(nva_bar), style=STYLE["nva"])
        first.append(f" {nva_sum}", style=STYLE["nva"])
        first.append(
            f" overrun ≥{over} ┃" if self.compact else f"   overrun at NVA ≥ {over} (┃)",
            style=STYLE["danger"] if near else STYLE["dim"],
        )
        second = Text("FW   ", style=STYLE["fw"])
        second.append("".join(fw_bar), style=STYLE["fw"])
        second.append(f" {fw_sum}", style=STYLE["fw"])
        wins = f" win >{nva_sum} ┃" if self.compact else f"   to win: more than {nva_sum} (┃)"
        second.append(
            wins + (f", {need} short" if need > 0 else ", ahead"),
            style=STYLE["good"] if need <= 0 else STYLE["dim"],
        )
        return [first, second]


class SeatsRow(Section):
    """Every seat: name and kind, score, objectives taken, hand size as card backs, whose turn."""

    def signature(self, view):
        c, r = view.combat, view.reinforce
        return (view.scores, view.taken, view.hand_sizes, view.current,
                c.bidder if c else None, r.attacker if r else None)  # fmt: skip

    def draw(self, width: int):
        v = self.view
        rows = []
        acting = v.combat.bidder if v.combat is not None and v.combat.bidder >= 0 else v.current
        if v.reinforce is not None:
            acting = v.reinforce.attacker
        for seat in range(v.players):
            name = self.names[seat]
            mark = "▶ " if seat == acting else "  "
            turn = " (turn)" if seat == v.current else ""
            text = Text(f"{mark}{name}{turn}", style=f"bold {self.lit(('seat', seat))}".strip())
            text.append(f"  {v.scores[seat]} pts", style=STYLE["good"])
            taken = ", ".join(short(objective(c).name, 12) for c in v.taken[seat])
            if taken:
                text.append(f"  took {taken}", style=STYLE["dim"])
            backs = min(v.hand_sizes[seat], 8)
            text.append(
                f"  hand {BACK * backs}{'…' if v.hand_sizes[seat] > 8 else ''} "
                f"{v.hand_sizes[seat]}",
                style=STYLE["back"],
            )
            rows.append(text)
        return rows


@dataclass(frozen=True)
class HandCard:
    key: str  # the FW type key
    count: int


class Hand(Section):
    """Your hand, grouped by type and sorted by strength, with a cursor and a chosen card."""

    framed = True
    frame_style = "#5f87af"

    def __init__(self) -> None:
        super().__init__()
        self.cursor = 0
        self.selected: str | None = None
        self.focused = False
        self.spans: list[tuple[int, int, int, str]] = []  # (row, x0, x1, key) for clicks

    def visible_for(self, view) -> bool:
        return view is not None and view.seat is not None and 0 <= view.seat < view.players

    def signature(self, view):
        return (view.hand, self.cursor, self.selected, self.focused)

    def cards(self) -> list[HandCard]:
        if self.view is None:
            return []
        counts: dict[int, int] = {}
        for card in self.view.hand:
            counts[FW_CARDS[card]] = counts.get(FW_CARDS[card], 0) + 1
        order = sorted(counts, key=lambda t: (-FW_TYPES[t].strength, FW_TYPES[t].name))
        return [HandCard(FW_TYPES[t].key, counts[t]) for t in order]

    def draw(self, width: int):
        v = self.view
        self.title = f"Your hand · {len(v.hand)} card{'s' if len(v.hand) != 1 else ''}"
        self.subtitle = "Ctrl+T: ← → Enter" if not self.focused else "← → walk · Enter chooses"
        self.frame_style = "bold #ffd27a" if self.focused else "#5f87af"
        cards = self.cards()
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        self.spans = []
        if not cards:
            return [Text("No cards. Passing draws one.", style=STYLE["dim"])]
        items = []
        for i, card in enumerate(cards):
            kind = FW_TYPES[FW_BY_KEY[card.key]]
            on = (self.focused and i == self.cursor) or card.key == self.selected
            highlight = STYLE["cursor"] if on else ""
            count = f" ×{card.count}" if card.count > 1 else ""
            if self.compact:
                name = short(kind.name, 12 if kind.combat else 14)
                label = f"[{kind.strength} {name}{count}]" if kind.combat else f"[{name}{count}]"
                items.append(Text(label, style=f"{STYLE['fw']} {highlight}".strip()))
            else:
                first = f"{kind.strength} " if kind.combat else ""
                room = 14 - len(first) - len(count)
                lines = [(f"{first}{short(kind.name, room)}{count}", STYLE["fw"])]
                phrase = SPECIAL_PHRASE.get(kind.special, "combat card" if kind.combat else "")
                lines.append((short(phrase, 14), STYLE["dim"]))
                items.append(box(lines, 16, STYLE["fw"], highlight))
        # where each card lies, for clicks: (band row, first and last column)
        x, band, height = 0, 0, 1 if self.compact else 4
        for item, card in zip(items, cards, strict=True):
            w = (item.cell_len if self.compact else item[0].cell_len) + 1
            if x and x + w > width + 1:
                band, x = band + 1, 0
            self.spans.append((band * height, x, x + w - 2, card.key, height))
            x += w
        return chips(items, width) if self.compact else lay_out(items, width)

    def card_at(self, row: int, x: int) -> int | None:
        for i, (top, x0, x1, _, height) in enumerate(self.spans):
            if top <= row < top + height and x0 <= x <= x1:
                return i
        return None


class CardTableau(ScrollView, can_focus=True):
    """The whole tableau, one Line-API widget: sections drawn to rows only when what they show
    changes, kept as strips, refreshed line by line."""

    DEFAULT_CSS = """
    CardTableau { height: 1fr; padding: 0 1; }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Previous card", show=False, id="hand.left"),
        Binding("right", "move(1)", "Next card", show=False, id="hand.right"),
        Binding("enter,space", "choose", "Choose card", show=False, id="hand.choose"),
    ]

    class HandSelected(Message):
        """A card type was chosen in the hand (None: the choice was cleared)."""

        def __init__(self, key: str | None) -> None:
            super().__init__()
            self.key = key

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.score_bars, self.pool, self.combat = ScoreBars(), PoolRow(), CombatArea()
        self.seats, self.hand = SeatsRow(), Hand()
        self.sections: list[Section] = [
            self.score_bars,
            self.pool,
            self.combat,
            self.seats,
            self.hand,
        ]
        self._cache: dict[int, tuple] = {}  # section index -> (key, rows)
        self._rows: list[Text] = []
        self._owners: list[tuple[int, int]] = []  # per line: (section index, row in section)
        self._strips: list[Strip] = []
        self._width = -1
        self._shown = None

    # --- what the screen calls ---------------------------------------------------------------

    def show(self, view, names, compact: bool, changed=frozenset()) -> None:
        self._shown = (view, tuple(names), compact, frozenset(changed))
        self._rebuild()

    # --- building ----------------------------------------------------------------------------

    def _rebuild(self, refresh: bool = True) -> None:
        width = self.scrollable_content_region.width
        if self._shown is None or width <= 0 or not self.is_mounted:
            return
        view, names, compact, changed = self._shown
        self.hand.focused = self.has_focus
        rows: list[Text] = []
        owners: list[tuple[int, int]] = []
        strips: list[Strip] = []
        self._base = self.rich_style
        blank = Strip.blank(width, self._base)
        for index, section in enumerate(self.sections):
            section.view, section.names = view, names
            section.compact, section.changed = compact, changed
            if not section.visible_for(view):
                continue
            key = (section.signature(view), names, compact, changed, width)
            cached = self._cache.get(index)
            if cached is None or cached[0] != key:
                drawn = (
                    self._framed(section, width)
                    if section.framed
                    else self._wrapped(section.draw(width), width)
                )
                cached = (key, drawn, [self._strip(row, width) for row in drawn])
                self._cache[index] = cached
            for i, row in enumerate(cached[1]):
                rows.append(row)
                owners.append((index, i))
            strips.extend(cached[2])
            rows.append(Text(""))
            owners.append((index, -1))
            strips.append(blank)
        old = self._strips
        self._rows, self._owners, self._strips = rows, owners, strips
        resized = width != self._width
        self._width = width
        # the scrollable height only grows (until a resize): a tableau that shrinks by a few
        # lines needs no layout pass, only its lines repainted
        lines = len(strips) if resized else max(len(strips), self.virtual_size.height)
        if resized or lines != self.virtual_size.height:
            self.virtual_size = Size(width, lines)
        if not refresh:
            return
        if resized:
            self.refresh()
            return
        top = self.scroll_offset.y
        for y in range(max(len(old), len(strips))):
            a = old[y] if y < len(old) else None
            b = strips[y] if y < len(strips) else None
            if a != b:
                self.refresh(Region(0, y - top, self.size.width, 1))

    def _framed(self, section: Section, width: int) -> list[Text]:
        """A section inside a rounded box: its title on the top edge, its subtitle below."""
        inner = width - 4
        rows = self._wrapped(section.draw(inner), inner)
        style = section.frame_style
        title = f" {section.title} "[: max(0, width - 4)]
        top = Text("╭─", style=style)
        top.append(title, style=f"bold {style}")
        top.append("─" * max(0, width - 3 - len(title)) + "╮", style=style)
        out = [top]
        for row in rows:
            line = Text("│ ", style=style)
            line.append_text(row)
            line.append(" " * max(0, inner - row.cell_len))
            line.append(" │", style=style)
            out.append(line)
        sub = f" {section.subtitle} "[: max(0, width - 4)] if section.subtitle else ""
        bottom = Text("╰" + "─" * max(0, width - 3 - len(sub)), style=style)
        bottom.append(sub, style=style)
        bottom.append("─╯", style=style)
        out.append(bottom)
        return out

    def _wrapped(self, rows: list[Text], width: int) -> list[Text]:
        """Rows longer than the width go on over the next lines, broken between words."""
        out = []
        for row in rows:
            if row.cell_len <= width:
                out.append(row)
            else:
                out.extend(row.wrap(self.app.console, width))
        return out

    def _strip(self, row: Text, width: int) -> Strip:
        segments = list(row.render(self.app.console))
        # every segment carries a style (the padding too): Textual's NO_COLOR filter needs one
        base = self._base  # the table under every card
        return Strip(segments).apply_style(base).crop(0, width).adjust_cell_length(width, base)

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        if width != self._width:
            self._rebuild(refresh=False)
        line = y + self.scroll_offset.y
        if 0 <= line < len(self._strips):
            return self._strips[line]
        return Strip.blank(max(0, width), self.rich_style)

    def on_resize(self) -> None:
        self._rebuild()

    def on_focus(self) -> None:
        self._rebuild()

    def on_blur(self) -> None:
        self._rebuild()

    # --- the hand: keys and clicks -----------------------------------------------------------

    def action_move(self, step: int) -> None:
        count = len(self.hand.cards())
        if count:
            self.hand.cursor = (self.hand.cursor + step) % count
            self._rebuild()

    def action_choose(self) -> None:
        cards = self.hand.cards()
        if cards:
            key = cards[self.hand.cursor].key
            self.choose(None if self.hand.selected == key else key)

    def choose(self, key: str | None) -> None:
        self.hand.selected = key
        self._rebuild()
        self.post_message(self.HandSelected(key))

    def on_click(self, event: events.Click) -> None:
        line = event.y + self.scroll_offset.y
        if not 0 <= line < len(self._owners):
            return
        index, row = self._owners[line]
        if self.sections[index] is not self.hand or row < 1:
            return
        card = self.hand.card_at(row - 1, event.x - self.styles.padding.left - 2)
        if card is not None:
            self.focus()
            self.hand.cursor = card
            key = self.hand.cards()[card].key
            self.choose(None if self.hand.selected == key else key)

    def check_action(self, action: str, parameters) -> bool | None:
        if action in ("move", "choose"):  # with no hand on screen the keys scroll the tableau
            return bool(self.hand.cards()) and self.hand.visible_for(self.hand.view)
        return True
