"""The class dashboard on a real Mosquitto (users and ACL as a classroom has them): stations,
played by paho clients publishing what the contract says, send records of real games; the
dashboard keeps each once, merges them with each child's totals across tables, survives bad
messages and a broker gone away, and publishes the teacher's roster, room and forgets as the
contract says."""

from __future__ import annotations

import csv
import html
import io
import json
import re
import threading
from datetime import datetime, timedelta

import pytest

from classroom_helpers import CLASS, PIN, Listener, Station, class_broker, open_dashboard, played
from waiting import PATIENCE, eventually
from station.classroom import topics
from web_helpers import at, signed_in


@pytest.fixture
def broker(broker_factory):  # type: ignore[no-untyped-def]
    return class_broker(broker_factory)


@pytest.fixture
def stations(broker):  # type: ignore[no-untyped-def]
    made = {name: Station(broker, name, title) for name, title in (("table-1", "Table 1"), ("table-2", "Table 2"))}
    yield made
    for station in made.values():
        station.stop()


@pytest.fixture
def dashboard(broker, tmp_path):  # type: ignore[no-untyped-def]
    running = open_dashboard(broker, tmp_path / "dashboard", keepalive=0.05)
    yield running
    running.stop()


def uids(dashboard) -> set[str]:  # type: ignore[no-untyped-def]
    return {kept.record["uid"] for kept in dashboard.store.records()}


def page(dashboard, path: str) -> str:  # type: ignore[no-untyped-def]
    answer = signed_in(dashboard.app).get(path)
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def test_records_from_two_stations_are_merged_with_each_childs_totals(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    first = played("table-1", "Table 1", "math-wars", ["Ana", "Ben"], 1)
    second = played("table-2", "Table 2", "sum", ["Ana", "Cleo", "Dev"], 2)
    stations["table-1"].record(first)
    stations["table-2"].record(second)
    eventually(lambda: uids(dashboard) == {first["uid"], second["uid"]}, "both stations' games kept")

    history = page(dashboard, "/history")
    assert "Table 1" in history and "Table 2" in history
    client = signed_in(dashboard.app)
    answer = client.get("/history.csv")
    rows = list(csv.DictReader(io.StringIO(answer.get_data(as_text=True))))
    assert sorted((r["station"], r["game"]) for r in rows) == [("Table 1", "Math Wars Meta"), ("Table 2", "SUM")]
    children = totals(history)
    assert children["Ana"][0] == "2"               # one game at each table, counted together
    assert "Math Wars Meta" in children["Ana"][2] and "SUM" in children["Ana"][2]
    assert children["Ben"][0] == "1" and children["Cleo"][0] == "1" and children["Dev"][0] == "1"
    ana_only = client.get("/history?child=Ana&station=table-2").get_data(as_text=True)
    assert ana_only.count('data-uid="') == 1 and second["uid"] in ana_only


def totals(history: str) -> dict[str, tuple[str, str, str]]:
    """The page's "Each child" table: name -> (played, won, each game's measures as text)."""
    table = history.split('<table id="children">', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r"<tr><td>(.*?)</td><td>(\d+)</td><td>(\d+)</td>\s*<td>(.*?)</td></tr>", table, re.S)
    return {name: (played, won, re.sub(r"<[^>]+>|\s+", " ", measures)) for name, played, won, measures in rows}


def test_a_record_delivered_twice_is_stored_once(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    record = played("table-1", "Table 1", "whos-counting", ["Ana", "Ben"], 3)
    stations["table-1"].record(record)
    stations["table-1"].record(record, retain=False)     # the outbox's resend after a lost acknowledgement
    later = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 4)
    stations["table-1"].record(later)                    # arrives after both copies (QoS 1 keeps the order)
    eventually(lambda: later["uid"] in uids(dashboard), "the later game kept")
    assert [k.record["uid"] for k in dashboard.store.records()].count(record["uid"]) == 1
    assert len(dashboard.store.records()) == 2


def test_the_dashboard_opened_after_the_records_were_sent_still_gets_them(broker, stations, tmp_path) -> None:  # type: ignore[no-untyped-def]
    before_ever = played("table-1", "Table 1", "math-wars", ["Ana", "Ben"], 5)
    stations["table-1"].record(before_ever)             # retained: a dashboard opened a week later sees it
    folder = tmp_path / "dashboard"
    dashboard = open_dashboard(broker, folder)
    eventually(lambda: before_ever["uid"] in uids(dashboard), "a record sent before the dashboard ever ran")
    dashboard.stop()
    while_closed = played("table-2", "Table 2", "sum", ["Cleo", "Dev"], 6)
    stations["table-2"].record(while_closed, retain=False)   # only the broker's queue for the closed session holds it
    dashboard = open_dashboard(broker, folder)
    try:
        eventually(lambda: while_closed["uid"] in uids(dashboard), "a record sent while the dashboard was closed")
        assert uids(dashboard) == {before_ever["uid"], while_closed["uid"]}
    finally:
        dashboard.stop()


def test_an_empty_retained_message_removes_a_record(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 7)
    stations["table-1"].record(record)
    eventually(lambda: record["uid"] in uids(dashboard), "the record kept")
    stations["table-1"].send(topics.station_game(CLASS, "table-1", record["uid"]), b"")
    eventually(lambda: not uids(dashboard), "the record removed")


def test_bad_messages_are_skipped_and_a_game_that_does_not_replay_is_kept(broker, stations, dashboard, caplog) -> None:  # type: ignore[no-untyped-def]
    station = stations["table-1"]
    good = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 8)
    newer = dict(played("table-1", "Table 1", "sum", ["Ana", "Ben"], 9), v=2)
    other_station = played("table-2", "Table 2", "sum", ["Ana", "Ben"], 10)   # table-1 cannot speak for table-2
    broken = played("table-1", "Table 1", "math-wars", ["Ana", "Ben"], 11)
    broken["actions"][3] = {"type": "play", "t": 1, "seat": "Nobody", "card": "no such card"}
    station.send(topics.station_live(CLASS, "table-1"), b"{not json")
    station.send(topics.station_game(CLASS, "table-1", newer["uid"]), json.dumps(newer))
    station.send(topics.station_game(CLASS, "table-1", other_station["uid"]), json.dumps(other_station))
    station.send(topics.station_game(CLASS, "table-1", "abc"), json.dumps([1, 2, 3]))
    station.record(broken)
    station.record(good)
    eventually(lambda: good["uid"] in uids(dashboard), "the good record kept after the bad ones")
    assert uids(dashboard) == {broken["uid"], good["uid"]}
    history = page(dashboard, "/history")
    assert "Could not be read: action 4 cannot be replayed" in history
    assert "newer than this dashboard reads" in caplog.text
    assert totals(history)["Ana"][0] == "1"        # the game that could not be read counts in no total
    live = station.live(headline="Ben to play")      # still listening after all of that
    eventually(lambda: signed_in(dashboard.app).get("/live.json").get_json()["tables"][0]["headline"]
               == live["headline"], "a live state after the bad messages")


