"""ArUco markers: the contract between the corner markers printed on a play mat and the camera.

The printer draws each marker from OpenCV's own dictionary (``marker_cells``) and the station
finds them with the same dictionary (``detect_markers``), so the two can never disagree.
OpenCV is not a core dependency (on a Raspberry Pi it comes from apt), so it is imported only
when a marker is drawn or looked for. Both OpenCV APIs work: the one of 4.7 and later
(``ArucoDetector``, ``generateImageMarker``) and the older one of Raspberry Pi OS Bookworm's 4.6
(``detectMarkers``, ``drawMarker``), told apart by what the module has, not by its version.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from station.vision.images import as_gray

Point = tuple[float, float]

DICTIONARY = "DICT_4X4_250"  # 4x4 bits: the biggest cells for a given marker size
MARKER_COUNT = 250  # IDs 0-249
DATA_CELLS = 4
CELLS = DATA_CELLS + 2  # the data cells and a one-cell black border on each side

_MISSING = (
    "OpenCV (cv2) with the aruco module is needed for mat markers: run scripts/bootstrap.sh, "
    "or on a Pi: sudo apt install python3-opencv"
)


class MarkersUnavailable(ImportError):
    """OpenCV, or its aruco module, is not installed."""


@dataclass(frozen=True)
class MarkerRead:
    """One marker found in an image: its ID and its corners in pixels, in OpenCV's order
    (top-left, top-right, bottom-right, bottom-left of the marker as printed)."""

    id: int
    corners: tuple[Point, ...]

    @property
    def center(self) -> Point:
        xs, ys = zip(*self.corners)
        return sum(xs) / len(xs), sum(ys) / len(ys)


def marker_cells(marker_id: int) -> list[list[bool]]:
    """The 6 x 6 cells of a marker, border included, row by row from the top (True = black)."""
    aruco = _aruco()
    if isinstance(marker_id, bool) or not isinstance(marker_id, int) or not 0 <= marker_id < MARKER_COUNT:
        raise ValueError(f"marker ID {marker_id!r} is not in {DICTIONARY} (0-{MARKER_COUNT - 1})")
    return [list(row) for row in _cells(aruco, marker_id)]


def detect_markers(image: Any) -> list[MarkerRead]:
    """Every marker of the dictionary found in ``image`` (a PIL image, or a gray or RGB array),
    sorted by ID."""
    aruco = _aruco()
    gray = as_gray(image)
    dictionary = _dictionary(aruco)
    if hasattr(aruco, "ArucoDetector"):  # OpenCV 4.7 and later
        found, ids, _ = aruco.ArucoDetector(dictionary, aruco.DetectorParameters()).detectMarkers(gray)
    else:  # OpenCV 4.6 and earlier
        found, ids, _ = aruco.detectMarkers(gray, dictionary, parameters=aruco.DetectorParameters_create())
    if ids is None:
        return []
    reads = [
        MarkerRead(int(marker_id), tuple((float(x), float(y)) for x, y in np.asarray(corners).reshape(4, 2)))
        for marker_id, corners in zip(np.asarray(ids).ravel(), found)
    ]
    return sorted(reads, key=lambda read: (read.id, read.corners))


def _aruco() -> ModuleType:
    try:
        import cv2

        return cv2.aruco
    except (ImportError, AttributeError) as exc:
        raise MarkersUnavailable(_MISSING) from exc


@functools.cache
def _dictionary(aruco: ModuleType) -> Any:
    name = getattr(aruco, DICTIONARY)
    if hasattr(aruco, "getPredefinedDictionary"):
        return aruco.getPredefinedDictionary(name)
    return aruco.Dictionary_get(name)


@functools.cache
def _cells(aruco: ModuleType, marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """OpenCV draws the marker one pixel per cell: the drawing is the bit table."""
    draw = aruco.generateImageMarker if hasattr(aruco, "generateImageMarker") else aruco.drawMarker
    image = np.asarray(draw(_dictionary(aruco), marker_id, CELLS, borderBits=1))
    assert image.shape == (CELLS, CELLS), image.shape
    return tuple(tuple(bool(pixel < 128) for pixel in row) for row in image)
