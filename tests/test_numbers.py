"""engine.numbers: every card form reads, prints back exactly as shown, and keeps its exact value."""

from __future__ import annotations

import doctest
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import numbers
from engine.errors import NumberFormatError
from engine.numbers import ExactNumber, Form, as_form, parse_number

# text as printed on a card, exact value, form, is_reduced
CARD_TEXTS = [
    ("7", F(7), Form.INTEGER, True),
    ("-3", F(-3), Form.INTEGER, True),
    ("0", F(0), Form.INTEGER, True),
    ("3/4", F(3, 4), Form.FRACTION, True),
    ("8/12", F(2, 3), Form.FRACTION, False),
    ("-5/3", F(-5, 3), Form.FRACTION, True),
    ("1 1/2", F(3, 2), Form.MIXED, True),
    ("-2 3/4", F(-11, 4), Form.MIXED, True),
    ("1 2/4", F(3, 2), Form.MIXED, False),
    ("0.200", F(1, 5), Form.DECIMAL, True),
    ("-0.5", F(-1, 2), Form.DECIMAL, True),
    ("12.05", F(241, 20), Form.DECIMAL, True),
    ("0.(3)", F(1, 3), Form.DECIMAL, True),
    ("0.1(6)", F(1, 6), Form.DECIMAL, True),
    ("1.(142857)", F(8, 7), Form.DECIMAL, True),
    ("0.3(33)", F(1, 3), Form.DECIMAL, True),  # valid but not canonical: kept as shown
    ("37.5%", F(3, 8), Form.PERCENT, True),
    ("25%", F(1, 4), Form.PERCENT, True),
    ("33 1/3%", F(1, 3), Form.PERCENT, True),
    ("33.(3)%", F(1, 3), Form.PERCENT, True),
    ("8/12%", F(1, 150), Form.PERCENT, False),
    ("-25%", F(-1, 4), Form.PERCENT, True),
]


@pytest.mark.parametrize("text, value, form, reduced", CARD_TEXTS)
def test_every_form_reads_its_exact_value_and_prints_back_as_shown(text, value, form, reduced):
    x = parse_number(text)
    assert (x.value, x.form, x.is_reduced, str(x)) == (value, form, reduced, text)
    assert type(x.value) is F


@pytest.mark.parametrize(
    "text, printed",
    [("  +7 ", "7"), (".5", "0.5"), ("\u22121/2", "-1/2"), ("-0", "0"), ("-0.0", "0.0"),
     ("\u22120.(3)", "-0.(3)"), ("-.(3)", "-0.(3)"), ("25 %", "25%"), ("1  1/2", "1 1/2")],
)
def test_other_accepted_spellings_print_canonically(text, printed):
    assert str(parse_number(text)) == printed


def test_pretty_shows_a_real_minus_sign():
    assert parse_number("-2 3/4").pretty() == "\u22122 3/4"
    assert parse_number("-33.(3)%").pretty() == "\u221233.(3)%"
    assert parse_number("0.5").pretty() == "0.5"


def test_equality_counts_the_shown_form_and_numbers_are_hashable():
    assert parse_number("0.200") != parse_number("0.2")
    assert parse_number("0.200").value == parse_number("0.2").value
    assert parse_number("1/2") != parse_number("0.5")
    assert len({parse_number("8/12"), parse_number("8/12"), parse_number("2/3")}) == 2


@pytest.mark.parametrize(
    "text, repeats",
    [("1/3", True), ("2/3", True), ("1/6", True), ("1/4", False), ("3/8", False),
     ("0.125", False), ("0.(3)", True), ("33 1/3%", True), ("50%", False)],
)
def test_has_repeating_decimal_is_about_the_value(text, repeats):
    assert parse_number(text).has_repeating_decimal is repeats


def test_is_repeating_is_about_the_form():
    assert parse_number("0.(3)").is_repeating and parse_number("33.(3)%").is_repeating
    assert not parse_number("1/3").is_repeating and not parse_number("33 1/3%").is_repeating
    assert parse_number("0.1(6)").repetend == "6"


