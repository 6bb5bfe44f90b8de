"""The game journal as the station relies on it: nothing committed is ever lost (crash, kill -9),
a damaged file never stops the station, and every game can be replayed and summed up.
Real SQLite files in tmp_path; nothing is mocked."""

from __future__ import annotations

import dataclasses

import json
import logging
import os
import random
import signal
import sqlite3
import subprocess
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from engine.rules import new_game, replay
from engine.math_wars import MathWars
from station import paths, store
from station.games import plugins
from station.paths import JOURNAL_NAME, default_state_dir
from station.games.math_wars.players import VirtualTable
from station.store import Journal, JournalError, NoSuchGame, NotJSON, summarise

REPO = Path(__file__).resolve().parents[1]
CONFIG = {"game": "math-wars", "players": ["Ana", "Ben"]}
# Two hands: the rule sheet's first example, then a hand Ana wins.
PLAYS = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"), ("Ben", "MW-B-A6"),
         ("Ana", "MW-A-N20"), ("Ana", "MW-A-A3"), ("Ben", "MW-B-N2"), ("Ben", "MW-B-A1")]
WHEN = datetime(2026, 11, 21, 10, 15, 0)


def fixed_clock() -> datetime:
    return WHEN


def plays(start: float = 1.5) -> list[dict[str, Any]]:
    return [{"type": "play", "t": start + i, "player": p, "card": c, "source": "camera"} for i, (p, c) in enumerate(PLAYS)]


def whole_game(journal: Journal, seed: int = 2026, victories: int = 2) -> tuple[int, list[dict[str, Any]]]:
    """A complete seeded game between virtual players, journaled action by action; returns its events."""
    game = MathWars({"game": "math-wars", "seed": seed, "players": ["Ana", "Ben"], "victories_to_win": victories})
    game_id = journal.start_game(game.config)
    events: list[dict[str, Any]] = []
    for action, new in VirtualTable(game, seed=seed).actions():
        journal.append(game_id, action)
        events.extend(new)
    journal.finish(game_id)
    return game_id, events


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / JOURNAL_NAME


# ---- every action is committed, and a game comes back exactly -------------------------------

def test_each_action_is_visible_to_another_reader_as_soon_as_append_returns(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        reader = Journal(path, readonly=True)
        assert reader.current_game() is not None and reader.current_game().actions == []   # type: ignore[union-attr]
        for number, action in enumerate(plays(), start=1):
            assert journal.append(game_id, action) == number
            seen = reader.current_game()
            assert seen is not None and seen.actions == plays()[:number]
        reader.close()


def test_a_reopened_journal_resumes_the_same_game_at_the_same_point(path: Path) -> None:
    live = new_game(CONFIG)
    with Journal(path) as journal:
        game_id = journal.start_game(live.config)
        for action in plays():
            live.apply(action)
            journal.append(game_id, action)
    with Journal(path) as journal:
        resumed = journal.current_game()
    assert resumed is not None and resumed.id == game_id and resumed.status == "playing"
    assert resumed.config == live.config and resumed.actions == live.actions
    again, _ = replay(resumed.config, resumed.actions)
    assert again.state() == live.state()
    assert again.state()["hand"] == 3


def test_text_is_kept_as_written(path: Path) -> None:
    config = {"game": "math-wars", "players": ["Zoë", "Björn"]}
    with Journal(path) as journal:
        game_id = journal.start_game(config)
        journal.append(game_id, {"type": "play", "t": 1, "player": "Zoë", "card": "MW-A-N1"})
    with Journal(path) as journal:
        game = journal.game(game_id)
    assert game.config == config and game.actions[0]["player"] == "Zoë"


def test_nothing_reported_committed_is_lost_when_the_station_is_killed(path: Path) -> None:
    child = (
        "import sys\n"
        "from pathlib import Path\n"
        "from station.store import Journal\n"
        "journal = Journal(Path(sys.argv[1]))\n"
        "game_id = journal.start_game({'game': 'math-wars', 'players': ['Ana', 'Ben']})\n"
        "for n in range(1, 100000):\n"
        "    journal.append(game_id, {'type': 'play', 't': n, 'player': 'Ana', 'card': 'MW-A-N1'})\n"
        "    print('done', n, flush=True)\n"
    )
    process = subprocess.Popen([sys.executable, "-c", child, str(path)], cwd=REPO, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    reported = 0
    try:
        while reported < 25:
            line = process.stdout.readline()
            assert line.startswith("done"), f"the child stopped early: {line!r}"
            reported = int(line.split()[1])
    finally:
        os.kill(process.pid, signal.SIGKILL)   # mid-write, most likely: it never stops appending
        process.wait()
        process.stdout.close()
    assert process.returncode == -signal.SIGKILL
    with Journal(path) as journal:
        assert journal.recovered is None
        game = journal.current_game()
    assert game is not None and game.status == "playing"
    assert len(game.actions) >= reported
    assert [a["t"] for a in game.actions] == list(range(1, len(game.actions) + 1))


# ---- damaged files ------------------------------------------------------------------------------

def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 3])


