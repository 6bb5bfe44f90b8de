"""The OLED behind one interface: ``open_display(backend)`` gives a ``Display`` whatever shows the
pixels — an SSD1306 or SH1106 panel over I2C (luma.oled), luma's dummy device (tests), a terminal
emulator (laptops) or nothing (headless runs) — and any of them can record what it showed.

A display failing mid-game (a loose wire) must never stop the referee: ``show`` logs it, keeps
going and tries the panel again later. A display that cannot be opened at all is a setup
problem: ``DisplayUnavailable`` says what is missing and how to fix it, and nothing falls back to
a mock behind the user's back.

Why not luma.emulator: every device in it (even the PNG capture, the GIF animator and the ASCII
art one) imports pygame, which brings SDL onto a Raspberry Pi appliance, and its terminal device
takes the whole terminal over with curses. The terminal view, PNG frames and GIF below are a
few dozen lines of Pillow instead.
"""

from __future__ import annotations

import functools
import itertools
import logging
import os
import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO

from PIL import Image, ImageChops

from station.terminal_text import columns, wrap

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

log = logging.getLogger("station.display")

SIZE = (128, 64)
BACKENDS = ("ssd1306", "sh1106", "dummy", "terminal", "none")

# The look of a real OLED, for previews, recordings and documentation screenshots.
LIT = (226, 238, 255)
DARK = (14, 16, 20)
EDGE = (120, 128, 140)


class DisplayError(Exception):
    """The display is misconfigured or misused; the message names the setting and the fix."""


class DisplayUnavailable(DisplayError):
    """The configured display cannot be opened or stopped answering; the message says what is missing."""


def preview(image: Image.Image, scale: int = 4) -> Image.Image:
    """``image`` as people should see a 1-bit OLED frame: each pixel a ``scale``-sized square,
    white-blue on near-black, its right and bottom edge dimmed like the real panel's pixel grid."""
    if image.mode != "1":
        raise DisplayError(f"preview takes a 1-bit image (mode '1'), got mode {image.mode!r}")
    size = (image.width * scale, image.height * scale)
    lit = image.resize(size, Image.Resampling.NEAREST).convert("L").point(lambda v: 1 if v else 0)
    if scale >= 3:  # palette index 2 = the dimmed edge of a lit pixel
        lit = ImageChops.add(lit, ImageChops.multiply(lit, _pixel_grid(size, scale)))
    out = Image.frombytes("P", size, lit.tobytes())
    out.putpalette([*DARK, *LIT, *EDGE])
    return out


@functools.cache
def _pixel_grid(size: tuple[int, int], scale: int) -> Image.Image:
    """1 on the last row and column of every ``scale``-sized cell, 0 elsewhere (mode L)."""
    cell = Image.new("L", (scale, scale), 0)
    cell.paste(1, (0, scale - 1, scale, scale))
    cell.paste(1, (scale - 1, 0, scale, scale))
    grid = Image.new("L", size, 0)
    for y in range(0, size[1], scale):
        for x in range(0, size[0], scale):
            grid.paste(cell, (x, y))
    return grid


def save_preview(image: Image.Image, path: str | Path, scale: int = 4) -> None:
    """Save ``image`` as a PNG that looks like the OLED (see ``preview``): for screenshots,
    recordings and test failures people can look at."""
    preview(image, scale).save(Path(path), format="PNG", optimize=True)


# --- where the pixels go ------------------------------------------------------------------------


class Panel(Protocol):
    """What a backend does: push a frame, start again after a failure, let go at the end."""

    device: Any

    def display(self, image: Image.Image) -> None: ...

    def reset(self) -> None: ...

    def close(self, keep_image: bool) -> None: ...


