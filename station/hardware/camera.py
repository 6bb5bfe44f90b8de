"""Cameras behind one interface: the station reads frames and never knows which device gave them.

``read()`` gives a :class:`Frame`: the picture (BGR, OpenCV's order; or YUV420 where a Raspberry
Pi camera is asked for it) and when it was taken, on the camera's clock (``time.monotonic``
unless one is injected, so that the station stamps table events with the frame's own time, not
the moment its loop got round to it). A live camera always gives its newest frame: after a
slow tick the station judges what the table looks like now, not a queue of old frames.

A camera is opened from a short spec, the value of ``--camera`` and of the station config:

=====================  ==========================================================================
``picamera2``          Raspberry Pi camera 0 through picamera2 (``picamera2:1`` for camera 1)
``usb:0``              a USB webcam through OpenCV, by index or by path (``usb:/dev/video2``)
``folder:PATH``        the images in a folder, in name order, round and round (recorded frames)
``file:PATH``          one image, returned on every read (a photo of the table)
``virtual``            a demo table rendered by the virtual table (``virtual:7`` for other cards)
=====================  ==========================================================================

This module opens the devices and files; the ``virtual`` camera belongs to the simulator
(``station.sim.virtual_camera``), and ``station.cameras.open_camera`` opens any spec.
A configured camera that cannot be opened raises :class:`CameraUnavailable` naming what is
missing and the fix; the station never falls back to another camera on its own, so a missing
ribbon cable is never hidden behind a demo picture. The libraries of the real backends
(picamera2, OpenCV's capture) are imported only when such a camera is opened.
"""

from __future__ import annotations

import logging
import re
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

log = logging.getLogger(__name__)

SPECS = ("picamera2", "picamera2:N", "usb:N", "usb:/dev/videoN", "folder:PATH", "file:PATH", "virtual", "virtual:SEED")
IMAGE_SUFFIXES = frozenset({".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp"})
SETTLE_FRAMES = 10  # a live camera's auto-exposure needs about this many frames after it starts
READ_TIMEOUT = 5.0  # seconds without a frame from a Raspberry Pi camera before it counts as lost

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


Clock = Callable[[], float]
PIXEL_FORMATS = ("BGR", "YUV420")


@dataclass(frozen=True)
class Frame:
    """One picture from a camera and when it was taken."""

    image: np.ndarray  # uint8: BGR H x W x 3, or for "YUV420" (H * 3/2) x W with the Y plane first
    time: float  # when it was taken, seconds on the camera's clock
    pixel_format: str = "BGR"


class Camera(ABC):
    """A source of frames, like an OpenCV capture; each stamped with its capture time on
    ``clock`` (``time.monotonic`` unless given: the station's own clock)."""

    settle_frames = 0  # frames a one-shot capture skips first (see ``settled_frame``)

    def __init__(self, name: str, clock: Clock | None = None) -> None:
        self.name = name  # the spec it was opened from, e.g. "usb:0"
        self.clock: Clock = clock or time.monotonic
        self.closed = False

    def read(self) -> Frame:
        """The newest frame; raises :class:`CameraLost` when there is none to be had. A backend
        that knows no better stamps it with the moment its read returned."""
        if self.closed:
            raise CameraLost(f"camera {self.name} is closed: reopen() it first")
        got = self._read()
        return got if isinstance(got, Frame) else Frame(got, self.clock())

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
    def _read(self) -> np.ndarray | Frame: ...

    @abstractmethod
    def _acquire(self) -> None:
        """Open the device (raises CameraUnavailable)."""

    def _release(self) -> None:
        """Let go of the device; must be safe to call twice."""


def settled_frame(camera: Camera) -> Frame:
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


