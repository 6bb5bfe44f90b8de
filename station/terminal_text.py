"""Lines for a terminal: wrapped between words to its width (``shutil.get_terminal_size``:
``COLUMNS``, else the terminal's own), never cut, each continuation indented under its line.
The demo's story, header and summary all go through here. Written to a file or a pipe a line
stays whole on one line, for grep.

>>> wrap("  Ana drew two Numbers cards and made no equation: turn over.", 30)
['  Ana drew two Numbers cards', '    and made no equation: turn', '    over.']
"""

from __future__ import annotations

import shutil
import sys
import textwrap
from typing import Any


def columns(stream: Any = None) -> int | None:
    """The width to wrap at, less one (a line filling the last column makes some terminals wrap
    twice); None when ``stream`` (stdout) is no terminal."""
    try:
        if not (stream or sys.stdout).isatty():
            return None
    except (AttributeError, ValueError):
        return None
    return max(20, shutil.get_terminal_size((80, 24)).columns - 1)


def wrap(line: str, width: int | None = None) -> list[str]:
    """``line`` as rows of at most ``width`` characters (default: the terminal's), split between
    words; its leading indent kept and two more on each continuation."""
    width = width or columns()
    if width is None or len(line) <= width or not line.strip():
        return [line]
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_on_hyphens=False) or [line]


def say(text: str, file: Any = None) -> None:
    """Print ``text`` (one or more lines), each wrapped to the terminal ``file`` (stdout) is on."""
    out = file if file is not None else sys.stdout
    width = columns(out)
    for line in text.split("\n"):
        for row in wrap(line, width) if width else [line]:
            print(row, file=out, flush=True)
