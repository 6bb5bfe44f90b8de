"""The class roster: the children's names a teacher keeps on the station, so the OLED's setup
seats real names and every game in the journal says who played.

It lives beside the game journal, in its own SQLite file (``roster.sqlite3``), with the journal's
care: each change is one transaction on disk before it returns (WAL, ``synchronous=FULL``), the
layout is versioned (``PRAGMA user_version``), and a damaged file never stops the station: every
name that can still be read is carried into a new file and the damaged one is kept aside (one
line in ``recovered`` says so). After each change the names are also written to a plain copy
beside it (``roster.sqlite3.names.txt``, one per line, replaced whole), so damage to the very page
that holds the names still loses none. A file of its own means damage to the journal never takes the
class list with it, and the other way round.

Names are what the OLED shows and the engine seats, by the one rule every name follows
(``station.names``: one to ``MAX_NAME`` characters, no control characters), and unique whatever
the case ("ana" is "Ana"). A bad name is refused with a reason a teacher can act on
(``RosterError``); nothing else changes.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as folder, Roster(Path(folder) / ROSTER_NAME) as roster:
...     roster.add(" Zoë ")
...     roster.add("ana")
...     roster.rename("ana", "Ana")
...     roster.names()
'Zoë'
'ana'
'Ana'
['Ana', 'Zoë']
"""

from __future__ import annotations

import csv
import io
import logging
import sqlite3
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from station.atomic_file import write_atomically
from station.i18n import _, ngettext
from station.names import MAX_NAME, BadName, name_key, same_name
from station.names import check_name as check_any_name
from station.store import BUSY_SECONDS, is_damage, keep_aside

if TYPE_CHECKING:
    from typing_extensions import Self

log = logging.getLogger("station.roster")

ROSTER_NAME = "roster.sqlite3"
SCHEMA_VERSION = 1
MAX_NAMES = 500  # a school's worth; a file with more is not a class list
#: Header cells that mark a CSV's first row as a header, and its name column.
NAME_HEADERS = ("name", "names", "first name", "firstname", "given name", "child", "pupil", "student")

_SCHEMA = f"""
BEGIN IMMEDIATE;
CREATE TABLE names (
    id    INTEGER PRIMARY KEY,
    name  TEXT NOT NULL UNIQUE,   -- as the teacher wrote it; unique whatever the case (checked in Python)
    added TEXT NOT NULL           -- local time, ISO 8601
);
PRAGMA user_version = {SCHEMA_VERSION};
COMMIT;
"""


class RosterError(ValueError):
    """A change to the roster that cannot be made; the message says why, in a teacher's words."""


