"""Math Rush in Spanish: each event's verdict on the OLED, each spoken line and the demo's story,
from real games (the engine is pure and English: the words are the game's own catalog's).
Numbers said in words are the speech layer's (English until it speaks Spanish): these tests
hold the game's own words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from conftest import RUSH_CARDS, RushTable
from engine.rules import new_game
from station.games import plugin
from station.games.math_rush import screens
from station.games.math_rush.demo import demo_scenario
from station.games.math_rush.players import RushTable as VirtualPlayers
from station.i18n import use_language
from station.ui.views import BannerView, VerdictView
from test_spoken_lines import Played

RUSH = plugin("math-rush")


def shown(events: list[dict[str, Any]], table: RushTable) -> list[tuple[str, str, str]]:
    """(title, big words or detail, bottom words) of each screen the events call for, in Spanish."""
    with use_language("es"):
        overlays = screens.overlays(events, table.game.state(), "press")
    out = []
    for o in overlays:
        v = o.view
        if isinstance(v, VerdictView):
            out.append((v.title, v.detail, v.who))
        else:
            assert isinstance(v, BannerView)
            out.append((v.title, v.big, v.hint))
    return out


# ---- the OLED ------------------------------------------------------------------------------------

def test_a_round_on_the_oled_in_spanish():
    table = RushTable()
    table.goal("G1", 1)
    with use_language("es"):
        live = screens.live_view(table.game.state(), table.t, 0)
    assert (live.title, live.hint, [(r.name, r.detail) for r in live.rows]) == (
        "Ronda 1 de 3", "CONFIRM: ¡ya!", [("Fila 1", "0 de 3")])
    assert shown(table.act("start"), table) == [("Ronda 1", "¡Ya!", "")]
    assert shown(table.goal("G11", 2), table) == [("Fila 2: UP 3", "Solo decimales. ¡A jugar!", "")]
    table.play("3/4", 1)
    assert shown([table.play("3/5", 1)], table) == [("Fila 1: 3/5", "3/5 < 3/4: desordenada. Quítala y usa ayuda", "")]
    assert shown([table.play("1/8", 2)], table) == [("Fila 2: 1/8", "Solo decimales. Quítala y usa ayuda", "")]
    assert shown(table.act("lift", card=RUSH_CARDS["3/5"]), table) == [
        ("Carta quitada", "Usa una ayuda o vuelve a ponerla", "Fila 1")]
    assert shown(table.act("play", card=RUSH_CARDS["3/5"], row=1, on=""), table) == [
        ("Fila 1: de vuelta", "3/5 < 3/4: desordenada. Quítala y usa ayuda", "")]
    table.act("lift", card=RUSH_CARDS["3/5"])
    assert shown(table.act("help", use="clear"), table) == [("¡Ayuda!", "Cartas fuera. Sigue jugando", "Quedan 2 ayudas")]
    table.play("0.8", 1)
    assert shown([e for e in table.act("play", card=RUSH_CARDS["0.9"], row=1, on="")], table) == [
        ("¡Dale la vuelta!", "¡1 estrella! Ahora pon otra meta", "Fila 1: UP 3")]
    assert shown(table.act("warning"), table) == [("¡Rápido!", "30 segundos", "Juega las últimas cartas")]
    time_up, *scores = shown(table.act("time_up"), table)
    assert scores == [("Fila 1: UP 3", "1 estrella", "CONFIRM: seguir"), ("Fila 2: UP 3", "0 estrellas", "CONFIRM: seguir"),
                      ("Ronda 1", "1 punto", "CONFIRM: seguir")]
    with use_language("es"):
        (unfinished,) = [o.view for o in screens.overlays(table.events[-1:], table.game.state(), "press")
                         if o.view.title == "Fila 2: UP 3"]
    assert unfinished.lines == ("1 de 3 cartas",)
    assert shown(table.act("next_round"), table) == [("Ronda 2", "Baraja", "y CONFIRM: ¡ya!")]


def test_the_refusals_on_the_oled_in_spanish():
    table = RushTable()
    assert shown(table.act("start"), table) == [("Antes, metas", "Primero pon las metas en su columna", "")]
    assert shown(table.act("play", card=RUSH_CARDS["1/2"], row=1, on=""), table) == [
        ("Pulsa CONFIRM", "Espera: pulsa CONFIRM para empezar", "1/2")]
    table.goal("G1", 1)
    assert shown(table.goal("G5", 1), table) == [("Fila ocupada", "La fila 1 tiene UP 3: usa una fila libre", "GOAL DOWN 3")]
    assert shown(table.act("goal", card="MW-A-N1", row=2), table)[0][:2] == ("Otro juego", "No es de Math Rush. Quítala")
    table.act("start")
    assert shown(table.act("start"), table) == [("Reloj en marcha", "El reloj corre: juega tus cartas", "")]
    table.play("1/2", 1)
    assert shown(table.act("play", card=RUSH_CARDS["1/2"], row=2, on=""), table) == [
        ("Ya jugada", "Esa carta es de la fila 1: vuelve a ponerla allí", "1/2")]
    table.run_out()
    assert shown(table.act("play", card=RUSH_CARDS["3/4"], row=1, on=""), table) == [
        ("¡Tarde!", "Se acabó el tiempo: esta carta no cuenta", "3/4")]


def test_the_setup_rows_in_spanish():
    with use_language("es"):
        rows = {o.label: o.shown for o in screens.setup_options({"timer": 0, "help": "unlimited", "one_goal": True})}
    assert rows == {"Jugadores": "3", "Reloj": "sin reloj", "Advanced": "sí", "Ayudas": "sin límite", "Metas": "1 cada vez"}


# ---- the voice -----------------------------------------------------------------------------------

def rush() -> Played:
    table = Played({"game": "math-rush", "players": ["Ana"], "seed": 1, "seconds": 60})
    for card, row in (("MR-A-G1", 1), ("MR-A-G5", 2), ("MR-A-G9", 3)):  # UP 3, DOWN 3, SAME 3
        table.act("goal", card=card, row=row)
    return table


def test_each_spoken_line_in_spanish():
    with use_language("es"):
        table = rush()
        sound, words = table.act("start")
        assert sound == "your_turn" and re.fullmatch(r"Ronda \w+\. ¡Ya!", words), words
        table.act("play", card="MR-A-F13", row=1, on="")  # 3/4
        sound, words = table.act("play", card="MR-A-F10", row=1, on="")  # 3/5 after 3/4, going up
        assert sound == "wrong" and re.fullmatch(r"\w[\w ]* es menor que [\w ]+\. Fuera de orden\.", words), words
        table.act("play", card=RUSH_CARDS["0.5"], row=3, on="")
        sound, words = table.act("play", card=RUSH_CARDS["1/3"], row=3, on="")  # SAME 3
        assert sound == "wrong" and re.fullmatch(r"\w[\w ]* no es igual a [\w ]+\.", words), words
        for card in ("0.9", "0.8"):  # DOWN 3
            table.act("play", card=RUSH_CARDS[card], row=2, on="")
        sound, words = table.act("play", card=RUSH_CARDS["0.1"], row=2, on="")
        assert sound == "accepted" and re.fullmatch(r"Fila \w+ completa: ¡\w+ estrellas?!", words), words
        sound, words = table.act("help", use="redraw")
        assert (sound, words) == ("accepted", "Carta de ayuda usada.")
        sound, words = table.act("play", card="SU-A-N1A", row=1, on="")  # another game's card
        assert (sound, words) == ("wrong", "Esa carta no es de Math Rush. Quítala.")
        sound, words = table.act("play", card="MR-A-F13", row=3, on="")  # 3/4, lying in row 1
        assert sound == "wrong" and re.fullmatch(r"Ya jugada\. Esa carta es de la fila \w+\. Vuelve a ponerla allí\.",
                                                 words), words
        sound, words = table.clock()
        assert sound == "time_warning" and re.fullmatch(r"¡Quedan \w+ segundos!", words), words
        sound, words = table.clock()
        assert sound == "time_up" and re.fullmatch(r"¡Se acabó el tiempo! Manos quietas\. Ronda \w+: [\w ]+ puntos?\.",
                                                   words), words
        assert table.act("next_round")[1].startswith("Ronda ")


def test_a_full_broken_set_and_the_game_s_end_are_said_in_spanish():
    with use_language("es"):
        table = Played({"game": "math-rush", "players": ["Ana"], "seed": 1, "seconds": 60})
        assert table.act("start") == ("wrong", "Antes, metas. Primero pon las metas en su columna.")
        table.act("goal", card="MR-A-G1", row=1)
        table.act("start")
        for card in ("MR-A-F13", "MR-A-F10"):
            table.act("play", card=card, row=1, on="")
        sound, words = table.act("play", card="MR-A-F1", row=1, on="")  # the set full, and broken
        assert sound == "wrong" and re.search(r"\. La fila \w+ está llena, pero mal\. Dale la vuelta a la meta\.$",
                                              words), words
        for _ in range(2):
            table.clock()
            table.clock()
            table.act("next_round")
            table.act("goal", card="MR-A-G1", row=1)
            table.act("start")
        table.clock()
        sound, words = table.clock()
        assert sound == "game_over" and re.search(r"Fin de la partida: [\w ]+ en total\. ¡Calentando motores!", words), words


# ---- the demo's story ----------------------------------------------------------------------------

def story(seed: int) -> list[tuple[dict[str, Any], list[str]]]:
    """Each event of a whole game the virtual players play, and the lines the story tells of it."""
    game = new_game({"game": "math-rush", "seed": seed, "players": ["Ana", "Ben", "Cleo"], "seconds": 180})
    tell = RUSH.story(game)
    return [(event, tell(event)) for _, events in VirtualPlayers(game, seed).actions() for event in events]


def test_the_demo_s_story_in_spanish():
    with use_language("es"):
        told = story(2026)
    lines = {event["type"]: [] for event, _ in told}
    for event, said in told:
        lines[event["type"]] += said
    assert all(line.startswith("  Meta en la fila ") for line in lines["goal_laid"])
    assert all(re.fullmatch(r"  \S+( \S+)? (va en|estropea) .+\.", line) for line in lines["card_played"]), \
        lines["card_played"]
    assert lines["time_up"] and set(lines["time_up"]) == {"  ¡Se acabó el tiempo!"}
    assert all(re.fullmatch(r"  Ronda [123]: \d+ puntos? \(.+\)\. Total: \d+\.", line) for line in lines["round_over"])
    (end,) = lines["game_over"]
    assert re.fullmatch(r"  Fin de la partida: .+ = ¡\d+ puntos? entre todos!", end), end
    english = re.compile(r"\b(goes on|breaks|Round|Time is up|Goal in row|Game over|together)\b")
    assert not [line for _, said in told for line in said if english.search(line)]


def test_the_demo_s_story_in_english_is_the_engine_s_own():
    """The station's words for the story are its own now; in English they read as the engine's."""
    game = new_game({"game": "math-rush", "seed": 7, "players": ["Ana", "Ben", "Cleo"], "seconds": 180})
    tell = RUSH.story(game)
    told = [(event, tell(event)) for _, events in VirtualPlayers(game, 7).actions() for event in events]
    assert told and all(said == ["  " + game.describe(event)] for event, said in told if said)


def test_the_demo_on_the_virtual_table_is_titled_in_spanish():
    with use_language("es"):
        scenario, _ = demo_scenario({"game": "math-rush", "seed": 3, "players": ["Ana", "Ben"], "seconds": 60}, 3)
    assert scenario.title == "Demo: Math Rush, semilla 3"


@pytest.mark.parametrize("code", sorted(screens.VERDICT_TITLES))
def test_every_refusal_s_title_is_spanish_in_spanish(code):
    english = str(screens.VERDICT_TITLES[code])
    with use_language("es"):
        assert str(screens.VERDICT_TITLES[code]) not in ("", english)


def test_the_story_s_first_and_last_lines_in_spanish_and_in_english_as_the_engine_s():
    young = new_game({"game": "math-rush", "players": ["Ana"], "help": "unlimited", "advanced": False,
                      "one_goal": True})
    assert RUSH.headline(young) == young.headline()
    with use_language("es"):
        assert RUSH.headline(young) == ("Math Rush · Ana · 5 cartas cada uno · rondas de 240 s · sin cartas Advanced, "
                                        "ayudas sin límite, una meta cada vez")
    game = new_game({"game": "math-rush", "seed": 7, "players": ["Ana", "Ben", "Cleo"], "seconds": 180})
    middle = None
    for _, events in VirtualPlayers(game, 7).actions():
        if middle is None and game.state()["phase"] == "playing" and any(r["broken"] for r in game.state()["rows"]):
            middle = RUSH.summary(game), game.summary()
            with use_language("es"):
                spanish_middle = RUSH.summary(game)
    assert middle is not None and middle[0] == middle[1]
    assert spanish_middle[0] == "Ronda 1, en juego." and any(line.endswith("(mal)") for line in spanish_middle)
    assert RUSH.summary(game) == game.summary()
    with use_language("es"):
        end = RUSH.summary(game)
    assert re.fullmatch(r"Fin de la partida: \d+ puntos?\.", end[0]) and end[-1].startswith("Rondas: ")


def test_a_wrong_timer_in_station_toml_is_told_in_spanish():
    timer = RUSH.settings()["timer"]
    with use_language("es"):
        assert timer.check(7) == ("tiene que ser \"auto\" (3 minutos; 4 para un jugador solo), 0 (sin reloj) o de 30 a "
                                  "1800 segundos, no 7")
        assert str(timer.help).startswith("segundos que dura una ronda")
