"""With the teacher's page off (the default), the running station listens on no port at all;
with it on, on exactly the one the config names, and that port asks for the PIN. The real
daemon in a subprocess; its sockets read from /proc (Linux)."""

from __future__ import annotations

import signal
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from test_daemon import datagrams, laptop_config, start

pytestmark = pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads listening sockets from /proc (Linux)")


def listening_ports(pid: int) -> set[int]:
    """TCP ports the process listens on: its socket inodes matched to /proc/net/tcp{,6} LISTEN rows."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = fd.readlink()
        except OSError:
            continue
        if str(target).startswith("socket:["):
            inodes.add(str(target)[8:-1])
    ports = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        if not Path(table).exists():
            continue
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def running(tmp_path: Path, **sections: str):  # type: ignore[no-untyped-def]
    notify = tmp_path / "notify"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(notify))
    process = start(laptop_config(tmp_path, **sections), notify)
    ready = datagrams(sock, b"READY=1")
    sock.close()
    assert any(b"READY=1" in g for g in ready), process.stderr.read() if process.poll() is not None else ready
    return process


def stop(process) -> str:  # type: ignore[no-untyped-def]
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    return err


@pytest.mark.skipif(sys.platform != "linux", reason="Linux /proc")
def test_with_the_page_off_the_station_listens_on_no_port(tmp_path: Path) -> None:
    process = running(tmp_path)
    try:
        assert listening_ports(process.pid) == set()
    finally:
        stop(process)


@pytest.mark.skipif(sys.platform != "linux", reason="Linux /proc")
def test_with_the_page_on_it_listens_on_its_port_only_and_asks_for_the_pin(tmp_path: Path) -> None:
    port = free_port()
    process = running(tmp_path, web=f'enabled = true\nport = {port}\nbind = "127.0.0.1"')
    try:
        assert listening_ports(process.pid) == {port}
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/history", timeout=30)
        assert refused.value.code == 401
        pin = (tmp_path / "state" / "web-pin").read_text().strip()
        request = urllib.request.Request(f"http://127.0.0.1:{port}/history", headers={"X-Station-PIN": pin})
        with urllib.request.urlopen(request, timeout=30) as page:
            assert page.status == 200 and b"History" in page.read()
    finally:
        err = stop(process)
    assert f"teacher's page on http://127.0.0.1:{port}/" in err
