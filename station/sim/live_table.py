"""The virtual table played by hand: a scene that browsers change (a card laid, turned, flipped,
stacked, lifted; a hand passed over; a button pressed) and the virtual camera renders, frame after
frame, for the whole station to read.

The page's threads change the table and the station's loop renders it; one lock keeps each
change whole, and the loop renders a frozen copy (``view``) taken under it, so a frame never shows
half a move. The station learns nothing from here but pixels: which card lies where is for vision
to read, exactly as on a real table (Big Bang's triangles are laid where the hand lets go, and
the station snaps them to its lattice).

Every change is also kept as a scenario step (``Recording``), so a game played by hand replays
with ``mathstation simulate``: a bug report anyone can run.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.catalog import CatalogError, load_catalog
from station.hardware.buttons import BUTTON_NAMES
from station.hardware.camera import Clock
from station.i18n import _
from station.sim.scenario import Scenario, default_table_mm
from station.sim.virtual_camera import VirtualCamera
from station.sim.virtual_table import CameraModel, Hand, PlacedCard, Scene, VirtualTable
from station.table.mat import MatLayout

REACH_MM = 200.0    # a card may lie this far beyond the mat's edge (beside it, as on a real table)
HAND_ANGLE = 90.0    # a hand reaches in from the left, fingers to the right, as a scenario's ``hand`` step draws it
MOST_CARDS = 400     # no table holds more: a runaway script is refused, not rendered
MOST_HANDS = 8       # one a seat at most: each hand costs a frame about as much as the whole table
HAND_LINGERS = 5.0   # seconds a hand stays over the table with no news of it: a page that lost its
                     # pointer (a touch cancelled, a tab closed) never says it lifted it


class TableError(ValueError):
    """A move the table cannot make (an unknown card, a place off the table): says which and why."""


@dataclass(frozen=True)
class Move:
    """One change to the table at ``t`` on the station's clock, as a scenario step: ``kind`` is
    place, remove, hand or press; ``options`` the step's other keys."""

    t: float
    kind: str
    value: Any
    options: Mapping[str, Any] = field(default_factory=dict)


