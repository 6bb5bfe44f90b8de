"""Math Rush: from a card coming to rest to its verdict on the OLED, through the whole station.

    nice -n 10 .venv/bin/python bench/math_rush.py            # 1280x720 and 1920x1080, 10-40 cards (a few minutes)
    nice -n 10 .venv/bin/python bench/math_rush.py --quick    # 1280x720, 40 cards and the baseline, verdicts on ordinary frames
    nice -n 10 .venv/bin/python bench/math_rush.py --profile  # and where the landing frames' time goes (40 cards, 1080p)

Issue 16's speed goal: a card judged at most 2 frames (at the camera's rate) after it comes to
rest, with up to 40 cards on the table. Each table is the Math Rush mat seen by the virtual table
as the scenario runner sees it (650 mm across; sensor noise of 2 grey levels, different in every
frame): the Help cards in their box, the three goals in the goal column, sets along the rows
(each card 50 mm right of the last, over it) with stacks of equal values 3 mm off the card
beneath, and from 26 cards a fourth row holding a completed goal's set, its goal face down.

The station is the one ``station.sim.scenario.ScenarioRun`` builds, the daemon's ``Station``:
camera pipeline, tracker, the Math Rush table adapter, referee and engine, journal, controller
and screens on luma's dummy OLED. The table is laid card by card while the station watches
(before the game starts, so the tracker knows every card, stacked ones as covered); then the
game starts, its goals are read from the goal column and CONFIRM starts the round. Then:

- *still*: 30 frames where nothing moves, one of them the safety-net full pass;
- *right card*: a card slides in from the near side over two frames and lies still at the end of
  row 1. Counted from the first frame it lies still in (frame 1) to the frame after which the
  OLED's live screen shows row 1's count gone up (a right card gets no screen of its own);
- *wrong card*: the same at the end of row 3, whose goal wants values greater than 1/3: 0.25,
  until the OLED shows that card's "wrong" verdict.

Each table is measured twice, on two stations: the landings timed so that no safety-net pass
falls among their frames, and so that the pass falls on the frame expected to show the verdict
(the worst case: one frame in 30).

Frames are rendered before they are served (a camera stand-in hands them over one per read, as a
live camera hands over its newest), so every timer holds the station's work for one frame,
``Station.tick``, and none of the rendering. The baseline is the same measurements, same cards,
same run, on the table with the three goals only. Single thread (``cv2.setNumThreads(1)``); only
ratios and shapes compare across runs on a shared machine. docs/performance.md has the figures
and the Raspberry Pi projection.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import statistics
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2
import numpy as np

from station.config import load_config
from station.games import plugins
from station.hardware.camera import Camera, CameraLost
from station.games.math_rush.demo import help_spot
from station.sim.scenario import Scenario, Step
from station.simulate import ScenarioRun
from station.sim.virtual_table import PlacedCard, Scene, VirtualTable
from station.table.mat import MatLayout, mat_layout
from station.ui.views import TimerView, VerdictView

RESOLUTIONS = [(1280, 720), (1920, 1080)]
COUNTS = [10, 20, 30, 40]
NOISE = 2.0  # grey levels of sensor noise, different in every frame
STILL_FRAMES = 30  # the pipeline's safety-net pass comes once in 30 frames: one of these is it
MOVING_FRAMES = 2  # frames of the card sliding in before it lies still
REST_FRAMES = 8  # frames served after the card comes to rest, the verdict looked for after each
GOAL_FRAMES = 2  # issue 16: the verdict at most 2 frames after the card comes to rest
PLAYERS = ["Ana", "Ben", "Cleo"]
CONFIG = load_config(None, plugins())
FPS = float(CONFIG["camera"]["fps"])  # the station's camera rate (station.toml)
INTERVAL_MS = 1000 / FPS

# The mat's layout (station/games/math_rush/demo.py): a set card k of a row lies at
# x = row.x + 48 + 50 k on the row's centre line; a card laid on an equal one lies 3 mm off it.
FIRST_CARD_MM, CARD_STEP_MM, STACK_OFFSET_MM = 48.0, 50.0, 3.0
GOALS = {1: "MR-A-G4", 2: "MR-A-G8", 3: "MR-A-G23"}  # UP 6; DOWN 6; UP 5, greater than 1/3
DONE_GOAL = "MR-A-G3"  # row 4: a goal completed earlier, turned face down, its set still lying
# The values along each row, as the deck's benchmark-value numbers (1 = 1/10 ... 9 = 1/2 ... 18 = 1):
# up in rows 1, 3 and 4, down in row 2, so the table reads as a game in progress.
ROW_VALUES = {1: (1, 4, 5, 6, 9), 2: (17, 14, 13, 12, 10, 8), 3: (7, 8, 9, 11, 13), 4: (2, 3, 4, 8, 10, 16)}
# The order the set cards of a 40-card table were laid in, after the Help cards and the goals:
# (row, position along it, on an equal card); (4, -1) is row 4's completed goal, face down. The
# rows grow together, as a team plays; a table of N cards holds the first ones.
LAYING = [
    (1, 0, False), (2, 0, False), (3, 0, False), (1, 1, False), (2, 1, False), (3, 1, False), (1, 1, True),
    (1, 2, False), (2, 2, False), (3, 2, False), (2, 0, True), (1, 3, False), (2, 3, False), (3, 3, False),
    (3, 2, True), (1, 4, False), (2, 4, False), (3, 4, False), (2, 5, False), (4, -1, False), (4, 0, False),
    (4, 1, False), (4, 2, False), (4, 3, False), (4, 4, False), (4, 5, False), (1, 3, True), (2, 4, True),
    (4, 1, True), (1, 0, True), (3, 4, True), (2, 2, True), (4, 3, True), (4, 5, True),
]
RIGHT = ("MR-B-P13", 1)  # 75 % at the end of row 1 (UP 6): right
WRONG = ("MR-B-D5", 3)  # 0.25 at the end of row 3 (UP 5, greater than 1/3): wrong, with its reason
# docs/performance.md: for OpenCV and zxing-cpp on one core, a Raspberry Pi 4 core is about 3-4x
# slower than this machine's and a Pi 5 core about 1.5-2x.
PI_FACTORS = {"Pi 4": (3.0, 4.0), "Pi 5": (1.5, 2.0)}
# A screen's trip to the SSD1306 over I2C at 400 kHz (firmware_config/config.txt): luma sends the
# 1,024-byte frame in one transfer, 9 clock cycles a byte (8 bits and the acknowledge).
OLED_WIRE_MS = 1024 * 9 / 400_000 * 1000


# ---- the tables -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    """One table to measure on: the cards lying, in the order they were laid, and where the two
    measured cards go (the end of rows 1 and 3)."""

    name: str
    cards: tuple[PlacedCard, ...]
    right_at: tuple[float, float]
    wrong_at: tuple[float, float]

    @property
    def baseline(self) -> bool:
        return len(self.cards) == len(GOALS)


def _set_spot(mat: MatLayout, row: int, position: int) -> tuple[float, float]:
    zone = mat.zone(f"row{row}.set")
    return zone.x + FIRST_CARD_MM + position * CARD_STEP_MM, zone.y + zone.h / 2


def _value_cards() -> dict[int, Iterator[str]]:
    """For each benchmark value, its cards in a fixed order (fraction, decimal, percent; deck A
    then deck B), the two measured cards left out."""
    return {value: iter([card for deck in "AB" for form in "FDP"
                         if (card := f"MR-{deck}-{form}{value}") not in (RIGHT[0], WRONG[0])])
            for value in range(1, 19)}


def table(mat: MatLayout, count: int) -> Table:
    """``count`` cards lying as a Math Rush table in play; a count of 3 is the baseline: the goals only."""
    rng = random.Random(count)
    placed: list[PlacedCard] = []

    def lay(card: str, at: tuple[float, float], face_up: bool = True) -> None:
        """A card put down by hand: a millimetre or so off its spot, turned a degree or two."""
        placed.append(PlacedCard(card, at[0] + rng.uniform(-1, 1), at[1] + rng.uniform(-1, 1), rng.uniform(-2, 2), face_up))

    if count == len(GOALS):
        for row, goal in GOALS.items():
            lay(goal, mat.zone(f"row{row}.goal").center)
        return Table("goals only (baseline)", tuple(placed), _set_spot(mat, RIGHT[1], 0), _set_spot(mat, WRONG[1], 0))
    smallest, largest = 2 * len(GOALS), 2 * len(GOALS) + len(LAYING)
    if not smallest <= count <= largest:
        raise ValueError(f"a table of {count} cards: give 3 (the goals only) or {smallest} to {largest}")
    for index in range(3):
        lay(f"MR-A-H{index + 1}", help_spot(mat, index))
    for row, goal in GOALS.items():
        lay(goal, mat.zone(f"row{row}.goal").center)
    values = _value_cards()
    top: dict[tuple[int, int], PlacedCard] = {}  # the card on top at each row position
    ends = dict.fromkeys(ROW_VALUES, 0)  # the next free position of each row
    for row, position, stacked in LAYING[: count - len(placed)]:
        if position < 0:
            lay(DONE_GOAL, mat.zone(f"row{row}.goal").center, face_up=False)
            continue
        card = next(values[ROW_VALUES[row][position]])
        if stacked:
            beneath = top[(row, position)]
            placed.append(PlacedCard(card, beneath.x + STACK_OFFSET_MM, beneath.y + STACK_OFFSET_MM, beneath.angle))
        else:
            lay(card, _set_spot(mat, row, position))
            ends[row] = position + 1
        top[(row, position)] = placed[-1]
    return Table(f"{count} cards", tuple(placed), _set_spot(mat, RIGHT[1], ends[RIGHT[1]]),
                 _set_spot(mat, WRONG[1], ends[WRONG[1]]))


# ---- one station, one table -------------------------------------------------------------------

class ServedFrames(Camera):
    """The camera's stand-in: frames rendered beforehand, handed over one per read as a live
    camera hands over its newest, stamped on the station's clock."""

    def __init__(self, clock: Callable[[], float]) -> None:
        super().__init__("bench", clock)
        self.queue: deque[np.ndarray] = deque()

    def _read(self) -> np.ndarray:
        if not self.queue:
            raise CameraLost("the benchmark served every frame it rendered")
        return self.queue.popleft()

    def _acquire(self) -> None:
        pass


