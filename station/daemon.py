"""``mathstation run``: the daemon that referees at the table, started on boot by systemd.

It reads and checks the config (a bad one is shown on the OLED and in the log, and the process
exits 78 so systemd does not restart it in a loop), opens each device the config names — a
missing one is said on the OLED and in the log, never replaced by a mock — resumes the
journal's game, then ticks: buttons, a frame through vision, the referee, the screen; telling
systemd it is ready, pinging its watchdog, and stopping cleanly on SIGTERM.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from station.config import ConfigFileError, ConfigWarning, StationConfig, load_config
from station.games import plugin, plugins
from station.i18n import _, ngettext, set_language
from station.paths import SYSTEM_CONFIG
from station.systemd_notify import Notifier

log = logging.getLogger("station.daemon")

EXIT_OK, EXIT_FAILED, EXIT_CONFIG = 0, 1, 78  # 78 = EX_CONFIG: the unit's RestartPreventExitStatus
MAX_FAILED_TICKS = 50  # a few seconds of failing ticks: restart (the journal resumes the game)


def register(sub: Any) -> None:
    p = sub.add_parser("run", help="the station daemon: referee games at the table (systemd starts it on boot)",
                       description="Run the station: camera, vision, referee, OLED, buttons, journal. "
                                   "Stops cleanly on SIGTERM or Ctrl-C.")
    p.add_argument("--config", type=Path, default=None,
                   help=f"the station config (default: {SYSTEM_CONFIG} if it exists, else the built-in defaults); "
                        "on a laptop try firmware_config/laptop.toml")
    p.add_argument("--max-seconds", type=float, default=None, help=argparse.SUPPRESS)  # tests: stop after this long
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    path = args.config or (SYSTEM_CONFIG if SYSTEM_CONFIG.exists() else None)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stderr)
    notifier = Notifier()
    try:
        config = load_config(path, plugins())
    except ConfigFileError as exc:   # said once, on stderr (the journal under systemd): nothing else
        _show_config_error(path, exc)
        notifier.status(f"config error: {exc}")
        print(f"mathstation run: {exc}", file=sys.stderr)
        return EXIT_CONFIG
    logging.getLogger().setLevel(config["station"]["log_level"].upper())
    set_language(config["station"]["language"])
    log.info("%s", running_on(path, config))
    for warning in config.warnings:
        log.warning("%s", warning)
    return Daemon(config, notifier).serve(args.max_seconds)


def running_on(path: Path | None, config: StationConfig) -> str:
    """What this run is using, said first: without a config on a laptop the defaults ask for a
    Pi's camera, OLED and GPIO, and the errors that follow make sense only knowing that."""
    parts = (f"camera {config['camera']['source']}, display {config['display']['backend']}, "
             f"buttons {config['buttons']['backend']}, buzzer and LED {config['signals']['backend']}, "
             f"sound {config['sound']['backend']}")
    if config["virtual_table"]["enabled"]:   # the table played in a browser is the camera, its buttons the station's
        parts = (f"camera and buttons: the virtual table in the browser, display {config['display']['backend']}, "
                 f"buzzer and LED {config['signals']['backend']}, sound {config['sound']['backend']}")
    if path is not None:
        return f"running with {path}: {parts}"
    return (f"running with the built-in defaults ({SYSTEM_CONFIG} does not exist): {parts}, as on a Raspberry Pi; "
            "on a laptop try --config firmware_config/laptop.toml")


