"""Finding the mats' ArUco corner markers in a frame, with the very dictionary the printer draws
them from (``station.printed.markers``), so the two can never disagree. Both OpenCV APIs work:
the one of 4.7 and later (``ArucoDetector``) and the older one of Raspberry Pi OS Bookworm's 4.6
(``detectMarkers``), told apart by what the module has, not by its version.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

import numpy as np

from station.printed.markers import CELLS, DICTIONARY, MARKER_COUNT, MarkersUnavailable, marker_cells
from station.printed.markers import aruco_module as _aruco
from station.printed.markers import dictionary as _dictionary
from station.vision.images import as_gray

__all__ = ["CELLS", "DICTIONARY", "MARKER_COUNT", "MarkerRead", "MarkerSearch", "MarkersUnavailable", "detect_markers",
           "find_markers", "marker_cells"]

Point = tuple[float, float]

MAT_CORNERS = 4  # a mat has a marker in each corner: with all four found near, nothing else is searched
SEARCH_WIDTH = 640  # pixels across the downscaled frame that OpenCV's whole-frame search looks at
SQUARES_WIDTH = 480  # ... and that the search among dark squares looks at (a 1080p mat's markers are some 20 px there)
SEARCH_MIN_PERIMETER = 0.06  # ... for squares at least this share of its width around (markers >= 1.5 % of it)
SEARCH_MAX_SIDE = 0.25  # ... and at most this share of it across (a mat's corner marker is some 4 %)
SQUARE = 1.5  # a dark shape whose box is longer than this many times its width is no marker (a card's label)


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


@dataclass(frozen=True)
class MarkerSearch:
    """What one look for the markers found, and how: ``cold`` when the whole frame was searched
    (nothing known, or a known marker no longer where it was), not when every marker was read
    again where it was last seen."""

    markers: list[MarkerRead]
    cold: bool


def detect_markers(image: Any, near: Iterable[MarkerRead] = ()) -> list[MarkerRead]:
    """Every marker of the dictionary found in ``image`` (a PIL image, or a grey or BGR array),
    sorted by ID: ``find_markers``'s markers."""
    return find_markers(image, near).markers


def find_markers(image: Any, near: Iterable[MarkerRead] = ()) -> MarkerSearch:
    """Every marker of the dictionary found in ``image``, sorted by ID, and whether the whole
    frame had to be searched for them.

    Cheap where the default detector is not (it spends most of its time on the many small squares
    of QR codes): each marker in ``near`` (the last ones found) is looked for first where it was
    (``_confirm``: still there, to the pixel and bit by bit, or else OpenCV in a small crop around it); only when one of them is missing, or fewer than a mat's four were known,
    is the whole frame searched: first without OpenCV's detector, among the dark squares of the
    frame at ``SQUARES_WIDTH`` pixels across, each read at full resolution (``_square_candidates``);
    when that finds fewer than a mat's four, by OpenCV at about ``SEARCH_WIDTH`` pixels across
    (twice that when it finds fewer than a mat's four: a wide mat's markers are small there), and
    every marker found there is read again at full resolution (``_confirm``: its corners to a
    fraction of a pixel, and a shape that a QR code's squares happened to form at the small scale
    is not confirmed)."""
    aruco = _aruco()
    gray = as_gray(image)
    found: dict[int, MarkerRead] = {}
    near = list(near)
    for last in near:
        again = _confirm(gray, last) or _read_near(aruco, gray, last)
        if again is not None:
            found[again.id] = again
    cold = len(near) < MAT_CORNERS or len(found) < len(near)
    if cold:
        # First only among the dark shapes that may be markers; then among all, as OpenCV sees them
        # (a marker that a dark neighbour touches is no shape of its own); then closer (a wide mat's
        # markers are small).
        for coarse in _square_candidates(gray):  # the dark squares read at full resolution, without OpenCV's detector
            if coarse.id not in found:
                found[coarse.id] = coarse
        if len(found) >= MAT_CORNERS:
            return MarkerSearch(sorted(found.values(), key=lambda read: (read.id, read.corners)), cold)
        for width, only_squares in ((SEARCH_WIDTH, True), (SEARCH_WIDTH, False), (2 * SEARCH_WIDTH, False)):
            for coarse in _search(aruco, gray, width, only_squares=only_squares):
                if coarse.id not in found:
                    confirmed = _confirm(gray, coarse) or _read_near(aruco, gray, coarse)
                    if confirmed is not None:
                        found[confirmed.id] = confirmed
            if len(found) >= MAT_CORNERS or (not only_squares and max(gray.shape) / width <= 1.25):
                break
    return MarkerSearch(sorted(found.values(), key=lambda read: (read.id, read.corners)), cold)


