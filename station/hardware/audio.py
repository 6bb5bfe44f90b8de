"""The speaker behind one interface: ``open_audio(backend)`` gives an ``Audio`` that plays short
WAV clips (a sound, a spoken line) — through ALSA on a Pi (headphone jack, USB speaker, I2S amplifier),
into numbered WAV files with an index (tests, ``--sounds DIR``) or nowhere.

A clip plays in the background and a new one cuts the one still playing short: a newer verdict
must never wait behind an older line. Each backend keeps ``history`` (kind, words), so tests and
the simulator's log can say what a player would have heard.

Why ``aplay`` (alsa-utils) for ALSA: Raspberry Pi OS installs it in every image, it plays to any ALSA
device by name (``-D plughw:CARD=Headphones`` …, with ``plug`` converting the rate), and a clip is
stopped by ending its process, so the station's own process holds no sound card and no audio
library (python3-alsaaudio would need its own writer thread and period handling for the same).

>>> audio = open_audio("none")
>>> audio.play(Clip(b"", 0.1), kind="accepted", words="")
>>> audio.history
[('accepted', '')]
"""

from __future__ import annotations

import io
import json
import logging
import shutil
import subprocess
import tempfile
import time
import wave
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

log = logging.getLogger("station.audio")

BACKENDS = ("alsa", "files", "none")
RATE = 22050
"""Samples a second of every clip: espeak-ng's own rate, and plenty for tones a small speaker plays."""
HISTORY_LIMIT = 1000
INDEX_NAME = "sounds.jsonl"


class AudioError(Exception):
    """The audio is configured wrongly or used after close; the message names the fix."""


class AudioUnavailable(AudioError):
    """The configured sound device cannot be used here; the message says what is missing and the fix."""


