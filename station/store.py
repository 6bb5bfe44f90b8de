"""The game journal: every game's config and actions in SQLite, committed action by action.

A game *is* its config plus its actions (docs/protocol.md), so the journal stores exactly those
and nothing derived. Each append is its own transaction, on disk before it returns (WAL with
``synchronous=FULL``; docs/journal.md has the measurements), so after a crash, ``kill -9`` or a
power cut the station reopens the game still "playing" and replays it to the same point.
A damaged file never stops the station: found at open or at any later read or write, it is
kept aside for a grown-up to look at, and a new journal begins (``JournalReset`` tells the
caller, so the game in play can carry on in the new one). Damage inside an action's row is found
by the row's check, chained to the row before (``link``): the game goes on from the last sound
action and the rest is set aside in the same file (docs/journal.md, "Damage inside a row"). Read-only, for ``history``, a damaged
file gives every game, and every action, that can still be read.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder, Journal(Path(folder) / "journal.sqlite3") as journal:
...     game_id = journal.start_game({"game": "math-wars", "players": ["Ana", "Ben"]})
...     journal.append(game_id, {"type": "play", "t": 1.5, "player": "Ana", "card": "MW-A-N21"})
...     journal.current_game().actions
1
[{'type': 'play', 't': 1.5, 'player': 'Ana', 'card': 'MW-A-N21'}]
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import EngineError
from engine.rules import new_game
from engine.protocol import Event, Game
from station.atomic_file import sync_folder
from station.clock_sync import ClockSource, clock_synchronised

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

    from station.game_plugin import StationGame

logger = logging.getLogger("station.store")

#: The layout version kept in ``PRAGMA user_version``; a journal of an older layout is migrated
#: when the station opens it (readers such as ``history`` read the older layout as it is).
SCHEMA_VERSION = 4
#: How long a write waits for another program holding the journal before it gives up.
BUSY_SECONDS = 5.0
PLAYING, FINISHED, STOPPED = "playing", "finished", "stopped"

#: The header's check of the layout number (SQLite's ``application_id``, beside ``user_version``):
#: "MC" and the number again. A damaged byte in either makes them disagree; a newer station writes
#: both, so a number above ours with its check is a newer layout, and without it a damaged header.
_CHECK_MARK = 0x4D43_0000
#: Layouts written before the header carried the check (application_id 0).
_UNCHECKED_LAYOUTS = (1, 2)
#: Action rows whose chain broke (damaged in the file), moved out of their game but kept for a grown-up.
_SET_ASIDE = """
CREATE TABLE set_aside (
    game_id INTEGER NOT NULL,       -- the game it belonged to
    seq     INTEGER NOT NULL,       -- its number in that game
    action  TEXT,                   -- as it was found: it may be damaged
    chain   TEXT,
    after   INTEGER NOT NULL,       -- the game's last sound action then: it went on from there
    found   TEXT NOT NULL           -- when it was set aside, local time
);"""

#: Ended games waiting for the class's broker (docs/classroom.md): queued in the transaction that
#: ends the game, marked sent when the broker has acknowledged the record (sent rows are kept).
_OUTBOX = """
CREATE TABLE outbox (
    seq     INTEGER PRIMARY KEY,    -- the order games ended in: they are sent in this order
    game_id INTEGER NOT NULL UNIQUE REFERENCES games (id),
    queued  TEXT NOT NULL,          -- when it was queued, local time
    sent    TEXT                    -- when the broker acknowledged it (NULL: still to send)
);
CREATE UNIQUE INDEX games_uid ON games (uid);"""

_SCHEMA = f"""
BEGIN IMMEDIATE;
CREATE TABLE games (
    id      INTEGER PRIMARY KEY,
    config  TEXT NOT NULL,          -- the game config, a JSON object
    started TEXT NOT NULL,          -- local time, ISO 8601
    ended   TEXT,                   -- when it was finished or stopped
    status  TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'stopped')),
    started_synced INTEGER,         -- 1: the clock was set from the network when it started; 0: not; NULL: unknown
    ended_synced   INTEGER,         -- the same when it ended
    chain   TEXT NOT NULL,          -- the check of its id and config, where its actions' chain starts
    uid     TEXT                    -- unique across stations: a uuid4's 32 hex digits (layout 4)
);
CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id),
    seq     INTEGER NOT NULL,       -- 1, 2 ... in play order
    action  TEXT NOT NULL,          -- the action, a JSON object
    chain   TEXT NOT NULL,          -- the check of this row, chained to the row before (see link())
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
{_SET_ASIDE}
{_OUTBOX}
PRAGMA user_version = {SCHEMA_VERSION};
PRAGMA application_id = {_CHECK_MARK | SCHEMA_VERSION};
COMMIT;
"""
_COLUMNS = {"games": {"id", "config", "started", "ended", "status"}, "actions": {"game_id", "seq", "action"}}
#: Columns (and tables) each later layout added.
_ADDED_COLUMNS = {2: {"games": {"started_synced", "ended_synced"}},
                  3: {"games": {"chain"}, "actions": {"chain"},
                      "set_aside": {"game_id", "seq", "action", "chain", "after", "found"}},
                  4: {"games": {"uid"}, "outbox": {"seq", "game_id", "queued", "sent"}}}
#: The next action's number in a game, and the check its own is chained to (the game's, before its first).
_LAST_LINK = """
SELECT coalesce(max(seq), 0) + 1,
       coalesce((SELECT CAST(chain AS BLOB) FROM actions WHERE game_id = :game ORDER BY seq DESC LIMIT 1),
                (SELECT CAST(chain AS BLOB) FROM games WHERE id = :game))
