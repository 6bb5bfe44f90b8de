"""The rules cards as a family reads them: one page (two at most) per game, with how to win and
what every button does, printed with the deck unless left out, and nothing on them the camera
could take for a card or a mat."""

from __future__ import annotations

import re
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from engine.catalog import load_catalog
from engine.errors import CatalogError
from station.cli import main
from station.i18n import use_language
from station.printables.raster import rasterise
from station.printables.rules_card import BUTTONS, MAX_PAGES, rules_card
from station.vision.decode import make_decoder
from station.vision.markers import detect_markers

GAMES = list(load_catalog().games)


def page_texts(pdf: Path) -> list[str]:
    document = pdfium.PdfDocument(str(pdf))
    try:
        return [document[i].get_textpage().get_text_range() for i in range(len(document))]
    finally:
        document.close()


def squeezed(text: str) -> str:
    """Text without its line breaks and spaces: a sentence wrapped over lines still matches."""
    return re.sub(r"\s+", "", text)


def pages_of(texts: list[str], title: str, heading: str = "How to play") -> list[str]:
    """The pages of one game's card: from its 'How to play' page up to the next game's."""
    starts = [i for i, text in enumerate(texts) if squeezed(text).startswith(squeezed(f"{heading} {title}"))]
    assert len(starts) == 1, f"{title}: {len(starts)} first pages"
    end = next((i for i in range(starts[0] + 1, len(texts)) if squeezed(texts[i]).startswith(squeezed(heading))),
               len(texts))
    return texts[starts[0]:end]


