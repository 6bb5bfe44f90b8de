"""Drawing one card face or back on a reportlab canvas, in the face's own millimetres.

The caller places the card (``place``); everything here draws in face coordinates with image
axes (x right, y down, origin top-left), the same axes as ``geometry``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from station.printables.fonts import BOLD, CAP_HEIGHT, REGULAR, register_fonts, text_width
from station.printables.geometry import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    CODE_SPOTS,
    EDGE_MM,
    MODULE_MM,
    VALUE_PANEL,
    VALUE_PANEL_TURNED,
    Box,
    CodeSpot,
)
from station.printables.looks import GameLook
from station.printables.qr import qr_modules
from station.printables.typeset import draw_tokens, face_tokens, fit_size

LABEL_SIZE = 3.4  # mm font size for the small words on a panel: about 2.5 mm capitals
REMINDER_SIZE = 2.9  # a special card's one-line reminder of what it does (at most two lines)
PANEL_PAD = 1.6


@contextmanager
def place(c: Canvas, left_mm: float, bottom_mm: float, *, upright: bool) -> Iterator[None]:
    """Draw a card whose slot on the page starts at (left, bottom) mm, page axes.

    ``upright`` slots are 63 mm wide and 88 mm tall, so the landscape face is turned a quarter;
    other slots are 88 x 63 and take the face as it is.
    """
    c.saveState()
    if upright:
        c.transform(0, -mm, -mm, 0, (left_mm + CARD_HEIGHT_MM) * mm, (bottom_mm + CARD_WIDTH_MM) * mm)
    else:
        c.transform(mm, 0, 0, -mm, left_mm * mm, (bottom_mm + CARD_HEIGHT_MM) * mm)
    try:
        yield
    finally:
        c.restoreState()


def draw_face(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The face: two QR codes, two colour panels with the value (one turned for the far side)."""
    register_fonts()
    modules = qr_modules(card.payload)
    c.setFillColor(colors.white)
    c.rect(0, 0, CARD_WIDTH_MM, CARD_HEIGHT_MM, stroke=0, fill=1)
    for spot in CODE_SPOTS:
        _draw_code(c, modules, spot)
    colour = colors.HexColor(look.colour(card.face.kind))
    _draw_panel(c, VALUE_PANEL, card, colour, card.face.label, turned=False)
    _draw_panel(c, VALUE_PANEL_TURNED, card, colour, game_title.upper(), turned=True)


def _draw_code(c: Canvas, modules: list[list[bool]], spot: CodeSpot) -> None:
    """Dark modules as one filled path (no seams between squares), turned as the spot says."""
    size = len(modules)
    half = size * MODULE_MM / 2
    path = c.beginPath()
    for row, line in enumerate(modules):
        col = 0
        while col < size:
            if not line[col]:
                col += 1
                continue
            start = col
            while col < size and line[col]:
                col += 1
            x, y, w = start * MODULE_MM - half, row * MODULE_MM - half, (col - start) * MODULE_MM
            if spot.rotation == 180:
                x, y = -x - w, -y - MODULE_MM
            path.rect(spot.center_x + x, spot.center_y + y, w, MODULE_MM)
    c.setFillColor(colors.black)
    c.drawPath(path, stroke=0, fill=1)


def _draw_panel(c: Canvas, box: Box, card: Card, colour: colors.Color, words: str, *, turned: bool) -> None:
    c.saveState()
    # Work in a y-up frame whose origin is the panel's bottom-left as the reader sees it.
    if turned:
        c.translate(box.x + box.w, box.y)
        c.scale(-1, 1)
    else:
        c.translate(box.x, box.y + box.h)
        c.scale(1, -1)
    c.setFillColor(colour)
    c.roundRect(0, 0, box.w, box.h, 2.0, stroke=0, fill=1)
    c.setFillColor(colors.white)
    c.setStrokeColor(colors.white)
    label_base = box.h - PANEL_PAD - LABEL_SIZE * CAP_HEIGHT
    c.setFont(BOLD, LABEL_SIZE)
    c.drawString(PANEL_PAD + 0.4, label_base, _fit_words(words, box.w - 3 * PANEL_PAD - LABEL_SIZE))
    c.drawRightString(box.w - PANEL_PAD - 0.4, label_base, card.copy)
    value_top = label_base - 1.4
    value_bottom = PANEL_PAD
    reminder = card.face.extra.get("reminder", "")
    if reminder:
        lines = _wrap(reminder, box.w - 2 * PANEL_PAD, REGULAR, REMINDER_SIZE)[:2]
        c.setFont(REGULAR, REMINDER_SIZE)
        for index, line in enumerate(reversed(lines)):
            c.drawCentredString(box.w / 2, PANEL_PAD + index * REMINDER_SIZE * 1.15, line)
        value_bottom = PANEL_PAD + len(lines) * REMINDER_SIZE * 1.15 + 0.6
    tokens = face_tokens(card.face)
    size = fit_size(tokens, box.w - 2 * PANEL_PAD - 1, value_top - value_bottom)
    draw_tokens(c, tokens, box.w / 2, (value_top + value_bottom) / 2, size)
    c.restoreState()


def _wrap(text: str, width: float, font: str, size: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (mm)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fit_words(words: str, width: float) -> str:
    while words and text_width(words, BOLD, LABEL_SIZE) > width:
        words = words[:-2].rstrip() + "…"
    return words


def draw_back(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The back: its design's colour (a whole deck's, where its cards must look alike from
    behind), the game, the deck's name and the copy; no code, so a face-down card tells the
    camera (and the other players) nothing."""
    register_fonts()
    back = look.back(card.face)
    colour = colors.HexColor(back.colour)
    c.setFillColor(colors.white)
    c.rect(0, 0, CARD_WIDTH_MM, CARD_HEIGHT_MM, stroke=0, fill=1)
    c.setFillColor(colour)
    c.roundRect(EDGE_MM, EDGE_MM, CARD_WIDTH_MM - 2 * EDGE_MM, CARD_HEIGHT_MM - 2 * EDGE_MM, 3.0, stroke=0, fill=1)
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.6)
    inset = EDGE_MM + 2.5
    c.roundRect(inset, inset, CARD_WIDTH_MM - 2 * inset, CARD_HEIGHT_MM - 2 * inset, 2.0, stroke=1, fill=0)
    c.setFillColor(colors.white)
    title = game_title.upper()
    c.saveState()
    c.translate(CARD_WIDTH_MM / 2, CARD_HEIGHT_MM / 2)
    c.scale(1, -1)  # y up, for text
    size = min(7.0, (CARD_WIDTH_MM - 16) / text_width(title, BOLD, 1.0))
    c.setFont(BOLD, size)
    c.drawCentredString(0, 1.5, title)
    c.setFont(BOLD, LABEL_SIZE + 0.6)
    c.drawCentredString(0, -LABEL_SIZE - 3.0, f"{back.text}  ·  {card.copy}" if back.text else card.copy)
    c.restoreState()