class LiveTable:
    """What lies on the virtual table now. Thread-safe: any thread may change it; the station's
    loop reads a consistent copy with ``view``. ``press`` hands a button press to the station's
    buttons (a ``ScriptedButtons.press``); ``clock`` is the station's, so recorded moves and
    the journal share one time line."""

    def __init__(self, mat: MatLayout, *, width: int = 1280, height: int = 720,
                 press: Callable[[str, bool], None] | None = None, clock: Clock = time.monotonic,
                 blur_px: float = 0.0, noise: float = 0.0, seed: int = 0,
                 mat_for: Callable[[Mapping[str, Any]], MatLayout] | None = None) -> None:
        self.width, self.height = width, height
        self.blur_px, self.noise, self.seed = blur_px, noise, seed
        self._press = press
        self._clock = clock
        self._lock = threading.Lock()
        self._mat = mat
        self._cards: dict[str, PlacedCard] = {}   # in stacking order: later on top
        self._hands: dict[str, Hand] = {}         # by who holds it (a browser's seat)
        self._hand_news: dict[str, float] = {}    # when each hand last moved
        self.version = 0                          # grows with every change: the page's browsers poll it
        self.recording: Recording | None = None
        self.mat_for = mat_for      # a game's engine config -> its mat (the daemon's plug-ins know it)
        self._starts: list[tuple[dict[str, Any], str]] = []   # games a watched scenario starts, for the loop
        self._watching: threading.Event | None = None          # set to stop the scenario being watched
        self._looked = threading.Condition(self._lock)         # the station's camera took a view
        self._views = 0                                        # ... this many so far
        self.camera_looks = False    # a station's camera reads this table: a watched scenario waits for its frames

    # ---- read by the station's loop -----------------------------------------------------------

    def view(self) -> tuple[Scene, CameraModel]:
        """The scene as it lies now and the camera that sees the whole of its mat."""
        with self._lock:
            self._views += 1
            self._looked.notify_all()
            self._lift_forgotten_hands()
            scene = Scene(self._mat, tuple(self._cards.values()), hands=tuple(self._hands.values()),
                          blur_px=self.blur_px, noise=self.noise, seed=self.seed)
            mat = self._mat
        return scene, self.camera_for(mat)

    def camera_for(self, mat: MatLayout) -> CameraModel:
        """The camera a scenario of this mat sees it with (``simulate``'s default), at this table's size."""
        return CameraModel.seeing(default_table_mm(mat), self.width, self.height, mat=mat)

    # ---- changed by the page ------------------------------------------------------------------

    @property
    def mat(self) -> MatLayout:
        with self._lock:
            return self._mat

    def lay_mat(self, mat: MatLayout) -> None:
        """Another mat on the table (a game of another kind, more seats); the cards stay where they lie."""
        with self._lock:
            if mat != self._mat:
                self._mat = mat
                self.version += 1

    def lay(self, card_id: str, x: float, y: float, angle: float = 0.0, face_up: bool = True) -> None:
        """Put a card down at ``x``, ``y`` (its centre, mm), turned ``angle`` degrees clockwise,
        on top of whatever it overlaps; a card already on the table is picked up and laid again
        (slid, turned, flipped or put on top of a stack)."""
        card_id = known_card(card_id)
        x, y, angle = float(x), float(y), float(angle) % 360
        with self._lock:
            if not all(map(math.isfinite, (x, y, angle))):
                raise TableError(_("{card}: a place on the table is two numbers and an angle, not {x}, {y}, {angle}",
                                   card=card_id, x=x, y=y, angle=angle))
            if not (-REACH_MM <= x <= self._mat.width + REACH_MM and -REACH_MM <= y <= self._mat.height + REACH_MM):
                raise TableError(_("{card} would fall off the table at {x}, {y} mm: lay it on or beside the mat",
                                   card=card_id, x=format(x, ".0f"), y=format(y, ".0f")))
            if card_id not in self._cards and len(self._cards) >= MOST_CARDS:
                raise TableError(_("the table holds {n} cards already: take some away first", n=MOST_CARDS))
            self._cards.pop(card_id, None)
            self._cards[card_id] = PlacedCard(card_id, round(x, 1), round(y, 1), round(angle, 1), bool(face_up))
            self.version += 1
            self._note("place", card_id, at=[round(x, 1), round(y, 1)], angle=round(angle, 1), face_up=bool(face_up))

    def lift(self, card_id: str) -> None:
        """Take a card off the table (back into its player's hand)."""
        with self._lock:
            if self._cards.pop(card_id, None) is None:
                raise TableError(_("{card} is not on the table", card=card_id))
            self.version += 1
            self._note("remove", card_id)

    def clear(self) -> None:
        """Take every card off the table."""
        with self._lock:
            if self._cards:
                self._cards.clear()
                self.version += 1
                self._note("remove", "all")

    def hand(self, who: str, at: tuple[float, float] | None) -> None:
        """``who``'s hand over the table at ``at`` (the palm, mm), or lifted away (None)."""
        with self._lock:
            if at is None:
                self._hands.pop(who, None)
                self._hand_news.pop(who, None)
            else:
                x, y = float(at[0]), float(at[1])
                if not (math.isfinite(x) and math.isfinite(y)):
                    raise TableError(_("a hand is over a place on the table: two numbers, in mm"))
                if not (-REACH_MM <= x <= self._mat.width + REACH_MM and -REACH_MM <= y <= self._mat.height + REACH_MM):
                    raise TableError(_("a hand at {x}, {y} mm is off the table: pass it over the mat",
                                       x=format(x, ".0f"), y=format(y, ".0f")))
                if who not in self._hands and len(self._hands) >= MOST_HANDS:
                    raise TableError(_("{n} hands are over the table already: lift one first", n=MOST_HANDS))
                self._hands[who] = Hand(round(x, 1), round(y, 1), angle=HAND_ANGLE)
                self._hand_news[who] = self._clock()
            self.version += 1
            if self.recording is not None:
                self.recording.hand(who, at, self._clock())

    def _lift_forgotten_hands(self) -> None:
        """Lift every hand with no news for ``HAND_LINGERS`` seconds (its page will not say so):
        the station would otherwise wait under it forever. The lock is held."""
        now = self._clock()
        for who in [who for who, moved in self._hand_news.items() if now - moved >= HAND_LINGERS]:
            self._hands.pop(who, None)
            del self._hand_news[who]
            self.version += 1
            if self.recording is not None:
                self.recording.hand(who, None, now)

    def press(self, button: str, long: bool = False) -> None:
        """A press of one of the station's buttons."""
        if button not in BUTTON_NAMES:
            raise TableError(_("there is no {button} button: the buttons are {buttons}", button=repr(button),
                               buttons=", ".join(BUTTON_NAMES)))
        if self._press is None:
            raise TableError(_("this table has no buttons"))
        with self._lock:
            self._press(button, bool(long))
            self._note("press", button, long=bool(long))

    def cards(self) -> list[dict[str, Any]]:
        """The cards on the table, bottom first, as the page draws them."""
        with self._lock:
            return [{"id": c.card_id, "x": c.x, "y": c.y, "angle": c.angle, "face_up": c.face_up}
                    for c in self._cards.values()]

    def hands(self) -> list[dict[str, Any]]:
        with self._lock:
            return [{"who": who, "x": h.x, "y": h.y, "angle": h.angle} for who, h in self._hands.items()]

    # ---- watching a scenario ------------------------------------------------------------------

    def watch(self, scenario: Scenario, *, sleep: Callable[[float], None] | None = None) -> threading.Thread:
        """Play a scenario's table steps on this table at their own pace, for people to watch and
        the station to read: its game is started by the station's loop (``take_starts``), then
        cards are laid and lifted, hands pass and buttons are pressed as its steps say. Its
        expectations are not checked (``mathstation simulate`` checks them), and a camera fault
        or a restart cannot be shown: those steps are passed over. A scenario already playing stops."""
        if self.mat_for is None:
            raise TableError(_("this table cannot start a scenario's game"))
        mat = self.mat_for(scenario.game) if scenario.game is not None else self.mat
        if self._watching is not None:
            self._watching.set()
        stop = self._watching = threading.Event()
        wait = sleep or stop.wait
        with self._lock:
            self._cards.clear()
            self._hands.clear()
            self.version += 1
        self.lay_mat(mat)
        if scenario.game is not None:
            game = {**scenario.game, "seed": scenario.game.get("seed", scenario.seed)}
            with self._lock:
                self._starts.append((game, scenario.reveal or "press"))
        player = threading.Thread(target=self._play, args=(scenario, mat, stop, wait), name="watch-scenario",
                                  daemon=True)
        player.start()
        return player

    def take_starts(self) -> list[tuple[dict[str, Any], str]]:
        """The games (engine config, reveal) a watched scenario asks the station to start, once each."""
        with self._lock:
            starts, self._starts = self._starts, []
        return starts

    def _play(self, scenario: Scenario, mat: MatLayout, stop: threading.Event, wait: Callable[[float], Any]) -> None:
        frame = 1 / scenario.fps
        wait(1.0)   # the station starts the game first
        for step in scenario.steps:
            self._station_sees(stop)
            if stop.is_set():
                return
            options = step.options
            try:
                if step.kind == "place":
                    zone = next((z for z in mat.zones if z.name == options.get("zone")), None)
                    x, y = options["at"] if "at" in options else (zone.center if zone else (mat.width / 2, mat.height / 2))
                    dx, dy = options.get("offset", (0.0, 0.0))
                    self.lay(step.value, float(x) + dx, float(y) + dy, float(options.get("angle", zone.facing if zone else 0)),
                             bool(options.get("face_up", True)))
                    wait(float(options.get("settle", 1.0)))
                elif step.kind == "remove":
                    self.clear() if step.value == "all" else self.lift(step.value)
                    wait(float(options.get("settle", 3.5)))
                elif step.kind == "hand":
                    start, end = step.value.get("from", (-60, 170)), step.value.get("to", (250, 170))
                    count = max(1, round(float(step.value.get("seconds", 1.2)) * scenario.fps))
                    for i in range(count):
                        share = i / max(count - 1, 1)
                        self.hand("scenario", (start[0] + (end[0] - start[0]) * share, start[1] + (end[1] - start[1]) * share))
                        wait(frame)
                    self.hand("scenario", None)
                    wait(0.4)
                elif step.kind == "press":
                    self.press(step.value, bool(options.get("long", False)))
                    wait(float(options.get("settle", 0.4)))
                elif step.kind == "wait":
                    wait(float(step.value))
            except TableError:
                continue   # a step this table cannot make (a card not on it): the rest still plays

    def _station_sees(self, stop: threading.Event) -> None:
        """Until the station has started the scenario's game and its camera has taken the table as
        it lies now. The scenario's pace is the least a move lasts: a busy station (a loaded
        laptop, a slow Pi) takes frames further apart, and a card laid and lifted between two of
        them was never seen, never judged."""
        if not self.camera_looks:
            return
        with self._looked:
            taken = self._views
            while not stop.is_set() and (self._starts or self._views == taken):
                if self._starts:
                    taken = self._views   # a frame before the game started: the one after it counts
                self._looked.wait(0.2)

    # ---- recording ----------------------------------------------------------------------------

    def record(self, game: Mapping[str, Any], reveal: str, fps: float) -> None:
        """Keep every move from now on: a game ``game`` (its engine config) has just started.
        What already lies on the table is laid first, as it lies."""
        with self._lock:
            camera = {"width": self.width, "height": self.height,
                      **({"blur_px": self.blur_px} if self.blur_px else {}), **({"noise": self.noise} if self.noise else {})}
            self.recording = Recording(dict(game), reveal, fps, self._clock(), camera)
            for card in self._cards.values():
                self._note("place", card.card_id, at=[card.x, card.y], angle=card.angle, face_up=card.face_up)

    def scenario_text(self) -> str | None:
        """The game recorded so far as a scenario file (TOML), up to now; None before a game started."""
        import tomli_w

        with self._lock:
            if self.recording is None:
                return None
            data = self.recording.scenario(self._clock())
        return ("# Played by hand on the virtual table; replay it with: mathstation simulate FILE\n"
                + tomli_w.dumps(data))

    def _note(self, kind: str, value: Any, **options: Any) -> None:
        if self.recording is not None:
            self.recording.moves.append(Move(self._clock(), kind, value, options))


