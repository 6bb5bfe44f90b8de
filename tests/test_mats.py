"""The play mat: its layout (zones, seats, corner markers, marker IDs), and the printed PDF read
back by the camera's marker detector, page by page, as a printer and a camera would."""

from __future__ import annotations

import doctest
import itertools
import sys
import types
from pathlib import Path

import pytest

from engine.games import GAMES
from station.printables.mat_pdf import OVERLAP_MM, mat_page_pdf, plan_tiles, split_span, write_mat_pdf
from station.printables.output import OutputError
from station.printables.paper import PaperError, parse_paper
from station.printables.raster import rasterise
from station.table import mat as mat_module
from station.table.mat import CORNERS, MatError, games_with_mats, identify_mat, marker_id, mat_layout, mat_spec
from station.vision.markers import CELLS, MarkersUnavailable, detect_markers, marker_cells

SEAT_COUNTS = range(2, 9)


def overlaps(a, b) -> bool:
    """Two rectangles (x, y, w, h) share some area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


# --- layout ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_every_seat_has_both_piles_inside_the_mat_and_no_zones_overlap(seats) -> None:
    layout = mat_layout("math-wars", seats)
    names = [f"seat{n}.{kind}" for n in range(1, seats + 1) for kind in ("count-meta", "math-crate")]
    assert [zone.name for zone in layout.zones] == names
    for zone in layout.zones:
        assert 0 <= zone.x and zone.x + zone.w <= layout.width and 0 <= zone.y and zone.y + zone.h <= layout.height
        assert (zone.w, zone.h) == (100, 75)
        assert zone.label == {"count-meta": "COUNT META", "math-crate": "MATH CRATE"}[zone.kind]
    for a, b in itertools.combinations(layout.zones, 2):
        assert not overlaps((a.x, a.y, a.w, a.h), (b.x, b.y, b.w, b.h)), (a.name, b.name)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_seats_face_each_other_count_meta_towards_the_centre(seats) -> None:
    layout = mat_layout("math-wars", seats)
    middle = layout.height / 2
    near = [n for n in range(1, seats + 1) if layout.seat_zones(n)[0].facing == 0]
    assert near == list(range(1, (seats + 1) // 2 + 1))  # the near row takes the odd seat
    for seat in range(1, seats + 1):
        count, crate = layout.seat_zones(seat)
        assert count.facing == crate.facing and count.x == crate.x
        assert abs(count.center[1] - middle) < abs(crate.center[1] - middle)  # the expression reads 37 over +7
        assert (count.center[1] > middle) == (count.facing == 0)  # the near row lies on the near half
    xs = [layout.seat_zones(n)[0].x for n in range(1, seats + 1)]
    assert xs[: len(near)] == sorted(xs[: len(near)])  # near row: left to right
    assert xs[len(near) :] == sorted(xs[len(near) :], reverse=True)  # far row: right to left, round the table


def test_the_biggest_mat_fits_a_camera_seeing_70_cm_at_16_9() -> None:
    layout = mat_layout("math-wars", 8)
    assert layout.width <= 600 and layout.height <= 380
    assert mat_layout("math-wars") == mat_layout("math-wars", 2)  # the default


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_markers_sit_in_the_corners_with_white_around_them(seats) -> None:
    layout = mat_layout("math-wars", seats)
    assert [m.corner for m in layout.markers] == list(CORNERS)
    assert [m.id for m in layout.markers] == [marker_id("math-wars", seats, k) for k in range(4)]
    for spot in layout.markers:
        cell = spot.size / CELLS
        assert spot.size == 30
        padded = (spot.x - cell, spot.y - cell, spot.size + 2 * cell, spot.size + 2 * cell)
        assert padded[0] >= 0 and padded[1] >= 0
        assert padded[0] + padded[2] <= layout.width and padded[1] + padded[3] <= layout.height
        assert not any(overlaps(padded, (z.x, z.y, z.w, z.h)) for z in layout.zones)
        side = ("bottom" if spot.y > layout.height / 2 else "top", "right" if spot.x > layout.width / 2 else "left")
        assert spot.corner == "-".join(side)
        assert spot.corners[0] == (spot.x, spot.y) and spot.corners[2] == (spot.x + 30, spot.y + 30)


def test_zone_at_finds_the_pile_under_a_point() -> None:
    layout = mat_layout("math-wars", 4)
    for zone in layout.zones:
        assert layout.zone_at(*zone.center) is zone
    assert layout.zone_at(1, 1) is None


@pytest.mark.parametrize(
    ("game", "seats", "words"),
    [
        ("chess", 2, ["unknown game 'chess'", "math-wars"]),
        ("big-bang", 3, ["Big Bang mat is for 1–2 players", "not 3"]),
        ("math-wars", 1, ["2–8 players", "not 1"]),
        ("math-wars", 9, ["2–8 players", "not 9"]),
        ("math-wars", True, ["2–8 players"]),
    ],
)
def test_a_mat_that_does_not_exist_says_which_do(game, seats, words) -> None:
    with pytest.raises(MatError) as caught:
        mat_layout(game, seats)
    assert all(word in str(caught.value) for word in words), str(caught.value)


def test_marker_ids_name_the_mat_for_every_game_and_seat_count() -> None:
    seen: set[int] = set()
    mats = [(game, seats) for game in games_with_mats()
            for seats in range(mat_spec(game).min_seats, mat_spec(game).max_seats + 1)]
    assert ("math-wars", 2) in mats
    for game, seats in mats:
        ids = [marker_id(game, seats, corner) for corner in range(4)]
        assert all(0 <= i < 250 for i in ids) and not seen & set(ids)
        seen |= set(ids)
        assert identify_mat(ids) == (game, seats)
        assert identify_mat(ids[2:3]) == (game, seats)  # one marker is enough: hands cover the rest
        assert identify_mat([249, *ids[:2]]) == (game, seats)  # IDs no mat uses are ignored
    assert identify_mat([]) is None
    assert identify_mat([249]) is None
    assert identify_mat([marker_id("math-wars", 2, 0), marker_id("math-wars", 4, 1)]) is None  # two mats


def test_printed_math_wars_mats_keep_their_marker_ids() -> None:
    """Mats printed before games became plug-ins carry IDs 64 + 4 (seats - 1) + corner: they
    are data in the mat file now, not derived from the order of the games."""
    for seats in SEAT_COUNTS:
        assert [m.id for m in mat_layout("math-wars", seats).markers] == [64 + 4 * (seats - 1) + k for k in range(4)]
    printed = next(rasterise(mat_page_pdf(mat_layout("math-wars", 2)), 150))  # as today's mats print
    reads = detect_markers(printed)
    assert [r.id for r in reads] == [68, 69, 70, 71]
    assert identify_mat(r.id for r in reads) == ("math-wars", 2)


def test_marker_ids_do_not_depend_on_the_order_of_the_games(monkeypatch) -> None:
    from engine.games import GameInfo, Registry

    reordered = Registry(reversed(list(GAMES.values())))
    monkeypatch.setattr(mat_module, "GAMES", reordered)
    assert [m.id for m in mat_layout("math-wars", 3).markers] == [72, 73, 74, 75]
    assert identify_mat([73]) == ("math-wars", 3)
    assert isinstance(reordered["math-wars"], GameInfo)


def test_mat_module_examples() -> None:
    assert doctest.testmod(mat_module).failed == 0


# --- markers -----------------------------------------------------------------------------------


def test_marker_cells_come_from_opencv_with_a_black_border() -> None:
    cells = marker_cells(0)
    assert len(cells) == CELLS and all(len(row) == CELLS for row in cells)
    assert all(cells[0]) and all(cells[-1]) and all(row[0] and row[-1] for row in cells)
    inner = {tuple(tuple(row[1:-1]) for row in marker_cells(i)[1:-1]) for i in range(250)}
    assert len(inner) == 250
    with pytest.raises(ValueError, match="0-249"):
        marker_cells(250)


def test_without_opencv_markers_say_how_to_install_it(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "cv2", None)
    with pytest.raises(MarkersUnavailable, match="python3-opencv"):
        marker_cells(0)
    with pytest.raises(ImportError, match="bootstrap"):
        detect_markers(tmp_path)
    out = tmp_path / "mat.pdf"
    with pytest.raises(MarkersUnavailable):
        write_mat_pdf(mat_layout("math-wars", 2), parse_paper("a4"), out)
    assert list(tmp_path.iterdir()) == []


MARKER_68 = ["######", "#.####", "##.#.#", "#.##.#", "#..###", "######"]  # DICT_4X4_250's ID 68, as OpenCV draws it


def test_the_old_opencv_api_of_raspberry_pi_os_draws_and_finds_the_same_markers(monkeypatch) -> None:
    """OpenCV 4.6 (Bookworm) has drawMarker, detectMarkers and DetectorParameters_create only.
    On a newer OpenCV that API is played by the new one; on 4.6 itself (scripts/test-pi-stack.sh)
    the real one is used. Either way the marker drawn is the one a newer OpenCV draws."""
    import cv2

    new = cv2.aruco
    if hasattr(new, "ArucoDetector"):
        old = types.ModuleType("aruco")
        vars(old).update(
            DICT_4X4_250=new.DICT_4X4_250,
            Dictionary_get=new.getPredefinedDictionary,
            drawMarker=lambda d, i, side, borderBits: new.generateImageMarker(d, i, side, borderBits=borderBits),
            DetectorParameters_create=new.DetectorParameters,
            detectMarkers=lambda image, d, parameters: new.ArucoDetector(d, parameters).detectMarkers(image),
        )
        fake = types.ModuleType("cv2")  # the rest of OpenCV as it is
        vars(fake).update({name: getattr(cv2, name) for name in dir(cv2) if not name.startswith("__")}, aruco=old)
        monkeypatch.setitem(sys.modules, "cv2", fake)
    assert ["".join("#" if black else "." for black in row) for row in marker_cells(68)] == MARKER_68

    import numpy as np

    image = np.full((120, 120), 255, np.uint8)
    image[30:90, 30:90] = np.kron(np.array(marker_cells(68), np.uint8) ^ 1, np.ones((10, 10), np.uint8)) * 255
    (read,) = detect_markers(image)
    assert read.id == 68 and read.corners[0] == pytest.approx((30, 30), abs=1.5)


# --- the PDF, read back ------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "paper", "pages"), [(2, "a4", 2), (8, "a4", 4), (2, "letter", 2), (8, "letter", 4)])
def test_each_marker_is_read_back_from_exactly_one_page(tmp_path, seats, paper, pages) -> None:
    layout = mat_layout("math-wars", seats)
    out = tmp_path / "mat.pdf"
    calls: list[tuple[int, int]] = []
    written = write_mat_pdf(layout, parse_paper(paper), out, progress=lambda done, total: calls.append((done, total)))
    assert written == pages
    assert calls == [(n, pages) for n in range(1, pages + 1)]
    expected = sorted(spot.id for spot in layout.markers)
    for dpi in (150, 300):
        found = []
        images = list(rasterise(out, dpi))
        assert len(images) == pages
        for image in images:
            found += [read.id for read in detect_markers(image)]
        assert sorted(found) == expected, (dpi, found)


def test_the_whole_mat_seen_by_the_camera_gives_the_markers_where_the_layout_puts_them(tmp_path) -> None:
    """One big page, rendered at 1920 px across 70 cm: 14 px per marker cell."""
    layout = mat_layout("math-wars", 8)
    paper = parse_paper("420x600mm")
    out = tmp_path / "mat.pdf"
    assert write_mat_pdf(layout, paper, out) == 1
    dpi = 1920 / 700 * 25.4
    px_per_mm = dpi / 25.4
    image = next(rasterise(out, dpi))
    left, top = (paper.height - layout.width) / 2, (paper.width - layout.height) / 2  # landscape, centred
    reads = detect_markers(image)
    assert [r.id for r in reads] == [m.id for m in layout.markers]
    for read, spot in zip(reads, layout.markers):
        seen = [(x / px_per_mm - left, y / px_per_mm - top) for x, y in read.corners]
        assert seen == [pytest.approx(corner, abs=1.0) for corner in spot.corners]


def test_tiles_overlap_and_keep_markers_out_of_the_overlaps() -> None:
    for seats, paper in itertools.product((2, 3, 5, 8), ("a4", "letter", "a5", "a3")):
        layout = mat_layout("math-wars", seats)
        plan = plan_tiles(layout, parse_paper(paper))
        for spans in (plan.columns, plan.rows):
            assert spans[0][0] == 0
            assert all(b[0] == pytest.approx(a[1] - OVERLAP_MM) for a, b in itertools.pairwise(spans))
        for spot in layout.markers:
            box = (spot.x - 5, spot.y - 5, spot.size + 10, spot.size + 10)
            inside = [
                t for t in plan.tiles
                if t.x <= box[0] and box[0] + box[2] <= t.x + t.w and t.y <= box[1] and box[1] + box[3] <= t.y + t.h
            ]
            touching = [t for t in plan.tiles if overlaps(box, (t.x, t.y, t.w, t.h))]
            assert len(inside) == len(touching) == 1, (seats, paper, spot)
    assert len(plan_tiles(mat_layout("math-wars", 8), parse_paper("a4")).tiles) == 4  # landscape beats 3x2 portrait


def test_the_tile_grid_shifts_when_an_even_grid_would_cut_something_to_keep_clear() -> None:
    spans = split_span(500, 200, 15, [(170, 230)])
    assert spans == [(0, 170), (155, 355), (340, 500)]
    even = split_span(500, 200, 15, [])
    assert even is not None
    assert [x for span in even for x in span] == pytest.approx([0, 176.67, 161.67, 338.33, 323.33, 500], abs=0.01)
    assert split_span(100, 120, 15, []) == [(0, 100)]
    assert split_span(500, 40, 15, [(0, 60)]) is None


def test_an_unwritable_output_or_a_tiny_paper_leaves_no_file(tmp_path) -> None:
    layout = mat_layout("math-wars", 2)
    with pytest.raises(OutputError, match="does not exist"):
        write_mat_pdf(layout, parse_paper("a4"), tmp_path / "missing" / "mat.pdf")
    with pytest.raises(OutputError, match="folder"):
        write_mat_pdf(layout, parse_paper("a4"), tmp_path)
    for tiny in ("40x40mm", "50x50mm"):
        with pytest.raises(PaperError, match="too small"):
            write_mat_pdf(layout, parse_paper(tiny), tmp_path / "mat.pdf")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_file_stays_as_it_was_when_the_paper_is_too_small(tmp_path) -> None:
    out = tmp_path / "mat.pdf"
    out.write_bytes(b"old")
    with pytest.raises(PaperError):
        write_mat_pdf(mat_layout("math-wars", 2), parse_paper("40x40mm"), Path(out))
    assert out.read_bytes() == b"old" and list(tmp_path.iterdir()) == [out]


def test_a_mat_says_who_it_is_for_in_words():
    from station.table.mat import players_text

    assert players_text(mat_layout("big-bang", 1)) == "for 1 player"  # a solo game
    assert players_text(mat_layout("big-bang", 2)) == "for 2 players"
    assert players_text(mat_layout("math-rush", 1)) == "for the whole team"


@pytest.mark.parametrize("game", sorted(games_with_mats()))
def test_a_mat_spends_its_toner_on_markers_and_outlines_not_on_grey_areas(game) -> None:
    """Zones are outlined, never filled: outside its corner markers a mat is mostly white paper."""
    spec = mat_spec(game)
    for seats in {spec.min_seats, spec.max_seats}:
        layout = mat_layout(game, seats)
        dpi = 60
        page = next(rasterise(mat_page_pdf(layout), dpi)).convert("L")
        px = dpi / 25.4
        for spot in layout.markers:  # the markers print exactly as the camera needs them
            margin = spot.size / CELLS
            page.paste(255, (int((spot.x - margin) * px), int((spot.y - margin) * px),
                             int((spot.x + spot.size + margin) * px) + 1, int((spot.y + spot.size + margin) * px) + 1))
        ink = sum((255 - value) * count for value, count in enumerate(page.histogram())) / (255 * page.width * page.height)
        assert ink < 0.03, f"{game} for {seats}: {ink:.1%} of the page inked outside the markers"
