"""Images as the vision code wants them: a 2-D uint8 grey array, made only where it is looked at.

A camera frame comes in the camera's own format: BGR (OpenCV's order, as every camera backend
gives it) or YUV420 (picamera2 can deliver it: the Y plane, the grey picture itself, comes first,
so it costs nothing to take). Converting a whole 1080p BGR frame costs about a millisecond with
OpenCV and several times that in NumPy, while a still table needs only a frame sixteen times
smaller; so ``GreyFrame`` converts the part that is asked for: a subsampled copy, a crop, or the
whole frame (once, kept).
"""

from __future__ import annotations

from typing import Any, Literal

import numpy as np

PixelFormat = Literal["BGR", "YUV420", "GREY"]
PIXEL_FORMATS: tuple[PixelFormat, ...] = ("BGR", "YUV420", "GREY")


def as_gray(image: Any, pixel_format: PixelFormat = "BGR") -> np.ndarray:
    """A 2-D uint8 array from a PIL image, a grey array, a BGR or BGRA array (channels in
    OpenCV's order), or with ``pixel_format="YUV420"`` an I420 frame ((H * 3/2) x W)."""
    if hasattr(image, "convert") and hasattr(image, "mode"):  # a PIL image, without importing PIL
        return np.asarray(image.convert("L"))
    array = np.asarray(image)
    if pixel_format == "YUV420":
        return y_plane(array)
    if array.ndim == 3 and array.shape[2] == 1:
        array = array[..., 0]
    if array.ndim == 3 and array.shape[2] in (3, 4):
        return _bgr_to_grey(array)
    if array.ndim != 2:
        raise ValueError(f"an image is a 2-D grey or 3-D BGR array, not shape {array.shape}")
    return array.astype(np.uint8, copy=False)


def y_plane(yuv420: np.ndarray) -> np.ndarray:
    """The luma of an I420 frame: its first two thirds of rows (a view, no copy)."""
    if yuv420.ndim != 2 or yuv420.shape[0] % 3:
        raise ValueError(f"a YUV420 frame is (H * 3/2) x W with H even, not shape {yuv420.shape}")
    return yuv420[: yuv420.shape[0] * 2 // 3]


def _bgr_to_grey(array: np.ndarray) -> np.ndarray:
    import cv2

    code = cv2.COLOR_BGR2GRAY if array.shape[2] == 3 else cv2.COLOR_BGRA2GRAY
    return cv2.cvtColor(np.ascontiguousarray(array, dtype=np.uint8), code)


class GreyFrame:
    """One frame, turned grey lazily: ``small`` (every ``step``-th pixel, subsampled before it is
    converted), ``crop`` (a box, converted alone) and ``full`` (the whole frame, converted once).
    A YUV420 or grey frame gives all three as views of its Y plane, at no cost."""

    def __init__(self, image: Any, pixel_format: PixelFormat = "BGR") -> None:
        if pixel_format not in PIXEL_FORMATS:
            raise ValueError(f"unknown pixel format {pixel_format!r}: one of {', '.join(PIXEL_FORMATS)}")
        array = image if isinstance(image, np.ndarray) else None
        self._grey: np.ndarray | None = None
        self._colour: np.ndarray | None = None
        if array is not None and array.ndim == 3 and array.shape[2] in (3, 4) and pixel_format == "BGR":
            self._colour = array
        else:
            self._grey = as_gray(image, pixel_format)
        source = self._colour if self._colour is not None else self._grey
        assert source is not None
        self.shape: tuple[int, int] = (int(source.shape[0]), int(source.shape[1]))

    @property
    def size(self) -> int:
        return self.shape[0] * self.shape[1]

    def full(self) -> np.ndarray:
        if self._grey is None:
            assert self._colour is not None
            self._grey = _bgr_to_grey(self._colour)
        return self._grey

    def small(self, step: int) -> np.ndarray:
        """Every ``step``-th pixel of every ``step``-th row (contiguous)."""
        if self._grey is not None:
            return np.ascontiguousarray(self._grey[::step, ::step])
        assert self._colour is not None
        import cv2

        height, width = self.shape
        size = ((width + step - 1) // step, (height + step - 1) // step)
        if width % step == 0 and height % step == 0:  # nearest neighbour keeps exactly every step-th pixel, 5x faster than slicing
            return _bgr_to_grey(cv2.resize(self._colour, size, interpolation=cv2.INTER_NEAREST))
        return _bgr_to_grey(self._colour[::step, ::step])

    def crop(self, box: tuple[int, int, int, int]) -> np.ndarray:
        """The box ``(x0, y0, x1, y1)`` in grey."""
        x0, y0, x1, y1 = box
        if self._grey is not None:
            return self._grey[y0:y1, x0:x1]
        assert self._colour is not None
        return _bgr_to_grey(self._colour[y0:y1, x0:x1])
