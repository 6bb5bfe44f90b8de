"""SUM's words in Spanish, from real games: every refusal's reason, its screen and what is said
aloud; every other event's screen and spoken line; and the story in English word for word what the
engine's own sentences say (the station's catalog keeps the English as the source)."""

from __future__ import annotations

from typing import Any

import pytest

from engine.sum import Sum, text
from station.games import plugin
from station.games.sum import sentences, screens, spoken
from station.games.sum.players import SumTablePlayers
from station.i18n import use_language
from station.speech.voice import utterance

PLAYERS = ["Ana", "Ben", "Cleo"]


def cards(*codes: str) -> list[str]:
    return [f"SU-A-{code}" for code in codes]


class Table:
    """A real game; ``act`` returns its events."""

    def __init__(self, players: list[str] = PLAYERS, **config: Any) -> None:
        self.game = Sum({"game": "sum", "players": players, **config})
        self.t = 0.0

    def act(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1
        return self.game.apply({"type": kind, "t": self.t, **fields})

    def refusal(self, kind: str, **fields: Any) -> dict[str, Any]:
        (event,) = [e for e in self.act(kind, **fields) if e["type"] == "violation"]
        return event


def refusals() -> dict[str, tuple[dict[str, Any], dict[str, Any]]]:
    """One refusal of each kind SUM words itself (name -> the event and the game's state then)."""
    found: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}
    table = Table()

    def keep(name: str, kind: str, **fields: Any) -> None:
        found[name] = (table.refusal(kind, **fields), table.game.state())

    keep("no_target", "submit", player="Ana", cards=cards("N3A"))
    keep("not_a_number", "target", card="SU-A-MUL2")
    table.act("target", card="SU-A-N12A")
    keep("target_taken", "target", card="SU-A-N5B")
    keep("not_your_turn", "draw", player="Ben", deck="numbers")
    keep("draw_first", "end_turn", player="Ana")
    keep("unequal_pair", "submit", player="Ana", cards=cards("N12B", "N5A", "ADD1"))
    keep("too_many_in_a_row", "submit", player="Ana", cards=cards("N3A", "N3B", "N3C", "ADD1"))
    keep("no_operation", "submit", player="Ana", cards=cards("N6A", "N6B"))
    keep("empty", "submit", player="Ana", cards=[])
    keep("wild_in_equation", "submit", player="Ana", cards=cards("N12B", "ADD1", "PROP1"))
    keep("too_many", "submit", player="Ana", cards=cards("N1A", "ADD1", "N1B", "ADD2", "N1C", "ADD3", "N2A", "ADD4",
                                                         "N7A"))
    keep("wrong_game", "submit", player="Ana", cards=["WC-A-N3A", "SU-A-ADD1", "SU-A-N9A"])
    keep("not_wild", "wild", player="Ana", card="SU-A-N7A")
    keep("wrong", "submit", player="Ana", cards=cards("N3A", "MUL1", "N4A", "SUB1", "N2A"))
    table.act("draw", player="Ana", deck="numbers")
    table.act("draw", player="Ana", deck="operations")
    keep("no_draws", "draw", player="Ana", deck="numbers")
    table.act("submit", player="Ana", cards=cards("N3A", "MUL1", "N4A"))  # 12: Ben's turn, no target
    keep("played_before", "target", card="SU-A-N3A")
    table.act("target", card="SU-A-N9A")
    table.act("wild", player="Ben", card="SU-A-ROT1")
    table.act("draw", player="Ben", deck="numbers")
    table.act("draw", player="Ben", deck="numbers")
    table.act("end_turn", player="Ben")
    table.act("draw", player="Cleo", deck="numbers")
    table.act("draw", player="Cleo", deck="numbers")
    table.act("end_turn", player="Cleo")
    keep("wild_played_before", "wild", player="Ana", card="SU-A-ROT1")
    table.game.hands["Ana"] = 1
    keep("needs_another_card", "wild", player="Ana", card="SU-A-NEUT1")
    table.game.numbers_deck = 0
    table.game.target = None
    keep("deck_empty", "target", card="SU-A-N8A")

    over = Table(["Ana", "Ben"])
    over.act("target", card="SU-A-N12A")
    over.game.hands["Ana"] = 3
    over.act("submit", player="Ana", cards=cards("N3A", "MUL1", "N4A"))
    found["game_over"] = (over.refusal("draw", player="Ben", deck="numbers"), over.game.state())
    return found


