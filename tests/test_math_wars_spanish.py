"""Math Wars Meta in Spanish: every event of the story, every refusal (on the OLED, in the story
and aloud), every spoken line, the demo's story, the headline and summary, the table's notes and
the setup rows, in the game's own words (its ``math_wars`` catalog). In English the station's
story reads exactly as the engine's sentences (the journal's), so nothing changed there.

Numbers said aloud come from ``station.speech.numbers`` (in the language of the moment), so the
spoken tests ask it for them rather than spell them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import Table

from engine.math_wars import text
from engine.math_wars.config import read_config
from engine.rules import new_game
from station.games import plugin
from station.games.math_wars import screens, spoken, story
from station.games.math_wars.table import MathWarsTable
from station.i18n import use_language
from station.speech.numbers import say_integer
from station.speech.voice import utterance
from station.table.adapter import Reading
from station.table.mat import mat_layout
from station.ui.screens import compose

MATH_WARS = plugin("math-wars")
RULES = read_config({"players": ["Ana", "Ben"]})
#: words of the English story that no Spanish sentence has: one left over is an untranslated line
ENGLISH = re.compile(r"\b(the|wins|turns|gives|cards?|hand|round|shuffles|discards|out of|from|pile|draw)\b")



def es_number(n: int) -> str:
    """``n`` as the Spanish station says it (the shared number words, in Spanish)."""
    with use_language("es"):
        return say_integer(n)


def es_names(who: list[str]) -> str:
    """Names joined as the Spanish station says them ("Ana y Ben", the shared speech words)."""
    from station.speech.words import names

    with use_language("es"):
        return names(who)


RESULT = {"type": "hand_result", "hand": 1, "level": 0, "highest": 21, "top": ["Ben"], "results": [
    {"player": "Ana", "count": 21, "op": "-", "crate": 5, "result": 16, "note": ""},
    {"player": "Ben", "count": 19, "op": "÷", "crate": 10, "result": 19,
     "note": "19 ÷ 10 leaves a remainder: only your COUNT META card counts", "note_code": "remainder"}],
    "teams": {"Rojo": 16, "Azul": -2}}

EVENTS = [
    ({"type": "card_played", "player": "Ana", "card": "MW-A-N5", "kind": "count-meta", "face": "COUNT META 5",
      "face_down": 0}, "Ana destapa COUNT META 5."),
    ({"type": "card_played", "player": "Ana", "card": "MW-A-N8", "kind": "count-meta", "face": "COUNT META 8",
      "face_down": 3}, "Ana destapa COUNT META 8 sobre 3 cartas boca abajo."),
    ({"type": "card_played", "player": "Ben", "card": "MW-B-N20", "kind": "count-meta", "face": "COUNT META 20",
      "face_down": 1}, "Ben destapa COUNT META 20 sobre 1 carta boca abajo."),
    (RESULT, "Ana: 21 − 5 = 16; Ben: 19 ÷ 10 deja resto: solo cuenta la carta COUNT META (19). "
             "Equipos: Rojo 16, Azul −2."),
    ({"type": "math_war", "hand": 4, "level": 1, "sides": ["Ana", "Ben"], "players": ["Ana", "Ben"], "face_down": 3},
     "¡MATH WAR! Empatan Ana and Ben. Cada jugador pone 3 cartas boca abajo, 1 boca arriba y una carta MATH CRATE "
     "nueva."),
    ({"type": "hand_won", "hand": 1, "side": "Ben", "highest": -2}, "Ben gana la mano con −2."),
    ({"type": "cards_paid", "player": "Ana", "owed": 12, "paid": 12, "battle": 1, "to": "Ana"},
     "Ana pone 13 cartas en su propio botín (12 del mazo + 1 carta de batalla)."),
    ({"type": "cards_paid", "player": "Ben", "owed": 8, "paid": 0, "battle": 1, "to": "Ana"},
     "Ben da 1 carta al botín de Ana (0 del mazo + 1 carta de batalla). Debía 8, pero solo tenía 0."),
    ({"type": "knocked_out", "player": "Ben", "reason": "could_not_pay"}, "Ben queda fuera de la ronda: no puede pagar."),
    ({"type": "knocked_out", "player": "Ana", "reason": "out_of_cards"},
     "Ana queda fuera de la ronda: no le quedan cartas COUNT META."),
    ({"type": "knocked_out", "player": "Cy", "reason": "no_cards_for_war"},
     "Cy queda fuera de la ronda: no le quedan cartas para la MATH WAR."),
    ({"type": "round_won", "round": 1, "side": "Ana", "reason": "last_standing", "victories": 1, "needed": 4},
     "Ana gana la ronda 1 y una carta VICTORY! (1 de 4)."),
    ({"type": "round_won", "round": 2, "side": "Ana", "reason": "deck_cleared", "victories": 2, "needed": 4},
     "Ana gana la ronda 2 por vaciar su mazo y una carta VICTORY! (2 de 4)."),
    ({"type": "round_won", "round": 3, "side": "Rojo", "reason": "vote", "victories": 1, "needed": 5},
     "Rojo gana la ronda 3 por votación y una carta VICTORY! (1 de 5)."),
    ({"type": "round_drawn", "round": 2},
     "Nadie puede seguir la MATH WAR: la ronda 2 queda en empate y empieza de nuevo."),
    ({"type": "round_started", "round": 2, "reason": "next"},
     "Ronda 2: todos barajan un mazo entero de 25 cartas COUNT META."),
    ({"type": "game_won", "side": "Ana", "victories": {"Ana": 4, "Ben": 3}}, "¡Ana gana la partida con 4 cartas VICTORY!"),
    ({"type": "game_won", "side": "Ben", "victories": {"Ana": 0, "Ben": 1}}, "¡Ben gana la partida con 1 carta VICTORY!"),
    ({"type": "spoils_reshuffled", "player": "Ana", "cards": 7}, "Ana baraja 7 cartas de su botín en el mazo."),
    ({"type": "crates_reshuffled", "player": "Ben", "cards": 38},
     "Ben vuelve a barajar 38 cartas MATH CRATE en el mazo."),
    ({"type": "hand_redraw", "hand": 2, "player": "Ana", "reason": "13 ÷ 4 leaves a remainder", "code": "remainder",
      "count": 13, "op": "÷", "crate": 4}, "13 ÷ 4 deja resto: descarta las dos cartas y roba otra vez."),
    ({"type": "solo_discard", "hand": 1, "player": "Ana", "owed": 7, "paid": 7}, "Ana descarta 7 cartas en el botín."),
    ({"type": "solo_discard", "hand": 1, "player": "Ana", "owed": 1, "paid": 1}, "Ana descarta 1 carta en el botín."),
]


@pytest.mark.parametrize(("event", "sentence"), EVENTS, ids=[f"{e['type']}-{i}" for i, (e, _) in enumerate(EVENTS)])
def test_each_event_is_told_in_spanish(event, sentence):
    with use_language("es"):
        assert story.describe(event, RULES) == spanish_names(sentence)


@pytest.mark.parametrize(("event", "sentence"), EVENTS, ids=[f"{e['type']}-{i}" for i, (e, _) in enumerate(EVENTS)])
def test_in_english_the_story_reads_as_the_engines_own_sentences(event, sentence):
    with use_language("en"):
        assert story.describe(event, RULES) == text.describe(event, RULES)


# ---- refusals: every code, on the OLED, in the story and aloud ------------------------------------

def refused(code: str) -> tuple[Table, dict[str, Any]]:
    """A real play that breaks the rule ``code``, and the game it was judged in."""
    if code == "not_in_war":
        t = Table(players=["Ana", "Ben", "Cleo"])
        t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-M2"), Cleo=("MW-C-N3", "MW-C-A1"))
        return t, t.play("Cleo", "MW-C-N20")[0]
    if code == "game_over":
        t = Table(victories_to_win=1)
        t.game.apply({"type": "award_victory", "t": 1, "side": "Ben"})
        return t, t.play("Ana", "MW-A-N3")[0]
    if code == "card_already_used":
        t = Table()
        t.hand(Ana=("MW-A-N21", "MW-A-S5"), Ben=("MW-B-N15", "MW-B-A6"))
        return t, t.play("Ana", "MW-A-N21")[0]
    if code == "player_out":
        t = Table(players=["Ana", "Ben", "Cleo"])
        t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N24", "MW-C-M4"))
        return t, t.play("Ben", "MW-B-N3")[0]
    t = Table(discard_option=2 if code == "card_on_table" else 1)
    setup, player, card = {
        "not_your_deck": ([], "Ana", "MW-B-N3"),
        "not_in_edition": ([], "Ana", "MW-A-N30"),
        "already_played": ([("Ana", "MW-A-N3")], "Ana", "MW-A-N4"),
        "card_on_table": ([("Ana", "MW-A-N3")], "Ben", "MW-A-N3"),
    }[code]
    for who, c in setup:
        t.play(who, c)
    return t, t.play(player, card)[0]


REFUSALS = {   # code: (the OLED's title, its detail, the story's verdict, the spoken line)
    "not_your_deck": ("No es tu mazo", "Es del mazo B, el tuyo es A. Quítala",
                      "Esa carta es del mazo B: Ana juega con el mazo A.",
                      "Ana, esa carta es de otro mazo. Quítala."),
    "not_in_edition": ("No se usa", "30 no está del 1 al 25. Quítala",
                       "COUNT META 30 no está en MWM25: usa las cartas del 1 al 25.",
                       "La carta {30} no se usa en esta partida. Quítala."),
    "already_played": ("Ya jugaste", "Una carta COUNT META cada uno. Quítala",
                       "Ana ya tiene una carta COUNT META en la mesa. Quita la que sobra.",
                       "Ana, una carta de cada tipo. Quita la que sobra."),
    "card_on_table": ("Ya en la mesa", "3 ya está en la mesa. Quítala",
                      "Esa carta COUNT META 3 ya está en la mesa.",
                      "La carta {3} ya está en la mesa. Quítala."),
    "card_already_used": ("Ya usada", "21 ya salió en esta ronda. Quítala",
                          "COUNT META 21 ya salió en esta ronda: debería estar en un botín.",
                          "Ana, la carta {21} ya salió en esta ronda. Quítala."),
    "not_in_war": ("Espera: MATH WAR", "Solo luchan Ana and Ben. Quítala",
                   "En esta MATH WAR solo juegan Ana and Ben. Cleo, espera, por favor.",
                   "Cleo, espera: ahora solo luchan Ana and Ben."),
    "player_out": ("Fuera esta ronda", "Espera a la próxima",
                   "Ben está fuera de esta ronda: espera a la siguiente.",
                   "Ben está fuera en esta ronda. Espera a la siguiente."),
    "game_over": ("Fin de partida", "CONFIRM: otra partida",
                  "La partida ha terminado: ganó Ben. Empieza otra para volver a jugar.",
                  "La partida ha terminado. Pulsa CONFIRM para jugar otra."),
}


def spanish_names(line: str) -> str:
    """A line with "and" between names as the shared speech words say it (Spanish once they are)."""
    return line.replace("Ana and Ben", es_names(["Ana", "Ben"]))


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_each_refusal_is_said_in_spanish_on_the_oled_in_the_story_and_aloud(code):
    t, event = refused(code)
    assert event["code"] == code
    title, detail, verdict, said = REFUSALS[code]
    with use_language("es"):
        (overlay,) = screens.overlays([event], t.game.state(), "press")
        assert (overlay.view.title, overlay.view.detail) == (title, spanish_names(detail))
        assert story.describe(event, t.game.rules) == f"No vale: {spanish_names(verdict)}"
        (line,) = spoken.lines([event], t.game.state(), "press")
        number = re.search(r"\{(\d+)\}", said)
        expected = said.replace(number.group(0), es_number(int(number.group(1)))) if number else said
        assert (line.sound, line.words) == ("wrong", spanish_names(expected))


@pytest.mark.parametrize("code", sorted(REFUSALS))
def test_in_english_a_refusal_in_the_story_is_the_engines_message(code):
    t, event = refused(code)
    with use_language("en"):
        assert story.describe(event, t.game.rules) == f"Not allowed: {event['message']}"


def test_a_card_of_another_game_is_refused_in_spanish():
    import toy_game
    from conftest import registered

    with registered(toy_game.INFO):
        t = Table()
        (event,) = t.play("Ana", "TY-A-N4")
        with use_language("es"):
            (overlay,) = screens.overlays([event], t.game.state(), "press")
            assert (overlay.view.title, overlay.view.detail) == ("Otro juego", "No es de Math Wars. Quítala")
            assert story.describe(event, t.game.rules) == "No vale: Esa carta es de Toy Sum, no de Math Wars Meta."
            assert spoken.lines([event], t.game.state(), "press")[0].words == "Esa carta no es de Math Wars. Quítala."


# ---- spoken lines of each event kind ---------------------------------------------------------------

def said(t: Table, events: list[dict[str, Any]], reveal: str = "at_once") -> tuple[str, str]:
    with use_language("es"):
        return utterance([line for line in spoken.lines(events, t.game.state(), reveal) if not line.on_reveal])


def test_a_hand_is_said_in_spanish_and_its_winner_waits_for_confirm():
    t = Table()
    events = t.hand(Ana=("MW-A-N21", "MW-A-S5"), Ben=("MW-B-N15", "MW-B-A6"))
    assert said(t, events) == ("accepted", f"Ben gana la mano, con {es_number(21)}.")
    t = Table()
    events = t.hand(Ana=("MW-A-N21", "MW-A-S5"), Ben=("MW-B-N15", "MW-B-A6"))
    assert said(t, events, "press") == ("your_turn", "Calcula tu respuesta y luego pulsa CONFIRM.")
    with use_language("es"):
        (waiting,) = [line for line in spoken.lines(events, t.game.state(), "press") if line.on_reveal]
    assert waiting.words == f"Ben gana la mano, con {es_number(21)}."


def test_a_math_war_a_knock_out_a_round_and_the_game_are_said_in_spanish():
    t = Table(victories_to_win=2)
    events = t.hand(Ana=("MW-A-N5", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-A1"))
    assert said(t, events)[1] == f"¡Math War! {es_names(['Ana', 'Ben'])}: {es_number(3)} cartas boca abajo y una boca arriba."
    t = Table(players=["Ana", "Ben", "Cleo"], victories_to_win=2)
    events = t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N24", "MW-C-M4"))
    assert "Ben queda fuera de esta ronda: no puede pagar." in said(t, events)[1]
    events = t.game.apply({"type": "award_victory", "t": 99, "side": "Ana"})
    assert said(t, events)[1] == (f"Ana gana la ronda {es_number(1)}. Victoria {es_number(1)} de {es_number(2)}. "
                                  f"Ronda {es_number(2)}. Baraja tu mazo entero.")
    events = t.game.apply({"type": "award_victory", "t": 100, "side": "Ana"})
    assert said(t, events) == ("game_over", f"Ana gana la ronda {es_number(2)}. Victoria {es_number(2)} de "
                                            f"{es_number(2)}. ¡Ana gana la partida!")


def test_solo_moves_and_redraws_are_said_in_spanish():
    t = Table(players=["Ana"])
    assert said(t, t.hand(Ana=("MW-A-N5", "MW-A-A2")))[1] == f"Mueve {es_number(7)} cartas de tu mazo a tu botín."
    assert said(t, t.hand(Ana=("MW-A-N1", "MW-A-M1")))[1] == "Mueve una carta de tu mazo a tu botín."
    assert said(t, t.hand(Ana=("MW-A-N7", "MW-A-D2")))[1] == (f"{es_number(7).capitalize()} entre {es_number(2)} deja "
                                                            "resto. Descarta las dos cartas y roba otra vez.")


# ---- the shared expression problem: a MATH CRATE card that leaves a remainder -----------------------
# Math Wars' cards are whole, 1 to 100, and no MATH CRATE card is ÷ 0 (engine/decks/math-wars.toml):
# of the shared problems (engine/expressions.py) it meets only the remainder.

def test_a_left_out_math_crate_card_carries_the_shared_problem():
    t = Table()
    (result,) = t.of("hand_result", t.hand(Ana=("MW-A-N14", "MW-A-D5"), Ben=("MW-B-N12", "MW-B-A3")))
    ana = result["results"][0]
    assert ana["problem"] == {"code": "remainder", "values": {"dividend": "14", "divisor": "5"}}
    assert ana["note"] == "14 ÷ 5 leaves a remainder: only your COUNT META card counts"  # the journal's English
    assert "problem" not in result["results"][1]
    solo = Table(players=["Ana"])
    (redraw,) = solo.of("hand_redraw", solo.hand(Ana=("MW-A-N13", "MW-A-D4")))
    assert redraw["problem"] == {"code": "remainder", "values": {"dividend": "13", "divisor": "4"}}
    assert redraw["reason"] == "13 ÷ 4 leaves a remainder"


def test_a_remainder_is_told_and_said_in_spanish_in_the_shared_problem_s_words():
    t = Table()
    (result,) = t.of("hand_result", t.hand(Ana=("MW-A-N14", "MW-A-D5"), Ben=("MW-B-N12", "MW-B-A3")))
    solo = Table(players=["Ana"])
    events = solo.hand(Ana=("MW-A-N13", "MW-A-D4"))
    (redraw,) = solo.of("hand_redraw", events)
    with use_language("es"):
        told = [story.describe(result, RULES), story.describe(redraw, RULES)]
        shown = [text for o in screens.overlays(events, solo.game.state(), "at_once") for text in compose(o.view).texts()]
    assert told == ["Ana: 14 ÷ 5 deja resto: solo cuenta la carta COUNT META (14); Ben: 12 + 3 = 15.",
                    "13 ÷ 4 deja resto: descarta las dos cartas y roba otra vez."]
    assert said(solo, events) == ("accepted", f"{es_number(13).capitalize()} entre {es_number(4)} deja resto. Descarta las dos "
                                      "cartas y roba otra vez.")
    assert "Hay resto" in shown
    for line in [*told, said(solo, events)[1], *shown]:
        assert not re.search(r"\b(leaves|remainder|only|divided|by|discard|both|again)\b", line, re.I), line


def test_in_english_a_remainder_is_told_as_the_engine_says_it_and_said_with_its_sum():
    t = Table()
    (result,) = t.of("hand_result", t.hand(Ana=("MW-A-N14", "MW-A-D5"), Ben=("MW-B-N12", "MW-B-A3")))
    solo = Table(players=["Ana"])
    events = solo.hand(Ana=("MW-A-N13", "MW-A-D4"))
    (redraw,) = solo.of("hand_redraw", events)
    assert story.describe(result, RULES) == text.describe(result, RULES)
    assert story.describe(redraw, RULES) == text.describe(redraw, RULES) == (
        "13 ÷ 4 leaves a remainder: discard both cards and draw again.")
    line = utterance([x for x in spoken.lines(events, solo.game.state(), "at_once") if not x.on_reveal])[1]
    assert line == "Thirteen divided by four leaves a remainder. Discard both cards and draw again."


def test_a_drawn_round_is_said_in_spanish():
    t = Table()
    event = {"type": "round_drawn", "round": 2}
    assert said(t, [event])[1] == f"Nadie puede luchar. Se repite la ronda {es_number(2)}."


def test_the_lines_rendered_ahead_are_in_the_language_of_the_game():
    with use_language("es"):
        assert spoken.ahead({"players": ["Ana", "Ben"]}) == [
            "Calcula tu respuesta y luego pulsa CONFIRM.", "¡Ana gana la partida!", "¡Ben gana la partida!"]


# ---- the demo's story --------------------------------------------------------------------------------

DEMO = {"game": "math-wars", "players": ["Ana", "Ben", "Cleo"], "seed": 5, "discard_option": 2, "victories_to_win": 2}


def demo_story(language: str) -> tuple[list[str], list[dict[str, Any]]]:
    """The demo's story of a whole game by virtual players, told in ``language``, and its events."""
    game = new_game(DEMO)
    lines, events = [], []
    with use_language(language):
        tell = MATH_WARS.story(game)
        for _, batch in MATH_WARS.virtual_players(game, DEMO["seed"]):
            for event in batch:
                events.append(event)
                lines += tell(event)
    return lines, events


