"""A game's screen: how fast its board follows an action, how fast the screen appears.

    python benchmarks/tui_screens.py [--game solitaire|objectives|conquer] [--repeats 200]
                                     [--starts 15]

1. Board update: time to show the position after an action on the game's board (the region map,
   the card tableau, the hex map) and let Textual paint it, against Textual's own no-op refresh
   (a Static refreshed with nothing changed) in the same run. Target: at most 2x the no-op.
2. First paint: wall time from starting a process to the first frame, for `objective new GAME`,
   for the title screen (`objective` with no command) and for a bare Textual app (one Static),
   all headless, their starts taken in turn (a busy machine slows them alike). Target: at most
   1.3x the bare app. Each program starts once before its starts are timed, as the `objective`
   command keeps what its first start compiles (tui/startup.py); the first start after
   installing, with nothing kept, is reported too. `--clock cpu` times the processor time each
   process used up to its first frame instead (interpreter start included): the figure to
   compare on a machine busy with other work, where wall times swing from start to start.
Figures, not pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Runs first in the child process: headless; note the moment the first frame of the active screen
# (with its widgets) is written out, print it, then let the app run on briefly and exit.
EXIT_AFTER_FIRST_PAINT = """
import time
CLOCK = time.perf_counter  # (time.process_time with --clock cpu)
START = CLOCK()
PREPARE
import sys, textual.app as ta
original_run, original_display = ta.App.run, ta.App._display
def display(self, screen, renderable):
    original_display(self, screen, renderable)
    if renderable is not None and not getattr(self, "_painted", False) and \
            screen is self.screen and screen.children:
        self._painted = True
        print(f"first-paint {CLOCK() - START:.4f}", file=sys.stderr)
        self.set_timer(0.3, self.exit)
def run_headless(self, *args, **kwargs):
    kwargs["headless"] = True
    return original_run(self, *args, **kwargs)
ta.App.run = run_headless
ta.App._display = display
"""

BARE_APP = (
    EXIT_AFTER_FIRST_PAINT.replace("PREPARE", "")
    + """
from textual.app import App
from textual.widgets import Static
class Bare(App):
    def compose(self):
        yield Static("hello")
Bare().run()
"""
)

OBJECTIVE_NEW = (
    # first, as the `objective` command does (tui/launch.py): the compiled code kept between
    # starts (tui/startup.py)
    EXIT_AFTER_FIRST_PAINT.replace(
        "PREPARE", "import tui.startup; tui.startup.keep_generated_code()"
    )
    + """
import os, tempfile
os.environ["OBJECTIVE_SAVE_DIR"] = tempfile.mkdtemp()
config = tempfile.mkdtemp()
os.environ["OBJECTIVE_CONFIG_DIR"] = config
with open(os.path.join(config, "settings.toml"), "w") as f:
    f.write('intro_seen = ["solitaire", "objectives", "conquer"]\\n')
from tui.screens.game import GameScreen
built = GameScreen._build_side
async def report_ready(self):
    await built(self)
    print(f"interactive {CLOCK() - START:.4f}", file=sys.stderr)
