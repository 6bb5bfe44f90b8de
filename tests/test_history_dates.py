"""One date for each game wherever a teacher reads it: ``mathstation history`` (its table, its CSV,
one game told) and the teacher's page (its table, its CSV) say the same, "date unknown" for a
game started while the station's clock was not set, its real date otherwise."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from test_cli_history import history
from web_helpers import make_journal

from station.games import plugins
from station.web.history import games_csv, read_games, when


def test_the_command_line_and_the_page_give_each_game_the_same_date(tmp_path: Path, capsys) -> None:
    journal = tmp_path / "journal.sqlite3"
    make_journal(journal)                    # two games on a set clock, one on a Pi that had no network
    games, _ = read_games(journal, plugins())
    on_the_page = {str(s.id): when(s) for s in games}
    assert sorted(on_the_page.values()) == ["2026-03-02 09:00", "2026-03-02 09:00", "date unknown"]

    assert history("--journal", str(journal)) == 0
    rows = capsys.readouterr().out.splitlines()[1:]
    in_the_table = {row.split()[0]: row[len(rows[0].split("  ")[0]):].strip()[:16] for row in rows}
    in_the_table = {number: ("date unknown" if said.startswith("date unknown") else said)
                    for number, said in in_the_table.items()}
    assert in_the_table == on_the_page

    assert history("--journal", str(journal), "--csv") == 0
    cli_csv = list(csv.DictReader(io.StringIO(capsys.readouterr().out, newline="")))
    page_csv = list(csv.DictReader(io.StringIO(games_csv(games, plugins()), newline="")))
    assert [(r["id"], r["started"], r["ended"]) for r in cli_csv] == [(r["id"], r["started"], r["ended"]) for r in page_csv]
    unknown = next(r for r in cli_csv if on_the_page[r["id"]] == "date unknown")
    assert (unknown["started"], unknown["ended"]) == ("date unknown", "date unknown")

    number = next(n for n, said in on_the_page.items() if said == "date unknown")
    assert history("--journal", str(journal), "--game", number) == 0
    assert capsys.readouterr().out.splitlines()[0].startswith(f"Game {number} · started date unknown · ")
