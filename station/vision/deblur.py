"""Undoing a soft picture's blur before its codes are read: Wiener deconvolution with the Gaussian
the station measures on the mat's markers (``sharpness``).

A lens out of focus spreads each QR module into its neighbours; past about half a module
(2 px at 1080p over 70 cm) zxing-cpp no longer reads the codes, and from 2.25 px it no longer
even finds them. The blur is known, though: the markers' edges give its sigma. Dividing the
picture's spectrum by the Gaussian's, damped where the Gaussian is weaker than the noise
(``NOISE_TO_SIGNAL``), gives back the modules' edges: on virtual-table frames of every game's mat
every card read at 2.5 px, where the sharpened crops of codes found that this replaces read 83 %
at 2 px (Big Bang's triangles 38 %) and none of Big Bang's from 2.25. A QR code's error
correction and the catalog's strict payloads keep the ringing from becoming a wrong ID
(``bench/vision.py --blur-sweep`` counts them: none).

One forward and one inverse DFT of the picture (OpenCV's, on a reflected border so the frame's
edges do not ring): tens of milliseconds for a 1080p frame, and only on frames measured soft.
"""

from __future__ import annotations

import functools
import math

import numpy as np

NOISE_TO_SIGNAL = 0.005  # the Wiener filter's damping: the noise's power against the picture's
BORDER_SIGMAS = 4  # the picture is reflected this many blur sigmas out, so its edges do not ring


def deconvolve(gray: np.ndarray, sigma: float, noise_to_signal: float = NOISE_TO_SIGNAL) -> np.ndarray:
    """``gray`` (uint8) with a Gaussian blur of ``sigma`` px undone (uint8, same shape); unchanged
    for a sigma of zero. The sigma is taken to a twentieth of a pixel (the filter is kept for the
    next frame: the blur is measured to a tenth at best)."""
    import cv2

    if sigma <= 0:
        return gray
    height, width = gray.shape[:2]
    border = int(math.ceil(BORDER_SIGMAS * sigma)) + 1
    rows = cv2.getOptimalDFTSize(height + 2 * border)
    cols = cv2.getOptimalDFTSize(width + 2 * border)
    padded = cv2.copyMakeBorder(gray, border, rows - height - border, border, cols - width - border, cv2.BORDER_REFLECT_101)
    # OpenCV's packed spectrum of a real picture (CCS) costs a tenth of its complex one
    spectrum = cv2.mulSpectrums(cv2.dft(padded.astype(np.float32)), _wiener(rows, cols, round(sigma * 20) / 20, noise_to_signal), 0)
    sharp = cv2.idft(spectrum, flags=cv2.DFT_SCALE | cv2.DFT_REAL_OUTPUT)[border : border + height, border : border + width]
    return cv2.convertScaleAbs(sharp)  # type: ignore[no-any-return]  # rounded, saturated to 0-255


@functools.lru_cache(maxsize=8)
def _wiener(rows: int, cols: int, sigma: float, noise_to_signal: float) -> np.ndarray:
    """The Wiener filter of a Gaussian blur, G / (G² + k), as OpenCV's packed spectrum (CCS) of a
    ``rows`` x ``cols`` picture: the filter's own picture (real and even), transformed."""
    import cv2

    fy = np.fft.fftfreq(rows)[:, None]
    fx = np.fft.rfftfreq(cols)[None, :]
    gauss = np.exp(-2 * math.pi**2 * sigma**2 * (fx * fx + fy * fy))
    kernel = np.fft.irfft2(gauss / (gauss * gauss + noise_to_signal), s=(rows, cols)).astype(np.float32)
    packed = cv2.dft(kernel)
    packed.flags.writeable = False
    return packed  # type: ignore[no-any-return]
