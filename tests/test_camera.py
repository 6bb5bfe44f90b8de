"""Cameras as the station opens them from a spec: recorded frames, one photo, the virtual table,
and the real backends' errors when their device or library is missing."""

from __future__ import annotations

import logging
import sys
import threading
import time
import types
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest

from station.cameras import open_camera
from station.hardware.camera import (
    BadCameraSpec,
    Camera,
    CameraError,
    CameraLost,
    CameraUnavailable,
    settled_frame,
)
from station.games.math_wars.demo import demo_scene
from station.sim.virtual_camera import VirtualCamera
from station.sim.virtual_table import Scene
from station.vision.scan import scan_image


def solid(value: int, width: int = 8, height: int = 6) -> np.ndarray:
    """A small BGR image whose three channels differ, so a channel swap would show."""
    image = np.zeros((height, width, 3), np.uint8)
    image[...] = (value, value // 2, 255 - value)
    return image


def write(path, image: np.ndarray):
    assert cv2.imwrite(str(path), image)
    return path


# --- folder: and file: -------------------------------------------------------------------------


def test_a_folder_plays_its_images_in_name_order_then_round_again(tmp_path):
    for name, value in [("frame-10.png", 30), ("frame-2.png", 20), ("frame-1.png", 10)]:
        write(tmp_path / name, solid(value))
    (tmp_path / "notes.txt").write_text("not a frame")
    with open_camera(f"folder:{tmp_path}") as camera:
        frames = [camera.read().image for _ in range(4)]
    assert [int(f[0, 0, 0]) for f in frames] == [10, 20, 30, 10]
    assert np.array_equal(frames[0], solid(10))  # BGR as written, no channel swap
    assert camera.name == f"folder:{tmp_path}"


def test_an_unreadable_image_in_the_folder_is_skipped_with_a_warning(tmp_path, caplog):
    write(tmp_path / "a.png", solid(10))
    (tmp_path / "b.png").write_bytes(b"not really a png")
    write(tmp_path / "c.png", solid(30))
    with caplog.at_level(logging.WARNING), open_camera(f"folder:{tmp_path}") as camera:
        values = [int(camera.read().image[0, 0, 0]) for _ in range(4)]
    assert values == [10, 30, 10, 30]
    assert "b.png" in caplog.text


@pytest.mark.parametrize("make", ["missing", "empty"])
def test_a_missing_or_empty_folder_cannot_be_opened(tmp_path, make):
    folder = tmp_path / "frames"
    if make == "empty":
        folder.mkdir()
    with pytest.raises(CameraUnavailable, match="frames"):
        open_camera(f"folder:{folder}")


def test_a_file_camera_returns_the_same_photo_every_time(tmp_path):
    path = write(tmp_path / "table.png", solid(77, 12, 9))
    with open_camera(f"file:{path}") as camera:
        first, second = camera.read().image, camera.read().image
    assert first.shape == (9, 12, 3) and np.array_equal(first, second) and np.array_equal(first, solid(77, 12, 9))


def test_a_missing_photo_names_the_file(tmp_path):
    with pytest.raises(CameraUnavailable, match="nope.png: no such file"):
        open_camera(f"file:{tmp_path / 'nope.png'}")


def test_a_closed_camera_gives_no_frame_until_reopened(tmp_path):
    camera = open_camera(f"file:{write(tmp_path / 'one.png', solid(5))}")
    with camera:
        camera.read()
    with pytest.raises(CameraLost, match="closed"):
        camera.read()
    camera.reopen()
    assert int(camera.read().image[0, 0, 0]) == 5


# --- the virtual table -------------------------------------------------------------------------


def test_the_virtual_demo_table_shows_four_readable_cards_on_the_mat():
    with open_camera("virtual", width=1280, height=720, scene=demo_scene) as camera:
        frame = camera.read().image
    assert frame.shape == (720, 1280, 3) and frame.dtype == np.uint8
    result = scan_image(frame)
    assert result.table.markers_seen == 4
    assert sorted(c.card_id for c in result.cards) == sorted(c.card_id for c in demo_scene(0).cards)
    assert {result.table.mat.zone_at(c.x, c.y).name for c in result.cards} == {z.name for z in result.table.mat.zones}


def test_the_virtual_demo_is_the_same_every_time_and_the_seed_changes_it():
    def frame(spec):
        with open_camera(spec, width=320, height=180, scene=demo_scene) as camera:
            return camera.read().image

    assert np.array_equal(frame("virtual"), frame("virtual:0"))
    assert not np.array_equal(frame("virtual:0"), frame("virtual:1"))
    assert [c.card_id for c in demo_scene(1).cards] != [c.card_id for c in demo_scene(0).cards]


def test_a_virtual_camera_follows_the_scene_it_is_given():
    full = demo_scene(0)
    camera = VirtualCamera(full, width=1280, height=720)
    assert len(scan_image(camera.read().image).cards) == 4
    camera.scene = Scene(full.mat, full.cards[:1], lighting=full.lighting)
    assert len(scan_image(camera.read().image).cards) == 1
    scenes = iter([Scene(full.mat, ()), full])
    camera.scene = lambda: next(scenes)  # a simulator hands over the scene of the moment
    assert [len(scan_image(camera.read().image).cards) for _ in range(2)] == [0, 4]
    assert camera.reads == 4


def test_an_unplugged_virtual_camera_is_lost_until_it_is_plugged_back_in():
    camera = VirtualCamera(demo_scene(0), width=320, height=180)
    camera.read()
    camera.failed = True
    with pytest.raises(CameraLost):
        camera.read()
    with pytest.raises(CameraUnavailable):
        camera.reopen()
    camera.failed = False
    camera.reopen()
    assert camera.read().image.shape == (180, 320, 3)
    assert camera.reads == 2


# --- specs and the real backends' errors --------------------------------------------------------


@pytest.mark.parametrize("spec", ["webcam", "usb", "folder:", "", "USB:0"])
def test_a_bad_spec_is_a_camera_error_that_lists_every_valid_form(spec):
    with pytest.raises(BadCameraSpec) as caught:
        open_camera(spec)
    assert isinstance(caught.value, CameraError) and isinstance(caught.value, ValueError)
    for form in ("picamera2", "usb:N", "usb:/dev/videoN", "folder:PATH", "file:PATH", "virtual", "virtual:SEED"):
        assert form in str(caught.value)


@pytest.mark.parametrize("spec, example", [("usb:first", "usb:0"), ("picamera2:left", "picamera2:0"), ("virtual:x", "virtual:0"),
                                           ("usb:²", "usb:0"), ("virtual:①", "virtual:0"), ("picamera2:٣", "picamera2:0"),
                                           ("usb:１", "usb:0"), ("usb:" + "9" * 5000, "usb:0")])
def test_a_camera_number_must_be_a_number(spec, example):
    """Only digits 0-9: superscripts and circled or other scripts' digits are digits to str.isdigit
    but not to int() (or, like Arabic-Indic ٣, a second spelling of a number)."""
    with pytest.raises(BadCameraSpec, match=rf"after the colon comes a number \(digits 0-9, at most 9\), e.g. {example}"):
        open_camera(spec)


@pytest.mark.parametrize("spec", ["usb:/dev/\x00video0", "file:photo\n.png", "folder:fr\tames"])
def test_a_camera_path_with_a_control_character_is_refused(spec):
    with pytest.raises(BadCameraSpec, match="control character"):
        open_camera(spec)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="device paths are Linux's")