@dataclass
class Landing:
    """One card laid on the table: frames from rest to its verdict, and each frame's ms."""

    frames_to_verdict: int | None  # 1: the first frame the card lies still in; None: not in REST_FRAMES
    verdict_ms: float | None  # the frame that put the verdict on the OLED
    landing_ms: list[float]  # every frame from the card's first movement to its verdict
    judged: str  # what the referee made of the card: "right", "wrong", or what went amiss


@dataclass
class Measured:
    """One table on one station: the still frames and the two landings."""

    width: int
    height: int
    table: Table
    codes_in_view: int
    still_ms: list[float]
    full_pass_ms: list[float]
    right: Landing
    wrong: Landing
    notes: list[str]


class Bench:
    """One station (a ``ScenarioRun``'s), one table: laid while the station watches, the game
    started, then the measured frames served."""

    def __init__(self, mat: MatLayout, tab: Table, width: int, height: int, state_dir: Path) -> None:
        self.mat, self.tab = mat, tab
        laying = tuple(Step("place", card.card_id, {"at": (card.x, card.y), "angle": card.angle, "face_up": card.face_up,
                                                    "settle": 0.2}, number)
                       for number, card in enumerate(tab.cards, start=1))
        scenario = Scenario(f"bench: Math Rush, {tab.name}", laying, mat={"game": "math-rush", "seats": 1}, fps=FPS,
                            camera={"width": width, "height": height, "noise": NOISE})
        self.run = ScenarioRun(scenario, state_dir, display="dummy")
        self.renderer = VirtualTable(self.run.camera_model)
        self.camera = ServedFrames(lambda: self.run.now)
        self.profiler: cProfile.Profile | None = None  # set: the landing frames are profiled
        self.full_passes: list[bool] = []  # for each frame the pipeline saw: was it the safety-net pass?
        pipeline = self.run.station.pipeline
        observe = pipeline.observe

        def observe_and_note(frame: Any) -> Any:
            observation = observe(frame)
            self.full_passes.append(observation.full_pass)
            return observation

        pipeline.observe = observe_and_note  # type: ignore[method-assign]
        self.full_pass_every = pipeline.settings.full_pass_every
        self._noise_seed = 0

    # ---- frames --------------------------------------------------------------------------

    def render(self, cards: tuple[PlacedCard, ...]) -> np.ndarray:
        self._noise_seed += 1
        return self.renderer.render(Scene(self.mat, cards, noise=NOISE, seed=self._noise_seed))

    def still(self, cards: tuple[PlacedCard, ...]) -> list[np.ndarray]:
        """A still table: two renderings with different sensor noise, served in turn."""
        return [self.render(cards), self.render(cards)]

    def tick(self, frame: np.ndarray, profile: bool = False) -> float:
        """One frame through the whole station (``Station.tick`` at the camera's rate); its ms of work."""
        self.camera.queue.append(frame)
        profiler = self.profiler if profile else None
        if profiler is not None:
            profiler.enable()
        start = time.perf_counter()
        self.run.frames(1 / FPS)
        ms = (time.perf_counter() - start) * 1000
        if profiler is not None:
            profiler.disable()
        return ms

    def idle(self, still: list[np.ndarray], count: int, *, until_quiet: bool = False,
             until: Callable[[], bool] = lambda: True) -> list[float]:
        """``count`` still frames, then more while a screen is queued to come and go (``until_quiet``)
        or ``until`` says no."""
        times: list[float] = []
        while len(times) < count or (until_quiet and self.run.station.referee.controller.busy) or not until():
            times.append(self.tick(still[len(times) % 2]))
        return times

    def _full_pass_at(self, k: int) -> bool:
        """Whether the k-th frame from now (1: the next) will be the pipeline's safety-net pass."""
        return (len(self.full_passes) + k - 1) % self.full_pass_every == 0

    # ---- the table -----------------------------------------------------------------------

    def lay_table(self) -> None:
        """Each card put down while the station watches (rendered frame by frame as the scenario
        runner renders), then the game started, its goals read from the goal column, and CONFIRM:
        the round is on."""
        self.run.run()
        self.run.station.camera = self.camera  # from here on every frame is rendered before it is served
        still = self.still(self.tab.cards)
        referee = self.run.station.referee
        referee.start({"game": "math-rush", "players": PLAYERS, "seed": 1}, self.run.now)
        self.idle(still, 5)
        self.run.buttons.press("confirm")
        self.idle(still, 5, until_quiet=True)
        state = referee.state()
        assert state is not None and state["phase"] == "playing", f"the round did not start: {state}"
        assert [r["goal"] for r in state["rows"]] == list(GOALS.values()), f"goals read: {state['rows']}"

    # ---- measurements --------------------------------------------------------------------

    def land(self, card_id: str, row: int, at: tuple[float, float], before: tuple[PlacedCard, ...], right: bool,
             verdict_on_full_pass: bool) -> tuple[Landing, tuple[PlacedCard, ...]]:
        """The card slides in from the near side over two frames, then lies still; the OLED is
        looked at after every frame. Returns the landing and the table after it."""
        x, y = at
        angle = 1.5 if right else -1.5
        moving = [self.render(before + (PlacedCard(card_id, x, y + dy, angle + turn),)) for dy, turn in ((45, 8), (18, 3))]
        after = before + (PlacedCard(card_id, x, y, angle),)
        resting = self.still(after)
        verdict_frame = MOVING_FRAMES + GOAL_FRAMES  # the frame the verdict is expected on, from now
        if verdict_on_full_pass:
            self.idle(self.still(before), 0, until=lambda: self._full_pass_at(verdict_frame))
        else:
            self.idle(self.still(before), 0, until=lambda: not any(map(self._full_pass_at, range(1, verdict_frame + 1))))
        placed_before = self._placed(row)
        records = len(self.run.records)
        landing_ms = [self.tick(frame, profile=True) for frame in moving]
        found = verdict_ms = None
        for n in range(1, REST_FRAMES + 1):
            landing_ms.append(self.tick(resting[n % 2], profile=True))
            if self._shows_verdict(row, right, placed_before):
                found, verdict_ms = n, landing_ms[-1]
                break
        judged = next((("right" if r["ok"] else "wrong") for r in self.run.records[records:]
                       if r.get("type") == "card_played" and r.get("card") == card_id), None)
        if judged is None:
            said = sorted({str(r.get("type")) for r in self.run.records[records:]})
            judged = f"not judged (the station said: {', '.join(said) or 'nothing'})"
        self.idle(resting, 3, until_quiet=True)  # its screen comes and goes before the next card
        return Landing(found, verdict_ms, landing_ms, judged), after

    def _placed(self, row: int) -> int | None:
        """Row ``row``'s cards placed, as the live screen shows them ("2 of 3"; None: another screen is up)."""
        view = self.run.station.last_view
        if not isinstance(view, TimerView):
            return None
        line = next((line for line in view.rows if line.name == f"Row {row}"), None)
        return int(line.detail.split(" of ")[0]) if line is not None else None

    def _shows_verdict(self, row: int, right: bool, placed_before: int | None) -> bool:
        """A right card: the live screen's count for its row gone up. A wrong one: its verdict screen."""
        if right:
            placed = self._placed(row)
            return placed is not None and placed_before is not None and placed == placed_before + 1
        view = self.run.station.last_view
        return isinstance(view, VerdictView) and view.kind == "wrong" and str(view.title).startswith(f"Row {row}:")

    def measure(self, verdict_on_full_pass: bool) -> Measured:
        self.lay_table()
        seen = len(self.full_passes)
        still_ms = self.idle(self.still(self.tab.cards), STILL_FRAMES)
        full_ms = [ms for ms, full in zip(still_ms, self.full_passes[seen:]) if full]
        codes = sum(1 for t in self.renderer.ground_truth(Scene(self.mat, self.tab.cards)) if t["visible_codes"])
        right, now_lying = self.land(RIGHT[0], RIGHT[1], self.tab.right_at, self.tab.cards, True, verdict_on_full_pass)
        wrong, _ = self.land(WRONG[0], WRONG[1], self.tab.wrong_at, now_lying, False, verdict_on_full_pass)
        notes = [f"{r['title']}: {r['detail']}" for r in self.run.records if r.get("type") == "note"]
        width, height = self.run.camera_model.width_px, self.run.camera_model.height_px
        return Measured(width, height, self.tab, codes, still_ms, full_ms, right, wrong, notes)

    def close(self) -> None:
        self.run.close()


