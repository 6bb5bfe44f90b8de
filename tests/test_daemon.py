"""``mathstation run``: config errors stop it for good (exit 78, shown on the OLED); a good
config runs, tells systemd it is ready, resumes the journal's game and stops cleanly on SIGTERM."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from pathlib import Path

from screen_helpers import unreadable
from waiting import eventually
from station.store import Journal

ROOT = Path(__file__).resolve().parent.parent


def start(config: Path, notify: Path | None = None, *extra: str) -> subprocess.Popen:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    if notify is not None:
        env["NOTIFY_SOCKET"] = str(notify)
    return subprocess.Popen([sys.executable, "-m", "station", "run", "--config", str(config), *extra], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def laptop_config(tmp_path: Path, **sections: str) -> Path:
    text = (f'[station]\nstate_dir = "{tmp_path / "state"}"\n'
            '[camera]\nsource = "virtual"\nwidth = 1280\nheight = 720\nfps = 5\n'
            f'[display]\nbackend = "dummy"\nrecord = "{tmp_path / "screens"}"\n'
            '[buttons]\nbackend = "none"\n[signals]\nbackend = "none"\n')
    for name, body in sections.items():
        text += f"[{name}]\n{body}\n"
    path = tmp_path / "station.toml"
    path.write_text(text)
    return path


def datagrams(sock: socket.socket, until: bytes, seconds: float = 60) -> list[bytes]:
    got: list[bytes] = []
    deadline = time.monotonic() + seconds
    sock.settimeout(1.0)
    while time.monotonic() < deadline and not any(until in g for g in got):
        try:
            got.append(sock.recv(4096))
        except TimeoutError:
            pass
    return got


def test_a_bad_config_exits_78_names_the_key_and_shows_it_on_the_oled(tmp_path):
    config = tmp_path / "station.toml"
    config.write_text(f'[display]\nbackend = "dummy"\nrecord = "{tmp_path / "screens"}"\n[camera]\nwidth = "big"\n')
    process = start(config)
    _, err = process.communicate(timeout=120)
    assert process.returncode == 78
    assert "station.toml: [camera] width: must be a whole number" in err
    assert list((tmp_path / "screens").glob("*.png")), "the error was not put on the screen"


def test_it_runs_says_ready_and_stops_cleanly_on_sigterm(tmp_path):
    notify = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(notify))
        process = start(laptop_config(tmp_path), notify)
        ready = datagrams(sock, b"READY=1")
        assert any(b"READY=1" in g for g in ready), process.stderr.read() if process.poll() is not None else ready
        eventually(lambda: any((tmp_path / "screens").glob("*.png")), "a tick has drawn the screen")
        process.terminate()
        _, err = process.communicate(timeout=60)
        stopping = datagrams(sock, b"STOPPING=1", seconds=5)
    assert process.returncode == 0, err
    assert any(b"STOPPING=1" in g for g in stopping)
    assert list((tmp_path / "screens").glob("*.png")), "nothing was shown on the OLED"


def test_it_resumes_the_journals_game(tmp_path):
    config = laptop_config(tmp_path)
    (tmp_path / "state").mkdir()
    with Journal(tmp_path / "state" / "journal.sqlite3") as journal:
        game = journal.start_game({"game": "math-wars", "players": ["Ana", "Ben"]})
        journal.append(game, {"type": "play", "t": 1.0, "player": "Ana", "card": "MW-A-N21"})
    process = start(config, None, "--max-seconds", "2")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "resumed game 1 at action 1" in err


def test_a_missing_camera_is_said_not_replaced(tmp_path):
    config = laptop_config(tmp_path)
    config.write_text(config.read_text().replace('source = "virtual"', 'source = "usb:/dev/nonexistent-camera"'))
    process = start(config, None, "--max-seconds", "2")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0
    assert "camera:" in err and "/dev/nonexistent-camera" in err


def shown_on_the_oled(screens: Path, view) -> bool:  # type: ignore[no-untyped-def]
    """Whether the recorded OLED frames hold exactly this view, as the station draws it."""
    from PIL import Image

    from station.hardware.display import preview
    from station.ui.screens import render

    wanted = preview(render(view)).tobytes()
    return any(Image.open(frame).tobytes() == wanted for frame in sorted(screens.glob("*.png")))


def test_a_bad_seat_name_in_the_config_is_said_and_the_station_starts(tmp_path):
    from station.ui.views import VerdictView

    long = "Ana" * 1700
    config = laptop_config(tmp_path, sum=f'names = ["Ana", "{long}", "Be\\u0000n"]')
    process = start(config, None, "--max-seconds", "3")
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err
    assert "station ready" in err
    assert "station.toml: [sum] names: seat 2: AnaAnaAna" in err and "seat 2 is called P2 until it is fixed" in err
    assert long not in err   # the log quotes the start of a hostile name, not 5,100 characters
    assert "station.toml: [sum] names: seat 3: 'Be\\x00n' holds a character that cannot be shown" in err
    note = VerdictView("info", "2 names not used", "[sum] names: seat 2 too long; see the log")
    assert shown_on_the_oled(tmp_path / "screens", note)
    assert not unreadable(note)
