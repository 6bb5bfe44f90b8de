"""Cards of any outline nested on a sheet so that neighbours share their cut lines.

The outline is data (``station.printed.cards``), so the layout is worked out, not written per
shape: cards lie in rows, each card either as printed or turned half a turn, every card of a
row with the top of its bounding box on the row's top, pushed left until it touches the one
before; each row pushed up until it touches those above. Of the ways to do that — the card
turned a quarter or not, rows alternating the two turns or not, every other row starting with
the other turn or not — the one that fits the most cards wins; among equals, the one cut with
the fewest straight lines. Triangles come out as the triangle lattice (up, down, up … in rows
that share their edges, every slanted cut one straight line across the sheet); rectangles as
the plain grid.

Page millimetres here run from the page's top-left corner, x right and y down, like a face's
own axes; a turn is clockwise as the page is seen. Outlines are taken as convex (their hull is
used), which keeps any two cards from overlapping whatever their shape.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from station.printed.cards import CardShape, turned

Point = tuple[float, float]
Polygon = tuple[Point, ...]

EPSILON = 1e-6  # mm: edges closer than this lie on one cut line


@dataclass(frozen=True)
class Placement:
    """Where one card lies on a page: its shape's centre (``CardShape.centre``) and its turn."""

    x: float
    y: float
    turn: int  # degrees clockwise, a multiple of 90

    def outline(self, shape: CardShape) -> Polygon:
        """The card's cut outline on the page."""
        return tuple((self.x + dx, self.y + dy) for dx, dy in _turned_outline(shape, self.turn))


@dataclass(frozen=True)
class CutLine:
    """One straight cut: a run of card edges on one line, from ``start`` to ``end``."""

    start: Point
    end: Point


@dataclass(frozen=True)
class Nest:
    """Cards nested in a box whose top-left is (0, 0): ``columns`` per row, ``rows`` rows."""

    shape: CardShape
    turn: int  # the first card's turn
    columns: int
    rows: int
    placements: tuple[Placement, ...]  # row by row from the top, left to right
    width: float
    height: float
    cuts: tuple[CutLine, ...]

    @property
    def lines(self) -> int:
        """How many straight lines cut every card out (collinear runs count once)."""
        return len({_line_key(cut.start, cut.end) for cut in self.cuts})


def nest(shape: CardShape, width: float, height: float) -> Nest | None:
    """The nesting that fits the most cards in a ``width`` x ``height`` box; None if none fits."""
    best: Nest | None = None
    for turn in (90, 0):  # on a tie, turned a quarter (the rectangles' upright slots)
        for alternate in (False, True):  # on a tie, every card the same way up
            for flip in (False, True):
                found = _fill(shape, turn, alternate, flip, width, height)
                if found and (best is None or _better(found, best)):
                    best = found
    return best


def _better(a: Nest, b: Nest) -> bool:
    return (len(a.placements), -a.lines) > (len(b.placements), -b.lines)


def _fill(shape: CardShape, turn: int, alternate: bool, flip: bool, width: float, height: float) -> Nest | None:
    """As many columns, then rows, as fit; None when not one card does."""
    def fits(columns: int, rows: int) -> bool:
        grid = _grid(shape, turn, alternate, flip, columns, rows)
        return grid.width <= width + EPSILON and grid.height <= height + EPSILON

    columns = 0
    while fits(columns + 1, 1):
        columns += 1
    if not columns:
        return None
    rows = 1
    while fits(columns, rows + 1):
        rows += 1
    return _grid(shape, turn, alternate, flip, columns, rows)


def _grid(shape: CardShape, turn: int, alternate: bool, flip: bool, columns: int, rows: int) -> Nest:
    """Rows of cards, each pushed against the last, normalised so the box starts at (0, 0)."""
    upright = _hull(_turned_outline(shape, turn))
    half = _hull(_turned_outline(shape, (turn + 180) % 360))
    laid: list[tuple[Placement, Polygon]] = []
    for row in range(rows):
        line: list[tuple[Placement, Polygon]] = []
        for column in range(columns):
            other = (alternate and column % 2 == 1) != (flip and row % 2 == 1)
            polygon, card_turn = (half, (turn + 180) % 360) if other else (upright, turn)
            y = -min(y for _, y in polygon)  # the top of its box on the row's top
            x = -min(x for x, _ in polygon)  # a row starts with the left of its box at the left
            if line:
                before, outline = line[-1]
                x = _push_x(_moved(outline, before.x, before.y), _moved(polygon, 0.0, y))
            line.append((Placement(x, y, card_turn), polygon))
        shift = max((_push_y(_moved(above_outline, above.x, above.y), _moved(outline, card.x, card.y))
                     for above, above_outline in laid for card, outline in line
                     if _overlap_x(_moved(above_outline, above.x, 0.0), _moved(outline, card.x, 0.0))), default=0.0)
        laid += [(Placement(card.x, card.y + shift, card.turn), outline) for card, outline in line]
    outlines = [_moved(outline, card.x, card.y) for card, outline in laid]
    x0, y0 = min(x for o in outlines for x, _ in o), min(y for o in outlines for _, y in o)
    x1, y1 = max(x for o in outlines for x, _ in o), max(y for o in outlines for _, y in o)
    placements = tuple(Placement(card.x - x0, card.y - y0, card.turn) for card, _ in laid)
    cuts = cut_lines([p.outline(shape) for p in placements])
    return Nest(shape, turn, columns, rows, placements, x1 - x0, y1 - y0, cuts)