def _search(aruco: ModuleType, gray: np.ndarray, width: int = SEARCH_WIDTH, *, only_squares: bool = False) -> list[MarkerRead]:
    """Markers in the whole frame, looked for at about ``width`` pixels across (a 1080p frame's
    markers keep 7 px cells at 640 on a mat seen 700 mm across; a race mat seen a metre across
    needs twice that), corners in full-frame pixels. ``only_squares``: among the dark shapes
    that may be markers only (``_only_squares``)."""
    import cv2

    small, factors = _small(gray, width)
    if only_squares:  # sharp dark squares on white: one threshold window is enough
        small, windows = _only_squares(small), (7, 7)
    else:
        windows = (5, 15)
    params = _parameters(aruco, min_perimeter_rate=SEARCH_MIN_PERIMETER, windows=windows)
    return [MarkerRead(read.id, tuple((x * factors[0], y * factors[1]) for x, y in read.corners))
            for read in _detect(aruco, small, params)]


def _small(gray: np.ndarray, width: int, *, sampled: bool = False) -> tuple[np.ndarray, tuple[float, float]]:
    """``gray`` at about ``width`` pixels across, and the factors back to full-frame pixels:
    averaged over each small pixel's area, or ``sampled`` (bilinear: a fifth of the cost, enough
    to outline shapes whose cells are read again at full resolution)."""
    import cv2

    scale = max(gray.shape) / width
    if scale <= 1.25:
        return gray, (1.0, 1.0)
    size = (round(gray.shape[1] / scale), round(gray.shape[0] / scale))
    small = cv2.resize(gray, size, interpolation=cv2.INTER_LINEAR if sampled else cv2.INTER_AREA)
    return small, (gray.shape[1] / size[0], gray.shape[0] / size[1])


def _dark_shapes(small: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The dark shapes of ``small`` on their lighter surroundings: (labels, stats) of OpenCV's
    connected components."""
    import cv2

    block = _odd(max(small.shape) * SEARCH_MIN_PERIMETER / 2)  # about twice the smallest marker's side
    dark = cv2.adaptiveThreshold(small, 255, cv2.ADAPTIVE_THRESH_MEAN_C, cv2.THRESH_BINARY_INV, block, 7)
    _, labels, stats, _ = cv2.connectedComponentsWithStats(dark, connectivity=4)
    return labels, stats


def _square_candidates(gray: np.ndarray) -> list[MarkerRead]:
    """The markers among the dark squares of the frame seen at ``SQUARES_WIDTH`` pixels across,
    without OpenCV's detector: each dark shape of a marker's size and about as wide as high is
    outlined there (four corners), and read at full resolution (``_identify``). On a table of a
    few cards that is a handful of shapes, a fraction of the cost of OpenCV's detector, which
    thresholds the picture again and traces every shape's outline. A marker that a dark
    neighbour touches is no shape of its own: the detector's search looks for it."""
    import cv2

    small, (fx, fy) = _small(gray, SQUARES_WIDTH, sampled=True)
    labels, stats = _dark_shapes(small)
    width = max(small.shape)
    wide, high = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    longer, shorter = np.maximum(wide, high), np.minimum(wide, high)
    fill = stats[:, cv2.CC_STAT_AREA] / np.maximum(1, wide * high)
    keep = ((longer <= SQUARE * shorter) & (longer <= SEARCH_MAX_SIDE * width) & (4 * shorter >= SEARCH_MIN_PERIMETER * width)
            & (fill >= 0.3))
    keep[0] = False
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 10, 0.05)
    found: list[MarkerRead] = []
    smallest = 0  # once a mat's four are found, only shapes near their size are read
    for label in sorted(np.flatnonzero(keep), key=lambda label: -stats[label, cv2.CC_STAT_AREA]):
        if len(found) >= MAT_CORNERS and stats[label, cv2.CC_STAT_AREA] < smallest / 2:
            break
        x, y, w, h = (int(v) for v in stats[label, :4])
        shape = (labels[max(0, y - 1) : y + h + 1, max(0, x - 1) : x + w + 1] == label).astype(np.uint8)
        contours, _ = cv2.findContours(shape, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
        outline = max(contours, key=len)
        quad = cv2.approxPolyDP(outline, 0.05 * cv2.arcLength(outline, True), True)
        if len(quad) != 4 or not cv2.isContourConvex(quad):
            continue
        quad = (quad.reshape(4, 2) + (max(0, x - 1), max(0, y - 1))).astype(np.float32)
        if not _dark_border(small, quad):
            continue
        # The outline runs through the shape's outer pixels, up to a pixel or two off its corners:
        # refined here first, so the full resolution's refinement starts within its reach.
        quad = cv2.cornerSubPix(small, quad.reshape(-1, 1, 2), (2, 2), (-1, -1), criteria).reshape(4, 2)
        corners = (quad.astype(np.float64) + 0.5) * (fx, fy) - 0.5
        read = _identify(gray, corners)
        if read is not None:
            found.append(read)
            smallest = int(stats[label, cv2.CC_STAT_AREA])
    return found


def _dark_border(small: np.ndarray, quad: np.ndarray) -> bool:
    """Is the ring of cells along the inside of ``quad`` (in ``small``'s pixels) all dark, as a
    marker's black border is? A QR code's outline is not: it is weeded out here, at the small
    scale, before anything is read at full resolution."""
    import cv2

    per_cell = 4
    size = CELLS * per_cell
    square = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    upright = cv2.warpPerspective(small, cv2.getPerspectiveTransform(quad.astype(np.float32), square), (size, size))
    middles = upright.reshape(CELLS, per_cell, CELLS, per_cell)[:, 1:-1, :, 1:-1].mean(axis=(1, 3))
    low, high = float(middles.min()), float(middles.max())
    ring = np.ones((CELLS, CELLS), bool)
    ring[1:-1, 1:-1] = False
    return high - low >= 20 and bool(np.all(middles[ring] < (low + high) / 2))


def _identify(gray: np.ndarray, corners: np.ndarray) -> MarkerRead | None:
    """The marker whose outline was found at ``corners`` (any order around it): which of the
    dictionary's markers it is, turned whichever way, read at full resolution by ``_confirm``."""
    if _cross(corners) < 0:  # OpenCV's order runs clockwise on the picture (y down)
        corners = corners[::-1]
    probe = MarkerRead(-1, tuple((float(x), float(y)) for x, y in corners))
    cells = _read_cells(gray, probe)
    if cells is None:
        return None
    refined, middles = cells
    low, high = float(middles.min()), float(middles.max())
    if np.min(np.abs(middles - (low + high) / 2)) < (high - low) / 6:
        return None  # a cell neither black nor white: no marker seen square on (a QR code's finder, say)
    found = _by_cells().get((middles < (low + high) / 2).tobytes())
    if found is None:
        return None
    marker_id, turn = found  # the cells as printed when the corners start at the turn-th one
    return MarkerRead(marker_id, tuple((float(x), float(y)) for x, y in refined[[(turn + k) % 4 for k in range(4)]]))


def _cross(corners: np.ndarray) -> float:
    a, b, c = corners[0], corners[1], corners[2]
    return float((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]))


