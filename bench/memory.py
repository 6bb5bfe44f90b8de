"""Resident memory over a long session: does the station grow while it referees for hours?

    .venv/bin/python bench/memory.py             # 7 games back to back, about 4 h of game time
    .venv/bin/python bench/memory.py --games 3 --victories 5    # a quick look

One station (camera pipeline, tracker, referee, journal, screens) stays up the whole time, as the
daemon does at a school: it plays the demo's 4-player Math Wars Meta games one after another on
the virtual table, every frame rendered and read, unpaced. Resident memory (VmRSS) is sampled
every 50 frames against the game time. The baseline is the same run's own start: memory once
the first game has filled the caches (card images, light fields, the decoder, SQLite's page
cache). The figure is the least-squares slope of resident memory over game time after that, in
MB per hour and as a share of the start; a leak shows as a steady climb, caches as an early step.
(The scenario runner's own list of records is emptied as it goes: the daemon keeps none.)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from station.games.math_wars.demo import demo_scenario
from station.simulate import ScenarioRun

PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]
SAMPLE_EVERY = 50  # frames


def resident_mb() -> float:
    """This process's resident set (VmRSS), MB."""
    with open("/proc/self/statm") as statm:
        pages = int(statm.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 1e6


def slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of y over x."""
    n = len(points)
    mx = sum(x for x, _ in points) / n
    my = sum(y for _, y in points) / n
    sxx = sum((x - mx) ** 2 for x, _ in points)
    return sum((x - mx) * (y - my) for x, y in points) / sxx if sxx else 0.0


class Session:
    """One station kept up while game after game is played through it."""

    def __init__(self, state_dir: Path, victories: int) -> None:
        self.victories = victories
        self.samples: list[tuple[float, float]] = []  # (game seconds, MB)
        self.frames = 0
        self.plays = 0
        self.run: ScenarioRun | None = None
        self.state_dir = state_dir

    def _sample(self) -> None:
        self.frames += 1
        if self.frames % SAMPLE_EVERY == 0 and self.run is not None:
            self.run.records.clear()  # the runner's log of everything said: not part of the station
            self.samples.append((self.run.now, resident_mb()))

    def play(self, seed: int) -> None:
        scenario, expected = demo_scenario({"game": "math-wars", "seed": seed, "players": PLAYERS, "victories_to_win": self.victories}, seed)
        if self.run is None:
            self.run = ScenarioRun(scenario, self.state_dir, display="dummy", between_frames=self._sample)
            self.run.run()
        else:  # the same station: the old game ends, the next one starts, as a teacher would
            run = self.run
            run.station.referee.end()
            run.table.cards.clear()
            game: dict[str, Any] = dict(scenario.game or {})
            run.station.referee.start(game, run.now, scenario.reveal or "press")
            for step in scenario.steps:
                getattr(run, f"_{step.kind}")(step)
        game_now = self.run.station.referee.game
        assert game_now is not None
        self.plays += len(game_now.actions)
        if [(a["player"], a["card"]) for a in game_now.actions] != [(a["player"], a["card"]) for a in expected.actions]:
            print(f"  note: game {seed} was not read exactly as played", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=7, help="games played back to back (default 7)")
    parser.add_argument("--victories", type=int, default=20,
                        help="VICTORY! cards per game (default 20: about 35 minutes of game time)")
    args = parser.parse_args()
    started = time.perf_counter()
    before = resident_mb()
    if args.games < 2:
        parser.error("give 2 games or more: the first one fills the caches and is the baseline")
    first_game_end = 0.0
    with tempfile.TemporaryDirectory(prefix="mathstation-memory-") as scratch:
        session = Session(Path(scratch), args.victories)
        for game in range(args.games):
            session.play(seed=5 + game)
            hours = session.samples[-1][0] / 3600 if session.samples else 0.0
            first_game_end = first_game_end or session.samples[-1][0]
            print(f"game {game + 1} done: {hours:.2f} h of game time, {resident_mb():.1f} MB resident", flush=True)
        assert session.run is not None
        session.run.close()
    samples = session.samples
    after_warm_up = [(t, mb) for t, mb in samples if t >= first_game_end]
    start_mb = after_warm_up[0][1]
    per_hour = slope([(t / 3600, mb) for t, mb in after_warm_up])
    total_h = samples[-1][0] / 3600
    print()
    print(f"Resident memory over {total_h:.2f} h of game time ({session.plays} plays, {session.frames} frames, "
          f"{time.perf_counter() - started:.0f} s of wall time):")
    print(f"  before the station:          {before:7.1f} MB")
    print(f"  after the first game (start): {start_mb:6.1f} MB  ({first_game_end / 3600:.2f} h of game time)")
    print(f"  peak:                        {max(mb for _, mb in samples):7.1f} MB")
    print(f"  end:                         {samples[-1][1]:7.1f} MB")
    print(f"  slope after the start:       {per_hour:+7.2f} MB per hour of game time "
          f"({100 * per_hour / start_mb:+.2f} % of the start per hour)")
    marks = [samples[int(i * (len(samples) - 1) / 8)] for i in range(9)]
    print("  game time (h) → MB: " + ", ".join(f"{t / 3600:.2f} → {mb:.1f}" for t, mb in marks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
