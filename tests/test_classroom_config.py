"""``[classroom]`` in the station config: without a broker the station plays alone, as before;
with one, the class, the station's name and a password are needed, each mistake named."""

from __future__ import annotations

from pathlib import Path

import pytest

from station.config import ConfigFileError, load_config
from station.games import plugins

ROOT = Path(__file__).resolve().parent.parent


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "station.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_without_a_broker_the_station_plays_alone(tmp_path):
    assert load_config(None, plugins()).classroom() is None
    assert load_config(write(tmp_path, "[classroom]\nport = 1883\n"), plugins()).classroom() is None
    assert load_config(ROOT / "firmware_config" / "station.toml", plugins()).classroom() is None


def test_a_station_in_a_class_has_its_names_and_password(tmp_path):
    secret = tmp_path / "secret"
    secret.write_text("s3cret-word\n", encoding="utf-8")
    config = load_config(write(tmp_path, f'[classroom]\nbroker = "teacher.local"\nclass = "room-12"\n'
                                         f'station = "table-3"\npassword_file = "{secret}"\n'), plugins())
    room = config.classroom()
    assert room is not None
    assert (room.host, room.port, room.class_name, room.station, room.title, room.username, room.password, room.tls) == (
        "teacher.local", 1883, "room-12", "table-3", "table-3", "table-3", "s3cret-word", False)
    assert "s3cret" not in repr(room)   # a log line that shows the settings never shows the password
    ca = tmp_path / "ca.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n", encoding="utf-8")
    tls = load_config(write(tmp_path, f'[classroom]\nbroker = "b"\nclass = "c"\nstation = "s"\ntitle = "Table 3"\n'
                                      f'username = "u"\npassword = "p"\nport = 8883\nca_file = "{ca}"\n'),
                      plugins()).classroom()
    assert tls is not None and (tls.tls, tls.ca_file, tls.title, tls.username, tls.port) == (True, str(ca), "Table 3", "u", 8883)


@pytest.mark.parametrize("text, key, reason", [
    ('[classroom]\nbroker = "b"\nstation = "s"\npassword = "p"\n', "[classroom] class", "is needed with a broker"),
    ('[classroom]\nbroker = "b"\nclass = "c"\npassword = "p"\n', "[classroom] station", "is needed with a broker"),
    ('[classroom]\nbroker = "b"\nclass = "c"\nstation = "s"\n', "[classroom] password", "one of them"),
    ('[classroom]\nbroker = "b"\nclass = "Room 12"\nstation = "s"\npassword = "p"\n', "[classroom] class",
     "lower-case letters, digits and dashes"),
    ('[classroom]\nstation = "table/3"\n', "[classroom] station", "lower-case letters"),
    ('[classroom]\nca_file = "/no/such/ca.crt"\n', "[classroom] ca_file", "no such file"),
    ('[classroom]\nport = 0\n', "[classroom] port", "from 1 to 65535"),
    ('[classroom]\nbrokr = "b"\n', "[classroom] brokr", "did you mean 'broker'"),
])
def test_a_classroom_mistake_names_the_key(tmp_path, text, key, reason):
    with pytest.raises(ConfigFileError) as caught:
        load_config(write(tmp_path, text), plugins())
    assert key in str(caught.value) and reason in str(caught.value)


@pytest.mark.parametrize("value", ["~nobody-here/ca.crt", "a" * 10_000, "ca\x00.crt"])
def test_a_file_path_no_file_system_can_hold_is_a_config_error_not_a_crash(tmp_path, value):
    escaped = value.replace("\x00", "\\u0000")   # as TOML writes a NUL
    for key in ("ca_file", "password_file"):
        with pytest.raises(ConfigFileError) as caught:
            load_config(write(tmp_path, f'[classroom]\n{key} = "{escaped}"\n'), plugins())
        assert f"[classroom] {key}" in str(caught.value) and "no such file" in str(caught.value)


def test_a_huge_name_is_quoted_short(tmp_path):
    with pytest.raises(ConfigFileError) as caught:
        load_config(write(tmp_path, f'[classroom]\nclass = "{"9" * 5000}"\n'), plugins())
    assert len(str(caught.value)) < 200 and "lower-case letters" in str(caught.value)
