"""Faces and backs of cards cut to an outline other than a rectangle (Big Bang's triangles).

What such a face shows is the look's data (``[kinds.<kind>.face]``, ``looks.ShapedFace``); where
it goes is worked out from the outline and the codes (``station.printed.cards``), so a new shape
needs no drawing code. Every code keeps its quiet zone white; every mark faces out of the card,
its foot towards the reader beyond the corner's opposite side (corner words) or beyond its own
side (side words), so a card reads from every side of the table. Corner marks are as large as
the room between the outline and the quiet zones allows, the same size and the same distance in
from every corner; side words go where their side has the longest free stretch.

Everything here draws in the face's own millimetres, x right, y down, origin at the top-left of
the shape's bounding box (the caller places the card).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from engine.catalog import Card, load_catalog
from engine.errors import CatalogError
from station.printables.card_words import fill
from station.printables.codes import draw_code, quiet_zone
from station.printables.fonts import BOLD, CAP_HEIGHT, register_fonts, text_width
from station.printables.geometry import EDGE_MM
from station.printables.looks import GameLook, ShapedFace
from station.printables.qr import qr_modules
from station.printables.signs import draw_star
from station.printables.typeset import turned_reading
from station.printed.cards import CardShape, shape_of

Point = tuple[float, float]
Polygon = tuple[Point, ...]

CLEARANCE = 0.8  # mm of white kept between a mark and a code's quiet zone, or another mark
SIDE_PAD = 0.5  # mm between the cut margin and a side's words, and above them
SMALLEST_WORDS = 1.4  # mm capitals: side words that do not fit this size are a fault of the look
DEAD_GREY = colors.HexColor("#8c8c8c")
STAR_WIDTH = 1.0  # a star's box is as wide as it is tall ...
STAR_SPAN = 2 * math.sin(math.radians(72))  # ... and as wide as its points: 1.9 times its radius


# --- geometry of the face ----------------------------------------------------------------------


def _unit(v: Point) -> Point:
    length = math.hypot(*v)
    return v[0] / length, v[1] / length


def sides(shape: CardShape) -> list[tuple[Point, Point]]:
    """The outline's sides clockwise (as the face is seen), starting with the bottom one (the one
    whose outward normal points most nearly down): a triangle's base, left side, right side."""
    points = shape.outline
    edges = list(zip(points, points[1:] + points[:1]))
    bottom = max(range(len(edges)), key=lambda i: _outward(*edges[i])[1])
    return edges[bottom:] + edges[:bottom]


def _outward(a: Point, b: Point) -> Point:
    """The outward normal of side a -> b of an outline listed clockwise (y down)."""
    return _unit((b[1] - a[1], a[0] - b[0]))


def _inset(polygon: Polygon, distance: float) -> Polygon:
    """A convex polygon (listed clockwise, y down) moved in by ``distance`` on every side."""
    lines = []
    for a, b in zip(polygon, polygon[1:] + polygon[:1]):
        n = _outward(a, b)
        lines.append(((a[0] - n[0] * distance, a[1] - n[1] * distance), (b[0] - a[0], b[1] - a[1])))
    points = []
    for (p, d), (q, e) in zip(lines[-1:] + lines[:-1], lines):
        cross = d[0] * e[1] - d[1] * e[0]
        t = ((q[0] - p[0]) * e[1] - (q[1] - p[1]) * e[0]) / cross
        points.append((p[0] + t * d[0], p[1] + t * d[1]))
    return tuple(points)


def _clip(polygon: Polygon, a: Point, normal: Point, depth: float) -> Polygon:
    """The part of a convex polygon within ``depth`` of the line through ``a`` (inwards: -normal)."""

    def inside(p: Point) -> float:
        return depth + ((p[0] - a[0]) * normal[0] + (p[1] - a[1]) * normal[1])

    kept: list[Point] = []
    for p, q in zip(polygon, polygon[1:] + polygon[:1]):
        fp, fq = inside(p), inside(q)
        if fp >= 0:
            kept.append(p)
        if (fp >= 0) != (fq >= 0):
            t = fp / (fp - fq)
            kept.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return tuple(kept)


