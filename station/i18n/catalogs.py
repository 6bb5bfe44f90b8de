"""The catalogs' upkeep with Babel's own API: extract every domain's messages from the code
(``.pot``), bring each language's ``.po`` up to date, compile ``.mo``, and check that a shipped
catalog is complete. ``scripts/catalogs.py`` is its command line; docs/languages.md the workflow.

The domains are found, not listed: ``station`` (the package's Python, except the games' folders,
and the teacher's page templates) and one per game folder under ``station/games/`` (its Python
and its ``*.rules.toml``), so a new game's words are extracted with no edit here.
"""

from __future__ import annotations

import string
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from station.i18n import LOCALE_FOLDER, SOURCE_LANGUAGE, STATION_DOMAIN, STATION_PACKAGE, package_folder

GAMES_FOLDER = "games"
#: the functions whose first text argument(s) are messages (station.i18n's names)
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "lazy_gettext": None}
COMMENT_TAGS = ("Translators:",)
PYTHON = "python"
TEMPLATES = "jinja2.ext:babel_extract"     # Jinja2's own extractor for the page's templates
TOML = "station.i18n.extract:extract_toml"  # the rules cards' words
WIDTH = 100


@dataclass(frozen=True)
class Domain:
    """One catalog domain: its name, the package whose folder holds its ``locale/``, and which of
    that folder's files hold its messages (a glob and a Babel extraction method each)."""

    name: str
    package: str
    sources: tuple[tuple[str, str], ...]
    skip: tuple[str, ...] = ()  # subfolders whose files are another domain's

    @property
    def folder(self) -> Path:
        return package_folder(self.package)

    @property
    def locale(self) -> Path:
        return self.folder / LOCALE_FOLDER

    @property
    def pot(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, language: str) -> Path:
        return self.locale / language / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, language: str) -> Path:
        return self.po(language).with_suffix(".mo")

    def files(self) -> Iterator[tuple[Path, str]]:
        for pattern, method in self.sources:
            for path in sorted(self.folder.glob(pattern)):
                inside = path.relative_to(self.folder).parts
                if "__pycache__" not in inside and not any(inside[:len(s.split("/"))] == tuple(s.split("/"))
                                                           for s in self.skip):
                    yield path, method


def domains() -> list[Domain]:
    """The station's domain and one per game folder, in that order."""
    station = Domain(STATION_DOMAIN, STATION_PACKAGE,
                     (("**/*.py", PYTHON), ("web/templates/*.html", TEMPLATES),
                      ("classroom/dashboard/templates/*.html", TEMPLATES)), skip=(GAMES_FOLDER,))
    games = package_folder(STATION_PACKAGE) / GAMES_FOLDER
    return [station, *(Domain(folder.name, f"{STATION_PACKAGE}.{GAMES_FOLDER}.{folder.name}",
                              (("**/*.py", PYTHON), ("*.rules.toml", TOML)))
                       for folder in sorted(games.iterdir()) if (folder / "__init__.py").is_file())]


def shipped_languages() -> list[str]:
    """The languages with a ``station`` catalog, English (the code's own words) left out."""
    from station.i18n import languages

    return [name for name in languages() if name != SOURCE_LANGUAGE]


