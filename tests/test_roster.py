"""The class roster as a teacher uses it: names added, renamed, removed and imported from a
spreadsheet's CSV, kept across restarts; bad names and bad rows refused with a reason and nothing
else lost; a damaged file never stops the station and gives back every name it still holds.
Real SQLite files in tmp_path; nothing is mocked."""

from __future__ import annotations

import random
import sqlite3
from datetime import datetime
from pathlib import Path

import pytest

from station.roster import MAX_NAME, ROSTER_NAME, Roster, RosterError

WHEN = datetime(2026, 11, 21, 10, 15, 0)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "state" / ROSTER_NAME


def roster_at(path: Path) -> Roster:
    return Roster(path, clock=lambda: WHEN)


def test_names_are_added_renamed_and_removed_and_kept_after_a_restart(path: Path) -> None:
    with roster_at(path) as roster:
        assert roster.names() == []
        roster.add("Zoë")
        roster.add("  ben   okafor ")
        roster.add("Ana")
        roster.rename("ben okafor", "Ben O.")
        roster.remove("zoë")          # any case finds the child
    with roster_at(path) as roster:
        assert roster.names() == ["Ana", "Ben O."]
        assert "ana" in roster and "Zoë" not in roster


@pytest.mark.parametrize(("name", "words"), [
    ("", "cannot be empty"),
    ("   ", "cannot be empty"),
    ("Maximilianus Alexander", f"22 characters long and the screen shows {MAX_NAME}"),
    ("Ana\x07", "control character"),
    ("ANA", "ANA is already on the list (as Ana): two children with one name could not be told apart"),
])
def test_a_bad_name_is_refused_with_the_reason_and_the_list_is_unchanged(path: Path, name: str, words: str) -> None:
    with roster_at(path) as roster:
        roster.add("Ana")
        with pytest.raises(RosterError, match=words.replace("(", r"\(").replace(")", r"\)")):
            roster.add(name)
        assert roster.names() == ["Ana"]


def test_renaming_to_a_name_taken_or_a_name_not_there_is_refused(path: Path) -> None:
    with roster_at(path) as roster:
        roster.add("Ana")
        roster.add("Ben")
        with pytest.raises(RosterError, match=r"ben is already on the list \(as Ben\)"):
            roster.rename("Ana", "ben")
        with pytest.raises(RosterError, match="'Cleo' is not on the list"):
            roster.rename("Cleo", "Cleo B.")
        with pytest.raises(RosterError, match="'Cleo' is not on the list"):
            roster.remove("Cleo")
        roster.rename("Ana", "ANA")     # the same child, written differently: allowed
        assert roster.names() == ["ANA", "Ben"]


def test_a_spreadsheet_csv_adds_the_good_rows_and_names_each_bad_one(path: Path) -> None:
    csv = ("\ufeffSurname;First name;Group\r\n"
           "Okafor;Ben;A\r\n"
           "Silva;Zoë;B\r\n"
           "\r\n"
           "Nguyen;;A\r\n"
           "Lee;Christopherson-Smith;B\r\n"
           "Ono;ben;A\r\n"
           "Ruiz;Ana;B\r\n").encode("utf-8")
    with roster_at(path) as roster:
        roster.add("Ana")
        report = roster.import_csv(csv)
        assert report.added == ["Ben", "Zoë"]
        assert report.skipped == [
            "row 5: a name cannot be empty",
            "row 6: Christopherson-Smith is 20 characters long and the screen shows 16: shorten it "
            "(a first name and an initial is enough)",
            "row 7: ben is already on the list (as Ben)",
            "row 8: Ana is already on the list",
        ]
        assert report.summary() == "2 names added; 4 rows left out (see below)."
        assert roster.names() == ["Ana", "Ben", "Zoë"]


def test_a_list_without_a_header_takes_the_first_column_and_a_windows_file_is_read(path: Path) -> None:
    with roster_at(path) as roster:
        report = roster.import_csv("Chloé,7\nDev,8\n".encode("cp1252"))
        assert roster.names() == ["Chloé", "Dev"]
        assert report.skipped == ["note: the file is not UTF-8; it was read as Windows-1252 (check accented names)"]


