"""Camera frames as pictures for people: the frame in colour, and the calibrate report's picture,
which marks on the frame what the report's words say (the mat found, each corner square seen or
missing, the glare, the corner where the codes are smallest), so a maker sees where to act.

Used by ``mathstation calibrate --picture`` and the teacher's Station page (beside both, not in
the vision package: drawing for people is not reading the table).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from PIL import Image, ImageDraw

from station.ui.fonts import font
from station.i18n import _, ngettext
from station.vision.calibrate import MIN_PX_PER_MODULE, READY, SATURATED, Calibration, shown_number
from station.vision.images import PixelFormat, as_gray

GOOD = (0, 200, 0)
BAD = (230, 30, 30)
WARN = (255, 160, 0)
GLARE_TINT = np.array([255, 0, 255], np.float32)  # magenta: unlike anything printed on the mats
CORNER_ORDER = ("top-left", "top-right", "bottom-right", "bottom-left")  # the outline's order


def as_picture(frame: Any, pixel_format: PixelFormat = "BGR") -> Image.Image:
    """A camera frame (BGR, grey, or YUV420's Y plane) as an RGB picture."""
    array = np.asarray(frame)
    if pixel_format == "BGR" and array.ndim == 3:
        return Image.fromarray(np.ascontiguousarray(array[:, :, 2::-1]))  # BGR(A) to RGB
    return Image.fromarray(np.ascontiguousarray(as_gray(array, pixel_format))).convert("RGB")


def calibration_picture(frame: Any, result: Calibration, pixel_format: PixelFormat = "BGR") -> Image.Image:
    """The frame with the report drawn on it, under a strip that says ready, or how many things to
    fix (a strip of its own, so it never hides a corner square); the frame's pixels keep their
    coordinates, shifted down by ``banner_height(frame width)``."""
    picture = as_picture(frame, pixel_format)
    if result.outline_px:
        picture = _tint_glare(picture, as_gray(np.asarray(frame), pixel_format), result)
    draw = ImageDraw.Draw(picture)
    line = max(2, picture.width // 400)
    text_size = _text_size(picture.width)
    if result.outline_px:
        draw.polygon(result.outline_px, outline=GOOD if result.ready else WARN, width=line)
    for square in result.corner_squares:
        colour = GOOD if square.seen else BAD
        draw.polygon(square.corners_px, outline=colour, width=line * (1 if square.seen else 2))
        if not square.seen:
            _label(draw, _top_left(square.corners_px), _("missing"), BAD, text_size)
    if result.px_per_module is not None and result.px_per_module_at in CORNER_ORDER and result.outline_px:
        at = result.outline_px[CORNER_ORDER.index(result.px_per_module_at)]
        small = result.px_per_module < MIN_PX_PER_MODULE
        scale = shown_number(result.px_per_module)
        words = (_("codes too small here: {scale} px a square, {needed} needed", scale=scale,
                   needed=shown_number(MIN_PX_PER_MODULE, "0.##")) if small
                 else _("smallest codes: {scale} px a square", scale=scale))
        # outside the mat: above a top corner, below a bottom one, clear of its outline and corner squares
        _label(draw, at, words, BAD if small else GOOD, text_size, below=result.px_per_module_at.startswith("bottom"))
    verdict = str(READY) if result.ready else \
        ngettext("Fix {n} thing first (see the list)", "Fix {n} things first (see the list)", len(result.advice))
    whole = Image.new("RGB", (picture.width, picture.height + banner_height(picture.width)), (0, 0, 0))
    whole.paste(picture, (0, banner_height(picture.width)))
    face = font(_text_size(picture.width) * 3 // 2, bold=True)
    ImageDraw.Draw(whole).text((8, 4), verdict, fill=GOOD if result.ready else BAD, font=face)
    return whole


def banner_height(width: int) -> int:
    """The strip above the frame that holds the verdict."""
    return _text_size(width) * 3 // 2 + 12


def _text_size(width: int) -> int:
    return max(14, width // 60)


def _tint_glare(picture: Image.Image, gray: np.ndarray, result: Calibration) -> Image.Image:
    """Every blown-to-white pixel on the mat, painted magenta: where the lamp hides codes."""
    area = Image.new("L", picture.size, 0)
    ImageDraw.Draw(area).polygon(result.outline_px, fill=1)
    blown = (gray >= SATURATED) & np.asarray(area, bool)
    if not blown.any():
        return picture
    pixels = np.asarray(picture, np.float32).copy()
    pixels[blown] = pixels[blown] * 0.3 + GLARE_TINT * 0.7
    return Image.fromarray(pixels.astype(np.uint8))


def _top_left(points: tuple[tuple[float, float], ...]) -> tuple[float, float]:
    return min(x for x, _ in points), min(y for _, y in points)


LABEL_GAP = 6  # px between a label and the point it names


def _label(draw: ImageDraw.ImageDraw, at: tuple[float, float], text: str, colour: tuple[int, int, int],
           size: int, *, below: bool = False) -> None:
    """Text on a black box just above ``at`` (``below``: just below it), a gap of ``LABEL_GAP`` away so
    that a line drawn through ``at`` (the mat's outline) still shows; kept inside the picture."""
    face = font(size, bold=True)
    left, top, right, bottom = draw.textbbox((0, 0), text, font=face)
    width, height = right - left + 8, bottom - top + 8
    bound_w, bound_h = draw.im.size
    x = min(max(0.0, at[0]), bound_w - width)
    y = min(max(0.0, at[1] + LABEL_GAP if below else at[1] - height - LABEL_GAP), bound_h - height)
    draw.rectangle((x, y, x + width, y + height), fill=(0, 0, 0))
    draw.text((x + 4 - left, y + 4 - top), text, fill=colour, font=face)
