"""The mats' corner markers as printed: OpenCV's own ArUco dictionary, drawn cell by cell.

The printer draws each marker from OpenCV's dictionary (``marker_cells``) and the station finds
them with the same dictionary (``station.vision.markers.detect_markers``), so the two can never
disagree. OpenCV is not a core dependency (on a Raspberry Pi it comes from apt), so it is
imported only when a marker is drawn or looked for. Both OpenCV APIs work: the one of 4.7 and
later (``generateImageMarker``, ``getPredefinedDictionary``) and the older one of Raspberry Pi OS
Bookworm's 4.6 (``drawMarker``, ``Dictionary_get``), told apart by what the module has.
"""

from __future__ import annotations

import functools
from types import ModuleType
from typing import Any

import numpy as np

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


def marker_cells(marker_id: int) -> list[list[bool]]:
    """The 6 x 6 cells of a marker, border included, row by row from the top (True = black)."""
    aruco = aruco_module()
    if isinstance(marker_id, bool) or not isinstance(marker_id, int) or not 0 <= marker_id < MARKER_COUNT:
        raise ValueError(f"marker ID {marker_id!r} is not in {DICTIONARY} (0-{MARKER_COUNT - 1})")
    return [list(row) for row in _cells(aruco, marker_id)]


def aruco_module() -> ModuleType:
    """``cv2.aruco``, or ``MarkersUnavailable`` saying how to install it."""
    try:
        import cv2

        return cv2.aruco
    except (ImportError, AttributeError) as exc:
        raise MarkersUnavailable(_MISSING) from exc


@functools.cache
def dictionary(aruco: ModuleType) -> Any:
    name = getattr(aruco, DICTIONARY)
    if hasattr(aruco, "getPredefinedDictionary"):
        return aruco.getPredefinedDictionary(name)
    return aruco.Dictionary_get(name)


@functools.cache
def _cells(aruco: ModuleType, marker_id: int) -> tuple[tuple[bool, ...], ...]:
    """OpenCV draws the marker one pixel per cell: the drawing is the bit table."""
    draw = aruco.generateImageMarker if hasattr(aruco, "generateImageMarker") else aruco.drawMarker
    image = np.asarray(draw(dictionary(aruco), marker_id, CELLS, borderBits=1))
    assert image.shape == (CELLS, CELLS), image.shape
    return tuple(tuple(bool(pixel < 128) for pixel in row) for row in image)
