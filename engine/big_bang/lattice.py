"""The triangle lattice Big Bang is played on: cells, which way each points, its three faces and
the cells beyond them. Pure geometry, in the lattice's own frame.

The frame is anchored on the Black Star: its centre is the origin and it points up (its apex
towards −y; x right, y down, as on the mat). Cell ``(col, row)`` points up when ``col + row`` is
even, down otherwise; the Black Star is cell ``(0, 0)``. A row is a strip of triangles of height
``h = side·√3/2`` alternating up and down, each half a side to the right of the last.

A card lying in a cell is turned by a multiple of 60°: 0°, 120° or 240° in an up cell (an up
triangle turned a third of a turn is the same triangle), 60°, 180° or 300° in a down one. Its
faces are numbered as printed, pointing up: face 0 the base, face 1 the left side, face 2 the
right side — each a third of a turn clockwise from the last. Turning is clockwise (y down).

>>> neighbours((0, 0))
((0, 1), (-1, 0), (1, 0))
>>> centroid((1, 0), side=100.0)
(50.0, -28.867513459481287)
>>> touching((0, 0), 0, (1, 0))
2
"""

from __future__ import annotations

import math

Cell = tuple[int, int]

SQRT3 = math.sqrt(3)
#: The outward normal of face 0 (the base) of a card printed pointing up, degrees clockwise from +x.
BASE_NORMAL = 90


def points_up(cell: Cell) -> bool:
    return (cell[0] + cell[1]) % 2 == 0


def centroid(cell: Cell, side: float) -> tuple[float, float]:
    """Where a card in ``cell`` has its centre (the point the camera reports), in mm."""
    col, row = cell
    h = side * SQRT3 / 2
    return col * side / 2, row * h - (0.0 if points_up(cell) else h / 3)


def normals(cell: Cell) -> tuple[int, int, int]:
    """The outward normals of the cell's three sides, degrees, as faces 0, 1, 2 of a card lying
    in it unturned (up cell) or turned half a turn (down cell)."""
    start = BASE_NORMAL if points_up(cell) else BASE_NORMAL + 180
    return start % 360, (start + 120) % 360, (start + 240) % 360


def beyond(cell: Cell, normal: int) -> Cell:
    """The cell across the side of ``cell`` whose outward normal is ``normal`` degrees."""
    col, row = cell
    step = {90: (0, 1), 270: (0, -1), 210: (-1, 0), 150: (-1, 0), 330: (1, 0), 30: (1, 0)}
    if normal % 360 not in step or normal % 360 not in normals(cell):
        raise ValueError(f"cell {cell} has no side facing {normal}°")
    dc, dr = step[normal % 360]
    return col + dc, row + dr


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing a side with ``cell``, in the order of ``normals``."""
    a, b, c = (beyond(cell, n) for n in normals(cell))
    return a, b, c


def turns(cell: Cell) -> tuple[int, int, int]:
    """The ways a card may lie in ``cell``: degrees clockwise from printed-upright."""
    start = 0 if points_up(cell) else 180
    return start, (start + 120) % 360, (start + 240) % 360


def face_normal(face: int, turn: int) -> int:
    """The outward normal of a card's ``face`` when the card is turned ``turn`` degrees."""
    return (BASE_NORMAL + 120 * face + turn) % 360


def touching(cell: Cell, turn: int, other: Cell) -> int:
    """Which face of a card in ``cell``, turned ``turn``, lies against ``other`` (a neighbour)."""
    if turn % 360 not in turns(cell):
        raise ValueError(f"a card in cell {cell} lies turned {', '.join(map(str, turns(cell)))}°, not {turn}°")
    for face in range(3):
        if beyond(cell, face_normal(face, turn)) == other:
            return face
    raise ValueError(f"cells {cell} and {other} do not share a side")


def nearest_cell(x: float, y: float, side: float) -> Cell:
    """The cell whose centre lies nearest the point (mm, lattice frame)."""
    h = side * SQRT3 / 2
    row_guess, col_guess = round(y / h), round(x / (side / 2))
    candidates = [(c, r) for r in range(row_guess - 1, row_guess + 2) for c in range(col_guess - 2, col_guess + 3)]
    return min(candidates, key=lambda cell: math.dist(centroid(cell, side), (x, y)))
