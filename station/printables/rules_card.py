"""A game's rules card: one page (two at most) of how to play, in a child's words, with a small
picture of the mat laid out and a few cards in place.

The words are data, one file per game beside its look in its folder (``station/games/<game>/<name>.rules.toml``): what the
game is about, how to set it up from the printed deck and mat, how a turn goes, how to win, what
the station does and what its four buttons mean. The picture is drawn from the game's own mat
layout by the mat printer's code (``mat_pdf.draw_mat_picture``), so it shows the mat as printed;
its corner squares and cards carry no codes, so a card lying on the table is never read.
``docs/rules/<game>.md`` keeps the referee's every decision; the card links there.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph

from engine.catalog import Card, load_catalog
from engine.errors import CatalogError
from engine.games import GAME_TITLES, GAMES
from station.i18n import SOURCE_LANGUAGE, Words, gettext, language, lazy_gettext, ngettext
from station.printables.fonts import BOLD, CAP_HEIGHT, REGULAR, register_fonts, text_width
from station.printables.looks import look_for
from station.printables.mat_pdf import draw_mat_picture
from station.printables.output import atomic_output, check_writable
from station.printables.paper import PRINTER_MARGIN_MM, Paper
from station.printables.typeset import SIGNS
from station.printed.cards import shape_of
from station.table.mat import MatLayout, mat_layout

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (Ubuntu 22.04)
    import tomli as tomllib

MAX_PAGES = 2  # a rules card is one page, two at most
PICTURE_HEIGHT_MM = 62.0  # the mat picture at most this tall (and as wide as the text)
BUTTONS = ("select", "confirm", "back", "spare")  # in the order they sit on the station, left to right
SECTIONS = (("setup", lazy_gettext("Set up")), ("turn", lazy_gettext("How to play")),
            ("station", lazy_gettext("What the station does")))


@dataclass(frozen=True)
class PlacedCard:
    """A card in the mat picture: its deck code (copy A), where its centre lies (a zone's centre
    moved by ``dx``, ``dy`` mm on the mat), how far it is turned, and the few words it shows."""

    code: str
    zone: str
    dx: float = 0.0
    dy: float = 0.0
    angle: float = 0.0
    text: str = ""


@dataclass(frozen=True)
class RulesCard:
    """One game's rules card, as its file says."""

    game: str
    about: str
    setup: tuple[str, ...]
    turn: tuple[str, ...]
    win: str
    station: tuple[str, ...]
    buttons: dict[str, str]
    seats: int
    cards: tuple[PlacedCard, ...]

    @property
    def title(self) -> str:
        return GAME_TITLES[self.game]


def words_file(game: str) -> str:
    """Where a game's rules-card words are, as a teacher finds the file: ``station/games/sum/sum.rules.toml``."""
    package = GAMES[game].station_data or ""
    return f"{package.replace('.', '/')}/{game}.rules.toml"


def _words_source(game: str) -> str:
    """Where the words of the card in the language of the moment are kept: the file, or its catalog."""
    here = language()
    if here == SOURCE_LANGUAGE:
        return words_file(game)
    package = GAMES[game].station_data or ""
    domain = package.rpartition(".")[2]
    return f"{package.replace('.', '/')}/locale/{here}/LC_MESSAGES/{domain}.po"


def rules_card(game: str) -> RulesCard:
    """The rules card of ``game`` from its folder's ``<game>.rules.toml``; a ``CatalogError`` names
    the file and what is wrong with it."""
    if game not in GAME_TITLES:
        raise CatalogError(f"unknown game {game!r}: games are {', '.join(GAME_TITLES)}")
    package = GAMES[game].station_data
    source = words_file(game)
    file = resources.files(package) / f"{game}.rules.toml" if package else None
    if file is None or not file.is_file():
        raise CatalogError(f"{GAME_TITLES[game]} has no rules card yet ({source})")
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        return _card(game, data)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError(f"{source}: not valid TOML ({exc})") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise CatalogError(f"{source}: {exc}") from None


def _card(game: str, data: dict[str, Any]) -> RulesCard:
    """The card in the language of the moment: each text of the file through the game's own catalog
    (``station/games/<game>/locale/``; English, the file's words, where it has none)."""
    words = Words(GAMES[game].station_data or "station")
    say = words.gettext
    lines = {key: tuple(say(str(line)) for line in data[key]) for key, _ in SECTIONS}
    buttons = {name: say(str(data["buttons"][name])) for name in BUTTONS}
    picture = data["picture"]
    cards = tuple(PlacedCard(str(c["card"]), str(c["zone"]), float(c.get("dx", 0.0)), float(c.get("dy", 0.0)),
                             float(c.get("angle", 0.0)), str(c.get("text", ""))) for c in picture.get("cards", []))
    card = RulesCard(game, say(str(data["about"])), lines["setup"], lines["turn"], say(str(data["win"])), lines["station"],
                     buttons, int(picture["seats"]), cards)
    layout = mat_layout(game, card.seats)
    deck = load_catalog().game(game)
    for placed in cards:
        layout.zone(placed.zone)  # a MatError (a ValueError) names the zones there are
        if placed.code not in deck.faces:
            raise ValueError(f"the picture's card {placed.code!r} is not in the {card.title} deck")
    return card


