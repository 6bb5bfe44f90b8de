"""Card expressions: evaluate() against independent references, its verdicts, and the solver."""

from __future__ import annotations

import doctest
import itertools
import operator
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import expressions
from engine.expressions import Op, Order, Verdict, evaluate, format_expression, solve

ADD, SUB, MUL, DIV = Op.ADD, Op.SUB, Op.MUL, Op.DIV
LTR = Order.LEFT_TO_RIGHT


class Card:
    """Stands in for the engine's ExactNumber: an exact .value that prints itself."""

    def __init__(self, value, text):
        self.value, self.text = Fraction(value), text

    def __str__(self):
        return self.text


# --------------------------------------------------------------------------- references

numbers = st.one_of(
    st.integers(-12, 12), st.fractions(min_value=-5, max_value=5, max_denominator=6)
)


@st.composite
def rows(draw, max_numbers=6):
    """A well-formed row: numbers (some with a unary minus) with binary operations between."""
    terms = draw(st.lists(st.tuples(st.booleans(), numbers), min_size=1, max_size=max_numbers))
    ops = draw(st.lists(st.sampled_from(Op), min_size=len(terms) - 1, max_size=len(terms) - 1))
    tokens = []
    for i, (negative, number) in enumerate(terms):
        if i:
            tokens.append(ops[i - 1])
        tokens += [SUB, number] if negative else [number]
    return tokens


def operands(tokens):
    """(numbers with unary minus applied, binary ops) of a well-formed row."""
    values, ops, negate = [], [], False
    for previous, token in zip([None, *tokens], tokens):
        if not isinstance(token, Op):
            values.append(-Fraction(token) if negate else Fraction(token))
            negate = False
        elif previous is None or isinstance(previous, Op):
            negate = True
        else:
            ops.append(token)
    return values, ops


def python_value(tokens):
    """Python's own precedence over Fraction literals; eval sees only text built here."""
    values, ops = operands(tokens)
    source = f"Fraction({values[0].numerator}, {values[0].denominator})"
    for op, v in zip(ops, values[1:]):
        source += f" {'+-*/'[list(Op).index(op)]} Fraction({v.numerator}, {v.denominator})"
    try:
        return eval(source, {"__builtins__": {}, "Fraction": Fraction})
    except ZeroDivisionError:
        return None


FOLD = {ADD: operator.add, SUB: operator.sub, MUL: operator.mul, DIV: operator.truediv}


def folded_value(tokens):
    values, ops = operands(tokens)
    value = values[0]
    for op, v in zip(ops, values[1:]):
        if op is DIV and v == 0:
            return None
        value = FOLD[op](value, v)
    return value


# --------------------------------------------------------------------------- evaluate: properties


@given(rows())
def test_standard_order_agrees_with_python_precedence(tokens):
    expected = python_value(tokens)
    result = evaluate(tokens)
    if expected is None:
        assert result.verdict is Verdict.DIVISION_BY_ZERO and result.value is None
    else:
        assert result.ok and result.value == expected and result.message == ""


@given(rows())
def test_left_to_right_agrees_with_a_fold(tokens):
    expected = folded_value(tokens)
    result = evaluate(tokens, order=LTR)
    if expected is None:
        assert result.verdict is Verdict.DIVISION_BY_ZERO
    else:
        assert result.ok and result.value == expected


@given(rows(), st.sampled_from(Order))
def test_whole_number_games_only_reject_never_change_a_value(tokens, order):
    free = evaluate(tokens, order=order)
    whole = evaluate(tokens, order=order, whole_numbers=True)
    if whole.ok:
        assert free.ok and whole.value == free.value and whole.value.denominator == 1
    elif free.ok:
        assert whole.verdict in (Verdict.REMAINDER, Verdict.NOT_WHOLE) and whole.message
    if free.ok and free.value.denominator != 1:
        assert not whole.ok


GRAMMAR = re.compile(r"s?n(?:[os]s?n)*")  # n number, s minus, o other operation


@given(st.lists(st.sampled_from([0, 1, 7, ADD, SUB, MUL, DIV]), max_size=7))
def test_any_card_soup_is_judged_malformed_exactly_when_it_breaks_the_grammar(tokens):
    shape = "".join("s" if t is SUB else "o" if isinstance(t, Op) else "n" for t in tokens)
    result = evaluate(tokens)
    assert (result.verdict is Verdict.MALFORMED) == (GRAMMAR.fullmatch(shape) is None)
    assert result.ok or result.message


