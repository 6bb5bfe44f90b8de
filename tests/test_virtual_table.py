"""The virtual table: real renders of the printed cards and mat, read by the real decoders."""

from __future__ import annotations

import doctest
import math

import numpy as np
import pytest

from engine.catalog import load_catalog
from station.printables.geometry import CARD_HEIGHT_MM, CARD_WIDTH_MM, CODE_SPOTS
from station.sim import virtual_table
from station.sim.virtual_table import CameraModel, Glare, Hand, Lighting, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.decode import make_decoder
from station.vision.markers import detect_markers

MAT = mat_layout("math-wars", 2)
CAMERA = CameraModel.seeing(700, 1920, 1080, mat=MAT)
TABLE = VirtualTable(CAMERA)
ZONES = {zone.name: zone for zone in MAT.zones}

EIGHT = (  # four on the mat's zones, four on the wooden table around it, turned every way
    PlacedCard("MW-A-N37", *ZONES["seat1.count-meta"].center, 0),
    PlacedCard("MW-A-A7", *ZONES["seat1.math-crate"].center, 4),
    PlacedCard("MW-B-N12", *ZONES["seat2.count-meta"].center, 180),
    PlacedCard("MW-B-M3", *ZONES["seat2.math-crate"].center, 176),
    PlacedCard("MW-A-N99", -120, 80, 35),
    PlacedCard("MW-A-N64", -150, 260, 90),
    PlacedCard("MW-C-N7", 320, 100, -20),
    PlacedCard("MW-D-D4", 300, 280, 60),
)


def payload(card_id: str) -> str:
    return load_catalog().card(card_id).payload


def code_centres(card: PlacedCard) -> list[tuple[float, float]]:
    """Where ``CODE_SPOTS`` puts the card's codes on the table, straight from the pose."""
    a = math.radians(card.angle)
    centres = []
    for spot in CODE_SPOTS:
        dx, dy = spot.center_x - CARD_WIDTH_MM / 2, spot.center_y - CARD_HEIGHT_MM / 2
        centres.append((card.x + dx * math.cos(a) - dy * math.sin(a), card.y + dx * math.sin(a) + dy * math.cos(a)))
    return centres


def texts(frame: np.ndarray) -> list[str]:
    return [read.text for read in DECODER.decode(frame)]


DECODER = make_decoder()


@pytest.fixture(scope="module")
def sharp() -> np.ndarray:
    return TABLE.render(Scene(MAT, EIGHT))


def test_every_card_reads_where_it_lies(sharp):
    reads = DECODER.decode(sharp)
    assert {read.text for read in reads} == {payload(card.card_id) for card in EIGHT}
    inverse = np.linalg.inv(CAMERA.homography())
    for read in reads:
        x, y, w = inverse @ [*read.center, 1.0]
        card = next(card for card in EIGHT if payload(card.card_id) == read.text)
        error = min(math.dist((x / w, y / w), centre) for centre in code_centres(card))
        assert error < 1.5, (read.text, error)


def test_mat_markers_are_found_at_their_corners(sharp):
    found = {read.id: read for read in detect_markers(sharp)}
    assert sorted(found) == [spot.id for spot in MAT.markers]
    for spot in MAT.markers:
        expected = CAMERA.table_to_image(spot.corners)
        assert np.abs(np.array(found[spot.id].corners) - expected).max() < 1.5, spot.id


def test_ground_truth_lists_every_card_with_both_codes(sharp):
    truth = TABLE.ground_truth(Scene(MAT, EIGHT))
    assert [t["id"] for t in truth] == [card.card_id for card in EIGHT]
    assert all(t["visible_codes"] == 2 and 0 <= t["angle"] < 180 for t in truth)
    assert truth[2]["angle"] == 0.0 and truth[6]["angle"] == 160.0  # half turns fold away


def test_same_scene_same_bytes_and_the_seed_moves_the_noise():
    table = VirtualTable(CameraModel.seeing(700, 640, 360, mat=MAT))
    scene = Scene(
        MAT,
        EIGHT[:3],
        hands=(Hand(300, 300, 400, angle=-40),),
        lighting=Lighting(0.9, 0.3, Glare(100, 100)),
        blur_px=0.7,
        noise=3.0,
        jpeg_quality=80,
        seed=7,
    )
    first = table.render(scene)
    assert first.shape == (360, 640, 3) and first.dtype == np.uint8
    assert np.array_equal(first, table.render(scene))
    assert not np.array_equal(
        table.render(Scene(MAT, EIGHT[:3], noise=3.0, seed=7)), table.render(Scene(MAT, EIGHT[:3], noise=3.0, seed=8))
    )