@pytest.mark.parametrize("spec, path", [("usb:/dev/nonexistent", "/dev/nonexistent"), ("usb:99", "/dev/video99")])
def test_a_usb_camera_that_is_not_there_says_how_to_list_cameras(spec, path):
    with pytest.raises(CameraUnavailable) as caught:
        open_camera(spec)
    assert f"no camera at {path}" in str(caught.value) and "v4l2-ctl --list-devices" in str(caught.value)


def test_without_picamera2_the_error_gives_the_apt_command_and_the_laptop_way(monkeypatch):
    monkeypatch.setitem(sys.modules, "picamera2", None)  # as on a laptop: `import picamera2` fails
    with pytest.raises(CameraUnavailable) as caught:
        open_camera("picamera2")
    assert "sudo apt install python3-picamera2" in str(caught.value) and "usb:0" in str(caught.value)


# --- the real backends, their libraries mocked ---------------------------------------------------


class FakePicamera2:
    """Just enough of picamera2's Picamera2 to record how the backend drives it."""

    cameras: ClassVar[list[dict[str, str]]] = [{"Model": "imx708", "Id": "/base/i2c@88000/imx708@1a"}]
    opened: ClassVar[list[FakePicamera2]] = []
    stalled = False
    exposure_age = 0.0  # seconds between a frame's exposure and its read

    def __init__(self, number: int = 0) -> None:
        self.number, self.calls = number, list[tuple[Any, ...]]()
        FakePicamera2.opened.append(self)

    @staticmethod
    def global_camera_info():
        return FakePicamera2.cameras

    def create_video_configuration(self, main, controls):
        return {"main": main, "controls": controls}

    def configure(self, config):
        self.calls.append(("configure", config))
        self.size, self.format = config["main"]["size"], config["main"]["format"]

    def start(self):
        self.calls.append(("start",))

    def capture_request(self, wait):
        width, height = self.size
        if self.format == "YUV420":
            image = np.zeros((height * 3 // 2, width), np.uint8)
            image[:height] = 120  # the Y plane
        else:
            image = np.zeros((height, width, 3), np.uint8)
            image[..., 0] = 200  # blue first: RGB888 is [B, G, R] in memory
        taken = time.clock_gettime(time.CLOCK_BOOTTIME) - FakePicamera2.exposure_age
        device = self

        class Request:
            def make_array(self, name):
                assert name == "main"
                return image

            def get_metadata(self):
                return {"SensorTimestamp": int(taken * 1e9), "ExposureTime": 10000}

            def release(self):
                device.calls.append(("release",))

        class Job:
            def get_result(self, timeout):
                if FakePicamera2.stalled:
                    raise FutureTimeout()
                return Request()

        return Job()

    def stop(self):
        self.calls.append(("stop",))

    def close(self):
        self.calls.append(("close",))


@pytest.fixture
def fake_picamera2(monkeypatch):
    FakePicamera2.opened, FakePicamera2.stalled, FakePicamera2.exposure_age = [], False, 0.0
    monkeypatch.setattr(FakePicamera2, "cameras", list(FakePicamera2.cameras))
    monkeypatch.setitem(sys.modules, "picamera2", types.SimpleNamespace(Picamera2=FakePicamera2))
    return FakePicamera2


def test_a_pi_camera_streams_bgr_frames_at_the_size_asked_and_closes(fake_picamera2):
    with open_camera("picamera2", width=640, height=480, fps=5) as camera:
        frame = camera.read()
    device = fake_picamera2.opened[0]
    assert frame.image.shape == (480, 640, 3) and frame.image[0, 0, 0] == 200 and frame.pixel_format == "BGR"
    configure = device.calls[0]
    assert configure == ("configure", {"main": {"size": (640, 480), "format": "RGB888"}, "controls": {"FrameRate": 5}})
    assert device.calls[1:] == [("start",), ("release",), ("stop",), ("close",)]  # the request goes back to picamera2
    assert camera.settle_frames > 0  # a one-shot capture lets auto-exposure settle first


def test_a_pi_camera_frame_carries_the_sensor_s_exposure_time_on_the_station_s_clock(fake_picamera2):
    fake_picamera2.exposure_age = 1.5  # the exposure began 1.5 s before the read (on CLOCK_BOOTTIME)
    with open_camera("picamera2", width=64, height=48, clock=lambda: 100.0) as camera:
        frame = camera.read()
    assert frame.time == pytest.approx(98.5, abs=0.25)  # 100 on the station's clock, less the frame's age


def test_a_pi_camera_asked_for_yuv420_gives_its_y_plane_as_the_grey_picture(fake_picamera2):
    from station.vision.images import GreyFrame

    with open_camera("picamera2", width=64, height=48, pixel_format="YUV420") as camera:
        frame = camera.read()
    assert fake_picamera2.opened[0].calls[0][1]["main"]["format"] == "YUV420"
    assert frame.pixel_format == "YUV420" and frame.image.shape == (72, 64)
    grey = GreyFrame(frame.image, frame.pixel_format)
    assert grey.shape == (48, 64) and int(grey.full().min()) == 120 and grey.small(4).shape == (12, 16)


def test_a_missing_pi_camera_points_at_the_ribbon_cable(fake_picamera2):
    fake_picamera2.cameras = []
    with pytest.raises(CameraUnavailable) as caught:
        open_camera("picamera2")
    assert "Camera(s) not found" in str(caught.value) and "rpicam-hello --list-cameras" in str(caught.value)
    with pytest.raises(CameraUnavailable, match="no Raspberry Pi camera 1"):
        fake_picamera2.cameras = [{"Id": "one"}]
        open_camera("picamera2:1")


def test_a_pi_camera_that_stops_sending_frames_is_lost(fake_picamera2):
    camera = open_camera("picamera2")
    fake_picamera2.stalled = True
    with pytest.raises(CameraLost, match="Raspberry Pi camera 0 gave no picture"):
        camera.read()
    fake_picamera2.stalled = False
    camera.reopen()
    assert camera.read().image.shape == (1080, 1920, 3)
    assert fake_picamera2.opened[0].calls[-2:] == [("stop",), ("close",)]  # the old one was let go


class FakeCapture:
    """OpenCV's VideoCapture on a webcam, as V4L2 behaves: the frames the camera sends wait in the
    driver's queue and ``read()`` hands out the oldest, blocking until one comes. The test is the
    camera: ``send(n)`` queues a frame filled with ``n``; ``plugged = False`` pulls the cable."""

    made: ClassVar[list[FakeCapture]] = []
    lock = threading.Condition()
    queue: ClassVar[list[int]] = []
    plugged = True
    waiting = False  # a read is blocked on an empty queue: every frame sent has been taken

    def __init__(self, device, api):
        self.device, self.props, self.released = device, {}, False
        FakeCapture.made.append(self)

    @classmethod
    def reset(cls) -> None:
        cls.made, cls.queue, cls.plugged, cls.waiting = [], [], True, False

    @classmethod
    def send(cls, *values: int) -> None:
        with cls.lock:
            cls.queue.extend(values)
            cls.lock.notify_all()

    @classmethod
    def unplug(cls) -> None:
        with cls.lock:
            cls.plugged = False
            cls.lock.notify_all()

    @classmethod
    def wait_until_taken(cls) -> None:
        """Until every frame sent has been read and the reader waits for more (no sleep: a condition)."""
        with cls.lock:
            assert cls.lock.wait_for(lambda: cls.waiting and not cls.queue, timeout=30)

    def isOpened(self):
        return FakeCapture.plugged

    def set(self, prop, value):
        self.props[prop] = value
        return True

    def get(self, prop):
        return self.props.get(prop, 0)

    def read(self):
        with FakeCapture.lock:
            FakeCapture.waiting = not FakeCapture.queue
            FakeCapture.lock.notify_all()
            FakeCapture.lock.wait_for(lambda: FakeCapture.queue or not FakeCapture.plugged or self.released)
            FakeCapture.waiting = False
            if not FakeCapture.plugged or self.released:
                return False, None
            value = FakeCapture.queue.pop(0)
        shape = (int(self.props[cv2.CAP_PROP_FRAME_HEIGHT]), int(self.props[cv2.CAP_PROP_FRAME_WIDTH]), 3)
        return True, np.full(shape, value, np.uint8)

    def release(self):
        with FakeCapture.lock:
            self.released = True
            FakeCapture.lock.notify_all()


@pytest.fixture
def fake_capture(tmp_path, monkeypatch):
    (tmp_path / "video0").touch()
    FakeCapture.reset()
    monkeypatch.setattr(cv2, "VideoCapture", FakeCapture)
    return tmp_path / "video0"


def test_an_unplugged_usb_camera_is_lost_and_reopening_makes_a_new_capture(fake_capture):
    camera = open_camera(f"usb:{fake_capture}", width=320, height=240)
    FakeCapture.send(1)
    assert camera.read().image.shape == (240, 320, 3)
    FakeCapture.unplug()
    with pytest.raises(CameraLost, match="still plugged in"):
        camera.read()
    with pytest.raises(CameraUnavailable, match="cannot be opened"):
        camera.reopen()
    FakeCapture.plugged = True
    camera.reopen()
    FakeCapture.send(2)
    assert camera.read().image.shape == (240, 320, 3)
    camera.close()
    assert all(capture.released for capture in FakeCapture.made)
    assert FakeCapture.made[0].props[cv2.CAP_PROP_BUFFERSIZE] == 1


def test_after_a_slow_tick_a_usb_camera_serves_the_newest_frame_not_the_queue(fake_capture):
    sent = [0]
    camera = open_camera(f"usb:{fake_capture}", width=32, height=24, clock=lambda: float(sent[0]))

    def send(value: int) -> None:
        sent[0] = value
        FakeCapture.send(value)

    send(1)
    first = camera.read()
    assert first.image[0, 0, 0] == 1 and first.time == 1.0
    for value in range(2, 7):  # a slow tick: the camera sends five frames meanwhile
        send(value)
    FakeCapture.wait_until_taken()
    newest = camera.read()
    assert newest.image[0, 0, 0] == 6  # OpenCV's own read would give 2, the oldest in the driver's queue
    assert newest.time == 6.0  # stamped when it came, not when the station asked
    send(7)
    assert camera.read().image[0, 0, 0] == 7  # the next read waits for a new frame: none is given twice
    camera.close()


# --- one frame for a still ---------------------------------------------------------------------


class CountingCamera(Camera):
    settle_frames = 3

    def __init__(self) -> None:
        super().__init__("counting")
        self.count = 0

    def _read(self) -> np.ndarray:
        self.count += 1
        return np.full((2, 2, 3), self.count, np.uint8)

    def _acquire(self) -> None:
        pass


def test_a_still_from_a_live_camera_skips_the_frames_of_auto_exposure():
    camera = CountingCamera()
    assert settled_frame(camera).image[0, 0, 0] == 4
