
import time
CLOCK = time.perf_counter  # (time.process_time with --clock cpu)
START = CLOCK()
import sys, textual.app as ta
original_run, original_display = ta.App.run, ta.App._display
def display(self, screen, renderable):
    original_display(self, screen, renderable)
    if renderable is not None and not getattr(self, "_painted", False) and             screen is self.screen and screen.children:
        self._painted = True
        print(f"first-paint {CLOCK() - START:.4f}", file=sys.stderr)
        import os; sys.stderr.flush(); os._exit(0)
def run_headless(self, *args, **kwargs):
    kwargs["headless"] = True
    return original_run(self, *args, **kwargs)
ta.App.run = run_headless
ta.App._display = display

import os, tempfile
os.environ["OBJECTIVE_SAVE_DIR"] = tempfile.mkdtemp()
config = tempfile.mkdtemp()
os.environ["OBJECTIVE_CONFIG_DIR"] = config
with open(os.path.join(config, "settings.toml"), "w") as f:
    f.write('intro_seen = ["solitaire", "objectives", "conquer"]\n')
from tui.screens.game import GameScreen
built = GameScreen._build_side
async def report_ready(self):
    await built(self)
    print(f"interactive {CLOCK() - START:.4f}", file=sys.stderr)
GameScreen._build_side = report_ready
import tui.cli
tui.cli.has_terminal = lambda: True  # headless: the child has no terminal, and needs none
tui.cli.main(['new', 'conquer', '--players', '6', '--seed', '3'])
