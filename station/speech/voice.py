"""The station's voice: lines a game's events call for, said through the audio device.

A game's spoken module turns one batch of events into ``Line``s (a sound, words or both); the
referee's controller queues them the way it queues screens, and the station's loop hands them
here. One batch is one utterance: the batch's weightiest sound, then its words, as one clip, so
the whole is cut short at once when a newer batch comes. What is cut and what waits:

- a newer utterance with words (a verdict, a winner) cuts whatever is playing;
- a sound alone (a card accepted) never cuts words still being said: it is left out (the
  buzzer and LED still give it) rather than talking over a verdict;
- the same words as the line still playing are not started again.

Nothing reaches back: the voice reads lines and plays clips; it never asks the game anything.
A line is never said twice across a restart because a resumed game is replayed without events:
only what happens after the restart is said.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from station.hardware.audio import Audio, Clip, open_audio
from station.speech.sounds import GAP, SOUNDS, silence, sound
from station.i18n import language
from station.speech.tts import VOICES, Speech, SpeechError, SpeechSettings

log = logging.getLogger("station.voice")

SPEECH_CACHE = "speech"
"""The folder in the station's state folder where rendered lines are kept."""
#: Which sound a batch keeps when its lines bring several, weightiest first.
WEIGHT = ("game_over", "time_up", "wrong", "time_warning", "your_turn", "accepted")


@dataclass(frozen=True)
class Line:
    """What one event says: ``sound`` (one of the six, or "") and ``words`` (or ""). A line
    ``on_reveal`` tells what a hidden result shows: it is said when CONFIRM reveals it, not before."""

    words: str = ""
    sound: str = ""
    on_reveal: bool = False

    def __post_init__(self) -> None:
        if self.sound and self.sound not in SOUNDS:
            raise ValueError(f"no sound {self.sound!r}: the sounds are {', '.join(SOUNDS)}")


def utterance(lines: Sequence[Line]) -> tuple[str, str]:
    """The batch's one sound and its words (sentences joined, each once, in order)."""
    sounds = {line.sound for line in lines if line.sound}
    chosen = next((name for name in WEIGHT if name in sounds), "")
    said: list[str] = []
    for line in lines:
        words = line.words.strip()
        if words and words not in said:
            said.append(words)
    return chosen, " ".join(w if w[-1] in ".!?" else w + "." for w in said)


class Voice:
    """Says lines through ``audio``; ``speech`` renders words (None: sounds only). ``quiet``:
    sounds, no words (a classroom where one table must not be heard at the next)."""

    def __init__(self, audio: Audio, speech: Speech | None, *, quiet: bool = False, muted: bool = False) -> None:
        self.audio, self.speech, self.quiet = audio, speech, quiet
        self.muted = muted  # setup's Sound: off (the config's muted)
        self._playing_words = ""
        self._ahead: threading.Thread | None = None

    def set(self, mode: str, volume: int) -> None:
        """As setup's Sound and Volume rows say: ``mode`` on, quiet (sounds only) or off."""
        self.quiet, self.muted = mode != "on", mode == "off"
        if volume != self.audio.volume:
            self.audio.set_volume(volume)

    def say(self, lines: Sequence[Line]) -> None:
        if self.muted:
            return
        name, words = utterance(lines)
        if self.quiet or self.speech is None:
            words = ""
        if not name and not words:
            return
        busy = self._playing()
        if busy and not words and self._playing_words:
            return  # a sound alone never talks over a verdict
        if busy and words and words == self._playing_words:
            return  # said already, still being said
        clip = sound(name) if name else Clip(b"", 0.0)
        if words:
            try:
                spoken = self.speech.clip(words)  # type: ignore[union-attr]
            except SpeechError as exc:
                log.error("%s (the sound is played without its words)", exc)
                spoken, words = Clip(b"", 0.0), ""
            if name:
                clip = clip + silence(GAP)
            clip = clip + spoken
        self._playing_words = words
        self.audio.play(clip, kind=name or "speech", words=words)

    def prepare(self, texts: Iterable[str]) -> None:
        """Render these lines into the cache in the background (a game's likely lines at its
        start), so saying them later costs only playback."""
        if self.speech is None or self.quiet:
            return
        spoken_in = language()  # the thread below has no language of its own: it renders in this one
        todo = [t for t in dict.fromkeys(texts) if t and not self.speech.cached(t, spoken_in)]
        if not todo:
            return
        speech = self.speech

        def render() -> None:
            for text in todo:
                try:
                    speech.clip(text, spoken_in)
                except SpeechError as exc:
                    log.error("%s", exc)
                    return
        self._ahead = threading.Thread(target=render, name="voice-ahead", daemon=True)
        self._ahead.start()

    def wait_ready(self, limit: float | None = None) -> None:
        """Until the lines being rendered ahead are all in the cache (tests, the bench)."""
        if self._ahead is not None:
            self._ahead.join(limit)

    def _playing(self) -> bool:
        return self.audio.playing()

    def close(self) -> None:
        self.wait_ready()
        self.audio.close()


def open_voice(sound: Mapping[str, Any], cache: Path, *, folder: Path | None = None,
               clock: Callable[[], float] = time.monotonic) -> Voice:
    """The voice a config's ``[sound]`` section describes (``folder`` overrides its folder: the
    simulator's ``--sounds``), its lines cached in ``cache``. A speech engine that is not
    installed leaves the sounds: the log says what to install."""
    backend = "files" if folder is not None else sound["backend"]
    audio = open_audio(backend, device=sound["device"], volume=sound["volume"],
                       folder=folder or (Path(sound["folder"]) if sound["folder"] else None), clock=clock)
    speech: Speech | None = None
    if backend != "none":  # also when quiet: setup's Sound row may turn the words on
        try:
            voices = tuple((name, sound[f"voice_{name}"]) for name, _ in VOICES if f"voice_{name}" in sound)
            speech = Speech(SpeechSettings(sound["engine"], sound["voice"], sound["speed"],
                                           voices=voices or VOICES), cache)
        except SpeechError as exc:
            log.error("%s: the station plays its sounds without words", exc)
    return Voice(audio, speech, quiet=sound["quiet"], muted=sound.get("muted", False))


def say_screen(title: str, detail: str = "", who: str = "") -> str:
    """A screen's words said: "Ben. Remainder. Twelve divided by five leaves a remainder. Fix it,
    CONFIRM." (its numbers and signs in words); a verdict said as the OLED shows it."""
    from station.speech.numbers import say_sentence

    parts = [part.rstrip(".") for part in (who, title, detail) if part]
    return say_sentence(" ".join(p if p.endswith(("!", "?")) or i == len(parts) - 1 else p + "." for i, p in enumerate(parts)))

