"""Tests on a real Raspberry Pi with the camera, OLED, buttons, buzzer and LED attached.

They run only on a Pi and only when asked (``MATHSTATION_HARDWARE=1``): elsewhere every test is
skipped with the reason, so ``pytest hardware_tests`` on a laptop says why and passes. Wiring and
addresses come from the same station config the daemon reads (``--station-config``, default
/etc/mathstation/station.toml, else the repo's firmware_config/station.toml), checked by the
daemon's own loader so a typo is reported exactly as the station would report it. The devices are
always the real ones (gpio, ssd1306/sh1106, picamera2 or a USB camera): a config that names a
laptop backend still gets its pins and addresses used.

A person answers with the station's own buttons: CONFIRM = yes, BACK = no, SELECT = again.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from collections.abc import Callable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
REPO_CONFIG = HERE.parent / "firmware_config" / "station.toml"
SYSTEM_CONFIG = Path("/etc/mathstation/station.toml")
MODEL_FILE = Path("/proc/device-tree/model")
ANSWER_SECONDS = 30.0


def pi_model() -> str:
    """The board's name from the device tree ("Raspberry Pi 5 Model B Rev 1.0"), "" elsewhere."""
    try:
        return MODEL_FILE.read_bytes().rstrip(b"\0").decode("ascii", "replace")
    except OSError:
        return ""