class Daemon:
    def __init__(self, config: StationConfig, notifier: Notifier, clock: Callable[[], float] = time.monotonic,
                 address: Callable[[], Any] | None = None) -> None:
        self.config, self.notifier, self.clock = config, notifier, clock
        self.address = address  # the OLED's "Station address" screen (tests give a made-up network)
        self.stopping = False
        self.roster: Any = None  # the class list (station.roster.Roster), once opened
        self.board: Any = None   # the teacher's page's view of the game (station.web.board.Board), when on
        self.referee: Any = None
        self.page: Any = None    # where the teacher's page listens (station.network.Page), once it does
        self.live: Any = None    # the virtual table played in the browser (station.sim.live_table), when on
        self.live_buttons: Any = None
        self.member: Any = None  # this station in its class (station.classroom.member.Member), with [classroom]
        self._class_status = ""  # the class's state last told systemd ("Class online")

    def serve(self, max_seconds: float | None = None) -> int:
        from station.paths import journal_path
        from station.store import Journal, JournalError
        from station.vision.decode import DecoderUnavailable, make_decoder

        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._stop)
        try:  # before any device is opened: nothing to clean up if these fail
            decoder = make_decoder(self.config["vision"]["decoder"])
            journal = Journal(journal_path(self.config.state_dir()))
        except (DecoderUnavailable, JournalError) as exc:
            log.error("%s", exc)
            self.notifier.status(f"cannot start: {exc}")
            return EXIT_FAILED
        station = self._build(journal, decoder)
        web = self._web(station, journal)
        member = self._classroom(station, journal)
        period = 1.0 / float(self.config["camera"]["fps"])
        ping_every = self.notifier.watchdog_interval()
        try:
            started = last_ping = self.clock()
            if not station.resume(started):
                station.referee.controller.show_address()  # no game to go back to: say where the station is
            self.notifier.ready("refereeing")
            log.info("station ready (journal %s)", journal.path)
            failures = 0
            while not self.stopping:
                now = self.clock()
                try:
                    if self.live is not None:
                        self._start_watched(station.referee, now)
                    station.tick(now)
                    failures = 0
                except Exception:  # one bad tick must not end a game; many in a row end the process
                    failures += 1
                    log.exception("tick failed (%d in a row)", failures)
                    if failures >= MAX_FAILED_TICKS:
                        log.error("giving up after %d failed ticks: systemd will restart the station", failures)
                        return EXIT_FAILED
                if member is not None:
                    self._class_tick(member, station, now)
                if ping_every is not None and now - last_ping >= ping_every:
                    self.notifier.watchdog()
                    last_ping = now
                if max_seconds is not None and now - started >= max_seconds:
                    break
                time.sleep(max(0.0, period - (self.clock() - now)))
        finally:
            self.notifier.stopping()
            log.info("stopping%s", " (signal)" if self.stopping else "")
            if web is not None:
                _quietly(web.stop)
            for device in (station.camera, station.buttons, station.signals, station.voice):
                if device is not None:
                    _quietly(device.close)
            _quietly(station.display.close)
            if member is not None:
                _quietly(member.stop)
            if self.roster is not None:
                _quietly(self.roster.close)
            journal.close()
        return EXIT_OK

    def _stop(self, signum: int, _frame: Any) -> None:
        self.stopping = True  # only a flag: logging from a signal handler can deadlock on the log's lock

    def _build(self, journal: Any, decoder: Any) -> Any:
        from station.hardware.buttons import ButtonsError, open_buttons
        from station.cameras import open_camera
        from station.hardware.camera import CameraError
        from station.hardware.display import DisplayError, open_display
        from station.hardware.audio import AudioError
        from station.hardware.signals import SignalsError, open_signals
        from station.mainloop import Station
        from station.speech.voice import SPEECH_CACHE, open_voice
        from station.speaker_memory import SpeakerMemory
        from station.network import station_address_view
        from station.referee import Referee
        from station.table.adapter import Note

        cfg = self.config
        problems = [config_note(cfg.warnings)] if cfg.warnings else []
        d = cfg["display"]
        try:
            display = open_display(d["backend"], i2c_port=d["i2c_port"], i2c_address=d["i2c_address"],
                                   rotate=d["rotate"], contrast=d["contrast"], record=d["record"] or None)
        except DisplayError as exc:
            log.error("display: %s (the station carries on without it)", exc)
            display = open_display("none")
        c = cfg["camera"]
        camera = None
        live = self._live_table()
        try:
            if live is not None:
                from station.sim.live_table import LiveCamera

                camera = LiveCamera(live, clock=self.clock)
            else:
                camera = open_camera(c["source"], width=c["width"], height=c["height"], fps=c["fps"], clock=self.clock,
                                     scene=plugin(cfg["station"]["game"]).demo_scene)
        except CameraError as exc:
            log.error("camera: %s (tried again every %s s)", exc, c["retry_every"])
        b = cfg["buttons"]
        try:
            pins = {name: pin for name, pin in cfg["buttons.pins"].items() if pin != ""}
            if live is not None:   # the page's four buttons
                buttons = self.live_buttons
            else:
                buttons = open_buttons(b["backend"], pins=pins, bounce_time=b["bounce_time"], hold_time=b["hold_time"],
                                       pin_factory=b["pin_factory"] or None)
        except ButtonsError as exc:
            log.error("buttons: %s", exc)
            problems.append(Note("buttons", _("No buttons"), str(exc)[:40]))
            buttons = open_buttons("none")
        s = cfg["signals"]
        try:
            signals = open_signals(s["backend"], buzzer_pin=s["buzzer_pin"] or None, led_pin=s["led_pin"] or None,
                                   buzzer=s["buzzer"], pin_factory=b["pin_factory"] or None)
        except SignalsError as exc:
            log.error("buzzer/LED: %s (the station carries on silent)", exc)
            signals = open_signals("none")
        voice = None
        try:
            voice = open_voice(cfg["sound"], cfg.state_dir() / SPEECH_CACHE)
        except AudioError as exc:
            log.error("sound: %s (the station carries on with its buzzer)", exc)
            problems.append(Note("sound", _("No sound"), str(exc)[:40]))
        referee = Referee(cfg, journal, games=plugins(), log_event=self._log_record, roster=self._roster_names(journal),
                          address=self.address or (lambda: station_address_view(self.page)))
        speaker_memory = None
        if voice is not None and cfg["sound"]["backend"] != "none":  # setup offers Sound and Volume rows
            speaker_memory = SpeakerMemory(cfg)  # as setup last left them, before this start
            referee.controller.speaker = speaker_memory.recall()
        for note in problems:
            referee.controller.show_note(note)
        return Station.from_config(cfg, referee, camera, display, buttons, signals, decoder, clock=self.clock,
                                   voice=voice, speaker_memory=speaker_memory)


    def _live_table(self) -> Any:
        """The virtual table played by hand in the browser, when the config asks for it
        (``[virtual_table] enabled``): the camera renders it and the page's buttons are the
        station's. It starts with the menu's first game's mat; each game lays its own."""
        v = self.config["virtual_table"]
        if not v["enabled"]:
            return None
        from station.hardware.buttons import ScriptedButtons
        from station.sim.live_table import LiveTable
        from station.table.mat import mat_layout

        c = self.config["camera"]
        self.live_buttons = ScriptedButtons()
        self.live = LiveTable(mat_layout(self.config["station"]["game"]), width=c["width"], height=c["height"],
                              press=self.live_buttons.press, clock=self.clock, blur_px=v["blur_px"], noise=v["noise"],
                              mat_for=lambda config: plugin(config["game"]).mat(config))
        return self.live

    def _start_watched(self, referee: Any, now: float) -> None:
        """The game of a scenario loaded on the virtual table's page to watch: started here, by the
        loop that owns the referee (the page never touches it); a game in progress ends first."""
        for config, reveal in self.live.take_starts():
            if referee.game is not None:
                referee.end()
            referee.start(config, now, reveal)

    def _log_record(self, record: dict[str, Any]) -> None:
        log.info("%s", record_sentence(record))
        if self.board is not None and self.referee is not None:
            self.board.record(record, self.referee.game)
        if self.live is not None and record.get("type") == "game_started" and self.referee is not None:
            config = record["config"]   # the game's own mat on the table, and its moves kept from here
            self.live.lay_mat(plugin(config["game"]).mat(config))
            self.live.record(config, self.referee.controller.reveal, float(self.config["camera"]["fps"]))

    def _web(self, station: Any, journal: Any) -> Any:
        """The teacher's page, when the config turns it on: a Board the loop publishes to, and the
        server in its own thread. A page that cannot start is logged; the station referees on."""
        web = self.config["web"]
        if not web["enabled"] and self.live is None:
            return None   # no socket is opened (the virtual table is played on the page: it opens one)
        if self.roster is None:
            log.error("teacher's page: not started, the class list cannot be opened")
            return None
        from station.table.adapter import Note
        from station.ui.views import VerdictView
        from station.web.board import Board
        from station.web.server import PageNotStarted, WebServer

        board = Board()
        try:
            server = WebServer(bind=web["bind"], port=web["port"], state_dir=journal.path.parent, roster=self.roster,
                               journal_file=journal.path, config_path=self.config.path if self.config.path and
                               self.config.path.is_file() else None, board=board,
                               games=plugins(), live_table=self.live)
        except PageNotStarted as exc:
            log.error("teacher's page: not started: %s; the station referees on without it", exc)
            why = VerdictView("info", _("No teacher page"), exc.short)
            station.referee.controller.show_note(Note("web", why.title, why.detail))
            station.referee.controller.teacher_page = lambda: why   # the menu's item says why, after the note
            return None
        except OSError as exc:
            log.error("teacher's page: not started (%s); the station referees on without it", exc.strerror or exc)
            return None
        self.board = station.board = board
        self.referee = station.referee
        from station.network import Page, read_addresses, teacher_page_view

        self.page = page = Page(server.bind, server.port)
        station.referee.controller.teacher_page = lambda: teacher_page_view(read_addresses(), page, server.pin)
        server.start()
        if self.live is not None:   # said on stdout, where the person who typed the command looks
            logging.getLogger("werkzeug").setLevel(logging.WARNING)   # each browser asks 3 times a second
            print(f"Virtual table: open http://{server.address()}:{server.port}/table in a browser "
                  f"(PIN {server.pin}); stop with Ctrl+C", flush=True)
        return server

    def _classroom(self, station: Any, journal: Any) -> Any:
        """This station in its class, when the config has a broker: the link runs in its own
        thread, and a broker that is away (or refuses it) never stops the station."""
        settings = self.config.classroom()
        if settings is None:
            return None   # alone, as ever: no thread, no socket
        from station.classroom.link import Link
        from station.classroom.member import CLASS_ROSTER_NAME, ClassRoster, Member
        from station.ui.views import VerdictView
        from station.web.board import Board

        try:
            link = Link(host=settings.host, port=settings.port, class_name=settings.class_name,
                        station=settings.station, username=settings.username, password=settings.password,
                        tls=settings.tls, ca_file=settings.ca_file)
            member = Member(link, journal, title=settings.title, local_roster=self.roster,
                            roster=ClassRoster(journal.path.with_name(CLASS_ROSTER_NAME)))
            member.start()
        except Exception as exc:  # noqa: BLE001 - the class is extra: the station referees without it
            log.error("class %s: not joined (%s); the station referees alone", settings.class_name, exc)
            return None
        log.info("class %s: station %s, broker %s:%s", settings.class_name, settings.station, settings.host,
                 settings.port)
        if station.board is None:   # the live state is read from what the teacher's page would show
            self.board = station.board = Board()
            self.referee = station.referee
        self.member = member
        station.referee.controller.classroom = lambda: (member.status_words(), VerdictView(
            "info", member.status_words(), _("{class_name} on {host}", class_name=settings.class_name,
                                                host=settings.host)[:40]))
        return member

    def _class_tick(self, member: Any, station: Any, now: float) -> None:
        """The class's part of a tick: its failures are logged, and never count as the station's."""
        try:
            member.tick(station.referee, station.board.live(), now)
        except Exception:  # noqa: BLE001 - a class message or a record that cannot be sent must not end a game
            log.exception("class: tick failed")
        if member.status != self._class_status:
            self._class_status = member.status
            self.notifier.status(f"refereeing; {member.status}")

    def _roster_names(self, journal: Any) -> Callable[[], list[str]]:
        """The class list beside the journal, read each time setup opens; a list that cannot be
        read leaves setup with the config's names (and says so in the log), never stops a game."""
        from station.roster import ROSTER_NAME, Roster, RosterError

        try:
            self.roster = Roster(journal.path.with_name(ROSTER_NAME))
        except RosterError as exc:
            log.error("class list: %s (setup uses the config's names)", exc)
            return lambda: []
        if self.roster.recovered:
            log.warning("%s", self.roster.recovered)
        roster = self.roster

        def names() -> list[str]:
            if self.member is not None:   # in a class: the class list, as the teacher last published it
                kept = self.member.names()
                if kept is not None:
                    return kept
            try:
                return roster.names()
            except RosterError as exc:
                log.error("class list: %s (setup uses the config's names)", exc)
                return []
        return names