def extract(domain: Domain) -> Catalog:
    """Every message of the domain, with where it is and its comments for the translator."""
    catalog = Catalog(project="Math Card Station", domain=domain.name, charset="utf-8", fuzzy=False)
    for path, method in domain.files():
        where = _shown(path)
        for line, message, comments, context in extract_from_file(method, str(path), keywords=KEYWORDS,
                                                                   comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
    return catalog


def write_template(domain: Domain) -> Path:
    """The domain's ``.pot`` (for a translator's tool); not kept in git."""
    domain.pot.parent.mkdir(parents=True, exist_ok=True)
    with domain.pot.open("wb") as out:
        write_po(out, extract(domain), width=WIDTH, include_lineno=False)
    return domain.pot


def update(domain: Domain, language: str, template: Catalog | None = None) -> Path | None:
    """Bring ``language``'s catalog of the domain up to date with the code (made if missing): new
    messages come in untranslated, changed ones marked fuzzy for review, gone ones dropped. A
    domain with no messages gets no catalog (None)."""
    template = template or extract(domain)
    po = domain.po(language)
    if not len(template) and not po.exists():
        return None
    if po.exists():
        with po.open("rb") as stream:
            catalog = read_po(stream, locale=language, domain=domain.name)
    else:
        catalog = Catalog(locale=language, domain=domain.name, project="Math Card Station", charset="utf-8", fuzzy=False)
    created = catalog.creation_date
    catalog.update(template)
    catalog.creation_date = created  # the header changes only when the words do
    po.parent.mkdir(parents=True, exist_ok=True)
    with po.open("wb") as out:
        write_po(out, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True)
    return po


def compile_catalog(domain: Domain, language: str) -> tuple[Path, int, int] | None:
    """``.po`` -> ``.mo`` (fuzzy and untranslated messages left out); the file, messages translated, messages."""
    po = domain.po(language)
    if not po.is_file():
        return None
    with po.open("rb") as stream:
        catalog = read_po(stream, locale=language, domain=domain.name)
    with domain.mo(language).open("wb") as out:
        write_mo(out, catalog, use_fuzzy=False)
    messages = [m for m in catalog if m.id]
    return domain.mo(language), sum(1 for m in messages if _translated(m) and not m.fuzzy), len(messages)


def check(languages: list[str] | None = None) -> list[str]:
    """What keeps a shipped catalog from being complete, one line each ([] when every one is):
    a message of the code missing from it or no longer in the code, untranslated, fuzzy, or whose
    ``{placeholders}`` differ from the English."""
    problems: list[str] = []
    for domain in domains():
        wanted = {m.id for m in extract(domain) if m.id}
        for language in languages if languages is not None else shipped_languages():
            po = domain.po(language)
            if not po.is_file():
                if wanted:
                    problems.append(f"{_shown(po)}: missing ({len(wanted)} messages): run scripts/catalogs.py update")
                continue
            with po.open("rb") as stream:
                catalog = read_po(stream, locale=language, domain=domain.name)
            have = {m.id: m for m in catalog if m.id}
            for missing in sorted(set(wanted) - set(have), key=str):
                problems.append(f"{_shown(po)}: not in the catalog (run scripts/catalogs.py update): {_first(missing)!r}")
            for gone in sorted(set(have) - set(wanted), key=str):
                problems.append(f"{_shown(po)}: no longer in the code (run scripts/catalogs.py update): {_first(gone)!r}")
            for message in have.values():
                if message.id not in wanted:
                    continue
                if not _translated(message):
                    problems.append(f"{_shown(po)}: untranslated: {_first(message.id)!r}")
                elif message.fuzzy:
                    problems.append(f"{_shown(po)}: fuzzy (review it, then remove the fuzzy mark): {_first(message.id)!r}")
                elif _fields(message.id) != _fields(message.string):
                    problems.append(f"{_shown(po)}: placeholders differ from the English "
                                    f"({', '.join(sorted(_fields(message.id))) or 'none'}): {_first(message.id)!r}")
    return problems


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
    return all(strings)


def _fields(text: str | tuple[str, ...] | list[str]) -> set[str]:
    """The ``{name}`` placeholders of a message (every plural form's)."""
    forms = text if isinstance(text, (list, tuple)) else (text,)
    found = set()
    for form in forms:
        try:
            found |= {name for _, name, _, _ in string.Formatter().parse(form) if name}
        except ValueError:
            found.add("(a lone brace)")
    return found


def _first(message_id: str | tuple[str, ...]) -> str:
    return message_id[0] if isinstance(message_id, tuple) else message_id


def _shown(path: Path) -> str:
    top = package_folder(STATION_PACKAGE).parent
    try:
        return path.relative_to(top).as_posix()
    except ValueError:
        return str(path)
