"""Where things sit on a printed card, in millimetres: the contract between the printed card and
the camera (vision turns a code's corners into the card's centre and angle with these numbers).

A card is 63 x 88 mm, the size of a poker card, so standard sleeves fit and nine go on a sheet.
Its face is designed in landscape, 88 mm wide and 63 mm tall, with image axes: x to the right,
y down, origin at the face's top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass

CARD_WIDTH_MM = 88.0
CARD_HEIGHT_MM = 63.0

QR_MODULES = 21  # QR version 1
MODULE_MM = 1.4  # -> a 29.4 mm code; see docs/printing.md for camera resolution and height
QUIET_MODULES = 4  # the QR standard's quiet zone, kept white on the card itself
CODE_MM = QR_MODULES * MODULE_MM
QUIET_MM = QUIET_MODULES * MODULE_MM


@dataclass(frozen=True)
class CodeSpot:
    """One printed QR code: its centre on the face and how far it is turned (degrees, clockwise)."""

    center_x: float
    center_y: float
    rotation: int


# Like a playing card's indices: top-left upright, bottom-right turned half a turn, so a card
# fanned over its neighbour or half under a hand still shows one whole code.
CODE_SPOTS = (
    CodeSpot(QUIET_MM + CODE_MM / 2, QUIET_MM + CODE_MM / 2, 0),
    CodeSpot(CARD_WIDTH_MM - QUIET_MM - CODE_MM / 2, CARD_HEIGHT_MM - QUIET_MM - CODE_MM / 2, 180),
)


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
