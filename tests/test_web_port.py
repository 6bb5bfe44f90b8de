"""With the teacher's page off (the default), the running station listens on no port at all;
with it on, on exactly the one the config names, and that port asks for the PIN; a port taken
or an address not this machine's leaves the station refereeing without its page, saying why on
the OLED and in the log. The real daemon in a subprocess; its sockets read from /proc (Linux)."""

from __future__ import annotations

import signal
import socket
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from screen_helpers import unreadable
from test_daemon import datagrams, laptop_config, shown_on_the_oled, start

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


def test_a_taken_port_leaves_the_station_refereeing_and_says_why(tmp_path):
    from station.ui.views import VerdictView

    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        config = laptop_config(tmp_path, web=f'enabled = true\nbind = "127.0.0.1"\nport = {port}')
        process = start(config, None, "--max-seconds", "3")
        _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "station ready" in err
    assert f"[web] port: {port} is in use by another program" in err, err
    note = VerdictView("info", "No teacher page", f"Port {port} is taken: change [web] port")
    assert shown_on_the_oled(tmp_path / "screens", note)
    assert not unreadable(note)


def test_a_bind_address_that_is_not_this_machines_leaves_the_station_refereeing_and_says_why(tmp_path):
    from station.ui.views import VerdictView

    config = laptop_config(tmp_path, web='enabled = true\nbind = "192.0.2.1"')   # TEST-NET-1: no machine's
    process = start(config, None, "--max-seconds", "3")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "station ready" in err
    assert "[web] bind: 192.0.2.1 is not an address of this machine" in err, err
    note = VerdictView("info", "No teacher page", "192.0.2.1 is not here: change [web] bind")
    assert shown_on_the_oled(tmp_path / "screens", note)
    assert not unreadable(note)
