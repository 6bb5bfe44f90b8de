"""Judging a SUM equation: number and operation cards laid to equal the target.

Two equal number cards side by side, with no operation between them, are a pair worth one
number — their sum by default ("two 2s used as a 4"), their product as an option. A minus card
in front of a number (or a pair) makes it negative. At least one operation card must be used.
Arithmetic is exact: a division must come out even, unless the table allows fractions.

>>> judge([3, Op.MUL, 4, Op.SUB, 2], target=12).message
'3 × 4 − 2 = 10, not 12'
>>> judge([2, 2, Op.MUL, 3], target=12).shown
'(2+2) × 3'
>>> judge([Op.SUB, 3, Op.ADD, 15], target=12).ok
True
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from engine.expressions import MINUS_SIGN, Op, Order, Problem, evaluate, format_expression


@dataclass(frozen=True)
class Judged:
    """A verdict: ``code`` empty when the equation makes the target, else why not (``message``,
    in English for the journal and the log) and the numbers its words need (``values``: ``made``
    and ``target`` for a wrong one; for a pair that is none, ``problem``: its code and values as
    ``engine.expressions.Problem.as_json`` gives them), so the station words it in any language.
    A row the shared expressions' judge refuses (``malformed``, ``remainder``) keeps its
    ``problem`` (a ``Problem``: the shared code and values) for the same reason."""

    shown: str
    code: str = ""
    message: str = ""
    value: Fraction | None = None
    numbers: int = 0  # number cards used (a pair is two)
    operations: int = 0  # operation cards used (a minus sign too)
    values: Mapping[str, Any] = field(default_factory=dict)
    problem: Problem | None = field(default=None, compare=False)  # the message's own data: it adds nothing to compare

    @property
    def ok(self) -> bool:
        return not self.code


@dataclass(frozen=True)
class _Pair:
    """A pair of equal number cards standing as one number."""

    card: Any
    value: Fraction
    product: bool

    def pretty(self) -> str:
        one = _show(self.card)
        return f"({one}{'×' if self.product else '+'}{one})"


def judge(tokens: Sequence[Any], *, target: Fraction | int, pairs: str = "sum", order: Order = Order.STANDARD,
          fractions: bool = False) -> Judged:
    """Judge a row of number values and ``Op``s (as laid, in reading order) against the target."""
    numbers = sum(1 for t in tokens if not isinstance(t, Op))
    operations = sum(1 for t in tokens if isinstance(t, Op))
    grouped = _pairs(list(tokens), product=pairs == "product")
    shown = format_expression(grouped) if not isinstance(grouped, _NoPair) else format_expression(tokens)
    if not tokens:
        return Judged(shown, "empty", "Lay an equation on the strip first")
    if isinstance(grouped, _NoPair):
        return Judged(shown, "malformed", grouped.message, values=grouped.values)
    if operations == 0:
        return Judged(shown, "no_operation", "Use at least one operation card")
    verdict = evaluate(grouped, order=order, whole_numbers=not fractions)
    if not verdict.ok:
        code = {"malformed": "malformed", "remainder": "remainder", "not_whole": "remainder",
                "division_by_zero": "divide_by_zero"}[verdict.verdict.value]
        return Judged(shown, code, verdict.message, numbers=numbers, operations=operations, problem=verdict.problem)
    assert verdict.value is not None
    if verdict.value != target:
        wanted = Fraction(target)
        made = {"made": _value(verdict.value), "target": int(wanted) if wanted.denominator == 1 else _value(wanted)}
        return Judged(shown, "wrong", f"{shown} = {made['made']}, not {made['target']}", verdict.value, numbers,
                      operations, made)
    return Judged(shown, value=verdict.value, numbers=numbers, operations=operations)


@dataclass(frozen=True)
class _NoPair:
    """Numbers side by side that make no pair: the English words and what the station's need."""

    message: str
    values: Mapping[str, Any]


def _pairs(tokens: list[Any], *, product: bool) -> list[Any] | _NoPair:
    """Two equal number cards side by side become one pair; anything else side by side is no pair:
    two unequal numbers (``unequal_pair``: ``first``, ``second`` as shown) or more than two
    (``too_many_in_a_row``: ``count``)."""
    out: list[Any] = []
    run: list[Any] = []
    for token in [*tokens, None]:
        if token is not None and not isinstance(token, Op):
            run.append(token)
            continue
        if len(run) == 2:
            first, second = (_exact(t) for t in run)
            if first != second:
                left, right = _show(run[0]), _show(run[1])
                return _NoPair(f"Two numbers in a row: {left} {right} (only two equal cards side by side make a pair)",
                               {"problem": {"code": "unequal_pair", "values": {"first": left, "second": right}}})
            out.append(_Pair(run[0], first * second if product else first + second, product))
        elif len(run) > 2:
            return _NoPair(f"{len(run)} numbers in a row: a pair is two equal cards",
                           {"problem": {"code": "too_many_in_a_row", "values": {"count": str(len(run))}}})
        elif run:
            out.append(run[0])
        run = []
        if token is not None:
            out.append(token)
    return out


def _exact(token: Any) -> Fraction:
    return Fraction(getattr(token, "value", token))


def _show(token: Any) -> str:
    return format_expression([token])


def _value(value: Fraction) -> str:
    return str(value).replace("-", MINUS_SIGN)


def solve(tokens: Sequence[Any], *, target: Fraction | int, pairs: str = "sum", order: Order = Order.STANDARD,
          fractions: bool = False, limit: int = 50_000) -> Judged | None:
    """An equation from these cards — all of them or some, in any order — that makes the target
    (the hint after a wrong equation), the most cards first; None when there is none. At most
    ``limit`` distinct rows are tried."""
    seen: set[tuple[Any, ...]] = set()
    for size in range(len(tokens), 1, -1):
        for row in itertools.permutations(tokens, size):
            key = tuple((type(t).__name__, _exact(t)) if not isinstance(t, Op) else t for t in row)
            if key in seen:
                continue
            seen.add(key)
            if len(seen) > limit:
                return None
            judged = judge(row, target=target, pairs=pairs, order=order, fractions=fractions)
            if judged.ok:
                return judged
    return None


__all__ = ["Judged", "Op", "judge", "solve"]
