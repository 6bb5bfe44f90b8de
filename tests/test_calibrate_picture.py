"""The calibrate report's picture, drawn on frames rendered by the virtual table: it marks where
the report's words point (the mat, each corner square seen or missing, the glare), so a maker
looking at it sees where to act. Also ``mathstation calibrate --picture``."""

from __future__ import annotations

import functools
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from station.pictures import BAD, GOOD, GLARE_TINT, banner_height, calibration_picture
from station.games.math_wars.demo import demo_scene
from station.sim.virtual_table import CameraModel, Glare, Hand, Lighting, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.calibrate import calibrate

MAT = mat_layout("math-wars", 2)
CARDS = demo_scene(0).cards
EXPOSED = Lighting(brightness=0.85)
GOOD_CAMERA = CameraModel.seeing(700, 1920, 1080, mat=MAT)
ROOT = Path(__file__).resolve().parent.parent


@functools.cache
def frame(**scene: object) -> np.ndarray:
    scene.setdefault("lighting", EXPOSED)
    return VirtualTable(GOOD_CAMERA).render(Scene(MAT, CARDS, **scene))  # type: ignore[arg-type]


def drawn(frame_pixels: np.ndarray, result) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The report's picture of the frame, without the verdict's strip on top (frame coordinates)."""
    pixels = np.asarray(calibration_picture(frame_pixels, result))
    return pixels[banner_height(pixels.shape[1]):]


def near(pixels: np.ndarray, point: tuple[float, float], colour: tuple[int, int, int], reach: int = 3) -> bool:
    """Some pixel within ``reach`` of ``point`` is drawn in ``colour``."""
    x, y = round(point[0]), round(point[1])
    patch = pixels[max(0, y - reach): y + reach + 1, max(0, x - reach): x + reach + 1].reshape(-1, 3)
    return bool((np.abs(patch.astype(int) - colour).max(axis=1) <= 10).any())


def midpoints(points: tuple[tuple[float, float], ...]) -> list[tuple[float, float]]:
    return [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(points, points[1:] + points[:1])]


def test_a_ready_table_shows_the_mat_and_all_four_corner_squares_in_green():
    result = calibrate(frame())
    assert result.ready
    pixels = drawn(frame(), result)
    assert pixels.shape == frame().shape                       # the camera's own picture, same size
    assert len(result.outline_px) == 4 and all(near(pixels, p, GOOD) for p in midpoints(result.outline_px))
    assert [square.seen for square in result.corner_squares] == [True] * 4
    for square in result.corner_squares:
        assert all(near(pixels, p, GOOD) for p in midpoints(square.corners_px))
    assert not near(pixels, (pixels.shape[1] / 2, pixels.shape[0] / 2), BAD, reach=200)   # nothing marked wrong


def test_a_corner_square_under_a_hand_is_drawn_in_red_where_it_should_be():
    spot = next(m for m in MAT.markers if m.corner == "bottom-right")
    hidden = frame(hands=(Hand(spot.x + spot.size / 2, spot.y + spot.size / 2, angle=180),))
    result = calibrate(hidden)
    assert result.missing_corners == ("bottom-right",)
    square = next(s for s in result.corner_squares if s.corner == "bottom-right")
    assert not square.seen
    seen_there = next(s for s in calibrate(frame()).corner_squares if s.corner == "bottom-right")
    assert np.allclose(square.corners_px, seen_there.corners_px, atol=6)   # where the mat's map puts it
    pixels = drawn(hidden, result)
    assert all(near(pixels, p, BAD) for p in midpoints(square.corners_px))
    others = [s for s in result.corner_squares if s.seen]
    assert len(others) == 3 and all(near(pixels, midpoints(s.corners_px)[0], GOOD) for s in others)


def test_glare_is_painted_where_it_is_and_nowhere_else():
    zone = next(z for z in MAT.zones if z.name == "seat1.count-meta")
    glaring = frame(lighting=Lighting(0.85, glare=Glare(*zone.center, radius=120, strength=1.0)))
    result = calibrate(glaring)
    assert result.glare_share > 0.01
    pixels = drawn(glaring, result).astype(int)
    tinted = np.abs(pixels - (GLARE_TINT * 0.7 + 255 * 0.3).astype(int)).max(axis=2) <= 12
    rows, cols = np.nonzero(tinted)
    assert tinted.sum() > 0.5 * result.glare_share * cv2.contourArea(np.float32(result.outline_px))
    glare_px = seen_at(zone.center)
    assert abs(cols.mean() - glare_px[0]) < 40 and abs(rows.mean() - glare_px[1]) < 40
    clean = drawn(frame(), calibrate(frame())).astype(int)
    assert not (np.abs(clean - (GLARE_TINT * 0.7 + 255 * 0.3).astype(int)).max(axis=2) <= 12).any()


def seen_at(point: tuple[float, float]) -> tuple[float, float]:
    """Where the good camera sees a point of the mat (its corner squares' map, from the report)."""
    result = calibrate(frame())
    src = np.float32([(0, 0), (MAT.width, 0), (MAT.width, MAT.height), (0, MAT.height)])
    homography = cv2.getPerspectiveTransform(src, np.float32(result.outline_px))
    x, y = cv2.perspectiveTransform(np.float32([[point]]), homography)[0, 0]
    return float(x), float(y)


def test_no_mat_gives_a_picture_that_only_says_what_to_fix():
    bare = VirtualTable(GOOD_CAMERA).render(Scene(None, CARDS, lighting=EXPOSED))
    result = calibrate(bare)
    assert result.outline_px == () and result.corner_squares == ()
    pixels = np.asarray(calibration_picture(bare, result))
    strip = pixels[:banner_height(pixels.shape[1])]
    assert near(strip, (60, 15), BAD, reach=15) and not near(strip, (60, 15), GOOD, reach=15)   # the verdict: not ready
    assert near(np.asarray(calibration_picture(frame(), calibrate(frame())))[:40], (60, 15), GOOD, reach=15)


def test_the_command_line_saves_the_picture_beside_the_report(tmp_path: Path):
    photo, picture = tmp_path / "table.png", tmp_path / "check.png"
    cv2.imwrite(str(photo), frame())
    done = subprocess.run([sys.executable, "-m", "station", "calibrate", str(photo), "--picture", str(picture)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("Ready to play.")
    assert "measuring the mat, focus, glare and light" in done.stderr    # a Pi takes a moment: say what it does
    saved = cv2.imread(str(picture))[banner_height(frame().shape[1]):]
    assert saved.shape == frame().shape
    result = calibrate(frame())
    assert all(near(saved[:, :, ::-1], p, GOOD, reach=4) for p in midpoints(result.outline_px))

    unwritable = tmp_path / "no-such-folder" / "check.png"
    done = subprocess.run([sys.executable, "-m", "station", "calibrate", str(photo), "--picture", str(unwritable)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2
    assert f"cannot save the picture to {unwritable}" in done.stderr


@pytest.mark.parametrize("pixel_format", ["YUV420", "GREY"])
def test_a_picture_from_a_grey_or_yuv_frame_is_drawn_in_colour(pixel_format: str):
    grey = cv2.cvtColor(frame(), cv2.COLOR_BGR2GRAY)
    array = np.vstack([grey, np.full((grey.shape[0] // 2, grey.shape[1]), 128, np.uint8)]) \
        if pixel_format == "YUV420" else grey
    result = calibrate(grey)
    pixels = np.asarray(calibration_picture(array, result, pixel_format))[banner_height(grey.shape[1]):]
    assert pixels.shape == (*grey.shape, 3)
    assert all(near(pixels, p, GOOD) for p in midpoints(result.outline_px))
