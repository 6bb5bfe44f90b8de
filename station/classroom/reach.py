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

TIMEOUT = 5.0   # seconds each step may take: a broker on the classroom's network answers far sooner


@dataclass(frozen=True)
class Reach:
    ok: bool
    detail: str   # in a teacher's words, with what to do next when not ok


def check_broker(settings: ClassroomSettings, timeout: float = TIMEOUT) -> Reach:
    """Connect once to the broker ``[classroom]`` names, as this station, and leave again."""
    where = f"Class broker {settings.host}:{settings.port}"
    try:
        socket.create_connection((settings.host, settings.port), timeout=timeout).close()
    except socket.gaierror:
        return Reach(False, f"{where} not found (no computer has that name): check [classroom] broker, "
                            "or give the broker's address (like 192.168.1.5)")
    except ConnectionRefusedError:
        return Reach(False, f"{where} not reachable (refused: nothing listens there): is Mosquitto running on "
                            "the broker's computer? check [classroom] broker and port")
    except (socket.timeout, TimeoutError):
        return Reach(False, f"{where} not reachable (no answer in {timeout:.0f} s): is the broker's computer on, "
                            "and on this network? check [classroom] broker")
    except OSError as exc:
        return Reach(False, f"{where} not reachable ({exc.strerror or exc}): is the broker's computer on, "
                            "and on this network? check [classroom] broker")
    answer = _connack(settings, timeout)
    if answer is None:
        return Reach(False, f"{where} reached, but it did not answer as an MQTT broker in {timeout:.0f} s: "
                            "check [classroom] port (and tls)")
    if answer != 0:
        why = REFUSED.get(answer, f"the broker refused the connection ({answer})")
        hint = ("check [classroom] username and password (or password_file) against what "
                "`mathstation broker setup` printed" if why == REFUSED[5] else "check [classroom]")
        return Reach(False, f"{where} reached, but {why}: {hint}")
    return Reach(True, f"{where} reached; it accepts station {settings.station} "
                       f"(user {settings.username}) in class {settings.class_name}")


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
