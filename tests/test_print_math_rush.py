"""Math Rush's printed deck: it reads back as exactly its catalog, every number card's back carries
the sheet's self-check letter (ascending values in alphabetical order, equal values one letter),
read from the printed PDF itself; Advanced cards carry their bolt; a goal says what it asks in
drawn signs and plain words; a school that changes its deck gets letters right for its deck."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm

from engine.catalog import Card, load_catalog
from engine.errors import CatalogError
from engine.games import GAMES, GameInfo
from engine.math_rush.goals import Goal
from station.cli import main
from station.printables.card_art import BADGE_RADIUS, badge_centre
from station.printables.card_words import fill
from station.printables.geometry import VALUE_PANEL, VALUE_PANEL_TURNED, Box
from station.printables.looks import look_for, parse_look
from station.printables.paper import parse_paper
from station.printables.raster import card_pdf, rasterise, render_card
from station.printables.sheets import sheet_layout, write_deck_pdf
from station.vision.decode import make_decoder

DPI = 150
PX = DPI / 25.4
ADVANCED_KINDS = {"advanced", "advanced-goal"}


def math_rush_cards() -> list[Card]:
    return load_catalog().game("math-rush").cards()


def printed_backs(pdf: Path, paper: str = "a4") -> Iterator[tuple[str, list[str]]]:
    """Each card's payload, decoded from a faces page, with the words printed in the same slot of
    the backs page after it (mirrored, as a long-edge flip needs), read from the PDF's text;
    without the game's title and the deck's name, which every back of a deck shares."""
    layout = sheet_layout(parse_paper(paper))
    width, height = layout.slot
    decoder = make_decoder()
    document = pdfium.PdfDocument(str(pdf))
    try:
        for number, page in enumerate(rasterise(pdf, DPI)):
            if number % 2:
                continue
            text = document[number + 1].get_textpage()
            slots: dict[int, str] = {}
            for read in decoder.decode(page):
                x, y = read.center[0] / PX, layout.paper.height - read.center[1] / PX  # page mm, y up
                slot = next(i for i in range(layout.per_page)
                            if 0 <= x - layout.slot_corner(i)[0] < width and 0 <= y - layout.slot_corner(i)[1] < height)
                assert slots.setdefault(slot, read.text) == read.text, "two cards in one slot"
            for slot, payload in slots.items():
                left, bottom = layout.slot_corner(slot, back=True)
                words = text.get_text_bounded(left * mm, bottom * mm, (left + width) * mm, (bottom + height) * mm)
                lines = [line for line in words.splitlines() if line and line != "MATH RUSH" and "·" not in line]
                yield payload, " ".join(lines).split()
    finally:
        document.close()


def check_letters_rule(letters: dict[str, str], values: dict[str, Fraction]) -> None:
    """The sheet's rule, pair by pair: a smaller value has an earlier letter, equal values one."""
    cards = sorted(letters)
    for a in cards:
        for b in cards:
            assert (values[a] < values[b]) == (letters[a] < letters[b]), (a, letters[a], b, letters[b])
            assert (values[a] == values[b]) == (letters[a] == letters[b]), (a, letters[a], b, letters[b])


def letters_from(pdf: Path) -> dict[str, str]:
    """payload -> the letter on its back; each back shows its letter in all four corners."""
    found: dict[str, str] = {}
    for payload, words in printed_backs(pdf):
        assert payload not in found, f"{payload} printed twice"
        if words:
            assert len(words) == 4 and len(set(words)) == 1 and words[0].isalpha(), (payload, words)
            found[payload] = words[0]
        else:
            found[payload] = ""
    return found


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("math-rush") / "math-rush.pdf"
    assert main(["cards", "print", "math-rush", "--no-rules", "--out", str(path)]) == 0   # the deck's pages only:
    return path                                                                           # faces, then their backs


@pytest.mark.slow
def test_the_printed_deck_reads_back_as_exactly_its_catalog(deck_pdf):
    decoder = make_decoder()
    reads: Counter[str] = Counter()
    for number, page in enumerate(rasterise(deck_pdf, DPI)):
        found = [read.text for read in decoder.decode(page)]
        if number % 2:
            assert found == [], f"page {number + 1} (backs) shows codes {found}"
        reads.update(found)
    catalog = load_catalog()
    assert set(reads) == {card.payload for card in math_rush_cards()}
    assert set(reads.values()) == {2}  # both codes of every card
    assert all(catalog.from_payload(text).game == "math-rush" for text in reads)