# --------------------------------------------------------------------------- evaluate: examples


def test_precedence_and_left_to_right_differ_on_2_plus_3_times_4():
    assert evaluate([2, ADD, 3, MUL, 4]).value == 14
    assert evaluate([2, ADD, 3, MUL, 4], order=LTR).value == 20
    assert evaluate([2, ADD, 3, MUL, 4], order="left-to-right").value == 20


@pytest.mark.parametrize(
    "tokens, standard, left_to_right",
    [
        ([SUB, 3, MUL, 4], -12, -12),
        ([5, MUL, SUB, 2], -10, -10),
        ([5, SUB, SUB, 2], 7, 7),
        ([SUB, 3, ADD, 4, MUL, 2], 5, 2),
        ([6, DIV, SUB, 3, SUB, 1], -3, -3),
    ],
)
def test_unary_minus_negates_the_number_it_stands_in_front_of(tokens, standard, left_to_right):
    assert evaluate(tokens).value == standard
    assert evaluate(tokens, order=LTR).value == left_to_right


@pytest.mark.parametrize("order", list(Order))
@pytest.mark.parametrize("tokens", [[7, DIV, 0], [7, DIV, SUB, 0], [5, ADD, 2, DIV, 0, MUL, 3]])
def test_division_by_zero_is_a_verdict(tokens, order):
    assert evaluate(tokens, order=order) == expressions.Evaluation(
        Verdict.DIVISION_BY_ZERO, None, "You can't divide by 0"
    )


def test_division_by_zero_outranks_a_remainder_earlier_in_the_row():
    result = evaluate([7, DIV, 2, ADD, 1, DIV, 0], whole_numbers=True)
    assert result.verdict is Verdict.DIVISION_BY_ZERO


@pytest.mark.parametrize(
    "tokens, order, message",
    [
        ([2, MUL, 6, DIV, 5], Order.STANDARD, "12 ÷ 5 leaves a remainder"),
        ([10, ADD, 2, DIV, 5], Order.STANDARD, "2 ÷ 5 leaves a remainder"),
        ([10, ADD, 2, DIV, 5], LTR, "12 ÷ 5 leaves a remainder"),
        ([SUB, 7, DIV, 2, MUL, 2], Order.STANDARD, "−7 ÷ 2 leaves a remainder"),
        ([Fraction(1, 2), DIV, 3], Order.STANDARD, "1/2 ÷ 3 is not a whole number"),
    ],
)
def test_remainder_names_the_uneven_step(tokens, order, message):
    result = evaluate(tokens, order=order, whole_numbers=True)
    assert (result.verdict, result.value, result.message) == (Verdict.REMAINDER, None, message)
    assert evaluate(tokens, order=order).ok  # without the whole-number rule it is fine


def test_fractions_are_fine_unless_the_game_wants_whole_numbers():
    assert evaluate([1, DIV, 3]).value == Fraction(1, 3)
    assert evaluate([12, DIV, 4], whole_numbers=True).value == 3
    result = evaluate([Fraction(1, 2), ADD, 1], whole_numbers=True)
    assert result.verdict is Verdict.NOT_WHOLE
    assert result.message == "The answer 3/2 is not a whole number"


@pytest.mark.parametrize(
    "tokens, message",
    [
        ([], "There are no cards in the expression yet"),
        ([MUL, 3], "An expression can't start with ×"),
        ([3, ADD], "An expression can't end with +"),
        ([3, MUL, SUB], "An expression can't end with −"),
        ([3, 4], "Two numbers in a row: 3 4"),
        ([3, ADD, MUL, 4], "Two operations in a row: + ×"),
        ([3, MUL, SUB, DIV, 4], "Two operations in a row: − ÷"),
        ([SUB, SUB, 3], "Only one − can go in front of a number"),
        ([3, MUL, SUB, SUB, 4], "Only one − can go in front of a number"),
    ],
)
def test_malformed_rows_say_what_is_wrong(tokens, message):
    assert evaluate(tokens) == expressions.Evaluation(Verdict.MALFORMED, None, message)


