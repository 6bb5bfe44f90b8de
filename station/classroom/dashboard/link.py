"""The dashboard's side of the broker: it subscribes as the teacher and keeps what the stations
send; it publishes the teacher's roster, room and forgets.

- A persistent session (a fixed client id, ``clean_session=False``) and QoS 1 subscriptions:
  records sent while the dashboard was closed are queued by the broker and arrive when it
  opens; records are also retained, so a dashboard opened for the first time gets them all.
  Each is kept (in its store) before paho acknowledges it, and kept once.
- A message it cannot read is logged and skipped; nothing a station sends stops it.
- The broker away (at start or later): paho keeps trying; ``offline_since`` says since when,
  the page shows it, and the dashboard catches up when the broker returns.
- The teacher's messages wait in the store's outbox until the broker acknowledges them, and are
  sent again at every connect until it does.

paho-mqtt 1.6 (Raspberry Pi OS's package) and 2.x both work: 2.x is asked for its second
callback API (``CallbackAPIVersion`` exists only there), and the callbacks take what either gives
(the same leading arguments; 2.x adds properties, and gives reason codes for numbers).
"""

from __future__ import annotations

import json
import logging
import ssl
import threading
from collections import Counter
from collections.abc import Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any

import paho.mqtt.client as mqtt

from station.classroom import topics
from station.classroom.dashboard import messages
from station.classroom.dashboard.board import ChangeBoard
from station.classroom.dashboard.history import players_of
from station.classroom.dashboard.messages import BadMessage
from station.classroom.dashboard.settings import Settings
from station.classroom.dashboard.store import ClassStore

if TYPE_CHECKING:
    from station.game_plugin import StationGame

log = logging.getLogger("station.classroom")

KEEPALIVE = 30           # seconds between the client's pings: the broker notices a lost dashboard within 45 s
RETRY = (1, 30)          # seconds between tries to reach the broker: from 1, doubling up to 30


class _BrokerAwayNoise(logging.Filter):
    """Paho logs "Client is not connected. Socket: None) ..." as an ERROR at each try while the
    broker is away; the link says once, in words, that the broker is gone and it keeps trying."""

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith("Client is not connected")


def new_client(client_id: str) -> mqtt.Client:
    """A paho client with a persistent session, on paho 1.6 or 2.x."""
    if hasattr(mqtt, "CallbackAPIVersion"):   # paho 2.x
        return mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id, clean_session=False)
    return mqtt.Client(client_id=client_id, clean_session=False)


def _code(rc: Any) -> int:
    """A CONNACK's code as a number (paho 2.x gives a ReasonCode, 1.6 an int)."""
    return int(getattr(rc, "value", rc))


WRONG_USER = "the broker refused the teacher's user name or password: check [broker] user and password"
#: CONNACK codes: MQTT 3.1.1's (paho 1.6) and the MQTT 5 reason codes paho 2.x reports them as
REFUSED = {1: "the broker does not speak this MQTT version", 2: "the broker refused the dashboard's client id",
           3: "the broker is not taking connections", 4: WRONG_USER, 5: WRONG_USER, 132: "the broker does not speak "
           "this MQTT version", 133: "the broker refused the dashboard's client id", 134: WRONG_USER, 135: WRONG_USER,
           136: "the broker is not taking connections"}


