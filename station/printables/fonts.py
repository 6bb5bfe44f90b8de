"""The fonts cards are set in: Bitstream Vera, which ships inside reportlab (no network, no
system fonts), and which has the true minus, times and divide signs children are taught."""

from __future__ import annotations

import functools
from pathlib import Path

import reportlab
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "Vera"
BOLD = "VeraBd"
_FILES = {REGULAR: "Vera.ttf", BOLD: "VeraBd.ttf"}

# Vera's digit and capital height, as a share of the font size: to size text by what the eye sees.
CAP_HEIGHT = 0.729


@functools.cache
def register_fonts() -> None:
    """Register the fonts with reportlab once per process (it embeds the used glyphs in each PDF)."""
    folder = Path(reportlab.__file__).parent / "fonts"
    for name, file in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / file)))


def text_width(text: str, font: str, size: float) -> float:
    """Width of ``text`` in the units of ``size`` (we draw in millimetres)."""
    register_fonts()
    return pdfmetrics.stringWidth(text, font, size)
