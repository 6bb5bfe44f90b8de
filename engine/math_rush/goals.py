"""A Math Rush goal and whether a number card may join its set.

A goal asks for ``count`` number cards in a direction — up (each larger than every card before
it), down (each smaller), or all equal — with an optional restriction on the cards: only
decimals, fractions or percents, only repeating-decimal values (a repeating value in fraction
form counts: 1/3 is 0.(3)), only unreduced fractions (4/8 is, 1/2 is not), or only values greater
(or less) than a value. A card laid on top of an already-played card of equal value is always in
order, even after later cards; stacks count toward the quantity. Values are exact.

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
_ONLY = {"decimals": "Decimals only", "fractions": "Fractions only", "percents": "Percents only",
         "repeating": "Repeating decimals only", "unreduced": "Unreduced fractions only"}


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
        if self.only:
            return _ONLY[self.only]
        if self.above is not None:
            return f"Greater than {_text(self.above)}"
        if self.below is not None:
            return f"Less than {_text(self.below)}"
        return ""

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
        if not self.allows(card):
            return self.restriction()
        if on is not None:
            return "" if card.value == on.value else f"{card.pretty()} ≠ {on.pretty()}: a stack is equal cards"
        for other in reversed(played):  # the card it follows first: the comparison a player makes
            if self.direction == UP and not card.value > other.value:
                return f"{card.pretty()} {'=' if card.value == other.value else '<'} {other.pretty()}: out of order"
            if self.direction == DOWN and not card.value < other.value:
                return f"{card.pretty()} {'=' if card.value == other.value else '>'} {other.pretty()}: out of order"
            if self.direction == EQUAL and card.value != other.value:
                return f"{card.pretty()} ≠ {other.pretty()}: not equal"
        return ""


def _text(value: Fraction) -> str:
    return str(value)


__all__ = ["DOWN", "EQUAL", "UP", "Goal", "load_catalog", "parse_number"]
