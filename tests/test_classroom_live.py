"""A station's live state says what its OLED and the teacher's page show: the game, the players'
lines as the OLED words them, whose turn, the clock, the headline and the last verdicts."""

from __future__ import annotations

from datetime import datetime, timezone

from station.classroom.live import live_state
from station.config import load_config
from station.games import plugins
from station.referee import Referee
from station.store import Journal
from station.web.board import Board

AT = datetime(2026, 11, 26, 10, 0, tzinfo=timezone.utc)


def test_the_live_state_is_what_the_table_shows(tmp_path):
    board = Board()
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(),
                      seed=lambda: 7, log_event=lambda record: board.record(record, referee.game))
    idle = live_state("table-1", "Table 1", referee, board.live(), 0.0, AT)
    assert (idle["state"], idle["game"], idle["headline"], idle["at"]) == ("idle", None, "Choose a game",
                                                                            "2026-11-26T10:00:00+00:00")
    referee.start({"game": "sum", "players": ["Ana", "Ben"], "seed": 1}, now=0.0)
    referee.apply({"type": "target", "t": 1.0, "card": "SU-A-N1A", "source": "camera"})
    board.publish(referee, now=65.0)
    live = live_state("table-1", "Table 1", referee, board.live(), 65.0, AT)
    assert (live["state"], live["game"], live["game_title"], live["players"]) == ("playing", "sum", "SUM", ["Ana", "Ben"])
    assert live["turn"] == "Ana" and set(live["scores"]) == {"Ana", "Ben"} and live["clock"] == "01:05"
    assert live["headline"] == board.live().headline and live["verdicts"] == list(reversed(board.live().verdicts))[:5]
    assert live["verdicts"] and "Not understood" not in live["verdicts"][0]
    referee.set_room(True, now=66.0)
    assert live_state("table-1", "Table 1", referee, board.live(), 900.0, AT)["state"] == "paused"
