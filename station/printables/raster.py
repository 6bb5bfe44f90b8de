"""PDF pages to images, with PDFium (pypdfium2): the same renderer for the card images the
virtual table uses and for the round-trip tests of printed PDFs."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from engine.games import GAME_TITLES
from station.printables.card_art import draw_back, draw_face, place
from station.printables.looks import look_for
from station.printed.cards import shape_of


def rasterise(pdf: bytes | Path, dpi: float) -> Iterator[Image.Image]:
    """Each page of ``pdf`` as an RGB image at ``dpi``."""
    document = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        for index in range(len(document)):
            page = document[index]
            yield page.render(scale=dpi / 72).to_pil().convert("RGB")
            page.close()
    finally:
        document.close()


def card_pdf(card: Card, *, back: bool = False) -> bytes:
    """One card, face (or back) up, on a page exactly the size of its shape's bounding box (88 x
    63 mm for a rectangle; white round a triangle)."""
    shape = shape_of(card)
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(shape.width * mm, shape.height * mm), pageCompression=1)
    c.transform(mm, 0, 0, -mm, 0, shape.height * mm)  # millimetres, y down
    with place(c, shape, *shape.centre):
        draw = draw_back if back else draw_face
        draw(c, card, look_for(card.game), GAME_TITLES[card.game])
    c.showPage()
    c.save()
    return buffer.getvalue()


def render_card(card: Card, dpi: float, *, back: bool = False) -> Image.Image:
    """The card as the printer prints it, upright as its face is designed (a rectangle landscape),
    at ``dpi`` (e.g. 300 -> 1039 x 744 px for a rectangle)."""
    return next(rasterise(card_pdf(card, back=back), dpi))
