"""Math Rush rules, played the way a table plays them: goals laid, the clock started, number
cards judged the moment they land, Help cards, rounds and the final score."""

from __future__ import annotations

import pytest

from conftest import RUSH_CARDS, RUSH_GOALS, RushTable
from engine.errors import ActionError, ConfigError
from engine.math_rush import MathRush
from engine.math_rush.goals import Goal
from engine.numbers import parse_number

# G1 up 3 (1 star), G2 up 4 (2), G5 down 3 (1), G9 equal 3 (2), G11 up 3 decimals only (2),
# G12 up 4 fractions only, G13 down 3 percents only, G15 up 3 above 1/2, G16 down 3 below 1/2,
# G19 equal 3 repeating only (3), G20 up 3 repeating only (3), G25 up 3 unreduced only (Advanced)


def test_an_ascending_card_is_judged_against_every_card_of_the_set_not_just_the_last():
    table = RushTable()
    table.start(("G2", 1))
    assert table.play("1/4", 1)["ok"]
    assert table.play("0.5", 1)["ok"]
    low = table.play("1/3", 1)  # larger than nothing after 1/2 …
    assert not low["ok"] and low["reason"] == "1/3 < 0.5: out of order"
    table2 = RushTable()
    table2.start(("G2", 1))
    table2.play("1/2", 1)
    table2.play("0.1", 1)  # breaks the set
    later = table2.play("1/3", 1)  # larger than the last card, smaller than the first: still out of order
    assert later["reason"] == "1/3 < 1/2: out of order"


def test_a_card_may_go_on_an_equal_card_even_after_later_cards_and_stacks_count():
    table = RushTable()
    table.start(("G2", 1))
    table.play("1/4", 1)
    table.play("1/2", 1)
    stacked = table.play("25%", 1, on="1/4")  # 25% on 1/4: equal, though 1/2 came after
    assert stacked["ok"] and stacked["on"] == RUSH_CARDS["1/4"] and stacked["placed"] == 3
    done = table.act("play", card=RUSH_CARDS["0.75"], row=1, on="")
    assert table.of("goal_complete", done)[0] == {"type": "goal_complete", "row": 1, "goal": "UP 4", "broken": "",
                                                  "because": None, "stars": 2, "t": table.t}
    unequal = RushTable()
    unequal.start(("G2", 1))
    unequal.play("1/4", 1)
    assert unequal.play("1/3", 1, on="1/4")["reason"] == "1/3 ≠ 1/4: a stack is equal cards"


def test_descending_and_equal_goals():
    table = RushTable()
    table.start(("G5", 1), ("G9", 2))
    assert table.play("0.75", 1)["ok"] and table.play("1/2", 1)["ok"]
    assert table.play("4/5", 1)["reason"] == "4/5 > 1/2: out of order"
    assert table.play("1/3", 2)["ok"] and table.play("33 1/3%", 2)["ok"]
    assert table.play("0.(6)", 2)["reason"] == "0.(6) ≠ 33 1/3%: not equal"


@pytest.mark.parametrize("goal, card, ok", [
    ("G11", "0.25", True), ("G11", "1/4", False), ("G11", "25%", False),
    ("G12", "1/4", True), ("G12", "0.25", False), ("G12", "1", False),
    ("G13", "25%", True), ("G13", "0.25", False),
    ("G15", "3/5", True), ("G15", "1/2", False), ("G15", "0.4", False),
    ("G16", "0.4", True), ("G16", "50%", False),
    ("G20", "1/3", True), ("G20", "0.(6)", True), ("G20", "16 2/3%", True), ("G20", "1/2", False),
    ("G25", "4/16", True), ("G25", "1/4", False), ("G25", "0.200", False),
])
def test_each_restriction(goal, card, ok):
    table = RushTable()
    table.start((goal, 1))
    assert table.play(card, 1)["ok"] is ok


def test_a_repeating_value_in_fraction_form_counts_as_repeating_and_4_8_is_unreduced():
    repeating = Goal("up", 3, 3, only="repeating")
    assert repeating.allows(parse_number("1/3")) and repeating.allows(parse_number("5/6"))
    assert not repeating.allows(parse_number("3/8"))
    unreduced = Goal("up", 3, 3, only="unreduced")
    assert unreduced.allows(parse_number("4/8")) and not unreduced.allows(parse_number("1/2"))


