"""The triangle lattice: cells, orientation, faces and neighbours, checked against geometry."""

from __future__ import annotations

import math

import pytest

from engine.big_bang.lattice import (
    beyond, centroid, face_normal, nearest_cell, neighbours, normals, points_up, touching, turns,
)

SIDE = 100.0
H = SIDE * math.sqrt(3) / 2
CELLS = [(c, r) for c in range(-4, 5) for r in range(-3, 4)]


def corners(cell):
    """The triangle's corners, worked out from its centre and which way it points."""
    x, y = centroid(cell, SIDE)
    if points_up(cell):
        return [(x, y - 2 * H / 3), (x + SIDE / 2, y + H / 3), (x - SIDE / 2, y + H / 3)]
    return [(x - SIDE / 2, y - H / 3), (x + SIDE / 2, y - H / 3), (x, y + 2 * H / 3)]


def shared(a, b):
    return sum(1 for p in corners(a) for q in corners(b) if math.dist(p, q) < 1e-6)


@pytest.mark.parametrize("cell", CELLS)
def test_the_neighbours_are_exactly_the_cells_sharing_a_side(cell):
    near = [other for other in [(c, r) for c in range(-6, 7) for r in range(-5, 6)] if other != cell
            and shared(cell, other) == 2]
    assert sorted(neighbours(cell)) == sorted(near)
    assert all(points_up(n) != points_up(cell) for n in neighbours(cell))


@pytest.mark.parametrize("cell", CELLS)
def test_each_side_normal_points_from_the_centre_to_the_neighbour_beyond_it(cell):
    x, y = centroid(cell, SIDE)
    for normal in normals(cell):
        nx, ny = centroid(beyond(cell, normal), SIDE)
        assert math.degrees(math.atan2(ny - y, nx - x)) % 360 == pytest.approx(normal, abs=1e-9)
        assert math.dist((x, y), (nx, ny)) == pytest.approx(2 * H / 3)  # twice the inradius


def test_cells_tile_the_plane_without_overlap():
    """No two cells share a centre, and every point is nearest to the cell containing it."""
    centres = {tuple(round(v, 6) for v in centroid(cell, SIDE)) for cell in CELLS}
    assert len(centres) == len(CELLS)
    for cell in CELLS:
        x, y = centroid(cell, SIDE)
        assert nearest_cell(x + 3.0, y - 2.0, SIDE) == cell


def test_the_black_star_points_up_and_a_card_lies_three_ways_in_each_cell():
    assert points_up((0, 0)) and not points_up((1, 0)) and not points_up((0, 1))
    assert turns((0, 0)) == (0, 120, 240) and turns((1, 0)) == (180, 300, 60)


@pytest.mark.parametrize("cell", CELLS[:12])
def test_a_cards_faces_touch_each_neighbour_once_whichever_way_it_lies(cell):
    for turn in turns(cell):
        faces = [touching(cell, turn, other) for other in neighbours(cell)]
        assert sorted(faces) == [0, 1, 2]
        for face, other in zip(faces, neighbours(cell)):
            assert beyond(cell, face_normal(face, turn)) == other


def test_turning_a_card_a_third_moves_each_face_to_the_next_side():
    assert touching((0, 0), 0, (0, 1)) == 0  # printed upright: the base is at the bottom
    assert touching((0, 0), 120, (0, 1)) == 2  # a third clockwise: the right side comes down
    assert touching((1, 0), 180, (1, -1)) == 0  # a down cell: the base on top


def test_impossible_questions_are_refused():
    with pytest.raises(ValueError, match="turned"):
        touching((0, 0), 60, (1, 0))
    with pytest.raises(ValueError, match="share a side"):
        touching((0, 0), 0, (3, 0))
    with pytest.raises(ValueError, match="no side facing"):
        beyond((0, 0), 270)
