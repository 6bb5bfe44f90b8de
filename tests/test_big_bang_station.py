"""Big Bang's station plug-in: its station.toml section (solo or a race of two), what the setup
screen starts from, the mat and table reading for the seats, the history a game leaves, the
demo's ``--race`` and the virtual players."""

from __future__ import annotations

import itertools

import pytest

import test_big_bang
from engine.big_bang import BigBang
from station.cli import _parser
from station.games import plugin

BANG = plugin("big-bang")
SECTION = {"players": 1, "names": ["Ana", "Ben", "Cleo", "Dev", "Eli", "Fay", "Gus", "Hana"], "rules_cards": False,
           "replay": False, "minutes": 0, "rounds": 1, "stolen": False}


def test_the_section_s_keys_in_order_with_the_rule_sheet_s_defaults():
    keys = BANG.settings()
    assert {key: setting.default for key, setting in keys.items()} == SECTION
    assert list(keys) == list(SECTION)
    for key, setting in keys.items():
        assert setting.check(setting.default) is None, key


@pytest.mark.parametrize("key, allowed, refused", [
    ("players", [1, 2], {0: "must be a whole number from 1 to 2, not 0",
                         3: "must be a whole number from 1 to 2, not 3"}),  # the mat has play areas for two
    ("rules_cards", [True, False], {"yes": "must be true or false, not 'yes'"}),
    ("replay", [True, False], {1: "must be true or false, not 1"}),
    ("minutes", [0, 60], {-1: "must be a whole number from 0 to 60, not -1",
                          61: "must be a whole number from 0 to 60, not 61"}),
    ("rounds", [1, 10], {0: "must be a whole number from 1 to 10, not 0",
                         11: "must be a whole number from 1 to 10, not 11"}),
    ("stolen", [True, False], {None: "must be true or false, not None"}),
])
def test_each_key_takes_what_the_rules_allow_and_refuses_the_rest_saying_what_is_allowed(key, allowed, refused):
    check = BANG.settings()[key].check
    assert [check(value) for value in allowed] == [None] * len(allowed)
    assert {value: check(value) for value in refused} == refused


def test_the_setup_screen_starts_from_the_section_s_values():
    rows = BANG.setup_options({key: setting.default for key, setting in BANG.settings().items()})
    assert {row.key: row.value for row in rows} == {"players": 1, "rules_cards": False, "minutes": 0,
                                                     "replay": False, "rounds": 1, "stolen": False}


@pytest.mark.parametrize("players", [["Ana"], ["Ana", "Ben"]])
def test_a_play_area_per_player_and_a_table_reading_them(players):
    mat = BANG.mat({"players": players})
    table = BANG.table({"players": players})
    assert (mat.game, mat.seats) == ("big-bang", len(players))
    assert (type(table).__name__, table.game, table.seats) == ("BigBangTable", "big-bang", tuple(players))
    assert table.fits(mat)


def test_the_history_has_the_points_the_last_round_s_cards_left_and_the_minutes_played():
    table = test_big_bang.Table(("Ana", "Ben"), start=False, rounds=3)
    full = test_big_bang.FULL_GAME
    for number, (start, end, ana, ben) in enumerate(((0, 40, 3, 1), (100, 135, 5, 3), (200, 225, 10, 2))):
        if number:
            table.act("next_round")
        table.t = start - 1
        table.act("start")
        table.lay(full[:ana], player="Ana")
        table.lay(full[:ben], player="Ben")
        table.t = end - 1
        table.act("time_up")
    assert table.game.over
    assert BANG.history(table.game, table.events) == {
        "points": {"Ana": (3 - 25) + (5 - 23) + (10 - 18), "Ben": (1 - 27) + (3 - 25) + (2 - 26)},
        "cards_left": {"Ana": 18, "Ben": 26},        # the last round's
        "minutes": 1.7}                              # 40 + 35 + 25 seconds


def test_a_game_not_yet_through_a_round_has_no_cards_left_and_no_minutes():
    table = test_big_bang.Table(("Ana",))
    table.lay(test_big_bang.FULL_GAME[:2])
    assert BANG.history(table.game, table.events) == {"points": {"Ana": 0}, "cards_left": {}, "minutes": 0}


@pytest.mark.parametrize("argv, players", [([], ["Ana"]), (["--race"], ["Ana", "Ben"])])
def test_the_demo_is_a_solo_game_unless_told_to_race(argv, players):
    args = _parser().parse_args(["demo", "--game", "big-bang", *argv])
    assert BANG.demo_config(args, ["Ana", "Ben", "Cleo"], 9) == {"game": "big-bang", "seed": 9, "players": players}


def test_the_demo_s_help_says_what_race_does(capsys):
    with pytest.raises(SystemExit):
        _parser().parse_args(["demo", "--help"])
    words = " ".join(capsys.readouterr().out.split())
    assert "--race Big Bang: two players race, each with their own set" in words


@pytest.mark.parametrize("players, kind", [(["Ana"], "a solo game"), (["Ana", "Ben"], "a race")])
def test_the_demo_is_a_whole_game_the_same_for_the_same_seed(players, kind):
    config = {"game": "big-bang", "seed": 3, "players": players}
    demo = BANG.demo(config, 3, "press")
    assert demo.scenario.title == f"Demo: Big Bang, {kind}, seed 3"
    assert demo.expected.outcome().over and list(demo.expected.seats()) == players
    assert demo.places == sum(1 for step in demo.scenario.steps if step.kind == "place") > 20
    assert [dict(a) for a in BANG.demo(config, 3, "press").expected.actions] == [dict(a) for a in
                                                                                 demo.expected.actions]
    assert BANG.demo_scene(3).cards


def test_virtual_players_play_the_game_they_are_given_the_same_way_for_the_same_seed():
    def first_actions(seed: int) -> tuple[list[dict], list[dict]]:
        game = BigBang({"game": "big-bang", "seed": 1, "players": ["Ana", "Ben"]})
        played = [action for action, _ in itertools.islice(BANG.virtual_players(game, seed), 12)]
        return played, game.actions

    played, applied = first_actions(5)
    assert len(played) == 12 and [dict(a) for a in applied][-12:] == [dict(a) for a in played]
    assert first_actions(5)[0] == played and first_actions(6)[0] != played