def measure(width: int, height: int, count: int, verdict_on_full_pass: bool,
            profiler: cProfile.Profile | None = None) -> Measured:
    mat = mat_layout("math-rush", 1)
    with tempfile.TemporaryDirectory(prefix="mathstation-bench-") as scratch:
        bench = Bench(mat, table(mat, count), width, height, Path(scratch))
        bench.profiler = profiler
        try:
            return bench.measure(verdict_on_full_pass)
        finally:
            bench.close()


# ---- the report ---------------------------------------------------------------------------------

@dataclass
class Row:
    """One table at one frame size, on fresh stations: the landings timed off the safety-net pass
    (``ordinary``) and onto it (``on_full_pass``, none with --quick), each ``--repeat`` times."""

    ordinary: list[Measured]
    on_full_pass: list[Measured]

    @property
    def first(self) -> Measured:
        return self.ordinary[0]

    @property
    def measured(self) -> list[Measured]:
        return self.ordinary + self.on_full_pass

    @property
    def landings(self) -> list[Landing]:
        return [landing for m in self.measured for landing in (m.right, m.wrong)]

    @property
    def still_median(self) -> float:
        return statistics.median(ms for m in self.measured for ms in m.still_ms)

    @property
    def full_pass(self) -> float | None:
        passes = [ms for m in self.measured for ms in m.full_pass_ms]
        return statistics.median(passes) if passes else None

    def verdicts(self, on_full_pass: bool) -> list[float]:
        """The ms of every frame that put a verdict on the OLED (both cards, every repeat)."""
        return [landing.verdict_ms for m in (self.on_full_pass if on_full_pass else self.ordinary)
                for landing in (m.right, m.wrong) if landing.verdict_ms is not None]

    def verdict_median(self, on_full_pass: bool) -> float | None:
        found = self.verdicts(on_full_pass)
        return statistics.median(found) if found else None

    @property
    def worst_ms(self) -> float:
        """The slowest frame of all: still, landing or verdict."""
        return max(ms for m in self.measured for ms in (*m.still_ms, *m.right.landing_ms, *m.wrong.landing_ms))

    @property
    def frames_to_verdict(self) -> int | None:
        """The most frames any card here waited for its verdict (None: one never got it)."""
        frames = [landing.frames_to_verdict for landing in self.landings]
        return None if None in frames else max(f for f in frames if f is not None)

    @property
    def judged_right(self) -> bool:
        """Every right card was judged right and every wrong one wrong."""
        return all(m.right.judged == "right" and m.wrong.judged == "wrong" for m in self.measured)


