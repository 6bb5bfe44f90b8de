"""Cameras behind one interface: the station reads BGR frames and never knows which device gave them.

A camera is opened from a short spec, the value of ``--camera`` and of the station config:

=====================  ==========================================================================
``picamera2``          Raspberry Pi camera 0 through picamera2 (``picamera2:1`` for camera 1)
``usb:0``              a USB webcam through OpenCV, by index or by path (``usb:/dev/video2``)
``folder:PATH``        the images in a folder, in name order, round and round (recorded frames)
``file:PATH``          one image, returned on every read (a photo of the table)
``virtual``            a demo table rendered by the virtual table (``virtual:7`` for other cards)
=====================  ==========================================================================

A configured camera that cannot be opened raises :class:`CameraUnavailable` naming what is
missing and the fix; the station never falls back to another camera on its own, so a missing
ribbon cable is never hidden behind a demo picture. The libraries of the real backends
(picamera2, OpenCV's capture) are imported only when such a camera is opened.

>>> with open_camera("virtual", width=640, height=360) as camera:
...     camera.read().shape
(360, 640, 3)
"""

from __future__ import annotations

import logging
import random
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

    from station.sim.virtual_table import CameraModel, Scene

log = logging.getLogger(__name__)

SPECS = ("picamera2", "picamera2:N", "usb:N", "usb:/dev/videoN", "folder:PATH", "file:PATH", "virtual", "virtual:SEED")
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})
SETTLE_FRAMES = 10  # a live camera's auto-exposure needs about this many frames after it starts
READ_TIMEOUT = 5.0  # seconds without a frame from a Raspberry Pi camera before it counts as lost
DEMO_BRIGHTNESS = 0.85  # the demo's exposure: white paper below clipping, as a camera's auto-exposure keeps it

_NO_PICAMERA2 = (
    "picamera2 is not installed: on Raspberry Pi OS `sudo apt install python3-picamera2`; "
    "on a laptop use a USB camera (usb:0)"
)
_NO_PI_CAMERA = "check the ribbon cable; `rpicam-hello --list-cameras` lists cameras"


class CameraError(Exception):
    """A camera cannot be used; the message names it and says what to do."""


class BadCameraSpec(CameraError, ValueError):
    """The camera spec is not one of the forms in ``SPECS``."""


class CameraUnavailable(CameraError):
    """The configured camera cannot be opened: missing, unplugged, busy, or its library is not installed."""


class CameraLost(CameraError):
    """An open camera gave no frame (unplugged, timed out): ``reopen()`` it to try again."""


class Camera(ABC):
    """A source of BGR uint8 frames (H x W x 3), like an OpenCV capture."""

    settle_frames = 0  # frames a one-shot capture skips first (see ``settled_frame``)

    def __init__(self, name: str) -> None:
        self.name = name  # the spec it was opened from, e.g. "usb:0"
        self.closed = False

    def read(self) -> np.ndarray:
        """The next frame; raises :class:`CameraLost` when there is none to be had."""
        if self.closed:
            raise CameraLost(f"camera {self.name} is closed: reopen() it first")
        return self._read()

    def reopen(self) -> None:
        """Get the device back after :class:`CameraLost`; raises :class:`CameraUnavailable`
        while it is still missing (call it again later)."""
        self._release()
        self._acquire()
        self.closed = False

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self._release()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}{' closed' if self.closed else ''}>"

    @abstractmethod
    def _read(self) -> np.ndarray: ...

    @abstractmethod
    def _acquire(self) -> None:
        """Open the device (raises CameraUnavailable)."""

    def _release(self) -> None:
        """Let go of the device; must be safe to call twice."""


def settled_frame(camera: Camera) -> np.ndarray:
    """One frame for a still: a live camera first skips ``settle_frames`` while its
    auto-exposure and white balance settle (a first frame is often dark or tinted)."""
    for _ in range(camera.settle_frames):
        camera.read()
    return camera.read()


