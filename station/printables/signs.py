"""Small drawn signs for card panels, so a child reads a card without reading words: an arrow up
or down or an equals sign (a set ascending, descending or all equal), stars, and the Advanced
badge (a lightning bolt on a white disc).

Each is a filled path in the canvas's current fill colour, drawn in a y-up frame in millimetres.
"""

from __future__ import annotations

import math

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from engine.errors import CatalogError

SIGNS = ("up", "down", "equal")
BADGES = ("bolt",)
CORNER_SIGNS = ("star",)  # signs a shaped card may show in its corners (station.printables.shaped_art)
ARROW_WIDTH = 0.8  # against the sign's height
EQUALS_WIDTH = 0.85

# A lightning bolt in a unit disc (y up): top tip, zig left, zag right, bottom tip, and back.
_BOLT = [(0.22, 0.86), (-0.42, -0.06), (-0.02, -0.06), (-0.22, -0.86), (0.42, 0.12), (0.02, 0.12)]


def sign_width(name: str, height: float) -> float:
    """How wide the sign ``name`` is at ``height``."""
    check_sign(name)
    return height * (EQUALS_WIDTH if name == "equal" else ARROW_WIDTH)


def check_sign(name: str) -> None:
    if name not in SIGNS:
        raise CatalogError(f"a panel sign is one of {', '.join(SIGNS)}, not {name!r}")


def draw_sign(c: Canvas, name: str, left: float, bottom: float, height: float) -> None:
    """``up``: an arrow up (each card larger than the one before it, as the rule sheet's up
    arrows say); ``down``: an arrow down; ``equal``: an equals sign (every card the same value)."""
    width = sign_width(name, height)
    path = c.beginPath()
    if name == "equal":
        bar = height * 0.2
        for y in (bottom + height * 0.18, bottom + height * 0.82 - bar):
            path.rect(left, y, width, bar)
    else:
        head, shaft = height * 0.5, width * 0.4
        outline = [(0.5, 1.0), (1.0, 1 - head / height), (0.5 + shaft / width / 2, 1 - head / height),
                   (0.5 + shaft / width / 2, 0.0), (0.5 - shaft / width / 2, 0.0),
                   (0.5 - shaft / width / 2, 1 - head / height), (0.0, 1 - head / height)]
        for index, (x, y) in enumerate(outline):
            point = (left + x * width, bottom + (y if name == "up" else 1 - y) * height)
            path.moveTo(*point) if index == 0 else path.lineTo(*point)
        path.close()
    c.drawPath(path, stroke=0, fill=1)


def draw_star(c: Canvas, cx: float, cy: float, radius: float) -> None:
    """A five-pointed star, point up."""
    path = c.beginPath()
    for index in range(10):
        r = radius if index % 2 == 0 else radius * 0.45
        angle = math.pi / 2 + index * math.pi / 5
        x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
        path.moveTo(x, y) if index == 0 else path.lineTo(x, y)
    path.close()
    c.drawPath(path, stroke=0, fill=1)


def draw_badge(c: Canvas, name: str, cx: float, cy: float, radius: float, ink: colors.Color) -> None:
    """The badge ``name`` ("bolt": a lightning bolt in ``ink`` on a white disc)."""
    if name not in BADGES:
        raise CatalogError(f"a badge is one of {', '.join(BADGES)}, not {name!r}")
    c.saveState()
    c.setFillColor(colors.white)
    c.circle(cx, cy, radius, stroke=0, fill=1)
    c.setFillColor(ink)
    path = c.beginPath()
    for index, (x, y) in enumerate(_BOLT):
        point = (cx + x * radius, cy + y * radius)
        path.moveTo(*point) if index == 0 else path.lineTo(*point)
    path.close()
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()
