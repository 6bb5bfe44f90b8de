"""What the journal tells the people around the station, word for word: the teacher reading
``history``, the grown-up reading the station's log (``journalctl``, INFO and up), the person
fixing a card or a folder. When the journal is locked, unreadable or damaged, the message names
the file, what was set aside and what to do; a problem is reported for the game and the action
it is in; the summary history prints is the game's own.

Real SQLite files in tmp_path. Where the machine's trouble cannot be made for real (a disk
without shared memory, an SQLite without its JSON functions), the journal's own file is opened
through SQLite as that machine would give it, and nothing of the journal is replaced.
"""

from __future__ import annotations

import logging
import shutil
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from station import store
from station.games import plugins
from station.paths import JOURNAL_NAME
from station.store import Journal, JournalError, JournalReset, NoSuchGame, NotJSON, StoredGame, summarise
from test_store import CONFIG, WHEN, _kept_aside, fixed_clock, layout_1_journal, plays

KEPT = "journal.sqlite3.damaged-20261121-101500"   # where fixed_clock's station keeps a damaged journal
NOW_SHOWING = "showing what could be read. The station keeps it aside and starts a new one when it next starts."
ROWS_SHOWING = "showing what could be read. The station sets the damaged actions aside when it next starts."


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / JOURNAL_NAME


@pytest.fixture
def quick(monkeypatch) -> None:
    """Another program's lock is waited for 0.05 s instead of 5 (the words are the same)."""
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)


def logged(caplog) -> list[str]:
    """The journal's log lines, as journalctl shows them."""
    return [record.getMessage() for record in caplog.records if record.name == "station.store"]


def record_games(journal: Journal, count: int) -> list[int]:
    """``count`` games of three plays each (each new game stops the one before)."""
    ids = []
    for _ in range(count):
        ids.append(journal.start_game(CONFIG))
        for action in plays()[:3]:
            journal.append(ids[-1], action)
    return ids


def games_of(path: Path, count: int = 2) -> list[int]:
    with Journal(path, clock=fixed_clock) as journal:
        return record_games(journal, count)


def change(path: Path, *sql: str) -> None:
    """Another program (or a failing card) changes the file under the journal."""
    db = sqlite3.connect(path)
    for statement in sql:
        db.execute(statement)
    db.commit()
    db.close()


# ---- the machine's trouble: named with its fix, and the file stays where it is --------------------

def test_a_journal_another_program_holds_when_the_station_starts_is_named_and_left_alone(path: Path, quick) -> None:
    (game_id,) = games_of(path, count=1)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA locking_mode = EXCLUSIVE")   # e.g. a copy tool that locks the whole file
    other.execute("BEGIN EXCLUSIVE")
    in_use = f"cannot open the journal: {path} is in use by another program: is a second station running? Stop it"
    try:
        for readonly in (False, True):   # the station starting, and history
            with pytest.raises(JournalError) as caught:
                Journal(path, readonly=readonly)
            assert str(caught.value) == in_use
    finally:
        other.close()
    assert _kept_aside(path) == []
    with Journal(path) as journal:
        assert journal.recovered is None and journal.current_game().actions == plays()[:3]   # type: ignore[union-attr]
        assert journal.current_game().id == game_id   # type: ignore[union-attr]


def test_a_journal_another_program_is_writing_when_the_station_starts_is_named(path: Path, quick) -> None:
    layout_1_journal(path)   # an older layout, so the station must write to migrate it
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(JournalError) as caught:
            Journal(path)
    finally:
        other.close()
    assert str(caught.value) == (f"cannot prepare the journal: {path} is in use by another program: is a second "
                                 "station running? Stop it")
    assert _kept_aside(path) == [] and sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1


def test_every_write_names_what_it_could_not_do_while_another_program_holds_the_journal(path: Path, quick) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, plays()[0])
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        held = f"{path} is in use by another program: is a second station running? Stop it"
        for write, doing in [(lambda: journal.start_game(CONFIG), "start a game"),
                             (lambda: journal.drop_last(game_id), f"undo the last action of game {game_id}"),
                             (lambda: journal.finish(game_id), f"mark game {game_id} finished"),
                             (lambda: journal.stop(game_id), f"mark game {game_id} stopped")]:
            with pytest.raises(JournalError) as caught:
                write()
            assert str(caught.value) == f"cannot {doing}: {held}"
        other.execute("ROLLBACK")
        other.close()
        assert journal.current_game().actions == plays()[:1]   # type: ignore[union-attr]
    assert _kept_aside(path) == []


