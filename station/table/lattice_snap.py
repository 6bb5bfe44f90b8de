"""A triangle card seen on the table, snapped to Big Bang's lattice: which cell it lies in and how
it is turned, measured from the Black Star's own position and angle (``engine.big_bang.lattice``).

There are no fixed zones: the lattice is anchored on the Black Star wherever it lies and however
it is turned, so a card is first brought into the star's frame (its offset turned back by the
star's angle, its angle less the star's), then matched to the nearest cell and to the nearest
of the three turns that cell allows (0°, 120°, 240° in an up cell; 60°, 180°, 300° in a down
one). A card a little off is snapped; one too far from its cell's centre (between cells) or
turned too far from an allowed turn (not lined up, or pointing the wrong way for the cell) is
off the lattice, and the adapter asks the player to line it up.

Angles are degrees clockwise (image axes, y down), as ``station.vision.locate`` reports them:
a triangle's one code gives its full turn (its sighting's ``period`` is 360°).

>>> from types import SimpleNamespace as Seen
>>> snap(Seen(x=350.0, y=171.1, angle=181.0), Seen(x=300.0, y=200.0, angle=0.0))
Snapped(cell=(1, 0), turn=180, offset_mm=0.03, turned_by=1.0)
>>> snap(Seen(x=325.0, y=186.0, angle=0.0), Seen(x=300.0, y=200.0, angle=0.0)).why
'between cells'
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from collections.abc import Sequence
from typing import Protocol

from engine.big_bang.lattice import Cell, centroid, nearest_cell, turns
from station.printed.cards import TRIANGLE

#: How far a card's centre may lie from its cell's (mm): neighbouring cells' centres are 57.7 mm
#: apart (twice the inradius), so a card this far off still sits clearly in one cell.
POSITION_TOLERANCE_MM = 10.0
#: How far a card may be turned from an allowed turn (degrees): at 10° its corners stand
#: 10 mm off their places, as far as the centre may.
ANGLE_TOLERANCE_DEG = 10.0


class Posed(Protocol):
    """A card's centre and angle on the table (a ``CardSighting``, a tracked card)."""

    x: float
    y: float
    angle: float


@dataclass(frozen=True)
class Snapped:
    """The card lies in ``cell`` turned ``turn`` (one of ``lattice.turns(cell)``), its centre
    ``offset_mm`` from the cell's and its angle ``turned_by`` degrees from the turn."""

    cell: Cell
    turn: int
    offset_mm: float
    turned_by: float


@dataclass(frozen=True)
class OffLattice:
    """The card sits on no cell: ``why`` is "between cells" or "turned"; ``nearest`` is the cell
    it is closest to, for a message or a map."""

    why: str
    nearest: Cell
    offset_mm: float
    turned_by: float


def star_frame(x: float, y: float, star: Posed) -> tuple[float, float]:
    """The point (table units) in the lattice's frame: from the star's centre, turned back by
    the star's angle."""
    a = math.radians(-star.angle)
    dx, dy = x - star.x, y - star.y
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def snap(card: Posed, star: Posed, *, side: float = TRIANGLE.width,
         position_tolerance: float = POSITION_TOLERANCE_MM,
         angle_tolerance: float = ANGLE_TOLERANCE_DEG) -> Snapped | OffLattice:
    """Where ``card`` lies on the lattice anchored on ``star`` (both in the same table units,
    millimetres on a mat; ``side`` and ``position_tolerance`` in those units too)."""
    x, y = star_frame(card.x, card.y, star)
    cell = nearest_cell(x, y, side)
    offset = math.dist((x, y), centroid(cell, side))
    relative = (card.angle - star.angle) % 360
    turn = min(turns(cell), key=lambda t: _apart(relative, t))
    turned_by = _apart(relative, turn)
    rounded = round(offset, 2), round(turned_by, 2)
    if offset > position_tolerance:
        return OffLattice("between cells", cell, *rounded)
    if turned_by > angle_tolerance:
        return OffLattice("turned", cell, *rounded)
    return Snapped(cell, turn, *rounded)


@dataclass(frozen=True)
class Anchor:
    """Where the lattice lies: the Black Star's centre and angle, seen or worked out."""

    x: float
    y: float
    angle: float


def anchor_from(placed: Sequence[tuple[Posed, Cell, int]], *, side: float = TRIANGLE.width) -> Anchor | None:
    """The lattice's anchor worked out from cards already placed (each seen where it lies, with
    the cell and turn it was placed in): each says where the star must be (its angle less its
    turn; its centre less its cell's offset, turned by that angle); the mean of them all, so one
    card nudged moves it little. None without any."""
    if not placed:
        return None
    xs, ys, angles = [], [], []
    for card, cell, turn in placed:
        angle = (card.angle - turn) % 360
        a = math.radians(angle)
        dx, dy = centroid(cell, side)
        xs.append(card.x - (dx * math.cos(a) - dy * math.sin(a)))
        ys.append(card.y - (dx * math.sin(a) + dy * math.cos(a)))
        angles.append(a)
    mean_angle = math.degrees(math.atan2(sum(map(math.sin, angles)), sum(map(math.cos, angles)))) % 360
    return Anchor(sum(xs) / len(xs), sum(ys) / len(ys), mean_angle)


def _apart(a: float, b: float) -> float:
    """How far apart two angles are, degrees in [0, 180]."""
    d = (a - b) % 360
    return min(d, 360 - d)
