"""From code reads to cards on the table: centres, angles, duplicates and foreign codes."""

from __future__ import annotations

import math

import pytest

from engine.catalog import Catalog, load_catalog, parse_manifest
from station.printed import cards as shapes
from station.printed.cards import MODULE_MM, QR_MODULES, RECTANGLE, CardShape, CodeSpot
from station.vision.decode import CodeRead
from station.vision.locate import Locator, locate
from station.vision.table_map import NO_MAT, TableMap

CATALOG = load_catalog()
SIDE = QR_MODULES * MODULE_MM


def code_reads(payload: str, x: float, y: float, angle: float, scale: float = 1.0, which=(0, 1),
               shape: CardShape = RECTANGLE) -> list[CodeRead]:
    """The reads a decoder gives for a card centred at (x, y) turned ``angle`` degrees clockwise."""
    rad = math.radians(angle)
    cos, sin = math.cos(rad), math.sin(rad)

    def on_table(fx: float, fy: float) -> tuple[float, float]:
        dx, dy = (fx - shape.centre[0]) * scale, (fy - shape.centre[1]) * scale
        return x + dx * cos - dy * sin, y + dx * sin + dy * cos

    reads = []
    for index in which:
        spot = shape.codes[index]
        h = SIDE / 2
        own = [(-h, -h), (h, -h), (h, h), (-h, h)]  # the code's own TL, TR, BR, BL
        turn = math.radians(spot.rotation)
        corners = tuple(
            on_table(spot.center_x + u * math.cos(turn) - v * math.sin(turn), spot.center_y + u * math.sin(turn) + v * math.cos(turn))
            for u, v in own
        )
        reads.append(CodeRead(payload, corners))
    return reads


MAT = TableMap(pixels_to_mm=__import__("numpy").eye(3))  # a table map that is already in mm


@pytest.mark.parametrize("angle", [0, 17, 90, 135, 180, 263])
@pytest.mark.parametrize("which", [(0, 1), (0,), (1,)])
def test_one_code_is_enough_for_the_centre_and_the_angle(angle, which):
    reads = code_reads("MCS1-MW-A-N37", 250.0, 120.0, angle, which=which)
    cards, foreign = locate(reads, MAT, CATALOG)
    assert foreign == [] and len(cards) == 1
    card = cards[0]
    assert (card.card_id, card.face, card.codes) == ("MW-A-N37", "COUNT META 37", len(which))
    assert card.x == pytest.approx(250.0, abs=1e-6) and card.y == pytest.approx(120.0, abs=1e-6)
    assert card.angle == pytest.approx(angle % 180, abs=1e-6)


def test_without_a_mat_positions_are_pixels_scaled_by_the_code_itself():
    reads = code_reads("MCS1-MW-B-D7", 900.0, 400.0, 30, scale=3.0)
    cards, _ = locate(reads, NO_MAT, CATALOG)
    assert len(cards) == 1 and cards[0].units == "px"
    assert (cards[0].x, cards[0].y) == (pytest.approx(900.0), pytest.approx(400.0))


def test_the_same_card_twice_far_apart_is_two_sightings():
    reads = code_reads("MCS1-MW-A-N5", 100, 100, 0) + code_reads("MCS1-MW-A-N5", 300, 100, 0, which=(1,))
    cards, _ = locate(reads, MAT, CATALOG)
    assert sorted((c.card_id, round(c.x), c.codes) for c in cards) == [("MW-A-N5", 100, 2), ("MW-A-N5", 300, 1)]


@pytest.mark.parametrize(
    "text, reason",
    [
        ("https://example.org/poster", "not a Math Card Station card"),
        ("MCS2-MW-A-N1", "payload version 2"),
        ("MCS1-ZZ-A-S1", "game code 'ZZ' is not a game this station knows"),
        ("MCS1-BB-A-S1", "Big Bang has no card 'S1'"),
        ("MCS1-MW-A-N101", "Math Wars Meta has no card 'N101'"),
    ],
)
def test_foreign_codes_are_reported_with_the_reason_never_as_cards(text, reason):
    reads = [CodeRead(text, ((10.0, 10.0), (40.0, 10.0), (40.0, 40.0), (10.0, 40.0)))]
    cards, foreign = locate(reads, MAT, CATALOG)
    assert cards == []
    assert [f.text for f in foreign] == [text] and reason in foreign[0].reason
    assert (foreign[0].x, foreign[0].y) == (25.0, 25.0)