@pytest.mark.parametrize("bad", ["+", 0.5, True, None])
def test_a_token_that_is_not_a_card_is_a_programmer_error(bad):
    with pytest.raises(TypeError):
        evaluate([1, ADD, bad])
    with pytest.raises(TypeError):
        solve([1, 2], 3, ops=[ADD, bad])


def test_cards_with_an_exact_value_are_read_and_print_themselves():
    row = [Card(Fraction(1, 2), "0.5"), MUL, SUB, Card(4, "4")]
    assert evaluate(row).value == -2
    assert format_expression(row) == "0.5 × −4"


def test_format_expression_uses_the_printed_signs():
    assert format_expression([SUB, 3, MUL, 4, ADD, Fraction(1, 2)]) == "−3 × 4 + 1/2"
    assert format_expression([5, MUL, -2, SUB, Fraction(-1, 3)]) == "5 × −2 − −1/3"
    assert format_expression([5, MUL, SUB, -2]) == "5 × −(−2)"
    assert format_expression([3, ADD, MUL]) == "3 + ×"


@pytest.mark.parametrize(
    "text, op", [("+", ADD), ("-", SUB), ("−", SUB), ("x", MUL), ("X", MUL), ("*", MUL),
                 ("×", MUL), ("/", DIV), ("÷", DIV), (" x ", MUL)],
)
def test_op_parse_reads_every_spelling(text, op):
    assert Op.parse(text) is op


def test_ops_display_with_proper_signs_and_reject_unknown_text():
    assert [str(op) for op in Op] == ["+", "−", "×", "÷"]
    assert f"{SUB}" == SUB.symbol == "−"
    with pytest.raises(ValueError, match="not an operation"):
        Op.parse("%")


# --------------------------------------------------------------------------- solve


def rows_of(result):
    return [s.tokens for s in result.solutions]


def test_solver_finds_every_row_shortest_first_in_hand_order():
    result = solve([3, 4, 6], 18, ops=[MUL, ADD])
    assert [str(s) for s in result.solutions] == [
        "3 × 6", "6 × 3", "3 × 4 + 6", "4 × 3 + 6", "6 + 3 × 4", "6 + 4 × 3"
    ]
    assert result.complete and all(s.value == 18 for s in result.solutions)
    assert solve([3, 4, 6], 18, ops=[MUL, ADD]) == result  # same question, same answer


def test_each_number_card_is_used_at_most_once_and_equal_cards_give_one_row():
    assert solve([2, 3], 4) == expressions.SolveResult((), True)
    found = rows_of(solve([2, 2, 3], 4))
    assert found.count((2, ADD, 2)) == 1 and (2, MUL, 2) in found
    assert len(found) == len(set(found))


def test_each_operation_card_is_used_at_most_once():
    assert rows_of(solve([2, 3, 4], 9, ops=[ADD])) == []
    assert (2, ADD, 3, ADD, 4) in rows_of(solve([2, 3, 4], 9, ops=[ADD, ADD]))


def test_a_unary_minus_uses_up_a_minus_card():
    assert rows_of(solve([3], -3, ops=[])) == []
    assert rows_of(solve([3], -3, ops=[SUB])) == [(SUB, 3)]
    assert rows_of(solve([3], -3, allow_unary_minus=False)) == []


def test_max_op_count_limits_one_kind_of_operation():
    free = rows_of(solve([2, 3, 4], 24))
    capped = rows_of(solve([2, 3, 4], 24, max_op_count={MUL: 1}))
    assert (2, MUL, 3, MUL, 4) in free
    assert capped == [row for row in free if row.count(MUL) <= 1]


def test_min_ops_and_number_counts_shape_the_rows():
    assert rows_of(solve([5, 0], 5))[0] == (5,)
    assert (5,) not in rows_of(solve([5, 0], 5, min_ops=1))
    assert rows_of(solve([5, 1, 1], 5, min_numbers=3, max_numbers=3, ops=[MUL, MUL])) == [
        (5, MUL, 1, MUL, 1), (1, MUL, 5, MUL, 1), (1, MUL, 1, MUL, 5)
    ]


