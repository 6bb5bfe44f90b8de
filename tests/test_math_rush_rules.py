"""Math Rush as the players meet it: every refusal's words, the story the station tells, the
state the screens draw, the config's sentences, and the rules a bug would get wrong without
test_math_rush.py noticing (docs/testing.md: the mutation bar)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import RUSH_CARDS, RUSH_GOALS, RushTable
from engine.errors import ActionError, ConfigError
from engine.math_rush import MathRush, read_config
from engine.protocol import SIMULTANEOUS, SOLO, Outcome, Turns

TEAM = ("Ana", "Ben")


def said(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The one event an action caused, as the station receives it (without its time)."""
    (event,) = events
    return {k: v for k, v in event.items() if k != "t"}


def refusal(code: str, message: str, card: str | None = None, **values: Any) -> dict[str, Any]:
    """A violation as the engine gives it: its code, English message, card, and the values the
    station words it with in the players' language (a row, a goal's name, the phase …)."""
    return {"type": "violation", "code": code, "message": message, "card": card, **values}


def complete_up_3(table: RushTable, row: int = 1) -> None:
    for card in ("1/10", "1/5", "2/5"):
        table.play(card, row)


def play_out(table: RushTable, helps: int = 0) -> None:
    """Three rounds, each completing UP 3 (1 star); ``helps`` Help cards used in the first."""
    for round_number in (1, 2, 3):
        table.start(("G1", 1))
        complete_up_3(table)
        for _ in range(helps if round_number == 1 else 0):
            table.act("help", use="redraw")
        table.run_out()
        if round_number < 3:
            table.act("next_round")


# ---- refusals: what the players are told, and which card it is about ------------------------------

def test_refusals_before_the_clock_starts():
    table = RushTable()
    assert said(table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")) == refusal(
        "not_started", "Wait: press CONFIRM to start the clock.", RUSH_CARDS["1/2"])
    assert said(table.act("start")) == refusal("no_goals", "Lay the goal cards in the goal column first.")
    assert said(table.act("end_round")) == refusal("not_playing", "Start the round first: press CONFIRM.",
                                                   phase="setup")
    assert said(table.act("next_round")) == refusal("round_on", "Lay the goals and start the round.",
                                                    phase="setup")
    assert said(table.act("goal", card=RUSH_CARDS["1/2"], row=1)) == refusal(
        "not_a_goal", "That is a number card: lay it in a row.", RUSH_CARDS["1/2"])
    assert said(table.act("goal", card="MR-A-H1", row=1)) == refusal(
        "not_a_goal", "A Help card is no goal: it goes in the Help box.", "MR-A-H1")
    assert said(table.act("goal", card="MW-A-N1", row=1)) == refusal(
        "not_a_goal", "That card is from Math Wars Meta, not Math Rush: take it back.", "MW-A-N1")
    table.goal("G1", 1)
    assert said(table.goal("G5", 1)) == refusal(
        "row_taken", "Row 1 has UP 3: use a free row.", RUSH_GOALS["G5"], row=1, name="UP 3")
    table.goal("G5", 2)
    table.goal("G9", 3)
    assert said(table.goal("G2", 4)) == refusal("too_many_goals", "3 goals at a time: complete one first.",
                                               RUSH_GOALS["G2"], most=3)
    assert table.game.describe(table.events[-1]) == "Not yet: 3 goals at a time: complete one first."


