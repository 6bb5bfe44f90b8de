"""One image to what lies on the table: cards (with mm positions on a mat), foreign QR codes,
the mat, and warnings about the image itself (too dark, blurred, no mat)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.catalog import Catalog, load_catalog
from station.vision.decode import Decoder, make_decoder
from station.vision.images import as_gray
from station.vision.lens import Lens
from station.vision.locate import CardSighting, ForeignCode, locate
from station.vision.markers import detect_markers
from station.vision.table_map import TableMap, find_table_map

DARK_MEAN = 45  # mean grey level under which a frame is too dark to trust
SHARPNESS_MIN = 60.0  # variance of the Laplacian under which a frame is called blurred


@dataclass(frozen=True)
class ImageQuality:
    brightness: float  # mean grey level, 0-255
    sharpness: float | None  # variance of the Laplacian: higher is sharper (None: not measured, a mat's markers
    # measure the blur instead)

    def darkness_warnings(self) -> tuple[str, ...]:
        if self.brightness < DARK_MEAN:
            return (f"the image is too dark (mean level {self.brightness:.0f} of 255): add light",)
        return ()

    def warnings(self) -> tuple[str, ...]:
        """For one still image: too dark, or blurred by an absolute sharpness (a stream of frames
        judges blur against the table's usual sharpness instead, see ``pipeline``)."""
        if self.sharpness is not None and self.sharpness < SHARPNESS_MIN:
            blurred = f"the image looks blurred (sharpness {self.sharpness:.0f}): check focus and hold the camera still"
            return self.darkness_warnings() + (blurred,)
        return self.darkness_warnings()


@dataclass(frozen=True)
class ScanResult:
    cards: tuple[CardSighting, ...]
    foreign: tuple[ForeignCode, ...]
    table: TableMap
    quality: ImageQuality
    warnings: tuple[str, ...] = field(default=())

    def as_json(self) -> dict[str, Any]:
        mat = self.table.mat
        return {
            "units": self.table.units,
            "mat": None if mat is None else {"game": mat.game, "seats": mat.seats, "markers_seen": self.table.markers_seen},
            "cards": [
                {"id": c.card_id, "face": c.face, "game": c.game, "x": round(c.x, 1), "y": round(c.y, 1),
                 "angle": round(c.angle, 1), "codes": c.codes,
                 **({"zone": zone.name} if mat and (zone := mat.zone_at(c.x, c.y)) else {})}
                for c in self.cards
            ],
            "unknown_codes": [{"text": f.text, "reason": f.reason, "x": round(f.x, 1), "y": round(f.y, 1)} for f in self.foreign],
            "warnings": list(self.warnings),
        }


def image_quality(gray: np.ndarray) -> ImageQuality:
    import cv2

    # A uint8 image's Laplacian fits in 16 bits; OpenCV's mean and deviation are one pass over it.
    _, deviation = cv2.meanStdDev(cv2.Laplacian(gray, cv2.CV_16S))
    return ImageQuality(float(cv2.mean(gray)[0]), float(deviation[0, 0]) ** 2)


def _mean(gray: np.ndarray) -> float:
    import cv2

    return float(cv2.mean(gray)[0])


def scan_image(image: Any, decoder: Decoder | None = None, catalog: Catalog | None = None,
               lens: Lens | None = None) -> ScanResult:
    """Everything one still image shows: a whole-frame pass (the station's safety net). On a mat
    the blur is measured on its markers: a picture too soft for the codes says so, and a picture
    soft enough for a code to go unread is deconvolved for that blur before its codes are read."""
    from station.vision.sharpness import measure_softness

    gray = as_gray(image)
    decoder = decoder or make_decoder()
    markers = detect_markers(gray)
    table = find_table_map(markers, lens if lens is not None and lens.size == (gray.shape[1], gray.shape[0]) else None)
    softness = measure_softness(gray, markers, table)
    blur = softness.deblur_px if softness is not None else 0.0
    cards, foreign = locate(decoder.decode(gray, blur_px=blur), table, catalog or load_catalog())
    cards.sort(key=lambda c: (c.y, c.x))
    if softness is None:  # no mat to measure the blur on: the scene-dependent score it is
        quality = image_quality(gray)
        warnings = quality.warnings()
    else:  # the whole frame's Laplacian (a tenth of a decode) is not needed
        quality = ImageQuality(_mean(gray), None)
        warnings = quality.darkness_warnings() + ((softness.warning,) if softness.warning else ())
    return ScanResult(tuple(cards), tuple(foreign), table, quality, table.warnings + warnings)
