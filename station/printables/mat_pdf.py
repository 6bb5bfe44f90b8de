"""A play mat as a PDF at 1:1, tiled over several pages when it is bigger than the paper.

The mat is drawn from its ``MatLayout`` (the same millimetres the station maps cards with) and
its corner markers from OpenCV's own dictionary. Tiles overlap by ``OVERLAP_MM``: each tile but
the first of its row and column has a dashed line through the middle of its left and top
overlap strips; cut there, lay the tile over its neighbours so the registration crosses (drawn
on both pages, centred on that line) meet, and glue. No marker may be split by a tile edge or
lie in an overlap strip (each appears whole on exactly one page), so the grid is shifted when
the evenly spaced one would do that.
"""

from __future__ import annotations

import io
import math
import string
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from station.printables.fonts import BOLD, CAP_HEIGHT, REGULAR, register_fonts, text_width
from station.printables.geometry import CARD_HEIGHT_MM, CARD_WIDTH_MM
from station.printables.looks import look_for
from station.printables.output import atomic_output, check_writable
from station.printables.paper import PRINTER_MARGIN_MM, Paper, PaperError
from station.table.mat import MarkerSpot, MatLayout, Zone, players_text, seat_label
from station.printed.markers import CELLS, marker_cells

Span = tuple[float, float]  # start and end along one axis, mm on the mat
Progress = Callable[[int, int], None]

OVERLAP_MM = 15.0  # glue strip between neighbouring tiles
FOOTER_MM = 11.0  # below a tile: its name, then the how-to
OUTLINE_TINT = 0.45  # share of it in the card outline inside a zone
CROSS_MM = 4.0  # half the span of a registration cross (under half the overlap)
LABEL_SIZE = 4.5  # zone labels: 3.3 mm capitals
HOW_TO = (
    "Print at 100 % (actual size). Cut along the dashed lines, lay each page over its left and "
    "upper neighbours so the crosses meet, then glue."
)


@dataclass(frozen=True)
class Tile:
    """The part of the mat one page shows (mm on the mat); columns are letters, rows numbers."""

    column: int
    row: int
    x: float
    y: float
    w: float
    h: float

    @property
    def name(self) -> str:
        return f"{string.ascii_uppercase[self.column]}{self.row + 1}"


@dataclass(frozen=True)
class TilePlan:
    """How a mat is split over pages: the page size as printed (landscape pages are wider
    than tall) and the column and row spans; one span each when the mat fits one page."""

    page_w: float
    page_h: float
    columns: tuple[Span, ...]
    rows: tuple[Span, ...]

    @property
    def tiled(self) -> bool:
        return len(self.columns) * len(self.rows) > 1

    @property
    def tiles(self) -> list[Tile]:
        return [
            Tile(col, row, x0, y0, x1 - x0, y1 - y0)
            for row, (y0, y1) in enumerate(self.rows)
            for col, (x0, x1) in enumerate(self.columns)
        ]


def write_mat_pdf(layout: MatLayout, paper: Paper, path: Path | str, progress: Progress | None = None) -> int:
    """Write the mat at 1:1 to ``path`` (all or nothing); returns the number of pages."""
    path = Path(path)
    check_writable(path)
    plan = plan_tiles(layout, paper)
    data = _render(layout, plan, progress)
    with atomic_output(path) as stream:
        stream.write(data)
    return len(plan.tiles)


def mat_page_pdf(layout: MatLayout) -> bytes:
    """The whole mat on one page of exactly its size, with no tiles, footers or cutting marks:
    what the virtual table rasterises as its table texture, drawn by the printer's own code."""
    register_fonts()
    cells = {spot.id: marker_cells(spot.id) for spot in layout.markers}
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(layout.width * mm, layout.height * mm), pageCompression=1)
    c.setTitle(f"{layout.title} play mat {players_text(layout)}")
    c.setCreator("Math Card Station")
    c.transform(mm, 0, 0, -mm, 0, layout.height * mm)  # millimetres, y down, origin top-left
    _draw_mat(c, layout, cells)
    c.showPage()
    c.save()
    return buffer.getvalue()


# --- tiling ------------------------------------------------------------------------------------


