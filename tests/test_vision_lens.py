"""The camera's lens calibrated on the printed ChArUco board, and positions undistorted with it:
a Camera Module 3 Wide's barrel distortion (the virtual camera's ``WIDE_LENS``) bends the mat's
edges away from what one homography maps; once calibrated, cards at the mat's edges are placed
as closely as by a distortion-free camera. Real rendered frames, the real decoder."""

from __future__ import annotations

import functools
import json
import math
from pathlib import Path

import cv2
import numpy as np
import pytest

from station.printed.calibration_board import board_image
from station.sim.board_view import board_view
from station.sim.virtual_table import WIDE_LENS, CameraModel, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.lens import LENS_NAME, Lens, LensError, board_corners, calibrate_lens, load_lens, save_lens
from station.vision.pipeline import CardPipeline

MAT = mat_layout("math-wars", 8)  # 508 x 342 mm
WIDE = CameraModel.seeing(560, 1920, 1080, mat=MAT, **WIDE_LENS)  # hung lower: the wide lens fills the picture
PINHOLE = CameraModel.seeing(700, 1920, 1080, mat=MAT)
# cards along every edge of the mat, clear of its corner markers, and one in the middle
EDGES = tuple(PlacedCard(f"MW-{'ABCD'[i % 4]}-N{i + 1}", x, y, 180 * (i % 2) + (i % 3) - 1)
              for i, (x, y) in enumerate([(x, y) for x in (100, 200, 300, 400) for y in (40, 302)]
                                         + [(x, y) for x in (50, 458) for y in (110, 171, 232)] + [(254, 171)]))
# where the board lies in each calibration view (its centre, mm on the table, and its turn): the
# middle, the corners and edges of the picture, as docs/camera.md asks
BOARD_PLACES = ((254, 171, 0), (110, 70, 8), (400, 70, -6), (110, 275, 4), (400, 275, -9), (254, 30, 90),
                (254, 320, 0), (10, 171, 90), (500, 171, 90), (-60, 20, 0), (570, 330, 0))


@functools.cache
def wide_lens() -> Lens:
    lens, used = calibrate_lens([board_view(WIDE, *place) for place in BOARD_PLACES], camera="picamera2:0")
    assert used >= 9
    return lens


def worst_error_mm(camera: CameraModel, lens: Lens | None) -> tuple[int, float]:
    """(cards read, the worst distance from where each lies) on the pipeline's first frame."""
    frame = VirtualTable(camera).render(Scene(MAT, EDGES, noise=2.0, seed=1))
    observation = CardPipeline(lens=lens).observe(frame)
    assert observation.table.markers_seen == 4
    truth = {card.card_id: card for card in EDGES}
    return len(observation.cards), max(math.hypot(c.x - truth[c.card_id].x, c.y - truth[c.card_id].y) for c in observation.cards)


def test_the_printed_board_is_found_corner_by_corner():
    image = cv2.copyMakeBorder(board_image(5.0), 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
    found = board_corners(image)
    assert found is not None
    pixels, board_mm = found
    assert len(pixels) == 6 * 8  # every inner corner of the 7 x 9 squares
    # each corner where the board's own millimetres put it
    assert np.abs(pixels - (board_mm[:, :2] * 5.0 - 0.5 + 40)).max() < 1.0


def test_cards_at_the_mat_s_edges_through_a_wide_lens_are_placed_as_by_a_pinhole_once_calibrated():
    read, pinhole = worst_error_mm(PINHOLE, None)
    assert read == len(EDGES) and pinhole < 1.0
    read, raw = worst_error_mm(WIDE, None)
    assert read == len(EDGES) and raw > 5.0  # the bent edges, mapped by one homography
    read, calibrated = worst_error_mm(WIDE, wide_lens())
    assert read == len(EDGES) and calibrated < 1.0


def test_a_lens_maps_points_there_and_back():
    lens = wide_lens()
    points = np.array([[5.0, 7.0], [960.0, 540.0], [1900.0, 1070.0], [300.0, 900.0]])
    assert np.abs(lens.distort(lens.undistort(points)) - points).max() < 0.05


def test_too_few_views_of_the_board_say_what_to_do():
    with pytest.raises(LensError, match="lay the printed board flat"):
        calibrate_lens([board_view(WIDE, 254, 171, 0), np.full((1080, 1920), 200, np.uint8)])


def test_the_lens_is_kept_for_its_camera_and_size_and_a_damaged_file_costs_only_the_lens(tmp_path, caplog):
    path = tmp_path / LENS_NAME
    lens = wide_lens()
    save_lens(path, lens)
    assert load_lens(path, "picamera2:0", (1920, 1080)) == lens
    assert load_lens(path, "usb:0", (1920, 1080)) is None  # another camera
    assert load_lens(path, "picamera2:0", (1280, 720)) is None  # another picture size
    assert "not 'usb:0'" in caplog.text
    path.write_text(json.dumps({"layout": 1, "camera": "picamera2:0", "size": [1920, 1080], "matrix": [[1, 0]]}))
    assert load_lens(path, "picamera2:0", (1920, 1080)) is None
    assert "calibrate --lens again" in caplog.text
    assert load_lens(tmp_path / "none.json", "picamera2:0", (1920, 1080)) is None


def test_mat_print_calibration_prints_the_board_at_its_size_and_the_camera_finds_it(tmp_path):
    from station.cli import main
    from station.printables.raster import rasterise

    out = tmp_path / "board.pdf"
    assert main(["mat", "print", "calibration", "--out", str(out)]) == 0
    page = np.asarray(next(rasterise(out.read_bytes(), 25.4 * 5)).convert("L"))  # 5 px a mm
    found = board_corners(page)
    assert found is not None and len(found[0]) == 6 * 8
    pixels, board_mm = found
    # 26 mm squares at 5 px a mm: the corners lie 130 px apart, whatever the page's margins
    spacing = np.linalg.lstsq(np.column_stack([board_mm[:, :2], np.ones(len(board_mm))]), pixels, rcond=None)[0]
    assert spacing[0, 0] == pytest.approx(5.0, rel=0.01) and spacing[1, 1] == pytest.approx(5.0, rel=0.01)


def test_calibrate_lens_keeps_the_lens_for_the_configured_camera_and_the_station_reads_through_it(tmp_path, capsys):
    """``mathstation calibrate --lens`` on pictures of the board keeps the lens in the config's
    state folder for its camera; a station built from that config undoes the distortion."""
    from station.cli import main
    from station.config import load_config
    from station.games import plugins
    from station.mainloop import Station

    pictures = []
    for n, place in enumerate(BOARD_PLACES):
        pictures.append(tmp_path / f"board{n}.png")
        cv2.imwrite(str(pictures[-1]), board_view(WIDE, *place))
    config = tmp_path / "station.toml"
    config.write_text(f'[station]\nstate_dir = "{tmp_path / "state"}"\n[camera]\nsource = "picamera2:0"\n')
    assert main(["calibrate", "--lens", "--config", str(config), *map(str, pictures)]) == 0
    assert "Lens calibrated from" in capsys.readouterr().out
    kept = load_lens(tmp_path / "state" / LENS_NAME, "picamera2:0", (1920, 1080))
    assert kept is not None
    loaded = load_config(config, plugins())
    station = Station.from_config(loaded, None, None, None, None, None, None)  # type: ignore[arg-type]
    assert station.pipeline.lens == kept
    # too few pictures of the board: advice, and nothing kept
    assert main(["calibrate", "--lens", "--config", str(config), str(pictures[0])]) == 1
    assert "lay the printed board flat" in capsys.readouterr().err