def test_a_hand_hides_the_card_under_it():
    under, beside = PlacedCard("MW-A-N37", 300, 150, 10), PlacedCard("MW-A-N12", -100, 150)
    scene = Scene(MAT, (under, beside), hands=(Hand(300, 150, 400, angle=-30),))
    read = texts(TABLE.render(scene))
    assert payload(under.card_id) not in read and payload(beside.card_id) in read
    assert [t["visible_codes"] for t in TABLE.ground_truth(scene)] == [0, 2]


def test_stacked_cards_hide_what_the_card_on_top_covers():
    half_under, half_over = PlacedCard("MW-A-N21", -150, 100), PlacedCard("MW-A-N22", -150 + CARD_WIDTH_MM / 2, 100)
    deep_under, deep_over = PlacedCard("MW-A-N23", 300, 250, 90), PlacedCard("MW-A-N24", 308, 260, 90)
    scene = Scene(MAT, (half_under, half_over, deep_under, deep_over))
    truth = {t["id"]: t["visible_codes"] for t in TABLE.ground_truth(scene)}
    # the right half covers the bottom-right code only; the near-whole cover hides both
    assert truth == {"MW-A-N21": 1, "MW-A-N22": 2, "MW-A-N23": 0, "MW-A-N24": 2}
    read = texts(TABLE.render(scene))
    assert {payload(c) for c in ("MW-A-N21", "MW-A-N22", "MW-A-N24")} <= set(read)
    assert read.count(payload("MW-A-N21")) == 1 and payload("MW-A-N23") not in read


def test_face_down_cards_show_no_code():
    down, up = PlacedCard("MW-A-N30", 92, 218, face_up=False), PlacedCard("MW-A-N31", 92, 123, 180)
    scene = Scene(MAT, (down, up))
    assert set(texts(TABLE.render(scene))) == {payload(up.card_id)}
    assert [(t["face_up"], t["visible_codes"]) for t in TABLE.ground_truth(scene)] == [(False, 0), (True, 2)]


def test_a_tilted_camera_sees_the_far_side_smaller_and_still_reads_the_middle():
    camera = CameraModel.seeing(700, 1920, 1080, tilt_deg=20, mat=MAT)
    far, near = camera.image_to_table([[959.5, 0], [959.5, 1079]])
    assert far[1] < near[1]  # the top of the image is the far side
    far_scale, near_scale = camera.px_per_mm(tuple(far)), camera.px_per_mm(tuple(near))
    assert far_scale[0] < near_scale[0] * 0.8 and far_scale[1] < near_scale[1] * 0.8
    # the same from the homography itself: a millimetre step at each edge
    h = camera.homography()

    def step(point):
        a, b = (h @ [*p, 1.0] for p in (point, point + [1.0, 0.0]))
        return math.dist(a[:2] / a[2], b[:2] / b[2])

    assert step(far) < step(near)
    read = set(texts(VirtualTable(camera).render(Scene(MAT, EIGHT))))
    assert {payload(card.card_id) for card in EIGHT[:4]} <= read


def test_blur_is_real():
    sharp_reads = set(texts(TABLE.render(Scene(MAT, EIGHT))))
    blurred_reads = set(texts(TABLE.render(Scene(MAT, EIGHT, blur_px=3.0))))
    assert len(blurred_reads) < len(sharp_reads)


def test_lens_distortion_round_trips():
    camera = CameraModel.seeing(700, 1280, 720, mat=MAT, k1=-0.15)
    points = np.array([[0.0, 0.0], [92.0, 171.0], [-200.0, 300.0], [400.0, 20.0]])
    pixels = camera.table_to_image(points)
    assert np.abs(camera.image_to_table(pixels) - points).max() < 1e-6
    straight = CameraModel.seeing(700, 1280, 720, mat=MAT).table_to_image(points)
    assert np.allclose(pixels[1], straight[1], atol=1.0)  # the centre does not move
    assert np.linalg.norm(pixels[2] - pixels[1]) < np.linalg.norm(straight[2] - straight[1])  # barrel pulls in


def test_no_mat_means_a_bare_table_centred_on_the_notional_area():
    table = VirtualTable(CameraModel.seeing(700, 640, 360))
    scene = Scene(None, (PlacedCard("MW-A-N5", 350, 197),))
    assert table.camera_for(scene).center_mm == (350.0, 197.0)
    frame = table.render(scene)
    assert frame.shape == (360, 640, 3) and detect_markers(frame) == []


def test_doctests():
    assert doctest.testmod(virtual_table).failed == 0
