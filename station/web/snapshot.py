"""The camera snapshot the Station page shows: the last frame with every card the station
believes lies on the table outlined and named (JPEG, drawn with Pillow)."""

from __future__ import annotations

import io
import math
from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from station.printables.geometry import CARD_HEIGHT_MM, CARD_WIDTH_MM
from station.web.board import Sight

WIDTH_PX_WITHOUT_MAT = 250.0  # a card's width in a 1080p frame when no mat gives millimetres
MAX_SIDE = 1280               # the picture is scaled down to this for the page


def card_outline(card: Any, units: str) -> list[tuple[float, float]]:
    """A card's four corners in table units, turned by its angle around its centre."""
    scale = 1.0 if units == "mm" else WIDTH_PX_WITHOUT_MAT / CARD_WIDTH_MM
    w, h = CARD_WIDTH_MM * scale / 2, CARD_HEIGHT_MM * scale / 2
    turn = math.radians(card.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    return [(card.x + dx * cos - dy * sin, card.y + dx * sin + dy * cos) for dx, dy in ((-w, -h), (w, -h), (w, h), (-w, h))]


def snapshot_jpeg(sight: Sight) -> bytes:
    """The frame as a JPEG, each tracked card outlined (green; grey when covered) and named."""
    image = _picture(sight.image, sight.pixel_format)
    draw = ImageDraw.Draw(image)
    units = sight.table.units
    for card in sight.cards:
        corners = [tuple(p) for p in sight.table.to_pixels(card_outline(card, units)).tolist()]
        colour = (150, 150, 150) if card.covered else (0, 220, 0)
        draw.polygon(corners, outline=colour, width=max(2, image.width // 400))
        left, top = min(x for x, _ in corners), min(y for _, y in corners)
        label = card.card_id + (" (covered)" if card.covered else "")
        box = draw.textbbox((left, top - 14), label)
        draw.rectangle(box, fill=(0, 0, 0))
        draw.text((left, top - 14), label, fill=colour)
    image.thumbnail((MAX_SIDE, MAX_SIDE))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    return out.getvalue()


def _picture(array: np.ndarray, pixel_format: str) -> Image.Image:
    if pixel_format.upper().startswith("YUV"):
        height = array.shape[0] * 2 // 3
        return Image.fromarray(np.ascontiguousarray(array[:height])).convert("RGB")
    if array.ndim == 2:
        return Image.fromarray(array).convert("RGB")
    return Image.fromarray(np.ascontiguousarray(array[:, :, ::-1]))  # BGR to RGB