class LumaPanel:
    """A luma device (ssd1306, sh1106 or dummy). ``reset`` re-sends the device's start-up
    sequence: a panel that lost power has forgotten it. luma has no re-initialise call, its
    constructor is that sequence, so we run it again on the same device and bus."""

    def __init__(self, device: Any, contrast: int, reinit: Callable[[Any], None]) -> None:
        self.device = device
        self._contrast = contrast
        self._reinit = reinit
        self._set_contrast()

    def _set_contrast(self) -> None:
        self.device.contrast(self._contrast)

    def display(self, image: Image.Image) -> None:
        from luma.core.error import Error

        try:
            self.device.display(image)
        except Error as exc:  # luma turns an I2C NACK into DeviceNotFoundError
            raise OSError(str(exc)) from exc

    def reset(self) -> None:
        from luma.core.error import Error

        try:
            self._reinit(self.device)
            self._set_contrast()
        except Error as exc:
            raise OSError(str(exc)) from exc

    def close(self, keep_image: bool) -> None:
        # luma clears and switches the panel off in cleanup() (and again at exit) unless persist.
        self.device.persist = keep_image
        try:
            self.device.cleanup()
        finally:
            self.device.persist = True  # cleaned up: luma's exit hook must not touch the closed bus


class TerminalPanel:
    """The 128x64 screen in a terminal, in a thin frame. On a terminal each frame is redrawn in
    place; in a file or pipe each is printed once.

    A wide terminal (130 columns, 36 rows or more) gets half blocks (one character per 1x2
    pixels: the sharpest picture); a smaller one, such as the usual 80x24, gets Braille dots
    (2x4 pixels each, 66 columns by 18 rows), which also look like an OLED's pixels. ``caption``
    (a few lines, e.g. a demo's commentary) is drawn under the frame at every redraw, so the
    in-place picture and the text never overwrite each other: the newest lines, each wrapped
    whole between words to the terminal's width, in ``CAPTION_LINES`` rows."""

    device = None
    CAPTION_LINES = 4

    def __init__(self, stream: TextIO, style: str | None = None) -> None:
        self.stream = stream
        try:
            self.live = stream.isatty()
        except (AttributeError, ValueError):
            self.live = False
        if style is None:
            columns, rows = shutil.get_terminal_size((80, 24))
            style = "halfblock" if not self.live or (columns >= 130 and rows >= 36) else "braille"
        self.style = style
        self.caption: list[str] = []
        self._lines = 0
        self._last: Image.Image | None = None

    def display(self, image: Image.Image) -> None:
        self._last = image
        art = terminal_art(image, self.style)
        if self.live:
            width = max(art.index("\n"), columns(self.stream) or 0)
            rows = self._caption_rows(width)
            lines = (rows + [""] * self.CAPTION_LINES)[: self.CAPTION_LINES] if self.caption else []
            art += "".join("\n" + line.ljust(width) for line in lines)
            if self._lines:
                self.stream.write(f"\x1b[{self._lines}A\r")  # back to the frame's first line
        elif self._lines:
            self.stream.write("\n")  # a blank line between frames in a log
        self.stream.write(art + "\n")
        self.stream.flush()
        self._lines = art.count("\n") + 1

    def _caption_rows(self, width: int) -> list[str]:
        """The newest caption lines that fit ``CAPTION_LINES`` rows once wrapped, oldest first
        (a line too long for them all shows its end)."""
        rows: list[str] = []
        for line in reversed(self.caption):
            wrapped = wrap(line, width)
            if rows and len(rows) + len(wrapped) > self.CAPTION_LINES:
                break
            rows = wrapped + rows
        return rows[-self.CAPTION_LINES:]

    def say(self, line: str) -> None:
        """Add a caption line: on a terminal it joins the picture, in a log it is printed wrapped."""
        if not self.live:
            width = columns(self.stream)
            self.stream.write("".join(row + "\n" for row in (wrap(line, width) if width else [line])))
            return
        self.caption = (self.caption + [line])[-self.CAPTION_LINES:]
        if self._last is not None:
            self.display(self._last)

    def reset(self) -> None:
        pass

    def close(self, keep_image: bool) -> None:
        pass


class NullPanel:
    """Shows nothing: a headless station (it can still record)."""

    device = None

    def display(self, image: Image.Image) -> None:
        pass

    def reset(self) -> None:
        pass

    def close(self, keep_image: bool) -> None:
        pass


