"""Card expressions: judge a row of number and operation cards, and search a hand for rows that
make a target.

A child lays cards left to right. :func:`evaluate` reads the row exactly (fractions, never
floats) and answers with a :class:`Verdict` and words a child can read; a bad row is judged, not
refused, so nothing here raises for a wrong play. Only a programmer error (a token that is
neither a number nor an :class:`Op`) raises ``TypeError``.

>>> evaluate([2, Op.ADD, 3, Op.MUL, 4]).value
Fraction(14, 1)
>>> evaluate([2, Op.ADD, 3, Op.MUL, 4], order=Order.LEFT_TO_RIGHT).value
Fraction(20, 1)
>>> evaluate([Op.SUB, 3, Op.MUL, 4]).value
Fraction(-12, 1)
>>> evaluate([12, Op.DIV, 5], whole_numbers=True).message
'12 ÷ 5 leaves a remainder'
>>> evaluate([7, Op.ADD, Op.MUL, 2]).message
'Two operations in a row: + ×'
>>> evaluate([12, Op.DIV, 5], whole_numbers=True).problem
Problem(code='remainder', values={'dividend': '12', 'divisor': '5'})
>>> format_expression([Op.SUB, 3, Op.MUL, 4, Op.ADD, Fraction(1, 2)])
'−3 × 4 + 1/2'

:func:`solve` answers "could this hand make 24?" for hints:

>>> [str(s) for s in solve([3, 4, 6], 18, ops=[Op.MUL, Op.ADD]).solutions]
['3 × 6', '6 × 3', '3 × 4 + 6', '4 × 3 + 6', '6 + 3 × 4', '6 + 4 × 3']
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = [
    "Evaluation",
    "Op",
    "Order",
    "PROBLEM_MESSAGES",
    "Problem",
    "Solution",
    "SolveResult",
    "Verdict",
    "evaluate",
    "format_expression",
    "solve",
]

MINUS_SIGN = "\u2212"  # the real minus sign children see in print; ASCII '-' is a hyphen


class Op(str, enum.Enum):
    """An operation card. ``str()`` and f-strings show the printed sign (``+ − × ÷``)."""

    ADD = "+"
    SUB = "-"
    MUL = "×"
    DIV = "÷"

    @property
    def symbol(self) -> str:
        """The sign as printed on the card: ``+``, ``−`` (U+2212), ``×`` or ``÷``."""
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Op:
        """Read an operation from text, e.g. ``Op.parse("x") is Op.MUL``.

        Accepts ``+``, ``-``, ``−``, ``x``, ``X``, ``*``, ``×``, ``/`` and ``÷`` (surrounding
        spaces are ignored). Anything else raises ``ValueError``.
        """
        if isinstance(text, Op):
            return text
        try:
            return _SPELLINGS[text.strip()]
        except (KeyError, AttributeError):
            raise ValueError(
                f"not an operation: {text!r} (use one of + - − x X * × / ÷)"
            ) from None

    def __str__(self) -> str:
        return self.symbol

    def __format__(self, spec: str) -> str:
        return format(self.symbol, spec)


_SYMBOLS = {Op.ADD: "+", Op.SUB: MINUS_SIGN, Op.MUL: "×", Op.DIV: "÷"}
_SPELLINGS = {
    "+": Op.ADD,
    "-": Op.SUB,
    MINUS_SIGN: Op.SUB,
    "x": Op.MUL,
    "X": Op.MUL,
    "*": Op.MUL,
    "×": Op.MUL,
    "/": Op.DIV,
    "÷": Op.DIV,
}


class Order(str, enum.Enum):
    """How a row is worked out."""

    STANDARD = "standard"  # × and ÷ before + and −
    LEFT_TO_RIGHT = "left-to-right"  # strictly as laid out


class Verdict(str, enum.Enum):
    """What a row of cards amounts to. Only ``OK`` carries a value."""

    OK = "ok"
    DIVISION_BY_ZERO = "division_by_zero"
    REMAINDER = "remainder"  # whole-number games: a division step does not come out even
    NOT_WHOLE = "not_whole"  # whole-number games: the answer itself is a fraction
    MALFORMED = "malformed"  # not a readable expression (two numbers in a row, ends with ×, ...)


#: Every problem a row can have, by its code: the English sentence, its values by name. The
#: station words a problem in the language of the moment from its code and values
#: (``station/ui/problem_words.py``); journals and logs keep this English ``message``.
PROBLEM_MESSAGES: Mapping[str, str] = {
    "empty": "There are no cards in the expression yet",
    "two_numbers": "Two numbers in a row: {first} {second}",
    "two_minus": "Only one " + MINUS_SIGN + " can go in front of a number",
    "two_operations": "Two operations in a row: {first} {second}",
    "starts_with_operation": "An expression can't start with {operation}",
    "ends_with_operation": "An expression can't end with {operation}",
    "division_by_zero": "You can't divide by 0",
    "remainder": "{dividend} ÷ {divisor} leaves a remainder",
    "step_not_whole": "{dividend} ÷ {divisor} is not a whole number",
    "not_whole": "The answer {value} is not a whole number",
}


@dataclass(frozen=True)
class Problem:
    """Why a row has no answer, as data: ``code`` (a key of ``PROBLEM_MESSAGES``) and the
    ``values`` its sentence shows, each as a child reads it (``"12"``, ``"−3"``, ``"1/2"``,
    ``"×"``), so the station can say it in any language. JSON-ready with ``as_json``."""

    code: str
    values: Mapping[str, str] = field(default_factory=dict)

    @property
    def message(self) -> str:
        """The English sentence, as journals and logs keep it."""
        return PROBLEM_MESSAGES[self.code].format(**self.values)

    def as_json(self) -> dict[str, Any]:
        """What an event carries: ``{"code": "remainder", "values": {"dividend": "12", "divisor": "5"}}``."""
        return {"code": self.code, "values": dict(self.values)}


@dataclass(frozen=True)
class Evaluation:
    """The verdict on one row of cards.

    ``value`` is the exact answer when the verdict is ``OK`` and ``None`` otherwise; ``message``
    is ``""`` when OK and otherwise a sentence a child can read (English); ``problem`` is the
    same as data (its code and values), for words in the station's language.
    """

    verdict: Verdict
    value: Fraction | None
    message: str
    problem: Problem | None = field(default=None, compare=False)  # the message's own data: it adds nothing to compare

    @property
    def ok(self) -> bool:
        return self.verdict is Verdict.OK


# --------------------------------------------------------------------------- reading cards


def _number_value(token: Any) -> Fraction:
    """The exact value of a number card; ``TypeError`` for anything that is not one."""
    if isinstance(token, bool):
        raise TypeError(f"a card must be a number or an Op, not the bool {token!r}")
    if isinstance(token, int):
        return Fraction(token)
    if isinstance(token, Fraction):
        return token
    if isinstance(token, float):
        raise TypeError(f"a number card must be exact, not the float {token!r} (use Fraction)")
    if isinstance(token, str):
        raise TypeError(
            f"a card must be a number or an Op, not the text {token!r} (use Op.parse for signs)"
        )
    value = getattr(token, "value", None)
    if isinstance(value, (int, Fraction)) and not isinstance(value, bool):
        return Fraction(value)
    raise TypeError(
        f"a card must be an int, a Fraction, an object with an exact .value, or an Op; "
        f"not {token!r}"
    )


def _card_value(token: Any) -> Fraction | None:
    """The value of a number card, or ``None`` for an operation card."""
    if isinstance(token, Op):
        return None
    return _number_value(token)


def _show_value(value: Fraction | int) -> str:
    """A computed value as a child reads it: ``12``, ``−3``, ``1/2``."""
    return str(value).replace("-", MINUS_SIGN)


def _show_number(token: Any) -> str:
    """A number card as printed. Objects with ``.value`` print themselves."""
    if isinstance(token, (int, Fraction)):
        return _show_value(token)
    pretty = getattr(token, "pretty", None)   # ExactNumber: the card's own form, with a real minus sign
    return pretty() if callable(pretty) else str(token)


def format_expression(tokens: Iterable[Any]) -> str:
    """The row as a child reads it, with proper signs: ``'−3 × 4 + 1/2'``.

    A minus card standing as a unary minus (at the start or after another operation, in front of
    a number) is written against its number. Malformed rows still print, card by card.
    """
    tokens = tuple(tokens)
    values = [_card_value(t) for t in tokens]
    parts: list[str] = []
    i = 0
    while i < len(tokens):
        token = tokens[i]
        after_op = i == 0 or values[i - 1] is None
        if token is Op.SUB and after_op and i + 1 < len(tokens) and values[i + 1] is not None:
            number = _show_number(tokens[i + 1])
            if number.startswith(("-", MINUS_SIGN)):
                number = f"({number})"
            parts.append(MINUS_SIGN + number)
            i += 2
            continue
        parts.append(token.symbol if values[i] is None else _show_number(token))
        i += 1
    return " ".join(parts)


def _parse(tokens: tuple, values: list) -> tuple[list[Fraction], list[Op]] | Problem:
    """Split a row into operand values (unary minus applied) and binary operations.

    Returns the problem instead when the row is not a readable expression.
    """
    if not tokens:
        return Problem("empty")
    numbers: list[Fraction] = []
    ops: list[Op] = []
    expect_number = True
    i = 0
    while i < len(tokens):
        token, value = tokens[i], values[i]
        if not expect_number:
            if value is not None:
                return Problem("two_numbers", {"first": _show_number(tokens[i - 1]),
                                               "second": _show_number(token)})
            ops.append(token)
            expect_number = True
            i += 1
            continue
        if value is not None:
            numbers.append(value)
            expect_number = False
            i += 1
            continue
        if token is Op.SUB:  # a unary minus: it must stand directly in front of a number
            if i + 1 == len(tokens):
                break
            following, following_value = tokens[i + 1], values[i + 1]
            if following_value is None:
                if following is Op.SUB:
                    return Problem("two_minus")
                return Problem("two_operations", {"first": str(token), "second": str(following)})
            numbers.append(-following_value)
            expect_number = False
            i += 2
            continue
        if i == 0:
            return Problem("starts_with_operation", {"operation": str(token)})
        return Problem("two_operations", {"first": str(tokens[i - 1]), "second": str(token)})
    if expect_number:
        return Problem("ends_with_operation", {"operation": str(tokens[-1])})
    return numbers, ops


# --------------------------------------------------------------------------- evaluating


def _remainder(dividend: Fraction, divisor: Fraction) -> Problem:
    step = {"dividend": _show_value(dividend), "divisor": _show_value(divisor)}
    whole = dividend.denominator == 1 and divisor.denominator == 1
    return Problem("remainder" if whole else "step_not_whole", step)


def _judged(verdict: Verdict, problem: Problem) -> Evaluation:
    return Evaluation(verdict, None, problem.message, problem)


def evaluate(
    tokens: Iterable[Any], *, order: Order = Order.STANDARD, whole_numbers: bool = False
) -> Evaluation:
    """Judge a row of cards and work out its value exactly.

    ``order`` chooses standard precedence (× ÷ before + −) or strictly left to right. With
    ``whole_numbers`` (games where "all answers must be whole numbers") every division step must
    come out even and the answer must be whole. Problems are reported in this order: malformed,
    division by zero (anywhere in the row), the first uneven division step, a fractional answer.
    """
    tokens = tuple(tokens)
    values = [_card_value(t) for t in tokens]
    parsed = _parse(tokens, values)
    if isinstance(parsed, Problem):
        return _judged(Verdict.MALFORMED, parsed)
    numbers, ops = parsed
    # A divisor is always a single card (÷ binds tightest in both orders), so ÷ 0 is visible
    # without working anything out.
    if any(op is Op.DIV and divisor == 0 for op, divisor in zip(ops, numbers[1:])):
        return _judged(Verdict.DIVISION_BY_ZERO, Problem("division_by_zero"))

    if Order(order) is Order.STANDARD:
        total, sign, term = Fraction(0), 1, numbers[0]  # the value is total + sign × term
        for op, number in zip(ops, numbers[1:]):
            if op is Op.MUL:
                term *= number
            elif op is Op.DIV:
                if whole_numbers and (term / number).denominator != 1:
                    return _uneven(term, number)
                term /= number
            else:
                total += sign * term
                sign, term = (1 if op is Op.ADD else -1), number
        value = total + sign * term
    else:
        value = numbers[0]
        for op, number in zip(ops, numbers[1:]):
            if op is Op.ADD:
                value += number
            elif op is Op.SUB:
                value -= number
            elif op is Op.MUL:
                value *= number
            else:
                if whole_numbers and (value / number).denominator != 1:
                    return _uneven(value, number)
                value /= number

    if whole_numbers and value.denominator != 1:
        return _judged(Verdict.NOT_WHOLE, Problem("not_whole", {"value": _show_value(value)}))
    return Evaluation(Verdict.OK, value, "")


def _uneven(dividend: Fraction, divisor: Fraction) -> Evaluation:
    return _judged(Verdict.REMAINDER, _remainder(dividend, divisor))


# --------------------------------------------------------------------------- solving


@dataclass(frozen=True)
class Solution:
    """A row of cards from the hand that makes the target; ``str()`` prints it for a child."""

    tokens: tuple
    value: Fraction

    def __str__(self) -> str:
        return format_expression(self.tokens)


@dataclass(frozen=True)
class SolveResult:
    """What :func:`solve` found.

    ``complete`` is True when every candidate row was examined: then ``solutions`` lists every
    solution, and an empty tuple means the hand cannot make the target. It is False when the
    search stopped early (``budget`` ran out, or ``max_solutions`` were found).
    """

    solutions: tuple[Solution, ...]
    complete: bool


class _StopSearch(Exception):
    """Unwinds the search when the budget runs out or enough solutions are found."""


_UNLIMITED = 1 << 62  # "as many as you like" without special-casing None in the hot loop


class _Search:
    """Depth-first search over rows of exactly ``k`` numbers, for k = shortest to longest.

    Equal number cards (same value, same print) form one group and each operation kind is tried
    once, so every row is produced at most once. The value is worked out as the row grows, so
    ÷ 0 and (in whole-number games) uneven divisions cut a branch at once, in either order.
    """

    def __init__(
        self,
        numbers: list,
        target: Fraction,
        ops: list[Op] | None,
        order: Order,
        whole_numbers: bool,
        max_ops: int | None,
        max_op_count: Mapping[Op, int] | None,
        min_ops: int,
        allow_unary_minus: bool,
        accept: Callable[[tuple], bool] | None,
        max_solutions: int,
        budget: int,
    ) -> None:
        self.groups: list[tuple[Any, int | Fraction]] = []  # (card, value), first seen first
        self.left: list[int] = []
        index: dict[tuple[Fraction, str], int] = {}
        for card in numbers:
            key = (_number_value(card), _show_number(card))
            if key not in index:
                index[key] = len(self.groups)
                value = key[0]
                self.groups.append((card, value.numerator if value.denominator == 1 else value))
                self.left.append(0)
            self.left[index[key]] += 1

        self.ops_left = dict.fromkeys(Op, _UNLIMITED if ops is None else 0)
        for op in ops or ():
            self.ops_left[op] += 1
        for op, cap in (max_op_count or {}).items():
            self.ops_left[op] = min(self.ops_left[op], max(cap, 0))
        self.ops_total_left = _UNLIMITED if max_ops is None else max(max_ops, 0)

        self.target = target
        self.standard = Order(order) is Order.STANDARD
        self.order = order
        self.whole = whole_numbers
        self.min_ops = min_ops
        self.unary = allow_unary_minus
        self.accept = accept
        self.max_solutions = max_solutions
        self.budget = budget
        self.examined = 0
        self.ops_used = 0
        self.row: list = []
        self.solutions: list[Solution] = []

    def run(self, lengths: range) -> bool:
        """Search rows of each length in turn; True when nothing was left unexamined."""
        try:
            for k in lengths:
                self._place_number(k, 0, None, None)
        except _StopSearch:
            return False
        return True

    # The state is (total, term) with the row's value = total + term: the term carries its sign.
    # Under LEFT_TO_RIGHT the whole value lives in the term and total stays 0.

    def _step(self, state, op: Op | None, number):
        """Extend the row's value by ``op number``; None when that step is impossible.

        Whole values are kept as plain ints (many times faster than Fraction) and become
        Fractions only when a division does not come out even.
        """
        if op is None:
            return 0, number
        total, term = state
        if op is Op.MUL:
            return total, term * number
        if op is Op.DIV:
            if number == 0:
                return None
            quotient: int | Fraction
            if type(term) is int and type(number) is int:
                whole_part, remainder = divmod(term, number)
                if not remainder:
                    quotient = whole_part
                elif self.whole:
                    return None
                else:
                    quotient = Fraction(term, number)
            else:
                quotient = term / number
                if self.whole and quotient.denominator != 1:
                    return None
            return total, quotient
        if self.standard:
            return total + term, (number if op is Op.ADD else -number)
        return total, (term + number if op is Op.ADD else term - number)

    def _binary_ops_possible(self) -> int:
        return min(self.ops_total_left, sum(self.ops_left.values()))

    def _take(self, op: Op) -> None:
        self.ops_left[op] -= 1
        self.ops_total_left -= 1
        self.ops_used += 1
        self.row.append(op)

    def _give_back(self, op: Op) -> None:
        self.ops_left[op] += 1
        self.ops_total_left += 1
        self.ops_used -= 1
        self.row.pop()

    def _place_number(self, k: int, placed: int, state, op: Op | None) -> None:
        for g, (card, value) in enumerate(self.groups):
            if not self.left[g]:
                continue
            for negative in (False, True):
                if negative and not (
                    self.unary and self.ops_left[Op.SUB] and self.ops_total_left
                ):
                    break
                self.examined += 1
                if self.examined > self.budget:
                    raise _StopSearch
                new_state = self._step(state, op, -value if negative else value)
                if new_state is None:
                    continue
                if negative:
                    self._take(Op.SUB)
                self.left[g] -= 1
                self.row.append(card)
                if placed + 1 == k:
                    self._finish(new_state)
                elif self._binary_ops_possible() >= k - placed - 1:
                    self._place_op(k, placed + 1, new_state)
                self.row.pop()
                self.left[g] += 1
                if negative:
                    self._give_back(Op.SUB)

    def _place_op(self, k: int, placed: int, state) -> None:
        if not self.ops_total_left:
            return
        for op in Op:
            if self.ops_left[op]:
                self._take(op)
                self._place_number(k, placed, state, op)
                self._give_back(op)

    def _finish(self, state) -> None:
        total, term = state
        if total + term != self.target or self.ops_used < self.min_ops:
            return
        row = tuple(self.row)
        # The definitive judge is evaluate() itself, so the solver can never disagree with it.
        judged = evaluate(row, order=self.order, whole_numbers=self.whole)
        if not judged.ok or judged.value != self.target:
            return
        if self.accept is not None and not self.accept(row):
            return
        self.solutions.append(Solution(row, judged.value))
        if len(self.solutions) >= self.max_solutions:
            raise _StopSearch


def solve(
    numbers: Iterable[Any],
    target: Any,
    *,
    ops: Iterable[Op] | None = None,
    order: Order = Order.STANDARD,
    whole_numbers: bool = False,
    min_numbers: int = 1,
    max_numbers: int | None = None,
    min_ops: int = 0,
    max_ops: int | None = None,
    max_op_count: Mapping[Op, int] | None = None,
    allow_unary_minus: bool = True,
    accept: Callable[[tuple], bool] | None = None,
    max_solutions: int = 100,
    budget: int = 200_000,
) -> SolveResult:
    """Find rows of cards from a hand whose value is ``target``.

    ``numbers`` and ``ops`` are multisets of cards in the hand: each card is used at most once
    and in any order; ``ops=None`` means unlimited operations of every kind. A unary minus uses
    up a ``SUB`` card and counts as an operation for ``min_ops``, ``max_ops`` and
    ``max_op_count`` (it is a card laid down). ``accept`` is a last filter on the row's tokens.

    Solutions come shortest first, then in the order of the hand (numbers as given, operations
    ``+ − × ÷``), each distinct row once; number tokens are the hand's own card objects.
    ``budget`` caps the partial rows examined, so a big hand never hangs: the result is then
    marked incomplete.
    """
    numbers = list(numbers)
    target_value = _number_value(target)
    if ops is not None:
        ops = list(ops)
        for op in ops:
            if not isinstance(op, Op):
                raise TypeError(f"an operation card must be an Op, not {op!r} (use Op.parse)")
    for op in max_op_count or {}:
        if not isinstance(op, Op):
            raise TypeError(f"max_op_count keys must be Op, not {op!r}")
    if max_solutions < 1:
        raise ValueError(f"max_solutions must be at least 1, not {max_solutions}")

    search = _Search(
        numbers,
        target_value,
        ops,
        Order(order),
        whole_numbers,
        max_ops,
        max_op_count,
        min_ops,
        allow_unary_minus,
        accept,
        max_solutions,
        budget,
    )
    longest = len(numbers) if max_numbers is None else min(max_numbers, len(numbers))
    complete = search.run(range(max(min_numbers, 1), longest + 1))
    return SolveResult(tuple(search.solutions), complete)
