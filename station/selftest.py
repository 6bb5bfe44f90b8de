"""``mathstation selftest``: check each part of a built station with a person at it, without
pytest: the camera gives a picture, the OLED shows a test pattern, each button is pressed when
asked, the buzzer sounds and the LED blinks.

What a person must confirm (a pattern seen, a tone heard) is asked with ``ask``; buttons are
checked by their presses alone. Time comes from ``clock`` and waiting from ``wait``, so tests run
it on mock hardware with scripted presses and no real waiting.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from station.hardware.buttons import BUTTON_NAMES, Buttons
from station.hardware.display import Display
from station.hardware.signals import Signals
from station.i18n import _, lazy_gettext, ngettext
from station.speech.voice import Line, Voice
from station.ui import fonts

PRESS_SECONDS = 20.0  # how long a button is waited for before it counts as not working
SPEAKER_LINE = lazy_gettext("This is Math Card Station speaking.")
POLL_SECONDS = 0.05


@dataclass(frozen=True)
class Check:
    part: str
    ok: bool
    detail: str


@dataclass
class SelfTest:
    """The parts under test (None: not configured, skipped) and how to talk to the person."""

    camera: Callable[[], tuple[int, int]] | None  # opens the camera, reads a frame: its (width, height)
    display: Display | None
    buttons: Buttons | None
    signals: Signals | None
    say: Callable[[str], None]
    ask: Callable[[str], bool]  # a yes/no question to the person at the station
    clock: Callable[[], float]
    wait: Callable[[float], None]
    buzzer: bool = True  # a buzzer is configured
    led: bool = True  # an LED is configured
    button_names: Sequence[str] = BUTTON_NAMES
    voice: Voice | None = None  # the speaker, when [sound] names one: checked after the LED
    #: when [classroom] names a broker: connects to it as the station, (reached and accepted, the words)
    classroom: Callable[[], tuple[bool, str]] | None = None

    def run(self) -> list[Check]:
        steps: list[tuple[str, Callable[[], list[Check]]]] = [(_("camera"), self._camera), (_("OLED"), self._oled),
                                                              (_("buttons"), self._buttons),
                                                              (_("buzzer"), self._buzzer), (_("LED"), self._led)]
        if self.voice is not None:
            steps.append((_("speaker"), self._speaker))
        if self.classroom is not None:
            steps.append((_("class broker"), self._classroom))
        checks: list[Check] = []
        for number, (name, step) in enumerate(steps, 1):
            self.say(f"[{number}/{len(steps)}] {name}")
            for check in step():
                verdict = _("ok  ") if check.ok else _("FAIL")
                self.say(f"      {verdict} {check.part}: {check.detail}")
                checks.append(check)
        self._show(_("Self-test done"), _("{passed} of {checks} passed", passed=sum(c.ok for c in checks),
                                           checks=len(checks)))
        return checks

    # ---- the steps -----------------------------------------------------------------------------

    def _camera(self) -> list[Check]:
        if self.camera is None:
            return [Check(_("camera"), False, _("no camera configured ([camera] source)"))]
        self._show(_("Camera"), _("taking a picture"))
        try:
            width, height = self.camera()
        except Exception as exc:  # the camera's own errors say what is missing and the fix
            return [Check(_("camera"), False, str(exc))]
        return [Check(_("camera"), True, _("a {width} x {height} picture", width=width, height=height))]

    def _oled(self) -> list[Check]:
        if self.display is None:
            return [Check(_("OLED"), False, _("no display configured ([display] backend)"))]
        self.display.show(pattern_image())
        if self.display.failed:
            return [Check(_("OLED"), False, _("the display did not take the picture: check SDA, SCL and the I2C "
                                              "address"))]
        seen = self.ask(_("The OLED shows a frame, a chequered square and 'TEST'. Do you see them?"))
        return [Check(_("OLED"), seen, _("test pattern seen") if seen else
                      _("not seen: check the wiring, `i2cdetect -y 1` and [display] i2c_address"))]

    def _buttons(self) -> list[Check]:
        if self.buttons is None:
            return [Check(_("buttons"), False, _("no buttons configured ([buttons] backend)"))]
        self.buttons.presses()  # forget presses from before the test
        return [self._one_button(name) for name in self.button_names]

    def _one_button(self, name: str) -> Check:
        assert self.buttons is not None
        seconds = f"{PRESS_SECONDS:.0f}"
        self.say("      " + _("press {button} (within {seconds} s)", button=name.upper(), seconds=seconds))
        self._show(_("Press {button}", button=name.upper()), _("within {seconds} s", seconds=seconds))
        part = _("{button} button", button=name)
        deadline, others = self.clock() + PRESS_SECONDS, []
        while self.clock() < deadline:
            for press in self.buttons.presses():
                if press.button == name:
                    return Check(part, True, _("pressed (first {buttons}: are two wires swapped?)",
                                               buttons=", ".join(o.upper() for o in others)) if others else
                                 _("pressed"))
                others.append(press.button)
            self.wait(POLL_SECONDS)
        hint = (_("only {buttons} came", buttons=", ".join(o.upper() for o in dict.fromkeys(others))) if others else
                _("nothing came"))
        return Check(part, False, _("not pressed in {seconds} s ({hint}): check its wire and GND", seconds=seconds,
                                    hint=hint))

    def _buzzer(self) -> list[Check]:
        if self.signals is None or not self.buzzer:
            return [Check(_("buzzer"), False, _("no buzzer configured ([signals] buzzer_pin)"))]
        self._show(_("Buzzer"), _("listen"))
        self.signals.attention()
        self.wait(1.0)
        heard = self.ask(_("Did you hear the buzzer?"))
        return [Check(_("buzzer"), heard, _("heard") if heard else
                      _("not heard: check the transistor, 5 V and [signals] buzzer (active or tonal)"))]

    def _led(self) -> list[Check]:
        if self.signals is None or not self.led:
            return [Check(_("LED"), False, _("no LED configured ([signals] led_pin)"))]
        self._show(_("LED"), _("watch it"))
        self.signals.rejected()  # three fast blinks (and two low beeps)
        self.wait(1.5)
        seen = self.ask(_("Did the LED blink three times?"))
        return [Check(_("LED"), seen, _("blinked") if seen else _("not seen: check which leg is long and its resistor"))]

    def _speaker(self) -> list[Check]:
        assert self.voice is not None
        self._show(_("Speaker"), _("listen"))
        line = str(SPEAKER_LINE)
        self.voice.say([Line(line, "game_over")])
        self.wait(4.0)
        heard = self.ask(_("Did you hear a little tune and '{line}'?", line=line))
        return [Check(_("speaker"), heard, _("heard") if heard else
                      _("not heard: check [sound] device (`aplay -L` lists them) and volume; docs/sound.md"))]

    def _classroom(self) -> list[Check]:
        assert self.classroom is not None
        self._show(_("Class broker"), _("connecting"))
        ok, detail = self.classroom()
        return [Check(_("class broker"), ok, detail)]

    def _show(self, title: str, line: str) -> None:
        if self.display is not None:
            self.display.show(_words(title, line))


def summary(checks: Sequence[Check]) -> str:
    failed = [c.part for c in checks if not c.ok]
    if not failed:
        return ngettext("The one check passed: the station is ready.", "All {n} checks passed: the station is ready.",
                        len(checks))
    return _("{passed} of {checks} checks passed; to fix: {failed}.", passed=len(checks) - len(failed),
             checks=len(checks), failed=", ".join(failed))


def pattern_image() -> Image.Image:
    """A frame round the edge (every edge pixel lit), a chequered square and the word TEST."""
    image = Image.new("1", (128, 64), 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 127, 63), outline=1)
    for y in range(8, 56, 4):
        for x in range(8, 56, 4):
            if (x // 4 + y // 4) % 2 == 0:
                draw.rectangle((x, y, x + 3, y + 3), fill=1)
    draw.text((66, 22), "TEST", font=fonts.font(18, bold=True), fill=1)
    return image


def _words(title: str, line: str) -> Image.Image:
    image = Image.new("1", (128, 64), 0)
    draw = ImageDraw.Draw(image)
    draw.text((2, 6), title, font=fonts.font(16, bold=True), fill=1)
    draw.text((2, 36), line, font=fonts.font(12), fill=1)
    return image
