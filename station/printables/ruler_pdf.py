"""A one-page ruler to check that the printer kept 100 % before printing cards and mats.

Printers and PDF viewers often "fit to page" (94-97 %): the cards' codes then shrink and the
camera heights in docs/build.md no longer hold. The page holds a 150 mm ruler along the paper and
a 100 mm one across it (a shrink can differ in each direction), a 100 mm square and one QR code
square's size (``CODE_MM``); a kitchen ruler laid along them tells at once.
"""

from __future__ import annotations

from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from station.printables.fonts import BOLD, REGULAR, register_fonts
from station.printables.output import atomic_output
from station.printables.paper import PRINTER_MARGIN_MM, Paper, PaperError
from station.printed.cards import CODE_MM

ALONG_MM = 150  # the ruler along the paper's height
ACROSS_MM = 100  # the ruler across its width
SQUARE_MM = 100
LEFT_MM, TOP_MM = 20.0, 30.0  # where the long ruler starts, from the page's top-left corner


def write_ruler_pdf(path: Path, paper: Paper) -> None:
    """The ruler page on ``paper`` (portrait); refused if the paper cannot hold it."""
    need_w = LEFT_MM + 25 + SQUARE_MM + PRINTER_MARGIN_MM
    need_h = TOP_MM + ALONG_MM + 25 + PRINTER_MARGIN_MM
    if paper.width < need_w or paper.height < need_h:
        raise PaperError(f"{paper.name}: the ruler page needs {need_w:.0f} x {need_h:.0f} mm paper")
    register_fonts()
    with atomic_output(path) as stream:
        c = Canvas(stream, pagesize=(paper.width * mm, paper.height * mm))
        c.setTitle("Math Card Station: printer scale check")

        def at(x: float, y: float) -> tuple[float, float]:
            """mm from the page's top-left -> PDF points from its bottom-left."""
            return x * mm, (paper.height - y) * mm

        c.setFont(BOLD, 14)
        c.drawString(*at(LEFT_MM, 14), "Printer check: is this page at 100 %?")
        c.setFont(REGULAR, 9)
        c.drawString(*at(LEFT_MM, 20), f"Lay a ruler along each scale: the long one must measure {ALONG_MM} mm, "
                                        f"the short one {ACROSS_MM} mm, the square {SQUARE_MM} mm a side.")
        c.drawString(*at(LEFT_MM, 24.5), "If not, print again at 'Actual size' / 100 % (not 'Fit to page').")
        _scale(c, at, LEFT_MM, TOP_MM, ALONG_MM, vertical=True)
        _scale(c, at, LEFT_MM + 25, TOP_MM, ACROSS_MM, vertical=False)
        x0, y0 = LEFT_MM + 25, TOP_MM + 20
        c.setLineWidth(0.5 * mm)
        c.rect(*at(x0, y0 + SQUARE_MM), SQUARE_MM * mm, SQUARE_MM * mm)
        c.setFont(REGULAR, 10)
        c.drawCentredString(*at(x0 + SQUARE_MM / 2, y0 + SQUARE_MM / 2 - 3), f"{SQUARE_MM} x {SQUARE_MM} mm")
        cx, cy = x0 + (SQUARE_MM - CODE_MM) / 2, y0 + SQUARE_MM / 2 + 4
        c.setFillGray(0.0)
        c.rect(*at(cx, cy + CODE_MM), CODE_MM * mm, CODE_MM * mm, fill=1)
        c.setFillGray(0.0)
        c.drawCentredString(*at(x0 + SQUARE_MM / 2, cy + CODE_MM + 5), f"a card's QR code: {CODE_MM:.1f} mm")
        c.showPage()
        c.save()


def _scale(c: Canvas, at, x: float, y: float, length: int, vertical: bool) -> None:  # type: ignore[no-untyped-def]
    """A line ``length`` mm long with a tick every mm (longer each 5 and 10, numbered in cm)."""
    c.setLineWidth(0.25 * mm)
    end = (x, y + length) if vertical else (x + length, y)
    c.line(*at(x, y), *at(*end))
    c.setFont(REGULAR, 7)
    for step in range(length + 1):
        tick = 6.0 if step % 10 == 0 else 4.0 if step % 5 == 0 else 2.5
        c.setLineWidth((0.3 if step % 10 == 0 else 0.15) * mm)
        if vertical:
            c.line(*at(x, y + step), *at(x + tick, y + step))
            if step % 10 == 0:
                c.drawString(*at(x + 7, y + step + 1), str(step // 10))
        else:
            c.line(*at(x + step, y), *at(x + step, y + tick))
            if step % 10 == 0:
                c.drawCentredString(*at(x + step, y + 9.5), str(step // 10))
