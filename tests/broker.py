"""A real Mosquitto for the classroom tests: started on a free loopback port in a folder of its
own, with users and an ACL when a test gives them, persistence on (so a restart keeps retained
messages and queued QoS 1 messages, as a school's broker would), and stopped or restarted at will
("the broker gone for a day" is ``stop()`` … ``start()``).

Tests that need it take the ``broker`` fixture (tests/conftest.py), which skips with one line
where Mosquitto is not installed (scripts/bootstrap.sh installs it on Debian/Ubuntu).
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Mapping
from pathlib import Path

MOSQUITTO = shutil.which("mosquitto") or "/usr/sbin/mosquitto"
MOSQUITTO_PASSWD = shutil.which("mosquitto_passwd") or "/usr/bin/mosquitto_passwd"
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def mosquitto_installed() -> bool:
    return Path(MOSQUITTO).exists()


class Broker:
    """One Mosquitto process; ``users`` (name → password) turns anonymous access off."""

    def __init__(self, folder: Path, *, users: Mapping[str, str] | None = None, acl: str | None = None,
                 port: int | None = None, config: str | None = None, autosave: int | None = 1) -> None:
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.port = port or free_port()
        self.users = dict(users or {})
        self.acl = acl
        self.config = config   # a config of its own (listener, users, ACL): `mathstation broker setup`'s, say
        self.autosave = autosave   # seconds between saves to disk; None: as the config says (Mosquitto's default 1800)
        self.log = self.folder / "mosquitto.log"
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def _config(self) -> Path:
        lines = ["user root",  # the tests run as whoever they are; do not drop to the mosquitto user
                 *([self.config] if self.config is not None else [f"listener {self.port} {HOST}"]),
                 "persistence true",
                 f"persistence_location {self.folder}/",
                 *([f"autosave_interval {self.autosave}"] if self.autosave is not None else []),
                 f"log_dest file {self.log}",
                 "log_type all"]
        if self.config is not None:
            return self._write(lines)
        if self.users:
            passwords = self.folder / "passwords"
            passwords.write_text("".join(f"{name}:{secret}\n" for name, secret in self.users.items()))
            subprocess.run([MOSQUITTO_PASSWD, "-U", str(passwords)], check=True)  # hashes them in place
            lines += ["allow_anonymous false", f"password_file {passwords}"]
        else:
            lines.append("allow_anonymous true")
        if self.acl is not None:
            (self.folder / "acl").write_text(self.acl)
            lines.append(f"acl_file {self.folder / 'acl'}")
        return self._write(lines)

    def _write(self, lines: list[str]) -> Path:
        config = self.folder / "mosquitto.conf"
        config.write_text("\n".join(lines) + "\n")
        return config

    def start(self) -> Broker:
        """Start it and wait until it takes connections (at most 10 s)."""
        if self.running:
            return self
        self._process = subprocess.Popen([MOSQUITTO, "-c", str(self._config())],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"mosquitto stopped at start: {self.log.read_text()[-2000:] if self.log.exists() else ''}")
            try:
                with socket.create_connection((HOST, self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("mosquitto did not take connections within 10 s")

    def stop(self) -> None:
        """Stop it as a service stop would (SIGTERM: it saves its database first)."""
        if self._process is None:
            return
        if self._process.poll() is None:
            self._process.terminate()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        self._process = None

    def kill(self) -> None:
        """Kill it as a power cut would (SIGKILL: what it had not saved yet is gone)."""
        if self._process is not None:
            self._process.kill()
            self._process.wait()
            self._process = None

    def restart(self) -> Broker:
        self.stop()
        return self.start()

    def __enter__(self) -> Broker:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