REFUSALS = refusals()

#: each refusal: (its reason in Spanish, the verdict screen's title and detail in Spanish)
SPANISH = {
    "no_target": ("Primero pon un objetivo nuevo: una carta de número en la casilla TARGET.",
                  "Sin objetivo", "Pon una carta de número en la casilla TARGET"),
    "not_a_number": ("El objetivo es una carta del mazo de números, no OPERATION ×.",
                     "No es un número", "El objetivo es una carta de número. Quítala"),
    "target_taken": ("El objetivo es 12: se queda hasta que una operación lo gane.",
                     "Ya hay objetivo", "El objetivo sigue siendo 12. Quita la nueva"),
    "not_your_turn": ("Le toca a Ana.", "No es tu turno", "Le toca a Ana"),
    "draw_first": ("Roba 2 cartas más antes de acabar tu turno.", "Roba antes", "Roba 2 cartas antes: pulsa SPARE"),
    "unequal_pair": ("Dos números seguidos: 12 5 (solo dos cartas iguales juntas hacen pareja)",
                     "Mira el orden", "Dos números seguidos: 12 5. SPARE: roba 2 más"),
    "too_many_in_a_row": ("3 números seguidos: una pareja son dos cartas iguales",
                          "Mira el orden", "3 números seguidos: una pareja son dos cartas iguales. SPARE: roba 2 más"),
    "no_operation": ("Usa al menos una carta de operación", "Usa un signo", "Usa una carta de operación. SPARE: roba 2 más"),
    "empty": ("Primero pon una operación en la tira", "Sin cartas", "Primero pon una operación en la tira. SPARE: roba 2 más"),
    "wild_in_equation": ("Los comodines van en su casilla, nunca en una operación.", "¡Es comodín!",
                         "Los comodines van en su casilla, nunca en una operación"),
    "too_many": ("9 cartas puestas, pero solo tienes 7 en la mano: revisa las cartas.", "Demasiadas",
                 "9 cartas puestas, pero solo tienes 7 en la mano: revisa las cartas"),
    "wrong_game": ("Esa carta es de Who's Counting?, no de SUM.", "Otro juego", "No es una carta de SUM. Quítala"),
    "not_wild": ("En la casilla de comodines solo van comodines, no NUMBER 7.", "No es comodín",
                 "Ahí solo van comodines. Quítala"),
    "wrong": ("3 × 4 − 2 = 10, no 12", "No da 12", "Recoge las cartas. SPARE: roba 2 más"),
    "no_draws": ("Solo dos cartas por turno: no robes más.", "No robes más", "Solo dos cartas por turno: no robes más"),
    "played_before": ("Esa carta NUMBER 3 ya se jugó.", "Ya jugada", "Esa carta ya se jugó. Quítala"),
    "wild_played_before": ("Ese comodín Rotación ya se jugó: devuélvelo al mazo de operaciones y baraja.", "Ya jugada",
                           "Esa carta ya se jugó. Quítala"),
    "needs_another_card": ("Neutralización necesita otra carta en tu mano.", "Falta una carta",
                           "Necesitas otra carta en la mano. Quítala"),
    "deck_empty": ("El mazo de números está vacío.", "Mazo vacío", "El mazo de números está vacío"),
    "game_over": ("La partida ha terminado: ganó Ana.", "Fin de partida", "CONFIRM: otra partida"),
}


