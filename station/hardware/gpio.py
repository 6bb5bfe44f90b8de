"""Choosing gpiozero's pin factory by name, shared by the buttons and the signals (buzzer, LED).

Each device gets its factory passed in (``pin_factory=``) rather than through the global
``Device.pin_factory``, so a test's MockFactory never leaks into another test and the buttons and
signals can each be opened and closed on their own.
"""

from __future__ import annotations

import warnings
from importlib.metadata import entry_points

from gpiozero import Device
from gpiozero.exc import BadPinFactory, PinFactoryFallback
from gpiozero.pins import Factory
from gpiozero.pins.mock import MockFactory, MockPWMPin

BCM_PINS = range(2, 28)
"""GPIO numbers (BCM) a part may use: 0 and 1 are kept for the HAT ID EEPROM."""

_HINTS = {
    "lgpio": "on Raspberry Pi OS: sudo apt install python3-lgpio",
    "pigpio": "sudo apt install python3-pigpio, and start the pigpiod service",
}


class GpioError(Exception):
    """A pin factory cannot be chosen or started."""


class UnknownPinFactory(GpioError, ValueError):
    """The configured pin factory name is not one gpiozero knows."""


class GpioUnavailable(GpioError):
    """The pin factory is known but cannot run here (no GPIO, library missing, no permission)."""


def factory_names() -> list[str]:
    """The pin factory names gpiozero registers (lgpio, mock, native, pigpio, rpigpio, ...)."""
    return sorted({ep.name for ep in entry_points(group="gpiozero_pin_factories")})


def is_bcm_pin(pin: object) -> bool:
    """True for a GPIO number a button, buzzer or LED may use (an int from 2 to 27)."""
    return isinstance(pin, int) and not isinstance(pin, bool) and pin in BCM_PINS


def make_pin_factory(name: str | None) -> Factory:
    """The pin factory called ``name``, or gpiozero's default for ``None``.

    ``None`` resolves as gpiozero always does (``GPIOZERO_PIN_FACTORY``, else lgpio, rpigpio,
    pigpio, native) and returns the shared ``Device.pin_factory``, which gpiozero closes at exit.
    A name looks the factory up in gpiozero's own registry (its ``gpiozero_pin_factories`` entry
    points, exactly as gpiozero matches ``GPIOZERO_PIN_FACTORY``) and returns a new factory that
    the caller closes with :func:`close_pin_factory`. ``"mock"`` gives a MockFactory whose pins
    all support PWM, like every pin under lgpio, so a tonal buzzer works on it too.
    """
    if name is None:
        return _default_factory()
    if name.lower() == "mock":
        return MockFactory(pin_class=MockPWMPin)
    points = list(entry_points(group="gpiozero_pin_factories"))
    found = [ep for ep in points if ep.name == name] or [ep for ep in points if ep.name == name.lower()]
    if not found:
        raise UnknownPinFactory(
            f"unknown pin factory {name!r}: choose {', '.join(factory_names())}, or leave it out for gpiozero's default"
        )
    hint = _HINTS.get(found[0].name, "check that this is a Raspberry Pi and the library is installed")
    try:
        factory_class = found[0].load()
    except ImportError as exc:
        raise GpioUnavailable(f"pin factory {name!r} cannot be loaded ({exc}): {hint}") from exc
    try:
        factory: Factory = factory_class()
    except Exception as exc:  # each library fails its own way: lgpio.error, OSError, PinUnknownPi...
        raise GpioUnavailable(f"pin factory {name!r} cannot start ({exc}): {hint}") from exc
    return factory


def close_pin_factory(factory: Factory | None) -> None:
    """Close a factory made by ``make_pin_factory(name)``; gpiozero's shared default is left to gpiozero."""
    if factory is not None and factory is not Device.pin_factory:
        factory.close()


def resolve_pin_factory(choice: str | Factory | None) -> tuple[Factory, bool]:
    """The factory for ``choice`` and whether the caller owns it (and so must close it).

    A name makes a new factory (owned); ``None`` is gpiozero's shared default and a Factory
    object is the caller's own, e.g. one MockFactory shared by the buttons and the signals
    (neither owned).
    """
    if choice is None or isinstance(choice, str):
        factory = make_pin_factory(choice)
        return factory, factory is not Device.pin_factory
    return choice, False


def _default_factory() -> Factory:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", PinFactoryFallback)
        try:
            Device.ensure_pin_factory()
        except BadPinFactory as exc:
            tried = [str(w.message).removeprefix("Falling back from ") for w in caught
                     if issubclass(w.category, PinFactoryFallback)]
            raise GpioUnavailable(f"no GPIO here ({'; '.join(tried) or exc})") from exc
    for warning in caught:  # e.g. NativePinFactoryFallback: worth seeing when a factory did start
        if not str(warning.message).startswith("Falling back from "):
            warnings.warn_explicit(warning.message, warning.category, warning.filename, warning.lineno)
    factory: Factory = Device.pin_factory
    return factory