def skip_reason() -> str | None:
    model = pi_model()
    if "Raspberry Pi" not in model:
        return ("hardware tests need a Raspberry Pi with the parts attached "
                f"(this machine is {model or 'not a Raspberry Pi'}); everything else is in tests/")
    if os.environ.get("MATHSTATION_HARDWARE") != "1":
        return f"on {model}: set MATHSTATION_HARDWARE=1 to run the hardware tests (they need a person at the table)"
    return None


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--station-config", type=Path, default=None, metavar="PATH",
                     help=f"station config with the pins and addresses (default {SYSTEM_CONFIG}, else {REPO_CONFIG})")
    parser.addoption("--pixel-format", choices=("BGR", "YUV420"), default="BGR",
                     help="the frame format asked of a Raspberry Pi camera for the vision measurements (default BGR)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    ours = [item for item in items if HERE in Path(str(item.path)).parents]  # the hook sees every item
    reason = skip_reason()
    if reason is not None:
        for item in ours:
            item.add_marker(pytest.mark.skip(reason=reason))
    elif ours and service_running():
        raise pytest.UsageError("the mathstation service is running and holds the camera, OLED and GPIO pins: "
                                "sudo systemctl stop mathstation, run the tests, then sudo systemctl start mathstation")


def service_running() -> bool:
    systemctl = shutil.which("systemctl")
    if systemctl is None:
        return False
    result = subprocess.run([systemctl, "is-active", "--quiet", "mathstation.service"], check=False)
    return result.returncode == 0


@dataclass(frozen=True)
class Rig:
    """What is wired where, as the station config says."""

    config_path: Path
    camera: str
    width: int
    height: int
    display: str
    i2c_port: int
    i2c_address: int
    rotate: int
    pins: dict[str, int]
    bounce_time: float
    hold_time: float
    pin_factory: str | None
    buzzer: str
    buzzer_pin: int | None
    led_pin: int | None
    decoder: str
    sound_device: str = "default"  # [sound] device: the speaker's ALSA name
    volume: int = 80
    notes: list[str] = field(default_factory=list)

    def describe(self) -> str:
        pins = ", ".join(f"{name} BCM {pin}" for name, pin in self.pins.items())
        return (f"config {self.config_path}\n  camera {self.camera} at {self.width}x{self.height}; "
                f"OLED {self.display} on I2C bus {self.i2c_port} at {self.i2c_address:#04x}\n"
                f"  buttons {pins}; buzzer BCM {self.buzzer_pin}; LED BCM {self.led_pin}"
                + "".join(f"\n  note: {note}" for note in self.notes))


def config_path(config: pytest.Config) -> Path:
    given = config.getoption("--station-config")
    if given is not None:
        if not given.is_file():
            raise pytest.UsageError(f"--station-config {given}: no such file")
        return given
    return SYSTEM_CONFIG if SYSTEM_CONFIG.is_file() else REPO_CONFIG


def load_rig(path: Path) -> Rig:
    from station.config import ConfigFileError, load_config
    from station.games import plugins

    try:
        config = load_config(path, plugins())
    except ConfigFileError as exc:
        raise pytest.UsageError(f"{path}: {exc}") from None
    camera, display, buttons, signals = config["camera"], config["display"], config["buttons"], config["signals"]
    notes = []
    source = camera["source"]
    if not source.startswith(("picamera2", "usb")):
        notes.append(f"[camera] source = {source!r} is not a real camera: using picamera2")
        source = "picamera2"
    model = display["backend"]
    if model not in ("ssd1306", "sh1106"):
        notes.append(f"[display] backend = {model!r} is not an OLED: using ssd1306")
        model = "ssd1306"
    return Rig(
        config_path=path, camera=source, width=camera["width"], height=camera["height"],
        display=model, i2c_port=display["i2c_port"], i2c_address=display["i2c_address"], rotate=display["rotate"],
        pins={name: pin for name, pin in config["buttons.pins"].items() if pin != ""},
        bounce_time=buttons["bounce_time"], hold_time=buttons["hold_time"],
        pin_factory=buttons["pin_factory"] or None,
        buzzer=signals["buzzer"],
        buzzer_pin=signals["buzzer_pin"] if signals["buzzer_pin"] != "" else None,
        led_pin=signals["led_pin"] if signals["led_pin"] != "" else None,
        decoder=config["vision"]["decoder"], notes=notes,
        sound_device=config["sound"]["device"], volume=config["sound"]["volume"],
    )


@pytest.fixture(scope="session")
def rig(pytestconfig: pytest.Config) -> Rig:
    rig = load_rig(config_path(pytestconfig))
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")
    with capture.global_and_fixture_disabled() if capture else nullcontext():
        print(f"\n[hardware] {rig.describe()}")
    return rig


@pytest.fixture(scope="session")
def pixel_format(pytestconfig: pytest.Config) -> str:
    """The frame format asked of the camera (``--pixel-format``; a USB camera gives BGR only)."""
    return str(pytestconfig.getoption("--pixel-format"))


@pytest.fixture(scope="session")
def board() -> str:
    """The Pi's model, e.g. "Raspberry Pi 5 Model B Rev 1.0" (for the measurements' record)."""
    return pi_model()


@pytest.fixture(scope="session")
def say(pytestconfig: pytest.Config) -> Callable[[str], None]:
    """Print to the person at the table even while pytest captures output."""
    capture = pytestconfig.pluginmanager.getplugin("capturemanager")

    def tell(text: str) -> None:
        with capture.global_and_fixture_disabled() if capture else nullcontext():
            print(f"\n>>> {text}", flush=True)

    return tell


@pytest.fixture(scope="session")
def buttons(rig: Rig) -> Iterator[Any]:
    from station.hardware.buttons import open_buttons

    device = open_buttons("gpio", pins=rig.pins, bounce_time=rig.bounce_time, hold_time=rig.hold_time,
                          pin_factory=rig.pin_factory)
    yield device
    device.close()


@pytest.fixture(scope="session")
def wait_press(buttons: Any) -> Callable[[float], Any]:
    """The next press within ``seconds`` (presses made before the call are dropped), or None."""

    def wait(seconds: float) -> Any:
        buttons.presses()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            got = buttons.presses()
            if got:
                return got[0]
            time.sleep(0.02)
        return None

    return wait


@pytest.fixture(scope="session")
def ask(say: Callable[[str], None], wait_press: Callable[[float], Any]) -> Callable[..., bool]:
    """Ask a yes/no question; the answer comes from the buttons. ``again`` repeats what was shown."""

    def question(text: str, again: Callable[[], None] | None = None) -> bool:
        say(f"{text}  CONFIRM = yes, BACK = no" + (", SELECT = again" if again else ""))
        deadline = time.monotonic() + ANSWER_SECONDS
        while (left := deadline - time.monotonic()) > 0:
            press = wait_press(left)
            if press is None:
                break
            if press.button == "confirm":
                return True
            if press.button == "back":
                return False
            if press.button == "select" and again is not None:
                again()
        pytest.fail(f"no answer within {ANSWER_SECONDS:.0f} s: are CONFIRM and BACK wired? (test_buttons.py checks them)")

    return question
