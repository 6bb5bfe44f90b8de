"""The translation layer (station.i18n): words in the language chosen, from each domain's own
catalog, English where a catalog has no translation, and never a stale compiled catalog."""

from __future__ import annotations

import importlib
import os
import sys
import threading
from pathlib import Path

import pytest

from station import i18n
from station.config import ConfigFileError, load_config
from station.games import plugins
from station.i18n import LanguageError, Words, language, languages, set_language, use_language

SPANISH = r'''
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

msgid "Your turn"
msgstr "Tu turno"

msgid "{name} scores {points}."
msgstr "{name} suma {points}."

msgid "{n} card left"
msgid_plural "{n} cards left"
msgstr[0] "Queda {n} carta"
msgstr[1] "Quedan {n} cartas"
'''


@pytest.fixture
def game_words(tmp_path, monkeypatch) -> Words:
    """A game-like package of its own, with a Spanish catalog in its folder, as a game's is."""
    package = tmp_path / "wordsgame"
    (package / "locale" / "es" / "LC_MESSAGES").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "locale" / "es" / "LC_MESSAGES" / "wordsgame.po").write_text(SPANISH, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    monkeypatch.delitem(sys.modules, "wordsgame", raising=False)  # this test's own package, not another's
    i18n._catalog.cache_clear()
    yield Words("wordsgame")
    i18n._catalog.cache_clear()


def test_a_game_s_words_come_from_its_own_folder_with_placeholders_and_plurals(game_words):
    assert game_words.domain == "wordsgame"
    with use_language("es"):
        assert game_words.gettext("Your turn") == "Tu turno"
        assert game_words.gettext("{name} scores {points}.", name="Ana", points=12) == "Ana suma 12."
        assert game_words.ngettext("{n} card left", "{n} cards left", 1) == "Queda 1 carta"
        assert game_words.ngettext("{n} card left", "{n} cards left", 3) == "Quedan 3 cartas"
        assert game_words.gettext("Not translated yet") == "Not translated yet"  # English, never a blank
    assert game_words.gettext("Your turn") == "Your turn"
    assert game_words.ngettext("{n} card left", "{n} cards left", 0) == "0 cards left"


def test_a_lazy_constant_is_translated_when_shown_in_that_moment_s_language(game_words):
    heading = game_words.lazy_gettext("Your turn")
    assert str(heading) == "Your turn"
    with use_language("es"):
        assert str(heading) == "Tu turno" and f"{heading}!" == "Tu turno!"
    assert str(heading) == "Your turn"


def test_one_thread_s_language_is_its_own(game_words):
    seen: list[str] = []
    with use_language("es"):
        thread = threading.Thread(target=lambda: seen.append(game_words.gettext("Your turn")))
        thread.start()
        thread.join()
        assert game_words.gettext("Your turn") == "Tu turno"
    assert seen == ["Your turn"] and language() == "en"


def test_a_compiled_catalog_older_than_its_po_is_not_used(game_words):
    folder = Path(importlib.import_module("wordsgame").__file__).parent / "locale" / "es" / "LC_MESSAGES"
    po, mo = folder / "wordsgame.po", folder / "wordsgame.mo"
    mo.write_bytes(i18n.compiled(po, "es", "wordsgame"))
    po.write_text(SPANISH.replace("Tu turno", "Te toca"), encoding="utf-8")
    os.utime(mo, (1_000_000, 1_000_000))  # compiled before the edit
    with use_language("es"):
        assert game_words.gettext("Your turn") == "Te toca"
    i18n._catalog.cache_clear()
    other = po.with_name("other.po")
    other.write_text(SPANISH.replace("Tu turno", "Te tocó"), encoding="utf-8")
    mo.write_bytes(i18n.compiled(other, "es", "wordsgame"))
    with use_language("es"):  # a .mo compiled after the .po is what is read
        assert game_words.gettext("Your turn") == "Te tocó"


def test_a_language_without_catalogs_is_refused_naming_those_there_are():
    assert languages()[0] == "en"
    with pytest.raises(LanguageError) as caught:
        set_language("fr")
    assert "'en'" in str(caught.value) and "not 'fr'" in str(caught.value) and "docs/languages.md" in str(caught.value)
    assert language() == "en"
    with pytest.raises(LanguageError):
        with use_language("klingon"):
            pass


def test_the_config_s_language_is_checked_against_the_catalogs_shipped(tmp_path):
    path = tmp_path / "station.toml"
    assert load_config(None, plugins())["station"]["language"] == "en"
    path.write_text('[station]\nlanguage = "fr"\n', encoding="utf-8")
    with pytest.raises(ConfigFileError) as caught:
        load_config(path, plugins())
    message = str(caught.value)
    assert message.startswith("station.toml: [station] language: the station speaks 'en'") and "not 'fr'" in message
    for name in languages():
        path.write_text(f'[station]\nlanguage = "{name}"\n', encoding="utf-8")
        assert load_config(path, plugins())["station"]["language"] == name
