"""Every word a person reads, in the language chosen: one layer over gettext catalogs (Babel).

English is the source language: the messages in the code are the English words, so English needs
no catalog, and a message a catalog lacks shows in English. Each other language is a set of
gettext catalogs, one per domain:

- ``station``: the words of the shared rooms (``station/locale/<lang>/LC_MESSAGES/station.po``);
- one per game, in the game's own folder (``station/games/<game>/locale/<lang>/LC_MESSAGES/<game>.po``),
  found from the package name the caller hands in (``Words(__package__)``), so this layer never
  names a game and a new game needs no edit here.

A language is "shipped" when its ``station`` catalog is (``languages()``). ``scripts/catalogs.py``
extracts, updates, compiles and checks them (docs/languages.md). A compiled ``.mo`` missing or
older than its ``.po`` is compiled in memory from the ``.po``: a catalog edit is never hidden by
stale words.

Placeholders are by name, in braces: ``_("{name} added.", name=name)``; plurals with
``ngettext("{n} minute", "{n} minutes", n)`` (``{n}`` is the count). Module-level constants use
``lazy_gettext``: translated when shown, in the language of that moment.

The language: ``set_language`` for the station (its ``[station] language``), ``use_language``
for one stretch of work in another (a teacher's browser, ``rules print --language es``). The
engine never sees any of this: it returns events; their words are chosen here.
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from importlib import resources
from pathlib import Path
from typing import Any

from babel.support import LazyProxy, Translations

SOURCE_LANGUAGE = "en"    # the words in the code
STATION_PACKAGE = "station"
STATION_DOMAIN = "station"
LOCALE_FOLDER = "locale"  # beside a domain's package: locale/<lang>/LC_MESSAGES/<domain>.po


class LanguageError(ValueError):
    """A language with no catalog shipped; the message names the languages there are."""


def languages() -> tuple[str, ...]:
    """The languages the station speaks: English first, then each with a ``station`` catalog shipped."""
    root = package_folder(STATION_PACKAGE) / LOCALE_FOLDER
    shipped = sorted(entry.name for entry in root.iterdir()
                     if (entry / "LC_MESSAGES" / f"{STATION_DOMAIN}.po").is_file()) if root.is_dir() else []
    return (SOURCE_LANGUAGE, *(name for name in shipped if name != SOURCE_LANGUAGE))


def language_problem(value: Any) -> str | None:
    """Why ``value`` is no language the station speaks (None when it is one): for the config's check."""
    if isinstance(value, str) and value in languages():
        return None
    there = ", ".join(repr(name) for name in languages())
    return f"the station speaks {there}, not {value!r} (docs/languages.md says how to add a language)"


_station_language = SOURCE_LANGUAGE
_current: ContextVar[str | None] = ContextVar("language", default=None)


def language() -> str:
    """The language words are given in now: the one in use here, else the station's."""
    return _current.get() or _station_language


def station_language() -> str:
    """The station's language, whatever is in use for the moment (``use_language``)."""
    return _station_language


def set_language(name: str) -> None:
    """The station's language, for everything not told otherwise; a ``LanguageError`` if none is shipped."""
    global _station_language
    _station_language = _checked(name)


@contextmanager
def use_language(name: str) -> Iterator[str]:
    """Words in ``name`` inside the ``with`` (this thread or task only), the station's after."""
    token = _current.set(_checked(name))
    try:
        yield name
    finally:
        _current.reset(token)


def _checked(name: str) -> str:
    problem = language_problem(name)
    if problem:
        raise LanguageError(problem)
    return name


def package_folder(package: str) -> Path:
    """The folder of an imported package on disk, where its catalogs lie."""
    return Path(str(resources.files(package)))


class Words:
    """The words of one catalog domain, in the language of the moment.

    A game's folder says ``WORDS = Words(__package__)`` (its domain is the package's last name:
    ``station.games.sum`` -> ``sum``); the station's shared words are ``STATION``."""

    def __init__(self, package: str, domain: str | None = None) -> None:
        self.package = package
        self.domain = domain or package.rpartition(".")[2]

    def catalog(self, name: str | None = None) -> _gettext.NullTranslations:
        return _catalog(self.package, self.domain, name or language())

    def gettext(self, message: str, /, **values: Any) -> str:
        """``message`` in the language of the moment, its ``{placeholders}`` filled from ``values``."""
        text = self.catalog().gettext(message)
        return text.format(**values) if values else text

    def ngettext(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The form of ``singular``/``plural`` the language uses for ``n``; ``{n}`` is the count."""
        return self.catalog().ngettext(singular, plural, n).format(n=n, **values)

    def lazy_gettext(self, message: str, /, **values: Any) -> LazyProxy:
        """For a module-level constant: translated each time it is shown, in that moment's language."""
        return LazyProxy(self.gettext, message, enable_cache=False, **values)


@functools.cache
def _catalog(package: str, domain: str, name: str) -> _gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``name``; English (no translation) where none is shipped."""
    folder = package_folder(package) / LOCALE_FOLDER / name / "LC_MESSAGES"
    po, mo = folder / f"{domain}.po", folder / f"{domain}.mo"
    if name == SOURCE_LANGUAGE or not po.is_file():
        return _gettext.NullTranslations()
    if mo.is_file() and mo.stat().st_mtime >= po.stat().st_mtime:
        with mo.open("rb") as stream:
            return Translations(stream, domain)
    return Translations(io.BytesIO(compiled(po, name, domain)), domain)


def compiled(po: Path, name: str, domain: str) -> bytes:
    """A ``.po`` file compiled to ``.mo`` bytes by Babel (fuzzy messages left out, as msgfmt does)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as stream:
        catalog = read_po(stream, locale=name, domain=domain)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


STATION = Words(STATION_PACKAGE, STATION_DOMAIN)
_ = gettext = STATION.gettext
ngettext = STATION.ngettext
lazy_gettext = STATION.lazy_gettext

__all__ = ["STATION", "LanguageError", "Words", "_", "gettext", "language", "language_problem", "languages",
           "lazy_gettext", "ngettext", "set_language", "station_language", "use_language"]
