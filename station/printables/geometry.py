"""Where the printer puts a rectangular card's value panels, in millimetres, beside the codes
the printed-item contract places (``station.printed.cards``: the card's size and its codes,
shared with the camera). Image axes: x to the right, y down, origin at the face's top-left.
"""

from __future__ import annotations

from dataclasses import dataclass

from station.printed.cards import CODE_MM, MODULE_MM, QR_MODULES, QUIET_MM, RECTANGLE, CodeSpot

__all__ = ["CARD_HEIGHT_MM", "CARD_WIDTH_MM", "CODE_MM", "CODE_SPOTS", "EDGE_MM", "MODULE_MM", "QR_MODULES",
           "QUIET_MM", "VALUE_PANEL", "VALUE_PANEL_TURNED", "Box", "CodeSpot"]

CARD_WIDTH_MM = RECTANGLE.width
CARD_HEIGHT_MM = RECTANGLE.height
CODE_SPOTS = RECTANGLE.codes


@dataclass(frozen=True)
class Box:
    """A rectangle on the face: left, top, width, height (mm)."""

    x: float
    y: float
    w: float
    h: float


EDGE_MM = 2.0  # ink keeps this far from the cut edge, so a slightly crooked cut loses nothing

# The two value panels fill the corners the codes leave free, each outside both quiet zones:
# top-right (read from the near side of the table) and bottom-left, turned (from the far side).
_PANEL_LEFT = QUIET_MM + CODE_MM + QUIET_MM
_PANEL_BOTTOM = CARD_HEIGHT_MM - QUIET_MM - CODE_MM - QUIET_MM
VALUE_PANEL = Box(_PANEL_LEFT, EDGE_MM, CARD_WIDTH_MM - EDGE_MM - _PANEL_LEFT, _PANEL_BOTTOM - EDGE_MM)
VALUE_PANEL_TURNED = Box(
    CARD_WIDTH_MM - VALUE_PANEL.x - VALUE_PANEL.w,
    CARD_HEIGHT_MM - VALUE_PANEL.y - VALUE_PANEL.h,
    VALUE_PANEL.w,
    VALUE_PANEL.h,
)
