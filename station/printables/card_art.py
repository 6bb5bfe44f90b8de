"""Drawing one card face or back on a reportlab canvas, in the face's own millimetres.

The caller places the card (``place``); everything here draws in face coordinates with image
axes (x right, y down, origin top-left), the same axes as ``geometry``. A rectangle's face is
drawn here (codes and value panels); a card cut to another outline by ``shaped_art``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from station.printables.fonts import BOLD, CAP_HEIGHT, REGULAR, register_fonts, text_width
from station.printables.geometry import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    CODE_SPOTS,
    EDGE_MM,
    VALUE_PANEL,
    VALUE_PANEL_TURNED,
    Box,
)
from station.printables.card_words import fill
from station.printables.codes import draw_code
from station.printables.looks import GameLook
from station.printables.panel_fields import draw_panel_fields
from station.printables.shaped_art import draw_shaped_back, draw_shaped_face
from station.printables.qr import qr_modules
from station.printables.signs import draw_badge
from station.printables.typeset import draw_tokens, face_tokens, fit_size, upside_down_confusable
from station.printed.cards import CardShape, shape_of

LABEL_SIZE = 3.4  # mm font size for the small words on a panel: about 2.5 mm capitals
LABEL_MIN_SIZE = 2.9  # longer words are set smaller, down to this, and only then cut short
REMINDER_SIZE = 2.9  # a special card's one-line reminder of what it does (at most two lines)
PANEL_PAD = 1.6
BADGE_RADIUS = 2.4  # a kind's badge (Math Rush's Advanced bolt): a disc before the kind's name
BADGE_TOP = 1.0  # the badge's gap below the panel's top edge
CORNER_TILE = 11.0  # a back's corner words (the self-check letter) sit on white tiles this wide
CORNER_INSET = EDGE_MM + 1.5


@contextmanager
def place(c: Canvas, shape: CardShape, x: float, y: float, turn: float = 0.0) -> Iterator[None]:
    """Draw a card of ``shape`` in its face's own millimetres, its centre (``CardShape.centre``)
    at (x, y) of a canvas already in millimetres with y down, turned ``turn`` degrees clockwise."""
    c.saveState()
    c.translate(x, y)
    c.rotate(turn)  # with y down, a positive angle turns clockwise as the page is seen
    c.translate(-shape.centre[0], -shape.centre[1])
    try:
        yield
    finally:
        c.restoreState()


def draw_face(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The card's face, drawn for its shape: a rectangle's value panels, or another outline's
    corner and side marks (``shaped_art``)."""
    if not shape_of(card).fills_box:
        draw_shaped_face(c, card, look, game_title)
        return
    _draw_rectangle_face(c, card, look, game_title)


