"""A station's live state says what its OLED and the teacher's page show: the game, the players'
lines as the OLED words them, whose turn, the clock, the headline and the last verdicts."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from types import SimpleNamespace

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


def test_a_spanish_station_publishes_its_tables_words_and_says_their_language(tmp_path):
    """The dashboard has only this message, not the game: the table's words come as its OLED says
    them, marked with their language, and the dashboard puts that on them (lang="es") beside its
    own words in the teacher's language."""
    from station.classroom.dashboard.app import table_view
    from station.classroom.dashboard.messages import live_state as read_live_state
    from station.i18n import use_language

    board = Board()
    with use_language("es"):   # the station's loop speaks its language
        referee = Referee(load_config(None, plugins()), Journal(tmp_path / "journal.sqlite3"), games=plugins(),
                          seed=lambda: 7, log_event=lambda record: board.record(record, referee.game))
        referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, now=0.0)
        for t, player, card in ((1.0, "Ana", "MW-A-N21"), (2.0, "Ana", "MW-A-N21")):
            referee.apply({"type": "play", "t": t, "player": player, "card": card})
        board.publish(referee, now=3.0)
        live = live_state("table-1", "Mesa 1", referee, board.live(), 3.0, AT)
    assert live["language"] == "es" and live["headline"] == "¡Cartas a la mesa!"
    assert live["verdicts"][0] == "No vale: Esa carta COUNT META 21 ya está en la mesa."
    read = read_live_state(json.dumps(live).encode(), "table-1")
    assert read["language"] == "es"
    shown = table_view(SimpleNamespace(live=read, station="table-1", status="online", status_at=None))
    assert shown["language"] == "es" and shown["verdicts"] == live["verdicts"]


def test_the_dashboard_reads_a_live_state_with_no_language_or_a_bad_one():
    """An older station says no language: its words are shown unmarked; a language that is no
    language tag is dropped (it goes into the page's attributes), the rest of the message kept."""
    from station.classroom.dashboard.app import table_view
    from station.classroom.dashboard.messages import live_state as read_live_state

    old = {"v": 1, "station": "table-1", "title": "Table 1", "at": AT.isoformat(), "state": "playing", "game": "sum",
           "game_title": "SUM", "players": ["Ana"], "scores": {"Ana": "3 cards"}, "turn": "Ana", "clock": None,
           "headline": "Ana to play", "verdicts": ["The target is 12."]}
    read = read_live_state(json.dumps(old).encode(), "table-1")
    assert "language" not in read and read["headline"] == "Ana to play"
    assert table_view(SimpleNamespace(live=read, station="table-1", status="online", status_at=None))["language"] == ""
    odd = read_live_state(json.dumps({**old, "language": 'es" onclick="x'}).encode(), "table-1")
    assert "language" not in odd and odd["verdicts"] == ["The target is 12."]


def test_the_dashboard_names_another_days_time_in_the_teachers_language():
    """"as of Mon 24 Nov 14:02" on an English page, "lun 24 nov 14:02" on a Spanish one (was English
    in both: the C library's day and month names)."""
    from station.classroom.dashboard.app import shown_time
    from station.i18n import use_language

    stamp = "2026-11-23T14:02:00+00:00"
    assert shown_time(stamp) == "Mon 23 Nov 14:02"
    with use_language("es"):
        assert shown_time(stamp) == "lun 23 nov 14:02"


def test_the_dashboards_history_words_each_game_in_each_teachers_language(tmp_path):
    """A record is replayed once per language, not once for all: a SUM game's 'won by' reads
    'an empty hand'/'most cards' to an English page and Spanish to a Spanish one, whichever
    page asked first (the words were kept from the first page's language)."""
    from classroom_helpers import played
    from station.classroom.dashboard.history import MergedHistory
    from station.classroom.dashboard.store import STORE_NAME, ClassStore
    from station.history_summary import details
    from station.i18n import use_language

    store = ClassStore(tmp_path / STORE_NAME)
    try:
        store.add_record(played("table-1", "Table 1", "sum", ["Ana", "Ben"], 23), ["Ana", "Ben"])
        history = MergedHistory(store, plugins())
        with use_language("es"):
            spanish = details(history.played()[0].summary, plugins())
        english = details(history.played()[0].summary, plugins())
    finally:
        store.close()
    assert "ganó con " in spanish and "ecuaciones " in spanish
    assert "won by " in english and "equations " in english
    assert any(said in english for said in ("an empty hand", "most cards"))