def test_the_page_says_the_broker_is_offline_and_catches_up_when_it_returns(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(dashboard.app)
    eventually(lambda: client.get("/live.json").get_json()["broker"]["online"], "connected")
    stations["table-1"].stop()
    broker.stop()
    state = eventually(lambda: (lambda s: s if not s["broker"]["online"] else None)(client.get("/live.json").get_json()),
                       "the broker seen gone")
    assert state["broker"]["since"]
    assert "Broker offline since" in client.get("/").get_data(as_text=True)
    broker.start()
    eventually(lambda: client.get("/live.json").get_json()["broker"]["online"], "back when the broker is")
    station = Station(broker, "table-1", "Table 1")
    try:
        record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 12)
        station.record(record)
        eventually(lambda: record["uid"] in uids(dashboard), "a game sent after the broker came back")
    finally:
        station.stop()


def test_a_dashboard_started_while_the_broker_is_down_connects_when_it_comes(broker, stations, tmp_path) -> None:  # type: ignore[no-untyped-def]
    record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 13)
    stations["table-1"].record(record)
    broker.stop()
    dashboard = open_dashboard(broker, tmp_path / "dashboard")
    try:
        client = signed_in(dashboard.app)
        assert "Broker offline since" in client.get("/").get_data(as_text=True)
        broker.start()
        eventually(lambda: record["uid"] in uids(dashboard), "the record, once the broker is up")
        assert client.get("/live.json").get_json()["broker"]["online"]
    finally:
        dashboard.stop()


