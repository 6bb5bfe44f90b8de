"""One tick of the station: buttons, a camera frame through vision, the referee, the screen.

The daemon calls ``tick`` with the real clock; the simulator calls it with scripted time and a
virtual camera. Table events carry the time the camera took their frame (``Frame.time``, on the
same clock as ``now``), not the tick's: after a slow tick the two differ, and a game that judges
who was first (Math Rush's reaction window) must see when the card went down. A camera that fails mid-game shows "Camera lost", keeps the game, and is tried
again every ``retry_every`` seconds; a display that fails is the display's own business (it
logs and retries) — the referee never stops for either. Screens and spoken lines come in the
game's language (``Referee.speaking``): the one its setup chose, else the station's.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from station.config import StationConfig
from station.hardware.buttons import Buttons
from station.hardware.camera import Camera, CameraError, CameraLost, Frame
from station.hardware.display import Display
from station.hardware.signals import Signals
from station.i18n import _
from station.referee import Referee
from station.speaker_memory import SpeakerMemory
from station.speech.voice import Voice
from station.ui.screens import render
from station.ui.views import FaultView, View
from station.vision.decode import Decoder
from station.vision.lens import LENS_NAME, load_lens
from station.vision.mat_memory import MARKERS_NAME, MarkerMemory
from station.vision.table_memory import TABLE_NAME, TableMemory
from station.vision.pipeline import CardPipeline
from station.vision.track import CardTracker

log = logging.getLogger("station.loop")


def camera_lost() -> FaultView:
    """The fault screen while the camera is away: the game waits, nothing is lost."""
    return FaultView(_("Camera lost"), _("Check its cable"), _("The game is kept"))


@dataclass
class Station:
    referee: Referee
    camera: Camera | None  # None: no camera could be opened; retried like a lost one
    display: Display
    buttons: Buttons
    signals: Signals
    pipeline: CardPipeline
    tracker: CardTracker
    retry_every: float = 2.0
    camera_spec: str = ""
    camera_size: tuple[int, int, float] = (1920, 1080, 10.0)  # width, height, fps for (re)opening
    table_log: Callable[[list[dict[str, Any]]], None] | None = None  # sees the tracker's events (simulate)
    clock: Callable[[], float] = time.monotonic  # the clock of ``now``: a camera opened here stamps frames on it
    board: Any = None  # station.web.board.Board when the teacher's page is on: sees each tick, never answers
    voice: Voice | None = None  # the speaker (station.speech.voice): says each batch of events' lines
    speaker_memory: SpeakerMemory | None = None  # keeps setup's Sound and Volume for the next start
    table_memory: TableMemory | None = None  # where the cards lay, for a restart (state folder)
    last_view: View | None = field(default=None, init=False)
    frames: int = field(default=0, init=False)
    _lost_since: float | None = field(default=None, init=False)
    _last_try: float = field(default=float("-inf"), init=False)
    _voiced: int | None = field(default=None, init=False)  # the game whose lines were rendered ahead

    @classmethod
    def from_config(cls, config: StationConfig, referee: Referee, camera: Camera | None, display: Display,
                    buttons: Buttons, signals: Signals, decoder: Decoder, **options: Any) -> Station:
        """The station the config describes around these devices: the daemon's and the simulator's."""
        c = config["camera"]
        memory = MarkerMemory(config.state_dir() / MARKERS_NAME, camera=c["source"])  # a restart's first frame warm
        lens = load_lens(config.state_dir() / LENS_NAME, c["source"], (c["width"], c["height"]))  # calibrate --lens
        return cls(referee, camera, display, buttons, signals,
                   CardPipeline(decoder, settings=config.pipeline_settings(), memory=memory, lens=lens),
                   CardTracker(config.track_settings()),
                   retry_every=c["retry_every"], camera_spec=c["source"],
                   camera_size=(c["width"], c["height"], c["fps"]),
                   table_memory=TableMemory(config.state_dir() / TABLE_NAME), **options)

    def resume(self, now: float) -> bool:
        """Come back into the journal's unfinished game (``Referee.resume``), knowing where its
        cards lay when this station last saw them."""
        recall = self.table_memory.recall if self.table_memory is not None else None
        return self.referee.resume(now, places=recall)

    def tick(self, now: float) -> None:
        with self.referee.speaking():
            self._tick(now)

    def _tick(self, now: float) -> None:
        for press in self.buttons.presses():
            self.referee.press(press, now)
        self.referee.advance(now)  # the game's own clock: a round's time up, a window closed
        frame = self._frame(now)
        observation = None
        if frame is not None:
            observation = self.pipeline.observe(frame)
            taken = now if observation.captured is None else min(observation.captured, now)
            events = self.tracker.update(observation, taken)
            if self.table_log is not None and events:
                self.table_log(events)
            self.referee.table_events(events, observation.table.mat, now, tuple(self.tracker.cards.values()),
                                      busy=observation.busy)
            self.referee.table_seen(taken, now, hand_over=bool(observation.busy))
            if events and self.table_memory is not None and self.referee.game_id is not None:
                self.table_memory.keep(self.referee.game_id, self.tracker.cards.values(), self.referee.hidden_places())
            self.frames += 1
        else:
            self.referee.table_seen(None, now)
        self.refresh(now)
        if self.board is not None:
            self.board.publish(self.referee, frame, observation, tuple(self.tracker.cards.values()), now)

    def refresh(self, now: float) -> None:
        """Draw the screen the referee wants now and give the signals it queued (in the game's words)."""
        with self.referee.speaking():
            self._refresh(now)

    def _refresh(self, now: float) -> None:
        view = self.referee.screen(now)
        if view != self.last_view:
            image = render(view)
            self.display.show(image)
            self.last_view = view
            if self.board is not None:
                self.board.show(image, view)
        for signal in self.referee.take_signals():
            getattr(self.signals, signal)()
        batches = self.referee.take_lines()
        if self.voice is not None:
            speaker = self.referee.controller.speaker  # setup's Sound and Volume rows
            if speaker is not None:
                self.voice.set(speaker.mode, speaker.volume)
                if self.speaker_memory is not None:
                    self.speaker_memory.keep(speaker)  # once per change: the config's [sound], else the state folder
            game = self.referee.game
            if game is not None and self.referee.game_id != self._voiced:
                self._voiced = self.referee.game_id
                self.voice.prepare(self.referee.games[game.name].say_ahead(game.config))
            if batches:  # one tick's batches came at one moment: one utterance (it cuts an older one short)
                self.voice.say([line for lines in batches for line in lines])

    def _frame(self, now: float) -> Frame | None:
        if self.camera is not None and self._lost_since is None:
            try:
                return self.camera.read()
            except CameraLost as exc:
                self._lose(now, str(exc))
                return None
        if now - self._last_try < self.retry_every:
            return None
        self._last_try = now
        try:
            if self.camera is None:
                from station.cameras import open_camera
                width, height, fps = self.camera_size
                first = next(iter(self.referee.games.values()))   # a virtual camera shows the first game's table
                self.camera = open_camera(self.camera_spec, width=width, height=height, fps=fps, clock=self.clock,
                                          scene=first.demo_scene)
            else:
                self.camera.reopen()
        except CameraError as exc:
            if self._lost_since is None:
                self._lose(now, str(exc))
            return None
        log.info("camera back after %.1f s", now - (self._lost_since or now))
        self._lost_since = None
        self.referee.set_fault(None)
        self.signals.fault(False)
        self.referee.log_event({"type": "camera_back", "t": self.referee.game_time(now)})
        return None  # the next tick reads

    def _lose(self, now: float, why: str) -> None:
        log.warning("camera lost: %s", why)
        self._lost_since, self._last_try = now, now
        self.referee.set_fault(camera_lost())
        self.signals.fault(True)
        self.referee.log_event({"type": "camera_lost", "t": self.referee.game_time(now), "reason": why})
