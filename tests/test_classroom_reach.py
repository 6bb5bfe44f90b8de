"""The set-up check's class broker step, against a real Mosquitto: reached and accepted, a wrong
password, nothing listening, a name no computer has; and ``mathstation selftest`` running it."""

from __future__ import annotations

import io

from broker import free_port
from classroom_helpers import CLASS, PATIENCE, STATIONS, class_broker

from station.classroom.reach import check_broker
from station.cli_selftest import selftest
from station.config import ClassroomSettings, load_config
from station.games import plugins


def settings(port: int, password: str = STATIONS["table-1"], host: str = "127.0.0.1") -> ClassroomSettings:
    return ClassroomSettings(host=host, port=port, class_name=CLASS, station="table-1", title="Table 1",
                             username="table-1", password=password)


def test_a_broker_that_takes_the_station_is_reported_reached_and_accepting(broker_factory):
    broker = class_broker(broker_factory)
    reach = check_broker(settings(broker.port), timeout=PATIENCE)   # a busy machine's broker may answer slowly
    assert reach.ok, reach.detail
    assert reach.detail == (f"Class broker 127.0.0.1:{broker.port} reached; it accepts station table-1 "
                            f"(user table-1) in class {CLASS}")


def test_a_wrong_password_is_reported_with_the_keys_to_check(broker_factory):
    broker = class_broker(broker_factory)
    reach = check_broker(settings(broker.port, password="not-the-password"), timeout=PATIENCE)
    assert not reach.ok
    assert reach.detail.startswith(f"Class broker 127.0.0.1:{broker.port} reached, but the broker did not accept "
                                   "this station's user and password: check [classroom] username and password")


def test_nothing_listening_is_reported_refused_with_what_to_do():
    port = free_port()
    reach = check_broker(settings(port))
    assert not reach.ok
    assert reach.detail.startswith(f"Class broker 127.0.0.1:{port} not reachable (refused: nothing listens there): "
                                   "is Mosquitto running")
    assert "check [classroom] broker and port" in reach.detail


def test_a_name_no_computer_has_is_reported_not_found():
    reach = check_broker(settings(1883, host="no-such-broker.invalid"))
    assert not reach.ok
    assert reach.detail.startswith("Class broker no-such-broker.invalid:1883 not found (no computer has that name)")


def config_file(tmp_path, classroom: str):
    path = tmp_path / "station.toml"
    path.write_text('[camera]\nsource = "virtual"\nwidth = 640\nheight = 360\n[display]\nbackend = "none"\n'
                    '[buttons]\nbackend = "none"\n[signals]\nbackend = "none"\n' + classroom)
    return load_config(path, plugins())


def run_selftest(config) -> str:
    out = io.StringIO()
    selftest(config, io.StringIO(""), out, clock=lambda: 0.0, wait=lambda s: None)
    return out.getvalue()


def test_the_selftest_checks_the_class_broker_the_config_names(tmp_path, broker_factory):
    broker = class_broker(broker_factory)
    text = run_selftest(config_file(tmp_path, f'[classroom]\nbroker = "127.0.0.1"\nport = {broker.port}\n'
                                              f'class = "{CLASS}"\nstation = "table-1"\npassword = "wrong"\n'))
    assert "[6/6] class broker" in text
    assert (f"FAIL class broker: Class broker 127.0.0.1:{broker.port} reached, but the broker did not accept "
            "this station's user and password") in text
    assert text.rstrip().endswith("to fix: OLED, buttons, buzzer, LED, class broker.")


def test_a_station_that_plays_alone_has_no_class_broker_check(tmp_path):
    text = run_selftest(config_file(tmp_path, ""))
    assert "class broker" not in text and "[5/5] LED" in text