def test_the_roster_the_room_and_a_forget_are_published_as_the_contract_says(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    listener = Listener(broker, f"{topics.class_root(CLASS)}/#")
    try:
        client = signed_in(dashboard.app)
        for name in ("Ana", "Ben", "Cleo"):
            assert client.post("/roster/add", data={"name": name}).status_code == 302
        roster = eventually(lambda: (lambda m: m if m and len(m["names"]) == 3 else None)(
            listener.message(topics.roster(CLASS))), "the roster published")
        assert roster["v"] == 1 and roster["names"] == ["Ana", "Ben", "Cleo"] and roster["at"]

        client.post("/room/pause")
        room = eventually(lambda: listener.message(topics.room(CLASS)), "the room published")
        assert room["v"] == 1 and room["paused"] is True and room["notice"] is None
        client.post("/room/two-minutes")
        room = eventually(lambda: (lambda m: m if m and m["notice"] else None)(listener.message(topics.room(CLASS))),
                          "the notice published")
        assert room["paused"] is True and room["notice"]["text"] == "Two minutes left!"
        assert datetime.fromisoformat(room["notice"]["until"]) > datetime.now().astimezone()
        assert len(room["notice"]["id"]) == 32
        client.post("/room/resume")
        eventually(lambda: listener.message(topics.room(CLASS))["paused"] is False, "resumed")

        ana = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 14)
        others = played("table-2", "Table 2", "math-wars", ["Ben", "Cleo"], 15)
        stations["table-1"].record(ana)
        stations["table-2"].record(others)
        eventually(lambda: uids(dashboard) == {ana["uid"], others["uid"]}, "both games kept")
        answer = client.post("/forget", data={"name": "Ana", "sure": "yes"})
        assert answer.status_code == 302
        assert uids(dashboard) == {others["uid"]}
        forgets = eventually(lambda: [(t, json.loads(p)) for t, p in listener.seen.items()
                                      if t.startswith(f"{topics.class_root(CLASS)}/forget/")], "the forget published")
        (topic, forget), = forgets
        assert topic == topics.forget(CLASS, topic.rsplit("/", 1)[1]) and forget["v"] == 1 and forget["name"] == "Ana"
        eventually(lambda: listener.message(topics.roster(CLASS))["names"] == ["Ben", "Cleo"], "Ana off the roster")

        late = played("table-2", "Table 2", "sum", ["Ana", "Dev"], 16,
                      ended=datetime.now().astimezone() - timedelta(hours=1))   # a station off the network sends it late
        after = played("table-2", "Table 2", "sum", ["Ana", "Ben"], 17,
                       ended=datetime.now().astimezone() + timedelta(minutes=5))  # Ana, back, plays a new game
        stations["table-2"].record(late)
        stations["table-2"].record(after)
        eventually(lambda: after["uid"] in uids(dashboard), "the game played after the forget kept")
        assert late["uid"] not in uids(dashboard)
    finally:
        listener.stop()


def test_a_forget_needs_the_box_ticked(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 18)
    stations["table-1"].record(record)
    eventually(lambda: record["uid"] in uids(dashboard), "kept")
    answer = signed_in(dashboard.app).post("/forget", data={"name": "Ana"}, follow_redirects=True)
    assert "tick the box" in answer.get_data(as_text=True)
    assert uids(dashboard) == {record["uid"]}


