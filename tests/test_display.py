"""The display layer on mock hardware: luma's dummy device, the terminal emulator, recordings,
and a panel that stops answering mid-game."""

from __future__ import annotations

import errno
import glob
import io
import logging
import os

import pytest
from PIL import Image, ImageDraw

from station.hardware.display import (
    BACKENDS,
    DARK,
    LIT,
    SIZE,
    Display,
    DisplayError,
    DisplayUnavailable,
    open_display,
    preview,
)


def frame(seed: int) -> Image.Image:
    """A 128x64 1-bit test frame that differs with ``seed``: a border, a moving bar and a dot
    on an odd row (so the two halves of a terminal character are both exercised)."""
    image = Image.new("1", SIZE, 0)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, SIZE[0] - 1, SIZE[1] - 1), outline=1)
    draw.rectangle((4 + seed * 9, 10, 12 + seed * 9, 30 + seed), fill=1)
    draw.point((60 + seed, 41), fill=1)
    return image


class Clock:
    """Monotonic time that only moves when the test says so."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def decode_terminal(text: str) -> list[Image.Image]:
    """Turn the terminal backend's half-block art back into images, one per framed screen."""
    halves = {" ": (0, 0), "▀": (1, 0), "▄": (0, 1), "█": (1, 1)}
    frames, rows = [], []
    for line in text.replace("\x1b[", "\n\x1b[").splitlines():
        if line.startswith("│"):
            rows.append(line[1:-1])
        elif line.startswith("└"):
            image = Image.new("1", (len(rows[0]), 2 * len(rows)), 0)
            for y, row in enumerate(rows):
                for x, char in enumerate(row):
                    top, bottom = halves[char]
                    image.putpixel((x, 2 * y), top)
                    image.putpixel((x, 2 * y + 1), bottom)
            frames.append(image)
            rows = []
    return frames


def same(a: Image.Image | None, b: Image.Image) -> bool:
    return a is not None and a.size == b.size and a.convert("1").tobytes() == b.tobytes()


# --- backends ------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["dummy", "terminal", "none"])
def test_every_mock_backend_opens_shows_and_closes(backend):
    with open_display(backend, stream=io.StringIO()) as display:
        display.show(frame(1))
        assert display.backend == backend
        assert same(display.last_image, frame(1))
        assert not display.failed


def test_an_unknown_backend_names_the_valid_ones():
    with pytest.raises(DisplayError) as error:
        open_display("oled9000")
    for name in BACKENDS:
        assert name in str(error.value)


@pytest.mark.parametrize("backend", ["ssd1306", "sh1106"])
def test_a_real_panel_without_an_i2c_bus_says_how_to_enable_it(backend):
    if glob.glob("/dev/i2c-*"):
        pytest.skip("this machine has an I2C bus")
    with pytest.raises(DisplayUnavailable) as error:
        open_display(backend, i2c_port=1)
    message = str(error.value)
    assert "/dev/i2c-1" in message and "raspi-config" in message


def test_sideways_rotation_is_refused_because_screens_are_landscape():
    with pytest.raises(DisplayError, match="rotate 1"):
        open_display("dummy", rotate=1)


def test_an_image_of_the_wrong_size_is_refused():
    with open_display("none") as display, pytest.raises(DisplayError, match="128x64"):
        display.show(Image.new("1", (64, 32)))


class FakeBus:
    """An I2C bus (smbus2.SMBus) with an OLED on it that answers, or not: it records what the
    real luma driver sends, so the ssd1306/sh1106 backends are tested down to the bytes."""

    def __init__(self, answering: bool = True) -> None:
        self.answering = answering
        self.commands: list[int] = []
        self.frames = 0
        self.closed = False

    def _answer(self) -> None:
        if not self.answering:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")

    def write_i2c_block_data(self, address: int, mode: int, values: list[int]) -> None:
        self._answer()
        self.commands.extend(values)

    def i2c_rdwr(self, *messages: object) -> None:
        self._answer()
        self.frames += 1

    def close(self) -> None:
        self.closed = True


@pytest.fixture
def bus(monkeypatch):
    smbus2 = pytest.importorskip("smbus2")
    fake = FakeBus()
    monkeypatch.setattr(smbus2, "SMBus", lambda port: fake)
    return fake


DISPLAY_OFF, DISPLAY_ON = 0xAE, 0xAF


@pytest.mark.parametrize("backend", ["ssd1306", "sh1106"])
def test_a_panel_that_does_not_answer_gives_a_wiring_hint(bus, backend):
    bus.answering = False
    with pytest.raises(DisplayUnavailable) as error:
        open_display(backend, i2c_address=0x3D)
    assert "0x3D" in str(error.value) and "SDA" in str(error.value)
    assert bus.closed  # the bus is let go, not leaked