def config_note(warnings: Sequence[ConfigWarning]) -> Any:
    """One OLED note for the config's names set aside: the first in a few words, the rest in the
    log (notes queue a few seconds each, and a teacher fixes them at the file, not the screen)."""
    from station.table.adapter import Note

    if len(warnings) == 1:
        return Note("config", _("Name not used"), warnings[0].short)
    return Note("config", ngettext("{n} name not used", "{n} names not used", len(warnings)),
                _("{warning}; see the log", warning=warnings[0].short))


def record_sentence(record: dict[str, Any]) -> str:
    """A station record as the log's reader wants it: a sentence, not a Python dict."""
    kind = record.get("type")
    at = f" at {record['t']:.1f} s" if isinstance(record.get("t"), (int, float)) else ""
    if kind == "game_started":
        config = record.get("config", {})
        players = config.get("players") or [p for team in config.get("teams", {}).values() for p in team]
        who = f" for {', '.join(map(str, players))}" if players else ""
        return f"game {record.get('game_id')} started: {config.get('game', '?')}{who}"
    if kind == "game_ended":
        return f"game {record.get('game_id')} ended"
    if kind == "resumed":
        return f"game {record.get('game_id')} resumed after {record.get('actions')} actions"
    if kind == "camera_lost":
        return f"camera lost{at}: {record.get('reason', 'no reason given')}"
    if kind == "camera_back":
        return f"camera back{at}"
    if kind == "note":
        card = f" (card {record['card']})" if record.get("card") else ""
        return f"table note{at}: {record.get('title')}: {record.get('detail')}{card}"
    rest = ", ".join(f"{key} {value}" for key, value in record.items() if key not in ("type", "t"))
    return f"{kind or 'record'}{at}: {rest}" if rest else f"{kind or 'record'}{at}"


