"""Card sheets: every card of a deck nested for cutting, with backs in register for duplex.

Cards of any outline are nested (``nesting``): rectangles in a plain grid, Big Bang's triangles
alternating up and down in rows, every cut shared by two cards. Pages alternate faces and backs
(face sheet 1, its backs, face sheet 2 …), so a printer set to print on both sides, flipping on
the long edge, puts each back behind its own face: on a backs page every card lies at its
face's place mirrored left to right (every shape we print is symmetric that way, so its outline
lands on its face's). A sheet holds cards of one shape.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card
from engine.games import GAME_TITLES
from station.printables.card_art import draw_back, draw_face, place
from station.printables.fonts import REGULAR, register_fonts, text_width
from station.printables.looks import look_for
from station.printables.nesting import EPSILON, Nest, Placement, cut_lines, nest
from station.printables.output import atomic_output, check_writable
from station.printables.paper import PRINTER_MARGIN_MM, Paper, PaperError
from station.printed.cards import RECTANGLE, CardShape, shape_of

Progress = Callable[[int, int], None]
Point = tuple[float, float]

CUT_MARK_GAP_MM = 1.0
CUT_MARK_LENGTH_MM = 4.0
GUIDE_GREY = colors.Color(0.72, 0.72, 0.72)
FOOTER_GREY = colors.Color(0.35, 0.35, 0.35)
SIDE_FOOTER_MM = 5.0  # a margin at least this wide beside the cards takes the footer; else below them


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards of one shape go on a page: a nest (``nesting.Nest``) centred on the paper.
    Page millimetres with the origin top-left and y down, unless a method says otherwise."""

    paper: Paper
    nest: Nest

    @property
    def shape(self) -> CardShape:
        return self.nest.shape

    @property
    def per_page(self) -> int:
        return len(self.nest.placements)

    @property
    def columns(self) -> int:
        return self.nest.columns

    @property
    def rows(self) -> int:
        return self.nest.rows

    @property
    def upright(self) -> bool:
        """Whether the cards lie turned a quarter (a rectangle's 63 mm wide, 88 mm tall slots)."""
        return self.nest.turn % 180 == 90

    @property
    def origin(self) -> Point:
        """The top-left of the nest's box on the page."""
        return (self.paper.width - self.nest.width) / 2, (self.paper.height - self.nest.height) / 2

    @property
    def slot(self) -> tuple[float, float]:
        """The width and height of one card's box as it lies on the page."""
        xs, ys = zip(*self.nest.placements[0].outline(self.shape))
        return max(xs) - min(xs), max(ys) - min(ys)

    def placement(self, index: int, *, back: bool = False) -> Placement:
        """Where card ``index`` (row by row from the top left) lies: its centre and turn; a back
        at its face's place mirrored left to right, for a long-edge flip."""
        spot = self.nest.placements[index]
        left, top = self.origin
        x = left + spot.x
        return Placement(self.paper.width - x if back else x, top + spot.y, spot.turn)

    def outline(self, index: int, *, back: bool = False) -> tuple[Point, ...]:
        """Card ``index``'s cut outline on the page."""
        return self.placement(index, back=back).outline(self.shape)

    def slot_corner(self, index: int, *, back: bool = False) -> Point:
        """The bottom-left of card ``index``'s box, in page millimetres with y up (PDF's axes)."""
        xs, ys = zip(*self.outline(index, back=back))
        return min(xs), self.paper.height - max(ys)

    def cuts(self) -> list[tuple[Point, Point]]:
        """The full nest's straight cuts on the page, each a run of shared card edges."""
        left, top = self.origin
        return [((cut.start[0] + left, cut.start[1] + top), (cut.end[0] + left, cut.end[1] + top)) for cut in self.nest.cuts]


def sheet_layout(paper: Paper, shape: CardShape = RECTANGLE) -> SheetLayout:
    """The nesting of ``shape`` that fits the most cards inside the printer's margins."""
    width, height = paper.printable
    found = nest(shape, width, height)
    if found is None:
        raise PaperError(
            f"paper {paper.width:g} x {paper.height:g} mm cannot fit a card: a {'' if shape == RECTANGLE else shape.name + ' '}card is "
            f"{min(shape.width, shape.height):g} x {max(shape.width, shape.height):g} mm and printers leave "
            f"{PRINTER_MARGIN_MM:g} mm at each edge; use a4 or letter"
        )
    return SheetLayout(paper, found)


def write_deck_pdf(
    groups: Sequence[Sequence[Card]],
    paper: Paper,
    path: Path,
    *,
    backs: bool = True,
    title: str = "",
    progress: Progress | None = None,
    then: Callable[[Canvas], int] | None = None,
) -> int:
    """Write the cards as a print-and-play PDF at ``path`` (all or nothing); returns the page count.

    Each group (say, one deck copy) starts on a fresh sheet, so decks are easy to keep apart;
    within a group, cards of another shape start a fresh sheet too. ``then`` draws more pages
    after the cards on the same canvas (the rules cards) and returns how many.
    """
    sheets = list(_sheets(groups, paper))
    check_writable(path)
    register_fonts()
    if not sheets:
        raise ValueError("no cards to print")
    total = len(sheets) * (2 if backs else 1)
    with atomic_output(path) as stream:
        c = Canvas(stream, pagesize=(paper.width * mm, paper.height * mm), pageCompression=1)
        c.setTitle(title or "Math Card Station cards")
        c.setCreator("mathstation cards print")
        done = 0
        for number, (layout, sheet) in enumerate(sheets, 1):
            for back in (False, True) if backs else (False,):
                _draw_sheet(c, layout, sheet, back=back)
                _footer(c, layout, sheet, number, len(sheets), back=back, duplex=backs)
                c.showPage()
                done += 1
                if progress:
                    progress(done, total)
        if then is not None:
            total += then(c)
        c.save()
    return total


