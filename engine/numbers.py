"""Exact numbers as cards show them: the value a rule checks, beside the form a player sees.

A card may show 8/12 where 2/3 would do, or 0.200 where 0.2 would, and the games care about both:
a "simplify it" round needs the unreduced form, a "same value" round only the value. So every
number keeps its exact :class:`~fractions.Fraction` value together with the shape it was written
in, and prints back exactly as shown. No floats anywhere: 1/3 is never 0.333...

>>> x = parse_number("8/12")
>>> x.value, x.form.value, x.is_reduced, str(x)
(Fraction(2, 3), 'fraction', False, '8/12')
>>> parse_number("0.200") == parse_number("0.2"), parse_number("0.200").value == parse_number("0.2").value
(False, True)
>>> str(as_form(Fraction(1, 6), Form.DECIMAL)), str(as_form(Fraction(1, 3), Form.PERCENT, inner=Form.MIXED))
('0.1(6)', '33 1/3%')
>>> parse_number("-2 3/4").pretty()
'−2 3/4'
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from fractions import Fraction

from engine.errors import NumberFormatError

__all__ = ["MINUS", "ExactNumber", "Form", "as_form", "parse_number"]

MINUS = "\u2212"
"""The typographic minus sign cards and the OLED show; parse_number also accepts it."""


class Form(str, enum.Enum):
    """How a card shows a number. The values are the names used in JSON and deck manifests."""

    INTEGER = "integer"
    FRACTION = "fraction"
    MIXED = "mixed"
    DECIMAL = "decimal"
    PERCENT = "percent"


_FORM_NAMES = {
    Form.INTEGER: "an integer",
    Form.FRACTION: "a fraction",
    Form.MIXED: "a mixed number",
    Form.DECIMAL: "a decimal",
    Form.PERCENT: "a percent",
}


@dataclass(frozen=True, repr=False)
class ExactNumber:
    """An exact value and the form it is shown in. Equal only when value *and* shown text match.

    The shown parts are counts, not text, and are checked against ``value`` on construction, so an
    ExactNumber can never print digits its value does not have. Build one with :func:`parse_number`
    or :func:`as_form`; the constructor raises NumberFormatError for an inconsistent combination.
    """

    value: Fraction  # exact; a percent's value is already divided by 100 (37.5% -> 3/8)
    form: Form
    denominator: int | None = None  # FRACTION, MIXED: the bottom number as shown (12 in 8/12)
    places: int = 0  # DECIMAL: digits after the point before any brackets (3 in 0.200, 1 in 0.1(6))
    period: int = 0  # DECIMAL: how many digits repeat in brackets (0 for a terminating decimal)
    inner: ExactNumber | None = None  # PERCENT: the signed number written before the '%'

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", _exact(self.value))
        object.__setattr__(self, "form", Form(self.form))
        why = self._inconsistency()
        if why:
            raise _cannot(self.value, self.form, why)

    def _inconsistency(self) -> str | None:
        """Why these fields cannot describe one printed number, or None if they can."""
        v, form = self.value, self.form
        if self.inner is not None and form is not Form.PERCENT:
            return "only a percent has an inner number"
        if self.denominator is not None and form not in (Form.FRACTION, Form.MIXED):
            return "only fractions and mixed numbers have a bottom number"
        if (self.places or self.period) and form is not Form.DECIMAL:
            return "only decimals have decimal places"
        if form is Form.INTEGER:
            return None if v.denominator == 1 else "it is not a whole number"
        if form is Form.MIXED and abs(v) < 1:
            return "it is less than 1, so it has no whole part (show it as a fraction)"
        if form is Form.MIXED and v.denominator == 1:
            return "it is a whole number, so it has no fraction part"
        if form in (Form.FRACTION, Form.MIXED):
            d = self.denominator
            if not isinstance(d, int) or isinstance(d, bool) or d < 1:
                return f"the bottom number must be a whole number of at least 1, not {d!r}"
            if d % v.denominator:
                return f"its bottom number must be a multiple of {v.denominator}, and {d} is not"
            return None
        if form is Form.DECIMAL:
            return _decimal_inconsistency(v, self.places, self.period)
        inner = self.inner
        if not isinstance(inner, ExactNumber) or inner.form is Form.PERCENT:
            return "a percent needs an integer, fraction, mixed number or decimal before the '%'"
        if inner.value != v * 100:
            return f"{inner}% is not equal to it"
        return None

    @property
    def _inner(self) -> ExactNumber:
        """A percent's inner number (always set for PERCENT: checked on construction)."""
        assert self.inner is not None
        return self.inner

    @property
    def _denominator(self) -> int:
        """A fraction's or mixed number's shown bottom number (always set for those forms)."""
        assert self.denominator is not None
        return self.denominator

    @property
    def is_reduced(self) -> bool:
        """False only when a fraction part is shown unreduced (8/12, 1 2/4, 8/12%): a "simplify" cue."""
        if self.form is Form.PERCENT:
            return self._inner.is_reduced
        if self.form in (Form.FRACTION, Form.MIXED):
            return self.denominator == self.value.denominator
        return True

    @property
    def is_repeating(self) -> bool:
        """True when the card shows repeating digits in brackets (0.(3), 33.(3)%): a question of form."""
        if self.form is Form.PERCENT:
            return self._inner.is_repeating
        return self.period > 0

    @property
    def has_repeating_decimal(self) -> bool:
        """True when the value's decimal expansion never ends (1/3, 1/6), however it is shown."""
        return _strip_2_and_5(self.value.denominator)[0] != 1

    @property
    def is_whole(self) -> bool:
        """True when the value is a whole number (4/2 is; 25% is not, it is 1/4)."""
        return self.value.denominator == 1

    @property
    def whole(self) -> int | None:
        """A mixed number's whole part as shown, without sign (1 in -1 1/2); None for other forms."""
        if self.form is not Form.MIXED:
            return None
        return abs(self.value).numerator // self.value.denominator

    @property
    def numerator(self) -> int | None:
        """The top number as shown, without sign (8 in 8/12, 1 in 1 1/2); None for other forms."""
        if self.form is Form.FRACTION:
            return (abs(self.value) * self._denominator).numerator
        if self.form is Form.MIXED:
            return ((abs(self.value) - (self.whole or 0)) * self._denominator).numerator
        return None

    @property
    def repetend(self) -> str:
        """The digits shown in brackets ("6" for 0.1(6)); empty when nothing repeats."""
        if self.form is Form.PERCENT:
            return self._inner.repetend
        if self.form is not Form.DECIMAL:
            return ""
        return _decimal_parts(self.value, self.places + self.period)[1][self.places :]

    def __str__(self) -> str:
        """The canonical ASCII text ("8/12", "-1 1/2", "0.1(6)", "33 1/3%"); parse_number reads it back."""
        sign = "-" if self.value < 0 else ""
        if self.form is Form.INTEGER:
            return f"{sign}{abs(self.value.numerator)}"
        if self.form is Form.FRACTION:
            return f"{sign}{self.numerator}/{self.denominator}"
        if self.form is Form.MIXED:
            return f"{sign}{self.whole} {self.numerator}/{self.denominator}"
        if self.form is Form.PERCENT:
            return f"{self.inner}%"
        whole, digits = _decimal_parts(self.value, self.places + self.period)
        fixed, repeating = digits[: self.places], digits[self.places :]
        return f"{sign}{whole}.{fixed}" + (f"({repeating})" if repeating else "")

    def pretty(self) -> str:
        """The text for a card or the OLED: as str() but with a real minus sign (U+2212)."""
        return str(self).replace("-", MINUS)

    def __repr__(self) -> str:
        return f"parse_number({str(self)!r})"


