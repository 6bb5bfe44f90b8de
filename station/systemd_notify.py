"""Telling systemd how the station is doing: ready, alive (watchdog), status lines, stopping.

This is the sd_notify(3) protocol in a few lines of our own rather than a dependency: the
``sdnotify`` package has had no release since 2017, and ``systemd-python`` must be compiled
against the libsystemd headers (a C toolchain on every Pi). The protocol itself is documented
and tiny: one datagram of newline-separated ``KEY=VALUE`` lines to the AF_UNIX socket named by
``$NOTIFY_SOCKET`` (a leading ``@`` names a socket in Linux's abstract namespace).

Outside systemd (a laptop, the tests) there is no ``$NOTIFY_SOCKET`` and every call does
nothing. A failed send is logged once and never raised: a notification must never stop the
referee in the middle of a game.

    >>> notifier = Notifier(environ={})
    >>> notifier.enabled, notifier.watchdog_interval()
    (False, None)
    >>> notifier.ready("Waiting for cards")  # no socket: nothing happens
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Mapping

log = logging.getLogger("station.systemd")


class Notifier:
    """Sends sd_notify messages to the service manager that started this process, if any."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self._address = _socket_address(env.get("NOTIFY_SOCKET", ""))
        self._watchdog_usec = env.get("WATCHDOG_USEC", "")
        self._watchdog_pid = env.get("WATCHDOG_PID", "")
        self._socket: socket.socket | None = None
        self._warned = False
        self.enabled: bool = self._address is not None

    def ready(self, status: str = "") -> None:
        """Start-up is finished: systemd now counts the service as started (Type=notify)."""
        self._send("READY=1" + (f"\nSTATUS={_one_line(status)}" if status else ""))

    def status(self, text: str) -> None:
        """A short line that `systemctl status mathstation` shows, e.g. "Math Wars: 2 players"."""
        self._send(f"STATUS={_one_line(text)}")

    def watchdog(self) -> None:
        """Still alive: call at least every ``watchdog_interval()`` seconds or systemd restarts us."""
        self._send("WATCHDOG=1")

    def stopping(self) -> None:
        """Shutting down on purpose, so systemd does not take the exit for a crash."""
        self._send("STOPPING=1")

    def watchdog_interval(self) -> float | None:
        """Seconds between two watchdog pings (half the timeout, as sd_watchdog_enabled(3)
        recommends), or None when systemd expects no pings from this process."""
        try:
            usec = int(self._watchdog_usec)
        except ValueError:
            return None
        if usec <= 0:
            return None
        if self._watchdog_pid:  # set by systemd for the main process; a child inherits it wrongly
            try:
                if int(self._watchdog_pid) != os.getpid():
                    return None
            except ValueError:
                return None
        return usec / 2 / 1_000_000

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    def _send(self, message: str) -> None:
        if self._address is None:
            return
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._socket.sendto(message.encode("utf-8"), self._address)
        except OSError as exc:
            if not self._warned:  # the socket may stay gone: one line in the log, not one per ping
                self._warned = True
                log.warning("cannot notify systemd at %s (%s); the station carries on without it",
                            self._address.replace("\0", "@"), exc)


def _socket_address(value: str) -> str | None:
    """The address to send to: a path, or an abstract name (leading NUL), or None."""
    if value.startswith("/"):
        return value
    if value.startswith("@") and len(value) > 1:
        return "\0" + value[1:]
    if value:
        log.warning("NOTIFY_SOCKET=%r is not a unix socket path or @name; systemd notifications are off", value)
    return None


def _one_line(text: str) -> str:
    """A newline inside a value would start a new KEY=VALUE line in the datagram."""
    return " ".join(text.splitlines())
