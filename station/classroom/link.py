"""The station's line to its class: one MQTT client (paho) in a thread of its own.

The main loop never waits for the network: it hands the link what to publish (``publish_live``,
``send``, ``clear_game``, each a non-blocking ``publish`` that paho's thread writes out) and
drains what came back (``acked``, ``messages``, ``connects``) at its next tick. paho's own loop reconnects with
a growing delay (1 s to a minute), and a record handed over is resent by paho after a reconnect
until the broker acknowledges it (QoS 1's PUBACK); only then is it reported ``acked``, so the
station marks it sent in the journal's outbox. The broker's last will says ``offline`` (retained)
when the station vanishes; the station says ``online`` at each connect.

Both paho 1.6 (what Raspberry Pi OS packages) and 2.x work: the callbacks read their arguments by
position, which the two versions share for what is read here.
"""

from __future__ import annotations

import json
import logging
import queue
import threading
import uuid
from collections.abc import Mapping
from typing import Any

import paho.mqtt.client as mqtt

from station.classroom import topics

log = logging.getLogger("station.classroom")

WINDOW = 10             # records handed to paho and not yet acknowledged, at most
KEEPALIVE = 30          # seconds: the broker gives the last will this long (x1.5) after a station vanishes
RECONNECT = (1, 60)     # seconds: paho's delay between tries, doubling from the first to the last
#: The broker's answer to a refused connection, in a teacher's words: MQTT 3.1.1's CONNACK codes
#: (paho 1.6) and the MQTT 5 reason codes paho 2.x turns them into. Mosquitto says "not authorised"
#: (5) for a wrong password as well as for a user it does not know.
_NOT_ACCEPTED = "the broker did not accept this station's user and password"
REFUSED = {1: "the broker speaks another MQTT version", 132: "the broker speaks another MQTT version",
           2: "the broker refused this station's name", 133: "the broker refused this station's name",
           3: "the broker is not taking connections", 136: "the broker is not taking connections",
           4: _NOT_ACCEPTED, 134: _NOT_ACCEPTED, 5: _NOT_ACCEPTED, 135: _NOT_ACCEPTED}


def _code(value: Any) -> int:
    """A paho result as a number: 1.6 gives ints, 2.x ReasonCode objects (and ints for some)."""
    if isinstance(value, int):
        return value
    if getattr(value, "is_failure", None) is False:
        return 0
    number = getattr(value, "value", None)
    return number if isinstance(number, int) else -1


def new_client(client_id: str) -> mqtt.Client:
    """A paho client of either version (2.x wants the callbacks' version named)."""
    if hasattr(mqtt, "CallbackAPIVersion"):
        return mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=True)
    return mqtt.Client(client_id=client_id, clean_session=True)  # pragma: no cover - paho 1.6