@dataclass(frozen=True)
class Clip:
    """One mono 16-bit clip at ``RATE``: its samples (little-endian int16 bytes) and length."""

    samples: bytes
    seconds: float

    @classmethod
    def of(cls, samples: np.ndarray) -> Clip:
        """A clip of float samples in -1..1 (clipped)."""
        data = (np.clip(samples, -1.0, 1.0) * 32767).astype("<i2").tobytes()
        return cls(data, len(samples) / RATE)

    @classmethod
    def from_wav(cls, data: bytes) -> Clip:
        """A clip from a WAV file's bytes (mono 16-bit at ``RATE``: what the station renders)."""
        with wave.open(io.BytesIO(data)) as wav:
            if wav.getnchannels() != 1 or wav.getsampwidth() != 2 or wav.getframerate() != RATE:
                raise AudioError(f"a clip must be mono 16-bit at {RATE} Hz, not {wav.getnchannels()} channels, "
                                 f"{8 * wav.getsampwidth()}-bit at {wav.getframerate()} Hz")
            frames = wav.readframes(wav.getnframes())
        return cls(frames, len(frames) / 2 / RATE)

    def __add__(self, other: Clip) -> Clip:
        return Clip(self.samples + other.samples, self.seconds + other.seconds)

    def at_volume(self, volume: int) -> Clip:
        """The clip at ``volume`` percent (0-100) of its own level."""
        if volume >= 100:
            return self
        scaled = np.frombuffer(self.samples, dtype="<i2").astype(np.int32) * volume // 100
        return Clip(scaled.astype("<i2").tobytes(), self.seconds)

    def wav(self) -> bytes:
        """The clip as a WAV file's bytes."""
        out = io.BytesIO()
        with wave.open(out, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(RATE)
            wav.writeframes(self.samples)
        return out.getvalue()


class Audio(ABC):
    """Plays clips on whichever backend the configuration names; ``volume`` is 0-100 percent."""

    backend: str

    def __init__(self, volume: int = 100) -> None:
        _check_volume(volume)
        self.volume = volume
        self.history: list[tuple[str, str]] = []
        self.closed = False

    def play(self, clip: Clip, *, kind: str, words: str) -> None:
        """Start ``clip`` in the background (cutting short one still playing) and return at once.
        ``kind`` (a sound's name, or "speech") and ``words`` are for the history and the index."""
        if self.closed:
            raise AudioError(f"the {self.backend} audio is closed: open it again with open_audio()")
        self.history.append((kind, words))
        if len(self.history) > 2 * HISTORY_LIMIT:
            del self.history[:-HISTORY_LIMIT]
        self._play(clip.at_volume(self.volume), kind, words)

    def set_volume(self, volume: int) -> None:
        """From the next clip on (the setup screen's row)."""
        _check_volume(volume)
        self.volume = volume

    @abstractmethod
    def _play(self, clip: Clip, kind: str, words: str) -> None:
        """Start the clip (already at the volume) and return."""

    def playing(self) -> bool:
        """A clip is still sounding (a backend that cannot tell says no)."""
        return False

    def stop(self) -> None:
        """Cut short what is playing."""

    def close(self) -> None:
        """Silence and release the device; calling it again does nothing."""
        if not self.closed:
            self.stop()
        self.closed = True

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class NoAudio(Audio):
    """Backend ``none``: no speaker (the buzzer says accepted and wrong); only the history is kept."""

    backend = "none"

    def _play(self, clip: Clip, kind: str, words: str) -> None:
        pass


class FileAudio(Audio):
    """Backend ``files``: each clip becomes ``NNNN-kind.wav`` in ``folder``, and one line of
    ``sounds.jsonl`` says when (``t``, on ``clock``), what (``kind``, ``words``), how long, and which
    earlier clip it cut short (``cut``: its number, when that one was still playing)."""

    backend = "files"

    def __init__(self, folder: Path, volume: int = 100, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(volume)
        self.folder = Path(folder)
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            self._index = (self.folder / INDEX_NAME).open("a", encoding="utf-8")
        except OSError as exc:
            raise AudioUnavailable(f"cannot write sounds into {self.folder}: {exc.strerror or exc}") from exc
        self.clock = clock
        self.count = len(read_index(self.folder))  # a second run into the folder numbers on
        self._playing: tuple[int, float] | None = None  # (number, end time) of the last clip

    def _play(self, clip: Clip, kind: str, words: str) -> None:
        now = self.clock()
        self.count += 1
        name = f"{self.count:04d}-{kind}.wav"
        (self.folder / name).write_bytes(clip.wav())
        record: dict[str, object] = {"n": self.count, "t": round(now, 3), "kind": kind, "words": words,
                                     "seconds": round(clip.seconds, 3), "file": name}
        if self._playing is not None and self._playing[1] > now:
            record["cut"] = self._playing[0]
        self._playing = (self.count, now + clip.seconds)
        self._index.write(json.dumps(record, ensure_ascii=False) + "\n")
        self._index.flush()

    def playing(self) -> bool:
        """A clip is still sounding at the clock's now (the simulator's time)."""
        return self._playing is not None and self._playing[1] > self.clock()

    def close(self) -> None:
        if not self.closed:
            self._index.close()
        super().close()


class AlsaAudio(Audio):
    """Backend ``alsa``: each clip is written to a scratch WAV and played by ``aplay -D device``;
    a new clip ends the last one's process first."""

    backend = "alsa"

    def __init__(self, device: str = "default", volume: int = 100, player: str = "aplay") -> None:
        super().__init__(volume)
        if not device or any(c.isspace() for c in device):
            raise AudioError(f"sound device {device!r}: give an ALSA device name such as \"default\" or "
                             "\"plughw:CARD=Headphones\" (aplay -L lists them)")
        found = shutil.which(player)
        if found is None:
            raise AudioUnavailable(f"{player} is not installed: sudo apt install alsa-utils; "
                                   'or set [sound] backend = "none"')
        self.device, self.player = device, found
        self._scratch = Path(tempfile.mkdtemp(prefix="mathstation-audio-"))
        self._process: subprocess.Popen[bytes] | None = None
        self._turn = 0

    def command(self, path: Path) -> list[str]:
        """The command that plays ``path``: quiet, on the configured device."""
        return [self.player, "-q", "-D", self.device, str(path)]

    def _play(self, clip: Clip, kind: str, words: str) -> None:
        self.stop()
        self._turn += 1
        path = self._scratch / f"clip-{self._turn % 2}.wav"  # never the file the last process had open
        path.write_bytes(clip.wav())
        try:
            self._process = subprocess.Popen(self.command(path), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                             stderr=subprocess.PIPE)
        except OSError as exc:
            log.error("cannot play a sound: %s", exc)

    def playing(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            process.terminate()
        try:
            _, errors = process.communicate(timeout=1.0)
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            return
        if process.returncode not in (0, -15) and errors:  # -15: ended by us
            log.error("%s: %s", self.device, errors.decode(errors="replace").strip().splitlines()[-1])

    def wait(self, limit: float = 30.0) -> int | None:
        """Wait for the clip playing to end (``mathstation say``); its exit status, None if none played."""
        process = self._process
        if process is None:
            return None
        try:
            _, errors = process.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            self.stop()
            return None
        self._process = None
        if process.returncode and errors:
            raise AudioUnavailable(f"{self.device}: {errors.decode(errors='replace').strip().splitlines()[-1]} "
                                   "(aplay -L lists the devices)")
        return process.returncode

    def close(self) -> None:
        super().close()
        shutil.rmtree(self._scratch, ignore_errors=True)


def _check_volume(volume: int) -> None:
    if type(volume) is not int or not 0 <= volume <= 100:
        raise AudioError(f"volume {volume!r}: give a whole number of percent from 0 (silent) to 100")


def open_audio(backend: str, *, device: str = "default", volume: int = 100, folder: Path | str | None = None,
               clock: Callable[[], float] = time.monotonic) -> Audio:
    """The audio of ``backend``: alsa (``device``, an ALSA name), files (into ``folder``, stamped
    with ``clock``) or none."""
    if backend == "alsa":
        return AlsaAudio(device, volume)
    if backend == "files":
        if folder is None:
            raise AudioError("the files audio needs a folder to write its WAV files and sounds.jsonl into")
        return FileAudio(Path(folder), volume, clock)
    if backend == "none":
        return NoAudio(volume)
    raise AudioError(f"unknown sound backend {backend!r}: choose {', '.join(BACKENDS)}")


def read_index(folder: Path | str) -> list[dict[str, object]]:
    """The ``sounds.jsonl`` a files backend wrote, as records (tests, ``--sounds`` readers)."""
    path = Path(folder) / INDEX_NAME
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def words_said(records: Sequence[dict[str, object]]) -> list[str]:
    """The spoken words of an index, in order (tones have none)."""
    return [str(r["words"]) for r in records if r.get("words")]
