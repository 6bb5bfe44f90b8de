"""How soft the picture is, cheaply enough for a stream of frames: a Gaussian sigma in pixels,
read off the mat's markers, and whether that is too soft for the codes.

A score such as the variance of the Laplacian depends on what lies on the table (it falls when
cards are taken away), so it can only compare a frame with the same table a moment ago. The
markers are printed sharp and always there: across each of their outer edges (black border
inside, white margin outside) the picture's profile is the lens's blur of a straight step, whose
slope is a Gaussian of that very sigma. Averaged along the middle of each edge and read as a
second moment it costs a fraction of a millisecond a marker, where ``calibrate``'s full fit (the
reference, a tenth of a pixel) takes tens. On virtual-table frames blurred by 1, 2 and 3 px it
reads within 0.2 px.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from station.printed.cards import MODULE_MM
from station.vision.markers import CELLS, MarkerRead
from station.vision.table_map import TableMap

STEP_PX = 0.25  # sampling step across an edge
REACH_CELLS = 0.8  # how far the profile reaches each side of an edge: inside the one-cell black border
MIN_STEP_LEVELS = 30.0  # an edge with less contrast than this (glare, a shadow) is not measured
SAMPLING_SIGMA = 0.29  # what bilinear sampling adds to a sharp step (a one-pixel ramp), taken out again
ALONG_SAMPLES = 24  # profiles averaged along each edge's middle half
SOFT_MODULES = 0.45  # blur over this share of a QR module: whole-frame decoding starts to miss codes
DEBLUR_MODULES = 0.3  # blur over this share of a module: the picture is deconvolved before its codes are read


def marker_blur_px(gray: np.ndarray, markers: list[MarkerRead]) -> float | None:
    """The picture's blur as a Gaussian sigma in px, the median over the markers' edges; None
    when no edge can be measured (no marker, or all cut by the picture's border or washed out)."""
    sigmas = _edge_sigmas(gray, markers)
    return float(np.median(sigmas)) if sigmas else None


def module_px(markers: list[MarkerRead], marker_mm: float) -> float | None:
    """Pixels per QR module (``MODULE_MM``) near the markers, from their size in the picture."""
    if not markers:
        return None
    sides = [_side(np.asarray(m.corners, np.float64)) for m in markers]
    return float(np.median(sides)) / marker_mm * MODULE_MM


def too_soft(blur_px: float, module: float) -> bool:
    """Is a blur of ``blur_px`` too much for codes whose modules are ``module`` px?"""
    return blur_px > SOFT_MODULES * module


@dataclass(frozen=True)
class Softness:
    """The blur measured on a mat's markers, against the size of the codes' modules there."""

    blur_px: float
    module_px: float

    @property
    def soft(self) -> bool:
        return too_soft(self.blur_px, self.module_px)

    @property
    def deblur_px(self) -> float:
        """The blur to undo before the codes are read (0 on a picture sharp enough to read as it is)."""
        return self.blur_px if self.blur_px > DEBLUR_MODULES * self.module_px else 0.0

    @property
    def warning(self) -> str | None:
        return soft_text(self.blur_px, self.module_px) if self.soft else None


def measure_softness(gray: np.ndarray, markers: list[MarkerRead], table: TableMap) -> Softness | None:
    """The picture's softness on ``table``'s mat; None when there is no mat to measure it on."""
    mat = table.mat
    seen = [m for m in markers if mat is not None and any(spot.id == m.id for spot in mat.markers)]
    if mat is None or not seen:
        return None
    blur = marker_blur_px(gray, seen)
    module = module_px(seen, mat.markers[0].size)
    return None if blur is None or module is None else Softness(blur, module)


def soft_text(blur_px: float, module: float) -> str:
    return (f"the picture is too soft to read every card (blur {blur_px:.1f} px, codes need under "
            f"{SOFT_MODULES * module:.1f}): focus the lens, or lower the camera")


def _side(corners: np.ndarray) -> float:
    return float(np.mean(np.hypot(*(corners - np.roll(corners, 1, axis=0)).T)))


def _edge_sigmas(gray: np.ndarray, markers: list[MarkerRead]) -> list[float]:
    """The blur across each of the markers' outer edges that can be measured: every edge's
    profile sampled in one remap and read in one pass (a first frame measures four markers
    before it reads a code)."""
    import cv2

    if not markers:
        return []
    corners = np.asarray([marker.corners for marker in markers], np.float64)  # (markers, 4, xy)
    a, b = corners.reshape(-1, 2), np.roll(corners, -1, axis=1).reshape(-1, 2)  # each edge's two ends
    lengths = np.hypot(*(b - a).T)
    # Each marker's profiles reach REACH_CELLS of its own cell, in STEP_PX steps; a shorter one is
    # padded with its last sample (a zero slope, which weighs nothing).
    reaches = np.repeat(REACH_CELLS * lengths.reshape(-1, 4).mean(axis=1) / CELLS, 4)
    counts = np.floor((2 * reaches + STEP_PX / 2) / STEP_PX).astype(int) + 1
    steps_across = np.minimum(np.arange(counts.max())[None, :], (counts - 1)[:, None])
    across = -reaches[:, None] + STEP_PX * steps_across  # (edges, samples)
    along = (b - a) / np.maximum(lengths, 1e-9)[:, None]
    out = np.stack([-along[:, 1], along[:, 0]], axis=1)
    centres = np.repeat(corners.mean(axis=1), 4, axis=0)
    out[np.einsum("ij,ij->i", centres - a, out) > 0] *= -1  # pointing away from the marker's centre
    ts = np.linspace(0.25, 0.75, ALONG_SAMPLES)[None, :] * lengths[:, None]  # each edge's middle: clear of the corners
    middles = a[:, None] + ts[..., None] * along[:, None]  # (edges, along, xy)
    height, width = gray.shape[:2]
    low, high = middles.min(axis=1) - reaches[:, None], middles.max(axis=1) + reaches[:, None]  # each edge's samples lie within
    keep = (low.min(axis=1) >= 1) & (high[:, 0] <= width - 2) & (high[:, 1] <= height - 2) & (lengths >= 2 * CELLS)
    if not keep.any():
        return []
    middles, across, out = middles[keep], across[keep], out[keep]
    points = middles[:, :, None] + across[:, None, :, None] * out[:, None, None]  # (edges, along, across, xy)
    # the edges one under the other in one map
    samples = cv2.remap(gray, points.reshape(-1, across.shape[1], 2).astype(np.float32), None, cv2.INTER_LINEAR)
    profiles = samples.astype(np.float64).reshape(len(points), ALONG_SAMPLES, across.shape[1]).mean(axis=1)  # dark inside, light outside
    last = counts[keep] - 1
    rows = np.arange(len(profiles))
    steps = profiles[rows[:, None], np.clip(last[:, None] - np.arange(3, -1, -1), 0, None)].mean(axis=1) - profiles[:, :4].mean(axis=1)
    slopes = np.clip(np.diff(profiles, axis=1), 0, None)
    slopes[slopes < 0.05 * slopes.max(axis=1, keepdims=True)] = 0  # the noise in the flat parts would widen it
    middle = (across[:, :-1] + across[:, 1:]) / 2
    total = slopes.sum(axis=1)
    usable = (steps >= MIN_STEP_LEVELS) & (total > 0)
    if not usable.any():
        return []
    slopes, total, middle = slopes[usable], total[usable], middle[usable]
    mean = (slopes * middle).sum(axis=1) / total
    variance = (slopes * (middle - mean[:, None]) ** 2).sum(axis=1) / total
    return [math.sqrt(max(float(v) - SAMPLING_SIGMA**2, 0.0)) for v in variance]
