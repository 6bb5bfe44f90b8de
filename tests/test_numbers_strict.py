"""Numbers are read strictly and exactly (engine/numbers.py): a teacher's typo in a deck manifest
is answered with the whole sentence that says what is wrong and how to write it, an inconsistent
number can never be built, and no float ever creeps in, however big the denominator."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.errors import NumberFormatError
from engine.numbers import ExactNumber, Form, as_form, parse_number

SHOWN_AS = {Form.INTEGER: "an integer", Form.FRACTION: "a fraction", Form.MIXED: "a mixed number",
            Form.DECIMAL: "a decimal", Form.PERCENT: "a percent"}


@pytest.mark.parametrize("text, why", [
    ("", "the text is empty"),
    ("3,5", "write the decimal point as '.', not ',' (and no thousands separators)"),
    ("3x", "the letter 'x' cannot be part of a number"),
    ("3*4", "the character '*' cannot be part of a number (use the digits 0-9, and '/' as in 1/2)"),
    ("é", "the character 'é' cannot be part of a number (use the digits 0-9, and '/' as in 1/2)"),
    ("++3", "it has more than one sign"),
    ("- 3", "there must be no space between the sign and the number"),
    ("3+4", "a sign (+ or -) can only come at the very front, as in -3/4"),
    ("5%%", "'%' can only come once, at the end"),
    ("-%", "there are no digits"),
    ("07", "a whole number cannot start with 0 ('07')"),
    ("1/2/3", "a fraction has exactly one '/'"),
    ("3/", "a fraction needs a number above and below the '/'"),
    ("07/4", "a fraction's top number cannot start with 0 ('07')"),
    ("3/04", "a fraction's bottom number cannot start with 0 ('04')"),
    ("3/0", "a fraction's bottom number cannot be 0"),
    ("1/ 2", "a fraction has no spaces around its '/'"),
    ("1 2", "a mixed number is a whole number, a space, then a fraction, as in 1 1/2"),
    ("01 1/2", "a mixed number's whole part cannot start with 0 ('01')"),
    ("0 1/2", "a mixed number's whole part must be at least 1: write 1/2"),
    ("1 0/2", "a mixed number's fraction part must be between 0 and 1, and 0/2 is not"),
    ("1 2/2", "a mixed number's fraction part must be between 0 and 1, and 2/2 is not"),
    ("1.2.3", "a decimal has only one decimal point"),
    ("(3)", "repeating digits in brackets come after a decimal point, as in 0.(3)"),
    ("0.(3", "a bracket is not closed"),
    ("0.(3)(3)", "a decimal has at most one repeating part in brackets"),
    ("0.(3)4", "the repeating digits go in brackets at the very end, as in 0.1(6)"),
    ("07.5", "the part before the decimal point cannot start with 0 ('07')"),
    ("0.()", "the brackets are empty: put the repeating digits inside, as in 0.(3)"),
    ("5.", "a decimal point needs digits after it"),
    ("0.1(0)", "repeating 0s add nothing: leave the brackets out"),
    ("0.(9)", "repeating 9s are the next number up in disguise (0.(9) is 1): write that number"),
])
def test_a_typo_is_answered_with_what_is_wrong_and_how_to_write_it(text, why):
    with pytest.raises(NumberFormatError) as caught:
        parse_number(text)
    assert str(caught.value) == f"{text!r} is not a number: {why}"


def test_only_text_is_read():
    with pytest.raises(TypeError) as caught:
        parse_number(5)
    assert str(caught.value) == "parse_number reads text, not int (5)"


@pytest.mark.parametrize("fields, why", [
    ((Fraction(1, 4), Form.DECIMAL, None, 2, 0, parse_number("25")), "only a percent has an inner number"),
    ((Fraction(1, 4), Form.DECIMAL, 4, 2), "only fractions and mixed numbers have a bottom number"),
    ((Fraction(1, 2), Form.FRACTION, 2, 1), "only decimals have decimal places"),
    ((Fraction(1, 2), Form.INTEGER), "it is not a whole number"),
    ((Fraction(1, 2), Form.MIXED, 2), "it is less than 1, so it has no whole part (show it as a fraction)"),
    ((Fraction(1), Form.MIXED, 1), "it is a whole number, so it has no fraction part"),
    ((Fraction(1, 2), Form.FRACTION, 0), "the bottom number must be a whole number of at least 1, not 0"),
    ((Fraction(1, 2), Form.FRACTION, "4"), "the bottom number must be a whole number of at least 1, not '4'"),
    ((Fraction(1, 1), Form.FRACTION, True), "the bottom number must be a whole number of at least 1, not True"),
    ((Fraction(1, 2), Form.FRACTION, 3), "its bottom number must be a multiple of 2, and 3 is not"),
    ((Fraction(1, 4), Form.DECIMAL, None, 0, 0), "a decimal shows at least one digit after the point"),
    ((Fraction(1, 4), Form.DECIMAL, None, -1, 0), "decimal places must be whole numbers of at least 0, not -1 and 0"),
    ((Fraction(1, 3), Form.DECIMAL, None, 2, 0), "its digits do not stop after 2 decimal places"),
    ((Fraction(1, 4), Form.DECIMAL, None, 2, 1), "its digits stop after 2 decimal places, so nothing repeats"),
    ((Fraction(1, 7), Form.DECIMAL, None, 0, 3), "its digits after place 0 do not repeat every 3"),
    ((Fraction(1, 4), Form.PERCENT), "a percent needs an integer, fraction, mixed number or decimal before the '%'"),
    ((Fraction(1, 4), Form.PERCENT, None, 0, 0, parse_number("24")), "24% is not equal to it"),
])
def test_a_number_whose_parts_disagree_cannot_be_built(fields, why):
    value, form = fields[0], fields[1]
    with pytest.raises(NumberFormatError) as caught:
        ExactNumber(*fields)
    assert str(caught.value) == f"{value} cannot be shown as {SHOWN_AS[form]}: {why}"


def test_a_number_built_from_plain_values_is_exact():
    three = ExactNumber(3, "integer")
    assert three == parse_number("3") and three.form is Form.INTEGER
    assert isinstance(three.value, Fraction) and three.value / 2 == Fraction(3, 2)
    assert repr(parse_number("8/12")) == "parse_number('8/12')"
    with pytest.raises(TypeError) as caught:
        as_form(0.5, Form.DECIMAL)
    assert str(caught.value) == ("an exact Fraction or int is needed, not float 0.5 (floats are not exact; read text "
                                 "with parse_number)")


def test_huge_denominators_are_judged_exactly_not_by_floats():
    assert parse_number(f"1/{2 * (2 ** 54 + 1)}").has_repeating_decimal          # 1/(2 × odd): it repeats
    assert not parse_number(f"1/{5 ** 30}").has_repeating_decimal                # 1/5^30: it stops


@pytest.mark.parametrize("call, words", [
    (lambda: as_form(Fraction(1, 2), "fraction", places=2), "places= applies to decimals, not to a fraction"),
    (lambda: as_form(Fraction(1, 2), "decimal", denominator=4), "denominator= applies to fractions and mixed numbers, not to a decimal"),
    (lambda: as_form(3, "integer", inner="decimal"), "inner= applies to percents, not to an integer"),
    (lambda: as_form(Fraction(1, 2), "percent", inner="percent"), "inner= cannot be Form.PERCENT: a percent of a percent is not a card form"),
])
def test_a_form_option_that_does_not_apply_is_a_programming_error_said_plainly(call, words):
    with pytest.raises(TypeError) as caught:
        call()
    assert str(caught.value) == words


def test_places_are_kept_exactly_as_asked():
    assert str(as_form(Fraction(1, 5), "percent", places=2)) == "20.00%"
    assert str(as_form(Fraction(1, 4), "decimal", places=2)) == "0.25"   # just enough places: nothing to round
    with pytest.raises(NumberFormatError) as caught:
        as_form(Fraction(1, 8), "decimal", places=2)
    assert str(caught.value) == "1/8 cannot be shown as a decimal: it is 0.125, which needs 3 decimal places; 2 would round it"
