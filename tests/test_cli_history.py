"""``mathstation history`` as a teacher (a table), a spreadsheet (CSV) and a script (JSON) use it,
on real journals: two games played by virtual players, an empty station, a damaged journal."""

from __future__ import annotations

import argparse
import csv
import io
import json
from collections.abc import Iterator
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from engine.math_wars import MathWars
from station import cli_history
from station.games import plugins
from station.paths import JOURNAL_NAME
from station.games.math_wars.players import VirtualTable
from station.store import Journal

START = datetime(2026, 11, 21, 9, 0, 0)


def history(*argv: str) -> int:
    """Run ``mathstation history ARGV`` through a parser built the way station/cli.py builds it."""
    parser = argparse.ArgumentParser(prog="mathstation")
    sub = parser.add_subparsers()
    cli_history.register(sub)
    args = parser.parse_args(["history", *argv])
    return int(args.run(args))


def clock_from(start: datetime) -> Any:
    """A clock that moves on 20 minutes each time it is read, so every game starts at a known time."""
    times: Iterator[datetime] = (start + timedelta(minutes=20 * n) for n in range(1000))
    return lambda: next(times)


def play(journal: Journal, seed: int, *, stop_after: int | None = None) -> tuple[int, list[dict[str, Any]], list[dict[str, Any]]]:
    """A seeded game of Ana v Ben journaled action by action: whole (and finished), or its first actions."""
    game = MathWars({"game": "math-wars", "seed": seed, "players": ["Ana", "Ben"], "victories_to_win": 3})
    game_id = journal.start_game(game.config)
    actions, events = [], []
    for action, new in VirtualTable(game, seed=seed).actions():
        journal.append(game_id, action)
        actions.append(action)
        events.extend(new)
        if stop_after is not None and len(actions) == stop_after:
            return game_id, actions, events
    journal.finish(game_id)
    return game_id, actions, events


