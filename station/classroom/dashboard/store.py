"""The dashboard's own store, one SQLite file in its state folder (``classroom.sqlite3``): every
game record the stations sent, the last live state and status of each station, the children
the teacher asked to forget, and the teacher's own messages until the broker has them.

- A record is kept once: ``uid`` is unique across stations, so one delivered twice (a QoS 1
  resend, the retained copy at every subscribe) is stored once.
- A forgotten child's games are removed, and a record that arrives later for a game of theirs
  that ended before the forget is never stored (a station that was off the network sends it
  late; the broker may still hold it retained).
- The outbox holds the teacher's messages (roster, room, forget) by topic until the broker
  acknowledges them, so one sent while the broker is away goes when it returns, even across a
  restart of the dashboard.

Each change is one transaction on disk before it returns (WAL, ``synchronous=FULL``): the
broker is acknowledged only after the record is kept. A file that SQLite cannot open is moved
aside and a new one started: the records come back from the broker, where they are retained.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from station.classroom.topics import GameRecord, LiveState
from station.names import name_key

log = logging.getLogger("station.classroom")

STORE_NAME = "classroom.sqlite3"
SCHEMA_VERSION = 1
_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS records (
    n        INTEGER PRIMARY KEY,     -- the dashboard's own number for the game, shown as #
    uid      TEXT NOT NULL UNIQUE,    -- the station's uid: unique across stations
    station  TEXT NOT NULL,
    body     TEXT NOT NULL,           -- the GameRecord as received (JSON)
    players  TEXT NOT NULL,           -- JSON list of each player's name key (for a forget)
    received TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS stations (
    station   TEXT PRIMARY KEY,
    status    TEXT,                   -- online / offline, as the station (or its last will) said
    status_at TEXT,                   -- when the dashboard heard it
    live      TEXT                    -- the last LiveState (JSON)
);
CREATE TABLE IF NOT EXISTS forgets (
    request TEXT PRIMARY KEY,
    name    TEXT NOT NULL,
    at      TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS outbox (
    topic   TEXT PRIMARY KEY,
    payload TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS kept (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
PRAGMA user_version = {SCHEMA_VERSION};
"""


@dataclass(frozen=True)
class KeptRecord:
    n: int
    record: GameRecord
    received: str


@dataclass(frozen=True)
class StationRow:
    station: str
    status: str | None
    status_at: str | None
    live: LiveState | None


def now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def ended_before(ended: str | None, at: str) -> bool:
    """Whether a game that ended at ``ended`` ended before a forget made at ``at``; a time that
    cannot be compared counts as before (a forgotten child's game is never kept by doubt)."""
    try:
        end = datetime.fromisoformat((ended or "").replace("Z", "+00:00"))
        then = datetime.fromisoformat(at.replace("Z", "+00:00"))
    except ValueError:
        return True
    if (end.tzinfo is None) != (then.tzinfo is None):
        return True
    return end <= then


