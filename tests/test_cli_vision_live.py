"""``mathstation scan --camera`` (once and ``--live``) and ``mathstation calibrate`` as a teacher or
a script would run them, on frames rendered by the virtual table."""

from __future__ import annotations

import io
import json

import cv2
import pytest

from station.cli import main
from station.cli_vision import run_live
from station.games.math_wars.demo import demo_scene
from station.sim.virtual_camera import VirtualCamera
from station.sim.virtual_table import CameraModel, Lighting, Scene, VirtualTable
from station.vision.pipeline import CardPipeline
from station.vision.track import CardTracker

DEMO = demo_scene(0)
DEMO_IDS = [card.card_id for card in DEMO.cards]
GOOD = CameraModel.seeing(700, 1920, 1080, mat=DEMO.mat)  # 3.8 px per module: see test_calibrate.py


def render(camera: CameraModel, **changes: object):
    scene = Scene(DEMO.mat, DEMO.cards, lighting=Lighting(brightness=0.85), **changes)  # type: ignore[arg-type]
    return VirtualTable(camera).render(scene)


def test_a_live_scan_shows_the_demo_cards_their_zones_and_a_summary(capsys):
    code = main(["scan", "--camera", "virtual", "--live", "--frames", "5", "--size", "1280x720"])
    out = capsys.readouterr().out
    assert code == 0
    for card in DEMO.cards:
        assert any(line.strip().startswith(card.card_id) and line.endswith("seen") for line in out.splitlines())
        assert f"placed {card.card_id} (" in out  # the tracker's event, as it happened
    assert "mat: Math Wars Meta for 2 players, 4 of 4 markers seen" in out
    assert "4 cards on the table:" in out and "PLAYER 1 COUNT META" in out
    assert "ms per frame (vision)" in out  # frames per second and vision time
    assert out.splitlines()[-1].startswith("Stopped after 5 frames") and "4 cards on the table." in out.splitlines()[-1]
    assert "\x1b[" not in out  # not a terminal: plain blocks, no cursor moves


def test_a_live_scan_with_json_prints_one_event_per_line(capsys):
    assert main(["scan", "--camera", "virtual", "--live", "--frames", "2", "--size", "1280x720", "--json"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert sorted(r["card"] for r in records if r["type"] == "placed") == sorted(DEMO_IDS)
    assert records[-1] == {"type": "summary", "frames": 2, "seconds": records[-1]["seconds"], "cards": 4}


def test_scan_reads_one_frame_from_a_folder_camera(tmp_path, capsys):
    folder = tmp_path / "frames"
    folder.mkdir()
    cv2.imwrite(str(folder / "frame-1.png"), render(CameraModel.seeing(700, 1280, 720, mat=DEMO.mat)))
    assert main(["scan", "--camera", f"folder:{folder}"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"folder:{folder}: 4 cards, Math Wars Meta mat for 2 players, 4 of 4 markers seen")
    assert all(card_id in out for card_id in DEMO_IDS)


def test_a_camera_lost_mid_game_is_retried_until_it_comes_back():
    class Unplugged(VirtualCamera):
        """Unplugged after its second frame; plugged back in after two failed reopen() tries."""

        tries = 0

        def reopen(self) -> None:
            self.tries += 1
            if self.tries == 3:
                self.failed = False
            super().reopen()

    def scene():
        if camera.reads == 1:
            camera.failed = True  # the cable comes out after this frame
        return DEMO

    now = [0.0]

    def sleep(seconds: float) -> None:  # a clock that moves only while the station waits
        now[0] += seconds

    camera = Unplugged(scene, width=1280, height=720)
    out = io.StringIO()
    summary = run_live(camera, CardPipeline(), CardTracker(), out, frames=4, clock=lambda: now[0], sleep=sleep)
    text = out.getvalue()
    assert text.count("camera lost, retrying…") == 1 and "camera back" in text
    assert camera.tries == 3 and summary.frames == 4 and camera.reads == 4
    # three seconds without a camera remove nothing: no frame is not an empty table
    assert summary.cards == 4 and "removed" not in text and "covered" not in text


def test_ctrl_c_ends_a_live_scan_with_its_summary():
    def scene():
        if camera.reads == 3:
            raise KeyboardInterrupt
        return DEMO

    camera = VirtualCamera(scene, width=1280, height=720)
    out = io.StringIO()
    summary = run_live(camera, CardPipeline(), CardTracker(), out)
    assert summary.frames == 3
    assert out.getvalue().splitlines()[-1].startswith("Stopped after 3 frames")


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["scan"], "give IMAGE... or --camera SPEC"),
        (["scan", "x.png", "--camera", "virtual"], "not both"),
        (["scan", "x.png", "--live"], "--live needs --camera SPEC"),
        (["scan", "--camera", "virtual", "--frames", "3"], "--frames needs --live"),
        (["scan", "--camera", "webcam"], "unknown camera 'webcam'"),
        (["scan", "--camera", "usb:/dev/nonexistent", "--live"], "no camera at /dev/nonexistent"),
        (["calibrate"], "give IMAGE or --camera SPEC"),
        (["calibrate", "--camera", "usb:/dev/nonexistent"], "no camera at /dev/nonexistent: is it plugged in?"),
        (["calibrate", "missing.png"], "missing.png: no such file"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, words, capsys):
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and words in captured.err and captured.err.startswith("mathstation ")


def test_calibrate_says_ready_on_a_good_frame(tmp_path, capsys):
    path = tmp_path / "good.png"
    cv2.imwrite(str(path), render(GOOD))
    assert main(["calibrate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "Ready to play."
    assert "Mat: Math Wars Meta for 2 players, 4 of 4 corner squares seen" in out


def test_calibrate_gives_advice_and_exit_1_on_a_blurred_frame(tmp_path, capsys):
    path = tmp_path / "blurred.jpg"
    cv2.imwrite(str(path), render(GOOD, blur_px=2.0))
    assert main(["calibrate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2] == "Fix these first:"
    assert lines[-1].startswith("  - The picture is blurred (2.0 px): turn the lens to focus")


def test_calibrate_json_from_a_camera(capsys):
    assert main(["calibrate", "--camera", "virtual", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ready"] is True and data["advice"] == [] and data["mat"]["markers_seen"] == 4
    assert data["frame"] == {"width": 1920, "height": 1080} and data["px_per_module"] > 3

