"""The station's four buttons as a stream of presses, from GPIO, a keyboard or a script.

The UI drains ``presses()`` once per main-loop tick, so every backend queues what happened and
never blocks. A press is short, or long when the button is held past ``hold_time``: a long press
is reported once, when the hold is reached, and its release adds nothing.

>>> with open_buttons("script") as buttons:
...     buttons.press("select")
...     buttons.press("back", long=True)
...     buttons.presses()
[Press(button='select', long=False), Press(button='back', long=True)]
"""

from __future__ import annotations

import atexit
import codecs
import io
import os
import queue
import select
import sys
import threading
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Any, TextIO

from gpiozero import Button
from gpiozero.pins import Factory

from station.hardware.gpio import GpioError, GpioUnavailable, is_bcm_pin, resolve_pin_factory

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

BUTTON_NAMES = ("select", "confirm", "back", "spare")
BACKENDS = ("gpio", "keyboard", "script", "none")
DEFAULT_PINS: Mapping[str, int] = {"select": 17, "confirm": 27, "back": 22, "spare": 23}
"""BCM GPIO numbers; each button joins its pin to GND (the internal pull-up holds it high)."""
DEFAULT_KEYS: Mapping[str, str] = {"select": "s", "confirm": "c", "back": "b", "spare": "x"}
"""Keyboard letters; the same letter in UPPERCASE (with Shift) is a long press."""
KEY_ALIASES: Mapping[str, str] = {" ": "select", "\n": "confirm", "\r": "confirm", "\x7f": "back", "\x08": "back"}
"""Space, Enter and Backspace (DEL or ^H, as terminals differ) also work, as short presses."""


@dataclass(frozen=True)
class Press:
    """One press of ``button``: short, or long when it was held past the hold time."""

    button: str
    long: bool = False


class ButtonsError(Exception):
    """The buttons are configured wrongly or used after close; the message names the fix."""


class ButtonsUnavailable(ButtonsError):
    """The configured pins or device cannot be used here; the message says what and the fix."""


class Buttons(ABC):
    """Presses since the last look, from whichever backend the configuration names."""

    backend: str

    def __init__(self) -> None:
        self.closed = False

    @abstractmethod
    def presses(self) -> list[Press]:
        """Every press since the last call, oldest first; never blocks."""

    def close(self) -> None:
        """Release the pins or the terminal; calling it again does nothing."""
        self.closed = True

    def _check_open(self) -> None:
        if self.closed:
            raise ButtonsError(f"the {self.backend} buttons are closed: open them again with open_buttons()")

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class _QueuedButtons(Buttons):
    """Presses handed over through a thread-safe queue (gpiozero calls back from its own threads)."""

    def __init__(self) -> None:
        super().__init__()
        self._queue: queue.SimpleQueue[Press] = queue.SimpleQueue()

    def presses(self) -> list[Press]:
        self._check_open()
        drained = []
        while True:
            try:
                drained.append(self._queue.get_nowait())
            except queue.Empty:
                return drained


class NoButtons(Buttons):
    """Backend ``none``: a station without buttons (a demo table); never pressed."""

    backend = "none"

    def presses(self) -> list[Press]:
        self._check_open()
        return []


class ScriptedButtons(_QueuedButtons):
    """Backend ``script``: presses pushed by code, e.g. the simulator playing a scenario."""

    backend = "script"

    def press(self, button: str, long: bool = False) -> None:
        """Queue a press of ``button``, as if a player had pressed it (held, if ``long``)."""
        self._check_open()
        if button not in BUTTON_NAMES:
            raise ButtonsError(f"unknown button {button!r}: choose {', '.join(BUTTON_NAMES)}")
        self._queue.put(Press(button, long))


