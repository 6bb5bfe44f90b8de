"""What is wrong with a row of cards, in the language of the moment: the words of the shared
expression problems (``engine.expressions.Problem``: "12 ÷ 5 leaves a remainder", "Two operations
in a row: + ×") that Who's Counting?, SUM and Math Wars show and say.

The engine names a problem by its code and values and keeps its English sentence for journals
and logs; an event carries the problem as ``{"code": ..., "values": {...}}``
(``Problem.as_json()``), and a game's screen asks ``problem_words(event["problem"])``. The values
are already written as a child reads them (``12``, ``−3``, ``1/2``, ``×``): whole numbers and
fractions, written the same in every language the station speaks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.expressions import PROBLEM_MESSAGES, Problem
from station.i18n import _

#: Each problem's words by its code (engine.expressions.PROBLEM_MESSAGES): the English is the
#: engine's sentence itself, so an English station shows exactly what the journal keeps.
_WORDS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "empty": lambda v: _("There are no cards in the expression yet"),
    "two_numbers": lambda v: _("Two numbers in a row: {first} {second}", **v),
    "two_minus": lambda v: _("Only one − can go in front of a number"),
    "two_operations": lambda v: _("Two operations in a row: {first} {second}", **v),
    "starts_with_operation": lambda v: _("An expression can't start with {operation}", **v),
    "ends_with_operation": lambda v: _("An expression can't end with {operation}", **v),
    "division_by_zero": lambda v: _("You can't divide by 0"),
    "remainder": lambda v: _("{dividend} ÷ {divisor} leaves a remainder", **v),
    "step_not_whole": lambda v: _("{dividend} ÷ {divisor} is not a whole number", **v),
    "not_whole": lambda v: _("The answer {value} is not a whole number", **v),
}


def problem_words(problem: Problem | Mapping[str, Any]) -> str:
    """The problem's sentence in the station's language now, from a ``Problem`` or an event's
    ``problem`` (``{"code": "remainder", "values": {"dividend": "12", "divisor": "5"}}``).

    A code with no words here (an engine newer than its station) gives the engine's English
    sentence, never a blank."""
    if isinstance(problem, Problem):
        code, values = problem.code, dict(problem.values)
    else:
        code, values = str(problem.get("code", "")), dict(problem.get("values") or {})
    words = _WORDS.get(code)
    if words is not None:
        return words(values)
    return PROBLEM_MESSAGES.get(code, "").format(**values)


def known_codes() -> frozenset[str]:
    """The problem codes this module words (every one the engine has, a test checks)."""
    return frozenset(_WORDS)