def parse_number(text: str) -> ExactNumber:
    """Read a number exactly as a card or deck manifest writes it, keeping its form.

    Strict, because a typo on a card must be caught when the deck is loaded, not mid-game. Accepts
    '-' or '−', a leading '+', surrounding spaces and ".5" for "0.5"; raises NumberFormatError
    whose message quotes the text and says what is wrong.
    """
    if not isinstance(text, str):
        raise TypeError(f"parse_number reads text, not {type(text).__name__} ({text!r})")

    def fail(why: str) -> NumberFormatError:
        return NumberFormatError(f"{text!r} is not a number: {why}")

    s = text.strip()
    if not s:
        raise fail("the text is empty")
    for ch in s:
        if ch not in _ALLOWED and not ch.isspace():
            raise fail(_bad_character(ch))
    s = s.replace(MINUS, "-")
    sign = -1 if s[0] == "-" else 1
    if s[0] in "+-":
        s = s[1:]
        if s[:1] in ("+", "-"):
            raise fail("it has more than one sign")
        if s[:1].isspace():
            raise fail("there must be no space between the sign and the number")
    if "+" in s or "-" in s:
        raise fail("a sign (+ or -) can only come at the very front, as in -3/4")
    percent = s.endswith("%")
    if percent:
        s = s[:-1].rstrip()
    if "%" in s:
        raise fail("'%' can only come once, at the end")
    if not s:
        raise fail("there are no digits")
    number = _parse_unsigned(s, sign, fail)
    if percent:
        return ExactNumber(number.value / 100, Form.PERCENT, inner=number)
    return number


