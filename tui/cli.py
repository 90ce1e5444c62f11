"""`objective`: the TUI, and the headless commands (new, load, simulate, arena, serve).

One error path: a mistake on the command line (or the TUI started without a terminal) exits 2,
any other failure a person can cause (a path that cannot be read or written, a full disk, a
damaged save, a busy port) exits 1, each with one sentence on stderr naming the problem. An
unexpected error writes a crash report and says where it is, in one line; a traceback never
reaches the terminal. SIGTERM, SIGHUP and SIGINT end a command cleanly with 128 + the signal's
number (`serve` ends with 0 on Ctrl+C and SIGTERM): docs/command-line.md.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import core
from ai import AgentError, parse_agent_name
from core import __version__ as APP_VERSION
from core.dice import MAX_SEED
from core.engine import OptionError, option_assignments, preset_options, seat_title
from tui.startup import pause_collection, resume_collection
from tui.text import printable

if TYPE_CHECKING:
    from saves.record import SeatInfo

EXIT_USAGE = 2
EXIT_FAILURE = 1
EXIT_BAD_FILE = EXIT_FAILURE

MAX_GAMES = 100_000
MAX_JOBS = 64


class UsageError(Exception):
    """A mistake on the command line: one line on stderr, exit 2."""


class CommandError(Exception):
    """A failure the command could not get past (a path, a disk, a save): one line, exit 1."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(message)

    def _print_message(self, message: str, file=None) -> None:
        """--help and --version: argparse would ignore a failed write (a full disk), and exit 0."""
        if message:
            if file is None or file is sys.stdout:
                say(message, end="")
            else:
                file.write(message)


def say(text: str, end: str = "\n") -> None:
    """Print the command's results on the standard output (CommandError if it cannot take them:
    a full disk, a closed output)."""
    if sys.stdout is None:
        raise CommandError("the standard output is closed: the results have nowhere to go")
    try:
        print(text, end=end)
    except BrokenPipeError:
        raise
    except OSError as err:
        _stdout_dead()
        raise CommandError(_output_problem(err)) from None


def whole_number(name: str, low: int, high: int):
    """An argparse type: a whole number in [low, high], refused with a sentence otherwise."""

    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"takes a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"must be from {low} to {high}, not {value}")
        return value

    parse.__name__ = name  # argparse names the type in its messages
    return parse


SEED = whole_number("--seed", 0, MAX_SEED)
PLAYERS = whole_number("--players", 1, 99)
GAMES = whole_number("--games", 1, MAX_GAMES)
JOBS = whole_number("--jobs", 1, MAX_JOBS)
PORT = whole_number("--port", 1, 65535)
SESSIONS = whole_number("--max-sessions", 1, 64)
DEFAULT_MAX_SESSIONS = 4  # a session is a process of ~40 MB
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="objective",
        description="Three tabletop war games in the terminal. With no command, opens the title "
        "screen.",
    )
    parser.add_argument("--version", action="version", version=f"objective {APP_VERSION}")
    parser.add_argument(
        "--save-dir", help="folder for saves (default: $OBJECTIVE_SAVE_DIR or the user data folder)"
    )
    sub = parser.add_subparsers(
        dest="command", parser_class=Parser, metavar="COMMAND", action=Commands
    )
    sub.add_parser(
        "new",
        arguments=_new_arguments,
        help="start a new game straight away",
        add_help=False,
        epilog="`objective new GAME --help` also lists GAME's players and rule options.",
    )
    sub.add_parser("load", arguments=_load_arguments, help="open a saved game")
    sub.add_parser(
        "simulate", arguments=_simulate_arguments, help="play AI-only games without a screen"
    )
    sub.add_parser(
        "serve",
        arguments=_serve_arguments,
        help="play in a web browser: serve the title screen over HTTP (textual-serve)",
    )
    sub.add_parser(
        "host",
        arguments=_host_arguments,
        help="open a room others join from their terminals (objective join) or browsers",
        epilog="While the room is open, type `ai N` to hand seat N to the AI, `seats` to see "
        "who is connected, `quit` to close it (docs/online.md).",
    )
    sub.add_parser(
        "join",
        arguments=_join_arguments,
        help="take your seat in a room a host has opened (the line `objective host` printed)",
    )
    sub.add_parser(
        "arena",
        arguments=_arena_arguments,
        help="pit agents against each other over seeded games, with 95%% intervals",
    )
    return parser