class NewerRoster(RosterError):
    """A class list a newer station wrote: never rebuilt as damaged, the station must be updated."""


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the names added, and each row left out with its reason."""

    added: list[str] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # "row 4: ..." lines

    def summary(self) -> str:
        if not self.skipped:
            return ngettext("{n} name added.", "{n} names added.", len(self.added))
        added = ngettext("{n} name added", "{n} names added", len(self.added))
        return ngettext("{added}; {n} row left out (see below).", "{added}; {n} rows left out (see below).",
                        len(self.skipped), added=added)


def check_name(name: object) -> str:
    """The name as it is kept (``station.names.check_name``), or ``RosterError`` saying what is wrong."""
    try:
        return check_any_name(name)
    except BadName as exc:
        raise RosterError(str(exc)) from None


def _local_now() -> datetime:
    return datetime.now().astimezone()


class Roster:
    """The class list in one SQLite file; safe to share between threads (one lock)."""

    def __init__(self, path: Path, *, clock: Callable[[], datetime] = _local_now) -> None:
        self.path = Path(path)
        self._clock = clock
        self._lock = threading.RLock()
        #: One line when a damaged roster was kept aside and its readable names carried over.
        self.recovered: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = self._open()

    # ---- reading ----------------------------------------------------------------------------

    def names(self) -> list[str]:
        """Every name, in alphabetical order (case and accents aside)."""
        with self._lock:
            try:
                rows = self._db.execute("SELECT name FROM names").fetchall()
            except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                self._recover_in_use(exc)
                rows = self._db.execute("SELECT name FROM names").fetchall()
            return sorted((row[0] for row in rows), key=name_key)

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and any(same_name(name, known) for known in self.names())

    # ---- changing ---------------------------------------------------------------------------

    def add(self, name: str) -> str:
        """Add one name; returns it as kept."""
        tidy = check_name(name)
        with self._change(_("add a name")) as db:
            self._refuse_taken(db, tidy)
            self._refuse_full(db, 1)
            db.execute("INSERT INTO names (name, added) VALUES (?, ?)", (tidy, self._now()))
        log.info("roster: %s added", tidy)
        return tidy

    def rename(self, old: str, new: str) -> str:
        """Rename a child (games already played keep the name they were played under)."""
        tidy = check_name(new)
        with self._change(_("rename")) as db:
            found = self._find(db, old)
            self._refuse_taken(db, tidy, but=found)
            db.execute("UPDATE names SET name = ? WHERE name = ?", (tidy, found))
        log.info("roster: %s renamed %s", old, tidy)
        return tidy

    def remove(self, name: str) -> None:
        """Take a name off the list (games already played keep it)."""
        with self._change(_("remove a name")) as db:
            db.execute("DELETE FROM names WHERE name = ?", (self._find(db, name),))
        log.info("roster: %s removed", name)

    def import_csv(self, data: bytes | str) -> ImportReport:
        """Add the names of a CSV (one per row; a header row with a "name" column picks that
        column). Every good row is added in one transaction; each bad one is reported, with its
        row number and why, and nothing else is lost."""
        rows, skipped = read_csv(data)
        added: list[str] = []
        with self._change(_("import names")) as db:
            taken = [row[0] for row in db.execute("SELECT name FROM names")]
            for number, cell in rows:
                try:
                    tidy = check_name(cell)
                except RosterError as exc:
                    skipped.append(_("row {number}: {reason}", number=number, reason=exc))
                    continue
                same = next((known for known in taken if same_name(known, tidy)), None)
                if same is not None:
                    skipped.append(_("row {number}: {name} is already on the list", number=number, name=tidy) if same == tidy
                                   else _("row {number}: {name} is already on the list (as {known})", number=number,
                                          name=tidy, known=same))
                    continue
                if len(taken) >= MAX_NAMES:
                    skipped.append(_("row {number}: {name} was not added: the list holds {most} names at most",
                                     number=number, name=tidy, most=MAX_NAMES))
                    continue
                db.execute("INSERT INTO names (name, added) VALUES (?, ?)", (tidy, self._now()))
                taken.append(tidy)
                added.append(tidy)
        log.info("roster: %d names imported, %d rows left out", len(added), len(skipped))
        return ImportReport(added, skipped)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ---- helpers ----------------------------------------------------------------------------

    def _now(self) -> str:
        return self._clock().isoformat(timespec="seconds")

    @property
    def copy_path(self) -> Path:
        return self.path.with_name(self.path.name + ".names.txt")

    def _write_copy(self) -> None:
        """The names, one per line, in a file replaced whole (a temp file renamed over it)."""
        names = [row[0] for row in self._db.execute("SELECT name FROM names ORDER BY id")]
        try:
            write_atomically(self.copy_path, "".join(f"{name}\n" for name in names))
        except OSError as exc:  # the SQLite file holds them: the copy is the second line of defence
            log.warning("cannot write the class list's copy %s: %s", self.copy_path, exc)

    @staticmethod
    def _find(db: sqlite3.Connection, name: str) -> str:
        for (known,) in db.execute("SELECT name FROM names"):
            if known == name or same_name(known, name):
                return str(known)
        raise RosterError(_("{name} is not on the list", name=repr(name)))

    @staticmethod
    def _refuse_taken(db: sqlite3.Connection, name: str, but: str | None = None) -> None:
        for (known,) in db.execute("SELECT name FROM names"):
            if known != but and same_name(known, name):
                already = (_("{name} is already on the list", name=name) if known == name
                           else _("{name} is already on the list (as {known})", name=name, known=known))
                raise RosterError(_("{already}: two children with one name could not be told apart; add an initial",
                                    already=already))

    @staticmethod
    def _refuse_full(db: sqlite3.Connection, more: int) -> None:
        if db.execute("SELECT count(*) FROM names").fetchone()[0] + more > MAX_NAMES:
            raise RosterError(_("the list holds {most} names at most: remove some first", most=MAX_NAMES))

    @contextmanager
    def _change(self, doing: str) -> Iterator[sqlite3.Connection]:
        """One transaction: all of it is on disk at the end, or none of it."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    yield db
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                self._write_copy()
            except (sqlite3.DatabaseError, UnicodeDecodeError) as exc:
                if db.in_transaction:
                    _quietly_roll_back(db)
                if isinstance(exc, UnicodeDecodeError) or is_damage(exc):
                    self._recover_in_use(exc)
                    raise RosterError(_("the class list was damaged and has been rebuilt from what could be read: "
                                        "{doing} again", doing=doing)) from exc
                raise RosterError(_("cannot {doing}: {reason}", doing=doing,
                                    reason=_machine_problem(exc, self.path))) from exc

    # ---- opening and damage -----------------------------------------------------------------

    def _open(self) -> sqlite3.Connection:
        db = self._connect()
        problem = _problem(db)
        if problem is not None:
            db.close()
            return self._fresh_after(problem)
        self._prepare(db)
        if not self.copy_path.exists():
            self._db = db
            self._write_copy()
        return db

    def _connect(self) -> sqlite3.Connection:
        try:
            db = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise RosterError(_("cannot open the class list {path}: {reason}", path=self.path, reason=exc)) from exc
        db.text_factory = _strict_text
        return db

    def _prepare(self, db: sqlite3.Connection) -> None:
        mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
        db.execute("PRAGMA synchronous = " + ("FULL" if mode == "wal" else "EXTRA"))
        if db.execute("PRAGMA user_version").fetchone()[0] == 0:
            db.executescript(_SCHEMA)
            log.info("new class list at %s", self.path)

    def _fresh_after(self, problem: str, names: list[str] | None = None) -> sqlite3.Connection:
        """Keep the damaged file aside; a new one holds every name that could be read."""
        saved = names if names is not None else _salvage(self.path)
        saved += [name for name in self._read_copy() if not any(same_name(name, known) for known in saved)]
        try:
            kept = keep_aside(self.path, self._clock())
        except OSError as exc:
            raise RosterError(_("the class list {path} is damaged and cannot be moved aside ({reason}): move or delete "
                                "it by hand", path=self.path, reason=exc.strerror or exc)) from exc
        db = self._connect()
        self._prepare(db)
        db.execute("BEGIN IMMEDIATE")
        for name in saved:
            db.execute("INSERT OR IGNORE INTO names (name, added) VALUES (?, ?)", (name, self._now()))
        db.execute("COMMIT")
        self._db = db
        self._write_copy()
        self.recovered = ngettext("The class list was damaged; {n} name could be read and was kept, and the file was "
                                  "kept as {file}.",
                                  "The class list was damaged; {n} names could be read and were kept, and the file "
                                  "was kept as {file}.", len(saved), file=kept.name)
        log.warning("%s (%s: %s)", self.recovered, self.path, problem)
        return db

    def _read_copy(self) -> list[str]:
        try:
            lines = self.copy_path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            return []
        names: list[str] = []
        for line in lines:
            try:
                names.append(check_name(line))
            except RosterError:
                continue
        return names

    def _recover_in_use(self, exc: Exception) -> None:
        """Damage found after opening: carry the readable names into a new file."""
        if isinstance(exc, sqlite3.DatabaseError) and not is_damage(exc, inspecting=True):
            raise RosterError(_("cannot read the class list: {reason}", reason=_machine_problem(exc, self.path))) from exc
        names = _salvage_from(self._db)
        self._db.close()
        self._db = self._fresh_after(str(exc), names)