class Link:
    """One station's MQTT connection. Thread-safe for one caller (the main loop) beside paho's thread."""

    def __init__(self, *, host: str, port: int, class_name: str, station: str, username: str, password: str,
                 tls: bool = False, ca_file: str | None = None, reconnect: tuple[int, int] = RECONNECT) -> None:
        self.class_name, self.station = topics.slug(class_name, "class"), topics.slug(station, "station")
        self.host, self.port = host, port
        self._status = topics.station_status(class_name, station)
        self._live_topic = topics.station_live(class_name, station)
        self._client = new_client(f"mathstation-{class_name}-{station}-{uuid.uuid4().hex[:8]}")
        self._client.username_pw_set(username, password)
        self._client.will_set(self._status, topics.OFFLINE, qos=1, retain=True)
        if tls:
            self._client.tls_set(ca_certs=ca_file)
        self._client.reconnect_delay_set(*reconnect)
        self._client.on_connect = self._on_connect
        self._client.on_disconnect = self._on_disconnect
        self._client.on_publish = self._on_publish
        self._client.on_message = self._on_message
        self._connected = threading.Event()
        self._in_flight: dict[int, str] = {}   # paho's message id -> the game's uid (main loop only)
        self._handed: set[str] = set()         # uids handed to paho by this link: paho resends them itself
        self._pubacks: queue.SimpleQueue[int] = queue.SimpleQueue()
        self._inbox: queue.SimpleQueue[tuple[str, bytes]] = queue.SimpleQueue()
        self._live: bytes | None = None
        self.refused: str | None = None        # why the broker last refused us, in words
        self.connects = 0                      # connections the broker accepted so far (a new one: it may have restarted)
        self.started = False

    # ---- lifetime ---------------------------------------------------------------------------

    def start(self) -> None:
        """Connect in paho's thread: a broker that is away is tried again and again, never waited for."""
        self._client.connect_async(self.host, self.port, keepalive=KEEPALIVE)
        self._client.loop_start()
        self.started = True

    def stop(self, timeout: float = 2.0) -> None:
        """Say ``offline`` (a clean goodbye does not fire the will), disconnect, end the thread."""
        if not self.started:
            return
        if self._connected.is_set():
            info = self._client.publish(self._status, topics.OFFLINE, qos=1, retain=True)
            try:
                info.wait_for_publish(timeout)
            except (RuntimeError, ValueError):   # not sent: the will says it for us
                pass
        self._client.disconnect()
        self._client.loop_stop()
        self.started = False

    @property
    def connected(self) -> bool:
        return self._connected.is_set()

    def wait_connected(self, timeout: float) -> bool:
        return self._connected.wait(timeout)

    # ---- what the station sends -------------------------------------------------------------

    def publish_live(self, live: Mapping[str, Any]) -> None:
        """Its live state, retained (the newest is sent again at each connect)."""
        self._live = json.dumps(live, ensure_ascii=False).encode()
        if self.connected:
            self._client.publish(self._live_topic, self._live, qos=0, retain=True)

    @property
    def room(self) -> int:
        """How many more records may be handed over now (none while disconnected)."""
        return WINDOW - len(self._in_flight) if self.connected else 0

    def send(self, uid: str, record: Mapping[str, Any]) -> bool:
        """Hand one game's record over (QoS 1, retained); False if this link already has it."""
        if uid in self._handed:
            return False
        info = self._client.publish(topics.station_game(self.class_name, self.station, uid),
                                    json.dumps(record, ensure_ascii=False).encode(), qos=1, retain=True)
        self._handed.add(uid)
        self._in_flight[info.mid] = uid
        return True

    def clear_game(self, uid: str) -> None:
        """An empty retained message: the broker forgets the game's record (forget a child)."""
        self._client.publish(topics.station_game(self.class_name, self.station, uid), b"", qos=1, retain=True)

    # ---- what came back -------------------------------------------------------------------------

    def acked(self) -> list[str]:
        """The uids whose records the broker has acknowledged since the last call."""
        done = []
        while True:
            try:
                mid = self._pubacks.get_nowait()
            except queue.Empty:
                return done
            uid = self._in_flight.pop(mid, None)
            if uid is not None:
                self._handed.discard(uid)      # paho holds it no more: it may be handed over again
                done.append(uid)

    def messages(self) -> list[tuple[str, bytes]]:
        """The teacher's messages (roster, room, forget) received since the last call, in order."""
        received = []
        while True:
            try:
                received.append(self._inbox.get_nowait())
            except queue.Empty:
                return received

    # ---- paho's thread --------------------------------------------------------------------------

    def _on_connect(self, client: mqtt.Client, _userdata: Any, _flags: Any, rc: Any, *_rest: Any) -> None:
        code = _code(rc)
        if code != 0:
            self.refused = REFUSED.get(code, f"the broker refused the connection ({rc})")
            log.warning("class broker %s:%s: %s", self.host, self.port, self.refused)
            return
        self.refused = None
        log.info("class broker %s:%s connected as %s", self.host, self.port, self.station)
        client.publish(self._status, topics.ONLINE, qos=1, retain=True)
        client.subscribe([(topics.roster(self.class_name), 1), (topics.room(self.class_name), 1),
                          (topics.every_forget(self.class_name), 1)])
        if self._live is not None:
            client.publish(self._live_topic, self._live, qos=0, retain=True)
        self.connects += 1
        self._connected.set()

    def _on_disconnect(self, _client: mqtt.Client, _userdata: Any, *_args: Any) -> None:
        if self._connected.is_set():
            log.warning("class broker %s:%s: connection lost; trying again", self.host, self.port)
        self._connected.clear()

    def _on_publish(self, _client: mqtt.Client, _userdata: Any, mid: int, *_rest: Any) -> None:
        self._pubacks.put(mid)   # paho holds its own lock here: the main loop maps it to a uid

    def _on_message(self, _client: mqtt.Client, _userdata: Any, message: Any) -> None:
        self._inbox.put((message.topic, bytes(message.payload)))
