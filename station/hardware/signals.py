"""A short tone and an LED blink when a play is judged, so players notice without reading the screen.

Every backend keeps ``history``, the names of the signals given, so tests and the simulator's log
can say what a player would have heard and seen. Patterns run in the background: a signal never
holds up the main loop, and a new one cuts the one still playing short.

>>> signals = open_signals("none")
>>> signals.accepted(); signals.fault(True); signals.fault(True); signals.fault(False)
>>> signals.history
['accepted', 'fault:on', 'fault:off']
"""

from __future__ import annotations

import sys
import threading
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, TextIO

from gpiozero import LED, Buzzer, TonalBuzzer
from gpiozero.exc import GPIOZeroError
from gpiozero.pins import Factory

from station.hardware.gpio import GpioError, GpioUnavailable, is_bcm_pin, resolve_pin_factory

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self needs Python 3.11

BACKENDS = ("gpio", "terminal", "none")
BUZZERS = ("active", "tonal")
DEFAULT_BUZZER_PIN = 12
DEFAULT_LED_PIN = 25
HISTORY_LIMIT = 1000
"""The latest signals kept in ``history``, so a station left on for weeks does not grow."""


@dataclass(frozen=True)
class Pattern:
    """How one signal sounds and looks on each kind of part."""

    beeps: tuple[float, float, int]
    """Active buzzer (one fixed pitch): seconds on, seconds off, how many beeps."""
    notes: tuple[tuple[str | None, float], ...]
    """Tonal buzzer (passive piezo): (note, seconds) in turn; None is a rest."""
    blinks: tuple[float, float, int]
    """Status LED: seconds on, seconds off, how many blinks."""


PATTERNS: Mapping[str, Pattern] = {
    "accepted": Pattern(beeps=(0.08, 0.0, 1), notes=(("A5", 0.08),), blinks=(0.25, 0.0, 1)),
    "rejected": Pattern(beeps=(0.2, 0.12, 2), notes=(("A3", 0.2), (None, 0.12), ("A3", 0.2)),
                        blinks=(0.08, 0.08, 3)),
    "attention": Pattern(beeps=(0.1, 0.07, 3), notes=(("C5", 0.1), ("E5", 0.1), ("G5", 0.1), ("C6", 0.35)),
                         blinks=(1.0, 0.0, 1)),
}
FAULT_BLINK = (0.5, 1.5)
"""Seconds on and off of the slow blink that asks for a grown-up (e.g. the camera is lost)."""


class SignalsError(Exception):
    """The signals are configured wrongly or used after close; the message names the fix."""


class SignalsUnavailable(SignalsError):
    """The configured buzzer or LED pin cannot be used here; the message says what and the fix."""


class Signals(ABC):
    """Accepted, rejected, attention and fault signals, on whichever backend the configuration names."""

    backend: str

    def __init__(self) -> None:
        self.history: list[str] = []
        self.closed = False
        self.faulty = False

    def accepted(self) -> None:
        """A play was accepted: one short high beep, one LED blink."""
        self._give("accepted")

    def rejected(self) -> None:
        """A play was rejected: two low beeps, three fast blinks."""
        self._give("rejected")

    def attention(self) -> None:
        """A round or game is won, a MATH WAR starts: a little tune, one long blink."""
        self._give("attention")

    def fault(self, on: bool) -> None:
        """Blink the LED slowly while something needs a grown-up; stop when fixed.

        Only a change is a signal: calling it every tick with the same value adds nothing.
        While the fault blinks, other signals still sound but leave the LED to it.
        """
        self._check_open()
        if bool(on) == self.faulty:
            return
        self.faulty = bool(on)
        self._record("fault:on" if on else "fault:off")
        self._show_fault(self.faulty)

    def close(self) -> None:
        """Silence and release the parts; calling it again does nothing."""
        self.closed = True

    def _give(self, name: str) -> None:
        self._check_open()
        self._record(name)
        self._play(name, PATTERNS[name])

    def _record(self, name: str) -> None:
        self.history.append(name)
        if len(self.history) > 2 * HISTORY_LIMIT:
            del self.history[:-HISTORY_LIMIT]

    @abstractmethod
    def _play(self, name: str, pattern: Pattern) -> None:
        """Start ``pattern`` in the background and return at once."""

    def _show_fault(self, on: bool) -> None:
        """Start or stop the fault blink."""

    def _check_open(self) -> None:
        if self.closed:
            raise SignalsError(f"the {self.backend} signals are closed: open them again with open_signals()")

    def __enter__(self) -> Self:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class NoSignals(Signals):
    """Backend ``none``: silent; only the history is kept."""

    backend = "none"

    def _play(self, name: str, pattern: Pattern) -> None:
        pass


class TerminalSignals(Signals):
    """Backend ``terminal``: on a laptop, ring the terminal bell for a rejected play (only that:
    a bell on every play would be noise)."""

    backend = "terminal"

    def __init__(self, stream: TextIO | None = None) -> None:
        super().__init__()
        self._stream = sys.stderr if stream is None else stream

    def _play(self, name: str, pattern: Pattern) -> None:
        if name == "rejected":
            self._stream.write("\a")
            self._stream.flush()