def test_with_a_rollback_journal_a_reader_in_the_way_fails_the_write_whole_and_the_next_one_works(path: Path,
                                                                                                  quick) -> None:
    """Where WAL cannot work the journal is a rollback journal, and a commit waits for readers:
    one that stays in the way fails the write, which is rolled back, and the journal goes on."""
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal._connection().execute("PRAGMA journal_mode = DELETE")   # as on a disk without shared memory
        reader = sqlite3.connect(path, isolation_level=None)
        reader.execute("BEGIN")
        reader.execute("SELECT count(*) FROM actions").fetchone()    # e.g. history, reading at that moment
        with pytest.raises(JournalError) as caught:
            journal.append(game_id, plays()[0])
        assert str(caught.value) == (f"cannot record an action of game {game_id}: {path} is in use by another "
                                     "program: is a second station running? Stop it")
        reader.execute("COMMIT")
        assert journal.append(game_id, plays()[0]) == 1    # nothing of the failed one, and no transaction left open
        reader.execute("BEGIN EXCLUSIVE")                  # another program writing: nothing can be read meanwhile
        with pytest.raises(JournalError) as caught:
            journal.games()
        assert str(caught.value) == (f"cannot read the list of games: {path} is in use by another program: is a "
                                     "second station running? Stop it")
        reader.execute("ROLLBACK")
        reader.close()
        assert journal.current_game().actions == plays()[:1]   # type: ignore[union-attr]
    assert _kept_aside(path) == []


