"""A child's name that looks like a spreadsheet formula (``=HYPERLINK(…)``, ``+1+1``, ``-2+3``,
``@SUM(1)``) reaches a teacher's spreadsheet as text, never as a formula, in both exports of the
history (``mathstation history --csv`` and the page's ``/history.csv``); a negative number stays
a number. Real games played by the virtual players under such names, read back with ``csv``."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from station.paths import JOURNAL_NAME
from station.store import Journal
from test_cli_history import history
from web_helpers import PIN, Station, journal_template, play, station  # noqa: F401 - fixtures

#: Names the roster accepts (16 characters at most, nothing a screen cannot show).
FORMULAS = ['=HYPERLINK("x")', "-2+3", "+1+1", "@SUM(1)"]


def cells(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text, newline="")))


def test_cells_that_begin_like_a_formula_get_a_quote_and_numbers_stay_numbers() -> None:
    from station.spreadsheet import csv_text

    row = ["=1+1", "+1+1", "-2+3", "@SUM(1)", "\t=1+1", "\r=1+1", "-", "Ana", "Zoë -2", -2, "-2", "-2.5", 7, "3.5"]
    text = csv_text([row])
    assert cells(text) == [["'=1+1", "'+1+1", "'-2+3", "'@SUM(1)", "'\t=1+1", "'\r=1+1", "'-", "Ana", "Zoë -2",
                            "-2", "-2", "-2.5", "7", "3.5"]]
    assert text.startswith('"\'=1+1","\'+1+1","\'-2+3","\'@SUM(1)",')   # each cell in quotes (OWASP)
    assert text.endswith('"-2","-2","-2.5","7","3.5"\r\n')              # a minus and digits: a number


@pytest.fixture
def formula_games(tmp_path: Path) -> Path:
    """A journal of two whole games whose players are named like formulas."""
    folder = tmp_path / "state"
    with Journal(folder / JOURNAL_NAME) as journal:
        play(journal, "math-wars", FORMULAS[:2], 1)
        play(journal, "sum", FORMULAS[1:], 2)
    return folder


def no_formulas(rows: list[dict[str, str]]) -> None:
    assert len(rows) == 2
    for row in rows:
        for column in ("players", "winner", "scores"):
            assert row[column][:1] not in ("=", "+", "-", "@"), (column, row[column])
        assert row["players"].startswith("'") and row["scores"].startswith("'")
        assert row["players"][1:].split("; ") == FORMULAS[:2] if row["game"] == "Math Wars Meta" else FORMULAS[1:]
    won = next(row for row in rows if row["winner"])
    assert won["winner"][0] == "'" and won["winner"][1:] in FORMULAS


def test_the_command_lines_csv_writes_formula_names_as_text(formula_games: Path, capsys) -> None:
    assert history("--state-dir", str(formula_games), "--csv") == 0
    no_formulas(list(csv.DictReader(io.StringIO(capsys.readouterr().out, newline=""))))


def test_the_pages_csv_writes_formula_names_as_text(station: Station, formula_games: Path) -> None:  # noqa: F811
    from station.web.app import HEADER

    station.journal_file = formula_games / JOURNAL_NAME
    answer = station.app().test_client().get("/history.csv", headers={HEADER: PIN})
    assert answer.status_code == 200
    no_formulas(list(csv.DictReader(io.StringIO(answer.get_data(as_text=True), newline=""))))