def test_refusals_while_the_clock_runs():
    table = RushTable()
    table.start(("G1", 1))
    assert said(table.act("start")) == refusal("started", "The clock is running: play your cards.",
                                               phase="playing")
    assert said(table.act("next_round")) == refusal("round_on", "Finish this round first.", phase="playing")
    assert said(table.act("play", card=RUSH_GOALS["G2"], row=1, on="")) == refusal(
        "not_a_number", "That is a goal: it goes in the goal column.", RUSH_GOALS["G2"])
    assert said(table.act("play", card="MR-A-G25", row=1, on="")) == refusal(
        "not_a_number", "That is a goal: it goes in the goal column.", "MR-A-G25")
    assert said(table.act("play", card="MR-A-H1", row=1, on="")) == refusal(
        "not_a_number", "Help cards go in the Help box.", "MR-A-H1")
    assert said(table.act("play", card="SU-A-N1A", row=1, on="")) == refusal(
        "not_a_number", "That card is from SUM, not Math Rush: take it back.", "SU-A-N1A")
    assert said(table.act("play", card=RUSH_CARDS["1/2"], row=2, on="")) == refusal(
        "no_goal", "No goal in row 2: play beside a goal.", RUSH_CARDS["1/2"], row=2)
    table.play("1/10", 1)
    assert said(table.act("play", card=RUSH_CARDS["1/10"], row=2, on="")) == refusal(
        "played_already", "That card is in row 1: put it back there.", RUSH_CARDS["1/10"], row=1)
    assert said(table.act("help", use="clear")) == refusal(
        "nothing_lifted", "Lift the wrong cards first, then the Help card.")
    table.play("1/5", 1)
    table.play("2/5", 1)
    assert said(table.act("play", card=RUSH_CARDS["0.9"], row=1, on="")) == refusal(
        "goal_done", "UP 3 is complete: flip it and lay a new goal.", RUSH_CARDS["0.9"], name="UP 3")
    assert said(table.goal("G1", 2)) == refusal("goal_used", "Used this round: lay another goal.",
                                               RUSH_GOALS["G1"])
    for _ in range(3):
        table.act("help", use="redraw")
    assert said(table.act("help", use="redraw")) == refusal("no_help", "No Help cards left: play on.")


def test_refusals_after_the_time_is_up():
    table = RushTable()
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.run_out()
    assert said(table.act("start")) == refusal("started", "The round is over. CONFIRM: next round.",
                                               phase="round_over")
    assert said(table.goal("G5", 2)) == refusal("round_over", "The round is over. CONFIRM: next round.",
                                               RUSH_GOALS["G5"])
    assert said(table.act("play", card=RUSH_CARDS["3/4"], row=1, on="")) == refusal("too_late", "Time is up: this card does not count.",
                                                                                       RUSH_CARDS["3/4"])
    assert said(table.act("end_round")) == refusal("not_playing", "The round is over. CONFIRM: next round.",
                                                   phase="round_over")
    assert table.act("lift", card=RUSH_CARDS["1/2"]) == []  # the set was judged: lifting it changes nothing
    assert table.act("time_up") == [] and table.act("warning") == []
    assert table.game.state()["rows"][0]["cards"][0]["lifted"] is False


@pytest.mark.parametrize("kind, fields", [
    ("goal", {"card": RUSH_GOALS["G5"], "row": 2}),
    ("play", {"card": RUSH_CARDS["3/4"], "row": 1, "on": ""}),
    ("help", {"use": "redraw"}),
    ("start", {}),
    ("next_round", {}),
    ("end_round", {}),
])
def test_after_the_third_round_everything_is_told_the_game_is_over(kind, fields):
    table = RushTable()
    play_out(table)
    assert said(table.act(kind, **fields)) == refusal("game_over", "The game is over: CONFIRM for a new one.", fields.get("card"))


def test_one_goal_at_a_time_is_said_in_the_singular():
    table = RushTable(one_goal=True)
    table.goal("G1", 1)
    assert said(table.goal("G5", 2))["message"] == "1 goal at a time: complete one first."


def test_advanced_cards_out_of_the_game_are_sent_back_to_the_box():
    table = RushTable(advanced=False)
    assert said(table.goal("G25", 1)) == refusal(
        "advanced", "Not in this game: put it back in the box.", RUSH_GOALS["G25"])
    table.start(("G1", 1))
    assert said(table.act("play", card=RUSH_CARDS["8/12"], row=1, on="")) == refusal(
        "advanced", "Not in this game: put it back in the box.", RUSH_CARDS["8/12"])


def test_an_unknown_card_or_help_use_is_an_error_that_names_it():
    table = RushTable()
    with pytest.raises(ActionError, match="no such card: .*MR-A-Z99"):
        table.act("goal", card="MR-A-Z99", row=1)
    with pytest.raises(ActionError, match="'help' use is 'clear' or 'redraw', not 'everything'"):
        table.act("help", use="everything")


# ---- the story the station tells ------------------------------------------------------------------