@pytest.fixture
def state(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A state folder with game 1 won, then game 2 in progress."""
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL_NAME, clock=clock_from(START), clock_synced=lambda: True) as journal:
        won = play(journal, seed=11)
        going = play(journal, seed=5, stop_after=9)
    return folder, {"won": won, "going": going}


def expected(game: tuple[int, list[dict[str, Any]], list[dict[str, Any]]]) -> dict[str, Any]:
    """What the history should say about a game, worked out from its own events."""
    _, actions, events = game
    wins = [e for e in events if e["type"] == "game_won"]
    seconds = round(actions[-1]["t"])
    hands = sum(1 for e in events if e["type"] == "hand_result" and e["level"] == 0)   # two players: both in each
    return {"hands": f"Ana {hands} Ben {hands}",
            "rounds": 1 + sum(1 for e in events if e["type"] == "round_started"),
            "length": f"{seconds // 60:02d}:{seconds % 60:02d}", "won": wins[0] if wins else None}


def test_the_table_lists_games_newest_first_with_their_results(state, capsys) -> None:
    folder, games = state
    assert history("--state-dir", str(folder)) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["#", "Started", "Game", "Players", "Result", "Length", "Details"]
    assert [line.split()[0] for line in lines[1:]] == ["2", "1"]
    won, going = expected(games["won"]), expected(games["going"])
    winner = won["won"]["side"]
    loser = "Ben" if winner == "Ana" else "Ana"
    score = f"{winner} won {won['won']['victories'][winner]}–{won['won']['victories'][loser]}"
    row_won, row_going = lines[2], lines[1]
    assert row_won.startswith("1  2026-11-21 09:00  Math Wars Meta  Ana, Ben")
    assert won["rounds"] == sum(won["won"]["victories"].values())
    assert score in row_won and row_won.endswith(f"{won['length']}  hands {won['hands']}, rounds {won['rounds']}")
    assert "2026-11-21 09:40" in row_going   # the clock moves 20 minutes a reading: start, finish, next start
    assert "in progress" in row_going
    assert row_going.endswith(f"{going['length']}  hands {going['hands']}, rounds {going['rounds']}")


def test_csv_reads_back_into_a_spreadsheet(state, capsys) -> None:
    folder, games = state
    assert history("--state-dir", str(folder), "--csv") == 0
    out = capsys.readouterr().out
    assert out.endswith("\r\n")   # RFC 4180
    rows = list(csv.DictReader(io.StringIO(out, newline="")))
    assert list(rows[0]) == cli_history.csv_fields(plugins())
    assert {"victories", "hands", "rounds"} <= set(rows[0])  # Math Wars Meta's own measures
    going, won = rows
    game_won = expected(games["won"])["won"]
    assert (won["id"], won["status"], won["winner"]) == ("1", "finished", game_won["side"])
    assert won["victories"] == "; ".join(f"{side} {n}" for side, n in game_won["victories"].items()) == won["scores"]
    assert won["players"] == "Ana; Ben" and won["game"] == "Math Wars Meta"
    assert won["started"] == "2026-11-21 09:00:00" and won["ended"] == "2026-11-21 09:20:00"
    assert won["hands"] == expected(games["won"])["hands"].replace(" Ben", "; Ben")
    assert int(won["actions"]) == len(games["won"][1]) and float(won["duration_s"]) == games["won"][1][-1]["t"]
    assert int(won["rounds"]) == sum(game_won["victories"].values())
    assert (going["id"], going["status"], going["winner"], going["ended"]) == ("2", "playing", "", "")
    assert int(going["actions"]) == 9 and int(going["violations"]) == 0


def test_json_gives_one_object_per_game(state, capsys) -> None:
    folder, games = state
    assert history("--state-dir", str(folder), "--json") == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(r["id"], r["status"]) for r in records] == [(2, "playing"), (1, "finished")]
    assert records[1]["victories"] == expected(games["won"])["won"]["victories"]


def test_one_game_is_told_event_by_event(state, capsys) -> None:
    folder, games = state
    assert history("--state-dir", str(folder), "--game", "1") == 0
    lines = capsys.readouterr().out.splitlines()
    winner = expected(games["won"])["won"]["side"]
    assert lines[0].startswith(f"Game 1 · started 2026-11-21 09:00 · {winner} won")
    assert lines[1].startswith("Math Wars Meta · MWM25 · Player v Player")
    assert sum(1 for line in lines if " turns up " in line) == len(games["won"][1])
    assert any(line.endswith(f"{winner} wins the game with 3 VICTORY! cards!") for line in lines)
    assert f"Game over: {winner} won." in lines


@pytest.mark.parametrize(("argv", "words"), [
    (["--game", "7"], "there is no game 7 in"),
    (["--game", "seven"], "--game takes a game number"),
    (["--game", "1", "--csv"], "--csv lists every game"),
])
def test_bad_input_is_one_line_and_exit_2(state, capsys, argv, words) -> None:
    folder, _ = state
    assert history("--state-dir", str(folder), *argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("mathstation history: ") and words in err and err.count("\n") == 1


def test_a_station_with_no_games_says_so_and_creates_nothing(tmp_path, capsys) -> None:
    folder = tmp_path / "fresh"
    assert history("--state-dir", str(folder)) == 0
    assert capsys.readouterr().out == f"No games played yet (journal: {folder / JOURNAL_NAME}).\n"
    assert not folder.exists()
    assert history("--state-dir", str(folder), "--csv") == 0
    assert list(csv.reader(io.StringIO(capsys.readouterr().out, newline=""))) == [cli_history.csv_fields(plugins())]


def test_history_finds_the_journal_where_systemd_put_it(state, capsys, monkeypatch) -> None:
    folder, _ = state
    monkeypatch.setenv("STATE_DIRECTORY", str(folder))
    assert history() == 0
    assert "in progress" in capsys.readouterr().out


def test_history_reads_while_the_station_is_writing(tmp_path, capsys) -> None:
    with Journal(tmp_path / JOURNAL_NAME) as journal:
        game_id, actions, events = play(journal, seed=5, stop_after=4)
        assert history("--state-dir", str(tmp_path)) == 0
        now = expected((game_id, actions, events))
        assert capsys.readouterr().out.splitlines()[1].split()[-9:] == [
            "progress", now["length"], "hands", *f"{now['hands']},".split(), "rounds", str(now["rounds"])]
        journal.append(game_id, {"type": "play", "t": 99, "player": "Ana", "card": "MW-B-N1"})
        assert history("--state-dir", str(tmp_path), "--csv") == 0
        (row,) = csv.DictReader(io.StringIO(capsys.readouterr().out, newline=""))
        assert (row["actions"], row["violations"]) == ("5", "1")


# ---- damaged journals -----------------------------------------------------------------------------

def test_a_damaged_journal_is_reported_and_what_can_be_read_is_shown(state, capsys) -> None:
    import sqlite3

    folder, _ = state
    db = sqlite3.connect(folder / JOURNAL_NAME)
    db.execute("UPDATE actions SET action = 'garbled' WHERE game_id = 2 AND seq = 3")
    db.commit()
    db.close()
    before = sorted(p.name for p in folder.iterdir())
    assert history("--state-dir", str(folder)) == 1
    captured = capsys.readouterr()
    assert "The game journal is damaged" in captured.err and "game 2's action 3" in captured.err
    lines = captured.out.splitlines()
    assert [line.split()[0] for line in lines[1:3]] == ["2", "1"]   # game 2 as far as it can be read
    assert "in progress" in lines[1]
    assert lines[3] == "Game 2: 7 actions set aside after action 2: the journal was damaged there"
    assert sorted(p.name for p in folder.iterdir()) == before   # history never moves it: the station does


def test_a_journal_that_is_not_a_database_is_reported(tmp_path, capsys) -> None:
    (tmp_path / JOURNAL_NAME).write_bytes(b"\x00" * 8192)
    assert history("--state-dir", str(tmp_path)) == 1
    captured = capsys.readouterr()
    assert "The game journal is damaged" in captured.err
    assert captured.out == f"No games could be read (journal: {tmp_path / JOURNAL_NAME}).\n"


def test_after_the_station_kept_a_damaged_journal_aside_history_says_so(state, capsys) -> None:
    folder, _ = state
    (folder / JOURNAL_NAME).write_text("not a journal any more")
    with Journal(folder / JOURNAL_NAME, clock=lambda: START) as journal:   # the station starting
        assert journal.recovered is not None
        play(journal, seed=7)
    assert history("--state-dir", str(folder)) == 0
    captured = capsys.readouterr()
    assert "journal.sqlite3.damaged-20261121-090000" in captured.err and "not shown" in captured.err
    assert [line.split()[0] for line in captured.out.splitlines()[1:]] == ["1"]
    kept = folder / "journal.sqlite3.damaged-20261121-090000"
    assert f"mathstation history --journal {kept}" in captured.err


def test_a_journal_kept_aside_is_read_with_journal(state, capsys) -> None:
    import sqlite3

    folder, games = state
    db = sqlite3.connect(folder / JOURNAL_NAME)
    db.execute("UPDATE actions SET action = CAST(x'7b22ff227d' AS TEXT) WHERE game_id = 2 AND seq = 5")
    db.execute("UPDATE games SET chain = '0' WHERE id = 1")   # a game's check damaged: the whole file goes aside
    db.commit()
    db.close()
    with Journal(folder / JOURNAL_NAME, clock=lambda: START) as journal:   # the station starting: kept aside
        assert journal.recovered is not None
    kept = folder / "journal.sqlite3.damaged-20261121-090000"
    assert history("--journal", str(kept)) == 1
    captured = capsys.readouterr()
    assert [line.split()[0] for line in captured.out.splitlines()[1:3]] == ["2", "1"]
    assert "Game 2: 5 actions set aside after action 4: the journal was damaged there" in captured.out
    assert history("--journal", str(kept), "--state-dir", str(folder)) == 2


def test_history_takes_the_state_folder_from_a_station_config(tmp_path, capsys):
    from station.cli import main

    config = tmp_path / "station.toml"
    config.write_text(f'[station]\nstate_dir = "{tmp_path / "elsewhere"}"\n')
    assert main(["history", "--config", str(config)]) == 0
    assert str(tmp_path / "elsewhere") in capsys.readouterr().out


def test_a_big_journal_shows_progress_while_its_games_are_read(tmp_path, capsys) -> None:
    """Replaying a term of games takes a while on a Pi: stderr says how far it got; stdout stays the table."""
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL_NAME, clock=clock_from(START), clock_synced=lambda: True) as journal:
        for seed in range(cli_history.PROGRESS_FROM):
            play(journal, seed=seed, stop_after=3)
    assert history("--state-dir", str(folder)) == 0
    out, err = capsys.readouterr()
    total = cli_history.PROGRESS_FROM
    assert err.splitlines()[-1] == f"Reading the games: {total}/{total}"
    assert len(err.splitlines()) <= 11                 # a log gets a line a tenth, not one a game
    assert len(out.splitlines()) == total + 1 and "Reading" not in out

    small = tmp_path / "small"
    with Journal(small / JOURNAL_NAME, clock=clock_from(START)) as journal:
        play(journal, seed=1, stop_after=3)
    assert history("--state-dir", str(small)) == 0
    assert capsys.readouterr().err == ""               # a few games: no progress line