FROM actions WHERE game_id = :game
"""
#: The first row whose JSON is not an object; CASE because json_type() raises on malformed text.
_BAD_JSON = """
SELECT 'game ' || id || '''s config' FROM games WHERE {config}
UNION ALL
SELECT 'game ' || game_id || '''s action ' || seq FROM actions WHERE {action}
LIMIT 1
"""
_NOT_OBJECT_SQL = "CASE WHEN json_valid({0}) THEN json_type({0}) END IS NOT 'object'"
_NOT_OBJECT_PY = "NOT mcs_json_object({0})"   # for an SQLite built without its JSON functions
_SQLITE_CORRUPT, _SQLITE_NOTADB = 11, 26
#: SQLite errors that say something about the machine (busy, no permission, disk full or failing),
#: not about the file's contents: the file is left where it is and the error names the fix.
_NOT_DAMAGE = {3, 5, 6, 7, 8, 10, 13, 14, 23}  # PERM, BUSY, LOCKED, NOMEM, READONLY, IOERR, FULL, CANTOPEN, AUTH


class JournalError(Exception):
    """The journal cannot be opened, read or written; the message names the path and the fix."""


class NoSuchGame(JournalError, LookupError):
    """No game has that number in the journal."""


class NotJSON(JournalError, ValueError):
    """A config or action holds a value JSON cannot keep (a date, a set, NaN, a non-text key)."""


class JournalReset(JournalError):
    """Damage was found while the journal was in use: the file was kept aside and a new, empty
    journal started in its place (``Journal.recovered`` says where the old one is). The caller
    carries on in the new journal: the referee writes the game in play into it again."""


class _Damaged(Exception):
    """Internal: the file is not a sound journal; the message says what was found."""


#: What reading a damaged file raises: our own finding, SQLite's, or SQLite quoting garbled bytes.
_READ_DAMAGE = (_Damaged, sqlite3.DatabaseError, UnicodeDecodeError)


@dataclass(frozen=True)
class StoredGame:
    """One game as the journal keeps it: enough to replay it with ``engine.rules.replay``."""

    id: int
    config: dict[str, Any]
    actions: list[dict[str, Any]]
    started: str
    status: str                     # "playing" | "finished" | "stopped"
    ended: str | None = None
    problem: str | None = None      # read-only from a damaged file: why the actions stop where they do
    started_synced: bool | None = None   # was the clock set from the network when it started? None: unknown
    ended_synced: bool | None = None
    set_aside: str | None = None    # actions damaged in the file and set aside (how many, after which one)
    uid: str | None = None          # unique across stations (layout 4 on): the class's record of it


@dataclass(frozen=True)
class GameSummary:
    """What a teacher asks about a game afterwards, worked out by replaying it: the same for
    every game, and ``measures``, the game's own (Math Wars Meta: VICTORY! cards, hands, rounds)."""

    id: int
    game: str
    started: str
    ended: str | None
    status: str
    players: list[str]
    winner: str | None      # the winner, or the winners joined with " & " on a tie
    scores: dict[str, int]  # each side's score in the game's own measure (from its outcome)
    duration_s: float
    actions: int
    violations: int
    measures: dict[str, Any] = field(default_factory=dict)
    problem: str | None = field(default=None)   # why the replay stopped early, if it did
    started_synced: bool | None = None   # was the clock set from the network then? (None: not known)
    ended_synced: bool | None = None
    set_aside: str | None = None    # actions damaged in the file and set aside: how many, after which one


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Journal:
    """The station's game journal in one SQLite file.

    ``readonly=True`` is for readers such as ``mathstation history`` while the station runs: it
    never creates, moves or writes anything. A damaged file is then left where it is, ``damaged``
    says so, and ``games()`` returns the games that can still be read.
    """

    def __init__(self, path: Path, *, clock: Callable[[], datetime] = _local_now, readonly: bool = False,
                 clock_synced: ClockSource = clock_synchronised) -> None:
        self.path = Path(path)
        self.readonly = readonly
        #: One line when a damaged journal was moved aside at open (and a new one started).
        self.recovered: str | None = None
        #: One line when a journal opened read-only is damaged (it was left in place).
        self.damaged: str | None = None
        #: Games whose damaged actions were set aside at this open: game -> (how many, after which action).
        self.set_aside: dict[int, tuple[int, int]] = {}
        self._broken: dict[int, tuple[int, int]] = {}   # found by the open's check: see _broken_chains
        self._clock = clock
        self._clock_synced = clock_synced
        self._layout = SCHEMA_VERSION  # the file's layout: older only when read-only (a writer migrates)
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = self._open_readonly() if readonly else self._open_writable()

    # ---- opening ----------------------------------------------------------------------------

    def _open_writable(self) -> sqlite3.Connection:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise JournalError(f"cannot create the journal folder {folder} ({exc.strerror or exc}): create it and give "
                               "the station's user write access, or choose another state_dir") from exc
        if not os.access(folder, os.W_OK | os.X_OK):
            raise JournalError(f"cannot write in the journal folder {folder} (permission denied): give the station's "
                               f"user write access (sudo chown -R USER {folder}), or choose another state_dir")
        if self.path.is_dir():
            raise JournalError(f"{self.path} is a folder, not a journal file: move it away or choose another state_dir")
        db = self._connect(self.path)
        problem = self._inspect(db)   # (SQLite itself deletes a stale log found beside an empty file)
        if problem is not None:
            db.close()
            return self._fresh_after(problem)
        self._prepare(db)
        return db

    def _fresh_after(self, problem: str) -> sqlite3.Connection:
        """Keep the damaged file aside and open a new journal in its place."""
        kept = self._move_aside()
        self.recovered = f"The game journal was damaged; it was kept as {kept.name} and a new one started."
        logger.warning("%s (%s: %s)", self.recovered, self.path, problem)
        db = self._connect(self.path)
        problem_now = self._inspect(db)
        if problem_now is not None:  # a fresh file that is damaged: the disk, not the journal
            db.close()
            raise JournalError(f"a new journal at {self.path} is unreadable ({problem_now}): check the SD card or disk")
        self._prepare(db)
        return db

    def _reset(self, problem: str) -> JournalReset:
        """Damage found in use: the file goes aside, a new journal takes its place; the caller is told."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None
            self._db = self._fresh_after(problem)
        return JournalReset(f"{self.recovered} (found: {problem})")

    def _damage_found(self, problem: str, what: str, *, rows: bool = False) -> None:
        """Damage found while reading: read-only, note it and go on with what can be read; in use,
        keep the file aside and start afresh (``JournalReset``). ``rows``: actions not as written,
        which the station sets aside when it next opens the journal (the file stays)."""
        if self.readonly:
            if self.damaged is None:
                self.damaged = (f"The game journal is damaged ({problem}); showing what could be read. The station "
                                + ("sets the damaged actions aside when it next starts." if rows else
                                   "keeps it aside and starts a new one when it next starts."))
            logger.warning("%s: %s: %s", self.path, what, problem)
            return
        raise self._reset(problem)

    def _open_readonly(self) -> sqlite3.Connection:
        if not self.path.is_file():
            raise JournalError(f"no game journal at {self.path}: no game has been played with this state folder")
        # With no write-ahead log beside it, every commit is in the main file: read it "immutable",
        # which makes no -wal or -shm file (a teacher's account may not write there, and a reader
        # should leave no trace). With a log, the station is running (or was killed): read through it.
        query = "mode=ro" if _wal(self.path).exists() else "mode=ro&immutable=1"
        db = self._connect(self.path.absolute().as_uri() + "?" + query, uri=True)
        problem = self._inspect(db)
        if problem is not None:
            self.damaged = (f"The game journal is damaged ({problem}); showing what could be read. The station keeps "
                            "it aside and starts a new one when it next starts.")
            logger.warning("%s (%s)", self.damaged, self.path)
        return db

    def _connect(self, target: str | Path, *, uri: bool = False) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False, uri=uri)
        except sqlite3.Error as exc:
            raise self._failure("open the journal", exc) from exc
        db.text_factory = _strict_text   # bytes that are not UTF-8 are damage, never a crash
        db.create_function("mcs_json_object", 1, _is_json_object, deterministic=True)
        return db

    def _inspect(self, db: sqlite3.Connection) -> str | None:
        """What is wrong with the file, or None; a newer layout raises (it is not damage)."""
        try:
            return self._problem(db)
        except BaseException:
            db.close()
            raise

    def _problem(self, db: sqlite3.Connection) -> str | None:
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if not _header_sound(version, db.execute("PRAGMA application_id").fetchone()[0]):
                self._layout = _layout_by_shape(db)   # for a reader: what the tables say
                return f"layout number {version} (a damaged header)"
            if version > SCHEMA_VERSION:
                raise JournalError(f"{self.path} was written by a newer station (journal layout {version}, this one "
                                   f"reads up to {SCHEMA_VERSION}): update the station software")
            self._layout = version
            tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if version == 0:
                return f"not a game journal (tables: {', '.join(sorted(tables))})" if tables else None
            check = [row[0] for row in db.execute("PRAGMA quick_check")]
            if check != ["ok"]:
                return "integrity check: " + "; ".join(check[:3])
            for table, columns in _expected_columns(version).items():
                found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                if columns - found:
                    return f"table {table} lacks {', '.join(sorted(columns - found))}"
                if found - columns:   # a later layout's: the layout number is damaged
                    return f"table {table} has {', '.join(sorted(found - columns))}, unknown in layout {version}"
            problem = _first_unreadable(db, version)
            if problem is None and version >= 3 and not self.readonly:   # set aside by _prepare, once it may write
                self._broken = _broken_chains(db)
            return problem
        except _Damaged as exc:
            return str(exc)
        except UnicodeDecodeError as exc:  # SQLite's own error message quotes the garbled schema
            return f"the file's layout is garbled ({exc.reason})"
        except sqlite3.DatabaseError as exc:
            if is_damage(exc, inspecting=True):
                return str(exc)
            raise self._failure("open the journal", exc) from exc

    def _prepare(self, db: sqlite3.Connection) -> None:
        try:
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            # WAL + FULL syncs the log at every commit. Where WAL cannot work (some network file
            # systems), a rollback journal needs EXTRA to sync its deletion, the commit point.
            db.execute("PRAGMA synchronous = " + ("FULL" if mode == "wal" else "EXTRA"))
            if mode != "wal":
                logger.warning("%s: WAL is not available here (journal_mode %s): using a rollback journal", self.path, mode)
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                db.executescript(_SCHEMA)
                logger.info("new game journal at %s", self.path)
            for layout in range(max(version, 1) + 1, SCHEMA_VERSION + 1) if version else ():
                _migrate(db, layout)
                logger.info("game journal %s: layout %d now", self.path, layout)
            self._layout = SCHEMA_VERSION
            self._set_aside_broken_chains(db)
        except sqlite3.Error as exc:
            db.close()
            raise self._failure("prepare the journal", exc) from exc

    def _set_aside_broken_chains(self, db: sqlite3.Connection) -> None:
        """Every game whose chain of actions breaks (a row damaged, removed or out of place) goes on
        from the last sound action: the rest moves, as found, to ``set_aside``, in one transaction."""
        broken, self._broken = self._broken, {}
        if not broken:
            return
        found = self._now()
        db.execute("BEGIN IMMEDIATE")
        try:
            for game_id, (seq, after) in sorted(broken.items()):
                moved = db.execute("INSERT INTO set_aside (game_id, seq, action, chain, after, found) SELECT game_id, "
                                   "seq, action, chain, ?, ? FROM actions WHERE game_id = ? AND seq >= ?",
                                   (after, found, game_id, seq)).rowcount
                db.execute("DELETE FROM actions WHERE game_id = ? AND seq >= ?", (game_id, seq))
                self.set_aside[game_id] = (moved, after)
            db.execute("COMMIT")
        except BaseException:
            _quietly_roll_back(db)
            self.set_aside.clear()
            raise
        for game_id, (moved, after) in self.set_aside.items():
            logger.warning("game %d: %s after action %d set aside: the journal is damaged there (the next action is "
                           "not what was written); they are kept in the table set_aside (%s)",
                           game_id, _actions_word(moved), after, self.path)

    def _move_aside(self) -> Path:
        try:
            return keep_aside(self.path, self._clock())
        except OSError as exc:
            raise JournalError(f"the game journal {self.path} is damaged and cannot be moved aside "
                               f"({exc.strerror or exc}): move or delete it by hand") from exc

    # ---- writing ----------------------------------------------------------------------------

    def start_game(self, config: Mapping[str, Any]) -> int:
        """Record a new game, "playing"; a game still playing is "stopped" (one game at a time)."""
        text = _to_json(config, "game config")
        now, synced = self._now(), self._synced()
        with self._transaction("start a game") as db:
            stopped = [row[0] for row in db.execute("SELECT id FROM games WHERE status = ?", (PLAYING,))]
            db.execute("UPDATE games SET status = ?, ended = ?, ended_synced = ? WHERE status = ?",
                       (STOPPED, now, synced, PLAYING))
            for old in stopped:
                _queue(db, old, now)
            game_id = db.execute("SELECT coalesce(max(id), 0) + 1 FROM games").fetchone()[0]
            db.execute("INSERT INTO games (id, config, started, status, started_synced, chain, uid) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)", (game_id, text, now, PLAYING, synced,
                                                       link(b"", game_id, 0, text.encode()), new_uid()))
        for old in stopped:
            logger.info("game %s stopped: game %s started", old, game_id)
        assert game_id is not None
        return game_id

    def append(self, game_id: int, action: Mapping[str, Any]) -> int:
        """Record one action; it is on disk when this returns. Returns its number (1, 2 ...).
        Its check, chained to the row before, goes in the same row: no second write."""
        text = _to_json(action, "action")
        with self._transaction(f"record an action of game {game_id}") as db:
            self._require_playing(db, game_id, "record an action in it")
            seq, previous = db.execute(_LAST_LINK, {"game": game_id}).fetchone()
            db.execute("INSERT INTO actions (game_id, seq, action, chain) VALUES (?, ?, ?, ?)",
                       (game_id, seq, text, link(previous or b"", game_id, seq, text.encode())))
        return int(seq)

    def drop_last(self, game_id: int) -> dict[str, Any] | None:
        """Undo: remove and return the game's last action (None if it has none); replay the rest."""
        with self._transaction(f"undo the last action of game {game_id}") as db:
            self._require_playing(db, game_id, "undo in it")
            row = db.execute("SELECT seq, action FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT 1",
                             (game_id,)).fetchone()
            if row is None:
                return None
            action = self._parse(row[1], f"game {game_id}'s action {row[0]}")
            db.execute("DELETE FROM actions WHERE game_id = ? AND seq = ?", (game_id, row[0]))
        return action

    def finish(self, game_id: int) -> None:
        """The game ended normally (someone won)."""
        self._end(game_id, FINISHED)

    def stop(self, game_id: int) -> None:
        """The game was abandoned from the menu."""
        self._end(game_id, STOPPED)

    def _end(self, game_id: int, status: str) -> None:
        with self._transaction(f"mark game {game_id} {status}") as db:
            if self._status(db, game_id) == status:   # said twice (e.g. again after a restart): fine
                return
            self._require_playing(db, game_id, f"be {status} now")
            now = self._now()
            db.execute("UPDATE games SET status = ?, ended = ?, ended_synced = ? WHERE id = ?",
                       (status, now, self._synced(), game_id))
            _queue(db, game_id, now)   # for the class's broker, in the transaction that ends it

    # ---- the outbox: ended games for the class's broker (docs/classroom.md) -----------------

    def queue_ended(self) -> int:
        """Queue every ended game that never was (games of a journal older than the outbox, or
        played before it): a station joining a class sends its history once. Returns how many."""
        with self._transaction("queue the ended games") as db:
            now = self._now()
            ids = [row[0] for row in db.execute("SELECT id FROM games WHERE status != ? AND id NOT IN "
                                                "(SELECT game_id FROM outbox) ORDER BY id", (PLAYING,))]
            for game_id in ids:
                _queue(db, game_id, now)
        return len(ids)

    def outbox(self, limit: int = 20, after: int = 0) -> list[tuple[int, StoredGame]]:
        """Up to ``limit`` games still to send, oldest first, each with its place in the outbox
        (after ``after``'s): (seq, game)."""
        with self._lock:
            try:
                rows = self._connection().execute("SELECT seq, game_id FROM outbox WHERE sent IS NULL AND seq > ? "
                                                  "ORDER BY seq LIMIT ?", (after, limit)).fetchall()
            except _READ_DAMAGE as exc:
                self._read_failed(exc, "the outbox")
                return []
            games = {game.id: game for game in self._stored([game_id for _, game_id in rows])}
            return [(seq, games[game_id]) for seq, game_id in rows if game_id in games]

    def unsent(self) -> int:
        """How many ended games wait for the class's broker."""
        with self._lock:
            return int(self._connection().execute("SELECT count(*) FROM outbox WHERE sent IS NULL").fetchone()[0])

    def mark_sent(self, uid: str) -> None:
        """The broker has acknowledged this game's record: it is not sent again."""
        with self._transaction("mark a game sent") as db:
            db.execute("UPDATE outbox SET sent = ? WHERE sent IS NULL AND game_id = (SELECT id FROM games WHERE uid = ?)",
                       (self._now(), uid))

    def requeue_since(self, since: datetime) -> int:
        """Queue again the games whose records the broker acknowledged at ``since`` or later: it
        may have lost them (a broker that loses its power loses what it had not saved to disk).
        Returns how many."""
        with self._transaction("queue recent games again") as db:
            return db.execute("UPDATE outbox SET sent = NULL WHERE sent >= ?",
                              (since.isoformat(timespec="seconds"),)).rowcount

    def forget(self, name: str, same: Callable[[str, str], bool]) -> list[str]:
        """Remove every ended game ``name`` played (``same`` compares two names), with its actions
        and outbox row; returns their uids (so their records elsewhere can be cleared too)."""
        with self._transaction(f"forget {name}") as db:
            found = [(game_id, uid) for game_id, config, uid in
                     db.execute("SELECT id, config, uid FROM games WHERE status != ?", (PLAYING,)).fetchall()
                     if any(same(player, name) for player in _players(None, self._parse(config, "a game's config")))]
            for game_id, _ in found:
                for table, column in (("actions", "game_id"), ("set_aside", "game_id"), ("outbox", "game_id"),
                                      ("games", "id")):
                    db.execute(f"DELETE FROM {table} WHERE {column} = ?", (game_id,))
        if found:
            logger.info("forgot %s: %d game%s removed", name, len(found), "s" if len(found) != 1 else "")
        return [uid for _, uid in found if uid]

    # ---- reading ----------------------------------------------------------------------------

    def current_game(self) -> StoredGame | None:
        """The game still "playing" (to resume after a restart), with every action in order."""
        with self._lock:
            ids = self._ids("SELECT id FROM games WHERE status = ? ORDER BY id DESC LIMIT 1", (PLAYING,))
            games = self._stored(ids)
            return games[0] if games else None

    def game(self, game_id: int) -> StoredGame:
        """One game by its number, or ``NoSuchGame``."""
        with self._lock:
            games = self._stored(self._ids("SELECT id FROM games WHERE id = ?", (game_id,)))
            if not games:
                raise NoSuchGame(f"no game {game_id} in the journal {self.path}")
            return games[0]

    def games(self) -> list[StoredGame]:
        """Every game, newest first (by number: the Pi's clock may be wrong before it syncs)."""
        with self._lock:
            ids = set(self._ids("SELECT id FROM games ORDER BY id"))
            if self.damaged:  # from both ends: damage in the middle of the table hides only what lies there
                ids |= set(self._ids("SELECT id FROM games ORDER BY id DESC"))
            return self._stored(sorted(ids, reverse=True))

    def close(self) -> None:
        """Close the file (SQLite folds the write-ahead log back into it)."""
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- helpers ----------------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            raise JournalError(f"the journal {self.path} is closed")
        return self._db

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    def _synced(self) -> int | None:
        """1 or 0 (the clock is, or is not, set from the network), None when nothing can tell."""
        answer = self._clock_synced()
        return None if answer is None else int(bool(answer))

    @contextmanager
    def _transaction(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is on disk at the end, or none of it (it rolls back)."""
        if self.readonly:
            raise JournalError(f"cannot {doing}: the journal {self.path} was opened read-only")
        with self._lock:
            db = self._connection()
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except (_Damaged, UnicodeDecodeError) as exc:
                raise self._reset(_why(exc)) from exc
            except sqlite3.Error as exc:
                if db.in_transaction:
                    _quietly_roll_back(db)
                if is_damage(exc):
                    raise self._reset(str(exc)) from exc
                raise self._failure(doing, exc) from exc

    def _status(self, db: sqlite3.Connection, game_id: int) -> str:
        row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise NoSuchGame(f"no game {game_id} in the journal {self.path}")
        return str(row[0])

    def _require_playing(self, db: sqlite3.Connection, game_id: int, to_do: str) -> None:
        status = self._status(db, game_id)
        if status != PLAYING:
            raise JournalError(f"game {game_id} is {status}, so it cannot {to_do}: start a new game")

    def _ids(self, sql: str, params: tuple[Any, ...] = ()) -> list[int]:
        """Game numbers from a query; from a damaged file, the ones read before the damage."""
        ids: list[int] = []
        try:
            for (game_id,) in self._connection().execute(sql, params):
                ids.append(game_id)   # noqa: PERF401  # one by one: keeps the rows read before any damage
        except _READ_DAMAGE as exc:
            self._read_failed(exc, "the list of games")
        return ids

    def _stored(self, ids: list[int]) -> list[StoredGame]:
        """The games with these numbers. Read-only from a damaged file, a game whose config can be
        read is kept with the actions before the damage (``problem`` says where it stops)."""
        games = []
        for game_id in ids:
            try:
                row = self._connection().execute("SELECT CAST(config AS BLOB) FROM games WHERE id = ?",
                                                 (game_id,)).fetchone()
                if row is None:
                    continue
                config = self._parse(row[0], f"game {game_id}'s config")
            except _READ_DAMAGE as exc:
                self._read_failed(exc, f"game {game_id}")
                continue
            started, ended, status = (self._column(game_id, name) for name in ("started", "ended", "status"))
            synced = [self._column(game_id, name) if self._layout >= 2 else None
                      for name in ("started_synced", "ended_synced")]
            actions, problem, set_aside = self._actions(game_id, config_text=row[0])
            uid = self._column(game_id, "uid") if self._layout >= 4 else None
            games.append(StoredGame(game_id, config, actions, started or "?", status or "damaged", ended, problem,
                                    *(None if flag is None else flag == "1" for flag in synced), set_aside=set_aside,
                                    uid=uid))
        return games

    def _column(self, game_id: int, name: str) -> str | None:
        """One text column of a game (read alone, so damage there costs only that column)."""
        try:
            row = self._connection().execute(f"SELECT {name} FROM games WHERE id = ?", (game_id,)).fetchone()
        except _READ_DAMAGE as exc:
            self._read_failed(exc, f"game {game_id}'s {name}")
            return None
        return None if row is None or row[0] is None else str(row[0])

    def _actions(self, game_id: int, config_text: bytes) -> tuple[list[dict[str, Any]], str | None, str | None]:
        """The game's actions up to the first that cannot be read, or (layout 3 on) whose check does
        not follow from the row before: the rest are not trusted. Returns the actions, why they stop
        (a read that failed) and what was set aside (a broken chain, now or when the station opened it)."""
        actions: list[dict[str, Any]] = []
        db = self._connection()
        checked = self._layout >= 3
        previous, broken, after, bad = b"", 0, 0, b""
        try:
            if checked:
                previous = db.execute("SELECT CAST(chain AS BLOB) FROM games WHERE id = ?",
                                      (game_id,)).fetchone()[0] or b""
                if link(b"", game_id, 0, config_text).encode() != previous:
                    self._damage_found(f"game {game_id}'s config is not what was written", f"game {game_id}")
            rows = db.execute("SELECT seq, CAST(action AS BLOB), " + ("CAST(chain AS BLOB)" if checked else "NULL")
                              + " FROM actions WHERE game_id = ? ORDER BY seq", (game_id,))
            for seq, data, chain in rows:
                if broken or (checked and link(previous, game_id, seq, data or b"").encode() != chain):
                    bad = bad if broken else data
                    broken += 1
                    continue
                actions.append(self._parse(data, f"game {game_id}'s action {seq}"))
                previous, after = chain, seq
        except _READ_DAMAGE as exc:
            self._read_failed(exc, f"game {game_id}'s actions")
            return actions, f"the journal is damaged after action {len(actions)}: {_why(exc)}", None
        if broken:
            self._damage_found(_not_as_written(game_id, after + 1, bad), f"game {game_id}", rows=True)
        earlier, first = self._set_aside_before(game_id) if checked else (0, None)
        if broken + earlier == 0:
            return actions, None, None
        after = min(after, first) if first is not None else after
        return actions, None, (f"{_actions_word(broken + earlier)} set aside after action {after}: the journal was "
                               "damaged there")

    def _set_aside_before(self, game_id: int) -> tuple[int, int | None]:
        """How many of the game's actions were set aside when the station opened the journal, and after which."""
        try:
            count, first = self._connection().execute("SELECT count(*), min(after) FROM set_aside WHERE game_id = ?",
                                                      (game_id,)).fetchone()
        except _READ_DAMAGE as exc:
            self._read_failed(exc, f"game {game_id}'s actions set aside")
            return 0, None
        return int(count), first

    def _read_failed(self, exc: Exception, what: str) -> None:
        if isinstance(exc, sqlite3.DatabaseError) and not is_damage(exc, inspecting=True):
            raise self._failure(f"read {what}", exc) from exc
        self._damage_found(_why(exc), what)

    @staticmethod
    def _parse(text: str | bytes, what: str) -> dict[str, Any]:
        """A stored config or action (text, or its bytes) as the dict it must be, or ``_Damaged``."""
        if isinstance(text, bytes):
            _utf8(text, what)
            text = text.decode("utf-8")
        try:
            value = json.loads(text)
        except (TypeError, ValueError):
            raise _Damaged(f"{what} is not JSON") from None
        if not isinstance(value, dict):
            raise _Damaged(f"{what} is not a JSON object")
        return value

    def _failure(self, doing: str, exc: sqlite3.Error) -> JournalError:
        name = getattr(exc, "sqlite_errorname", "")
        text = str(exc)
        if name == "SQLITE_FULL" or "full" in text:
            why = f"the disk holding {self.path.parent} is full: delete something to make room"
        elif name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text:
            why = f"{self.path} is in use by another program: is a second station running? Stop it"
        elif name.startswith(("SQLITE_READONLY", "SQLITE_CANTOPEN", "SQLITE_PERM")) or "readonly" in text:
            why = (f"no permission to use {self.path} ({text}): run as the station's user (or with sudo), "
                   f"or give it write access to {self.path.parent}")
        elif is_damage(exc):
            why = f"{self.path} is damaged ({text})"
        else:
            why = f"{self.path}: {text}"
        return JournalError(f"cannot {doing}: {why}")


# ---- JSON in, JSON out ----------------------------------------------------------------------

def _to_json(value: Any, what: str) -> str:
    """``value`` as JSON text, or ``NotJSON`` naming the first field JSON would lose or change."""
    if not isinstance(value, Mapping):
        raise NotJSON(f"a {what} must be a JSON object (a dict), not {type(value).__name__}")
    return json.dumps(_plain(value, what, ""), ensure_ascii=False, allow_nan=False)


def _plain(value: Any, what: str, where: str, depth: int = 0) -> Any:
    if depth > 64:
        raise NotJSON(f"cannot store the {what}: {where or 'it'} is nested too deeply (or contains itself)")
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        if math.isfinite(value):
            return value
    elif isinstance(value, Mapping):
        for key in value:
            if not isinstance(key, str):
                raise NotJSON(f"cannot store the {what}: {where or 'it'} has a key {key!r} that is not text")
        return {key: _plain(item, what, f"{where}.{key}" if where else repr(key), depth + 1)
                for key, item in value.items()}
    elif isinstance(value, (list, tuple)):
        return [_plain(item, what, f"{where or 'it'}[{i}]", depth + 1) for i, item in enumerate(value)]
    shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:37] + "..."
    raise NotJSON(f"cannot store the {what}: {where or 'it'} is {shown} ({type(value).__name__}); a journal keeps "
                  "only text, numbers, true/false, null, lists and objects")


