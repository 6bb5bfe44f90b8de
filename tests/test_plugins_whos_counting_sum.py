"""Who's Counting?'s and SUM's station plug-ins, as the shared parts use them: the history
columns of a finished game, the demo's command line, the table adapter, the station.toml section
and its refusals, and the virtual players."""

from __future__ import annotations

import argparse
import itertools
from pathlib import Path

import pytest

import test_sum
import test_whos_counting
from engine.rules import game_class
from station.config import ConfigFileError, load_config
from station.games import plugin, plugins


def test_who_s_counting_history_has_the_points_the_best_expression_and_the_turns():
    table = test_whos_counting.Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41
    table.close()
    table.lay("Ben", 4, "+", 5, blue=("DBL",))  # 38
    table.close()
    table.lay("Ana", 2, "+", 2, blue=("DBL", "DBL", "DBL"))  # 14 × 8 = 112, zeroed: the best is still 112
    table.act("red", player="Ben", card=table.card("ZERO"))
    table.close()
    table.act("trade", player="Ben", count=2)
    table.act("pass", player="Ana")
    history = plugin("whos-counting").history(table.game, table.events)
    assert history == {"points": {"Ana": 41, "Ben": 38}, "best_expression": "Ana: 2 + 2 = 4, 112 points",
                       "turns": {"Ana": 3, "Ben": 2}}
    assert plugin("whos-counting").history(test_whos_counting.Table().game, []) == {
        "points": {"Ana": 0, "Ben": 0, "Cleo": 0}, "best_expression": "", "turns": {"Ana": 0, "Ben": 0, "Cleo": 0}}


def test_who_s_counting_history_names_the_first_of_two_best_expressions():
    table = test_whos_counting.Table(("Ana", "Ben"))
    table.lay("Ana", 4, "+", 5)
    table.close()
    table.lay("Ben", 5, "+", 4)
    table.close()
    assert plugin("whos-counting").history(table.game, table.events)["best_expression"] == "Ana: 4 + 5 = 9, 19 points"


def test_sum_history_has_the_won_cards_the_equations_and_how_the_game_was_won():
    table = test_sum.Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 4)
    table.turn_up(5)
    table.game.hands["Ben"] = 3
    table.lay("Ben", 2, "+", 3)
    assert plugin("sum").history(table.game, table.events) == {
        "won_cards": {"Ana": 2, "Ben": 2}, "equations": {"Ana": 1, "Ben": 1}, "won_by": "an empty hand"}
    out = test_sum.Table(("Ana", "Ben"))
    out.game.numbers_deck = 1
    out.act("draw", player="Ana", deck="numbers")
    out.lay("Ana", 3, "×", 4)
    assert plugin("sum").history(out.game, out.events) == {
        "won_cards": {"Ana": 2, "Ben": 0}, "equations": {"Ana": 1, "Ben": 0}, "won_by": "most cards"}
    assert plugin("sum").history(test_sum.Table().game, [])["won_by"] == ""


def demo_parser(name: str) -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser()
    parser.add_argument("--text", action="store_true")
    plugin(name).demo_arguments(parser.add_argument_group(name))
    return parser


@pytest.mark.parametrize("argv, target", [([], 300), (["--text"], 500), (["--target", "120"], 120),
                                          (["--text", "--target", "0"], 0)])
def test_the_who_s_counting_demo_plays_to_300_points_or_500_in_text_or_the_target_given(argv, target):
    args = demo_parser("whos-counting").parse_args(argv)
    assert plugin("whos-counting").demo_config(args, ["Ana", "Ben"], 7) == {
        "game": "whos-counting", "seed": 7, "players": ["Ana", "Ben"], "target": target, "minutes": 0}


@pytest.mark.parametrize("argv, pairs", [([], "sum"), (["--pairs", "sum"], "sum"), (["--pairs", "product"], "product")])
def test_the_sum_demo_counts_pairs_as_told(argv, pairs):
    args = demo_parser("sum").parse_args(argv)
    assert plugin("sum").demo_config(args, ["Ana", "Ben"], 7) == {"game": "sum", "seed": 7, "players": ["Ana", "Ben"],
                                                                  "pairs": pairs}
    with pytest.raises(SystemExit):
        demo_parser("sum").parse_args(["--pairs", "twice"])