def _garbage_inside(path: Path) -> None:
    data = bytearray(path.read_bytes())
    rng = random.Random(7)
    data[4096:] = bytes(rng.randrange(256) for _ in range(len(data) - 4096))
    path.write_bytes(bytes(data))


def _garbage_header(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(b"\x13\x37 not the header you are looking for" + data[38:])


def _zero_filled(path: Path) -> None:
    path.write_bytes(bytes(path.stat().st_size))


def _text_file(path: Path) -> None:
    path.write_text("journal notes: Ana won on Friday\n", encoding="utf-8")


def _broken_json(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE actions SET action = '{\"type\": \"play\", \"t\": 1' WHERE seq = 3")
    db.commit()
    db.close()


@pytest.mark.parametrize("damage", [_truncate, _garbage_inside, _garbage_header, _zero_filled, _text_file])
def test_a_damaged_journal_is_kept_aside_and_a_fresh_one_starts(path: Path, damage) -> None:
    with Journal(path) as journal:
        for seed in range(4):   # a journal of several pages, so damage inside hits the games
            whole_game(journal, seed=seed, victories=4)
        game_id = journal.start_game(CONFIG)
        for action in plays():
            journal.append(game_id, action)
    damage(path)
    damaged_bytes = path.read_bytes()
    with Journal(path, clock=fixed_clock) as journal:
        kept = path.with_name("journal.sqlite3.damaged-20261121-101500")
        assert journal.recovered is not None
        assert kept.name in journal.recovered and "damaged" in journal.recovered
        assert kept.read_bytes() == damaged_bytes
        assert journal.current_game() is None and journal.games() == []
        new_id = journal.start_game(CONFIG)
        assert journal.append(new_id, plays()[0]) == 1
    with Journal(path) as journal:
        assert journal.recovered is None
        assert [g.id for g in journal.games()] == [new_id]


def test_an_action_that_is_not_json_any_more_costs_its_game_only_the_actions_from_there(path: Path, caplog) -> None:
    """Damage inside one action's row: the file is sound, so it stays; the game goes on from the
    action before, and the rest is set aside in the file, not lost and not counted."""
    with Journal(path) as journal:
        finished, _ = whole_game(journal, seed=1)
        game_id = journal.start_game(CONFIG)
        for action in plays():
            journal.append(game_id, action)
    _broken_json(path)   # action 3 of each game
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered is None and journal.set_aside == {finished: (len(whole_game_actions(1)) - 2, 2),
                                                                   game_id: (len(plays()) - 2, 2)}
        stored = journal.current_game()
        assert stored is not None and stored.actions == plays()[:2]
        assert journal.append(game_id, plays()[2]) == 3
        assert [len(g.actions) for g in journal.games()] == [3, 2]
    assert _kept_aside(path) == []
    assert f"game {game_id}: 6 actions after action 2 set aside: the journal is damaged there" in caplog.text
    with Journal(path, readonly=True) as reader:
        assert reader.damaged is None
        assert [g.set_aside for g in reader.games()] == [
            "6 actions set aside after action 2: the journal was damaged there",
            f"{len(whole_game_actions(1)) - 2} actions set aside after action 2: the journal was damaged there"]


def whole_game_actions(seed: int, victories: int = 2) -> list[dict[str, Any]]:
    game = MathWars({"game": "math-wars", "seed": seed, "players": ["Ana", "Ben"], "victories_to_win": victories})
    return [action for action, _ in VirtualTable(game, seed=seed).actions()]


def test_damage_twice_in_the_same_second_keeps_both_files(path: Path) -> None:
    for _ in range(2):
        Journal(path).close()
        _text_file(path)
        with Journal(path, clock=fixed_clock) as journal:
            assert journal.recovered is not None
    kept = sorted(p.name for p in path.parent.iterdir() if ".damaged-" in p.name)
    assert kept == ["journal.sqlite3.damaged-20261121-101500", "journal.sqlite3.damaged-20261121-101500-1"]


def test_an_empty_file_is_a_new_journal_not_a_damaged_one(path: Path) -> None:
    # SQLite makes the file before the first commit: a power cut in between leaves it empty.
    path.parent.mkdir(parents=True)
    path.touch()
    with Journal(path) as journal:
        assert journal.recovered is None
        journal.start_game(CONFIG)
    assert [p.name for p in path.parent.iterdir() if "damaged" in p.name] == []


# ---- folders ------------------------------------------------------------------------------------

def test_the_folder_is_made_when_missing(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b" / JOURNAL_NAME
    with Journal(path) as journal:
        journal.start_game(CONFIG)
    assert path.is_file()


def test_a_folder_that_cannot_be_made_is_named_in_the_error(tmp_path: Path) -> None:
    blocker = tmp_path / "state"
    blocker.write_text("a file where the folder should be")
    with pytest.raises(JournalError, match=f"cannot create the journal folder {blocker / 'mathstation'}"):
        Journal(blocker / "mathstation" / JOURNAL_NAME)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root may write anywhere")
def test_a_read_only_folder_is_named_in_the_error(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir(mode=0o500)
    try:
        with pytest.raises(JournalError, match=f"cannot write in the journal folder {folder}"):
            Journal(folder / JOURNAL_NAME)
    finally:
        folder.chmod(0o700)


# ---- the life of a game -------------------------------------------------------------------------

def test_starting_a_game_stops_the_one_still_playing(path: Path) -> None:
    with Journal(path, clock=fixed_clock) as journal:
        first = journal.start_game(CONFIG)
        journal.append(first, plays()[0])
        second = journal.start_game({**CONFIG, "players": ["Cy", "Dee"]})
        assert journal.current_game().id == second   # type: ignore[union-attr]
        old = journal.game(first)
        assert old.status == "stopped" and old.ended == WHEN.isoformat() and len(old.actions) == 1
        with pytest.raises(JournalError, match=f"game {first} is stopped"):
            journal.append(first, plays()[1])


def test_finish_and_stop_end_a_game_and_no_game_resumes(path: Path) -> None:
    with Journal(path) as journal:
        won = journal.start_game(CONFIG)
        journal.finish(won)
        journal.finish(won)   # said again after a restart: harmless
        left = journal.start_game(CONFIG)
        journal.stop(left)
        assert journal.current_game() is None
        assert [(g.id, g.status) for g in journal.games()] == [(left, "stopped"), (won, "finished")]
        with pytest.raises(JournalError, match=f"game {won} is finished"):
            journal.stop(won)


def test_undo_removes_the_last_action_and_the_rest_replays(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        assert journal.drop_last(game_id) is None
        for action in plays():
            journal.append(game_id, action)
        assert journal.drop_last(game_id) == plays()[-1]
        assert journal.drop_last(game_id) == plays()[-2]
        assert journal.append(game_id, plays()[-2]) == len(plays()) - 1
    with Journal(path) as journal:
        game = journal.current_game()
    assert game is not None and game.actions == plays()[:-1]
    state = replay(game.config, game.actions)[0].state()
    assert state["showdown"]["count"] == {"Ana": "MW-A-N20", "Ben": "MW-B-N2"} and state["showdown"]["crate"] == {"Ana": "MW-A-A3"}


def test_games_are_listed_newest_first_and_unknown_numbers_are_refused(path: Path) -> None:
    with Journal(path) as journal:
        ids = [journal.start_game({**CONFIG, "seed": n}) for n in range(3)]
        assert [g.config["seed"] for g in journal.games()] == [2, 1, 0]
        assert [g.id for g in journal.games()] == ids[::-1]
        with pytest.raises(NoSuchGame, match="no game 99"):
            journal.game(99)
        with pytest.raises(NoSuchGame):
            journal.append(99, plays()[0])


@pytest.mark.parametrize(("action", "words"), [
    ({"type": "play", "t": datetime(2026, 1, 1)}, "'t' is datetime"),
    ({"type": "play", "t": float("nan")}, "'t' is nan"),
    ({"type": "play", "t": 1, "cards": {"MW-A-N1"}}, "'cards' is {'MW-A-N1'} (set)"),
    ({"type": "play", "t": 1, "extra": {1: "one"}}, "'extra' has a key 1 that is not text"),
    (["play", 1], "must be a JSON object"),
])
def test_values_json_cannot_keep_are_refused_and_nothing_is_stored(path: Path, action: Any, words: str) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        with pytest.raises(NotJSON) as caught:
            journal.append(game_id, action)
        assert words in str(caught.value)
        assert journal.append(game_id, plays()[0]) == 1


def test_a_read_only_journal_never_writes(path: Path) -> None:
    with pytest.raises(JournalError, match="no game journal at"):
        Journal(path, readonly=True)
    assert not path.exists()
    Journal(path).close()
    with Journal(path, readonly=True) as reader, pytest.raises(JournalError, match="read-only"):
        reader.start_game(CONFIG)


# ---- summaries ----------------------------------------------------------------------------------

def test_summary_of_a_whole_game_matches_its_events(path: Path) -> None:
    with Journal(path) as journal:
        game_id, events = whole_game(journal, seed=11, victories=3)
        summary = summarise(journal.game(game_id), plugins())
        stored = journal.game(game_id)
    (won,) = [e for e in events if e["type"] == "game_won"]
    assert summary.status == "finished" and summary.ended is not None
    assert summary.winner == won["side"]
    assert summary.scores == won["victories"] and summary.scores[won["side"]] == 3
    assert summary.measures["victories"] == won["victories"]
    assert summary.players == ["Ana", "Ben"]
    hands = sum(1 for e in events if e["type"] == "hand_result" and e["level"] == 0)
    assert summary.measures["hands"] == {"Ana": hands, "Ben": hands}       # two players: both in every hand
    assert summary.measures["rounds"] == sum(1 for e in events if e["type"] in ("round_won", "round_drawn"))
    assert summary.actions == len(stored.actions) and summary.duration_s == stored.actions[-1]["t"]
    assert summary.violations == 0 and summary.problem is None


def test_summary_of_a_game_in_progress_counts_violations(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        for action in plays()[:4] + [{"type": "play", "t": 9, "player": "Ana", "card": "MW-B-N3"}]:
            journal.append(game_id, action)
        summary = summarise(journal.game(game_id), plugins())
    assert (summary.status, summary.winner, summary.measures["hands"], summary.measures["rounds"]) == ("playing", None, {"Ana": 1, "Ben": 1}, 1)
    assert summary.violations == 1 and summary.scores == {"Ana": 0, "Ben": 0} and summary.duration_s == 9


def test_a_game_the_engine_cannot_replay_is_still_summed_up(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        for action in plays()[:4] + [{"type": "play", "t": 9, "player": "Zed", "card": "MW-A-N3"}]:
            journal.append(game_id, action)   # the journal keeps what it is given
        summary = summarise(journal.game(game_id), plugins())
        odd = summarise(journal.game(journal.start_game({"game": "snap", "players": ["Ana", "Ben"]})), plugins())
    assert summary.measures["hands"] == {"Ana": 1, "Ben": 1} and summary.actions == 5 and "action 5" in (summary.problem or "")
    assert odd.players == ["Ana", "Ben"] and "unknown game 'snap'" in (odd.problem or "")


# ---- where the journal lives ----------------------------------------------------------------------

def test_state_dir_prefers_systemd_then_the_system_folder_then_xdg(tmp_path: Path, monkeypatch) -> None:
    system = tmp_path / "var-lib-mathstation"
    monkeypatch.setattr(paths, "SYSTEM_STATE_DIR", system)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("XDG_STATE_HOME", raising=False)
    monkeypatch.delenv("STATE_DIRECTORY", raising=False)
    assert default_state_dir() == tmp_path / "home" / ".local" / "state" / "mathstation"
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "xdg"))
    assert default_state_dir() == tmp_path / "xdg" / "mathstation"
    monkeypatch.setenv("XDG_STATE_HOME", "relative/ignored")
    assert default_state_dir() == tmp_path / "home" / ".local" / "state" / "mathstation"
    system.mkdir()
    assert default_state_dir() == system and default_state_dir(writable=False) == system
    monkeypatch.setenv("STATE_DIRECTORY", f"{tmp_path / 'first'}:{tmp_path / 'second'}")
    assert default_state_dir() == tmp_path / "first"


def test_the_journal_is_json_text_a_grown_up_can_read_with_sqlite3(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, plays()[0])
    db = sqlite3.connect(path)
    (config,) = db.execute("SELECT config FROM games").fetchone()
    (action,) = db.execute("SELECT action FROM actions").fetchone()
    db.close()
    assert json.loads(config) == CONFIG and json.loads(action) == plays()[0]


# ---- the machine's side: another program, a read-only card, a full disk ---------------------------
# The file is sound; the error names the fix and the file stays where it is. The journal's own
# connection is told what the machine would do (SQLite's read-only and size limits stand in for a
# card gone read-only and a full disk).

def _kept_aside(path: Path) -> list[str]:
    return [p.name for p in path.parent.iterdir() if ".damaged-" in p.name]


def test_a_journal_held_by_another_program_is_named_and_nothing_is_lost(path: Path, monkeypatch) -> None:
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)   # how long a write waits for the other program
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        with pytest.raises(JournalError) as caught:
            journal.append(game_id, plays()[0])
        other.execute("ROLLBACK")
        other.close()
        assert str(caught.value) == (f"cannot record an action of game {game_id}: {path} is in use by another "
                                     "program: is a second station running? Stop it")
        assert journal.append(game_id, plays()[0]) == 1
    assert _kept_aside(path) == []


def test_a_journal_that_cannot_be_written_names_the_fix_and_keeps_the_game(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, plays()[0])
        journal._connection().execute("PRAGMA query_only = 1")   # the card turned read-only
        with pytest.raises(JournalError) as caught:
            journal.append(game_id, plays()[1])
        assert str(caught.value) == (f"cannot record an action of game {game_id}: no permission to use {path} "
                                     "(attempt to write a readonly database): run as the station's user (or with "
                                     f"sudo), or give it write access to {path.parent}")
        journal._connection().execute("PRAGMA query_only = 0")
        assert journal.current_game().actions == plays()[:1]   # type: ignore[union-attr]
    assert _kept_aside(path) == []


def test_a_full_disk_is_named_and_the_action_is_not_half_kept(path: Path) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        db = journal._connection()
        db.execute(f"PRAGMA max_page_count = {db.execute('PRAGMA page_count').fetchone()[0]}")   # no room left
        with pytest.raises(JournalError) as caught:
            journal.append(game_id, {**plays()[0], "note": "x" * 20_000})
        assert str(caught.value) == (f"cannot record an action of game {game_id}: the disk holding {path.parent} "
                                     "is full: delete something to make room")
        db.execute("PRAGMA max_page_count = 1073741823")
        assert journal.append(game_id, plays()[0]) == 1   # the failed one left nothing behind
    assert _kept_aside(path) == []


@pytest.mark.parametrize(("message", "why"), [
    ("database or disk is full", "the disk holding {folder} is full: delete something to make room"),
    ("database is locked", "{path} is in use by another program: is a second station running? Stop it"),
    ("attempt to write a readonly database", "no permission to use {path} (attempt to write a readonly database): "
     "run as the station's user (or with sudo), or give it write access to {folder}"),
    ("database disk image is malformed", "{path} is damaged (database disk image is malformed)"),
    ("file is not a database", "{path} is damaged (file is not a database)"),
    ("disk I/O error", "{path}: disk I/O error"),
])
def test_on_python_3_10_sqlites_words_alone_name_the_fix(path: Path, message: str, why: str) -> None:
    """Python 3.10's sqlite3 errors carry no error code or name: the words must do."""
    with Journal(path) as journal:
        error = journal._failure("record an action", sqlite3.OperationalError(message))
    assert str(error) == "cannot record an action: " + why.format(path=path, folder=path.parent)


@pytest.mark.parametrize(("message", "damage", "damage_when_inspecting"), [
    ("database disk image is malformed", True, True),
    ("file is not a database", True, True),
    ("unsupported file format", False, True),
    ("malformed database schema (games)", True, True),
    ("database is locked", False, False), ("database table is busy", False, False),
    ("attempt to write a readonly database", False, False), ("attempt to write a read-only database", False, False),
    ("permission denied", False, False), ("database or disk is full", False, False),
    ("unable to open database file", False, False), ("disk I/O error", False, False), ("out of memory", False, False),
])
def test_on_python_3_10_sqlites_words_alone_tell_damage_from_the_machine(message, damage, damage_when_inspecting):
    """Damage sets the file aside; the machine's trouble (busy, permissions, a full or failing disk) never does."""
    error = sqlite3.DatabaseError(message)
    assert (store.is_damage(error), store.is_damage(error, inspecting=True)) == (damage, damage_when_inspecting)


@pytest.mark.parametrize(("code", "name", "words", "damage_when_inspecting"), [
    (3, "SQLITE_PERM", "access permission denied", False),    # a lock the file system refuses (EPERM)
    (23, "SQLITE_AUTH", "not authorized", False),
    (5, "SQLITE_BUSY", "database is locked", False),
    (1, "SQLITE_ERROR", "unsupported file format", True),
    (11, "SQLITE_CORRUPT", "database disk image is malformed", True),
])
def test_sqlites_error_code_tells_damage_from_the_machine(code: int, name: str, words: str,
                                                          damage_when_inspecting: bool) -> None:
    """From Python 3.11 SQLite's error code decides, whatever its words: damage sets the journal
    aside, the machine's trouble (here a permission a network file system refuses) never does."""
    error = sqlite3.OperationalError(words)
    error.sqlite_errorcode, error.sqlite_errorname = code, name
    assert store.is_damage(error, inspecting=True) is damage_when_inspecting
    assert store.is_damage(error) is (code == 11)


# ---- what opening finds -------------------------------------------------------------------------

def test_a_new_journal_commits_to_disk_at_every_action(path: Path) -> None:
    with Journal(path) as journal:
        db = journal._connection()
        # WAL with synchronous FULL: every commit is synced (docs/journal.md); games and actions are linked
        assert [db.execute(f"PRAGMA {name}").fetchone()[0] for name in ("journal_mode", "synchronous", "foreign_keys")] \
            == ["wal", 2, 1]
        with pytest.raises(sqlite3.IntegrityError):   # an action of no game is refused by the file itself
            db.execute("INSERT INTO actions (game_id, seq, action) VALUES (7, 1, '{}')")
    plain = sqlite3.connect(path)
    assert plain.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"   # kept in the file
    plain.close()


def test_reading_a_closed_journal_leaves_no_trace_beside_it(path: Path) -> None:
    with Journal(path) as journal:
        journal.append(journal.start_game(CONFIG), plays()[0])
    before = sorted(p.name for p in path.parent.iterdir())
    with Journal(path, readonly=True) as reader:
        assert reader.current_game().actions == plays()[:1] and reader.damaged is None   # type: ignore[union-attr]
        assert sorted(p.name for p in path.parent.iterdir()) == before == [JOURNAL_NAME]


def _damage_header(path: Path, offset: int, value: int) -> None:
    """One byte of the file's 100-byte header changed, as a bad sector would change it."""
    with path.open("r+b") as handle:
        handle.seek(offset)
        handle.write(bytes([value]))


@pytest.mark.parametrize("layout", ["today's", "older"])
def test_a_damaged_byte_in_the_layout_number_never_stops_the_station(path: Path, layout: str, caplog) -> None:
    """Any value 3..101 in the layout number's last byte (offset 63, SQLite's user_version), on a
    journal of today's layout and on one of the layout before it: damaged, kept aside, a new
    journal and a message; never "update the station software" (which kept the station down)."""
    if layout == "older":
        layout_2_journal(path)
    else:
        with Journal(path) as journal:
            journal.append(journal.start_game(CONFIG), plays()[0])
    pristine = path.read_bytes()
    ours = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
    tried = 0
    for value in range(3, 102):
        if value == ours:
            continue
        path.write_bytes(pristine)
        _damage_header(path, 63, value)
        with Journal(path, readonly=True) as reader:   # history: the games, and the damage named
            assert reader.damaged is not None and f"layout number {value} (a damaged header)" in reader.damaged
            assert [len(g.actions) for g in reader.games()] == [1]
        with Journal(path, clock=fixed_clock) as journal:
            assert journal.recovered is not None and "kept as journal.sqlite3.damaged-" in journal.recovered
            assert journal.games() == []
        kept = _kept_aside(path)
        assert [(path.parent / name).read_bytes()[:60] for name in kept if name.endswith("500")] == [pristine[:60]]
        for name in kept:
            (path.parent / name).unlink()
        tried += 1
    assert tried >= 98
    assert "update the station software" not in caplog.text


def test_every_single_byte_change_in_the_layout_number_and_its_check_is_damage(path: Path) -> None:
    """Bytes 60..71 of the header: the layout number and the check beside it (SQLite's
    application_id). Whatever one byte becomes, the journal is damaged, never "newer"."""
    with Journal(path) as journal:
        journal.start_game(CONFIG)
    pristine = path.read_bytes()
    for offset in range(60, 72):
        for value in (0, 1, 2, 3, 4, 5, 0x7F, 0xFF):
            if pristine[offset] == value:
                continue
            path.write_bytes(pristine)
            _damage_header(path, offset, value)
            with Journal(path, clock=fixed_clock) as journal:
                assert journal.recovered is not None, (offset, value)
            for name in _kept_aside(path):
                (path.parent / name).unlink()


@pytest.mark.parametrize("version", [store.SCHEMA_VERSION + 1, store.SCHEMA_VERSION + 500, 60000])
def test_a_journal_a_newer_station_wrote_says_update_the_software_and_is_left_alone(path: Path, version: int) -> None:
    """A newer station writes its layout number and the matching check, as this one does."""
    with Journal(path) as journal:
        journal.start_game(CONFIG)
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {version}")
    db.execute(f"PRAGMA application_id = {store.layout_check(version)}")
    db.close()
    before = path.read_bytes()
    for readonly in (True, False):
        with pytest.raises(JournalError) as caught:
            Journal(path, readonly=readonly)
        assert str(caught.value) == (f"{path} was written by a newer station (journal layout {version}, this one "
                                     f"reads up to {store.SCHEMA_VERSION}): update the station software")
    assert _kept_aside(path) == [] and path.read_bytes() == before


@pytest.mark.parametrize(("schema", "problem"), [
    ("CREATE TABLE notes (x); CREATE TABLE scores (y)", "not a game journal (tables: notes, scores)"),
    ("CREATE TABLE games (id, config, started); CREATE TABLE actions (game_id, seq, action); PRAGMA user_version = 1",
     "table games lacks ended, status"),
    ("CREATE TABLE games (id, config, started, ended, status); CREATE TABLE actions (game_id, seq); "
     "PRAGMA user_version = 1", "table actions lacks action"),
])
def test_a_file_that_is_not_our_journal_is_named_and_kept_aside(path: Path, schema: str, problem: str) -> None:
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path)
    db.executescript(schema)
    db.close()
    with Journal(path, readonly=True) as reader:
        assert reader.damaged is not None and f"damaged ({problem})" in reader.damaged
    with Journal(path, clock=fixed_clock) as journal:
        assert journal.recovered is not None and journal.games() == []
    assert _kept_aside(path) == ["journal.sqlite3.damaged-20261121-101500"]


@pytest.mark.parametrize(("where", "problem"), [
    ("UPDATE games SET config = '[1, 2]' WHERE id = 2", "game 2's config is not a JSON object"),
    ("UPDATE actions SET action = '\"play\"' WHERE game_id = 1 AND seq = 2", "game 1's action 2 is not a JSON object"),
    ("UPDATE actions SET action = CAST(x'7b2274223a2280ff227d' AS TEXT) WHERE game_id = 2 AND seq = 1",
     "game 2's action 1 holds bytes that are not UTF-8 text (invalid start byte at byte 6)"),
    ("UPDATE games SET config = CAST(x'7b2274223a2280ff227d' AS TEXT) WHERE id = 2",
     "game 2's config holds bytes that are not UTF-8 text (invalid start byte at byte 6)"),
    ("UPDATE games SET started = CAST(x'80' AS TEXT) WHERE id = 2",
     "the game after game 1: bytes that are not UTF-8 text (invalid start byte at byte 0)"),
])
def test_opening_names_the_first_row_that_cannot_be_read_back(path: Path, where: str, problem: str) -> None:
    with Journal(path) as journal:
        for _ in range(2):
            game_id = journal.start_game(CONFIG)
            for action in plays()[:3]:
                journal.append(game_id, action)
    db = sqlite3.connect(path)
    db.execute(where)
    db.commit()
    db.close()
    with Journal(path, readonly=True) as reader:
        reader.games()   # (damage inside an action is found when its game is read)
        assert reader.damaged is not None and f"damaged ({problem});" in reader.damaged


# ---- what JSON cannot keep ----------------------------------------------------------------------

def test_a_value_nested_too_deeply_or_containing_itself_is_refused(path: Path) -> None:
    deep: dict[str, Any] = {"type": "play", "t": 1}
    nest: Any = deep
    for _ in range(64):   # 64 levels below the action: as deep as it may go
        nest["in"] = {}
        nest = nest["in"]
    loop: dict[str, Any] = {"type": "play", "t": 1}
    loop["self"] = [loop]
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        assert journal.append(game_id, deep) == 1
        nest["in"] = {}
        with pytest.raises(NotJSON) as caught:
            journal.append(game_id, deep)
        assert "cannot store the action: 'in'" in str(caught.value) and str(caught.value).endswith(
            "is nested too deeply (or contains itself)")
        with pytest.raises(NotJSON, match=r"cannot store the action: 'self'\[0\]\.self\[0\].* is nested too deeply"):
            journal.append(game_id, loop)
        assert len(journal.current_game().actions) == 1   # type: ignore[union-attr]


def test_json_values_are_stored_as_json_keeps_them_and_others_are_named_where_they_are(path: Path) -> None:
    kept = {"type": "play", "t": 2.5, "who": None, "ok": True, "n": -3, "cards": ("MW-A-N1", "MW-A-N2"),
            "deep": {"list": [1.5, {"x": "ÿ"}]}}
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        journal.append(game_id, kept)
        assert journal.current_game().actions == [{**kept, "cards": ["MW-A-N1", "MW-A-N2"]}]   # type: ignore[union-attr]
        for action, words in [
            ({"type": "play", "t": float("inf")}, "cannot store the action: 't' is inf (float)"),
            ({"type": "play", "deep": {"list": [1, {2: "two"}]}}, "cannot store the action: 'deep'.list[1] has a key 2"),
            ({"type": "play", "t": 1, "at": b"0123456789012345678901234567890123456789"},
             "cannot store the action: 'at' is b'01234567890123456789012345678901234... (bytes); a journal keeps only "
             "text, numbers, true/false, null, lists and objects"),
            ({"type": "play", "t": 1, "at": b"0123456789012345678901234567890123456"},
             "cannot store the action: 'at' is b'0123456789012345678901234567890123456' (bytes)"),
        ]:
            with pytest.raises(NotJSON) as caught:
                journal.append(game_id, action)
            assert str(caught.value).startswith(words), str(caught.value)
        with pytest.raises(NotJSON, match="cannot store the game config: 'seats'\\[1\\] is "):
            journal.start_game({**CONFIG, "seats": [1, object()]})
        with pytest.raises(NotJSON, match="a game config must be a JSON object \\(a dict\\), not list"):
            journal.start_game([CONFIG])   # type: ignore[arg-type]
        assert len(journal.current_game().actions) == 1   # type: ignore[union-attr]
# ---- honest dates: was the clock set from the network? ---------------------------------------

LAYOUT_1 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, config TEXT NOT NULL, started TEXT NOT NULL, ended TEXT,
                    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'stopped')));
CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, action TEXT NOT NULL,
                      PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
INSERT INTO games VALUES (1, '{"game": "math-wars", "players": ["Ana", "Ben"]}', '2026-11-21T09:07:00+01:00',
                          '2026-11-21T09:14:00+01:00', 'finished');
INSERT INTO actions VALUES (1, 1, '{"type": "play", "t": 1.5, "player": "Ana", "card": "MW-A-N21"}');
PRAGMA user_version = 1;
"""


LAYOUT_2 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, config TEXT NOT NULL, started TEXT NOT NULL, ended TEXT,
                    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'stopped')),
                    started_synced INTEGER, ended_synced INTEGER);
CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, action TEXT NOT NULL,
                      PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
PRAGMA user_version = 2;
"""


def layout_2_journal(path: Path, games: tuple[tuple[dict[str, Any], list[dict[str, Any]], str], ...] = (
        (CONFIG, plays()[:1], "playing"),)) -> None:
    """A journal as the stations of layout 2 (before the checks) wrote it: their own statements."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(LAYOUT_2)
    for config, actions, status in games:
        game_id = db.execute("INSERT INTO games (config, started, status, started_synced) VALUES (?, ?, ?, 1)",
                             (json.dumps(config, ensure_ascii=False), "2026-11-21T09:07:00+01:00", status)).lastrowid
        for seq, action in enumerate(actions, start=1):
            db.execute("INSERT INTO actions (game_id, seq, action) VALUES (?, ?, ?)",
                       (game_id, seq, json.dumps(action, ensure_ascii=False)))
    db.close()


def layout_1_journal(path: Path) -> None:
    """A journal as a station of the first layout wrote it (before the clock was recorded)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path)
    db.executescript(LAYOUT_1)
    db.close()


