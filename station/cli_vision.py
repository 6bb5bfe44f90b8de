"""The camera commands: ``mathstation scan`` says what lies on the table (photos, or a camera, once
or live) and ``mathstation calibrate`` checks the mat and the camera before a game.

    mathstation scan IMAGE... [--json]                  photos or saved frames
    mathstation scan --camera SPEC [--json]             one frame from a camera
    mathstation scan --camera SPEC --live [--frames N]  a readout that follows the table, until Ctrl-C
    mathstation calibrate [IMAGE | --camera SPEC] [--json]
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from station.i18n import _, lazy_gettext, ngettext

EXIT_OK, EXIT_ADVICE, EXIT_USAGE = 0, 1, 2
CAMERA_HELP = "a camera instead of photos: picamera2, usb:0, usb:/dev/video2, folder:DIR, file:IMAGE, virtual (docs/camera.md)"
BLOCK_EVERY = 1.0  # seconds between two readouts on a pipe or in a log
REDRAW_EVERY = 0.1  # seconds between two redraws on a terminal
RETRY_EVERY = 1.0  # seconds between two tries to get a lost camera back


def register(sub: Any) -> None:
    p = sub.add_parser("scan", help="what lies on the table: cards, positions, unknown codes (photos or a camera)",
                       description="Read photos of the table, or a camera: every card (ID, face, position in mm on the "
                                   "mat, angle), QR codes that are not our cards, and warnings about the image.")
    p.add_argument("images", nargs="*", type=Path, metavar="IMAGE", help="photos or frames (PNG, JPEG …)")
    p.add_argument("--camera", metavar="SPEC", help=CAMERA_HELP)
    p.add_argument("--live", action="store_true", help="with --camera: keep reading and show the table as it changes (Ctrl-C stops)")
    p.add_argument("--frames", type=_positive, metavar="N", help="with --live: stop after N frames")
    p.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH", help="camera picture size (default 1920x1080)")
    p.add_argument("--json", action="store_true", help="one JSON object per image (with --live: one per table event)")
    p.add_argument("--decoder", default="auto", choices=["auto", "zxing-cpp", "pyzbar"], help="QR decoder (default: auto)")
    p.set_defaults(run=_scan)

    p = sub.add_parser("calibrate", help="check the mat and the camera before a game: what to change, in plain words",
                       description="Check the mat and the camera on one picture: the mat and its corner squares, the "
                                   "size of the codes, focus, glare, light and framing. Exit 0: ready to play; "
                                   "1: there is advice; 2: bad input.")
    p.add_argument("image", nargs="*", type=Path, metavar="IMAGE",
                   help="a photo from the station's camera (with --lens: several, the board in each)")
    p.add_argument("--camera", metavar="SPEC", help=CAMERA_HELP)
    p.add_argument("--size", type=_size, default=(1920, 1080), metavar="WxH", help="camera picture size (default 1920x1080)")
    p.add_argument("--lens", action="store_true",
                   help="calibrate the lens instead (a wide lens bends the mat's edges): pictures of the printed board "
                        "(mathstation mat print calibration) in several places; the result is kept in the station's "
                        "state folder and used from the station's next start")
    p.add_argument("--views", type=_positive, default=9, metavar="N", help="with --lens --camera: pictures to take (default 9)")
    p.add_argument("--config", type=Path, metavar="FILE",
                   help="with --lens: the station config whose camera and state folder to calibrate for "
                        "(default: the installed one, else the built-in defaults)")
    p.add_argument("--json", action="store_true", help="the measurements and advice as one JSON object")
    p.add_argument("--picture", type=Path, metavar="FILE",
                   help="also save the picture with the report drawn on it (PNG or JPEG): the mat, each corner "
                        "square seen or missing, glare in magenta, where the codes are smallest")
    p.set_defaults(run=_calibrate)


def first_scene() -> Callable[[int], Any]:
    """The ``virtual`` camera's still table: the first game's (``scan`` and ``calibrate`` choose no game)."""
    from station.games import playable, plugin

    return plugin(playable()[0]).demo_scene


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"a whole number of 1 or more, not {text!r}")
    return int(text)


def _size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    if not (width.isdigit() and height.isdigit()) or int(width) < 2 or int(height) < 2:
        raise argparse.ArgumentTypeError(f"a size like 1920x1080, not {text!r}")
    return int(width), int(height)


def _fail(command: str, message: object) -> int:
    print(f"mathstation {command}: {message}", file=sys.stderr)
    return EXIT_USAGE


# --- scan --------------------------------------------------------------------------------------


def _scan(args: argparse.Namespace) -> int:
    from station.vision.decode import DecoderUnavailable, make_decoder

    if args.camera and args.images:
        return _fail("scan", _("give IMAGE... or --camera SPEC, not both"))
    if not args.camera and not args.images:
        return _fail("scan", _("give IMAGE... or --camera SPEC"))
    if args.live and not args.camera:
        return _fail("scan", _("--live needs --camera SPEC"))
    if args.frames and not args.live:
        return _fail("scan", _("--frames needs --live"))
    try:
        decoder = make_decoder(args.decoder)
    except DecoderUnavailable as exc:
        return _fail("scan", exc)
    if args.camera:
        return _scan_camera(args, decoder)
    return _scan_images(args, decoder)


def _scan_images(args: argparse.Namespace, decoder: Any) -> int:
    from station.vision.scan import scan_image

    status = EXIT_OK
    for path in args.images:
        image = _read_image(path)
        if isinstance(image, str):
            print(f"mathstation: {path}: {image}", file=sys.stderr)
            status = EXIT_USAGE
            continue
        result = scan_image(image, decoder)
        if args.json:
            print(json.dumps({"image": str(path), **result.as_json()}, ensure_ascii=False))
        else:
            _print_result(str(path), result)
    return status


def _still(camera: Any, command: str) -> Any:
    """One settled picture, saying first why the wait: a live camera's first frames are skipped
    while its exposure settles (a second or two with nothing on the terminal otherwise)."""
    from station.hardware.camera import settled_frame

    if camera.settle_frames:
        taking = _("taking a picture with {camera} (its first {n} frames are skipped while the exposure settles)…",
                   camera=camera.name, n=camera.settle_frames)
        print(f"mathstation {command}: {taking}", file=sys.stderr, flush=True)
    return settled_frame(camera).image


LENS_PLACES = (lazy_gettext("in the middle of the picture"), lazy_gettext("near the top-left corner"),
               lazy_gettext("near the top-right corner"), lazy_gettext("near the bottom-right corner"),
               lazy_gettext("near the bottom-left corner"), lazy_gettext("along the top edge"),
               lazy_gettext("along the bottom edge"), lazy_gettext("along the left edge"),
               lazy_gettext("along the right edge"))


def _calibrate_lens(args: argparse.Namespace, answers: TextIO | None = None) -> int:
    """Pictures of the printed board (files, or taken with the camera as the board is moved round
    the picture) to the lens's distortion, kept in the station's state folder for its camera."""
    from station.cameras import open_camera
    from station.config import ConfigFileError, load_config
    from station.games import plugins
    from station.hardware.camera import CameraError
    from station.paths import SYSTEM_CONFIG
    from station.vision.images import as_gray
    from station.vision.lens import LENS_NAME, LensError, calibrate_lens, save_lens

    if args.camera and args.image:
        return _fail("calibrate", _("give pictures of the board or --camera SPEC, not both"))
    if not args.camera and not args.image:
        return _fail("calibrate", _("give pictures of the calibration board, or --camera SPEC to take them"))
    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.is_file() else None)
    try:
        config = load_config(path, plugins())
    except ConfigFileError as exc:
        return _fail("calibrate", exc)
    camera_name = args.camera or config["camera"]["source"]
    views = []
    if args.image:
        for image in args.image:
            frame = _read_image(image)
            if isinstance(frame, str):
                return _fail("calibrate", f"{image}: {frame}")
            views.append(as_gray(frame))
    else:
        answers = answers or sys.stdin
        width, height = args.size
        try:
            with open_camera(args.camera, width=width, height=height, scene=first_scene()) as camera:
                for n in range(args.views):
                    place = LENS_PLACES[n % len(LENS_PLACES)]
                    print(_("Picture {n} of {views}: lay the board flat {place}, wholly in view, then press Enter.",
                            n=n + 1, views=args.views, place=place), file=sys.stderr, flush=True)
                    if answers.isatty():
                        answers.readline()
                    views.append(as_gray(_still(camera, "calibrate")))
        except CameraError as exc:
            return _fail("calibrate", exc)
    try:
        lens, used = calibrate_lens(views, camera_name)
    except LensError as exc:
        print(f"mathstation calibrate: {exc}", file=sys.stderr)
        return EXIT_ADVICE
    target = config.state_dir() / LENS_NAME
    try:
        save_lens(target, lens)
    except OSError as exc:
        return _fail("calibrate", _("cannot keep the lens in {path}: {reason}", path=target, reason=exc))
    k1, k2 = lens.distortion[:2]
    print(_("Lens calibrated from {used} of {views} pictures ({size}, k1 {k1}, k2 {k2}, fit within {error} px); kept in "
            "{path} for camera {camera}. The station uses it from its next start (sudo systemctl restart mathstation).",
            used=used, views=len(views), size="{}x{}".format(*lens.size[:2]), k1=format(k1, ".3f"), k2=format(k2, ".3f"),
            error=format(lens.error_px, ".2f"), path=target, camera=camera_name))
    return EXIT_OK


def _read_image(path: Path) -> Any:
    """The image as an array, or why it cannot be read."""
    import cv2

    image = cv2.imread(str(path), cv2.IMREAD_GRAYSCALE) if path.is_file() else None
    if image is None:
        return _("no such file") if not path.exists() else _("not an image OpenCV can read")
    return image


def _scan_camera(args: argparse.Namespace, decoder: Any) -> int:
    from station.cameras import open_camera
    from station.hardware.camera import CameraError
    from station.vision.pipeline import CardPipeline
    from station.vision.scan import scan_image
    from station.vision.track import CardTracker

    width, height = args.size
    try:
        camera = open_camera(args.camera, width=width, height=height, scene=first_scene())
    except CameraError as exc:
        return _fail("scan", exc)
    with camera:
        if args.live:
            run_live(camera, CardPipeline(decoder), CardTracker(), sys.stdout, frames=args.frames, as_json=args.json)
            return EXIT_OK
        try:
            frame = _still(camera, "scan")
        except CameraError as exc:
            return _fail("scan", exc)
    result = scan_image(frame, decoder)
    if args.json:
        print(json.dumps({"camera": camera.name, **result.as_json()}, ensure_ascii=False))
    else:
        _print_result(camera.name, result)
    return EXIT_OK


def _print_result(source: str, result: Any) -> None:
    table = result.table
    from station.table.mat import mat_spec

    if table.mat:
        players = (_("for the whole team") if mat_spec(table.mat.game).max_seats == 1 else
                   ngettext("for {n} player", "for {n} players", table.mat.seats))
        mat = _("{game} mat {players}, {seen} of 4 markers seen", game=table.mat.title, players=players,
                seen=table.markers_seen)
    else:
        mat = _("no mat")
    cards = ngettext("{n} card", "{n} cards", len(result.cards))
    print(f"{source}: {cards}, {mat}")
    unit = table.units
    for card in result.cards:
        zone = table.mat.zone_at(card.x, card.y) if table.mat else None
        where = f"x {card.x:6.1f} {unit}  y {card.y:6.1f} {unit}  {card.angle:5.1f}°"
        print(f"  {card.card_id:<11} {card.face:<18} {where}  {zone.name if zone else ''}".rstrip())
    for code in result.foreign:
        print("  " + _("unknown QR code {text}: {reason}", text=repr(code.text), reason=code.reason))
    for warning in result.warnings:
        print("  " + _("warning: {warning}", warning=warning))
    if not result.cards and not result.foreign:
        calibrate = f"mathstation calibrate {source}" if Path(source).exists() else "mathstation calibrate --camera SPEC"
        print("  " + _("no card code could be read: `{command}` checks the code size, focus and glare, and says what to "
                       "change", command=calibrate))


# --- scan --live -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LiveSummary:
    frames: int
    seconds: float
    vision_seconds: float  # spent in the pipeline and the tracker, the rest is the camera
    cards: int  # on the table at the end

    def line(self) -> str:
        fps = self.frames / self.seconds if self.seconds > 0 else 0.0
        ms = 1000 * self.vision_seconds / self.frames if self.frames else 0.0
        return (f"Stopped after {self.frames} frame{'s' if self.frames != 1 else ''} in {self.seconds:.1f} s "
                f"({fps:.1f} frames/s, {ms:.0f} ms per frame for vision): "
                f"{self.cards} card{'s' if self.cards != 1 else ''} on the table.")


def run_live(camera: Any, pipeline: Any, tracker: Any, out: TextIO, *, frames: int | None = None, as_json: bool = False,
             clock: Callable[[], float] = time.perf_counter, sleep: Callable[[float], None] = time.sleep) -> LiveSummary:
    """Read ``camera`` as fast as it gives frames, through ``pipeline`` (a ``CardPipeline``) and
    ``tracker`` (a ``CardTracker``), and keep ``out`` up to date: a readout and the table events.
    Stops after ``frames`` frames, or cleanly on Ctrl-C; a lost camera is retried every second."""
    from station.hardware.camera import CameraLost

    view = _LiveView(out, camera.name, as_json, clock)
    start = clock()
    count, vision = 0, 0.0
    try:
        while frames is None or count < frames:
            try:
                frame = camera.read()
            except CameraLost as exc:
                view.note(f"camera lost, retrying… ({exc})")
                _get_back(camera, sleep)
                view.note("camera back")
                continue
            began = clock()
            observation = pipeline.observe(frame)
            events = tracker.update(observation, began - start)
            spent = clock() - began
            count, vision = count + 1, vision + spent
            view.frame(frame.image.shape, observation, tracker, events, spent)
    except KeyboardInterrupt:
        pass
    summary = LiveSummary(count, clock() - start, vision, len(tracker.cards))
    view.finish(summary)
    return summary


def _get_back(camera: Any, sleep: Callable[[float], None]) -> None:
    from station.hardware.camera import CameraUnavailable

    while True:
        sleep(RETRY_EVERY)
        try:
            camera.reopen()
            return
        except CameraUnavailable:
            continue


class _LiveView:
    """The readout of a live scan: redrawn in place on a terminal (ANSI), a block about every
    second on a pipe or in a log; table events as lines as they happen; JSON lines with --json."""

    def __init__(self, out: TextIO, name: str, as_json: bool, clock: Callable[[], float]) -> None:
        self.out, self.name, self.as_json, self.clock = out, name, as_json, clock
        self.terminal = out.isatty() and not as_json
        self.recent: deque[tuple[float, float]] = deque(maxlen=30)  # (when, vision seconds)
        self.faces: dict[str, str] = {}
        self.block: list[str] = []
        self.drawn = 0  # lines of the readout now on the terminal
        self.shown_at = -float("inf")

    def note(self, text: str) -> None:
        if self.as_json:
            print(f"mathstation scan: {text}", file=sys.stderr)
        else:
            self._lines([text])

    def frame(self, shape: tuple[int, ...], observation: Any, tracker: Any, events: list[dict[str, Any]], spent: float) -> None:
        now = self.clock()
        self.recent.append((now, spent))
        self.faces.update((card.card_id, card.face) for card in observation.cards)
        if self.as_json:
            for event in events:
                self.out.write(json.dumps(event, ensure_ascii=False) + "\n")
            self.out.flush()
            return
        mat = observation.table.mat
        self.block = self._readout(shape, observation, tracker)
        lines = [_describe(event, mat, self.faces) for event in events]
        every = REDRAW_EVERY if self.terminal else BLOCK_EVERY
        if lines or now - self.shown_at >= every:
            self._lines(lines, with_block=self.terminal or now - self.shown_at >= every)

    def finish(self, summary: LiveSummary) -> None:
        if self.as_json:
            self.out.write(json.dumps({"type": "summary", "frames": summary.frames, "seconds": round(summary.seconds, 2),
                                       "cards": summary.cards}) + "\n")
        else:
            if not self.terminal and self.block:
                self._lines([], with_block=True)
            self.drawn = 0  # the last readout stays on the screen
            self.out.write(summary.line() + "\n")
        self.out.flush()

    def _lines(self, lines: list[str], with_block: bool = False) -> None:
        """Print lines; on a terminal above the readout, which is then drawn again."""
        text = []
        if self.terminal and self.drawn:
            text.append(f"\x1b[{self.drawn}F\x1b[J")  # back to the readout's first line, clear below
        text.extend(line + "\n" for line in lines)
        self.drawn = 0
        if with_block or self.terminal:
            block = self.block
            if self.terminal:
                width = max(20, shutil.get_terminal_size().columns - 1)
                block = [line[:width] for line in block]  # a wrapped line would break the redraw
            text.extend(line + "\n" for line in block)
            self.drawn = len(block) if self.terminal else 0
            self.shown_at = self.clock()
        self.out.write("".join(text))
        self.out.flush()

    def _readout(self, shape: tuple[int, ...], observation: Any, tracker: Any) -> list[str]:
        from station.table.mat import players_text

        table = observation.table
        speed = ""
        if len(self.recent) > 1:
            span = self.recent[-1][0] - self.recent[0][0]
            fps = (len(self.recent) - 1) / span if span > 0 else 0.0
            ms = 1000 * sum(s for _, s in self.recent) / len(self.recent)
            speed = f" · {fps:.1f} frames/s · {ms:.0f} ms per frame (vision)"
        lines = [f"camera {self.name} · {shape[1]}x{shape[0]}{speed}"]
        if table.mat is not None:
            lines.append(f"mat: {table.mat.title} {players_text(table.mat)}, {table.markers_seen} of 4 markers seen")
        else:
            lines.append("mat: not found (positions in pixels)")
        cards = sorted(tracker.cards.values(), key=lambda c: (c.y, c.x))
        lines.append(f"{len(cards)} card{'s' if len(cards) != 1 else ''} on the table" + (":" if cards else ""))
        for card in cards:
            zone = _zone_words(table.mat, card.x, card.y) if table.units == "mm" else ""
            where = zone or f"x {card.x:.0f} y {card.y:.0f} {table.units}"
            face = self.faces.get(card.card_id, "")
            lines.append(f"  {card.card_id:<9} {face:<16} {where:<22} {card.angle:4.0f}°  {_state(card)}")
        for code in observation.foreign:
            lines.append(f"unknown QR code {code.text!r}: {code.reason}")
        lines.extend(f"warning: {warning}" for warning in observation.warnings)
        return lines


def _state(card: Any) -> str:
    if card.covered:
        return f"covered by {card.under}" if card.under else "covered"
    return "not seen" if card.missing_frames else "seen"


def _zone_words(mat: Any, x: float, y: float) -> str:
    from station.table.mat import seat_label

    zone = mat.zone_at(x, y) if mat is not None else None
    return f"{seat_label(mat.game, zone.seat)} {zone.label}" if zone is not None else ""


def _describe(event: dict[str, Any], mat: Any, faces: dict[str, str]) -> str:
    """One table event in words, e.g. ``  3.2 s  placed MW-A-N37 (COUNT META 37) on PLAYER 1 COUNT META``."""
    kind, card = event["type"], event.get("card", "")

    def at() -> str:
        zone = _zone_words(mat, event["x"], event["y"])
        return f"on {zone}" if zone else f"at x {event['x']} y {event['y']}"

    if kind == "placed":
        text = f"placed {card} ({faces.get(card, '?')}) {at()}"
    elif kind == "moved":
        text = f"moved {card} {at()}"
    elif kind == "covered":
        text = f"covered {card}" + (f" by {event['by']}" if "by" in event else "")
    elif kind == "stacked":
        text = f"stacked {card} on {event['on']}"
    elif kind == "duplicate":
        text = f"duplicate {card}: the same card is on the table twice"
    elif kind == "unknown_code":
        text = f"unknown QR code {event['text']!r}: {event['reason']}"
    elif kind == "warning":
        text = f"warning: {event['text']}"
    else:
        text = f"{kind} {card}".rstrip()
    return f"{event['t']:6.1f} s  {text}"


# --- calibrate ---------------------------------------------------------------------------------


def _calibrate(args: argparse.Namespace) -> int:
    from station.cameras import open_camera
    from station.hardware.camera import CameraError
    from station.vision.calibrate import calibrate

    if args.lens:
        return _calibrate_lens(args)
    if args.camera and args.image:
        return _fail("calibrate", _("give IMAGE or --camera SPEC, not both"))
    if not args.camera and not args.image:
        return _fail("calibrate", _("give IMAGE or --camera SPEC"))
    if len(args.image) > 1:
        return _fail("calibrate", _("give one IMAGE (several are for --lens)"))
    if args.image:
        frame = _read_image(args.image[0])
        if isinstance(frame, str):
            return _fail("calibrate", f"{args.image[0]}: {frame}")
    else:
        width, height = args.size
        try:
            with open_camera(args.camera, width=width, height=height, scene=first_scene()) as camera:
                frame = _still(camera, "calibrate")
        except CameraError as exc:
            return _fail("calibrate", exc)
    measuring = _("measuring the mat, focus, glare and light…")
    print(f"mathstation calibrate: {measuring}", file=sys.stderr, flush=True)
    result = calibrate(frame)
    if args.picture is not None:
        from station.pictures import calibration_picture

        try:
            calibration_picture(frame, result).save(args.picture)
        except (OSError, ValueError) as exc:
            return _fail("calibrate", _("cannot save the picture to {path}: {reason}", path=args.picture, reason=exc))
    if args.json:
        print(json.dumps(result.as_json(), ensure_ascii=False))
    else:
        print("\n".join(result.report()))
    return EXIT_OK if result.ready else EXIT_ADVICE
