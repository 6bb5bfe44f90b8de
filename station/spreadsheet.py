"""CSV for a teacher's spreadsheet, written in one place for ``mathstation history --csv`` and the
page's ``/history.csv``, so a child's name never runs as a formula when the file is opened.

Names come from a roster anyone at the page can edit, and ``=HYPERLINK(…)``, ``+1+1``,
``-2+3`` or ``@SUM(1)`` are valid names; a spreadsheet that opens a cell beginning with one of
those characters runs it. OWASP's advice against CSV injection: such a cell gets a leading
``'`` (the spreadsheet then reads it as text and hides the quote), and every cell is in double
quotes. ``defusedcsv`` (a drop-in for the ``csv`` module) does the first for cells beginning
with ``= + - @ | %`` (writing a ``|`` in them as ``\\|``); it leaves cells beginning with a tab or
a carriage return, which OWASP lists too (a spreadsheet may skip the white space and run what
follows), so those get their quote here.

A number stays a number: a Python number, or text that is a minus and digits (``-2``,
``-2.5``), is written as it is, in quotes like every cell; spreadsheets read a quoted number
as a number (Excel, LibreOffice's default, Google Sheets).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

from defusedcsv import csv as defused

#: White space OWASP lists as a formula's start, which defusedcsv does not quote.
LEADING_SPACE = ("\t", "\r")


class SpreadsheetWriter:
    """``csv.writer``'s ``writerow`` and ``writerows``: RFC 4180 (CRLF), every cell quoted, formulas defused."""

    def __init__(self, stream: TextIO) -> None:
        self._writer = defused.writer(stream, quoting=csv.QUOTE_ALL)

    def writerow(self, row: Iterable[Any]) -> None:
        self._writer.writerow([_defuse_space(cell) for cell in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def csv_text(rows: Iterable[Sequence[Any]]) -> str:
    """``rows`` as one CSV text, written by ``SpreadsheetWriter``."""
    out = io.StringIO()
    SpreadsheetWriter(out).writerows(rows)
    return out.getvalue()


def _defuse_space(cell: Any) -> Any:
    return "'" + cell if isinstance(cell, str) and cell.startswith(LEADING_SPACE) else cell