@pytest.mark.slow
def test_number_backs_carry_letters_in_the_order_of_their_values(deck_pdf):
    catalog = load_catalog()
    letters = letters_from(deck_pdf)
    assert set(letters) == {card.payload for card in math_rush_cards()}
    numbers = {p: catalog.from_payload(p).face.number for p in letters}
    assert all(bool(letters[p]) == (numbers[p] is not None) for p in letters)  # goals and Help: no letter
    values = {p: n.value for p, n in numbers.items() if n is not None}
    check_letters_rule({p: letters[p] for p in values}, values)
    distinct = sorted(set(letters[p] for p in values))
    assert distinct == [chr(ord("A") + i) for i in range(len(distinct))]  # A, B, C … with no gap
    by_code = {catalog.from_payload(p).face.code: letters[p] for p in values if "-A-" in p}
    assert by_code["F6"] == by_code["D6"] == by_code["P6"] == by_code["X6"]  # 1/3 = 0.(3) = 33 1/3% = 3/9
    assert by_code["F1"] == "A" and by_code["X15"] == distinct[-1]  # 1/10 first, 150% last


def test_advanced_cards_carry_the_bolt_on_both_panels_and_no_other_card_does():
    look = look_for("math-rush")
    for card in math_rush_cards():
        if card.copy != "A":
            continue
        image = render_card(card, DPI)
        for box, turned in ((VALUE_PANEL, False), (VALUE_PANEL_TURNED, True)):
            disc, bolt = badge_points(box, turned)
            white = min(image.getpixel(disc)) > 230
            assert white == (card.face.kind in ADVANCED_KINDS), (card.id, turned)
            if white:  # the bolt, in the kind's colour, inside the white disc
                assert close(image.getpixel(bolt), look.colour(card.face.kind)), card.id


