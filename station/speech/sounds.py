"""The six sounds that mean the same in every game, made here from notes (no sample files to ship).

Each differs from the others by pitch *and* rhythm, so a child tells them apart on a small
speaker at any volume and without seeing the screen (docs/sound.md has them as a table):

=============  ==========================================  ===================================
sound          how it sounds                               means
=============  ==========================================  ===================================
accepted       one short high blip, rising (E6 to A6)      your card counts
wrong          two low buzzy notes, falling (A3, F3)       that play breaks a rule: listen
your_turn      two mid notes, rising (C5, G5)              the next player plays now
time_warning   three quick ticks on one note (A5)          the clock is nearly out
time_up        one long low note sliding down              the clock ran out: hands off
game_over      a rising four-note fanfare (C5 E5 G5 C6)    the game is won
=============  ==========================================  ===================================

>>> sorted(SOUNDS) == sorted(["accepted", "wrong", "your_turn", "time_warning", "time_up", "game_over"])
True
>>> 0.05 < sound("accepted").seconds < sound("game_over").seconds
True
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from station.hardware.audio import RATE, Clip

_NOTES = {"F3": 174.61, "A3": 220.0, "C5": 523.25, "E5": 659.26, "G5": 783.99, "A5": 880.0, "C6": 1046.5,
          "E6": 1318.51, "A6": 1760.0, "D3": 146.83}
LEVEL = 0.6
"""Peak level of every sound (of full scale): loud enough over a classroom, never clipping."""


@dataclass(frozen=True)
class Note:
    """One note: its pitch (name or Hz; ``glide_to`` slides to another), length, and the rest after it."""

    pitch: str
    seconds: float
    rest: float = 0.0
    glide_to: str = ""
    buzz: bool = False  # odd harmonics (a square-ish tone): the "wrong" colour


@dataclass(frozen=True)
class Sound:
    meaning: str
    notes: tuple[Note, ...]


SOUNDS: Mapping[str, Sound] = {
    "accepted": Sound("your card counts", (Note("E6", 0.07, glide_to="A6"),)),
    "wrong": Sound("that play breaks a rule: listen", (Note("A3", 0.18, 0.06, buzz=True), Note("F3", 0.26, buzz=True))),
    "your_turn": Sound("the next player plays now", (Note("C5", 0.11, 0.03), Note("G5", 0.16))),
    "time_warning": Sound("the clock is nearly out", (Note("A5", 0.06, 0.09),) * 3),
    "time_up": Sound("the clock ran out: hands off", (Note("A3", 0.7, glide_to="D3"),)),
    "game_over": Sound("the game is won", (Note("C5", 0.12, 0.02), Note("E5", 0.12, 0.02), Note("G5", 0.12, 0.02),
                                           Note("C6", 0.4))),
}
GAP = 0.08
"""Silence between a sound and the words that follow it."""


def _tone(note: Note) -> np.ndarray:
    n = int(note.seconds * RATE)
    start = _NOTES[note.pitch]
    end = _NOTES[note.glide_to] if note.glide_to else start
    freq = np.linspace(start, end, n)
    phase = 2 * np.pi * np.cumsum(freq) / RATE
    if note.buzz:  # odd harmonics: a reedy, buzzer-like tone that does not sound like "yes"
        wave = np.sin(phase) + np.sin(3 * phase) / 3 + np.sin(5 * phase) / 5
    else:
        wave = np.sin(phase) + 0.2 * np.sin(2 * phase)
    edge = min(int(0.008 * RATE), n // 2)  # 8 ms fades: no click at either end
    envelope = np.ones(n)
    envelope[:edge] = np.linspace(0, 1, edge)
    envelope[n - edge:] = np.linspace(1, 0, edge)
    wave = wave * envelope
    return np.concatenate([wave / np.max(np.abs(wave)) * LEVEL, np.zeros(int(note.rest * RATE))])


@functools.cache
def sound(name: str) -> Clip:
    """The clip of one of ``SOUNDS`` (made once)."""
    if name not in SOUNDS:
        raise KeyError(f"no sound {name!r}: the sounds are {', '.join(SOUNDS)}")
    return Clip.of(np.concatenate([_tone(note) for note in SOUNDS[name].notes]))


def silence(seconds: float) -> Clip:
    return Clip.of(np.zeros(int(seconds * RATE)))