class Commands(argparse._SubParsersAction):
    """The subcommands, each given its arguments only when it is the command being run (or
    its help is asked for): `objective new ...` does not build the arguments of the five
    other commands before the game's first frame."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._arguments: dict[str, Callable[[argparse.ArgumentParser], None]] = {}

    def add_parser(self, name: str, *, arguments=None, **kwargs) -> argparse.ArgumentParser:
        parser = super().add_parser(name, **kwargs)
        if arguments is not None:
            self._arguments[name] = arguments
        return parser

    def complete(self, name: str) -> argparse.ArgumentParser:
        """The command's parser with its arguments (added the first time it is asked for)."""
        parser = self.choices[name]
        arguments = self._arguments.pop(name, None)
        if arguments is not None:
            arguments(parser)
        return parser

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        if values and values[0] in self.choices:
            self.complete(values[0])
        super().__call__(parser, namespace, values, option_string)


def _new_arguments(new: argparse.ArgumentParser) -> None:
    new.add_argument("game", help="game id: " + ", ".join(core.game_ids()))
    new.add_argument(
        "-h", "--help", action=GameHelp, help="show this help (after GAME: its options too)"
    )
    new.add_argument("--players", type=PLAYERS, help="number of players")
    new.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="KIND",
        help="who plays each seat, in order: human, random, rules, "
        "mcts[:easy|normal|hard] (repeat per seat)",
    )
    new.add_argument("--seed", type=SEED, help="the game seed (same seed + same moves = same game)")
    _add_option_argument(new)


def _load_arguments(load: argparse.ArgumentParser) -> None:
    load.add_argument("file", help="the save file")


def _simulate_arguments(sim: argparse.ArgumentParser) -> None:
    _add_batch_arguments(sim)
    sim.add_argument(
        "--agents",
        default="rules",
        help="comma-separated agents, one per seat (cycled): random, rules, mcts:LEVEL",
    )
    sim.add_argument(
        "--trace",
        metavar="FILE.jsonl",
        help="write every action and die as JSON Lines (docs/trace-format.md); - for stdout",
    )
    sim.add_argument(
        "--explain",
        action="store_true",
        help="print every decision with the reason the agent gives for it (rule-based players)",
    )


def _serve_arguments(serve: argparse.ArgumentParser) -> None:
    serve.add_argument(
        "--host", default="localhost", help="address to listen on (default: localhost)"
    )
    serve.add_argument("--port", type=PORT, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--public-url",
        help="the address browsers use, when it is not http://HOST:PORT (a proxy, 0.0.0.0); "
        "only its pages may play",
    )
    serve.add_argument(
        "--max-sessions",
        type=SESSIONS,
        default=DEFAULT_MAX_SESSIONS,
        help=f"browser tabs playing at once, each its own process (default: "
        f"{DEFAULT_MAX_SESSIONS})",
    )


def _arena_arguments(arena: argparse.ArgumentParser) -> None:
    _add_batch_arguments(arena)
    arena.add_argument(
        "--agents",
        required=True,
        help="comma-separated agents to compare (seats rotate across games): random, rules, "
        "mcts:LEVEL",
    )
    arena.add_argument(
        "--jobs", type=JOBS, default=1, help="worker processes (results do not depend on it)"
    )


ROOM_PORT = 8765
HOST_PORT = whole_number("--port", 0, 65535)


def _host_arguments(host: argparse.ArgumentParser) -> None:
    host.add_argument("game", nargs="?", help="game id: " + ", ".join(core.game_ids()))
    host.add_argument("--players", type=PLAYERS, help="number of players")
    host.add_argument(
        "--seat",
        action="append",
        default=[],
        metavar="KIND",
        help="who plays each seat, in order: human (the default), random, rules, "
        "mcts[:easy|normal|hard] (repeat per seat)",
    )
    host.add_argument("--seed", type=SEED, help="the game seed")
    _add_option_argument(host)
    host.add_argument(
        "--resume",
        metavar="FILE",
        help="reopen the room of this autosave, with the same invitations",
    )
    host.add_argument("--host", help="address to listen on (default: localhost)")
    host.add_argument(
        "--port", type=HOST_PORT, help=f"port (default: {ROOM_PORT}; 0: any free port)"
    )
    host.add_argument(
        "--play",
        action="store_true",
        help="this terminal takes the first human seat (the room runs in this process and "
        "closes with its screen)",
    )
    host.add_argument("--certfile", help="TLS certificate (PEM): players join with wss://")
    host.add_argument("--keyfile", help="the certificate's private key (PEM)")