def parse_spec(spec: str) -> tuple[str, int | str]:
    """``spec`` split into its kind and argument (a number, a device path, a folder or file), or
    ``BadCameraSpec``: the config check calls it, so a typo stops the station at start."""
    kind, colon, argument = spec.strip().partition(":")
    if kind in ("picamera2", "virtual"):
        return kind, _number(spec, argument, colon)
    if kind == "usb" and colon and argument:
        return kind, _path(spec, argument) if argument.startswith("/") else _number(spec, argument, colon)
    if kind in ("folder", "file") and colon and argument:
        return kind, _path(spec, argument)
    raise BadCameraSpec(f"unknown camera {_shown(spec)}: use one of {', '.join(SPECS)}")


def open_camera(spec: str, *, width: int = 1920, height: int = 1080, fps: float = 10.0) -> Camera:
    """The camera ``spec`` names (see the module's table), asking live cameras for
    ``width`` x ``height`` at ``fps``; ``folder:`` and ``file:`` give their images' own size."""
    if width < 2 or height < 2 or not fps > 0:
        raise BadCameraSpec(f"camera {spec}: size {width}x{height} at {fps} fps is not possible")
    kind, argument = parse_spec(spec)
    if kind == "picamera2":
        return PiCamera(spec, int(argument), width, height, fps)
    if kind == "usb":
        return UsbCamera(spec, argument, width, height, fps)
    if kind in ("folder", "file"):
        path = Path(str(argument)).expanduser()
        return FolderCamera(spec, path) if kind == "folder" else FileCamera(spec, path)
    from station.sim.virtual_table import CameraModel

    return VirtualCamera(demo_scene(int(argument)), camera=CameraModel.seeing(700, width, height), name=spec)


_DIGITS = re.compile(r"[0-9]{1,9}")  # ASCII only: "usb:²" and "virtual:①" are digits to str.isdigit, not to int()


def _number(spec: str, argument: str, colon: str) -> int:
    if not colon:
        return 0
    if not _DIGITS.fullmatch(argument):
        raise BadCameraSpec(f"camera {_shown(spec)}: after the colon comes a number (digits 0-9, at most 9), "
                            f"e.g. {spec.strip().partition(':')[0]}:0")
    return int(argument)


def _path(spec: str, argument: str) -> str:
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in argument):
        raise BadCameraSpec(f"camera {_shown(spec)}: the path holds a control character (a stray \\n or \\0?)")
    return argument


