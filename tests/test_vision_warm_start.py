"""A restart's first frame: the mat's markers kept in the state folder are read again where they
were (warm), and the whole-frame search (cold) is left for a mat or camera that moved."""

from __future__ import annotations

import json
import logging
import math

import pytest

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