@functools.cache
def _by_cells() -> dict[bytes, tuple[int, int]]:
    """Every marker of the dictionary, turned each way, by its 6 x 6 cells (True = black) as
    bytes: its ID, and how many quarter turns its cells are from printed."""
    table = {}
    for marker_id in range(MARKER_COUNT):
        cells = np.asarray(marker_cells(marker_id), bool)
        for turn in range(4):
            table[np.ascontiguousarray(np.rot90(cells, -turn)).tobytes()] = (marker_id, turn)
    return table


def _only_squares(small: np.ndarray) -> np.ndarray:
    """``small`` with every dark shape that cannot be a marker painted white: too long for a square
    (the dark labels of the cards, each of which OpenCV would otherwise take for a candidate and
    read: on a table of 30 cards some 70 of them, most of the search, and ten times dearer on
    OpenCV 5.0 than on 4.6) or too big (the table around the mat). A marker is a dark square
    on the mat's white margin, so it stays as it is."""
    import cv2

    width = max(small.shape)
    labels, stats = _dark_shapes(small)
    wide, high = stats[:, cv2.CC_STAT_WIDTH], stats[:, cv2.CC_STAT_HEIGHT]
    paint = (np.maximum(wide, high) > SQUARE * np.minimum(wide, high)) | (np.maximum(wide, high) > SEARCH_MAX_SIDE * width)
    paint[0] = False  # the light background
    out = small.copy()
    out[paint[labels]] = 255
    return out


def _confirm(gray: np.ndarray, coarse: MarkerRead) -> MarkerRead | None:
    """A marker found at the small scale, placed and read again at full resolution without
    OpenCV's detector (a tenth of its cost): ``_read_cells``, then its cells checked against the
    dictionary's, so a shape that a QR code's squares formed at the small scale is not confirmed.
    None when it does not hold (then ``_read_near`` looks again)."""
    cells = _read_cells(gray, coarse)
    if cells is None:
        return None
    refined, middles = cells
    black = middles < (middles.min() + middles.max()) / 2
    if not np.array_equal(black, np.asarray(marker_cells(coarse.id), bool)):
        return None
    return MarkerRead(coarse.id, tuple((float(x), float(y)) for x, y in refined))