def test_values_are_exact():
    assert parse_number("0.(3)").value == parse_number("1/3").value == parse_number("33 1/3%").value
    table = RushTable()
    table.start(("G9", 1))
    table.play("1/3", 1)
    assert table.play("0.(3)", 1)["ok"]  # equal, exactly: 0.333… is 1/3


def test_a_broken_set_is_cleared_with_a_help_card_and_can_still_complete():
    table = RushTable()
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.play("0.1", 1)  # breaks it
    assert table.game.rows[1].broken
    (lifted,) = table.act("lift", card=RUSH_CARDS["0.1"])
    assert lifted["type"] == "card_lifted" and lifted["help_left"] == 3
    (used,) = table.act("help", use="clear")
    assert (used["cards"], used["broken"], used["left"]) == ([RUSH_CARDS["0.1"]], "", 2)
    table.play("0.6", 1)
    done = table.act("play", card=RUSH_CARDS["3/4"], row=1, on="")
    assert table.of("goal_complete", done)[0]["stars"] == 1


def test_a_lifted_card_without_help_stays_in_the_set_and_can_be_put_back():
    table = RushTable()
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.act("lift", card=RUSH_CARDS["1/2"])
    assert table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")[0]["type"] == "put_back"
    (nothing,) = table.act("help", use="clear")
    assert nothing["code"] == "nothing_lifted"


def test_a_card_put_back_takes_its_old_place_and_is_judged_there_again():
    table = RushTable()
    table.start(("G1", 1))
    table.play("1/10", 1)
    table.play("1/2", 1)
    table.act("lift", card=RUSH_CARDS["1/2"])
    assert table.play("1/4", 1)["ok"]  # judged without the lifted 1/2
    back = table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")
    assert {k: v for k, v in back[0].items() if k != "t"} == {"type": "put_back", "card": RUSH_CARDS["1/2"], "row": 1, "broken": "1/4 < 1/2: out of order",
        "because": {"code": "order", "card": "1/4", "sign": "<", "other": "1/2"}}
    assert table.of("goal_complete", back)[0]["stars"] == 0  # three cards again: complete, and broken
    assert table.game.describe(back[0]) == "The card is back in row 1: 1/4 < 1/2: out of order."


def test_completion_flips_the_goal_and_a_new_goal_takes_a_free_row():
    table = RushTable()
    table.start(("G1", 1), ("G5", 2), ("G9", 3))
    (busy,) = table.goal("G2", 4)
    assert busy["code"] == "too_many_goals"  # three goals in play
    for card in ("1/10", "1/5", "2/5"):
        table.play(card, 1)
    assert table.game.rows[1].complete
    (late,) = table.act("play", card=RUSH_CARDS["0.9"], row=1, on="")
    assert late["code"] == "goal_done"
    assert table.goal("G2", 4)[0]["type"] == "goal_laid"  # a new goal at the bottom of the column
    assert table.goal("G3", 1)[0]["code"] == "too_many_goals"


def test_time_up_scores_complete_unbroken_goals_and_says_why_the_others_score_nothing():
    table = RushTable()
    table.start(("G1", 1), ("G5", 2), ("G9", 3))
    for card in ("1/10", "1/5", "2/5"):
        table.play(card, 1)  # complete: 1 star
    table.play("0.9", 2)
    table.play("1", 2)  # breaks the descending set
    table.play("1/3", 3)
    events = table.run_out()
    assert [e["type"] for e in events] == ["time_warning", "time_up", "round_over"]
    start = table.game.started_at
    assert events[0]["t"] == start + 180 - 30 and events[1]["t"] == start + 180
    (over,) = table.of("round_over", events)
    assert [{k: g[k] for k in ("goal", "row", "stars", "why", "placed", "count")} for g in over["goals"]] == [
        {"goal": "UP 3", "row": 1, "stars": 1, "why": "", "placed": 3, "count": 3},
        {"goal": "DOWN 3", "row": 2, "stars": 0, "why": "2 of 3 cards", "placed": 2, "count": 3},
        {"goal": "SAME 3", "row": 3, "stars": 0, "why": "1 of 3 cards", "placed": 1, "count": 3},
    ]
    assert (over["points"], over["total"]) == (1, 1)
    (late,) = table.act("play", card=RUSH_CARDS["1/4"], row=3, on="")
    assert late["code"] == "too_late"


