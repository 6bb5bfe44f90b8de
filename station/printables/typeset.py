"""A card's value set as a child reads it in a book: fractions stacked over a bar, repeating
digits under a line, the true minus, times and divide signs. Sized to fill a box.

A card lies on a table read from every side, so a number that turned half a turn reads as
another number (6 and 9, 16 and 91, 68 and 89) is underlined, as playing cards mark their 6 and 9.

>>> [n for n in ("6", "9", "69", "10", "16", "18", "25", "66", "88") if upside_down_confusable(n)]
['6', '9', '16', '18', '66']
>>> [w for w in ("M", "W", "N", "A", "MW", "WW") if upside_down_confusable(w)]
['M', 'W', 'WW']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from engine.catalog import CardFace
from engine.numbers import MINUS, ExactNumber, Form
from station.printables.fonts import BOLD, CAP_HEIGHT, text_width

SIGNS = {"+": "+", "-": MINUS, "×": "×", "÷": "÷"}
FRACTION_SCALE = 0.62  # numerator and denominator size, against the main digits
OVERLINE_RISE = 0.16  # the repeat line's height above the digits, against the font size
UNDERLINE_DROP = 0.16  # the 6-or-9 mark's depth below the digits, against the font size
_REPEATING = re.compile(r"^(.*?)\((\d+)\)(.*)$")


@dataclass(frozen=True)
class Text:
    text: str
    overline: bool = False  # the repeating digits of 0.1(6)
    underline: bool = False  # a number that reads as another one upside down (6, 9, 68 …)


#: How each digit and capital looks turned half a turn (those not here look like no digit or letter).
_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6",
           "H": "H", "I": "I", "M": "W", "N": "N", "O": "O", "S": "S", "W": "M", "X": "X", "Z": "Z"}


def turned_reading(text: str) -> str | None:
    """What ``text`` (digits, or capital letters) reads as turned half a turn, or None when it
    reads as nothing (a 7, a leading zero)."""
    if not (text.isdigit() or text.isalpha()) or not all(d in _TURNED for d in text):
        return None
    turned = "".join(_TURNED[d] for d in reversed(text))
    return None if len(turned) > 1 and turned.startswith("0") else turned


def upside_down_confusable(text: str) -> bool:
    """Whether ``text`` (digits, or capital letters such as a back's self-check letter), turned
    half a turn, reads as a different whole number or word."""
    turned = turned_reading(text)
    return turned is not None and turned != text


@dataclass(frozen=True)
class Stacked:
    top: str
    bottom: str


@dataclass(frozen=True)
class Gap:
    ems: float


Token = Text | Stacked | Gap


def face_tokens(face: CardFace) -> list[Token]:
    """What the big value of ``face`` shows, e.g. ``÷ 4`` or ``2 1/3``."""
    tokens: list[Token] = []
    if face.op:
        tokens += [Text(SIGNS.get(face.op, face.op)), Gap(0.12)]
    if face.number is not None:
        tokens += number_tokens(face.number)
    return tokens or [Text(face.extra.get("name", face.label))]


def number_tokens(number: ExactNumber) -> list[Token]:
    if number.form is Form.PERCENT and number.inner is not None:
        return number_tokens(number.inner) + [Text("%")]
    shown = number.pretty()
    if number.form in (Form.FRACTION, Form.MIXED):
        head, _, fraction = shown.rpartition(" ") if number.form is Form.MIXED else ("", "", shown)
        sign = MINUS if fraction.startswith(MINUS) else ""
        top, bottom = fraction.removeprefix(MINUS).split("/")
        lead: list[Token] = [Text(head), Gap(0.1)] if head else [Text(sign)] if sign else []
        return lead + [Stacked(top, bottom)]
    repeating = _REPEATING.match(shown)
    if repeating:
        before, period, after = repeating.groups()
        return [t for t in (Text(before), Text(period, overline=True), Text(after)) if t.text]
    digits = shown.removeprefix(MINUS)
    if upside_down_confusable(digits):
        return ([Text(MINUS)] if digits != shown else []) + [Text(digits, underline=True)]
    return [Text(shown)]


def tokens_width(tokens: list[Token], size: float) -> float:
    """How wide ``tokens`` are drawn at ``size``."""
    return sum(_width(t, size) for t in tokens)


def _width(token: Token, size: float) -> float:
    if isinstance(token, Text):
        return text_width(token.text, BOLD, size)
    if isinstance(token, Stacked):
        small = size * FRACTION_SCALE
        return max(text_width(token.top, BOLD, small), text_width(token.bottom, BOLD, small)) + 0.16 * size
    return token.ems * size


def _height(tokens: list[Token], size: float) -> float:
    if any(isinstance(t, Stacked) for t in tokens):
        return size * (2 * CAP_HEIGHT * FRACTION_SCALE + 0.2)
    over = OVERLINE_RISE if any(isinstance(t, Text) and t.overline for t in tokens) else 0
    under = UNDERLINE_DROP if any(isinstance(t, Text) and t.underline for t in tokens) else 0
    return size * (CAP_HEIGHT + over + under)


def fit_size(tokens: list[Token], width: float, height: float) -> float:
    """The largest font size at which ``tokens`` fit ``width`` x ``height``."""
    return min(width / tokens_width(tokens, 1.0), height / _height(tokens, 1.0))


def draw_tokens(c: Canvas, tokens: list[Token], cx: float, cy: float, size: float) -> None:
    """Draw ``tokens`` centred on (cx, cy), in the canvas's y-up units, in the current colour."""
    x = cx - tokens_width(tokens, size) / 2
    if any(isinstance(t, Stacked) for t in tokens):
        baseline = cy - size * CAP_HEIGHT / 2
    else:
        under = UNDERLINE_DROP * size if any(isinstance(t, Text) and t.underline for t in tokens) else 0
        baseline = cy - _height(tokens, size) / 2 + under
    for token in tokens:
        w = _width(token, size)
        if isinstance(token, Text):
            c.setFont(BOLD, size)
            c.drawString(x, baseline, token.text)
            if token.overline:
                c.setLineWidth(size * 0.07)
                top = baseline + size * (CAP_HEIGHT + OVERLINE_RISE - 0.035)
                c.line(x + size * 0.04, top, x + w - size * 0.04, top)
            if token.underline:
                c.setLineWidth(size * 0.08)
                bottom = baseline - size * (UNDERLINE_DROP - 0.04)
                c.line(x + size * 0.04, bottom, x + w - size * 0.04, bottom)
        elif isinstance(token, Stacked):
            small = size * FRACTION_SCALE
            bar = cy
            c.setLineWidth(size * 0.07)
            c.line(x + size * 0.04, bar, x + w - size * 0.04, bar)
            c.setFont(BOLD, small)
            c.drawCentredString(x + w / 2, bar + size * 0.1, token.top)
            c.drawCentredString(x + w / 2, bar - size * 0.1 - small * CAP_HEIGHT, token.bottom)
        x += w
