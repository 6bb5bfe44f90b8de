"""The command line in the user's language: the terminal's (LANG, LC_MESSAGES, LANGUAGE as gettext
reads them) when it names a language the station ships, else English; a station config's
``[station] language`` from the moment a command reads one. Real ``mathstation`` processes and
``main()`` calls; the English unchanged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from station.cli import main
from station.i18n import language, use_language
from station.i18n.environment import environment_language
from station.selftest import Check, summary

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(("environ", "chosen"), [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_MX.UTF-8"}, "es"),
    ({"LC_MESSAGES": "es_AR", "LANG": "en_GB.UTF-8"}, "es"),            # LC_MESSAGES before LANG
    ({"LC_ALL": "en_US.UTF-8", "LC_MESSAGES": "es_ES"}, "en"),          # LC_ALL before LC_MESSAGES
    ({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),              # a list: the first the station speaks
    ({"LANGUAGE": "es", "LC_ALL": "C"}, "es"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({"LANG": "fr_FR.UTF-8"}, "en"),                                    # no French catalog: English
    ({"LANG": "not a locale!"}, "en"),
])
def test_the_terminal_s_language_is_read_as_gettext_reads_it(environ, chosen):
    assert environment_language(environ) == chosen


def mathstation(*argv: str, lang: str | None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT), **({"LANG": lang} if lang else {})}
    return subprocess.run([sys.executable, "-m", "station", *argv], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120, check=False)


def test_a_spanish_terminal_reads_the_command_line_in_spanish():
    done = mathstation("rules", "print", "chess", lang="es_ES.UTF-8")
    assert done.returncode == 2
    assert "mathstation: no conozco el juego 'chess': los juegos son" in done.stderr, done.stderr


def test_an_english_or_unknown_terminal_reads_english():
    for lang in (None, "C.UTF-8", "fr_FR.UTF-8"):
        done = mathstation("rules", "print", "chess", lang=lang)
        assert done.returncode == 2
        assert "mathstation: unknown game 'chess': games are" in done.stderr, (lang, done.stderr)


def test_rules_print_gives_the_terminal_s_language_unless_told(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("LANG", "es_MX.UTF-8")
    assert main(["rules", "print", "sum", "--out", str(tmp_path / "r.pdf")]) == 0
    out = capsys.readouterr().out
    assert "cómo se juega a SUM en 1 página a4" in out, out
    assert main(["rules", "print", "sum", "--language", "en", "--out", str(tmp_path / "r.pdf")]) == 0
    assert "how to play SUM on 1 a4 page" in capsys.readouterr().out


def test_a_station_config_s_language_wins_over_the_terminal_s(tmp_path, monkeypatch, capsys):
    state = tmp_path / "state"
    state.mkdir()
    spanish = tmp_path / "es.toml"
    spanish.write_text(f'[station]\nlanguage = "es"\nstate_dir = "{state}"\n', encoding="utf-8")
    english = tmp_path / "en.toml"
    english.write_text(f'[station]\nlanguage = "en"\nstate_dir = "{state}"\n', encoding="utf-8")

    assert main(["history", "--config", str(spanish)]) == 0                     # an English terminal
    assert "Todavía no se ha jugado ninguna partida (diario:" in capsys.readouterr().out
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["history", "--config", str(english)]) == 0
    assert "No games played yet (journal:" in capsys.readouterr().out
    assert main(["history", "--state-dir", str(state)]) == 0                  # no config: the terminal's
    assert "Todavía no se ha jugado ninguna partida" in capsys.readouterr().out
    assert language() == "en"                                                  # as it was, after the command


def test_the_self_test_s_verdict_in_spanish_and_english():
    checks = [Check("camera", True, "ok"), Check("LED", False, "not seen")]
    assert summary(checks) == "1 of 2 checks passed; to fix: LED."
    with use_language("es"):
        assert summary(checks[:1] * 8) == "Las 8 pruebas salieron bien: la estación está lista."
        assert summary(checks) == "1 de 2 pruebas bien; falta arreglar: LED."
        assert summary(checks[:1]) == "La prueba salió bien: la estación está lista."


def test_a_config_s_mistake_is_said_in_the_terminal_s_language(tmp_path):
    config = tmp_path / "station.toml"
    config.write_text('[station]\nlog_level = "loud"\n\n[displya]\nrotate = 1\n', encoding="utf-8")
    spanish = mathstation("history", "--config", str(config), lang="es_ES.UTF-8")
    assert spanish.returncode == 2
    assert ("mathstation history: station.toml: [station] log_level: tiene que ser uno de 'debug', 'info', "
            "'warning', 'error', no 'loud'") in spanish.stderr, spanish.stderr
    english = mathstation("history", "--config", str(config), lang=None)
    assert ("mathstation history: station.toml: [station] log_level: must be one of 'debug', 'info', "
            "'warning', 'error', not 'loud'") in english.stderr, english.stderr
    config.write_text('[displya]\nrotate = 1\n', encoding="utf-8")
    assert "[displya]: sección desconocida (¿querías decir 'display'?)" in mathstation(
        "history", "--config", str(config), lang="es_MX.UTF-8").stderr


def test_calibrate_and_scan_on_a_spanish_terminal(tmp_path, monkeypatch, capsys):
    import cv2
    import numpy as np

    from test_calibrate_picture import frame

    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), frame())
    done = mathstation("calibrate", str(photo), lang="es_ES.UTF-8")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("Lista para jugar.")
    assert "Tapete: " in done.stdout and "midiendo el tapete, el enfoque, los reflejos y la luz" in done.stderr
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), np.full((360, 640, 3), 200, np.uint8))
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    main(["scan", str(blank)])
    out = capsys.readouterr().out
    assert f"{blank}: 0 cartas, sin tapete" in out and "no se pudo leer ningún código de carta" in out


def test_the_self_test_of_a_spanish_station_speaks_spanish_on_an_english_terminal(tmp_path, broker_factory):
    from classroom_helpers import CLASS, class_broker

    broker = class_broker(broker_factory)
    config = tmp_path / "station.toml"
    config.write_text('[station]\nlanguage = "es"\n[camera]\nsource = "virtual"\nwidth = 640\nheight = 360\n'
                      '[display]\nbackend = "none"\n[buttons]\nbackend = "none"\n[signals]\nbackend = "none"\n'
                      f'[classroom]\nbroker = "127.0.0.1"\nport = {broker.port}\nclass = "{CLASS}"\n'
                      'station = "table-1"\npassword = "wrong"\n', encoding="utf-8")
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "LANG": "en_GB.UTF-8"}
    done = subprocess.run([sys.executable, "-m", "station", "selftest", "--config", str(config)], input="",
                          capture_output=True, text=True, cwd=ROOT, env=env, timeout=120, check=False)
    assert done.returncode == 1, done.stderr
    text = done.stdout
    assert "Autoprueba de la estación, configuración" in text and "[1/6] cámara" in text
    assert "bien cámara: una foto de 640 x 360" in text
    assert f"MAL  broker de la clase: El broker de la clase 127.0.0.1:{broker.port} responde, pero no acepta" in text
    assert text.rstrip().splitlines()[-1] == "1 de 6 pruebas bien; falta arreglar: OLED, botones, zumbador, LED, broker de la clase."


def test_a_damaged_class_list_is_said_in_spanish(tmp_path):
    from station.roster import Roster

    path = tmp_path / "roster.sqlite"
    with Roster(path) as roster:
        roster.add("Ana")
    path.write_bytes(b"this is not a database at all" * 100)
    with use_language("es"):
        with Roster(path) as roster:
            assert roster.recovered.startswith("La lista de clase estaba dañada; se pudo leer y conservar 1 nombre")


def test_the_dashboard_s_config_mistake_in_spanish(tmp_path):
    config = tmp_path / "classroom.toml"
    config.write_text('[classroom]\nclass = "room-12"\n[broker]\nhost = ""\n', encoding="utf-8")
    spanish = mathstation("classroom", "--config", str(config), lang="es_ES.UTF-8")
    assert spanish.returncode == 2
    assert 'classroom.toml: [broker] host: vacío: escribe la dirección del broker, como "192.168.1.10"' in spanish.stderr
    english = mathstation("classroom", "--config", str(config), lang=None)
    assert "[broker] host: empty: write the broker's address" in english.stderr


def test_the_history_table_in_spanish(tmp_path, monkeypatch, capsys):
    from station.paths import JOURNAL_NAME
    from station.store import Journal
    from test_cli_history import START, clock_from, play

    folder = tmp_path / "state"
    with Journal(folder / JOURNAL_NAME, clock=clock_from(START), clock_synced=lambda: True) as journal:
        play(journal, seed=11)                    # won
        play(journal, seed=5, stop_after=9)       # still going
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    assert main(["history", "--state-dir", str(folder)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split()[:6] == ["#", "Empezó", "Juego", "Jugadores", "Resultado", "Duración"]
    assert "ganó " in out and "en juego" in out