def test_the_drive_met_every_refusal_sum_words_itself():
    codes = {event["code"] for event, _ in REFUSALS.values()}
    # remainder and divide_by_zero: engine/expressions.py words them; a wrong equation's title is what it is not
    assert codes - {"wrong"} == set(screens.VERDICT_TITLES) - {"remainder", "divide_by_zero"}
    assert set(SPANISH) == set(REFUSALS)


@pytest.mark.parametrize("name", sorted(SPANISH))
def test_each_refusal_is_worded_in_spanish_on_the_screen_and_in_the_story(name):
    event, state = REFUSALS[name]
    batch = [event, *([{"type": "draw_more", "player": event["player"], "draws_left": state["draws_left"]}]
                      if event["code"] in ("wrong", "malformed", "no_operation", "empty") else [])]
    with use_language("es"):
        view = screens.overlays(batch, state, "press")[0].view
        assert (sentences.reason(event), view.title, view.detail) == SPANISH[name]
        assert sentences.describe(event) == f"Todavía no: {SPANISH[name][0]}"


@pytest.mark.parametrize("name", sorted(SPANISH))
def test_each_refusal_is_said_aloud_as_its_spanish_screen_shows_it(name):
    """The spoken line is the screen's words (its numbers in words: the speech layer's, so only
    the words are compared here)."""
    event, state = REFUSALS[name]
    with use_language("es"):
        view = screens.overlays([event], state, "press")[0].view
        sound, words = utterance(spoken.lines([event], state, "press"))
    assert sound == "wrong"
    shown = [word.strip("¡!:,.()").lower() for word in f"{view.title} {view.detail}".split()]
    assert [word for word in shown if word.isalpha() and word not in words.lower()] == [], words


@pytest.mark.parametrize("name", sorted(SPANISH))
def test_each_refusal_s_english_is_the_engine_s_own_sentence(name):
    """The station's English words are the source of the catalog: the same as the engine's message."""
    event, _ = REFUSALS[name]
    assert sentences.reason(event) == event["message"]


#: Each shared expression problem (engine/expressions.py) SUM can meet: its cards (the target is
#: 12), then in Spanish its reason (station/ui/problem_words.py), the verdict screen's title and
#: what is said aloud after the player's name. SUM's cards are 1 to 12, so never ÷ 0; every
#: division step is whole until the first that is not, so never step_not_whole nor not_whole; and
#: numbers side by side are SUM's own pairs, so never two_numbers.
SHARED = {
    "two_minus": (("SUB1", "SUB2", "N12B"), "Delante de un número solo va un −", "Mira el orden",
                  "Mira el orden. Delante de un número solo va un menos."),
    "two_operations": (("N12B", "ADD1", "MUL1", "N1A"), "Dos signos seguidos: + ×", "Mira el orden",
                       "Mira el orden. Dos signos seguidos. Más por."),
    "starts_with_operation": (("MUL1", "N12B"), "No se puede empezar con ×", "Mira el orden",
                              "Mira el orden. No se puede empezar con por."),
    "ends_with_operation": (("N12B", "ADD1"), "No se puede terminar con +", "Mira el orden",
                            "Mira el orden. No se puede terminar con más."),
    "remainder": (("N12B", "DIV1", "N5A"), "12 ÷ 5 deja resto", "Hay resto", "Hay resto. Doce entre cinco deja resto."),
}
#: Words of the engine's English sentences that no Spanish line may keep.
ENGLISH = {"only", "one", "can", "go", "in", "front", "of", "a", "number", "two", "operations", "row", "an",
           "expression", "can't", "start", "with", "end", "leaves", "remainder", "cards", "take", "back", "draw",
           "more", "not", "yet"}


def shared_refusal(code: str) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A real game's refusal of the row that has the shared problem ``code``, with its draw_more."""
    table = Table()
    table.act("target", card="SU-A-N12A")
    events = table.act("submit", player="Ana", cards=cards(*SHARED[code][0]))
    return events, table.game.state()


