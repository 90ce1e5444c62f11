"""Objectives: Vietnam's card tableau: the team's points and the War Weariness pool, the objectives
in it, the fight in progress, the seats and your hand, drawn from the view of the seat at the
screen.

A `Board` (tui/widgets/board.py): the screen gives it a view (`observe(state, viewer)`), never a
state, so it can only show what that seat may know: another player's hand or face-down bid never
reaches the screen. The seat labels it shows are `names`. From the top:

    score bars   the team's points against the target, the pool's slots against the NVA's win,
                 and the forecast (`forecast`): the chance the pool fills by the next turn's end
    pool         the objectives in the pool (boxed cards, or one-line `[...]` chips when compact)
    fight        the objective attacked, the NVA line, every seat's bids, the two scaled bars
    seats        every seat: points, hand size as card backs, objectives taken, whose turn
    hand         your hand, grouped by type (`×2`) and sorted by strength

Cards grow with the width and break a long name over two lines rather than cut it. When
`compact` (a small screen) the pool and the hand are one-line chips, the sections follow one
another without a blank line, and your hand comes before the seats, in sight without scrolling.

Its places are the ones the Objectives events name, so the changed and lit places come straight
from them: `("pool", card)` an objective in the pool, `("nva", card)` an NVA card in the fight,
`("seat", s)` a seat (its name in the bids and in the seats row), and `("hand", key)` a card type
in your hand. The cursor visits your hand (left and right walk it, as the hand wraps) and the
pool's objectives (up and down move between them); Enter or a click selects one and the screen
narrows the action picker to the actions that use that card or concern that objective. Where
the cursor has nowhere to go (a spectator's view, the top or the bottom) up and down scroll the
tableau, and left, right and Enter go on to the screen.

Each section is drawn again only when what it shows changes; the base keeps the strips of the
lines that did not. Colours come from the component classes below; every card also says what it
is in words, so the tableau reads without colour.
"""

from __future__ import annotations

import textwrap

from rich._wrap import divide_line
from textual.reactive import reactive

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
from tui.widgets.board import Board, Place, Run

Line = list[Run]

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