def test_a_round_told_as_a_story():
    table = RushTable()
    table.goal("G15", 1)
    table.goal("G1", 2)
    table.act("start")
    table.play("3/5", 1)
    table.play("60%", 1, on="3/5")
    table.play("0.4", 1)  # a complete set, broken
    complete_up_3(table, 2)
    table.goal("G9", 3)
    table.play("1/3", 3)
    table.play("0.5", 3)
    table.act("help", use="redraw")
    table.act("lift", card=RUSH_CARDS["0.5"])
    table.act("help", use="clear")
    table.run_out()
    table.act("next_round")
    table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")
    assert [table.game.describe(e) for e in table.events] == [
        "Goal in row 1: UP 3, greater than 1/2 (2 stars).",
        "Goal in row 2: UP 3 (1 star).",
        "Round 1 starts: 180 seconds!",
        "3/5 goes on UP 3 (1 of 3).",
        "60% goes on UP 3 on an equal card (2 of 3).",
        "0.4 breaks UP 3: Greater than 1/2.",
        "UP 3 is complete but broken (Greater than 1/2): 0 stars.",
        "1/10 goes on UP 3 (1 of 3).",
        "1/5 goes on UP 3 (2 of 3).",
        "2/5 goes on UP 3 (3 of 3).",
        "UP 3 is complete: 1 star. Flip it, lay a new goal!",
        "Goal in row 3: SAME 3 (2 stars).",
        "1/3 goes on SAME 3 (1 of 3).",
        "0.5 breaks SAME 3: 0.5 ≠ 1/3: not equal.",
        "Help: everyone discards and draws again. 2 Help cards left.",
        "A card is taken off row 3: use a Help card, or put it back.",
        "Help: the lifted cards are gone. 1 Help card left.",
        "30 seconds left!",
        "Time is up!",
        "Round 1: 1 point (UP 3: 0 (Greater than 1/2); UP 3: 1; SAME 3: 0 (1 of 3 cards)). Total 1.",
        "Round 2: shuffle, draw your hands, lay three goals.",
        "Not yet: Wait: press CONFIRM to start the clock.",
    ]


def test_the_youngest_tables_story_has_no_clock_and_no_help_count():
    table = RushTable(("Ana",), help="unlimited", timer=False)
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.act("lift", card=RUSH_CARDS["1/2"])
    table.act("help", use="redraw")
    table.act("end_round")
    assert [table.game.describe(e) for e in table.events[1:]] == [
        "Round 1 starts!",
        "1/2 goes on UP 3 (1 of 3).",
        "A card is taken off row 1.",
        "Help: everyone discards and draws again.",
        "Round 1: 0 points (UP 3: 0 (0 of 3 cards)). Total 0.",
    ]


@pytest.mark.parametrize("config, helps, story", [
    ({}, 0, "Game over: 1 + 1 + 1 + 6 for 3 unused Help cards = 9 points together!"),
    ({}, 1, "Game over: 1 + 1 + 1 + 5 for 2 unused Help cards = 8 points together!"),
    ({}, 2, "Game over: 1 + 1 + 1 + 3 for 1 unused Help card = 6 points together!"),
    ({}, 3, "Game over: 1 + 1 + 1 = 3 points together!"),
    ({"help": "unlimited"}, 5, "Game over: 1 + 1 + 1 = 3 points together!"),
])
def test_the_end_of_the_game_told_with_the_help_bonus(config, helps, story):
    table = RushTable(**config)
    play_out(table, helps)
    (over,) = table.of("game_over")
    assert table.game.describe(over) == story


def test_an_event_without_words_is_still_shown_whole_not_dropped():
    assert MathRush({"game": "math-rush", "players": ["Ana"]}).describe({"type": "mystery", "n": 1}) == \
        "mystery: {'type': 'mystery', 'n': 1}"


# ---- events and state as the screens read them ----------------------------------------------------

