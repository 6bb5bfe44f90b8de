"""Math Rush's station plug-in: its config section (the timer a teacher may set), what the setup
screen starts from, the history a game leaves, and the demo's round length."""

from __future__ import annotations

import argparse
import itertools

import pytest

from engine.math_rush import MathRush
from station.games import plugin
from station.games.math_rush import screens as ui

RUSH = plugin("math-rush")


@pytest.mark.parametrize("value", ["auto", 0, 30, 180, 1800])
def test_the_timer_a_teacher_may_set(value):
    assert RUSH.settings()["timer"].check(value) is None


@pytest.mark.parametrize("value", [29, 1801, -30, True, False, 90.0, "3:00", "AUTO", None])
def test_a_timer_that_is_no_round_length_is_refused_with_what_is_allowed(value):
    reason = RUSH.settings()["timer"].check(value)
    assert reason == f"must be \"auto\" (3 minutes, 4 solo), 0 (no timer) or seconds from 30 to 1800, not {value!r}"


def test_the_setup_screen_starts_from_the_settings_defaults():
    defaults = {key: setting.default for key, setting in RUSH.settings().items()}
    assert {o.key: o.shown for o in ui.setup_options(defaults)} == {
        "players": "3", "timer": "usual", "advanced": "in", "help": "3 in all", "one_goal": "3 at once"}
    for key, value in (("advanced", "maybe"), ("help", "lots"), ("one_goal", 1)):
        assert RUSH.settings()[key].check(value)
    assert RUSH.settings()["help"].check("unlimited") is None and RUSH.settings()["players"].check(8) is None
    assert RUSH.settings()["players"].check(9)


def test_the_history_counts_the_rounds_points_and_the_goals_completed_whole():
    game = MathRush({"game": "math-rush", "players": ["Ana", "Ben"]})
    events = []
    for round_number in range(3):
        t = 300.0 * round_number
        events += game.apply({"type": "goal", "t": t + 1, "card": "MR-A-G1", "row": 1})
        events += game.apply({"type": "goal", "t": t + 1, "card": "MR-A-G5", "row": 2})
        events += game.apply({"type": "start", "t": t + 2})
        for k, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9")):  # UP 3 whole
            events += game.apply({"type": "play", "t": t + 3 + k, "card": card, "row": 1, "on": ""})
        if round_number == 0:
            for k, card in enumerate(("MR-A-F2", "MR-A-F13", "MR-A-F3")):  # DOWN 3 broken by 3/4 after 1/8
                events += game.apply({"type": "play", "t": t + 10 + k, "card": card, "row": 2, "on": ""})
        events += game.apply({"type": "end_round", "t": t + 100})
        if round_number < 2:
            events += game.apply({"type": "next_round", "t": t + 200})
    assert RUSH.history(game, events) == {"points": {"Team": 9}, "points_by_round": "1 + 1 + 1",
                                          "goals_completed": {"Ana": 3, "Ben": 3}}  # 3 points and 6 for the Help cards kept


def test_the_demo_plays_one_minute_rounds_the_text_demo_whole_ones_unless_told():
    def config(seconds, text):
        return RUSH.demo_config(argparse.Namespace(seconds=seconds, text=text), ["Ana"], 4)

    assert config(None, False) == {"game": "math-rush", "seed": 4, "players": ["Ana"], "seconds": 60}
    assert config(None, True)["seconds"] == 180
    assert config(45, True)["seconds"] == 45


def test_every_default_is_a_value_its_own_check_accepts():
    """A teacher's station.toml that states the defaults is valid, and the setup screen offers them."""
    for key, setting in RUSH.settings().items():
        assert setting.check(setting.default) is None, key
    assert RUSH.settings()["help"].check("cards") is None


def test_one_mat_and_one_table_reading_for_the_whole_team():
    mat = RUSH.mat({"players": ["A", "B", "C", "D", "E"]})
    assert mat.game == "math-rush" and RUSH.table({"players": ["A", "B", "C", "D", "E"]}).fits(mat)


def test_the_demo_takes_a_round_length_in_seconds_and_its_help_says_the_defaults(capsys):
    from station.cli import _parser

    args = _parser().parse_args(["demo", "--game", "math-rush", "--seconds", "45"])
    assert args.seconds == 45 and RUSH.demo_config(args, ["Ana"], 1)["seconds"] == 45
    assert _parser().parse_args(["demo", "--game", "math-rush"]).seconds is None
    with pytest.raises(SystemExit):
        _parser().parse_args(["demo", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "--seconds SECONDS Math Rush: seconds a round lasts (default 60 for the demo, 180 for --text)" in words


def test_the_table_demo_plays_the_game_the_text_demo_tells_for_the_same_seed():
    """``mathstation demo --seed 4`` and ``demo --text --seed 4``: one game, whichever way it is watched."""
    config = {"game": "math-rush", "seed": 4, "players": ["Ana", "Ben"], "seconds": 60}
    told = MathRush(config)
    for _ in RUSH.virtual_players(told, 4):
        pass
    demo = RUSH.demo(config, 4, "press")
    assert demo.scenario.title == "Demo: Math Rush, seed 4"
    assert told.outcome().over and [dict(a) for a in demo.expected.actions] == [dict(a) for a in told.actions]
    assert demo.places == sum(1 for step in demo.scenario.steps if step.kind == "place") > 20
    assert RUSH.demo_scene(4).cards


def test_virtual_players_play_the_game_they_are_given_the_same_way_for_the_same_seed():
    def first_actions(seed: int) -> list[dict]:
        game = MathRush({"game": "math-rush", "seed": 1, "players": ["Ana", "Ben"]})
        return [dict(action) for action, _ in itertools.islice(RUSH.virtual_players(game, seed), 12)]

    assert len(first_actions(5)) == 12 and first_actions(5) == first_actions(5) != first_actions(6)
