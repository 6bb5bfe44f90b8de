"""Paper sizes, by name or as ``WIDTHxHEIGHTmm``, and the border a home printer cannot print."""

from __future__ import annotations

import re
from dataclasses import dataclass

PRINTER_MARGIN_MM = 5.0  # most office and home printers leave 3-5 mm unprinted at each edge

NAMED = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a3": (297.0, 420.0),
    "a5": (148.0, 210.0),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}
_CUSTOM = re.compile(r"(\d+(?:\.\d+)?)x(\d+(?:\.\d+)?)mm")


class PaperError(ValueError):
    """A paper size that is not known, or too small for what must go on it."""


@dataclass(frozen=True)
class Paper:
    name: str
    width: float  # mm, portrait
    height: float

    @property
    def printable(self) -> tuple[float, float]:
        return self.width - 2 * PRINTER_MARGIN_MM, self.height - 2 * PRINTER_MARGIN_MM


def parse_paper(text: str) -> Paper:
    """``a4``, ``letter`` … or ``210x297mm``; landscape sizes are turned to portrait."""
    key = text.strip().lower()
    if key in NAMED:
        width, height = NAMED[key]
    elif match := _CUSTOM.fullmatch(key):
        width, height = float(match[1]), float(match[2])
    else:
        names = ", ".join(NAMED)
        raise PaperError(f"paper {text!r} is not known: use one of {names}, or a size like 210x297mm")
    return Paper(key, min(width, height), max(width, height))