_HALF_BLOCKS = {(False, False): " ", (True, False): "▀", (False, True): "▄", (True, True): "█"}


_BRAILLE_DOTS = ((0, 0, 0x01), (0, 1, 0x02), (0, 2, 0x04), (1, 0, 0x08), (1, 1, 0x10), (1, 2, 0x20), (0, 3, 0x40),
                 (1, 3, 0x80))


def terminal_art(image: Image.Image, style: str = "halfblock") -> str:
    """``image`` (1-bit) as text in a thin frame, without a final newline: half blocks (1x2
    pixels a character) or Braille (2x4 pixels a character)."""
    width, height = image.size
    pixels = image.load()
    assert pixels is not None

    def lit(x: int, y: int) -> bool:
        return x < width and y < height and bool(pixels[x, y])

    if style == "braille":
        body = ["".join(chr(0x2800 + sum(bit for dx, dy, bit in _BRAILLE_DOTS if lit(x + dx, y + dy)))
                        for x in range(0, width, 2)) for y in range(0, height, 4)]
    else:
        body = ["".join(_HALF_BLOCKS[lit(x, y), lit(x, y + 1)] for x in range(width)) for y in range(0, height, 2)]
    inner = len(body[0])
    return "\n".join(["┌" + "─" * inner + "┐", *("│" + row + "│" for row in body), "└" + "─" * inner + "┘"])


# --- recording ----------------------------------------------------------------------------------


class Recorder(Protocol):
    def add(self, image: Image.Image, at: float) -> None: ...

    def close(self, at: float) -> None: ...


class FrameFolder:
    """Every distinct frame as ``frame-00001.png``… in a folder, for people to look through."""

    def __init__(self, folder: Path) -> None:
        if folder.exists() and not folder.is_dir():
            raise DisplayError(f"record: {folder} is a file; give a folder for PNG frames or a name ending in .gif")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise DisplayError(f"record: cannot create folder {folder} ({exc.strerror or exc})") from exc
        if not os.access(folder, os.W_OK | os.X_OK):
            raise DisplayError(f"record: cannot write in folder {folder} (permission denied)")
        self.folder = folder
        self.count = 0

    def add(self, image: Image.Image, at: float) -> None:
        self.count += 1
        save_preview(image, self.folder / f"frame-{self.count:05d}.png")

    def close(self, at: float) -> None:
        pass


class GifRecorder:
    """One animated GIF, written at close, each frame lasting as long as it was on screen.
    Frames are kept as 1 KB bitmaps until then (an hour of a ticking clock is about 4 MB)."""

    MAX_MS = 655_350  # a GIF frame's longest delay (16 bits of 1/100 s)

    def __init__(self, path: Path) -> None:
        folder = path.parent
        if path.is_dir():
            raise DisplayError(f"record: {path} is a folder; give a file name ending in .gif")
        if not folder.is_dir():
            raise DisplayError(f"record: folder {folder} does not exist")
        if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
            raise DisplayError(f"record: cannot write {path} (permission denied)")
        self.path = path
        self.frames: list[tuple[bytes, float]] = []

    def add(self, image: Image.Image, at: float) -> None:
        self.frames.append((image.tobytes(), at))

    def close(self, at: float) -> None:
        if not self.frames:
            log.info("display record: no frame was shown, %s not written", self.path)
            return
        times = [t for _, t in self.frames] + [at]
        durations = [min(self.MAX_MS, max(20, round((b - a) * 1000))) for a, b in itertools.pairwise(times)]
        images = [preview(Image.frombytes("1", SIZE, data)) for data, _ in self.frames]
        images[0].save(self.path, format="GIF", save_all=True, append_images=images[1:], duration=durations, loop=0)
        log.info("display record: %d frames written to %s", len(images), self.path)


def _recorder(record: str | Path | None) -> Recorder | None:
    if record is None or str(record) == "":
        return None
    path = Path(record)
    return GifRecorder(path) if path.suffix.lower() == ".gif" else FrameFolder(path)


# --- the display --------------------------------------------------------------------------------


