"""The class dashboard's config (firmware_config/classroom.toml): the sample is a working file
once its password is given, every key it documents is read, and a mistake is named by its key
with what to write instead; ``mathstation classroom`` says so and stops."""

from __future__ import annotations

from pathlib import Path

import pytest

from station.classroom.dashboard.settings import SettingsError, check_settings, load_settings
from station.cli import main

SAMPLE = Path(__file__).resolve().parent.parent / "firmware_config" / "classroom.toml"


def sample_with(tmp_path: Path, old: str, new: str) -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "classroom.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_the_sample_config_is_read_with_its_password_file(tmp_path: Path) -> None:
    secret = tmp_path / "teacher.password"
    secret.write_text("chalk-and-talk\n")
    settings = load_settings(sample_with(tmp_path, "/etc/mathstation/teacher.password", str(secret)))
    assert (settings.class_name, settings.host, settings.port, settings.user) == ("room-12", "192.168.1.10", 1883,
                                                                                   "teacher")
    assert settings.password == "chalk-and-talk" and settings.tls_ca is None
    assert (settings.bind, settings.page_port) == ("0.0.0.0", 8090)
    assert settings.state_dir.name == "classroom"      # beside the station's state, never mixed with it
    assert settings.client_id == "mathstation-dashboard-room-12"


@pytest.mark.parametrize(("raw", "key", "words"), [
    ({"broker": {"host": "h"}}, "[classroom] class", "missing"),
    ({"classroom": {"class": "Room 12"}, "broker": {"host": "h"}}, "[classroom] class", "lower-case"),
    ({"classroom": {"class": "r"}, "broker": {"host": "h", "password": "a", "password_file": "/x"}},
     "[broker] password", "not both"),
    ({"classroom": {"class": "r"}, "broker": {"host": "h", "port": 70000}}, "[broker] port", "1 to 65535"),
    ({"classroom": {"class": "r"}, "broker": {"host": "h", "tls_ca": "/no/such/ca.crt"}}, "[broker] tls_ca", "not a file"),
    ({"classroom": {"class": "r"}, "broker": {"host": "h"}, "page": {"bind": "school"}}, "[page] bind", "not an address"),
    ({"classroom": {"class": "r"}, "broker": {"host": "h", "passwd": "x"}}, "[broker] passwd", "not a key"),
])
def test_a_mistake_is_named_by_its_key(raw, key: str, words: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(SettingsError) as caught:
        check_settings(raw, Path("classroom.toml"))
    assert caught.value.key == key and words in caught.value.reason


def test_the_command_says_what_is_wrong_and_stops(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["classroom", "--config", str(tmp_path / "missing.toml")]) == 2
    assert "no such file (copy firmware_config/classroom.toml there" in capsys.readouterr().err
    path = sample_with(tmp_path, "/etc/mathstation/teacher.password", str(tmp_path / "nothing-here"))
    assert main(["classroom", "--config", str(path)]) == 2
    assert "[broker] password_file" in capsys.readouterr().err


def test_a_port_in_use_is_said_with_the_key_to_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        path = tmp_path / "classroom.toml"
        path.write_text(f'[classroom]\nclass = "room-12"\nstate_dir = "{tmp_path / "state"}"\n'
                        f'[broker]\nhost = "127.0.0.1"\npassword = "x"\n[page]\nbind = "127.0.0.1"\nport = {port}\n')
        assert main(["classroom", "--config", str(path)]) == 2
    said = capsys.readouterr().err
    assert f"[page]: cannot listen on 127.0.0.1:{port} (Address already in use" in said
    assert "choose another port or bind address there" in said


def test_a_state_folder_that_cannot_be_made_is_said_with_its_key(tmp_path: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a-file").write_text("not a folder")
    path = tmp_path / "classroom.toml"
    path.write_text(f'[classroom]\nclass = "room-12"\nstate_dir = "{tmp_path / "a-file" / "state"}"\n'
                    f'[broker]\nhost = "127.0.0.1"\npassword = "x"\n[page]\nbind = "127.0.0.1"\nport = 0\n')
    assert main(["classroom", "--config", str(path)]) == 2
    said = capsys.readouterr().err
    assert "[classroom] state_dir: cannot keep the dashboard's files in" in said
    assert "name a folder this user can write" in said
