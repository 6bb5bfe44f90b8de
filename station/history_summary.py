"""A finished game told in a few words and as a spreadsheet row: what ``mathstation history``
and the teacher's page both show, in one module below both of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.games import GAME_TITLES
from station.game_dates import SPREADSHEET, shown, when
from station.i18n import _
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



def table(summaries: list[GameSummary]) -> list[str]:
    """The teacher's table: one line per game, columns lined up; the game's own measures last."""
    head = ("#", _("Started"), _("Game"), _("Players"), _("Result"), _("Length"), _("Details"))
    rows = [head] + [(str(s.id), when(s), GAME_TITLES.get(s.game, s.game), ", ".join(s.players), result(s),
                      _length(s.duration_s), details(s)) for s in summaries]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    numeric = {0, 5}
    return ["  ".join(cell.rjust(w) if i in numeric else cell.ljust(w) for i, (cell, w) in enumerate(zip(row, widths)))
            .rstrip() for row in rows]


def details(s: GameSummary) -> str:
    """The game's own measures in a few words: ``hands 17, rounds 6``, ``cards left Ana 7 Ben 0``
    (those the result does not already say)."""
    said = []
    for name, value in s.measures.items():
        if value in ("", {}, []) or value == s.scores:
            continue
        words = name.replace("_", " ")
        if isinstance(value, dict):
            said.append(f"{words} " + " ".join(f"{key} {item}" for key, item in value.items()))
        elif isinstance(value, list):
            said.append(f"{words} " + "; ".join(map(str, value)))
        else:
            said.append(f"{words} {value}")
    return ", ".join(said)


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
