"""The catalogs' check (scripts/catalogs.py, run by CI through this test): every shipped catalog
has every message of the code, none untranslated, none fuzzy, the same placeholders; and GNU
msgfmt agrees."""

from __future__ import annotations

import importlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from station.i18n import catalogs
from station.i18n.catalogs import Domain

ROOT = Path(__file__).resolve().parent.parent
CODE = '''from station.i18n import Words

WORDS = Words(__package__)
_ = WORDS.gettext
HELLO = _("Your turn")
SCORE = _("{name} scores {points}.", name="Ana", points=3)
'''


def test_every_shipped_catalog_is_complete():
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "catalogs.py"), "check"], capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stderr
    assert "every catalog complete: es" in result.stdout


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="GNU gettext's msgfmt is not installed (apt install gettext)")
def test_msgfmt_finds_nothing_untranslated_nor_fuzzy_in_any_shipped_catalog():
    catalogs_found = [domain.po(language) for domain in catalogs.domains() for language in catalogs.shipped_languages()
                      if domain.po(language).is_file()]
    assert len(catalogs_found) >= 6  # the station's and every game's
    for po in catalogs_found:
        result = subprocess.run(["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)], capture_output=True,
                                text=True, check=False)
        assert result.returncode == 0, result.stderr
        assert "translated message" in result.stderr and "untranslated" not in result.stderr \
            and "fuzzy" not in result.stderr, (po, result.stderr)


@pytest.fixture
def domain(tmp_path, monkeypatch) -> Domain:
    package = tmp_path / "wordsgame"
    package.mkdir()
    (package / "__init__.py").write_text(CODE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    monkeypatch.delitem(sys.modules, "wordsgame", raising=False)  # this test's own package, not another's
    return Domain("wordsgame", "wordsgame", (("**/*.py", catalogs.PYTHON),))


def _translate(po: Path, words: dict[str, str]) -> None:
    with po.open("rb") as stream:
        catalog = read_po(stream, locale="es")
    for message in catalog:
        if message.id in words:
            message.string = words[message.id]
    with po.open("wb") as out:
        write_po(out, catalog)


def test_the_check_names_each_message_missing_untranslated_fuzzy_or_with_other_placeholders(domain, monkeypatch):
    monkeypatch.setattr(catalogs, "domains", lambda: [domain])
    assert catalogs.check(["es"]) == [f"{domain.po('es')}: missing (2 messages): run scripts/catalogs.py update"]
    po = catalogs.update(domain, "es")
    assert po == domain.po("es")
    problems = catalogs.check(["es"])
    assert len(problems) == 2 and all(": untranslated: " in p for p in problems)

    _translate(po, {"Your turn": "Tu turno", "{name} scores {points}.": "{nombre} suma {points}."})
    assert catalogs.check(["es"]) == [f"{po}: placeholders differ from the English (name, points): "
                                      "'{name} scores {points}.'"]
    _translate(po, {"{name} scores {points}.": "{name} suma {points}."})
    assert catalogs.check(["es"]) == []

    # the code changes: a sentence reworded comes back fuzzy for review, a new one untranslated, a gone one leaves
    source = Path(importlib.import_module("wordsgame").__file__)
    source.write_text(CODE.replace('"Your turn"', '"Your turn now"') + '\nBYE = _("Well played!")\n', encoding="utf-8")
    catalogs.update(domain, "es")
    problems = catalogs.check(["es"])
    assert f"{po}: fuzzy (review it, then remove the fuzzy mark): 'Your turn now'" in problems
    assert f"{po}: untranslated: 'Well played!'" in problems and len(problems) == 2


def test_compile_writes_a_mo_with_every_translated_message(domain):
    catalogs.update(domain, "es")
    _translate(domain.po("es"), {"Your turn": "Tu turno"})
    mo, translated, total = catalogs.compile_catalog(domain, "es")
    assert mo == domain.mo("es") and mo.is_file() and (translated, total) == (1, 2)