@pytest.mark.parametrize("backend", ["ssd1306", "sh1106"])
def test_a_real_panel_gets_each_new_frame_once_and_survives_a_loose_wire(bus, backend):
    clock = Clock()
    display = open_display(backend, retry_after=5, clock=clock)
    assert DISPLAY_ON in bus.commands  # luma's start-up sequence went out
    sent = bus.frames
    display.show(frame(1))
    display.show(frame(1))
    assert bus.frames > sent
    sent = bus.frames
    display.show(frame(1))
    assert bus.frames == sent  # nothing new: nothing sent

    bus.answering = False
    display.show(frame(2))  # no exception
    assert display.failed
    bus.answering, bus.commands = True, []
    clock.now += 6
    display.show(frame(2))
    assert not display.failed
    assert DISPLAY_ON in bus.commands  # started again: a panel that lost power forgot its set-up
    assert bus.frames > sent
    display.close()


def test_closing_a_real_panel_switches_it_off_unless_asked_to_keep_the_image(bus):
    display = open_display("ssd1306")
    display.show(frame(1))
    bus.commands = []
    display.close()
    assert DISPLAY_OFF in bus.commands and bus.closed

    kept = open_display("ssd1306")
    kept.show(frame(1))
    bus.commands, bus.closed = [], False
    kept.close(keep_image=True)
    assert DISPLAY_OFF not in bus.commands and bus.closed


# --- the dummy device ----------------------------------------------------------------------------


def test_the_dummy_device_keeps_what_was_shown():
    with open_display("dummy") as display:
        display.show(frame(2))
        assert same(display.device.image, frame(2))


def test_upside_down_rotation_turns_what_reaches_the_panel():
    with open_display("dummy", rotate=2) as display:
        display.show(frame(2))
        assert same(display.device.image, frame(2).rotate(180))
        assert same(display.last_image, frame(2))


def test_an_identical_frame_is_not_pushed_twice(monkeypatch):
    display = open_display("dummy")
    pushed = []
    real = display.device.display
    monkeypatch.setattr(display.device, "display", lambda image: (pushed.append(image.tobytes()), real(image)))
    for seed in (1, 1, 2, 2, 2, 1):
        display.show(frame(seed))
    assert pushed == [frame(s).tobytes() for s in (1, 2, 1)]


def test_close_clears_the_panel_but_keep_image_leaves_the_last_screen_lit():
    cleared = open_display("dummy")
    cleared.show(frame(3))
    cleared.close()
    assert cleared.device.image.getbbox() is None  # all dark

    kept = open_display("dummy")
    kept.show(frame(3))
    kept.close(keep_image=True)
    assert same(kept.device.image, frame(3))


def test_a_closed_display_refuses_to_show():
    display = open_display("none")
    display.close()
    with pytest.raises(DisplayError, match="closed"):
        display.show(frame(1))


# --- a panel that stops answering ----------------------------------------------------------------


def test_a_failing_panel_never_stops_the_game_and_is_retried_after_the_delay(monkeypatch, caplog):
    clock = Clock()
    display = open_display("dummy", retry_after=10, clock=clock)
    real = display.device.display
    broken = {"now": True}
    attempts = []

    def flaky(image: Image.Image) -> None:
        attempts.append(clock.now)
        if broken["now"]:
            raise OSError(121, "Remote I/O error")
        real(image)

    monkeypatch.setattr(display.device, "display", flaky)
    with caplog.at_level(logging.WARNING, logger="station.display"):
        display.show(frame(1))  # fails: no exception
        assert display.failed
        clock.now += 3
        display.show(frame(2))  # too soon to try again
        clock.now += 3
        display.show(frame(3))
        assert attempts == [100.0]
        assert same(display.last_image, frame(3))

        clock.now += 5  # 11 s after the failure: try again, still broken
        display.show(frame(3))
        assert attempts == [100.0, 111.0] and display.failed

        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) == 1 and "retrying" in warnings[0].getMessage()

        broken["now"] = False
        clock.now += 10
        display.show(frame(3))  # the same frame: it never reached the panel, so it is sent
    assert not display.failed
    assert same(display.device.image, frame(3))
    assert "works again" in caplog.records[-1].getMessage()


def test_a_panel_that_fails_and_recovers_is_started_again(monkeypatch):
    """A panel that lost power forgot its start-up sequence: the retry sends it again."""
    clock = Clock()
    display = open_display("dummy", retry_after=1, clock=clock)
    starts = []
    panel = display._panel
    real_reset = panel.reset
    monkeypatch.setattr(panel, "reset", lambda: (starts.append(clock.now), real_reset()))
    real = display.device.display
    calls = iter([OSError(5, "I/O error")])

    def once_broken(image: Image.Image) -> None:
        error = next(calls, None)
        if error:
            raise error
        real(image)

    monkeypatch.setattr(display.device, "display", once_broken)
    display.show(frame(1))
    clock.now += 2
    display.show(frame(2))
    assert starts == [102.0]
    assert same(display.device.image, frame(2))


# --- the terminal emulator -----------------------------------------------------------------------