def test_order_and_whole_numbers_change_what_counts_as_a_solution():
    assert (2, ADD, 3, MUL, 4) in rows_of(solve([2, 3, 4], 20, order=LTR))
    assert (2, ADD, 3, MUL, 4) not in rows_of(solve([2, 3, 4], 20))
    assert (7, DIV, 2) in rows_of(solve([7, 2], Fraction(7, 2)))
    assert (Fraction(1, 2), DIV, 1, MUL, 2) in rows_of(solve([Fraction(1, 2), 1, 2], 1))
    assert solve([7, 2], Fraction(7, 2), whole_numbers=True) == expressions.SolveResult((), True)


def test_accept_filters_and_solutions_carry_the_hands_own_cards():
    three, four = Card(3, "3"), Card(4, "4")
    result = solve([three, four], 7, ops=[ADD], accept=lambda row: row[0] is four)
    assert rows_of(result) == [(four, ADD, three)]
    assert result.solutions[0].tokens[2] is three


def test_budget_and_max_solutions_stop_the_search_and_say_so():
    result = solve([1, 2, 3, 4, 5, 6, 7], 1000, budget=5_000)
    assert not result.complete
    assert solve([1, 2, 3, 4, 5, 6, 7], 1000, budget=5_000) == result
    full = solve([3, 4, 6], 18, ops=[MUL, ADD])
    cut = solve([3, 4, 6], 18, ops=[MUL, ADD], budget=10)
    assert full.complete and not cut.complete
    assert cut.solutions == full.solutions[: len(cut.solutions)]
    enough = solve([1, 2, 3, 4], 10, max_solutions=3)
    assert len(enough.solutions) == 3 and not enough.complete


def brute_force(hand, target, ops, order, whole, min_ops, max_mul):
    """Every distinct row from the hand that makes the target, judged by evaluate()."""
    found = set()
    for k in range(1, len(hand) + 1):
        for picked in itertools.permutations(hand, k):
            for binary in itertools.product(Op, repeat=k - 1):
                for minus in itertools.product([False, True], repeat=k):
                    row = []
                    for i, number in enumerate(picked):
                        row += [binary[i - 1]] if i else []
                        row += [SUB, number] if minus[i] else [number]
                    used = Counter(t for t in row if isinstance(t, Op))
                    if ops is not None and used - Counter(ops):
                        continue
                    too_many_mul = max_mul is not None and used[MUL] > max_mul
                    if sum(used.values()) < min_ops or too_many_mul:
                        continue
                    judged = evaluate(row, order=order, whole_numbers=whole)
                    if judged.ok and judged.value == target:
                        found.add(tuple(row))
    return found


@settings(max_examples=80, deadline=None)
@given(
    hand=st.lists(st.integers(0, 6) | st.just(Fraction(1, 2)), min_size=1, max_size=3),
    target=st.integers(-6, 12) | st.sampled_from([Fraction(1, 2), Fraction(-3, 2)]),
    ops=st.one_of(st.none(), st.lists(st.sampled_from(Op), max_size=4)),
    order=st.sampled_from(Order),
    whole=st.booleans(),
    min_ops=st.integers(0, 2),
    max_mul=st.one_of(st.none(), st.integers(0, 1)),
)
def test_solver_finds_exactly_the_rows_a_brute_force_finds(
    hand, target, ops, order, whole, min_ops, max_mul
):
    caps = None if max_mul is None else {MUL: max_mul}
    result = solve(hand, target, ops=ops, order=order, whole_numbers=whole, min_ops=min_ops,
                   max_op_count=caps, max_solutions=10_000)
    found = rows_of(result)
    assert result.complete
    assert len(found) == len(set(found))
    assert set(found) == brute_force(hand, target, ops, order, whole, min_ops, max_mul)
    for solution in result.solutions:
        judged = evaluate(solution.tokens, order=order, whole_numbers=whole)
        assert judged.value == solution.value == target
    lengths = [sum(not isinstance(t, Op) for t in row) for row in found]
    assert lengths == sorted(lengths)


def test_module_examples_run():
    assert doctest.testmod(expressions).failed == 0


def test_exact_numbers_print_in_their_card_form_with_real_minus_signs() -> None:
    from engine.numbers import parse_number

    row = [parse_number("8/12"), Op.MUL, Op.SUB, parse_number("-0.(3)"), Op.ADD, parse_number("37.5%")]
    assert format_expression(row) == "8/12 × −(−0.(3)) + 37.5%"
    assert evaluate(row).value == Fraction(2, 3) * Fraction(1, 3) + Fraction(3, 8)
