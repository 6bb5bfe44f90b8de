"""The station speaks Spanish when its language is Spanish: its numbers in Spanish words, said by
espeak-ng's Spanish voice, and its clips kept apart from the English ones."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from station.cli import main
from station.hardware.audio import Clip, open_audio, read_index
from station.i18n import use_language
from station.speech.tts import Speech, SpeechSettings
from station.speech.voice import Line, Voice

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")
LINE = "3/4 < 0,8: fuera de orden"
SAID = "Tres cuartos es menor que cero coma ocho. Fuera de orden."


def heard(folder: Path, n: int = 0) -> Clip:
    """The n-th clip the files backend wrote, as it was played."""
    return Clip.from_wav((folder / str(read_index(folder)[n]["file"])).read_bytes())


def rendered(text: str, voice: str, language: str, cache: Path) -> Clip:
    return Speech(SpeechSettings(voice=voice, voices=(("es", voice),)), cache).clip(text, language)


def test_a_spanish_station_says_its_line_in_spanish_with_the_spanish_voice(tmp_path: Path,
                                                                            capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "station.toml"
    config.write_text(f'[station]\nlanguage = "es"\nstate_dir = "{tmp_path / "state"}"\n'
                      f'[sound]\nvolume = 100\n')
    assert main(["say", LINE, "--config", str(config), "--sounds", str(tmp_path / "sounds")]) == 0
    assert [r["words"] for r in read_index(tmp_path / "sounds")] == [SAID]
    assert f"said: {SAID}" in capsys.readouterr().out
    played = heard(tmp_path / "sounds")
    assert played == rendered(SAID, "es-419", "es", tmp_path / "es-419")  # Latin American Spanish, the default
    assert played != rendered(SAID, "en-us", "en", tmp_path / "en-us")


def test_say_language_chooses_the_words_and_the_voice_and_the_config_chooses_spain_s(tmp_path: Path) -> None:
    config = tmp_path / "station.toml"
    config.write_text(f'[station]\nstate_dir = "{tmp_path / "state"}"\n[sound]\nvolume = 100\nvoice_es = "es"\n')
    assert main(["say", "7 x 6", "--config", str(config), "--sounds", str(tmp_path / "sounds")]) == 0
    assert main(["say", "7 x 6", "--config", str(config), "--sounds", str(tmp_path / "sounds"),
                 "--language", "es"]) == 0
    english, spanish = read_index(tmp_path / "sounds")
    assert (english["words"], spanish["words"]) == ("Seven times six.", "Siete por seis.")
    assert heard(tmp_path / "sounds", 1) == rendered("Siete por seis.", "es", "es", tmp_path / "es")
    assert heard(tmp_path / "sounds", 1) != rendered("Siete por seis.", "es-419", "es", tmp_path / "es-419")


def test_say_refuses_a_language_the_station_does_not_speak(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["say", "hola", "--language", "xx", "--sounds", str(tmp_path)]) == 2
    assert "'en', 'es'" in capsys.readouterr().err


def test_english_and_spanish_clips_of_the_same_words_never_mix_in_the_cache(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path)
    english = speech.clip("Ana")
    assert not speech.cached("Ana", "es")
    with use_language("es"):
        assert not speech.cached("Ana")
        spanish = speech.clip("Ana")
    assert speech.rendered == 2 and english != spanish
    assert speech.clip("Ana", "en") == english and speech.clip("Ana", "es") == spanish and speech.rendered == 2


def test_lines_rendered_ahead_are_rendered_in_the_language_they_were_asked_in(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path / "cache")
    voice = Voice(open_audio("files", folder=tmp_path / "sounds"), speech)
    with use_language("es"):
        voice.prepare(["Turno de Ana."])
        voice.wait_ready()
        assert speech.cached("Turno de Ana.") and speech.rendered == 1
        voice.say([Line("Turno de Ana.", "your_turn")])
    assert speech.rendered == 1  # said from the cache: the same language's clip
    voice.close()


@pytest.mark.skipif(shutil.which("text2wave") is None, reason="festival is not installed")
def test_festival_has_no_spanish_voice_so_espeak_ng_says_spanish_and_the_log_says_so(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    speech = Speech(SpeechSettings(engine="festival"), tmp_path)
    with caplog.at_level(logging.WARNING, logger="station.speech"):
        clip = speech.clip("Siete por seis.", "es")
    assert clip == Speech(SpeechSettings(), tmp_path / "espeak").clip("Siete por seis.", "es")
    assert "festival has no voice for 'es'" in caplog.text and "'es-419'" in caplog.text
