"""A progress line for long work on the terminal: rewritten in place on a terminal, a few
plain lines in a log (so `mathstation cards print all > log` stays readable)."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressLine:
    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.what = what
        self.stream = stream or sys.stderr
        self._live = self.stream.isatty()
        self._last_tenth = -1

    def __call__(self, done: int, total: int) -> None:
        if self._live:
            end = "\n" if done >= total else ""
            self.stream.write(f"\r{self.what} {done}/{total}{end}")
        else:
            tenth = done * 10 // max(total, 1)
            if tenth == self._last_tenth and done < total:
                return
            self._last_tenth = tenth
            self.stream.write(f"{self.what} {done}/{total}\n")
        self.stream.flush()
