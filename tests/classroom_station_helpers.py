"""What the classroom tests share: a station (referee, journal, link, member) on a real broker,
a watcher that subscribes as the class dashboard would, and waits on conditions (never fixed sleeps)."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from waiting import eventually

from station.classroom import topics
from station.classroom.link import Link, new_client
from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster, Member
from station.config import load_config
from station.games import plugins
from station.referee import Referee
from station.store import Journal

CLASS = "room-12"
USERS = {"table-1": "pw-1", "table-2": "pw-2", "teacher": "pw-t"}
ACL = f"""user teacher
topic readwrite mathstation/{CLASS}/#

pattern write mathstation/{CLASS}/stations/%u/#
pattern read mathstation/{CLASS}/roster
pattern read mathstation/{CLASS}/room
pattern read mathstation/{CLASS}/forget/+
"""
WAIT = 60.0   # seconds a wait for the broker may take on a busy machine (it never waits longer than needed)
_ids = itertools.count(1)


class Station:
    """One station as the daemon wires it, ticked by hand: ``tick()`` is one main-loop tick."""

    def __init__(self, folder: Path, broker: Any, name: str = "table-1", password: str | None = None,
                 journal: Journal | None = None) -> None:
        self.journal = journal or Journal(folder / "journal.sqlite3")
        self.referee = Referee(load_config(None, plugins()), self.journal, games=plugins(), seed=lambda: 7)
        self.link = Link(host="127.0.0.1", port=broker.port, class_name=CLASS, station=name, username=name,
                         password=password or USERS[name], reconnect=(1, 2))
        self.member = Member(self.link, self.journal, title=name.replace("-", " ").title(),
                             roster=ClassRoster(folder / CLASS_ROSTER_NAME))
        self.now = 0.0

    def start(self) -> Station:
        self.member.start()
        return self

    def tick(self, seconds: float = 0.05) -> None:
        self.now += seconds
        self.referee.advance(self.now)
        self.member.tick(self.referee, None, self.now)

    def play(self, players: tuple[str, str] = ("Ana", "Ben"), plays: int = 2) -> str:
        """One short game of Math Wars played and stopped; returns its uid."""
        self.referee.start({"game": "math-wars", "players": list(players), "seed": 7}, self.now)
        game_id = self.referee.game_id
        for n in range(plays):
            self.now += 1
            self.referee.apply({"type": "play", "t": self.referee.game_time(self.now), "player": players[n % 2],
                                "card": ("MW-A-N21", "MW-B-N15", "MW-A-S5", "MW-B-A6")[n % 4], "source": "camera"})
        self.referee.end()
        return str(self.journal.game(game_id).uid)

    def close(self) -> None:
        self.member.stop()
        self.journal.close()


class Watcher:
    """Subscribes to a topic filter as the dashboard would: a persistent session (the broker
    keeps its QoS 1 messages while it is away), every message kept in order."""

    def __init__(self, broker: Any, pattern: str, user: str = "teacher", password: str | None = None) -> None:
        self.messages: list[tuple[str, bytes, bool]] = []
        self._lock = threading.Lock()
        self.client = new_client(f"watcher-{next(_ids)}")
        self.client._clean_session = False   # (paho 2.x and 1.6 both keep it here)  # noqa: SLF001
        self.client.username_pw_set(user, password or USERS[user])
        self.client.reconnect_delay_set(1, 2)
        self.subscribed = threading.Event()

        def on_connect(client: Any, _u: Any, flags: Any, rc: Any, *_: Any) -> None:
            present = flags.get("session present") if isinstance(flags, dict) else getattr(flags, "session_present", False)
            if not present:
                client.subscribe(pattern, qos=1)

        def on_subscribe(*_: Any) -> None:
            self.subscribed.set()

        def on_message(_c: Any, _u: Any, message: Any) -> None:
            with self._lock:
                self.messages.append((message.topic, bytes(message.payload), bool(message.retain)))

        self.client.on_connect, self.client.on_subscribe, self.client.on_message = on_connect, on_subscribe, on_message
        self.client.connect("127.0.0.1", broker.port)
        self.client.loop_start()
        eventually(self.subscribed.is_set)

    def payloads(self) -> list[dict]:
        with self._lock:
            return [json.loads(payload) for _, payload, _ in self.messages if payload.startswith(b"{")]

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


def publish(broker: Any, topic: str, message: dict | bytes, user: str = "teacher", password: str | None = None) -> None:
    """One retained QoS 1 message, as the teacher's dashboard publishes it; returns once acknowledged
    (Mosquitto acknowledges a message its ACL drops, too: it is then delivered to no one)."""
    client = new_client(f"teacher-{next(_ids)}")
    client.username_pw_set(user, password or USERS[user])
    client.connect("127.0.0.1", broker.port)
    client.loop_start()
    payload = message if isinstance(message, bytes) else json.dumps(message).encode()
    client.publish(topic, payload, qos=1, retain=True).wait_for_publish(WAIT)
    client.disconnect()
    client.loop_stop()


def games_topic(station: str = "table-1") -> str:
    return f"{topics.class_root(CLASS)}/stations/{station}/games/+"
