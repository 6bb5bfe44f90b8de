"""A Babel extraction method for the words kept as data in TOML: a game's rules card
(``station/games/<game>/<game>.rules.toml``).

Babel calls it by name (``station.i18n.extract:extract_toml``, see ``station.i18n.catalogs``): every
text value in the file is a message, each with a comment naming its key for the translator,
except under tables that hold no words (``[picture]``: card codes and zone names the station
reads). The file is read with the same TOML parser the station reads it with.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

NOT_WORDS = frozenset({"picture"})  # tables of codes and names the station reads, never translated


def extract_toml(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
                 options: Mapping[str, Any]) -> Iterator[tuple[int, None, str, list[str]]]:
    """Babel's extraction interface: ``(line, function, message, comments)`` for every text value."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for key, value in _texts(tomllib.loads(text), ()):
        yield _line_of(value, lines), None, value, [f"{'.'.join(key)}"]


def _texts(value: Any, key: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], str]]:
    if isinstance(value, str):
        if value.strip():
            yield key, value
    elif isinstance(value, dict):
        for name, inner in value.items():
            if not (not key and name in NOT_WORDS):
                yield from _texts(inner, (*key, name))
    elif isinstance(value, list):
        for number, inner in enumerate(value, 1):
            yield from _texts(inner, (*key[:-1], f"{key[-1]} {number}") if key else (str(number),))


def _line_of(value: str, lines: list[str]) -> int:
    """The line the text starts on (its first words as written in the file), else 1."""
    start = value[:40]
    return next((number for number, line in enumerate(lines, 1) if start in line), 1)