def _turned_outline(shape: CardShape, turn: int) -> Polygon:
    """The outline about its centre, turned ``turn`` degrees clockwise (exact for quarter turns)."""
    cx, cy = shape.centre
    quarter = {0: lambda x, y: (x, y), 90: lambda x, y: (-y, x), 180: lambda x, y: (-x, -y), 270: lambda x, y: (y, -x)}
    if turn % 360 in quarter:
        return tuple(quarter[turn % 360](x - cx, y - cy) for x, y in shape.outline)
    return tuple(turned((x - cx, y - cy), turn) for x, y in shape.outline)


def _moved(polygon: Polygon, dx: float, dy: float) -> Polygon:
    return tuple((x + dx, y + dy) for x, y in polygon)


def _hull(points: Sequence[Point]) -> Polygon:
    """The convex hull (monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return tuple(pts)

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return tuple(lower[:-1] + upper[:-1])


def _span_at(polygon: Polygon, y: float) -> tuple[float, float] | None:
    """Where the horizontal line at ``y`` crosses a convex polygon: (left, right)."""
    xs = []
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
        if min(y0, y1) - EPSILON <= y <= max(y0, y1) + EPSILON:
            if abs(y1 - y0) < EPSILON:
                xs += [x0, x1]
            else:
                xs.append(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return (min(xs), max(xs)) if xs else None


def _push_x(left: Polygon, right: Polygon) -> float:
    """How far right ``right`` must move from where it is to touch ``left`` without overlapping
    (convex polygons: the widest overlap is at one of their corners' heights)."""
    low = max(min(y for _, y in left), min(y for _, y in right))
    high = min(max(y for _, y in left), max(y for _, y in right))
    needed = -math.inf
    for y in {y for _, y in left + right if low - EPSILON <= y <= high + EPSILON}:
        a, b = _span_at(left, y), _span_at(right, y)
        if a and b:
            needed = max(needed, a[1] - b[0])
    if needed == -math.inf:  # no height in common: side by side anywhere, so keep them in order
        needed = max(x for x, _ in left) - min(x for x, _ in right)
    return needed


def _push_y(upper: Polygon, lower: Polygon) -> float:
    """How far down ``lower`` must move from where it is to touch ``upper`` without overlapping."""
    return _push_x(_transposed(upper), _transposed(lower))


def _transposed(polygon: Polygon) -> Polygon:
    return tuple((y, x) for x, y in polygon)


def _overlap_x(a: Polygon, b: Polygon) -> bool:
    """Do the two polygons share some width (more than touching at one x)?"""
    return min(max(x for x, _ in a), max(x for x, _ in b)) - max(min(x for x, _ in a), min(x for x, _ in b)) > EPSILON


def _line_key(a: Point, b: Point) -> tuple[float, float]:
    """The infinite line through a and b: its direction (degrees in [0, 180)) and offset."""
    angle = math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])) % 180
    if angle > 180 - 1e-6:
        angle = 0.0
    rad = math.radians(angle)
    offset = a[1] * math.cos(rad) - a[0] * math.sin(rad)
    return round(angle, 4), round(offset, 3)


def cut_lines(outlines: Sequence[Polygon]) -> tuple[CutLine, ...]:
    """Every card edge, collinear edges that meet or overlap joined into one run."""
    by_line: dict[tuple[float, float], list[tuple[float, float]]] = {}
    directions: dict[tuple[float, float], tuple[Point, Point, float]] = {}
    for outline in outlines:
        for a, b in zip(outline, outline[1:] + outline[:1]):
            key = _line_key(a, b)
            rad = math.radians(key[0])
            along = (math.cos(rad), math.sin(rad))
            normal = (-along[1], along[0])
            directions.setdefault(key, (along, normal, a[0] * normal[0] + a[1] * normal[1]))
            ta, tb = sorted((a[0] * along[0] + a[1] * along[1], b[0] * along[0] + b[1] * along[1]))
            by_line.setdefault(key, []).append((ta, tb))
    cuts = []
    for key, spans in sorted(by_line.items()):
        along, normal, offset = directions[key]
        spans.sort()
        runs = [list(spans[0])]
        for start, end in spans[1:]:
            if start <= runs[-1][1] + EPSILON:
                runs[-1][1] = max(runs[-1][1], end)
            else:
                runs.append([start, end])
        for start, end in runs:
            base = (normal[0] * offset, normal[1] * offset)
            cuts.append(CutLine((base[0] + along[0] * start, base[1] + along[1] * start),
                                (base[0] + along[0] * end, base[1] + along[1] * end)))
    return tuple(cuts)
