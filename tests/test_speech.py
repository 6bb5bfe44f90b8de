"""The station's voice: six sounds told apart by pitch and rhythm, lines rendered offline and kept,
and what is cut short when a newer verdict comes."""

from __future__ import annotations

import itertools
import shutil
from pathlib import Path

import numpy as np
import pytest

from station.hardware.audio import RATE, Clip, open_audio, read_index, words_said
from station.speech.sounds import SOUNDS, sound
from station.speech.tts import LEAD_SECONDS, Speech, SpeechError, SpeechSettings, first_sound
from station.speech.voice import Line, Voice, utterance

needs_espeak = pytest.mark.skipif(shutil.which("espeak-ng") is None, reason="espeak-ng is not installed")


def samples(clip: Clip) -> np.ndarray:
    return np.frombuffer(clip.samples, dtype="<i2").astype(float) / 32767


def notes(clip: Clip) -> list[np.ndarray]:
    """The clip's notes: runs of sound between silences of 20 ms or more."""
    loud = np.abs(samples(clip)) > 0.02
    gap = int(0.02 * RATE)
    runs, start, quiet = [], None, 0
    for i, on in enumerate(loud):
        if on:
            start = i if start is None else start
            quiet = 0
        elif start is not None:
            quiet += 1
            if quiet >= gap:
                runs.append(samples(clip)[start:i - quiet + 1])
                start, quiet = None, 0
    if start is not None:
        runs.append(samples(clip)[start:])
    return runs


def pitch(note: np.ndarray) -> float:
    spectrum = np.abs(np.fft.rfft(note * np.hanning(len(note))))
    return float(np.fft.rfftfreq(len(note), 1 / RATE)[int(np.argmax(spectrum))])


def test_the_six_sounds_differ_by_pitch_and_rhythm_not_loudness() -> None:
    shape = {}
    for name in SOUNDS:
        played = notes(sound(name))
        rhythm = (len(played), round(sound(name).seconds, 1))
        shape[name] = (rhythm, round(pitch(played[0]) / 50))  # the first note's pitch, to 50 Hz
        assert 0.55 < np.abs(samples(sound(name))).max() <= 0.61  # all equally loud
    for a, b in itertools.combinations(SOUNDS, 2):
        assert shape[a][0] != shape[b][0], f"{a} and {b} have the same rhythm"
    # accepted is high, wrong low: a child hears yes and no without the words
    assert pitch(notes(sound("accepted"))[0]) > 1000 > 500 > pitch(notes(sound("wrong"))[0])
    assert len(notes(sound("time_warning"))) == 3 and len(notes(sound("wrong"))) == 2


def test_an_unknown_sound_is_named() -> None:
    with pytest.raises(KeyError, match="accepted, wrong"):
        sound("ding")
    with pytest.raises(ValueError, match="no sound 'ding'"):
        Line("hello", "ding")


@needs_espeak
def test_a_line_is_rendered_once_then_played_from_the_cache(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path / "cache")
    first = speech.clip("Ana wins the hand.")
    assert speech.rendered == 1 and speech.cached("Ana wins the hand.")
    again = Speech(SpeechSettings(), tmp_path / "cache").clip("Ana wins the hand.")  # after a restart too
    assert again == first
    assert 0.5 < first.seconds < 3
    assert first_sound(first) <= LEAD_SECONDS + 0.001  # the word comes first, not espeak-ng's silence
    faster = Speech(SpeechSettings(speed=250), tmp_path / "cache")
    assert not faster.cached("Ana wins the hand.")  # other settings, another line
    assert faster.clip("Ana wins the hand.").seconds < first.seconds


@needs_espeak
def test_a_line_that_starts_with_a_dash_is_said_not_taken_for_an_option(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path)
    dash = speech.clip("-v is not a voice, and -h asks for no help.")
    plain = speech.clip("v is not a voice, and h asks for no help.")
    assert dash.seconds > 0.6 * plain.seconds   # the whole line, not espeak-ng's help or an error


@needs_espeak
def test_a_half_written_cache_file_is_rendered_again(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path)
    speech.path("Ben's turn.").parent.mkdir(parents=True, exist_ok=True)
    speech.path("Ben's turn.").write_bytes(b"RIFF\x00\x00")  # a power cut while it was written
    assert speech.clip("Ben's turn.").seconds > 0.3 and speech.rendered == 1


def test_a_missing_speech_engine_says_what_to_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(SpeechError, match="apt install espeak-ng"):
        Speech(SpeechSettings(), tmp_path)
    with pytest.raises(SpeechError, match="festvox-us-slt-hts"):
        Speech(SpeechSettings(engine="festival"), tmp_path)
    with pytest.raises(SpeechError, match="espeak-ng, festival"):
        Speech(SpeechSettings(engine="sam"), tmp_path)


def test_a_batch_is_one_utterance_with_its_weightiest_sound() -> None:
    lines = [Line(sound="accepted"), Line("Ben is out of this round", "wrong"), Line("Ana wins the game!", "game_over"),
             Line("Ana wins the game!")]
    assert utterance(lines) == ("game_over", "Ben is out of this round. Ana wins the game!")
    assert utterance([Line(sound="accepted")]) == ("accepted", "")


class Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


@needs_espeak
def test_a_newer_verdict_cuts_an_older_line_and_a_beep_never_talks_over_one(tmp_path: Path) -> None:
    clock = Clock()
    voice = Voice(open_audio("files", folder=tmp_path / "sounds", clock=clock), Speech(SpeechSettings(), tmp_path))
    voice.say([Line("Ana wins the hand, with nineteen.")])
    clock.now = 0.5
    voice.say([Line(sound="accepted")])  # Ben's card lands while the line is said: no beep over it
    voice.say([Line("Ana wins the hand, with nineteen.")])  # the same news again: not started again
    clock.now = 1.0
    voice.say([Line("Ben, that card is from another deck. Take it back.", "wrong")])
    clock.now = 60.0
    voice.say([Line(sound="accepted")])
    voice.close()
    records = read_index(tmp_path / "sounds")
    assert [(r["kind"], r.get("cut")) for r in records] == [("speech", None), ("wrong", 1), ("accepted", None)]
    assert words_said(records) == ["Ana wins the hand, with nineteen.",
                                   "Ben, that card is from another deck. Take it back."]


@needs_espeak
def test_quiet_plays_the_sounds_without_words(tmp_path: Path) -> None:
    voice = Voice(open_audio("files", folder=tmp_path), Speech(SpeechSettings(), tmp_path / "cache"), quiet=True)
    voice.say([Line("Ana wins the game!", "game_over")])
    voice.say([Line("Thirty seconds left.")])  # words alone: nothing at all
    voice.close()
    assert [(r["kind"], r["words"]) for r in read_index(tmp_path)] == [("game_over", "")]


@needs_espeak
def test_lines_rendered_ahead_are_ready_before_they_are_said(tmp_path: Path) -> None:
    speech = Speech(SpeechSettings(), tmp_path)
    voice = Voice(open_audio("none"), speech)
    voice.prepare(["Ana's turn.", "Ben's turn.", "Ana's turn."])
    voice.wait_ready()
    assert speech.rendered == 2
    voice.say([Line("Ben's turn.", "your_turn")])
    assert speech.rendered == 2  # said from the cache: playback only
