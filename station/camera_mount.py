"""How high a camera must hang over the table to see a game's whole mat, and whether its codes
then stay readable: the numbers docs/build.md's heights table is made from.

Straight down, a lens of horizontal field of view ``hfov`` at height ``h`` sees a picture
``2 h tan(hfov / 2)`` mm across. The mat (with a margin all round, for cards laid a little off
it) must fit that picture in both directions, its long side along the picture's long side; the
codes need ``MIN_PX_PER_MODULE`` picture pixels per QR square (docs/camera.md), so the picture may
be no wider than ``width_px / MIN_PX_PER_MODULE * MODULE_MM``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from station.printed.cards import MODULE_MM

MIN_PX_PER_MODULE = 3.0  # fewer and codes at that spot stop reading (measured in the vision issue); calibrate checks it
MARGIN_MM = 30.0  # seen beyond each edge of the mat: a card laid half off it still reads
#: The stand docs/build.md builds: an upright on an 18 mm base, the arm (20 mm) sliding on it, the
#: camera (30 mm) under the arm. The lens hangs at most ``STAND_REACH_MM`` over the table.
UPRIGHT_MM = 900.0
STAND_REACH_MM = UPRIGHT_MM + 18.0 - 20.0 - 30.0


@dataclass(frozen=True)
class Lens:
    """A camera as the station uses it: its field of view across and the picture it is asked for."""

    name: str
    hfov_deg: float
    width_px: int = 1920
    height_px: int = 1080

    def picture_width(self, height_mm: float) -> float:
        """How many mm across the picture is, the lens ``height_mm`` over the table."""
        return 2 * height_mm * math.tan(math.radians(self.hfov_deg) / 2)

    def height_for(self, picture_width_mm: float) -> float:
        return picture_width_mm / (2 * math.tan(math.radians(self.hfov_deg) / 2))


#: The cameras docs/build.md compares, at the station's default 1920 x 1080.
LENSES = (
    Lens("Camera Module 3", 66.0),
    Lens("Camera Module 3 Wide", 102.0),
    Lens("USB webcam (78° diagonal)", 70.4),  # a Logitech C920 class webcam: 78° diagonal, 16:9
)
#: The Camera Module 3's 2x2-binned mode: the same field of view, 20 % more pixels across, at up
#: to 56 frames a second (``[camera] width = 2304``, ``height = 1296``); what a mat too wide for
#: 1080p (the Big Bang race) is read with.
WIDE_MODE = Lens("Camera Module 3 at 2304 x 1296", 66.0, 2304, 1296)
#: What docs/build.md tells a builder to use, in order: the first that reads a mat is its setup.
GUIDE_SETUPS = (LENSES[0], WIDE_MODE)


@dataclass(frozen=True)
class Mount:
    """Where ``lens`` must be for a play area of ``area_mm`` (width, depth)."""

    lens: Lens
    area_mm: tuple[float, float]
    picture_mm: float  # the picture's width that holds the area and its margins
    height_mm: float  # the lens over the table, straight down
    px_per_module: float  # QR square size in picture pixels there

    @property
    def readable(self) -> bool:
        return self.px_per_module >= MIN_PX_PER_MODULE


def mount_for(lens: Lens, area_mm: tuple[float, float], margin_mm: float = MARGIN_MM) -> Mount:
    """The lowest straight-down mount that shows all of ``area_mm`` plus ``margin_mm`` round it."""
    long_side, short_side = sorted((area_mm[0] + 2 * margin_mm, area_mm[1] + 2 * margin_mm), reverse=True)
    picture = max(long_side, short_side * lens.width_px / lens.height_px)
    return Mount(lens, area_mm, picture, lens.height_for(picture), lens.width_px / picture * MODULE_MM)


def guide_mount(area_mm: tuple[float, float]) -> Mount:
    """The mount docs/build.md gives for a play area: the Camera Module 3 at 1920 x 1080 when it
    reads the codes there, else in its 2304 x 1296 mode (the last setup, readable or not)."""
    mounts = [mount_for(lens, area_mm) for lens in GUIDE_SETUPS]
    return next((mount for mount in mounts if mount.readable), mounts[-1])
