"""The class dashboard running: its store, the link to the broker, the roster and the page,
started and stopped together (``mathstation classroom`` does it; the tests do it on a real broker).

The page is served by Werkzeug's threaded server on ``[page] bind``:``port``, as a station's
page is (``station.web.server``): one thread per request, so an open live stream never holds
up another page.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from werkzeug.serving import make_server

from station.classroom.dashboard.app import adopt_roster, create_app
from station.classroom.dashboard.board import ChangeBoard
from station.classroom.dashboard.link import ClassLink
from station.classroom.dashboard.settings import Settings
from station.classroom.dashboard.store import STORE_NAME, ClassStore
from station.roster import ROSTER_NAME, Roster
from station.web.pin import load_or_make_pin
from station.web.server import listen, local_address

if TYPE_CHECKING:
    from station.game_plugin import StationGame

log = logging.getLogger("station.classroom")


class Dashboard:
    """``start`` connects to the broker (trying until it answers) and serves the page; ``stop`` ends both."""

    def __init__(self, settings: Settings, games: Mapping[str, StationGame], **options: Any) -> None:
        self.settings = settings
        settings.state_dir.mkdir(parents=True, exist_ok=True)
        self.pin = load_or_make_pin(settings.state_dir)
        self.store = ClassStore(settings.state_dir / STORE_NAME)
        self.roster = Roster(settings.state_dir / ROSTER_NAME)
        self.board = ChangeBoard()
        self.link = ClassLink(settings, self.store, self.board, games,
                              on_roster=lambda message: adopt_roster(self.roster, self.store, message))
        self.app = create_app(pin=self.pin, class_name=settings.class_name, store=self.store, link=self.link,
                              roster=self.roster, board=self.board, games=games, state_dir=settings.state_dir,
                              **options)
        listening = listen(settings.bind, settings.page_port)
        try:
            self.port = int(listening.getsockname()[1])
            self._server = make_server(settings.bind, self.port, self.app, threaded=True, fd=listening.fileno())
        finally:
            listening.close()
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="class-dashboard", daemon=True)

    def start(self) -> None:
        self.link.start()
        self._thread.start()
        log.info("class dashboard on %s", self.address())

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)
        self.link.stop()
        self.store.close()
        self.roster.close()

    def address(self) -> str:
        host = self.settings.bind if self.settings.bind not in ("0.0.0.0", "::") else local_address()
        return f"http://{host}:{self.port}/"
