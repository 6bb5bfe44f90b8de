"""Images as the vision code wants them: a 2-D uint8 gray array, whatever came in."""

from __future__ import annotations

from typing import Any

import numpy as np


def as_gray(image: Any) -> np.ndarray:
    """A 2-D uint8 array from a PIL image or a gray, RGB or RGBA array."""
    if hasattr(image, "convert") and hasattr(image, "mode"):  # a PIL image, without importing PIL
        return np.asarray(image.convert("L"))
    array = np.asarray(image)
    if array.ndim == 3 and array.shape[2] == 1:
        array = array[..., 0]
    if array.ndim == 3 and array.shape[2] in (3, 4):
        weights = np.array([0.299, 0.587, 0.114], dtype=np.float32)
        array = array[..., :3].astype(np.float32) @ weights
        return np.clip(array + 0.5, 0, 255).astype(np.uint8)
    if array.ndim != 2:
        raise ValueError(f"an image is a 2-D gray or 3-D colour array, not shape {array.shape}")
    return array.astype(np.uint8, copy=False)

