"""Printed cards: what a child sees and what the camera reads, from the real drawing code."""

from __future__ import annotations

import io

import numpy as np
import pytest

from engine.catalog import Card, CardFace, load_catalog
from engine.errors import CatalogError
from engine.numbers import MINUS, parse_number
from station.printables.geometry import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    CODE_MM,
    CODE_SPOTS,
    VALUE_PANEL,
    VALUE_PANEL_TURNED,
)
from station.printables.looks import look_for, parse_look
from station.printables.paper import PaperError, parse_paper
from station.printables.qr import qr_modules
from station.printables.raster import rasterise, render_card
from station.printables.sheets import sheet_layout, write_deck_pdf
from station.printables.typeset import Gap, Stacked, Text, face_tokens, number_tokens
from station.progress import ProgressLine
from station.vision.decode import PyzbarDecoder, ZxingDecoder, make_decoder

CATALOG = load_catalog()
DECODERS = [PyzbarDecoder(), ZxingDecoder()]
ONE_OF_EACH = ["MW-A-N1", "MW-B-N37", "MW-H-N100", "MW-C-A1", "MW-D-S10", "MW-E-M7", "MW-F-D10"]


@pytest.mark.parametrize("decoder", DECODERS, ids=lambda d: d.name)
@pytest.mark.parametrize("dpi", [150, 300])
@pytest.mark.parametrize("card_id", ONE_OF_EACH)
def test_a_rendered_card_shows_its_payload_twice_where_the_geometry_says(decoder, dpi, card_id):
    card = CATALOG.card(card_id)
    image = render_card(card, dpi)
    px_per_mm = dpi / 25.4
    assert abs(image.width - CARD_WIDTH_MM * px_per_mm) <= 1 and abs(image.height - CARD_HEIGHT_MM * px_per_mm) <= 1
    reads = decoder.decode(image)
    assert sorted(r.text for r in reads) == [card.payload, card.payload]
    centres = sorted((x / px_per_mm, y / px_per_mm) for x, y in (r.center for r in reads))
    for (x, y), spot in zip(centres, CODE_SPOTS):
        assert abs(x - spot.center_x) < 1.5 and abs(y - spot.center_y) < 1.5


def test_the_bottom_right_code_is_turned_half_a_turn():
    image = render_card(CATALOG.card("MW-A-N5"), 300)
    reads = sorted(ZxingDecoder().decode(image), key=lambda r: r.center)
    (tl_x, tl_y), (br_x, br_y) = reads[0].corners[0], reads[1].corners[0]
    # a code's own top-left corner: up-left of its centre when upright, down-right when turned
    assert tl_x < reads[0].center[0] and tl_y < reads[0].center[1]
    assert br_x > reads[1].center[0] and br_y > reads[1].center[1]


def test_codes_are_version_1_and_about_30_mm_with_white_quiet_zones():
    card = CATALOG.card("MW-A-N100")
    assert len(qr_modules(card.payload)) == 21
    assert 28 <= CODE_MM <= 31
    gray = np.asarray(render_card(card, 300).convert("L"))
    px = 300 / 25.4
    for spot in CODE_SPOTS:  # the ring 1-4 modules outside each code is paper white
        half, quiet = CODE_MM / 2, 4 * CODE_MM / 21
        for inset in (0.3, quiet - 0.3):
            top = round((spot.center_y - half - inset) * px)
            left, right = round((spot.center_x - half) * px), round((spot.center_x + half) * px)
            assert gray[top, left:right].min() > 200


def test_value_panels_keep_clear_of_both_codes():
    for panel in (VALUE_PANEL, VALUE_PANEL_TURNED):
        for spot in CODE_SPOTS:
            reach = CODE_MM / 2 + 4 * CODE_MM / 21
            apart_x = panel.x >= spot.center_x + reach or panel.x + panel.w <= spot.center_x - reach
            apart_y = panel.y >= spot.center_y + reach or panel.y + panel.h <= spot.center_y - reach
            assert apart_x or apart_y


def test_the_value_panel_is_the_kinds_colour():
    count, crate = CATALOG.card("MW-A-N7"), CATALOG.card("MW-A-M7")
    px = 150 / 25.4
    spot = (round((VALUE_PANEL.x + 1.5) * px), round((VALUE_PANEL.y + VALUE_PANEL.h - 1.5) * px))
    for card in (count, crate):
        colour = look_for("math-wars").colour(card.face.kind)
        expected = tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))
        got = render_card(card, 150).getpixel(spot)
        assert max(abs(a - b) for a, b in zip(got, expected)) < 8


def face(number: str, op: str | None = None) -> CardFace:
    return CardFace("math-wars", "X1", "count-meta", "TEST", parse_number(number), op)


def test_values_are_typeset_as_taught():
    assert face_tokens(face("7", "-")) == [Text(MINUS), Gap(0.12), Text("7")]
    assert face_tokens(face("4", "÷"))[0] == Text("÷")
    assert number_tokens(parse_number("8/12")) == [Stacked("8", "12")]
    assert number_tokens(parse_number("-3/4")) == [Text(MINUS), Stacked("3", "4")]
    assert number_tokens(parse_number("2 1/3")) == [Text("2"), Gap(0.1), Stacked("1", "3")]
    assert number_tokens(parse_number("0.1(6)")) == [Text("0.1"), Text("6", overline=True)]
    assert number_tokens(parse_number("33 1/3%")) == [Text("33"), Gap(0.1), Stacked("1", "3"), Text("%")]
    assert number_tokens(parse_number("0.200")) == [Text("0.200")]


