"""What a frame costs on the virtual table played in a browser, and whether the page stays quick.

    .venv/bin/python bench/virtual_table.py                  # 1280x720 and 1920x1080, 30 frames each
    .venv/bin/python bench/virtual_table.py --frames 60 --requests 200

Frames: a live table (a SUM mat of 3 seats, a target and a six-card equation on the strip, as a
game in progress, its last card sliding a little every frame) seen by the LiveCamera, at each resolution: frames per second rendered alone
(the baseline), then rendered and read (the station's CardPipeline: markers, codes, cards on the
mat), and the ratio of the two times: what reading adds to a frame. Each frame is timed in its two
halves, so both see the same load on a shared machine; medians over the frames.

The page: the teacher's page serving the table on a loopback port (the real WebServer), asked for
``/table/state.json`` (what each browser polls three times a second) while idle (the baseline),
then while a thread renders and reads frames as fast as it can (the station at work); the median
and 95th percentile of a request's latency, and their ratio busy / idle.
"""

from __future__ import annotations

import argparse
import json
import logging
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from station.sim.live_table import LiveCamera, LiveTable
from station.table.mat import mat_layout
from station.vision.decode import make_decoder
from station.vision.pipeline import CardPipeline

PIN = "123456"
EQUATION = (("SU-A-N3A", 198), ("SU-A-MUL1", 254), ("SU-A-N4A", 310), ("SU-A-ADD1", 366), ("SU-A-N5A", 422),
            ("SU-A-N2A", 478))


def laid_table(width: int, height: int) -> LiveTable:
    mat = mat_layout("sum", 3)
    table = LiveTable(mat, width=width, height=height)
    target = next(zone for zone in mat.zones if zone.name == "target")
    table.lay("SU-A-N12A", *target.center)
    for card, x in EQUATION:
        table.lay(card, x, 145)
    return table


def frames(width: int, height: int, count: int) -> dict[str, float]:
    """Frames per second rendered, and rendered and read, at one resolution."""
    table = laid_table(width, height)
    camera = LiveCamera(table)
    pipeline = CardPipeline(make_decoder())
    seen = pipeline.observe(camera.read())            # warm: the camera's maps, the mat and card images
    assert len(seen.cards) == 1 + len(EQUATION), f"the bench table is not read whole: {seen.cards}"
    last, x = EQUATION[-1]

    def nudge(i: int) -> None:   # a card slides a little each frame: no frame is the last one again
        table.lay(last, x + (i % 5) * 0.4, 145)

    renders, reads = [], []
    for i in range(count):   # each frame timed in its two halves: both under the same load
        nudge(i)
        start = time.perf_counter()
        frame = camera.read()
        rendered = time.perf_counter()
        pipeline.observe(frame)
        renders.append(rendered - start)
        reads.append(time.perf_counter() - rendered)
    render = statistics.median(renders)
    both = statistics.median(r + d for r, d in zip(renders, reads))
    return {"render_fps": 1 / render, "render_and_read_fps": 1 / both, "ratio": both / render}


def latencies(url: str, count: int) -> list[float]:
    times = []
    for _ in range(count):
        request = urllib.request.Request(url, headers={"X-Station-PIN": PIN})
        start = time.perf_counter()
        with urllib.request.urlopen(request, timeout=30) as answer:
            json.load(answer)
        times.append(time.perf_counter() - start)
    return times


def page(requests: int) -> dict[str, float]:
    """A request's latency with the station idle, then at work."""
    from station.roster import Roster
    from station.games import plugins
    from station.web.board import Board
    from station.web.server import WebServer

    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder)
        (state / "web-pin").write_text(PIN + "\n")
        table = laid_table(1280, 720)
        roster = Roster(state / "roster.sqlite3")
        server = WebServer(bind="127.0.0.1", port=0, state_dir=state, roster=roster, journal_file=state / "j.sqlite3",
                           config_path=None, board=Board(), games=plugins(), live_table=table)
        server.start()
        url = f"http://127.0.0.1:{server.port}/table/state.json"
        try:
            latencies(url, 5)
            idle = latencies(url, requests)
            stop = threading.Event()

            def station() -> None:   # the station's main loop at work: render and read, no pause
                camera, pipeline = LiveCamera(table), CardPipeline(make_decoder())
                while not stop.is_set():
                    pipeline.observe(camera.read())

            worker = threading.Thread(target=station, daemon=True)
            worker.start()
            time.sleep(1.0)
            busy = latencies(url, requests)
            stop.set()
            worker.join()
        finally:
            server.stop()
            roster.close()

    def p95(values: list[float]) -> float:
        return sorted(values)[int(0.95 * (len(values) - 1))]
    return {"idle_median_ms": 1000 * statistics.median(idle), "busy_median_ms": 1000 * statistics.median(busy),
            "idle_p95_ms": 1000 * p95(idle), "busy_p95_ms": 1000 * p95(busy),
            "median_ratio": statistics.median(busy) / statistics.median(idle)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--sizes", default="1280x720,1920x1080")
    args = parser.parse_args()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)   # one line per request would drown the figures
    for size in args.sizes.split(","):
        width, height = (int(n) for n in size.split("x"))
        result = frames(width, height, args.frames)
        print(f"{width}x{height}: rendered {result['render_fps']:.1f} frames/s; rendered and read "
              f"{result['render_and_read_fps']:.1f} frames/s; a read frame costs {result['ratio']:.2f}x a rendered one")
    result = page(args.requests)
    print(f"/table/state.json: median {result['idle_median_ms']:.1f} ms idle, {result['busy_median_ms']:.1f} ms while "
          f"the station renders and reads ({result['median_ratio']:.2f}x); 95th percentile "
          f"{result['idle_p95_ms']:.1f} ms idle, {result['busy_p95_ms']:.1f} ms busy")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