def test_the_demos_story_is_told_in_spanish_hand_by_hand():
    lines, events = demo_story("es")
    assert lines[0] == "Ronda 1, mano 1"
    assert any(line.startswith("  ¡") and "gana la partida" in line for line in lines)
    english = [line for line in lines if ENGLISH.search(line)]
    assert not english, f"English left in the Spanish story: {english[:5]}"
    assert sum(1 for e in events if e["type"] == "hand_result" and e["level"] == 0) == sum(
        1 for line in lines if line.startswith("Ronda "))


def test_the_demos_story_in_english_is_the_engines_own_sentences():
    game = new_game(DEMO)
    lines, events = demo_story("en")
    engine = [f"  {game.describe(e)}" for e in events if e["type"] in MATH_WARS.story_events]
    assert [line for line in lines if line.startswith("  ")] == engine


def test_the_headline_and_summary_are_in_spanish():
    with use_language("es"):
        assert story.headline(read_config({"players": ["Ana", "Ben"]})) == (
            "Math Wars Meta · MWM25 · Jugador contra jugador · Ana (mazo A), Ben (mazo B) · "
            "opción de descarte 1 (botín propio) · 4 cartas VICTORY! para ganar")
        assert story.headline(read_config({"players": ["Ana"], "victories_to_win": 1})).endswith(
            "· Solitario · Ana (mazo A) · opción de descarte 1 (botín propio) · 1 carta VICTORY! para ganar")
        state = {"over": False, "round": 2, "hand": 7, "victories_to_win": 4, "victories": {"Rojo": 1, "Azul": 0},
                 "players": {"Ana": {"team": "Rojo", "out": False, "draw": 12, "battle": 0, "spoils": 31},
                             "Bea": {"team": "Azul", "out": True, "draw": 0, "battle": 2, "spoils": 4}}}
        assert story.summary(state) == ["Ronda 2, mano 7.",
                                        "  Ana [Rojo]  mazo  12  batalla  0  botín  31",
                                        "  Bea [Azul]  mazo   0  batalla  2  botín   4  FUERA",
                                        "Cartas VICTORY!: Rojo 1, Azul 0 (hacen falta 4)"]
        assert story.summary({**state, "over": True, "winner": "Rojo"})[0] == "Fin de la partida: ganó Rojo."