def test_the_events_of_a_round_carry_what_the_screens_show():
    table = RushTable()
    assert said(table.goal("G16", 1)) == {"type": "goal_laid", "row": 1, "card": RUSH_GOALS["G16"], "name": "DOWN 3",
                                          "count": 3, "stars": 2, "restriction": "Less than 1/2",
                                          "limit": {"code": "below", "other": "1/2"}}
    assert said(table.goal("G1", 2))["restriction"] == ""
    assert said(table.act("start")) == {"type": "round_started", "round": 1, "seconds": 180, "goals": 2}
    assert said(table.act("play", card=RUSH_CARDS["0.4"], row=1, on="")) == {
        "type": "card_played", "card": RUSH_CARDS["0.4"], "shown": "0.4", "row": 1, "goal": "DOWN 3", "on": "",
        "ok": True, "reason": "", "because": None, "placed": 1, "count": 3}
    assert said(table.act("play", card=RUSH_CARDS["40%"], row=1, on=RUSH_CARDS["0.4"]))["on"] == RUSH_CARDS["0.4"]
    table.play("1/4", 2)
    assert said(table.act("lift", card=RUSH_CARDS["1/4"])) == {"type": "card_lifted", "card": RUSH_CARDS["1/4"],
                                                               "row": 2, "help_left": 3}
    assert said(table.act("help", use="clear")) == {"type": "help_used", "use": "clear", "row": 2,
                                                    "cards": [RUSH_CARDS["1/4"]], "broken": "", "because": None,
                                                    "left": 2}
    assert said(table.act("help", use="redraw")) == {"type": "help_used", "use": "redraw", "left": 1}
    assert said(table.act("warning")) == {"type": "time_warning", "seconds": 30}
    assert table.act("warning") == []  # one tone a round
    time_up, over = table.act("time_up")
    assert {k: v for k, v in time_up.items() if k != "t"} == {"type": "time_up", "round": 1}
    assert {k: v for k, v in over.items() if k != "t"} == {
        "type": "round_over", "round": 1, "points": 0, "total": 0,
        "goals": [{"goal": "DOWN 3", "row": 1, "stars": 0, "why": "2 of 3 cards", "complete": False, "placed": 2,
                   "count": 3, "because": None},
                  {"goal": "UP 3", "row": 2, "stars": 0, "why": "0 of 3 cards", "complete": False, "placed": 0,
                   "count": 3, "because": None}]}


def test_without_a_timer_the_round_has_no_seconds():
    table = RushTable(timer=False)
    table.goal("G1", 1)
    assert said(table.act("start"))["seconds"] is None
    assert table.game.state()["seconds"] is None


def test_the_state_the_screens_draw():
    table = RushTable()
    fresh = table.game.state()
    assert fresh == {"game": "math-rush", "over": False, "players": ["Ana", "Ben"], "round": 1, "rounds": 3,
                     "phase": "setup", "rows": [], "done": [], "started_at": 0.0, "seconds": 180, "help_left": 3,
                     "round_points": [], "total": 0, "final": {}, "hand_size": 5,
                     "one_goal": False, "help_box": []}
    table.start(("G1", 1), ("G16", 2))
    table.play("1/4", 1)
    table.play("25%", 1, on="1/4")
    table.play("0.4", 2)
    table.play("50%", 2)  # not less than 1/2: breaks the set
    table.act("lift", card=RUSH_CARDS["50%"])
    state = table.game.state()
    assert state == {**fresh, "phase": "playing", "started_at": 3.0, "rows": state["rows"]}
    assert state["rows"] == [
        {"row": 1, "goal": RUSH_GOALS["G1"], "name": "UP 3", "count": 3, "stars": 1, "direction": "up",
         "restriction": "", "placed": 2, "complete": False, "broken": "", "because": None,
         "cards": [{"card": RUSH_CARDS["1/4"], "shown": "1/4", "on": "", "lifted": False},
                   {"card": RUSH_CARDS["25%"], "shown": "25%", "on": RUSH_CARDS["1/4"], "lifted": False}]},
        {"row": 2, "goal": RUSH_GOALS["G16"], "name": "DOWN 3", "count": 3, "stars": 2, "direction": "down",
         "restriction": "Less than 1/2", "placed": 1, "complete": False, "broken": "Less than 1/2",
         "because": {"code": "below", "other": "1/2"},
         "cards": [{"card": RUSH_CARDS["0.4"], "shown": "0.4", "on": "", "lifted": False},
                   {"card": RUSH_CARDS["50%"], "shown": "50%", "on": "", "lifted": True}]},
    ]
    table.act("play", card=RUSH_CARDS["50%"], row=2, on="")  # put back
    assert table.game.state()["rows"][1]["cards"][1]["lifted"] is False
    assert table.game.state()["rows"][1]["placed"] == 2


