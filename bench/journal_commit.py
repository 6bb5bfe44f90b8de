"""What one journaled action costs, with its chained check (layout 3) against without (layout 2).

    .venv/bin/python bench/journal_commit.py              # 1000 appends, 5 rounds
    .venv/bin/python bench/journal_commit.py --appends 300 --rounds 3

Each append is its own transaction, committed with WAL + synchronous=FULL, as the station makes
it. The baseline is layout 2's append, made in the same run with layout 2's own statements (its
schema, its two reads, its INSERT without the check) on a file beside it, so the machine's disk
and load weigh on both alike; the rounds alternate between the two. Reported: the median time
per append and the ratio to the baseline, and the write-ahead log's frames per append (pages
written at each commit, counted from the log's size, not timed): the check must add no page.
On a Pi's SD card the sync dominates both, so the ratio there is closer to 1 than here.
Then the check when the station opens a journal of 60 000 actions, and the one-time migration.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from station.store import Journal

CONFIG = {"game": "math-wars", "seed": 1, "players": ["Ana", "Ben"]}
LAYOUT_2 = """
CREATE TABLE games (id INTEGER PRIMARY KEY, config TEXT NOT NULL, started TEXT NOT NULL, ended TEXT,
                    status TEXT NOT NULL CHECK (status IN ('playing', 'finished', 'stopped')),
                    started_synced INTEGER, ended_synced INTEGER);
CREATE TABLE actions (game_id INTEGER NOT NULL REFERENCES games (id), seq INTEGER NOT NULL, action TEXT NOT NULL,
                      PRIMARY KEY (game_id, seq)) WITHOUT ROWID;
PRAGMA user_version = 2;
"""


def action(n: int) -> dict[str, object]:
    """A typical play: the size of the station's own."""
    return {"type": "play", "t": round(1.5 + n * 2.25, 2), "player": "Ana" if n % 2 else "Ben",
            "card": f"MW-{'A' if n % 2 else 'B'}-N{n % 40 + 1}", "source": "camera"}


def wal_frames(path: Path) -> int:
    wal = path.with_name(path.name + "-wal")
    size = wal.stat().st_size if wal.exists() else 0
    return max(size - 32, 0) // (4096 + 24)


def layout_2_appends(path: Path, count: int) -> tuple[float, float]:
    """Seconds per append and log frames per append, as layout 2's append made them."""
    db = sqlite3.connect(path, isolation_level=None)
    db.executescript(LAYOUT_2)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA synchronous = FULL")
    db.execute("PRAGMA wal_autocheckpoint = 0")   # keep every frame in the log, to count them
    db.execute("INSERT INTO games (config, started, status) VALUES (?, '2026-11-21T09:00:00+01:00', 'playing')",
               (json.dumps(CONFIG),))
    texts = [json.dumps(action(n), ensure_ascii=False) for n in range(count)]
    frames = wal_frames(path)
    start = time.perf_counter()
    for text in texts:
        db.execute("BEGIN IMMEDIATE")
        db.execute("SELECT status FROM games WHERE id = 1").fetchone()
        seq = db.execute("SELECT coalesce(max(seq), 0) + 1 FROM actions WHERE game_id = 1").fetchone()[0]
        db.execute("INSERT INTO actions (game_id, seq, action) VALUES (1, ?, ?)", (seq, text))
        db.execute("COMMIT")
    seconds = (time.perf_counter() - start) / count
    result = seconds, (wal_frames(path) - frames) / count
    db.close()
    return result


def layout_3_appends(path: Path, count: int) -> tuple[float, float]:
    """Seconds per append and log frames per append, through the station's own Journal."""
    with Journal(path) as journal:
        journal._connection().execute("PRAGMA wal_autocheckpoint = 0")
        game_id = journal.start_game(CONFIG)
        actions = [action(n) for n in range(count)]
        frames = wal_frames(path)
        start = time.perf_counter()
        for one in actions:
            journal.append(game_id, one)
        seconds = (time.perf_counter() - start) / count
        return seconds, (wal_frames(path) - frames) / count


def open_costs(folder: Path, count: int, rounds: int) -> None:
    """The check at open over ``count`` actions: layout 2's (text and JSON of every row) against
    layout 3's (every row's chained check), and the one-time migration from 2 to 3."""
    old = folder / "open-2.sqlite3"
    db = sqlite3.connect(old, isolation_level=None)
    db.executescript(LAYOUT_2)
    db.execute("BEGIN")
    for game in range(1, count // 200 + 1):
        db.execute("INSERT INTO games (id, config, started, status) VALUES (?, ?, '2026-11-21T09:00:00+01:00', "
                   "'finished')", (game, json.dumps(CONFIG)))
        db.executemany("INSERT INTO actions VALUES (?, ?, ?)",
                       [(game, n + 1, json.dumps(action(n))) for n in range(200)])
    db.execute("COMMIT")
    db.close()
    new = folder / "open-3.sqlite3"
    new.write_bytes(old.read_bytes())
    start = time.perf_counter()
    Journal(new).close()   # migrates: every row gets its check
    migration = time.perf_counter() - start
    checks = {"layout 2 (baseline)": [], "layout 3 (chained check)": []}
    for _ in range(rounds):
        for name, path, readonly in (("layout 2 (baseline)", old, True), ("layout 3 (chained check)", new, False)):
            start = time.perf_counter()
            Journal(path, readonly=readonly).close()   # (read-only: layout 2's checks, and no migration)
            checks[name].append(time.perf_counter() - start)
    base = statistics.median(checks["layout 2 (baseline)"])
    print(f"\nopening a journal of {count} actions (its check), median of {rounds}; migration 2 -> 3 once: "
          f"{migration * 1000:.0f} ms")
    for name, times in checks.items():
        print(f"{name:<26} {statistics.median(times) * 1000:>8.1f} ms {statistics.median(times) / base:>5.2f}x")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--open-actions", type=int, default=60_000, help="actions in the journal opened (0: skip)")
    args = parser.parse_args()
    runs: dict[str, list[tuple[float, float]]] = {"layout 2 (baseline)": [], "layout 3 (chained check)": []}
    with tempfile.TemporaryDirectory() as folder:
        for n in range(args.rounds):
            for name, appends in (("layout 2 (baseline)", layout_2_appends),
                                  ("layout 3 (chained check)", layout_3_appends)):
                runs[name].append(appends(Path(folder) / f"{n}-{name[:8].replace(' ', '')}.sqlite3", args.appends))
    base = statistics.median(s for s, _ in runs["layout 2 (baseline)"])
    print(f"{args.appends} appends, each its own commit (WAL + FULL), median of {args.rounds} rounds")
    print(f"{'journal':<26} {'per append':>11} {'ratio':>6} {'log frames per append':>22}")
    for name, results in runs.items():
        seconds = statistics.median(s for s, _ in results)
        frames = statistics.median(f for _, f in results)
        print(f"{name:<26} {seconds * 1000:>8.3f} ms {seconds / base:>5.2f}x {frames:>22.2f}")
    if args.open_actions:
        with tempfile.TemporaryDirectory() as folder:
            open_costs(Path(folder), args.open_actions, args.rounds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
