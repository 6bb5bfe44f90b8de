"""Shared by the class dashboard's tests: a real Mosquitto with the classroom's users and ACL,
stations played by paho clients that publish what the contract says (records of real games the
virtual players played through the engine), and the dashboard itself on that broker."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt

from engine.rules import new_game
from waiting import PATIENCE

from station.classroom import topics
from station.classroom.dashboard.server import Dashboard
from station.classroom.dashboard.settings import Settings
from station.games import plugin, plugins

CLASS = "room-12"
PIN = "482915"
TEACHER = ("teacher", "chalk-and-talk")
STATIONS = {"table-1": "station-one-secret", "table-2": "station-two-secret", "table-3": "station-three-secret"}

ACL = "\n".join(
    [f"user {TEACHER[0]}", f"topic read {topics.class_root(CLASS)}/#",
     f"topic write {topics.roster(CLASS)}", f"topic write {topics.room(CLASS)}",
     f"topic write {topics.every_forget(CLASS)}", ""]
    + [line for station in STATIONS for line in
       (f"user {station}", f"topic readwrite {topics.station_own(CLASS, station)}",
        f"topic read {topics.roster(CLASS)}", f"topic read {topics.room(CLASS)}",
        f"topic read {topics.every_forget(CLASS)}", "")])


def class_broker(broker_factory: Callable[..., Any]) -> Any:
    """A Mosquitto with no anonymous access: the teacher and each station their own user."""
    return broker_factory(users={TEACHER[0]: TEACHER[1], **STATIONS}, acl=ACL)


def client(user: str, password: str, client_id: str = "", clean: bool = True) -> mqtt.Client:
    if hasattr(mqtt, "CallbackAPIVersion"):
        return mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=clean)
    return mqtt.Client(client_id=client_id, clean_session=clean)


class Station:
    """A station of the class as the broker sees it: it publishes its status, live state and records."""

    def __init__(self, broker: Any, name: str, title: str) -> None:
        self.name, self.title = name, title
        self.client = client(name, STATIONS[name], f"station-{name}")
        self.client.username_pw_set(name, STATIONS[name])
        self.client.will_set(topics.station_status(CLASS, name), topics.OFFLINE, qos=1, retain=True)
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()

    def send(self, topic: str, payload: bytes | str, *, retain: bool = True, qos: int = 1) -> None:
        self.client.publish(topic, payload, qos=qos, retain=retain).wait_for_publish(PATIENCE)

    def status(self, status: str) -> None:
        self.send(topics.station_status(CLASS, self.name), status)

    def live(self, **changes: Any) -> topics.LiveState:
        state = topics.LiveState(v=1, station=self.name, title=self.title, at=datetime.now().astimezone().isoformat(),
                                 state="playing", game="sum", game_title="SUM", players=["Ana", "Ben"],
                                 scores={"Ana": "3 pts", "Ben": "5 pts"}, turn="Ana", clock="01:23",
                                 headline="Ana to play", verdicts=["Ben: 4 + 1 = 5, 5 points"])
        state.update(changes)  # type: ignore[typeddict-item]
        self.send(topics.station_live(CLASS, self.name), json.dumps(state), qos=0)
        return state

    def record(self, record: topics.GameRecord, *, retain: bool = True) -> None:
        self.send(topics.station_game(CLASS, self.name, record["uid"]), json.dumps(record), retain=retain)

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def played(station: str, title: str, game: str, players: list[str], seed: int,
           ended: datetime | None = None) -> topics.GameRecord:
    """A real game: the virtual players play it through the engine; its config and actions as the journal keeps them."""
    live = new_game({"game": game, "seed": seed, "players": players})
    config = dict(live.config)
    actions = [action for action, _ in plugin(game).virtual_players(live, seed)]
    end = ended or datetime.now().astimezone()
    return topics.GameRecord(v=1, uid=uuid.uuid4().hex, station=station, title=title, config=config, actions=actions,
                             started=(end - timedelta(minutes=10)).isoformat(timespec="seconds"),
                             ended=end.isoformat(timespec="seconds"), status="finished", clock_synced=True)


def settings(broker: Any, folder: Path) -> Settings:
    return Settings(class_name=CLASS, host="127.0.0.1", port=broker.port, user=TEACHER[0], password=TEACHER[1],
                    bind="127.0.0.1", page_port=0, state_dir=folder)


def open_dashboard(broker: Any, folder: Path, **options: Any) -> Dashboard:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "web-pin").write_text(PIN + "\n")
    dashboard = Dashboard(settings(broker, folder), plugins(), **options)
    dashboard.start()
    return dashboard


class Listener:
    """A subscriber that keeps the last message on each topic (what a station would read)."""

    def __init__(self, broker: Any, pattern: str) -> None:
        self.seen: dict[str, bytes] = {}
        self.client = client(*TEACHER)
        self.client.username_pw_set(*TEACHER)
        self.client.on_message = lambda c, u, m: self.seen.__setitem__(m.topic, bytes(m.payload))
        self.client.connect("127.0.0.1", broker.port)
        self.client.subscribe(pattern, qos=1)
        self.client.loop_start()

    def message(self, topic: str) -> dict[str, Any] | None:
        payload = self.seen.get(topic)
        return json.loads(payload) if payload else None

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()