def known_card(card_id: str) -> str:
    """``card_id`` if it is one of the printed cards, else a ``TableError`` that says so."""
    try:
        return load_catalog().card(str(card_id)).id
    except (CatalogError, KeyError, ValueError) as exc:
        raise TableError(_("{card} is not one of the printed cards ({reason})", card=repr(card_id), reason=exc)) from None


class Recording:
    """A game played on the live table, kept as a scenario (docs/scenarios.md): the game's
    config, then each move at the time it was made. ``scenario()`` gives the file's data."""

    def __init__(self, game: dict[str, Any], reveal: str, fps: float, started: float, camera: dict[str, Any]) -> None:
        self.game, self.reveal, self.fps, self.started = game, reveal, fps, started
        self.camera = camera   # the scenario's [camera]: the live camera's size, blur and noise
        self.moves: list[Move] = []
        self._hands: dict[str, tuple[float, tuple[float, float], tuple[float, float]]] = {}

    def hand(self, who: str, at: tuple[float, float] | None, t: float) -> None:
        """A hand passing over: one sweep from where it came in to where it left, as the scenario's
        ``hand`` step draws it."""
        if at is not None:
            start = self._hands.get(who)
            point = (round(float(at[0]), 1), round(float(at[1]), 1))
            self._hands[who] = (start[0], start[1], point) if start else (t, point, point)
            return
        start = self._hands.pop(who, None)
        if start is not None:
            began, first, last = start
            self.moves.append(Move(began, "hand", {"from": list(first), "to": list(last),
                                                    "seconds": round(max(t - began, 1 / self.fps), 1)}))

    def scenario(self, until: float) -> dict[str, Any]:
        """The scenario's data (TOML-ready): each step settles until the next move, the last until ``until``."""
        frame = 1 / self.fps
        moves = sorted(self.moves, key=lambda move: move.t)
        steps: list[dict[str, Any]] = []
        consumed = self.started      # the scenario's clock: how far its frames have gone
        for index, move in enumerate(moves):
            following = moves[index + 1].t if index + 1 < len(moves) else until
            if move.t - consumed >= frame:
                steps.append({"wait": round(move.t - consumed, 1)})
                consumed += round(move.t - consumed, 1)
            if move.kind == "hand":
                steps.append({"hand": dict(move.value)})
                consumed += float(move.value["seconds"]) + 0.4   # the step's sweep, then its frames after
                continue
            settle = round(max(following - consumed, frame), 1)
            steps.append({move.kind: move.value, **dict(move.options), "settle": settle})
            consumed += settle
        return {"title": "A game played on the virtual table", "seed": int(self.game.get("seed", 0)),
                "fps": float(self.fps), "reveal": self.reveal, "camera": dict(self.camera),
                "game": self.game, "step": steps}


class LiveCamera(VirtualCamera):
    """The virtual camera over a live table: each frame renders the table as it lies, seen whole
    whichever mat lies there (the camera follows a mat change, as a station is set up for a game)."""

    def __init__(self, table: LiveTable, *, name: str = "virtual-table", clock: Clock | None = None) -> None:
        scene, camera = table.view()
        super().__init__(scene, camera=camera, name=name, clock=clock)
        self.live = table
        table.camera_looks = True

    def _read(self) -> np.ndarray:
        scene, camera = self.live.view()
        if camera != self.table.camera:
            self.table = VirtualTable(camera)
        self.scene = scene
        return super()._read()
