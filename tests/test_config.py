"""The station config: every mistake named by file, key and reason; defaults for the rest."""

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


def test_the_shipped_configs_are_valid_and_the_default_file_states_every_default():
    shipped = load_config(ROOT / "firmware_config" / "station.toml", plugins())
    assert shipped.as_dict() == load_config(None, plugins()).as_dict()
    laptop = load_config(ROOT / "firmware_config" / "laptop.toml", plugins())
    assert laptop["display"]["backend"] == "terminal" and laptop["buttons"]["backend"] == "keyboard"


def test_an_empty_file_is_all_defaults(tmp_path):
    config = load_config(write(tmp_path, ""), plugins())
    assert config["display"]["i2c_address"] == 0x3C
    assert config["buttons.pins"] == {"select": 17, "confirm": 27, "back": 22, "spare": 23}
    assert config.track_settings().remove_after == 2.5


@pytest.mark.parametrize("text, key, reason", [
    ('[display]\ni2c_address = "3C"\n', "[display] i2c_address", "whole number from 3 to 119"),
    ("[display]\nadress = 60\n", "[display] adress", "did you mean 'i2c_address'"),
    ('[camra]\nsource = "usb:0"\n', "[camra]", "did you mean 'camera'"),
    ("[buttons.pins]\nselect = 40\n", "[buttons.pins] select", "BCM pin number from 2 to 27"),
    ("[buttons.pins]\nback = 17\n", "pins", "select and back are both on pin 17"),
    ('[math-wars]\nreveal = "later"\n', "[math-wars] reveal", "'press', 'at_once'"),
    ("[vision.tracking]\nremove_after = -1\n", "[vision.tracking] remove_after", "from 0 to"),
    ("fps = 10\n", "fps", "outside any [section]"),
    ("[display]\nrotate = false\n", "[display] rotate", "must be 0 or 2"),   # false == 0 to Python
    ("[display]\nrotate = 2.0\n", "[display] rotate", "must be 0 or 2"),
])
def test_a_mistake_names_the_file_the_key_and_the_reason(tmp_path, text, key, reason):
    with pytest.raises(ConfigFileError) as caught:
        load_config(write(tmp_path, text), plugins())
    message = str(caught.value)
    assert message.startswith("station.toml: ") and key in message and reason in message


def test_a_seat_name_is_held_to_the_rosters_rule_and_a_bad_one_never_stops_the_station(tmp_path):
    long = "Ana" * 1700   # 5,100 characters
    config = load_config(write(tmp_path, f'[sum]\nnames = ["Ana", "{long}", "Be\\u0000n", "ana", "=1+1", "  Zoë  B. "]\n'), plugins())
    assert config["sum"]["names"] == ["Ana", "P2", "P3", "P4", "=1+1", "Zoë B."]
    assert [str(w) for w in config.warnings] == [
        f"station.toml: [sum] names: seat 2: {long[:40]}… is 5100 characters long and the screen shows 16: shorten "
        "it (a first name and an initial is enough); seat 2 is called P2 until it is fixed",
        "station.toml: [sum] names: seat 3: 'Be\\x00n' holds a character that cannot be shown (a control character); "
        "seat 3 is called P3 until it is fixed",
        "station.toml: [sum] names: seat 4: ana is seat 1's name too (two players with one name could not be told "
        "apart); seat 4 is called P4 until it is fixed",
    ]
    assert [w.short for w in config.warnings] == ["[sum] names: seat 2 too long", "[sum] names: seat 3 a hidden character",
                                                  "[sum] names: seat 4 same as seat 1"]


def test_seat_names_that_are_no_list_or_too_many_start_the_station_with_stand_ins(tmp_path):
    config = load_config(write(tmp_path, '[math-wars]\nnames = "Ana, Ben"\n[sum]\nnames = ["P2", "Ana", 7]\n'
                                         '[math-rush]\nnames = ["A", "B", "C", "D", "E", "F", "G", "H", "I"]\n'), plugins())
    assert config["math-wars"]["names"] == []
    assert config["sum"]["names"] == ["P2", "Ana", "P3"]   # seat 3's stand-in: P3
    assert config["math-rush"]["names"] == ["A", "B", "C", "D", "E", "F", "G", "H"]
    assert sorted(w.short for w in config.warnings) == ["[math-rush] names: over 8 names", "[math-wars] names: not a list",
                                                        "[sum] names: seat 3 not text"]
    assert load_config(None, plugins()).warnings == ()


def test_seat_names_written_as_a_table_are_a_seat_names_warning_not_an_unknown_section(tmp_path):
    """``[big-bang.names]`` is the names key given as a table: said as that key, like any names that are no list."""
    config = load_config(write(tmp_path, '[big-bang.names]\na = 1\n'), plugins())
    assert config["big-bang"]["names"] == []
    assert [w.short for w in config.warnings] == ["[big-bang] names: not a list"]


def test_broken_toml_and_a_missing_file(tmp_path):
    with pytest.raises(ConfigFileError, match="not valid TOML"):
        load_config(write(tmp_path, "[display\nbackend = 1"), plugins())
    with pytest.raises(ConfigFileError, match="no such file"):
        load_config(tmp_path / "missing.toml", plugins())


def test_thresholds_reach_the_vision_settings(tmp_path):
    config = load_config(write(tmp_path, "[vision]\nfull_pass_every = 90\n[vision.tracking]\nremove_after = 4.0\n"), plugins())
    assert config.pipeline_settings().full_pass_every == 90
    assert config.track_settings().remove_after == 4.0


def test_the_state_dir_comes_from_the_config_or_systemd(tmp_path, monkeypatch):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "systemd"))
    assert load_config(None, plugins()).state_dir() == tmp_path / "systemd"
    config = load_config(write(tmp_path, f'[station]\nstate_dir = "{tmp_path / "mine"}"\n'), plugins())
    assert config.state_dir() == tmp_path / "mine"


def test_a_camera_typo_is_a_config_error_not_a_lost_camera(tmp_path):
    with pytest.raises(ConfigFileError, match=r"\[camera\] source: unknown camera 'usb0'"):
        load_config(write(tmp_path, '[camera]\nsource = "usb0"\n'), plugins())


def test_a_section_pasted_in_twice_is_named_with_both_lines_and_what_to_do(tmp_path):
    """The installed config has an empty [classroom]; the lines `mathstation broker setup` printed,
    pasted at its end, make a second one. The station said TOML's own words ("Cannot declare
    ('classroom',) twice") and nothing about which lines or what to do."""
    sample = (ROOT / "firmware_config" / "station.toml").read_text()
    pasted = sample + '\n[classroom]\nbroker = "teacher-pi.local"\nclass = "room-12"\nstation = "table-1"\n'
    path = tmp_path / "station.toml"
    path.write_text(pasted)
    first = 1 + sample.splitlines().index(next(line for line in sample.splitlines() if line.startswith("[classroom]")))
    with pytest.raises(ConfigFileError) as caught:
        load_config(path, plugins())
    assert caught.value.key == "[classroom]"
    assert f"lines {first} and {len(sample.splitlines()) + 2}" in caught.value.reason
    assert "keep one" in caught.value.reason and "Cannot declare" not in str(caught.value)
