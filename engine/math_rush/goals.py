"""A Math Rush goal and whether a number card may join its set.

A goal asks for ``count`` number cards in a direction — up (each larger than every card before
it), down (each smaller), or all equal — with an optional restriction on the cards: only
decimals, fractions or percents, only repeating-decimal values (a repeating value in fraction
form counts: 1/3 is 0.(3)), only unreduced fractions (4/8 is, 1/2 is not), or only values greater
(or less) than a value. A card laid on top of an already-played card of equal value is always in
order, even after later cards; stacks count toward the quantity. Values are exact.

Why a card breaks a set is data (``Why``: a code and the cards it compares), so the station can
word it in the players' language; ``why_not`` gives it in English, as the journal keeps it.

>>> goal = Goal.from_face(load_catalog().card("MR-A-G11").face)
>>> goal.why_not(parse_number("1/4"), [parse_number("0.2")], on=None)
'Decimals only'
>>> goal.why_not(parse_number("0.1"), [parse_number("0.2")], on=None)
'0.1 < 0.2: out of order'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.catalog import CardFace, load_catalog
from engine.numbers import ExactNumber, Form, parse_number

UP, DOWN, EQUAL = "up", "down", "equal"
#: Why codes: a restriction broken ("only", "above", "below"), a stack of unequal cards
#: ("stack"), a card out of order ("order"), a card unequal on a SAME goal ("not_equal").
ONLY, ABOVE, BELOW, STACK, ORDER, NOT_EQUAL = "only", "above", "below", "stack", "order", "not_equal"
_ONLY = {"decimals": "Decimals only", "fractions": "Fractions only", "percents": "Percents only",
         "repeating": "Repeating decimals only", "unreduced": "Unreduced fractions only"}


@dataclass(frozen=True)
class Why:
    """Why a card breaks a set, as data: ``code`` (above), ``card`` and ``other`` as printed
    (the card laid and the one it is compared with; for "above"/"below" ``other`` is the bound),
    ``sign`` the comparison that fails ("<", ">", "=", "≠") and ``only`` the restriction's kind
    ("decimals" …)."""

    code: str
    card: str = ""
    other: str = ""
    sign: str = ""
    only: str = ""

    def text(self) -> str:
        """The English words, as the engine's events and the journal give them."""
        if self.code == ONLY:
            return _ONLY[self.only]
        if self.code == ABOVE:
            return f"Greater than {self.other}"
        if self.code == BELOW:
            return f"Less than {self.other}"
        if self.code == STACK:
            return f"{self.card} ≠ {self.other}: a stack is equal cards"
        if self.code == ORDER:
            return f"{self.card} {self.sign} {self.other}: out of order"
        return f"{self.card} ≠ {self.other}: not equal"

    def as_json(self) -> dict[str, str]:
        """The fields an event carries (empty ones left out)."""
        return {k: v for k, v in (("code", self.code), ("card", self.card), ("other", self.other),
                                  ("sign", self.sign), ("only", self.only)) if v}


@dataclass(frozen=True)
class Goal:
    direction: str
    count: int
    stars: int
    only: str = ""
    above: Fraction | None = None
    below: Fraction | None = None

    @classmethod
    def from_face(cls, face: CardFace) -> Goal:
        extra: Mapping[str, str] = face.extra
        above, below = extra.get("above"), extra.get("below")
        return cls(str(extra["direction"]), int(extra["count"]), int(extra["stars"]), str(extra.get("only", "")),
                   parse_number(above).value if above else None, parse_number(below).value if below else None)

    def restriction(self) -> str:
        """The restriction in a few words ("Decimals only", "Greater than 1/2"), or ""."""
        limit = self.limit()
        return limit.text() if limit else ""

    def limit(self) -> Why | None:
        """The restriction as data (what a card breaking it is told), or None."""
        if self.only:
            return Why(ONLY, only=self.only)
        if self.above is not None:
            return Why(ABOVE, other=_text(self.above))
        if self.below is not None:
            return Why(BELOW, other=_text(self.below))
        return None

    def allows(self, card: ExactNumber) -> bool:
        """Whether the card meets the restriction (the order aside)."""
        if self.only == "decimals":
            return card.form is Form.DECIMAL
        if self.only == "fractions":
            return card.form in (Form.FRACTION, Form.MIXED)
        if self.only == "percents":
            return card.form is Form.PERCENT
        if self.only == "repeating":
            return card.has_repeating_decimal
        if self.only == "unreduced":
            return card.form in (Form.FRACTION, Form.MIXED) and not card.is_reduced
        if self.above is not None:
            return card.value > self.above
        if self.below is not None:
            return card.value < self.below
        return True

    def why_not(self, card: ExactNumber, played: Sequence[ExactNumber], on: ExactNumber | None) -> str:
        """Why the card breaks the set (a few words for the screen), or "" when it fits: ``played``
        are the set's cards so far, ``on`` the card it was laid on top of (a stack)."""
        why = self.judge(card, played, on)
        return why.text() if why else ""

    def judge(self, card: ExactNumber, played: Sequence[ExactNumber], on: ExactNumber | None) -> Why | None:
        """``why_not`` as data: None when the card fits."""
        if not self.allows(card):
            return self.limit()
        if on is not None:
            return None if card.value == on.value else Why(STACK, card.pretty(), on.pretty(), "≠")
        for other in reversed(played):  # the card it follows first: the comparison a player makes
            equal = card.value == other.value
            if self.direction == UP and not card.value > other.value:
                return Why(ORDER, card.pretty(), other.pretty(), "=" if equal else "<")
            if self.direction == DOWN and not card.value < other.value:
                return Why(ORDER, card.pretty(), other.pretty(), "=" if equal else ">")
            if self.direction == EQUAL and not equal:
                return Why(NOT_EQUAL, card.pretty(), other.pretty(), "≠")
        return None


def _text(value: Fraction) -> str:
    return str(value)


__all__ = ["ABOVE", "BELOW", "DOWN", "EQUAL", "NOT_EQUAL", "ONLY", "ORDER", "STACK", "UP", "Goal", "Why", "load_catalog", "parse_number"]
