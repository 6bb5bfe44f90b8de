"""The camera's lens: its distortion, measured once on a printed ChArUco board and kept in the
station's state folder, so that points (marker and code corners) are undistorted before the mat's
homography maps them to millimetres.

A wide lens (the Camera Module 3 Wide) bends straight lines towards the picture's edges, which one
homography from four corner markers cannot undo: positions at the mat's edges go wrong first.
Only points are undistorted (``cv2.undistortPoints``), never whole frames: a handful of corners
a frame instead of a remap of every pixel.

Calibrating: ``mathstation mat print calibration`` prints the board
(``station.printed.calibration_board``); laid flat in several places under the camera (the
middle and each corner of the picture), its chessboard corners are found
(OpenCV's ChArUco detector, the 4.7+ API or 4.6's) and ``cv2.calibrateCamera`` fits the radial
distortion. The board lies on the table in every view, so the focal length and the principal
point are held at their nominal values (they cannot be told apart from the board's distance in
views of one plane) and only k1, k2 are fitted: the homography takes care of the rest.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from station.atomic_file import write_atomically
from station.printed.calibration_board import board_dictionary, calibration_board
from station.printed.markers import aruco_module

log = logging.getLogger("station.vision")

LENS_NAME = "lens.json"
LAYOUT = 1
UNDISTORT_STEPS = 100
MIN_VIEWS = 3
MIN_CORNERS = 12  # chessboard corners a view must show to count
NOMINAL_HFOV_DEG = 66.0  # the focal length's starting value, held: only the distortion is fitted


class LensError(ValueError):
    """The views do not give a lens calibration (too few boards seen, or the fit failed)."""


@dataclass(frozen=True)
class Lens:
    """A lens as calibrated at one frame size: OpenCV's camera matrix and distortion (k1, k2, p1,
    p2, k3). ``undistort`` takes picture pixels to where a distortion-free lens with the same
    matrix would put them; ``distort`` back."""

    size: tuple[int, int]  # width, height px
    matrix: tuple[tuple[float, float, float], ...]
    distortion: tuple[float, ...]
    error_px: float = 0.0  # the calibration's RMS reprojection error
    camera: str = ""

    def _arrays(self) -> tuple[np.ndarray, np.ndarray]:
        return np.asarray(self.matrix, np.float64), np.asarray(self.distortion, np.float64)

    def undistort(self, points: Any) -> np.ndarray:
        """N x 2 picture pixels to N x 2 undistorted pixels."""
        import cv2

        array = np.asarray(points, np.float64).reshape(-1, 1, 2)
        if not len(array):
            return array.reshape(-1, 2)
        matrix, distortion = self._arrays()
        # iterated to convergence: OpenCV's default five steps leave pixels off in a wide lens's corners
        criteria = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, UNDISTORT_STEPS, 1e-9)
        if hasattr(cv2, "undistortPointsIter"):  # OpenCV 4 (4.6: Raspberry Pi OS Bookworm's)
            undistorted = cv2.undistortPointsIter(array, matrix, distortion, None, matrix, criteria)
        else:  # OpenCV 5 took the criteria into undistortPoints
            undistorted = cv2.undistortPoints(array, matrix, distortion, R=None, P=matrix, criteria=criteria)
        return undistorted.reshape(-1, 2)  # type: ignore[no-any-return]

    def distort(self, points: Any) -> np.ndarray:
        """N x 2 undistorted pixels back to N x 2 picture pixels."""
        import cv2

        array = np.asarray(points, np.float64).reshape(-1, 2)
        if not len(array):
            return array
        matrix, distortion = self._arrays()
        rays = np.column_stack([(array - matrix[:2, 2]) / [matrix[0, 0], matrix[1, 1]], np.ones(len(array))])
        projected, _ = cv2.projectPoints(rays, np.zeros(3), np.zeros(3), matrix, distortion)
        return projected.reshape(-1, 2)  # type: ignore[no-any-return]

    def as_json(self) -> dict[str, Any]:
        return {"layout": LAYOUT, "camera": self.camera, "size": list(self.size),
                "matrix": [list(row) for row in self.matrix], "distortion": list(self.distortion),
                "error_px": self.error_px}

    @classmethod
    def from_json(cls, record: Any) -> Lens:
        if not isinstance(record, dict) or record.get("layout") != LAYOUT:
            raise ValueError(f"not layout {LAYOUT}")
        width, height = (int(n) for n in record["size"])
        matrix = tuple(tuple(float(v) for v in row) for row in record["matrix"])
        distortion = tuple(float(v) for v in record["distortion"])
        if len(matrix) != 3 or any(len(row) != 3 for row in matrix) or not 4 <= len(distortion) <= 14:
            raise ValueError("no 3 x 3 matrix and distortion coefficients")
        if not all(math.isfinite(v) for v in (*distortion, *(v for row in matrix for v in row))) or width <= 0 or height <= 0:
            raise ValueError("a number that is not finite, or no frame size")
        return cls((width, height), matrix, distortion, float(record.get("error_px", 0.0)), str(record.get("camera", "")))


def load_lens(path: Path, camera: str, size: tuple[int, int]) -> Lens | None:
    """The lens kept in ``path`` for ``camera`` at ``size``; None when there is none, it is another
    camera's or size's, or the file is damaged (said in the log: positions go on as a pinhole's)."""
    try:
        lens = Lens.from_json(json.loads(Path(path).read_text(encoding="utf-8")))
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError) as exc:
        log.warning("the lens calibration in %s cannot be read (%s): positions are worked out without it; "
                    "run mathstation calibrate --lens again", path, exc)
        return None
    if lens.camera != camera or lens.size != tuple(size):
        log.warning("the lens calibration in %s is for camera %r at %dx%d, not %r at %dx%d: positions are worked out "
                    "without it", path, lens.camera, *lens.size, camera, *size)
        return None
    return lens


