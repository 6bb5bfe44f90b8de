"""``mathstation selftest``: the parts of the station config, opened as the daemon opens them,
checked one by one with the person at the station (station/selftest.py)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TextIO

from station.config import ConfigFileError, StationConfig, load_config
from station.games import playable, plugin, plugins
from station.i18n import _, set_language
from station.paths import SYSTEM_CONFIG

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
YES = ("y", "yes", "s", "si", "sí")  # the answers taken for yes, in every language the station speaks
SOUND_NAMES = ("accepted", "wrong", "your_turn", "time_warning", "time_up", "game_over")  # station.speech.sounds


def register(sub: Any) -> None:
    p = sub.add_parser("selftest",
                       help="check the camera, OLED, buttons, buzzer and LED, one by one (and the class broker)",
                       description="Check every part of the station with you at it: the camera takes a picture, "
                                   "the OLED shows a test pattern, you press each button when asked, the buzzer "
                                   "sounds and the LED blinks; with [classroom], the class broker takes the station. "
                                   "Stop the station first: sudo systemctl stop mathstation")
    p.add_argument("--config", type=Path, default=None,
                   help=f"the station config (default: {SYSTEM_CONFIG} if it exists, else the built-in defaults)")
    p.set_defaults(run=run)

    p = sub.add_parser("say", help="say a line through the station's speaker (a maker checking it)",
                       description="Say TEXT through the speaker [sound] names, as the station says its verdicts "
                                   "(numbers as written are read as words: \"3/4\" is \"three quarters\"). "
                                   "Stop the station first if it holds the sound card.")
    p.add_argument("text", metavar="TEXT")
    p.add_argument("--config", type=Path, default=None,
                   help=f"the station config (default: {SYSTEM_CONFIG} if it exists, else the built-in defaults)")
    p.add_argument("--device", default=None, help="an ALSA device to play on (`aplay -L`), in place of the config's")
    p.add_argument("--sound", choices=SOUND_NAMES, default="", help="one of the six sounds before the words")
    p.add_argument("--sounds", type=Path, metavar="DIR", help="write a WAV file and sounds.jsonl there instead")
    p.add_argument("--language", default=None, metavar="LANG",
                   help="say it in this language (numbers in its words, its voice): en, es "
                        "(default: the config's [station] language)")
    p.set_defaults(run=say_line)


def say_line(args: argparse.Namespace) -> int:
    """``mathstation say``: the line rendered and played, waiting until it has been heard."""
    from station.i18n import language_problem, use_language

    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    try:
        config = load_config(path, plugins())
    except ConfigFileError as exc:
        print(f"mathstation say: {exc}", file=sys.stderr)
        return EXIT_USAGE
    sound = config["sound"]
    if args.device:
        sound = {**sound, "backend": "alsa", "device": args.device}
    if sound["backend"] == "none" and args.sounds is None:
        print('mathstation say: no speaker in the config ([sound] backend = "none"): set backend = "alsa" '
              "(docs/sound.md), or give --device plughw:CARD=... or --sounds DIR", file=sys.stderr)
        return EXIT_USAGE
    spoken_in = args.language or config["station"]["language"]
    problem = language_problem(spoken_in)
    if problem:
        print(f"mathstation say: --language: {problem}", file=sys.stderr)
        return EXIT_USAGE
    with use_language(spoken_in):
        return _say(args, config, sound)


def _say(args: argparse.Namespace, config: StationConfig, sound: Mapping[str, Any]) -> int:
    """The line in the language of now: its numbers in its words, said in its voice."""
    from station.hardware.audio import AudioError
    from station.speech.numbers import say_sentence
    from station.speech.tts import SpeechError
    from station.speech.voice import SPEECH_CACHE, Line, open_voice

    words = say_sentence(args.text)
    try:
        voice = open_voice({**sound, "quiet": False}, config.state_dir() / SPEECH_CACHE, folder=args.sounds)
        if voice.speech is None:
            raise SpeechError("espeak-ng is not installed: sudo apt install espeak-ng")
        voice.say([Line(words, args.sound)])
        wait = getattr(voice.audio, "wait", None)
        if wait is not None:
            wait()
        voice.close()
    except (AudioError, SpeechError) as exc:
        print(f"mathstation say: {exc}", file=sys.stderr)
        return EXIT_FAILED
    print(f"said: {words}")
    return EXIT_OK


def run(args: argparse.Namespace) -> int:
    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    try:
        config = load_config(path, plugins())
    except ConfigFileError as exc:
        print(f"mathstation selftest: {exc}", file=sys.stderr)
        return EXIT_USAGE
    if path is not None:
        set_language(config["station"]["language"])  # the station's own words from here on
    return selftest(config, sys.stdin, sys.stdout)


def selftest(config: StationConfig, answers: TextIO, out: TextIO, *, clock: Callable[[], float] = time.monotonic,
             wait: Callable[[float], None] = time.sleep, pin_factory: Any = None) -> int:
    """Open the configured parts, run the checks, print the summary; 0 when every check passed.
    ``pin_factory`` (tests: a mock factory) replaces the config's for the buttons and signals."""
    from station.selftest import SelfTest, summary

    def say(line: str) -> None:
        print(line, file=out, flush=True)

    def ask(question: str) -> bool:
        choices = _("[y/n]")
        print(f"      {question} {choices} ", end="", file=out, flush=True)
        answer = answers.readline().strip().lower()
        if not answers.isatty():
            print(answer, file=out)  # answers from a pipe: the transcript shows them
        return answer in YES

    say(_("Self-test of the station, config {config}", config=config.path or _("built-in defaults")))
    parts = _open_parts(config, say, pin_factory)
    try:
        test = SelfTest(camera=parts["camera"], display=parts["display"], buttons=parts["buttons"],
                        signals=parts["signals"], say=say, ask=ask, clock=clock, wait=wait,
                        buzzer=config["signals"]["buzzer_pin"] != "", led=config["signals"]["led_pin"] != "",
                        button_names=parts["button_names"], voice=parts["voice"],
                        classroom=_classroom_check(config))
        checks = test.run()
    finally:
        for name in ("buttons", "signals", "display", "voice"):
            if parts[name] is not None:
                parts[name].close()
    say(summary(checks))
    return EXIT_OK if all(c.ok for c in checks) else EXIT_FAILED


