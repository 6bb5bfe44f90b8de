"""The OLED in every language: the fonts have every glyph Spanish needs, accented capitals and
the opening ¿ ¡ are drawn whole, and ``screen_helpers.unreadable_in_every_language`` (for the
screen tests) fails a screen whose words are cut or have no glyph in one language only."""

from __future__ import annotations

import importlib
import sys

import pytest

from screen_helpers import unreadable, unreadable_in_every_language
from station import i18n
from station.i18n import Words
from station.ui import fonts
from station.ui.views import BannerView, MenuView, VerdictView

SPANISH_LETTERS = "áéíóúüñÁÉÍÓÚÜÑ¿¡«»"


@pytest.mark.parametrize("bold", [False, True])
def test_the_oled_fonts_have_every_glyph_spanish_needs(bold):
    assert fonts.missing(SPANISH_LETTERS, bold) == set()
    assert fonts.missing("→", bold) == {"→"}  # the check itself finds a glyph the font lacks


@pytest.mark.parametrize("view", [
    VerdictView("wrong", "¿Qué?", "¡Última carta! Él sí"),
    BannerView("ÚLTIMA RONDA", "¡ÉXITO!", ("Ícaro: 12", "Óscar: 9")),
    MenuView("¿Qué juego?", ("Árbol", "Ñu", "Ídolo"), 1, "SELECT: siguiente"),
], ids=["verdict", "banner", "menu"])
def test_accented_capitals_and_opening_marks_are_drawn_whole(view):
    assert unreadable(view) == []


@pytest.mark.parametrize("view", [
    VerdictView("wrong", "¿Ñandú?", "¡Última carta! Él gana"),
    BannerView("ÚLTIMA RONDA", "¡ÉXITO!", ("Ángel: 12 puntos", "Óscar: 9 puntos")),
    MenuView("¿Qué juego?", ("Álgebra", "Ñu", "Ídolo"), 1, "SELECT: siguiente"),
], ids=["verdict", "banner", "menu"])
def test_an_accented_capital_with_a_descender_on_its_line_is_drawn_whole(view):
    assert unreadable(view) == []


SPANISH = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Out of order"
msgstr "Fuera de orden"

msgid "Wrong box"
msgstr "La carta no va en esta casilla del tapete, muévela a la suya enseguida"

msgid "Next"
msgstr "Siguiente →"
'''


@pytest.fixture
def screen_words(tmp_path, monkeypatch) -> Words:
    """A game-like package whose Spanish catalog has one line too long for a screen and one glyph
    the font lacks, as a careless translation might."""
    package = tmp_path / "screengame"
    (package / "locale" / "es" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "es" / "LC_MESSAGES" / "screengame.po").write_text(SPANISH, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    monkeypatch.delitem(sys.modules, "screengame", raising=False)
    i18n._catalog.cache_clear()
    yield Words("screengame")
    i18n._catalog.cache_clear()


def test_a_screen_that_reads_whole_in_every_language_passes(screen_words):
    assert unreadable_in_every_language(lambda: VerdictView("wrong", screen_words.gettext("Out of order"), "3/4 > 0,5")) == {}


def test_a_line_cut_or_a_missing_glyph_in_spanish_only_is_found(screen_words):
    def banner() -> BannerView:
        return BannerView("Math Rush", screen_words.gettext("Wrong box"), hint=screen_words.gettext("Next"))

    found = unreadable_in_every_language(banner)
    assert list(found) == ["es"]  # English reads whole
    assert any(problem.startswith("cut: 'La carta no va") for problem in found["es"])
    assert "no glyph: '→'" in found["es"]