def test_the_demo_s_help_says_each_game_s_own_options(capsys):
    from station.cli import _parser

    with pytest.raises(SystemExit):
        _parser().parse_args(["demo", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "--pairs {sum,product} SUM: how a pair counts" in words
    assert ("--target TARGET Who's Counting?: the score that wins (default 300 for the demo, 500 for --text)"
            in words)


@pytest.mark.parametrize("name, config", [
    ("whos-counting", {"game": "whos-counting", "seed": 3, "players": ["Ana", "Ben"], "target": 300, "minutes": 0}),
    ("sum", {"game": "sum", "seed": 3, "players": ["Ana", "Ben"], "pairs": "product"}),
])
def test_a_demo_is_a_whole_game_with_its_config_and_cards_to_place(name, config):
    demo = plugin(name).demo(config, 3, "press")
    assert demo.expected.outcome().over and demo.expected.config == game_class(name)(config).config
    assert demo.places == sum(1 for step in demo.scenario.steps if step.kind == "place") > 10
    assert plugin(name).demo_scene(3).cards


@pytest.mark.parametrize("name, config", [
    ("whos-counting", {"game": "whos-counting", "seed": 4, "players": ["Ana", "Ben"], "target": 150, "minutes": 0}),
    ("sum", {"game": "sum", "seed": 4, "players": ["Ana", "Ben"], "pairs": "sum"}),
])
def test_the_table_demo_plays_the_game_the_text_demo_tells_for_the_same_seed(name, config):
    """``mathstation demo --seed 4`` and ``demo --text --seed 4``: one game, whichever way it is watched."""
    told = game_class(name)(config)
    for _ in plugin(name).virtual_players(told, 4):
        pass
    demo = plugin(name).demo(config, 4, "press")
    assert [dict(a) for a in demo.expected.actions] == [dict(a) for a in told.actions]
    assert demo.expected.outcome() == told.outcome()


@pytest.mark.parametrize("name, adapter", [("whos-counting", "WhosCountingTable"), ("sum", "SumTable")])
def test_the_table_adapter_seats_the_game_s_players(name, adapter):
    table = plugin(name).table({"players": ["Ana", "Ben", "Cleo"]})
    assert (type(table).__name__, table.game, table.seats) == (adapter, name, ("Ana", "Ben", "Cleo"))


@pytest.mark.parametrize("name, config", [
    ("whos-counting", {"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"]}),
    ("sum", {"game": "sum", "players": ["Ana", "Ben", "Cleo"]}),
])
def test_virtual_players_play_the_game_they_are_given_the_same_way_for_the_same_seed(name, config):
    def first_actions(seed: int) -> tuple[list[dict], list[dict]]:
        game = game_class(name)(config)
        played = [action for action, _ in itertools.islice(plugin(name).virtual_players(game, seed), 12)]
        return played, game.actions

    played, applied = first_actions(5)
    assert len(played) == 12 and [dict(a) for a in applied][-12:] == [dict(a) for a in played]
    assert first_actions(5)[0] == played and first_actions(6)[0] != played


def test_sum_s_spare_menu_offers_the_hint_after_a_wrong_equation():
    table = test_sum.Table(("Ana", "Ben"))
    assert [label for label, _ in plugin("sum").menu(table.state).choices] == [
        "Draw a number", "Draw an operation", "End my turn"]
    table.lay("Ana", 3, "×", 4, "-", 2)  # 10, not 12: "3 × 4" would do
    label, view = plugin("sum").menu(table.state).choices[-1]
    assert label == "Hint" and (view.title, view.big, view.lines) == ("It can be done", "12", ("= 3 × 4",))


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "station.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_default_sections_are_the_rule_sheets_defaults():
    config = load_config(None, plugins())
    assert {k: v for k, v in config["whos-counting"].items() if k != "names"} == {
        "players": 3, "order": "standard", "target": 500, "minutes": 20, "window": 5, "bonus_counts": "cards",
        "split_rounds": "down"}
    assert {k: v for k, v in config["sum"].items() if k != "names"} == {
        "players": 3, "pairs": "sum", "order": "standard", "fractions": False, "wild": True}


@pytest.mark.parametrize("text, message", [
    ("[whos-counting]\nwindow = 0.5\n", "[whos-counting] window: must be a number from 1 to 60, not 0.5"),
    ("[whos-counting]\nwindow = 61\n", "[whos-counting] window: must be a number from 1 to 60, not 61"),
    ('[whos-counting]\norder = "rtl"\n', "[whos-counting] order: must be one of 'standard', 'left-to-right', not 'rtl'"),
    ("[whos-counting]\ntarget = -1\n", "[whos-counting] target: must be a whole number from 0 to 100000, not -1"),
    ("[whos-counting]\nminutes = 601\n", "[whos-counting] minutes: must be a whole number from 0 to 600, not 601"),
    ('[whos-counting]\nbonus_counts = "all"\n', "[whos-counting] bonus_counts: must be one of 'cards', 'kinds', not 'all'"),
    ('[whos-counting]\nsplit_rounds = "half"\n', "[whos-counting] split_rounds: must be one of 'down', 'up', not 'half'"),
    ("[whos-counting]\nplayers = 7\n", "[whos-counting] players: must be a whole number from 2 to 6, not 7"),
    ("[whos-counting]\nplayers = 1\n", "[whos-counting] players: must be a whole number from 2 to 6, not 1"),
    ("[sum]\nfractions = 1\n", "[sum] fractions: must be true or false, not 1"),
    ('[sum]\npairs = "twice"\n', "[sum] pairs: must be one of 'sum', 'product', not 'twice'"),
    ('[sum]\norder = "rtl"\n', "[sum] order: must be one of 'standard', 'left-to-right', not 'rtl'"),
    ('[sum]\nwild = "some"\n', "[sum] wild: must be true or false, not 'some'"),
    ("[sum]\nplayers = 1\n", "[sum] players: must be a whole number from 2 to 6, not 1"),
])
def test_a_mistake_in_their_sections_is_named_with_the_allowed_values(tmp_path, text, message):
    with pytest.raises(ConfigFileError) as caught:
        load_config(write(tmp_path, text), plugins())
    assert str(caught.value) == f"station.toml: {message}"


def test_their_sections_take_every_allowed_value(tmp_path):
    config = load_config(write(tmp_path, '[whos-counting]\nplayers = 2\nwindow = 60\norder = "left-to-right"\n'
                                         'target = 0\nminutes = 600\nbonus_counts = "kinds"\nsplit_rounds = "up"\n'
                                         '[sum]\nplayers = 6\npairs = "product"\nfractions = true\nwild = false\n'), plugins())
    assert (config["whos-counting"]["window"], config["whos-counting"]["split_rounds"]) == (60, "up")
    assert (config["sum"]["players"], config["sum"]["pairs"], config["sum"]["wild"]) == (6, "product", False)


SECTIONS = {
    "sum": {"players": 3, "names": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], "pairs": "sum",
            "order": "standard", "fractions": False, "wild": True},
    "whos-counting": {"players": 3, "names": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"],
                      "order": "standard", "target": 500, "minutes": 20, "window": 5, "bonus_counts": "cards",
                      "split_rounds": "down"},
}