def _sheets(groups: Sequence[Sequence[Card]], paper: Paper) -> Iterator[tuple[SheetLayout, Sequence[Card]]]:
    """Each sheet's layout and cards: a group's cards in order, a new sheet at each new shape."""
    for group in groups:
        runs: list[list[Card]] = []
        for card in group:
            if runs and shape_of(runs[-1][-1]) == shape_of(card):
                runs[-1].append(card)
            else:
                runs.append([card])
        for run in runs:
            layout = sheet_layout(paper, shape_of(run[0]))
            for start in range(0, len(run), layout.per_page):
                yield layout, run[start : start + layout.per_page]


def _draw_sheet(c: Canvas, layout: SheetLayout, sheet: Sequence[Card], *, back: bool) -> None:
    c.saveState()
    c.transform(mm, 0, 0, -mm, 0, layout.paper.height * mm)  # page millimetres, y down
    for index, card in enumerate(sheet):
        spot = layout.placement(index, back=back)
        with place(c, layout.shape, spot.x, spot.y, spot.turn):
            draw = draw_back if back else draw_face
            draw(c, card, look_for(card.game), GAME_TITLES.get(card.game, card.game))
    _cut_guides(c, layout, len(sheet), back=back)
    c.restoreState()


def _cut_guides(c: Canvas, layout: SheetLayout, count: int, *, back: bool) -> None:
    """Hairlines on every edge of the cards on the page (for scissors), and marks in the margin
    where the nest's cut lines leave it (for a trimmer: each mark lines up with one straight cut
    across the sheet). Page millimetres, y down."""
    c.setLineWidth(0.25 / mm)
    c.setStrokeColor(GUIDE_GREY)
    for cut in cut_lines([layout.outline(index, back=back) for index in range(count)]):
        c.line(*cut.start, *cut.end)
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.5 / mm)
    left, top = layout.origin
    right, bottom = left + layout.nest.width, top + layout.nest.height
    printable = (PRINTER_MARGIN_MM, PRINTER_MARGIN_MM, layout.paper.width - PRINTER_MARGIN_MM,
                 layout.paper.height - PRINTER_MARGIN_MM)
    for start, end in layout.cuts():
        if back:
            start, end = (layout.paper.width - start[0], start[1]), (layout.paper.width - end[0], end[1])
        for tip, tail in ((start, end), (end, start)):
            if not _on_box(tip, (left, top, right, bottom)):
                continue
            length = max(EPSILON, ((tip[0] - tail[0]) ** 2 + (tip[1] - tail[1]) ** 2) ** 0.5)
            out = ((tip[0] - tail[0]) / length, (tip[1] - tail[1]) / length)
            near = (tip[0] + out[0] * CUT_MARK_GAP_MM, tip[1] + out[1] * CUT_MARK_GAP_MM)
            far_ = (tip[0] + out[0] * (CUT_MARK_GAP_MM + CUT_MARK_LENGTH_MM),
                    tip[1] + out[1] * (CUT_MARK_GAP_MM + CUT_MARK_LENGTH_MM))
            if _inside_box(far_, printable):
                c.line(*near, *far_)


def _on_box(point: Point, box: tuple[float, float, float, float]) -> bool:
    x, y = point
    left, top, right, bottom = box
    return min(abs(x - left), abs(x - right), abs(y - top), abs(y - bottom)) < 1e-3


def _inside_box(point: Point, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= point[0] <= box[2] and box[1] <= point[1] <= box[3]


def _footer(c: Canvas, layout: SheetLayout, sheet: Sequence[Card], number: int, sheets: int, *, back: bool, duplex: bool) -> None:
    """What this page is: in the left margin, each line beside one row so it meets no cut mark;
    below the cards when the side margin is too narrow (triangles fill the width)."""
    first, last = sheet[0], sheet[-1]
    side = "backs" if back else "faces"
    lines = [f"{GAME_TITLES.get(first.game, first.game)} · {first.id} to {last.id} · sheet {number} of {sheets}, {side}"]
    if duplex and not back:
        lines.append("Print double-sided, flip on long edge. Cut on the marks.")
    left, top = layout.origin
    c.saveState()
    c.setFillColor(FOOTER_GREY)
    if left - PRINTER_MARGIN_MM >= SIDE_FOOTER_MM:
        row_height = layout.nest.height / layout.rows
        for row, words in enumerate(lines):
            size = min(7.0, 0.9 * row_height * mm / text_width(words, REGULAR, 1.0))
            c.saveState()
            c.translate((left - CUT_MARK_GAP_MM - CUT_MARK_LENGTH_MM / 2) * mm,
                        (layout.paper.height - top - (row + 0.5) * row_height) * mm)
            c.rotate(90)
            c.setFont(REGULAR, size)
            c.drawCentredString(0, -size * 0.36, words)
            c.restoreState()
    else:
        below = layout.paper.height - top - layout.nest.height - CUT_MARK_GAP_MM - CUT_MARK_LENGTH_MM - 1.0
        for row, words in enumerate(lines):
            size = min(7.0, 0.9 * layout.nest.width * mm / text_width(words, REGULAR, 1.0))
            c.setFont(REGULAR, size)
            c.drawCentredString(layout.paper.width / 2 * mm, (below - 3.0 - row * 3.2) * mm, words)
    c.restoreState()
