"""The sd_notify messages the daemon sends, read from a real unix datagram socket as systemd would."""

from __future__ import annotations

import logging
import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from station.systemd_notify import Notifier


@pytest.fixture
def listener(tmp_path: Path) -> Iterator[tuple[socket.socket, str]]:
    """A socket standing in for systemd's notify socket, and the NOTIFY_SOCKET value naming it."""
    path = tmp_path / "notify"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind(str(path))
    server.settimeout(5)
    yield server, str(path)
    server.close()


def received(server: socket.socket) -> bytes:
    return server.recv(4096)


def test_each_call_sends_exactly_the_sd_notify_datagram(listener):
    server, name = listener
    notifier = Notifier({"NOTIFY_SOCKET": name})
    assert notifier.enabled

    notifier.ready()
    notifier.ready("Waiting for cards")
    notifier.status("Math Wars: Ana v Ben")
    notifier.watchdog()
    notifier.stopping()

    assert [received(server) for _ in range(5)] == [
        b"READY=1",
        b"READY=1\nSTATUS=Waiting for cards",
        b"STATUS=Math Wars: Ana v Ben",
        b"WATCHDOG=1",
        b"STOPPING=1",
    ]
    notifier.close()


def test_a_status_with_line_breaks_stays_one_status_line(listener):
    server, name = listener
    Notifier({"NOTIFY_SOCKET": name}).status("Camera lost\ncheck the cable")
    assert received(server) == b"STATUS=Camera lost check the cable"


def test_an_abstract_socket_name_is_reached():
    name = f"mathstation-test-{uuid.uuid4().hex}"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    server.bind("\0" + name)
    server.settimeout(5)
    try:
        Notifier({"NOTIFY_SOCKET": "@" + name}).watchdog()
        assert received(server) == b"WATCHDOG=1"
    finally:
        server.close()


def test_the_process_environment_is_used_by_default(listener, monkeypatch):
    server, name = listener
    monkeypatch.setenv("NOTIFY_SOCKET", name)
    Notifier().ready()
    assert received(server) == b"READY=1"


@pytest.mark.parametrize("environ", [{}, {"NOTIFY_SOCKET": ""}, {"NOTIFY_SOCKET": "vsock:2:1234"}])
def test_without_a_notify_socket_every_call_is_harmless(environ):
    notifier = Notifier(environ)
    assert not notifier.enabled
    notifier.ready("x")
    notifier.status("x")
    notifier.watchdog()
    notifier.stopping()
    notifier.close()


def test_a_vanished_socket_is_logged_once_and_never_raised(listener, caplog):
    server, name = listener
    notifier = Notifier({"NOTIFY_SOCKET": name})
    notifier.ready()
    assert received(server) == b"READY=1"
    server.close()
    Path(name).unlink()  # systemd went away (or the service was moved): the referee carries on

    with caplog.at_level(logging.WARNING, logger="station.systemd"):
        for _ in range(3):
            notifier.watchdog()
        notifier.stopping()

    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert name in warnings[0].getMessage()


@pytest.mark.parametrize(
    ("environ", "interval"),
    [
        ({"WATCHDOG_USEC": "30000000"}, 15.0),  # WatchdogSec=30 → ping every 15 s
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}, 15.0),
        ({"WATCHDOG_USEC": "1000000"}, 0.5),
        ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid() + 1)}, None),  # meant for another process
        ({}, None),
        ({"WATCHDOG_USEC": "0"}, None),
        ({"WATCHDOG_USEC": "soon"}, None),
    ],
)
def test_watchdog_interval_is_half_the_timeout_for_this_process_only(environ, interval):
    assert Notifier(environ).watchdog_interval() == interval
