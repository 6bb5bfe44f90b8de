"""``mathstation demo`` in an 80x24 terminal: every line of its story, header and summary fits
the terminal's width, wrapped between words, never cut ("only your COUNT", "Who's Cou") nor
split inside a word ("pu/t down"), and no lone "." on a line of its own."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image

from station.hardware.display import TerminalPanel

ROOT = Path(__file__).resolve().parent.parent
LONG = ("  Not yet: Who's Counting? cards show only your COUNT and your number cards; take the card that "
        "is not yours back and count again.")


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def words(text: str) -> list[str]:
    return text.split()


def test_the_story_under_the_oled_is_wrapped_to_the_terminal_between_words(monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("LINES", "24")
    out = Tty()
    panel = TerminalPanel(out)
    assert panel.style == "braille"
    panel.display(Image.new("1", (128, 64), 0))
    for line in ("  The target is 11.", LONG, "  Ana drew two Numbers cards and made no equation: turn over."):
        panel.say(line)
    last = re.split(r"\x1b\[\d+A\r", out.getvalue())[-1].rstrip("\n").split("\n")
    assert len(last) <= 23                                          # the frame and its caption fit 24 rows
    assert all(len(row) <= 80 for row in last)
    caption = [row.rstrip() for row in last[18:]]
    assert caption[-1].strip() == "Ana drew two Numbers cards and made no equation: turn over."
    assert caption[0] == "  The target is 11."
    assert words(" ".join(caption[1:-1])) == words(LONG)             # whole, and only whole words
    assert caption[1].startswith("  Not yet:") and caption[2].startswith("    ")   # its continuation indented


def test_a_story_in_a_log_is_wrapped_too(monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = io.StringIO()
    TerminalPanel(out).say(LONG)
    rows = out.getvalue().rstrip("\n").split("\n")
    assert len(rows) > 1 and all(len(row) <= 80 for row in rows) and words(" ".join(rows)) == words(LONG)


def test_the_demo_s_header_story_and_summary_fit_80_columns_whole() -> None:
    env = {"COLUMNS": "80", "LINES": "24", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "station", "demo", "--game", "whos-counting", "--text",
                             "--players", "Ana,Ben,Cleo"], check=False, capture_output=True, text=True, cwd=ROOT,
                            timeout=300, env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert not any(line.strip() in (".", ",", ":") for line in lines)
    headline = "Who's Counting? · Ana, Ben, Cleo · first to 500 points · × and ÷ first · 5 s to count"
    assert lines[0] != headline and words(" ".join(lines[:2])) == words(headline)   # wrapped, whole


def test_the_table_demo_s_header_is_wrapped_between_words() -> None:
    env = {"COLUMNS": "60", "LINES": "24", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([sys.executable, "-m", "station", "demo", "--game", "sum", "--quiet", "--pace", "0",
                             "--seed", "42"], check=False, capture_output=True, text=True, cwd=ROOT, timeout=300,
                            env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 60, max(lines, key=len)
    head = " ".join(" ".join(lines[:4]).split())
    assert "cards to put down." in head and "camera pipeline." in head
