"""Card sheets: every card of a deck laid out for cutting, with backs in register for duplex.

Pages alternate faces and backs (face sheet 1, its backs, face sheet 2 …), so a printer set to
print on both sides, flipping on the long edge, puts each back behind its own face. On a
backs page the columns are mirrored, which is what a long-edge flip needs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from engine.games import GAME_TITLES
from station.printables.card_art import draw_back, draw_face, place
from station.printables.fonts import REGULAR, register_fonts, text_width
from station.printables.geometry import CARD_HEIGHT_MM, CARD_WIDTH_MM
from station.printables.looks import look_for
from station.printables.output import atomic_output, check_writable
from station.printables.paper import PRINTER_MARGIN_MM, Paper, PaperError

Progress = Callable[[int, int], None]

CUT_MARK_GAP_MM = 1.0
CUT_MARK_LENGTH_MM = 4.0
GUIDE_GREY = colors.Color(0.72, 0.72, 0.72)


@dataclass(frozen=True)
class SheetLayout:
    """Where the card slots go on a page: a centred grid of ``columns`` x ``rows`` slots."""

    paper: Paper
    columns: int
    rows: int
    upright: bool  # slots 63 wide x 88 tall (the landscape face turned a quarter)

    @property
    def slot(self) -> tuple[float, float]:
        return (CARD_HEIGHT_MM, CARD_WIDTH_MM) if self.upright else (CARD_WIDTH_MM, CARD_HEIGHT_MM)

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def origin(self) -> tuple[float, float]:
        """Bottom-left corner of the grid, in page millimetres (y up)."""
        width, height = self.slot
        return (self.paper.width - self.columns * width) / 2, (self.paper.height - self.rows * height) / 2

    def slot_corner(self, index: int, *, back: bool = False) -> tuple[float, float]:
        """Bottom-left of slot ``index`` (filled row by row from the top left); mirrored on backs."""
        width, height = self.slot
        row, column = divmod(index, self.columns)
        if back:
            column = self.columns - 1 - column
        left, bottom = self.origin
        return left + column * width, bottom + (self.rows - 1 - row) * height


def sheet_layout(paper: Paper) -> SheetLayout:
    """The grid that fits the most cards inside the printer's margins, either way round."""
    width, height = paper.printable
    options = [
        SheetLayout(paper, int(width // w), int(height // h), upright)
        for upright, (w, h) in ((True, (CARD_HEIGHT_MM, CARD_WIDTH_MM)), (False, (CARD_WIDTH_MM, CARD_HEIGHT_MM)))
    ]
    best = max(options, key=lambda layout: (layout.per_page, layout.upright))
    if best.per_page == 0:
        raise PaperError(
            f"paper {paper.width:g} x {paper.height:g} mm cannot fit a card: a card is "
            f"{CARD_HEIGHT_MM:g} x {CARD_WIDTH_MM:g} mm and printers leave {PRINTER_MARGIN_MM:g} mm at each edge; "
            "use a4 or letter"
        )
    return best


def write_deck_pdf(
    groups: Sequence[Sequence[Card]],
    paper: Paper,
    path: Path,
    *,
    backs: bool = True,
    title: str = "",
    progress: Progress | None = None,
) -> int:
    """Write the cards as a print-and-play PDF at ``path`` (all or nothing); returns the page count.

    Each group (say, one deck copy) starts on a fresh sheet, so decks are easy to keep apart.
    """
    layout = sheet_layout(paper)
    check_writable(path)
    register_fonts()
    sheets = [group[i : i + layout.per_page] for group in groups for i in range(0, len(group), layout.per_page)]
    if not sheets:
        raise ValueError("no cards to print")
    total = len(sheets) * (2 if backs else 1)
    with atomic_output(path) as stream:
        c = Canvas(stream, pagesize=(paper.width * mm, paper.height * mm), pageCompression=1)
        c.setTitle(title or "Math Card Station cards")
        c.setCreator("mathstation cards print")
        done = 0
        for number, sheet in enumerate(sheets, 1):
            for back in (False, True) if backs else (False,):
                _draw_sheet(c, layout, sheet, back=back)
                _footer(c, layout, sheet, number, len(sheets), back=back, duplex=backs)
                c.showPage()
                done += 1
                if progress:
                    progress(done, total)
        c.save()
    return total


def _draw_sheet(c: Canvas, layout: SheetLayout, sheet: Sequence[Card], *, back: bool) -> None:
    for index, card in enumerate(sheet):
        left, bottom = layout.slot_corner(index, back=back)
        with place(c, left, bottom, upright=layout.upright):
            draw = draw_back if back else draw_face
            draw(c, card, look_for(card.game), GAME_TITLES.get(card.game, card.game))
    _cut_guides(c, layout, len(sheet), back=back)


def _cut_guides(c: Canvas, layout: SheetLayout, count: int, *, back: bool) -> None:
    """Hairlines on every card edge (for scissors) and marks in the margin (for a trimmer)."""
    width, height = layout.slot
    left, bottom = layout.origin
    right, top = left + layout.columns * width, bottom + layout.rows * height
    c.saveState()
    c.setLineWidth(0.25)
    c.setStrokeColor(GUIDE_GREY)
    for index in range(count):
        x, y = layout.slot_corner(index, back=back)
        c.rect(x * mm, y * mm, width * mm, height * mm, stroke=1, fill=0)
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.5)
    near, far = CUT_MARK_GAP_MM, CUT_MARK_GAP_MM + CUT_MARK_LENGTH_MM
    for column in range(layout.columns + 1):
        x = left + column * width
        c.line(x * mm, (bottom - near) * mm, x * mm, (bottom - far) * mm)
        c.line(x * mm, (top + near) * mm, x * mm, (top + far) * mm)
    for row in range(layout.rows + 1):
        y = bottom + row * height
        c.line((left - near) * mm, y * mm, (left - far) * mm, y * mm)
        c.line((right + near) * mm, y * mm, (right + far) * mm, y * mm)
    c.restoreState()


def _footer(c: Canvas, layout: SheetLayout, sheet: Sequence[Card], number: int, sheets: int, *, back: bool, duplex: bool) -> None:
    """What this page is, in the left margin, each line beside one row so it meets no cut mark."""
    first, last = sheet[0], sheet[-1]
    side = "backs" if back else "faces"
    lines = [f"{GAME_TITLES.get(first.game, first.game)} · {first.id} to {last.id} · sheet {number} of {sheets}, {side}"]
    if duplex and not back:
        lines.append("Print double-sided, flip on long edge. Cut on the marks.")
    _, row_height = layout.slot
    left, bottom = layout.origin
    c.saveState()
    c.setFillColor(colors.Color(0.35, 0.35, 0.35))
    for row, words in zip(range(layout.rows - 1, -1, -1), lines):
        size = min(7.0, 0.9 * row_height * mm / text_width(words, REGULAR, 1.0))
        c.saveState()
        c.translate((left - CUT_MARK_GAP_MM - CUT_MARK_LENGTH_MM / 2) * mm, (bottom + (row + 0.5) * row_height) * mm)
        c.rotate(90)
        c.setFont(REGULAR, size)
        c.drawCentredString(0, -size * 0.36, words)
        c.restoreState()
    c.restoreState()