def _strict_text(data: bytes) -> str:
    """SQLite text to str; bytes that are not UTF-8 are damage (SQLite itself never checks)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _Damaged(f"bytes that are not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _first_unreadable(db: sqlite3.Connection, version: int) -> str | None:
    """Where the first row that cannot be read back whole is, or None: text that is not UTF-8
    (checked in Python: SQLite stores such bytes, and even passes them as JSON, without a word),
    a config that is not what was written (layout 3 on: its check), then a config or an action
    that is not a JSON object (checked in C when SQLite can). From layout 3 on, the actions'
    chain is checked instead, and a damaged action costs its game only the actions from there."""
    where = "the first game"
    checked = version >= 3
    try:
        # config only as bytes: read as text too, the text factory would find its damage first, unnamed
        for game_id, config, *_ in db.execute("SELECT id, CAST(config AS BLOB), started, ended, status FROM games"):
            _utf8(config, f"game {game_id}'s config")  # (the other columns pass the text factory)
            where = f"the game after game {game_id}"
        if not checked:
            for game_id, seq, action in db.execute("SELECT game_id, seq, CAST(action AS BLOB) FROM actions"):
                _utf8(action, f"game {game_id}'s action {seq}")
    except _Damaged as exc:
        return str(exc) if str(exc).startswith("game ") else f"{where}: {exc}"
    bad = _first_bad_json(db, actions=not checked)
    if bad:
        return f"{bad} is not a JSON object"
    for game_id, config, chain in db.execute("SELECT id, CAST(config AS BLOB), CAST(chain AS BLOB) FROM games"
                                             if checked else "SELECT 1, 2, 3 WHERE 0"):
        if link(b"", game_id, 0, config).encode() != chain:
            return f"game {game_id}'s config is not what was written"
    return None


def _utf8(data: object, what: str) -> None:
    if isinstance(data, bytes):
        try:
            data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise _Damaged(f"{what} holds bytes that are not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _is_json_object(text: Any) -> bool:
    """SQL function for the damage check: is ``text`` a JSON object? (No need for SQLite's JSON1.)"""
    try:
        return isinstance(json.loads(text), dict)
    except (TypeError, ValueError):
        return False


def _first_bad_json(db: sqlite3.Connection, *, actions: bool = True) -> str | None:
    """Where the first config (or action) that is not a JSON object is, or None (checked in C when SQLite can)."""
    try:
        row = db.execute(_BAD_JSON.format(config=_NOT_OBJECT_SQL.format("config"),
                                          action=_NOT_OBJECT_SQL.format("action") if actions else "0")).fetchone()
    except sqlite3.OperationalError as exc:
        if "json" not in str(exc):
            raise
        row = db.execute(_BAD_JSON.format(config=_NOT_OBJECT_PY.format("config"),
                                          action=_NOT_OBJECT_PY.format("action") if actions else "0")).fetchone()
    return row[0] if row else None


def link(previous: bytes, game_id: int, seq: int, text: bytes) -> str:
    """One row's check, chained: BLAKE2b (128 bits, hex) of the check before it, where the row lies
    (game, number) and its text's bytes. A game's chain starts with ``link(b"", id, 0, config)``;
    action n's is ``link(check of n-1, id, n, action)``. A changed byte, a row lost, moved or
    swapped breaks the chain there; a truncated tail does not (it is what an undo leaves)."""
    return hashlib.blake2b(b"%s %d %d\n%s" % (previous, game_id, seq, text), digest_size=16).hexdigest()


def _broken_chains(db: sqlite3.Connection) -> dict[int, tuple[int, int]]:
    """Game -> (the number of its first action whose check does not follow from the row before,
    the number of its last sound action: the one before, unless a row was lost between)."""
    starts = dict(db.execute("SELECT id, CAST(chain AS BLOB) FROM games").fetchall())
    previous: dict[int, bytes] = {}
    sound: dict[int, int] = {}
    broken: dict[int, tuple[int, int]] = {}
    for game_id, seq, text, chain in db.execute(
            "SELECT game_id, seq, CAST(action AS BLOB), CAST(chain AS BLOB) FROM actions ORDER BY game_id, seq"):
        if game_id in broken:
            continue
        if link(previous.get(game_id, starts.get(game_id) or b""), game_id, seq, text or b"").encode() == chain:
            previous[game_id], sound[game_id] = chain, seq
        else:
            broken[game_id] = (seq, sound.get(game_id, 0))
    return broken


def _layout_by_shape(db: sqlite3.Connection) -> int:
    """The layout the tables have, for a header whose layout number is damaged."""
    for layout in sorted(_ADDED_COLUMNS, reverse=True):
        if all(names <= {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
               for table, names in _ADDED_COLUMNS[layout].items()):
            return layout
    return 1


def layout_check(version: int) -> int:
    """The header check (``application_id``) a journal of layout ``version`` carries, from layout 3 on."""
    return _CHECK_MARK | version


def _header_sound(version: int, check: int) -> bool:
    """Do the header's layout number and its check agree? (An empty file has neither.)"""
    if check == 0:
        return version == 0 or version in _UNCHECKED_LAYOUTS
    return _UNCHECKED_LAYOUTS[-1] < version <= 0xFFFF and check == layout_check(version)


def _migrate(db: sqlite3.Connection, layout: int) -> None:
    """Bring the journal from the layout before ``layout`` to it, in one transaction."""
    db.execute("BEGIN IMMEDIATE")
    try:
        _MIGRATIONS[layout](db)
        db.execute(f"PRAGMA user_version = {layout}")
        if layout not in _UNCHECKED_LAYOUTS:
            db.execute(f"PRAGMA application_id = {layout_check(layout)}")
        db.execute("COMMIT")
    except BaseException:
        _quietly_roll_back(db)
        raise


def _add_clock_columns(db: sqlite3.Connection) -> None:
    db.execute("ALTER TABLE games ADD COLUMN started_synced INTEGER")
    db.execute("ALTER TABLE games ADD COLUMN ended_synced INTEGER")


def _add_chains(db: sqlite3.Connection) -> None:
    """Layout 3: every game and action gets its check, chained in play order, and set_aside is made."""
    db.execute("ALTER TABLE games ADD COLUMN chain TEXT NOT NULL DEFAULT ''")
    db.execute("ALTER TABLE actions ADD COLUMN chain TEXT NOT NULL DEFAULT ''")
    db.execute(_SET_ASIDE)
    starts = {game_id: link(b"", game_id, 0, config)
              for game_id, config in db.execute("SELECT id, CAST(config AS BLOB) FROM games").fetchall()}
    db.executemany("UPDATE games SET chain = ? WHERE id = ?", [(chain, game_id) for game_id, chain in starts.items()])
    previous: dict[int, str] = {}
    rows = []
    for game_id, seq, text in db.execute(
            "SELECT game_id, seq, CAST(action AS BLOB) FROM actions ORDER BY game_id, seq").fetchall():
        previous[game_id] = link(previous.get(game_id, starts.get(game_id, "")).encode(), game_id, seq, text)
        rows.append((previous[game_id], game_id, seq))
    db.executemany("UPDATE actions SET chain = ? WHERE game_id = ? AND seq = ?", rows)


def _add_outbox(db: sqlite3.Connection) -> None:
    """Layout 4: every game gets its uid, and the outbox is made (empty: a station queues its
    earlier games when it joins a class, ``Journal.queue_ended``)."""
    db.execute("ALTER TABLE games ADD COLUMN uid TEXT")
    db.executemany("UPDATE games SET uid = ? WHERE id = ?",
                   [(new_uid(), game_id) for (game_id,) in db.execute("SELECT id FROM games").fetchall()])
    for statement in _OUTBOX.split(";"):   # (execute() takes one statement; executescript() would commit)
        if statement.strip():
            db.execute(statement)


def new_uid() -> str:
    """A game's ID unique across stations: a uuid4's 32 hex digits (a record sent twice is stored once)."""
    return uuid.uuid4().hex


def _queue(db: sqlite3.Connection, game_id: int, now: str) -> None:
    """Put an ended game in the outbox (once: a game has one row there)."""
    db.execute("INSERT OR IGNORE INTO outbox (game_id, queued) VALUES (?, ?)", (game_id, now))


#: What brings a journal from the layout before to each layout.
_MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {2: _add_clock_columns, 3: _add_chains, 4: _add_outbox}


def _not_as_written(game_id: int, seq: int, text: bytes | None) -> str:
    """Why an action's check does not match, as precisely as its text tells."""
    what = f"game {game_id}'s action {seq}"
    try:
        Journal._parse(text or b"", what)
    except _Damaged as exc:
        return str(exc)
    return f"{what} is not what was written"


def _actions_word(count: int) -> str:
    return f"{count} action{'s' if count != 1 else ''}"


def _expected_columns(version: int) -> dict[str, set[str]]:
    """The columns a journal of layout ``version`` must have."""
    columns = {table: set(names) for table, names in _COLUMNS.items()}
    for layout, added in _ADDED_COLUMNS.items():
        if version >= layout:
            for table, names in added.items():
                columns.setdefault(table, set()).update(names)
    return columns


def _why(exc: Exception) -> str:
    if isinstance(exc, UnicodeDecodeError):
        return f"the file is damaged: garbled text ({exc.reason})"
    return str(exc) if isinstance(exc, _Damaged) else f"the file is damaged: {exc}"


def _quietly_roll_back(db: sqlite3.Connection) -> None:
    try:
        db.execute("ROLLBACK")
    except sqlite3.Error as exc:
        logger.warning("rollback failed: %s", exc)


def is_damage(exc: sqlite3.Error, *, inspecting: bool = False) -> bool:
    """Is this error the file's contents? Corrupt and not-a-database always are; while a file is
    being inspected or read, any error that is not about the machine (busy, permissions, a full
    or failing disk) is, too ("unsupported file format", "malformed database schema" ...)."""
    code = getattr(exc, "sqlite_errorcode", None)   # Python 3.11+
    if code is not None:
        primary = code & 0xFF
        return primary in (_SQLITE_CORRUPT, _SQLITE_NOTADB) or (inspecting and primary not in _NOT_DAMAGE)
    text = str(exc)
    if "malformed" in text or "not a database" in text:
        return True
    machine = ("locked", "busy", "readonly", "read-only", "permission", "full", "unable to open", "disk I/O", "memory")
    return inspecting and not any(word in text for word in machine)


def keep_aside(path: Path, when: datetime) -> Path:
    """Move a damaged SQLite file, with its ``-wal`` and ``-shm``, to ``NAME.damaged-YYYYmmdd-HHMMSS``
    (``-1``, ``-2`` … when taken) for a grown-up to look at; the move is on disk when this returns.
    Returns the new path; ``OSError`` if it cannot be moved."""
    base, n = f"{path.name}.damaged-{when.strftime('%Y%m%d-%H%M%S')}", 0
    while any(path.with_name((f"{base}-{n}" if n else base) + s).exists() for s in ("", "-wal", "-shm")):
        n += 1
    kept = path.with_name(f"{base}-{n}" if n else base)
    # The log first: a fresh file must never meet a stale log that is not its own.
    for suffix in ("-wal", "-shm", ""):
        source = path.with_name(path.name + suffix)
        if source.exists():
            os.replace(source, kept.with_name(kept.name + suffix))
    sync_folder(path.parent)   # the move is on disk before a new file starts
    return kept


def _wal(path: Path) -> Path:
    return path.with_name(path.name + "-wal")


# ---- summaries ------------------------------------------------------------------------------

def summarise(game: StoredGame, games: Mapping[str, StationGame]) -> GameSummary:
    """Replay ``game`` with the engine and sum it up: the outcome the game reports, and its own
    measures from its plug-in in ``games`` (handed down by the layer that chose them). A game the engine cannot replay to the end is summed up as far as
    it goes, and ``problem`` says why (history must show every game)."""
    live: Game | None = None
    events: list[Event] = []
    problem = game.problem   # read from a damaged file: where its actions stop
    try:
        live = new_game(game.config)
    except EngineError as exc:
        problem = f"the config cannot be used: {exc}"
    for number, action in enumerate(game.actions if live is not None else [], start=1):
        try:
            events.extend(live.apply(action))   # type: ignore[union-attr]  # no actions without a game
        except EngineError as exc:
            problem = f"action {number} cannot be replayed: {exc}"
            break
    winner, scores, measures = None, {}, {}
    if live is not None:
        outcome = live.outcome()
        winner = " & ".join(outcome.winners) if outcome.winners else None
        scores = {str(side): score for side, score in outcome.scores.items()}
        measures = games[live.name].history(live, events) if live.name in games else {}
    last_t = game.actions[-1].get("t") if game.actions else 0
    return GameSummary(
        id=game.id, game=str(game.config.get("game", "?")), started=game.started, ended=game.ended,
        status=game.status, players=_players(live, game.config), winner=winner, scores=scores,
        duration_s=float(last_t) if isinstance(last_t, (int, float)) else 0.0,
        actions=len(game.actions), violations=sum(1 for e in events if e["type"] == "violation"),
        measures=measures, problem=problem, started_synced=game.started_synced, ended_synced=game.ended_synced,
        set_aside=game.set_aside)


def _players(live: Game | None, config: Mapping[str, Any]) -> list[str]:
    """Player names in seating order: from the game, else (a config the engine refused) the config."""
    if live is not None:
        return list(live.seats())
    listed = config.get("players")
    if not isinstance(listed, list) and isinstance(config.get("teams"), dict):
        listed = [name for members in config["teams"].values() if isinstance(members, list) for name in members]
    names = [p.get("name") if isinstance(p, dict) else p for p in listed or []]
    return [str(name) for name in names if name is not None]
