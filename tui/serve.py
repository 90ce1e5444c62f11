"""`objective serve`: the program in a web browser, through textual-serve, for the player's own
pages only.

textual-serve's `Server` (an aiohttp app) starts one process of this program per WebSocket. This
subclass keeps it to the player:

* a WebSocket is accepted only from a page of this server: its `Origin` must be the public URL's
  (`--public-url`), or else the served address's (for a local or wildcard address, any of
  localhost, 127.0.0.1 and [::1] on the same port), so another site the player visits cannot
  open ws://localhost:8000/ws, read the screen and press keys; the page refuses to be framed;
* at most `max_sessions` sessions run at once; the next is closed with a sentence the page shows;
* a frame the browser's page would not send is ignored (never a traceback in the log), and the
  terminal size it asks for is kept within bounds.

The page itself (textual-serve's template, adapted by `page_templates`) works offline and takes
keys at once: its font comes from this server, not a font host; it has a favicon; and the
terminal has the keyboard as soon as the app's connection opens, so nobody has to click first.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import socket
import struct
import sys
import zlib
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import WSCloseCode, WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

log = logging.getLogger("objective.serve")

LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
DEFAULT_PORTS = {"http": 80, "https": 443}
MAX_COLUMNS, MAX_ROWS = 1000, 400  # a bigger terminal than any screen: refused as a waste
MAX_FRAME = 64 * 1024  # keys, a paste, a resize: far below aiohttp's 4 MB default
CLOSE_REASON_BYTES = 123  # the most a WebSocket close frame can carry

Origin = tuple[str, str, int]  # scheme, host name (lower case, no brackets), port


def origin_of(url: str) -> Origin | None:
    """The (scheme, host, port) of an http(s) URL or an Origin header; None if it is not one."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or DEFAULT_PORTS[scheme]


def allowed_origins(host: str, port: int, public_url: str | None) -> frozenset[Origin]:
    """The pages whose WebSockets are accepted: the public URL's origin when there is one, else
    the served address's (every loopback name for a local or wildcard address)."""
    if public_url:
        origin = origin_of(public_url)
        return frozenset([origin] if origin else [])
    host = host.strip().strip("[]").lower()
    names = {host}
    if host in LOOPBACK_NAMES or host in WILDCARD_HOSTS:
        names |= set(LOOPBACK_NAMES)
    return frozenset(("http", name, port) for name in names if name)


def full_message(max_sessions: int) -> str:
    """What a page shows when the server already runs as many sessions as it may."""
    tabs = f"{max_sessions} browser tab{'s' if max_sessions != 1 else ''}"
    text = f"Objective is already open in {tabs}, the most this server allows: close one, then "
    text += "reload this page."
    return text.encode()[:CLOSE_REASON_BYTES].decode("utf-8", "ignore")


REFUSED_ORIGIN = "Objective plays only in pages of its own server."


def browser_message(text: str) -> tuple[str, object] | None:
    """A message from textual-serve's page, checked: ("stdin", str), ("resize", (w, h)),
    ("ping", str), ("blur", None), ("focus", None); None for anything else."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
        return None
    kind, data = envelope[0], (envelope[1] if len(envelope) > 1 else None)
    if kind == "stdin" and isinstance(data, str):
        return kind, data
    if kind == "resize" and isinstance(data, dict):
        width, height = data.get("width"), data.get("height")
        if _whole(width) and _whole(height):
            return kind, (_within(width, MAX_COLUMNS), _within(height, MAX_ROWS))
        return None
    if kind == "ping" and isinstance(data, str) and len(data) <= 64:
        return kind, data
    if kind in ("blur", "focus"):
        return kind, None
    return None


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _within(value: int, high: int) -> int:
    return max(1, min(high, value))


def port_problem(host: str, port: int) -> str | None:
    """Why the server could not listen on host:port (a sentence naming the port), or None.

    Binds every address the name has, as aiohttp will, and lets go at once."""
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError):
        return f"cannot listen on {host}: this machine does not know that address"
    for family, kind, proto, _, address in dict.fromkeys(infos):
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6 and hasattr(socket, "IPV6_V6ONLY"):
                probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            try:
                probe.bind(address)
            except OSError as err:
                return _bind_problem(err, host, port)
    return None


def _bind_problem(err: OSError, host: str, port: int) -> str:
    if err.errno == errno.EADDRINUSE:
        return f"port {port} on {host} is already in use; choose another with --port"
    if err.errno == errno.EACCES:
        return f"port {port} on {host} needs privileges this user lacks; choose one above 1023"
    if err.errno == errno.EADDRNOTAVAIL:
        return f"cannot listen on {host} (port {port}): it is not an address of this machine"
    return f"cannot listen on port {port} of {host}: {err.strerror or err}"


class OneLine(logging.Formatter):
    """A log record as one line: an exception is named, its traceback never printed."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text = f"{text} ({type(error).__name__}: {error})"
        lines = text.strip().splitlines() or [""]
        return f"objective serve: {lines[0]}"


