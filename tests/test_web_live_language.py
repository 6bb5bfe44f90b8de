"""The live game and the history on the teacher's page, each worded in its own browser's language:
the station publishes its board once, with the events and the state, and every page words them
when it asks (a Spanish and an English browser on the same station at the same time)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from station.config import load_config
from station.games import plugins
from station.i18n import language
from station.referee import Referee
from station.store import Journal
from web_helpers import Station, journal_template, signed_in, station  # noqa: F401 - fixtures

pytest.importorskip("flask")
SPANISH = "es-ES,es;q=0.9"
ENGLISH = "en-GB,en;q=0.9"


@pytest.fixture
def browsers(station: Station):  # type: ignore[no-untyped-def]
    """Two browsers on one station's page, signed in: one set to Spanish, one to English."""
    app = station.app()
    spanish, english = signed_in(app, "192.168.1.21"), signed_in(app, "192.168.1.22")
    spanish.environ_base["HTTP_ACCEPT_LANGUAGE"] = SPANISH
    english.environ_base["HTTP_ACCEPT_LANGUAGE"] = ENGLISH
    return spanish, english


def a_hand_of_math_wars(station: Station, tmp_path: Path) -> Referee:
    """Ana and Ben turn up a card each, then Ana lays her card again (refused), and the undo."""
    referee = Referee(load_config(None, plugins()), Journal(tmp_path / "live.sqlite3"), games=plugins(), seed=lambda: 7,
                      log_event=lambda record: station.board.record(record, referee.game))
    referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, 0.0)
    for t, player, card in ((1.0, "Ana", "MW-A-N21"), (2.0, "Ben", "MW-B-N7"), (3.0, "Ana", "MW-A-N21")):
        referee.apply({"type": "play", "t": t, "player": player, "card": card})
    station.board.publish(referee)
    return referee


def test_the_live_game_is_worded_in_each_browsers_language_at_once(browsers, station: Station, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    spanish, english = browsers
    a_hand_of_math_wars(station, tmp_path)
    es = spanish.get("/station/live.json").get_json()
    en = english.get("/station/live.json").get_json()
    assert es["version"] == en["version"]   # one publication, two wordings
    assert en["verdicts"] == ["Ana turns up COUNT META 21.", "Ben turns up COUNT META 7.",
                              "Not allowed: That COUNT META 21 card is already on the table."]
    assert es["verdicts"] == ["Ana destapa COUNT META 21.", "Ben destapa COUNT META 7.",
                              "No vale: Esa carta COUNT META 21 ya está en la mesa."]
    assert (en["headline"], es["headline"]) == ("Play your cards!", "¡Cartas a la mesa!")
    assert [(p["detail"], p["status"]) for p in en["players"]] == [("24 cards", "waiting")] * 2
    assert [(p["detail"], p["status"]) for p in es["players"]] == [("24 cartas", "espera")] * 2
    page = spanish.get("/station").get_data(as_text=True)
    assert "<li>No vale: Esa carta COUNT META 21 ya está en la mesa.</li>" in page and "¡Cartas a la mesa!" in page
    assert "Not allowed" not in english.get("/station").get_data(as_text=True).replace(
        "Not allowed: That COUNT META 21", "")   # the English page's only "Not allowed" is the verdict itself
    assert language() == "en"   # the station's own words are untouched by the pages


def test_the_live_stream_keeps_its_browsers_language(browsers, station: Station, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The stream goes on after the request's own handling: its words still follow its browser."""
    spanish, english = browsers
    a_hand_of_math_wars(station, tmp_path)
    for client, verdict in ((spanish, "Ben destapa COUNT META 7."), (english, "Ben turns up COUNT META 7.")):
        stream = client.get("/station/events")
        first = next(iter(stream.response)).decode()
        stream.close()
        assert verdict in json.loads(first.removeprefix("data: "))["verdicts"]


def test_the_undo_and_the_end_are_said_in_each_language(browsers, station: Station, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    spanish, english = browsers
    referee = a_hand_of_math_wars(station, tmp_path)
    referee.undo()
    referee.end()
    station.board.publish(referee)
    assert english.get("/station/live.json").get_json()["verdicts"][-2:] == ["The last play was undone.",
                                                                           "The game ended."]
    assert spanish.get("/station/live.json").get_json()["verdicts"][-2:] == ["Se deshizo la última jugada.",
                                                                           "Terminó la partida."]


def test_the_history_names_each_games_measures_in_the_browsers_language(browsers) -> None:  # type: ignore[no-untyped-def]
    spanish, english = browsers
    es = spanish.get("/history").get_data(as_text=True)
    en = english.get("/history").get_data(as_text=True)
    for words in ("hands ", "rounds ", "equations ", "turns "):       # Math Wars, SUM, Who's Counting?
        assert words in en, words
    for words in ("manos ", "rondas ", "ecuaciones ", "turnos ", "partidas "):
        assert words in es, words
    assert "hands " not in es and "equations " not in es and "rounds " not in es


def test_every_game_names_each_of_its_measures_in_spanish() -> None:
    """A measure without a name would show its column's English ("won_by" as "won by") on a Spanish page."""
    from station.i18n import use_language

    for name, game in plugins().items():
        assert set(game.history_names) == set(game.history_columns), name
        with use_language("es"):
            spanish = [game.history_name(column) for column in game.history_columns]
        english = [game.history_name(column) for column in game.history_columns]
        assert all(s != e for s, e in zip(spanish, english)), (name, spanish)