class ClassLink:
    """``start`` connects (and keeps trying) in paho's own thread; ``stop`` disconnects."""

    def __init__(self, settings: Settings, store: ClassStore, board: ChangeBoard,
                 games: Mapping[str, StationGame], *, on_roster: Callable[[topics.Roster], None] | None = None) -> None:
        self.settings = settings
        self.store = store
        self.board = board
        self.games = games
        self.on_roster = on_roster
        self.class_name = settings.class_name
        self.offline_since: str | None = datetime.now().astimezone().isoformat(timespec="seconds")
        self.problem: str | None = None       # why the broker refused us, when it did
        self._sent: dict[int, tuple[str, str]] = {}   # mid -> (topic, payload) until the broker acknowledges
        self._acked: set[int] = set()                 # mids acknowledged before ``_send`` noted them
        self._echoes: Counter[str] = Counter()        # our own room messages, until the broker sends them back
        self._lock = threading.Lock()
        self._stopping = False
        self.client = new_client(settings.client_id)
        paho_log = logging.getLogger("station.classroom.mqtt")
        if not any(isinstance(f, _BrokerAwayNoise) for f in paho_log.filters):
            paho_log.addFilter(_BrokerAwayNoise())
        self.client.enable_logger(paho_log)
        if settings.user:
            self.client.username_pw_set(settings.user, settings.password or None)
        if settings.tls_ca is not None:
            self.client.tls_set(ca_certs=str(settings.tls_ca), cert_reqs=ssl.CERT_REQUIRED)
        self.client.reconnect_delay_set(*RETRY)
        self.client.on_connect = self._connected
        self.client.on_disconnect = self._disconnected
        self.client.on_message = self._message
        self.client.on_publish = self._published

    @property
    def online(self) -> bool:
        return self.offline_since is None

    def start(self) -> None:
        self.client.connect_async(self.settings.host, self.settings.port, keepalive=KEEPALIVE)
        self.client.loop_start()

    def stop(self) -> None:
        self._stopping = True
        self.client.disconnect()
        self.client.loop_stop()

    # ---- the teacher's messages ------------------------------------------------------------

    def publish(self, topic: str, message: Mapping[str, Any]) -> None:
        """Send ``message`` retained with QoS 1; it waits in the outbox until the broker has it."""
        payload = json.dumps(message, ensure_ascii=False)
        if topic == topics.room(self.class_name):
            with self._lock:
                self._echoes[payload] += 1
        self.store.outbox_put(topic, payload)
        self._send(topic, payload)

    def _send(self, topic: str, payload: str) -> None:
        # Never hold our lock while calling paho: its network thread calls on_publish holding its
        # own lock, which publish() takes too. An acknowledgement that comes before the message
        # is noted here waits in ``_acked``.
        info = self.client.publish(topic, payload, qos=1, retain=True)
        with self._lock:
            early = info.mid in self._acked
            if early:
                self._acked.discard(info.mid)
            else:
                self._sent[info.mid] = (topic, payload)
        if early:
            self.store.outbox_done(topic, payload)

    def _own_echo(self, payload: bytes) -> bool:
        """Is this room message one this dashboard sent, coming back from the broker? It is kept
        already, and a later press may have changed the room since: kept again, it would put an
        older state back (200 presses in a row ended "paused" yet read "plays on")."""
        text = payload.decode("utf-8", errors="replace")
        with self._lock:
            if self._echoes[text] <= 0:
                return False
            self._echoes[text] -= 1
            if not self._echoes[text]:
                del self._echoes[text]
            return True

    def _published(self, client: mqtt.Client, userdata: Any, mid: int, *rest: Any) -> None:
        with self._lock:
            sent = self._sent.pop(mid, None)
            if sent is None:
                self._acked.add(mid)
        if sent is not None:
            self.store.outbox_done(*sent)

    # ---- the connection --------------------------------------------------------------------

    def _connected(self, client: mqtt.Client, userdata: Any, flags: Any, rc: Any, *rest: Any) -> None:
        code = _code(rc)
        if code != 0:
            self.problem = REFUSED.get(code, f"the broker refused the dashboard (code {code})")
            log.warning("class dashboard: %s", self.problem)
            self.board.changed()
            return
        self.problem = None
        # the forgets first: the broker sends retained messages in this order, so a forgotten
        # child's game still retained on the broker is refused, not kept for a moment
        client.subscribe([(topics.every_forget(self.class_name), 1), (topics.every_station(self.class_name), 1),
                          (topics.roster(self.class_name), 1), (topics.room(self.class_name), 1)])
        with self._lock:
            self._sent.clear()       # what was in flight is sent again below, with new ids
            self._acked.clear()
        for topic, payload in self.store.outbox():
            self._send(topic, payload)
        if self.offline_since is not None:
            log.info("class dashboard: connected to the broker at %s:%d", self.settings.host, self.settings.port)
        self.offline_since = None
        self.board.changed()

    def _disconnected(self, client: mqtt.Client, userdata: Any, *rest: Any) -> None:
        if self.offline_since is None and not self._stopping:
            self.offline_since = datetime.now().astimezone().isoformat(timespec="seconds")
            log.warning("class dashboard: the broker at %s:%d is gone; trying again", self.settings.host,
                        self.settings.port)
        self.board.changed()

    # ---- what arrives ----------------------------------------------------------------------

    def _message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        try:
            changed = self.take(message.topic, bytes(message.payload))
        except BadMessage as exc:
            log.warning("class dashboard: skipped a message on %s: %s", message.topic, exc)
            return
        except Exception:  # noqa: BLE001 - nothing from the network stops the dashboard (retained: it comes again)
            log.exception("class dashboard: could not keep the message on %s", message.topic)
            return
        if changed:
            self.board.changed()

    def take(self, topic: str, payload: bytes) -> bool:
        """Keep what the message on ``topic`` says; whether the page has something new to show."""
        levels = messages.topic_parts(self.class_name, topic)
        if levels is None:
            raise BadMessage("not this class's topic")
        if levels[0] == "stations" and len(levels) >= 3:
            station = messages.station_of(levels[1])
            if levels[2:] == ["status"]:
                self.store.set_status(station, messages.status(payload))
                return True
            if levels[2:] == ["live"]:
                self.store.set_live(station, messages.live_state(payload, station) if payload else None)
                return True
            if len(levels) == 4 and levels[2] == "games":
                return self._record(station, levels[3], payload)
        elif levels == ["roster"]:
            if payload and self.on_roster is not None:
                self.on_roster(messages.roster(payload))
            return True
        elif levels == ["room"]:
            if payload and not self._own_echo(payload):
                self.store.keep("room", messages.room(payload))
            return True
        elif len(levels) == 2 and levels[0] == "forget":
            if payload:
                forget = messages.forget(payload)
                gone = self.store.forget(levels[1], forget["name"], forget["at"])
                if gone:
                    log.info("class dashboard: forgot %d game(s) of a child, as asked", gone)
            return True
        raise BadMessage("not a topic of the contract")

    def _record(self, station: str, uid: str, payload: bytes) -> bool:
        if not payload:   # an empty retained message clears the record
            return self.store.remove_record(station, uid)
        if self.store.has_record(uid):   # a copy (a resend, the broker's retained history at each start): not replayed again
            return False
        record = messages.game_record(payload, station, uid)
        outcome = self.store.add_record(record, players_of(record, self.games))
        if outcome == "forgotten":
            log.info("class dashboard: game %s from %s not kept: a child in it was forgotten", uid, station)
        return outcome == "stored"
