"""``mathstation demo`` and ``simulate`` in another language (``--language``): the story, the OLED
and the station's notes in it; a language the station has no catalogs for is a usage error."""

from __future__ import annotations

from pathlib import Path

import pytest

from station.cli import main
from station.i18n import language

CAMERA_LOST = '''
title = "The camera fails"
[game]
game = "math-wars"
players = ["Ana", "Ben"]
[[step]]
wait = 0.5
[[step]]
camera = "unplug"
[[step]]
expect_screen = { view = "FaultView", field = "title", is = "Sin cámara" }
[[step]]
expect_screen = { view = "FaultView", field = "detail", is = "Revisa su cable" }
'''


def test_the_text_demo_tells_its_story_in_spanish(capsys) -> None:
    assert main(["demo", "--game", "sum", "--language", "es", "--text"]) == 0
    out = capsys.readouterr().out
    assert "Jugadores virtuales, semilla de barajado 2026." in out and "Virtual players" not in out
    assert language() == "en"   # the language was for the command only


def test_the_text_demo_is_english_without_the_option(capsys) -> None:
    assert main(["demo", "--game", "sum", "--text"]) == 0
    assert "Virtual players, shuffle seed 2026." in capsys.readouterr().out


@pytest.mark.parametrize("command", [["demo", "--game", "sum", "--text"], ["simulate", "scenarios/camera-lost.toml"]])
def test_a_language_without_catalogs_is_a_usage_error(capsys, command: list[str]) -> None:
    assert main([*command, "--language", "fr"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"mathstation {command[0]}: --language: the station speaks 'en', 'es', not 'fr'")


def test_simulate_shows_the_oled_in_spanish(tmp_path: Path, capsys) -> None:
    scenario = tmp_path / "camera.toml"
    scenario.write_text(CAMERA_LOST, encoding="utf-8")
    assert main(["simulate", str(scenario), "--language", "es"]) == 0, capsys.readouterr().err
    assert main(["simulate", str(scenario)]) == 1   # in English the screen says "Camera lost"
    assert "FAILED" in capsys.readouterr().err