def test_each_game_records_whether_the_clock_was_set_from_the_network_at_its_start_and_end(path: Path) -> None:
    synced = [False]
    with Journal(path, clock=fixed_clock, clock_synced=lambda: synced[0]) as journal:
        first = journal.start_game(CONFIG)
        synced[0] = True            # the Pi reached a time server during the game
        journal.finish(first)
        second = journal.start_game(CONFIG)
    with Journal(path, readonly=True) as journal:
        games = {g.id: g for g in journal.games()}
    assert (games[first].started_synced, games[first].ended_synced) == (False, True)
    assert (games[second].started_synced, games[second].ended_synced) == (True, None)
    assert summarise(games[first], plugins()).started_synced is False


def test_a_clock_nothing_can_tell_about_is_recorded_as_unknown(path: Path) -> None:
    with Journal(path, clock=fixed_clock, clock_synced=lambda: None) as journal:
        game_id = journal.start_game(CONFIG)
        journal.stop(game_id)
        stored = journal.game(game_id)
    assert (stored.started_synced, stored.ended_synced) == (None, None)


def test_a_journal_of_the_first_layout_is_read_as_it_is_and_migrated_when_the_station_opens_it(path: Path) -> None:
    layout_1_journal(path)
    with Journal(path, readonly=True) as journal:   # history while an old station still runs: no change
        old = journal.games()
        assert journal.damaged is None
    assert [(g.id, g.started, g.started_synced, len(g.actions)) for g in old] == [(1, "2026-11-21T09:07:00+01:00", None, 1)]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 1
    with Journal(path, clock=fixed_clock, clock_synced=lambda: True) as journal:
        assert journal.recovered is None             # an older layout is not damage
        new = journal.start_game(CONFIG)
        games = {g.id: g for g in journal.games()}
    assert games[1].actions == old[0].actions and games[1].started_synced is None
    assert games[new].started_synced is True
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION


# ---- layout 3: every row's check, chained ---------------------------------------------------------

def old_station_games() -> tuple[tuple[dict[str, Any], list[dict[str, Any]], str], ...]:
    """Two games as a station of layout 2 recorded them: one finished, one still in play."""
    game = MathWars({"game": "math-wars", "seed": 7, "players": ["Ana", "Ben"], "victories_to_win": 2})
    return ((game.config, whole_game_actions(7), "finished"), (CONFIG, plays(), "playing"))


def test_a_journal_of_layout_2_gets_its_checks_in_one_transaction_and_damage_is_then_found(path: Path,
                                                                                          caplog) -> None:
    caplog.set_level(logging.INFO, logger="station.store")
    layout_2_journal(path, old_station_games())
    with Journal(path, readonly=True) as reader:   # history reads it as it is, and changes nothing
        old = reader.games()
        assert reader.damaged is None and [g.set_aside for g in old] == [None, None]
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 2
    with Journal(path) as journal:
        assert journal.recovered is None and journal.set_aside == {}
        assert [dataclasses.replace(game, uid=None) for game in journal.games()] == old   # layout 4 gave each its uid
        assert journal.append(2, plays()[0]) == len(plays()) + 1   # chained on from the migrated rows
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == store.layout_check(store.SCHEMA_VERSION)
    assert db.execute("SELECT count(*) FROM actions WHERE length(chain) = 32").fetchone()[0] == len(
        old[1].actions) + len(plays()) + 1
    db.execute("UPDATE actions SET action = replace(action, 'MW-B-N15', 'MW-B-N13') WHERE game_id = 2 AND seq = 3")
    db.commit()
    db.close()
    with Journal(path) as journal:
        assert journal.set_aside == {2: (len(plays()) - 1, 2)}
        assert journal.current_game().actions == plays()[:2]   # type: ignore[union-attr]
    assert "game journal " + str(path) + ": layout 3 now" in caplog.text


