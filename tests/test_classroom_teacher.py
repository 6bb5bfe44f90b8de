"""What the teacher publishes reaches every station, through a real Mosquitto: the class list
(kept on disk for a start without the broker), the room (pause every table, a notice on every
OLED, once) and "forget this child" (their games leave the journal, the roster and the broker)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from classroom_station_helpers import ACL, CLASS, USERS, Station, Watcher, games_topic, publish
from waiting import eventually

from station.classroom import topics
from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster
from station.roster import ROSTER_NAME, Roster
from station.ui.controller import paused_view
from station.ui.views import VerdictView


@pytest.fixture
def broker(broker_factory):
    return broker_factory(users=USERS, acl=ACL)


def now_text(minutes: float = 0) -> str:
    return (datetime.now().astimezone() + timedelta(minutes=minutes)).isoformat(timespec="seconds")


def test_the_class_list_is_kept_and_a_station_started_without_the_broker_seats_it(broker, tmp_path):
    publish(broker, topics.roster(CLASS), {"v": 1, "names": ["Zoë", "Ana", "ana", "bad\x00name"], "at": now_text()})
    station = Station(tmp_path, broker).start()
    eventually(lambda: station.member.names() is not None, step=station.tick)
    assert station.member.names() == ["Zoë", "Ana"]   # the station's rule for a name: one Ana, no control characters
    station.close()
    broker.stop()
    assert ClassRoster(tmp_path / CLASS_ROSTER_NAME).names() == ["Zoë", "Ana"]   # what a start without the broker reads


def test_pause_every_table_stops_the_clock_and_a_notice_shows_once(broker, tmp_path):
    station = Station(tmp_path, broker).start()
    eventually(lambda: station.link.connected, step=station.tick)
    station.referee.start({"game": "whos-counting", "players": ["Ana", "Ben"], "seed": 3}, station.now)
    publish(broker, topics.room(CLASS), {"v": 1, "paused": True, "notice": None, "at": now_text()})
    eventually(lambda: station.referee.paused, step=station.tick)
    assert station.referee.screen(station.now) == paused_view()
    frozen = station.referee.game_time(station.now)
    for _ in range(10):
        station.tick(1.0)
    assert station.referee.game_time(station.now) == frozen
    notice = {"id": "a1", "text": "Two minutes left!", "until": now_text(2)}
    publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": notice, "at": now_text()})
    eventually(lambda: not station.referee.paused, step=station.tick)
    shown = station.referee.screen(station.now)
    assert shown == VerdictView("info", "Two minutes left!", "from your teacher")
    assert [a["type"] for a in station.referee.game.actions][-2:] == ["pause", "resume"]
    station.link.stop()                                  # the link comes back: the room arrives again (retained)
    again = Station(tmp_path, broker, journal=station.journal)
    again.referee, again.now = station.referee, station.now + 30   # the same referee, half a minute on
    again.member._notices = station.member._notices       # the same station's memory of notices shown
    again.start()
    eventually(lambda: again.member._room_paused is False, step=again.tick)   # the room, received again
    assert again.referee.screen(again.now) != shown       # once: not shown again
    stale = {"id": "b2", "text": "Tidy up!", "until": now_text(-1)}
    publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": stale, "at": now_text()})
    eventually(lambda: "b2" in again.member._notices, step=again.tick)   # received
    assert "Tidy up!" not in str(again.referee.screen(again.now))   # past its time: not shown at all
    again.close()


def test_the_notice_shows_on_a_station_still_showing_its_address_from_its_start(broker, tmp_path):
    """Every station shows its address at start until a button is pressed: the teacher's "Two
    minutes left!" shows over it at once (it waited behind it, unseen)."""
    from station.network import Address, Page, address_view

    station = Station(tmp_path, broker).start()
    station.referee.controller.address = lambda: address_view([Address("wlan0", "192.168.1.23")], Page("0.0.0.0", 8080))
    station.referee.controller.show_address()
    address = station.referee.screen(station.now)
    notice = {"id": "c3", "text": "Two minutes left!", "until": now_text(2)}
    publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": notice, "at": now_text()})
    eventually(lambda: "c3" in station.member._notices, step=station.tick)
    assert station.referee.screen(station.now) == VerdictView("info", "Two minutes left!", "from your teacher")
    station.tick(60.0)
    assert station.referee.screen(station.now) == address   # then the address again
    station.close()


def test_a_spanish_table_words_the_teacher_s_two_minutes_in_spanish(broker, tmp_path):
    """The notice's kind is worded by each station in its own language: an English teacher's
    "Two minutes left!" reads "¡Quedan 2 minutos!" on a Spanish table (it showed the English
    text over "de tu profe"); a kind the station does not know shows the teacher's text."""
    from station.i18n import language, set_language

    before = language()
    set_language("es")
    try:
        station = Station(tmp_path, broker).start()
        notice = {"id": "d4", "text": "Two minutes left!", "until": now_text(2), "kind": "two_minutes"}
        publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": notice, "at": now_text()})
        eventually(lambda: "d4" in station.member._notices, step=station.tick)
        shown = station.referee.screen(station.now)
        assert (shown.title, shown.detail) == ("¡Quedan 2 minutos!", "de tu profe")
        station.tick(60.0)
        unknown = {"id": "e5", "text": "Tidy up!", "until": now_text(2), "kind": "tidy_up"}
        publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": unknown, "at": now_text()})
        eventually(lambda: "e5" in station.member._notices, step=station.tick)
        assert station.referee.screen(station.now).title == "Tidy up!"
        station.close()
    finally:
        set_language(before)