def as_form(
    value: Fraction | int,
    form: Form | str,
    *,
    places: int | None = None,
    denominator: int | None = None,
    inner: Form | str | None = None,
) -> ExactNumber:
    """Show an exact value in a chosen form, never rounding; NumberFormatError if it cannot be shown so.

    DECIMAL: the shortest exact text, repeating digits in brackets (1/6 -> 0.1(6)) and at least one
    place (5 -> 5.0); ``places=N`` pads a terminating decimal with zeros (0.2 -> 0.200).
    FRACTION, MIXED: reduced, or over ``denominator=N`` (2/3 -> 8/12).
    PERCENT: ``inner`` picks the form before the '%' (default: integer if whole, else decimal);
    ``places`` and ``denominator`` then apply to that inner number.
    """
    value, form = _exact(value), Form(form)
    if places is not None and form not in (Form.DECIMAL, Form.PERCENT):
        raise TypeError(f"places= applies to decimals, not to {_FORM_NAMES[form]}")
    if denominator is not None and form not in (Form.FRACTION, Form.MIXED, Form.PERCENT):
        raise TypeError(f"denominator= applies to fractions and mixed numbers, not to {_FORM_NAMES[form]}")
    if inner is not None and form is not Form.PERCENT:
        raise TypeError(f"inner= applies to percents, not to {_FORM_NAMES[form]}")

    if form is Form.PERCENT:
        hundredfold = value * 100
        if inner is None:
            whole = hundredfold.denominator == 1 and places is None
            inner = Form.INTEGER if whole else Form.DECIMAL
        if Form(inner) is Form.PERCENT:
            raise TypeError("inner= cannot be Form.PERCENT: a percent of a percent is not a card form")
        shown = as_form(hundredfold, inner, places=places, denominator=denominator)
        return ExactNumber(value, form, inner=shown)
    if form in (Form.FRACTION, Form.MIXED):
        return ExactNumber(value, form, denominator=value.denominator if denominator is None else denominator)
    if form is Form.INTEGER:
        return ExactNumber(value, form)

    fixed, period = _decimal_shape(value)
    canonical = ExactNumber(value, form, places=fixed if period else max(fixed, 1), period=period)
    if places is None:
        return canonical
    if period:
        raise _cannot(value, form, f"it is {canonical}, which repeats, so it cannot stop after {places} places")
    if places < fixed:
        raise _cannot(value, form, f"it is {canonical}, which needs {fixed} decimal places; {places} would round it")
    return ExactNumber(value, form, places=places)


# --- reading text ------------------------------------------------------------------------------

_ALLOWED = frozenset("0123456789.+-/()%" + MINUS)
_DECIMAL = re.compile(r"(?P<whole>[0-9]*)\.(?P<fixed>[0-9]*)(?:\((?P<repeating>[0-9]*)\))?")
_DIGITS = re.compile(r"[0-9]+")


def _bad_character(ch: str) -> str:
    """Why a character cannot appear, with the fix a teacher would need."""
    if ch == ",":
        return "write the decimal point as '.', not ',' (and no thousands separators)"
    if ch.isascii() and ch.isalpha():
        return f"the letter {ch!r} cannot be part of a number"
    return f"the character {ch!r} cannot be part of a number (use the digits 0-9, and '/' as in 1/2)"


def _parse_unsigned(s: str, sign: int, fail) -> ExactNumber:
    """Read the text after the sign and before any '%': a mixed number, fraction, decimal or integer."""
    if any(ch.isspace() for ch in s):
        parts = s.split()
        if any(part.startswith("/") or part.endswith("/") for part in parts):
            raise fail("a fraction has no spaces around its '/'")
        if len(parts) != 2 or "/" not in parts[1]:
            raise fail("a mixed number is a whole number, a space, then a fraction, as in 1 1/2")
        whole = _natural(parts[0], "a mixed number's whole part", fail)
        top, bottom = _fraction_parts(parts[1], fail)
        if whole == 0:
            raise fail(f"a mixed number's whole part must be at least 1: write {top}/{bottom}")
        if not 0 < top < bottom:
            raise fail(f"a mixed number's fraction part must be between 0 and 1, and {top}/{bottom} is not")
        return ExactNumber(sign * (whole + Fraction(top, bottom)), Form.MIXED, denominator=bottom)
    if "/" in s:
        top, bottom = _fraction_parts(s, fail)
        return ExactNumber(sign * Fraction(top, bottom), Form.FRACTION, denominator=bottom)
    if any(ch in s for ch in ".()"):
        return _parse_decimal(s, sign, fail)
    return ExactNumber(Fraction(sign * _natural(s, "a whole number", fail)), Form.INTEGER)


def _natural(part: str, what: str, fail) -> int:
    """Digits only, and no leading zeros: a card never shows 07, so 07 is a typo."""
    if not _DIGITS.fullmatch(part):
        raise fail(f"{what} must be written with digits only, not {part!r}")
    if len(part) > 1 and part[0] == "0":
        raise fail(f"{what} cannot start with 0 ({part!r})")
    return int(part)