def _english_left(line: str) -> set[str]:
    return {word for word in line.lower().replace(":", " ").replace(".", " ").split() if word in ENGLISH}


@pytest.mark.parametrize("code", sorted(SHARED))
def test_a_shared_expression_problem_is_spanish_on_the_screen_in_the_story_and_aloud(code):
    events, state = shared_refusal(code)
    (event,) = [e for e in events if e["type"] == "violation"]
    assert event["problem"]["code"] == code
    _, reason, title, aloud = SHARED[code]
    with use_language("es"):
        said = sentences.reason(event)
        view = screens.overlays(events, state, "press")[0].view
        story = sentences.describe(event)
        sound, words = utterance(spoken.lines([event], state, "press"))
    assert (said, view.title, view.detail) == (reason, title, f"{reason}. SPARE: roba 2 más")
    assert story == f"Todavía no: {reason}"
    assert (sound, words) == ("wrong", f"Ana. {aloud}")
    for line in (view.title, view.detail.replace("SPARE", ""), story, words):
        assert _english_left(line) == set(), line


@pytest.mark.parametrize("code", sorted(SHARED))
def test_in_english_a_shared_expression_problem_reads_as_the_engines_message(code):
    events, state = shared_refusal(code)
    (event,) = [e for e in events if e["type"] == "violation"]
    view = screens.overlays(events, state, "press")[0].view
    assert sentences.reason(event) == event["message"]
    assert sentences.describe(event) == f"Not yet: {event['message']}" == text.describe(event)
    assert view.detail == f"{event['message']}. SPARE: draw 2 more"


def test_every_other_moment_has_its_spanish_screen_and_spoken_line():
    table = Table(wild={"neutralization": False})
    said: dict[str, tuple[list[str], tuple[str, str]]] = {}

    def keep(name: str, kind: str, **fields: Any) -> None:
        events = table.act(kind, **fields)
        with use_language("es"):
            views = screens.overlays(events, table.game.state(), "press")
            said[name] = ([" / ".join(filter(None, (getattr(o.view, "title", ""), getattr(o.view, "big", ""),
                                                     *getattr(o.view, "lines", ()), getattr(o.view, "detail", ""),
                                                     getattr(o.view, "hint", "")))) for o in views],
                          utterance(spoken.lines(events, table.game.state(), "press")))

    keep("target", "target", card="SU-A-N9A")
    keep("drew", "draw", player="Ana", deck="operations")
    keep("radicalization", "wild", player="Ana", card="SU-A-RAD1")
    keep("won", "submit", player="Ana", cards=cards("N1A", "ADD1", "N2A"))
    keep("off", "wild", player="Ben", card="SU-A-NEUT1")
    keep("propagation", "wild", player="Ben", card="SU-A-PROP1")
    table.act("draw", player="Ben", deck="numbers")
    table.act("draw", player="Ben", deck="numbers")
    keep("turn_over", "end_turn", player="Ben")
    table.game.numbers_deck = 1
    keep("numbers_out", "target", card="SU-A-N8A")
    table.act("draw", player="Cleo", deck="operations")
    table.act("draw", player="Cleo", deck="operations")
    keep("game_over", "end_turn", player="Cleo")

    assert said["target"][0] == ["Objetivo / 9 / Hazlo con tus cartas"]
    assert said["drew"][0] == ["Roba un signo / Puedes robar 1 más"]
    assert said["radicalization"][0] == ["Comodín / Radicalización / El objetivo 9 pasa a 3 / Ahora consigue 3"]
    assert said["radicalization"][1][1].startswith("Comodín: Radicalización. El objetivo es ")
    assert said["won"][0] == ["Ana consigue 3 / 1 + 2 / 2 cartas a tu montón / Pon un objetivo nuevo"]
    assert said["won"][1][1].startswith("Ana consigue ") and "cartas ganadas." in said["won"][1][1]
    assert said["off"][0] == ["Comodín / Neutralización / Hoy no tiene efecto / Devuélvela al mazo"]
    assert said["propagation"][0] == ["Comodín / Propagación / Los demás: +1 número"]
    assert said["propagation"][1][1].startswith("Comodín: Propagación.")
    assert said["turn_over"][0] == ["Fin del turno / Ben / Esta vez no salió / Ahora juega Cleo"]
    assert said["turn_over"][1][1].startswith("Esta vez no salió.")
    assert said["numbers_out"][0][-1] == "No hay más números / Último turno / Gana quien tenga más"
    assert "Se acabaron los números: último turno." in said["numbers_out"][1][1]
    assert said["game_over"][0][-1].startswith("No hay más números / ")
    assert said["game_over"][0][-1].endswith(" / CONFIRM: resultados")
    assert said["game_over"][1][1].startswith("Esta vez no salió. ¡") and said["game_over"][1][1].endswith(" la partida!")


