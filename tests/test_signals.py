"""Signals: the buzzer and LED pins of gpiozero's MockFactory go high and low as a player would
hear and see, and the history names every signal given."""

from __future__ import annotations

import io
import itertools
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPin, MockPWMPin

from station.hardware.buttons import open_buttons
from station.hardware.gpio import close_pin_factory
from station.hardware.signals import SignalsError, SignalsUnavailable, open_signals

DEADLINE = 5.0  # seconds: generous, so a busy machine only makes a test slower, never wrong
BUZZER, LED = 12, 25


def wait_until(condition: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + DEADLINE
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.005)
    return True


def pulses(pin: Any) -> int:
    """How many times the mock pin went from off to on (a beep, a blink, a sounding note)."""
    states = [state for _, state in pin.states]
    return sum(1 for before, after in itertools.pairwise(states) if not before and after)


def finished(pin: Any, count: int) -> Callable[[], bool]:
    return lambda: pulses(pin) >= count and not pin.state


@pytest.fixture
def gpio_signals() -> Iterator[Callable[..., Any]]:
    opened: list[Any] = []

    def open_gpio(**options: Any) -> Any:
        options.setdefault("pin_factory", "mock")
        signals = open_signals("gpio", **options)
        opened.append(signals)
        return signals

    yield open_gpio
    for signals in opened:
        signals.close()


@pytest.mark.parametrize(("signal", "beeps", "blinks"), [("accepted", 1, 1), ("rejected", 2, 3), ("attention", 3, 1)])
def test_each_signal_beeps_and_blinks_then_ends_off(gpio_signals, signal, beeps, blinks):
    signals = gpio_signals(buzzer_pin=BUZZER, led_pin=LED)
    buzzer, led = signals.pin_factory.pin(BUZZER), signals.pin_factory.pin(LED)
    getattr(signals, signal)()
    assert wait_until(finished(buzzer, beeps)) and wait_until(finished(led, blinks))
    time.sleep(0.3)  # nothing more follows
    assert (pulses(buzzer), pulses(led)) == (beeps, blinks)
    assert not buzzer.state and not led.state


class GatedPin(MockPin):
    """A mock pin that cannot go low until the test opens its gate: a pattern cannot end early,
    however slow the machine, and a caller held up until it ends would wait out the DEADLINE."""

    gate = threading.Event()

    def _set_state(self, value: Any) -> None:
        if not value and self.state:
            self.gate.wait(DEADLINE)
        super()._set_state(value)


def test_a_signal_returns_before_its_pattern_ends(gpio_signals):
    factory = MockFactory(pin_class=GatedPin)
    GatedPin.gate.clear()
    try:
        signals = gpio_signals(led_pin=LED, pin_factory=factory)
        led = factory.pin(LED)
        signals.attention()  # a one-second blink, held on by the gate
        assert not finished(led, 1)()  # the caller was not held up until it ended
        GatedPin.gate.set()
        assert wait_until(finished(led, 1))
    finally:
        GatedPin.gate.set()
        close_pin_factory(factory)


def test_a_fault_blinks_slowly_until_fixed_and_plays_leave_it_alone(gpio_signals):
    signals = gpio_signals(buzzer_pin=BUZZER, led_pin=LED)
    buzzer, led = signals.pin_factory.pin(BUZZER), signals.pin_factory.pin(LED)
    signals.fault(True)
    assert wait_until(lambda: pulses(led) >= 1)
    signals.rejected()  # still heard...
    assert wait_until(finished(buzzer, 2))
    time.sleep(0.6)  # longer than rejected's own three blinks
    seen = pulses(led)
    assert wait_until(lambda: pulses(led) > seen)  # ...and the LED keeps its slow blink
    signals.fault(False)
    blinks = pulses(led)
    assert not led.state
    time.sleep(0.6)
    assert not led.state and pulses(led) == blinks


def test_the_history_names_every_signal_and_each_fault_change(gpio_signals):
    signals = gpio_signals(buzzer_pin=BUZZER, led_pin=LED)
    signals.accepted()
    signals.rejected()
    signals.fault(True)
    signals.fault(True)  # the daemon may repeat it every tick: not a new signal
    signals.attention()
    signals.fault(False)
    assert signals.history == ["accepted", "rejected", "fault:on", "attention", "fault:off"]