@pytest.mark.parametrize("name", SECTIONS)
def test_each_plug_in_declares_its_section_s_keys_in_order_with_the_rule_sheet_s_defaults(name):
    """The plug-in's own keys (the config file's section is built from them once, at import)."""
    keys = plugin(name).settings()
    assert {key: setting.default for key, setting in keys.items()} == SECTIONS[name]
    assert list(keys) == list(SECTIONS[name])
    for key, setting in keys.items():
        assert setting.check(setting.default) is None, key


@pytest.mark.parametrize("name, key, allowed, refused", [
    ("sum", "players", [2, 6], {1: "must be a whole number from 2 to 6, not 1",
                                7: "must be a whole number from 2 to 6, not 7"}),
    ("sum", "pairs", ["sum", "product"], {"SUM": "must be one of 'sum', 'product', not 'SUM'"}),
    ("sum", "order", ["standard", "left-to-right"], {
        "rtl": "must be one of 'standard', 'left-to-right', not 'rtl'"}),
    ("sum", "fractions", [True, False], {"yes": "must be true or false, not 'yes'"}),
    ("sum", "wild", [True, False], {1: "must be true or false, not 1"}),
    ("whos-counting", "players", [2, 6], {1: "must be a whole number from 2 to 6, not 1",
                                          7: "must be a whole number from 2 to 6, not 7"}),
    ("whos-counting", "order", ["standard", "left-to-right"], {
        "Standard": "must be one of 'standard', 'left-to-right', not 'Standard'"}),
    ("whos-counting", "target", [0, 100_000], {-1: "must be a whole number from 0 to 100000, not -1",
                                               100_001: "must be a whole number from 0 to 100000, not 100001"}),
    ("whos-counting", "minutes", [0, 600], {-1: "must be a whole number from 0 to 600, not -1",
                                            601: "must be a whole number from 0 to 600, not 601"}),
    ("whos-counting", "window", [1, 2.5, 60], {0.9: "must be a number from 1 to 60, not 0.9",
                                               60.5: "must be a number from 1 to 60, not 60.5"}),
    ("whos-counting", "bonus_counts", ["cards", "kinds"], {"all": "must be one of 'cards', 'kinds', not 'all'"}),
    ("whos-counting", "split_rounds", ["down", "up"], {"half": "must be one of 'down', 'up', not 'half'"}),
])
def test_each_key_takes_the_values_the_rules_allow_and_refuses_the_rest_saying_what_is_allowed(
        name, key, allowed, refused):
    check = plugin(name).settings()[key].check
    assert [check(value) for value in allowed] == [None] * len(allowed)
    assert {value: check(value) for value in refused} == refused
