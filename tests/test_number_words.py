"""Numbers read as they are taught: every number form the decks print, as a child hears it."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.catalog import load_catalog
from engine.numbers import parse_number
from station.speech.numbers import say_expression, say_integer, say_number, say_op, say_text_number, say_value

#: Card text -> words: at least one of every form the decks use (and the odd ones among them).
CARDS = [
    # whole numbers (Math Wars 1-100, SUM, Who's Counting?, Big Bang)
    ("1", "one"), ("7", "seven"), ("12", "twelve"), ("15", "fifteen"), ("20", "twenty"), ("21", "twenty-one"),
    ("99", "ninety-nine"), ("100", "one hundred"),
    # fractions, reduced and not: said as shown
    ("1/2", "one half"), ("1/3", "one third"), ("1/4", "one quarter"), ("3/4", "three quarters"),
    ("3/5", "three fifths"), ("2/3", "two thirds"), ("5/6", "five sixths"), ("7/8", "seven eighths"),
    ("1/10", "one tenth"), ("9/10", "nine tenths"), ("2/4", "two quarters"), ("8/12", "eight twelfths"),
    ("4/16", "four sixteenths"), ("3/9", "three ninths"), ("2/10", "two tenths"),
    # improper
    ("3/2", "three halves"), ("5/4", "five quarters"),
    # mixed
    ("1 1/2", "one and a half"), ("2 1/4", "two and a quarter"), ("2 3/4", "two and three quarters"),
    ("1 1/3", "one and a third"),
    # decimals, digit by digit, trailing zeros as printed
    ("0.1", "zero point one"), ("0.25", "zero point two five"), ("0.125", "zero point one two five"),
    ("0.200", "zero point two zero zero"), ("0.50", "zero point five zero"), ("1.0", "one point zero"),
    ("1.25", "one point two five"), ("1.5", "one point five"),
    # repeating decimals
    ("0.(3)", "zero point three repeating"), ("0.(6)", "zero point six repeating"),
    ("0.1(6)", "zero point one six repeating"), ("0.8(3)", "zero point eight three repeating"),
    ("0.58(3)", "zero point five eight three repeating"),
    # percents
    ("10%", "ten percent"), ("100%", "one hundred percent"), ("125%", "one hundred twenty-five percent"),
    ("12.5%", "twelve point five percent"), ("37.5%", "thirty-seven point five percent"),
    ("33 1/3%", "thirty-three and a third percent"), ("16 2/3%", "sixteen and two thirds percent"),
    # negatives
    ("-5", "negative five"), ("-3/4", "negative three quarters"), ("-2 1/2", "negative two and a half"),
    ("-0.25", "negative zero point two five"),
]


@pytest.mark.parametrize(("text", "words"), CARDS)
def test_a_card_s_number_is_read_as_it_is_shown(text: str, words: str) -> None:
    assert say_number(parse_number(text)) == words


def test_every_number_on_every_card_can_be_said_in_plain_words() -> None:
    """No digit, slash, bracket or sign left over for the speech engine to spell out its own way."""
    catalog = load_catalog()
    for game in catalog.games:
        for card in catalog.game(game).cards():
            if card.face.number is not None:
                words = say_number(card.face.number)
                assert words and all(c.isalpha() or c in " -" for c in words), (card.id, words)


@pytest.mark.parametrize(("n", "words"), [
    (0, "zero"), (13, "thirteen"), (40, "forty"), (105, "one hundred five"), (999, "nine hundred ninety-nine"),
    (1000, "one thousand"), (1234, "one thousand two hundred thirty-four"), (100_000, "one hundred thousand"),
    (-3, "negative three"), (2_000_000, "two million"),
])
def test_whole_numbers(n: int, words: str) -> None:
    assert say_integer(n) == words


@pytest.mark.parametrize(("value", "words"), [
    (Fraction(2, 3), "two thirds"), (Fraction(8, 12), "two thirds"), (Fraction(3, 2), "one and a half"),
    (Fraction(-7, 2), "negative three and a half"), (Fraction(1, 20), "one twentieth"),
    (Fraction(1, 21), "one twenty-first"), (Fraction(1, 100), "one one hundredth"), (19, "nineteen"), (-4, "negative four"),
])
def test_a_computed_value_is_read_in_its_simplest_form(value: Fraction | int, words: str) -> None:
    assert say_value(value) == words


@pytest.mark.parametrize(("text", "words"), [
    ("7 × 6", "seven times six"),
    ("3 × 6 − 2", "three times six minus two"),
    ("12 ÷ 4 + 1", "twelve divided by four plus one"),
    ("(2+2) × 3", "open bracket two plus two close bracket times three"),
    ("2 × 4 × 10 ÷ (8+8)", "two times four times ten divided by open bracket eight plus eight close bracket"),
    ("−5 + 1", "negative five plus one"),
    ("6 - -2", "six minus negative two"),
    ("1/2 + 1/4", "one half plus one quarter"),
    ("√ 144 = 12", "the square root of one hundred forty-four equals twelve"),
])
def test_operations(text: str, words: str) -> None:
    assert say_expression(text) == words


def test_signs_and_text_that_is_not_a_number() -> None:
    assert [say_op(op) for op in ("+", "-", "−", "×", "÷")] == ["plus", "minus", "minus", "times", "divided by"]
    assert say_text_number("−5") == "negative five"
    assert say_text_number("STOP") == "STOP"


@pytest.mark.parametrize(("text", "words"), [
    ("0.(3) > 1/2: out of order", "Zero point three repeating is greater than one half. Out of order."),
    ("0.(6) ≠ 2/3", "Zero point six repeating is not equal to two thirds."),
    ("2.(1)", "Two point one repeating."),
])
def test_a_sentence_reads_a_decimal_that_repeats_from_its_point(text: str, words: str) -> None:
    """Math Rush's 0.(1), 0.(2), 0.(3) and 0.(6) cards in a verdict (were "Zero.(three)")."""
    from station.speech.numbers import say_sentence

    assert say_sentence(text) == words


def test_an_expression_reads_a_decimal_that_repeats_from_its_point() -> None:
    assert say_expression("0.(3) + 1") == "zero point three repeating plus one"


def test_math_rush_says_a_wrong_repeating_card_once_and_in_words() -> None:
    from station.games.math_rush.spoken import lines

    event = {"type": "card_played", "ok": False, "shown": "0.(3)", "reason": "0.(3) > 1/2: out of order"}
    assert [line.words for line in lines([event], {}, "press")] == [
        "Zero point three repeating is greater than one half. Out of order."]


@pytest.mark.parametrize(("text", "words"), [("7 x 6", "Seven times six."), ("7x6 = 42", "Seven times six equals forty-two."),
                                             ("x is 3", "X is three.")])
def test_the_letter_x_between_numbers_is_read_as_times(text: str, words: str) -> None:
    """What a maker types for `mathstation say` (was "Seven x six": the letter spelled out)."""
    from station.speech.numbers import say_sentence

    assert say_sentence(text) == words