def draw_back(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The card's back, drawn for its shape."""
    if not shape_of(card).fills_box:
        draw_shaped_back(c, card, look, game_title)
        return
    _draw_rectangle_back(c, card, look, game_title)


def _draw_rectangle_face(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The face: two QR codes, two colour panels with the value (one turned for the far side)."""
    register_fonts()
    modules = qr_modules(card.payload)
    c.setFillColor(colors.white)
    c.rect(0, 0, CARD_WIDTH_MM, CARD_HEIGHT_MM, stroke=0, fill=1)
    for spot in CODE_SPOTS:
        draw_code(c, modules, spot)
    _draw_panel(c, VALUE_PANEL, card, look, card.face.label, turned=False)
    _draw_panel(c, VALUE_PANEL_TURNED, card, look, game_title.upper(), turned=True)


def _draw_panel(c: Canvas, box: Box, card: Card, look: GameLook, words: str, *, turned: bool) -> None:
    kind = card.face.kind
    colour = colors.HexColor(look.colour(kind))
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
    top = _draw_label_row(c, box, words, card.copy, look.badge(kind), colour)
    c.setFillColor(colors.white)
    c.setStrokeColor(colors.white)
    fields = look.panel(kind)
    if fields is None:
        _draw_value(c, card, box.w, top)
    else:
        draw_panel_fields(c, card, fields, box.w, PANEL_PAD, top, PANEL_PAD)
    c.restoreState()


def _draw_label_row(c: Canvas, box: Box, words: str, copy: str, badge: str, colour: colors.Color) -> float:
    """The small words and the copy letter along the panel's top, after the kind's badge if it
    has one; returns the height below which the panel's content goes."""
    left = PANEL_PAD + 0.4
    label_base = box.h - PANEL_PAD - LABEL_SIZE * CAP_HEIGHT
    content_top = label_base - 1.4
    if badge:
        cx, cy = badge_centre(box)
        draw_badge(c, badge, cx, cy, BADGE_RADIUS, colour)
        left = cx + BADGE_RADIUS + 1.0
        label_base = cy - LABEL_SIZE * CAP_HEIGHT / 2
        content_top = min(label_base - 1.4, cy - BADGE_RADIUS - 0.6)
    c.setFillColor(colors.white)
    c.setFont(BOLD, LABEL_SIZE)
    c.drawRightString(box.w - PANEL_PAD - 0.4, label_base, copy)
    room = box.w - PANEL_PAD - 0.4 - text_width(copy, BOLD, LABEL_SIZE) - 2.5 - left
    size = max(LABEL_MIN_SIZE, min(LABEL_SIZE, room / text_width(words, BOLD, 1.0)))
    c.setFont(BOLD, size)
    c.drawString(left, label_base, _fit_words(words, room, size))
    return content_top


def badge_centre(box: Box) -> tuple[float, float]:
    """Where a kind's badge sits in ``box``: its top-left corner, in the panel's y-up frame."""
    return PANEL_PAD + BADGE_RADIUS, box.h - BADGE_TOP - BADGE_RADIUS


def _draw_value(c: Canvas, card: Card, width: float, top: float) -> None:
    """The card's value typeset as taught, above its one- or two-line reminder if it has one."""
    value_bottom = PANEL_PAD
    reminder = card.face.extra.get("reminder", "")
    if reminder:
        lines = _wrap(reminder, width - 2 * PANEL_PAD, REGULAR, REMINDER_SIZE)[:2]
        c.setFont(REGULAR, REMINDER_SIZE)
        for index, line in enumerate(reversed(lines)):
            c.drawCentredString(width / 2, PANEL_PAD + index * REMINDER_SIZE * 1.15, line)
        value_bottom = PANEL_PAD + len(lines) * REMINDER_SIZE * 1.15 + 0.6
    tokens = face_tokens(card.face)
    size = fit_size(tokens, width - 2 * PANEL_PAD - 1, top - value_bottom)
    draw_tokens(c, tokens, width / 2, (top + value_bottom) / 2, size)


def _wrap(text: str, width: float, font: str, size: float) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` (mm)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", font, size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def _fit_words(words: str, width: float, size: float) -> str:
    while words and text_width(words, BOLD, size) > width:
        words = words[:-2].rstrip() + "…"
    return words


def _draw_rectangle_back(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
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
    if back.corners:
        _draw_corner_words(c, fill(back.corners, card, f"looks/{card.game}.toml: backs.{card.face.back}.corners"),
                           colour)


def _draw_corner_words(c: Canvas, words: str, ink: colors.Color) -> None:
    """``words`` on a white tile in each corner: upright in the bottom corners, turned half a turn
    in the top ones, so a player on either side of the table finds them in their bottom corners.
    Words that read as others turned (M and W) are underlined, as the faces' 6 and 9 are."""
    if not words:
        return
    half = CORNER_TILE / 2
    size = min(CORNER_TILE * 0.8, (CORNER_TILE - 2.0) / text_width(words, BOLD, 1.0))
    near, far = CORNER_INSET + half, CARD_WIDTH_MM - CORNER_INSET - half
    top, bottom = CORNER_INSET + half, CARD_HEIGHT_MM - CORNER_INSET - half
    for cx, cy, turned in ((near, bottom, False), (far, bottom, False), (near, top, True), (far, top, True)):
        c.saveState()
        c.translate(cx, cy)
        c.scale(1, -1)  # y up, for text
        if turned:
            c.rotate(180)
        c.setFillColor(colors.white)
        c.roundRect(-half, -half, CORNER_TILE, CORNER_TILE, 1.5, stroke=0, fill=1)
        c.setFillColor(ink)
        c.setFont(BOLD, size)
        baseline = -size * CAP_HEIGHT / 2
        c.drawCentredString(0, baseline, words)
        if upside_down_confusable(words):
            c.setStrokeColor(ink)
            c.setLineWidth(size * 0.08)
            line_half = text_width(words, BOLD, size) / 2
            c.line(-line_half, baseline - size * 0.12, line_half, baseline - size * 0.12)
        c.restoreState()
