"""The OLED's fonts and the one rule for fitting text: the largest size that fits, down to a
minimum, then cut with "…" — so no text runs off the 128x64 screen and none is cut silently.

Bitstream Vera ships inside reportlab (no system fonts, the same face as the printed cards) and
has the true minus, times and divide signs children are taught.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from pathlib import Path

import reportlab
from PIL import Image, ImageDraw, ImageFont

ELLIPSIS = "…"
MIN_SIZE = 10  # body text below this is hard to read at arm's length on a 0.96" panel

_FOLDER = Path(reportlab.__file__).parent / "fonts"
_FILES = {False: "Vera.ttf", True: "VeraBd.ttf"}


@functools.cache
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """Vera (or Vera Bold) at ``size`` pixels, loaded once per size."""
    # The basic layout (no libraqm) is on every Pillow, so screens are the same pixels everywhere;
    # its whole-pixel advances also space small text more evenly on a 1-bit screen.
    return ImageFont.truetype(str(_FOLDER / _FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC)


def missing(text: str, bold: bool = False) -> set[str]:
    """The characters of ``text`` the font has no glyph for: they would show as an empty box
    (an arrow "→" is one), so a screen's words must avoid them."""
    return {ch for ch in text if ord(ch) not in _glyphs(bold) and not ch.isspace()}


@functools.cache
def _glyphs(bold: bool) -> frozenset[int]:
    from reportlab.pdfbase.ttfonts import TTFontFile

    return frozenset(TTFontFile(str(_FOLDER / _FILES[bold])).charToGlyph)


def width(text: str, size: int, bold: bool = False) -> int:
    """Pixels ``text`` takes across, as drawn: its advance, widened where a glyph's ink overhangs
    it (the tail of a "j" on the left, an italic-like "s" on the right)."""
    if not text:
        return 0
    left, right = span(text, size, bold)
    return right - left


def span(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """(left, right) of ``text`` drawn from x = 0: its ink and its advance together."""
    advance = int(-(-font(size, bold).getlength(text) // 1))
    box = ink(text, size, bold)
    return (0, advance) if box is None else (min(0, box[0]), max(advance, box[2]))


@functools.lru_cache(maxsize=4096)
def ink(text: str, size: int, bold: bool = False) -> tuple[int, int, int, int] | None:
    """The pixels ``text`` really covers, drawn with its baseline's left end at (0, 0): (left,
    top, right, bottom), right and bottom exclusive; None if it draws nothing. Measured by
    drawing, because FreeType's boxes (``getbbox``) miss hinted pixels by one now and then."""
    face = font(size, bold)
    pad = 2 * size
    scratch = Image.new("1", (int(face.getlength(text)) + 2 * pad, 3 * size), 0)
    ImageDraw.Draw(scratch).text((pad, pad), text, font=face, fill=1, anchor="ls")
    box = scratch.getbbox()
    return None if box is None else (box[0] - pad, box[1] - pad, box[2] - pad, box[3] - pad)


@functools.cache
def extent(size: int, bold: bool = False) -> tuple[int, int]:
    """(rise, fall): pixels a line uses above and below its baseline — capitals, digits and
    ascenders up, descenders (g, p, y) down. Layouts stack lines by these, not by the font's
    generous line height, which would waste a third of a 64-pixel screen."""
    box = ink("Hbdlfk0gjpqy", size, bold)
    assert box is not None
    return -box[1], box[3]


def height(size: int, bold: bool = False) -> int:
    """Pixels one line of text needs from its highest ascender to its lowest descender."""
    rise, fall = extent(size, bold)
    return rise + fall


def ellipsize(text: str, room: int, size: int, bold: bool = False) -> str:
    """``text``, or its longest start that fits ``room`` pixels with "…" after it."""
    if width(text, size, bold) <= room:
        return text
    for end in range(len(text) - 1, 0, -1):
        cut = text[:end].rstrip() + ELLIPSIS
        if width(cut, size, bold) <= room:
            return cut
    return ELLIPSIS if width(ELLIPSIS, size, bold) <= room else ""


def fit(text: str, room: int, sizes: Sequence[int], bold: bool = False) -> tuple[str, int]:
    """The largest of ``sizes`` at which ``text`` fits ``room`` pixels; at the smallest size
    the text is cut with "…". Returns (text as shown, size)."""
    ordered = sorted(sizes, reverse=True)
    for size in ordered:
        if width(text, size, bold) <= room:
            return text, size
    return ellipsize(text, room, ordered[-1], bold), ordered[-1]


#: Where a line is best broken, best first: after a sentence ("… out of order." / "Lift it, use a
#: Help card"), after a colon, after a clause ("Use a Help card," / "or put it back").
PHRASE_ENDS = (re.compile(r"(?<=[.!?]) "), re.compile(r"(?<=:) "), re.compile(r"(?<=[,;]) "))


def wrap(text: str, room: int, size: int, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines of at most ``room`` pixels; a word longer than a
    line stays whole (the caller cuts it with "…"). A line ends where a sentence (or else a
    clause) does whenever that takes no more lines than filling each line up."""
    filled = _fill(text.split(), room, size, bold)
    for ends in PHRASE_ENDS:
        lines = wrap_phrases(text, ends, room, size, bold)
        if lines is not None and len(lines) <= len(filled):
            return lines
    return filled


def wrap_phrases(text: str, ends: re.Pattern[str], room: int, size: int, bold: bool = False) -> list[str] | None:
    """``text`` with a line break at every one of ``ends`` (each phrase filled into lines of its
    own), or None when ``text`` has no such break."""
    phrases = ends.split(text)
    if len(phrases) < 2:
        return None
    return [line for phrase in phrases for line in _fill(phrase.split(), room, size, bold)]


def _fill(words: Sequence[str], room: int, size: int, bold: bool) -> list[str]:
    """``words`` laid into lines of at most ``room`` pixels, each as full as it will go, except
    that a word left alone on the last line takes the word before it along when the line above
    keeps two ("Finish this round" / "first" reads as "Finish this" / "round first")."""
    lines = _greedy(words, room, size, bold)
    if len(lines) > 1 and " " not in lines[-1] and lines[-2].count(" ") > 1:  # the line above keeps two words
        before, _, moved = lines[-2].rpartition(" ")
        if width(f"{moved} {lines[-1]}", size, bold) <= room:
            lines[-2:] = [before, f"{moved} {lines[-1]}"]
    return lines


def _greedy(words: Sequence[str], room: int, size: int, bold: bool) -> list[str]:
    """``words`` laid into lines of at most ``room`` pixels, each line as full as it will go."""
    lines: list[str] = []
    for word in words:
        if lines and width(f"{lines[-1]} {word}", size, bold) <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def fit_lines(text: str, room: int, max_lines: int, sizes: Sequence[int], bold: bool = False) -> tuple[list[str], int]:
    """The largest of ``sizes`` at which ``text`` wraps into ``max_lines`` lines of ``room``
    pixels; at the smallest size the last line is cut with "…". Returns (lines, size)."""
    ordered = sorted(sizes, reverse=True)
    for size in ordered:
        lines = wrap(text, room, size, bold)
        if len(lines) <= max_lines and all(width(line, size, bold) <= room for line in lines):
            return lines, size
    size = ordered[-1]
    lines = wrap(text, room, size, bold)
    kept = [ellipsize(line, room, size, bold) for line in lines[:max_lines]]
    if len(lines) > max_lines:
        rest = " ".join([lines[max_lines - 1], *lines[max_lines:]])
        kept[-1] = ellipsize(rest, room, size, bold)
    return kept, size