def save_lens(path: Path, lens: Lens) -> None:
    """Write ``lens`` to ``path`` whole (a power cut leaves the old calibration or the new one)."""
    write_atomically(path, json.dumps(lens.as_json(), indent=1) + "\n")


# --- calibrating on the printed board ----------------------------------------------------------


def board_corners(gray: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The board's chessboard corners found in one view: (N x 2 image px, N x 3 board mm); None
    when fewer than ``MIN_CORNERS`` show."""
    aruco = aruco_module()
    board = calibration_board(aruco)
    if hasattr(aruco, "CharucoDetector"):  # OpenCV 4.7 and later
        corners, ids, _, _ = aruco.CharucoDetector(board).detectBoard(gray)
        all_corners = board.getChessboardCorners()
    else:  # OpenCV 4.6
        markers, marker_ids, _ = aruco.detectMarkers(gray, board_dictionary(aruco))
        if marker_ids is None or len(marker_ids) == 0:
            return None
        _, corners, ids = aruco.interpolateCornersCharuco(markers, marker_ids, gray, board)
        all_corners = board.chessboardCorners
    if ids is None or corners is None or len(ids) < MIN_CORNERS:
        return None
    ids = np.asarray(ids).ravel()
    return np.asarray(corners, np.float64).reshape(-1, 2), np.asarray(all_corners, np.float64)[ids]


def calibrate_lens(views: list[np.ndarray], camera: str = "") -> tuple[Lens, int]:
    """The lens from grey views of the printed board lying on the table in several places: the
    radial distortion fitted (k1, k2), the focal length and principal point held. Returns the
    lens and how many views showed the board; ``LensError`` when fewer than ``MIN_VIEWS`` did."""
    import cv2

    if not views:
        raise LensError("no pictures to calibrate from")
    height, width = views[0].shape[:2]
    found = [corners for view in views if (corners := board_corners(view)) is not None]
    if len(found) < MIN_VIEWS:
        raise LensError(f"the calibration board was found in {len(found)} of {len(views)} pictures, {MIN_VIEWS} needed: "
                        "lay the printed board flat, wholly in view, in the middle and near each corner of the picture")
    focal = width / 2 / math.tan(math.radians(NOMINAL_HFOV_DEG) / 2)
    guess = np.array([[focal, 0, (width - 1) / 2], [0, focal, (height - 1) / 2], [0, 0, 1]])
    flags = (cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_FOCAL_LENGTH | cv2.CALIB_FIX_PRINCIPAL_POINT
             | cv2.CALIB_ZERO_TANGENT_DIST | cv2.CALIB_FIX_K3)
    object_points = [model.astype(np.float32) for _, model in found]
    image_points = [image.astype(np.float32).reshape(-1, 1, 2) for image, _ in found]
    try:
        error, matrix, distortion, _, _ = cv2.calibrateCamera(object_points, image_points, (width, height), guess,
                                                              np.zeros(5), flags=flags)
    except cv2.error as exc:
        raise LensError(f"the lens could not be fitted to these pictures ({exc.err}): take them again") from exc
    lens = Lens((width, height), tuple(tuple(float(v) for v in row) for row in matrix),  # type: ignore[arg-type]
                tuple(float(v) for v in np.asarray(distortion).ravel()), float(error), camera)
    return lens, len(found)
