"""The History page's figures: every game of every kind from the journal (read-only), filtered
by child, game and date; per child, games played, wins and each game's own measures (from its
plug-in's history summary); a bar chart drawn as SVG on the station; the CSV the command line
gives (``mathstation history --csv``).

Dates come from ``station.game_dates``, as ``mathstation history`` gives them: "date unknown" for
a game started while the clock was not set from the network, never matched by a date filter.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.games import GAME_TITLES
from station.game_dates import DATE_UNKNOWN, known_day, when
from station.i18n import _, ngettext
from station.store import GameSummary, Journal, summarise

if TYPE_CHECKING:
    from station.game_plugin import StationGame

__all__ = ["DATE_UNKNOWN", "Filters", "chart_svg", "games_csv", "known_day", "per_child", "read_games", "when"]


@dataclass(frozen=True)
class Filters:
    child: str = ""
    game: str = ""
    since: date | None = None
    until: date | None = None

    @classmethod
    def parse(cls, args: Any) -> tuple[Filters, list[str]]:
        """From a request's query; a bad date is left out with a message (the rest still filters)."""
        problems: list[str] = []
        dates: dict[str, date | None] = {}
        for key in ("from", "to"):
            text = (args.get(key) or "").strip()
            dates[key] = None
            if text:
                try:
                    dates[key] = date.fromisoformat(text)
                except ValueError:
                    problems.append(_("'{text}' is not a date like 2026-03-14: the from date was left out", text=text)
                                    if key == "from" else
                                    _("'{text}' is not a date like 2026-03-14: the to date was left out", text=text))
        return cls((args.get("child") or "").strip(), (args.get("game") or "").strip(), dates["from"], dates["to"]), problems

    def keeps(self, s: GameSummary) -> bool:
        if self.child and self.child.casefold() not in (p.casefold() for p in s.players):
            return False
        if self.game and s.game != self.game:
            return False
        if self.since or self.until:
            day = known_day(s)
            if day is None or (self.since and day < self.since) or (self.until and day > self.until):
                return False
        return True


@dataclass
class ChildFigures:
    name: str
    played: int = 0
    wins: int = 0
    #: game title -> measure -> the child's total (a number) or best (a text such as a best expression)
    measures: dict[str, dict[str, Any]] = field(default_factory=dict)


def read_games(journal_file: Path, games: Mapping[str, StationGame]) -> tuple[list[GameSummary], str | None]:
    """Every game the journal holds, newest first (each summed up by its plug-in in ``games``), and
    a line when the journal is damaged."""
    if not journal_file.is_file():
        return [], None
    with Journal(journal_file, readonly=True) as journal:
        return [summarise(game, games) for game in journal.games()], journal.damaged


def winners(s: GameSummary) -> list[str]:
    return s.winner.split(" & ") if s.winner else []


def per_child(summaries: list[GameSummary]) -> list[ChildFigures]:
    """Each child's figures over these games, most games first."""
    children: dict[str, ChildFigures] = {}
    for s in summaries:
        title = GAME_TITLES.get(s.game, s.game)
        for name in s.players:
            child = children.setdefault(name, ChildFigures(name))
            child.played += 1
            child.wins += name in winners(s)
            mine = child.measures.setdefault(title, {"games": 0})
            mine["games"] += 1
            for measure, value in s.measures.items():
                _add(mine, measure, value, name)
    return sorted(children.values(), key=lambda c: (-c.played, c.name.casefold()))


def _add(mine: dict[str, Any], measure: str, value: Any, name: str) -> None:
    """Only the child's own: a per-player measure (a mapping by name) adds the child's value up
    over their games; a text naming a player ("Ana: 7 × 8 = 56, 56 points") keeps the child's best
    (the largest last number). A whole game's figure (its rounds, its minutes) is no child's own:
    the games table says it."""
    if isinstance(value, dict):
        own = value.get(name)
        if isinstance(own, (int, float)) and not isinstance(own, bool):
            mine[measure] = mine.get(measure, 0) + own
    elif isinstance(value, str) and value.startswith(f"{name}: "):
        best = mine.get(measure)
        if best is None or _tail_number(value) > _tail_number(best):
            mine[measure] = value[len(name) + 2:]


def _tail_number(text: str) -> float:
    """The last number in the text ("4 + 5 = 9, 19 points" -> 19), -inf when there is none."""
    numbers = re.findall(r"-?\d+(?:\.\d+)?", text)
    return float(numbers[-1]) if numbers else float("-inf")


def chart_svg(children: list[ChildFigures], *, limit: int = 30) -> str:
    """Games played (light) and won (dark) per child as horizontal bars, drawn here so the page
    needs no script library."""
    shown = children[:limit]
    row, left, width = 22, 120, 360
    most = max((c.played for c in shown), default=0) or 1
    height = row * len(shown) + 30
    heading = _("Games played and won by each child")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{left + width + 60}" height="{height}" '
             f'viewBox="0 0 {left + width + 60} {height}" font-family="sans-serif" font-size="13">',
             f"<title>{escape(heading)}</title>"]
    for i, c in enumerate(shown):
        y = 10 + i * row
        played, won = width * c.played / most, width * c.wins / most
        played_words = ngettext("{name}: {n} played", "{name}: {n} played", c.played, name=c.name)
        won_words = ngettext("{name}: {n} won", "{name}: {n} won", c.wins, name=c.name)
        parts.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end">{escape(c.name)}</text>')
        parts.append(f'<rect class="played" x="{left}" y="{y + 2}" width="{played:.1f}" height="16" fill="#b9d3ee">'
                     f"<title>{escape(played_words)}</title></rect>")
        parts.append(f'<rect class="won" x="{left}" y="{y + 2}" width="{won:.1f}" height="16" fill="#1f5f9f">'
                     f"<title>{escape(won_words)}</title></rect>")
        parts.append(f'<text x="{left + played + 6:.1f}" y="{y + 14}">{c.wins}/{c.played}</text>')
    key = _("dark: won, light: played")
    parts.append(f'<text x="{left}" y="{height - 4}" fill="#555">{escape(key)}</text></svg>')
    return "".join(parts)


def games_csv(summaries: list[GameSummary], games: Mapping[str, StationGame]) -> str:
    """The same CSV as ``mathstation history --csv`` (the same rows, the same dates)."""
    from station.history_summary import csv_fields, csv_row
    from station.spreadsheet import csv_text

    fields = csv_fields(games)
    return csv_text([fields, *(csv_row(s, fields) for s in summaries)])