def triangle(side: float = 100.0) -> CardShape:
    """An equilateral triangle pointing up, a code upright near its bottom edge and the other two
    turned a third and two thirds round its centre (the way a triangle card shows its number to
    each of its sides)."""
    h = side * math.sqrt(3) / 2
    centre = (side / 2, 2 * h / 3)
    spots = []
    for k in range(3):
        a = math.radians(120 * k)
        dx, dy = 0.0, h / 3 - SIDE / 2 - 6  # code 0: below the centre, clear of the bottom edge
        spots.append(CodeSpot(centre[0] + dx * math.cos(a) - dy * math.sin(a),
                              centre[1] + dx * math.sin(a) + dy * math.cos(a), 120 * k))
    return CardShape("test-triangle", side, h, ((side / 2, 0.0), (side, h), (0.0, h)), tuple(spots))


@pytest.mark.parametrize("angle", [0, 40, 60, 119, 200])
@pytest.mark.parametrize("which", [(0,), (1,), (2,), (0, 2), (0, 1, 2)])
def test_a_card_of_another_shape_is_located_from_any_of_its_codes(monkeypatch, angle, which):
    """Card shapes are data: a triangle with three codes is found at its centre, its angle given
    modulo a third of a turn, whichever codes were read."""
    shape = triangle()
    monkeypatch.setitem(shapes.SHAPES, shape.name, shape)
    deck = parse_manifest('''game = "toy"
code = "TY"
title = "Toy"
copies = "A"
[kinds.tri]
label = "TRI"
shape = "test-triangle"
[[cards]]
kind = "tri"
code = "T1"
number = "1"
''')
    reads = code_reads("MCS1-TY-A-T1", 300.0, 200.0, angle, which=which, shape=shape)
    (card,), foreign = locate(reads, MAT, Catalog([deck]))
    assert foreign == [] and card.codes == len(which) and card.period == 120
    assert (card.x, card.y) == (pytest.approx(300.0, abs=1e-6), pytest.approx(200.0, abs=1e-6))
    assert card.angle == pytest.approx(angle % 120, abs=1e-6)


def test_a_shape_whose_codes_are_not_spaced_evenly_is_refused():
    good = triangle()
    bent = good.codes[:2] + (CodeSpot(good.codes[2].center_x + 3, good.codes[2].center_y, 240),)
    with pytest.raises(shapes.ShapeError, match="code 2"):
        CardShape("bent", good.width, good.height, good.outline, bent)


def test_a_locator_asked_frame_after_frame_answers_exactly_as_locate_does():
    """The pipeline's ``Locator`` keeps what each read meant: frame after frame (cards laid and
    taken away, a card moved, a poster's code, one code read twice, the map found again) its
    answer is ``locate``'s, to the bit."""
    a = code_reads("MCS1-MW-A-N37", 250.0, 120.0, 17)
    b = code_reads("MCS1-MW-A-N5", 100.0, 100.0, 182, which=(1,))
    moved = code_reads("MCS1-MW-A-N5", 104.0, 97.0, 185, which=(1,))
    poster = [CodeRead("https://example.org/poster", ((10.0, 10.0), (40.0, 10.0), (40.0, 40.0), (10.0, 40.0)))]
    scaled = TableMap(pixels_to_mm=__import__("numpy").diag([0.5, 0.5, 1.0]))  # the camera moved: another map
    frames = [(a, MAT), (a + b, MAT), (a + b + poster, MAT), (b + a, MAT), (a + moved, MAT), (a + a[:1] + moved, MAT),
              (a + moved, scaled), (a + b, scaled), (poster, scaled), ([], scaled), (a, MAT)]
    locator = Locator(CATALOG)
    for reads, table in frames:
        assert locator(reads, table) == locate(reads, table, CATALOG)
    assert locator(a + moved, scaled)[0][0].x == pytest.approx(125.0, abs=1e-6)  # the new map, not the old one's answer
