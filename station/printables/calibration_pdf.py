"""The lens calibration board as a one-page PDF (``mathstation mat print calibration``): OpenCV's
ChArUco board (``station.printed.calibration_board``) at its exact size, with what to do with it.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from station.printables.fonts import BOLD, REGULAR, register_fonts
from station.printables.output import atomic_output
from station.printables.paper import PRINTER_MARGIN_MM, Paper, PaperError
from station.printed.calibration_board import BOARD_SQUARE_MM, board_image, board_size_mm

PX_PER_MM = 1 / 0.08  # 12.5 px a mm (318 dpi): the board's 26 mm squares are 325 px, whole
TITLE_MM = 22.0  # the words above the board


def write_calibration_pdf(path: Path, paper: Paper) -> None:
    """The board on ``paper`` (portrait), centred under its words; refused if it does not fit."""
    width, height = board_size_mm()
    free_w, free_h = paper.printable
    if width > free_w or height + TITLE_MM > free_h:
        raise PaperError(f"{paper.name}: the calibration board needs {width + 2 * PRINTER_MARGIN_MM:.0f} x "
                         f"{height + TITLE_MM + 2 * PRINTER_MARGIN_MM:.0f} mm paper (A4 or Letter)")
    register_fonts()
    board = Image.fromarray(board_image(PX_PER_MM))
    left = (paper.width - width) / 2
    top = PRINTER_MARGIN_MM + TITLE_MM + (free_h - TITLE_MM - height) / 2
    with atomic_output(path) as stream:
        c = Canvas(stream, pagesize=(paper.width * mm, paper.height * mm))
        c.setTitle("Math Card Station: lens calibration board")
        c.setFont(BOLD, 13)
        c.drawString(left * mm, (paper.height - PRINTER_MARGIN_MM - 7) * mm, "Lens calibration board")
        c.setFont(REGULAR, 8.5)
        lines = (f"Print at 100 % ('Actual size'): each square must measure {BOARD_SQUARE_MM:g} mm. Glue it to card, flat.",
                 "Then run: mathstation calibrate --lens --camera SPEC, and lay the board flat under the camera where it "
                 "asks:",
                 "in the middle, then near each corner and each edge of the picture (the lens bends the edges most).")
        for n, line in enumerate(lines):
            c.drawString(left * mm, (paper.height - PRINTER_MARGIN_MM - 12 - 4 * n) * mm, line)
        c.drawImage(ImageReader(board), left * mm, (paper.height - top - height) * mm, width * mm, height * mm)
        c.showPage()
        c.save()
