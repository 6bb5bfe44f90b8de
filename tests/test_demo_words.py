"""``mathstation demo`` in an 80x24 terminal: every line of its story, header and summary fits
the terminal's width, wrapped between words, never cut ("only your COUNT", "Who's Cou") nor
split inside a word ("pu/t down"), and no lone "." on a line of its own. In a file or a pipe
each line stays whole, for grep."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import struct
import subprocess
import sys
import termios
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


def test_a_story_in_a_log_stays_whole_on_its_line(monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    out = io.StringIO()                                             # a file or a pipe: grep finds each line whole
    TerminalPanel(out).say(LONG)
    assert out.getvalue() == LONG + "\n"


def in_terminal(argv: list[str], columns: int = 80, rows: int = 24) -> tuple[int, list[str]]:
    """Run ``python -m station ARGV`` on a pseudo-terminal of that size, as a teacher's terminal
    would: what it printed, line by line."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
    process = subprocess.Popen([sys.executable, "-m", "station", *argv], stdin=follower, stdout=follower,
                               stderr=follower, cwd=ROOT, env=env)
    os.close(follower)
    out = bytearray()
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:                                             # EIO: the program has ended
            break
        if not chunk:
            break
        out += chunk
    os.close(leader)
    return process.wait(timeout=300), out.decode().replace("\r\n", "\n").split("\n")


def test_the_demo_s_header_story_and_summary_fit_80_columns_whole() -> None:
    code, lines = in_terminal(["demo", "--game", "whos-counting", "--text", "--players", "Ana,Ben,Cleo"])
    assert code == 0, lines[-5:]
    assert max(len(line) for line in lines) <= 80, max(lines, key=len)
    assert not any(line.strip() in (".", ",", ":") for line in lines)
    headline = "Who's Counting? · Ana, Ben, Cleo · first to 500 points · × and ÷ first · 5 s to count"
    assert lines[0] != headline and words(" ".join(lines[:2])) == words(headline)   # wrapped, whole


def test_the_table_demo_s_header_is_wrapped_between_words() -> None:
    code, lines = in_terminal(["demo", "--game", "sum", "--quiet", "--pace", "0", "--seed", "42"], columns=60)
    assert code == 0, lines[-5:]
    assert max(len(line) for line in lines) <= 60, max(lines, key=len)
    head = " ".join(" ".join(lines[:4]).split())
    assert "cards to put down." in head and "camera pipeline." in head