def test_a_game_set_up_in_spanish_on_an_english_station_reads_the_notice_in_spanish(broker, tmp_path):
    """The setup's Language row chose Spanish for this game: the notice and its spoken line are the
    game's, as every other screen of it is (they were worded in the station's English)."""
    station = Station(tmp_path, broker).start()
    station.referee.start({"game": "math-wars", "players": ["Ana", "Ben"]}, station.now, language="es")
    station.referee.take_lines()
    notice = {"id": "f6", "text": "Two minutes left!", "until": now_text(2), "kind": "two_minutes"}
    publish(broker, topics.room(CLASS), {"v": 1, "paused": False, "notice": notice, "at": now_text()})
    eventually(lambda: "f6" in station.member._notices, step=station.tick)
    shown = station.referee.screen(station.now)
    assert (shown.title, shown.detail) == ("¡Quedan 2 minutos!", "de tu profe")
    said = [line.words for batch in station.referee.take_lines() for line in batch]
    assert "¡Quedan 2 minutos! De tu profe." in said
    station.close()


def test_forget_a_child_removes_their_games_here_and_clears_them_on_the_broker(broker, tmp_path):
    roster = Roster(tmp_path / ROSTER_NAME)
    roster.add("Ana")
    roster.add("Cleo")
    watcher = Watcher(broker, games_topic())
    station = Station(tmp_path, broker).start()
    station.member.local_roster = roster
    station.member.roster.keep(["Ana", "Cleo"], now_text())
    anas = [station.play(("Ana", "Ben")), station.play(("Dev", "ana"))]
    other = station.play(("Cleo", "Dev"))
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)
    station.referee.start({"game": "math-wars", "players": ["Eli", "Ana"], "seed": 7}, station.now)   # in play now
    publish(broker, topics.forget(CLASS, "f1"), {"v": 1, "name": "ANA", "at": now_text()})
    eventually(lambda: len(station.journal.games()) == 1, step=station.tick)
    assert [game.uid for game in station.journal.games()] == [other] and station.referee.game is None
    assert roster.names() == ["Cleo"] and station.member.names() == ["Cleo"]
    cleared = eventually(lambda: {topic.rsplit("/", 1)[1] for topic, payload, _ in watcher.messages if not payload},
                       step=station.tick)
    assert cleared >= set(anas)
    late = Watcher(broker, games_topic())                 # what a dashboard opened now finds
    eventually(lambda: late.payloads(), step=station.tick)
    for _ in range(20):
        station.tick()
    assert [r["uid"] for r in late.payloads()] == [other]
    for client in (watcher, late):
        client.close()
    station.close()
    roster.close()


def test_a_forget_is_carried_out_once_and_a_child_given_that_name_later_keeps_their_games(broker, tmp_path):
    """The forget stays on the broker (retained) for the stations that were away: a station that
    connects anew (a broker restart, its Wi-Fi, its own restart) must not carry it out again, or a
    child added later with that name loses their games, the game they play ends, and the name leaves
    the list at each reconnection."""
    roster = Roster(tmp_path / ROSTER_NAME)
    roster.add("Dev")
    station = Station(tmp_path, broker).start()
    station.member.local_roster = roster
    station.play(("Dev", "Ben"))
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)
    publish(broker, topics.forget(CLASS, "f2"), {"v": 1, "name": "Dev", "at": now_text()})
    eventually(lambda: not station.journal.games(), step=station.tick)
    assert roster.names() == []
    roster.add("Dev")                                   # a new child called Dev, later, and their games
    later = station.play(("Dev", "Ben"))
    station.referee.start({"game": "math-wars", "players": ["Dev", "Eli"], "seed": 7}, station.now)
    station.member.stop()                               # the station restarts (its journal and folder kept)
    again = Station(tmp_path, broker, journal=station.journal)
    again.referee, again.now = station.referee, station.now
    again.member.local_roster = roster
    again.start()
    eventually(lambda: again.link.connected, step=again.tick)
    publish(broker, topics.roster(CLASS), {"v": 1, "names": ["Dev", "Zed"], "at": now_text()})   # after the forget, in order
    eventually(lambda: "Zed" in (again.member.names() or []), step=again.tick)
    assert [game.uid for game in again.journal.games() if game.status != "playing"] == [later]
    assert again.referee.game is not None and roster.names() == ["Dev"]
    again.close()
    roster.close()


def test_a_station_may_not_write_another_stations_topics(broker, tmp_path):
    """The ACL the tests' broker has (the one `mathstation broker setup` writes is tested with it)."""
    watcher = Watcher(broker, f"{topics.class_root(CLASS)}/#")
    publish(broker, topics.station_live(CLASS, "table-2"), {"v": 1, "forged": True}, user="table-1")
    publish(broker, topics.roster(CLASS), {"v": 1, "names": ["Eve"], "at": now_text()}, user="table-1")
    publish(broker, topics.station_live(CLASS, "table-1"), {"v": 1, "own": True}, user="table-1")
    eventually(lambda: any(p.get("own") for p in watcher.payloads()))
    assert not any(p.get("forged") or p.get("names") for p in watcher.payloads())
    watcher.close()