def open_camera(spec: str, *, width: int = 1920, height: int = 1080, fps: float = 10.0, clock: Clock | None = None,
                pixel_format: str = "BGR") -> Camera:
    """The device or file camera ``spec`` names (see the module's table), asking live cameras for
    ``width`` x ``height`` at ``fps``; ``folder:`` and ``file:`` give their images' own size.
    Frames are stamped on ``clock`` (default ``time.monotonic``). ``pixel_format="YUV420"``
    asks a Raspberry Pi camera for YUV420, whose Y plane is the grey picture vision wants.
    A ``virtual`` spec is the simulator's: open it with ``station.cameras.open_camera``."""
    check_size(spec, width, height, fps)
    if pixel_format not in PIXEL_FORMATS:
        raise BadCameraSpec(f"camera {spec}: pixel format {pixel_format!r} is not one of {', '.join(PIXEL_FORMATS)}")
    kind, argument = parse_spec(spec)
    if kind == "picamera2":
        return PiCamera(spec, int(argument), width, height, fps, clock=clock, pixel_format=pixel_format)
    if kind == "usb":
        return UsbCamera(spec, argument, width, height, fps, clock=clock)
    if kind in ("folder", "file"):
        path = Path(str(argument)).expanduser()
        return FolderCamera(spec, path, clock=clock) if kind == "folder" else FileCamera(spec, path, clock=clock)
    raise BadCameraSpec(f"camera {spec!r} is the simulator's virtual table: open it with station.cameras.open_camera")


def check_size(spec: str, width: int, height: int, fps: float) -> None:
    if width < 2 or height < 2 or not fps > 0:
        raise BadCameraSpec(f"camera {spec}: size {width}x{height} at {fps} fps is not possible")


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
    BGR order OpenCV uses, so frames need no conversion; "YUV420" gives (H * 3/2) x W with the Y
    plane first. picamera2 keeps only the newest finished request, so a read is never stale. A
    frame's time is libcamera's ``SensorTimestamp`` (the start of the exposure, nanoseconds on
    CLOCK_BOOTTIME) moved onto the camera's clock."""

    settle_frames = SETTLE_FRAMES

    def __init__(self, name: str, number: int, width: int, height: int, fps: float, *, clock: Clock | None = None,
                 pixel_format: str = "BGR") -> None:
        super().__init__(name, clock)
        self.number, self.size, self.fps = number, (width, height), fps
        self.pixel_format = pixel_format
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
            main = {"size": self.size, "format": "RGB888" if self.pixel_format == "BGR" else self.pixel_format}
            config = camera.create_video_configuration(main=main, controls={"FrameRate": self.fps})
            camera.configure(config)
            camera.start()
        except (RuntimeError, IndexError, ValueError) as exc:
            if camera is not None:
                camera.close()
            raise CameraUnavailable(f"Raspberry Pi camera {self.number} would not start ({exc}): {_NO_PI_CAMERA}; "
                                    "is another program using it?") from exc
        self._camera = camera

    def _read(self) -> Frame:
        try:
            job = self._camera.capture_request(wait=False)
            request = job.get_result(timeout=READ_TIMEOUT)
        except Exception as exc:  # a timeout, or libcamera's error when the cable comes loose
            raise CameraLost(f"Raspberry Pi camera {self.number} gave no picture ({exc or type(exc).__name__})") from exc
        try:
            image = np.asarray(request.make_array("main"))
            stamp = request.get_metadata().get("SensorTimestamp")
        finally:
            request.release()
        if self.pixel_format == "BGR":
            image = image[..., :3]
        return Frame(image, self._on_clock(stamp), self.pixel_format)

    def _on_clock(self, sensor_ns: int | None) -> float:
        """The sensor's timestamp on the camera's clock: now, less how long ago it was taken."""
        now = self.clock()
        if sensor_ns is None:
            return now
        boot = time.clock_gettime(getattr(time, "CLOCK_BOOTTIME", time.CLOCK_MONOTONIC))
        return now - min(max(boot - sensor_ns / 1e9, 0.0), READ_TIMEOUT)

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
    """A USB webcam (any camera V4L2 or the OS offers) through OpenCV's VideoCapture.

    V4L2 queues the frames the camera sends and ``VideoCapture.read`` hands out the oldest: after
    one slow tick (a full pass, a busy Pi) every later read would be as old as that tick was long,
    for good. A buffer of one frame (``CAP_PROP_BUFFERSIZE``, where the driver takes it) still
    hands out the frame taken before the slow tick, once. So a capture thread reads every frame
    as it comes and keeps only the newest; ``read()`` gives the newest not yet given (waiting for
    the next one if it was), stamped with when the thread's read returned. The thread decodes
    frames the station never uses only while the station is slower than the camera's ``fps``,
    which the config sets to the station's own rate."""

    settle_frames = SETTLE_FRAMES

    def __init__(self, name: str, device: int | str, width: int, height: int, fps: float, *,
                 clock: Clock | None = None) -> None:
        super().__init__(name, clock)
        self.device, self.size, self.fps = device, (width, height), fps
        self.path = device if isinstance(device, str) else f"/dev/video{device}"
        self._capture: Any = None
        self._newest = _Newest()
        self._thread: threading.Thread | None = None
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
        capture.set(cv2.CAP_PROP_BUFFERSIZE, 1)  # fewer frames waiting in the driver; the thread does the rest
        given = (int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT)))
        if given != self.size:
            log.warning("%s: asked for %dx%d, the camera gives %dx%d", self.name, *self.size, *given)
        self._capture, self._newest = capture, _Newest()
        self._thread = threading.Thread(target=self._keep_reading, args=(capture, self._newest),
                                        name=f"camera {self.name}", daemon=True)
        self._thread.start()

    def _keep_reading(self, capture: Any, newest: _Newest) -> None:
        while not newest.stopping:
            ok, image = capture.read()
            if not ok or image is None:
                newest.fail(f"no picture from {self.path}: is the camera still plugged in?")
                return
            newest.put(Frame(np.asarray(image), self.clock()))

    def _read(self) -> Frame:
        return self._newest.take(READ_TIMEOUT, f"no picture from {self.path} for {READ_TIMEOUT:.0f} s: "
                                               "is the camera still plugged in?")

    def _release(self) -> None:
        capture, thread, self._capture, self._thread = self._capture, self._thread, None, None
        self._newest.stop()
        if thread is not None:
            thread.join(timeout=READ_TIMEOUT)  # a read in progress ends within a frame
        if capture is not None:
            capture.release()