def test_a_journal_that_links_to_a_missing_place_names_the_fix(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.symlink_to(path.parent / "usb-stick" / JOURNAL_NAME)   # the stick is not plugged in
    with pytest.raises(JournalError) as caught:
        Journal(path)
    assert str(caught.value) == (f"cannot open the journal: no permission to use {path} (unable to open database "
                                 f"file): run as the station's user (or with sudo), or give it write access to "
                                 f"{path.parent}")


def test_a_folder_where_the_journal_file_should_be_is_named(path: Path) -> None:
    path.mkdir(parents=True)
    with pytest.raises(JournalError) as caught:
        Journal(path)
    assert str(caught.value) == f"{path} is a folder, not a journal file: move it away or choose another state_dir"


def test_a_journal_folder_that_cannot_be_made_says_why_and_what_to_do(tmp_path: Path) -> None:
    (tmp_path / "state").write_text("a file where the folder should be")
    folder = tmp_path / "state" / "mathstation"
    with pytest.raises(JournalError) as caught:
        Journal(folder / JOURNAL_NAME)
    assert str(caught.value) == (f"cannot create the journal folder {folder} (Not a directory): create it and give "
                                 "the station's user write access, or choose another state_dir")


@pytest.mark.parametrize(("code", "name", "words", "why"), [
    (3, "SQLITE_PERM", "access permission denied",
     "no permission to use {path} (access permission denied): run as the station's user (or with sudo), or give it "
     "write access to {folder}"),
    (14, "SQLITE_CANTOPEN", "unable to open database file",
     "no permission to use {path} (unable to open database file): run as the station's user (or with sudo), or give "
     "it write access to {folder}"),
])
def test_sqlites_error_name_alone_names_the_fix_when_its_words_do_not(path: Path, code: int, name: str, words: str,
                                                                      why: str) -> None:
    """From Python 3.11 an error carries SQLite's code and name; these two say nothing of "readonly"."""
    error = sqlite3.OperationalError(words)
    error.sqlite_errorcode, error.sqlite_errorname = code, name
    with Journal(path) as journal:
        assert str(journal._failure("open the journal", error)) == "cannot open the journal: " + why.format(
            path=path, folder=path.parent)


@pytest.mark.skipif(not hasattr(sqlite3.Connection, "setlimit"), reason="Connection.setlimit needs Python 3.11")
def test_an_action_sqlite_refuses_as_too_big_is_named_and_the_journal_is_kept(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal._connection().setlimit(sqlite3.SQLITE_LIMIT_LENGTH, 10_000)   # a small SQLite build's limit
        with pytest.raises(JournalError) as caught:
            journal.append(game_id, {**plays()[0], "note": "x" * 20_000})
        assert str(caught.value) == f"cannot record an action of game {game_id}: {path}: string or blob too big"
        assert not isinstance(caught.value, JournalReset) and journal.recovered is None
        assert journal.append(game_id, plays()[0]) == 1
    assert _kept_aside(path) == []


def test_a_closed_journal_says_so(path: Path) -> None:
    journal = Journal(path)
    journal.close()
    for use in (journal.current_game, journal.games, lambda: journal.append(1, plays()[0])):
        with pytest.raises(JournalError) as caught:
            use()
        assert str(caught.value) == f"the journal {path} is closed"


def test_the_journal_is_shared_by_the_stations_threads(path: Path) -> None:
    """The buttons and the camera call the referee from their own threads."""
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        numbers: list[int] = []
        worker = threading.Thread(target=lambda: numbers.extend(journal.append(game_id, a) for a in plays()[:2]))
        worker.start()
        worker.join()
        assert numbers == [1, 2] and journal.current_game().actions == plays()[:2]   # type: ignore[union-attr]


# ---- what a game may not do, said with the game's number --------------------------------------------

def test_a_game_that_is_over_says_what_cannot_be_done_and_what_to_do(path: Path) -> None:
    with Journal(path) as journal:
        stopped = journal.start_game(CONFIG)
        journal.append(stopped, plays()[0])
        won = journal.start_game(CONFIG)
        journal.finish(won)
        for call, message in [
            (lambda: journal.append(stopped, plays()[1]),
             f"game {stopped} is stopped, so it cannot record an action in it: start a new game"),
            (lambda: journal.drop_last(won), f"game {won} is finished, so it cannot undo in it: start a new game"),
            (lambda: journal.finish(stopped),
             f"game {stopped} is stopped, so it cannot be finished now: start a new game"),
            (lambda: journal.stop(won), f"game {won} is finished, so it cannot be stopped now: start a new game"),
        ]:
            with pytest.raises(JournalError) as caught:
                call()
            assert str(caught.value) == message
        for call in (lambda: journal.append(99, plays()[0]), lambda: journal.drop_last(99), lambda: journal.game(99)):
            with pytest.raises(NoSuchGame) as missing:
                call()
            assert str(missing.value) == f"no game 99 in the journal {path}"
        assert journal.game(stopped).actions == plays()[:1]


# ---- the station's log: what a grown-up reads in journalctl ----------------------------------------

def test_the_log_tells_a_new_journal_a_migration_and_a_game_stopped_by_the_next(path: Path, caplog) -> None:
    caplog.set_level(logging.INFO, logger="station.store")
    with Journal(path) as journal:
        first = journal.start_game(CONFIG)
        second = journal.start_game(CONFIG)
    assert logged(caplog) == [f"new game journal at {path}", f"game {first} stopped: game {second} started"]
    caplog.clear()
    old = path.with_name("old.sqlite3")
    layout_1_journal(old)
    Journal(old).close()
    assert logged(caplog) == [f"game journal {old}: layout {n} now" for n in (2, 3, 4)]


def test_where_wal_cannot_work_a_rollback_journal_synced_at_each_commit_is_used_and_logged(path: Path, monkeypatch,
                                                                                         caplog) -> None:
    """Some network file systems give no shared memory, so WAL cannot work on them. SQLite's
    dot-file VFS has none either: the journal's file opened through it stands in for such a disk."""
    connect = sqlite3.connect

    def without_shared_memory(target: Any, **options: Any) -> sqlite3.Connection:
        return connect(f"file:{target}?vfs=unix-dotfile", **{**options, "uri": True})

    monkeypatch.setattr(sqlite3, "connect", without_shared_memory)
    with Journal(path) as journal:
        db = journal._connection()
        assert [db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("journal_mode", "synchronous")] == ["delete", 3]
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, plays()[0])
    assert logged(caplog) == [f"{path}: WAL is not available here (journal_mode delete): using a rollback journal"]
    with Journal(path) as journal:
        assert journal.current_game().actions == plays()[:1]   # type: ignore[union-attr]


def test_a_damaged_journal_kept_aside_is_logged_with_what_was_found(path: Path, caplog) -> None:
    games_of(path)
    change(path, "PRAGMA user_version = -1")
    found = "layout number -1 (a damaged header)"
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == f"The game journal is damaged ({found}); {NOW_SHOWING}"
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered == f"The game journal was damaged; it was kept as {KEPT} and a new one started."
    assert logged(caplog) == [f"The game journal is damaged ({found}); {NOW_SHOWING} ({path})",
                              f"The game journal was damaged; it was kept as {KEPT} and a new one started. "
                              f"({path}: {found})"]


# ---- damage: named where it is, and everything else still read -------------------------------------

def test_a_damaged_header_still_lets_history_read_every_game(path: Path) -> None:
    ids = games_of(path)
    change(path, "PRAGMA user_version = 102")
    with Journal(path, readonly=True) as reader:
        assert reader.damaged is not None
        games = [(g.id, g.actions, g.started, g.status) for g in reader.games()]
    started = WHEN.isoformat()
    assert games == [(ids[1], plays()[:3], started, "playing"), (ids[0], plays()[:3], started, "stopped")]


def test_damage_found_in_use_names_the_game_and_the_action(path: Path, caplog) -> None:
    with Journal(path, clock=fixed_clock) as journal:
        game_id = journal.start_game(CONFIG)
        for action in plays()[:3]:
            journal.append(game_id, action)
        change(path, f"UPDATE actions SET action = 'garbled' WHERE game_id = {game_id} AND seq = 3")
        with pytest.raises(JournalReset) as caught:
            journal.drop_last(game_id)   # undo reads the action it drops
        recovered = f"The game journal was damaged; it was kept as {KEPT} and a new one started."
        assert str(caught.value) == f"{recovered} (found: game {game_id}'s action 3 is not JSON)"
        assert logged(caplog) == [f"{recovered} ({path}: game {game_id}'s action 3 is not JSON)"]
        assert journal.games() == []
        again = journal.start_game(CONFIG)
        journal.append(again, plays()[0])
        change(path, f"UPDATE actions SET action = '[1, 2]' WHERE game_id = {again}")
        with pytest.raises(JournalReset) as caught:
            journal.current_game()   # a read: the resume after a restart, or history's
        assert str(caught.value).endswith(f"(found: game {again}'s action 1 is not a JSON object)")
    assert sorted(_kept_aside(path))[:2] == [KEPT, KEPT + "-1"]


def test_damage_appearing_after_history_opened_the_journal_is_noted_and_logged(path: Path, caplog) -> None:
    with Journal(path) as station:
        (game_id,) = record_games(station, 1)
        with Journal(path, readonly=True) as reader:   # history, while the station runs
            assert reader.damaged is None
            change(path, f"UPDATE actions SET action = 'garbled' WHERE game_id = {game_id} AND seq = 2")
            (game,) = reader.games()
            assert reader.damaged == (f"The game journal is damaged (game {game_id}'s action 2 is not JSON); "
                                      f"{ROWS_SHOWING}")
            assert game.actions == plays()[:1] and game.problem is None
            assert game.set_aside == "2 actions set aside after action 1: the journal was damaged there"
            change(path, f"UPDATE actions SET action = '[]' WHERE game_id = {game_id} AND seq = 1")
            assert reader.games()[0].actions == []
            assert reader.damaged.startswith(f"The game journal is damaged (game {game_id}'s action 2 ")   # the first
    assert logged(caplog) == [f"{path}: game {game_id}: game {game_id}'s action 2 is not JSON",
                              f"{path}: game {game_id}: game {game_id}'s action 1 is not a JSON object"]


def test_a_game_whose_config_is_damaged_is_left_out_and_the_games_around_it_are_listed(path: Path, caplog) -> None:
    first, second, third = games_of(path, count=3)
    change(path, f"UPDATE games SET config = 'garbled' WHERE id = {second}")
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == (f"The game journal is damaged (game {second}'s config is not a JSON object); "
                                  f"{NOW_SHOWING}")
        assert [g.id for g in reader.games()] == [third, first]
    assert logged(caplog)[1:] == [f"{path}: game {second}: game {second}'s config is not JSON"]


def test_a_game_whose_times_and_status_cannot_be_read_is_listed_with_what_can(path: Path, caplog) -> None:
    first, second = games_of(path)
    columns = ("started", "ended", "status", "started_synced", "ended_synced")
    change(path, "PRAGMA ignore_check_constraints = ON",
           *(f"UPDATE games SET {column} = CAST(x'80' AS TEXT) WHERE id = {second}" for column in columns))
    with Journal(path, readonly=True) as reader:
        games = {g.id: g for g in reader.games()}
    assert (games[second].started, games[second].ended, games[second].status) == ("?", None, "damaged")
    assert games[second].actions == plays()[:3] and games[first].status == "stopped"
    garbled = "bytes that are not UTF-8 text (invalid start byte at byte 0)"
    assert logged(caplog)[1:] == [f"{path}: game {second}'s {column}: {garbled}" for column in columns]


@pytest.mark.parametrize(("columns", "missing"), [
    ("id, config, started, ended, status, started_synced", "ended_synced"),
    ("id, config, started, started_synced, ended_synced", "ended, status"),
])
def test_a_journal_of_our_layout_without_all_its_columns_is_damaged(path: Path, caplog, columns: str,
                                                                    missing: str) -> None:
    path.parent.mkdir(parents=True)
    change(path, f"CREATE TABLE games ({columns})", "CREATE TABLE actions (game_id, seq, action)",
           "INSERT INTO games (id, config, started) VALUES (1, '{\"game\": \"math-wars\"}', '2026-11-21')",
           "PRAGMA user_version = 2")
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == f"The game journal is damaged (table games lacks {missing}); {NOW_SHOWING}"
        (game,) = reader.games()   # what can be read, and no error
    assert game.id == 1 and game.config == {"game": "math-wars"}
    for column in missing.split(", "):
        assert f"{path}: game 1's {column}: the file is damaged: no such column: {column}" in logged(caplog)
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered is not None
    assert _kept_aside(path) == [KEPT]


def test_a_file_format_sqlite_does_not_know_is_damage_not_an_error(path: Path, caplog, capsys) -> None:
    from test_cli_history import history

    games_of(path)
    data = bytearray(path.read_bytes())
    data[44:48] = (5).to_bytes(4, "big")   # the schema format number: 1 to 4 exist
    path.write_bytes(bytes(data))
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == f"The game journal is damaged (unsupported file format); {NOW_SHOWING}"
        assert reader.games() == []
    assert f"{path}: the list of games: the file is damaged: unsupported file format" in logged(caplog)
    assert history("--state-dir", str(path.parent)) == 1
    assert capsys.readouterr().out == f"No games could be read (journal: {path}).\n"
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered is not None and journal.games() == []
    assert _kept_aside(path) == [KEPT]


def noted_games(path: Path) -> tuple[list[int], bytearray, int]:
    """Seven games whose configs hold 1.5 kB of notes (two to a page); the file, and where game 4's page starts."""
    with Journal(path) as journal:
        ids = [journal.start_game({**CONFIG, "note": f"game {n} " + "x" * 1500}) for n in range(1, 8)]
    data = bytearray(path.read_bytes())
    return ids, data, data.find(b'"note": "game 4 ') // 4096 * 4096


def test_an_integrity_check_is_reported_by_its_first_three_findings(path: Path) -> None:
    ids, data, page = noted_games(path)
    data[page + 100:page + 4096] = bytes(4096 - 100)   # the rows of game 4's page zeroed, its header kept
    path.write_bytes(bytes(data))
    db = sqlite3.connect(path.absolute().as_uri() + "?mode=ro&immutable=1", uri=True)
    findings = [row[0] for row in db.execute("PRAGMA quick_check")]
    db.close()
    assert len(findings) > 3
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == (f"The game journal is damaged (integrity check: {findings[0]}; {findings[1]}; "
                                  f"{findings[2]}); {NOW_SHOWING}")
        assert ids[-1] in [g.id for g in reader.games()]


def test_damage_in_the_middle_of_the_games_hides_only_the_games_there(path: Path) -> None:
    ids, data, page = noted_games(path)
    data[page] = 0x0A   # game 4's page is no longer a table's page
    path.write_bytes(bytes(data))
    with Journal(path, readonly=True) as reader:
        listed = [g.id for g in reader.games()]
    assert reader.damaged is not None and ids[3] not in listed
    assert listed[0] == ids[-1] and listed[-1] == ids[0]   # the newest and the oldest, from both ends of the table


def test_a_game_the_damaged_index_cannot_find_is_left_out_and_the_older_games_are_listed(path: Path) -> None:
    ids, data, _ = noted_games(path)
    db = sqlite3.connect(path)
    (root,) = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()
    db.close()
    page = (root - 1) * 4096   # the table's top page: which page holds which game numbers
    cells = [page + int.from_bytes(data[page + 12 + 2 * i:page + 14 + 2 * i], "big") for i in range(2)]
    data[cells[1] + 4] = data[cells[0] + 4]   # the second page's last game number, garbled into the first's
    path.write_bytes(bytes(data))
    with Journal(path, readonly=True) as reader:
        listed = [g.id for g in reader.games()]
    assert reader.damaged is not None and ids[0] in listed and len(listed) < len(ids)
    assert listed == sorted(listed, reverse=True) and listed[0] == ids[-1]


def test_a_file_whose_table_names_are_not_text_is_damaged(path: Path) -> None:
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (x)")
    db.execute("PRAGMA writable_schema = ON")
    db.execute("UPDATE sqlite_master SET name = CAST(? AS TEXT), tbl_name = CAST(? AS TEXT), sql = CAST(? AS TEXT)",
               (b"n\x80", b"n\x80", b'CREATE TABLE "n\x80" (x)'))
    db.commit()
    db.close()
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == ("The game journal is damaged (bytes that are not UTF-8 text (invalid start byte at "
                                  f"byte 1)); {NOW_SHOWING}")


def test_the_first_game_that_cannot_be_read_back_is_named(path: Path) -> None:
    games_of(path)
    change(path, "UPDATE games SET started = CAST(x'80' AS TEXT) WHERE id = 1")
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == ("The game journal is damaged (the first game: bytes that are not UTF-8 text "
                                  f"(invalid start byte at byte 0)); {NOW_SHOWING}")


def test_an_action_that_is_json_but_not_an_object_stops_the_game_there(path: Path) -> None:
    _, second = games_of(path)
    change(path, f"UPDATE actions SET action = '\"play\"' WHERE game_id = {second} AND seq = 3")
    with Journal(path, readonly=True) as reader:
        game = reader.game(second)
        assert reader.damaged == (f"The game journal is damaged (game {second}'s action 3 is not a JSON object); "
                                  f"{ROWS_SHOWING}")
    assert game.actions == plays()[:2]
    assert game.set_aside == "1 action set aside after action 2: the journal was damaged there"


@pytest.mark.parametrize(("damage", "found"), [
    (None, None),
    ("UPDATE games SET config = '[1, 2]' WHERE id = 2", "game 2's config is not a JSON object"),
])
def test_without_sqlites_json_functions_the_journal_checks_its_json_itself(path: Path, monkeypatch, damage: str | None,
                                                                          found: str | None) -> None:
    """An SQLite built without its JSON functions: here SQLite refuses them to the journal's
    connection, with the error such an SQLite gives (it names the function)."""
    games_of(path)
    if damage:
        change(path, damage)
    connect = sqlite3.connect

    def without_json(target: Any, **options: Any) -> sqlite3.Connection:
        db = connect(target, **options)
        db.set_authorizer(lambda action, _table, name, *_: sqlite3.SQLITE_DENY
                          if action == sqlite3.SQLITE_FUNCTION and name.startswith("json") else sqlite3.SQLITE_OK)
        return db

    monkeypatch.setattr(sqlite3, "connect", without_json)
    with Journal(path, readonly=True) as reader:
        assert reader.damaged == (None if found is None else f"The game journal is damaged ({found}); {NOW_SHOWING}")
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered == (None if found is None else
                                     f"The game journal was damaged; it was kept as {KEPT} and a new one started.")
        assert len(journal.games()) == (2 if found is None else 0)


# ---- keeping a damaged journal aside -----------------------------------------------------------------

@pytest.mark.parametrize("leftover", ["-wal", "-shm"])
def test_a_damaged_journal_never_joins_the_log_of_one_kept_before(path: Path, leftover: str) -> None:
    """A grown-up deleted a kept journal but not its log: the next one kept must not take its name."""
    games_of(path)
    (path.parent / (KEPT + leftover)).write_bytes(b"the log of a journal kept before")
    path.write_text("not a journal any more")
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered == f"The game journal was damaged; it was kept as {KEPT}-1 and a new one started."
    assert (path.parent / (KEPT + leftover)).read_bytes() == b"the log of a journal kept before"


def test_three_damaged_journals_in_one_second_are_all_kept(path: Path) -> None:
    for _ in range(3):
        Journal(path).close()
        path.write_text("not a journal any more")
        Journal(path, clock=fixed_clock).close()
    assert sorted(_kept_aside(path)) == [KEPT, KEPT + "-1", KEPT + "-2"]


def test_a_journal_kept_aside_while_history_reads_it_takes_its_log_along(path: Path) -> None:
    with Journal(path, clock=fixed_clock) as journal:
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, plays()[0])
        with Journal(path, readonly=True) as history:   # the file open elsewhere: its log stays beside it
            history.games()
            change(path, "UPDATE actions SET action = 'garbled'")   # in the log only
            with pytest.raises(JournalReset):
                journal.current_game()
        journal.append(journal.start_game(CONFIG), plays()[0])
    assert sorted(_kept_aside(path)) == [KEPT, KEPT + "-shm", KEPT + "-wal"]
    with Journal(path.with_name(KEPT), readonly=True) as kept:   # read with its log: the game and the damage
        kept.games()
        assert kept.damaged == (f"The game journal is damaged (game {game_id}'s action 1 is not JSON); "
                                f"{ROWS_SHOWING}")


