"""Numbers in words as they are taught, for the station's voice: "three quarters", "one and a
half", "zero point two five", "zero point three repeating", "twelve and a half percent",
"negative five", "seven times six".

Pure: a number in, words out. A card's number is read as it is *shown* (``ExactNumber``: 8/12 is
"eight twelfths", not "two thirds"; 0.200 is "zero point two zero zero"), because the games ask
children about the form; a result the engine computed (a ``Fraction`` or an int) is read in its
simplest form. Decimals are read digit by digit after the point, as children are taught to say
them. English only for now: the words of other languages come with the translation layer.

>>> say_number(parse_number("3/4")), say_number(parse_number("0.1(6)")), say_number(parse_number("33 1/3%"))
('three quarters', 'zero point one six repeating', 'thirty-three and a third percent')
>>> say_value(Fraction(-7, 2)), say_expression("7 × 6 − 2")
('negative three and a half', 'seven times six minus two')
"""

from __future__ import annotations

import re
from fractions import Fraction

from engine.numbers import MINUS, ExactNumber, Form, parse_number

__all__ = ["say_expression", "say_integer", "say_number", "say_op", "say_sentence", "say_text_number", "say_value"]

_ONES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
         "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_SCALES = ((10**9, "billion"), (10**6, "million"), (1000, "thousand"))
_ORDINALS = {"one": "first", "two": "second", "three": "third", "five": "fifth", "eight": "eighth", "nine": "ninth",
             "twelve": "twelfth"}
#: Denominators said by a name of their own: "a half", "three quarters".
_DENOMINATORS = {2: ("half", "halves"), 4: ("quarter", "quarters")}
_OPS = {"+": "plus", "-": "minus", MINUS: "minus", "×": "times", "x": "times", "*": "times", "÷": "divided by",
        "/": "divided by", "=": "equals", "√": "the square root of"}
BRACKETS = {"(": "open bracket", ")": "close bracket"}
NEGATIVE = "negative"
"""A number below zero: "negative five" (a minus sign between two numbers is "minus")."""


