"""Self-check letters: a letter per card value, printed on the backs so players can check a set by
hand (Math Rush's sheet: ascending values in alphabetical order, equal values the same letter).

The letters are computed from the deck, never written by hand: the distinct exact values of every
card that shares the card's back, sorted, get A, B, C … So a school that changes its deck and
reprints gets letters that are right for its deck. Up to 26 values take one letter each; more take
codes of two letters (AA, AB … AZ, BA …), all of one length, so that alphabetical order stays
ascending order (a mixed A … Z, AA would sort AA before B).

>>> from fractions import Fraction as F
>>> letters = self_check_letters([F(1, 2), F(1, 10), F(2, 4), F(1)])
>>> [letters[v] for v in (F(1, 10), F(1, 2), F(1))]
['A', 'B', 'C']
>>> codes = self_check_letters(F(n) for n in range(30))
>>> codes[F(0)], codes[F(25)], codes[F(26)], codes[F(29)]
('AA', 'AZ', 'BA', 'BD')
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from fractions import Fraction

from engine.catalog import Card, load_catalog
from engine.errors import CatalogError

ALPHABET = string.ascii_uppercase


def self_check_letters(values: Iterable[Fraction]) -> dict[Fraction, str]:
    """Each distinct value's letter code: ascending values in alphabetical order, of one length."""
    distinct = sorted(set(values))
    width = 1
    while len(ALPHABET) ** width < len(distinct):
        width += 1
    return {value: _code(index, width) for index, value in enumerate(distinct)}


def _code(index: int, width: int) -> str:
    letters = []
    for _ in range(width):
        index, digit = divmod(index, len(ALPHABET))
        letters.append(ALPHABET[digit])
    return "".join(reversed(letters))


def value_letter(card: Card) -> str:
    """The self-check letter of ``card``: its value ranked among the values of every card of its
    game that shares its back (Math Rush: the number and Advanced cards, one ``numbers`` back)."""
    if card.face.number is None:
        raise CatalogError(f"{card.id} has no value, so no self-check letter")
    deck = load_catalog().game(card.game)
    values = [face.number.value for face in deck.faces.values()
              if face.back == card.face.back and face.number is not None]
    letters = self_check_letters(values)
    if card.face.number.value not in letters:
        raise CatalogError(f"{card.id} is not in the {deck.title} deck, so it has no self-check letter")
    return letters[card.face.number.value]