def test_a_damaged_journal_that_cannot_be_moved_aside_says_so(path: Path) -> None:
    long = path.with_name("j" * 232 + ".sqlite3")   # 240 characters: its kept name would be too long for a name
    games_of(long)
    long.write_text("not a journal any more")
    with pytest.raises(JournalError) as caught:
        Journal(long, clock=fixed_clock)
    cannot = (f"the game journal {long} is damaged and cannot be moved aside (File name too long): move or delete it "
              "by hand")
    assert str(caught.value) == cannot and long.read_text() == "not a journal any more"
    long.unlink()
    journal = Journal(long)   # damage found in use: nothing more is written to that file, and the station is told
    game_id = journal.start_game(CONFIG)
    change(long, "UPDATE games SET config = 'garbled'")
    with pytest.raises(JournalError) as caught:
        journal.current_game()
    assert str(caught.value) == cannot
    with pytest.raises(JournalError) as caught:
        journal.append(game_id, plays()[0])
    assert str(caught.value) == f"the journal {long} is closed"


def test_history_after_the_station_was_killed_changes_nothing_of_its_files(path: Path, tmp_path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        for action in plays()[:3]:
            journal.append(game_id, action)
        killed = tmp_path / "killed"   # the files as a station killed now leaves them: the log not yet folded in
        killed.mkdir()
        for name in (JOURNAL_NAME, JOURNAL_NAME + "-wal"):
            shutil.copy(path.parent / name, killed / name)
    before = {name: (killed / name).read_bytes() for name in (JOURNAL_NAME, JOURNAL_NAME + "-wal")}
    with Journal(killed / JOURNAL_NAME, readonly=True) as reader:
        assert reader.current_game().actions == plays()[:3]   # type: ignore[union-attr]
    assert {name: (killed / name).read_bytes() for name in before} == before


# ---- what JSON keeps, and where it cannot --------------------------------------------------------------

def test_text_is_stored_as_written_for_a_grown_up_reading_the_file(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game({"game": "math-wars", "players": ["Zoë", "Björn"]})
        journal.append(game_id, {"type": "play", "t": 1, "player": "Zoë", "card": "MW-A-N1"})
    db = sqlite3.connect(path)
    ((config,),), ((action,),) = db.execute("SELECT config FROM games"), db.execute("SELECT action FROM actions")
    db.close()
    assert config == '{"game": "math-wars", "players": ["Zoë", "Björn"]}' and '"player": "Zoë"' in action


def test_where_json_cannot_keep_a_value_the_message_points_at_it(path: Path) -> None:
    nested: Any = "MW-A-N1"
    for _ in range(63):   # the card 64 levels below the action, in lists: as deep as it may go
        nested = [nested]
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        assert journal.append(game_id, {"type": "play", "t": 1, "cards": nested}) == 1
        for action, message in [
            ({"type": "play", "t": 1, "cards": [nested]}, "cannot store the action: 'cards'" + "[0]" * 64 +
             " is nested too deeply (or contains itself)"),
            ({1: "play"}, "cannot store the action: it has a key 1 that is not text"),
            ({"type": "play", "at": b"01234567890123456789012345678901234567"},
             "cannot store the action: 'at' is b'01234567890123456789012345678901234... (bytes); a journal keeps only "
             "text, numbers, true/false, null, lists and objects"),
        ]:
            with pytest.raises(NotJSON) as caught:
                journal.append(game_id, action)
            assert str(caught.value) == message
        assert len(journal.current_game().actions) == 1   # type: ignore[union-attr]


# ---- the summary history prints ---------------------------------------------------------------------

def stored(config: dict[str, Any], actions: list[dict[str, Any]], **more: Any) -> StoredGame:
    return StoredGame(1, config, actions, WHEN.isoformat(), more.pop("status", "playing"), **more)


def test_a_tie_names_every_winner() -> None:
    summary = summarise(stored({"game": "whos-counting", "players": ["Ana", "Ben"]}, [{"type": "time_up", "t": 1.0}],
                               status="finished"), plugins())
    assert summary.winner == "Ana & Ben" and summary.scores == {"Ana": 0, "Ben": 0}


def test_a_game_with_no_actions_lasted_no_time() -> None:
    summary = summarise(stored(CONFIG, []), plugins())
    assert (summary.duration_s, summary.actions, summary.players, summary.problem) == (0.0, 0, ["Ana", "Ben"], None)


def test_players_are_named_as_the_game_seats_them() -> None:
    summary = summarise(stored({"game": "math-wars", "players": ["Ana ", " Ben"]}, plays()[:2]), plugins())
    assert summary.players == ["Ana", "Ben"] and summary.duration_s == 2.5


def test_the_clock_at_the_end_of_a_game_is_told() -> None:
    summary = summarise(stored(CONFIG, [], status="stopped", started_synced=False, ended_synced=True), plugins())
    assert (summary.started_synced, summary.ended_synced) == (False, True)


def test_an_action_without_a_time_makes_no_length() -> None:
    summary = summarise(stored(CONFIG, [{"type": "play", "player": "Ana", "card": "MW-A-N21", "t": "soon"}]), plugins())
    assert summary.duration_s == 0.0 and "action 1 cannot be replayed" in (summary.problem or "")


@pytest.mark.parametrize(("config", "players"), [
    ({"game": "snap", "teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}}, ["Ana", "Ben", "Cy", "Dee"]),
    ({"game": "snap", "players": [{"name": "Ana", "copy": "A"}, {"name": "Ben"}], "teams": {"Red": ["Cy"]}},
     ["Ana", "Ben"]),
    ({"game": "snap"}, []),
])
def test_a_game_the_engine_refuses_is_summed_up_with_its_players_from_the_config(config: dict[str, Any],
                                                                                 players: list[str]) -> None:
    summary = summarise(stored(config, plays()[:3]), plugins())
    assert summary.players == players and summary.game == "snap" and summary.actions == 3
    assert summary.problem is not None and summary.problem.startswith("the config cannot be used: unknown game 'snap'")
    assert summary.winner is None and summary.violations == 0 and summary.duration_s == 3.5


def test_a_config_that_names_no_game_is_shown_as_unknown() -> None:
    summary = summarise(stored({"players": ["Ana", "Ben"]}, []), plugins())
    assert summary.game == "?" and summary.players == ["Ana", "Ben"]
    assert (summary.problem or "").startswith("the config cannot be used: unknown game None")
