"""The done-test of print-and-play: print every deck, rasterise it at 150 and 300 dpi, and read
every page back with the station's own decoder. Every card of the catalog must be found
exactly once (on one page, every one of its codes: a rectangle's two, a triangle's one), with
the right payload, and nothing else."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest

from engine.catalog import load_catalog
from station.cli import main
from station.printables.paper import parse_paper
from station.printables.raster import rasterise
from station.printables.sheets import sheet_layout
from station.printed.cards import shape_of
from station.vision.decode import PyzbarDecoder, make_decoder

pytestmark = pytest.mark.slow
CATALOG = load_catalog()


@pytest.fixture(scope="module")
def every_deck(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("print") / "all.pdf"
    assert main(["cards", "print", "all", "--out", str(path)]) == 0
    return path


@pytest.mark.parametrize("dpi", [150, 300])
def test_every_card_of_the_catalog_is_read_back_once_and_nothing_else(every_deck, dpi):
    decoder = make_decoder()
    pages_of: defaultdict[str, set[int]] = defaultdict(set)
    reads: Counter[str] = Counter()
    for number, page in enumerate(rasterise(every_deck, dpi)):
        found = [read.text for read in decoder.decode(page)]
        if number % 2:  # a backs page
            assert found == [], f"page {number + 1} (backs) shows codes {found}"
        for text in found:
            pages_of[text].add(number)
            reads[text] += 1
    expected = {card.payload for name in CATALOG.games for card in CATALOG.game(name).cards()}
    assert set(reads) == expected  # nothing missing, nothing foreign
    codes = {text: shape_of(CATALOG.from_payload(text)).symmetry for text in reads}
    assert all(count == codes[text] for text, count in reads.items()), [t for t, c in reads.items() if c != codes[t]]
    assert all(len(pages) == 1 for pages in pages_of.values())
    for text in reads:  # every read goes through the catalog's strict parser
        assert CATALOG.from_payload(text).payload == text


@pytest.mark.parametrize("dpi", [150, 300])
def test_pyzbar_reads_every_card_cut_from_the_sheet(tmp_path, dpi):
    """ZBar, the customer's decoder, misses codes on a busy full page; on one card at a time
    (as the station decodes straightened crops) it must read every card of a copy."""
    path = tmp_path / "a.pdf"
    assert main(["cards", "print", "math-wars", "--copies", "A", "--paper", "letter", "--no-backs", "--out", str(path)]) == 0
    layout = sheet_layout(parse_paper("letter"))
    px = dpi / 25.4
    width, height = layout.slot
    decoder = PyzbarDecoder()
    reads: Counter[str] = Counter()
    for page in rasterise(path, dpi):
        for index in range(layout.per_page):
            x, y = layout.slot_corner(index)
            top = layout.paper.height - y - height
            crop = page.crop((round(x * px), round(top * px), round((x + width) * px), round((top + height) * px)))
            reads.update(read.text for read in decoder.decode(crop))
    expected = {card.payload for card in CATALOG.game("math-wars").cards(["A"])}
    assert set(reads) == expected
    assert set(reads.values()) == {2}
