"""`mathstation selftest` on mock hardware: the person's presses are scripted, the buzzer and LED
are gpiozero mock pins, the OLED a dummy that keeps its image, the camera the virtual table. Each
part passes when it works and fails with a hint when it does not; the summary names what to fix."""

from __future__ import annotations

import io
import itertools
import time

import pytest

from station.cameras import open_camera
from station.cli import main
from station.cli_selftest import selftest
from station.config import load_config
from station.games import playable, plugin, plugins
from station.hardware.buttons import open_buttons
from station.hardware.display import open_display
from station.hardware.signals import open_signals
from station.selftest import PRESS_SECONDS, SelfTest, pattern_image, summary


class Person:
    """Presses the button the station asks for (or the wrong one first, or none), answers questions."""

    def __init__(self, buttons, answers, skip=(), wrong_first=()):
        self.buttons, self.answers, self.skip, self.wrong_first = buttons, list(answers), set(skip), set(wrong_first)
        self.now, self.lines, self.asked = 0.0, [], []

    def say(self, line):
        self.lines.append(line)
        if line.strip().startswith("press "):
            name = line.split()[1].lower()
            if name in self.wrong_first:
                self.buttons.press("back")
            if name not in self.skip:
                self.buttons.press(name)

    def ask(self, question):
        self.asked.append(question)
        return self.answers.pop(0)

    def wait(self, seconds):
        self.now += seconds


def pulses(pin):
    states = [state for _, state in pin.states]
    return sum(1 for before, after in itertools.pairwise(states) if not before and after)


def eventually(condition, seconds=5.0):
    """Signals sound on gpiozero's own threads: wait (generously) for them to have happened."""
    deadline = time.monotonic() + seconds
    while not condition() and time.monotonic() < deadline:
        time.sleep(0.01)
    return condition()


@pytest.fixture
def parts():
    display = open_display("dummy")
    buttons = open_buttons("script")
    signals = open_signals("gpio", buzzer_pin=12, led_pin=25, pin_factory="mock")
    yield display, buttons, signals
    for part in (buttons, signals):
        part.close()
    display.close()


def picture():
    with open_camera("virtual", width=640, height=360, scene=plugin(playable()[0]).demo_scene) as camera:
        image = camera.read().image
    return image.shape[1], image.shape[0]


def run(parts, person_kwargs, answers=(True, True, True)):
    display, buttons, signals = parts
    person = Person(buttons, answers, **person_kwargs)
    test = SelfTest(camera=picture, display=display, buttons=buttons, signals=signals, say=person.say,
                    ask=person.ask, clock=lambda: person.now, wait=person.wait)
    return test.run(), person


def test_a_working_station_passes_every_check_and_each_part_did_its_thing(parts):
    display, _, signals = parts
    checks, person = run(parts, {})
    assert [(c.part, c.ok) for c in checks] == [
        ("camera", True), ("OLED", True), ("select button", True), ("confirm button", True),
        ("back button", True), ("spare button", True), ("buzzer", True), ("LED", True)]
    assert checks[0].detail == "a 640 x 360 picture"
    assert summary(checks) == "All 8 checks passed: the station is ready."
    assert [line for line in person.lines if line.startswith("[")] == [
        "[1/5] camera", "[2/5] OLED", "[3/5] buttons", "[4/5] buzzer", "[5/5] LED"]
    assert "TEST" in person.asked[0]
    buzzer, led = signals.pin_factory.pin(12), signals.pin_factory.pin(25)
    assert eventually(lambda: pulses(buzzer) >= 1 and pulses(led) >= 3)
    assert display.last_image is not None  # the last screen: the result


def test_the_oled_shows_the_pattern_while_the_person_is_asked(parts):
    display, buttons, signals = parts
    seen = []
    person = Person(buttons, [True, True, True])
    ask = person.ask
    person.ask = lambda q: (seen.append(display.last_image.tobytes() if display.last_image else b""), ask(q))[1]
    SelfTest(camera=picture, display=display, buttons=buttons, signals=signals, say=person.say, ask=person.ask,
             clock=lambda: person.now, wait=person.wait).run()
    assert seen[0] == pattern_image().convert("1").tobytes()
    edge = pattern_image()
    assert all(edge.getpixel((x, 0)) and edge.getpixel((x, 63)) for x in range(128))  # every edge pixel lit


def test_a_button_never_pressed_fails_with_its_time_and_a_wrong_one_first_is_noted(parts):
    checks, person = run(parts, {"skip": {"confirm"}, "wrong_first": {"spare"}})
    by_part = {c.part: c for c in checks}
    assert not by_part["confirm button"].ok
    assert by_part["confirm button"].detail.startswith(f"not pressed in {PRESS_SECONDS:.0f} s (nothing came)")
    assert by_part["spare button"].ok and "first BACK: are two wires swapped?" in by_part["spare button"].detail
    assert summary(checks) == "7 of 8 checks passed; to fix: confirm button."


def test_a_no_from_the_person_fails_that_part_with_what_to_check(parts):
    checks, _ = run(parts, {}, answers=(False, True, False))
    by_part = {c.part: c for c in checks}
    assert not by_part["OLED"].ok and "i2cdetect" in by_part["OLED"].detail
    assert by_part["buzzer"].ok
    assert not by_part["LED"].ok and "resistor" in by_part["LED"].detail


def test_a_missing_camera_fails_with_the_camera_s_own_message(parts):
    display, buttons, signals = parts
    person = Person(buttons, [True, True, True])

    def no_camera():
        with open_camera("usb:/dev/video77", width=640, height=360):
            pass

    checks = SelfTest(camera=no_camera, display=display, buttons=buttons, signals=signals, say=person.say,
                      ask=person.ask, clock=lambda: person.now, wait=person.wait).run()
    assert not checks[0].ok and "video77" in checks[0].detail


def test_the_command_runs_from_the_config_and_its_summary_names_what_is_not_there(tmp_path):
    config = tmp_path / "station.toml"
    config.write_text('[camera]\nsource = "virtual"\nwidth = 640\nheight = 360\n[display]\nbackend = "dummy"\n'
                      '[buttons]\nbackend = "none"\n[signals]\nbackend = "none"\n')
    out = io.StringIO()
    code = selftest(load_config(config, plugins()), io.StringIO("y\n"), out, clock=lambda: 0.0, wait=lambda s: None)
    text = out.getvalue()
    assert code == 1
    assert "ok   camera: a 640 x 360 picture" in text and "ok   OLED: test pattern seen" in text
    assert "FAIL buttons: no buttons configured ([buttons] backend)" in text
    assert text.rstrip().endswith("2 of 5 checks passed; to fix: buttons, buzzer, LED.")


def test_selftest_has_its_own_help(capsys):
    with pytest.raises(SystemExit):
        main(["selftest", "--help"])
    assert "press each button" in capsys.readouterr().out
