"""The camera: real frames, a printed card read through it, fresh frames after a slow tick, and the
vision pipeline's real cost per frame on this Pi (for docs/performance.md)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

CARD_SECONDS = 20.0
SPEED_FRAMES = 60
SETTLE_FRAMES = 15  # auto-exposure and white balance settle over the first frames
SLOW_TICK = 0.5  # seconds: a slow full pass on a busy Pi


@pytest.fixture(scope="module")
def camera(rig, pixel_format) -> Iterator[Any]:
    from station.hardware.camera import open_camera

    asked = pixel_format if rig.camera.startswith("picamera2") else "BGR"  # a USB camera gives BGR
    device = open_camera(rig.camera, width=rig.width, height=rig.height, pixel_format=asked)
    yield device
    device.close()


@pytest.fixture(scope="module")
def decoder(rig) -> Any:
    from station.vision.decode import make_decoder

    return make_decoder(rig.decoder)


def test_the_camera_gives_a_real_picture(camera, rig):
    got = camera.read()
    frame = gray_of(got)
    if got.pixel_format == "BGR":
        assert got.image.ndim == 3 and got.image.shape[2] == 3 and got.image.dtype == np.uint8, f"not a BGR frame: {got.image.shape}"
    if rig.camera.startswith("picamera2"):  # a USB camera may pick its nearest size; picamera2 gives what is asked
        assert frame.shape[:2] == (rig.height, rig.width)
    assert float(frame.std()) > 2.0, "the picture is one flat colour: is the lens cap on, or the room dark?"


def test_a_printed_card_under_the_camera_is_read(camera, decoder, say):
    say(f"Hold a printed card under the camera, code up, about where cards lie on the table "
        f"(waiting up to {CARD_SECONDS:.0f} s)…")
    deadline = time.monotonic() + CARD_SECONDS
    seen: set[str] = set()
    while time.monotonic() < deadline:
        texts = [read.text for read in decoder.decode(gray_of(camera.read()))]
        cards = [text for text in texts if text.startswith("MCS1-")]
        if cards:
            say(f"read {cards[0]} — thank you, take the card away")
            return
        seen.update(texts)
    hint = f" (it read other codes: {sorted(seen)})" if seen else ""
    pytest.fail(f"no Math Card Station code read in {CARD_SECONDS:.0f} s{hint}: check the focus, the light and "
                "the camera's height (docs/vision.md); `mathstation scan` on a saved photo tells more")


def test_after_a_slow_tick_the_next_frame_was_taken_after_it(camera, say):
    """A slow tick (a full pass on a busy Pi) must not leave the station judging old frames: the
    frame read after it was taken after it began (its capture time says so, on the same clock)."""
    for _ in range(SETTLE_FRAMES):
        camera.read()
    for _ in range(3):
        began = camera.clock()
        time.sleep(SLOW_TICK)  # the slow tick: frames keep coming meanwhile
        frame = camera.read()
        assert frame.time >= began, (f"the frame read after a {SLOW_TICK:.1f} s tick was taken "
                                     f"{began - frame.time:.3f} s before the tick began: the camera serves stale frames")
    say(f"after a {SLOW_TICK:.1f} s tick the frame read was {camera.clock() - frame.time:.3f} s old")


def test_pipeline_cost_per_frame_on_a_still_table(camera, decoder, rig, board, say):
    """Measures for docs/performance.md: frame to table events (observe and the tracker), a still
    frame and the safety-net full pass, with whole-frame zxing-cpp on the same frames as the
    yardstick; fails only if a still table keeps the decoder busy."""
    from station.vision.pipeline import CardPipeline, PipelineSettings
    from station.vision.track import CardTracker

    say("Leave the table still (cards may lie on it, hands away) for a few seconds: measuring…")
    for _ in range(SETTLE_FRAMES):
        camera.read()
    pipeline, tracker = CardPipeline(decoder), CardTracker()
    read_ms, observe_ms, decoding_frames, frames = [], [], 0, []
    for _ in range(SPEED_FRAMES):
        start = time.perf_counter()
        frame = camera.read()
        read_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        observation = pipeline.observe(frame)
        tracker.update(observation, frame.time)
        observe_ms.append((time.perf_counter() - start) * 1000)
        decoding_frames += observation.decoded_px > 0
        frames.append(frame)
    still_ms = [ms for index, ms in enumerate(observe_ms) if index % 30]  # frames 0 and 30 are full passes
    full = CardPipeline(decoder, settings=PipelineSettings(full_pass_every=1))
    full_tracker = CardTracker()
    full.observe(frames[0])
    full_ms, whole_ms = [], []
    for frame in frames[1:11]:
        start = time.perf_counter()
        full_tracker.update(full.observe(frame), frame.time)
        full_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        decoder.decode(gray_of(frame))
        whole_ms.append((time.perf_counter() - start) * 1000)

    p90 = sorted(observe_ms)[int(0.9 * (len(observe_ms) - 1))]
    still, full_pass, whole = statistics.median(still_ms), statistics.median(full_ms), statistics.median(whole_ms)
    size = f"{rig.width}x{rig.height}"
    say(f"{board}, {rig.camera} {size} {frame.pixel_format}, decoder {decoder.name}, {len(observation.cards)} cards in view:\n"
        f"    camera.read {statistics.median(read_ms):.1f} ms median; still frame {still:.1f} ms median, {p90:.1f} ms p90, "
        f"{max(observe_ms):.1f} ms max; full pass {full_pass:.1f} ms, whole-frame {decoder.name} {whole:.1f} ms "
        f"({full_pass / whole:.2f}x); {decoding_frames}/{SPEED_FRAMES} frames decoded something\n"
        f"    | {board} | {size} {frame.pixel_format} | {decoder.name} | {len(observation.cards)} | {still:.1f} | {p90:.1f} | "
        f"{full_pass:.1f} | {whole:.1f} | {decoding_frames}/{SPEED_FRAMES} |")
    # On a still table only the first frame and the periodic safety-net passes decode anything.
    assert decoding_frames <= SPEED_FRAMES // 2, (
        f"{decoding_frames} of {SPEED_FRAMES} frames of a still table were decoded: something keeps changing "
        "(a moving hand, flickering light, auto-exposure hunting) — the station will be slower than it should")


def gray_of(frame: Any) -> np.ndarray:
    """The whole frame in grey, as a whole-frame decoder needs it (the Y plane of YUV420)."""
    from station.vision.images import as_gray

    return as_gray(frame.image, frame.pixel_format)
