"""A panel that shows a card's fields instead of a value (a look's ``[kinds.<kind>.panel]``): a
drawn sign, big digits and stars in a row, plain words under them. Math Rush's goal cards, read
at a glance by a child: rising steps, 4, two stars, "Decimals only".
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from engine.errors import CatalogError, NumberFormatError
from engine.numbers import parse_number
from station.printables.card_words import fill
from station.printables.fonts import BOLD, CAP_HEIGHT, text_width
from station.printables.looks import PanelFields
from station.printables.signs import check_sign, draw_sign, draw_star, sign_width
from station.printables.typeset import Text, Token, draw_tokens, fit_size, number_tokens, tokens_width

WORDS_SIZE = 3.6  # mm font size of the words line, shrunk to fit one line
WORDS_GAP = 1.3  # between the words line and the row above it
PART_GAP = 2.2  # between the sign, the digits and the stars
STAR_SIZE = 0.6  # a star's width against the row's height, at most
STAR_PITCH = 1.1  # stars' spacing against their width

Part = tuple[float, Callable[[float], None]]  # a width, and how to draw it from a left edge


def draw_panel_fields(c: Canvas, card: Card, fields: PanelFields, width: float, bottom: float, top: float,
                      pad: float) -> None:
    """Draw ``fields`` filled from ``card`` between ``bottom`` and ``top`` of a panel ``width``
    wide (y-up millimetres, in the current fill colour), ``pad`` from its sides."""
    where = f"looks/{card.game}.toml: kinds.{card.face.kind}.panel"
    words = fill(fields.words, card, where)
    if words:
        size = min(WORDS_SIZE, (width - 2 * pad) / text_width(words, BOLD, 1.0))
        c.setFont(BOLD, size)
        c.drawCentredString(width / 2, bottom + 0.3, words)
        bottom += 0.3 + WORDS_SIZE * CAP_HEIGHT + WORDS_GAP
    height = top - bottom
    parts = _sign(c, fill(fields.sign, card, where), bottom, height) + _big(c, fill(fields.big, card, where), bottom,
                                                                           height)
    room = width - 2 * pad - sum(w for w, _ in parts) - PART_GAP * len(parts)
    parts += _stars(c, fill(fields.stars, card, f"{where}.stars"), card, bottom, height, room)
    x = (width - sum(w for w, _ in parts) - PART_GAP * (len(parts) - 1)) / 2
    for part_width, draw in parts:
        draw(x)
        x += part_width + PART_GAP


def _sign(c: Canvas, name: str, bottom: float, height: float) -> list[Part]:
    if not name:
        return []
    check_sign(name)
    return [(sign_width(name, height), lambda x: draw_sign(c, name, x, bottom, height))]


def _big(c: Canvas, text: str, bottom: float, height: float) -> list[Part]:
    """Digits as the faces typeset them (a 6 underlined, as it reads as 9 from the far side)."""
    if not text:
        return []
    try:
        tokens: list[Token] = number_tokens(parse_number(text))
    except NumberFormatError:
        tokens = [Text(text)]
    size = fit_size(tokens, 1e6, height)
    width = tokens_width(tokens, size)
    return [(width, lambda x: draw_tokens(c, tokens, x + width / 2, bottom + height / 2, size))]


def _stars(c: Canvas, text: str, card: Card, bottom: float, height: float, room: float) -> list[Part]:
    if not text:
        return []
    if not text.isdigit() or not 1 <= int(text) <= 9:
        raise CatalogError(f"card {card.id}: stars must be a whole number 1–9, not {text!r}")
    count = int(text)
    star = min(height * STAR_SIZE, room / (count * STAR_PITCH))
    width = star * STAR_PITCH * (count - 1) + star

    def draw(x: float) -> None:
        for index in range(count):
            draw_star(c, x + star / 2 + index * star * STAR_PITCH, bottom + height / 2, star / 2)

    return [(width, draw)]