def plan_tiles(layout: MatLayout, paper: Paper) -> TilePlan:
    """One page when the mat fits (portrait first); else the grid with the fewest pages over
    portrait and landscape pages, every marker whole on one page."""
    width, height = paper.printable
    smallest = max(spot.size * (CELLS + 2) / CELLS for spot in layout.markers)  # a marker and a cell around it
    if min(width, height) < smallest:
        raise PaperError(
            f"paper {paper.name} is too small for the mat: its printable area ({width:g} x {height:g} mm) "
            f"cannot hold one {layout.markers[0].size:g} mm marker with its white margin ({smallest:g} mm)"
        )
    pages = ((paper.width, paper.height, width, height), (paper.height, paper.width, height, width))
    for page_w, page_h, room_w, room_h in pages:
        if layout.width <= room_w and layout.height <= room_h:
            return TilePlan(page_w, page_h, ((0.0, layout.width),), ((0.0, layout.height),))
    clear_x = [(s.x - s.size / CELLS, s.x + s.size + s.size / CELLS) for s in layout.markers]
    clear_y = [(s.y - s.size / CELLS, s.y + s.size + s.size / CELLS) for s in layout.markers]
    plans = []
    for page_w, page_h, room_w, room_h in pages:
        columns = split_span(layout.width, room_w, OVERLAP_MM, clear_x)
        rows = split_span(layout.height, room_h - FOOTER_MM, OVERLAP_MM, clear_y)
        if columns and rows:
            plans.append(TilePlan(page_w, page_h, tuple(columns), tuple(rows)))
    if not plans:
        raise PaperError(
            f"paper {paper.name} is too small to tile the mat: a page must hold a marker with its margin "
            f"and a {OVERLAP_MM:g} mm overlap"
        )
    return min(plans, key=lambda plan: len(plan.tiles))  # min keeps the first (portrait) on a tie


def split_span(length: float, room: float, overlap: float, keep_clear: Sequence[Span]) -> list[Span] | None:
    """Cut ``[0, length]`` into the fewest spans of at most ``room``, each overlapping the next
    by ``overlap``, no overlap strip touching a ``keep_clear`` span; equal spans when they
    allow it, else each as long as it may be. None when it cannot be done."""
    if length <= room:
        return [(0.0, length)]
    if room <= overlap:
        return None
    count = math.ceil((length - overlap) / (room - overlap))
    size = (length + (count - 1) * overlap) / count
    even = [(i * (size - overlap), i * (size - overlap) + size) for i in range(count)]
    even[-1] = (even[-1][0], length)
    if all(_strip_clear(a[1] - overlap, a[1], keep_clear) for a in even[:-1]):
        return even
    spans: list[Span] = []
    start = 0.0
    while length - start > room:
        end = start + room
        while blocking := [a for a, b in keep_clear if end - overlap < b and a < end]:
            end = min(blocking)
        if end - overlap <= start:
            return None
        spans.append((start, end))
        start = end - overlap
    spans.append((start, length))
    return spans


def _strip_clear(start: float, end: float, keep_clear: Sequence[Span]) -> bool:
    return all(end <= a or b <= start for a, b in keep_clear)


# --- drawing -----------------------------------------------------------------------------------


def _render(layout: MatLayout, plan: TilePlan, progress: Progress | None) -> bytes:
    register_fonts()
    cells = {spot.id: marker_cells(spot.id) for spot in layout.markers}  # fails before any drawing
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=(plan.page_w * mm, plan.page_h * mm), pageCompression=1)
    c.setTitle(f"{layout.title} play mat {players_text(layout)}")
    c.setCreator("Math Card Station")
    tiles = plan.tiles
    for done, tile in enumerate(tiles, start=1):
        c.saveState()
        c.transform(mm, 0, 0, -mm, 0, plan.page_h * mm)  # millimetres, y down, origin top-left
        if plan.tiled:
            c.translate(PRINTER_MARGIN_MM, PRINTER_MARGIN_MM)
        else:  # centred on its one page
            c.translate((plan.page_w - tile.w) / 2, (plan.page_h - tile.h) / 2)
        _draw_tile(c, layout, plan, tile, cells)
        if plan.tiled:
            _draw_footer(c, layout, plan, tile)
        c.restoreState()
        c.showPage()
        if progress:
            progress(done, len(tiles))
    c.save()
    return buffer.getvalue()


def _draw_tile(c: Canvas, layout: MatLayout, plan: TilePlan, tile: Tile, cells: dict[int, list[list[bool]]]) -> None:
    """The mat in mat coordinates, clipped to the tile, with the tile's cutting marks."""
    c.saveState()
    c.translate(-tile.x, -tile.y)
    clip = c.beginPath()
    clip.rect(tile.x, tile.y, tile.w, tile.h)
    c.clipPath(clip, stroke=0, fill=0)
    _draw_mat(c, layout, cells)
    if plan.tiled:
        _draw_cut_marks(c, plan, tile)
    c.restoreState()


