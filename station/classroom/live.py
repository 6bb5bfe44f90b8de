"""The two messages a station makes: its live state (``LiveState``, from what its OLED and the
teacher's page already show) and an ended game's record (``GameRecord``, the journal's game whole)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from station.classroom import topics
from station.i18n import language
from station.classroom.topics import GameRecord, LiveState

VERDICTS = 5


def game_record(game: Any, station: str, title: str) -> GameRecord:
    """One ended game of the journal (``station.store.StoredGame``) as the class's record of it."""
    synced = None if game.started_synced is None or game.ended_synced is None else (
        bool(game.started_synced) and bool(game.ended_synced))
    return GameRecord(v=topics.VERSION, uid=game.uid, station=station, title=title, config=game.config,
                      actions=game.actions, started=game.started, ended=game.ended or game.started,
                      status=game.status, clock_synced=synced)


def live_state(station: str, title: str, referee: Any, live: Any, now: float, at: datetime) -> LiveState:
    """What the table shows now. ``referee`` is the station's referee; ``live`` the teacher's
    page's view of the game (``station.web.board.Live``: headline, players' lines, verdicts).

    Its words are the table's own, in the station's language (the one the loop speaks), and say
    which it is: the children at that table read the same words on the OLED, and the dashboard
    has only this message, not the game, to word anything again."""
    game = referee.game
    screen = referee.controller.screen
    clock = None
    players: list[str] = []
    scores: dict[str, str] = {}
    turn = None
    if game is not None:
        state = "paused" if referee.paused else "over" if game.outcome().over else "playing"
        players = [str(seat) for seat in game.seats()]
        scores = {str(row["name"]): str(row["detail"]) for row in getattr(live, "players", [])}
        turn = game.turns().current
        game_view = referee.games[game.name].live_view(referee.state(), referee.clock_time(now), 0)
        clock = getattr(game_view, "clock", "") or None
        headline = getattr(live, "headline", "") or str(getattr(game_view, "headline", "") or getattr(game_view, "title", ""))
    else:
        state = "setup" if screen == "setup" else "idle"
        headline = str(getattr(referee.screen(now), "title", ""))   # the menu's or setup's title
    return LiveState(v=topics.VERSION, station=station, title=title, at=at.isoformat(timespec="seconds"),
                     state=state, game=game.name if game is not None else None,
                     game_title=referee.games[game.name].title if game is not None else None,
                     players=players, scores=scores, turn=turn, clock=clock, headline=headline,
                     verdicts=list(reversed(getattr(live, "verdicts", [])))[:VERDICTS], language=language())
