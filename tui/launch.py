"""The `objective` command: the start's own preparations, then the command line (tui/cli.py).

Kept apart from tui/cli.py so that they come before anything else is imported: the compiled code
of the classes Textual, Rich and the games define at import is read from its cache (see
tui/startup.py).
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from tui.startup import keep_generated_code

    keep_generated_code()
    from tui.cli import main as command_line

    return command_line(argv)


if __name__ == "__main__":
    sys.exit(main())