def _draw_mat(c: Canvas, layout: MatLayout, cells: dict[int, list[list[bool]]]) -> None:
    c.setFillColor(colors.white)
    c.rect(0, 0, layout.width, layout.height, stroke=0, fill=1)
    c.setStrokeColor(colors.HexColor("#9a9a9a"))
    c.setLineWidth(0.3)
    c.rect(0, 0, layout.width, layout.height, stroke=1, fill=0)  # the outer edge, to trim along
    _draw_zones(c, layout, LABEL_SIZE)
    for spot in layout.markers:
        _draw_marker(c, spot, cells[spot.id])
    _draw_titles(c, layout)


def draw_mat_picture(c: Canvas, layout: MatLayout, label_size: float) -> None:
    """The mat as a small picture (a rules card's), in mat millimetres: its zones as printed,
    labels at ``label_size`` (shrunk to fit their zone), and each corner marker as a plain
    square with no code, so that a picture lying on the table is never taken for a mat."""
    c.setFillColor(colors.white)
    c.setStrokeColor(colors.HexColor("#9a9a9a"))
    c.setLineWidth(1.0)
    c.rect(0, 0, layout.width, layout.height, stroke=1, fill=1)
    _draw_zones(c, layout, label_size)
    for spot in layout.markers:
        c.setFillColor(colors.black)
        c.rect(spot.x, spot.y, spot.size, spot.size, stroke=0, fill=1)
        c.setFillColor(colors.white)
        inset = spot.size / 3
        c.rect(spot.x + inset, spot.y + inset, spot.size - 2 * inset, spot.size - 2 * inset, stroke=0, fill=1)


def _draw_zones(c: Canvas, layout: MatLayout, label_size: float) -> None:
    look = look_for(layout.game)
    for zone in layout.zones:
        _draw_zone(c, zone, colors.HexColor(look.colour(zone.kind)), seat_label(layout.game, zone.seat), label_size)


def _draw_zone(c: Canvas, zone: Zone, colour: colors.Color, seat: str, label_size: float = LABEL_SIZE) -> None:
    """An outlined box in the kind's colour, its labels along the side nearest its reader; a
    pile's box also shows the outline of the card that goes there (other zones hold several
    cards, or any number). Outlines only, no filled areas: a mat of several pages would
    otherwise spend most of its toner on grey."""
    c.saveState()
    c.translate(zone.x + zone.w / 2, zone.y + zone.h / 2)
    c.rotate(zone.facing)  # from here +y points at the zone's player
    width, height = (zone.h, zone.w) if zone.facing % 180 else (zone.w, zone.h)  # as its reader sees it
    half_w, half_h = width / 2, height / 2
    c.setStrokeColor(colour)
    c.setLineWidth(0.6)
    c.roundRect(-half_w, -half_h, width, height, 4.0, stroke=1, fill=0)
    if zone.role == "pile":
        c.setStrokeColor(_tint(colour, OUTLINE_TINT))
        c.setLineWidth(0.35)
        c.setDash([2.0, 1.5])
        c.roundRect(-CARD_WIDTH_MM / 2, -CARD_HEIGHT_MM / 2, CARD_WIDTH_MM, CARD_HEIGHT_MM, 3.0, stroke=1, fill=0)
        c.setDash([])
        strip, inset = half_h - CARD_HEIGHT_MM / 2, CARD_WIDTH_MM / 2
    else:
        strip, inset = label_size * CAP_HEIGHT + 4.0, half_w - 4.0
    room = 2 * inset - (text_width(seat, BOLD, 1.0) + 2.0) * label_size  # the label never runs into the seat's name
    size = min(label_size, room / text_width(zone.label, BOLD, 1.0),
               max(strip - 1.0, 0.5) / CAP_HEIGHT if zone.role == "pile" else label_size)
    baseline = half_h - (strip - size * CAP_HEIGHT) / 2
    c.setFillColor(colour)
    _text(c, -inset, baseline, zone.label, BOLD, size)
    _text(c, inset, baseline, seat, BOLD, size, align="right")
    c.restoreState()


def _draw_marker(c: Canvas, spot: MarkerSpot, cells: list[list[bool]]) -> None:
    """Black cells as one path of row runs, on white one cell wider all round."""
    cell = spot.size / len(cells)
    c.setFillColor(colors.white)
    c.rect(spot.x - cell, spot.y - cell, spot.size + 2 * cell, spot.size + 2 * cell, stroke=0, fill=1)
    path = c.beginPath()
    for row, line in enumerate(cells):
        col = 0
        while col < len(line):
            if not line[col]:
                col += 1
                continue
            start = col
            while col < len(line) and line[col]:
                col += 1
            path.rect(spot.x + start * cell, spot.y + row * cell, (col - start) * cell, cell)
    c.setFillColor(colors.black)
    c.drawPath(path, stroke=0, fill=1)