class Display:
    """Wraps one panel (a luma device, the terminal emulator or nothing). ``show`` never raises
    on a device failure mid-game: it logs once, sets ``failed``, and tries the device again on a
    later ``show`` once ``retry_after`` seconds have passed — a display failure must never stop
    the referee. ``last_image`` is what was last asked to be shown, whatever the device did."""

    def __init__(
        self,
        panel: Panel,
        backend: str,
        *,
        recorder: Recorder | None = None,
        retry_after: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.backend = backend
        self.failed = False
        self.last_image: Image.Image | None = None
        self.retry_after = retry_after
        self._panel = panel
        self._recorder = recorder
        self._clock = clock
        self._pushed: bytes | None = None  # the frame the device shows now, if known
        self._failed_at = 0.0
        self._closed = False

    @property
    def device(self) -> Any:
        """The luma device under this display (None for the terminal and none backends)."""
        return self._panel.device

    def show(self, image: Image.Image) -> None:
        """Show a 128x64 1-bit image; a frame identical to the one on the panel is not sent again."""
        if self._closed:
            raise DisplayError(f"the {self.backend} display is closed; open it again to show a screen")
        if image.size != SIZE or image.mode != "1":
            raise DisplayError(
                f"the display shows 128x64 1-bit images (mode '1'), got {image.size[0]}x{image.size[1]} "
                f"mode {image.mode!r}: draw it with station.ui.screens.render"
            )
        frame = image.copy()
        data = frame.tobytes()
        now = self._clock()
        if self.last_image is None or self.last_image.tobytes() != data:
            self._record(frame, now)
        self.last_image = frame
        self._push(frame, data, now)

    def _push(self, frame: Image.Image, data: bytes, now: float) -> None:
        if self.failed:
            if now - self._failed_at < self.retry_after:
                return
            try:
                self._panel.reset()
            except OSError as exc:
                self._failed_at = now
                log.debug("%s display still not answering: %s", self.backend, exc)
                return
        elif data == self._pushed:
            return
        try:
            self._panel.display(frame)
        except OSError as exc:
            if not self.failed:
                log.warning(
                    "%s display stopped answering (%s); the game goes on, retrying every %g s",
                    self.backend,
                    exc,
                    self.retry_after,
                )
            self.failed, self._failed_at, self._pushed = True, now, None
            return
        if self.failed:
            log.warning("%s display works again", self.backend)
            self.failed = False
        self._pushed = data

    def _record(self, frame: Image.Image, now: float) -> None:
        if self._recorder is None:
            return
        try:
            self._recorder.add(frame, now)
        except OSError as exc:  # a full disk must not stop the game either
            log.warning("display record stopped: %s", exc)
            self._recorder = None

    def say(self, line: str) -> None:
        """A line of commentary beside the picture: under it in the terminal emulator; nowhere on a real panel."""
        say = getattr(self._panel, "say", None)
        if say is not None:
            say(line)

    def close(self, *, keep_image: bool = False) -> None:
        """Let go of the device and write the recording. ``keep_image`` leaves the last screen
        lit after the program exits (e.g. a configuration error for a grown-up to read);
        otherwise the panel is cleared and switched off, as luma does at exit."""
        if self._closed:
            return
        self._closed = True
        try:
            self._panel.close(keep_image)
        except Exception as exc:  # noqa: BLE001 - a failed panel must not stop a clean exit
            log.warning("%s display did not close cleanly: %s", self.backend, exc)
        if self._recorder is not None:
            try:
                self._recorder.close(self._clock())
            except OSError as exc:
                log.warning("display record not written: %s", exc)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


# --- opening a backend by name ------------------------------------------------------------------


def _luma_panel(model: str, port: int, address: int, rotate: int, contrast: int) -> LumaPanel:
    """An SSD1306 or SH1106 over I2C; every way it can fail to open becomes DisplayUnavailable."""
    try:
        from luma.core.error import DeviceNotFoundError, DevicePermissionError
        from luma.core.interface.serial import i2c
        from luma.oled import device as oled
    except ImportError as exc:
        raise DisplayUnavailable(
            f"the {model} display needs luma.oled ({exc}): run scripts/bootstrap.sh, or `pip install luma.oled`"
        ) from exc
    bus = f"/dev/i2c-{port}"
    try:
        serial = i2c(port=port, address=address)
    except DeviceNotFoundError as exc:
        raise DisplayUnavailable(
            f"no I2C bus {bus}: enable I2C with `sudo raspi-config nonint do_i2c 0` and reboot"
            + (", or set [display] i2c_port" if port != 1 else "")
        ) from exc
    except DevicePermissionError as exc:
        raise DisplayUnavailable(
            f"no permission to use {bus}: add the user to the i2c group (`sudo adduser $USER i2c`) and log in again"
        ) from exc
    cls = getattr(oled, model)

    def start(device: Any) -> None:
        type(device).__init__(device, serial, width=SIZE[0], height=SIZE[1], rotate=rotate)

    try:
        device = cls(serial, width=SIZE[0], height=SIZE[1], rotate=rotate)
        return LumaPanel(device, contrast, start)
    except (DeviceNotFoundError, OSError) as exc:
        serial.cleanup()
        raise DisplayUnavailable(
            f"no display answers at I2C address 0x{address:02X} on bus {port}: check the wiring "
            f"(SDA pin 3, SCL pin 5, power 3.3 V) or set [display] i2c_address (`i2cdetect -y {port}` lists them)"
        ) from exc


def _dummy_panel(rotate: int, contrast: int) -> LumaPanel:
    from luma.core.device import dummy

    def start(device: Any) -> None:
        image = device.image
        type(device).__init__(device, width=SIZE[0], height=SIZE[1], rotate=rotate, mode="1")
        device.image = image  # a real panel keeps showing its pixels until the next frame

    return LumaPanel(dummy(width=SIZE[0], height=SIZE[1], rotate=rotate, mode="1"), contrast, start)


def open_display(
    backend: str,
    *,
    i2c_port: int = 1,
    i2c_address: int = 0x3C,
    rotate: int = 0,
    contrast: int = 255,
    record: str | Path | None = None,
    stream: TextIO | None = None,
    retry_after: float = 10.0,
    clock: Callable[[], float] = time.monotonic,
) -> Display:
    """The display called ``backend`` (one of ``BACKENDS``), ready to ``show``.

    ``rotate`` is luma's: 0, or 2 for a panel mounted upside down. ``record`` keeps what was
    shown: a folder gets one PNG per distinct frame, a ``.gif`` path one animation at close.
    ``stream`` is where the terminal backend draws (standard output by default).
    """
    if backend not in BACKENDS:
        raise DisplayError(f"unknown display backend {backend!r}: choose one of {', '.join(BACKENDS)}")
    if rotate not in (0, 1, 2, 3):
        raise DisplayError(f"display rotate {rotate!r}: use 0, or 2 for a panel mounted upside down")
    if rotate in (1, 3):
        raise DisplayError(
            f"display rotate {rotate} turns the screen sideways, but screens are drawn 128x64: "
            "use 0, or 2 for a panel mounted upside down"
        )
    if not 0 <= contrast <= 255:
        raise DisplayError(f"display contrast {contrast!r}: use 0 (dimmest) to 255 (brightest)")
    if not 0x03 <= i2c_address <= 0x77:
        raise DisplayError(f"display i2c_address {i2c_address!r}: an I2C address is 0x03 to 0x77, often 0x3C or 0x3D")
    if retry_after < 0:
        raise DisplayError(f"display retry_after {retry_after!r}: give seconds, 0 or more")
    recorder = _recorder(record)
    panel: Panel
    if backend in ("ssd1306", "sh1106"):
        panel = _luma_panel(backend, i2c_port, i2c_address, rotate, contrast)
    elif backend == "dummy":
        panel = _dummy_panel(rotate, contrast)
    elif backend == "terminal":
        panel = TerminalPanel(stream if stream is not None else sys.stdout)
    else:
        panel = NullPanel()
    return Display(panel, backend, recorder=recorder, retry_after=retry_after, clock=clock)
