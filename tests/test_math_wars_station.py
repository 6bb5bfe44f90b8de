"""Math Wars Meta's station plug-in (station/games/math_wars/plugin.py): its config section, its
``mathstation demo`` options, its history measures, its demo and still table, its story."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

import pytest

from engine.errors import ConfigError
from engine.rules import new_game
from station.config import ConfigFileError, load_config
from station.games import plugin, plugins
from station.ui.views import LiveView

MATH_WARS = plugin("math-wars")


def config_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "station.toml"
    path.write_text("[math-wars]\n" + text, encoding="utf-8")
    return path


def test_the_config_section_starts_at_a_two_player_mwm25_game_with_results_on_a_press():
    assert load_config(None, plugins())["math-wars"] == {
        "players": 2, "names": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], "edition": "mwm25",
        "discard_option": 1, "victories_to_win": 0, "reveal": "press"}


def test_the_plug_in_declares_its_config_section_with_defaults_and_checks():
    keys = MATH_WARS.settings()
    assert {name: key.default for name, key in keys.items()} == {
        "players": 2, "names": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], "edition": "mwm25",
        "discard_option": 1, "victories_to_win": 0, "reveal": "press"}
    assert [keys["players"].check(n) for n in (1, 8, 9)] == [None, None, "must be a whole number from 1 to 8, not 9"]
    assert [keys["discard_option"].check(n) for n in (1, 2, 3)] == [None, None, "must be a whole number from 1 to 2, not 3"]
    assert [keys["victories_to_win"].check(n) for n in (0, 20, 21)] == [
        None, None, "must be a whole number from 0 to 20, not 21"]
    assert keys["edition"].check("mwm50") == "must be one of 'mwm25', 'mwm100', not 'mwm50'"
    assert keys["reveal"].check("later") == "must be one of 'press', 'at_once', not 'later'"


@pytest.mark.parametrize("text", ["players = 8", "players = 1", 'edition = "mwm100"', "discard_option = 2",
                                  "victories_to_win = 20", 'reveal = "at_once"'])
def test_every_value_the_rules_allow_is_taken(tmp_path, text):
    [(key, value)] = tomllib.loads(text).items()
    assert load_config(config_file(tmp_path, text + "\n"), plugins())["math-wars"][key] == value


@pytest.mark.parametrize("text, reason", [
    ("players = 9", "whole number from 1 to 8"),
    ("players = 0", "whole number from 1 to 8"),
    ('edition = "mwm50"', "must be one of 'mwm25', 'mwm100'"),
    ("discard_option = 3", "whole number from 1 to 2"),
    ("discard_option = 0", "whole number from 1 to 2"),
    ("victories_to_win = 21", "whole number from 0 to 20"),
    ("victories_to_win = -1", "whole number from 0 to 20"),
    ('reveal = "later"', "must be one of 'press', 'at_once'"),
])
def test_a_value_the_rules_do_not_allow_is_named_with_its_range(tmp_path, text, reason):
    with pytest.raises(ConfigFileError, match=reason):
        load_config(config_file(tmp_path, text + "\n"), plugins())


def demo_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mathstation demo")
    parser.add_argument("--text", action="store_true")
    MATH_WARS.demo_arguments(parser.add_argument_group("Math Wars Meta (math-wars)"))
    return parser


def demo_config(*argv: str, players=("Ana", "Ben")) -> dict:
    return MATH_WARS.demo_config(demo_parser().parse_args(list(argv)), list(players), 7)


def test_the_demo_options_are_explained_in_the_help():
    shown = " ".join(demo_parser().format_help().split())
    for words in ("--edition {mwm25,mwm100} COUNT META 1-25 or 1-100",
                  "--victories VICTORIES VICTORY! cards to win (default 1, a short game; --text: the edition's)",
                  "--team NAME:P1,P2 Team v Team (repeat for each team; --text only)",
                  "--discard-option {1,2} 1: losers pay into their own spoils pile; 2: into the winner's"):
        assert words in shown


def test_the_demo_plays_a_short_two_player_game_unless_told_otherwise():
    assert demo_config() == {"game": "math-wars", "seed": 7, "edition": "mwm25", "discard_option": 1,
                             "players": ["Ana", "Ben"], "victories_to_win": 1}
    assert "victories_to_win" not in demo_config("--text")   # the text demo plays the edition's whole game
    assert demo_config("--text", "--victories", "3")["victories_to_win"] == 3
    assert demo_config("--victories", "2", "--edition", "mwm100", "--discard-option", "1") == {
        "game": "math-wars", "seed": 7, "edition": "mwm100", "discard_option": 1, "players": ["Ana", "Ben"],
        "victories_to_win": 2}


def test_demo_teams_are_read_from_name_colon_players():
    config = demo_config("--team", "Red:Ana, Ben", "--team", "Blue:Cy,Dee,", "--discard-option", "2")
    assert config["teams"] == {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]} and "players" not in config
    assert config["discard_option"] == 2
    with pytest.raises(ConfigError) as caught:
        demo_config("--team", "Red")
    assert str(caught.value) == "give a team as NAME:PLAYER,PLAYER, e.g. --team Red:Ana,Ben"


@pytest.mark.parametrize("argv", [["--edition", "mwm50"], ["--discard-option", "3"], ["--victories", "many"]])
def test_a_demo_option_out_of_its_choices_is_refused(argv, capsys):
    with pytest.raises(SystemExit):
        demo_parser().parse_args(argv)
    assert "invalid" in capsys.readouterr().err


def test_history_counts_victories_hands_and_rounds_and_a_game_never_played_has_no_round():
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"], "seed": 1})
    assert MATH_WARS.history(game, []) == {"victories": {"Ana": 0, "Ben": 0}, "hands": {"Ana": 0, "Ben": 0},
                                           "rounds": 0}
    events = []
    hand = [("Ana", "MW-A-N21"), ("Ana", "MW-A-S5"), ("Ben", "MW-B-N15"), ("Ben", "MW-B-A6")]
    for t, (player, card) in enumerate(hand, 1):
        events += game.apply({"type": "play", "t": t, "player": player, "card": card})
    events += game.apply({"type": "award_victory", "t": 9, "side": "Ana"})   # the splash vote: round 2 starts
    assert MATH_WARS.history(game, events) == {"victories": {"Ana": 1, "Ben": 0}, "hands": {"Ana": 1, "Ben": 1},
                                                "rounds": 2}


def test_solo_is_played_on_seat_1_of_the_two_seat_mat_and_more_players_get_more_seats():
    assert MATH_WARS.mat({"game": "math-wars", "players": ["Ana"]}).seats == 2
    assert MATH_WARS.mat({"game": "math-wars", "players": ["Ana", "Ben"]}).seats == 2
    assert MATH_WARS.mat({"game": "math-wars", "players": ["Ana", "Ben", "Cleo"]}).seats == 3


def test_the_live_screen_shows_the_clock_it_is_given():
    state = new_game({"game": "math-wars", "players": ["Ana", "Ben"]}).state()
    live = MATH_WARS.live_view(state, 62.0, 0)
    assert isinstance(live, LiveView) and live.clock == "01:02"


def test_the_table_vote_is_offered_until_the_game_is_over():
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"], "victories_to_win": 1})
    menu = MATH_WARS.menu(game.state())
    assert menu.title == "Table vote" and [label for label, _ in menu.choices] == [
        "VICTORY: Ana", "VICTORY: Ben", "Restart round"]
    game.apply({"type": "award_victory", "t": 1, "side": "Ana"})
    assert MATH_WARS.menu(game.state()) is None


def test_the_demo_is_the_virtual_players_game_laid_card_by_card():
    config = {"game": "math-wars", "players": ["Ana", "Ben"], "seed": 3, "victories_to_win": 1}
    on_press = MATH_WARS.demo(config, 3, "press")
    at_once = MATH_WARS.demo(config, 3, "at_once")
    plays = [a["card"] for a in on_press.expected.actions]
    assert [s.value for s in on_press.scenario.steps if s.kind == "place"] == plays and on_press.places == len(plays)
    assert on_press.expected.outcome().over and on_press.expected.actions == at_once.expected.actions
    hands = sum(1 for step in at_once.scenario.steps if step.kind == "remove")
    presses = [sum(1 for s in demo.scenario.steps if s.kind == "press") for demo in (on_press, at_once)]
    assert presses[0] - presses[1] >= hands >= 1   # "press": one more CONFIRM a hand, to show its results


def test_the_still_table_is_the_same_for_the_same_seed():
    first, again, other = MATH_WARS.demo_scene(3), MATH_WARS.demo_scene(3), MATH_WARS.demo_scene(4)
    assert first.cards == again.cards and first.cards != other.cards


def test_the_story_heads_each_hand_with_its_round_and_tells_only_the_rule_events():
    game = new_game({"game": "math-wars", "players": ["Ana", "Ben"]})
    tell = MATH_WARS.story(game)
    played = {"type": "card_played", "player": "Ana", "card": "MW-A-N21", "pile": "count-meta", "t": 1}
    assert tell(played) == []
    result = {"type": "hand_result", "hand": 1, "level": 0, "results": {}, "t": 4}
    assert tell(result)[0] == "Round 1, hand 1"
    started = {"type": "round_started", "round": 2, "t": 9}
    assert tell(started) == ["  " + game.describe(started)]
    told = tell({**result, "hand": 5})
    assert told[0] == "Round 2, hand 5" and told[1] == "  " + game.describe({**result, "hand": 5})
