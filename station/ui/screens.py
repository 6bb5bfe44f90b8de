"""Views to pixels: ``render(view)`` draws any view as a 128x64 1-bit image for the OLED.

Pure: the same view always gives the same pixels, so a screen can be tested, recorded and
compared. Every piece of text goes into a box: it gets the largest size that fits (down to
``fonts.MIN_SIZE``), then is cut with "…", and is clipped to its box, so nothing runs off the
screen or over its neighbour. ``compose(view)`` also returns what was placed where, for tests.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from PIL import Image, ImageDraw

from engine.big_bang.lattice import SQRT3, centroid, points_up
from station.ui import fonts
from station.ui.views import (
    BannerView,
    FaultView,
    HandView,
    LiveView,
    MapView,
    MenuView,
    PlayerLine,
    SetupView,
    TimerView,
    Tile,
    VerdictView,
    View,
)

WIDTH, HEIGHT = SIZE = (128, 64)
Box = tuple[int, int, int, int]  # left, top, right, bottom; right and bottom exclusive

BAR = 13  # the inverted title bar (12 rows) and the dark row under it
LINE = 10  # one line of body text at the minimum size: the bottom line (hint, footer, page marker)
GLYPH = 9  # the status glyph column at the left of a player row
BODY = (12, 11, fonts.MIN_SIZE)
TITLE = (11, fonts.MIN_SIZE)

T = TypeVar("T")


@dataclass(frozen=True)
class Placed:
    """One thing drawn: a text (as the view asked and as shown) or a glyph, the box it was given
    and the box its ink covers (``ink_box``; outside ``box`` would mean clipped). ``ink`` 0 is
    dark on a lit background (the title bar, a selected row)."""

    kind: str  # "text", or the glyph's name ("played", "tick", "scrollbar"…)
    wanted: str
    shown: str
    size: int
    box: Box
    ink_box: Box
    bold: bool = False
    ink: int = 1


@dataclass(frozen=True)
class Screen:
    """A rendered view: the image for the display and everything placed on it."""

    image: Image.Image
    items: tuple[Placed, ...]

    def texts(self) -> list[str]:
        """Every text as shown, top to bottom, left to right."""
        placed = sorted((p for p in self.items if p.kind == "text"), key=lambda p: (p.box[1], p.box[0]))
        return [p.shown for p in placed]


class Canvas:
    """A 1-bit screen that draws text fitted and clipped to boxes and remembers what went where."""

    def __init__(self) -> None:
        self.image = Image.new("1", SIZE, 0)
        self.draw = ImageDraw.Draw(self.image)
        self.items: list[Placed] = []

    def fill(self, box: Box, ink: int = 1) -> None:
        """A solid background, e.g. the title bar or a selected row."""
        self.draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=ink)

    def text(
        self,
        box: Box,
        text: str,
        sizes: Sequence[int],
        *,
        bold: bool = False,
        align: str = "left",
        ink: int = 1,
        wanted: str | None = None,
    ) -> Placed:
        """``text`` at the largest of ``sizes`` that fits ``box`` (cut with "…" at the smallest),
        centred vertically; returns what was placed (its ink box tells the room it took).
        ``wanted`` is the whole text when this is one line of it. A lazy text (``lazy_gettext``)
        is drawn in the language of now."""
        text = str(text)
        room, tall = box[2] - box[0], box[3] - box[1]
        # a size where a line fits the box, and this text too: an accented capital ("É") rises above
        # the line's usual top, and clipped it would read as another name ("Elodie")
        lines = [s for s in sizes if fonts.height(s, bold) <= tall] or [min(sizes)]
        usable = [s for s in lines if _ink_height(text, s, bold) <= tall]
        if not usable:  # "Álgebra": an accent over a descender needs more than a line; it rises into free room
            box, usable = self._risen(box, text, lines, bold, ink)
            tall = box[3] - box[1]
        shown, size = fonts.fit(text, room, usable, bold)
        rise, fall = fonts.extent(size, bold)
        baseline = box[1] + (tall - rise - fall) // 2 + rise
        drawn = fonts.ink(shown, size, bold)
        if drawn is not None:  # lowered into the room a line keeps for descenders when an accent needs it
            baseline += max(box[1] - (baseline + drawn[1]), 0)
            baseline -= max(baseline + drawn[3] - box[3], 0)
        left, right = fonts.span(shown, size, bold)
        x = {"left": box[0], "right": box[2] - right + left, "center": box[0] + (room - right + left) // 2}[align] - left
        face = fonts.font(size, bold)
        mask = Image.new("1", (box[2] - box[0], box[3] - box[1]), 0)
        ImageDraw.Draw(mask).text((x - box[0], baseline - box[1]), shown, font=face, fill=1, anchor="ls")
        self.image.paste(ink, box, mask)
        ink_box = fonts.ink(shown, size, bold) or (0, 0, 0, 0)
        placed = Placed(
            "text",
            text if wanted is None else str(wanted),
            shown,
            size,
            box,
            (x + ink_box[0], baseline + ink_box[1], x + ink_box[2], baseline + ink_box[3]),
            bold,
            ink,
        )
        self.items.append(placed)
        return placed

    def _risen(self, box: Box, text: str, sizes: Sequence[int], bold: bool, ink: int) -> tuple[Box, list[int]]:
        """``box`` grown upwards by the pixels ``text``'s ink needs beyond a line's height (the
        accent of an "Á" on a line with a "g"), at the largest of ``sizes`` where the rows above
        it are still blank, with one blank row between (so the accent stays apart from what is
        drawn there); ``box`` and ``sizes`` as given when no size finds that room."""
        for size in sizes:
            over = _ink_height(fonts.fit(text, box[2] - box[0], [size], bold)[0], size, bold) - (box[3] - box[1])
            above = (box[0], box[1] - over - 1, box[2], box[1])
            if above[1] >= 0 and self._blank(above, 1 - ink):
                return (box[0], box[1] - over, box[2], box[3]), [size]
        return box, list(sizes)

    def _blank(self, box: Box, background: int) -> bool:
        """Nothing is drawn in ``box``: every pixel is ``background``."""
        region = self.image.crop(box)
        return region.getextrema() == (background, background)

    def lines(
        self, box: Box, text: str, max_lines: int, sizes: Sequence[int], *, bold: bool = False, align: str = "left"
    ) -> list[Placed]:
        """``text`` wrapped at spaces into at most ``max_lines`` lines at the largest of ``sizes``
        where all of it fits ``box`` (else the smallest, the last line cut with "…"), the block
        centred vertically. Where the text has sentences and they fit, even a size smaller, each
        starts a line of its own, so the next step does: "Decimals only." / "Lift it, use a Help
        card" reads better than "Decimals only. Lift it," / "use a Help card". Clauses (after a
        colon, then a comma) start a line where that takes no more lines."""
        text = str(text)
        room, tall = box[2] - box[0], box[3] - box[1]
        ordered = sorted(sizes, reverse=True)

        def fits(rows: list[str] | None, size: int) -> bool:
            if rows is None:
                return False
            count = min(max_lines, tall // _pitch(rows, size, bold))
            return 0 < len(rows) <= count and all(fonts.width(r, size, bold) <= room for r in rows)

        filled = next(((rows, size) for size in ordered if fits(rows := fonts.wrap(text, room, size, bold), size)), None)
        sentences, *clauses = fonts.PHRASE_ENDS
        phrased = next(((rows, size) for size in ordered
                        if fits(rows := fonts.wrap_phrases(text, sentences, room, size, bold), size)), None) or \
            next(((rows, size) for ends in clauses for size in ordered
                  if fits(rows := fonts.wrap_phrases(text, ends, room, size, bold), size)
                  and (filled is None or len(rows) <= len(filled[0]))), None)
        chosen = phrased or filled
        if chosen is not None:
            rows, size = chosen
        else:
            size = min(sizes)
            rows, size = fonts.fit_lines(text, room, max(1, min(max_lines, tall // fonts.height(size, bold))), [size], bold)
        pitch = min(_pitch(rows, size, bold), max(tall // len(rows), fonts.height(size, bold)))
        top = box[1] + (tall - pitch * len(rows)) // 2
        return [
            self.text((box[0], top + i * pitch, box[2], top + (i + 1) * pitch), row, [size], bold=bold, align=align,
                      wanted=text)
            for i, row in enumerate(rows)
        ]

    def glyph(self, kind: str, box: Box, ink: int = 1) -> None:
        """One of the small drawn glyphs (``GLYPHS``), centred in ``box``; drawn with lines, not
        font characters, so they look the same at any size and need no special font."""
        GLYPHS[kind](self.draw, box, ink)
        self.items.append(Placed(kind, kind, kind, 0, box, box, ink=ink))


def _pitch(rows: Sequence[str], size: int, bold: bool) -> int:
    """The height each of ``rows`` takes stacked: a line's, or more where a row's own ink needs it
    (an accented capital over a descender, "Él gana", in Spanish)."""
    return max([fonts.height(size, bold)] + [_ink_height(row, size, bold) for row in rows])


def _rises(text: str) -> bool:
    """``text`` has ink above a line's usual top (an accented capital: "Á", "É")."""
    drawn = fonts.ink(text, fonts.MIN_SIZE, True) if text else None
    return drawn is not None and -drawn[1] > fonts.extent(fonts.MIN_SIZE, True)[0]


