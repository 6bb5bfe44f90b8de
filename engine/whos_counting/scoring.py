"""Judging and scoring one Who's Counting? expression, and the best one its cards could make.

An expression is 2–4 number cards and 1–3 operation cards, alternating, starting and ending with
a number, with at most one ×; its answer must be a whole number (0 or more). Its score is the
answer plus the operations bonus (+10, +25, +50 for 1, 2, 3 operations), doubled by each
Double. Arithmetic is exact.

>>> from fractions import Fraction
>>> judged = judge([3, Op.MUL, 6, Op.SUB, 2])
>>> judged.value, judged.operations, judged.bonus
(Fraction(16, 1), 2, 25)
>>> judge([12, Op.DIV, 5]).message
'12 ÷ 5 leaves a remainder'
>>> best([3, 6, 2, Op.MUL, Op.SUB]).shown
'3 × 6 − 2'
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.expressions import Op, Order, Problem, evaluate, format_expression
from engine.whos_counting.config import BONUS

MIN_NUMBERS, MAX_NUMBERS = 2, 4
MIN_OPS, MAX_OPS = 1, 3


@dataclass(frozen=True)
class Judged:
    """An expression's verdict: ``code`` is empty when it scores, else why it does not (``message``
    in a child's words, in English); ``values`` are what those words show (``{"count": 5}``), and
    ``problem`` the expression's own problem (engine.expressions) when it is one."""

    shown: str
    code: str = ""
    message: str = ""
    value: Fraction | None = None
    operations: int = 0
    bonus: int = 0
    values: dict[str, Any] = field(default_factory=dict, compare=False)
    problem: Problem | None = field(default=None, compare=False)

    @property
    def ok(self) -> bool:
        return not self.code

    @property
    def points(self) -> int:
        """The answer plus the operations bonus (before any Double)."""
        assert self.value is not None
        return int(self.value) + self.bonus


def judge(tokens: Sequence[Any], *, order: Order = Order.STANDARD, bonus_counts: str = "cards") -> Judged:
    """Judge a row of number values and ``Op``s as laid, left to right for its reader."""
    shown = format_expression(tokens)
    numbers = [t for t in tokens if not isinstance(t, Op)]
    ops = [t for t in tokens if isinstance(t, Op)]
    if not MIN_NUMBERS <= len(numbers) <= MAX_NUMBERS:
        return Judged(shown, "numbers", f"An expression has 2 to 4 number cards, not {len(numbers)}",
                      values={"count": len(numbers)})
    if not MIN_OPS <= len(ops) <= MAX_OPS:
        return Judged(shown, "operations", f"An expression has 1 to 3 operation cards, not {len(ops)}",
                      values={"count": len(ops)})
    if ops.count(Op.MUL) > 1:
        return Judged(shown, "two_times", "Only one × in an expression")
    if isinstance(tokens[0], Op):
        return Judged(shown, "malformed", f"An expression starts with a number, not {tokens[0]}",
                      values={"operation": str(tokens[0])})
    for before, after in zip(tokens, tokens[1:]):  # no minus in front of a number: cards alternate
        if isinstance(before, Op) and isinstance(after, Op):
            problem = Problem("two_operations", {"first": str(before), "second": str(after)})
            return Judged(shown, "malformed", problem.message, problem=problem)
    verdict = evaluate(tokens, order=order, whole_numbers=True)
    if not verdict.ok:  # a remainder (every card is a whole number 1-12: nothing else can be wrong here)
        return Judged(shown, verdict.verdict.value, verdict.message, problem=verdict.problem)
    assert verdict.value is not None
    if verdict.value < 0:
        return Judged(shown, "below_zero", f"{shown} = {_signed(verdict.value)}: an answer must be 0 or more",
                      values={"value": _signed(verdict.value)})
    count = len(ops) if bonus_counts == "cards" else len(set(ops))
    return Judged(shown, value=verdict.value, operations=count, bonus=BONUS[count])


def best(cards: Sequence[Any], *, order: Order = Order.STANDARD, bonus_counts: str = "cards") -> Judged | None:
    """The highest-scoring expression these number values and ``Op``s could make (any of them,
    in any order), or None when they make none: the hint after a turn."""
    numbers = [t for t in cards if not isinstance(t, Op)]
    ops = [t for t in cards if isinstance(t, Op)]
    found: Judged | None = None
    seen: set[tuple[Any, ...]] = set()
    for size in range(MIN_NUMBERS, min(MAX_NUMBERS, len(numbers)) + 1):
        for chosen in itertools.permutations(numbers, size):
            for between in set(itertools.permutations(ops, size - 1)):
                row = tuple(x for pair in itertools.zip_longest(chosen, between) for x in pair if x is not None)
                if row in seen:
                    continue
                seen.add(row)
                judged = judge(row, order=order, bonus_counts=bonus_counts)
                if judged.ok and (found is None or judged.points > found.points):
                    found = judged
    return found


def _signed(value: Fraction) -> str:
    return format_expression([value])