def test_shown_parts_and_wholeness():
    mixed = parse_number("-1 2/4")
    assert (mixed.whole, mixed.numerator, mixed.denominator) == (1, 2, 4)
    assert [parse_number(t).is_whole for t in ("4/2", "2.0", "100%", "25%", "0.5")] == [True, True, True, False, False]


SHOWN_AS = [
    (F(1, 6), Form.DECIMAL, {}, "0.1(6)"),
    (F(1, 7), Form.DECIMAL, {}, "0.(142857)"),
    (F(1, 3), Form.DECIMAL, {}, "0.(3)"),
    (F(1, 11), Form.DECIMAL, {}, "0.(09)"),
    (F(-7, 12), Form.DECIMAL, {}, "-0.58(3)"),
    (F(3, 8), Form.DECIMAL, {}, "0.375"),
    (F(1, 5), Form.DECIMAL, {"places": 3}, "0.200"),
    (F(5), Form.DECIMAL, {}, "5.0"),
    (F(8, 12), Form.FRACTION, {}, "2/3"),
    (F(2, 3), Form.FRACTION, {"denominator": 12}, "8/12"),
    (F(-11, 4), Form.MIXED, {}, "-2 3/4"),
    (F(3, 2), Form.MIXED, {"denominator": 4}, "1 2/4"),
    (6, Form.INTEGER, {}, "6"),
    (F(1, 3), Form.PERCENT, {}, "33.(3)%"),
    (F(1, 3), Form.PERCENT, {"inner": Form.MIXED}, "33 1/3%"),
    (F(1, 4), Form.PERCENT, {}, "25%"),
    (F(3, 8), Form.PERCENT, {}, "37.5%"),
    (F(1, 4), Form.PERCENT, {"places": 1}, "25.0%"),
    (F(1, 150), Form.PERCENT, {"inner": Form.FRACTION, "denominator": 12}, "8/12%"),
]


@pytest.mark.parametrize("value, form, options, text", SHOWN_AS)
def test_as_form_shows_the_value_as_asked(value, form, options, text):
    x = as_form(value, form, **options)
    assert (str(x), x.value, x.form) == (text, value, form)


@pytest.mark.parametrize(
    "value, form, options, why",
    [(F(7, 2), Form.INTEGER, {}, "not a whole number"),
     (F(2, 3), Form.FRACTION, {"denominator": 5}, "multiple of 3"),
     (F(3, 8), Form.DECIMAL, {"places": 2}, "would round"),
     (F(1, 3), Form.DECIMAL, {"places": 4}, "repeats"),
     (F(1, 2), Form.MIXED, {}, "less than 1"),
     (F(2), Form.MIXED, {}, "whole number")],
)
def test_as_form_refuses_rather_than_rounds(value, form, options, why):
    with pytest.raises(NumberFormatError, match=why) as caught:
        as_form(value, form, **options)
    assert str(caught.value).startswith(f"{value} cannot be shown as")


def test_floats_and_inconsistent_numbers_are_refused():
    with pytest.raises(TypeError, match="not exact"):
        as_form(0.5, Form.DECIMAL)
    with pytest.raises(TypeError):
        parse_number(0.5)
    with pytest.raises(NumberFormatError):  # would print 0.(16), which is 16/99
        ExactNumber(F(1, 6), Form.DECIMAL, period=2)
    with pytest.raises(NumberFormatError):
        ExactNumber(F(1, 4), Form.PERCENT, inner=parse_number("20"))


