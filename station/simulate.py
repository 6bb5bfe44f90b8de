"""Runs a scenario (``station.sim.scenario``) through the *whole* station on rendered frames: the
virtual table renders every frame and feeds it to the same ``Station`` the daemon runs, with the
real config, referee, journal and screens. It wires those parts, so it sits above them (and above
the games, whose plug-ins it hands down); the scenario files' format stays in ``station.sim``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from station.games import plugin, plugins
from station.sim.scenario import Scenario, ScenarioError, ScenarioFailed, Step, _describe_view, _matches, default_table_mm, screen_shows


@dataclass
class _Table:
    """What lies on the virtual table now, by card (or sticker) name, in drawing order."""

    cards: dict[str, Any] = field(default_factory=dict)
    hands: tuple[Any, ...] = ()


class ScenarioRun:
    """Plays one scenario; ``records`` collects everything the station said (JSON-ready)."""

    def __init__(self, scenario: Scenario, state_dir: Path, *, display: str = "dummy", record: str | None = None,
                 emit: Callable[[dict[str, Any]], None] | None = None, stream: Any = None,
                 between_frames: Callable[[], None] | None = None, table_events: bool = False,
                 board: Any = None, sounds: Path | None = None) -> None:
        from station.config import load_config
        from station.sim.virtual_table import CameraModel

        self.scenario = scenario
        self.state_dir = state_dir
        self.records: list[dict[str, Any]] = []
        self._emit = emit or (lambda record: None)
        self._between_frames = between_frames or (lambda: None)
        overrides: dict[str, dict[str, Any]] = {k: dict(v) for k, v in scenario.station.items()}
        overrides.setdefault("station", {})["state_dir"] = str(state_dir)
        self.config = load_config(None, plugins()).with_overrides(overrides)
        self.mat = self._mat()
        cam = scenario.camera
        self.camera_model = CameraModel.seeing(float(cam.get("table_mm", default_table_mm(self.mat))),
                                               int(cam.get("width", 1280)), int(cam.get("height", 720)),
                                               mat=self.mat)
        self.display_backend, self.record, self.stream = display, record, stream
        self.table_events = table_events
        self.sounds = sounds  # a folder for every sound and spoken line (WAV files, sounds.jsonl), or None
        self.board = board   # the teacher's page's Board (station.web.board), fed as the daemon feeds it
        self.table = _Table()
        self.now = 0.0
        self._since_expect = 0
        self._build(first=True)

    def _mat(self) -> Any:
        """The mat the scenario names, else the one its game is played on, else the default
        game's (a scenario that only resumes a journal's game)."""
        from station.table.mat import MatError, mat_layout

        try:
            if self.scenario.mat or self.scenario.game is None:
                game = self.scenario.mat.get("game", self.config["station"]["game"])
                return mat_layout(game, self.scenario.mat.get("seats"))
            return plugin(str(self.scenario.game.get("game"))).mat(self.scenario.game)
        except (MatError, ValueError) as exc:
            raise ScenarioError(f"no mat for this scenario: {exc}") from None

    # ---- the station under test ------------------------------------------------------------

    def _build(self, *, first: bool) -> None:
        from station.hardware.buttons import ScriptedButtons
        from station.hardware.display import open_display
        from station.hardware.signals import open_signals
        from station.mainloop import Station
        from station.paths import journal_path
        from station.referee import Referee
        from station.sim.virtual_camera import VirtualCamera
        from station.speech.voice import SPEECH_CACHE, open_voice
        from station.store import Journal
        from station.ui.setup import Speaker
        from station.vision.decode import make_decoder

        journal = Journal(journal_path(self.state_dir))
        seed = self.scenario.seed
        referee = Referee(self.config, journal, games=plugins(), seed=lambda: seed, log_event=self._record)
        self._referee = referee   # the game the records describe, also while a restart rebuilds the station
        if self.config["sound"]["backend"] != "none":  # a speaker in the config: setup's Sound and Volume rows
            referee.controller.speaker = Speaker.of(self.config["sound"])
        camera = VirtualCamera(self._scene, width=self.camera_model.width_px, height=self.camera_model.height_px,
                               camera=self.camera_model, clock=lambda: self.now)
        if first:
            # the display's clock is the scenario's: a recording keeps the game's own pace, however
            # fast the frames are rendered
            self.display = open_display(self.display_backend, record=self.record, stream=self.stream,
                                        clock=lambda: self.now)
            # the speaker outlives a restart, as the OLED does: what it said before is in its index
            self.voice = open_voice(self.config["sound"], self.state_dir / SPEECH_CACHE, folder=self.sounds,
                                    clock=lambda: self.now)
        self.buttons = ScriptedButtons()
        self.signals = open_signals("none")
        self.station = Station.from_config(self.config, referee, camera, self.display, self.buttons, self.signals,
                                           make_decoder(self.config["vision"]["decoder"]),
                                           table_log=self._table_log if self.table_events else None,
                                           clock=lambda: self.now, voice=self.voice)
        self.station.board = self.board
        resumed = self.station.resume(self.now)
        if first and self.scenario.game is not None and not resumed:
            game = str(self.scenario.game.get("game"))
            reveal = self.scenario.reveal or (self.config[game].get("reveal", "press") if game in self.config else "press")
            referee.start({**self.scenario.game, "seed": self.scenario.game.get("seed", seed)}, self.now, reveal)

    def _table_log(self, events: list[dict[str, Any]]) -> None:
        for event in events:
            self._record({**event, "type": f"table.{event['type']}"})

    def _record(self, record: dict[str, Any]) -> None:
        self.records.append(record)
        if self.board is not None:
            self.board.record(record, self._referee.game)
        self._emit(record)

    def _scene(self) -> Any:
        from station.sim.virtual_table import Scene

        cam = self.scenario.camera
        return Scene(self.mat, tuple(self.table.cards.values()), hands=self.table.hands,
                     blur_px=float(cam.get("blur_px", 0.0)), noise=float(cam.get("noise", 0.0)), seed=self.scenario.seed)

    def frames(self, seconds: float) -> None:
        """Let time pass at the scenario's frame rate, every frame through the whole station."""
        count = max(1, round(seconds * self.scenario.fps))
        for _ in range(count):
            self.now = round(self.now + 1 / self.scenario.fps, 6)
            self.station.tick(self.now)
            self._between_frames()

    # ---- steps -----------------------------------------------------------------------------

    def run(self) -> list[dict[str, Any]]:
        self.station.refresh(self.now)
        for step in self.scenario.steps:
            self.step(step)
        return self.records

    def step(self, step: Step) -> None:
        """Play one step: its change to the table, then its frames (``run`` plays them all)."""
        getattr(self, f"_{step.kind}")(step)

    def lay(self, step: Step) -> None:
        """Only what ``step`` leaves on the table (a card put down or taken away, the camera
        unplugged, what the players did during a restart step), with no frame: the table as it
        lies when a station starts in front of it after a ``kill -9`` mid-script (scripts/kill9.py)."""
        if step.kind == "place":
            self._put(step)
        elif step.kind == "remove":
            self._take(step)
        elif step.kind == "camera":
            self._plug(step)
        elif step.kind == "restart":
            self._while_down(step)

    def settle(self, limit: float = 60.0) -> None:
        """Let time pass until the screens queued by the last events have all been shown (the
        game's last screen stays), ``limit`` seconds at most: the demo ends on the game's end."""
        waited = 0.0
        while self.station.referee.controller.busy and waited < limit:
            self.frames(0.5)
            waited += 0.5

    def close(self) -> None:
        self.station.referee.journal.close()
        self.display.close()
        self.voice.close()

    def _place(self, step: Step) -> None:
        self._put(step)
        self.frames(float(step.options.get("settle", 1.0)))

    def _put(self, step: Step) -> None:
        from station.sim.virtual_table import PlacedCard

        x, y = self._where(step)
        dx, dy = step.options.get("offset", (0.0, 0.0))
        card = PlacedCard(step.value, x + dx, y + dy, float(step.options.get("angle", self._facing(step))),
                          bool(step.options.get("face_up", True)), step.options.get("text"))
        self.table.cards.pop(step.value, None)
        self.table.cards[step.value] = card

    def _where(self, step: Step) -> tuple[float, float]:
        if "at" in step.options:
            x, y = step.options["at"]
            return float(x), float(y)
        zone = step.options.get("zone")
        for candidate in self.mat.zones:
            if candidate.name == zone:
                return candidate.center
        names = ", ".join(z.name for z in self.mat.zones)
        raise ScenarioError(f"{step.where()}: no zone {zone!r} on this mat (zones: {names}); or give at = [x, y] in mm")

    def _facing(self, step: Step) -> float:
        zone = next((z for z in self.mat.zones if z.name == step.options.get("zone")), None)
        return float(zone.facing) if zone else 0.0

    def _remove(self, step: Step) -> None:
        self._take(step)
        self.frames(float(step.options.get("settle", 3.5)))

    def _take(self, step: Step) -> None:
        if step.value == "all":
            self.table.cards.clear()
        elif self.table.cards.pop(step.value, None) is None:
            raise ScenarioError(f"{step.where()}: that card is not on the table")

    def _hand(self, step: Step) -> None:
        from station.sim.virtual_table import Hand

        start, end = step.value.get("from", (-60, 170)), step.value.get("to", (250, 170))
        seconds = float(step.value.get("seconds", 1.2))
        count = max(1, round(seconds * self.scenario.fps))
        for i in range(count):
            share = i / max(count - 1, 1)
            x = start[0] + (end[0] - start[0]) * share
            y = start[1] + (end[1] - start[1]) * share
            self.table.hands = (Hand(x, y, angle=90.0),)
            self.frames(1 / self.scenario.fps)
        self.table.hands = ()
        self.frames(0.4)

    def _press(self, step: Step) -> None:
        self.buttons.press(step.value, bool(step.options.get("long", False)))
        self.frames(float(step.options.get("settle", 0.4)))

    def _wait(self, step: Step) -> None:
        self.frames(float(step.value))

    def _camera(self, step: Step) -> None:
        self._plug(step)
        self.frames(float(step.options.get("settle", 1.0)))

    def _plug(self, step: Step) -> None:
        if step.value not in ("unplug", "plug"):
            raise ScenarioError(f"{step.where()}: camera is \"unplug\" or \"plug\"")
        camera = self.station.camera
        assert camera is not None
        camera.failed = step.value == "unplug"  # type: ignore[attr-defined]

    def _restart(self, step: Step) -> None:
        """The station dies without a goodbye (a power cut, ``kill -9``) and boots again."""
        self._record({"type": "station_killed", "t": self.station.referee.game_time(self.now)})
        self.station.referee.journal.close()  # what was committed is all there is
        self._while_down(step)
        self._build(first=False)
        self.frames(1.0)

    def _while_down(self, step: Step) -> None:
        """What the players did while the station was down: a restart step's ``laid``, then its ``taken``."""
        for laid in step.options.get("laid", ()):  # laid, slid or turned over while the station was down
            self._put(Step("place", laid["place"], {k: v for k, v in laid.items() if k != "place"}, step.number))
        for card in step.options.get("taken", ()):  # taken away while the station was down
            if self.table.cards.pop(card, None) is None:
                raise ScenarioError(f"{step.where()}: {card} is not on the table")

    def _expect(self, step: Step) -> None:
        """The first record since the last match that has every given field; expects match in order."""
        wanted = dict(step.value)
        for index in range(self._since_expect, len(self.records)):
            if _matches(self.records[index], wanted):
                self._since_expect = index + 1
                return
        recent = self.records[self._since_expect:]
        seen = ", ".join(sorted({str(r.get("type")) for r in recent})) or "nothing"
        raise ScenarioFailed(f"{step.where()}: no event with {wanted} after the last match (seen: {seen})")

    def _expect_none(self, step: Step) -> None:
        """No record with every given field anywhere in the run so far, or (``since =
        "last_expect"``) since the last matched ``expect``, e.g. no ``action`` while a hand passes."""
        wanted = dict(step.value)
        first = self._since_expect if step.options.get("since", "start") == "last_expect" else 0
        for record in self.records[first:]:
            if _matches(record, wanted):
                raise ScenarioFailed(f"{step.where()}: unexpected {record}")

    def _expect_screen(self, step: Step) -> None:
        """The OLED's current view shows a text: a plain string is one of its texts exactly; a
        table names the ``view`` and ``field`` and says what it ``is`` or ``has`` (a part of a text)."""
        view = self.station.last_view
        wanted = step.value if isinstance(step.value, Mapping) else {"is": step.value}
        if not screen_shows(view, wanted):
            raise ScenarioFailed(f"{step.where()}: the screen shows {_describe_view(view)}")
