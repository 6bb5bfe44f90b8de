"""Who's Counting?'s words in every language: each event the real engine gives, told in the
story and said aloud in the game's own words, from the data the event carries (the engine's
English ``message`` stays for journals and logs). In English the story is the engine's own
sentence, word for word; in Spanish it is the game's catalog."""

from __future__ import annotations

from typing import Any

import re

import pytest

from engine.whos_counting import WhosCounting
from station.games import plugin
from station.games.whos_counting.players import CountingTable
from station.games.whos_counting.story import tell
from station.i18n import use_language
from station.speech.voice import utterance

WC = plugin("whos-counting")


class Drive:
    """A real game, played by actions with named cards, keeping every event by a name."""

    def __init__(self) -> None:
        self.game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"], "minutes": 10,
                                 "window": 30})
        self.t = 0.0
        self.events: dict[str, dict[str, Any]] = {}
        self.batches: dict[str, list[dict[str, Any]]] = {}

    def act(self, name: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1.0
        if kind in ("submit", "red", "stop", "declare", "trade", "pass"):
            fields = {key: (f"WC-A-{v}" if key == "card" and "-" not in v else
                            [f"WC-A-{c}" if "-" not in c else c for c in v] if key in ("cards", "blue") else v)
                      for key, v in fields.items()}
        events = self.game.apply({"type": kind, "t": self.t, **fields})
        self.batches[name] = events
        for index, event in enumerate(events):
            self.events[name if len(events) == 1 else f"{name}/{event['type']}{index}"] = event
        return events

    def close(self, name: str) -> list[dict[str, Any]]:
        due = self.game.deadline()
        assert due is not None and due.action["type"] == "window_closed"
        self.t = due.at - 1.0  # the referee applies it when it is due
        return self.act(name, "window_closed")


def every_event() -> Drive:
    """Every violation the engine gives a table, and every other kind of event, in one game."""
    d = Drive()
    d.act("no_expression", "red", player="Ben", card="STL1")
    d.act("not_your_turn", "submit", player="Ben", cards=["N1A", "ADD9", "N1B"], blue=[])
    d.act("empty", "submit", player="Ana", cards=[], blue=[])
    d.act("not_in_sum", "submit", player="Ana", cards=["N3A", "ADD1", "STL2"], blue=[])
    d.act("not_in_sum-blue", "submit", player="Ana", cards=["N3A", "ADD1", "DBL4"], blue=[])
    d.act("not_blue", "submit", player="Ana", cards=["N3A", "ADD1", "N4A"], blue=["N5A"])
    d.act("wrong_game", "submit", player="Ana", cards=["N3A", "ADD1", "MW-A-N5"], blue=[])
    d.act("remainder", "submit", player="Ana", cards=["N12A", "DIV1", "N5A"], blue=[])
    d.act("two_times", "submit", player="Ana", cards=["N2A", "MUL1", "N3A", "MUL2", "N4A"], blue=[])
    d.act("operations", "submit", player="Ana", cards=["N4A", "N5A"], blue=[])
    d.act("numbers", "submit", player="Ana", cards=["N7A"], blue=[])
    d.act("two_numbers", "submit", player="Ana", cards=["N3A", "N4A", "ADD1", "N5A"], blue=[])
    d.act("two_operations", "submit", player="Ana", cards=["N3A", "ADD1", "SUB1", "N5A"], blue=[])
    d.act("starts", "submit", player="Ana", cards=["SUB1", "N3A", "ADD1", "N5A"], blue=[])
    d.act("below_zero", "submit", player="Ana", cards=["N3A", "SUB1", "N7A"], blue=[])
    d.act("asked", "submit", player="Ana", cards=["N3A", "ADD1", "CHO1"], blue=[])
    d.act("bad_declaration", "declare", player="Ana", card="CHO1", value="double")
    d.act("not_wild", "declare", player="Ana", card="N3A", value="7")
    d.act("declared", "declare", player="Ana", card="SUP1", value="double")
    d.act("wild_not_in_sum", "submit", player="Ana", cards=["N3A", "ADD1", "SUP1"], blue=[])
    d.act("scored", "submit", player="Ana", cards=["N3A", "MUL1", "N6A", "SUB1", "N2A"], blue=["DBL1"])
    d.act("wait_window", "submit", player="Ana", cards=["N3A", "MUL1", "N6A", "SUB1", "N2A"], blue=[])
    d.act("own_turn", "red", player="Ana", card="NEG1")
    d.act("not_red", "red", player="Ben", card="N5B")
    d.act("nothing_to_stop", "stop", player="Cleo", card="STOP4")
    d.act("goo_red", "red", player="Ben", card="GNEG")
    d.act("one_red", "red", player="Cleo", card="ZERO1")
    d.act("not_stop", "stop", player="Ana", card="N9A")
    d.act("goo", "stop", player="Ana", card="STOP1")
    d.close("ana_scored")
    d.act("too_late", "red", player="Cleo", card="STL3")
    d.act("ben_scored", "submit", player="Ben", cards=["N4B", "ADD2", "N5C"], blue=["EXT1"])
    d.act("split", "red", player="Cleo", card="SPL1")
    d.act("stopped", "stop", player="Ben", card="STOP2")
    d.act("stopped_already", "stop", player="Ben", card="STOP3")
    d.close("ben_extra")
    d.act("ben_again", "submit", player="Ben", cards=["N8B", "ADD3", "N9B"], blue=[])
    d.act("super_red", "red", player="Ana", card="SUP2")
    d.act("bad_declaration-red", "declare", player="Ana", card="SUP2", value="double")
    d.act("steal", "declare", player="Ana", card="SUP2", value="steal")
    d.close("stolen")
    d.act("bad_trade", "trade", player="Cleo", count=0)
    d.act("traded", "trade", player="Cleo", count=2)
    d.act("played_before", "submit", player="Ana", cards=["N3A", "ADD4", "N1C"], blue=[])
    d.act("passed", "pass", player="Ana")
    d.act("time_up", "time_up")
    d.act("game_over", "submit", player="Ben", cards=["N1D", "ADD5", "N1E"], blue=[])
    return d


DRIVE = every_event()
EVENTS = DRIVE.events
VIOLATIONS = {name: e for name, e in EVENTS.items() if e["type"] == "violation"}


def test_the_drive_meets_every_violation_and_every_kind_of_event():
    assert {e["code"] for e in VIOLATIONS.values()} >= {
        "no_expression", "not_your_turn", "empty", "not_in_sum", "not_blue", "wrong_game", "remainder", "two_times",
        "operations", "numbers", "malformed", "below_zero", "bad_declaration", "not_wild", "wild_not_in_sum",
        "wait_window", "own_turn", "not_red", "nothing_to_stop", "one_red", "not_stop", "goo", "too_late",
        "stopped_already", "bad_trade", "played_before", "game_over"}
    assert set(WC.story_events) <= {e["type"] for e in EVENTS.values()}
    assert {"needs_declaration", "declared", "answer_window", "draw", "turn"} <= {e["type"] for e in EVENTS.values()}


def _every_demo_event() -> list[dict[str, Any]]:
    events = []
    for seed in (1, 2):
        game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"], "target": 300, "minutes": 0,
                             "seed": seed})
        events += [e for _, batch in CountingTable(game, seed).actions() for e in batch]
    return events


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_in_english_the_story_is_the_engines_own_sentence(name):
    with use_language("en"):
        assert tell(EVENTS[name]) == DRIVE.game.describe(EVENTS[name])