def test_in_english_the_headline_and_summary_are_the_engines():
    rules = read_config({"teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}, "edition": "mwm100",
                         "discard_option": 2})
    game = new_game({"game": "math-wars", "teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}})
    with use_language("en"):
        assert story.headline(rules) == text.headline(rules)
        assert story.summary(game.state()) == game.summary()


# ---- the table, the setup and the SPARE menu ---------------------------------------------------------

def test_the_tables_notes_are_in_spanish():
    table = MathWarsTable(["Ana"])
    mat = mat_layout("math-wars", 2)
    seat2 = next(zone for zone in mat.zones if zone.seat == 2)
    reading = Reading()
    with use_language("es"):
        table.on_card_event({"type": "placed", "card": "MW-A-N3", "x": -500.0, "y": -500.0}, 1.0, {}, mat, reading)
        table.on_card_event({"type": "placed", "card": "MW-B-N4", "x": seat2.center[0], "y": seat2.center[1]}, 2.0, {},
                            mat, reading)
    assert [(n.title, n.detail) for n in reading.notes] == [
        ("Fuera de casilla", "Pon las cartas en tus casillas"), ("Puesto vacío", "Nadie juega en el puesto 2")]


def test_the_setup_rows_the_team_names_and_the_table_vote_are_in_spanish():
    with use_language("es"):
        rows = {o.label: [c.label for c in o.choices] for o in screens.setup_options({})}
        assert rows == {"Jugadores": [str(n) for n in range(1, 9)], "Equipos": ["no", "de 2", "de 3", "de 4"],
                        "Números": ["1 a 25", "1 a 100"], "Pagan": ["a su botín", "al ganador"],
                        "Resultados": ["al pulsar", "enseguida"]}
        config = screens.game_config({"players": 4, "teams": 2, "edition": "mwm25", "discard_option": 1}, {}, 1)
        assert list(config["teams"]) == ["Equipo 1", "Equipo 2"]
        menu = MATH_WARS.menu(new_game({"game": "math-wars", "players": ["Ana", "Ben"]}).state())
    assert menu.title == "Voto de la mesa"
    assert [label for label, _ in menu.choices] == ["VICTORY a Ana", "VICTORY a Ben", "Repetir la ronda"]


def test_the_text_demo_tells_the_whole_game_in_spanish_from_headline_to_summary(capsys):
    from station.demo import text_demo

    with use_language("es"):
        assert text_demo(MATH_WARS, DEMO, DEMO["seed"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Math Wars Meta · MWM25 · Jugador contra jugador · Ana (mazo A)")
    assert "Ronda 1, mano 1" in out
    assert out[-1].startswith("Cartas VICTORY!: ") and any(line.startswith("Fin de la partida: ganó") for line in out)


def test_the_table_demo_tells_its_story_and_summary_in_spanish(capsys):
    """The whole station (rendered frames, camera, referee, OLED) in Spanish: the story under the
    OLED and the closing summary."""
    from station.cli import main

    with use_language("es"):
        assert main(["demo", "--game", "math-wars", "--quiet", "--pace", "0", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Ronda 1, mano 1" in out and "Ben gana la mano con 77." in out
    assert "Fin de la partida: ganó Ben." in out and "Cartas VICTORY!: Ana 0, Ben 1 (hacen falta 1)" in out
    english = [line for line in out.splitlines() if line.startswith("  ") and ENGLISH.search(line)]
    assert not english, english
