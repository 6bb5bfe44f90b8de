"""The teacher's page served from a thread of the daemon (docs/teacher.md says why a thread).

Werkzeug's threaded WSGI server (Flask's own) on ``[web] bind``:``port``, one daemon thread per
request, so a slow page or an open live stream never holds up another, and none of them touches
the referee (they read the ``Board``). Started only when ``[web] enabled``; nothing listens
otherwise.

The port is opened here and handed to Werkzeug as a file descriptor: Werkzeug's own bind ends
the whole process (``sys.exit``) when the port is taken, and the station must referee on without
its page. A port that cannot be opened raises ``PageNotStarted``, which names the config key.
"""

from __future__ import annotations

import errno
import logging
import socket
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from werkzeug.serving import make_server

from station.i18n import _
from station.roster import Roster
from station.web.app import create_app
from station.web.board import Board
from station.web.pin import load_or_make_pin

if TYPE_CHECKING:
    from station.game_plugin import StationGame

log = logging.getLogger("station.web")


class PageNotStarted(OSError):
    """The page cannot listen where the config says: ``key`` is the setting to change, ``reason``
    the log's sentence, ``short`` the OLED's few words."""

    def __init__(self, key: str, reason: str, short: str) -> None:
        super().__init__(f"{key}: {reason}")
        self.key, self.reason, self.short = key, reason, short


def listen(bind: str, port: int) -> socket.socket:
    """A listening TCP socket on ``bind``:``port`` (``port`` 0: any free one), or ``PageNotStarted``."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    try:
        return socket.create_server((bind, port), family=family, backlog=128,
                                    dualstack_ipv6=family == socket.AF_INET6 and bind == "::")
    except OSError as exc:
        raise _not_started(bind, port, exc) from exc


def _not_started(bind: str, port: int, exc: OSError) -> PageNotStarted:
    if exc.errno == errno.EADDRINUSE:
        return PageNotStarted("[web] port", _("{port} is in use by another program: choose another port in the "
                                              "station config, or stop that program, then restart the station",
                                              port=port),
                              f"Port {port} is taken: change [web] port")
    if exc.errno == errno.EADDRNOTAVAIL:
        return PageNotStarted("[web] bind", _("{bind} is not an address of this machine: use \"0.0.0.0\" (every "
                                              "network) or \"127.0.0.1\" (this machine only), then restart the "
                                              "station", bind=bind),
                              f"{bind} is not here: change [web] bind")
    return PageNotStarted("[web] bind", _("cannot listen on {address} ({reason}): check [web] bind and [web] port, "
                                          "then restart the station", address="{}:{}".format(bind, port),
                                          reason=exc.strerror or exc),
                          "Cannot listen: check [web] bind")


class WebServer:
    """``start`` opens the port and serves in a thread; ``stop`` closes it."""

    def __init__(self, *, bind: str, port: int, state_dir: Path, roster: Roster, journal_file: Path,
                 config_path: Path | None, board: Board, games: Mapping[str, StationGame], **options: Any) -> None:
        self.pin = load_or_make_pin(state_dir)
        self.bind = bind
        self.app = create_app(pin=self.pin, roster=roster, journal_file=journal_file, config_path=config_path,
                              board=board, games=games, state_dir=state_dir, **options)
        listening = listen(bind, port)
        try:
            self.port = int(listening.getsockname()[1])   # the one given, or the free one found for 0
            self._server = make_server(bind, self.port, self.app, threaded=True, fd=listening.fileno())
        finally:
            listening.close()   # Werkzeug holds its own copy of the descriptor
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="teacher-page", daemon=True)

    def start(self) -> None:
        self._thread.start()
        log.info("teacher's page on http://%s:%d/", self.address(), self.port)

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def address(self) -> str:
        """The address a teacher types: the bind address, or this machine's address on the network."""
        if self.bind not in ("0.0.0.0", "::"):
            return self.bind
        return local_address()


def local_address() -> str:
    """This machine's address on its network (the one a default route leaves from; no packet is sent)."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))   # TEST-NET-1: never routed anywhere, only picks the interface
        return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()
