"""The audio device: the files backend writes what a speaker would play, the ALSA backend runs
aplay on the configured device, and a new clip cuts an older one short."""

from __future__ import annotations

import shutil
import stat
import time
import wave
from pathlib import Path

import numpy as np
import pytest

from station.hardware.audio import (RATE, AlsaAudio, AudioError, AudioUnavailable, Clip, open_audio, read_index,
                                    words_said)


def tone(seconds: float, level: float = 0.5) -> Clip:
    return Clip.of(level * np.sin(2 * np.pi * 440 * np.arange(int(seconds * RATE)) / RATE))


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_files_backend_writes_numbered_wavs_and_an_index(tmp_path: Path) -> None:
    clock = Clock()
    with open_audio("files", folder=tmp_path, clock=clock) as audio:
        audio.play(tone(0.2), kind="accepted", words="")
        clock.now = 5.0
        audio.play(tone(1.0), kind="wrong", words="Ana, take it back.")
    records = read_index(tmp_path)
    assert [(r["n"], r["t"], r["kind"], r["file"]) for r in records] == [
        (1, 0.0, "accepted", "0001-accepted.wav"), (2, 5.0, "wrong", "0002-wrong.wav")]
    assert words_said(records) == ["Ana, take it back."]
    with wave.open(str(tmp_path / "0002-wrong.wav")) as wav:
        assert (wav.getnchannels(), wav.getframerate(), wav.getnframes()) == (1, RATE, RATE)
    assert audio.history == [("accepted", ""), ("wrong", "Ana, take it back.")]


def test_a_newer_clip_cuts_one_still_playing(tmp_path: Path) -> None:
    clock = Clock()
    audio = open_audio("files", folder=tmp_path, clock=clock)
    audio.play(tone(2.0), kind="speech", words="Ana wins the hand.")
    clock.now = 1.0
    assert audio.playing()
    audio.play(tone(0.5), kind="wrong", words="Ben, take it back.")
    clock.now = 3.0
    assert not audio.playing()
    audio.play(tone(0.5), kind="accepted", words="")
    audio.close()
    records = read_index(tmp_path)
    assert records[1]["cut"] == 1  # it started while the first was still being said
    assert "cut" not in records[2]  # the second had ended


def test_volume_scales_what_is_played_and_is_checked(tmp_path: Path) -> None:
    audio = open_audio("files", folder=tmp_path, volume=25)
    audio.play(tone(0.1, level=0.8), kind="accepted", words="")
    audio.close()
    with wave.open(str(tmp_path / "0001-accepted.wav")) as wav:
        peak = np.abs(np.frombuffer(wav.readframes(wav.getnframes()), dtype="<i2")).max()
    assert 0.19 * 32767 < peak < 0.21 * 32767
    with pytest.raises(AudioError, match="0 \\(silent\\) to 100"):
        open_audio("none", volume=150)


def test_a_second_run_into_the_same_folder_numbers_on(tmp_path: Path) -> None:
    for _ in range(2):
        with open_audio("files", folder=tmp_path) as audio:
            audio.play(tone(0.1), kind="accepted", words="")
    assert [r["file"] for r in read_index(tmp_path)] == ["0001-accepted.wav", "0002-accepted.wav"]


def test_closed_audio_says_how_to_open_it_again(tmp_path: Path) -> None:
    audio = open_audio("none")
    audio.close()
    with pytest.raises(AudioError, match="open_audio"):
        audio.play(tone(0.1), kind="accepted", words="")


def test_unknown_backend_and_missing_folder_name_the_fix(tmp_path: Path) -> None:
    with pytest.raises(AudioError, match="alsa, files, none"):
        open_audio("pulse")
    with pytest.raises(AudioError, match="folder"):
        open_audio("files")
    (tmp_path / "file").write_text("x")
    with pytest.raises(AudioUnavailable, match="cannot write sounds"):
        open_audio("files", folder=tmp_path / "file" / "sounds")


# ---- ALSA: aplay, run as the station runs it --------------------------------------------------

needs_aplay = pytest.mark.skipif(shutil.which("aplay") is None, reason="alsa-utils (aplay) is not installed")


@needs_aplay
def test_alsa_plays_through_aplay_on_the_configured_device() -> None:
    audio = open_audio("alsa", device="null")  # ALSA's own null device: plays, with no sound card
    assert isinstance(audio, AlsaAudio)
    assert audio.command(Path("/x/clip.wav"))[1:] == ["-q", "-D", "null", "/x/clip.wav"]
    audio.play(tone(0.1), kind="accepted", words="")
    assert audio.wait() == 0
    audio.close()


@needs_aplay
def test_alsa_on_a_missing_card_says_what_aplay_said() -> None:
    audio = open_audio("alsa", device="hw:CARD=NoSuchCard")
    audio.play(tone(0.1), kind="accepted", words="")
    with pytest.raises(AudioUnavailable, match="NoSuchCard|No such|aplay -L"):
        audio.wait()
    audio.close()


def test_alsa_without_aplay_says_what_to_install() -> None:
    with pytest.raises(AudioUnavailable, match="apt install alsa-utils"):
        AlsaAudio("default", player="no-such-aplay-here")


def test_alsa_device_names_are_checked() -> None:
    with pytest.raises(AudioError, match="aplay -L"):
        AlsaAudio("plughw CARD", player="true")


def test_alsa_cuts_the_clip_playing_when_a_new_one_comes(tmp_path: Path) -> None:
    """A fake aplay (the only mock: the sound card) that plays for a minute unless stopped."""
    log = tmp_path / "played.txt"
    player = tmp_path / "aplay"
    player.write_text(f"#!/bin/sh\necho \"$@\" >> {log}\nexec sleep 60\n")
    player.chmod(player.stat().st_mode | stat.S_IEXEC)
    audio = AlsaAudio("plughw:CARD=Headphones", player=str(player))
    audio.play(tone(0.1), kind="speech", words="Ana wins the hand.")
    first = audio._process
    _wait_for_lines(log, 1)
    audio.play(tone(0.1), kind="wrong", words="Ben, take it back.")
    _wait_for_lines(log, 2)
    assert first is not None and first.poll() is not None  # ended, not left talking over the new one
    assert audio.playing()
    audio.close()
    assert not audio.playing()
    played = log.read_text().splitlines()
    assert len(played) == 2 and all(line.startswith("-q -D plughw:CARD=Headphones ") for line in played)


def _wait_for_lines(path: Path, count: int) -> None:
    """Until the fake aplay has started ``count`` times (it writes a line first): a wait, not a timing."""
    for _ in range(1000):
        if path.exists() and len(path.read_text().splitlines()) >= count:
            return
        time.sleep(0.01)
