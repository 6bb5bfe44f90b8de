"""The camera snapshot the Station page shows: the last frame with every card the station
believes lies on the table outlined (in its own cut shape, a rectangle or Big Bang's triangle)
and named by what it shows ("COUNT META 21"), at its middle (JPEG, drawn with Pillow)."""

from __future__ import annotations

import io
from typing import Any

from PIL import ImageDraw

from station.pictures import as_picture
from station.printed.cards import RECTANGLE, turned
from station.table.adapter import card_words
from station.ui.fonts import font
from station.vision.track import card_shape
from station.web.board import Sight

WIDTH_PX_WITHOUT_MAT = 250.0  # a card's width in a 1080p frame when no mat gives millimetres
MAX_SIDE = 1280               # the picture is scaled down to this for the page
SEEN = (0, 220, 0)
COVERED = (150, 150, 150)


def card_outline(card: Any, units: str) -> list[tuple[float, float]]:
    """A card's cut outline in table units: its shape's corners about its centre, turned by its
    angle, where the tracker put it."""
    shape = card_shape(card.card_id)
    scale = 1.0 if units == "mm" else WIDTH_PX_WITHOUT_MAT / RECTANGLE.width
    cx, cy = shape.centre
    return [(card.x + dx * scale, card.y + dy * scale)
            for dx, dy in (turned((x - cx, y - cy), card.angle) for x, y in shape.outline)]


def snapshot_jpeg(sight: Sight) -> bytes:
    """The frame as a JPEG, each tracked card outlined (green; grey when covered) and named."""
    image = as_picture(sight.image, sight.pixel_format)
    draw = ImageDraw.Draw(image)
    units = sight.table.units
    face = font(max(12, image.width // 90), bold=True)
    for card in sight.cards:
        corners = [tuple(p) for p in sight.table.to_pixels(card_outline(card, units)).tolist()]
        colour = COVERED if card.covered else SEEN
        draw.polygon(corners, outline=colour, width=max(2, image.width // 400))
        centre = (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))
        label = card_words(card.card_id) + (" (covered)" if card.covered else "")
        box = draw.textbbox(centre, label, font=face, anchor="mm")   # named at its middle: no doubt which card
        draw.rectangle((box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), fill=(0, 0, 0))
        draw.text(centre, label, fill=colour, font=face, anchor="mm")
    image.thumbnail((MAX_SIDE, MAX_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80, subsampling=0)   # full colour resolution: thin coloured outlines stay their colour
    return out.getvalue()
