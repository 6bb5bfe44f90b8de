"""The language a person's terminal asks for, by the gettext conventions: the first of
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (Python's ``gettext.find``
reads them in that order), ``LANGUAGE`` may list several (``es:en``), and a locale name's
territory and encoding are the terminal's business (``es_MX.UTF-8`` asks for ``es``). Babel
parses each name (``babel.core.parse_locale``); the first language the station ships is chosen,
else English (``C`` and ``POSIX`` are English).

The command line speaks it until a station config says otherwise (docs/languages.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping

from babel.core import parse_locale

from station.i18n import SOURCE_LANGUAGE, languages

VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
ENGLISH_LOCALES = frozenset({"C", "POSIX"})


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The shipped language the environment names first; English when it names none of them."""
    shipped = languages()
    for wanted in _asked(os.environ if environ is None else environ):
        if wanted in shipped:
            return wanted
    return SOURCE_LANGUAGE


def _asked(environ: Mapping[str, str]) -> Iterator[str]:
    """The languages the first variable set names, in its order (``es_MX.UTF-8`` -> ``es``)."""
    value = next((environ[name] for name in VARIABLES if environ.get(name)), "")
    for name in value.split(":"):
        name = name.split(".")[0].split("@")[0].strip()
        if name in ENGLISH_LOCALES:
            yield SOURCE_LANGUAGE
            continue
        try:
            yield parse_locale(name.replace("-", "_"))[0].lower()
        except ValueError:  # not a locale name: the next one, else English
            continue
