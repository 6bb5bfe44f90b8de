"""Reading QR codes in an image: a decoder interface with zxing-cpp and pyzbar backends.

Every backend returns the same plain values (text and corner pixels), so the rest of the
station never knows which library read a code. The payload's meaning is the catalog's job.

Past where a soft picture defeats the whole-frame read: zxing-cpp still *finds* most codes it
cannot read (its finder patterns survive blur that melts the modules), so given the picture's
blur, each such code is cut out, upscaled twice (cubic) and sharpened for that blur (an unsharp
mask of the same sigma), and read again. At a blur of 2 px on a 1080p table this read 26 of the
28 cards the whole frame missed, with no wrong ID (``bench/vision.py`` measures it each run); a
QR code's own error correction and the catalog's strict payloads keep a misread out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
from PIL import Image

from station.vision.images import as_gray

Point = tuple[float, float]


class DecoderUnavailable(ImportError):
    """The decoding library, or the system library under it, is not installed."""


@dataclass(frozen=True)
class CodeRead:
    """One QR code found in an image: its text and its corners in pixels, in image order."""

    text: str
    corners: tuple[Point, ...]

    @property
    def center(self) -> Point:
        xs, ys = zip(*self.corners)
        return sum(xs) / len(xs), sum(ys) / len(ys)


class Decoder(Protocol):
    name: str

    def decode(self, image: Image.Image | np.ndarray, blur_px: float = 0.0) -> list[CodeRead]:
        """Every QR code found in ``image`` (grey or BGR). ``blur_px``: the picture's blur
        (Gaussian sigma), when it is known to be soft: codes found but not read are read again
        sharpened for it, where the backend can."""
        ...


class PyzbarDecoder:
    """ZBar through pyzbar: packaged for Raspberry Pi OS (apt libzbar0), reads QR codes only here."""

    name = "pyzbar"

    def __init__(self) -> None:
        try:
            from pyzbar import pyzbar
        except ImportError as exc:  # pyzbar raises ImportError when libzbar0 is missing
            raise DecoderUnavailable(
                f"pyzbar cannot load the ZBar library ({exc}): run scripts/bootstrap.sh, or `sudo apt install libzbar0`"
            ) from exc
        self._pyzbar = pyzbar
        self._symbols = [pyzbar.ZBarSymbol.QRCODE]

    def decode(self, image: Image.Image | np.ndarray, blur_px: float = 0.0) -> list[CodeRead]:
        """ZBar says nothing of codes it found but could not read, so ``blur_px`` changes nothing."""
        gray = np.ascontiguousarray(as_gray(image))
        reads = []
        for symbol in self._pyzbar.decode(gray, symbols=self._symbols):
            text = symbol.data.decode("utf-8", errors="replace")
            reads.append(CodeRead(text, tuple((float(p.x), float(p.y)) for p in symbol.polygon)))
        return reads


class ZxingDecoder:
    """zxing-cpp: many times faster than ZBar on a whole frame and it finds codes ZBar misses
    when many lie side by side (a sheet of cards, a busy table); wheels exist for the Pi."""

    name = "zxing-cpp"

    def __init__(self) -> None:
        try:
            import zxingcpp
        except ImportError as exc:
            raise DecoderUnavailable(f"zxing-cpp is not installed ({exc}): run scripts/bootstrap.sh") from exc
        self._zxing = zxingcpp
        self._formats = zxingcpp.BarcodeFormat.QRCode

    def decode(self, image: Image.Image | np.ndarray, blur_px: float = 0.0) -> list[CodeRead]:
        gray = np.ascontiguousarray(as_gray(image))
        found = self._zxing.read_barcodes(gray, formats=self._formats, return_errors=blur_px > 0)  # type: ignore[arg-type]
        reads = [CodeRead(result.text, _corners(result.position)) for result in found if result.valid]
        for result in found:
            if not result.valid:
                reads += self._read_sharpened(gray, _corners(result.position), blur_px, reads)
        return reads

    def _read_sharpened(self, gray: np.ndarray, corners: tuple[Point, ...], blur_px: float,
                        done: list[CodeRead]) -> list[CodeRead]:
        """A code found but not read, read again from its crop upscaled and sharpened for the blur."""
        import cv2

        points = np.asarray(corners)
        centre = points.mean(axis=0)
        if any(np.linalg.norm(np.asarray(read.center) - centre) < 4 for read in done):
            return []  # read already (found twice)
        side = float(np.mean(np.hypot(*(points - np.roll(points, 1, axis=0)).T)))
        margin = RESCUE_MARGIN * side + 2 * blur_px
        (x0, y0), (x1, y1) = np.maximum(points.min(axis=0) - margin, 0).astype(int), (points.max(axis=0) + margin).astype(int)
        crop = gray[y0 : y1 + 1, x0 : x1 + 1]
        if min(crop.shape) < 16:
            return []
        big = cv2.resize(crop, None, fx=RESCUE_SCALE, fy=RESCUE_SCALE, interpolation=cv2.INTER_CUBIC)
        soft = cv2.GaussianBlur(big, (0, 0), blur_px * RESCUE_SCALE)
        sharp = cv2.addWeighted(big, 1 + RESCUE_AMOUNT, soft, -RESCUE_AMOUNT, 0)
        found = self._zxing.read_barcodes(sharp, formats=self._formats, try_rotate=False,  # type: ignore[arg-type]
                                          try_downscale=False)
        return [CodeRead(result.text, tuple((x0 + x / RESCUE_SCALE, y0 + y / RESCUE_SCALE) for x, y in _corners(result.position)))
                for result in found if result.valid]


RESCUE_SCALE = 2  # a soft code's crop is upscaled this many times ...
RESCUE_AMOUNT = 2.5  # ... and sharpened this much (unsharp mask): the best of those measured at 2 and 2.5 px
RESCUE_MARGIN = 0.35  # quiet zone kept around the code, in code widths


def _corners(position) -> tuple[Point, ...]:  # zxingcpp.Position
    p = position
    return tuple((float(q.x), float(q.y)) for q in (p.top_left, p.top_right, p.bottom_right, p.bottom_left))


BACKENDS: dict[str, type[ZxingDecoder | PyzbarDecoder]] = {"zxing-cpp": ZxingDecoder, "pyzbar": PyzbarDecoder}


def make_decoder(name: str = "auto") -> Decoder:
    """The decoder called ``name``; ``auto`` is the best one installed (zxing-cpp, then pyzbar)."""
    if name != "auto":
        if name not in BACKENDS:
            raise ValueError(f"unknown QR decoder {name!r}: choose auto, {', '.join(BACKENDS)}")
        return BACKENDS[name]()
    problems = []
    for backend in BACKENDS.values():
        try:
            return backend()
        except DecoderUnavailable as exc:
            problems.append(str(exc))
    raise DecoderUnavailable("no QR decoder can be loaded: " + "; ".join(problems))
