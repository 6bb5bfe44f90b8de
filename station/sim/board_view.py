"""The lens calibration board (``station.printed.calibration_board``) lying on the virtual table,
as a virtual camera sees it, lens distortion included: the pictures ``calibrate --lens`` takes
of a real board, for tests and the benchmark."""

from __future__ import annotations

import functools
import math

import cv2
import numpy as np

from station.printed.calibration_board import board_image, board_size_mm
from station.sim.virtual_table import CameraModel

BOARD_PX_PER_MM = 4.0  # finer than any camera here sees the table
GRID_STEP = 8  # the camera's pixels are mapped to the table on a grid this many px apart, then resized


def board_view(camera: CameraModel, x: float, y: float, angle: float, *, blur_px: float = 0.7) -> np.ndarray:
    """The board with its centre at (``x``, ``y``) mm on the table, turned ``angle`` degrees
    clockwise, as ``camera`` sees it: grey, the table round it light grey."""
    image = _board(BOARD_PX_PER_MM)
    width, height = board_size_mm()
    table = _table_of_pixels(camera) - np.float32([x, y])
    a = math.radians(angle)
    u = table[..., 0] * math.cos(a) + table[..., 1] * math.sin(a) + width / 2
    v = -table[..., 0] * math.sin(a) + table[..., 1] * math.cos(a) + height / 2
    view = cv2.remap(image, u * BOARD_PX_PER_MM - 0.5, v * BOARD_PX_PER_MM - 0.5, cv2.INTER_AREA, borderValue=190)
    return cv2.GaussianBlur(view, (0, 0), blur_px) if blur_px else view


@functools.lru_cache(maxsize=2)
def _board(px_per_mm: float) -> np.ndarray:
    return board_image(px_per_mm)


@functools.lru_cache(maxsize=4)
def _table_of_pixels(camera: CameraModel) -> np.ndarray:
    """Table mm of every pixel (worked out on a grid, then resized: the map is smooth)."""
    xs = np.arange(0, camera.width_px + GRID_STEP, GRID_STEP, dtype=np.float64)
    ys = np.arange(0, camera.height_px + GRID_STEP, GRID_STEP, dtype=np.float64)
    grid = camera.image_to_table(np.stack(np.meshgrid(xs, ys), -1).reshape(-1, 2)).reshape(len(ys), len(xs), 2)
    full = cv2.resize(grid.astype(np.float32), (len(xs) * GRID_STEP, len(ys) * GRID_STEP), interpolation=cv2.INTER_LINEAR)
    return full[: camera.height_px, : camera.width_px]