def _ms(value: float | None) -> str:
    return "—" if value is None else f"{value:.1f}"


def _spread(values: list[float]) -> str:
    """Median / worst."""
    return "—" if not values else f"{statistics.median(values):.1f} / {max(values):.1f}"


def _ratio(value: float | None, base: float | None) -> str:
    return "—" if value is None or not base else f"{value / base:.2f}"


def _frames(row: Row) -> str:
    shown = "—" if row.frames_to_verdict is None else str(row.frames_to_verdict)
    if row.judged_right:
        return shown
    judged = sorted({landing.judged for landing in row.landings})
    return f"{shown} ({'; '.join(judged)})"


def report(rows: list[Row]) -> str:
    baselines = {(r.first.width, r.first.height): r for r in rows if r.first.table.baseline}
    repeats = len(rows[0].ordinary) if rows else 0
    both = any(r.on_full_pass for r in rows)
    lines = [
        f"Camera rate {FPS:g} fps: {INTERVAL_MS:.0f} ms a frame. Frames to verdict: from the first frame the card lies "
        f"still in (1) to the frame after which the OLED shows its verdict, the most of every card (right and wrong, "
        f"{repeats} station{'s' if repeats != 1 else ''} per table{' and timing' if both else ''}; goal {GOAL_FRAMES}). "
        "Verdict frame: that frame's ms of work, median / worst. ÷ baseline: the medians over the goals-only table's.",
        "",
        "| frame | table | cards lying | cards with a code in view | frames to verdict | still frame ms (median) "
        "| verdict frame ms | verdict frame on the full pass ms | full pass ms (still table) | worst frame ms "
        f"| worst frame, share of {INTERVAL_MS:.0f} ms | ÷ baseline: still / verdict / verdict on the full pass |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        m, base = r.first, baselines.get((r.first.width, r.first.height))
        ratios = "—" if base is None or base is r else (
            f"{_ratio(r.still_median, base.still_median)} / {_ratio(r.verdict_median(False), base.verdict_median(False))} "
            f"/ {_ratio(r.verdict_median(True), base.verdict_median(True))}")
        lines.append(
            f"| {m.width}x{m.height} | {m.table.name} | {len(m.table.cards)} | {m.codes_in_view} | {_frames(r)} "
            f"| {r.still_median:.2f} | {_spread(r.verdicts(False))} | {_spread(r.verdicts(True))} | {_ms(r.full_pass)} "
            f"| {r.worst_ms:.1f} | {100 * r.worst_ms / INTERVAL_MS:.0f} % | {ratios} |")
    lines += ["", goal(rows), "", *pi_projection(rows)]
    notes = sorted({note for r in rows for m in r.measured for note in m.notes})
    if notes:
        lines += ["", "Notes the station showed while the tables were laid and measured: " + "; ".join(notes)]
    return "\n".join(lines)


def goal(rows: list[Row]) -> str:
    tables = [r for r in rows if not r.first.table.baseline]
    frames = [r.frames_to_verdict for r in tables]
    worst = None if not tables or None in frames else max(f for f in frames if f is not None)
    met = worst is not None and worst <= GOAL_FRAMES and all(r.judged_right for r in tables)
    most = max((len(r.first.table.cards) for r in tables), default=0)
    shown = "not at all, for some card" if worst is None else f"at most {worst}"
    return (f"Goal (issue 16): the verdict on the OLED {shown} frames after the card comes to rest, with up to {most} "
            f"cards lying (goal: at most {GOAL_FRAMES}, every card judged as it should be): "
            f"{'reached' if met else 'NOT reached'} on this machine.")


def oled_packing_ms() -> float:
    """luma's SSD1306 driver packing a verdict screen into its 1,024 bytes (what the dummy display
    skips), on a no-op interface: median ms here."""
    from luma.core.interface.serial import noop
    from luma.oled.device import ssd1306

    from station.ui.screens import render

    device, image = ssd1306(noop()), render(VerdictView("wrong", "0.25", "0.25 is not greater than 1/3", "Row 3"))
    times = []
    for _ in range(21):
        start = time.perf_counter()
        device.display(image)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def pi_projection(rows: list[Row]) -> list[str]:
    """Each frame size's largest table: its figures times the boards' factors, the verdict frames
    with the screen's trip to the OLED. A projection, not a measurement."""
    packing = oled_packing_ms()
    out = [f"Projected for a Raspberry Pi (not measured): this machine's ms times the factors of docs/performance.md "
           f"(Pi 4 x3-4, Pi 5 x1.5-2); a verdict frame also sends its screen to the SSD1306, which luma's dummy display "
           f"skips: the driver's packing ({packing:.2f} ms here, times the factor) and {OLED_WIRE_MS:.0f} ms on the "
           "I2C wire at 400 kHz. Frames to verdict at the camera's rate: the frames counted here, plus one for every "
           f"whole {INTERVAL_MS:.0f} ms the verdict frame's work runs past its own frame.", "",
           "| frame | table | board | still frame ms | verdict frame ms with the OLED (median, worst) "
           "| on the full pass | frames to verdict at the camera's rate (median, worst, on the full pass) |",
           "| --- | --- | --- | --- | --- | --- | --- |"]
    for size in dict.fromkeys((r.first.width, r.first.height) for r in rows):
        tables = [r for r in rows if (r.first.width, r.first.height) == size and not r.first.table.baseline]
        if not tables or tables[-1].frames_to_verdict is None:
            continue
        r = max(tables, key=lambda r: len(r.first.table.cards))
        ordinary, full = r.verdicts(False), r.verdicts(True)
        for board, factors in PI_FACTORS.items():
            def project(ms: float, oled: bool = True) -> tuple[float, float]:
                return tuple(ms * f + (packing * f + OLED_WIRE_MS if oled else 0.0) for f in factors)  # type: ignore[return-value]

            def span(values: tuple[float, float]) -> str:
                return f"{values[0]:.0f}-{values[1]:.0f}"

            def frames(ms: float) -> int:
                return r.frames_to_verdict + int(project(ms)[1] // INTERVAL_MS)  # type: ignore[operator]

            cells = [span(project(r.still_median, oled=False)),
                     f"{span(project(statistics.median(ordinary)))}, {span(project(max(ordinary)))}",
                     span(project(statistics.median(full))) if full else "—",
                     f"{frames(statistics.median(ordinary))}, {frames(max(ordinary))}, "
                     f"{frames(statistics.median(full)) if full else '—'}"]
            out.append(f"| {size[0]}x{size[1]} | {r.first.table.name} | {board} | " + " | ".join(cells) + " |")
    return out


def profile_report(profiler: cProfile.Profile) -> str:
    """The landing frames' time by function: the 25 largest by their own time, then by cumulative time."""
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out).strip_dirs()
    stats.sort_stats("tottime").print_stats(25)
    stats.sort_stats("cumulative").print_stats(25)
    return out.getvalue()


def _sizes(text: str) -> list[tuple[int, int]]:
    """"1920x1080,1280x720" -> [(1920, 1080), (1280, 720)]."""
    try:
        return [(int(w), int(h)) for w, h in (size.split("x") for size in text.split(","))]
    except ValueError:
        raise argparse.ArgumentTypeError(f"frame sizes are WIDTHxHEIGHT, comma-separated, not {text!r}") from None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="1280x720 only, the 40-card table and the baseline, once, landings off the full pass")
    parser.add_argument("--repeat", type=int, default=None, help="fresh stations per table and timing (default 3; --quick 1)")
    parser.add_argument("--sizes", type=_sizes, default=None, help="frame sizes, e.g. 1920x1080,1280x720")
    parser.add_argument("--cards", type=lambda text: [int(n) for n in text.split(",")], default=None,
                        help=f"table sizes in cards, e.g. 20,40 ({2 * len(GOALS)}-{2 * len(GOALS) + len(LAYING)}; "
                             "the goals-only baseline is always measured too)")
    parser.add_argument("--profile", action="store_true",
                        help="profile the landing frames of the largest table at 1920x1080 and print where the time goes")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    repeat = args.repeat or (1 if args.quick else 3)
    resolutions = args.sizes or ([(1280, 720)] if args.quick else RESOLUTIONS)
    counts = args.cards or ([40] if args.quick else COUNTS)
    timings = (False,) if args.quick else (False, True)
    profiler = cProfile.Profile() if args.profile else None
    rows: list[Row] = []
    started = time.perf_counter()
    print(f"Math Rush card-to-verdict: {len(resolutions)} frame size(s) x {1 + len(counts)} tables (the goals-only "
          f"baseline and {', '.join(map(str, counts))} cards), {repeat} station(s) each"
          f"{', off and on the full pass' if len(timings) > 1 else ''}; a line as each table is done:",
          file=sys.stderr, flush=True)
    for width, height in resolutions:
        for count in [len(GOALS), *counts]:
            profiled = profiler if (width, height) == (1920, 1080) and count == max(counts) else None
            runs = {on_full: [measure(width, height, count, on_full, profiled) for _ in range(repeat)] for on_full in timings}
            rows.append(row := Row(runs[False], runs.get(True, [])))
            print(f"{width}x{height} {row.first.table.name:>22}: frames to verdict {_frames(row)}, still "
                  f"{row.still_median:.2f} ms, verdict frame {_spread(row.verdicts(False))} ms, on the full pass "
                  f"{_spread(row.verdicts(True))} ms, worst {row.worst_ms:.1f} ms ({time.perf_counter() - started:.0f} s)",
                  file=sys.stderr, flush=True)
    print(report(rows))
    if profiler is not None:
        print("\nWhere the landing frames' time goes (40 cards, 1920x1080):\n")
        print(profile_report(profiler))


if __name__ == "__main__":
    main()