def _shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short: a config value can be any length."""
    return repr(text) if len(text) <= limit else repr(text[: limit - 1]) + "…"


# --- Raspberry Pi camera -----------------------------------------------------------------------


class PiCamera(Camera):
    """A Raspberry Pi camera through picamera2, streaming a video configuration.

    Its "RGB888" format is, in picamera2's words, "24 bits per pixel, ordered [B, G, R]": the
    BGR order OpenCV uses, so frames need no conversion."""

    settle_frames = SETTLE_FRAMES

    def __init__(self, name: str, number: int, width: int, height: int, fps: float) -> None:
        super().__init__(name)
        self.number, self.size, self.fps = number, (width, height), fps
        self._camera: Any = None
        self._acquire()

    def _acquire(self) -> None:
        try:
            from picamera2 import Picamera2
        except ImportError as exc:
            raise CameraUnavailable(_NO_PICAMERA2) from exc
        found = len(Picamera2.global_camera_info())
        if self.number >= found:
            raise CameraUnavailable(f"Camera(s) not found: no Raspberry Pi camera {self.number} "
                                    f"({found} found): {_NO_PI_CAMERA}")
        camera = None
        try:
            camera = Picamera2(self.number)
            config = camera.create_video_configuration(main={"size": self.size, "format": "RGB888"},
                                                       controls={"FrameRate": self.fps})
            camera.configure(config)
            camera.start()
        except (RuntimeError, IndexError, ValueError) as exc:
            if camera is not None:
                camera.close()
            raise CameraUnavailable(f"Raspberry Pi camera {self.number} would not start ({exc}): {_NO_PI_CAMERA}; "
                                    "is another program using it?") from exc
        self._camera = camera

    def _read(self) -> np.ndarray:
        try:
            job = self._camera.capture_array("main", wait=False)
            frame = job.get_result(timeout=READ_TIMEOUT)
        except Exception as exc:  # a timeout, or libcamera's error when the cable comes loose
            raise CameraLost(f"Raspberry Pi camera {self.number} gave no picture ({exc or type(exc).__name__})") from exc
        return np.asarray(frame)[..., :3]

    def _release(self) -> None:
        camera, self._camera = self._camera, None
        if camera is None:
            return
        for step in (camera.stop, camera.close):
            try:
                step()
            except (RuntimeError, OSError) as exc:  # a camera that is gone may fail to stop: let go all the same
                log.debug("%s: %s failed: %s", self.name, step.__name__, exc)


# --- USB webcam --------------------------------------------------------------------------------


class UsbCamera(Camera):
    """A USB webcam (any camera V4L2 or the OS offers) through OpenCV's VideoCapture."""

    settle_frames = SETTLE_FRAMES

    def __init__(self, name: str, device: int | str, width: int, height: int, fps: float) -> None:
        super().__init__(name)
        self.device, self.size, self.fps = device, (width, height), fps
        self.path = device if isinstance(device, str) else f"/dev/video{device}"
        self._capture: Any = None
        self._acquire()

    def _acquire(self) -> None:
        import cv2

        linux = sys.platform.startswith("linux")
        if linux and not Path(self.path).exists():
            raise CameraUnavailable(f"no camera at {self.path}: is it plugged in? `v4l2-ctl --list-devices` lists cameras")
        capture = cv2.VideoCapture(self.device, cv2.CAP_V4L2 if linux else cv2.CAP_ANY)
        if not capture.isOpened():
            capture.release()
            raise CameraUnavailable(f"camera {self.path} cannot be opened: is another program using it? "
                                    "`v4l2-ctl --list-devices` lists cameras")
        # Most webcams give their full size at a useful rate only as MJPEG (raw YUYV fills USB 2).
        capture.set(cv2.CAP_PROP_FOURCC, cv2.VideoWriter.fourcc(*"MJPG"))
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.size[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.size[1])
        capture.set(cv2.CAP_PROP_FPS, self.fps)
        given = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        if given != self.size:
            log.warning("%s: asked for %dx%d, the camera gives %dx%d", self.name, *self.size, *given)
        self._capture = capture

    def _read(self) -> np.ndarray:
        ok, frame = self._capture.read()
        if not ok or frame is None:
            raise CameraLost(f"no picture from {self.path}: is the camera still plugged in?")
        return np.asarray(frame)

    def _release(self) -> None:
        capture, self._capture = self._capture, None
        if capture is not None:
            capture.release()


# --- recorded frames ---------------------------------------------------------------------------


class FolderCamera(Camera):
    """Every image in a folder in name order (``frame-2`` before ``frame-10``), then round again:
    recorded frames replayed as if live. An image that cannot be read is skipped with a warning."""

    def __init__(self, name: str, folder: Path) -> None:
        super().__init__(name)
        self.folder = folder
        self.files: list[Path] = []
        self.last_path: Path | None = None  # the image the last frame came from
        self._next = 0
        self._warned: set[Path] = set()
        self._acquire()

    def _acquire(self) -> None:
        if not self.folder.is_dir():
            raise CameraUnavailable(f"camera {self.name}: no folder {self.folder}")
        files = sorted((p for p in self.folder.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES and p.is_file()),
                       key=lambda p: _natural(p.name))
        if not files:
            raise CameraUnavailable(f"camera {self.name}: no images (PNG, JPEG …) in {self.folder}")
        self.files, self._next = files, 0

    def _read(self) -> np.ndarray:
        import cv2

        for _ in range(len(self.files)):
            path = self.files[self._next]
            self._next = (self._next + 1) % len(self.files)
            frame = cv2.imread(str(path), cv2.IMREAD_COLOR)
            if frame is not None:
                self.last_path = path
                return frame
            if path not in self._warned:
                self._warned.add(path)
                log.warning("%s: skipped %s: not an image OpenCV can read", self.name, path)
        raise CameraLost(f"camera {self.name}: none of the {len(self.files)} images in {self.folder} can be read")


