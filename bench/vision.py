"""Card vision benchmark: the naive baseline against the station's pipeline, same frames, same run.

    .venv/bin/python bench/vision.py            # the full table (a few minutes on 2 cores)
    .venv/bin/python bench/vision.py --quick    # one resolution, fewer frames

Scenes are seeded and rendered by the virtual table from the printed card images: an 8-seat
Math Wars Meta mat seen 700 mm across, cards on a jittered grid (turned up to 8 degrees), blur 0
and 1 px. Baseline: pyzbar on the whole frame, every frame. Pipeline: CardPipeline (zxing-cpp,
change-driven crops, a full pass every 30 frames). Times are medians, single thread. The
numbers are ratios measured in the same run, not absolutes: this machine is shared and noisy.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import cv2

from engine.catalog import load_catalog
from station.sim.virtual_table import CameraModel, PlacedCard, Scene, VirtualTable
from station.table.mat import mat_layout
from station.vision.decode import PyzbarDecoder
from station.vision.pipeline import CardPipeline

RESOLUTIONS = [(1280, 720), (1920, 1080), (2304, 1296)]
COUNTS = [1, 8, 16, 30]
MAT = mat_layout("math-wars", 8)
CATALOG = load_catalog()


def scene_cards(count: int, seed: int) -> tuple[PlacedCard, ...]:
    """``count`` cards on a 7 x 6 grid filling the 700 x 394 mm view, clear of the mat's corner
    markers, each jittered and turned a little (30 cards on 70 cm of table is a crowded table)."""
    rng = random.Random(seed)
    ids = rng.sample([c.id for c in CATALOG.game("math-wars").cards()], count)
    cx, cy = MAT.width / 2, MAT.height / 2
    cells = [(cx + (col - 3) * 97, cy + (row - 2.5) * 64.5) for row in range(6) for col in range(7)]
    cells = [c for c in cells if not any(abs(c[0] - m.x - m.size / 2) < 62 and abs(c[1] - m.y - m.size / 2) < 50 for m in MAT.markers)]
    assert len(cells) >= count, len(cells)
    rng.shuffle(cells)
    return tuple(PlacedCard(card_id, x + rng.uniform(-1, 1), y + rng.uniform(-0.5, 0.5), rng.choice([0, 180]) + rng.uniform(-2.5, 2.5))
                 for card_id, (x, y) in zip(ids, cells))


def timed(function, *args):
    start = time.perf_counter()
    result = function(*args)
    return (time.perf_counter() - start) * 1000, result


def accuracy(sightings, cards):
    truth = {c.card_id: c for c in cards}
    found = {s.card_id for s in sightings if s.card_id in truth}
    wrong = sum(1 for s in sightings if s.card_id not in truth)
    position = max((math.hypot(s.x - truth[s.card_id].x, s.y - truth[s.card_id].y) for s in sightings if s.card_id in truth), default=0.0)
    angle = max((min(d := abs(s.angle - truth[s.card_id].angle % 180) % 180, 180 - d) for s in sightings if s.card_id in truth), default=0.0)
    return len(found), wrong, position, angle


def run(resolutions, counts, frames: int, blurs) -> list[dict]:
    rows = []
    pyzbar = PyzbarDecoder()
    for width, height in resolutions:
        table = VirtualTable(CameraModel.seeing(700, width, height, mat=MAT))
        for blur in blurs:
            for count in counts:
                cards = scene_cards(count, seed=count * 7 + width)
                frame = table.render(Scene(MAT, cards, blur_px=blur, seed=count))
                gray = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
                # baseline: pyzbar on the whole frame, every frame
                base_times, base_found = [], 0
                for _ in range(frames):
                    ms, reads = timed(pyzbar.decode, gray)
                    base_times.append(ms)
                    base_found = len({r.text for r in reads} & {CATALOG.card(c.card_id).payload for c in cards})
                # pipeline: a first full pass, then the same (unchanged) frame again and again
                pipeline = CardPipeline()
                first_ms, first = timed(pipeline.observe, gray)
                still = [timed(pipeline.observe, gray)[0] for _ in range(30)]  # the 30th is a full pass
                visible = [c for c, truth in zip(cards, table.ground_truth(Scene(MAT, cards))) if truth["visible_codes"]]
                assert len(visible) == count, f"{count - len(visible)} cards out of view"
                found, wrong, position, angle = accuracy(first.cards, cards)
                # latency: a card appears on a still table; frames until it is identified
                without = cards[:-1]
                late = CardPipeline()
                before = table.render(Scene(MAT, without, blur_px=blur, seed=count))
                late.observe(before)
                late.observe(before)
                after = table.render(Scene(MAT, cards, blur_px=blur, seed=count))
                latency = next((n for n in range(1, 6) if cards[-1].card_id in {c.card_id for c in late.observe(after).cards}), None)
                rows.append({
                    "resolution": f"{width}x{height}", "blur": blur, "cards": count,
                    "baseline_ms": statistics.median(base_times), "baseline_found": base_found,
                    "full_pass_ms": first_ms, "still_ms": statistics.median(still), "still_mean_ms": statistics.fmean(still),
                    "found": found, "wrong": wrong, "position_mm": position, "angle_deg": angle,
                    "latency_frames": latency,
                })
                row = rows[-1]
                print(f"{row['resolution']:>9} blur {blur:.1f} {count:>2} cards: baseline {row['baseline_ms']:6.1f} ms "
                      f"({base_found}/{count}), pipeline still {row['still_ms']:5.2f} ms (mean {row['still_mean_ms']:5.2f}), "
                      f"full {first_ms:6.1f} ms, found {found}/{count}, wrong {wrong}, pos {position:.2f} mm, "
                      f"angle {angle:.2f} deg, new card in {latency} frame(s)", file=sys.stderr, flush=True)
    return rows


def report(rows: list[dict]) -> str:
    lines = [("| frame | blur px | cards | baseline ms | baseline found | pipeline ms, still (median / mean incl. full pass) | "
             "ratio | full pass ms | identified | wrong IDs | max position error mm | max angle error ° | new card (frames) |"),
             "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        ratio = r["baseline_ms"] / r["still_mean_ms"]
        lines.append(f"| {r['resolution']} | {r['blur']:.1f} | {r['cards']} | {r['baseline_ms']:.1f} | "
                     f"{100 * r['baseline_found'] / r['cards']:.0f} % | {r['still_ms']:.2f} / {r['still_mean_ms']:.2f} | "
                     f"{ratio:.0f}x | {r['full_pass_ms']:.1f} | {100 * r['found'] / r['cards']:.1f} % | {r['wrong']} | "
                     f"{r['position_mm']:.2f} | {r['angle_deg']:.2f} | {r['latency_frames']} |")
    lines.append("")
    for resolution in sorted({r["resolution"] for r in rows}):
        sharp = [r for r in rows if r["resolution"] == resolution and r["blur"] == 0.0]
        if len(sharp) > 1:
            xs = [r["cards"] for r in sharp]
            ys = [r["still_mean_ms"] for r in sharp]
            slope = statistics.linear_regression(xs, ys).slope
            median_slope = statistics.linear_regression(xs, [r["still_ms"] for r in sharp]).slope
            lines.append(f"- {resolution}: a still table's cost grows by {median_slope * 1000:.0f} µs per extra card on a "
                         f"frame without a full pass, {slope * 1000:.0f} µs with the full pass every 30 frames averaged in.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="1920x1080 only, 3 frames per measure")
    args = parser.parse_args()
    cv2.setNumThreads(1)
    if args.quick:
        rows = run([(1920, 1080)], COUNTS, 3, [0.0])
    else:
        rows = run(RESOLUTIONS, COUNTS, 5, [0.0, 1.0])
    print(report(rows))


if __name__ == "__main__":
    main()
