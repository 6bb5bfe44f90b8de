"""Big Bang's printed triangles: the deck prints nested (up, down, up … in rows sharing their cut
lines) and reads back as exactly its catalog, each code turned as its card lies on the sheet;
every number is printed three times, one upright from each side; a Rules card shows each
face's rule and greys its dead faces; the code's module is the other games' size."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from engine.catalog import load_catalog
from station.cli import main
from station.printables.looks import look_for
from station.printables.nesting import cut_lines
from station.printables.paper import PRINTER_MARGIN_MM, parse_paper
from station.printables.raster import card_pdf, rasterise, render_card
from station.printables.shaped_art import DEAD_GREY, corner_marks, sides
from station.printables.sheets import sheet_layout
from station.printed.cards import CODE_MM, MODULE_MM, RECTANGLE, TRIANGLE
from station.vision.decode import make_decoder

CATALOG = load_catalog()
DECK = CATALOG.game("big-bang")


def _angle(read) -> float:
    (x0, y0), (x1, y1) = read.corners[0], read.corners[1]
    return math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_triangles_nest_up_and_down_sharing_every_cut_inside_the_printer_margins(paper):
    layout = sheet_layout(parse_paper(paper), TRIANGLE)
    assert layout.per_page == 9 and (layout.columns, layout.rows) == (3, 3)
    assert [spot.turn for spot in layout.nest.placements[:3]] == [0, 180, 0]
    outlines = [layout.outline(index) for index in range(layout.per_page)]
    for outline in outlines:
        assert all(PRINTER_MARGIN_MM - 1e-6 <= x <= layout.paper.width - PRINTER_MARGIN_MM + 1e-6 and
                   PRINTER_MARGIN_MM - 1e-6 <= y <= layout.paper.height - PRINTER_MARGIN_MM + 1e-6 for x, y in outline)
    # 27 sides, but shared: 4 horizontal cuts and 6 slanted ones, each one straight line across
    assert len(layout.cuts()) == 10
    hairlines = sum(math.dist(cut.start, cut.end) for cut in cut_lines(outlines))
    assert hairlines < 0.75 * 27 * TRIANGLE.width  # a shared edge is cut once


def test_backs_lie_mirrored_behind_their_faces_for_a_long_edge_flip():
    layout = sheet_layout(parse_paper("a4"), TRIANGLE)
    for index in range(layout.per_page):
        face = sorted((round(layout.paper.width - x, 6), round(y, 6)) for x, y in layout.outline(index))
        back = sorted((round(x, 6), round(y, 6)) for x, y in layout.outline(index, back=True))
        assert face == back


def test_rectangles_still_print_in_their_plain_grid():
    layout = sheet_layout(parse_paper("a4"), RECTANGLE)
    assert (layout.columns, layout.rows, layout.upright, layout.per_page) == (3, 3, True, 9)
    assert {spot.turn for spot in layout.nest.placements} == {90}


@pytest.fixture(scope="module")
def big_bang_pdf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("print") / "big-bang.pdf"
    assert main(["cards", "print", "big-bang", "--paper", "letter", "--out", str(path)]) == 0
    return path


@pytest.mark.slow
@pytest.mark.parametrize("dpi", [150, 300])
def test_the_printed_deck_reads_back_as_exactly_its_catalog(big_bang_pdf, dpi):
    decoder = make_decoder()
    layout = sheet_layout(parse_paper("letter"), TRIANGLE)
    px = dpi / 25.4
    reads: Counter[str] = Counter()
    for number, page in enumerate(rasterise(big_bang_pdf, dpi)):
        found = decoder.decode(page)
        if number % 2:
            assert found == [], f"page {number + 1} (backs) shows codes"
            continue
        for read in found:
            reads[read.text] += 1
            x, y = read.center[0] / px, read.center[1] / px
            spot = min((layout.placement(i) for i in range(layout.per_page)), key=lambda p: math.dist((p.x, p.y), (x, y)))
            # the code sits at the card's centre, turned as the card lies: up 0°, down 180°
            assert math.dist((spot.x, spot.y), (x, y)) < 1.0
            assert min(abs(_angle(read) - spot.turn), 360 - abs(_angle(read) - spot.turn)) < 3
    expected = {card.payload for card in DECK.cards()}
    assert len(expected) == 35 * len(DECK.copies)
    assert set(reads) == expected and set(reads.values()) == {1}


def _code_width_px(card, dpi: int) -> float:
    reads = make_decoder().decode(render_card(card, dpi))
    assert reads and {read.text for read in reads} == {card.payload}
    xs, _ = zip(*reads[0].corners)
    return max(xs) - min(xs)


def test_the_code_has_the_same_module_size_as_every_other_game_and_its_quiet_zone_is_white():
    card = CATALOG.card("BB-A-N7G")
    px = 300 / 25.4
    width = _code_width_px(card, 300)
    for other in ("MW-A-N1", "MR-A-F1", "SU-A-N1A", "WC-A-N1A"):  # the rectangles the camera reads
        assert width == pytest.approx(_code_width_px(CATALOG.card(other), 300), abs=2)
    assert width / px == pytest.approx(CODE_MM, abs=2 / px)  # 21 modules of MODULE_MM
    image = np.asarray(render_card(card, 300).convert("L"))
    cx, cy = (v * px for v in TRIANGLE.centre)
    half = (CODE_MM / 2 + 4 * MODULE_MM) * px
    ring = image[round(cy - half):round(cy + half), round(cx - half):round(cx + half)].copy()
    inner = round(4 * MODULE_MM * px) - 1
    ring[inner:-inner, inner:-inner] = 255
    assert ring.min() > 200  # nothing but white within four modules of the code


def test_every_number_is_printed_three_times_each_facing_out_over_a_side():
    look = look_for("big-bang").shaped_face("number")
    marks = corner_marks(TRIANGLE, 0.7, look.corner_size)
    normals = []
    for a, b in sides(TRIANGLE):
        length = math.dist(a, b)
        normals.append(((b[1] - a[1]) / length, (a[0] - b[0]) / length))
    # corner k's words have their foot towards the side opposite it: read upright from there
    downs = [frame.down for frame in marks.frames]
    assert len(downs) == 3
    for down in downs:
        assert max(down[0] * n[0] + down[1] * n[1] for n in normals) == pytest.approx(1.0)
    assert len({min(range(3), key=lambda i: -(d[0] * normals[i][0] + d[1] * normals[i][1])) for d in downs}) == 3
    text = pdfium.PdfDocument(card_pdf(CATALOG.card("BB-A-N5C")))[0].get_textpage().get_text_range()
    assert text.count("5") == 3 and "SET A" in text


def test_a_rules_card_shows_each_faces_rule_and_greys_its_dead_faces():
    r2 = CATALOG.card("BB-B-R2")  # face 0 "3", face 1 "5", face 2 dead
    text = pdfium.PdfDocument(card_pdf(r2))[0].get_textpage().get_text_range()
    assert "3" in text and "5" in text and "DEAD" not in text.upper() and "B" in text
    image = np.asarray(render_card(r2, 150).convert("RGB")).astype(int)
    grey = np.array([int(DEAD_GREY.red * 255), int(DEAD_GREY.green * 255), int(DEAD_GREY.blue * 255)])
    is_grey = (np.abs(image - grey).sum(axis=2) < 12)
    height, width = is_grey.shape
    assert is_grey[:, width // 2:].sum() > 20 * is_grey[:, : width // 2].sum()  # the right side only
    r4 = CATALOG.card("BB-A-R4")  # no dead face
    plain = np.asarray(render_card(r4, 150).convert("RGB")).astype(int)
    assert (np.abs(plain - grey).sum(axis=2) < 12).sum() < 0.02 * is_grey.sum()  # a few edge pixels at most
    text = pdfium.PdfDocument(card_pdf(r4))[0].get_textpage().get_text_range()
    assert "2 4 6" in text and "1 3 5 7" in text and "ANY" in text