def say_integer(n: int) -> str:
    """A whole number in words: 0 "zero", 21 "twenty-one", 105 "one hundred five", -3 "negative three"."""
    if n < 0:
        return f"{NEGATIVE} {say_integer(-n)}"
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + (f"-{_ONES[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_ONES[hundreds]} hundred" + (f" {say_integer(rest)}" if rest else "")
    for size, name in _SCALES:
        if n >= size:
            top, rest = divmod(n, size)
            return f"{say_integer(top)} {name}" + (f" {say_integer(rest)}" if rest else "")
    raise AssertionError(n)  # pragma: no cover - every n >= 1000 has a scale


def _ordinal(n: int) -> str:
    """"third", "fifth", "twelfth", "twentieth", "twenty-first", "one hundredth"."""
    words = say_integer(n)
    head, sep, last = words.rpartition("-") if "-" in words.split(" ")[-1] else words.rpartition(" ")
    if last in _ORDINALS:
        last = _ORDINALS[last]
    elif last.endswith("y"):
        last = last[:-1] + "ieth"
    else:
        last += "th"
    return f"{head}{sep}{last}"


def _fraction_words(top: int, bottom: int, *, after_whole: bool = False) -> str:
    """top/bottom as a fraction is said: "three quarters", "one fifth", "eight twelfths", "a half"
    after a whole part ("one and a half")."""
    if bottom in _DENOMINATORS:
        one, many = _DENOMINATORS[bottom]
    else:
        one = _ordinal(bottom)
        many = one + "s"
    if top == 1:
        return f"{'a' if after_whole else 'one'} {one}"
    return f"{say_integer(top)} {many}"


def _digits(text: str) -> str:
    return " ".join(_ONES[int(d)] for d in text)


def say_number(number: ExactNumber) -> str:
    """A number as its card shows it: 8/12 "eight twelfths", 1 1/2 "one and a half", 5/4 "five
    quarters", 0.750 "zero point seven five zero", 0.(3) "zero point three repeating", 0.58(3)
    "zero point five eight three repeating", 37.5% "thirty-seven point five percent", −2 "negative two"."""
    value = number.value
    sign = f"{NEGATIVE} " if value < 0 else ""
    if number.form is Form.INTEGER:
        return say_integer(value.numerator)
    if number.form is Form.FRACTION:
        return sign + _fraction_words(number.numerator or 0, number.denominator or 1)
    if number.form is Form.MIXED:
        part = _fraction_words(number.numerator or 0, number.denominator or 1, after_whole=True)
        return f"{sign}{say_integer(number.whole or 0)} and {part}"
    if number.form is Form.PERCENT:
        assert number.inner is not None
        return f"{say_number(number.inner)} percent"
    text = str(number).lstrip("-")
    whole, _, after = text.partition(".")
    fixed, _, repeating = after.partition("(")
    words = f"{sign}{say_integer(int(whole))} point {_digits(fixed)}".rstrip()
    if repeating:
        words += f" {_digits(repeating.rstrip(')'))} repeating"
    return words


def say_value(value: Fraction | int) -> str:
    """A computed value in its simplest spoken form: whole, a fraction below one ("two thirds"), or a
    mixed number ("one and a half"); never a decimal the engine did not show."""
    value = Fraction(value)
    if value.denominator == 1:
        return say_integer(value.numerator)
    sign = f"{NEGATIVE} " if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if whole == 0:
        return sign + _fraction_words(rest, value.denominator)
    return f"{sign}{say_integer(whole)} and {_fraction_words(rest, value.denominator, after_whole=True)}"


def say_op(op: str) -> str:
    """An operation's sign as it is read: "+" plus, "−" minus, "×" times, "÷" divided by."""
    return _OPS.get(op.strip(), op.strip())


def say_text_number(text: str) -> str:
    """A number written as a card or the OLED writes it ("3/4", "−5", "16 2/3%"), in words; text
    that is not a number is given back as it is."""
    try:
        return say_number(parse_number(text))
    except ValueError:
        return text


_TOKEN = re.compile(r"\d+ \d+/\d+%?|\d*\.(?:\d+(?:\(\d+\))?|\(\d+\))%?|\d+/\d+%?|\d+%?|[−+\-×÷x*/=√()]")


def say_expression(text: str) -> str:
    """An expression as the engine writes it ("3 × 6 − 2", "(2+2) × 3", "−5 + 1") in words:
    "three times six minus two". A minus with no number before it is "negative"; brackets are
    said, since they change the sum ("open bracket two plus two close bracket times three")."""
    words: list[str] = []
    after_number = False
    for token in _TOKEN.findall(text):
        if token in "()":
            words.append(BRACKETS[token])
            after_number = token == ")"
            continue
        if token[0].isdigit() or token[0] == ".":
            words.append(say_text_number(token))
            after_number = True
        elif token in ("-", MINUS) and not after_number:
            words.append(NEGATIVE)
        else:
            words.append(say_op(token))
            after_number = False
    return " ".join(words)


_RELATIONS = {"<": "is less than", ">": "is greater than", "=": "equals", "≠": "is not equal to", "≤": "is at most",
              "≥": "is at least"}
_NUMBER_IN_TEXT = re.compile(r"(?<![\w.])[−-]?(?:\d+ \d+/\d+%?|\d*\.(?:\d+(?:\(\d+\))?|\(\d+\))%?|\d+/\d+%?|\d+%?)(?![\w/])")
_SIGN_IN_TEXT = re.compile(r"(?<=\s)[−×÷<>=≠≤≥√+-](?=\s)|(?<=\s)[×÷√](?=\S)")
_ASIDE = re.compile(r"\s*\([^()]*[a-z][^()]*\)")  # "(only two equal cards …)": the screen's afterthought


def say_sentence(text: str) -> str:
    """A sentence of the screens' or the engine's, ready to be said: its numbers and signs in
    words, a bracketed aside left out, "A: b" as two sentences ("3/5 < 3/4: out of order" is
    "Three fifths is less than three quarters. Out of order.")."""
    text = _ASIDE.sub("", text).strip()
    text = _SIGN_IN_TEXT.sub(lambda m: _RELATIONS.get(m.group(), say_op(m.group())), f" {text} ").strip()
    text = _NUMBER_IN_TEXT.sub(lambda m: say_text_number(m.group().replace("-", MINUS)), text)
    parts = [part.strip() for part in re.split(r"(?<=[.!?])\s+|:\s+", text) if part.strip()]
    return " ".join(p[:1].upper() + p[1:] + ("" if p[-1] in ".!?" else ".") for p in parts)
