"""Number words, one module per language: ``en.py``, ``es.py``; ``for_language("es")`` finds one.

``station.speech.numbers`` reads a number's *form* (fraction, mixed, decimal, percent ...) once
for every language and asks the language's ``NumberWords`` for its words. A language is a
module here whose ``WORDS`` fills the table below: the words of the signs and joins are data,
and only what truly differs in grammar is code (how a whole number is built, what a
denominator is called). A language with no module here is read in English, never in silence.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass

FALLBACK = "en"


@dataclass(frozen=True)
class NumberWords:
    """How one language says numbers. ``integer(n, gender)`` says a whole number n >= 0
    (``gender``: "" when said alone, "m"/"f" before a noun of that gender, where the language
    cares: "un tercio", "una carta"); ``fraction(top, bottom, after_whole)`` says top/bottom
    as a fraction is read ("three quarters"; after a whole part, "a half")."""

    integer: Callable[[int, str], str]
    fraction: Callable[[int, int, bool], str]
    negative: str          # a number below zero: "negative five", "menos cinco"
    mixed: str             # "{whole} and {part}"
    point: str             # the decimal mark said: "point", "coma"
    repeating: str         # "{digits} repeating": the digits that repeat
    percent: str           # "{number} percent"
    ops: Mapping[str, str]        # a sign between numbers: "×" times
    relations: Mapping[str, str]  # a sign between a sentence's numbers: "<" is less than
    brackets: Mapping[str, str]   # "(" open bracket
    decimal_mark: str = "."       # how the station writes a decimal in this language (Babel's): "0,25"
    gender_of: Callable[[str], str] = lambda noun: ""  # a noun's gender, where numbers agree with it

    def digits(self, text: str) -> str:
        """Digits one by one: "2 5" -> "two five"."""
        return " ".join(self.integer(int(d), "") for d in text)


@functools.cache
def for_language(name: str) -> NumberWords:
    """The number words of language ``name`` ("es", or "es-MX" read as "es"); English where none."""
    base = name.replace("_", "-").split("-")[0].lower()
    try:
        module = importlib.import_module(f"{__name__}.{base}")
    except ModuleNotFoundError:
        module = importlib.import_module(f"{__name__}.{FALLBACK}")
    words: NumberWords = module.WORDS
    return words