def _join_arguments(join: argparse.ArgumentParser) -> None:
    # both checked by cmd_join, which says what the host's line gives
    join.add_argument(
        "url", nargs="?", help="the room's address, ws://HOST:PORT/room/ROOM (or wss://)"
    )
    join.add_argument("--token", help="your seat's token, from the host's line")
    join.add_argument(
        "--cafile", help="a certificate to trust for wss:// (a host's self-made certificate)"
    )


class GameHelp(argparse.Action):
    """`objective new [GAME] --help`: the command's help and, when GAME came first, what that
    game takes: its players and every rule option (key, values, default), from its
    declarations."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kwargs) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser, namespace, values, option_string=None) -> None:
        text = parser.format_help()
        game_id = getattr(namespace, "game", None)
        if game_id in core.game_ids():
            text += "\n" + game_help(core.game(game_id))
        parser._print_message(text)
        parser.exit()


def game_help(game) -> str:
    """A game's players and rule options, for `objective new GAME --help`."""
    seats = game.seats
    if len(seats) == 1:
        players = "1 player" if seats.start == 1 else f"{seats.start} players"
    else:
        players = f"{seats.start} to {seats[-1]} players"
    names = ", ".join(seat_title(game, seat) for seat in range(seats[-1]))
    lines = [f"{game.title} ({game.id}): {players} (--players); seats: {names}."]
    if not game.options:
        return "\n".join([*lines, "It has no rule options."]) + "\n"
    if game.presets:
        lines += ["", "presets (--preset NAME):"]
        for p in game.presets:
            lines.append(f"  {p.key}  {', '.join(f'{k}={v}' for k, v in p.values)}")
            lines.append(f"      {p.description}")
    lines += ["", "rule options (--option KEY=VALUE):"]
    for o in game.options:
        if o.kind is bool:
            values, default = "on|off", "on" if o.default else "off"
        elif o.choices:
            values, default = "|".join(str(c) for c in o.choices), str(o.default)
        elif o.minimum is not None and o.maximum is not None:
            values, default = f"{o.minimum} to {o.maximum}", str(o.default)
        else:
            values, default = "a whole number", str(o.default)
        rule = f" [{o.rule}]" if o.rule else ""
        lines.append(f"  {o.key}={values}  (default {default}){rule}")
        lines.append(f"      {o.help if o.help.startswith(o.title) else f'{o.title}: {o.help}'}")
    return "\n".join(lines) + "\n"


def _add_option_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--preset",
        metavar="NAME",
        help="start from a named set of rule options (a challenge level; see GAME --help)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="set a rule option (repeatable; beats the preset's value)",
    )


def _add_batch_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", help="game id: " + ", ".join(core.game_ids()))
    p.add_argument("--games", type=GAMES, default=10, help="how many games")
    p.add_argument("--players", type=PLAYERS, help="number of players")
    p.add_argument("--seed", type=SEED, default=1, help="seed of the first game")
    _add_option_argument(p)
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")


# --- argument checks -----------------------------------------------------------------------------


def resolve_game(game_id: str):
    try:
        return core.game(game_id)
    except core.UnknownGame as err:
        raise UsageError(str(err)) from None


def resolve_players(game, players: int | None) -> int:
    if players is None:
        return game.seats.start
    if players not in game.seats:
        lo, hi = game.seats.start, game.seats.stop - 1
        allowed = f"{lo} player{'s' if lo > 1 else ''}" if lo == hi else f"{lo}-{hi} players"
        raise UsageError(f"{game.title} is for {allowed}, not {players}")
    return players


def resolve_options(game, pairs: Sequence[str], preset: str | None = None) -> dict:
    """The game's options from `--preset` and the `--option` pairs (an explicit option beats
    the preset's value)."""
    try:
        return preset_options(game, preset, option_assignments(pairs))
    except OptionError as err:
        raise UsageError(str(err)) from None


