"""Words to a clip, offline, with a cache on disk: a line said once costs only playback after.

Two engines from Debian, both run as programs (nothing to load in the station's process):

- ``espeak-ng`` (the default): renders a short line in about a tenth of a second on a laptop,
  so even a line never said before (a name, a new number) is heard at once; clear if robotic.
- ``festival`` with the HTS voice ``festvox-us-slt-hts``: a warmer voice, but about fifteen times
  slower to render, so on a Pi a new line would come seconds late. docs/sound.md has the figures.

A line is said in the station's language (``station.i18n.language()`` when it is rendered):
English with ``voice`` (en-us), another language with its voice in ``voices`` (Spanish: es-419,
espeak-ng's Latin American Spanish; "es" is Spain's), else espeak-ng's voice of that name.
Festival has no Spanish voice in Debian (``apt-cache search festvox``: English, Italian, Czech,
Finnish, Russian, Catalan, Indian languages), so with ``festival`` a line in another language is
said by espeak-ng, and the log says so once.

A rendered line is kept as a WAV file named by a hash of everything that shapes it (engine,
language, voice, speed, pitch, text), so changing a setting never plays a stale line, English and
Spanish clips never mix, and a restart finds its lines ready. Leading silence is trimmed: what a
child hears first is the word.
"""

from __future__ import annotations

import hashlib
import io
import logging
import shutil
import subprocess
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from station.atomic_file import write_atomically
from station.hardware.audio import RATE, Clip
from station.i18n import SOURCE_LANGUAGE, language

log = logging.getLogger("station.speech")

ENGINES = ("espeak-ng", "festival")
CACHE_VERSION = 2  # 2: the language is part of a line's name. Bump when the rendering below changes what a cached file holds
QUIET_LEVEL = 0.01  # of full scale: quieter than this at the start is silence, trimmed
LEAD_SECONDS = 0.01  # kept before the first sound, so its attack is not cut


class SpeechError(Exception):
    """A line cannot be rendered; the message says what is missing and the fix."""


#: espeak-ng's voice for each language the station speaks but English (``SpeechSettings.voices``).
VOICES = (("es", "es-419"),)


@dataclass(frozen=True)
class SpeechSettings:
    engine: str = "espeak-ng"
    voice: str = "en-us"  # espeak-ng's English voice; festival's is its HTS voice
    speed: int = 150  # words a minute (espeak-ng); festival keeps its own pace
    pitch: int = 50  # 0-99 (espeak-ng)
    voices: tuple[tuple[str, str], ...] = VOICES  # (language, espeak-ng voice) for the other languages

    def voice_for(self, language: str) -> str:
        """The voice a line in ``language`` is said with: ``voice`` for English, else its entry in
        ``voices``, else espeak-ng's voice named as the language ("fr", "de")."""
        if language == SOURCE_LANGUAGE:
            return self.voice
        return dict(self.voices).get(language, language)

    def espeak_for(self, language: str) -> bool:
        """Whether espeak-ng says a line in ``language`` (festival's voice speaks English only)."""
        return self.engine == "espeak-ng" or language != SOURCE_LANGUAGE

    def key(self, text: str, language: str = SOURCE_LANGUAGE) -> str:
        """The cache's name for ``text`` said in ``language`` with these settings."""
        what = (f"{CACHE_VERSION}\0{self.engine}\0{language}\0{self.voice_for(language)}\0{self.speed}"
                f"\0{self.pitch}\0{text}")
        return hashlib.sha256(what.encode("utf-8")).hexdigest()[:32]


FESTIVAL_VOICE = "cmu_us_slt_arctic_hts"