def _separated(a: Polygon, b: Polygon) -> bool:
    """Do two convex polygons have no area in common (separating axis)?"""
    for polygon in (a, b):
        for p, q in zip(polygon, polygon[1:] + polygon[:1]):
            axis = (q[1] - p[1], p[0] - q[0])
            da = [axis[0] * x + axis[1] * y for x, y in a]
            db = [axis[0] * x + axis[1] * y for x, y in b]
            if max(da) <= min(db) or max(db) <= min(da):
                return True
    return False


def _inside(points: Sequence[Point], polygon: Polygon) -> bool:
    """Are all the points inside a convex polygon listed clockwise (y down)?"""
    for a, b in zip(polygon, polygon[1:] + polygon[:1]):
        n = _outward(a, b)
        if any((p[0] - a[0]) * n[0] + (p[1] - a[1]) * n[1] > 1e-9 for p in points):
            return False
    return True


@dataclass(frozen=True)
class Frame:
    """Where a mark stands: its centre and the direction its foot points (its reader's side)."""

    x: float
    y: float
    down: Point

    @property
    def right(self) -> Point:
        return self.down[1], -self.down[0]

    def box(self, width: float, height: float) -> Polygon:
        """The mark's box on the face, ``width`` along its line and ``height`` across."""
        (rx, ry), (dx, dy) = self.right, self.down
        return tuple((self.x + u * rx + v * dx, self.y + u * ry + v * dy)
                     for u, v in ((-width / 2, -height / 2), (width / 2, -height / 2),
                                  (width / 2, height / 2), (-width / 2, height / 2)))


@dataclass(frozen=True)
class CornerMarks:
    """The marks in every corner: one size, one distance in from each corner."""

    frames: tuple[Frame, ...]
    height: float  # mm, the mark's capitals (or a sign's height)


@functools.lru_cache(maxsize=64)
def corner_marks(shape: CardShape, aspect: float, largest: float = 0.0) -> CornerMarks:
    """Where marks ``aspect`` times as wide as tall stand in the corners: as tall as fits (at
    most ``largest`` mm, when given), then at the same distance in from every corner — the
    middle of the distances that fit for a mark as large as fits, the nearest to the corner for
    a smaller one (leaving the sides free for their words)."""
    room = _inset(shape.outline, EDGE_MM)
    zones = [_inset(quiet_zone(spot), -CLEARANCE) for spot in shape.codes]
    cx, cy = shape.centre
    corners = [(v, _unit((cx - v[0], cy - v[1])), math.dist(v, shape.centre)) for v in shape.outline]

    def distances(height: float) -> list[float]:
        reach = min(length for _, _, length in corners)
        steps = [index * 0.25 for index in range(int(reach / 0.25))]
        fit = []
        for t in steps:
            boxes = [Frame(v[0] + u[0] * t, v[1] + u[1] * t, u).box(height * aspect, height) for v, u, _ in corners]
            if all(_inside(box, room) and all(_separated(box, zone) for zone in zones) for box in boxes):
                fit.append(t)
        return fit

    low, high = 0.0, max(shape.width, shape.height)
    if largest and distances(largest):
        low = high = largest
    else:
        for _ in range(24):
            middle = (low + high) / 2
            low, high = (middle, high) if distances(middle) else (low, middle)
    fit = distances(low)
    if not fit:
        raise CatalogError(f"card shape {shape.name!r} has no room in its corners for a mark")
    t = fit[0] if largest and low == largest else (fit[0] + fit[-1]) / 2
    return CornerMarks(tuple(Frame(v[0] + u[0] * t, v[1] + u[1] * t, u) for v, u, _ in corners), low)


