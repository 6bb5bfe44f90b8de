"""The class's merged history: every station's games, each replayed with the engine and summed
up by its game's plug-in (the ones handed down), as a station's own History page does; per-child
figures across every table and game (``station.web.history.per_child``) and the CSV with a
station column.

A record whose game does not replay (a config the engine refuses, an action it cannot apply)
is kept and listed as "could not be read", with why; it counts in no child's figures.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from station.classroom.dashboard.store import ClassStore, KeptRecord
from station.classroom.topics import GameRecord
from station.history_summary import csv_fields, csv_row
from station.i18n import language
from station.spreadsheet import csv_text
from station.store import GameSummary, StoredGame, summarise

if TYPE_CHECKING:
    from station.game_plugin import StationGame

log = logging.getLogger("station.classroom")


@dataclass(frozen=True)
class Played:
    """One game as the dashboard lists it: where it was played and what it came to."""

    station: str
    table: str          # the station's display name when it sent the record ("Table 3")
    uid: str
    summary: GameSummary

    @property
    def unreadable(self) -> str | None:
        """Why the game could not be read to its end, or None."""
        return self.summary.problem


def replay(record: GameRecord, games: Mapping[str, StationGame], number: int = 0) -> GameSummary:
    """``record`` replayed and summed up; whatever a record from the network holds, a summary
    comes back (``problem`` says what could not be read)."""
    stored = StoredGame(id=number, config=record["config"], actions=record["actions"], started=record["started"],
                        status=record["status"], ended=record["ended"], started_synced=record.get("clock_synced"),
                        ended_synced=record.get("clock_synced"))
    try:
        return summarise(stored, games)
    except Exception as exc:  # noqa: BLE001 - a record from the network must never stop the dashboard
        log.warning("class dashboard: game %s from %s could not be replayed: %r", record["uid"], record["station"], exc)
        players = record["config"].get("players")
        names = [p if isinstance(p, str) else str(p.get("name", "?")) if isinstance(p, dict) else "?"
                 for p in (players if isinstance(players, list) else [])]
        return GameSummary(id=number, game=str(record["config"].get("game", "?")), started=record["started"],
                           ended=record["ended"], status=record["status"], players=names, winner=None, scores={},
                           duration_s=0.0, actions=len(record["actions"]), violations=0,
                           problem=f"the game cannot be replayed ({type(exc).__name__})",
                           started_synced=record.get("clock_synced"), ended_synced=record.get("clock_synced"))


class MergedHistory:
    """Every kept record, replayed once each per language (a record never changes: its uid is kept
    once; a game's own measures may hold words, "won by an empty hand", worded by its plug-in)."""

    def __init__(self, store: ClassStore, games: Mapping[str, StationGame]) -> None:
        self.store = store
        self.games = games
        self._summaries: dict[tuple[str, str], GameSummary] = {}
        self._lock = threading.Lock()

    def played(self) -> list[Played]:
        """Every game, newest first, in the language of the moment."""
        kept = self.store.records()
        said_in = language()
        with self._lock:
            uids = {k.record["uid"] for k in kept}
            self._summaries = {key: s for key, s in self._summaries.items() if key[0] in uids}
            for k in kept:
                if (k.record["uid"], said_in) not in self._summaries:
                    self._summaries[k.record["uid"], said_in] = self._replay(k)
            shown = [Played(k.record["station"], k.record["title"], k.record["uid"],
                            self._summaries[k.record["uid"], said_in]) for k in kept]
        return sorted(shown, key=lambda p: (p.summary.started, p.summary.id), reverse=True)

    def _replay(self, kept: KeptRecord) -> GameSummary:
        return replay(kept.record, self.games, kept.n)


def players_of(record: GameRecord, games: Mapping[str, StationGame]) -> list[str]:
    """Who played ``record``'s game (by the engine's seats, else the config's names)."""
    return replay(record, games).players


def games_csv(played: list[Played], games: Mapping[str, StationGame]) -> str:
    """The station's history CSV (``mathstation history --csv``'s columns) with the station and game uid first."""
    fields = csv_fields(games)
    rows = [["station", "uid", *fields]]
    rows += [[p.table, p.uid, *csv_row(p.summary, fields)] for p in played]
    return csv_text(rows)