class Speech:
    """Renders lines with ``settings`` into ``cache`` (a folder; created when first needed)."""

    def __init__(self, settings: SpeechSettings, cache: Path) -> None:
        if settings.engine not in ENGINES:
            raise SpeechError(f"unknown speech engine {settings.engine!r}: choose {', '.join(ENGINES)}")
        program = "espeak-ng" if settings.engine == "espeak-ng" else "text2wave"
        if shutil.which(program) is None:
            package = "espeak-ng" if settings.engine == "espeak-ng" else "festival festvox-us-slt-hts"
            raise SpeechError(f"{program} is not installed: sudo apt install {package}")
        self.settings, self.cache = settings, Path(cache)
        self.rendered = 0  # lines rendered (not found in the cache): the bench and tests read it
        self._told: set[str] = set()  # languages festival cannot say, already logged

    def path(self, text: str, language: str | None = None) -> Path:
        """Where ``text`` said in ``language`` (default: the language of now) is kept."""
        return self.cache / f"{self.settings.key(text, language or _now())}.wav"

    def cached(self, text: str, language: str | None = None) -> bool:
        return self.path(text, language).exists()

    def clip(self, text: str, language: str | None = None) -> Clip:
        """``text`` said in ``language`` (default: the language of now): from the cache, or
        rendered now and kept."""
        language = language or _now()
        path = self.path(text, language)
        try:
            return Clip.from_wav(path.read_bytes())
        except (FileNotFoundError, wave.Error, EOFError):
            pass  # not there, or a half-written file from a power cut: render it again
        clip = _trim(self._render(text, language))
        self.rendered += 1
        try:
            write_atomically(path, clip.wav(), durable=False)  # whole or not at all; a lost one is rendered again
        except OSError as exc:
            log.warning("speech cache %s: %s (the line is said, not kept)", self.cache, exc.strerror or exc)
        return clip

    def _render(self, text: str, language: str) -> Clip:
        s = self.settings
        if s.espeak_for(language):
            if s.engine != "espeak-ng":
                if shutil.which("espeak-ng") is None:
                    raise SpeechError(f"festival has no voice for {language!r} and espeak-ng is not installed: "
                                      "sudo apt install espeak-ng")
                if language not in self._told:
                    self._told.add(language)
                    log.warning("festival has no voice for %r in Debian: its lines are said by espeak-ng's %r",
                                language, s.voice_for(language))
            # the words on stdin, never as an argument: a line that starts with "-" is no option
            command = ["espeak-ng", "-v", s.voice_for(language), "-s", str(s.speed), "-p", str(s.pitch),
                       "--stdout", "--stdin"]
            data = _run(command, text)
        else:
            with tempfile.TemporaryDirectory(prefix="mathstation-festival-") as scratch:
                out = Path(scratch) / "line.wav"  # text2wave seeks back to write its header: a file, not a pipe
                _run(["text2wave", "-eval", f"(voice_{FESTIVAL_VOICE})", "-o", str(out)], text, output=False)
                data = out.read_bytes()
        return _as_clip(data)


def _now() -> str:
    return language()


def _run(command: list[str], stdin: str | None, *, output: bool = True) -> bytes:
    try:
        done = subprocess.run(command, input=stdin.encode("utf-8") if stdin is not None else None,
                              capture_output=True, timeout=30, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SpeechError(f"{command[0]} could not say the line: {exc}") from exc
    if done.returncode != 0 or (output and not done.stdout):
        why = done.stderr.decode(errors="replace").strip() or f"exit status {done.returncode}"
        raise SpeechError(f"{command[0]} could not say the line: {why}")
    return done.stdout


def _as_clip(data: bytes) -> Clip:
    """A WAV of any rate from a speech program, as a mono 16-bit clip at ``RATE``."""
    if data[:4] == b"RIFF" and data[4:8] == b"\xff\xff\xff\xff" or data[4:8] == b"\x00\x00\x00\x00":
        # a WAV streamed to stdout cannot go back to write its sizes: fix them so wave reads it all
        data = data[:4] + (len(data) - 8).to_bytes(4, "little") + data[8:]
        at = data.find(b"data")
        if at > 0:
            data = data[:at + 4] + (len(data) - at - 8).to_bytes(4, "little") + data[at + 8:]
    with wave.open(io.BytesIO(data)) as wav:
        rate, channels, width = wav.getframerate(), wav.getnchannels(), wav.getsampwidth()
        frames = wav.readframes(wav.getnframes())
    if width != 2:
        raise SpeechError(f"the speech program wrote {8 * width}-bit sound: 16-bit expected")
    samples = np.frombuffer(frames, dtype="<i2").astype(np.float64) / 32768
    if channels > 1:
        samples = samples.reshape(-1, channels).mean(axis=1)
    if rate != RATE:  # linear resampling: speech has little above 8 kHz
        times = np.arange(int(len(samples) * RATE / rate)) / RATE
        samples = np.interp(times, np.arange(len(samples)) / rate, samples)
    return Clip.of(samples)


def _trim(clip: Clip) -> Clip:
    """Without the silence before the first word (espeak-ng leaves some)."""
    samples = np.frombuffer(clip.samples, dtype="<i2")
    loud = np.flatnonzero(np.abs(samples) > QUIET_LEVEL * 32767)
    if len(loud) == 0:
        return clip
    start = max(0, int(loud[0]) - int(LEAD_SECONDS * RATE))
    return Clip(samples[start:].tobytes(), (len(samples) - start) / RATE)


def first_sound(clip: Clip) -> float:
    """Seconds from a clip's start to its first audible sample (the bench's latency measure)."""
    samples = np.frombuffer(clip.samples, dtype="<i2")
    loud = np.flatnonzero(np.abs(samples) > QUIET_LEVEL * 32767)
    return float(loud[0]) / RATE if len(loud) else clip.seconds
