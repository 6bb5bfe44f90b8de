"""Big Bang's triangles on rendered camera frames, read with the real decoder: where each card
lies and which way it points, snapped to the lattice anchored on its Black Star. A whole
tableau of 28 numbers and the star at 1920x1080 lands every card in its cell and turn; a card a
little off is snapped, one between cells or turned is off the lattice; a race's two tableaux,
each on its own star, are read apart."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest

from engine.big_bang.lattice import Cell, centroid, turns
from engine.catalog import load_catalog
from station.sim.virtual_table import CameraModel, PlacedCard, Scene, VirtualTable
from station.table.lattice_snap import OffLattice, Snapped, snap
from station.table.mat import MatLayout, mat_layout
from station.vision.decode import make_decoder
from station.vision.images import as_gray
from station.vision.locate import CardSighting, locate
from station.vision.markers import detect_markers
from station.vision.table_map import map_from_markers

CATALOG = load_catalog()
SIDE = 100.0
SOLO, RACE = mat_layout("big-bang", 1), mat_layout("big-bang", 2)


def tableau_cells() -> list[Cell]:
    """29 cells round the star: 4 rows of 8 (rows -1..2, columns -4..3), three corners left out."""
    cells = [(c, r) for r in range(-1, 3) for c in range(-4, 4)]
    cells.sort(key=lambda cell: math.dist(centroid(cell, SIDE), (-25.0, 29.0)))
    return cells[:29]


def lay(copy: str, star_at: tuple[float, float], star_angle: float, seed: int,
        cells: Sequence[Cell] | None = None) -> tuple[list[PlacedCard], dict[str, tuple[Cell, int]]]:
    """Every card of a set in its cell with one of the cell's turns, each a little crooked as a
    child lays it (up to 1.5 mm and 2°); returns the cards and the truth (card -> cell, turn)."""
    rng = random.Random(seed)
    numbers = [c for c in CATALOG.game("big-bang").cards([copy]) if c.face.kind == "number"]
    cells = list(cells or tableau_cells())
    truth: dict[str, tuple[Cell, int]] = {f"BB-{copy}-STAR": ((0, 0), 0)}
    cards = [PlacedCard(f"BB-{copy}-STAR", *star_at, star_angle)]
    others = [cell for cell in cells if cell != (0, 0)]
    a = math.radians(star_angle)
    for card, cell in zip(numbers, others):
        turn = rng.choice(turns(cell))
        lx, ly = centroid(cell, SIDE)
        lx, ly = lx + rng.uniform(-1, 1), ly + rng.uniform(-1, 1)
        x = star_at[0] + lx * math.cos(a) - ly * math.sin(a)
        y = star_at[1] + lx * math.sin(a) + ly * math.cos(a)
        cards.append(PlacedCard(card.id, x, y, (star_angle + turn + rng.uniform(-2, 2)) % 360))
        truth[card.id] = (cell, turn)
    return cards, truth


def seen(mat: MatLayout, cards: Sequence[PlacedCard], width_px: int = 1920, height_px: int = 1080) -> list[CardSighting]:
    """The frame rendered, its mat markers found, its codes decoded and located in mat mm."""
    camera = CameraModel.seeing(mat.width, width_px, height_px, mat=mat)
    frame = VirtualTable(camera).render(Scene(mat, tuple(cards)))
    gray = as_gray(frame)
    table = map_from_markers(mat, detect_markers(gray))
    assert table.markers_seen == 4
    sightings, foreign = locate(make_decoder().decode(gray), table, CATALOG)
    assert foreign == []
    return sightings


def snapped(sightings: Sequence[CardSighting], copy: str) -> dict[str, Snapped | OffLattice]:
    star = next(s for s in sightings if s.card_id == f"BB-{copy}-STAR")
    return {s.card_id: snap(s, star) for s in sightings if s.card_id.startswith(f"BB-{copy}-")}


@pytest.mark.slow
def test_a_whole_tableau_at_1920x1080_lands_every_card_in_its_cell_and_turn():
    area = SOLO.zone("seat1.tableau")
    cards, truth = lay("A", (area.x + area.w / 2 + 25, area.y + area.h / 2 - 25), 3.0, seed=1)
    assert len(cards) == 29
    found = snapped(seen(SOLO, cards), "A")
    assert set(found) == set(truth)  # every card read, once
    wrong = {card: spot for card, spot in found.items()
             if not isinstance(spot, Snapped) or (spot.cell, spot.turn) != truth[card]}
    assert wrong == {}
    worst = max(spot.offset_mm for spot in found.values() if isinstance(spot, Snapped))
    assert worst < 4.0  # a child's 1.5 mm plus what the camera adds


@pytest.mark.slow
def test_triangles_point_every_one_of_six_ways_and_vision_tells_which():
    area = SOLO.zone("seat1.tableau")
    star_at, star_angle = (area.x + 140, area.y + 120), 0.0
    cells = [(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0)]  # down, up, down, up, down, up
    wanted = [60, 0, 180, 120, 300, 240]
    numbers = [c.id for c in CATALOG.game("big-bang").cards(["B"]) if c.face.kind == "number"][:6]
    cards = [PlacedCard("BB-B-STAR", *star_at, star_angle)]
    for card, cell, turn in zip(numbers, cells, wanted):
        lx, ly = centroid(cell, SIDE)
        cards.append(PlacedCard(card, star_at[0] + lx, star_at[1] + ly, turn))
    found = snapped(seen(SOLO, cards), "B")
    assert [(found[c].cell, found[c].turn) for c in numbers] == list(zip(cells, wanted))


@pytest.mark.slow
def test_a_card_a_little_off_is_snapped_and_one_far_off_is_flagged():
    area = SOLO.zone("seat1.tableau")
    star_at = (area.x + area.w / 2, area.y + area.h / 2)
    star = PlacedCard("BB-A-STAR", *star_at, 0.0)
    (ax, ay), (bx, by) = centroid((1, 0), SIDE), centroid((-2, 0), SIDE)
    (cx, cy), (dx, dy) = centroid((-3, 0), SIDE), centroid((0, -1), SIDE)
    cards = [
        star,
        PlacedCard("BB-A-N5A", star_at[0] + ax + 5, star_at[1] + ay - 4, 186.0),  # a little off: snapped
        PlacedCard("BB-A-N4A", star_at[0] + (bx + cx) / 2, star_at[1] + (by + cy) / 2, 90.0),  # between two cells
        PlacedCard("BB-A-N6A", star_at[0] + dx, star_at[1] + dy, 210.0),  # in its cell, turned 30° off
    ]
    found = snapped(seen(SOLO, cards), "A")
    assert isinstance(found["BB-A-N5A"], Snapped) and (found["BB-A-N5A"].cell, found["BB-A-N5A"].turn) == ((1, 0), 180)
    assert isinstance(found["BB-A-N4A"], OffLattice) and found["BB-A-N4A"].why == "between cells"
    assert isinstance(found["BB-A-N6A"], OffLattice) and found["BB-A-N6A"].why == "turned"
    assert found["BB-A-N6A"].nearest == (0, -1)


@pytest.mark.slow
def test_a_race_reads_two_tableaux_each_on_its_own_star():
    left, right = RACE.zone("seat1.tableau"), RACE.zone("seat2.tableau")
    cells = [cell for cell in tableau_cells() if -3 <= cell[0] <= 3 and -1 <= cell[1] <= 1][:13]
    a_cards, a_truth = lay("A", (left.x + left.w / 2, left.y + left.h / 2), 352.0, seed=2, cells=cells)
    b_cards, b_truth = lay("B", (right.x + right.w / 2, right.y + right.h / 2), 15.0, seed=3, cells=cells)
    sightings = seen(RACE, a_cards + b_cards, 2304, 1296)  # the race mat wants the wider image (docs/mats.md)
    for copy, truth in (("A", a_truth), ("B", b_truth)):
        found = snapped(sightings, copy)
        assert {card: (spot.cell, spot.turn) for card, spot in found.items() if isinstance(spot, Snapped)} == truth
    # each tableau lies in its own player's area
    assert all(left.contains(s.x, s.y) for s in sightings if s.card_id.startswith("BB-A-"))
    assert all(right.contains(s.x, s.y) for s in sightings if s.card_id.startswith("BB-B-"))


def test_the_mat_has_a_play_area_a_draw_pile_and_a_discard_box_per_player_clear_of_its_markers():
    from station.table.mat import games_with_mats, mat_spec

    for mat, seats in ((SOLO, 1), (RACE, 2)):
        for seat in range(1, seats + 1):
            assert [mat.zone(f"seat{seat}.{kind}").role for kind in ("tableau", "draw", "discard")] == ["area", "pile", "box"]
        for zone in mat.zones:
            assert 0 <= zone.x and zone.x + zone.w <= mat.width and 0 <= zone.y and zone.y + zone.h <= mat.height
            for marker in mat.markers:  # a zone keeps the marker's white margin clear
                assert (zone.x >= marker.x + marker.size + 6 or zone.x + zone.w <= marker.x - 6
                        or zone.y >= marker.y + marker.size + 6 or zone.y + zone.h <= marker.y - 6)
    assert RACE.zone("seat1.tableau").x + RACE.zone("seat1.tableau").w <= RACE.zone("seat2.tableau").x  # side by side
    others = [game for game in games_with_mats() if game != "big-bang"]
    taken = {spec.marker_id(n, corner) for spec in map(mat_spec, others)
             for n in range(spec.min_seats, spec.max_seats + 1) for corner in range(4)}
    assert taken.isdisjoint(mat_spec("big-bang").marker_ids)


def test_a_whole_tableau_out_of_focus_at_2_px_is_read_and_snapped_with_every_frame_warned():
    """A lens knocked soft (blur 2 px, a Gaussian sigma: 0.57 of a code module here) melts the
    triangles' codes past what zxing-cpp reads; the pipeline undoes the blur it measures on the
    mat's markers and reads nine in ten of the cards or more, every one in its own cell and turn,
    no wrong ID, and says the picture is too soft on every frame from the first."""
    from station.vision.pipeline import CardPipeline

    area = SOLO.zone("seat1.tableau")
    cards, truth = lay("A", (area.x + area.w / 2 + 25, area.y + area.h / 2 - 25), 3.0, seed=1)
    table = VirtualTable(CameraModel.seeing(SOLO.width, 1920, 1080, mat=SOLO))
    frames = [table.render(Scene(SOLO, tuple(cards), blur_px=2.0, noise=2.0, seed=seed)) for seed in (1, 2)]
    pipeline = CardPipeline()
    observations = [pipeline.observe(frames[n % 2]) for n in range(4)]
    assert all(any("too soft" in warning for warning in o.warnings) for o in observations)
    found = snapped(observations[0].cards, "A")
    assert set(found) <= set(truth) and len(found) >= 0.9 * len(truth)
    assert {card: (spot.cell, spot.turn) for card, spot in found.items() if isinstance(spot, Snapped)} == \
        {card: truth[card] for card in found}