def _draw_titles(c: Canvas, layout: MatLayout) -> None:
    """The game's name up the left margin and down the right one, between the markers."""
    spots = {spot.corner: spot for spot in layout.markers}
    top = spots["top-left"].y + spots["top-left"].size
    bottom = spots["bottom-left"].y
    left_column = spots["top-left"].x + spots["top-left"].size / 2
    right_column = spots["top-right"].x + spots["top-right"].size / 2
    title, line = layout.title.upper(), f"play mat {players_text(layout)}"
    room = bottom - top - 4 * spots["top-left"].size / CELLS  # two cells of white at each end
    title_size = min(8.0, room / text_width(title, BOLD, 1.0))
    line_size = min(4.5, title_size * 0.6)
    gap = 2.0
    total = (title_size + line_size) * CAP_HEIGHT + gap
    middle = (top + bottom) / 2
    c.setFillColor(colors.HexColor("#333333"))
    for column, turn in ((left_column, -90), (right_column, 90)):
        if any(zone.x - 2 < column < zone.x + zone.w + 2 and zone.y < bottom and zone.y + zone.h > top
               for zone in layout.zones):
            continue  # a zone lies in that margin (Math Rush's Help box): the other side says it
        c.saveState()
        c.translate(column, middle)
        c.rotate(turn)
        _text(c, 0, -(total / 2 - title_size * CAP_HEIGHT), title, BOLD, title_size, align="centre")
        _text(c, 0, total / 2, line, REGULAR, line_size, align="centre")
        c.restoreState()


def _draw_cut_marks(c: Canvas, plan: TilePlan, tile: Tile) -> None:
    """This tile's cutting lines (left and top, unless first) and every registration cross,
    centred on a cutting line in the exclusive part of a neighbouring row or column."""
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.3)
    c.setDash([2.5, 1.5])
    if tile.column:
        x = tile.x + OVERLAP_MM / 2
        c.line(x, tile.y, x, tile.y + tile.h)
    if tile.row:
        y = tile.y + OVERLAP_MM / 2
        c.line(tile.x, y, tile.x + tile.w, y)
    c.setDash([])
    for x0, _ in plan.columns[1:]:
        for y in _cross_places(plan.rows):
            _cross(c, x0 + OVERLAP_MM / 2, y)
    for y0, _ in plan.rows[1:]:
        for x in _cross_places(plan.columns):
            _cross(c, x, y0 + OVERLAP_MM / 2)


def _cross_places(spans: tuple[Span, ...]) -> list[float]:
    """Two places along each span, a quarter in from the ends of the part no neighbour shares."""
    places = []
    for index, (start, end) in enumerate(spans):
        own_start = start + (OVERLAP_MM if index else 0.0)
        own_end = end - (OVERLAP_MM if index < len(spans) - 1 else 0.0)
        places += [own_start + (own_end - own_start) / 4, own_end - (own_end - own_start) / 4]
    return places


def _cross(c: Canvas, x: float, y: float) -> None:
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.25)
    c.line(x - CROSS_MM, y, x + CROSS_MM, y)
    c.line(x, y - CROSS_MM, x, y + CROSS_MM)
    c.circle(x, y, CROSS_MM * 0.55, stroke=1, fill=0)


def _draw_footer(c: Canvas, layout: MatLayout, plan: TilePlan, tile: Tile) -> None:
    """Under the tile: which tile this is and of which mat, then how to put the mat together."""
    width = plan.page_w - 2 * PRINTER_MARGIN_MM
    baseline = tile.h + 2.0 + 3.5 * CAP_HEIGHT
    c.setFillColor(colors.black)
    _text(c, 0, baseline, f"Tile {tile.name} of {len(plan.columns)}x{len(plan.rows)}", BOLD, 3.5)
    _text(c, width, baseline, f"{layout.title} play mat {players_text(layout)}", REGULAR, 3.0, align="right")
    size = min(2.8, width / text_width(HOW_TO, REGULAR, 1.0))
    _text(c, 0, baseline + 1.6 + size * CAP_HEIGHT * 1.3, HOW_TO, REGULAR, size)


def _text(c: Canvas, x: float, y: float, text: str, font: str, size: float, *, align: str = "left") -> None:
    """Text whose baseline starts (or centres, or ends) at ``x``, ``y`` in the y-down frame."""
    c.saveState()
    c.translate(x, y)
    c.scale(1, -1)
    c.setFont(font, size)
    draw = {"left": c.drawString, "centre": c.drawCentredString, "right": c.drawRightString}[align]
    draw(0, 0, text)
    c.restoreState()


def _tint(colour: colors.Color, share: float) -> colors.Color:
    """``share`` of the colour on white paper."""
    return colors.Color(*(1 - share * (1 - part) for part in (colour.red, colour.green, colour.blue)))