MALFORMED = [
    ("", "empty"), ("   ", "empty"), ("1/0", "bottom number cannot be 0"), ("1//2", "one '/'"),
    ("1 1/2/3", "one '/'"), ("1.2.3", "one decimal point"), ("0.()", "brackets are empty"),
    ("0.(3", "not closed"), ("0.(3)4", "at the very end"), ("(3)", "after a decimal point"),
    ("5.", "digits after it"), ("0.(9)", "0.(9) is 1"), ("0.(0)", "0s add nothing"),
    ("abc", "letter 'a'"), ("1e5", "letter 'e'"), ("inf", "letter 'i'"), ("nan", "letter 'n'"),
    ("\u00bd", "'\u00bd'"), ("0,5", "'.'"), ("3/-4", "very front"), ("--3", "more than one sign"),
    ("- 3", "no space"), ("3 /4", "no spaces around"), ("1 3/2", "between 0 and 1"),
    ("0 1/2", "write 1/2"), ("1.5/2", "digits only"), ("007", "cannot start with 0"),
    ("1 2", "a space, then a fraction"), ("5%%", "'%'"), ("%", "no digits"),
]


@pytest.mark.parametrize("text, why", MALFORMED)
def test_malformed_text_is_refused_with_a_message_quoting_it_and_saying_why(text, why):
    with pytest.raises(NumberFormatError) as caught:
        parse_number(text)
    assert str(caught.value).startswith(f"{text!r} is not a number: ")
    assert why in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_module_examples_run():
    result = doctest.testmod(numbers)
    assert result.attempted > 0 and result.failed == 0


# --- properties -------------------------------------------------------------------------------

NATURALS = st.integers(0, 10**6)
DIGITS = st.text("0123456789", max_size=5)
REPETENDS = st.text("0123456789", max_size=4).filter(lambda r: r == "" or bool(r.strip("0") and r.strip("9")))


@st.composite
def unsigned_texts(draw, kinds=(Form.INTEGER, Form.FRACTION, Form.MIXED, Form.DECIMAL)) -> str:
    """Valid card text of one form, without sign or '%', including non-canonical decimals (0.3(33))."""
    kind = draw(st.sampled_from(kinds))
    if kind is Form.INTEGER:
        return str(draw(NATURALS))
    if kind is Form.FRACTION:
        return f"{draw(NATURALS)}/{draw(st.integers(1, 10**4))}"
    if kind is Form.MIXED:
        bottom = draw(st.integers(2, 10**4))
        return f"{draw(st.integers(1, 10**6))} {draw(st.integers(1, bottom - 1))}/{bottom}"
    fixed, repeating = draw(DIGITS), draw(REPETENDS)
    return f"{draw(NATURALS)}.{fixed or ('' if repeating else '0')}" + (f"({repeating})" if repeating else "")


@st.composite
def card_texts(draw) -> str:
    text = draw(unsigned_texts()) + draw(st.sampled_from(["", "%"]))
    if draw(st.booleans()) and parse_number(text).value != 0:
        text = "-" + text
    return text


@given(card_texts())
def test_every_generated_card_text_round_trips_exactly(text):
    x = parse_number(text)
    assert str(x) == text
    assert parse_number(str(x)) == x and parse_number(x.pretty()) == x
    assert type(x.value) is F


@given(st.fractions(max_denominator=500))
def test_as_form_keeps_the_exact_value_in_every_form(v):
    shown = [as_form(v, Form.DECIMAL), as_form(v, Form.PERCENT), as_form(v, Form.FRACTION),
             as_form(v, Form.PERCENT, inner=Form.FRACTION)]
    if v.denominator == 1:
        shown.append(as_form(v, Form.INTEGER))
    elif abs(v) > 1:
        shown.append(as_form(v, Form.MIXED))
    for x in shown:
        assert type(x.value) is F and x.value == v
        assert x.is_reduced
        assert parse_number(str(x)) == x
    decimal = as_form(v, Form.DECIMAL)
    assert decimal.is_repeating == decimal.has_repeating_decimal


@given(unsigned_texts(kinds=(Form.DECIMAL,)))
def test_canonical_decimal_is_never_longer_than_another_way_of_writing_it(text):
    canonical = as_form(parse_number(text).value, Form.DECIMAL)
    assert len(str(canonical)) <= len(text)