def test_the_live_screen_setup_and_menu_in_spanish():
    table = Table()
    with use_language("es"):
        live = screens.live_view(table.game.state(), 0, 0)
        assert (live.title, live.headline, live.footer) == ("Turno: Ana", "Pon un objetivo", "En la casilla TARGET")
        table.act("target", card="SU-A-N12A")
        live = screens.live_view(table.game.state(), 0, 0)
        assert (live.headline, live.footer, live.players[0].detail) == ("Consigue 12", "Pon cartas, CONFIRM", "7 en mano, +0")
        rows = [(o.label, [c.label for c in o.choices]) for o in screens.setup_options({})]
        assert rows == [("Jugadores", ["2", "3", "4", "5", "6"]), ("Parejas", ["2 2 son 4", "3 3 son 9"]),
                        ("Orden", ["× ÷ primero", "izquierda a derecha"]), ("Comodines", ["sí", "no"])]
        menu = screens.menu(table.game.state(), {"equation": "3 × 4", "target": 12})
        assert menu is not None and menu.title == "Turno: Ana"
        assert [label for label, _ in menu.choices] == ["Robar un número", "Robar una operación", "Terminar mi turno",
                                                        "Pista"]


@pytest.mark.parametrize("seed", [2026, 7, 11])
def test_the_story_s_english_is_the_engine_s_own_and_every_spanish_line_is_spanish(seed):
    """Every event of a whole game told by the station's sentences: in English exactly the engine's
    (``engine.sum.text``), in Spanish a line of its own (no English sentence left)."""
    game = Sum({"game": "sum", "seed": seed, "players": PLAYERS})
    drawn: list[str] = []
    told = 0
    for _, events in SumTablePlayers(game, seed).actions():
        for event in events:
            if event["type"] == "turn":
                drawn = []
            if event["type"] == "drew":
                drawn.append(event["deck"])
            english = text.turn_told(event, drawn) if event["type"] == "turn_over" else text.describe(event)
            say = (lambda e: sentences.turn_told(e, drawn)) if event["type"] == "turn_over" else sentences.describe
            assert say(event) == english
            with use_language("es"):
                assert say(event) != english, english
            told += 1
    assert told > 20
    assert sentences.headline(game.config) == text.headline(game.rules)
    assert sentences.summary(game.state()) == text.summary(game.state())
    with use_language("es"):
        spanish = [sentences.headline(game.config), *sentences.summary(game.state())]
    assert spanish[0].startswith("SUM · Ana, Ben, Cleo · las parejas suman (2 2 son 4) · × y ÷ primero")
    with use_language("es"):
        assert [plugin("sum").headline(game), *plugin("sum").summary(game)] == spanish  # for the demo to tell
    assert spanish[1].startswith("Fin de la partida: gan") and spanish[-1].startswith("Mazo de números: ")
