"""The OLED, checked by eye: a test pattern that shows every edge pixel, a checkerboard and text."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw

WIDTH, HEIGHT = 128, 64


def pattern_image() -> Image.Image:
    """A 1-pixel border (a wrong size or offset cuts it), a checkerboard (a wrong driver garbles
    it: an SH1106 driven as an SSD1306 shifts it by 2 columns) and two lines of text."""
    image = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH - 1, HEIGHT - 1), outline=1)
    for y in range(4, 24, 4):
        for x in range(4, WIDTH - 4, 4):
            if (x // 4 + y // 4) % 2:
                draw.rectangle((x, y, x + 3, y + 3), fill=1)
    draw.text((6, 30), "Press CONFIRM", fill=1)
    draw.text((6, 44), "if you see this", fill=1)
    return image



@pytest.fixture
def display(rig) -> Iterator[Any]:
    from station.hardware.display import open_display

    device = open_display(rig.display, i2c_port=rig.i2c_port, i2c_address=rig.i2c_address, rotate=rig.rotate)
    yield device
    device.close()


def test_the_oled_shows_the_test_pattern(display, rig, ask):
    pattern = pattern_image()
    display.show(pattern)
    # show() never raises mid-game on an I2C error: it marks the display failed and logs it.
    assert not getattr(display, "failed", False), (
        f"writing to the OLED failed: `i2cdetect -y {rig.i2c_port}` should list {rig.i2c_address:#04x}; "
        "check SDA (pin 3), SCL (pin 5), 3.3V and GND")
    seen = ask(f"The OLED ({rig.display}, I2C {rig.i2c_address:#04x}) shows a border, a checkerboard and "
               "\"Press CONFIRM if you see this\". All of it, sharp and unbroken?",
               again=lambda: display.show(pattern))
    assert seen, (f"the pattern did not show right: a 1.3\" module is usually an sh1106 — set [display] backend "
                  f"in {rig.config_path}; nothing at all: `i2cdetect -y {rig.i2c_port}` should list "
                  f"{rig.i2c_address:#04x}")


def test_a_blank_screen_is_blank(display, ask):
    """A panel that keeps old pixels or has stuck ones fails here (and the previous test cannot tell)."""
    display.show(Image.new("1", (WIDTH, HEIGHT), 0))
    assert ask("Is the OLED now completely dark?"), "pixels stay lit on a blank image: a damaged panel or a driver mismatch"