def test_the_state_at_the_end_of_the_game():
    table = RushTable()
    play_out(table, helps=1)
    state = table.game.state()
    assert (state["over"], state["phase"], state["round"]) == (True, "finished", 3)
    assert state["round_points"] == [1, 1, 1] and state["final"] == {"rounds": 3, "help_bonus": 5}
    assert (state["total"], state["help_left"]) == (8, 2)
    (over,) = table.of("game_over")
    assert {k: v for k, v in over.items() if k != "t"} == {"type": "game_over", "rounds": [1, 1, 1], "help_left": 2,
                                                           "help_bonus": 5, "total": 8}


def test_the_outcome_is_the_teams_and_everyone_wins_together_at_the_end():
    table = RushTable()
    assert table.game.outcome() == Outcome(False, (), {"Team": 0}, "points")
    play_out(table)
    assert table.game.outcome() == Outcome(True, TEAM, {"Team": 9}, "points")


def test_everyone_plays_at_once_and_a_solo_player_alone():
    assert RushTable().game.turns() == Turns(SIMULTANEOUS)
    assert RushTable(("Ana",)).game.turns() == Turns(SOLO)


def test_after_a_restart_the_goals_and_the_played_cards_stand_and_a_refused_card_is_new():
    table = RushTable()
    table.start(("G1", 1), ("G5", 2))
    table.play("1/4", 1)
    table.play("0.1", 1)
    table.act("play", card=RUSH_CARDS["3/4"], row=3, on="")  # no goal there: refused, still in the hand
    assert table.game.table_cards() == {RUSH_GOALS["G1"], RUSH_GOALS["G5"], RUSH_CARDS["1/4"], RUSH_CARDS["0.1"]}


def test_a_card_that_landed_after_the_tone_stands_until_the_next_round():
    """Judged too late, it lies in its row until the cards are gathered: after a restart it gets
    no second verdict; the next round deals it again, and then it is a play."""
    table = RushTable()
    table.start(("G1", 1))
    table.play("1/2", 1)
    table.run_out()
    late = RUSH_CARDS["3/4"]
    table.act("play", card=late, row=1, on="")
    assert late in table.game.table_cards()
    table.act("next_round")
    assert late not in table.game.table_cards()


def test_the_headline_names_the_players_hands_clock_and_options():
    assert RushTable().game.headline() == "Math Rush · Ana, Ben · 5 cards each · 180 s rounds"
    assert RushTable(("A", "B", "C"), help="unlimited", seconds=120).game.headline() == \
        "Math Rush · A, B, C · 4 cards each · 120 s rounds · unlimited Help"
    youngest = RushTable(("Ana",), advanced=False, help="unlimited", one_goal=True, timer=False)
    assert youngest.game.headline() == \
        "Math Rush · Ana · 5 cards each · no timer · no Advanced cards, unlimited Help, one goal at a time"


def test_the_summary_for_the_history():
    table = RushTable()
    table.start(("G1", 1), ("G5", 2), ("G9", 3))
    complete_up_3(table)
    table.play("1/2", 2)
    table.play("3/4", 2)
    assert table.game.summary() == ["Round 1, playing.", "  row 1: UP 3, 3 of 3 cards (complete)",
                                    "  row 2: DOWN 3, 2 of 3 cards (broken)", "  row 3: SAME 3, 0 of 3 cards", "Rounds: none yet; Help cards left: 3."]
    done = RushTable(help="unlimited")
    play_out(done)
    assert done.game.summary() == ["Game over: 3 points.", "  row 1: UP 3, 3 of 3 cards (complete)",
                                   "Rounds: 1 + 1 + 1; Help cards left: any."]


# ---- rules a bug would get wrong ------------------------------------------------------------------

def test_an_equal_value_is_out_of_order_unless_it_is_stacked():
    table = RushTable()
    table.start(("G1", 1), ("G5", 2))
    table.play("1/4", 1)
    assert table.play("25%", 1)["reason"] == "25% = 1/4: out of order"  # ascending: strictly larger
    table.play("1/2", 2)
    assert table.play("0.5", 2)["reason"] == "0.5 = 1/2: out of order"  # descending: strictly smaller
    assert table.play("50%", 2, on="1/2")["ok"]