def test_a_complete_but_broken_goal_scores_nothing():
    table = RushTable()
    table.start(("G1", 1))
    for card in ("1/2", "0.1", "0.6"):
        table.play(card, 1)
    (over,) = table.of("round_over", table.run_out())
    assert over["goals"][0] == {"goal": "UP 3", "row": 1, "stars": 0, "why": "0.1 < 1/2: out of order",
                                "complete": True, "placed": 3, "count": 3,
                                "because": {"code": "order", "card": "0.1", "sign": "<", "other": "1/2"}}


@pytest.mark.parametrize("used, bonus", [(0, 6), (1, 5), (2, 3), (3, 0)])
def test_three_rounds_then_the_help_bonus_for_unused_help_cards(used, bonus):
    table = RushTable()
    for round_number in (1, 2, 3):
        table.start(("G1", 1))
        for card in ("1/10", "1/5", "2/5"):
            table.play(card, 1)
        for _ in range(used if round_number == 1 else 0):
            table.act("help", use="redraw")
        table.run_out()
        if round_number < 3:
            assert table.act("next_round")[0] == {"type": "round_ready", "round": round_number + 1, "t": table.t}
    (over,) = table.of("game_over")
    assert over["rounds"] == [1, 1, 1] and over["help_bonus"] == bonus and over["total"] == 3 + bonus
    assert table.game.outcome().over and table.game.outcome().scores == {"Team": 3 + bonus}


def test_used_help_cards_stay_used_and_run_out():
    table = RushTable()
    table.start(("G1", 1))
    for _ in range(3):
        table.act("help", use="redraw")
    (none,) = table.act("help", use="redraw")
    assert none["code"] == "no_help"


def test_hand_sizes_and_round_lengths_by_players():
    assert MathRush({"game": "math-rush", "players": ["Ana"]}).state()["hand_size"] == 5
    assert MathRush({"game": "math-rush", "players": ["Ana"]}).rules.seconds == 240  # solo
    assert MathRush({"game": "math-rush", "players": ["A", "B", "C"]}).state()["hand_size"] == 4
    assert MathRush({"game": "math-rush", "players": ["A", "B", "C", "D"]}).state()["hand_size"] == 3


def test_younger_players_without_advanced_cards():
    table = RushTable(advanced=False)
    (goal,) = table.goal("G25", 1)
    assert goal["code"] == "advanced"
    table.start(("G1", 1))
    assert table.act("play", card=RUSH_CARDS["8/12"], row=1, on="")[0]["code"] == "advanced"


def test_younger_players_with_unlimited_help_take_cards_back_freely():
    table = RushTable(help="unlimited")
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.play("0.1", 1)
    (removed,) = table.act("lift", card=RUSH_CARDS["0.1"])
    assert removed["type"] == "card_removed" and removed["broken"] == ""
    for _ in range(5):
        assert table.act("help", use="redraw")[0]["left"] is None


def test_the_youngest_play_one_goal_at_a_time_rearranging_allowed_and_no_timer():
    table = RushTable(one_goal=True, timer=False)
    table.goal("G1", 1)
    assert table.goal("G5", 2)[0]["code"] == "too_many_goals"
    table.act("start")
    assert table.game.deadline() is None  # no clock
    assert table.play("1/2", 1)["ok"] and table.play("0.1", 1)["ok"]  # the order is theirs to fix
    assert not table.play("25%", 1, on="1/2")["ok"]  # but a stack is still equal cards
    assert table.act("end_round")[0]["type"] == "round_over"


@pytest.mark.parametrize("config, words", [
    ({"players": []}, "1–8 players"),
    ({"players": ["Ana"], "help": "lots"}, "'cards'"),
    ({"players": ["Ana"], "timer": "no"}, "timer must be true or false"),
    ({"players": ["Ana"], "seconds": 5}, "30 to 1800"),
])
def test_a_bad_config_says_which_key_and_why(config, words):
    with pytest.raises(ConfigError, match=words):
        MathRush({"game": "math-rush", **config})


def test_order_of_a_round_setup_and_replay():
    table = RushTable()
    (early,) = table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")
    assert early["code"] == "not_started"
    assert table.act("start")[0]["code"] == "no_goals"
    table.start(("G1", 1))
    (twice,) = table.act("play", card=RUSH_CARDS["1/2"], row=2, on="")
    assert twice["code"] == "no_goal"
    table.play("1/2", 1)
    assert table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")[0]["code"] == "played_already"
    with pytest.raises(ActionError):
        table.act("help", use="everything")
    table.run_out()
    again, events = MathRush.replay(table.game.config, table.game.actions)
    assert events == table.events and again.state() == table.game.state()
