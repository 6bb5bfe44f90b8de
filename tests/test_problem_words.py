"""The shared expression problems (engine/expressions.py) as data, and their words in the
station's language (station/ui/problem_words.py): the English is the engine's own sentence, the
Spanish a child's, with the same cards and numbers in it."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from engine.expressions import PROBLEM_MESSAGES, Op, Problem, evaluate
from station.i18n import use_language
from station.ui.problem_words import known_codes, problem_words

ADD, SUB, MUL, DIV = Op.ADD, Op.SUB, Op.MUL, Op.DIV

# a row for every problem the engine has, with the words a Spanish child reads
ROWS = {
    "empty": ([], {}, "Aún no hay cartas en la operación"),
    "two_numbers": ([3, 4], {"first": "3", "second": "4"}, "Dos números seguidos: 3 4"),
    "two_minus": ([SUB, SUB, 3], {}, "Delante de un número solo va un −"),
    "two_operations": ([3, ADD, MUL, 4], {"first": "+", "second": "×"}, "Dos signos seguidos: + ×"),
    "starts_with_operation": ([MUL, 3], {"operation": "×"}, "No se puede empezar con ×"),
    "ends_with_operation": ([3, MUL, SUB], {"operation": "−"}, "No se puede terminar con −"),
    "division_by_zero": ([7, DIV, 0], {}, "No se puede dividir entre 0"),
    "remainder": ([SUB, 7, DIV, 2, MUL, 2], {"dividend": "−7", "divisor": "2"}, "−7 ÷ 2 deja resto"),
    "step_not_whole": ([Fraction(1, 2), DIV, 3], {"dividend": "1/2", "divisor": "3"},
                       "1/2 ÷ 3 no da un número entero"),
    "not_whole": ([Fraction(1, 2), ADD, 1], {"value": "3/2"}, "El resultado 3/2 no es un número entero"),
}


def test_every_problem_of_the_engine_has_a_row_here_and_words_in_the_station():
    assert set(ROWS) == set(PROBLEM_MESSAGES) == known_codes()


@pytest.mark.parametrize("code", sorted(ROWS))
def test_a_row_names_its_problem_by_code_and_values_and_keeps_its_english_message(code):
    tokens, values, _ = ROWS[code]
    judged = evaluate(tokens, whole_numbers=True)
    assert judged.problem == Problem(code, values)
    assert judged.message == judged.problem.message  # journals and logs keep the English


@pytest.mark.parametrize("code", sorted(ROWS))
def test_in_english_the_words_are_the_engines_own_sentence(code):
    judged = evaluate(ROWS[code][0], whole_numbers=True)
    with use_language("en"):
        assert problem_words(judged.problem) == judged.message


@pytest.mark.parametrize("code", sorted(ROWS))
def test_in_spanish_a_child_reads_the_problem_with_its_cards(code):
    judged = evaluate(ROWS[code][0], whole_numbers=True)
    carried = json.loads(json.dumps(judged.problem.as_json()))  # as an event carries it, journaled and read back
    with use_language("es"):
        assert problem_words(carried) == ROWS[code][2]
        assert problem_words(judged.problem) == ROWS[code][2]


def test_a_problem_read_back_from_a_journal_is_worded_and_an_unknown_one_gives_no_words():
    """An unknown code (no engine has it) gives "": the caller shows the event's message."""
    with use_language("es"):
        assert problem_words({"code": "no_such_problem", "values": {}}) == ""
        assert problem_words({"code": "remainder", "values": {"dividend": "9", "divisor": "2"}}) == "9 ÷ 2 deja resto"