def test_a_file_that_is_not_a_csv_is_refused_whole(path: Path) -> None:
    with roster_at(path) as roster, pytest.raises(RosterError, match="not a CSV file"):
        roster.import_csv(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    with roster_at(path) as roster:
        assert roster.names() == []


def test_a_roster_from_a_newer_station_is_refused_and_left_alone(path: Path) -> None:
    with roster_at(path) as roster:
        roster.add("Ana")
    db = sqlite3.connect(path)
    db.execute("PRAGMA user_version = 7")
    db.close()
    with pytest.raises(RosterError, match="newer station"):
        roster_at(path)
    assert not [p for p in path.parent.iterdir() if "damaged" in p.name]


def test_a_file_that_is_not_a_database_is_kept_aside_and_a_new_list_starts(path: Path) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(b"this is not SQLite at all, just words" * 100)
    with roster_at(path) as roster:
        assert roster.names() == []
        assert roster.recovered is not None and "roster.sqlite3.damaged-20261121-101500" in roster.recovered
        roster.add("Ana")
    assert (path.parent / "roster.sqlite3.damaged-20261121-101500").read_bytes().startswith(b"this is not")


def test_a_name_that_is_not_text_is_damage_and_the_plain_copy_gives_it_back(path: Path) -> None:
    with roster_at(path) as roster:
        for name in ("Ana", "Ben", "Cleo"):
            roster.add(name)
    db = sqlite3.connect(path)
    db.execute("UPDATE names SET name = CAST(X'41FF6E61' AS TEXT) WHERE name = 'Ben'")  # bytes that are not UTF-8
    db.commit()
    db.close()
    with roster_at(path) as roster:   # Ben's row is garbled, but the plain copy beside the file holds him
        assert roster.names() == ["Ana", "Ben", "Cleo"]
        assert roster.recovered == ("The class list was damaged; 3 names could be read and were kept, and the file was "
                                    "kept as roster.sqlite3.damaged-20261121-101500.")
    (path.parent / (ROSTER_NAME + ".names.txt")).unlink()
    db = sqlite3.connect(path)
    db.execute("UPDATE names SET name = CAST(X'41FF6E61' AS TEXT) WHERE name = 'Ben'")
    db.commit()
    db.close()
    with roster_at(path) as roster:   # without the copy, the garbled row alone is lost
        assert roster.names() == ["Ana", "Cleo"]
        assert roster.recovered is not None and "2 names could be read" in roster.recovered


@pytest.mark.parametrize("seed", range(40))
def test_random_damage_never_stops_the_station_and_the_list_works_afterwards(tmp_path: Path, seed: int) -> None:
    path = tmp_path / ROSTER_NAME
    names = [f"Child {n}" for n in range(60)]
    with roster_at(path) as roster:
        roster.import_csv("\n".join(names))
    data = bytearray(path.read_bytes())
    rng = random.Random(seed)
    start = rng.randrange(len(data))
    for i in range(start, min(len(data), start + rng.choice([1, 16, 512, 4096]))):
        data[i] = rng.randrange(256)
    path.write_bytes(bytes(data))
    with roster_at(path) as roster:
        kept = roster.names()
        if roster.recovered is None:   # damage SQLite cannot see (inside a name's letters) loses no row
            assert len(kept) == 60
        else:                          # every name still readable was carried over
            assert kept and str(len(kept)) in roster.recovered
        roster.add("Newcomer")
        assert "Newcomer" in roster.names()


def test_a_cell_too_long_for_the_csv_reader_costs_only_its_row(path: Path) -> None:
    import csv as csv_module

    limit = csv_module.field_size_limit()
    huge = "x" * (limit + 10)
    with roster_at(path) as roster:
        report = roster.import_csv(f"Name,Age\nAna,8\n{huge},9\nBen,7\n".encode())
        assert roster.names() == ["Ana", "Ben"]
        assert report.skipped == [f"row 3: a cell is over {limit:,} characters long: that is no name "
                                  "(is this the class list?)"]
    with roster_at(path) as roster:   # a file that is one huge cell is refused row by row, never with a crash
        report = roster.import_csv(huge.encode())
        assert report.added == []
        assert report.skipped == [f"row 1: a cell is over {limit:,} characters long: that is no name "
                                  "(is this the class list?)"]


def test_a_hostile_name_is_refused_with_a_message_that_quotes_only_its_start(path: Path) -> None:
    long = "Ana" * 1700   # 5,100 characters: under the CSV reader's limit, far over a name's
    with roster_at(path) as roster:
        report = roster.import_csv(f"Name\nBen\n{long}\nBe\x00n\n".replace("\x00", "\x01").encode())
        assert roster.names() == ["Ben"]
        assert report.skipped == [
            f"row 3: {long[:40]}… is 5100 characters long and the screen shows {MAX_NAME}: shorten it "
            "(a first name and an initial is enough)",
            "row 4: 'Be\\x01n' holds a character that cannot be shown (a control character)",
        ]
        with pytest.raises(RosterError) as refused:
            roster.add(long)
        assert len(str(refused.value)) < 200
