"""The Station page's set-up check: ``mathstation calibrate`` on the frame the station last looked
at (the daemon holds the camera, so the page never opens it), with the report's picture.

A check costs a fraction of a second, so it runs only when the teacher asks for one; the
picture is drawn from that same check, so the words and the picture always agree even while
the loop goes on publishing newer frames.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass

from station.pictures import calibration_picture
from station.vision.calibrate import Calibration, calibrate
from station.vision.images import as_gray
from station.web.board import Board, Sight

MAX_SIDE = 1280  # the picture is scaled down to this for the page


@dataclass(frozen=True)
class Check:
    sight: Sight
    result: Calibration
    number: int   # counts the checks: the page asks for this check's picture, not a cached older one


class SetupCheck:
    """Thread-safe: page requests may ask at once; each frame is checked at most once."""

    def __init__(self, board: Board) -> None:
        self._board = board
        self._lock = threading.Lock()
        self._last: Check | None = None

    def run(self) -> Check | None:
        """Check the newest frame (None before the camera gave one)."""
        sight = self._board.sight()
        if sight is None:
            return None
        with self._lock:
            if self._last is None or self._last.sight is not sight:
                number = self._last.number + 1 if self._last else 1
                self._last = Check(sight, calibrate(as_gray(sight.image, sight.pixel_format)), number)
            return self._last

    def picture_jpeg(self) -> bytes | None:
        """The last check's picture (a new check when there was none)."""
        with self._lock:
            last = self._last
        check = last or self.run()
        if check is None:
            return None
        picture = calibration_picture(check.sight.image, check.result, check.sight.pixel_format)
        picture.thumbnail((MAX_SIDE, MAX_SIDE))
        out = io.BytesIO()
        picture.save(out, "JPEG", quality=85)
        return out.getvalue()
