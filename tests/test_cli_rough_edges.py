"""The command line's rough edges, as a user meets them: --version, a mistyped option answered with
that sub-command's usage, a scan that reads nothing pointing to calibrate, `run` saying what it
runs on, and log lines that are sentences."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from station.cli import main
from station.config import load_config
from station.daemon import record_sentence, running_on
from station.games import plugins


def test_version_prints_the_installed_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("mathstation 0.")


@pytest.mark.parametrize(("argv", "bad", "usage"), [
    (["run", "--confg", "x.toml"], "--confg", "usage: mathstation run "),
    (["cards", "print", "math-wars", "--paperr", "a4"], "--paperr", "usage: mathstation cards print "),
    (["selftest", "--now"], "--now", "usage: mathstation selftest "),
])
def test_a_mistyped_option_prints_that_sub_command_s_usage(argv, bad, usage, capsys):
    with pytest.raises(SystemExit) as done:
        main(argv)
    err = capsys.readouterr().err
    assert done.value.code == 2 and err.startswith(usage) and f"unrecognized arguments: {bad}" in err


def test_a_scan_that_reads_no_card_points_to_calibrate(tmp_path, capsys):
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), np.full((360, 640, 3), 200, np.uint8))
    main(["scan", str(image)])
    assert f"`mathstation calibrate {image}` checks the code size" in capsys.readouterr().out


def test_run_without_a_config_says_it_uses_the_pi_defaults_and_what_to_try_on_a_laptop(tmp_path):
    said = running_on(None, load_config(None, plugins()))
    assert said.startswith("running with the built-in defaults") and "camera picamera2, display ssd1306" in said
    assert "--config firmware_config/laptop.toml" in said
    laptop = Path(__file__).resolve().parent.parent / "firmware_config" / "laptop.toml"
    assert running_on(laptop, load_config(laptop, plugins())).startswith(f"running with {laptop}: camera ")


def test_station_records_are_logged_as_sentences():
    assert record_sentence({"type": "game_started", "game_id": 3, "config": {"game": "math-wars", "players": ["Ana", "Ben"]}}) \
        == "game 3 started: math-wars for Ana, Ben"
    assert record_sentence({"type": "camera_lost", "t": 12.25, "reason": "no frame for 2 s"}) \
        == "camera lost at 12.2 s: no frame for 2 s"
    assert record_sentence({"type": "note", "t": 4.0, "code": "unknown", "title": "Unknown card",
                            "detail": "not a station card", "card": "X"}) \
        == "table note at 4.0 s: Unknown card: not a station card (card X)"
    assert "{" not in record_sentence({"type": "resumed", "game_id": 2, "actions": 14})


def test_the_virtual_table_config_says_its_camera_is_the_table_in_the_browser() -> None:
    """[camera] source says "virtual", but the camera is the table the browser lays out: said first."""
    path = Path(__file__).resolve().parent.parent / "firmware_config" / "virtual-table.toml"
    said = running_on(path, load_config(path, plugins()))
    assert said.startswith(f"running with {path}: camera and buttons: the virtual table in the browser, display dummy")
