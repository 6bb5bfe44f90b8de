"""When a game was played, as every history says it: ``mathstation history`` (its table, its CSV,
one game told) and the teacher's page (its table, its CSV, its date filter) all ask here, so they
never disagree.

A date is only as good as the clock: a game started while the station's clock was not set from
the network (``station.clock_sync``: a Pi without a time server starts its clock where it last
stopped) says "date unknown" and matches no date filter. A game whose clock state nobody could
tell (``None``, e.g. a journal older than the record of it) shows the date it has.

>>> shown("2026-11-26T11:16:40+01:00", True)
'2026-11-26 11:16'
>>> shown("2026-11-26T11:16:40+01:00", False)
'date unknown'
>>> shown("2026-11-26T11:16:40+01:00", None, SPREADSHEET)
'2026-11-26 11:16:40'
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Protocol

DATE_UNKNOWN = "date unknown"
MINUTES = "%Y-%m-%d %H:%M"       # the tables
SPREADSHEET = "%Y-%m-%d %H:%M:%S"   # local time as spreadsheets read it (no ``T``, no UTC offset)


class Dated(Protocol):
    """A game as the journal keeps it (``StoredGame``) or sums it up (``GameSummary``)."""

    started: str
    started_synced: bool | None


def shown(stamp: str | None, synced: bool | None, form: str = MINUTES) -> str:
    """A journal time as a teacher reads it: "" when there is none (a game still going has no end)."""
    if stamp is None:
        return ""
    if synced is False:
        return DATE_UNKNOWN
    try:
        return datetime.fromisoformat(stamp).strftime(form)
    except ValueError:
        return stamp


def when(game: Dated) -> str:
    """When the game started, to the minute, or "date unknown"."""
    return shown(game.started, game.started_synced)


def known_day(game: Dated) -> date | None:
    """The game's day, or None when the clock was not set from the network when it started."""
    if game.started_synced is False:
        return None
    try:
        return datetime.fromisoformat(game.started).date()
    except ValueError:
        return None
