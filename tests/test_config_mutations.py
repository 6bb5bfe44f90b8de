"""Mutated station configs: a broken file always ends in exit 78 naming the file and the key.

A teacher edits /etc/mathstation/station.toml by hand. Whatever they do to it (a key removed, a
value of the wrong type, odd Unicode, deep nesting, huge values, stray bytes), ``mathstation
run`` either starts (the config is fine) or stops with exit 78 (systemd's "do not restart") and
one line naming the file and the key; never a traceback, never exit 1 (systemd would restart it
five times before giving up, and the teacher would see only "failed").
"""

from __future__ import annotations

import argparse
import datetime
import logging
import math
import random
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

from station import daemon
from station.config import schema
from station.games import plugins

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 300

# Values of every type and shape a hand (or a broken editor) might put in place of the right one.
ODD_TEXT = ["", " ", "x", "usb:²", "virtual:①", "picamera2:٣", "usb:１", "usb:-1", "usb:" + "9" * 5000, "file:\x00",
            "folder:\x00x", "\x00", "\u202eevil", "🙂", "Ａｎａ", "a" * 10_000, "0x3C", "1e3", "none ", "NONE", "dummy\n",
            "usb:/dev/\x00video0", "~nobody-here/x", "../../etc", "\t", "\ufeffsh1106"]
ODD_NUMBERS = [-1, 0, 1, 2, 3, 60, 255, 2**31, 2**63 - 1, -(2**63), 0.0, -0.0, 0.5, 1e-300, 1e308, math.inf, -math.inf,
               math.nan, 10_000, 10_001, 99999.5]
ODD_OTHERS: list[Any] = [True, False, [], [1], ["Ana"], ["a"] * 100, {}, {"a": 1}, datetime.date(2026, 1, 1),
                         datetime.datetime(2026, 1, 1, 12, 0), datetime.time(12, 0), [[1, 2], ["x"]]]