def _problem(db: sqlite3.Connection) -> str | None:
    """What is wrong with an opened roster file, or None."""
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise NewerRoster(_("the class list was written by a newer station (layout {version}): update the "
                                "station software", version=version))
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if version == 0:
            return f"not a class list (tables: {', '.join(sorted(tables))})" if tables else None
        if version < 0:
            return f"layout number {version} (a damaged header)"
        check = [row[0] for row in db.execute("PRAGMA quick_check")]
        if check != ["ok"]:
            return "integrity check: " + "; ".join(check[:3])
        if {"id", "name", "added"} - {row[1] for row in db.execute("PRAGMA table_info(names)")}:
            return "the names table does not have its columns"
        for (name,) in db.execute("SELECT name FROM names"):
            check_name(name)
    except RosterError as exc:
        if isinstance(exc, NewerRoster):
            raise
        return f"a stored name cannot be used: {exc}"
    except UnicodeDecodeError as exc:
        return f"garbled text ({exc.reason})"
    except sqlite3.DatabaseError as exc:
        if is_damage(exc, inspecting=True):
            return str(exc)
        raise RosterError(_("cannot open the class list: {reason}", reason=exc)) from exc
    return None


def _salvage(path: Path) -> list[str]:
    """Every good name that can still be read from a damaged file (row by row: damage in one row
    costs that row)."""
    try:
        db = sqlite3.connect(f"{path.absolute().as_uri()}?mode=ro", uri=True, check_same_thread=False)
    except sqlite3.Error:
        return []
    try:
        return _salvage_from(db)
    finally:
        db.close()


