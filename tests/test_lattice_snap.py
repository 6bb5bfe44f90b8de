"""Snapping a triangle card seen on the table to Big Bang's lattice, anchored on the Black Star
wherever it lies and however it is turned: a card a little off is snapped to its cell and turn;
one between cells or turned off a multiple of 60° is off the lattice."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from engine.big_bang.lattice import centroid, points_up, turns
from station.table.lattice_snap import ANGLE_TOLERANCE_DEG, POSITION_TOLERANCE_MM, OffLattice, Snapped, snap

SIDE = 100.0
CELLS = [(c, r) for r in range(-2, 3) for c in range(-4, 5)]


@dataclass(frozen=True)
class Seen:
    x: float
    y: float
    angle: float


def on_table(cell, turn, star: Seen, dx=0.0, dy=0.0, turned=0.0) -> Seen:
    """Where a card in ``cell`` turned ``turn`` (lattice frame) lies on the table."""
    lx, ly = centroid(cell, SIDE)
    lx, ly = lx + dx, ly + dy
    a = math.radians(star.angle)
    return Seen(star.x + lx * math.cos(a) - ly * math.sin(a), star.y + lx * math.sin(a) + ly * math.cos(a),
                (star.angle + turn + turned) % 360)


@pytest.mark.parametrize("star", [Seen(300.0, 200.0, 0.0), Seen(412.5, 180.25, 37.0), Seen(90.0, 310.0, 301.5)])
def test_every_cell_and_every_turn_snaps_back_wherever_the_star_lies(star):
    for cell in CELLS:
        for turn in turns(cell):
            assert snap(on_table(cell, turn, star), star) == Snapped(cell, turn, 0.0, 0.0)


def test_a_card_a_little_off_is_snapped_to_its_cell_and_turn():
    star = Seen(300.0, 200.0, 12.0)
    found = snap(on_table((2, 1), 60, star, dx=4.0, dy=-5.0, turned=-7.0), star)
    assert isinstance(found, Snapped) and (found.cell, found.turn) == ((2, 1), 60)
    assert found.offset_mm == pytest.approx(math.hypot(4, 5), abs=0.01) and found.turned_by == pytest.approx(7.0)


def test_a_card_between_two_cells_is_off_the_lattice():
    star = Seen(300.0, 200.0, 0.0)
    (ax, ay), (bx, by) = centroid((0, 0), SIDE), centroid((1, 0), SIDE)
    between = Seen(star.x + (ax + bx) / 2, star.y + (ay + by) / 2, 0.0)
    found = snap(between, star)
    assert isinstance(found, OffLattice) and found.why == "between cells"
    just_out = snap(on_table((1, 0), 180, star, dx=POSITION_TOLERANCE_MM + 0.5), star)
    assert isinstance(just_out, OffLattice) and just_out.why == "between cells" and just_out.nearest == (1, 0)


@pytest.mark.parametrize("turned", [ANGLE_TOLERANCE_DEG + 1, 30.0, -25.0, 60.0])
def test_a_card_turned_off_a_multiple_of_sixty_or_the_wrong_way_for_its_cell_is_off_the_lattice(turned):
    star = Seen(300.0, 200.0, 0.0)
    found = snap(on_table((0, 1), 180, star, turned=turned), star)  # 60° more points it up in a down cell
    assert isinstance(found, OffLattice) and found.why == "turned" and found.nearest == (0, 1)


def test_the_stars_own_cell_points_up_and_takes_any_of_its_three_turns():
    star = Seen(0.0, 0.0, 0.0)
    assert points_up((0, 0))
    assert [snap(Seen(0.0, 0.0, t), star).turn for t in (0.0, 120.0, 240.0)] == [0, 120, 240]


def test_a_card_right_at_the_tolerances_is_still_snapped_and_reported_to_a_hundredth():
    star = Seen(0.0, 0.0, 0.0)  # cell (0, 0)'s centre is the star's: offsets are exact
    assert snap(Seen(POSITION_TOLERANCE_MM, 0.0, 0.0), star) == Snapped((0, 0), 0, POSITION_TOLERANCE_MM, 0.0)
    assert snap(Seen(0.0, 0.0, ANGLE_TOLERANCE_DEG), star) == Snapped((0, 0), 0, 0.0, ANGLE_TOLERANCE_DEG)
    assert snap(Seen(0.0, 0.0, 360 - ANGLE_TOLERANCE_DEG), star) == Snapped((0, 0), 0, 0.0, ANGLE_TOLERANCE_DEG)
    assert snap(Seen(1.2345, 0.0, 3.4567), star) == Snapped((0, 0), 0, 1.23, 3.46)
    assert snap(Seen(0.0, 0.0, ANGLE_TOLERANCE_DEG + 0.01), star).why == "turned"