def test_in_english_two_whole_demo_games_are_told_as_the_engine_tells_them():
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    with use_language("en"):
        assert [tell(e) for e in _every_demo_event()] == [game.describe(e) for e in _every_demo_event()]


@pytest.mark.parametrize("name", sorted(EVENTS))
def test_in_spanish_every_event_is_told_in_the_games_own_words(name):
    event = EVENTS[name]
    with use_language("es"):
        spanish = tell(event)
    assert spanish != DRIVE.game.describe(event), spanish
    told = re.sub(r"Who.s Counting\?", "", spanish)
    for english in ("turn", "scores", "points", "the", "card", "expression", "red", "wait", "can't", "leaves", "and"):
        assert not re.search(rf"\b{english}\b", told), spanish


@pytest.mark.parametrize("name, words", [
    ("no_expression", "Todavía no: Aún no hay operación que contar: espera a Who's Counting?."),
    ("not_your_turn", "Todavía no: Le toca a Ana."),
    ("remainder", "Todavía no: 12 ÷ 5 deja resto"),
    ("two_numbers", "Todavía no: Dos números seguidos: 3 4"),
    ("two_operations", "Todavía no: Dos signos seguidos: + −"),
    ("starts", "Todavía no: Una operación empieza con un número, no con −"),
    ("below_zero", "Todavía no: 3 − 7 = −4: el resultado tiene que ser 0 o más"),
    ("operations", "Todavía no: Una operación lleva de 1 a 3 cartas de signo, no 0"),
    ("not_blue", "Todavía no: En la casilla azul solo van cartas azules, no NUMBER 5."),
    ("wrong_game", "Todavía no: Esa carta es de Math Wars Meta, no de Who's Counting?."),
    ("bad_declaration-red", "Todavía no: Una carta Super jugada como roja es Steal, Negative, Zero o Split."),
    ("scored", "Ana: 3 × 6 − 2 = 16, + 25 por 2 operaciones, el doble = 82. ¿Who’s Counting?"),
    ("goo_red", "¡Ben cuenta! Negative contra Ana (Green Goo: ¡sin Stop!)."),
    ("ana_scored/turn_scored0", "Ana se lleva −82 (ahora −82)."),
    ("stolen/turn_scored0", "Steal: los 27 puntos de Ben son para Ana, que tiene menos (ahora -55)."),
    ("traded/traded0", "Cleo cambia 2 cartas."),
    ("passed/passed0", "Ana pasa."),
    ("time_up/time_up0", "Se acabó el tiempo: 10 minutos."),
    ("game_over", "Todavía no: La partida ha terminado: ganó Ben."),
])
def test_in_spanish_the_story_reads_as_a_child_would_say_it(name, words):
    with use_language("es"):
        assert tell(EVENTS[name]) == words


