"""Numbers in words as they are taught, for the station's voice, in the station's language
(``station.i18n.language()``): "three quarters", "one and a half", "zero point two five", "zero
point three repeating", "twelve and a half percent", "negative five", "seven times six"; in
Spanish "tres cuartos", "uno y medio", "cero coma dos cinco", "menos cinco", "siete por seis".

Pure: a number in, words out. A card's number is read as it is *shown* (``ExactNumber``: 8/12 is
"eight twelfths", not "two thirds"; 0.200 is "zero point two zero zero"), because the games ask
children about the form; a result the engine computed (a ``Fraction`` or an int) is read in its
simplest form. Decimals are read digit by digit after the point, as children are taught to say
them. This module reads the form; each language's words are a table in
``station/speech/number_words/`` (``en.py``, ``es.py``): a new language is one module there.

>>> say_number(parse_number("3/4")), say_number(parse_number("0.1(6)")), say_number(parse_number("33 1/3%"))
('three quarters', 'zero point one six repeating', 'thirty-three and a third percent')
>>> say_value(Fraction(-7, 2)), say_expression("7 × 6 − 2")
('negative three and a half', 'seven times six minus two')
"""

from __future__ import annotations

import re
from fractions import Fraction

from engine.numbers import MINUS, ExactNumber, Form, parse_number
from station.i18n import language
from station.speech.number_words import NumberWords, for_language

__all__ = ["say_expression", "say_integer", "say_number", "say_op", "say_text_number", "say_value", "say_sentence",
           "words"]


def words() -> NumberWords:
    """The number words of the language of the moment."""
    return for_language(language())


def say_integer(n: int) -> str:
    """A whole number in words: 0 "zero", 21 "twenty-one", 105 "one hundred five", -3 "negative three"
    (Spanish: "cero", "veintiuno", "ciento cinco", "menos tres")."""
    table = words()
    if n < 0:
        return f"{table.negative} {table.integer(-n, '')}"
    return table.integer(n, "")


def say_number(number: ExactNumber) -> str:
    """A number as its card shows it: 8/12 "eight twelfths", 1 1/2 "one and a half", 5/4 "five
    quarters", 0.750 "zero point seven five zero", 0.(3) "zero point three repeating", 0.58(3)
    "zero point five eight three repeating", 37.5% "thirty-seven point five percent", −2 "negative two"."""
    table = words()
    value = number.value
    sign = f"{table.negative} " if value < 0 else ""
    if number.form is Form.INTEGER:
        return say_integer(value.numerator)
    if number.form is Form.FRACTION:
        return sign + table.fraction(number.numerator or 0, number.denominator or 1, False)
    if number.form is Form.MIXED:
        part = table.fraction(number.numerator or 0, number.denominator or 1, True)
        return sign + table.mixed.format(whole=table.integer(number.whole or 0, ""), part=part)
    if number.form is Form.PERCENT:
        assert number.inner is not None
        return table.percent.format(number=say_number(number.inner))
    text = str(number).lstrip("-")
    whole, _, after = text.partition(".")
    fixed, _, repeating = after.partition("(")
    said = f"{sign}{table.integer(int(whole), '')} {table.point} {table.digits(fixed)}".rstrip()
    if repeating:
        said += " " + table.repeating.format(digits=table.digits(repeating.rstrip(")")))
    return said


def say_value(value: Fraction | int) -> str:
    """A computed value in its simplest spoken form: whole, a fraction below one ("two thirds"), or a
    mixed number ("one and a half"); never a decimal the engine did not show."""
    table = words()
    value = Fraction(value)
    if value.denominator == 1:
        return say_integer(value.numerator)
    sign = f"{table.negative} " if value < 0 else ""
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if whole == 0:
        return sign + table.fraction(rest, value.denominator, False)
    part = table.fraction(rest, value.denominator, True)
    return sign + table.mixed.format(whole=table.integer(whole, ""), part=part)


