"""The mat's markers as last found, kept in the station's state folder so that the first frame
after a restart is a warm one: the markers are read again where they were, in small crops,
instead of searched for across the whole frame (the cold search, several times a frame's decode).

What is kept is tied to the camera that saw it (its source in the config) and to the frame size:
another camera, or the same at another size, starts cold. A mat moved while the station was off
is found all the same: a marker that is not where it was sends the pipeline to the cold search.
A damaged or foreign file costs only the warm start: it is ignored, with a log line.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from station.atomic_file import write_atomically
from station.vision.markers import MarkerRead

log = logging.getLogger("station.vision")

MARKERS_NAME = "mat-markers.json"
LAYOUT = 1  # the file's layout: another one is not read


class MarkerMemory:
    """One camera's last mat markers in one file: ``recall`` them at start, ``keep`` them when found."""

    def __init__(self, path: Path, camera: str = "") -> None:
        self.path = Path(path)
        self.camera = camera
        self._kept: tuple[tuple[int, int], list[MarkerRead]] | None = None
        self._said_unwritable = False  # a folder that cannot be written is said once, not at every move

    def recall(self, size: tuple[int, int]) -> list[MarkerRead]:
        """The markers kept for this camera at ``size`` (width, height pixels); none if there are
        none, they are another camera's or size's, or the file is damaged (said in the log)."""
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return []
        except (OSError, UnicodeDecodeError) as exc:
            log.warning("mat markers kept in %s not read (%s): the mat is looked for across the frame", self.path, exc)
            return []
        try:
            camera, kept_size, markers = _parse(json.loads(text))
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("mat markers kept in %s are damaged (%s): ignored, the mat is looked for across the frame",
                        self.path, exc)
            return []
        if camera != self.camera or kept_size != tuple(size):
            log.info("mat markers kept in %s are from camera %r at %dx%d, not %r at %dx%d: the mat is looked for "
                     "across the frame", self.path, camera, *kept_size, self.camera, *size)
            return []
        self._kept = (kept_size, markers)
        return markers

    def keep(self, size: tuple[int, int], markers: list[MarkerRead]) -> None:
        """Write ``markers`` (seen at ``size``) unless they are what is kept already (to the pixel):
        a still table writes nothing. A file that cannot be written costs only the warm start."""
        size = (int(size[0]), int(size[1]))
        if self._kept is not None and self._kept[0] == size and _same(self._kept[1], markers):
            return
        record = {"layout": LAYOUT, "camera": self.camera, "size": list(size),
                  "markers": [{"id": m.id, "corners": [[round(x, 2), round(y, 2)] for x, y in m.corners]} for m in markers]}
        try:
            write_atomically(self.path, json.dumps(record) + "\n", durable=False)  # a hint, written on the frame loop: a half-written file reads as damaged
        except OSError as exc:
            if not self._said_unwritable:
                log.warning("mat markers not kept in %s (%s): the next start looks for the mat across the frame",
                            self.path, exc)
                self._said_unwritable = True
            return
        self._kept = (size, list(markers))


def _parse(record: Any) -> tuple[str, tuple[int, int], list[MarkerRead]]:
    if not isinstance(record, dict) or record.get("layout") != LAYOUT:
        raise ValueError(f"not layout {LAYOUT}")
    camera = record["camera"]
    width, height = record["size"]
    if not isinstance(camera, str) or not all(isinstance(n, int) and n > 0 for n in (width, height)):
        raise ValueError("no camera or frame size")
    markers = []
    for marker in record["markers"]:
        corners = tuple((float(x), float(y)) for x, y in marker["corners"])
        if not isinstance(marker["id"], int) or len(corners) != 4 or not all(0 <= x <= width and 0 <= y <= height
                                                                              for x, y in corners):
            raise ValueError(f"marker {marker['id']!r} is no marker in the frame")
        markers.append(MarkerRead(marker["id"], corners))
    return camera, (width, height), markers


def _same(a: list[MarkerRead], b: list[MarkerRead], within_px: float = 1.0) -> bool:
    return len(a) == len(b) and all(
        m.id == n.id and all(abs(p[0] - q[0]) <= within_px and abs(p[1] - q[1]) <= within_px for p, q in zip(m.corners, n.corners))
        for m, n in zip(a, b))