def _said(name: str) -> str:
    """What the station says for the batch of events an action gave, in the language of the moment."""
    return utterance(WC.say(DRIVE.batches[name], DRIVE.game.state(), "at_once"))[1]


@pytest.mark.parametrize("name, english, spanish", [
    ("scored", "points! Who's counting?", "puntos! Who's counting?"),
    ("goo_red", "Green goo from Ben: Negative! No stop can help.", "¡Green goo de Ben: Negative! Ningún stop sirve."),
    ("split", "Cleo plays a red card: Split!", "¡Cleo juega una carta roja: Split!"),
    ("split", "Ben, stop it?", "Ben, ¿la paras?"),
    ("stopped", "Stopped!", "¡Parada!"),
    ("ana_scored", "Ana scores", "Ana se lleva"),
    ("traded", "Cleo trades.", "Cleo cambia cartas."),
    ("passed", "Ana passes.", "Ana pasa."),
    ("time_up", "Time is up!", "¡Se acabó el tiempo!"),
    ("remainder", "Remainder.", "Hay resto."),
    ("remainder", "Fix it, CONFIRM", "Arréglala, CONFIRM"),
    ("goo", "No Stop against Green Goo. Take it back", "Contra Green Goo no hay Stop. Quítala"),
    ("not_your_turn", "It is Ana's turn", "Le toca a Ana"),
])
def test_each_kind_of_event_is_said_in_the_games_own_words(name, english, spanish):
    with use_language("en"):
        assert english in _said(name)
    with use_language("es"):
        assert spanish in _said(name)


def test_the_game_over_is_said_with_the_winners_points_in_spanish():
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"], "target": 40, "minutes": 0})
    game.apply({"type": "submit", "t": 1, "player": "Ana", "blue": [],
                "cards": ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]})
    events = game.apply({"type": "window_closed", "t": 10})
    with use_language("es"):
        words = utterance(WC.say(events, game.state(), "at_once"))[1]
    assert "puntos!" in words and "con" in words, words


def test_the_demo_tells_its_story_in_spanish(capsys):
    """``mathstation demo --game whos-counting --text`` with the station in Spanish: every line the
    game's story adds is the game's Spanish (the header and summary around it are the CLI's)."""
    from station.demo import text_demo

    config = WC.demo_config(_demo_args(), ["Ana", "Ben", "Cleo"], 3)
    with use_language("es"):
        assert text_demo(WC, config, 3) == 0
    told = capsys.readouterr().out.split("\n\n")[1]  # the header, a blank line, the story, a blank line, the summary
    story = [line.strip() for line in told.splitlines()]
    with use_language("en"):
        english = [line.strip() for line in _english_story(config, 3)]
    assert len(story) == len(english) > 20
    assert sum(a != b for a, b in zip(story, english)) == len(story)  # no line of the story left in English
    assert any(re.fullmatch(r"\w+: .* = \d+, \+ \d+ por \d operaci(ón|ones)(, el doble.*)? = \d+\. ¿Who’s Counting\?", line)
               for line in story), story[:5]
    assert any(re.fullmatch(r"\w+ se lleva −?\d+ \(ahora −?\d+\)\.", line) for line in story)
    assert re.fullmatch(r"¡\w+ llega a la meta y gana! \(.*\)", story[-1]), story[-1]


def _demo_args() -> Any:
    import argparse

    return argparse.Namespace(target=None, text=True)


def _english_story(config: dict[str, Any], seed: int) -> list[str]:
    game = WhosCounting(config)
    tell_event = WC.story(game)
    return [line for _, batch in WC.virtual_players(game, seed) for event in batch for line in tell_event(event)]


def test_the_table_demo_is_titled_in_spanish():
    config = WC.demo_config(_demo_args(), ["Ana", "Ben"], 2)
    with use_language("es"):
        assert WC.demo(config, 2, "press").scenario.title == "Demo: Who's Counting?, semilla 2"


def test_the_demo_opens_and_closes_in_the_language_of_the_moment():
    """`demo --text --language es` begins with the game's headline and ends with its summary: in
    English the engine's own lines, in Spanish the game's words (they were the engine's English)."""
    from engine.rules import new_game
    from station.games.whos_counting.plugin import WhosCountingStation
    from station.i18n import use_language

    plugin = WhosCountingStation()
    game = new_game({"game": "whos-counting", "players": ["Ana", "Ben"], "target": 300, "minutes": 10})
    assert plugin.headline(game) == game.headline()
    assert plugin.summary(game) == game.summary()
    with use_language("es"):
        assert plugin.headline(game) == ("Who's Counting? · Ana, Ben · gana con 300 puntos o 10 minutos · "
                                         "× y ÷ primero · 5 s para contar")
        assert plugin.summary(game)[0] == "Turno de Ana."
        assert plugin.summary(game)[1].endswith("0 puntos  7 en mano")
