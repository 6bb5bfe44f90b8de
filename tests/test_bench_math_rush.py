"""bench/math_rush.py runs end to end and prints its table (issue 16's speed goal is measured
there, never timed here): a quick run on the 40-card table and the goals-only baseline."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_quick_benchmark_prints_its_table_with_every_card_judged_within_two_frames():
    done = subprocess.run([sys.executable, "bench/math_rush.py", "--quick"], cwd=ROOT, capture_output=True, text=True,
                          timeout=900)
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    start = next(n for n, line in enumerate(lines) if line.startswith("| frame | table | cards lying |"))
    end = lines.index("", start)  # the measured table ends at a blank line; the Pi projection's follows
    columns, _, *body = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[start:end]]
    rows = {cells[1]: dict(zip(columns, cells)) for cells in body}
    assert set(rows) == {"goals only (baseline)", "40 cards"}
    table = rows["40 cards"]
    assert table["cards lying"] == "40"
    # frames are counted, not timed: the same rendered frames give the same count on any machine;
    # a bare number also says the right card was judged right and the wrong one wrong
    for name in ("40 cards", "goals only (baseline)"):
        assert rows[name]["frames to verdict"].isdigit(), rows[name]["frames to verdict"]
        assert 1 <= int(rows[name]["frames to verdict"]) <= 2
    for column in ("still frame ms (median)", "verdict frame ms"):
        assert table[column] != "—"
    assert any(line.startswith("Goal (issue 16)") and "reached on this machine" in line and "NOT" not in line
               for line in lines)
    assert any("| Pi 4 |" in line for line in lines) and any("| Pi 5 |" in line for line in lines)