def resolve_agents(text: str, game=None) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise UsageError("--agents needs at least one agent")
    for name in names:
        try:
            kind, _ = parse_agent_name(name)
            if game is not None and kind == "rules":
                from ai import rules_player

                rules_player(game.id)
        except AgentError as err:
            raise UsageError(str(err)) from None
    return names


def resolve_seats(game, players: int | None, kinds: Sequence[str]) -> list[SeatInfo]:
    from saves.record import SeatInfo

    if players is None:
        players = max(len(kinds), game.seats.start)
        if players not in game.seats:
            players = resolve_players(game, len(kinds))
    players = resolve_players(game, players)
    if len(kinds) > players:
        raise UsageError(f"{len(kinds)} --seat given for {players} players")
    seats = []
    for i in range(players):
        kind_text = kinds[i] if i < len(kinds) else ("human" if i == 0 else "rules")
        if kind_text == "human":
            seats.append(SeatInfo(seat_title(game, i), "human"))
            continue
        try:
            kind, level = parse_agent_name(kind_text)
        except AgentError as err:
            raise UsageError(str(err)) from None
        seats.append(SeatInfo(seat_title(game, i), kind, level))
    return seats


# --- commands ------------------------------------------------------------------------------------


def store_for(args):
    from saves.store import SaveStore

    if not args.save_dir:
        return SaveStore()
    if "\0" in args.save_dir:
        raise CommandError(f"{args.save_dir!r} is not a valid folder name")
    folder = Path(args.save_dir).expanduser()
    if folder.exists() and not folder.is_dir():
        raise CommandError(f"cannot keep saves in {folder}: it is a file, not a folder")
    return SaveStore(folder)


class NeedsTerminal(Exception):
    """The TUI was started without a terminal: one sentence on stderr, exit 2."""


