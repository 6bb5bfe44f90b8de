"""Finding the mats' ArUco corner markers in a frame, with the very dictionary the printer draws
them from (``station.printed.markers``), so the two can never disagree. Both OpenCV APIs work:
the one of 4.7 and later (``ArucoDetector``) and the older one of Raspberry Pi OS Bookworm's 4.6
(``detectMarkers``), told apart by what the module has, not by its version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from station.printed.markers import CELLS, DICTIONARY, MARKER_COUNT, MarkersUnavailable, marker_cells
from station.printed.markers import aruco_module as _aruco
from station.printed.markers import dictionary as _dictionary
from station.vision.images import as_gray

__all__ = ["CELLS", "DICTIONARY", "MARKER_COUNT", "MarkerRead", "MarkersUnavailable", "detect_markers", "marker_cells"]

Point = tuple[float, float]


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