def side_frame(shape: CardShape, index: int, width: float, height: float, keep_clear: Sequence[Polygon]) -> Frame | None:
    """Where words ``width`` x ``height`` mm stand along side ``index`` (clockwise from the bottom):
    the middle of the side's longest stretch free of the quiet zones and ``keep_clear``, just in
    from the cut margin; None when that stretch is shorter than the words."""
    a, b = sides(shape)[index]
    n = _outward(a, b)
    along = _unit((b[0] - a[0], b[1] - a[1]))
    length = math.dist(a, b)
    room = _inset(shape.outline, EDGE_MM)
    zones = [_inset(quiet_zone(spot), -CLEARANCE) for spot in shape.codes] + list(keep_clear)
    depth = EDGE_MM + SIDE_PAD + height / 2
    step = 0.5
    free = []
    for k in range(int(length / step)):
        s = (k + 0.5) * step
        slice_ = Frame(a[0] + along[0] * s - n[0] * depth, a[1] + along[1] * s - n[1] * depth, n).box(step, height)
        free.append(_inside(slice_, room) and all(_separated(slice_, zone) for zone in zones))
    best, start = (0, 0), None
    for k, ok in enumerate([*free, False]):
        if ok and start is None:
            start = k
        elif not ok and start is not None:
            best = max(best, (k - start, start))
            start = None
    run, first = best
    if run * step < width:
        return None
    s = (first + run / 2) * step
    return Frame(a[0] + along[0] * s - n[0] * depth, a[1] + along[1] * s - n[1] * depth, n)


# --- drawing -----------------------------------------------------------------------------------


