"""Buttons: GPIO pins driven like a real button on gpiozero's MockFactory, keys fed through a pipe
or a pseudo-terminal, and scripted presses."""

from __future__ import annotations

import os
import pty
import termios
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from gpiozero import Device

from station.hardware.buttons import (
    BUTTON_NAMES,
    Buttons,
    ButtonsError,
    ButtonsUnavailable,
    Press,
    ScriptedButtons,
    open_buttons,
)
from station.hardware.gpio import close_pin_factory, make_pin_factory

DEADLINE = 5.0  # seconds: generous, so a busy machine only makes a test slower, never wrong


def gather(buttons: Buttons, count: int, settle: float = 0.0) -> list[Press]:
    """Presses until ``count`` have come (or the deadline passed), then any that follow within ``settle``."""
    got: list[Press] = []
    deadline = time.monotonic() + DEADLINE
    while len(got) < count and time.monotonic() < deadline:
        got += buttons.presses()
        time.sleep(0.005)
    time.sleep(settle)
    return got + buttons.presses()


@pytest.fixture
def gpio_buttons() -> Iterator[Callable[..., Any]]:
    opened: list[Buttons] = []

    def open_gpio(**options: Any) -> Any:
        options.setdefault("pin_factory", "mock")
        buttons = open_buttons("gpio", **options)
        opened.append(buttons)
        return buttons

    yield open_gpio
    for buttons in opened:
        buttons.close()


def test_a_tap_is_one_short_press(gpio_buttons):
    buttons = gpio_buttons(hold_time=5.0)
    pin = buttons.pin_factory.pin(17)
    pin.drive_low()
    pin.drive_high()
    assert gather(buttons, 1, settle=0.2) == [Press("select")]
    assert buttons.presses() == []


def test_each_default_pin_is_its_button(gpio_buttons):
    buttons = gpio_buttons(hold_time=5.0, bounce_time=0.01)
    got = []
    for pin in (17, 27, 22, 23):
        buttons.pin_factory.pin(pin).drive_low()
        buttons.pin_factory.pin(pin).drive_high()
        got += gather(buttons, 1)
    assert got == [Press("select"), Press("confirm"), Press("back"), Press("spare")]


def test_holding_gives_one_long_press_and_its_release_nothing(gpio_buttons):
    buttons = gpio_buttons(hold_time=0.1, bounce_time=0.01)
    pin = buttons.pin_factory.pin(22)
    pin.drive_low()
    assert gather(buttons, 1, settle=0.3) == [Press("back", long=True)]  # held on: still one
    pin.drive_high()
    assert gather(buttons, 0, settle=0.1) == []


