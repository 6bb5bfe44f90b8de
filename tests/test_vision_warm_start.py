"""A restart's first frame: the mat's markers kept in the state folder are read again where they
were (warm), and the whole-frame search (cold) is left for a mat or camera that moved."""

from __future__ import annotations

import json
import logging
import math

import numpy as np
import pytest

from station.sim.scenario import default_table_mm
from station.sim.virtual_table import CameraModel, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.mat_memory import MARKERS_NAME, MarkerMemory
from station.vision.pipeline import CardPipeline, PipelineSettings

MAT = mat_layout("math-wars", 2)
TABLE = VirtualTable(CameraModel.seeing(700, 1920, 1080, mat=MAT))
ZONES = {zone.name: (zone.x + zone.w / 2, zone.y + zone.h / 2) for zone in MAT.zones}
CARDS = (
    PlacedCard("MW-A-N37", *ZONES["seat1.count-meta"], 3),
    PlacedCard("MW-B-N15", *ZONES["seat2.count-meta"], 184),
)
FRAME = TABLE.render(Scene(MAT, CARDS, noise=2.0, seed=1))


def memory(tmp_path, camera: str = "usb:0") -> MarkerMemory:
    return MarkerMemory(tmp_path / MARKERS_NAME, camera=camera)


def first_run(tmp_path) -> None:
    """The station's last run before the restart: it found the mat, and kept its markers."""
    first = CardPipeline(memory=memory(tmp_path)).observe(FRAME)
    assert first.markers == "cold" and first.table.markers_seen == 4


def assert_cards_on_the_mat(observation) -> None:
    assert observation.table.markers_seen == 4 and len(observation.cards) == len(CARDS)
    for placed in CARDS:
        seen = next(c for c in observation.cards if c.card_id == placed.card_id)
        assert math.hypot(seen.x - placed.x, seen.y - placed.y) < 1.0


def test_a_restart_with_the_mat_unmoved_reads_its_first_frame_warm_and_every_card(tmp_path):
    first_run(tmp_path)
    restarted = CardPipeline(memory=memory(tmp_path))
    observation = restarted.observe(TABLE.render(Scene(MAT, CARDS, noise=2.0, seed=2)))
    assert observation.markers == "warm"  # no search across the frame
    assert_cards_on_the_mat(observation)


def test_a_mat_moved_while_the_station_was_off_is_found_by_the_cold_search_and_kept_for_the_next_start(tmp_path):
    first_run(tmp_path)
    moved = VirtualTable(CameraModel.seeing(700, 1920, 1080, center_mm=(MAT.width / 2 + 60, MAT.height / 2 - 30)))
    frame = moved.render(Scene(MAT, CARDS, noise=2.0, seed=3))
    observation = CardPipeline(memory=memory(tmp_path)).observe(frame)
    assert observation.markers == "cold"
    assert_cards_on_the_mat(observation)
    assert CardPipeline(memory=memory(tmp_path)).observe(frame).markers == "warm"


@pytest.mark.parametrize("camera, size", [("usb:1", (1920, 1080)), ("usb:0", (1280, 720))])
def test_another_camera_or_frame_size_starts_cold(tmp_path, camera, size):
    first_run(tmp_path)
    table = VirtualTable(CameraModel.seeing(700, *size, mat=MAT))
    observation = CardPipeline(memory=memory(tmp_path, camera)).observe(table.render(Scene(MAT, CARDS)))
    assert observation.markers == "cold" and observation.table.markers_seen == 4


@pytest.mark.parametrize("damage", [
    "{not json",
    '{"layout": 1, "camera": "usb:0", "size": [1920, 1080], "markers": [{"id": 3, "corners": [[1, 2]]}]}',
    '{"layout": 1, "camera": "usb:0", "size": [1920, 1080], "markers": [{"id": 3, "corners": [[1, 2], [3, 4], [5, 6], [9e9, 1]]}]}',
    '[1, 2, 3]',
    "\udcff",
])
def test_a_damaged_file_is_ignored_with_a_log_line_and_the_mat_found_all_the_same(tmp_path, caplog, damage):
    (tmp_path / MARKERS_NAME).write_bytes(damage.encode("utf-8", "surrogateescape"))
    with caplog.at_level(logging.WARNING, logger="station.vision"):
        observation = CardPipeline(memory=memory(tmp_path)).observe(FRAME)
    assert observation.markers == "cold"
    assert_cards_on_the_mat(observation)
    assert any(MARKERS_NAME in record.getMessage() and "across the frame" in record.getMessage() for record in caplog.records)
    kept = json.loads((tmp_path / MARKERS_NAME).read_text())  # written again whole: the next start is warm
    assert sorted(m["id"] for m in kept["markers"]) == sorted(m.id for m in MAT.markers)