def _quietly(close: Callable[[], None]) -> None:
    try:
        close()
    except Exception as exc:  # noqa: BLE001 - shutting down: log, never mask the exit
        log.warning("while closing: %s", exc)


def _show_config_error(path: Path | None, error: ConfigFileError) -> None:
    """Put the config error on the OLED and leave it there after exit (best effort: the display
    settings may be the very thing that is wrong, so fall back to the defaults for them)."""
    from station.config import STATION_SCHEMA, tomllib
    from station.hardware.display import DisplayError, open_display
    from station.ui.screens import render
    from station.ui.views import FaultView

    settings = {name: key.default for name, key in STATION_SCHEMA["display"].items()}
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8")) if path else {}
        for name, value in raw.get("display", {}).items():
            if name in settings and STATION_SCHEMA["display"][name].check(value) is None:
                settings[name] = value
    except Exception as exc:  # noqa: BLE001 - the file is broken: that is why we are here
        log.debug("display settings unreadable (%s): using the defaults", exc)
    if settings["backend"] == "none":
        return
    try:
        display = open_display(settings["backend"], i2c_port=settings["i2c_port"], i2c_address=settings["i2c_address"],
                               rotate=settings["rotate"], record=settings["record"] or None)
        display.show(render(FaultView(_("Config error"), error.short, _("Fix it, then restart"))))
        display.close(keep_image=True)
    except DisplayError as exc:   # no OLED to say it on: stderr says it, and nothing unrelated beside it
        log.debug("display: %s", exc)
