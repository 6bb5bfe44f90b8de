"""The speaker, checked by ear: the six sounds and a spoken line through the configured ALSA
device ([sound] device; docs/sound.md says how to wire a jack, USB or I2S speaker)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def audio(rig) -> Iterator[Any]:
    from station.hardware.audio import AudioUnavailable, open_audio

    try:
        device = open_audio("alsa", device=rig.sound_device, volume=rig.volume)
    except AudioUnavailable as exc:
        pytest.fail(str(exc))
    yield device
    device.close()


def _play(audio: Any, clip: Any, kind: str, words: str = "") -> None:
    audio.play(clip, kind=kind, words=words)
    audio.wait()  # raises with aplay's own words when the device cannot be opened


def test_a_spoken_line_is_heard(audio, rig, ask, tmp_path):
    from station.speech.tts import Speech, SpeechSettings

    line = Speech(SpeechSettings(), tmp_path).clip("Three fifths is less than three quarters.")
    _play(audio, line, "speech", "Three fifths is less than three quarters.")
    heard = ask("Did you hear 'Three fifths is less than three quarters'?", again=lambda: _play(audio, line, "speech"))
    assert heard, (f"nothing heard on {rig.sound_device!r}: `aplay -L` lists the devices; a Pi 4's jack is "
                   "\"plughw:CARD=Headphones\", a USB speaker \"plughw:CARD=Device\"; a Pi 5 has no jack "
                   "(docs/sound.md)")


def test_the_six_sounds_are_told_apart(audio, ask):
    from station.speech.sounds import SOUNDS, sound

    for name, meaning in SOUNDS.items():
        _play(audio, sound(name), name)
        assert ask(f"Did you hear {name.replace('_', ' ')} ({meaning.meaning})?",
                   again=lambda name=name: _play(audio, sound(name), name)), f"{name} not heard"