GameScreen._build_side = report_ready
import tui.cli
tui.cli.has_terminal = lambda: True  # headless: the child has no terminal, and needs none
tui.cli.main(ARGV)
"""
)

# what `objective new` is asked for, and how to reach a position one action on, per game
NEW_ARGS = {
    "solitaire": ["new", "solitaire", "--seed", "3"],
    "objectives": ["new", "objectives", "--players", "3", "--seed", "3"],
    "conquer": ["new", "conquer", "--players", "6", "--seed", "3"],
}


def first_paint(
    codes: dict[str, str], starts: int, clock: str = "wall", warm: bool = True
) -> dict[str, tuple[float, float | None]]:
    """Per program: the median seconds from process start (interpreter start included) to the
    first frame, and to the moment the whole screen is built and takes input (if the child
    reports it). The programs start in turn, `starts` times each, after one start each that is
    not counted (`warm`: as on a player's machine, the code the program compiles at its first
    start is kept for the next; see tui/startup.py), or each with nothing kept (`warm=False`).
    With `clock="cpu"`, the processor time the process has used by then (which counts its
    interpreter start itself)."""
    if clock == "cpu":
        codes = {
            name: code.replace("CLOCK = time.perf_counter", "CLOCK = time.process_time", 1).replace(
                "START = CLOCK()", "START = 0.0", 1
            )
            for name, code in codes.items()
        }
    offset = interpreter_start() if clock == "wall" else 0.0
    paints: dict[str, list[float]] = {name: [] for name in codes}
    ready: dict[str, list[float]] = {name: [] for name in codes}
    # a normal installation writes its caches (this machine may be told not to: see main)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    kept = tempfile.mkdtemp()
    for start in range(starts + warm):
        for name, code in codes.items():
            env["OBJECTIVE_CACHE_DIR"] = kept if warm else tempfile.mkdtemp()
            child = subprocess.run(
                [sys.executable, "-c", code],
                check=True,
                cwd=ROOT,
                capture_output=True,
                text=True,
                env=env,
            )
            if warm and start == 0:
                continue
            marks = dict(
                x.split()
                for x in child.stderr.splitlines()
                if x.startswith(("first-paint", "interactive"))
            )
            paints[name].append(float(marks["first-paint"]) + offset)
            if "interactive" in marks:
                ready[name].append(float(marks["interactive"]) + offset)
    return {
        name: (
            statistics.median(paints[name]),
            statistics.median(ready[name]) if ready[name] else None,
        )
        for name in codes
    }


_interpreter = None


def interpreter_start() -> float:
    """Seconds for a bare `python -c pass`, added to the in-process figures."""
    global _interpreter
    if _interpreter is None:
        runs = []
        for _ in range(5):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], check=True)
            runs.append(time.perf_counter() - started)
        _interpreter = statistics.median(runs)
    return _interpreter


def positions(game_id: str):
    """A session and two positions one action apart (the second has the board's changes)."""
    from saves import SeatInfo, new_record
    from tui.session import Session

    players = {"solitaire": 1, "objectives": 3, "conquer": 6}[game_id]
    seats = [SeatInfo(f"Player {i + 1}", "human" if i == 0 else "rules") for i in range(players)]
    session = Session.from_record(new_record(game_id, {}, players, seats, 3))
    if game_id == "solitaire":
        session.apply(("done",))
        before = session.state
        session.apply(("place", "grunt", 1))
    else:
        import random

        import ai

        rng = random.Random(3)
        agent = ai.agent("rules")
        while session.to_move != 0 or len(session.actions) < 3:
            seat = session.to_move
            view = session.game.observe(session.state, seat)
            session.apply(agent.choose(session.game, view, session.legal(), ai.Budget(), rng))
        before = session.state
        view = session.game.observe(before, 0)
        session.apply(agent.choose(session.game, view, session.legal(), ai.Budget(), rng))
    return session, before, session.state


async def board_update(game_id: str, repeats: int) -> tuple[float, float]:
    import tempfile

    from textual.widgets import Static

    from saves.store import SaveStore
    from tui.app import ObjectiveApp
    from tui.settings import Settings

    session, before, after = positions(game_id)
    # a board draws a seat's view (the screen's update_board takes one)
    before, after = (session.game.observe(state, 0) for state in (before, after))
    app = ObjectiveApp(
        store=SaveStore(tempfile.mkdtemp()),
        session=session,
        ai_delay=0,
        step_pause=0,
        settings=Settings(intro_seen=(game_id,)),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        while not screen.ready:
            await pilot.pause()
        idle = Static("no-op")
        await screen.mount(idle)
        await pilot.pause()

        async def timed(action) -> float:
            samples = []
            for i in range(repeats):
                started = time.perf_counter()
                action(i)
                await pilot.pause()
                samples.append(time.perf_counter() - started)
            return statistics.median(samples)

        noop = await timed(lambda i: idle.refresh())
        update = await timed(lambda i: screen.update_board(after if i % 2 else before))
    return update, noop


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=list(NEW_ARGS), default="solitaire")
    parser.add_argument("--repeats", type=int, default=200)
    parser.add_argument("--starts", type=int, default=15)
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="first paint in wall time, or in the processor time the process used (cpu)",
    )
    parser.add_argument(
        "--first-paint-only", action="store_true", help="skip the board-update measurement"
    )
    args = parser.parse_args()

    if not args.first_paint_only:
        update, noop = asyncio.run(board_update(args.game, args.repeats))
        print(
            f"{args.game}: board update after an action: {update * 1000:6.2f} ms "
            f"(median of {args.repeats})"
        )
        print(f"Textual no-op refresh:      {noop * 1000:6.2f} ms")
        print(f"  ratio {update / noop:.2f}  (target <= 2.0)")

    # `pip install .` byte-compiles the package; an editable checkout (and a machine with
    # PYTHONDONTWRITEBYTECODE set) would otherwise compile ~300 sources on every start.
    for package in ("core", "ai", "saves", "tui"):
        compileall.compile_dir(ROOT / package, quiet=1)
    figures_code = {
        "bare": BARE_APP,
        "game": OBJECTIVE_NEW.replace("ARGV", repr(NEW_ARGS[args.game])),
        "title": OBJECTIVE_NEW.replace("ARGV", "[]"),
    }
    figures = first_paint(figures_code, args.starts, args.clock)
    cold_starts = max(3, args.starts // 3)
    cold_codes = {"bare": BARE_APP, "game": figures_code["game"]}
    cold = first_paint(cold_codes, cold_starts, args.clock, warm=False)
    bare = figures["bare"][0]
    ours, ready = figures["game"]
    title = figures["title"][0]
    print(
        f"first paint, bare Textual app:          {bare * 1000:7.1f} ms (median of "
        f"{args.starts}, interpreter start included, {args.clock} clock)"
    )
    print(f"first paint, objective new {args.game + ':':<12} {ours * 1000:7.1f} ms")
    print(f"  ratio {ours / bare:.2f}  (target <= 1.3)")
    print(
        f"whole screen built and taking keys:     {ready * 1000:7.1f} ms "
        f"({ready / bare:.2f}x the bare app's first paint)"
    )
    print(f"first paint, the title screen:          {title * 1000:7.1f} ms")
    print(f"  ratio {title / bare:.2f}  (target <= 1.3)")
    print(
        f"first start after installing (nothing kept yet): {cold['game'][0] * 1000:.1f} ms, "
        f"{cold['game'][0] / cold['bare'][0]:.2f}x the bare app's "
        f"(median of {cold_starts})"
    )


if __name__ == "__main__":
    main()
