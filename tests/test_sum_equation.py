"""SUM's judge, verdict by verdict and field by field: what the station shows (the equation as
read, the reason in a child's words) and what the game counts (the value, the number and
operation cards used) for right, wrong and broken equations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from engine.expressions import Op, Order, Problem
from engine.sum.equation import Judged, judge

MUL, SUB, ADD, DIV = Op.MUL, Op.SUB, Op.ADD, Op.DIV


@pytest.mark.parametrize("tokens, options, expected", [
    ([3, MUL, 4, SUB, 2], {"target": 10}, Judged("3 × 4 − 2", "", "", Fraction(10), 3, 2)),
    ([3, MUL, 4, SUB, 2], {"target": 12}, Judged("3 × 4 − 2", "wrong", "3 × 4 − 2 = 10, not 12", Fraction(10), 3, 2,
                                                  {"made": "10", "target": 12})),
    # a minus card in front of a number: a real minus sign in what the screen says
    ([SUB, 3, SUB, 2], {"target": 1}, Judged("−3 − 2", "wrong", "−3 − 2 = −5, not 1", Fraction(-5), 2, 2,
                                             {"made": "−5", "target": 1})),
    ([SUB, 3, ADD, 15], {"target": -12 + 24}, Judged("−3 + 15", "", "", Fraction(12), 2, 2)),
    ([7, DIV, 2], {"target": 3}, Judged("7 ÷ 2", "remainder", "7 ÷ 2 leaves a remainder", None, 2, 1)),
    ([7, DIV, 2], {"target": Fraction(7, 2), "fractions": True}, Judged("7 ÷ 2", "", "", Fraction(7, 2), 2, 1)),
    ([5, DIV, 0], {"target": 1}, Judged("5 ÷ 0", "divide_by_zero", "You can't divide by 0", None, 2, 1)),
    ([], {"target": 1}, Judged("", "empty", "Lay an equation on the strip first")),
    ([3, 3], {"target": 6}, Judged("(3+3)", "no_operation", "Use at least one operation card")),
    # a pair counts its two cards; its value is the sum, or the product as an option
    ([2, 2, MUL, 3], {"target": 12}, Judged("(2+2) × 3", "", "", Fraction(12), 3, 1)),
    ([3, 3, ADD, 1], {"target": 10, "pairs": "product"}, Judged("(3×3) + 1", "", "", Fraction(10), 3, 1)),
    ([3, 3, ADD, 1], {"target": 10}, Judged("(3+3) + 1", "wrong", "(3+3) + 1 = 7, not 10", Fraction(7), 3, 1,
                                                  {"made": "7", "target": 10})),
    ([3, 4, ADD, 1], {"target": 8},
     Judged("3 4 + 1", "malformed", "Two numbers in a row: 3 4 (only two equal cards side by side make a pair)",
            values={"problem": {"code": "unequal_pair", "values": {"first": "3", "second": "4"}}})),
    ([3, 3, 3, ADD, 1], {"target": 8}, Judged("3 3 3 + 1", "malformed", "3 numbers in a row: a pair is two equal cards",
                                               values={"problem": {"code": "too_many_in_a_row", "values": {"count": "3"}}})),
    ([ADD, MUL, 3], {"target": 3}, Judged("+ × 3", "malformed", "An expression can't start with +", None, 1, 2)),
    ([2, ADD, 3, MUL, 4], {"target": 20, "order": Order.LEFT_TO_RIGHT}, Judged("2 + 3 × 4", "", "", Fraction(20), 3, 2)),
    ([2, ADD, 3, MUL, 4], {"target": 20}, Judged("2 + 3 × 4", "wrong", "2 + 3 × 4 = 14, not 20", Fraction(14), 3, 2,
                                                  {"made": "14", "target": 20})),
])
def test_every_verdict_says_what_was_read_why_and_what_it_counts(tokens, options, expected):
    judged = judge(tokens, **options)
    assert judged == expected
    assert judged.ok is (expected.code == "")


def test_a_wrong_fraction_is_told_in_exact_numbers():
    judged = judge([1, DIV, 3, SUB, 1], target=1, fractions=True)
    assert judged.message == "1 ÷ 3 − 1 = −2/3, not 1" and judged.value == Fraction(-2, 3)
    assert judged.values == {"made": "−2/3", "target": 1}  # for the station's words, in any language


@pytest.mark.parametrize("tokens, problem", [
    ([7, DIV, 2], Problem("remainder", {"dividend": "7", "divisor": "2"})),
    ([5, DIV, 0], Problem("division_by_zero")),
    ([ADD, MUL, 3], Problem("starts_with_operation", {"operation": "+"})),
    ([3, ADD, MUL, 4], Problem("two_operations", {"first": "+", "second": "×"})),
    ([3, ADD], Problem("ends_with_operation", {"operation": "+"})),
    ([SUB, SUB, 3], Problem("two_minus")),
])
def test_a_row_the_expressions_judge_refuses_keeps_its_problem_for_the_station_s_words(tokens, problem):
    """The shared problem's code and values, so the station words it in any language (the English
    message stays for the journal)."""
    judged = judge(tokens, target=3)
    assert judged.problem == problem and judged.message == problem.message


def test_a_pair_that_is_none_is_sum_s_own_problem_not_a_shared_one():
    judged = judge([3, 4, ADD, 1], target=8)
    assert judged.problem is None and judged.values["problem"]["code"] == "unequal_pair"
    assert judge([3, MUL, 4], target=12).problem is None
