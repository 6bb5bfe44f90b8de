"""Frames to what lies on the table, at a cost that grows with change, not with the table.

Every frame: a quarter-size grey copy (subsampled before it is made grey, or the Y plane of a
YUV420 frame) is compared with the previous one. Only where something changed and has since
become still are codes decoded, on grey crops of the full frame; a full-frame pass now and then
is the safety net, and the mat's markers are looked for again (first where they were) when
something moved over them. A table where nothing moves costs little.

A frame too soft for the codes is said in a warning, on every such frame: the blur is measured on
the mat's markers (``sharpness``) whenever the markers are looked for or the picture's sharpness
changes, and a picture soft enough for a code to go unread is deconvolved for that blur before
its codes are read (``deblur``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from engine.catalog import Catalog, load_catalog
from station.hardware.camera import Frame
from station.vision.decode import CodeRead, Decoder, make_decoder
from station.vision.images import GreyFrame
from station.vision.lens import Lens
from station.vision.locate import CardSighting, ForeignCode, Locator
from station.vision.markers import MarkerRead, find_markers
from station.vision.mat_memory import MarkerMemory
from station.vision.scan import ImageQuality, image_quality
from station.vision.sharpness import Softness, measure_softness
from station.vision.table_map import NO_MAT, TableMap, find_table_map

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in full-frame pixels


@dataclass(frozen=True)
class PipelineSettings:
    """Thresholds, all in the station config's ``[vision]`` table."""

    downscale: int = 4  # the change check works on a frame this many times smaller
    change_level: int = 18  # grey levels of difference that count as change
    full_pass_every: int = 30  # frames between two safety-net passes over the whole frame
    margin_px: int = 90  # crops reach this far beyond the changed area (a card is ~250 px at 1080p)
    disturbed_share: float = 0.5  # more of the frame than this changing at once: light, focus or a bumped camera
    blur_drop: float = 0.3  # sharpness below this share of the table's usual is a blurred frame
    blur_recheck: float = 1.35  # sharpness changed by this factor since the markers' blur was measured: measure again


@dataclass(frozen=True)
class FrameObservation:
    """What one frame shows, for the tracker: cards in view (table units), foreign codes, and
    where the picture is changing (cards there may be hidden by a hand, not gone)."""

    index: int
    cards: tuple[CardSighting, ...]
    foreign: tuple[ForeignCode, ...]
    busy: tuple[tuple[float, float, float, float], ...]  # moving areas, table units: x0, y0, x1, y1
    table: TableMap
    warnings: tuple[str, ...] = ()
    decoded_px: int = 0  # pixels handed to the decoder this frame (0 on a still table)
    full_pass: bool = False
    trustworthy: bool = True  # False for a dark, blurred or wholly changed frame: hold the table state
    captured: float | None = None  # when the camera took the frame (its clock), if it said
    blur_px: float | None = None  # the picture's blur measured on the mat's markers (Gaussian sigma), when known
    markers: Literal["warm", "cold"] | None = None  # how the mat's markers were looked for this frame, if they were:
    # read again where they last were (warm), or searched for across the whole frame (cold)