class FileCamera(Camera):
    """One image, returned on every read (read-only: it is the same array each time)."""

    def __init__(self, name: str, path: Path) -> None:
        super().__init__(name)
        self.path = path
        self._frame: np.ndarray = np.zeros((0, 0, 3), np.uint8)
        self._acquire()

    def _acquire(self) -> None:
        import cv2

        frame = cv2.imread(str(self.path), cv2.IMREAD_COLOR) if self.path.is_file() else None
        if frame is None:
            why = "no such file" if not self.path.exists() else "not an image OpenCV can read"
            raise CameraUnavailable(f"camera {self.name}: {self.path}: {why}")
        frame.flags.writeable = False
        self._frame = frame

    def _read(self) -> np.ndarray:
        return self._frame


def _natural(name: str) -> list[Any]:
    """Sort key: digits compare as numbers, so ``frame-10`` comes after ``frame-9``."""
    return [(0, int(part), "") if part.isdigit() else (1, 0, part.lower()) for part in re.split(r"(\d+)", name)]


# --- the virtual table -------------------------------------------------------------------------


class VirtualCamera(Camera):
    """Frames rendered by the virtual table from a scene that the caller (simulator, tests)
    changes between reads: set ``scene``, or pass a function that returns the scene of the moment.
    While ``failed`` is True it behaves like an unplugged camera: ``read()`` raises
    :class:`CameraLost` and ``reopen()`` raises :class:`CameraUnavailable`. ``reads`` counts the
    frames it gave. ``camera`` (a ``CameraModel``) overrides ``width`` and ``height``."""

    def __init__(self, scene: Scene | Callable[[], Scene], *, width: int = 1920, height: int = 1080,
                 camera: CameraModel | None = None, name: str = "virtual") -> None:
        from station.sim.virtual_table import CameraModel, VirtualTable

        super().__init__(name)
        self.scene = scene
        self.failed = False
        self.reads = 0
        self.table = VirtualTable(camera or CameraModel.seeing(700, width, height))

    def _acquire(self) -> None:
        if self.failed:
            raise CameraUnavailable(f"camera {self.name} is unplugged (failed is set): plug it back in")

    def _read(self) -> np.ndarray:
        if self.failed:
            raise CameraLost(f"no picture from camera {self.name}: it is unplugged (failed is set)")
        scene = self.scene() if callable(self.scene) else self.scene
        frame = self.table.render(scene)
        self.reads += 1
        return frame


def demo_scene(seed: int = 0) -> Scene:
    """The 2-seat Math Wars mat with one hand dealt: a COUNT META and a MATH CRATE card on each
    seat's zones, a little crooked as children lay them; ``seed`` picks the cards and the tilt."""
    from engine.catalog import load_catalog
    from station.sim.virtual_table import Lighting, PlacedCard, Scene
    from station.table.mat import mat_layout

    mat = mat_layout("math-wars", 2)
    deck = load_catalog().game("math-wars")
    rng = random.Random(seed)
    decks = {"count-meta": deck.decks["count25"], "math-crate": deck.decks["crate1"]}
    cards = []
    for zone in mat.zones:
        copy = "AB"[(zone.seat - 1) % 2]
        code = rng.choice(decks[zone.kind])
        x, y = zone.center
        cards.append(PlacedCard(deck.card(copy, code).id, x + rng.uniform(-4, 4), y + rng.uniform(-4, 4),
                                zone.facing + rng.uniform(-8, 8)))
    return Scene(mat, tuple(cards), lighting=Lighting(brightness=DEMO_BRIGHTNESS), seed=seed)