def _fraction_parts(s: str, fail) -> tuple[int, int]:
    if s.count("/") > 1:
        raise fail("a fraction has exactly one '/'")
    top, bottom = s.split("/")
    if not top or not bottom:
        raise fail("a fraction needs a number above and below the '/'")
    t = _natural(top, "a fraction's top number", fail)
    b = _natural(bottom, "a fraction's bottom number", fail)
    if b == 0:
        raise fail("a fraction's bottom number cannot be 0")
    return t, b


def _parse_decimal(s: str, sign: int, fail) -> ExactNumber:
    if s.count(".") > 1:
        raise fail("a decimal has only one decimal point")
    if "." not in s:
        raise fail("repeating digits in brackets come after a decimal point, as in 0.(3)")
    if s.count("(") != s.count(")"):
        raise fail("a bracket is not closed")
    if s.count("(") > 1:
        raise fail("a decimal has at most one repeating part in brackets")
    m = _DECIMAL.fullmatch(s)
    if not m:
        raise fail("the repeating digits go in brackets at the very end, as in 0.1(6)")
    whole, fixed, repeating = m["whole"], m["fixed"], m["repeating"]
    if whole:
        _natural(whole, "the part before the decimal point", fail)
    if repeating == "":
        raise fail("the brackets are empty: put the repeating digits inside, as in 0.(3)")
    if not fixed and repeating is None:
        raise fail("a decimal point needs digits after it")
    if repeating and set(repeating) == {"0"}:
        raise fail("repeating 0s add nothing: leave the brackets out")
    if repeating and set(repeating) == {"9"}:
        raise fail("repeating 9s are the next number up in disguise (0.(9) is 1): write that number")
    value = Fraction(int(whole + fixed or "0"), 10 ** len(fixed))
    if repeating:
        value += Fraction(int(repeating), (10 ** len(repeating) - 1) * 10 ** len(fixed))
    return ExactNumber(sign * value, Form.DECIMAL, places=len(fixed), period=len(repeating or ""))


# --- decimal arithmetic (all on integers) ------------------------------------------------------


def _exact(value: object) -> Fraction:
    """Accept only exact numbers: a float would silently turn 1/3 into 0.333...37."""
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(
            f"an exact Fraction or int is needed, not {type(value).__name__} {value!r} "
            "(floats are not exact; read text with parse_number)"
        )
    return Fraction(value)


def _cannot(value: Fraction, form: Form, why: str) -> NumberFormatError:
    return NumberFormatError(f"{value} cannot be shown as {_FORM_NAMES[form]}: {why}")


def _strip_2_and_5(n: int) -> tuple[int, int]:
    """(n without its factors 2 and 5, the larger of their exponents): the repeating and fixed parts."""
    twos = fives = 0
    while n % 2 == 0:
        n, twos = n // 2, twos + 1
    while n % 5 == 0:
        n, fives = n // 5, fives + 1
    return n, max(twos, fives)


def _decimal_shape(value: Fraction) -> tuple[int, int]:
    """(digits before the repetend, repetend length) of the shortest exact decimal for value."""
    rest, fixed = _strip_2_and_5(value.denominator)
    if rest == 1:
        return fixed, 0
    period, r = 1, 10 % rest
    while r != 1:
        period, r = period + 1, r * 10 % rest
    return fixed, period


def _decimal_inconsistency(value: Fraction, places: int, period: int) -> str | None:
    """Whether value's digits really end after `places`, or repeat every `period` digits from there."""
    if not all(isinstance(n, int) and n >= 0 for n in (places, period)):
        return f"decimal places must be whole numbers of at least 0, not {places!r} and {period!r}"
    if places + period == 0:
        return "a decimal shows at least one digit after the point"
    b = value.denominator
    remainder = abs(value.numerator) % b * pow(10, places, b) % b  # what is left after `places` digits
    if period == 0:
        return None if remainder == 0 else f"its digits do not stop after {places} decimal places"
    if remainder == 0:
        return f"its digits stop after {places} decimal places, so nothing repeats"
    if remainder * pow(10, period, b) % b != remainder:
        return f"its digits after place {places} do not repeat every {period}"
    return None


def _decimal_parts(value: Fraction, count: int) -> tuple[int, str]:
    """|value|'s whole part and its first `count` digits after the point, by long division."""
    a = abs(value)
    whole, remainder = divmod(a.numerator, a.denominator)
    digits = []
    for _ in range(count):
        digit, remainder = divmod(remainder * 10, a.denominator)
        digits.append(str(digit))
    return whole, "".join(digits)