def _classroom_check(config: StationConfig) -> Callable[[], tuple[bool, str]] | None:
    """The class broker's check when [classroom] names one (None: the station plays alone)."""
    settings = config.classroom()
    if settings is None:
        return None

    def check() -> tuple[bool, str]:
        from station.classroom.reach import check_broker

        reach = check_broker(settings)
        return reach.ok, reach.detail

    return check


def _open_parts(config: StationConfig, say: Callable[[str], None], pin_factory: Any) -> dict[str, Any]:
    """Each part as the config names it; one that cannot be opened is None and said why."""
    from station.cameras import open_camera
    from station.hardware.buttons import ButtonsError, open_buttons
    from station.hardware.display import DisplayError, open_display
    from station.hardware.signals import SignalsError, open_signals

    parts: dict[str, Any] = {"camera": None, "display": None, "buttons": None, "signals": None, "button_names": (),
                             "voice": None}
    c = config["camera"]

    def picture() -> tuple[int, int]:
        with open_camera(c["source"], width=c["width"], height=c["height"], fps=c["fps"],
                         scene=plugin(playable()[0]).demo_scene) as camera:
            image = camera.read().image
        return image.shape[1], image.shape[0]

    parts["camera"] = picture
    d = config["display"]
    if d["backend"] != "none":
        try:
            parts["display"] = open_display(d["backend"], i2c_port=d["i2c_port"], i2c_address=d["i2c_address"],
                                            rotate=d["rotate"], contrast=d["contrast"])
        except DisplayError as exc:
            say("      " + _("the OLED cannot be opened: {reason}", reason=exc))
    b, s = config["buttons"], config["signals"]
    factory = pin_factory or b["pin_factory"] or None
    pins = {name: pin for name, pin in config["buttons.pins"].items() if pin != ""}
    if b["backend"] != "none":
        try:
            parts["buttons"] = open_buttons(b["backend"], pins=pins, bounce_time=b["bounce_time"],
                                            hold_time=b["hold_time"], pin_factory=factory)
            parts["button_names"] = tuple(pins) if b["backend"] == "gpio" else ("select", "confirm", "back", "spare")
        except ButtonsError as exc:
            say("      " + _("the buttons cannot be opened: {reason} (is the station running? sudo systemctl stop "
                              "mathstation)", reason=exc))
    if s["backend"] != "none":
        try:
            parts["signals"] = open_signals(s["backend"], buzzer_pin=s["buzzer_pin"] or None,
                                            led_pin=s["led_pin"] or None, buzzer=s["buzzer"],
                                            pin_factory=pin_factory or s.get("pin_factory") or b["pin_factory"] or None)
        except SignalsError as exc:
            say("      " + _("the buzzer and LED cannot be opened: {reason}", reason=exc))
    if config["sound"]["backend"] != "none":
        from station.hardware.audio import AudioError
        from station.speech.voice import SPEECH_CACHE, open_voice

        try:
            parts["voice"] = open_voice(config["sound"], config.state_dir() / SPEECH_CACHE)
        except AudioError as exc:
            say("      " + _("the speaker cannot be opened: {reason}", reason=exc))
    return parts
