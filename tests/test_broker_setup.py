"""``mathstation broker setup``: a real Mosquitto run with exactly what it wrote takes each station
with its own password, lets it write only its own topics, lets the teacher read the class and
write the roster, and refuses anonymous clients."""

from __future__ import annotations

import grp
import os
import shutil
from pathlib import Path

import pytest
from broker import MOSQUITTO, free_port
from classroom_station_helpers import Watcher, publish
from waiting import eventually

from station.classroom import topics
from station.classroom.link import Link, new_client
from station.cli import main
from station.config import load_config
from station.games import plugins


def _group_exists(name: str) -> bool:
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


@pytest.fixture
def written(tmp_path, capsys):
    port = free_port()
    out = tmp_path / "broker"
    assert main(["broker", "setup", "--class", "room-7", "--stations", "table-1,table-2", "--out", str(out),
                 "--host", "127.0.0.1", "--port", str(port)]) == 0
    printed = capsys.readouterr().out
    assert '[classroom]\nbroker = "127.0.0.1"' in printed and 'station = "table-2"' in printed
    return out, port


def station_link(out: Path, name: str) -> Link:
    room = load_config(out / f"station-{name}.toml", plugins()).classroom()   # the lines a station pastes
    assert room is not None
    link = Link(host=room.host, port=room.port, class_name=room.class_name, station=room.station,
                username=room.username, password=room.password, reconnect=(1, 2))
    link.start()
    return link


def teacher_password(out: Path) -> str:
    return (out / "teacher.password").read_text().splitlines()[0]


def test_a_broker_set_up_by_the_command_keeps_each_station_to_its_own_topics(written, broker_factory):
    out, port = written
    assert "allow_anonymous false" in (out / "mathstation.conf").read_text()
    assert "table-1:$7$" in (out / "passwords").read_text()       # hashed by mosquitto_passwd, never kept plain
    broker = broker_factory(config=(out / "mathstation.conf").read_text(), port=port)
    secret = teacher_password(out)
    watcher = Watcher(broker, "mathstation/room-7/#", password=secret)
    one = station_link(out, "table-1")
    assert one.wait_connected(10)
    one.publish_live({"v": 1, "own": "table-1"})
    table_2 = (out / "station-table-2.toml").read_text().split('password = "')[1].split('"')[0]
    publish(broker, topics.station_live("room-7", "table-1"), {"v": 1, "forged": "by table-2"}, user="table-2",
            password=table_2)
    publish(broker, topics.roster("room-7"), {"v": 1, "names": ["Eve"], "at": ""}, user="table-2", password=table_2)
    publish(broker, topics.roster("room-7"), {"v": 1, "names": ["Ana"], "at": ""}, user="teacher", password=secret)
    eventually(lambda: any(p.get("names") == ["Ana"] for p in watcher.payloads()))
    eventually(lambda: any(p.get("own") for p in watcher.payloads()))
    payloads = watcher.payloads()
    assert not any(p.get("forged") or p.get("names") == ["Eve"] for p in payloads)
    eventually(lambda: one.messages())                              # the station reads the roster
    watcher.close()
    one.stop()


def test_anonymous_clients_and_wrong_passwords_are_refused(written, broker_factory):
    out, port = written
    broker = broker_factory(config=(out / "mathstation.conf").read_text(), port=port)
    for user, password in ((None, None), ("table-1", "guess")):
        answers: list = []
        client = new_client(f"anon-{user}")
        if user:
            client.username_pw_set(user, password)
        client.on_connect = lambda _c, _u, _f, rc, *_, answers=answers: answers.append(rc)
        client.connect("127.0.0.1", broker.port)
        client.loop_start()
        eventually(lambda answers=answers: answers)
        client.disconnect()
        client.loop_stop()
        assert getattr(answers[0], "is_failure", answers[0] != 0) is True, (user, answers)


def test_setup_refuses_to_overwrite_a_class_without_force_and_names_bad_input(written, capsys):
    out, port = written
    assert main(["broker", "setup", "--class", "room-7", "--stations", "table-1", "--out", str(out)]) == 1
    assert "add --force" in capsys.readouterr().err
    assert main(["broker", "setup", "--class", "Room 7", "--stations", "t", "--out", str(out / "x")]) == 1
    assert "lower-case letters, digits and dashes" in capsys.readouterr().err
    assert main(["broker", "setup", "--class", "r", "--stations", "teacher", "--out", str(out / "y")]) == 1
    assert "the teacher's user" in capsys.readouterr().err


