"""Can this station reach its class broker, and does the broker take its user and password?

Asked by the set-up checks (``mathstation selftest``, the teacher's Set-up check page), never by
the station's loop: it waits (a few seconds at most) for the answer, which the loop must not.
Two steps, so the words say which one failed: a plain TCP connection (is the broker's computer
there, and listening?), then an MQTT connect whose CONNACK says whether the user is accepted.
"""

from __future__ import annotations

import socket
import time
import uuid
from dataclasses import dataclass
from typing import Any

from station.classroom.link import REFUSED, _code, new_client
from station.config import ClassroomSettings
from station.i18n import _

TIMEOUT = 5.0   # seconds each step may take: a broker on the classroom's network answers far sooner


@dataclass(frozen=True)
class Reach:
    ok: bool
    detail: str   # in a teacher's words, with what to do next when not ok


def check_broker(settings: ClassroomSettings, timeout: float = TIMEOUT) -> Reach:
    """Connect once to the broker ``[classroom]`` names, as this station, and leave again."""
    where = _("Class broker {address}", address="{}:{}".format(settings.host, settings.port))
    seconds = format(timeout, ".0f")
    try:
        socket.create_connection((settings.host, settings.port), timeout=timeout).close()
    except socket.gaierror:
        return Reach(False, _("{broker} not found (no computer has that name): check [classroom] broker, or give the "
                              "broker's address (like 192.168.1.5)", broker=where))
    except ConnectionRefusedError:
        return Reach(False, _("{broker} not reachable (refused: nothing listens there): is Mosquitto running on the "
                              "broker's computer? check [classroom] broker and port", broker=where))
    except (socket.timeout, TimeoutError):
        return Reach(False, _("{broker} not reachable (no answer in {seconds} s): is the broker's computer on, and on "
                              "this network? check [classroom] broker", broker=where, seconds=seconds))
    except OSError as exc:
        return Reach(False, _("{broker} not reachable ({reason}): is the broker's computer on, and on this network? "
                              "check [classroom] broker", broker=where, reason=exc.strerror or exc))
    answer = _connack(settings, timeout)
    if answer is None:
        return Reach(False, _("{broker} reached, but it did not answer as an MQTT broker in {seconds} s: check "
                              "[classroom] port (and tls)", broker=where, seconds=seconds))
    if answer != 0:
        if REFUSED.get(answer) == REFUSED[5]:
            return Reach(False, _("{broker} reached, but the broker did not accept this station's user and password: check "
                                  "[classroom] username and password (or password_file) against what `mathstation "
                                  "broker setup` printed", broker=where))
        why = REFUSED.get(answer, f"the broker refused the connection ({answer})")   # (the log's words)
        return Reach(False, _("{broker} reached, but {why}: check [classroom]", broker=where, why=why))
    return Reach(True, _("{broker} reached; it accepts station {station} (user {user}) in class {name}", broker=where,
                         station=settings.station, user=settings.username, name=settings.class_name))


def _connack(settings: ClassroomSettings, timeout: float) -> int | None:
    """The broker's CONNACK code for this station's user (0: accepted), None without one in time."""
    client = new_client(f"mathstation-check-{settings.station}-{uuid.uuid4().hex[:8]}")
    client.username_pw_set(settings.username, settings.password)
    if settings.tls:
        client.tls_set(ca_certs=settings.ca_file)
    answers: list[int] = []

    def on_connect(_client: Any, _userdata: Any, _flags: Any, rc: Any, *_rest: Any) -> None:
        answers.append(_code(rc))

    client.on_connect = on_connect
    try:
        client.connect(settings.host, settings.port, keepalive=int(max(timeout, 5)))
        deadline = time.monotonic() + timeout
        while not answers and time.monotonic() < deadline:
            if client.loop(timeout=0.1) != 0:   # the broker closed the connection without a CONNACK
                break
    except OSError:   # the connection was closed (or TLS failed) before any CONNACK
        return None
    finally:
        client.disconnect()
    return answers[0] if answers else None