def draw_shaped_face(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The face of a card cut to its shape's outline, as its kind's look says."""
    register_fonts()
    shape = shape_of(card)
    style = look.shaped_face(card.face.kind)
    colour = colors.HexColor(look.colour(card.face.kind))
    ink = colors.white if style.fill else colour
    where = f"looks/{card.game}.toml: kinds.{card.face.kind}.face"
    _polygon(c, shape.outline, colors.white)
    if style.fill:
        _polygon(c, _inset(shape.outline, EDGE_MM), colour)
    if style.rim:
        _rim(c, shape, style.rim, colour)
    side_words = [fill(style.side_template(index), card, f"{where}.sides").strip() for index in range(len(shape.outline))]
    for index, words in enumerate(side_words):  # under the corner marks, which may stand on them
        if style.dead and words == style.dead:
            _dead_side(c, shape, index, style.side_size)
    taken = _draw_corners(c, card, shape, style, ink, where)
    for index, words in enumerate(side_words):
        if words and words != style.dead:
            _side_words(c, shape, index, words.upper(), style.side_size, taken, ink, f"card {card.id}: {where}.sides")
    modules = qr_modules(card.payload)
    for spot in shape.codes:
        _polygon(c, quiet_zone(spot), colors.white)
        draw_code(c, modules, spot)


def draw_shaped_back(c: Canvas, card: Card, look: GameLook, game_title: str) -> None:
    """The back: its design's colour inside a white frame, the game and the deck's words at the
    centre; no code (a face-down card tells nobody anything)."""
    register_fonts()
    shape = shape_of(card)
    back = look.back(card.face)
    _polygon(c, shape.outline, colors.white)
    _polygon(c, _inset(shape.outline, EDGE_MM), colors.HexColor(back.colour))
    c.setStrokeColor(colors.white)
    c.setLineWidth(0.6)
    _polygon(c, _inset(shape.outline, EDGE_MM + 2.5), None)
    cx, cy = shape.centre
    title = game_title.upper()
    room = _width_at(_inset(shape.outline, EDGE_MM + 5.0), cy)
    c.saveState()
    c.setFillColor(colors.white)
    c.translate(cx, cy)
    c.scale(1, -1)  # y up, for text
    size = min(7.0, room / text_width(title, BOLD, 1.0))
    c.setFont(BOLD, size)
    c.drawCentredString(0, 1.0, title)
    words = f"{back.text} {card.copy}" if back.text else card.copy
    c.setFont(BOLD, min(4.0, room / text_width(words, BOLD, 1.0)))
    c.drawCentredString(0, -5.5, words)
    c.restoreState()


def _draw_corners(c: Canvas, card: Card, shape: CardShape, style: ShapedFace, ink: colors.Color,
                  where: str) -> list[Polygon]:
    """The corner marks; returns their boxes, which the side words keep clear of."""
    if style.corner_sign:
        marks = corner_marks(shape, STAR_WIDTH, style.corner_size)
        c.setFillColor(ink)
        for frame in marks.frames:
            with _upright(c, frame):
                radius = marks.height / STAR_SPAN
                draw_star(c, 0.0, -radius * (1 - math.cos(math.radians(36))) / 2, radius)
        return [_inset(frame.box(marks.height, marks.height), -CLEARANCE) for frame in marks.frames]
    words = fill(style.corners, card, f"{where}.corners").strip()
    if not words:
        return []
    marks = corner_marks(shape, round(text_width(words, BOLD, 1.0) / CAP_HEIGHT, 3), style.corner_size)
    size = marks.height / CAP_HEIGHT
    underline = _reads_as_another(card, style, words)
    c.setFillColor(ink)
    c.setStrokeColor(ink)
    for frame in marks.frames:
        with _upright(c, frame):
            c.setFont(BOLD, size)
            c.drawCentredString(0, -marks.height / 2, words)
            if underline:
                half = text_width(words, BOLD, size) / 2
                c.setLineWidth(size * 0.07)
                c.line(-half, -marks.height / 2 - size * 0.12, half, -marks.height / 2 - size * 0.12)
    width = text_width(words, BOLD, size)
    return [_inset(frame.box(width, marks.height), -CLEARANCE) for frame in marks.frames]


def _reads_as_another(card: Card, style: ShapedFace, words: str) -> bool:
    """Whether ``words`` turned half a turn read as the corner words of another card of the same
    deck (a 6 where there are 9s): only then is it underlined, as playing cards mark their 6."""
    turned = turned_reading(words)
    if turned is None or turned == words:
        return False
    deck = load_catalog().game(card.game)
    others = {fill(style.corners, other, "").strip() for other in deck.cards([card.copy]) if other.face.kind == card.face.kind}
    return turned in others


def _side_words(c: Canvas, shape: CardShape, index: int, words: str, largest: float, taken: Sequence[Polygon],
                ink: colors.Color, where: str) -> None:
    height = largest
    while height >= SMALLEST_WORDS:
        width = text_width(words, BOLD, height / CAP_HEIGHT)
        frame = side_frame(shape, index, width, height, taken)
        if frame is not None:
            c.setFillColor(ink)
            with _upright(c, frame):
                c.setFont(BOLD, height / CAP_HEIGHT)
                c.drawCentredString(0, -height / 2, words)
            return
        height *= 0.92
    raise CatalogError(f"{where}: {words!r} does not fit along side {index} of the {shape.name}")


def _rim(c: Canvas, shape: CardShape, width: float, colour: colors.Color) -> None:
    """A band of the kind's colour along the cut: it shows the card's outline on a white table.
    It may be cut into (it is the card's edge), and stays clear of the codes' quiet zones."""
    path = c.beginPath()
    for polygon in (shape.outline, tuple(reversed(_inset(shape.outline, width)))):
        path.moveTo(*polygon[0])
        for point in polygon[1:]:
            path.lineTo(*point)
        path.close()
    c.setFillColor(colour)
    c.drawPath(path, stroke=0, fill=1, fillMode=0)  # even-odd: the ring between the outlines


def _dead_side(c: Canvas, shape: CardShape, index: int, height: float) -> None:
    """A grey band along the whole side: nothing may be laid against it."""
    a, b = sides(shape)[index]
    band = _clip(_inset(shape.outline, EDGE_MM), a, _outward(a, b), EDGE_MM + 2 * SIDE_PAD + height)
    _polygon(c, band, DEAD_GREY)


@contextmanager
def _upright(c: Canvas, frame: Frame) -> Iterator[None]:
    """Draw in a mark's own frame: origin at its centre, y up, away from its reader."""
    (rx, ry), (dx, dy) = frame.right, frame.down
    c.saveState()
    c.transform(rx, ry, -dx, -dy, frame.x, frame.y)
    try:
        yield
    finally:
        c.restoreState()


def _polygon(c: Canvas, points: Sequence[Point], fill_colour: colors.Color | None) -> None:
    """A closed polygon: filled in ``fill_colour``, or stroked in the current stroke colour."""
    path = c.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    if fill_colour is not None:
        c.setFillColor(fill_colour)
    c.drawPath(path, stroke=0 if fill_colour is not None else 1, fill=1 if fill_colour is not None else 0)


def _width_at(polygon: Polygon, y: float) -> float:
    """How wide a convex polygon is at height ``y``."""
    xs = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if min(y0, y1) <= y <= max(y0, y1) and y0 != y1:
            xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return max(xs) - min(xs) if len(xs) >= 2 else 0.0