def _salvage_from(db: sqlite3.Connection) -> list[str]:
    names: list[str] = []
    try:
        ids = [row[0] for row in db.execute("SELECT id FROM names ORDER BY id")]
    except (sqlite3.DatabaseError, UnicodeDecodeError):
        ids = []
    for row_id in ids:
        try:
            row = db.execute("SELECT CAST(name AS BLOB) FROM names WHERE id = ?", (row_id,)).fetchone()
            name = check_name(bytes(row[0]).decode("utf-8"))
        except (sqlite3.DatabaseError, UnicodeDecodeError, RosterError, TypeError):
            continue
        if not any(same_name(name, known) for known in names):
            names.append(name)
    return names


def read_csv(data: bytes | str) -> tuple[list[tuple[int, str]], list[str]]:
    """The name cell of every row of a CSV (row numbers as a spreadsheet counts them), and the rows
    already known to be bad. UTF-8 (with or without Excel's BOM), else Windows-1252; commas,
    semicolons or tabs; a header row with a "name" column picks that column, else the first."""
    skipped: list[str] = []
    if isinstance(data, bytes):
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            text = data.decode("cp1252", errors="replace")
            skipped.append(_("note: the file is not UTF-8; it was read as Windows-1252 (check accented names)"))
    else:
        text = data.lstrip("\ufeff")
    if "\x00" in text:
        raise RosterError(_("this is not a CSV file (it holds binary data): save the list as CSV from the spreadsheet"))
    first_line = text.lstrip("\r\n").partition("\n")[0]
    delimiter = max(",;\t", key=first_line.count)  # a spreadsheet's separator is all over its first row
    rows = _records(text, delimiter if first_line.count(delimiter) else ",")
    column, first = 0, 1
    if rows and not isinstance(rows[0], str):
        header = [cell.strip().casefold() for cell in rows[0]]
        named = [i for i, cell in enumerate(header) if cell in NAME_HEADERS]
        if named:
            column, first = named[0], 2
    cells: list[tuple[int, str]] = []
    for number, row in enumerate(rows[first - 1:], start=first):
        if isinstance(row, str):
            skipped.append(_("row {number}: {reason}", number=number, reason=row))
            continue
        if not any(cell.strip() for cell in row):
            continue  # a blank line between groups: nothing to add, nothing to report
        if column >= len(row):
            skipped.append(_("row {number}: no name in column {column}", number=number, column=column + 1))
            continue
        cells.append((number, row[column]))
    return cells, skipped


def _records(text: str, delimiter: str) -> list[list[str] | str]:
    """Every record of the CSV: its cells, or why it cannot be read (a cell longer than the csv
    module reads, ``csv.field_size_limit``); the reader goes on at the next line, so one such
    record costs only itself."""
    reader = csv.reader(io.StringIO(text), delimiter=delimiter)
    records: list[list[str] | str] = []
    while True:
        try:
            records.append(next(reader))
        except StopIteration:
            return records
        except csv.Error as exc:
            if "field limit" in str(exc):
                most = format(csv.field_size_limit(), ",")
                records.append(_("a cell is over {most} characters long: that is no name (is this the class list?)",
                                 most=most))
            else:
                records.append(_("cannot be read as CSV ({problem})", problem=exc))




def _strict_text(data: bytes) -> str:
    return data.decode("utf-8")


def _quietly_roll_back(db: sqlite3.Connection) -> None:
    try:
        db.execute("ROLLBACK")
    except sqlite3.Error as exc:
        log.warning("rollback failed: %s", exc)


def _machine_problem(exc: Exception, path: Path) -> str:
    text = str(exc)
    if "full" in text:
        return _("the disk holding {folder} is full: delete something to make room", folder=path.parent)
    if "locked" in text or "busy" in text:
        return _("{path} is in use by another program", path=path)
    if "readonly" in text or "read-only" in text:
        return _("no permission to write {path}: run as the station's user", path=path)
    return text