class GpioButtons(_QueuedButtons):
    """Backend ``gpio``: one gpiozero Button per configured pin, wired from the pin to GND."""

    backend = "gpio"

    def __init__(self, pins: Mapping[str, int], *, bounce_time: float, hold_time: float,
                 pin_factory: str | Factory | None, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        _check_pins(pins)
        if not bounce_time >= 0:
            raise ButtonsError(f"bounce_time {bounce_time!r} must be 0 or more seconds (0.05 suits most buttons)")
        if not hold_time > bounce_time:
            raise ButtonsError(f"hold_time {hold_time!r} must be longer than bounce_time {bounce_time!r} seconds")
        try:
            self.pin_factory, self._owns_factory = resolve_pin_factory(pin_factory)
        except GpioUnavailable as exc:
            raise ButtonsUnavailable(f'{exc}; on a laptop set [buttons] backend = "keyboard"') from exc
        except GpioError as exc:
            raise ButtonsError(str(exc)) from exc
        self._lock = threading.Lock()
        self._buttons: dict[str, _Debounced] = {}
        for name, pin in pins.items():
            try:
                device = Button(pin, pull_up=True, bounce_time=bounce_time or None, hold_time=hold_time,
                                pin_factory=self.pin_factory)
            except Exception as exc:  # gpiozero's errors, or the pin library's own (lgpio.error: GPIO busy)
                self.close()
                raise ButtonsUnavailable(
                    f"{name} button on GPIO{pin} cannot be used ({exc}): check that no other program or part uses it"
                ) from exc
            self._buttons[name] = _Debounced(name, device, bounce_time, self._lock, self._queue.put, clock)

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        for button in self._buttons.values():
            button.close()
        if getattr(self, "_owns_factory", False):
            self.pin_factory.close()


class _Debounced:
    """One button's presses, debounced in software as well as by the pin factory.

    gpiozero leaves bounce elimination to the pin factory, and they differ: lgpio waits for a
    steady level, RPi.GPIO ignores edges for a while after one (which can lose a release), and
    MockFactory ignores ``bounce_time`` altogether. So an edge within ``bounce_time`` of the last
    one is set aside, and once that time has passed the button's real level is read again: a
    bouncing contact gives one press, and no release is lost.
    """

    def __init__(self, name: str, device: Button, bounce_time: float, lock: threading.Lock,
                 emit: Callable[[Press], None], clock: Callable[[], float] = time.monotonic) -> None:
        self.name = name
        self._clock = clock  # edges are timed by it; a test's clock makes bounces independent of the machine's speed
        self.device = device
        self._bounce = bounce_time
        self._lock = lock
        self._emit = emit
        self._down = bool(device.is_pressed)
        self._held = False
        self._last_edge = -float("inf")
        self._timer: threading.Timer | None = None
        self._closed = False
        device.when_pressed = self._edge
        device.when_released = self._edge
        device.when_held = self._hold

    def _edge(self) -> None:
        with self._lock:
            if self._closed:
                return
            now = self._clock()
            wait = self._last_edge + self._bounce - now
            if wait > 0:
                if self._timer is None:
                    self._timer = threading.Timer(wait, self._settled)
                    self._timer.daemon = True
                    self._timer.start()
                return
            self._sync(now)

    def _settled(self) -> None:
        with self._lock:
            self._timer = None
            if not self._closed:
                self._sync(self._clock())

    def _sync(self, now: float) -> None:
        down = bool(self.device.is_pressed)
        if down == self._down:
            return
        self._down, self._last_edge = down, now
        if down:
            self._held = False
        elif not self._held:
            self._emit(Press(self.name))

    def _hold(self) -> None:
        with self._lock:
            if self._closed or self._held or not self.device.is_pressed:
                return  # released while gpiozero's hold thread was waking up: it was a short press
            self._down, self._held = True, True
            self._emit(Press(self.name, long=True))

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
        self.device.close()


class KeyboardButtons(Buttons):
    """Backend ``keyboard``: keys on a laptop stand in for the buttons (see DEFAULT_KEYS).

    A terminal is put in cbreak mode (each key arrives at once, without echo) and restored on
    close and at exit. A pipe or a file is read as it is, so tests and scripts can feed keys.
    Unknown keys, arrows and other escape sequences are ignored.
    """

    backend = "keyboard"

    def __init__(self, stream: TextIO | None = None, keys: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self._keys = key_map(keys)
        self._stream = sys.stdin if stream is None else stream
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="ignore")
        self._escape = ""  # the part of an escape sequence read so far
        self._after_cr = False  # "\r\n" (a file written on Windows) is one Enter, not two
        self._ended = False
        self._saved_mode: list[Any] | None = None
        try:
            self._fd: int | None = self._stream.fileno()
        except (AttributeError, OSError, io.UnsupportedOperation):
            self._fd = None  # an in-memory stream: read() never blocks
        if self._fd is not None and os.isatty(self._fd):
            self._enter_cbreak(self._fd)

    def presses(self) -> list[Press]:
        self._check_open()
        found = []
        for char in self._read_available():
            after_cr, self._after_cr = self._after_cr, char == "\r"
            if self._escape or char == "\x1b":
                self._escape = _escape_step(self._escape + char)
                continue
            if after_cr and char == "\n":
                continue
            if char in self._keys:
                found.append(Press(self._keys[char]))
            elif char.isupper() and char.lower() in self._keys:
                found.append(Press(self._keys[char.lower()], long=True))
        return found

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        self._restore_terminal()
        atexit.unregister(self._restore_terminal)

    def _read_available(self) -> str:
        if self._ended:
            return ""
        if self._fd is None:
            return self._stream.read() or ""
        chunks = []
        while select.select([self._fd], [], [], 0)[0]:
            data = os.read(self._fd, 1024)
            if not data:
                self._ended = True
                break
            chunks.append(data)
        return self._decoder.decode(b"".join(chunks))

    def _enter_cbreak(self, fd: int) -> None:
        try:
            import termios
            import tty
        except ImportError as exc:
            raise ButtonsUnavailable(
                f"this system has no termios ({exc}), so keys cannot be read one by one: "
                'set [buttons] backend = "script" or "none"'
            ) from exc
        self._saved_mode = termios.tcgetattr(fd)
        atexit.register(self._restore_terminal)
        tty.setcbreak(fd)

    def _restore_terminal(self) -> None:
        if self._saved_mode is not None and self._fd is not None:
            import termios

            try:
                termios.tcsetattr(self._fd, termios.TCSADRAIN, self._saved_mode)
            except termios.error:
                pass  # the terminal is already gone (closed window): nothing to restore
            self._saved_mode = None


def _escape_step(sequence: str) -> str:
    """What is left pending of an escape sequence after its latest character ("" when complete).

    ESC [ ... final and ESC O final (arrows, function keys) end on a byte from @ to ~.
    """
    if len(sequence) == 1:
        return sequence  # a lone ESC so far
    if len(sequence) == 2:
        return sequence if sequence[1] in "[O" else ""
    return "" if "@" <= sequence[-1] <= "~" else sequence


def key_map(keys: Mapping[str, str] | None = None) -> dict[str, str]:
    """Key character → button name: DEFAULT_KEYS with ``keys`` overriding, plus KEY_ALIASES."""
    letters = {**DEFAULT_KEYS, **(keys or {})}
    for name, key in letters.items():
        if name not in BUTTON_NAMES:
            raise ButtonsError(f"keys: unknown button {name!r}: choose {', '.join(BUTTON_NAMES)}")
        if not isinstance(key, str) or len(key) != 1:
            raise ButtonsError(f"keys: the {name} key must be one character, not {key!r}")
    mapping = dict(KEY_ALIASES)
    owners: dict[str, str] = {}
    for name, key in letters.items():
        key = key.lower()
        if key in owners:
            raise ButtonsError(f"keys: {key!r} is given to both {owners[key]} and {name}; give each button its own key")
        owners[key] = name
        mapping[key] = name
    return mapping


def _check_pins(pins: Mapping[str, int]) -> None:
    used: dict[int, str] = {}
    for name, pin in pins.items():
        if name not in BUTTON_NAMES:
            raise ButtonsError(f"pins: unknown button {name!r}: choose {', '.join(BUTTON_NAMES)}")
        if not is_bcm_pin(pin):
            raise ButtonsError(f"pins: the {name} button's pin {pin!r} must be a BCM GPIO number from 2 to 27")
        if pin in used:
            raise ButtonsError(f"pins: GPIO{pin} is given to both {used[pin]} and {name}; each button needs its own pin")
        used[pin] = name


def open_buttons(backend: str, *, pins: Mapping[str, int] | None = None, bounce_time: float = 0.05,
                 hold_time: float = 1.0, pin_factory: str | Factory | None = None,
                 keys: Mapping[str, str] | None = None, stream: TextIO | None = None,
                 clock: Callable[[], float] = time.monotonic) -> Buttons:
    """The buttons of ``backend``: gpio, keyboard, script or none.

    gpio: ``pins`` maps button names to BCM numbers (default DEFAULT_PINS; a button left out
    does not exist); ``pin_factory`` is a gpiozero factory name ("mock", "lgpio", ...), a Factory
    object (shared, not closed here) or None for gpiozero's default. keyboard: ``keys``
    overrides DEFAULT_KEYS and ``stream`` defaults to stdin. ``clock`` times the gpio bounces.
    """
    if backend == "gpio":
        return GpioButtons(DEFAULT_PINS if pins is None else pins, bounce_time=bounce_time, hold_time=hold_time,
                           pin_factory=pin_factory, clock=clock)
    if backend == "keyboard":
        return KeyboardButtons(stream, keys)
    if backend == "script":
        return ScriptedButtons()
    if backend == "none":
        return NoButtons()
    raise ButtonsError(f"unknown buttons backend {backend!r}: choose {', '.join(BACKENDS)}")
