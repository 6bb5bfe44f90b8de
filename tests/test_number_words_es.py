"""The numbers in Spanish, as Spanish-speaking schools read them: the same readers, the station's
language chosen (docs/languages.md; station/speech/number_words/es.py says why each reading)."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest

from engine.catalog import load_catalog
from engine.numbers import parse_number
from station.i18n import use_language
from station.speech.numbers import (say_expression, say_integer, say_number, say_op, say_sentence, say_text_number,
                                    say_value)


@pytest.fixture(autouse=True)
def spanish() -> Iterator[None]:
    with use_language("es"):
        yield


CARDS = [
    # whole numbers
    ("1", "uno"), ("7", "siete"), ("15", "quince"), ("16", "dieciséis"), ("20", "veinte"), ("21", "veintiuno"),
    ("22", "veintidós"), ("31", "treinta y uno"), ("99", "noventa y nueve"), ("100", "cien"),
    # fractions, said as shown
    ("1/2", "un medio"), ("1/3", "un tercio"), ("1/4", "un cuarto"), ("3/4", "tres cuartos"),
    ("2/5", "dos quintos"), ("5/6", "cinco sextos"), ("3/7", "tres séptimos"), ("7/8", "siete octavos"),
    ("4/9", "cuatro novenos"), ("1/10", "un décimo"), ("3/11", "tres onceavos"), ("8/12", "ocho doceavos"),
    ("4/16", "cuatro dieciseisavos"), ("1/20", "un veinteavo"), ("2/4", "dos cuartos"),
    # improper and mixed
    ("3/2", "tres medios"), ("5/4", "cinco cuartos"),
    ("1 1/2", "uno y medio"), ("2 1/4", "dos y un cuarto"), ("2 3/4", "dos y tres cuartos"), ("1 1/3", "uno y un tercio"),
    # decimals: comma, digit by digit, zeros as printed
    ("0.1", "cero coma uno"), ("0.25", "cero coma dos cinco"), ("0.200", "cero coma dos cero cero"),
    ("1.5", "uno coma cinco"), ("0,25", "cero coma dos cinco"),  # as the station writes it in Spanish
    # repeating decimals
    ("0.(3)", "cero coma tres periódico"), ("0.1(6)", "cero coma uno seis periódico"),
    ("0.58(3)", "cero coma cinco ocho tres periódico"),
    # percents
    ("10%", "diez por ciento"), ("25%", "veinticinco por ciento"), ("100%", "cien por ciento"),
    ("125%", "ciento veinticinco por ciento"), ("12.5%", "doce coma cinco por ciento"),
    ("33 1/3%", "treinta y tres y un tercio por ciento"),
    # negatives
    ("-3", "menos tres"), ("-3/4", "menos tres cuartos"), ("-2 1/2", "menos dos y medio"),
    ("-0.25", "menos cero coma dos cinco"),
]


@pytest.mark.parametrize(("text", "words"), CARDS)
def test_a_card_s_number_is_read_in_spanish_as_it_is_shown(text: str, words: str) -> None:
    assert say_text_number(text) == words


def test_every_number_on_every_card_can_be_said_in_spanish_words() -> None:
    catalog = load_catalog()
    for game in catalog.games:
        for card in catalog.game(game).cards():
            if card.face.number is not None:
                words = say_number(card.face.number)
                assert words and all(c.isalpha() or c == " " for c in words), (card.id, words)


@pytest.mark.parametrize(("n", "words"), [
    (0, "cero"), (29, "veintinueve"), (40, "cuarenta"), (101, "ciento uno"), (115, "ciento quince"),
    (200, "doscientos"), (500, "quinientos"), (999, "novecientos noventa y nueve"), (1000, "mil"),
    (1234, "mil doscientos treinta y cuatro"), (2000, "dos mil"), (21_000, "veintiún mil"),
    (100_000, "cien mil"), (1_000_000, "un millón"), (2_000_000, "dos millones"), (-3, "menos tres"),
])
def test_whole_numbers_in_spanish(n: int, words: str) -> None:
    assert say_integer(n) == words


@pytest.mark.parametrize(("value", "words"), [
    (Fraction(2, 3), "dos tercios"), (Fraction(8, 12), "dos tercios"), (Fraction(3, 2), "uno y medio"),
    (Fraction(-7, 2), "menos tres y medio"), (Fraction(1, 21), "un veintiunavo"), (Fraction(21, 40), "veintiún cuarentavos"),
    (Fraction(1, 100), "un centésimo"), (Fraction(1, 18), "un dieciochavo"), (-4, "menos cuatro"),
])
def test_a_computed_value_is_read_in_spanish_in_its_simplest_form(value: Fraction | int, words: str) -> None:
    assert say_value(value) == words


@pytest.mark.parametrize(("text", "words"), [
    ("7 × 6", "siete por seis"),
    ("3 × 6 − 2", "tres por seis menos dos"),
    ("12 ÷ 4 + 1", "doce entre cuatro más uno"),
    ("(2+2) × 3", "abre paréntesis dos más dos cierra paréntesis por tres"),
    ("−5 + 1", "menos cinco más uno"),
    ("1/2 + 1/4", "un medio más un cuarto"),
    ("√ 144 = 12", "la raíz cuadrada de ciento cuarenta y cuatro es igual a doce"),
    ("0,5 + 0.25", "cero coma cinco más cero coma dos cinco"),
])
def test_operations_in_spanish(text: str, words: str) -> None:
    assert say_expression(text) == words


def test_signs_in_spanish() -> None:
    assert [say_op(op) for op in ("+", "-", "−", "×", "÷", "=")] == ["más", "menos", "menos", "por", "entre",
                                                                     "es igual a"]


@pytest.mark.parametrize(("text", "words"), [
    ("3/5 < 3/4: fuera de orden", "Tres quintos es menor que tres cuartos. Fuera de orden."),
    ("0.(3) > 1/2: fuera de orden", "Cero coma tres periódico es mayor que un medio. Fuera de orden."),
    ("0.(6) ≠ 2/3", "Cero coma seis periódico es distinto de dos tercios."),
    ("¡bien! 7 × 6 = 42", "¡Bien! Siete por seis es igual a cuarenta y dos."),
    ("Ana: 0,75 puntos", "Ana. Cero coma siete cinco puntos."),
    ("12 ÷ 5 deja resto 2", "Doce entre cinco deja resto dos."),
    ("Faltan -3 (menos de cero)", "Faltan menos tres."),
])
def test_a_spanish_screen_sentence_is_read_with_its_numbers_in_spanish(text: str, words: str) -> None:
    assert say_sentence(text) == words


def test_the_letter_x_between_numbers_is_read_as_por() -> None:
    assert say_sentence("7 x 6") == "Siete por seis."


def test_a_language_with_no_number_words_is_read_in_english_not_in_silence() -> None:
    from station.speech.number_words import for_language

    assert for_language("fr").integer(21, "") == "twenty-one"
    assert for_language("es-MX").integer(21, "") == "veintiuno"


def test_the_shared_spoken_words_in_spanish() -> None:
    from station.speech.words import WORDS, count, names, wins

    assert WORDS["turn"].format(player="Ana") == "Turno de Ana."
    assert wins(["Ana"]) == "Ana gana"
    assert wins(["Ana", "Ben", "Cleo"]) == "Ana, Ben y Cleo ganan"
    assert names(["Ana", "Isabel"]) == "Ana e Isabel"  # "y" is "e" before an i sound
    assert names(["Ana", "Hilda"]) == "Ana e Hilda"
    assert names(["Ana", "Hielo"]) == "Ana y Hielo"  # "hie" is no i sound
    assert count(1, "carta", "cartas") == "una carta"
    assert count(21, "carta", "cartas") == "veintiuna cartas"
    assert count(200, "carta", "cartas") == "doscientas cartas"
    assert count(1, "punto", "puntos") == "un punto"
    assert count(21, "punto", "puntos") == "veintiún puntos"
    assert count(3, "estrellas", "estrellas") == "tres estrellas"
    assert count(1, "mano", "manos") == "una mano"
    assert count(1, "tema", "temas", gender="m") == "un tema"  # a caller that knows the noun says so


def test_the_shared_words_follow_the_language_of_the_moment() -> None:
    from station.speech.words import WORDS, count, wins

    with use_language("en"):
        assert (WORDS["turn"].format(player="Ana"), wins(["Ana", "Isabel"]), count(1, "card", "cards")) == (
            "Ana's turn.", "Ana and Isabel win", "one card")
    assert WORDS["turn"].format(player="Ana") == "Turno de Ana."