@pytest.fixture(scope="module")
def every_card(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rules") / "rules.pdf"
    assert main(["rules", "print", "all", "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_a_card_of_at_most_two_pages_with_how_to_win_and_every_button(every_card, game):
    card = rules_card(game)
    pages = pages_of(page_texts(every_card), card.title)
    assert 1 <= len(pages) <= MAX_PAGES
    text = squeezed(" ".join(pages))
    assert squeezed(card.win) in text
    for button in BUTTONS:
        assert squeezed(f"{button.upper()}: {card.buttons[button]}") in text, button
    assert squeezed(f"docs/rules/") in text and "mathstationmatprint" in text


def test_every_card_fits_one_a4_page_and_two_on_smaller_paper(tmp_path, capsys):
    assert main(["rules", "print", "all", "--out", str(tmp_path / "a4.pdf")]) == 0
    assert f"on {len(GAMES)} a4 pages" in capsys.readouterr().out
    for paper in ("letter", "a5"):
        assert main(["rules", "print", "all", "--paper", paper, "--out", str(tmp_path / f"{paper}.pdf")]) == 0
        texts = page_texts(tmp_path / f"{paper}.pdf")
        assert all(len(pages_of(texts, rules_card(game).title)) <= MAX_PAGES for game in GAMES)


def test_a_card_shows_nothing_the_camera_would_read(every_card):
    decoder = make_decoder()
    for page in rasterise(every_card, 150):
        assert decoder.decode(page) == [] and detect_markers(page) == []


def test_cards_print_adds_the_rules_card_after_the_cards_unless_told_not_to(tmp_path, capsys):
    with_rules, without = tmp_path / "with.pdf", tmp_path / "without.pdf"
    assert main(["cards", "print", "sum", "--players", "3", "--out", str(with_rules)]) == 0
    said = capsys.readouterr().out
    assert "88 cards on 20 a4 pages" in said and "then the rules card on the last page (--no-rules leaves it out)" in said
    assert main(["cards", "print", "sum", "--players", "3", "--no-rules", "--out", str(without)]) == 0
    assert "rules" not in capsys.readouterr().out
    texts, plain = page_texts(with_rules), page_texts(without)
    assert len(texts) == len(plain) + 1 and squeezed(texts[-1]).startswith("HowtoplaySUM")
    assert not any("How to play" in text for text in plain)


def test_rules_print_refuses_an_unknown_game_in_one_line_and_writes_nothing(tmp_path, capsys):
    assert main(["rules", "print", "chess", "--out", str(tmp_path / "r.pdf")]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'chess'" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_mistake_in_a_card_s_file_names_the_file(monkeypatch):
    from station.printables import rules_card as module

    real = module._card

    def broken(game, data):
        data = dict(data, picture={"seats": 2, "cards": [{"card": "N99", "zone": "target"}]})
        return real(game, data)

    monkeypatch.setattr(module, "_card", broken)
    with pytest.raises(CatalogError) as caught:
        rules_card("sum")
    assert "games/sum/sum.rules.toml" in str(caught.value) and "'N99' is not in the SUM deck" in str(caught.value)


# --- in Spanish ----------------------------------------------------------------------------------

SPANISH_HEADING = "Cómo se juega a"


@pytest.fixture(scope="module")
def every_card_in_spanish(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("rules-es") / "reglas.pdf"
    assert main(["rules", "print", "all", "--language", "es", "--out", str(out)]) == 0
    return out


@pytest.mark.parametrize("game", GAMES)
def test_each_game_s_card_reads_in_spanish_with_how_to_win_and_every_button(every_card_in_spanish, game):
    english = rules_card(game)
    with use_language("es"):
        card = rules_card(game)
    assert card.win != english.win and card.about != english.about
    pages = pages_of(page_texts(every_card_in_spanish), card.title, SPANISH_HEADING)
    assert 1 <= len(pages) <= MAX_PAGES
    text = squeezed(" ".join(pages))
    for words in (card.about, card.win, *card.setup, *card.turn, *card.station):
        assert squeezed(words) in text
    for button in BUTTONS:
        assert squeezed(f"{button.upper()}: {card.buttons[button]}") in text, button
    for english_words in ("Setup", "Howtowin", "Thebuttons", "Whatthestationdoes", "players"):
        assert english_words not in text
    assert "Preparación" in text and "Cómosegana" in text and "Losbotones" in text and "mathstationmatprint" in text


def test_the_spanish_cards_fit_one_a4_page_each_as_the_english_ones_do(tmp_path, capsys):
    assert main(["rules", "print", "all", "--language", "es", "--out", str(tmp_path / "a4.pdf")]) == 0
    assert f"en {len(GAMES)} páginas a4" in capsys.readouterr().out   # told in the language asked for
    assert main(["rules", "print", "all", "--language", "es", "--paper", "a5", "--out", str(tmp_path / "a5.pdf")]) == 0
    texts = page_texts(tmp_path / "a5.pdf")
    assert all(len(pages_of(texts, rules_card(game).title, SPANISH_HEADING)) <= MAX_PAGES for game in GAMES)


def test_the_spanish_card_writes_numbers_as_spanish_schools_do(every_card_in_spanish):
    text = " ".join(page_texts(every_card_in_spanish))
    assert "«0,25 < 1/3: fuera de orden»" in text and "0.25" not in text
    assert "¿Está bien?" in text and "¡piensa antes de jugar!" in text


def test_rules_print_refuses_a_language_without_catalogs_in_one_line_and_writes_nothing(tmp_path, capsys):
    assert main(["rules", "print", "sum", "--language", "fr", "--out", str(tmp_path / "r.pdf")]) == 2
    err = capsys.readouterr().err
    assert "--language: the station speaks 'en', 'es', not 'fr'" in err and err.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


def test_a_translation_too_long_for_two_pages_names_its_catalog_not_the_english_file(tmp_path, capsys):
    out = tmp_path / "r.pdf"
    assert main(["rules", "print", "sum", "--language", "es", "--paper", "90x110mm", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert "the SUM rules card does not fit 2 90x110mm pages: shorten its words " \
           "(station/games/sum/locale/es/LC_MESSAGES/sum.po)" in err
    assert not out.exists()
