"""The journal's outbox (layout 4): each game has an ID unique across stations, and a game that
ends waits, in the journal's own file, until the class's broker has acknowledged its record."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from station import store
from station.names import same_name
from station.store import Journal

CONFIG = {"game": "math-wars", "players": ["Ana", "Ben"]}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / "journal.sqlite3"


def uids(games) -> list[str | None]:
    return [game.uid for _, game in games]


def test_each_game_gets_a_uid_and_an_ended_game_is_queued_with_the_end(path: Path) -> None:
    with Journal(path) as journal:
        first = journal.start_game(CONFIG)
        journal.append(first, {"type": "play", "t": 1.5, "player": "Ana", "card": "MW-A-N21"})
        assert journal.outbox() == []                      # a game in play is not sent
        second = journal.start_game({**CONFIG, "players": ["Cleo", "Dev"]})   # stops the first
        journal.finish(second)
        queued = journal.outbox()
        assert [game.id for _, game in queued] == [first, second]
        assert [game.status for _, game in queued] == ["stopped", "finished"]
        assert queued[0][1].actions == [{"type": "play", "t": 1.5, "player": "Ana", "card": "MW-A-N21"}]
        assert all(len(uid or "") == 32 for uid in uids(queued)) and len(set(uids(queued))) == 2
        assert journal.unsent() == 2
        journal.mark_sent(queued[0][1].uid)
        assert [game.id for _, game in journal.outbox()] == [second]
        journal.finish(second)                             # said again (after a restart): queued once
        assert journal.unsent() == 1
    with Journal(path) as journal:                         # the outbox outlives the process
        assert [game.id for _, game in journal.outbox()] == [second]


def test_a_journal_of_layout_3_gets_uids_and_queues_its_earlier_games_once_on_joining(path: Path) -> None:
    with Journal(path) as journal:
        for _ in range(3):
            journal.finish(journal.start_game(CONFIG))
    db = sqlite3.connect(path)   # as a station of layout 3 left it
    columns = "id, config, started, ended, status, started_synced, ended_synced, chain"
    db.executescript("PRAGMA legacy_alter_table = ON; DROP TABLE outbox; DROP INDEX games_uid; ALTER TABLE games RENAME TO new;"
                     "CREATE TABLE games (id INTEGER PRIMARY KEY, config TEXT NOT NULL, started TEXT NOT NULL, ended TEXT, "
                     "status TEXT NOT NULL, started_synced INTEGER, ended_synced INTEGER, chain TEXT NOT NULL);"
                     f"INSERT INTO games SELECT {columns} FROM new; DROP TABLE new;"
                     f"PRAGMA user_version = 3; PRAGMA application_id = {store.layout_check(3)};")
    db.close()
    with Journal(path) as journal:
        games = journal.games()
        assert len({game.uid for game in games}) == 3 and journal.unsent() == 0
        assert journal.queue_ended() == 3
        assert journal.queue_ended() == 0                  # once
        assert [game.id for _, game in journal.outbox()] == [1, 2, 3]
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == 4
    with pytest.raises(sqlite3.IntegrityError):            # one uid, one game
        db.execute("UPDATE games SET uid = (SELECT uid FROM games WHERE id = 1) WHERE id = 2")


def test_forget_removes_a_childs_ended_games_and_says_their_uids(path: Path) -> None:
    with Journal(path) as journal:
        ana = journal.start_game(CONFIG)
        journal.append(ana, {"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21"})
        journal.finish(ana)
        other = journal.start_game({**CONFIG, "players": ["Cleo", "Dev"]})
        journal.finish(other)
        playing = journal.start_game({**CONFIG, "players": ["ana", "Eli"]})
        ana_uid = journal.game(ana).uid
        assert journal.forget("ANA", same_name) == [ana_uid]
        assert [game.id for game in journal.games()] == [playing, other]
        assert [game.id for _, game in journal.outbox()] == [other]
        assert journal.forget("Nobody", same_name) == []
