"""Reading QR codes in an image: a decoder interface with zxing-cpp and pyzbar backends.

Every backend returns the same plain values (text and corner pixels), so the rest of the
station never knows which library read a code. The payload's meaning is the catalog's job.

Past where a soft picture defeats the decoders: given the picture's blur (measured on the mat's
markers), the picture is deconvolved for it first (``deblur``), and the codes read from that.
``bench/vision.py --blur-sweep`` measures it on every game's mat; a QR code's own error
correction and the catalog's strict payloads keep a misread out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np
from PIL import Image

from station.vision.deblur import deconvolve
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
        (Gaussian sigma), when it is known to be soft: the picture is deconvolved for it first."""
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
        gray = np.ascontiguousarray(deconvolve(as_gray(image), blur_px))
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
        gray = np.ascontiguousarray(deconvolve(as_gray(image), blur_px))
        found = self._zxing.read_barcodes(gray, formats=self._formats, **ZXING_OPTIONS)  # type: ignore[arg-type]
        return [CodeRead(result.text, _corners(result.position)) for result in found if result.valid]


ZXING_OPTIONS = {
    # What zxing-cpp tries by default that our codes never need: turning the picture (for 1D
    # barcodes; a QR code reads at any angle), inverting it (no code is printed light on dark), and
    # reading it again scaled down (for codes hundreds of pixels across; ours are 60 to 120 px). On
    # the benchmark's tables the same codes read in a third to a sixth of the time.
    "try_rotate": False, "try_invert": False, "try_downscale": False,
}


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