class CardPipeline:
    """Feed frames in order with ``observe``; it keeps what it needs between them."""

    def __init__(self, decoder: Decoder | None = None, catalog: Catalog | None = None,
                 settings: PipelineSettings | None = None, memory: MarkerMemory | None = None,
                 lens: Lens | None = None) -> None:
        """``memory`` keeps the mat's markers between runs: the first frame reads them where they
        were last found, and the cold search is left for a mat or camera that moved. ``lens``: the
        camera's calibrated distortion, undone on the points mapped to the mat (``lens``)."""
        self.decoder = decoder or make_decoder()
        self.memory = memory
        self.lens = lens
        self.catalog = catalog or load_catalog()
        self.settings = settings or PipelineSettings()
        self.table: TableMap = NO_MAT
        self._index = -1
        self._previous: np.ndarray | None = None
        self._pending: np.ndarray | None = None  # changed since the last decode there, small-frame mask
        self._reads: list[CodeRead] = []
        self._usual_sharpness = 0.0
        self._markers: list[MarkerRead] = []
        self._marker_search: Literal["warm", "cold"] | None = None  # this frame's, if the markers were looked for
        self._marker_patches: list[tuple[Box, np.ndarray]] = []  # the small frame around each marker when found
        self._softness: Softness | None = None  # the blur measured on the markers ...
        self._softness_at = 0.0  # ... when the small frame had this sharpness
        self._locate = Locator(self.catalog)
        self._located_key: tuple[object, ...] | None = None
        self._located: tuple[list[CardSighting], list[ForeignCode]] = ([], [])

    def observe(self, frame: Frame | Any) -> FrameObservation:
        """One frame, in order: a camera ``Frame`` (BGR or YUV420, with its capture time), or a
        bare image (a BGR or grey array, or a PIL image)."""
        self._index += 1
        s = self.settings
        if isinstance(frame, Frame):
            grey, captured = GreyFrame(frame.image, frame.pixel_format), frame.time
        else:
            grey, captured = GreyFrame(frame), None
        small = grey.small(s.downscale)
        previous = self._previous
        first = previous is None or previous.shape != small.shape
        moving = np.zeros(small.shape, bool) if previous is None or first else _changed(small, previous, s.change_level)
        self._previous = small
        if first:
            self._pending = np.zeros(small.shape, bool)
            if previous is None and self.memory is not None and not self._markers:
                self._markers = self.memory.recall(_size(grey.shape))
        self._marker_search = None
        assert self._pending is not None
        self._pending |= moving

        disturbed = bool(moving.mean() > s.disturbed_share)
        full = first or self._index % s.full_pass_every == 0
        quality = image_quality(small)
        if full and not self._markers_unchanged(small):
            self._remap(grey, small, quality.sharpness)
        elif not disturbed and self._softness is not None and _ratio(quality.sharpness, self._softness_at) > s.blur_recheck:
            self._measure_blur(grey, quality.sharpness)  # focus or light changed since the blur was measured
        quality_warnings = self._check_quality(quality)
        if disturbed:
            quality_warnings += ("the whole picture changed at once (light, focus or a bumped camera): waiting for it to settle",)
        decoded_px = 0
        if full:
            self._reads = self._steady(self.decoder.decode(grey.full(), blur_px=self._rescue_blur()))
            self._pending[:] = False
            decoded_px = grey.size
        else:
            settled = self._pending & ~_grow(moving, 2)
            if settled.any():
                for box in _boxes(settled, s.downscale, s.margin_px, grey.shape):
                    decoded_px += self._redecode(grey, box)
                self._pending &= ~settled
                if self._markers_touched(settled):
                    self._remap(grey, small, quality.sharpness)
        # A code under something moving may be gone already: it is not reported until it settles.
        if moving.any():
            near_motion = _grow(moving, 3)
            trusted = [r for r in self._reads if not _touches(r, near_motion, s.downscale)]
        else:
            trusted = self._reads
        key = (id(self.table), frozenset(trusted))
        if key != self._located_key:  # a still table: the same reads (in any order), the same answer
            self._located_key, self._located = key, self._locate(trusted, self.table)
        cards, foreign = self._located
        busy = tuple(self._busy_areas(moving, grey.shape))
        warnings = self.table.warnings + quality_warnings
        return FrameObservation(self._index, tuple(cards), tuple(foreign), busy, self.table, warnings, decoded_px, full,
                                trustworthy=not quality_warnings, captured=captured,
                                blur_px=None if self._softness is None else self._softness.blur_px,
                                markers=self._marker_search)

    def _check_quality(self, quality: ImageQuality) -> tuple[str, ...]:
        """Too dark; too soft for the codes (the blur measured on the markers, which a change of
        sharpness measures again); or, with no markers to measure on, much less sharp than this
        table usually is (a shake, a lens knocked out of focus). The whole picture's sharpness
        depends on what lies there — clearing the cards away lowers it — so it is never the
        judge where the markers can be."""
        sharpness = quality.sharpness
        warnings = list(quality.darkness_warnings())
        soft = self._softness.warning if self._softness is not None else None
        if soft:
            warnings.append(soft)
        elif self._softness is None and sharpness < self.settings.blur_drop * self._usual_sharpness:
            warnings.append("the picture is blurred: check the focus, or something is moving the camera")
        if not warnings:
            self._usual_sharpness = max(sharpness, 0.9 * self._usual_sharpness)
        return tuple(warnings)

    def _rescue_blur(self) -> float:
        """The blur the decoder undoes before reading: the markers' when the picture is soft enough
        for a code to go unread (``Softness.deblur_px``), else none."""
        return 0.0 if self._softness is None else self._softness.deblur_px

    def _redecode(self, grey: GreyFrame, box: Box) -> int:
        """Decode one crop; its reads replace every earlier read whose code lies wholly inside it
        (a code the crop's edge cuts through could not be read there, so it is kept)."""
        x0, y0, x1, y1 = box
        crop = grey.crop(box)
        fresh = [CodeRead(r.text, tuple((x + x0, y + y0) for x, y in r.corners))
                 for r in self.decoder.decode(crop, blur_px=self._rescue_blur())]
        kept = [r for r in self._reads if not all(_inside(corner, box) for corner in r.corners)]
        self._reads = kept + self._steady(fresh)
        return crop.size

    def _steady(self, fresh: list[CodeRead]) -> list[CodeRead]:
        """Fresh reads of codes that have not moved (every corner within ``STILL_SHARE`` of the
        code's side) are the earlier reads again: a still card keeps its exact position through sensor noise, and the
        cards are located again only when a code really moved."""
        earlier: dict[str, list[CodeRead]] = {}
        for read in self._reads:
            earlier.setdefault(read.text, []).append(read)
        return [next((old for old in earlier.get(read.text, ()) if _same_place(old, read)), read) for read in fresh]

    def _remap(self, grey: GreyFrame, small: np.ndarray, sharpness: float) -> None:
        """The mat's markers again, first where they were; and the blur measured on them. A mat
        found is kept in ``memory`` for the next start."""
        search = find_markers(grey.full(), near=self._markers)
        self._marker_search = "cold" if search.cold else "warm"
        markers = search.markers
        found = find_table_map(markers, self.lens if self.lens is not None and self.lens.size == _size(grey.shape) else None)
        if found.mat is not None or self.table.mat is None:
            self.table, self._markers = found, markers
            self._marker_patches = [(box, small[box[1] : box[3], box[0] : box[2]].copy()) for box in self._marker_boxes(small.shape)]
            self._measure_blur(grey, sharpness)
            if found.mat is not None and self.memory is not None:
                self.memory.keep(_size(grey.shape), markers)

    def _markers_unchanged(self, small: np.ndarray) -> bool:
        """Does every marker's neighbourhood look as it did when the markers were last found? Then
        the map still holds, and the safety-net pass need not look for them (slow drift, which the
        frame-to-frame check cannot see, shows here: the patches are from that moment)."""
        if self.table.mat is None or not self._marker_patches:
            return False
        level = self.settings.change_level
        return all(patch.shape == small[y0:y1, x0:x1].shape and not _changed(small[y0:y1, x0:x1], patch, level).any()
                   for (x0, y0, x1, y1), patch in self._marker_patches)

    def _marker_boxes(self, shape: tuple[int, ...]) -> list[Box]:
        """Each marker found, with a quarter of its size around it, in small-frame pixels."""
        scale, boxes = self.settings.downscale, []
        for marker in self._markers:
            corners = np.asarray(marker.corners) / scale
            (x0, y0), (x1, y1) = corners.min(axis=0), corners.max(axis=0)
            grow = (x1 - x0) / 4
            boxes.append((max(0, int(x0 - grow)), max(0, int(y0 - grow)),
                          min(shape[1], int(x1 + grow) + 1), min(shape[0], int(y1 + grow) + 1)))
        return boxes

    def _measure_blur(self, grey: GreyFrame, sharpness: float) -> None:
        self._softness = measure_softness(grey.full(), self._markers, self.table)
        self._softness_at = sharpness

    def _markers_touched(self, settled: np.ndarray) -> bool:
        """Did something settle over a marker (the mat nudged, the camera moved)? With no mat
        yet, any settled change may be the mat being laid down."""
        table = self.table
        if table.mat is None or table.pixels_to_mm is None:
            return True
        scale = self.settings.downscale
        for spot in table.mat.markers:
            xs, ys = (table.to_pixels(spot.corners) / scale).T
            x0, y0 = max(0, int(xs.min())), max(0, int(ys.min()))
            if settled[y0 : int(ys.max()) + 1, x0 : int(xs.max()) + 1].any():
                return True
        return False

    def _busy_areas(self, moving: np.ndarray, shape: tuple[int, ...]) -> list[tuple[float, float, float, float]]:
        areas = []
        for x0, y0, x1, y1 in _boxes(moving, self.settings.downscale, 0, shape):
            corners = self.table.to_table([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
            (ax, ay), (bx, by) = corners.min(axis=0), corners.max(axis=0)
            areas.append((float(ax), float(ay), float(bx), float(by)))
        return areas


def _size(shape: tuple[int, ...]) -> tuple[int, int]:
    """A frame's (width, height) from its array shape."""
    return int(shape[1]), int(shape[0])


def _ratio(a: float, b: float) -> float:
    """How many times larger the larger of two positive numbers is."""
    low, high = sorted((a, b))
    return high / low if low > 0 else float("inf")


def _changed(a: np.ndarray, b: np.ndarray, level: int) -> np.ndarray:
    import cv2

    return cv2.absdiff(a, b) > level


def _grow(mask: np.ndarray, cells: int) -> np.ndarray:
    import cv2

    if not mask.any():
        return mask
    kernel = np.ones((2 * cells + 1, 2 * cells + 1), np.uint8)
    return cv2.dilate(mask.astype(np.uint8), kernel).astype(bool)


def _boxes(mask: np.ndarray, scale: int, margin: int, shape: tuple[int, ...]) -> list[Box]:
    """Bounding boxes of the changed blobs, in full-frame pixels, grown by ``margin``.

    A blob's outer contour bounds it. Only outer contours are traced: a blob lying in another's
    hole lies in that one's box, and ``_merge`` would take it in whole. That gives exactly the
    boxes of 8-connected components, for about a thirtieth of the time OpenCV's connected
    components take on a quarter-size frame (0.03 ms against 1 ms, 4.6 and 5.0 alike)."""
    import cv2

    if not mask.any():
        return []
    contours, _ = cv2.findContours(_grow(mask, 3).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    height, width = shape[0], shape[1]
    boxes = []
    for contour in contours:
        x, y, w, h = cv2.boundingRect(contour)
        boxes.append((max(0, x * scale - margin), max(0, y * scale - margin),
                      min(width, (x + w) * scale + margin), min(height, (y + h) * scale + margin)))
    return _merge(boxes)


def _merge(boxes: list[Box]) -> list[Box]:
    """Overlapping crops become one, so no code is decoded twice or cut in half by a seam."""
    merged: list[Box] = []
    for box in sorted(boxes):
        for i, other in enumerate(merged):
            if box[0] <= other[2] and other[0] <= box[2] and box[1] <= other[3] and other[1] <= box[3]:
                merged[i] = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3]))
                break
        else:
            merged.append(box)
    return merged if len(merged) == len(boxes) else _merge(merged)


def _touches(read: CodeRead, mask: np.ndarray, scale: int) -> bool:
    """Does any corner or the centre of the code lie on the (small-frame) mask?"""
    height, width = mask.shape
    for x, y in (*read.corners, read.center):
        col, row = int(x) // scale, int(y) // scale
        if 0 <= row < height and 0 <= col < width and mask[row, col]:
            return True
    return False


STILL_SHARE = 0.06  # a code whose corners all moved less than this share of its side has not moved:
# zxing-cpp gives whole-pixel corners that sensor noise moves by up to a module (4 px of an 80 px code at 1080p)


def _same_place(a: CodeRead, b: CodeRead) -> bool:
    (x0, y0), (x1, y1) = a.corners[0], a.corners[1]
    limit = max(1.0, STILL_SHARE * math.hypot(x1 - x0, y1 - y0))
    return all(abs(p[0] - q[0]) <= limit and abs(p[1] - q[1]) <= limit for p, q in zip(a.corners, b.corners))


def _inside(point: tuple[float, float], box: Box) -> bool:
    return box[0] <= point[0] < box[2] and box[1] <= point[1] < box[3]