def test_a_migration_that_fails_half_way_leaves_the_journal_as_it_was(path: Path, monkeypatch) -> None:
    layout_2_journal(path, old_station_games())
    before = path.read_bytes()

    def fails_after_the_checks(db: sqlite3.Connection) -> None:
        adding(db)
        raise sqlite3.OperationalError("disk I/O error")

    adding = store._MIGRATIONS[3]
    monkeypatch.setitem(store._MIGRATIONS, 3, fails_after_the_checks)
    with pytest.raises(JournalError, match="cannot prepare the journal"):
        Journal(path)
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 2
    assert "chain" not in {row[1] for row in db.execute("PRAGMA table_info(actions)")}
    db.close()
    monkeypatch.setitem(store._MIGRATIONS, 3, adding)
    with Journal(path) as journal:
        assert [len(g.actions) for g in journal.games()] == [len(plays()), len(whole_game_actions(7))]
    assert before != path.read_bytes()


@pytest.mark.parametrize(("damage", "kept", "aside"), [
    ("DELETE FROM actions WHERE game_id = 1 AND seq = 4", 3, 4),                        # a row lost
    ("UPDATE actions SET seq = -seq WHERE game_id = 1 AND seq IN (3, 4);"
     "UPDATE actions SET seq = 7 + seq WHERE game_id = 1 AND seq IN (-3, -4)", 2, 6),   # two rows swapped
    ("UPDATE actions SET chain = upper(chain) WHERE game_id = 1 AND seq = 5", 4, 4),    # a check itself damaged
    ("UPDATE actions SET action = replace(action, '1.5', '9.5') WHERE game_id = 1 AND seq = 1", 0, 8),  # a time
])
def test_a_row_lost_moved_or_changed_breaks_the_chain_there(path: Path, damage: str, kept: int, aside: int) -> None:
    with Journal(path) as journal:
        game_id = journal.start_game(CONFIG)
        for action in plays():
            journal.append(game_id, action)
    db = sqlite3.connect(path)
    db.executescript(damage)
    db.close()
    with Journal(path) as journal:
        stored = journal.current_game()
        assert stored is not None and stored.actions == plays()[:kept]
        assert journal.set_aside[game_id] == (aside, kept)
