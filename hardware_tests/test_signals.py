"""The buzzer and the status LED, checked by ear and eye with the station's own patterns."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture
def signals(rig) -> Iterator[Any]:
    from station.hardware.signals import open_signals

    device = open_signals("gpio", buzzer_pin=rig.buzzer_pin, led_pin=rig.led_pin, buzzer=rig.buzzer,
                          pin_factory=rig.pin_factory)
    yield device
    device.close()


def test_a_rejected_play_beeps_twice(signals, rig, ask):
    if rig.buzzer_pin is None:
        pytest.skip(f"no buzzer in {rig.config_path} ([signals] buzzer_pin = \"\")")
    signals.rejected()
    heard = ask("Did you hear two beeps?", again=signals.rejected)
    assert heard, (f"no beeps: check the buzzer on BCM {rig.buzzer_pin} (+ leg to the pin, - to GND); "
                   f"a passive piezo needs [signals] buzzer = \"tonal\" (now {rig.buzzer!r})")


def test_an_accepted_play_blinks_the_led(signals, rig, ask):
    if rig.led_pin is None:
        pytest.skip(f"no status LED in {rig.config_path} ([signals] led_pin = \"\")")
    signals.accepted()
    seen = ask("Did the LED blink once?", again=signals.accepted)
    assert seen, (f"no blink: check the LED on BCM {rig.led_pin} (long leg to the pin, short leg through "
                  "a resistor of about 330 ohm to GND)")


def test_the_fault_light_blinks_until_it_is_cleared(signals, rig, ask):
    if rig.led_pin is None:
        pytest.skip(f"no status LED in {rig.config_path} ([signals] led_pin = \"\")")
    signals.fault(True)
    try:
        assert ask("Is the LED blinking slowly now (on, then off for longer)?"), "no slow blink while a fault is shown"
    finally:
        signals.fault(False)
    assert ask("And now it is off and stays off?"), "the LED stays lit after the fault was cleared"
