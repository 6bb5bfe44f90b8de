"""The teacher's page served from a thread of the daemon (docs/teacher.md says why a thread).

Werkzeug's threaded WSGI server (Flask's own) on ``[web] bind``:``port``, one daemon thread per
request, so a slow page or an open live stream never holds up another, and none of them touches
the referee (they read the ``Board``). Started only when ``[web] enabled``; nothing listens
otherwise.
"""

from __future__ import annotations

import logging
import socket
import threading
from pathlib import Path
from typing import Any

from werkzeug.serving import make_server

from station.roster import Roster
from station.web.app import create_app
from station.web.board import Board
from station.web.pin import load_or_make_pin

log = logging.getLogger("station.web")


class WebServer:
    """``start`` opens the port and serves in a thread; ``stop`` closes it."""

    def __init__(self, *, bind: str, port: int, state_dir: Path, roster: Roster, journal_file: Path,
                 config_path: Path | None, board: Board, **options: Any) -> None:
        self.pin = load_or_make_pin(state_dir)
        self.bind = bind
        self.app = create_app(pin=self.pin, roster=roster, journal_file=journal_file, config_path=config_path,
                              board=board, state_dir=state_dir, **options)
        self._server = make_server(bind, port, self.app, threaded=True)   # OSError when the port is taken
        self._server.daemon_threads = True
        self.port = self._server.server_port
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
