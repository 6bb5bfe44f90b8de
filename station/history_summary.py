"""A finished game told in a few words and as a spreadsheet row: what ``mathstation history``
and the teacher's page both show, in one module below both of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from babel.numbers import format_decimal

from engine.games import GAME_TITLES
from station.game_dates import SPREADSHEET, shown, when
from station.i18n import _, language
from station.store import GameSummary

if TYPE_CHECKING:
    from station.game_plugin import StationGame

#: Every game's columns; each game's own measures follow (``csv_fields``).
BASE_FIELDS = ["id", "started", "ended", "game", "players", "status", "winner", "scores", "duration_s", "actions",
               "violations"]


def csv_fields(games: Mapping[str, StationGame]) -> list[str]:
    """The CSV header: every game's columns, then each of ``games``' own measures, once each."""
    own = [column for game in games.values() for column in game.history_columns]
    return BASE_FIELDS + [c for c in dict.fromkeys(own) if c not in BASE_FIELDS]



def table(summaries: list[GameSummary], games: Mapping[str, StationGame] | None = None) -> list[str]:
    """The teacher's table: one line per game, columns lined up; the game's own measures last."""
    head = ("#", _("Started"), _("Game"), _("Players"), _("Result"), _("Length"), _("Details"))
    rows = [head] + [(str(s.id), when(s), GAME_TITLES.get(s.game, s.game), ", ".join(s.players), result(s),
                      _length(s.duration_s), details(s, games)) for s in summaries]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    numeric = {0, 5}
    return ["  ".join(cell.rjust(w) if i in numeric else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def details(s: GameSummary, games: Mapping[str, StationGame] | None = None) -> str:
    """The game's own measures in a few words, in the language of the moment: ``hands 17, rounds
    6``, ``cards left Ana 7 Ben 0`` (those the result does not already say), each named by its
    game's plug-in in ``games`` (a game without one: by its column's name)."""
    named = measure_names(games or {})
    said = []
    for name, value in s.measures.items():
        if value in ("", {}, []) or value == s.scores:
            continue
        words = named(s.game, name)
        if isinstance(value, dict):
            said.append(f"{words} " + " ".join(f"{key} {number(item)}" for key, item in value.items()))
        elif isinstance(value, list):
            said.append(f"{words} " + "; ".join(map(number, value)))
        else:
            said.append(f"{words} {number(value)}")
    return ", ".join(said)


def measure_names(games: Mapping[str, StationGame]) -> Callable[[str, str], str]:
    """(a game's name or title, a measure) -> the measure's name in the language of the moment:
    the game's plug-in names its own (``StationGame.history_names``); "games" is every game's count
    of games (the per-child figures)."""
    plugins = {**{plugin.title: plugin for plugin in games.values()}, **games}

    def named(game: str, measure: str) -> str:
        if measure == "games":
            return _("games")
        plugin = plugins.get(game)
        return plugin.history_name(measure) if plugin is not None else measure.replace("_", " ")

    return named


def number(value: Any) -> str:
    """A measure's value as the page writes it: a number the station computed in the language's
    way (``1,5`` in Spanish), anything else as it is (a name, a best expression)."""
    if isinstance(value, float):
        return format_decimal(value, locale=language())
    return str(value)


def result(s: GameSummary) -> str:
    """``Ana won 4–2``, ``Ana won, scoring 28`` (solo, or a team's one score), ``in progress``, ``stopped`` ..."""
    if s.winner is not None:
        others = [(side, n) for side, n in s.scores.items() if side != s.winner]
        won = s.scores.get(s.winner)
        if won is None and len(s.scores) == 1:    # a cooperative game's one team score
            (won,), others = s.scores.values(), []
        if won is None:
            return _("{winner} won", winner=s.winner)
        if not others:
            return _("{winner} won, scoring {score}", winner=s.winner, score=won)
        if len(others) == 1:
            return _("{winner} won {score}–{other}", winner=s.winner, score=won, other=others[0][1])
        return _("{winner} won {score} ({others})", winner=s.winner, score=won,
                 others=", ".join(f"{side} {n}" for side, n in others))
    return {"playing": _("in progress"), "stopped": _("stopped"), "finished": _("finished")}.get(s.status, s.status)


def csv_row(s: GameSummary, fields: list[str]) -> list[Any]:
    row = {"id": s.id, "started": shown(s.started, s.started_synced, SPREADSHEET),
           "ended": shown(s.ended, s.ended_synced, SPREADSHEET),
           "game": GAME_TITLES.get(s.game, s.game), "players": "; ".join(s.players), "status": s.status,
           "winner": s.winner or "", "scores": _cell(s.scores), "duration_s": f"{s.duration_s:g}",
           "actions": s.actions, "violations": s.violations}
    row.update({name: _cell(value) for name, value in s.measures.items()})
    return [row.get(name, "") for name in fields]


def _cell(value: Any) -> Any:
    """A spreadsheet cell: a mapping as ``Ana 4; Ben 2``, a list joined with "; "."""
    if isinstance(value, dict):
        return "; ".join(f"{key} {item}" for key, item in value.items())
    if isinstance(value, list):
        return "; ".join(map(str, value))
    return value


def _length(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60:02d}:{whole % 60:02d}"