def test_with_tls_a_station_reaches_the_broker_over_tls_with_the_ca_it_was_given(tmp_path, broker_factory):
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    certs = tmp_path / "certs"
    certs.mkdir()

    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], cwd=certs, check=True, capture_output=True)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test CA", "-keyout", "ca.key",
            "-out", "ca.crt")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", "broker.key", "-out", "broker.csr")
    (certs / "san").write_text("subjectAltName=DNS:localhost\n")
    openssl("x509", "-req", "-in", "broker.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2",
            "-extfile", "san", "-out", "broker.crt")
    port, tls_port, out = free_port(), free_port(), tmp_path / "broker"
    assert main(["broker", "setup", "--class", "room-7", "--stations", "table-1", "--out", str(out), "--host", "localhost",
                 "--port", str(port), "--tls-cert", str(certs / "broker.crt"), "--tls-key", str(certs / "broker.key"),
                 "--tls-ca", str(certs / "ca.crt"), "--tls-port", str(tls_port)]) == 0
    broker_factory(config=(out / "mathstation.conf").read_text(), port=port)
    lines = (out / "station-table-1.toml").read_text().replace('ca_file = "/etc/mathstation/ca.crt"',
                                                                 f'ca_file = "{certs / "ca.crt"}"')
    (out / "station-table-1.toml").write_text(lines)    # where this station keeps its copy of the CA
    room = load_config(out / "station-table-1.toml", plugins()).classroom()
    assert room is not None and room.tls and room.port == tls_port
    link = Link(host=room.host, port=room.port, class_name=room.class_name, station=room.station,
                username=room.username, password=room.password, tls=room.tls, ca_file=room.ca_file, reconnect=(1, 2))
    link.start()
    assert link.wait_connected(10)
    link.stop()


def test_the_dashboard_s_password_file_is_the_one_the_command_wrote(written, broker_factory, tmp_path, capsys):
    """The sample classroom.toml reads the teacher's password from a file's first line: the file the
    command writes is that file (its teacher.txt began 'user teacher', which the broker refused)."""
    from station.classroom.dashboard.settings import load_settings

    out, port = written
    broker = broker_factory(config=(out / "mathstation.conf").read_text(), port=port)
    config = tmp_path / "classroom.toml"
    config.write_text(f'[classroom]\nclass = "room-7"\n[broker]\nhost = "127.0.0.1"\nport = {port}\n'
                      f'password_file = "{out / "teacher.password"}"\n')
    settings = load_settings(config)
    watcher = Watcher(broker, "mathstation/room-7/#", user=settings.user, password=settings.password)
    publish(broker, topics.roster("room-7"), {"v": 1, "names": ["Ana"], "at": ""}, password=settings.password)
    eventually(lambda: any(p.get("names") == ["Ana"] for p in watcher.payloads()), "the teacher reads the roster")
    watcher.close()


@pytest.mark.skipif(os.geteuid() != 0 or not _group_exists("mosquitto"),
                    reason="as root, with Mosquitto's own user (as on a broker's machine)")
def test_mosquitto_started_as_root_reads_what_the_command_wrote(tmp_path):
    """Started by root (as systemd does), Mosquitto drops to its own user before it reads the
    password file: the command leaves the folder readable by that user's group, and no one else."""
    import socket
    import subprocess
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="mathstation-broker-", dir="/tmp"))
    folder.chmod(0o755)   # the way to it open, as /etc is
    try:
        port = free_port()
        assert main(["broker", "setup", "--class", "room-7", "--stations", "table-1", "--out", str(folder / "class"),
                     "--host", "127.0.0.1", "--port", str(port)]) == 0
        mosquitto = subprocess.Popen([MOSQUITTO, "-c", str(folder / "class" / "mathstation.conf")],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            def listening() -> bool:
                assert mosquitto.poll() is None, mosquitto.stdout.read() if mosquitto.stdout else ""
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    return True
                except OSError:
                    return False
            eventually(listening, "Mosquitto listens")
        finally:
            mosquitto.terminate()
            mosquitto.wait(10)
        assert (folder / "class" / "passwords").stat().st_mode & 0o007 == 0   # others read nothing
    finally:
        shutil.rmtree(folder)