def test_a_still_table_does_not_write_the_file_again(tmp_path):
    pipeline = CardPipeline(settings=PipelineSettings(full_pass_every=1), memory=memory(tmp_path))
    pipeline.observe(FRAME)
    path = tmp_path / MARKERS_NAME
    path.write_text("changed by hand\n")
    for seed in range(4, 8):  # sensor noise, nothing moved
        pipeline.observe(TABLE.render(Scene(MAT, CARDS, noise=2.0, seed=seed)))
    assert path.read_text() == "changed by hand\n"


# --- the cold search: among the dark squares first, then as OpenCV sees the picture -------------


def test_the_cold_search_finds_the_mat_among_the_dark_squares_alone():
    """The cards' dark labels are painted out before OpenCV looks: the markers are what is left."""
    from station.vision.markers import _aruco, _search

    gray = FRAME.mean(axis=2).astype("uint8")
    assert sorted(m.id for m in _search(_aruco(), gray, only_squares=True)) == sorted(m.id for m in MAT.markers)


@pytest.mark.parametrize("game", ["math-wars", "math-rush", "sum", "whos-counting", "big-bang"])
def test_the_cold_search_reads_each_games_mat_from_its_dark_squares_without_opencvs_detector(game):
    """Each game's widest mat filled with its cards: the dark squares outlined at 480 px and read
    at full resolution give the mat's four markers, none from the cards' QR codes, with the
    corners OpenCV's detector and the full-resolution confirmation give (the map does not move)."""
    from station.vision.markers import _aruco, _confirm, _search, _square_candidates

    mat, cards = _filled_mat(game)
    gray = VirtualTable(CameraModel.seeing(default_table_mm(mat), 1920, 1080, mat=mat)).render(
        Scene(mat, cards, noise=2.0, seed=3)).mean(axis=2).astype("uint8")
    found = {m.id: m for m in _square_candidates(gray)}
    assert sorted(found) == sorted(m.id for m in mat.markers)
    for coarse in _search(_aruco(), gray, only_squares=True):
        opencv = _confirm(gray, coarse)
        assert opencv is not None
        assert max(math.dist(p, q) for p, q in zip(found[opencv.id].corners, opencv.corners)) < 0.1


@pytest.mark.parametrize("turn", [17, 45, 90, 200])
def test_a_mat_turned_in_the_picture_gives_its_markers_with_their_corners_in_order(turn):
    """A camera turned about its axis (the picture turned): each marker is still found, and its
    first corner is still the printed top-left, so the map does not turn the table round."""
    import cv2

    from station.vision.markers import find_markers

    turned = cv2.warpAffine(FRAME, cv2.getRotationMatrix2D((960, 540), turn, 0.75), (1920, 1080), borderValue=(90, 90, 90))
    upright = {m.id: m for m in find_markers(FRAME).markers}
    back = cv2.invertAffineTransform(cv2.getRotationMatrix2D((960, 540), turn, 0.75))
    markers = find_markers(turned).markers
    assert sorted(m.id for m in markers) == sorted(upright)
    for marker in markers:
        corners = cv2.transform(np.float64([marker.corners]), back)[0]
        assert max(math.dist(p, q) for p, q in zip(corners, upright[marker.id].corners)) < 2.0


def _filled_mat(game: str):
    """``game``'s widest mat with its cards on a grid, clear of the corner markers (as the
    benchmark lays it)."""
    import random

    from engine.catalog import load_catalog
    from station.printed.cards import shape_of

    mat = mat_layout(game, {"math-wars": 8, "math-rush": 1, "sum": 3, "whos-counting": 3, "big-bang": 1}[game])
    deck = load_catalog().game(game).cards()
    shape = shape_of(deck[0])
    dx, dy = shape.width + 8, shape.height + 6
    spots = [(10 + dx / 2 + col * dx, 10 + dy / 2 + row * dy)
             for row in range(int((mat.height - 10) // dy)) for col in range(int((mat.width - 10) // dx))]
    spots = [(x, y) for x, y in spots if not any(abs(x - m.x - m.size / 2) < dx / 2 + m.size / 2 and
                                                 abs(y - m.y - m.size / 2) < dy / 2 + m.size / 2 for m in mat.markers)]
    ids = random.Random(game).sample([c.id for c in deck], len(spots))
    return mat, tuple(PlacedCard(card_id, x, y, 180 * (n % 2) + 3) for n, (card_id, (x, y)) in enumerate(zip(ids, spots)))


def test_a_state_folder_that_cannot_be_written_costs_only_the_warm_start_and_is_said_once(tmp_path, caplog):
    (tmp_path / "file").write_text("not a folder")
    kept = MarkerMemory(tmp_path / "file" / MARKERS_NAME, camera="usb:0")
    from station.vision.markers import detect_markers

    found = detect_markers(FRAME)
    assert len(found) == 4
    with caplog.at_level(logging.WARNING, logger="station.vision"):
        kept.keep((1920, 1080), found)
        kept.keep((1920, 1080), found[1:])  # the mat moved: written again, and again it cannot be
    assert [r.getMessage().startswith("mat markers not kept") for r in caplog.records] == [True]
    assert kept.recall((1920, 1080)) == []