class ObjectiveServer(Server):
    """textual-serve's server for the player's own pages, with a cap on sessions."""

    def __init__(
        self,
        command: str,
        *,
        host: str,
        port: int,
        title: str,
        public_url: str | None,
        templates_path: Path,
        max_sessions: int,
    ) -> None:
        super().__init__(
            command,
            host=host,
            port=port,
            title=title,
            public_url=public_url,
            templates_path=templates_path,
        )
        self.max_sessions = max_sessions
        self.origins = allowed_origins(host, port, public_url)
        self.sessions: set[web.WebSocketResponse] = set()

    def initialize_logging(self) -> None:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine())
        logging.basicConfig(level=logging.INFO, handlers=[handler], force=True)
        logging.getLogger("aiohttp.access").setLevel(logging.WARNING)  # a line per request

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: `objective serve` has said where it is (textual-serve prints its logo)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Ctrl+C or SIGTERM: every page is told the session ended, every app process stops."""
        for websocket in list(self.sessions):
            await websocket.close(code=WSCloseCode.GOING_AWAY, message=b"The server stopped.")

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.router.add_get("/favicon.ico", self.handle_favicon)
        return app

    async def handle_favicon(self, request: web.Request) -> web.Response:
        return web.Response(
            body=FAVICON,
            content_type="image/x-icon",
            headers={"Cache-Control": "public, max-age=86400"},
        )

    def origin_allowed(self, origin: str | None) -> bool:
        return origin is not None and origin_of(origin) in self.origins

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        response = await super().handle_index(request)
        # No other site may frame the page (and trick the player into typing into it).
        response.headers["X-Frame-Options"] = "DENY"
        response.headers["Content-Security-Policy"] = "frame-ancestors 'none'"
        return response

    async def handle_websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if not self.origin_allowed(origin):
            who = repr(origin) if origin else "a client that names no page"
            log.warning("refused a connection from %s: not a page of this server", who)
            raise web.HTTPForbidden(text=REFUSED_ORIGIN)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=MAX_FRAME)
        await websocket.prepare(request)
        if len(self.sessions) >= self.max_sessions:
            log.warning("refused a session: %d open, the most allowed", len(self.sessions))
            reason = full_message(self.max_sessions).encode()
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=reason)
            return websocket
        self.sessions.add(websocket)
        log.info("a session started (%d of at most %d)", len(self.sessions), self.max_sessions)
        width = _within(to_int(request.query.get("width", "80"), 80), MAX_COLUMNS)
        height = _within(to_int(request.query.get("height", "24"), 24), MAX_ROWS)
        app_service: AppService | None = None
        try:
            app_service = AppService(
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
                debug=self.debug,
            )
            await app_service.start(width, height)
            await self._process_messages(websocket, app_service)
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await websocket.close()
        except Exception as error:  # the page went away mid-write, the process failed to start
            log.warning("a session ended: %s", f"{type(error).__name__}: {error}")
        finally:
            if app_service is not None:
                with contextlib.suppress(Exception):
                    await app_service.stop()
            self.sessions.discard(websocket)
            log.info("a session ended (%d open)", len(self.sessions))
        return websocket

    async def _process_messages(
        self, websocket: web.WebSocketResponse, app_service: AppService
    ) -> None:
        """The page's messages to the app process; any other frame is ignored."""
        async for frame in websocket:
            if frame.type != WSMsgType.TEXT:
                continue
            message = browser_message(frame.data)
            if message is None:
                continue
            kind, data = message
            if kind == "stdin":
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize":
                await app_service.set_terminal_size(*data)
            elif kind == "ping":
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()