def test_a_completed_goal_cleared_from_its_row_still_scores_and_its_card_waits_for_the_next_round():
    table = RushTable()
    table.start(("G1", 1))
    complete_up_3(table)
    assert said(table.goal("G5", 1))["type"] == "goal_laid"  # the completed goal cleared away, a new one in its row
    assert [r["name"] for r in table.game.state()["done"]] == ["UP 3"]
    table.play("0.9", 1)
    (over,) = table.of("round_over", table.run_out())
    assert over["goals"] == [{"goal": "UP 3", "row": 1, "stars": 1, "why": "", "complete": True, "placed": 3,
                              "count": 3, "because": None},
                             {"goal": "DOWN 3", "row": 1, "stars": 0, "why": "1 of 3 cards", "complete": False,
                              "placed": 1, "count": 3, "because": None}]
    table.act("next_round")
    assert said(table.goal("G1", 1))["type"] == "goal_laid"  # a new round, the goal cards reshuffled


def test_a_help_card_clears_one_set_only_and_each_use_counts():
    table = RushTable()
    table.start(("G2", 1), ("G6", 2))
    table.play("1/2", 1)
    table.play("0.1", 1)
    table.play("0.5", 2)
    table.play("0.75", 2)
    table.act("lift", card=RUSH_CARDS["0.1"])
    table.act("lift", card=RUSH_CARDS["0.75"])
    assert said(table.act("help", use="clear")) == refusal("one_set",
                                                           "One Help card, one set: put the others back.")
    table.act("play", card=RUSH_CARDS["0.75"], row=2, on="")  # put back
    assert said(table.act("help", use="clear"))["left"] == 2
    table.play("0.6", 1)
    table.act("lift", card=RUSH_CARDS["0.6"])
    assert said(table.act("help", use="clear"))["left"] == 1


def test_cards_cleared_from_a_completed_set_change_nothing():
    table = RushTable()
    table.start(("G1", 1))
    complete_up_3(table)
    assert table.act("lift", card=RUSH_CARDS["1/10"]) == []
    (over,) = table.of("round_over", table.run_out())
    assert over["goals"][0]["stars"] == 1


def test_a_help_card_keeps_a_stack_on_an_earlier_card_in_order():
    table = RushTable()
    table.start(("G3", 1))
    table.play("1/4", 1)
    table.play("1/2", 1)
    table.play("25%", 1, on="1/4")
    table.play("0.1", 1)  # breaks the set
    table.act("lift", card=RUSH_CARDS["0.1"])
    assert said(table.act("help", use="clear"))["broken"] == ""  # 25% lies on 1/4: still in order
    table.play("3/4", 1)
    done = table.act("play", card=RUSH_CARDS["0.9"], row=1, on="")
    assert table.of("goal_complete", done)[0]["stars"] == 3


def test_a_set_broken_twice_keeps_the_first_reason_it_was_told():
    table = RushTable()
    table.start(("G3", 1))
    table.play("1/2", 1)
    table.play("1/10", 1)  # breaks it
    assert table.play("1/4", 1)["reason"] == "1/4 < 1/2: out of order"  # breaks it again
    assert table.game.state()["rows"][0]["broken"] == "1/10 < 1/2: out of order"
    table.play("3/4", 1)
    table.act("lift", card=RUSH_CARDS["3/4"])
    assert said(table.act("help", use="clear"))["broken"] == "1/10 < 1/2: out of order"  # judged again: the same


def test_the_youngest_may_rearrange_so_taking_a_card_away_keeps_their_order_unbroken():
    table = RushTable(one_goal=True)
    table.start(("G2", 1))
    table.play("1/2", 1)
    assert table.play("1/10", 1) == {"type": "card_played", "card": RUSH_CARDS["1/10"], "shown": "1/10", "row": 1,
                                     "goal": "UP 4", "on": "", "ok": True, "reason": "", "because": None,
                                     "placed": 2, "count": 4, "t": table.t}
    table.play("3/4", 1)
    assert said(table.act("lift", card=RUSH_CARDS["3/4"])) == {"type": "card_removed", "card": RUSH_CARDS["3/4"],
                                                               "row": 1, "broken": "", "because": None}