def say_op(op: str) -> str:
    """An operation's sign as it is read: "+" plus, "−" minus, "×" times, "÷" divided by (Spanish:
    más, menos, por, entre)."""
    return words().ops.get(op.strip(), op.strip())


_DECIMAL_COMMA = re.compile(r"(?<=\d),(?=\d)")


def _points(text: str) -> str:
    """A number the station wrote in its language ("0,25" in Spanish) with the cards' point ("0.25")."""
    mark = words().decimal_mark
    return _DECIMAL_COMMA.sub(".", text) if mark == "," else text


def say_text_number(text: str) -> str:
    """A number written as a card or the OLED writes it ("3/4", "−5", "16 2/3%", in Spanish also
    "0,25"), in words; text that is not a number is given back as it is."""
    try:
        return say_number(parse_number(_points(text)))
    except ValueError:
        return text


_TOKEN = re.compile(r"\d+ \d+/\d+%?|\d*\.(?:\d+(?:\(\d+\))?|\(\d+\))%?|\d+/\d+%?|\d+%?|[−+\-×÷x*/=√()]")


def say_expression(text: str) -> str:
    """An expression as the engine writes it ("3 × 6 − 2", "(2+2) × 3", "−5 + 1") in words:
    "three times six minus two". A minus with no number before it is "negative"; brackets are
    said, since they change the sum ("open bracket two plus two close bracket times three")."""
    table = words()
    said: list[str] = []
    after_number = False
    for token in _TOKEN.findall(_points(text)):
        if token in "()":
            said.append(table.brackets[token])
            after_number = token == ")"
            continue
        if token[0].isdigit() or token[0] == ".":
            said.append(say_text_number(token))
            after_number = True
        elif token in ("-", MINUS) and not after_number:
            said.append(table.negative)
        else:
            said.append(say_op(token))
            after_number = False
    return " ".join(said)


_NUMBER_IN_TEXT = re.compile(r"(?<![\w.])[−-]?(?:\d+ \d+/\d+%?|\d*\.(?:\d+(?:\(\d+\))?|\(\d+\))%?|\d+/\d+%?|\d+%?)(?![\w/])")
_SIGN_IN_TEXT = re.compile(r"(?<=\s)[−×÷<>=≠≤≥√+-](?=\s)|(?<=\s)[×÷√](?=\S)")
_TIMES_X = re.compile(r"(?<=\d) ?[xX] ?(?=[(\d])")  # "7 x 6", "7x6": the letter x typed for ×
_ASIDE = re.compile(r"\s*\([^()]*[a-z][^()]*\)")  # "(only two equal cards …)": the screen's afterthought
_OPENING = "¡¿\"'«"  # what may stand before a sentence's first letter


def say_sentence(text: str) -> str:
    """A sentence of the screens' or the engine's, ready to be said: its numbers and signs in
    words, a bracketed aside left out, "A: b" as two sentences ("3/5 < 3/4: out of order" is
    "Three fifths is less than three quarters. Out of order.")."""
    table = words()
    text = _TIMES_X.sub(" × ", _points(_ASIDE.sub("", text).strip()))
    text = _SIGN_IN_TEXT.sub(lambda m: table.relations.get(m.group(), say_op(m.group())), f" {text} ").strip()
    text = _NUMBER_IN_TEXT.sub(lambda m: say_text_number(m.group().replace("-", MINUS)), text)
    parts = [part.strip() for part in re.split(r"(?<=[.!?])\s+|:\s+", text) if part.strip()]
    return " ".join(_capitalised(p) + ("" if p[-1] in ".!?" else ".") for p in parts)


def _capitalised(part: str) -> str:
    """The sentence's first letter in capitals, after any opening sign ("¡bien!" -> "¡Bien!")."""
    at = len(part) - len(part.lstrip(_OPENING))
    return part[:at] + part[at:at + 1].upper() + part[at + 1:]