class GpioSignals(Signals):
    """Backend ``gpio``: a gpiozero Buzzer (active) or TonalBuzzer (passive piezo), and an LED."""

    backend = "gpio"

    def __init__(self, *, buzzer_pin: int | None, led_pin: int | None, buzzer: str,
                 pin_factory: str | Factory | None) -> None:
        super().__init__()
        _check_parts(buzzer_pin, led_pin, buzzer)
        self.buzzer: Buzzer | None = None
        self.tonal_buzzer: TonalBuzzer | None = None
        self.led: LED | None = None
        self._tune: _TunePlayer | None = None
        self._owns_factory = False
        self.pin_factory: Factory | None = None
        if buzzer_pin is None and led_pin is None:
            return  # nothing attached: no GPIO needed, e.g. a laptop with backend gpio
        try:
            self.pin_factory, self._owns_factory = resolve_pin_factory(pin_factory)
        except GpioUnavailable as exc:
            raise SignalsUnavailable(f'{exc}; on a laptop set [signals] backend = "none" or "terminal"') from exc
        except GpioError as exc:
            raise SignalsError(str(exc)) from exc
        part, pin = "buzzer", buzzer_pin
        try:
            if buzzer_pin is not None and buzzer == "tonal":
                self.tonal_buzzer = TonalBuzzer(buzzer_pin, mid_tone="A4", octaves=2, pin_factory=self.pin_factory)
                self._tune = _TunePlayer(self.tonal_buzzer)
            elif buzzer_pin is not None:
                self.buzzer = Buzzer(buzzer_pin, pin_factory=self.pin_factory)
            part, pin = "LED", led_pin
            if led_pin is not None:
                self.led = LED(led_pin, pin_factory=self.pin_factory)
        except Exception as exc:  # gpiozero's errors, or the pin library's own (lgpio.error: GPIO busy)
            self.close()
            fix = "check that no other program or part uses it"
            if part == "buzzer" and buzzer == "tonal":
                fix += '; a pin factory without PWM needs buzzer = "active"'
            raise SignalsUnavailable(f"{part} on GPIO{pin} cannot be used ({exc}): {fix}") from exc

    def _play(self, name: str, pattern: Pattern) -> None:
        if self.buzzer is not None:
            on, off, n = pattern.beeps
            self.buzzer.beep(on, off, n, background=True)
        if self._tune is not None:
            self._tune.play(pattern.notes)
        if self.led is not None and not self.faulty:
            on, off, n = pattern.blinks
            self.led.blink(on, off, n, background=True)

    def _show_fault(self, on: bool) -> None:
        if self.led is None:
            return
        if on:
            self.led.blink(*FAULT_BLINK, n=None, background=True)
        else:
            self.led.off()

    def close(self) -> None:
        if self.closed:
            return
        super().close()
        if self._tune is not None:
            self._tune.stop()
        for device in (self.buzzer, self.tonal_buzzer, self.led):
            if device is not None:
                device.close()
        if self._owns_factory and self.pin_factory is not None:
            self.pin_factory.close()


class _TunePlayer:
    """Plays notes on a TonalBuzzer in a worker thread; a new tune stops the one playing."""

    def __init__(self, buzzer: TonalBuzzer) -> None:
        self._buzzer = buzzer
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def play(self, notes: tuple[tuple[str | None, float], ...]) -> None:
        self.stop()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(notes, self._stop), name="signals-tune", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Stop at once (the worker waits on the event, so joining takes no longer than a wake-up)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def _run(self, notes: tuple[tuple[str | None, float], ...], stop: threading.Event) -> None:
        try:
            for note, seconds in notes:
                if note is None:
                    self._buzzer.stop()
                else:
                    self._buzzer.play(note)
                if stop.wait(seconds):
                    break
            self._buzzer.stop()
        except GPIOZeroError:
            pass  # closed under us while shutting down: nothing left to silence


def _check_parts(buzzer_pin: int | None, led_pin: int | None, buzzer: str) -> None:
    if buzzer not in BUZZERS:
        raise SignalsError(
            f"unknown buzzer {buzzer!r}: choose active (beeps by itself when powered) or tonal (a passive piezo)"
        )
    for part, pin in (("buzzer", buzzer_pin), ("LED", led_pin)):
        if pin is not None and not is_bcm_pin(pin):
            raise SignalsError(f"the {part} pin {pin!r} must be a BCM GPIO number from 2 to 27, or left out")
    if buzzer_pin is not None and buzzer_pin == led_pin:
        raise SignalsError(f"the buzzer and the LED are both on GPIO{buzzer_pin}: each needs its own pin")


def open_signals(backend: str, *, buzzer_pin: int | None = None, led_pin: int | None = None, buzzer: str = "active",
                 pin_factory: str | Factory | None = None, stream: TextIO | None = None) -> Signals:
    """The signals of ``backend``: gpio, terminal or none.

    gpio: a pin left as None means that part is absent (the station defaults are
    DEFAULT_BUZZER_PIN and DEFAULT_LED_PIN); ``buzzer`` is "active" or "tonal"; ``pin_factory``
    is a gpiozero factory name ("mock", "lgpio", ...), a Factory object (shared, not closed here)
    or None for gpiozero's default. terminal: the bell goes to ``stream`` (default stderr).
    """
    if backend == "gpio":
        return GpioSignals(buzzer_pin=buzzer_pin, led_pin=led_pin, buzzer=buzzer, pin_factory=pin_factory)
    if backend == "terminal":
        return TerminalSignals(stream)
    if backend == "none":
        return NoSignals()
    raise SignalsError(f"unknown signals backend {backend!r}: choose {', '.join(BACKENDS)}")
