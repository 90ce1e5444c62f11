"""Charts of a finished game (textual-plotext): one line per seat or figure, by turn.

Each line is drawn with its own marker letter (A, B, C... as on the boards) as well as its own
colour from the colour-blind-safe palette, so the chart reads the same with NO_COLOR.
"""

from __future__ import annotations

from textual_plotext import PlotextPlot

from tui.game_story import Chart
from tui.widgets.hex_map import OWNER_COLOURS, OWNER_LETTERS


def _rgb(colour: str) -> tuple[int, int, int]:
    colour = colour.lstrip("#")
    return int(colour[0:2], 16), int(colour[2:4], 16), int(colour[4:6], 16)


class StoryChart(PlotextPlot):
    """One chart of the game's story."""

    DEFAULT_CSS = """
    StoryChart { height: 12; width: 1fr; margin-bottom: 1; }
    """

    def __init__(self, chart: Chart, **kwargs) -> None:
        super().__init__(**kwargs)
        self.chart = chart

    def on_mount(self) -> None:
        super().on_mount()
        plt = self.plt
        plt.title(self.chart.title)
        plt.xlabel("turn")
        longest = 1
        for i, series in enumerate(self.chart.series):
            turns = list(range(1, len(series.values) + 1))
            longest = max(longest, len(turns))
            letter = OWNER_LETTERS[i % len(OWNER_LETTERS)]
            unit = series.unit
            colour = _rgb(OWNER_COLOURS[i % len(OWNER_COLOURS)])
            label = f"{letter} {series.name} (end: {unit}{_figure(series.values)})"
            plt.plot(turns, series.values, marker="dot", color=colour)
            # the value of each turn as its letter: the lines read apart without colour
            plt.scatter(turns, series.values, label=label, marker=letter, color=colour)
        plt.xlim(1, max(2, longest))
        plt.xticks(_ticks(longest))


def _figure(values) -> str:
    if not values:
        return "-"
    last = values[-1]
    return f"{last:.2f}" if isinstance(last, float) and not last.is_integer() else f"{last:g}"


def _ticks(turns: int) -> list[int]:
    step = max(1, turns // 8)
    return list(range(1, turns + 1, step))
