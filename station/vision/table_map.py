"""From camera pixels to millimetres on the mat: the homography of the mat's corner markers.

The markers also say which mat lies there (game and seats), so the station needs no setting for
it. Without a mat the map is the identity and positions stay in pixels, with a warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

import numpy as np

from station.table.mat import MatError, MatLayout, identify_mat, mat_layout
from station.vision.markers import MarkerRead

if TYPE_CHECKING:
    from station.vision.lens import Lens

Point = tuple[float, float]
GOOD_MARKERS = 3  # with fewer, a homography from corners 30 mm apart is shaky far from them


@dataclass(frozen=True)
class TableMap:
    """Maps image pixels to table coordinates: mm on ``mat``, or pixels when there is none. With
    a calibrated ``lens`` the pixels are undistorted first (the homography is of undistorted
    pixels): a wide lens's bent lines are straight again before the mat's plane is mapped."""

    mat: MatLayout | None = None
    pixels_to_mm: np.ndarray | None = field(default=None, compare=False, repr=False)
    markers_seen: int = 0
    error_px: float = 0.0  # the markers' corners reprojected: how far off, at worst
    warnings: tuple[str, ...] = ()
    lens: Lens | None = field(default=None, compare=False, repr=False)

    @property
    def units(self) -> Literal["mm", "px"]:
        return "mm" if self.pixels_to_mm is not None else "px"

    def to_table(self, points: np.ndarray | Sequence[Point]) -> np.ndarray:
        """N x 2 pixel points to N x 2 table points (mm, or unchanged pixels without a mat)."""
        if self.pixels_to_mm is None or self.lens is None:
            return apply_homography(self.pixels_to_mm, points)
        return apply_homography(self.pixels_to_mm, self.lens.undistort(points))

    def to_pixels(self, points: np.ndarray | Sequence[Point]) -> np.ndarray:
        """N x 2 table points back to N x 2 pixel points."""
        if self.pixels_to_mm is None:
            return apply_homography(None, points)
        undistorted = apply_homography(np.linalg.inv(self.pixels_to_mm), points)
        return undistorted if self.lens is None else self.lens.distort(undistorted)


def apply_homography(matrix: np.ndarray | None, points: np.ndarray | Sequence[Point]) -> np.ndarray:
    """N x 2 points through a 3 x 3 homography (unchanged when there is none)."""
    array = np.asarray(points, dtype=np.float64).reshape(-1, 2)
    if matrix is None:
        return array
    mapped = np.hstack([array, np.ones((len(array), 1))]) @ matrix.T
    return mapped[:, :2] / mapped[:, 2:3]


NO_MAT = TableMap(warnings=("no mat markers seen: positions are in pixels; put the mat under the camera",))


def find_table_map(markers: list[MarkerRead], lens: Lens | None = None) -> TableMap:
    """The map from the mat markers in one frame (through ``lens`` when calibrated); ``NO_MAT``
    (with its warning) if there are none."""
    which = identify_mat(m.id for m in markers)
    if which is None:
        if markers:
            ids = ", ".join(str(m.id) for m in markers)
            return TableMap(warnings=(f"markers {ids} are not from one Math Card Station mat: positions are in pixels",))
        return NO_MAT
    try:
        layout = mat_layout(*which)
    except MatError as exc:
        return TableMap(warnings=(f"a mat was seen that this station does not know ({exc}): positions are in pixels",))
    return map_from_markers(layout, markers, lens)


def map_from_markers(layout: MatLayout, markers: list[MarkerRead], lens: Lens | None = None) -> TableMap:
    """The map from ``layout``'s markers seen in one frame (the others are ignored), their
    corners undistorted through ``lens`` when there is one."""
    import cv2

    spots = {spot.id: spot for spot in layout.markers}
    seen = {m.id: m for m in markers if m.id in spots}
    pixels = np.array([p for m in seen.values() for p in m.corners], dtype=np.float64)
    if lens is not None:
        pixels = lens.undistort(pixels)
    table = np.array([p for i in seen for p in spots[i].corners], dtype=np.float64)
    homography, _ = cv2.findHomography(pixels, table, 0)
    if homography is None:
        return TableMap(warnings=("the mat markers give no usable map (are they all in a line?)",))
    reprojected = apply_homography(np.linalg.inv(homography), table)
    error = float(np.max(np.hypot(*(reprojected - pixels).T)))
    warnings: tuple[str, ...] = ()
    if len(seen) < GOOD_MARKERS:
        warnings = (f"only {len(seen)} of 4 mat markers seen: positions far from them may be off; uncover the mat's corners",)
    return TableMap(layout, homography, len(seen), error, warnings, lens)