def _ink_height(text: str, size: int, bold: bool) -> int:
    """Pixels ``text`` covers from its highest ink to its lowest."""
    drawn = fonts.ink(text, size, bold)
    return 0 if drawn is None else drawn[3] - drawn[1]


# --- glyphs: simple and distinct at 7 pixels --------------------------------------------------


def _square(box: Box, side: int) -> Box:
    """A ``side``-pixel square centred in ``box`` (inclusive corners, as ImageDraw takes them)."""
    x = box[0] + (box[2] - box[0] - side) // 2
    y = box[1] + (box[3] - box[1] - side) // 2
    return x, y, x + side - 1, y + side - 1


def _dot(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    draw.ellipse(_square(box, 7), fill=ink)


def _ring(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    draw.ellipse(_square(box, 7), outline=ink)


def _small_cross(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, 7)
    draw.line((x0, y0, x1, y1), fill=ink)
    draw.line((x0, y1, x1, y0), fill=ink)
    draw.line((x0 + 1, y0, x1, y1 - 1), fill=ink)
    draw.line((x0, y1 - 1, x1 - 1, y0), fill=ink)


def _arrow_up(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, 7)
    draw.polygon(((x0, y1), (x1, y1), ((x0 + x1) // 2, y0)), fill=ink)


def _star(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, 7)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    draw.line((cx, y0, cx, y1), fill=ink)
    draw.line((x0, cy, x1, cy), fill=ink)
    draw.line((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=ink)
    draw.line((x0 + 1, y1 - 1, x1 - 1, y0 + 1), fill=ink)
    draw.rectangle((cx - 1, cy - 1, cx + 1, cy + 1), fill=ink)


def _tick(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, min(box[2] - box[0], box[3] - box[1]) - 2)
    side = x1 - x0
    knee = (x0 + side * 3 // 8, y1 - side // 6)
    draw.line(((x0 + 1, y0 + side * 5 // 8), knee, (x1 - 1, y0 + side // 6)), fill=ink, width=max(2, side // 7))


def _cross(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, min(box[2] - box[0], box[3] - box[1]) - 6)
    thick = max(2, (x1 - x0) // 6)
    draw.line((x0, y0, x1, y1), fill=ink, width=thick)
    draw.line((x0, y1, x1, y0), fill=ink, width=thick)


def _info(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, min(box[2] - box[0], box[3] - box[1]) - 2)
    draw.ellipse((x0, y0, x1, y1), outline=ink, width=2)
    cx, side = (x0 + x1) // 2, x1 - x0
    draw.rectangle((cx - 1, y0 + side * 2 // 10, cx + 1, y0 + side * 3 // 10), fill=ink)
    draw.rectangle((cx - 1, y0 + side * 4 // 10, cx + 1, y1 - side * 2 // 10), fill=ink)


def _warning(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    x0, y0, x1, y1 = _square(box, min(box[2] - box[0], box[3] - box[1]))
    cx = (x0 + x1) // 2
    draw.polygon(((x0, y1), (x1, y1), (cx, y0)), fill=ink)
    gap = 1 - ink
    draw.line((cx, y0 + 4, cx, y1 - 4), fill=gap)
    draw.point((cx, y1 - 2), fill=gap)


def _scrollbar(draw: ImageDraw.ImageDraw, box: Box, ink: int) -> None:
    """Drawn by ``_scroll``: the thumb's box is recorded as the glyph."""
    draw.rectangle((box[0], box[1], box[2] - 1, box[3] - 1), fill=ink)


GLYPHS: dict[str, Callable[[ImageDraw.ImageDraw, Box, int], None]] = {
    "played": _dot,
    "waiting": _ring,
    "out": _small_cross,
    "top": _arrow_up,
    "won": _star,
    "tick": _tick,
    "cross": _cross,
    "info": _info,
    "warning": _warning,
    "scrollbar": _scrollbar,
}
VERDICT_GLYPH = {"ok": "tick", "wrong": "cross", "info": "info"}


# --- shared parts -------------------------------------------------------------------------------


def _title_bar(c: Canvas, title: str, right: str = "", glyph: str = "") -> None:
    """The inverted bar at the top: the title, and e.g. the clock at the right."""
    c.fill((0, 0, WIDTH, BAR - 1))
    left, end = 2, WIDTH - 2
    if glyph:
        c.glyph(glyph, (1, 1, 12, BAR - 2), ink=0)
        left = 15
    if right:
        placed = c.text((left, 1, end, BAR - 1), right, TITLE, bold=True, align="right", ink=0)
        end = placed.ink_box[0] - 5
    c.text((left, 1, end, BAR - 1), title, TITLE, bold=True, ink=0)


def _page(items: Sequence[T], per_page: int, page: int) -> tuple[Sequence[T], int, int]:
    """The items on ``page`` (wrapping round), that page's index and the number of pages."""
    pages = max(1, -(-len(items) // per_page))
    index = page % pages
    return items[index * per_page : (index + 1) * per_page], index, pages


def _bottom_line(c: Canvas, text: str, index: int = 0, pages: int = 1) -> None:
    """The last line: a hint or footer at the left and the "2/3" page marker at the right."""
    box = (1, HEIGHT - LINE, WIDTH - 1, HEIGHT)
    end = box[2]
    if pages > 1:
        placed = c.text(box, f"{index + 1}/{pages}", [fonts.MIN_SIZE], align="right")
        end = placed.ink_box[0] - 5
    if text:
        c.text((box[0], box[1], end, box[3]), text, [fonts.MIN_SIZE])


def _rows(top: int, bottom: int, count: int, tail: bool) -> tuple[int, int, bool]:
    """How many rows go on a page between ``top`` and ``bottom``, their pitch, and whether the
    bottom line is used: it is when ``tail`` (a hint or footer) asks for it or to show a page
    marker; rows stay at least one minimum-size line high."""
    least = fonts.height(fonts.MIN_SIZE)
    if not tail and count * least <= bottom - top:
        return max(count, 1), min((bottom - top) // max(count, 1), fonts.height(BODY[0]) + 1), False
    room = bottom - LINE - top
    per_page = max(1, min(count, room // least))
    return per_page, min(room // per_page, fonts.height(BODY[0]) + 1), True


def _player_row(c: Canvas, box: Box, line: PlayerLine, size: int, result: str | None = None, room: int = 0) -> None:
    """Status glyph, name, then the detail at the right — and "= result" in a column of ``room``
    pixels when given, its "=" signs aligned down the rows. Name and detail share the largest size
    at which both fit whole ("Row 2  2 of 3" beside a clock); where none does, the name gives way."""
    x0, y0, x1, y1 = box
    if line.status:
        c.glyph(line.status, (x0, y0, x0 + GLYPH, y1))
    sizes = [s for s in BODY if s <= size]  # a long detail or result shrinks before it is cut
    end = x1
    if result is not None:
        c.text((x1 - room, y0, x1, y1), result, sizes, bold=True, align="right")
        equals = fonts.width("=", size)
        c.text((x1 - room - 3 - equals, y0, x1 - room - 3, y1), "=", [size])
        end = x1 - room - 3 - equals - 4
    if line.detail:
        space = end - x0 - GLYPH - 2
        size = next((s for s in sizes if fonts.width(line.name, s) + 4 + fonts.width(line.detail, s) <= space),
                    sizes[-1])
        sizes = [s for s in sizes if s <= size]
        # two thirds of the row, or more when the name needs less: a short name never gets a detail cut
        most = max(space * 2 // 3, space - fonts.width(line.name, sizes[-1]) - 4)
        detail_room = min(fonts.width(line.detail, size), most)
        placed = c.text((end - detail_room, y0, end, y1), line.detail, sizes, align="right")
        end = placed.ink_box[0] - 4  # where its ink starts: a detail drawn smaller leaves the name that room
    c.text((x0 + GLYPH + 2, y0, end, y1), line.name, sizes)


def _scroll(c: Canvas, top: int, bottom: int, first: int, shown: int, total: int) -> None:
    """A thin scrollbar at the right edge when not every item is on screen."""
    if total <= shown:
        return
    span = bottom - top
    start = top + span * first // total
    end = max(start + 3, top + span * (first + shown) // total)
    c.draw.line((WIDTH - 2, top, WIDTH - 2, bottom - 1), fill=1)
    c.glyph("scrollbar", (WIDTH - 3, start, WIDTH, end))


def _choices(c: Canvas, title: str, rows: Sequence[tuple[str, str]], selected: int, hint: str) -> None:
    """A title and a list with one row selected (inverted), scrolled so the selection shows."""
    rows = [(str(label), str(value)) for label, value in rows]  # lazy words (``lazy_gettext``) in the language of now
    _title_bar(c, title)
    top, bottom = BAR + 1, HEIGHT - (LINE + 1 if hint else 0)
    per_page = max(1, (bottom - top) // (fonts.height(BODY[1]) + 1))
    pitch = min((bottom - top) // per_page, fonts.height(BODY[0]) + 2)
    chosen = selected % len(rows) if rows else 0
    first = chosen // per_page * per_page
    scroll = len(rows) > per_page
    right = WIDTH - (5 if scroll else 0)
    for i, (label, value) in enumerate(rows[first : first + per_page]):
        y = top + i * pitch
        ink = 1
        if first + i == chosen:  # an accented capital ("Ángel") rises into blank room: lit above it, dark below
            below = rows[first + i + 1] if i + 1 < per_page and first + i + 1 < len(rows) else ("", "")
            c.fill((0, y - 1 if any(map(_rises, (label, value))) else y, right,
                    y + pitch - (1 if any(map(_rises, below)) else 0)))
            ink = 0
        box = (3, y + 1, right - 3, y + pitch - 1)
        sizes: Sequence[int] = BODY
        if value:  # label and value at the largest size where both fit whole ("Results  on CONFIRM")
            fits = [s for s in BODY if fonts.width(label, s) + 6 + fonts.width(value, s, bold=True) <= box[2] - box[0]]
            sizes = [s for s in BODY if s <= (fits[0] if fits else BODY[-1])]
            placed = c.text(box, value, sizes, bold=True, align="right", ink=ink)
            box = (box[0], box[1], placed.ink_box[0] - 6, box[3])
        c.text(box, label, sizes, ink=ink)
    _scroll(c, top, top + per_page * pitch, first, per_page, len(rows))
    if hint:
        _bottom_line(c, hint)


# --- one function per view ----------------------------------------------------------------------


def _menu(c: Canvas, view: MenuView) -> None:
    _choices(c, view.title, [(item, "") for item in view.items], view.selected, view.hint)


def _setup(c: Canvas, view: SetupView) -> None:
    _choices(c, view.title, view.rows, view.selected, view.hint)


def _live(c: Canvas, view: LiveView) -> None:
    _title_bar(c, view.title, view.clock)
    c.text((1, BAR, WIDTH - 1, BAR + 11), view.headline, (11, fonts.MIN_SIZE), bold=True)
    top = BAR + 11
    per_page, pitch, tail = _rows(top, HEIGHT, len(view.players), bool(view.footer))
    players, index, pages = _page(view.players, per_page, view.page)
    size = max(s for s in BODY if fonts.height(s) <= pitch or s == fonts.MIN_SIZE)
    for i, line in enumerate(players):
        _player_row(c, (1, top + i * pitch, WIDTH - 1, top + (i + 1) * pitch), line, size)
    if tail:
        _bottom_line(c, view.footer, index, pages)


def _hand(c: Canvas, view: HandView) -> None:
    _title_bar(c, view.title)
    top = BAR + 1
    per_page, pitch, tail = _rows(top, HEIGHT, len(view.rows), bool(view.hint))
    results = view.results if view.results is not None else ("?",) * len(view.rows)
    pairs = list(zip(view.rows, results))
    shown, index, pages = _page(pairs, per_page, view.page)
    tallest = max(s for s in BODY if fonts.height(s) <= pitch or s == fonts.MIN_SIZE)
    sizes = [s for s in BODY if s <= tallest]
    # the largest size at which every row's name, pair and result fit whole ("Farouk 1 − 10 = −9" beside a 250)
    size = next((s for s in sizes if all(_row_fits(line, s, _result_room(results, s)) for line in view.rows)),
                sizes[-1])
    room = _result_room(results, size)
    for i, (line, result) in enumerate(shown):
        _player_row(c, (1, top + i * pitch, WIDTH - 1, top + (i + 1) * pitch), line, size, result, room)
    if tail:
        _bottom_line(c, view.hint, index, pages)


def _result_room(results: Sequence[str], size: int) -> int:
    """The result column's width: the widest result, "?" and 2 digits alike, at most a quarter of the screen."""
    return min(max(fonts.width(r, size, bold=True) for r in (*results, "88")), WIDTH // 4)


def _row_fits(line: PlayerLine, size: int, room: int) -> bool:
    """Whether ``line``'s name, detail and "= result" (in ``room``) fit a row whole at ``size``."""
    need = GLYPH + 2 + fonts.width(line.name, size) + 4 + fonts.width(line.detail, size) + 4
    return need + fonts.width("=", size) + 3 + room <= WIDTH - 2


def _verdict(c: Canvas, view: VerdictView) -> None:
    """Glyph and title at the top; whose play, then two lines that say why and what to do (three
    when no player is named)."""
    head = 30
    c.glyph(VERDICT_GLYPH[view.kind], (0, 1, 30, head))
    c.lines((33, 1, WIDTH - 1, head), view.title, 2, (20, 16, 14, 13, 12, 11), bold=True)
    detail = view.detail
    if view.who:
        c.text((1, head + 1, WIDTH - 1, head + 13), view.who, (12, 11, fonts.MIN_SIZE), bold=True)
        if detail:
            c.lines((1, head + 13, WIDTH - 1, HEIGHT), detail, 2, (11, fonts.MIN_SIZE))
    elif detail:  # three lines at the smallest size: why, then the next step
        c.lines((1, head + 2, WIDTH - 1, HEIGHT), detail, 3, (12, 11, fonts.MIN_SIZE))


def _banner(c: Canvas, view: BannerView) -> None:
    _title_bar(c, view.title)
    bottom = HEIGHT - (LINE + 1 if view.hint else 0)
    fit = max(1, (bottom - BAR - 18) // LINE)  # the big text keeps at least 18 pixels
    lines = list(view.lines[: fit - 1]) + [", ".join(view.lines[fit - 1 :])] if len(view.lines) > fit else view.lines
    line = _pitch(lines, fonts.MIN_SIZE, False)  # more than LINE for "Ángel: 12 puntos", its accent over a "p"
    big_bottom = bottom - len(lines) * line
    parts = view.big.split("\n")   # lines read as one (``http://`` over an address), at one size and weight
    pitch = (big_bottom - BAR - 1) // len(parts)
    faces = [(s, True) for s in (32, 28, 24, 20, 16, 14, 12, 11)] + [(11, False), (fonts.MIN_SIZE, False)]
    fitting = [(s, bold) for s, bold in faces if fonts.height(s, bold) <= pitch or s <= 11]
    size, bold = next((f for f in fitting if all(fonts.width(part, *f) <= WIDTH - 2 for part in parts)), fitting[-1])
    for i, part in enumerate(parts):
        c.text((1, BAR + 1 + i * pitch, WIDTH - 1, BAR + 1 + (i + 1) * pitch), part, [size], bold=bold, align="center")
    for i, text in enumerate(lines):
        c.text((1, big_bottom + i * line, WIDTH - 1, big_bottom + (i + 1) * line), text, [fonts.MIN_SIZE], align="center")
    if view.hint:
        _bottom_line(c, view.hint)


def _timer(c: Canvas, view: TimerView) -> None:
    _title_bar(c, view.title)
    bottom = HEIGHT - (LINE + 1 if view.hint else 0)
    split = WIDTH * 2 // 5 if view.rows else WIDTH  # the clock takes the left, rows the right
    c.text((1, BAR + 1, split - 2, bottom), view.clock, (28, 24, 20, 18, 16, 14, 12, 11), bold=True, align="center")
    if view.rows:
        c.draw.line((split, BAR + 2, split, bottom - 2), fill=1)
        pitch = max(fonts.height(fonts.MIN_SIZE), min((bottom - BAR) // len(view.rows), fonts.height(BODY[0]) + 1))
        shown = view.rows[: max(1, (bottom - BAR) // pitch)]
        size = max(s for s in BODY if fonts.height(s) <= pitch or s == fonts.MIN_SIZE)
        for i, line in enumerate(shown):
            _player_row(c, (split + 2, BAR + 1 + i * pitch, WIDTH - 1, BAR + 1 + (i + 1) * pitch), line, size)
    if view.hint:
        _bottom_line(c, view.hint)


MAP_SIDE_MAX = 26  # px: a tableau of a few cards is drawn no larger than this a side
STAR_LABEL = "*"
MAP_LABEL_SIDE = 19  # px: from this side up a triangle holds its number at the smallest legible size


def _map(c: Canvas, view: MapView) -> None:
    _title_bar(c, view.title, view.clock)
    bottom = HEIGHT - (LINE + 1 if view.hint else 0)
    split = WIDTH * 9 // 16 if view.lines else WIDTH
    _tableau(c, (1, BAR + 1, split - 2, bottom - 1), view.tiles)
    if view.lines:
        pitch = max(fonts.height(fonts.MIN_SIZE), min((bottom - BAR) // len(view.lines), fonts.height(BODY[0]) + 1))
        for i, line in enumerate(view.lines[: max(1, (bottom - BAR) // pitch)]):
            c.text((split + 1, BAR + i * pitch, WIDTH - 1, BAR + (i + 1) * pitch), line, BODY, bold=i == 0)
    if view.hint:
        _bottom_line(c, view.hint)


def _tableau(c: Canvas, box: Box, tiles: Sequence[Tile]) -> None:
    """The tiles as triangles, scaled to fit ``box`` and centred in it; the last one filled in."""
    if not tiles:
        return
    corners = {tile.cell: _corners(tile.cell, 1.0) for tile in tiles}
    xs = [x for points in corners.values() for x, _ in points]
    ys = [y for points in corners.values() for _, y in points]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    side = min(MAP_SIDE_MAX, (box[2] - box[0] - 1) / width, (box[3] - box[1] - 1) / height)
    left = box[0] + (box[2] - box[0] - width * side) / 2 - min(xs) * side
    top = box[1] + (box[3] - box[1] - height * side) / 2 - min(ys) * side
    for tile in sorted(tiles, key=lambda t: t.last):  # the last one drawn over its neighbours' edges
        points = [(round(left + x * side), round(top + y * side)) for x, y in corners[tile.cell]]
        c.draw.polygon(points, outline=1, fill=1 if tile.last else 0)
        cx, cy = centroid(tile.cell, side)
        centre = (round(left + cx), round(top + cy))
        if side >= MAP_LABEL_SIDE:
            half = round(side * SQRT3 / 6)  # the inscribed circle's radius: the room for the label
            c.text((centre[0] - half - 2, centre[1] - half, centre[0] + half + 2, centre[1] + half + 1), tile.label,
                   (fonts.MIN_SIZE,), bold=True, align="center", ink=0 if tile.last else 1)
        else:
            if tile.label == STAR_LABEL:  # the Black Star stays findable when the labels are gone
                r = max(1, round(side / 6))
                c.draw.ellipse((centre[0] - r, centre[1] - r, centre[0] + r, centre[1] + r), fill=0 if tile.last else 1)
            c.items.append(Placed("tile", tile.label, "", 0, (centre[0], centre[1], centre[0], centre[1]),
                                  (centre[0], centre[1], centre[0], centre[1]), ink=0 if tile.last else 1))


def _corners(cell: tuple[int, int], side: float) -> list[tuple[float, float]]:
    """A cell's three corners, as the lattice lays it out (up cells apex up, y down)."""
    cx, cy = centroid(cell, side)
    h = side * SQRT3 / 2
    tip = -2 * h / 3 if points_up(cell) else 2 * h / 3
    return [(cx, cy + tip), (cx - side / 2, cy - tip / 2), (cx + side / 2, cy - tip / 2)]


def _fault(c: Canvas, view: FaultView) -> None:
    _title_bar(c, view.title, glyph="warning")
    bottom = HEIGHT - (LINE + 1 if view.hint else 0)
    c.lines((1, BAR + 1, WIDTH - 1, bottom), view.detail, 4, (12, 11, fonts.MIN_SIZE))
    if view.hint:
        _bottom_line(c, view.hint)


_RENDERERS: dict[type, Callable[[Canvas, Any], None]] = {
    MenuView: _menu,
    SetupView: _setup,
    LiveView: _live,
    HandView: _hand,
    VerdictView: _verdict,
    BannerView: _banner,
    TimerView: _timer,
    MapView: _map,
    FaultView: _fault,
}


def compose(view: View) -> Screen:
    """The screen for ``view`` and everything placed on it."""
    try:
        draw = _RENDERERS[type(view)]
    except KeyError:
        raise TypeError(f"no screen for {type(view).__name__}: use one of {', '.join(t.__name__ for t in _RENDERERS)}")
    canvas = Canvas()
    draw(canvas, view)
    return Screen(canvas.image, tuple(canvas.items))


def render(view: View) -> Image.Image:
    """The 128x64 1-bit image that shows ``view``."""
    return compose(view).image