# textual.js opens the app's WebSocket, so its constructor is wrapped to
# * show the reason the server gives when it closes a session (a full server, a stop) in the
#   page's "Session ended" box;
# * give the terminal the keyboard when the connection opens, so keys work with no click first,
#   and again whenever the window comes back;
# * tell the app it has the keyboard once it has drawn its first screen: textual's web driver
#   starts the app blurred (no key bar) and textual.js says "focus" only when the terminal
#   takes focus, which here happens before the app is up.
PAGE_SCRIPT = """
    <script>
      (function () {
        const FIRST_SCREEN_BYTES = 1024; // more than the terminal set-up, less than a screen
        function focusTerminal() {
          const input = document.querySelector(".textual-terminal .xterm-helper-textarea");
          if (input && document.activeElement !== input) input.focus();
        }
        const Native = window.WebSocket;
        window.WebSocket = class extends Native {
          constructor(...args) {
            super(...args);
            this.addEventListener("open", () => setTimeout(focusTerminal, 0));
            let received = 0;
            const firstScreen = (event) => {
              if (typeof event.data === "string") return;
              received += event.data.byteLength;
              if (received < FIRST_SCREEN_BYTES) return;
              this.removeEventListener("message", firstScreen);
              if (document.hasFocus()) {
                focusTerminal();
                this.send(JSON.stringify(["focus"]));
              }
            };
            this.addEventListener("message", firstScreen);
            this.addEventListener("close", (event) => {
              const box = document.querySelector(".closed-dialog .message");
              if (event.reason && box) box.textContent = event.reason;
            });
          }
        };
        window.addEventListener("focus", () => setTimeout(focusTerminal, 0));
      })();
    </script>"""

# textual-serve's page asks Google's font host for Roboto Mono; the package ships the font, so
# the page takes it from this server (and works offline). The address is relative to the page:
# the static files' absolute address names the served host ("localhost"), and a font from
# another origin than the page's (127.0.0.1) is refused by the browser.
FONT_HOST = "fonts.googleapis.com"
LOCAL_FONT_STYLE = """
    <link rel="icon" href="favicon.ico" />
    <style>
      @font-face {
        font-family: "Roboto Mono";
        src: url("static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype");
        font-weight: 100 700;
        font-style: normal;
      }
      @font-face {
        font-family: "Roboto Mono";
        src: url("static/fonts/RobotoMono-Italic-VariableFont_wght.ttf")
          format("truetype");
        font-weight: 100 700;
        font-style: italic;
      }
    </style>"""


def page_templates(folder: Path) -> Path:
    """textual-serve's page, copied from the installed package into `folder`, with a <title>
    (its own has none, so the tab would read the address), the close reason shown, the font
    from this server instead of a font host, a favicon, and the keyboard given to the terminal."""
    import textual_serve

    source = Path(textual_serve.__file__).parent / "templates"
    for page in source.glob("*.html"):
        html = page.read_text("utf-8")
        head = "<head>"
        if "<title>" not in html:
            head += "\n    <title>{{ application.name }}</title>"
        head += PAGE_SCRIPT
        html = html.replace("<head>", head, 1)
        html = with_local_font(html)
        (folder / page.name).write_text(html, "utf-8")
    return folder


def with_local_font(html: str) -> str:
    """The page with its <link> to the font host replaced by the font served here."""
    at = html.find(FONT_HOST)
    if at < 0:
        return html.replace("</head>", LOCAL_FONT_STYLE + "\n  </head>", 1)
    start, end = html.rfind("<link", 0, at), html.find(">", at) + 1
    return html[:start].rstrip() + LOCAL_FONT_STYLE + html[end:]


def favicon_ico(size: int = 32) -> bytes:
    """The tab's icon, drawn here (an olive target ring on dark slate), as an ICO holding a PNG."""
    centre = (size - 1) / 2
    rows = []
    for y in range(size):
        row = bytearray([0])  # PNG filter: none
        for x in range(size):
            d = ((x - centre) ** 2 + (y - centre) ** 2) ** 0.5 / (size / 2)
            if d < 0.22 or 0.5 < d < 0.74:
                row += bytes((0xC8, 0xB4, 0x4A, 0xFF))  # olive drab, bright
            elif d < 0.98:
                row += bytes((0x1E, 0x2A, 0x30, 0xFF))  # dark slate
            else:
                row += bytes(4)  # transparent corners
        rows.append(bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
    png += chunk(b"IDAT", zlib.compress(b"".join(rows), 9)) + chunk(b"IEND", b"")
    icon_dir = struct.pack("<HHH", 0, 1, 1)
    entry = struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), 6 + 16)
    return icon_dir + entry + png


FAVICON = favicon_ico()