class Clock:
    """The bounce timer's clock, moved by the test: a chatter is one instant however slow the machine."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_bouncing_contact_gives_one_press(gpio_buttons):
    clock = Clock()
    buttons = gpio_buttons(hold_time=5.0, bounce_time=0.3, clock=clock)
    pin = buttons.pin_factory.pin(27)
    for _ in range(5):  # all within one bounce time, by the clock
        pin.drive_low()
        pin.drive_high()
    assert gather(buttons, 1, settle=0.5) == [Press("confirm")]


def test_bounces_on_press_and_release_lose_nothing_and_add_nothing(gpio_buttons):
    clock = Clock()
    buttons = gpio_buttons(hold_time=5.0, bounce_time=0.1, clock=clock)
    pin = buttons.pin_factory.pin(17)
    for _ in range(3):  # the contact closes with a chatter and stays closed
        pin.drive_high()
        pin.drive_low()
    time.sleep(0.2)
    assert buttons.presses() == []  # still held down: no press yet
    clock.now += 0.5  # held for half a second
    for _ in range(3):  # and opens with a chatter
        pin.drive_high()
        pin.drive_low()
    pin.drive_high()
    assert gather(buttons, 1, settle=0.3) == [Press("select")]


def test_a_release_within_the_bounce_time_is_not_lost(gpio_buttons):
    """A quick tap whose release comes within the bounce time: the level is read again after it."""
    clock = Clock()
    buttons = gpio_buttons(hold_time=5.0, bounce_time=0.2, clock=clock)
    pin = buttons.pin_factory.pin(22)
    pin.drive_low()
    clock.now += 0.05
    pin.drive_high()
    assert gather(buttons, 1, settle=0.3) == [Press("back")]


def test_two_presses_apart_are_two_presses(gpio_buttons):
    buttons = gpio_buttons(hold_time=5.0, bounce_time=0.01)
    pin = buttons.pin_factory.pin(23)
    for _ in range(2):
        pin.drive_low()
        pin.drive_high()
        time.sleep(0.05)
    assert gather(buttons, 2, settle=0.05) == [Press("spare"), Press("spare")]


def test_a_button_left_out_of_pins_does_not_exist(gpio_buttons):
    buttons = gpio_buttons(pins={"confirm": 5}, hold_time=5.0, bounce_time=0.01)
    buttons.pin_factory.pin(17).drive_low()  # where select would be by default
    buttons.pin_factory.pin(17).drive_high()
    buttons.pin_factory.pin(5).drive_low()
    buttons.pin_factory.pin(5).drive_high()
    assert gather(buttons, 1, settle=0.1) == [Press("confirm")]


@pytest.mark.parametrize(
    ("pins", "named"),
    [
        ({"jump": 5}, "'jump'"),
        ({"select": 17, "confirm": 17}, "GPIO17 is given to both select and confirm"),
        ({"select": 1}, "2 to 27"),
        ({"select": 28}, "2 to 27"),
        ({"select": "17"}, "2 to 27"),
        ({"select": True}, "2 to 27"),
    ],
)
def test_bad_pins_are_refused_by_name(gpio_buttons, pins, named):
    with pytest.raises(ButtonsError, match=named):
        gpio_buttons(pins=pins)


def test_a_hold_time_within_the_bounce_time_is_refused(gpio_buttons):
    with pytest.raises(ButtonsError, match="hold_time"):
        gpio_buttons(hold_time=0.05, bounce_time=0.1)


def test_a_pin_already_in_use_names_the_button_and_pin():
    factory = make_pin_factory("mock")
    try:
        with (open_buttons("gpio", pins={"select": 6}, pin_factory=factory),
              pytest.raises(ButtonsUnavailable, match="back button on GPIO6")):
            open_buttons("gpio", pins={"back": 6}, pin_factory=factory)
        with open_buttons("gpio", pins={"back": 6}, pin_factory=factory) as again:  # closing freed the pin
            assert again.presses() == []
    finally:
        close_pin_factory(factory)


def test_no_gpio_says_what_is_missing_and_the_laptop_fix(monkeypatch):
    monkeypatch.setattr(Device, "pin_factory", None)
    monkeypatch.setenv("GPIOZERO_PIN_FACTORY", "no-such-factory")
    with pytest.raises(ButtonsUnavailable, match=r'no GPIO here \(.*no-such-factory.*backend = "keyboard"'):
        open_buttons("gpio")


def test_an_unknown_pin_factory_lists_the_known_ones():
    with pytest.raises(ButtonsError, match="choose .*lgpio.*mock"):
        open_buttons("gpio", pin_factory="lgpoi")


def test_an_unknown_backend_lists_the_valid_ones():
    with pytest.raises(ButtonsError, match="gpio, keyboard, script, none"):
        open_buttons("gpoi")


def pipe_keys() -> tuple[Any, int]:
    read_end, write_end = os.pipe()
    return os.fdopen(read_end, "r"), write_end


def test_keys_from_a_pipe_are_presses_and_uppercase_is_long():
    stream, feed = pipe_keys()
    with stream, open_buttons("keyboard", stream=stream) as buttons:
        assert buttons.presses() == []  # nothing typed yet: returns at once
        os.write(feed, b"sC\nxq")
        assert buttons.presses() == [Press("select"), Press("confirm", long=True), Press("confirm"), Press("spare")]
        os.write(feed, b"\x1b[B \x7fB")  # arrow down (ESC [ B) is not a long back; space, Backspace, B are
        assert buttons.presses() == [Press("select"), Press("back"), Press("back", long=True)]
        os.close(feed)
        assert buttons.presses() == []  # the end of the input is not an error


def test_keys_can_be_remapped():
    stream, feed = pipe_keys()
    with stream, open_buttons("keyboard", stream=stream, keys={"select": "a"}) as buttons:
        os.write(feed, b"aAsc")
        assert buttons.presses() == [Press("select"), Press("select", long=True), Press("confirm")]
    os.close(feed)


def test_a_key_given_to_two_buttons_is_refused():
    with pytest.raises(ButtonsError, match="'c' is given to both select and confirm"):
        open_buttons("keyboard", keys={"select": "c"})


def test_a_terminal_is_read_key_by_key_and_restored_on_close():
    controller, terminal = pty.openpty()
    stream = os.fdopen(terminal, "r")
    try:
        assert termios.tcgetattr(terminal)[3] & termios.ICANON
        with pytest.raises(RuntimeError), open_buttons("keyboard", stream=stream) as buttons:
            assert not termios.tcgetattr(terminal)[3] & termios.ICANON
            os.write(controller, b"c")  # no Enter needed
            assert gather(buttons, 1) == [Press("confirm")]
            raise RuntimeError("the game crashed")
        assert termios.tcgetattr(terminal)[3] & termios.ICANON
    finally:
        stream.close()
        os.close(controller)


def test_scripted_presses_come_out_in_order_and_drain():
    with open_buttons("script") as buttons:
        assert isinstance(buttons, ScriptedButtons)
        for name in BUTTON_NAMES:
            buttons.press(name)
        buttons.press("select", long=True)
        assert buttons.presses() == [Press(name) for name in BUTTON_NAMES] + [Press("select", long=True)]
        assert buttons.presses() == []


def test_scripting_an_unknown_button_is_refused():
    with open_buttons("script") as buttons, pytest.raises(ButtonsError, match="'ok'"):
        assert isinstance(buttons, ScriptedButtons)
        buttons.press("ok")


def test_none_never_presses_and_closed_buttons_say_so():
    buttons = open_buttons("none")
    assert buttons.presses() == []
    buttons.close()
    buttons.close()
    with pytest.raises(ButtonsError, match="closed"):
        buttons.presses()