def toml_text(value: Any) -> str:
    """A TOML value's text (basic strings escaped as TOML wants: no surrogates, no raw controls)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        escaped = []
        for c in value:
            if c in '"\\':
                escaped.append("\\" + c)
            elif ord(c) < 0x20 or ord(c) == 0x7F:
                escaped.append(f"\\u{ord(c):04X}")
            else:
                escaped.append(c)
        return '"' + "".join(escaped) + '"'
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, (int, datetime.date, datetime.time)):
        return value.isoformat() if not isinstance(value, int) else str(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{toml_key(k)} = {toml_text(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Deep):
        return value.text
    raise TypeError(value)


def toml_key(key: str) -> str:
    return key if key and all(c.isascii() and (c.isalnum() or c in "-_") for c in key) else toml_text(key)


class Deep:
    """A value nested ``depth`` arrays (or inline tables) deep, written straight as text."""

    def __init__(self, depth: int, tables: bool = False) -> None:
        self.text = ("{a = " * depth + "1" + "}" * depth) if tables else ("[" * depth + "1" + "]" * depth)


def write_config(path: Path, sections: dict[str, dict[str, Any]], top: dict[str, Any] | None = None) -> None:
    lines = [f"{toml_key(k)} = {toml_text(v)}" for k, v in (top or {}).items()]
    for section, keys in sections.items():
        lines.append("[" + ".".join(toml_key(part) for part in section.split(".")) + "]")
        lines += [f"{toml_key(k)} = {toml_text(v)}" for k, v in keys.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def base_sections(state_dir: Path) -> dict[str, dict[str, Any]]:
    """The shipped config (every key), with devices a laptop has: it starts as it is."""
    shipped = tomllib.loads((ROOT / "firmware_config" / "station.toml").read_text(encoding="utf-8"))
    flat: dict[str, dict[str, Any]] = {}
    for section in schema(plugins()):
        table: Any = shipped
        for part in section.split("."):
            table = table.get(part, {})
        flat[section] = {k: v for k, v in table.items() if not isinstance(v, dict)}
    flat["station"]["state_dir"] = str(state_dir)
    flat["camera"].update(source="virtual", width=320, height=180)
    flat["display"]["backend"] = "dummy"
    flat["buttons"]["backend"] = "none"
    flat["signals"]["backend"] = "none"
    return flat


def mutate(rng: random.Random, sections: dict[str, dict[str, Any]], tmp: Path) -> tuple[str, dict[str, Any], str | None]:
    """Change one thing; returns (what was done, top-level keys, the key the error must name or None)."""
    section = rng.choice(list(sections))
    keys = sections[section]
    name = rng.choice(list(keys)) if keys else "x"
    key = f"[{section}] {name}"
    roll = rng.randrange(10)
    if roll == 0:
        keys.pop(name, None)
        return f"removed {key}", {}, None
    if roll == 1:
        keys[name + rng.choice(("s", "_", "X", "é"))] = keys.pop(name, 1)
        return f"misspelt {key}", {}, f"[{section}] {name}"
    if roll == 2:
        keys[name] = Deep(rng.choice((5, 50, 500, 5_000, 50_000)), tables=rng.random() < 0.3)
        return f"deeply nested {key}", {}, key if keys[name].text.count("[") + keys[name].text.count("{") < 200 else None
    if roll == 3 and section == "station":
        state = rng.choice(["a" * 300, "/".join(["b" * 200] * 30), str(tmp / ("c" * 256) / "d"), str(tmp / "a-file" / "x"),
                            "\x00", str(tmp) + "\x00", str(tmp / ("é" * 130))])
        (tmp / "a-file").write_text("not a folder")
        keys["state_dir"] = state
        return f"state_dir {state[:40]!r}", {}, "[station] state_dir"
    if roll == 4:
        return f"top-level {name}", {name: rng.choice(ODD_NUMBERS + ODD_TEXT[:4])}, name
    if roll == 5:
        sections[rng.choice((section + "s", "vision.tracking.x", "math_wars", "Camera"))] = {"a": 1}
        return "unknown section", {}, None
    pool = ODD_TEXT if roll < 8 else ODD_NUMBERS if roll == 8 else ODD_OTHERS
    keys[name] = rng.choice(pool)
    return f"{key} = {toml_text(keys[name])[:40]}", {}, None


@pytest.fixture
def run_station(monkeypatch, tmp_path):
    """``mathstation run --config FILE --max-seconds 0`` in this process; restores what it changes.
    A config may name a relative state_dir or none: both land in ``tmp_path``, never in the tree or home."""
    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGTERM, signal.SIGINT)}
    root = logging.getLogger()
    level = root.level
    monkeypatch.setenv("NOTIFY_SOCKET", "")
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "systemd-state"))
    monkeypatch.chdir(tmp_path)

    def run(path: Path) -> int:
        try:
            return daemon.run(argparse.Namespace(config=path, max_seconds=0.0))
        finally:
            for sig, handler in handlers.items():
                signal.signal(sig, handler)
            root.setLevel(level)
    return run


def test_the_base_config_starts(tmp_path, run_station):
    path = tmp_path / "station.toml"
    write_config(path, base_sections(tmp_path / "state"))
    assert run_station(path) == 0


@pytest.mark.parametrize("spec", ["usb:²", "virtual:①", "picamera2:٣", "usb:１", "usb:" + "9" * 5000])
def test_camera_numbers_in_other_scripts_are_config_errors(tmp_path, run_station, capsys, spec):
    path = tmp_path / "station.toml"
    sections = base_sections(tmp_path / "state")
    sections["camera"]["source"] = spec
    write_config(path, sections)
    assert run_station(path) == 78
    assert "station.toml: [camera] source: " in capsys.readouterr().err


def test_a_value_nested_thousands_deep_is_a_config_error(tmp_path, run_station, capsys):
    path = tmp_path / "station.toml"
    sections = base_sections(tmp_path / "state")
    sections["display"]["rotate"] = Deep(50_000)
    write_config(path, sections)
    assert run_station(path) == 78
    assert "station.toml: " in capsys.readouterr().err


@pytest.mark.parametrize("state", ["a" * 300, "/".join(["b" * 200] * 30), "{tmp}/a-file/x", "{tmp}\x00"])
def test_a_state_dir_the_file_system_cannot_hold_is_a_config_error(tmp_path, run_station, capsys, state):
    (tmp_path / "a-file").write_text("not a folder")
    path = tmp_path / "station.toml"
    sections = base_sections(tmp_path / "state")
    sections["station"]["state_dir"] = state.format(tmp=tmp_path)
    write_config(path, sections)
    assert run_station(path) == 78
    assert "station.toml: [station] state_dir: " in capsys.readouterr().err


@pytest.mark.parametrize(("key", "value"), [("downscale", 0), ("full_pass_every", 0), ("disturbed_share", 0)])
def test_vision_thresholds_that_would_break_every_frame_are_config_errors(tmp_path, run_station, capsys, key, value):
    path = tmp_path / "station.toml"
    sections = base_sections(tmp_path / "state")
    sections["vision"][key] = value
    write_config(path, sections)
    assert run_station(path) == 78
    assert f"station.toml: [vision] {key}: " in capsys.readouterr().err


def test_hundreds_of_mutated_configs_start_or_exit_78_naming_the_file_and_the_key(tmp_path, run_station, capsys, caplog):
    caplog.set_level(logging.INFO)
    outcomes = {0: 0, 78: 0}
    for seed in range(SEEDS):
        rng = random.Random(seed)
        case = tmp_path / str(seed)
        case.mkdir()
        sections = base_sections(case / "state")
        what, top, named = mutate(rng, sections, case)
        path = case / "station.toml"
        write_config(path, sections, top)
        if rng.random() < 0.1:  # and now and then a stray byte, as a bad copy or a full disk leaves it
            data = bytearray(path.read_bytes())
            data[rng.randrange(len(data))] = rng.randrange(256)
            path.write_bytes(bytes(data))
            what, named = what + " + a stray byte", None
        caplog.clear()
        code = run_station(path)
        out = capsys.readouterr()
        where = f"seed {seed}: {what}"
        assert code in (0, 78), f"{where}: exit {code}\n{out.err[-2000:]}"
        assert "Traceback" not in out.err + out.out, where
        assert not [r for r in caplog.records if r.exc_info], f"{where}: {caplog.text[-2000:]}"
        if code == 78:
            line = out.err.strip().splitlines()[-1]
            assert line.startswith("mathstation run: station.toml: "), f"{where}: {line}"
            if named:
                assert named in line, f"{where}: {line}"
            assert len(line) < 400, where  # one line a teacher can read, whatever the value
        outcomes[code] += 1
    assert outcomes[78] > SEEDS / 2 and outcomes[0] > 0