# --- the page ----------------------------------------------------------------------------------


def _styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    body = ParagraphStyle("body", fontName=REGULAR, fontSize=10, leading=12.4, spaceAfter=1.5)
    return {
        "title": ParagraphStyle("title", fontName=BOLD, fontSize=21, leading=25, spaceAfter=1),
        "players": ParagraphStyle("players", parent=body, textColor=colors.HexColor("#555555"), spaceAfter=6),
        "about": ParagraphStyle("about", parent=body, fontSize=11, leading=14, spaceAfter=5),
        "head": ParagraphStyle("head", fontName=BOLD, fontSize=12.5, leading=15, spaceBefore=5, spaceAfter=2),
        "body": body,
        "bullet": ParagraphStyle("bullet", parent=body, leftIndent=12, bulletIndent=2),
        "caption": ParagraphStyle("caption", parent=body, fontSize=8.5, leading=10.5,
                                  textColor=colors.HexColor("#555555"), spaceAfter=4),
        "win": ParagraphStyle("win", parent=body, fontName=BOLD, fontSize=11, leading=14),
        "foot": ParagraphStyle("foot", parent=body, fontSize=8, leading=10, textColor=colors.HexColor("#777777"),
                               spaceBefore=8),
    }


def _players(game: str) -> str:
    least, most = load_catalog().game(game).player_range
    if most is None:
        return ngettext("{n} or more players", "{n} or more players", least)
    if least == most:
        return ngettext("{n} player", "{n} players", least)
    return gettext("{least} to {most} players", least=least, most=most)


def flowables(card: RulesCard, width_mm: float) -> list[Flowable]:
    """The card's content, top to bottom, for a frame ``width_mm`` wide."""
    style = _styles()
    colour = look_for(card.game).colour(next(iter(load_catalog().game(card.game).faces.values())).kind)
    title = ParagraphStyle("gametitle", parent=style["title"], textColor=colors.HexColor(colour))
    parts: list[Flowable] = [
        Paragraph(escape(gettext("How to play {game}", game=card.title)), title),
        Paragraph(escape(gettext("{players} · the printed cards and mat · a Math Card Station", players=_players(card.game))),
                  style["players"]),
        Paragraph(escape(card.about), style["about"]),
        MatPicture(mat_layout(card.game, card.seats), card.cards, width_mm, PICTURE_HEIGHT_MM),
        Paragraph(escape(ngettext("The mat for {n} player, with a few cards in place. Print it with: {command}",
                                  "The mat for {n} players, with a few cards in place. Print it with: {command}",
                                  card.seats, command="mathstation mat print " + card.game)), style["caption"]),
    ]
    for key, head in SECTIONS[:2]:
        parts += _section(str(head), getattr(card, key), style)
    parts += [Paragraph(escape(gettext("How to win")), style["head"]), Paragraph(escape(card.win), style["win"])]
    parts += _section(str(SECTIONS[2][1]), card.station, style)
    parts += [Paragraph(escape(gettext("The buttons")), style["head"])] + [
        Paragraph(f"<b>{name.upper()}</b>: {escape(card.buttons[name])}", style["bullet"], bulletText="•")
        for name in BUTTONS]
    parts.append(Paragraph(escape(gettext("Every rule the station referees, in full: {page} in the Math Card Station's "
                                         "documentation.", page="docs/rules/" + _rules_doc(card.game))), style["foot"]))
    return parts


def _section(head: str, lines: Sequence[str], style: dict[str, ParagraphStyle]) -> list[Flowable]:
    return [Paragraph(escape(head), style["head"]), *(Paragraph(escape(line), style["bullet"], bulletText="•") for line in lines)]


def _rules_doc(game: str) -> str:
    """The referee's page of a game in docs/rules/ (Math Wars' carries the edition's name)."""
    return "math-wars-meta.md" if game == "math-wars" else f"{game}.md"


class MatPicture(Flowable):
    """The mat, scaled to fit ``width_mm`` x ``height_mm``, with the card's few cards in place."""

    def __init__(self, layout: MatLayout, cards: Sequence[PlacedCard], width_mm: float, height_mm: float) -> None:
        super().__init__()
        self.layout, self.cards = layout, tuple(cards)
        self.scale = min(width_mm / layout.width, height_mm / layout.height)
        self.width, self.height = layout.width * self.scale * mm, layout.height * self.scale * mm + 2 * mm
        self.frame_width = width_mm * mm

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        c.saveState()
        c.translate((self.frame_width - self.width) / 2, self.height - 1 * mm)
        c.scale(self.scale * mm, -self.scale * mm)  # mat millimetres, y down, origin top-left
        draw_mat_picture(c, self.layout, label_size=2.6 / self.scale)
        catalog = load_catalog().game(self.layout.game)
        for placed in self.cards:
            _draw_card(c, Card(catalog.faces[placed.code], catalog.code, catalog.copies[0]), placed, self.layout)
        c.restoreState()