class Stopped(BaseException):
    """A signal (SIGTERM, SIGHUP) ended a command: exit 128 + its number, like a shell."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


ENDING_SIGNALS = ("SIGTERM", "SIGHUP")  # those a supervisor, `timeout` or a closed terminal send


@contextlib.contextmanager
def signal_handlers(handler, names: Sequence[str] = ENDING_SIGNALS):
    """`handler(signum, frame)` for these signals while the block runs, the previous ones
    after. Only the main thread may set handlers: elsewhere (a test's thread) this does nothing."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    numbers = [getattr(signal, name) for name in names if hasattr(signal, name)]
    previous = {n: signal.signal(n, handler) for n in numbers}
    try:
        yield
    finally:
        for n, old in previous.items():
            signal.signal(n, old)


def _raise_stopped(signum, frame) -> NoReturn:
    raise Stopped(signum)


NO_TERMINAL = "Objective needs a terminal; use `objective simulate` or `objective serve`."


def has_terminal() -> bool:
    """Whether the TUI can run here: a terminal on stdin and stdout (and stderr, where Textual
    draws), or a driver Textual was told to use instead (`objective serve` sets one for each
    browser session, with pipes and no terminal)."""
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            if stream is None or not stream.isatty():
                return False
        except (ValueError, OSError):  # closed
            return False
    return True


def run_app(app) -> int:
    """Run the TUI; a crash inside it has already been reported in one line (exit 1).

    SIGTERM, SIGHUP and SIGINT end it as a quit would (the game autosaved, the terminal
    restored), with exit status 128 + the signal's number (143, 129, 130)."""
    if not has_terminal():
        raise NeedsTerminal(NO_TERMINAL)

    def on_signal(signum, frame) -> None:
        if not app.end_by_signal(signum):  # not running yet (or any more): nothing to restore
            raise Stopped(signum)

    with signal_handlers(on_signal, (*ENDING_SIGNALS, "SIGINT")):
        app.run()
    return app.return_code or 0


def cmd_tui(args) -> int:
    pause_collection()
    from tui.app import ObjectiveApp

    return run_app(ObjectiveApp(store=store_for(args)))


def serve_command(args) -> str:
    """The command line each browser session runs: this program's title screen, with the same
    save folder."""
    import shlex

    argv = [sys.executable, "-m", "tui.launch"]
    if args.save_dir:
        argv += ["--save-dir", args.save_dir]
    return shlex.join(argv)


def cmd_serve(args) -> int:
    try:
        from tui.serve import ObjectiveServer, page_templates, port_problem
    except ImportError:
        raise CommandError(
            "serving needs the textual-serve package: pip install textual-serve"
        ) from None
    host = args.host.strip()
    if not host:
        raise UsageError("--host takes an address or a host name, e.g. localhost")
    problem = port_problem(host, args.port)
    if problem:
        raise CommandError(problem)
    if host not in LOCAL_HOSTS:
        print(
            f"objective: warning: listening on {host}: anyone who can reach port {args.port} "
            "can play, and can read and overwrite your saves.",
            file=sys.stderr,
        )
    shown = f"[{host}]" if ":" in host else host
    address = args.public_url or f"http://{shown}:{args.port}/"
    tabs = f"{args.max_sessions} tab{'s' if args.max_sessions != 1 else ''}"
    print(f"Objective is at {address} - open it in a browser (up to {tabs}); Ctrl+C stops.")
    sys.stdout.flush()
    import tempfile

    with tempfile.TemporaryDirectory(prefix="objective-serve-") as templates:
        server = ObjectiveServer(
            serve_command(args),
            host=host,
            port=args.port,
            title="Objective",
            public_url=args.public_url,
            templates_path=page_templates(Path(templates)),
            max_sessions=args.max_sessions,
        )
        server.serve()
    return 0


def cmd_host(args) -> int:
    import asyncio

    from saves.record import SaveError
    from saves.store import SaveStore
    from tui.online.host import serve_room, warn_if_open
    from tui.online.room import Room

    if args.keyfile and not args.certfile:
        raise UsageError("--keyfile goes with --certfile")
    store = SaveStore(store_for(args).folder / "rooms")
    if args.resume:
        if (
            args.game
            or args.players
            or args.seat
            or args.seed is not None
            or args.option
            or args.preset
        ):
            raise UsageError("--resume reopens a room as it was: give no game, seats or options")
        try:
            room = Room.resume(Path(args.resume), store, ai_delay=HOST_AI_DELAY, log=say_now)
        except SaveError as err:
            raise CommandError(f"cannot resume {args.resume}: {err}") from None
        if not room.resumed_with_tokens:
            say_now("No invitations were kept beside this save: new ones are below.")
    else:
        if not args.game:
            raise UsageError("name the game to host (" + ", ".join(core.game_ids()) + ")")
        game = resolve_game(args.game)
        kinds = list(args.seat)
        players = args.players
        if players is None:  # as many as the seats given, else two people where the game may
            players = len(kinds) or min(max(2, game.seats.start), game.seats.stop - 1)
        players = resolve_players(game, players)
        kinds += ["human"] * (players - len(kinds))
        seats = resolve_seats(game, players, kinds)
        if not any(s.is_human for s in seats):
            raise UsageError("a room needs at least one human seat (--seat human)")
        options = resolve_options(game, args.option, args.preset)
        try:
            room = Room.open(
                game.id, seats, store, options, args.seed, ai_delay=HOST_AI_DELAY, log=say_now
            )
        except SaveError as err:
            raise CommandError(f"cannot start the room's autosave: {err}") from None
    kept = room.address
    host = (args.host if args.host is not None else (kept[0] if kept else "localhost")).strip()
    port = args.port if args.port is not None else (kept[1] if kept else ROOM_PORT)
    if not host:
        raise UsageError("--host takes an address or a host name, e.g. localhost")
    context = None
    if args.certfile:
        import ssl

        from tui.online.server import server_ssl_context

        try:
            context = server_ssl_context(args.certfile, args.keyfile)
        except (OSError, ssl.SSLError) as err:
            raise CommandError(f"cannot use the certificate {args.certfile}: {err}") from None
    if port:
        from tui.serve import port_problem

        problem = port_problem(host, port)
        if problem:
            raise CommandError(problem)
    warning = warn_if_open(host, context is not None)
    if warning:
        print(warning, file=sys.stderr)
    if args.play:
        return host_and_play_here(args, room, host, port, context)
    try:
        asyncio.run(serve_room(room, host, port, context, say_now))
    except OSError as err:
        why = err.strerror or err
        raise CommandError(f"cannot open the room on {host}:{port}: {why}") from None
    return 0


def host_and_play_here(args, room, host: str, port: int, context) -> int:
    """`objective host ... --play`: the room in this process, this terminal in its first human
    seat (tui/online/host_seat.py)."""
    pause_collection()
    from tui.app import ObjectiveApp
    from tui.online.host_seat import host_and_play

    if not has_terminal():
        raise NeedsTerminal(NO_TERMINAL)

    def play(url: str, token: str) -> int:
        cafile = args.certfile if context is not None else None
        return run_app(ObjectiveApp(store=store_for(args), join=(url, token, cafile)))

    try:
        return host_and_play(room, host, port, context, say_now, play)
    except OSError as err:
        why = err.strerror or err
        raise CommandError(f"cannot open the room on {host}:{port}: {why}") from None


def say_now(text: str) -> None:
    """A line of a command that keeps running (the host's room): out at once, even in a pipe."""
    say(text)
    _flush_output()


HOST_AI_DELAY = 0.5  # seconds an AI's move stays the last one, so the players can follow it


def cmd_new(args) -> int:
    pause_collection()
    game = resolve_game(args.game)
    seats = resolve_seats(game, args.players, args.seat)
    options = resolve_options(game, args.option, args.preset)
    from saves.record import start_game
    from tui.app import ObjectiveApp
    from tui.session import Session

    app = ObjectiveApp(store=store_for(args))
    seed = args.seed if args.seed is not None else app.next_seed()
    try:
        opening = start_game(game.id, options, len(seats), seats, seed)
    except OptionError as err:
        raise UsageError(str(err)) from None
    app._start_session = Session.from_replay(opening)
    return run_app(app)


def cmd_join(args) -> int:
    pause_collection()
    from tui.app import ObjectiveApp
    from tui.online.client import RoomError, check_url

    if not args.url or args.token is None:
        missing = " and ".join(
            what
            for what, gone in (("address", not args.url), ("token", args.token is None))
            if gone
        )
        raise UsageError(
            f"join needs the room's {missing}: run the line the host gave you for your seat, "
            "objective join ws://HOST:PORT/room/ROOM --token TOKEN (or choose Join a game on "
            "the title screen and paste it)"
        )
    try:
        url = check_url(args.url)
    except RoomError as err:
        raise UsageError(str(err)) from None
    token = args.token.strip()
    if not token:
        raise UsageError("--token takes your seat's token, from the host's line")
    app = ObjectiveApp(store=store_for(args), join=(url, token, args.cafile))
    return run_app(app)


def cmd_load(args) -> int:
    pause_collection()
    from saves.record import SaveError
    from saves.store import read_record
    from tui.session import Session

    path = Path(args.file)
    try:
        session = Session.from_record(read_record(path))
    except SaveError as err:
        raise CommandError(f"cannot load {path}: {err}") from None
    from tui.app import ObjectiveApp

    # an autosave of the save folder goes on in its file; any other file is left as it is, and
    # so is one today's rules replay otherwise than it was saved (the game tells how far)
    app = ObjectiveApp(store=store_for(args), session=session, opened_from=path)
    return run_app(app)


def trace_output(target: str | None):
    """Where `--trace` writes: nowhere, stdout (`-`), or a file that appears only when complete."""
    if target is None:
        return contextlib.nullcontext(None)
    if target == "-":
        return contextlib.nullcontext(sys.stdout)
    from saves.store import atomic_writer, output_problem

    problem = output_problem(target)
    if problem:
        raise CommandError(f"cannot write the trace: {problem}")
    return atomic_writer(target, "w")


def cmd_simulate(args) -> int:
    from ai import agent
    from ai.base import Budget
    from ai.play import Explaining, play_game

    if args.explain and (args.json or args.trace == "-"):
        raise UsageError("--explain prints lines of text: use it without --json and --trace -")
    game = resolve_game(args.game)
    players = resolve_players(game, args.players)
    options = resolve_options(game, args.option, args.preset)
    names = resolve_agents(args.agents, game)
    seat_names = [names[i % len(names)] for i in range(players)]
    results = []
    try:
        with trace_output(args.trace) as trace:
            for n in range(args.games):
                seed = args.seed + n
                agents = [agent(name) for name in seat_names]
                on_step = None
                if trace is not None:
                    on_step = _tracer(trace, game, n, seed, options, players)
                if args.explain:
                    agents = [Explaining(a) for a in agents]
                    on_step = _explainer(game, seed, agents, on_step)
                result = play_game(
                    game, agents, seed, options, budget=lambda: Budget(), on_step=on_step
                )
                results.append(result)
                if trace is not None:
                    _write(trace, _end_line(game, n, seed, result))
    except BrokenPipeError:
        raise  # the reader of stdout went away (`| head`): main() ends quietly
    except OSError as err:
        where = "the standard output" if args.trace == "-" else args.trace
        raise CommandError(f"cannot write the trace to {where}: {err.strerror or err}") from None
    report = simulation_report(game, players, options, seat_names, args.seed, results)
    if args.json:
        say(_json(report, indent=1))
    else:
        say(simulation_table(game, report))
    return 0


def cmd_arena(args) -> int:
    from ai.arena import report_table, run_arena

    game = resolve_game(args.game)
    options = resolve_options(game, args.option, args.preset)
    names = resolve_agents(args.agents, game)
    if len(names) < 2:
        raise UsageError("--agents needs at least two agents to compare")
    if game.id == "solitaire" and len(set(names)) < len(names):
        raise UsageError("the solitaire arena compares different agents on the same seeds")
    if args.players is not None:
        resolve_players(game, args.players)
    elif game.id != "solitaire" and len(names) not in game.seats:
        raise UsageError(f"give --players: {game.title} does not seat {len(names)} players")
    progress = _progress_line if sys.stderr.isatty() else None
    report = run_arena(
        game.id, names, args.games, args.seed, args.players, options, args.jobs, progress
    )
    if progress is not None:
        sys.stderr.write("\r\033[K")  # the progress line gives way to the report
    if args.json:
        say(_json(report, indent=1))
    else:
        say(report_table(report))
    return 0


def _progress_line(done: int, total: int) -> None:
    """`objective arena` on a terminal: one line that counts the games as they end."""
    sys.stderr.write(f"\r\033[Kgame {done} of {total} played")
    sys.stderr.flush()


def _json(obj, **how) -> str:
    import json  # (the batch commands' output: the TUI's start does without it)

    return json.dumps(obj, **how)


def _write(stream, obj) -> None:
    stream.write(_json(obj, separators=(",", ":")) + "\n")


def _explainer(game, seed, agents, then):
    """Print each decision of a seat that chose (not a forced move) with its agent's reason."""
    titles = [seat_title(game, seat) for seat in range(len(agents))]

    def on_step(step) -> None:
        if 0 <= step.seat < len(agents) and agents[step.seat].last:
            agent = agents[step.seat]
            say(f"seed {seed} #{step.seq} {titles[step.seat]} ({agent.name}): {step.text}")
            say(f"    because {agent.last}")
            agent.last = ""
        if then is not None:
            then(step)

    return on_step


def _tracer(stream, game, n, seed, options, players):
    """Trace lines for one game: its set-up (every die of it), then one line per action."""
    from core.engine import encode_action

    opening = game.new(options, players, seed)
    _write(
        stream,
        {
            "type": "setup",
            "game": game.id,
            "n": n,
            "seed": seed,
            "players": players,
            "options": options,
            "events": [e.to_json() for e in game.events(opening)],
            "state": game.to_json(game.observe(opening, None)),
        },
    )

    def on_step(step) -> None:
        _write(
            stream,
            {
                "type": "action",
                "game": game.id,
                "n": n,
                "seq": step.seq,
                "seat": step.seat,
                "action": {"text": step.text, "encoded": encode_action(step.action)},
                "events": [e.to_json() for e in game.events(step.state)],
                "state": game.to_json(game.observe(step.state, None)),
            },
        )

    return on_step


def _end_line(game, n: int, seed: int, result) -> dict:
    return {
        "type": "end",
        "game": game.id,
        "n": n,
        "seed": seed,
        "turn": game.turn(result.final),
        "actions": len(result.actions),
        "outcome": _outcome_json(result.outcome),
    }


def _outcome_json(outcome) -> dict:
    return {
        "label": getattr(outcome, "label", "") or outcome.sentence,
        "sentence": outcome.sentence,
        "returns": [round(r, 4) for r in outcome.returns],
        "winners": list(outcome.winners),
    }


def simulation_report(game, players, options, agents, seed, results) -> dict:
    labels = Counter(_outcome_json(r.outcome)["label"] for r in results)
    turns = [game.turn(r.final) for r in results]
    seats = range(players)
    mean_returns = [
        round(sum(r.outcome.returns[s] for r in results) / len(results), 4) for s in seats
    ]
    return {
        "game": game.id,
        "players": players,
        "agents": agents,
        "seed": seed,
        "options": options,
        "games": len(results),
        "results": [
            {
                "n": n,
                "seed": r.seed,
                "turn": game.turn(r.final),
                "actions": len(r.actions),
                **_outcome_json(r.outcome),
            }
            for n, r in enumerate(results)
        ],
        "summary": {
            "outcomes": dict(sorted(labels.items(), key=lambda kv: (-kv[1], kv[0]))),
            "mean_turn": round(sum(turns) / len(turns), 3),
            "min_turn": min(turns),
            "max_turn": max(turns),
            "mean_returns": mean_returns,
        },
    }


def simulation_table(game, report) -> str:
    lines = [
        f"{game.title}: {report['games']} games from seed {report['seed']}, "
        f"{report['players']} player(s), agents {', '.join(report['agents'])}",
        "",
        f"{'game':>5} {'seed':>8} {'turn':>5} {'actions':>8}  result",
    ]
    for r in report["results"]:
        lines.append(
            f"{r['n']:>5} {r['seed']:>8} {r['turn']:>5} {r['actions']:>8}  {r['sentence']}"
        )
    summary = report["summary"]
    lines += ["", "Outcomes:"]
    total = report["games"]
    for label, count in summary["outcomes"].items():
        lines.append(f"  {count:>5}  {100 * count / total:5.1f}%  {label}")
    lines.append(
        f"Turn reached: mean {summary['mean_turn']}, range "
        f"{summary['min_turn']}-{summary['max_turn']}"
    )
    if report["players"] > 1:
        seats = ", ".join(
            f"seat {i + 1} ({report['agents'][i]}): {v}"
            for i, v in enumerate(summary["mean_returns"])
        )
        lines.append(f"Mean return: {seats}")
    return "\n".join(lines)


COMMANDS = {
    None: cmd_tui,
    "new": cmd_new,
    "load": cmd_load,
    "simulate": cmd_simulate,
    "arena": cmd_arena,
    "serve": cmd_serve,
    "host": cmd_host,
    "join": cmd_join,
}


PRINTING_COMMANDS = ("simulate", "arena")  # their results go to the standard output


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit:  # --help, --version: printed (see Parser._print_message), now out
            _flush_output()
            raise
        if args.command in PRINTING_COMMANDS and sys.stdout is None:
            raise CommandError("the standard output is closed: the results have nowhere to go")
        with signal_handlers(_raise_stopped):
            code = COMMANDS[args.command](args)
        _flush_output()
        return code
    except UsageError as err:
        return _fail(EXIT_USAGE, f"objective: error: {err}")
    except NeedsTerminal as err:
        return _fail(EXIT_USAGE, str(err))
    except Stopped as stop:
        return 128 + stop.signum
    except CommandError as err:
        return _fail(EXIT_FAILURE, f"objective: {err}")
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `objective simulate ... | head`: the reader has all it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as err:  # a path or a disk the command could not get past
        if getattr(err, "filename", None) is None and _stdout_dead():
            return _fail(EXIT_FAILURE, f"objective: {_output_problem(err)}")
        where = f" ({err.filename})" if getattr(err, "filename", None) else ""
        return _fail(EXIT_FAILURE, f"objective: {err.strerror or err}{where}")
    except Exception as err:
        from tui.crash import crash_line, write_report

        return _fail(EXIT_FAILURE, crash_line(err, write_report(err, "the command line")))
    finally:
        resume_collection()  # (if the TUI's first frame has not)


def _fail(code: int, line: str) -> int:
    print(printable(line), file=sys.stderr)  # a path's undecodable bytes as \xff
    return code


def _flush_output() -> None:
    """Push out what the command printed while a failure can still be told (a full disk, a
    closed pipe): Python's own flush at exit would lose it."""
    if sys.stdout is None:
        return
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        _stdout_dead()
        raise CommandError(_output_problem(err)) from None


def _output_problem(err: OSError) -> str:
    return f"cannot write to the standard output: {err.strerror or err}"


def _stdout_dead() -> bool:
    """Whether the standard output can no longer be written; if so it is pointed at the null
    device, so that Python's flush at exit has nothing left to fail on (and prints nothing)."""
    if sys.stdout is None:
        return False
    try:
        sys.stdout.flush()
        return False
    except OSError:
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return True


if __name__ == "__main__":
    sys.exit(main())