class FrequencyPin(MockPWMPin):
    """A mock PWM pin that also remembers every frequency it was set to (the notes played)."""

    def __init__(self, factory: Any, info: Any) -> None:
        super().__init__(factory, info)
        self.frequencies: list[float] = []

    def _set_frequency(self, value: float | None) -> None:
        if value is not None:
            self.frequencies.append(value)
        super()._set_frequency(value)


def test_a_tonal_buzzer_plays_high_for_accepted_and_low_twice_for_rejected(gpio_signals):
    factory = MockFactory(pin_class=FrequencyPin)
    try:
        signals = gpio_signals(buzzer_pin=BUZZER, buzzer="tonal", pin_factory=factory)
        buzzer = factory.pin(BUZZER)
        buzzer.frequencies.clear()  # set up as PWM at gpiozero's default 100 Hz, not a note
        signals.accepted()
        assert wait_until(finished(buzzer, 1))
        accepted = list(buzzer.frequencies)
        buzzer.frequencies.clear()
        signals.rejected()
        assert wait_until(finished(buzzer, 3))
        rejected = buzzer.frequencies
        assert len(accepted) == 1 and len(rejected) == 2
        assert min(accepted) > max(rejected)
        assert buzzer.frequency is None and not buzzer.state  # silent at the end
    finally:
        close_pin_factory(factory)


def test_a_part_left_out_is_fine(gpio_signals):
    led_only = gpio_signals(led_pin=LED)
    led_only.rejected()
    assert wait_until(finished(led_only.pin_factory.pin(LED), 3))
    buzzer_only = gpio_signals(buzzer_pin=BUZZER)
    buzzer_only.accepted()
    assert wait_until(finished(buzzer_only.pin_factory.pin(BUZZER), 1))


def test_nothing_attached_needs_no_gpio():
    with open_signals("gpio") as signals:  # no pins, no pin factory: works even on a laptop
        signals.accepted()
        signals.fault(True)
        assert signals.history == ["accepted", "fault:on"]


def test_close_silences_a_pattern_still_playing(gpio_signals):
    signals = gpio_signals(buzzer_pin=BUZZER, led_pin=LED)
    led = signals.pin_factory.pin(LED)
    signals.fault(True)
    assert wait_until(lambda: led.state)
    signals.close()
    assert not led.state
    with pytest.raises(SignalsError, match="closed"):
        signals.accepted()


def test_a_pin_the_buttons_use_is_refused_by_name():
    factory = MockFactory(pin_class=MockPWMPin)
    try:
        with (open_buttons("gpio", pins={"select": BUZZER}, pin_factory=factory),
              pytest.raises(SignalsUnavailable, match=f"buzzer on GPIO{BUZZER}")):
            open_signals("gpio", buzzer_pin=BUZZER, led_pin=LED, pin_factory=factory)
        with open_signals("gpio", led_pin=LED, pin_factory=factory):  # the failed open released the LED pin
            pass
    finally:
        close_pin_factory(factory)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"buzzer_pin": 40}, "buzzer pin 40"),
        ({"led_pin": 0}, "LED pin 0"),
        ({"buzzer_pin": 12, "led_pin": 12}, "both on GPIO12"),
        ({"buzzer_pin": 12, "buzzer": "piezo"}, "unknown buzzer 'piezo'"),
    ],
)
def test_bad_parts_are_refused_by_name(options, named):
    with pytest.raises(SignalsError, match=named):
        open_signals("gpio", pin_factory="mock", **options)


def test_an_unknown_backend_lists_the_valid_ones():
    with pytest.raises(SignalsError, match="gpio, terminal, none"):
        open_signals("leds")


def test_none_only_keeps_the_history():
    with open_signals("none") as signals:
        signals.rejected()
        signals.attention()
        assert signals.history == ["rejected", "attention"]


def test_the_terminal_rings_the_bell_for_rejected_plays_only():
    bell = io.StringIO()
    with open_signals("terminal", stream=bell) as signals:
        signals.accepted()
        signals.attention()
        assert bell.getvalue() == ""
        signals.rejected()
        assert bell.getvalue() == "\a"
        assert signals.history == ["accepted", "attention", "rejected"]