def test_after_a_class_list_import_every_child_who_played_can_still_be_forgotten(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    record = played("table-1", "Table 1", "sum", ["Dev", "Eli"], 19)   # children who played, not on the list
    stations["table-1"].record(record)
    eventually(lambda: record["uid"] in uids(dashboard), "kept")
    data = {"file": (io.BytesIO(b"Name\nAna\n"), "class.csv")}
    page = signed_in(dashboard.app).post("/roster/import", data=data, content_type="multipart/form-data")
    choices = re.findall(r"<option>([^<]*)</option>", page.get_data(as_text=True))
    assert choices == ["Ana", "Dev", "Eli"]   # the same choices as the roster page itself offers


def test_the_page_answers_only_the_schools_network(dashboard) -> None:  # type: ignore[no-untyped-def]
    assert at(dashboard.app, "8.8.8.8").get("/").status_code == 403
    assert at(dashboard.app, "2001:4860:4860::8888").get("/history").status_code == 403
    assert at(dashboard.app, "8.8.8.8").post("/unlock", data={"pin": PIN}).status_code == 403
    assert at(dashboard.app, "192.168.1.20").get("/").status_code == 401     # the PIN form
    assert at(dashboard.app, "10.0.4.7").get("/").status_code == 401
    assert signed_in(dashboard.app, "172.16.0.9").get("/").status_code == 200


def test_every_answer_forbids_inline_script(dashboard) -> None:  # type: ignore[no-untyped-def]
    answer = signed_in(dashboard.app).get("/")
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "nonce" not in policy and "unsafe-inline" not in policy
    assert "<script>" not in answer.get_data(as_text=True)


def test_live_tables_are_pushed_as_they_change(broker, stations, dashboard) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(dashboard.app)
    stream = client.get("/events").response
    first = json.loads(next(stream).decode().removeprefix("data: "))
    assert first["tables"] == []
    stations["table-1"].status(topics.ONLINE)
    live = stations["table-1"].live()

    def pushed():  # type: ignore[no-untyped-def]
        for chunk in stream:
            text = chunk.decode()
            if text.startswith("data: "):
                tables = json.loads(text.removeprefix("data: "))["tables"]
                if tables and tables[0]["headline"] == live["headline"] and tables[0]["status"] == "online":
                    return tables[0]
        return None
    table = pushed()
    assert table["title"] == "Table 1" and table["game"] == "SUM" and table["turn"] == "Ana"
    assert table["scores"] == [["Ana", "3 pts"], ["Ben", "5 pts"]] and table["clock"] == "01:23"
    assert table["verdicts"] == ["Ben: 4 + 1 = 5, 5 points"]
    stream.close()


def test_a_roster_changed_while_the_broker_is_away_reaches_it_when_it_returns(broker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Even when the dashboard is closed before the broker is back: the change waits in its outbox."""
    folder = tmp_path / "dashboard"
    dashboard = open_dashboard(broker, folder)
    client = signed_in(dashboard.app)
    eventually(lambda: client.get("/live.json").get_json()["broker"]["online"], "connected")
    broker.stop()
    eventually(lambda: not client.get("/live.json").get_json()["broker"]["online"], "the broker seen gone")
    answer = client.post("/roster/add", data={"name": "Zoë"}, follow_redirects=True)
    assert "The broker is away: every station gets the list when it is back." in answer.get_data(as_text=True)
    client.post("/room/pause")
    dashboard.stop()
    broker.start()
    listener = Listener(broker, f"{topics.class_root(CLASS)}/#")
    try:
        dashboard = open_dashboard(broker, folder)
        roster = eventually(lambda: listener.message(topics.roster(CLASS)), "the roster sent from the outbox")
        assert roster["names"] == ["Zoë"]
        assert eventually(lambda: listener.message(topics.room(CLASS)), "the room sent")["paused"] is True
        eventually(lambda: not dashboard.store.outbox(), "the outbox emptied once the broker has them")
        dashboard.stop()
    finally:
        listener.stop()


def test_a_new_dashboard_takes_the_class_list_and_the_forgets_from_the_broker(broker, stations, dashboard,
                                                                             tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The teacher's laptop replaced: the new dashboard seats the class's roster and never shows a forgotten child."""
    client = signed_in(dashboard.app)
    for name in ("Ana", "Ben", "Cleo"):
        client.post("/roster/add", data={"name": name})
    record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 19)
    stations["table-1"].record(record)          # retained: the broker keeps it until the station clears it
    eventually(lambda: record["uid"] in uids(dashboard), "kept by the first dashboard")
    client.post("/forget", data={"name": "Ana", "sure": "yes"})
    eventually(lambda: not dashboard.store.outbox(), "the first dashboard's messages on the broker")
    fresh = open_dashboard(broker, tmp_path / "new-laptop")
    try:
        eventually(lambda: fresh.roster.names() == ["Ben", "Cleo"], "the class list adopted")
        eventually(lambda: fresh.store.forgets(), "the forget learnt from the broker")
        later = played("table-1", "Table 1", "sum", ["Ben", "Cleo"], 20)
        stations["table-1"].record(later)
        eventually(lambda: later["uid"] in uids(fresh), "a later game kept")
        assert record["uid"] not in uids(fresh)
    finally:
        fresh.stop()


def test_a_form_from_another_site_changes_nothing(broker, dashboard) -> None:  # type: ignore[no-untyped-def]
    client = signed_in(dashboard.app)
    answer = client.post("/room/pause", headers={"Origin": "http://evil.example"})
    assert answer.status_code == 403
    assert dashboard.store.kept("room") is None and not dashboard.store.outbox()


def test_a_damaged_store_is_kept_aside_and_a_new_one_started(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from station.classroom.dashboard.store import STORE_NAME, ClassStore

    path = tmp_path / STORE_NAME
    path.write_bytes(b"this is not a database" * 100)
    store = ClassStore(path)
    try:
        record = played("table-1", "Table 1", "sum", ["Ana", "Ben"], 23)
        assert store.add_record(record, ["Ana", "Ben"]) == "stored"
        assert store.add_record(record, ["Ana", "Ben"]) == "duplicate"
    finally:
        store.close()
    assert [p.name for p in tmp_path.glob(f"{STORE_NAME}.damaged-*")]


def test_a_wrong_teacher_password_is_said_on_the_page(broker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    from dataclasses import replace

    from station.classroom.dashboard.server import Dashboard
    from station.games import plugins
    from classroom_helpers import settings

    folder = tmp_path / "dashboard"
    folder.mkdir()
    (folder / "web-pin").write_text(PIN + "\n")
    dashboard = Dashboard(replace(settings(broker, folder), password="not-the-password"), plugins())
    dashboard.start()
    try:
        client = signed_in(dashboard.app)
        state = eventually(lambda: (lambda s: s if s["broker"]["problem"] else None)(client.get("/live.json").get_json()),
                           "the refusal seen")
        assert not state["broker"]["online"]
        assert "refused the teacher's user name or password: check [broker] user and password" in \
            html.unescape(client.get("/").get_data(as_text=True))
    finally:
        dashboard.stop()


def test_the_room_buttons_pressed_many_times_in_a_row_never_stall_the_page(broker, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Each press publishes while the broker acknowledges the one before: the page once locked
    up for good when an acknowledgement came in the middle of a publish (two locks taken in
    opposite orders by the page's thread and paho's)."""
    dashboard = open_dashboard(broker, tmp_path / "dashboard")
    client = signed_in(dashboard.app)
    pressed = threading.Event()
    try:
        eventually(lambda: client.get("/live.json").get_json()["broker"]["online"], "connected")

        done = [0]

        def press() -> None:
            for n in range(200):
                client.post("/room/pause" if n % 2 else "/room/resume")
                done[0] += 1
            pressed.set()
        threading.Thread(target=press, daemon=True).start()
        while not pressed.is_set():   # a stall is no press answered for long, not 200 taking long on a busy machine
            before = done[0]
            assert pressed.wait(PATIENCE) or done[0] > before, f"the page stalled while publishing (after {before} presses)"
        eventually(lambda: not dashboard.store.outbox(), "every press acknowledged by the broker")
        assert dashboard.store.kept("room")["paused"] is True
    finally:
        if pressed.is_set():      # a stalled dashboard cannot be stopped: its threads end with the test run
            dashboard.stop()


def test_while_the_broker_is_away_the_log_says_so_once_without_paho_s_errors(broker, tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    """The log a teacher reads (journalctl) says "the broker ... is gone; trying again" once; paho
    said "ERROR Client is not connected. Socket: None). Last known Connection State:
    MQTT_CS_CONNECTING" at every try on top of it."""
    import logging

    caplog.set_level(logging.DEBUG)
    dashboard = open_dashboard(broker, tmp_path / "dashboard")
    tries: list[object] = []
    try:
        eventually(lambda: dashboard.link.online, "connected")
        dashboard.link.client.on_connect_fail = lambda *_: tries.append(True)
        broker.stop()
        eventually(lambda: len(tries) >= 2, "two tries to reach the broker, failed")
    finally:
        dashboard.stop()
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors == []
    assert [r.getMessage() for r in caplog.records if "is gone; trying again" in r.getMessage()] != []
