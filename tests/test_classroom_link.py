"""A station's link to its class, on a real Mosquitto: online and offline (its last will), its
live state retained, and its ended games delivered once each, in order, whatever the network did
in between (the broker away for a day, the station restarted meanwhile)."""

from __future__ import annotations

import json
import time
from datetime import datetime, timedelta

import pytest
from classroom_station_helpers import ACL, CLASS, USERS, Station, Watcher, games_topic
from waiting import eventually

from station.classroom import topics
from station.classroom.member import RESEND_WITHIN


@pytest.fixture
def broker(broker_factory):
    return broker_factory(users=USERS, acl=ACL)


def test_a_station_says_online_then_offline_and_its_live_state_is_retained(broker, tmp_path):
    station = Station(tmp_path, broker).start()
    status = Watcher(broker, topics.station_status(CLASS, "table-1"))
    eventually(lambda: [p for _, p, _ in status.messages][-1:] == [b"online"], step=station.tick)
    station.tick(2.0)
    late = Watcher(broker, topics.station_live(CLASS, "table-1"))   # a dashboard opened later sees the table at once
    live = eventually(late.payloads, step=station.tick)[-1]
    assert (live["station"], live["title"], live["state"], live["game"]) == ("table-1", "Table 1", "idle", None)
    station.referee.start({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 7}, station.now)
    # the first state of the game: ticks go on while the broker delivers it, and a later one shows the clock moved on
    playing = eventually(lambda: [p for p in late.payloads() if p["state"] == "playing"], step=station.tick)[0]
    assert (playing["game"], playing["game_title"], playing["players"]) == ("math-wars", "Math Wars Meta", ["Ana", "Ben"])
    assert playing["clock"] == "00:00" and playing["verdicts"] == []
    station.close()
    eventually(lambda: [p for _, p, _ in status.messages][-1:] == [b"offline"])
    status.close()
    late.close()


def test_games_ended_while_the_broker_is_away_arrive_once_each_in_order_when_it_is_back(broker, tmp_path):
    watcher = Watcher(broker, games_topic())
    station = Station(tmp_path, broker).start()
    assert eventually(lambda: station.link.connected, step=station.tick)
    first = station.play()
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)
    broker.stop()                                     # the network is away
    eventually(lambda: not station.link.connected, step=station.tick)
    away = [station.play(players=("Cleo", "Dev")) for _ in range(3)]
    for _ in range(20):
        station.tick()
    assert station.journal.unsent() == 3              # kept in the outbox meanwhile
    broker.start()                                    # back: the station catches up on its own
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)
    records = eventually(lambda: len({p["uid"] for p in watcher.payloads()}) >= 4 and watcher.payloads(),
                       step=station.tick)
    uids = [r["uid"] for r in records]
    assert list(dict.fromkeys(uids)) == [first, *away]     # in the order they ended
    assert [uids.count(uid) for uid in away] == [1, 1, 1]   # once each (the first is sent again after the
    records = [next(r for r in records if r["uid"] == uid) for uid in [first, *away]]   # reconnect: kept once)
    assert [p["name"] for p in records[1]["config"]["players"]] == ["Cleo", "Dev"]
    assert [len(r["actions"]) for r in records] == [2, 2, 2, 2] and {r["status"] for r in records} == {"stopped"}
    assert records[0]["station"] == "table-1" and records[0]["title"] == "Table 1" and records[0]["v"] == 1
    watcher.close()
    station.close()


def test_a_station_restarted_while_the_broker_is_away_still_sends_what_it_kept(broker, tmp_path):
    watcher = Watcher(broker, games_topic())
    broker.stop()
    station = Station(tmp_path, broker).start()       # starts with no broker: the station goes on
    played = [station.play() for _ in range(2)]
    station.tick()
    station.close()                                   # the process ends with both still unsent
    again = Station(tmp_path, broker).start()         # a new process, a new link
    assert again.journal.unsent() == 2
    broker.start()
    eventually(lambda: again.journal.unsent() == 0, step=again.tick)
    records = eventually(lambda: len(watcher.payloads()) >= 2 and watcher.payloads(), step=again.tick)
    assert [r["uid"] for r in records] == played
    late = Watcher(broker, games_topic())              # retained: a dashboard opened a week later has them all
    assert sorted(r["uid"] for r in eventually(lambda: len(late.payloads()) >= 2 and late.payloads())) == sorted(played)
    watcher.close()
    late.close()
    again.close()


def test_a_station_joining_a_class_sends_its_earlier_games_once(broker, tmp_path):
    from station.store import Journal

    with Journal(tmp_path / "journal.sqlite3") as journal:   # played alone, before the class
        for _ in range(2):
            journal.finish(journal.start_game({"game": "math-wars", "players": ["Ana", "Ben"]}))
    watcher = Watcher(broker, games_topic())
    station = Station(tmp_path, broker).start()
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)
    eventually(lambda: len(watcher.payloads()) >= 2, step=station.tick)
    station.close()
    again = Station(tmp_path, broker)   # started again later than a broker's power cut could lose them
    again.member.wall = lambda: datetime.now().astimezone() + timedelta(seconds=RESEND_WITHIN + 60)
    again.start()
    eventually(lambda: again.link.connected, step=again.tick)
    for _ in range(20):                                 # time for a second copy, which must not come
        again.tick()
        time.sleep(0.05)
    assert again.journal.unsent() == 0 and len(watcher.payloads()) == 2   # not again
    watcher.close()
    again.close()


def test_a_wrong_password_is_said_in_words_and_never_stops_the_station(broker, tmp_path):
    station = Station(tmp_path, broker, password="wrong").start()
    eventually(lambda: station.link.refused is not None, step=station.tick)
    assert station.member.status == "Class refused" and station.link.refused == "the broker did not accept this station's user and password"
    station.play()                                    # the games go on, and wait
    assert station.journal.unsent() == 1
    station.close()


def test_a_record_carries_what_replays_the_game(broker, tmp_path):
    from engine.rules import replay

    watcher = Watcher(broker, games_topic())
    station = Station(tmp_path, broker).start()
    uid = station.play(plays=4)
    record = eventually(watcher.payloads, step=station.tick)[0]
    game, _ = replay(record["config"], record["actions"])
    assert record["uid"] == uid and len(game.actions) == 4
    assert json.loads(json.dumps(record)) == record
    watcher.close()
    station.close()


def test_a_record_the_broker_lost_in_a_power_cut_after_acknowledging_it_is_sent_again(broker_factory, tmp_path):
    broker = broker_factory(users=USERS, acl=ACL, autosave=3600)   # it last saved to disk long ago
    station = Station(tmp_path, broker).start()
    eventually(lambda: station.link.connected, step=station.tick)
    uid = station.play()
    eventually(lambda: station.journal.unsent() == 0, step=station.tick)   # acknowledged: marked sent
    broker.kill()                                      # the broker's power is cut before it saved the record
    broker.start()
    eventually(lambda: station.link.connected, step=station.tick)
    watcher = Watcher(broker, games_topic())           # the dashboard, opened after
    records = eventually(lambda: [p for p in watcher.payloads() if p.get("uid") == uid], step=station.tick)
    assert len(records) == 1 and records[0]["status"] == "stopped"
    watcher.close()
    station.close()