def badge_points(box: Box, turned: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """Pixels of a point on the badge's disc beside the bolt, and of the bolt's middle."""
    cx, cy = badge_centre(box)
    sign = -1 if turned else 1
    x0, y0 = (box.x + box.w - cx, box.y + cy) if turned else (box.x + cx, box.y + box.h - cy)
    disc = (x0 - sign * 0.7 * BADGE_RADIUS, y0 - sign * 0.5 * BADGE_RADIUS)
    return tuple(round(v * PX) for v in disc), (round(x0 * PX), round(y0 * PX))


def close(rgb: tuple[int, ...], colour: str, tolerance: int = 24) -> bool:
    return max(abs(a - int(colour[i : i + 2], 16)) for a, i in zip(rgb, (1, 3, 5))) < tolerance


def test_goal_cards_say_their_restriction_in_words_the_station_also_uses():
    """The words on a goal are the engine's own restriction ("Decimals only"), or "Any cards"."""
    for card in math_rush_cards():
        if card.copy != "A" or "goal" not in card.face.kind:
            continue
        goal = Goal.from_face(card.face)
        document = pdfium.PdfDocument(card_pdf(card))
        text = document[0].get_textpage().get_text_range()
        document.close()
        words = goal.restriction() or "Any cards"
        assert text.count(words) == 2, (card.id, text)  # both panels
        assert card.face.extra["name"] not in text  # "UP 3" is drawn, not written
        assert [line for line in text.splitlines() if line.isdigit()] == [str(goal.count)] * 2, (card.id, text)


def white_shapes(card: Card, box: Box, px: float) -> tuple[list[tuple[int, ...]], np.ndarray]:
    """White shapes on the near panel, (x, y, w, h, area) in pixels, the panel's rounded edge aside;
    and the panel's white pixels."""
    image = np.asarray(render_card(card, px * 25.4).convert("L"))
    top, bottom = round(box.y * px) + 3, round((box.y + box.h) * px) - 3
    white = image[top:bottom, round(box.x * px) + 3 : round((box.x + box.w) * px) - 3] > 160
    count, _, stats, _ = cv2.connectedComponentsWithStats(white.astype(np.uint8))
    return [tuple(int(v) for v in stats[i]) for i in range(1, count)], white


def test_goal_cards_draw_their_stars_as_stars_and_their_direction():
    catalog = load_catalog()
    px = 300 / 25.4
    for code in ("G1", "G2", "G3", "G4", "G5", "G9", "G29"):
        card = catalog.card(f"MR-A-{code}")
        goal = Goal.from_face(card.face)
        shapes, white = white_shapes(card, VALUE_PANEL, px)
        # a star: about square, 3–7 mm across, filling about half its box (a 6 or an O fills more)
        stars = [b for b in shapes if 3 * px < b[2] < 7 * px and abs(b[2] - b[3]) < 0.15 * b[2]
                 and 0.3 < b[4] / (b[2] * b[3]) < 0.5]
        assert len(stars) == goal.stars, (code, stars)
        tall = sorted((b for b in shapes if b[3] > 5 * px), key=lambda b: b[0])  # the sign and the count
        if goal.direction == "equal":  # two bars, one above the other, left of the count
            bars = [b for b in shapes if b[2] > 3 * b[3] and b[2] > 4 * px and b[0] < tall[0][0]]
            assert len(bars) == 2 and abs(bars[0][0] - bars[1][0]) < 3, (code, shapes)
        else:  # an arrow, left of the count, heavier at its head
            x, y, w, h, _ = tall[0]
            arrow = white[y : y + h, x : x + w]
            upper, lower = arrow[: h // 2].sum(), arrow[h - h // 2 :].sum()
            assert (upper > lower) == (goal.direction == "up"), (code, upper, lower)


@pytest.fixture
def school_deck(tmp_path, monkeypatch):
    """Math Rush as a school edits it: eight more Advanced values (31 in all), one changed."""
    manifest = (Path(__file__).parents[1] / "engine" / "decks" / "math-rush.toml").read_text(encoding="utf-8")
    manifest = manifest.replace('code = "X18"\nnumber = "0.58(3)"', 'code = "X18"\nnumber = "7/4"')
    extra = "".join(f'\n[[cards]]\nkind = "advanced"\ncode = "S{n}"\nnumber = "{n}/7"\n' for n in range(1, 7))
    extra += '\n[[cards]]\nkind = "advanced"\ncode = "S7"\nnumber = "1/11"\n'
    extra += '\n[[cards]]\nkind = "advanced"\ncode = "S8"\nnumber = "2"\n'
    extra += '\n[[cards]]\nkind = "advanced"\ncode = "S9"\nnumber = "0.(142857)"\n'
    head, _, tail = manifest.partition("\n[decks.numbers]")
    package = tmp_path / "school_decks"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "math-rush.toml").write_text(head + extra + "\n[decks.numbers]" + tail, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    original = GAMES["math-rush"]
    GAMES.register(GameInfo("math-rush", original.title, original.code, deck=("school_decks", "math-rush.toml")))
    try:
        yield load_catalog().game("math-rush")
    finally:
        GAMES.register(original)
        sys.modules.pop("school_decks", None)


@pytest.mark.slow
def test_a_school_that_changes_its_deck_gets_letters_right_for_its_deck(school_deck, tmp_path):
    numbers = [card for card in school_deck.cards(["A"]) if card.face.number is not None]
    distinct = {card.face.number.value for card in numbers}
    assert len(distinct) > 26
    path = tmp_path / "school.pdf"
    write_deck_pdf([numbers], parse_paper("a4"), path)
    letters = letters_from(path)
    assert set(letters) == {card.payload for card in numbers}
    check_letters_rule(letters, {card.payload: card.face.number.value for card in numbers})
    assert {len(letter) for letter in letters.values()} == {2}  # AA, AB …: alphabetical stays ascending
    by_code = {card.face.code: letters[card.payload] for card in numbers}
    assert by_code["S1"] == by_code["S9"]  # 1/7 = 0.(142857)


def test_a_look_that_asks_for_what_cannot_be_drawn_is_told_with_its_place():
    with pytest.raises(CatalogError, match=r"looks/x.toml: kinds.advanced.badge must be one of bolt, not 'star'"):
        parse_look('[kinds.advanced]\ncolour = "#123456"\nbadge = "star"\n', "looks/x.toml")
    with pytest.raises(CatalogError, match=r"looks/x.toml: kinds.goal.panel takes text templates for big, sign"):
        parse_look('[kinds.goal]\ncolour = "#123456"\n[kinds.goal.panel]\narrow = "{direction}"\n', "looks/x.toml")
    help_card = load_catalog().card("MR-A-H1")
    with pytest.raises(CatalogError, match=r"backs.help.corners asks for \{value_letter\}.*MR-A-H1 has no value"):
        fill("{value_letter}", help_card, "looks/math-rush.toml: backs.help.corners")
    with pytest.raises(CatalogError, match=r"looks/x.toml: backs.help.corners asks for \{count\}, which card MR-A-H1"):
        fill("{count}", help_card, "looks/x.toml: backs.help.corners")