def card_width(width: int, least: int, most: int) -> int:
    """The width of cards laid side by side: as many as `least` wide allows in `width`, then
    grown to share the rest (up to `most`), so a wider board shows longer names."""
    per_row = max(1, (width + 1) // (least + 1))
    return max(least, min(most, (width + 1) // per_row - 1))


def name_lines(name: str, width: int, lines: int = 2) -> list[str]:
    """A name broken between words over at most `lines` lines of `width`: whole if it fits,
    else with its usual abbreviations, else cut with an ellipsis."""
    abbreviated = name
    for long, abbreviation in SHORT_NAMES.items():
        abbreviated = abbreviated.replace(long, abbreviation)
    for candidate in (name, abbreviated):
        out = textwrap.wrap(candidate, width) or [""]
        if len(out) <= lines:
            return out
    out = textwrap.wrap(abbreviated, width)
    return [*out[: lines - 1], short(" ".join(out[lines - 1 :]), width)]


def box(lines: list[tuple[str, str]], width: int, style: str, place: Place = None) -> list[Line]:
    """A card: `lines` of (text, style) inside a rounded frame `width` wide; the text takes the
    frame's style under its own."""
    inner = width - 2
    out = [[Run("╭" + "─" * inner + "╮", style, place)]]
    for text, text_style in lines:
        out.append(
            [
                Run("│", style, place),
                Run(text[:inner].ljust(inner), f"{style} {text_style}".strip(), place),
                Run("│", style, place),
            ]
        )
    out.append([Run("╰" + "─" * inner + "╯", style, place)])
    return out


def cells(line: Line) -> int:
    return sum(len(run.text) for run in line)


def lay_out(cards: list[list[Line]], width: int) -> list[Line]:
    """Cards side by side, wrapping to the next band when the width is used up."""
    bands, band, used = [], [], 0
    for card in cards:
        w = cells(card[0]) + 1
        if band and used + w > width:
            bands.append(band)
            band, used = [], 0
        band.append(card)
        used += w
    if band:
        bands.append(band)
    rows: list[Line] = []
    for band in bands:
        height = max(len(c) for c in band)
        for i in range(height):
            row: Line = []
            for card in band:
                row.extend(card[i] if i < len(card) else [Run(" " * cells(card[0]))])
                row.append(Run(" "))
            rows.append(row)
    return rows


def chips(items: list[Line], width: int) -> list[Line]:
    """One-line cards, wrapped to the width."""
    rows, row = [], []
    for item in items:
        if row and cells(row) + cells(item) + 1 > width:
            rows.append(row)
            row = []
        if row:
            row.append(Run(" "))
        row.extend(item)
    if row:
        rows.append(row)
    return rows


def split(line: Line, at: int) -> tuple[Line, Line]:
    """The line cut in two after `at` cells."""
    head, tail, col = [], [], 0
    for run in line:
        end = col + len(run.text)
        if end <= at:
            head.append(run)
        elif col >= at:
            tail.append(run)
        else:
            cut = at - col
            head.append(Run(run.text[:cut], run.style, run.place))
            tail.append(Run(run.text[cut:], run.style, run.place))
        col = end
    return head, tail


def wrap(line: Line, width: int) -> list[Line]:
    """A line longer than the width goes on over the next lines, broken between words (as Rich
    breaks text: the spaces at a break stay at the end of the line when they fit)."""
    plain = "".join(run.text for run in line)
    if len(plain) <= width:
        return [line]
    out, start = [], 0
    for end in [*divide_line(plain, width, fold=True), len(plain)]:
        piece, line = split(line, end - start)
        text = "".join(run.text for run in piece)
        if len(text) > width:  # trailing spaces beyond the width go, then what is still over
            keep = max(width, len(text) - (len(text) - len(text.rstrip())))
            piece, _ = split(piece, keep)
            piece, _ = split(piece, width)
        out.append(piece)
        start = end
    return out


def crop(line: Line, width: int) -> Line:
    return line if cells(line) <= width else split(line, width)[0]


def bar(filled: int, total: int, width: int, fill: str = "█", empty: str = "░") -> str:
    width = max(1, width)
    n = 0 if total <= 0 else round(width * min(filled, total) / total)
    return fill * n + empty * (width - n)


class Section:
    """A part of the tableau: knows what of the view it shows and draws it to lines of runs."""

    framed = False  # drawn inside a box with a title
    frame = "dim"  # the frame's component classes

    def __init__(self) -> None:
        self.view = None
        self.compact = False
        self.focused = False  # the tableau has the keyboard
        self.names: tuple[str, ...] = ()
        self.title = ""
        self.subtitle = ""

    def visible_for(self, view) -> bool:
        return view is not None

    def signature(self, view):
        """What of the view this section shows (it is drawn again only when that changes)."""
        return view

    def draw(self, width: int) -> list[Line]:
        """The section's lines, each at most `width` cells (longer ones are wrapped)."""
        raise NotImplementedError


class ScoreBars(Section):
    """The team's points against the target, the pool against the NVA's win, and the forecast:
    the chance the pool fills by the end of the next turn, when it can."""

    forecast = None  # ai.forecast_objectives.PoolForecast, or None

    def signature(self, view):
        return (sum(view.scores), len(view.pool), view.rules, view.players, self.forecast)

    def draw(self, width: int):
        v = self.view
        target = team_target(v.players)
        points = sum(v.scores)
        limit = v.rules.pool_limit
        pool = len(v.pool)
        ww = war_weariness(pool, v.rules.war_weariness == "per_card")
        score = f" {points}/{target} points"
        to_win = f" ({max(0, target - points)} to win)"
        room = width - 7 - len(score) - len(to_win)
        team = [
            Run("Team   ", "title"),
            Run(bar(points, target, max(6, min(30, room))), "title good"),
            Run(score, "title good"),
            Run(to_win, "title dim"),
        ]
        pool_line = [Run("Pool   ", "title")]
        for i in range(1, limit + 1):
            if i in (3, 6, 9) and v.rules.war_weariness == "thresholds":
                pool_line.append(Run("│", "title dim"))
            pool_line.append(Run("■", "title danger") if i <= pool else Run("□", "title"))
        pool_line += [
            Run(f" {pool}/{limit}", "title danger" if pool >= limit - 2 else "title"),
            Run(f"  war weariness +{ww}", "title obj"),
        ]
        limit_words = f"  (the NVA win at {limit})"
        if cells(pool_line) + len(limit_words) <= width:  # (else the slots say it)
            pool_line.append(Run(limit_words, "title dim"))
        f = self.forecast
        if f is not None and f.possible:
            chance = f"{round(100 * f.chance)}%"
            words = f"by turn {f.by_turn}" if self.compact else f"by the end of turn {f.by_turn}"
            pool_line.append(
                Run(f"  NVA win {words}: {chance}", "title danger" if f.chance else "title dim")
            )
        return [team, pool_line]


class PoolRow(Section):
    """The objectives in the War Weariness pool, each with its effective NVA score and value."""

    def signature(self, view):
        return (view.pool, view.combat.target if view.combat else None, view.rules)

    def draw(self, width: int):
        v = self.view
        if not v.pool:
            text = "The pool is empty: the next objective is revealed at the turn's start."
            return [[Run(text, "dim")]]
        ww = war_weariness(len(v.pool), v.rules.war_weariness == "per_card")
        attacked = v.combat.target if v.combat is not None else None
        if self.compact:
            items = []
            for card, tokens in v.pool:
                kind = objective(card)
                mark = "⚔ " if card == attacked else ""
                text = (
                    f"[{mark}{short(kind.name, width - 14)} NVA {R.effective_score(v, card)}"
                    f"{'⚑' * tokens} {kind.value}pt]"
                )
                items.append([Run(text, "obj", ("pool", card))])
            return chips(items, width)
        size = card_width(width, 20, 26)
        names = {
            card: name_lines(("⚔ " if card == attacked else "") + objective(card).name, size - 2)
            for card, _ in v.pool
        }
        tall = max(len(lines) for lines in names.values())
        cards = []
        for card, tokens in v.pool:
            kind = objective(card)
            effective = R.effective_score(v, card)
            parts = (
                f"{kind.nva_score}" + (f"+{tokens}⚑" if tokens else "") + (f"+{ww}" if ww else "")
            )
            score = f"NVA {parts}={effective}" if parts != str(effective) else f"NVA {effective}"
            worth = f"worth {kind.value} pt{'s' if kind.value != 1 else ''}"
            head = [(line, "") for line in names[card]] + [("", "")] * (tall - len(names[card]))
            lines = [*head, (score, ""), (worth, "good")]
            cards.append(box(lines, size, "obj", ("pool", card)))
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
    return f"{short(kind.name, 18)} {kind.strength}"


class CombatArea(Section):
    """The fight in progress: the NVA line, every seat's bids, the totals against the overrun and
    the win lines, and what calling it off costs."""

    framed = True
    frame = "nva-frame"

    def visible_for(self, view) -> bool:
        return view is not None and view.combat is not None

    def signature(self, view):
        return (view.combat, view.pool, view.phase, len(view.hand), view.seat, view.rules)

    def draw(self, width: int):
        v = self.view
        c = v.combat
        kind = objective(c.target)
        self.title = (
            f"Attack on {kind.name}"
            if self.compact  # (the NVA line counts the cards; the attacker's turn it is)
            else f"Attack on {kind.name} · {c.score} NVA card{'s' if c.score != 1 else ''} · "
            f"by {self.names[c.attacker]}"
        )
        bidder = self.names[c.bidder] if 0 <= c.bidder < v.players else ""
        self.subtitle = (
            f"round {c.round}"
            + (f" · {bidder} bids" if bidder else "")
            + (" · last round" if c.last_round else "")
        )
        rows = []
        line = [Run("NVA  ", "nva")]
        for card in c.revealed:
            line += [Run(f"[{nva_face(card, v)}]", "nva", ("nva", card)), Run(" ", "nva")]
        if c.face_down:
            line += [
                Run(f"{BACK * 2} " * c.face_down, "nva back"),
                Run(f"({c.face_down} face down)", "nva dim"),
            ]
        if c.barraged:
            line.append(Run(f"  {c.barraged} barraged away", "nva dim"))
        rows.extend(chips([line], width))
        for seat in R.bid_order(v, c.attacker):
            text = [Run(f"{self.names[seat][:18]:<18} ", "fw", ("seat", seat))]
            shown = [card for owner, card in c.fw_cards if owner == seat]
            for card in shown:
                struck = card in c.struck
                face = f"[{fw_face(card)}{' ✗' if struck else ''}] "
                text.append(Run(face, "fw dim" if struck else "fw"))
            if seat == v.seat and c.own_bid:
                for card in c.own_bid:  # your own face-down bid, face up to you
                    text.append(Run(f"[{fw_face(card)} ·down] ", "fw"))
            elif c.bid_counts[seat]:
                text += [
                    Run(f"{BACK * 2} " * c.bid_counts[seat], "fw back"),
                    Run(f"({c.bid_counts[seat]} face down) ", "fw dim"),
                ]
            if not shown and not c.bid_counts[seat]:
                text.append(Run("—", "fw dim"))
            rows.extend(chips([text], width))
        rows.extend(self._scale(R.nva_total(v, c), R.fw_total(c), width))
        if v.phase == "call_off" and v.seat == c.attacker:
            hand = len(v.hand)
            cost = (
                f"Calling off costs your whole hand ({hand} card{'s' if hand != 1 else ''}) "
                "and puts a token on the objective."
            )
            rows.append([Run(cost, "dim")])
        return rows

    def _scale(self, nva_sum: int, fw_sum: int, width: int) -> list[Line]:
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
        overrun = f" overrun ≥{over} ┃" if self.compact else f"   overrun at NVA ≥ {over} (┃)"
        wins = f" win >{nva_sum} ┃" if self.compact else f"   to win: more than {nva_sum} (┃)"
        wins += f", {need} short" if need > 0 else ", ahead"
        first = [
            Run("NVA  ", "nva"),
            Run("".join(nva_bar), "nva"),
            Run(f" {nva_sum}", "nva"),
            Run(overrun, "nva danger" if near else "nva dim"),
        ]
        second = [
            Run("FW   ", "fw"),
            Run("".join(fw_bar), "fw"),
            Run(f" {fw_sum}", "fw"),
            Run(wins, "fw good" if need <= 0 else "fw dim"),
        ]
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
            mark = "▶ " if seat == acting else "  "
            turn = " (turn)" if seat == v.current else ""
            row = [
                Run(f"{mark}{self.names[seat]}{turn}", "title", ("seat", seat)),
                Run(f"  {v.scores[seat]} pt{'s' if v.scores[seat] != 1 else ''}", "title good"),
            ]
            size = v.hand_sizes[seat]
            backs = f"{BACK * min(size, 8)}{'…' if size > 8 else ''}"
            row.append(Run(f"  hand {backs} {size}", "title back"))
            taken = ", ".join(objective(c).name for c in v.taken[seat])
            if taken:
                row.append(Run(f"  took {taken}", "title dim"))
            rows.append(row)
        return rows


class Hand(Section):
    """Your hand, grouped by type and sorted by strength: each type a place, `("hand", key)`."""

    framed = True
    frame = "hand-frame"

    def visible_for(self, view) -> bool:
        return view is not None and view.seat is not None and 0 <= view.seat < view.players

    def signature(self, view):
        return (view.hand, self.focused)

    def cards(self) -> list[tuple[str, int]]:
        """The card types in the hand, strongest first: (key, how many)."""
        counts: dict[int, int] = {}
        for card in self.view.hand:
            counts[FW_CARDS[card]] = counts.get(FW_CARDS[card], 0) + 1
        order = sorted(counts, key=lambda t: (-FW_TYPES[t].strength, FW_TYPES[t].name))
        return [(FW_TYPES[t].key, counts[t]) for t in order]

    def draw(self, width: int):
        v = self.view
        self.title = f"Your hand · {len(v.hand)} card{'s' if len(v.hand) != 1 else ''}"
        self.subtitle = "← → walk · Enter chooses" if self.focused else "Ctrl+T: ← → Enter"
        self.frame = "hand-frame-focused" if self.focused else "hand-frame"
        cards = self.cards()
        if not cards:
            return [[Run("No cards. Passing draws one.", "dim")]]
        items = []
        size = card_width(width, 16, 22)
        faces = {}
        for key, count in cards:
            kind = FW_TYPES[FW_BY_KEY[key]]
            times = f" ×{count}" if count > 1 else ""
            first = f"{kind.strength} " if kind.combat else ""
            faces[key] = name_lines(f"{first}{kind.name}{times}", size - 2)
        tall = max(len(lines) for lines in faces.values())
        for key, count in cards:
            kind = FW_TYPES[FW_BY_KEY[key]]
            times = f" ×{count}" if count > 1 else ""
            if self.compact:
                name = short(kind.name, width - 8)
                label = f"[{kind.strength} {name}{times}]" if kind.combat else f"[{name}{times}]"
                items.append([Run(label, "fw", ("hand", key))])
            else:
                phrase = SPECIAL_PHRASE.get(kind.special, "combat card" if kind.combat else "")
                face = [(line, "fw") for line in faces[key]]
                face += [("", "")] * (tall - len(faces[key]))
                lines = [*face, (short(phrase, size - 2), "dim")]
                items.append(box(lines, size, "fw", ("hand", key)))
        return chips(items, width) if self.compact else lay_out(items, width)


class CardTableau(Board):
    """The whole tableau, one board: see the module docstring."""

    CURSOR_ON_RESIZE = None  # it opens at its top, the team's points and the pool

    COMPONENT_CLASSES = {
        "board--nva",
        "board--fw",
        "board--obj",
        "board--back",
        "board--dim",
        "board--title",
        "board--danger",
        "board--good",
        "board--nva-frame",
        "board--hand-frame",
        "board--hand-frame-focused",
    }
    DEFAULT_CSS = """
    /* The tableau flows its cards to its width, and a narrower flow can be shorter: with the
       scroll bar's room taken only when it shows, the bar would come and go at each layout
       (the screen redrawn without end). Its room is kept, one column. */
    CardTableau { scrollbar-gutter: stable; scrollbar-size-vertical: 1; }
    CardTableau > .board--nva { color: #ff7a7a; text-style: bold; }
    CardTableau > .board--fw { color: #9fd3ff; text-style: bold; }
    CardTableau > .board--obj { color: #ffd27a; text-style: bold; }
    CardTableau > .board--back { color: #8a8a8a; }
    CardTableau > .board--dim { text-style: dim; }
    CardTableau > .board--title { text-style: bold; }
    CardTableau > .board--danger { color: #ff5f5f; text-style: bold; }
    CardTableau > .board--good { color: #8fd18f; text-style: bold; }
    CardTableau > .board--nva-frame { color: #ff7a7a; }
    CardTableau > .board--hand-frame { color: #5f87af; }
    CardTableau > .board--hand-frame-focused { color: #ffd27a; text-style: bold; }
    /* the cursor shows while the tableau has the keyboard (the hand's frame says so too) */
    CardTableau > .board--cursor { background: transparent; }
    """

    names: reactive[tuple[str, ...]] = reactive((), repaint=False, init=False)
    forecast = reactive(None, repaint=False, init=False)  # the pool's forecast (PoolForecast)

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
        self._drawn_sections: dict[int, tuple] = {}  # section index -> (key, lines)
        self._size_drawn, self._tallest = (0, 0), 0

    def validate_names(self, names) -> tuple[str, ...]:
        return tuple(names)

    def watch_names(self) -> None:
        self._lay_out()

    def watch_forecast(self) -> None:
        self._lay_out()

    # --- the board ---------------------------------------------------------------------------

    def draw(self, width: int, height: int) -> list[Line]:
        view, focused = self.view, self.has_focus
        names = self.names
        if len(names) < view.players:  # (the screen gives the names with the first view)
            names = tuple(f"Player {seat + 1}" for seat in range(view.players))
        lines: list[Line] = []
        self.score_bars.forecast = self.forecast
        for section in self._in_order():
            if not section.visible_for(view):
                continue
            index = self.sections.index(section)
            section.view, section.names = view, names
            section.compact, section.focused = self.compact, focused
            key = (section.signature(view), names, self.compact, width)
            drawn = self._drawn_sections.get(index)
            if drawn is None or drawn[0] != key:
                rows = (
                    self._framed(section, width)
                    if section.framed
                    else self._wrapped(section.draw(width), width)
                )
                drawn = self._drawn_sections[index] = (key, [crop(row, width) for row in rows])
            lines.extend(drawn[1])
            if not self.compact:
                lines.append([])
        # the scrollable height only grows (until the size changes): a tableau a few lines
        # shorter than the last needs no new layout of the screen, only those lines blanked
        if (width, height) != self._size_drawn:
            self._size_drawn, self._tallest = (width, height), 0
        self._tallest = max(self._tallest, len(lines))
        return lines + [[] for _ in range(self._tallest - len(lines))]

    def _in_order(self) -> list[Section]:
        """The sections from the top; on a small screen your hand comes before the seats (which
        the side column names too), so it is in sight without scrolling."""
        if not self.compact:
            return self.sections
        return [self.score_bars, self.pool, self.combat, self.hand, self.seats]

    def movable(self, place: Place) -> bool:
        """The cursor visits your hand and the pool's objectives (a seat at the table only)."""
        view = self.view
        seated = view is not None and view.seat is not None and 0 <= view.seat < view.players
        return seated and place is not None and place[0] in ("hand", "pool")

    def start(self) -> Place:
        """Your strongest card (else the first objective in the pool)."""
        hand = next((p for p in self.box_places() if p[0] == "hand"), None)
        return hand if hand is not None and self.movable(hand) else super().start()

    def neighbour(self, place: Place, dx: int, dy: int) -> Place:
        """Left and right walk the hand (or the pool) in order, round from the last to the first;
        up and down go to the nearest card above or below."""
        if dx and place is not None and place[0] in ("hand", "pool"):
            row = [p for p in self.box_places() if p[0] == place[0]]
            if place in row:
                return row[(row.index(place) + dx) % len(row)]
        return super().neighbour(place, dx, dy)

    def box_places(self) -> list[Place]:
        """The places drawn, in reading order."""
        return list(self._boxes_of)

    def action_move(self, dx: int, dy: int) -> None:
        target = self.neighbour(self.cursor, dx, dy)
        if target is not None:
            self.cursor = target
        elif dy:  # nowhere to go up or down: the tableau scrolls (the score bars, the fight)
            self.action_scroll_down() if dy > 0 else self.action_scroll_up()

    def check_action(self, action: str, parameters) -> bool | None:
        # left, right and Enter with nothing to walk or choose go on to the screen
        if action == "move":
            return bool(parameters[1]) or self.neighbour(self.cursor, *parameters) is not None
        if action == "select":
            return self.cursor is not None
        return super().check_action(action, parameters)

    def watch_has_focus(self, focused: bool) -> None:
        super().watch_has_focus(focused)
        self._lay_out()  # the hand's frame and its help line say whether the keys are here
        if focused:  # Ctrl+T on a small terminal: the hand comes into sight
            self.scroll_to_place(self.cursor)

    # --- drawing -----------------------------------------------------------------------------

    def _framed(self, section: Section, width: int) -> list[Line]:
        """A section inside a rounded box: its title on the top edge, its subtitle below."""
        inner = width - 4
        rows = self._wrapped(section.draw(inner), inner)
        style = section.frame
        title = f" {section.title} "[: max(0, width - 4)]
        top = [
            Run("╭─", style),
            Run(title, f"{style} title"),
            Run("─" * max(0, width - 3 - len(title)) + "╮", style),
        ]
        out = [top]
        for row in rows:  # the frame's style is under the section's own
            line = [Run(r.text, f"{style} {r.style}".strip(), r.place) for r in row]
            pad = " " * max(0, inner - cells(row))
            out.append([Run("│ ", style), *line, Run(pad, style), Run(" │", style)])
        sub = f" {section.subtitle} "[: max(0, width - 4)] if section.subtitle else ""
        out.append(
            [
                Run("╰" + "─" * max(0, width - 3 - len(sub)), style),
                Run(sub, style),
                Run("─╯", style),
            ]
        )
        return out

    @staticmethod
    def _wrapped(rows: list[Line], width: int) -> list[Line]:
        out = []
        for row in rows:
            out.extend(wrap(row, width))
        return out
