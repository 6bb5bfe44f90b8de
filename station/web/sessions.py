"""Signed-in browsers: each gets a session of its own, a random id that is never the PIN.

A session lasts ``LIFETIME`` from the moment the PIN was typed and can be ended on its own (sign
out) or with every other (sign out everywhere). The open sessions are kept in the state folder
(``web-sessions.json``, mode 0600, only a digest of each id) so a restart keeps teachers signed
in; the file names the PIN they were opened with (a keyed digest), so a new PIN ends them all.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import secrets
import threading
import time
from pathlib import Path

from station.web.pin import write_private

SESSIONS_NAME = "web-sessions.json"
LIFETIME = 30 * 24 * 3600.0   # seconds: a teacher types the PIN about once a month per browser

log = logging.getLogger("station.web")


def _digest(session_id: str) -> str:
    return hashlib.sha256(session_id.encode()).hexdigest()


class Sessions:
    """The open sessions, each its expiry on the wall clock (``time.time``), kept in ``path`` when given."""

    def __init__(self, path: Path | None, *, pin: str, secret: bytes) -> None:
        self.path = path
        self.owner = hmac.new(secret, pin.encode(), hashlib.sha256).hexdigest()
        self.lock = threading.Lock()
        with self.lock:
            self.open_until = self._load()
            self._save()     # a new PIN or a damaged file: what ended stays ended after the next restart

    def open(self) -> str:
        """A new session's id, for the browser that has just typed the PIN."""
        session_id = secrets.token_urlsafe(32)
        with self.lock:
            self.open_until[_digest(session_id)] = time.time() + LIFETIME
            self._save()
        return session_id

    def valid(self, session_id: str) -> bool:
        with self.lock:
            return self.open_until.get(_digest(session_id), 0.0) > time.time()

    def end(self, session_id: str) -> None:
        with self.lock:
            if self.open_until.pop(_digest(session_id), None) is not None:
                self._save()

    def end_all(self) -> None:
        with self.lock:
            self.open_until.clear()
            self._save()

    def _load(self) -> dict[str, float]:
        if self.path is None:
            return {}
        try:
            kept = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            log.warning("teacher's page: %s cannot be read (%s): every browser types the PIN again", self.path, exc)
            return {}
        if not isinstance(kept, dict) or kept.get("pin") != self.owner or not isinstance(kept.get("sessions"), dict):
            return {}
        now = time.time()
        return {key: float(until) for key, until in kept["sessions"].items()
                if isinstance(until, (int, float)) and until > now}

    def _save(self) -> None:
        now = time.time()
        self.open_until = {key: until for key, until in self.open_until.items() if until > now}
        if self.path is None:
            return
        try:
            write_private(self.path, json.dumps({"pin": self.owner, "sessions": self.open_until}, indent=1) + "\n")
        except OSError as exc:   # the sessions still hold until the station restarts
            log.warning("teacher's page: cannot write %s (%s): sessions end when the station restarts",
                        self.path, exc.strerror or exc)