def test_numbers_that_read_as_others_upside_down_are_underlined_as_on_playing_cards():
    """A card is read from every side of the table: 6 and 9 (and 16, 68, 99 …) get a mark."""
    marked = [n for n in range(1, 101) if any(t.underline for t in number_tokens(parse_number(str(n))))]
    assert marked == [6, 9, 16, 18, 19, 61, 66, 68, 81, 86, 89, 91, 98, 99]
    assert face_tokens(face("6", "×")) == [Text("×"), Gap(0.12), Text("6", underline=True)]
    assert number_tokens(parse_number("-9")) == [Text(MINUS), Text("9", underline=True)]
    assert not any(t.underline for t in number_tokens(parse_number("69")))  # 69 upside down is 69


@pytest.mark.parametrize("number", ["3/4", "2 1/3", "0.1(6)", "37.5%", "-5/12", "1000"])
def test_cards_of_every_number_form_still_read(number):
    card = Card(face(number), "MW", "A")
    reads = ZxingDecoder().decode(render_card(card, 150))
    assert [r.text for r in reads] == [card.payload] * 2


def test_backs_carry_no_code():
    for decoder in DECODERS:
        assert decoder.decode(render_card(CATALOG.card("MW-A-N1"), 300, back=True)) == []


@pytest.mark.parametrize(
    "paper, columns, rows, upright",
    [("a4", 3, 3, True), ("letter", 3, 3, True), ("a5", 2, 2, True), ("a3", 3, 6, False), ("100x300mm", 1, 4, False)],
)
def test_sheets_fit_the_most_whole_cards_inside_printer_margins(paper, columns, rows, upright):
    layout = sheet_layout(parse_paper(paper))
    assert (layout.columns, layout.rows, layout.upright) == (columns, rows, upright)
    w, h = layout.slot
    for index in range(layout.per_page):
        for back in (False, True):
            x, y = layout.slot_corner(index, back=back)
            assert 5 <= x and x + w <= layout.paper.width - 5 and 5 <= y and y + h <= layout.paper.height - 5


@pytest.mark.parametrize("paper", ["60x80mm", "a7", "", "210 by 297"])
def test_paper_that_cannot_hold_a_card_is_refused_with_a_reason(paper):
    with pytest.raises(PaperError, match="cannot fit a card|not known"):
        sheet_layout(parse_paper(paper))


def test_backs_print_in_register_with_their_faces_on_a_long_edge_flip(tmp_path):
    cards = CATALOG.game("math-wars").cards(["A"], "crate1")[:7]  # a part-filled sheet shows mirroring
    path = tmp_path / "deck.pdf"
    assert write_deck_pdf([cards], parse_paper("a4"), path) == 2
    _face_page, back_page = (np.asarray(page.convert("L")) for page in rasterise(path, 50))
    flipped = back_page[:, ::-1]  # what lies behind the face page after a long-edge flip
    layout = sheet_layout(parse_paper("a4"))
    px = 50 / 25.4
    w, h = layout.slot
    for index in range(layout.per_page):
        x, y = layout.slot_corner(index)
        col, row = round((x + w / 2) * px), round((layout.paper.height - y - h / 2) * px)
        has_face = index < len(cards)
        back_ink = flipped[row - 5 : row + 5, col - 5 : col + 5].mean() < 200  # the coloured back
        assert back_ink == has_face


def test_a_deck_pdf_has_faces_then_backs_and_each_copy_starts_a_new_sheet(tmp_path):
    deck = CATALOG.game("math-wars")
    groups = [deck.cards([copy], "count25") for copy in "AB"]  # 25 cards: 3 sheets each
    assert write_deck_pdf(groups, parse_paper("letter"), tmp_path / "d.pdf") == 12
    assert write_deck_pdf(groups, parse_paper("letter"), tmp_path / "f.pdf", backs=False) == 6
    pages = list(rasterise(tmp_path / "f.pdf", 100))
    decoder = ZxingDecoder()
    copies = [{r.text.split("-")[2] for r in decoder.decode(page)} for page in pages]
    assert copies == [{"A"}] * 3 + [{"B"}] * 3


def test_progress_lines_are_few_and_end_at_the_total():
    stream = io.StringIO()
    progress = ProgressLine("Printing 280 cards: page", stream)
    for done in range(1, 65):
        progress(done, 64)
    lines = stream.getvalue().splitlines()
    assert lines[-1] == "Printing 280 cards: page 64/64"
    assert 5 <= len(lines) <= 12


def test_a_bad_colour_in_a_look_file_is_named():
    with pytest.raises(CatalogError, match=r"looks/x.toml: kinds.count-meta.colour must look like"):
        parse_look('[kinds.count-meta]\ncolour = "blue"\n', "looks/x.toml")
    assert look_for("no-such-game").colour("anything") == "#555555"


def test_auto_picks_zxing_and_names_are_checked():
    assert make_decoder().name == "zxing-cpp"
    assert make_decoder("pyzbar").name == "pyzbar"
    with pytest.raises(ValueError, match="unknown QR decoder 'zbar'"):
        make_decoder("zbar")


def test_a_hand_shows_nothing_from_behind_cards_of_one_deck_have_one_back():
    """Who's Counting? hides red and blue cards in the same hand as numbers: every back alike.
    Math Wars Meta's two decks (COUNT META, MATH CRATE) each have their own."""
    catalog = load_catalog()
    wc = [catalog.card(c) for c in ("WC-A-N3A", "WC-A-STOP1", "WC-A-GNEG", "WC-A-SUP2", "WC-A-DIV3")]
    backs = {render_card(card, 60, back=True).tobytes() for card in wc}
    assert len(backs) == 1
    mw = {render_card(catalog.card(c), 60, back=True).tobytes() for c in ("MW-A-N3", "MW-A-N4", "MW-A-D4")}
    assert len(mw) == 2
