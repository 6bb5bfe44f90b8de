"""Math Wars Meta's config (engine/math_wars/config.py): what a teacher or the setup screen may
ask for, every mistake answered with the whole sentence the station shows, and the config the
journal keeps with every default filled in."""

from __future__ import annotations

import pytest

from engine.errors import ConfigError
from engine.math_wars.config import Mode, read_config

DUOS = {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}


@pytest.mark.parametrize("raw, words", [
    ({"players": ["Ana"], "colour": "red"},
     "unknown config key 'colour' (known: discard_option, edition, game, mode, players, seed, teams, victories_to_win)"),
    ({"players": "Ana, Ben"}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": ["Ana", {"copy": "C"}]}, "a player is a name or {\"name\": ..., \"copy\": ...}, not {'copy': 'C'}"),
    ({"players": [{"name": "Ana", "seat": 2}]},
     "a player is a name or {\"name\": ..., \"copy\": ...}, not {'name': 'Ana', 'seat': 2}"),
    ({"players": ["Ana", " "]}, "a player's name cannot be empty"),
    ({"players": ["Ana", "Ben", "Ana"]}, "two players have the same name: Ana, Ben, Ana"),
    ({"players": [{"name": "Ana", "copy": "C"}, {"name": "Ben", "copy": "C"}]}, "two players cannot play the same deck copy"),
    ({"teams": ["Red", "Blue"]},
     'teams must map team names to player names, e.g. {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}'),
    ({"teams": {"Red": "Ana, Ben", "Blue": ["Cy", "Dee"]}},
     'teams must map team names to player names, e.g. {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}'),
    ({"teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy"]}}, "every team needs the same number of players"),
    ({"teams": {t: [f"{t}1", f"{t}2"] for t in "ABCDE"}}, "duos are played by 2–4 teams, not 5"),
    ({"teams": {"R": ["A", "B", "C"], "G": ["D", "E", "F"], "B": ["G", "H", "I"]}}, "trios are played by 2 teams, not 3"),
    ({"players": ["Ana", "Ben", "Cy", "Dee"], "teams": {"Red": ["Ana", "Ben"], "Blue": ["Ana", "Dee"]}},
     "a player is in two teams"),
    ({"players": ["Ana", "Ben", "Cy", "Eve"], "teams": DUOS}, "players and teams do not match: Dee, Eve"),
    ({"teams": {"Red": ["Ana", "Red"], "Blue": ["Cy", "Dee"]}}, "a team cannot have the same name as a player"),
    ({"players": ["Ana", "Ben"], "mode": "teams"}, "mode 'teams' does not fit the players: 2 player(s) make mode 'players'"),
    ({"teams": DUOS, "mode": "players"}, "mode 'players' does not fit the players: 4 player(s) in teams make mode 'teams'"),
    ({"players": ["Ana", "Ben"], "victories_to_win": 0}, "victories_to_win must be a whole number from 1 to 20, not 0"),
    ({"players": ["Ana", "Ben"], "victories_to_win": 21}, "victories_to_win must be a whole number from 1 to 20, not 21"),
    ({"players": ["Ana", "Ben"], "victories_to_win": True}, "victories_to_win must be a whole number from 1 to 20, not True"),
    ({"players": ["Ana", "Ben"], "victories_to_win": 2.0}, "victories_to_win must be a whole number from 1 to 20, not 2.0"),
])
def test_a_config_mistake_is_one_whole_sentence(raw, words):
    with pytest.raises(ConfigError) as caught:
        read_config(raw)
    assert str(caught.value) == words


def test_eight_players_fill_a_table_of_eight_deck_copies():
    config = read_config({"players": [f"P{n}" for n in range(1, 9)]})
    assert config.mode is Mode.PLAYERS and "".join(seat.copy for seat in config.seats) == "ABCDEFGH"


@pytest.mark.parametrize("victories", [1, 20])
def test_any_number_of_victories_from_1_to_20_is_a_game(victories):
    assert read_config({"players": ["Ana", "Ben"], "victories_to_win": victories}).victories_to_win == victories


def test_with_teams_the_players_list_keeps_its_seating_order():
    config = read_config({"players": ["Cy", "Ana", "Dee", "Ben"], "teams": DUOS})
    assert [(s.name, s.copy, s.team) for s in config.seats] == [
        ("Cy", "A", "Blue"), ("Ana", "B", "Red"), ("Dee", "C", "Blue"), ("Ben", "D", "Red")]


def test_the_journal_keeps_every_default_filled_in():
    assert read_config({"players": ["Ana", "Ben"]}).as_json() == {
        "game": "math-wars", "seed": 0, "edition": "mwm25", "mode": "players",
        "players": [{"name": "Ana", "copy": "A"}, {"name": "Ben", "copy": "B"}], "discard_option": 1,
        "victories_to_win": 4}
    teams = read_config({"teams": DUOS, "seed": 9, "edition": "mwm100"}).as_json()
    assert teams["teams"] == DUOS and teams["seed"] == 9 and teams["mode"] == "teams" and teams["victories_to_win"] == 5