class ClassStore:
    """Thread-safe: the broker's thread writes, the page's threads read and the teacher's actions write."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.lock = threading.Lock()
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        try:
            db = self._connect()
            db.executescript(_SCHEMA)
            return db
        except sqlite3.DatabaseError as exc:
            aside = self.path.with_name(f"{self.path.name}.damaged-{datetime.now():%Y%m%d-%H%M%S}")
            self.path.rename(aside)
            log.warning("class dashboard: %s could not be read (%s): kept aside as %s; the games come back from "
                        "the broker", self.path, exc, aside.name)
            db = self._connect()
            db.executescript(_SCHEMA)
            return db

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None, timeout=10)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=FULL")
        return db

    def close(self) -> None:
        with self.lock:
            self.db.close()

    @contextmanager
    def _change(self, *, durable: bool = True) -> Iterator[sqlite3.Connection]:
        """One transaction; ``durable=False`` for what the broker sends again anyway (a live
        state, retained and republished every minute): committed without waiting for the disk,
        so thirty tables' live states do not wear a Pi's SD card with a flush each."""
        with self.lock:
            if not durable:
                self.db.execute("PRAGMA synchronous=NORMAL")
            try:
                self.db.execute("BEGIN IMMEDIATE")
                try:
                    yield self.db
                except BaseException:
                    self.db.execute("ROLLBACK")
                    raise
                self.db.execute("COMMIT")
            finally:
                if not durable:
                    self.db.execute("PRAGMA synchronous=FULL")

    # ---- records ---------------------------------------------------------------------------

    def add_record(self, record: GameRecord, players: list[str]) -> str:
        """Keep ``record``: "stored", "duplicate" (its uid is kept already) or "forgotten" (a
        player the teacher asked to forget, in a game that ended before)."""
        keys = sorted({name_key(p) for p in players})
        with self._change() as db:
            if db.execute("SELECT 1 FROM records WHERE uid = ?", (record["uid"],)).fetchone():
                return "duplicate"
            for name, at in db.execute("SELECT name, at FROM forgets").fetchall():
                if name_key(name) in keys and ended_before(record.get("ended"), at):
                    return "forgotten"
            db.execute("INSERT INTO records (uid, station, body, players, received) VALUES (?, ?, ?, ?, ?)",
                       (record["uid"], record["station"], json.dumps(record, ensure_ascii=False),
                        json.dumps(keys, ensure_ascii=False), now()))
        return "stored"

    def has_record(self, uid: str) -> bool:
        with self.lock:
            return self.db.execute("SELECT 1 FROM records WHERE uid = ?", (uid,)).fetchone() is not None

    def remove_record(self, station: str, uid: str) -> bool:
        with self._change() as db:
            return db.execute("DELETE FROM records WHERE uid = ? AND station = ?", (uid, station)).rowcount > 0

    def records(self) -> list[KeptRecord]:
        with self.lock:
            rows = self.db.execute("SELECT n, body, received FROM records ORDER BY n").fetchall()
        return [KeptRecord(n, json.loads(body), received) for n, body, received in rows]

    # ---- stations --------------------------------------------------------------------------

    def set_status(self, station: str, status: str) -> None:
        with self._change() as db:
            db.execute("INSERT INTO stations (station, status, status_at) VALUES (?, ?, ?) ON CONFLICT(station) "
                       "DO UPDATE SET status = excluded.status, status_at = excluded.status_at",
                       (station, status, now()))

    def set_live(self, station: str, live: LiveState | None) -> None:
        body = json.dumps(live, ensure_ascii=False) if live is not None else None
        with self._change(durable=False) as db:
            db.execute("INSERT INTO stations (station, live) VALUES (?, ?) ON CONFLICT(station) "
                       "DO UPDATE SET live = excluded.live", (station, body))

    def stations(self) -> list[StationRow]:
        with self.lock:
            rows = self.db.execute("SELECT station, status, status_at, live FROM stations ORDER BY station").fetchall()
        return [StationRow(station, status, at, json.loads(live) if live else None)
                for station, status, at, live in rows]

    # ---- forgetting ------------------------------------------------------------------------

    def forget(self, request: str, name: str, at: str) -> int:
        """Remember the forget and remove the child's games that ended before it; how many went."""
        key = name_key(name)
        with self._change() as db:
            db.execute("INSERT OR IGNORE INTO forgets (request, name, at) VALUES (?, ?, ?)", (request, name, at))
            gone = [n for n, players, body in db.execute("SELECT n, players, body FROM records").fetchall()
                    if key in json.loads(players) and ended_before(json.loads(body).get("ended"), at)]
            db.executemany("DELETE FROM records WHERE n = ?", [(n,) for n in gone])
        return len(gone)

    def forgets(self) -> list[tuple[str, str]]:
        """Each forgotten name and when, oldest first."""
        with self.lock:
            return [(name, at) for name, at in self.db.execute("SELECT name, at FROM forgets ORDER BY at").fetchall()]

    # ---- the teacher's messages, until the broker has them ---------------------------------

    def outbox_put(self, topic: str, payload: str) -> None:
        with self._change() as db:
            db.execute("INSERT INTO outbox (topic, payload) VALUES (?, ?) ON CONFLICT(topic) "
                       "DO UPDATE SET payload = excluded.payload", (topic, payload))

    def outbox_done(self, topic: str, payload: str) -> None:
        """The broker has this message: it leaves the outbox (unless a newer one for the topic waits)."""
        with self._change() as db:
            db.execute("DELETE FROM outbox WHERE topic = ? AND payload = ?", (topic, payload))

    def outbox(self) -> list[tuple[str, str]]:
        with self.lock:
            return self.db.execute("SELECT topic, payload FROM outbox ORDER BY rowid").fetchall()

    # ---- small values ----------------------------------------------------------------------

    def keep(self, key: str, value: Any) -> None:
        with self._change() as db:
            db.execute("INSERT INTO kept (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                       (key, json.dumps(value, ensure_ascii=False)))

    def kept(self, key: str, default: Any = None) -> Any:
        with self.lock:
            row = self.db.execute("SELECT value FROM kept WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default