def _read_cells(gray: np.ndarray, coarse: MarkerRead) -> tuple[np.ndarray, np.ndarray] | None:
    """The square outlined by ``coarse``'s corners at full resolution: each corner refined to a
    fraction of a pixel where a marker's black border meets the mat's white margin
    (``cornerSubPix``, as ArUco's own sub-pixel refinement), and the mean grey of the middle of
    each of its 6 x 6 cells there. None when it is too small, cut by the frame's edge, or
    without contrast (no printed marker)."""
    import cv2

    corners = np.asarray(coarse.corners, np.float32).reshape(-1, 1, 2)
    side = float(np.hypot(*(corners[[1, 2, 3, 0], 0] - corners[:, 0]).T).mean())
    cell = side / CELLS
    if cell < 3:
        return None
    (x0, y0), (x1, y1) = corners.reshape(4, 2).min(axis=0) - cell, corners.reshape(4, 2).max(axis=0) + cell
    if x0 < 0 or y0 < 0 or x1 >= gray.shape[1] or y1 >= gray.shape[0]:
        return None
    window = max(2, int(cell / 2))
    criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 100, 0.001)
    refined = cv2.cornerSubPix(gray, corners.copy(), (window, window), (-1, -1), criteria).reshape(4, 2)
    if np.max(np.hypot(*(refined - corners.reshape(4, 2)).T)) > cell / 2:
        return None  # wandered off to another corner
    per_cell = 8
    size = CELLS * per_cell
    square = np.float32([[0, 0], [size, 0], [size, size], [0, size]])
    upright = cv2.warpPerspective(gray, cv2.getPerspectiveTransform(refined.astype(np.float32), square), (size, size))
    middles = upright.reshape(CELLS, per_cell, CELLS, per_cell)[:, 2:-2, :, 2:-2].mean(axis=(1, 3))
    low, high = float(middles.min()), float(middles.max())
    if high - low < 40:
        return None  # no contrast: not a printed marker
    return refined, middles


def _read_near(aruco: ModuleType, gray: np.ndarray, guess: MarkerRead) -> MarkerRead | None:
    """``guess``'s marker read again at full resolution in a crop around it: half a marker of
    margin, so a nudge of the mat still finds it; only shapes near its size count."""
    corners = np.asarray(guess.corners)
    side = float(np.mean(np.hypot(*(corners - np.roll(corners, 1, axis=0)).T)))
    margin = max(4.0, side / 2)
    (x0, y0), (x1, y1) = corners.min(axis=0) - margin, corners.max(axis=0) + margin
    x0, y0 = max(0, int(x0)), max(0, int(y0))
    x1, y1 = min(gray.shape[1], int(np.ceil(x1))), min(gray.shape[0], int(np.ceil(y1)))
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    crop = gray[y0:y1, x0:x1]
    cell = side / CELLS
    params = _parameters(aruco, min_perimeter_rate=0.6 * 4 * side / max(crop.shape),
                         windows=(_odd(cell / 2), _odd(2 * cell)))
    reads = [read for read in _detect(aruco, crop, params) if read.id == guess.id]
    if not reads:
        return None
    best = min(reads, key=lambda read: math.dist(read.center, (guess.center[0] - x0, guess.center[1] - y0)))
    return MarkerRead(best.id, tuple((x + x0, y + y0) for x, y in best.corners))


def _detect(aruco: ModuleType, gray: np.ndarray, params: Any) -> list[MarkerRead]:
    dictionary = _dictionary(aruco)
    if hasattr(aruco, "ArucoDetector"):  # OpenCV 4.7 and later
        found, ids, _ = aruco.ArucoDetector(dictionary, params).detectMarkers(gray)
    else:  # OpenCV 4.6 and earlier
        found, ids, _ = aruco.detectMarkers(gray, dictionary, parameters=params)
    if ids is None:
        return []
    return [MarkerRead(int(marker_id), tuple((float(x), float(y)) for x, y in np.asarray(corners).reshape(4, 2)))
            for marker_id, corners in zip(np.asarray(ids).ravel(), found)]


def _parameters(aruco: ModuleType, *, min_perimeter_rate: float, windows: tuple[int, int]) -> Any:
    """Detector parameters: only squares of at least ``min_perimeter_rate`` times the image's
    longer side around, thresholded with windows from ``windows[0]`` to ``windows[1]`` pixels
    (two sizes instead of the default three)."""
    params = aruco.DetectorParameters() if hasattr(aruco, "ArucoDetector") else aruco.DetectorParameters_create()
    low, high = windows
    params.minMarkerPerimeterRate = min(min_perimeter_rate, 4.0)
    params.adaptiveThreshWinSizeMin = low
    params.adaptiveThreshWinSizeMax = max(low, high)
    params.adaptiveThreshWinSizeStep = max(1, high - low)
    return params


def _odd(size: float) -> int:
    return max(3, int(size) // 2 * 2 + 1)