class _Newest:
    """The newest frame a capture thread has read, handed to the reader once."""

    def __init__(self) -> None:
        self._ready = threading.Condition()
        self._frame: Frame | None = None
        self._problem: str | None = None
        self.stopping = False

    def put(self, frame: Frame) -> None:
        with self._ready:
            self._frame = frame  # an older one not yet taken is dropped: it is stale now
            self._ready.notify_all()

    def fail(self, problem: str) -> None:
        with self._ready:
            self._problem = problem
            self._ready.notify_all()

    def stop(self) -> None:
        with self._ready:
            self.stopping = True
            self._ready.notify_all()

    def take(self, timeout: float, silent: str) -> Frame:
        """The newest frame not taken yet, waiting up to ``timeout`` seconds for one."""
        with self._ready:
            if not self._ready.wait_for(lambda: self._frame is not None or self._problem is not None, timeout):
                raise CameraLost(silent)
            if self._frame is None:
                raise CameraLost(self._problem or silent)
            frame, self._frame = self._frame, None
            return frame


# --- recorded frames ---------------------------------------------------------------------------


class FolderCamera(Camera):
    """Every image in a folder in name order (``frame-2`` before ``frame-10``), then round again:
    recorded frames replayed as if live. An image that cannot be read is skipped with a warning."""

    def __init__(self, name: str, folder: Path, *, clock: Clock | None = None) -> None:
        super().__init__(name, clock)
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

    def __init__(self, name: str, path: Path, *, clock: Clock | None = None) -> None:
        super().__init__(name, clock)
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