def _draw_card(c: Canvas, card: Card, placed: PlacedCard, layout: MatLayout) -> None:
    """A card's outline in its kind's colour, white inside, with its few words: no code."""
    zone = layout.zone(placed.zone)
    x, y = zone.center
    shape = shape_of(card)
    colour = colors.HexColor(look_for(card.game).colour(card.face.kind))
    c.saveState()
    c.translate(x + placed.dx, y + placed.dy)
    c.rotate(placed.angle + zone.facing)
    cx, cy = shape.centre
    path = c.beginPath()
    path.moveTo(shape.outline[0][0] - cx, shape.outline[0][1] - cy)
    for px, py in shape.outline[1:]:
        path.lineTo(px - cx, py - cy)
    path.close()
    c.setFillColor(colors.white)
    c.setStrokeColor(colour)
    c.setLineWidth(2.0)
    c.drawPath(path, stroke=1, fill=1)
    words = placed.text or _facegettext(card)
    c.setFillColor(colour)
    if shape.fills_box:  # a rectangle: the words on its left, in view when the next card lies over its right
        size = min(24.0, 40.0 / text_width(words, BOLD, 1.0))
        c.scale(1, -1)
        c.setFont(BOLD, size)
        c.drawString(-shape.width / 2 + 4.0, -size * CAP_HEIGHT / 2, words)
    else:  # a triangle: the words upright in its middle, as its printed number reads from every side
        size = min(24.0, 0.42 * shape.width / text_width(words, BOLD, 1.0))
        c.rotate(-(placed.angle + zone.facing))
        c.scale(1, -1)
        c.setFont(BOLD, size)
        c.drawCentredString(0, -size * CAP_HEIGHT / 2, words)
    c.restoreState()


def _facegettext(card: Card) -> str:
    """A card's value as it is printed (the true minus and times signs), else its kind's name."""
    face = card.face
    op = SIGNS.get(face.op, face.op) if face.op else ""
    if face.number is not None:
        return f"{op}{face.number}".replace("-", SIGNS["-"])
    return op or face.label


# --- drawing pages -----------------------------------------------------------------------------


def draw_rules_pages(c: Canvas, games: Sequence[str], paper: Paper) -> int:
    """Each game's rules card on fresh pages of ``c`` (any page size); returns the pages drawn.
    A card that would take more than ``MAX_PAGES`` pages is a ``CatalogError``."""
    cards = [rules_card(game) for game in games]
    margin = max(PRINTER_MARGIN_MM, 12.0)
    width = paper.width - 2 * margin
    pages = 0
    for card in cards:
        queue = flowables(card, width)
        used = 0
        while queue:
            c.setPageSize((paper.width * mm, paper.height * mm))
            frame = Frame(margin * mm, margin * mm, width * mm, (paper.height - 2 * margin) * mm,
                          leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, showBoundary=0)
            before = len(queue)
            frame.addFromList(queue, c)
            used += 1
            _page_footer(c, card, used, paper, margin)
            c.showPage()
            if queue and (len(queue) == before or used >= MAX_PAGES):
                raise CatalogError(f"the {card.title} rules card does not fit {MAX_PAGES} {paper.name} pages: "
                                   f"shorten its words ({_words_source(card.game)})")
        pages += used
    return pages


def _page_footer(c: Canvas, card: RulesCard, page: int, paper: Paper, margin: float) -> None:
    c.setFont(REGULAR, 7)
    c.setFillColor(colors.HexColor("#777777"))
    c.drawRightString((paper.width - margin) * mm, (margin - 6) * mm,
                      gettext("{game} rules card (continued) · Math Card Station", game=card.title) if page > 1
                      else gettext("{game} rules card · Math Card Station", game=card.title))


def write_rules_pdf(games: Sequence[str], paper: Paper, path: Path, progress: Callable[[int, int], None] | None = None) -> int:
    """Write the rules cards of ``games`` as one PDF at ``path`` (all or nothing); returns pages."""
    check_writable(path)
    for game in games:
        rules_card(game)  # every card's words checked before a file is opened
    register_fonts()
    with atomic_output(path) as stream:
        c = Canvas(stream, pagesize=(paper.width * mm, paper.height * mm), pageCompression=1)
        c.setTitle(gettext("{games}: how to play", games=" + ".join(GAME_TITLES[g] for g in games)))
        c.setCreator("mathstation rules print")
        pages = draw_rules_pages(c, games, paper)
        c.save()
    if progress:
        progress(pages, pages)
    return pages

