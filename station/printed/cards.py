"""Card shapes: where things sit on a printed card, in millimetres, for the printer and the camera.

Every shape is drawn in its face's own axes: x to the right, y down, origin at the top-left
corner of its bounding box. A shape carries its QR codes spaced evenly round its centre (each
turned by 360/n degrees from the first), so a code read anywhere on a card tells where the
card's centre is and how it is turned: vision needs nothing else. A card kind names its shape in
its deck manifest (``[kinds.<kind>] shape = "..."``, rectangle by default).

>>> RECTANGLE.symmetry, RECTANGLE.centre
(2, (44.0, 31.5))
>>> shape_named("rectangle") is RECTANGLE
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]

QR_MODULES = 21  # QR version 1
MODULE_MM = 1.4  # -> a 29.4 mm code; see docs/printing.md for camera resolution and height
QUIET_MODULES = 4  # the QR standard's quiet zone, kept white on the card itself
CODE_MM = QR_MODULES * MODULE_MM
QUIET_MM = QUIET_MODULES * MODULE_MM


class ShapeError(ValueError):
    """A card shape that does not exist, or whose codes are not spaced evenly round its centre."""


@dataclass(frozen=True)
class CodeSpot:
    """One printed QR code: its centre on the face and how far it is turned (degrees, clockwise)."""

    center_x: float
    center_y: float
    rotation: int


@dataclass(frozen=True)
class CardShape:
    """A card's cut outline (corners clockwise from the top-left, face mm), its bounding box
    and its codes. ``centre`` is the point the codes turn about (the centroid of the outline)."""

    name: str
    width: float
    height: float
    outline: tuple[Point, ...]
    codes: tuple[CodeSpot, ...]

    def __post_init__(self) -> None:
        cx, cy = self.centre
        first = self.codes[0]
        for index, spot in enumerate(self.codes):
            turn = 360 * index / len(self.codes)
            if (spot.rotation - first.rotation - turn) % 360:
                raise ShapeError(f"{self.name}: code {index} is turned {spot.rotation}°, not {first.rotation + turn:g}°")
            expected = turned((first.center_x - cx, first.center_y - cy), turn)
            if math.dist((spot.center_x - cx, spot.center_y - cy), expected) > 1e-6:
                raise ShapeError(f"{self.name}: code {index} is not code 0 turned {turn:g}° about the centre")

    @property
    def symmetry(self) -> int:
        """How many ways the card looks the same turned: a code read means the card is turned by
        its code's angle, give or take a multiple of 360 / symmetry degrees."""
        return len(self.codes)

    @property
    def fills_box(self) -> bool:
        """True for a card cut as its whole bounding box (a rectangle)."""
        box = {(0.0, 0.0), (self.width, 0.0), (self.width, self.height), (0.0, self.height)}
        return {(float(x), float(y)) for x, y in self.outline} == box

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.outline)
        return sum(xs) / len(xs), sum(ys) / len(ys)

    def centre_from_code(self) -> Point:
        """From code 0's centre to the card's centre, in code 0's own (unturned) frame."""
        spot = self.codes[0]
        return turned((self.centre[0] - spot.center_x, self.centre[1] - spot.center_y), -spot.rotation)


def turned(vector: Point, degrees: float) -> Point:
    """``vector`` turned ``degrees`` clockwise on the face (y down)."""
    a = math.radians(degrees)
    return vector[0] * math.cos(a) - vector[1] * math.sin(a), vector[0] * math.sin(a) + vector[1] * math.cos(a)


#: 63 x 88 mm, the size of a poker card (standard sleeves fit, nine go on a sheet), its face
#: designed in landscape, 88 x 63. Like a playing card's indices, one code top-left upright and one
#: bottom-right turned half a turn, so a card fanned over its neighbour or half under a hand still
#: shows one whole code.
RECTANGLE = CardShape(
    "rectangle", 88.0, 63.0, ((0.0, 0.0), (88.0, 0.0), (88.0, 63.0), (0.0, 63.0)),
    (CodeSpot(QUIET_MM + CODE_MM / 2, QUIET_MM + CODE_MM / 2, 0),
     CodeSpot(88.0 - QUIET_MM - CODE_MM / 2, 63.0 - QUIET_MM - CODE_MM / 2, 180)),
)

#: Big Bang's equilateral triangle, 100 mm a side, printed pointing up. One code at its centre,
#: upright (its top towards the apex): the code alone tells the card's centre and which of the
#: lattice's six ways it lies (``engine.big_bang.lattice``), and triangles laid edge to edge never
#: cover each other's codes. The inradius is 28.9 mm; the code's modules reach 20.1 mm from the
#: centre towards a slanted side, so 8.8 mm of white (more than the 4-module quiet zone) is left.
#: The card's number stands in each corner, facing the opposite side.
TRIANGLE_SIDE = 100.0
_TRIANGLE_HEIGHT = TRIANGLE_SIDE * math.sqrt(3) / 2
TRIANGLE = CardShape(
    "triangle", TRIANGLE_SIDE, _TRIANGLE_HEIGHT,
    ((TRIANGLE_SIDE / 2, 0.0), (TRIANGLE_SIDE, _TRIANGLE_HEIGHT), (0.0, _TRIANGLE_HEIGHT)),
    (CodeSpot(TRIANGLE_SIDE / 2, 2 * _TRIANGLE_HEIGHT / 3, 0),),
)

SHAPES: dict[str, CardShape] = {RECTANGLE.name: RECTANGLE, TRIANGLE.name: TRIANGLE}


def shape_named(name: str) -> CardShape:
    try:
        return SHAPES[name]
    except KeyError:
        raise ShapeError(f"no card shape {name!r} (shapes: {', '.join(SHAPES)})") from None


def shape_of(card: object) -> CardShape:
    """The shape of a catalog card (or face): its kind's, from the deck manifest."""
    face = getattr(card, "face", card)
    return shape_named(getattr(face, "shape", RECTANGLE.name))
