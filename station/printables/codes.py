"""A card's QR code drawn where its shape says (``station.printed.cards``), and the white square
round it (the quiet zone) that every design keeps clear."""

from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from station.printed.cards import CODE_MM, MODULE_MM, QUIET_MM, CodeSpot

Polygon = tuple[tuple[float, float], ...]


def draw_code(c: Canvas, modules: list[list[bool]], spot: CodeSpot) -> None:
    """Dark modules as one filled path of row runs (no seams between squares), turned about the
    code's centre as the spot says; face millimetres, y down."""
    size = len(modules)
    half = size * MODULE_MM / 2
    c.saveState()
    c.translate(spot.center_x, spot.center_y)
    c.rotate(spot.rotation)
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
            path.rect(start * MODULE_MM - half, row * MODULE_MM - half, (col - start) * MODULE_MM, MODULE_MM)
    c.setFillColor(colors.black)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def quiet_zone(spot: CodeSpot) -> Polygon:
    """The code with its quiet zone: the square that must stay white, turned as the code is."""
    half = CODE_MM / 2 + QUIET_MM
    a = math.radians(spot.rotation)
    cos, sin = math.cos(a), math.sin(a)
    return tuple((spot.center_x + x * cos - y * sin, spot.center_y + x * sin + y * cos)
                 for x, y in ((-half, -half), (half, -half), (half, half), (-half, half)))