def test_the_terminal_draws_half_blocks_that_decode_back_to_the_pixels():
    stream = io.StringIO()
    with open_display("terminal", stream=stream) as display:
        display.show(frame(1))
        display.show(frame(1))  # identical: not printed again
        display.show(frame(2))
    text = stream.getvalue()
    assert set(text) <= set(" ▀▄█│─┌┐└┘\n")
    assert [f.tobytes() for f in decode_terminal(text)] == [frame(1).tobytes(), frame(2).tobytes()]
    assert "\n\n┌" in text  # frames in a log are separated by a blank line
    assert max(len(line) for line in text.splitlines()) == 130  # 128 columns in a thin frame


def test_on_a_terminal_each_frame_is_redrawn_in_place(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")  # a wide terminal: half blocks
    monkeypatch.setenv("LINES", "50")
    stream = Tty()
    with open_display("terminal", stream=stream) as display:
        display.show(frame(1))
        display.show(frame(2))
    text = stream.getvalue()
    assert text.count("\x1b[34A") == 1  # back up over the 32 rows and the frame's 2 lines
    assert [f.tobytes() for f in decode_terminal(text)] == [frame(1).tobytes(), frame(2).tobytes()]


def test_a_small_terminal_gets_braille_dots_and_a_caption_under_the_picture(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    stream = Tty()
    with open_display("terminal", stream=stream) as display:
        display.show(frame(1))
        display.say("Ben wins the hand with 21.")
    text = stream.getvalue()
    last = text.split("\x1b[")[-1]
    rows = [line for line in last.splitlines() if line.startswith("│")]
    assert len(rows) == 16 and all(len(row) == 66 for row in rows)  # 64 Braille cells + the frame
    image = frame(1)
    for y, row in enumerate(rows):
        for x, cell in enumerate(row[1:-1]):
            bits = ord(cell) - 0x2800
            assert bool(bits & 0x01) == bool(image.getpixel((2 * x, 4 * y)))
            assert bool(bits & 0x80) == bool(image.getpixel((2 * x + 1, 4 * y + 3)))
    assert "Ben wins the hand with 21." in last


# --- recording -----------------------------------------------------------------------------------


def test_recording_to_a_folder_saves_each_distinct_frame_as_an_oled_like_png(tmp_path):
    folder = tmp_path / "frames"
    with open_display("none", record=folder) as display:
        for seed in (1, 1, 2, 3, 3):
            display.show(frame(seed))
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["frame-00001.png", "frame-00002.png", "frame-00003.png"]
    with Image.open(files[1]) as png:
        assert png.size == (512, 256)
        rgb = png.convert("RGB")
        assert rgb.getpixel((0, 0)) == LIT  # the border pixel, scaled 4x
        assert rgb.getpixel((8, 8)) == DARK


def test_recording_a_gif_writes_one_animation_timed_by_the_clock(tmp_path):
    clock = Clock()
    path = tmp_path / "game.gif"
    display = open_display("dummy", record=path, clock=clock)
    display.show(frame(1))
    clock.now += 1.5
    display.show(frame(2))
    display.show(frame(2))
    clock.now += 0.5
    display.show(frame(3))
    assert not path.exists()  # written at close
    clock.now += 3
    display.close()
    with Image.open(path) as gif:
        assert gif.size == (512, 256)
        assert gif.n_frames == 3
        durations = []
        for i in range(gif.n_frames):
            gif.seek(i)
            durations.append(gif.info["duration"])
    assert durations == [1500, 500, 3000]


def test_preview_matches_the_frame_pixel_for_pixel():
    image = frame(4)
    big = preview(image).convert("RGB")
    for x, y in [(0, 0), (4 + 36, 10), (64, 41), (30, 50), (127, 63)]:
        assert (big.getpixel((x * 4 + 1, y * 4 + 1)) == LIT) == bool(image.getpixel((x, y)))


def test_a_record_path_that_is_a_file_is_refused_before_the_game(tmp_path):
    blocker = tmp_path / "notes.txt"
    blocker.write_text("x")
    with pytest.raises(DisplayError, match="notes.txt"):
        open_display("none", record=blocker)
    with pytest.raises(DisplayError, match="cannot create folder"):
        open_display("none", record=blocker / "frames")
    with pytest.raises(DisplayError, match="does not exist"):
        open_display("none", record=tmp_path / "missing" / "game.gif")


@pytest.mark.skipif(os.geteuid() == 0, reason="root can write in a read-only folder")
def test_an_unwritable_record_folder_is_refused(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(DisplayError, match="permission denied"):
            open_display("none", record=folder)
        with pytest.raises(DisplayError, match="permission denied"):
            open_display("none", record=folder / "game.gif")
    finally:
        folder.chmod(0o700)


def test_a_display_built_by_hand_takes_any_panel():
    """The Display class works with any object that has display/reset/close (gpiozero-style injection)."""

    class Recording:
        device = None

        def __init__(self) -> None:
            self.shown: list[bytes] = []

        def display(self, image: Image.Image) -> None:
            self.shown.append(image.tobytes())

        def reset(self) -> None:
            pass

        def close(self, keep_image: bool) -> None:
            self.kept = keep_image

    panel = Recording()
    display = Display(panel, "recording")
    display.show(frame(1))
    display.close(keep_image=True)
    assert panel.shown == [frame(1).tobytes()] and panel.kept is True