def test_the_warning_sounds_once_in_every_round_and_not_in_a_30_second_round():
    table = RushTable()
    for round_number in (1, 2, 3):
        table.start(("G1", 1))
        kinds = [e["type"] for e in table.run_out()]
        assert kinds == ["time_warning", "time_up", "round_over"] + (["game_over"] if round_number == 3 else [])
        if round_number < 3:
            table.act("next_round")
    short = RushTable(seconds=30)
    short.start(("G1", 1))
    due = short.game.deadline()
    assert (due.at, due.action) == (short.game.started_at + 30, {"type": "time_up"})
    assert [e["type"] for e in short.run_out()] == ["time_up", "round_over"]


# ---- the config's sentences ---------------------------------------------------------------------

@pytest.mark.parametrize("config, sentence", [
    ({"players": ["Ana"], "colour": "red"},
     "unknown config key 'colour' (known: advanced, game, help, one_goal, players, seconds, seed, timer)"),
    ({"players": ["Ana"], "colour": "red", "bonus": 1},
     "unknown config key 'bonus' (known: advanced, game, help, one_goal, players, seconds, seed, timer)"),
    ({"players": "Ana"}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": ["Ana", 7]}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": ["Ana", "  "]}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": [f"P{n}" for n in range(9)]}, "Math Rush is for 1–8 players, not 9"),
    ({"players": ["Ana", "Ben", " Ana"]}, "two players have the same name: Ana, Ben, Ana"),
    ({"players": ["Ana"], "advanced": "yes"}, "advanced must be true or false, not 'yes'"),
    ({"players": ["Ana"], "one_goal": 1}, "one_goal must be true or false, not 1"),
    ({"players": ["Ana"], "help": "lots"}, "help must be 'cards' (three for the game) or 'unlimited', not 'lots'"),
    ({"players": ["Ana"], "seconds": 29}, "seconds must be a whole number from 30 to 1800, not 29"),
    ({"players": ["Ana"], "seconds": 1801}, "seconds must be a whole number from 30 to 1800, not 1801"),
    ({"players": ["Ana"], "seconds": "180"}, "seconds must be a whole number from 30 to 1800, not '180'"),
    ({"players": ["Ana"], "seconds": True}, "seconds must be a whole number from 30 to 1800, not True"),
])
def test_a_bad_config_is_refused_in_a_sentence_that_names_the_key(config, sentence):
    with pytest.raises(ConfigError) as refused:
        MathRush({"game": "math-rush", **config})
    assert str(refused.value) == sentence


def test_the_edges_of_a_config_are_accepted_and_the_defaults_filled_in():
    eight = MathRush({"game": "math-rush", "players": [f"P{n}" for n in range(8)], "seconds": 30})
    assert (eight.rules.seconds, eight.state()["hand_size"]) == (30, 3)
    assert MathRush({"game": "math-rush", "players": ["Ana"], "seconds": 1800}).rules.seconds == 1800
    assert MathRush({"game": "math-rush", "players": [" Ana ", "Ben"], "seed": 7}).config == {
        "game": "math-rush", "seed": 7, "players": ["Ana", "Ben"], "advanced": True, "help": "cards",
        "one_goal": False, "timer": True, "seconds": 180}
    assert read_config({"players": ["Ana"]}).as_json() == {
        "game": "math-rush", "seed": 0, "players": ["Ana"], "advanced": True, "help": "cards", "one_goal": False,
        "timer": True, "seconds": 240}


def test_a_help_card_seen_in_its_box_lies_on_the_table_until_it_is_turned_over():
    """What a restart relies on: the journal's game counts the Help cards lying face up in their
    box, and the one turned over is no longer there."""
    table = RushTable()
    for card in ("MR-A-H1", "MR-A-H2"):
        assert table.act("help_card", card=card) == []  # no play: nothing to say
    assert {"MR-A-H1", "MR-A-H2"} <= table.game.table_cards()
    table.goal("G1", 1)
    table.act("start")
    table.act("help", use="redraw", card="MR-A-H1")
    assert "MR-A-H1" not in table.game.table_cards()
    assert "MR-A-H2" in table.game.table_cards()
    assert table.game.state()["help_left"] == 2
