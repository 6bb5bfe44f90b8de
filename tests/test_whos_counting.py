"""Who's Counting? rules, played the way a table plays them: expressions laid and submitted,
red cards thrown in the window, Stops, trades, and the game's two ends."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from engine.errors import ActionError, ConfigError
from engine.expressions import Op
from engine.whos_counting import WhosCounting
from engine.protocol import TURNS, Outcome, Turns
from engine.whos_counting.scoring import best

OPS = {"+": "ADD", "-": "SUB", "×": "MUL", "÷": "DIV"}


class Table:
    """A game plus a clock and a supply of physical cards, so tests read like the table."""

    def __init__(self, players: tuple[str, ...] = ("Ana", "Ben", "Cleo"), **config: Any) -> None:
        self.game = WhosCounting({"game": "whos-counting", "players": list(players), **config})
        self.t = 0.0
        self.used: defaultdict[str, int] = defaultdict(int)
        self.events: list[dict[str, Any]] = []

    def card(self, token: str | int) -> str:
        """The next unused physical card for ``3``, ``"×"``, ``"DBL"``, ``"STL"``, ``"GNEG"`` …"""
        if isinstance(token, int) or token.isdigit():
            self.used[f"N{token}"] += 1
            return f"WC-A-N{token}{'ABCDEF'[self.used[f'N{token}'] - 1]}"
        if token in OPS:
            token = OPS[token]
        if token.startswith("G"):
            return f"WC-A-{token}"
        self.used[token] += 1
        return f"WC-A-{token}{self.used[token]}"

    def act(self, kind: str, dt: float = 1.0, **fields: Any) -> list[dict[str, Any]]:
        self.t += dt
        new = self.game.apply({"type": kind, "t": self.t, **fields})
        self.events.extend(new)
        return new

    def lay(self, player: str, *tokens: str | int, blue: tuple[str, ...] = ()) -> list[dict[str, Any]]:
        """``player`` lays an expression (and blue cards) and presses CONFIRM."""
        cards = [self.card(t) for t in tokens]
        return self.act("submit", player=player, cards=cards, blue=[self.card(b) for b in blue])

    def close(self) -> list[dict[str, Any]]:
        """The window runs out (the referee applies the game's deadline at its own time)."""
        deadline = self.game.deadline()
        assert deadline is not None and deadline.action["type"] == "window_closed"
        self.t = deadline.at
        new = self.game.apply({**deadline.action, "t": deadline.at})
        self.events.extend(new)
        return new

    def refused(self, kind: str, **fields: Any) -> tuple[str, str]:
        """The code and words of the one violation an action gets, charged to the player who acted."""
        (event,) = self.act(kind, **fields)
        assert (event["type"], event["player"]) == ("violation", fields["player"])
        return event["code"], event["message"]

    def of(self, kind: str, events: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]

    @property
    def scores(self) -> dict[str, int]:
        return self.game.outcome().scores


def scored(events: list[dict[str, Any]]) -> dict[str, Any]:
    (event,) = [e for e in events if e["type"] == "expression_scored"]
    return event


# ---- an expression and its score ----------------------------------------------------------------

def test_three_times_six_minus_two_is_16_and_two_operations_make_41():
    table = Table()
    event = scored(table.lay("Ana", 3, "×", 6, "-", 2))
    assert (event["expression"], event["value"], event["operations"], event["bonus"], event["score"]) == (
        "3 × 6 − 2", 16, 2, 25, 41)
    turn = table.close()
    assert table.scores == {"Ana": 41, "Ben": 0, "Cleo": 0}
    assert table.of("draw", turn) == [{"type": "draw", "player": "Ana", "cards": 5, "t": table.t}]
    assert table.game.turns().current == "Ben"


@pytest.mark.parametrize("tokens, bonus, score", [
    ((4, "+", 5), 10, 19),
    ((2, "+", 3, "×", 4), 25, 39),
    ((12, "÷", 3, "+", 2, "-", 1), 50, 55),
])
def test_the_operations_bonus_is_10_25_50(tokens, bonus, score):
    event = scored(Table().lay("Ana", *tokens))
    assert (event["bonus"], event["score"]) == (bonus, score)


def test_two_of_the_same_operation_count_as_two_unless_the_table_says_kinds():
    assert scored(Table().lay("Ana", 1, "+", 2, "+", 3))["bonus"] == 25
    assert scored(Table(bonus_counts="kinds").lay("Ana", 1, "+", 2, "+", 3))["bonus"] == 10


def test_order_of_operations_is_standard_unless_the_table_reads_left_to_right():
    assert scored(Table().lay("Ana", 2, "+", 3, "×", 4))["value"] == 14
    assert scored(Table(order="left-to-right").lay("Ana", 2, "+", 3, "×", 4))["value"] == 20


@pytest.mark.parametrize("tokens, code, words", [
    ((12, "÷", 5), "remainder", "12 ÷ 5 leaves a remainder"),
    ((2, "×", 3, "×", 4), "two_times", "Only one ×"),
    ((4, 5), "operations", "1 to 3 operation cards, not 0"),
    ((7,), "numbers", "2 to 4 number cards, not 1"),
    ((3, 4, "+", 5), "malformed", "Two numbers in a row"),
    ((3, "+", "-", 5), "malformed", "Two operations in a row"),
    (("-", 3, "+", 5), "malformed", "starts with a number"),
    ((1, "+", 2, "+", 3, "+", 4, "+", 5), "numbers", "2 to 4 number cards"),
    ((3, "-", 7), "below_zero", "3 − 7 = −4: an answer must be 0 or more"),
    ((5, "÷", 2, "×", 2), "remainder", "5 ÷ 2 leaves a remainder"),
])
def test_a_broken_expression_is_judged_with_the_reason_and_scores_nothing_until_corrected(tokens, code, words):
    table = Table()
    (event,) = table.lay("Ana", *tokens)
    assert (event["type"], event["code"]) == ("violation", code) and words in event["message"]
    assert table.game.deadline().action["type"] == "time_up"  # no window opened
    assert table.game.turns().current == "Ana"
    assert scored(table.lay("Ana", 12, "÷", 4))["score"] == 13  # corrected: now it counts


def test_double_doubles_the_score_with_its_bonus():
    table = Table()
    assert scored(table.lay("Ana", 3, "×", 6, "-", 2, blue=("DBL",)))["score"] == 82
    table.close()
    assert table.scores["Ana"] == 82
    assert scored(Table().lay("Ana", 3, "×", 6, "-", 2, blue=("DBL", "DBL")))["score"] == 164


# ---- red cards, Stop and Green Goo ------------------------------------------------------------

def test_negative_turns_the_score_negative():
    table = Table()
    table.lay("Ana", 3, "×", 6, "-", 2)
    assert table.of("red_card", table.act("red", player="Ben", card=table.card("NEG")))[0]["effect"] == "negative"
    table.close()
    assert table.scores == {"Ana": -41, "Ben": 0, "Cleo": 0}


def test_zero_cancels_the_turn():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    table.act("red", player="Cleo", card=table.card("ZERO"))
    table.close()
    assert table.scores["Ana"] == 0


def test_steal_gives_the_points_to_the_lowest_score():
    table = Table()
    table.lay("Ana", 4, "+", 5)  # 19
    table.close()
    table.lay("Ben", 2, "+", 3)  # 15
    table.close()
    table.lay("Cleo", 10, "+", 10)  # 30: Cleo 30, Ana 19, Ben 15
    table.close()
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41, stolen by Cleo: it goes to the lowest score, Ben's
    table.act("red", player="Cleo", card=table.card("STL"))
    turn = table.close()
    assert table.scores == {"Ana": 19, "Ben": 56, "Cleo": 30}
    assert table.of("turn_scored", turn)[0]["changes"] == {"Ben": 41}


def test_split_of_an_odd_score_rounds_down_each_half_unless_the_table_rounds_up():
    table = Table()
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41
    table.act("red", player="Ben", card=table.card("SPL"))
    table.close()
    assert table.scores == {"Ana": 20, "Ben": 20, "Cleo": 0}
    generous = Table(split_rounds="up")
    generous.lay("Ana", 3, "×", 6, "-", 2)
    generous.act("red", player="Ben", card=generous.card("SPL"))
    generous.close()
    assert generous.scores == {"Ana": 21, "Ben": 21, "Cleo": 0}


def test_a_stop_after_the_red_card_saves_the_points():
    table = Table()
    table.lay("Ana", 3, "×", 6, "-", 2)
    opened = table.act("red", player="Ben", card=table.card("NEG"))
    assert table.of("answer_window", opened)  # the player gets the window again to answer
    assert table.game.deadline().at == table.t + 5
    assert table.of("stopped", table.act("stop", player="Ana", card=table.card("STOP")))
    table.close()
    assert table.scores["Ana"] == 41
    assert table.game.hands["Ben"] == 6 and table.game.hands["Ana"] == 7  # Ben refills on his own turn


def test_a_stop_laid_before_the_red_card_stops_it_at_once():
    table = Table()
    table.lay("Ana", 4, "+", 5, blue=("STOP",))
    events = table.act("red", player="Ben", card=table.card("ZERO"))
    assert [e["type"] for e in events] == ["red_card", "stopped"]
    table.close()
    assert table.scores["Ana"] == 19


def test_green_goo_cannot_be_stopped():
    table = Table()
    table.lay("Ana", 4, "+", 5, blue=("STOP",))
    events = table.act("red", player="Ben", card=table.card("GNEG"))
    assert [e["type"] for e in events] == ["red_card"] and events[0]["goo"]
    (refused,) = table.act("stop", player="Ana", card=table.card("STOP"))
    assert refused["code"] == "goo" and "Green Goo cannot be stopped" in refused["message"]
    table.close()
    assert table.scores["Ana"] == -19


def test_only_the_first_red_card_in_the_window_counts():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    table.act("red", player="Ben", card=table.card("ZERO"))
    (second,) = table.act("red", player="Cleo", card=table.card("NEG"))
    assert (second["code"], second["message"]) == ("one_red", "Only one red card!")
    table.close()
    assert table.scores["Ana"] == 0 and table.game.hands["Cleo"] == 7


def test_a_red_card_after_the_window_is_too_late_and_on_your_own_turn_is_refused():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    (own,) = table.act("red", player="Ana", card=table.card("ZERO"))
    assert own["code"] == "own_turn"
    table.close()
    (late,) = table.act("red", player="Ben", card=table.card("ZERO"))
    assert late["code"] == "too_late" and table.scores["Ana"] == 19


# ---- Choice and Super -----------------------------------------------------------------------

def test_choice_stands_for_a_number_said_on_the_station():
    table = Table()
    choice = table.card("CHO")
    cards = [table.card(3), table.card("×"), choice]
    (ask,) = table.act("submit", player="Ana", cards=cards, blue=[])
    assert ask["type"] == "needs_declaration" and "12" in ask["choices"] and "×" in ask["choices"]
    table.act("declare", player="Ana", card=choice, value="7")
    assert scored(table.act("submit", player="Ana", cards=cards, blue=[]))["value"] == 21


def test_a_super_card_stands_for_an_operation_and_counts_toward_the_one_times_rule():
    table = Table()
    wild = table.card("SUP")
    cards = [table.card(3), wild, table.card(6), table.card("×"), table.card(2)]
    table.act("declare", player="Ana", card=wild, value="×")
    (judged,) = table.act("submit", player="Ana", cards=cards, blue=[])
    assert judged["code"] == "two_times"
    table.act("declare", player="Ana", card=wild, value="+")
    assert scored(table.act("submit", player="Ana", cards=cards, blue=[]))["expression"] == "3 + 6 × 2"


def test_a_super_card_as_a_blue_card_and_as_a_red_card():
    table = Table()
    wild = table.card("SUP")
    table.act("declare", player="Ana", card=wild, value="double")
    assert scored(table.act("submit", player="Ana", cards=[table.card(4), table.card("+"), table.card(5)],
                            blue=[wild]))["score"] == 38
    thrown = table.card("SUP")
    (ask,) = table.act("red", player="Ben", card=thrown)
    assert ask["type"] == "needs_declaration" and ask["choices"] == ["steal", "negative", "zero", "split"]
    assert table.game.deadline().action["type"] == "time_up"  # the window waits for the Super to be named
    assert table.of("red_card", table.act("declare", player="Ben", card=thrown, value="zero"))
    table.close()
    assert table.scores["Ana"] == 0


def test_a_blue_or_red_card_in_the_expression_is_judged():
    table = Table()
    (blue,) = table.lay("Ana", 4, "+", "DBL")
    assert blue["code"] == "not_in_sum" and "blue box" in blue["message"]
    (red,) = table.act("submit", player="Ana", cards=[table.card(4), table.card("+"), table.card(5)],
                       blue=[table.card("NEG")])
    assert red["code"] == "not_blue"


# ---- turns, trades, hands ---------------------------------------------------------------------

def test_extra_turn_gives_the_player_another_turn():
    table = Table()
    table.lay("Ana", 4, "+", 5, blue=("EXT",))
    turn = table.close()
    assert table.of("extra_turn", turn)[0]["reason"] == "card" and table.game.turns().current == "Ana"
    table.lay("Ana", 2, "+", 2)
    table.close()
    assert table.game.turns().current == "Ben"


def test_playing_all_seven_cards_earns_an_extra_turn_at_once():
    table = Table()
    table.lay("Ana", 12, "÷", 3, "+", 2, "-", 1, blue=("DBL",))  # 7 cards
    turn = table.close()
    assert table.of("extra_turn", turn)[0]["reason"] == "all_seven"
    assert table.of("draw", turn)[0]["cards"] == 7 and table.game.turns().current == "Ana"


def test_a_trade_is_the_only_action_of_the_turn_and_keeps_the_hand_at_seven():
    table = Table()
    events = table.act("trade", player="Ana", count=4)
    assert events[0] == {"type": "traded", "player": "Ana", "count": 4, "drawn": 4, "t": table.t}
    assert table.game.turns().current == "Ben" and table.game.hands["Ana"] == 7
    assert table.game.draw_pile == 148 - 21 - 4
    (refused,) = table.act("trade", player="Ben", count=9)
    assert refused["code"] == "bad_trade"


def test_pass_and_turn_order():
    table = Table()
    (wrong,) = table.act("pass", player="Ben")
    assert wrong["code"] == "not_your_turn" and "Ana's turn" in wrong["message"]
    table.act("pass", player="Ana")
    assert table.game.turns().current == "Ben"


def test_a_card_played_before_is_judged_until_the_pile_is_reshuffled():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    table.close()
    (again,) = table.act("submit", player="Ben", cards=["WC-A-N4A", "WC-A-ADD2", "WC-A-N1A"], blue=[])
    assert again["code"] == "played_before"


# ---- the end -----------------------------------------------------------------------------------

def test_the_first_to_the_target_wins():
    table = Table(("Ana", "Ben"), target=50)
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41
    table.close()
    table.lay("Ben", 2, "+", 3)  # 15
    table.close()
    table.lay("Ana", 4, "+", 5)  # 60
    over = table.close()
    assert table.of("game_over", over)[0]["reason"] == "target"
    assert table.game.outcome().over and table.game.outcome().winners == ("Ana",)
    assert table.game.deadline() is None
    (late,) = table.act("pass", player="Ben")
    assert late["code"] == "game_over"


def test_after_the_minutes_the_highest_score_wins_and_a_turn_in_play_is_finished_first():
    table = Table(("Ana", "Ben"), minutes=1)
    table.lay("Ana", 4, "+", 5)
    table.close()
    table.t = 55
    table.lay("Ben", 3, "×", 6, "-", 2)  # at 56: the window runs past the minute
    deadline = table.game.deadline()
    assert (deadline.at, deadline.action["type"]) == (60, "time_up")
    assert table.game.apply({"type": "time_up", "t": 60}) == [{"type": "time_up", "minutes": 1, "t": 60}]
    assert not table.game.outcome().over
    over = table.close()
    assert table.of("game_over", over)[0]["reason"] == "time" and table.game.outcome().winners == ("Ben",)


def test_time_up_between_turns_ends_the_game_at_once():
    table = Table(("Ana", "Ben"), minutes=1)
    events = table.game.apply({"type": "time_up", "t": 60})
    assert [e["type"] for e in events] == ["time_up", "game_over"]
    assert table.game.outcome().winners == ("Ana", "Ben")  # 0-0: a tie


# ---- config and replay -------------------------------------------------------------------------

@pytest.mark.parametrize("config, words", [
    ({"players": ["Ana"]}, "2–6 players"),
    ({"players": ["Ana", "Ana"]}, "same name"),
    ({"players": ["Ana", "Ben"], "window": 0}, "1 to 60 seconds"),
    ({"players": ["Ana", "Ben"], "target": 0, "minutes": 0}, "cannot both be 0"),
    ({"players": ["Ana", "Ben"], "order": "backwards"}, "left-to-right"),
    ({"players": ["Ana", "Ben"], "colour": "red"}, "unknown config key 'colour'"),
])
def test_a_bad_config_says_which_key_and_why(config, words):
    with pytest.raises(ConfigError, match=words):
        WhosCounting({"game": "whos-counting", **config})


def test_an_unknown_player_or_card_is_a_malformed_action():
    table = Table()
    with pytest.raises(ActionError, match="no player called 'Zed'"):
        table.act("pass", player="Zed")
    with pytest.raises(ActionError, match="no such card"):
        table.act("submit", player="Ana", cards=["WC-A-N99A"], blue=[])


def test_a_game_replays_to_the_same_events_and_state():
    table = Table()
    table.lay("Ana", 3, "×", 6, "-", 2, blue=("DBL",))
    table.act("red", player="Ben", card=table.card("SPL"))
    table.act("stop", player="Ana", card=table.card("STOP"))
    table.close()
    table.act("trade", player="Ben", count=2)
    again, events = WhosCounting.replay(table.game.config, table.game.actions)
    assert events == table.events and again.state() == table.game.state()


def test_the_hint_finds_the_best_expression_the_same_cards_could_make():
    table = Table()
    table.lay("Ana", 2, "+", 3, "×", 4)  # 14 + 25 = 39; 4 × 3 + 2 is the same, 3 × 4 + 2 too
    table.close()
    best = table.game.state()["best"]
    assert best["points"] == 39
    table.lay("Ben", 6, "-", 2, "+", 5)  # 9 + 25 = 34: 6 + 5 − 2 is the same; no better
    table.close()
    assert table.game.state()["best"]["points"] == 34


# ---- what the mutation run found untested ------------------------------------------------------

def test_an_answer_of_zero_is_whole_and_scores_its_bonus():
    event = scored(Table().lay("Ana", 3, "-", 3))
    assert (event["value"], event["score"]) == (0, 10)


def test_a_judged_expression_says_what_was_laid_and_why():
    table = Table()
    (first,) = table.lay("Ana", "×", 3, "+", 4)
    assert (first["expression"], first["message"]) == ("× 3 + 4", "An expression starts with a number, not ×")
    (two,) = table.lay("Ana", 2, "×", 3, "×", 4)
    assert (two["expression"], two["message"]) == ("2 × 3 × 4", "Only one × in an expression")
    (ops,) = table.lay("Ana", 2, "+", "-", 4)
    assert (ops["expression"], ops["message"]) == ("2 + −4", "Two operations in a row: + −")


def test_the_best_expression_is_the_first_of_the_highest_score():
    found = best([2, 3, 4, Op.ADD, Op.MUL])
    assert (found.shown, found.points) == ("2 + 3 × 4", 39)
    assert best([2, 3, Op.ADD], order="left-to-right", bonus_counts="kinds").points == 15
    assert best([5, 5, Op.SUB, Op.SUB]).points == 10  # 5 − 5: the second minus has no third number
    assert best([7, Op.DIV]) is None


def test_the_config_keeps_its_seed_and_defaults_and_checks_its_edges():
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"], "seed": 7})
    assert game.config == {"game": "whos-counting", "seed": 7, "players": ["Ana", "Ben"], "order": "standard",
                           "target": 500, "minutes": 20, "window": 5, "bonus_counts": "cards", "split_rounds": "down"}
    assert WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]}).config["seed"] == 0
    six = [f"P{n}" for n in range(6)]
    assert WhosCounting({"game": "whos-counting", "players": six, "target": 0, "minutes": 600, "window": 60}).seats()
    assert WhosCounting({"game": "whos-counting", "players": six, "target": 100_000, "minutes": 0, "window": 1}).seats()


@pytest.mark.parametrize("config, message", [
    ({"players": [f"P{n}" for n in range(7)]}, "Who's Counting? is for 2–6 players, not 7"),
    ({"players": "Ana"}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": ["Ana", " "]}, 'players must be a list of names, e.g. ["Ana", "Ben"]'),
    ({"players": ["Ana", "Ana"]}, "two players have the same name: Ana, Ana"),
    ({"players": ["Ana", "Ben"], "target": 100_001}, "target must be a whole number from 0 to 100000, not 100001"),
    ({"players": ["Ana", "Ben"], "minutes": 601}, "minutes must be a whole number from 0 to 600, not 601"),
    ({"players": ["Ana", "Ben"], "minutes": True}, "minutes must be a whole number from 0 to 600, not True"),
    ({"players": ["Ana", "Ben"], "window": 0.9}, "window must be 1 to 60 seconds, not 0.9"),
    ({"players": ["Ana", "Ben"], "window": 60.5}, "window must be 1 to 60 seconds, not 60.5"),
    ({"players": ["Ana", "Ben"], "window": True}, "window must be 1 to 60 seconds, not True"),
    ({"players": ["Ana", "Ben"], "target": 0, "minutes": 0},
     "a game needs a target score or a time limit (target and minutes cannot both be 0)"),
    ({"players": ["Ana", "Ben"], "split_rounds": "half"}, "split_rounds must be 'down' or 'up', not 'half'"),
    ({"players": ["Ana", "Ben"], "bonus_counts": "all"},
     "bonus_counts must be 'cards' (every operation card) or 'kinds' (different operations), not 'all'"),
    ({"players": ["Ana", "Ben"], "colour": 1}, "unknown config key 'colour' (known: bonus_counts, game, minutes, "
                                              "order, players, seed, split_rounds, target, window)"),
])
def test_a_bad_config_is_refused_with_the_whole_reason(config, message):
    with pytest.raises(ConfigError) as caught:
        WhosCounting({"game": "whos-counting", **config})
    assert str(caught.value) == message


# ---- what the games' mutation run (issues 14 and 13) found untested --------------------------

def test_a_stop_laid_before_the_red_card_is_one_card_played_not_two():
    table = Table()
    table.lay("Ana", 4, "+", 5, blue=("STOP",))  # four cards leave Ana's hand
    table.act("red", player="Ben", card=table.card("ZERO"))
    turn = table.close()
    assert table.of("draw", turn)[0]["cards"] == 4
    assert table.game.draw_pile == 148 - 21 - 4


def test_six_cards_and_a_stop_already_in_the_blue_box_are_not_all_seven():
    table = Table()
    table.lay("Ana", 12, "÷", 3, "+", 2, blue=("DBL", "STOP"))  # seven cards: all seven
    table.act("red", player="Ben", card=table.card("NEG"))
    assert table.of("extra_turn", table.close())[0]["reason"] == "all_seven"
    table.lay("Ana", 8, "+", 2, "-", 1, blue=("STOP",))  # six cards: no extra turn
    table.act("red", player="Ben", card=table.card("NEG"))
    turn = table.close()
    assert not table.of("extra_turn", turn) and table.game.turns().current == "Ben"
    assert table.of("draw", turn)[0]["cards"] == 6


def story(table: Table) -> list[str]:
    return [table.game.describe(e) for e in table.events]


def test_a_game_is_told_as_the_table_saw_it():
    table = Table(("Ana", "Ben", "Cleo"), target=200, window=8)
    table.lay("Ana", 4, "+", 5, blue=("DBL", "DBL", "DBL"))
    table.act("red", player="Ben", card=table.card("GNEG"))
    table.close()
    table.lay("Ben", 3, "×", 6, "-", 2, blue=("EXT",))
    table.act("red", player="Cleo", card=table.card("SPL"))
    table.close()
    wild = table.card("CHO")
    cards = [table.card(2), table.card("+"), wild]
    table.act("submit", player="Ben", cards=cards, blue=[])
    table.act("declare", player="Ben", card=wild, value="-")
    table.act("declare", player="Ben", card=wild, value="7")
    table.act("submit", player="Ben", cards=cards, blue=[table.card("DBL")])
    table.act("red", player="Ana", card=table.card("STL"))
    table.act("stop", player="Ben", card=table.card("STOP"))
    table.close()
    table.act("trade", player="Cleo", count=1)
    table.act("trade", player="Ana", count=3)
    table.act("pass", player="Ben")
    assert story(table) == [
        "Ana: 4 + 5 = 9, + 10 for 1 operation, doubled 3 times = 152. Who’s Counting?",
        "Ben is counting! Negative on Ana (Green Goo: no Stop!).",
        "Ana scores −152 (now −152).",
        "Ana draws 6.",
        "Ben's turn.",
        "Ben: 3 × 6 − 2 = 16, + 25 for 2 operations = 41. Who’s Counting?",
        "Cleo is counting! Split on Ben.",
        "Ben may answer with a Stop.",
        "Ben and Cleo split the points: 20 each (now 20 and 20).",
        "Ben draws 7.",  # six cards laid, and the Green Goo he threw at Ana
        "Ben gets an extra turn.",
        "Ben's turn again.",
        "Ben: say what the CHOICE card stands for.",
        "Ben's card stands for −.",
        "Ben's card stands for 7.",
        "Ben: 2 + 7 = 9, + 10 for 1 operation, doubled = 38. Who’s Counting?",
        "Ana is counting! Steal on Ben.",
        "Ben may answer with a Stop.",
        "Ben plays Stop: the red card does nothing.",
        "Ben scores 38 (now 58).",
        "Ben draws 5.",
        "Cleo's turn.",
        "Cleo trades 1 card.",
        "Ana's turn.",
        "Ana trades 3 cards.",
        "Ben's turn.",
        "Ben passes.",
        "Cleo's turn.",
    ]
    assert table.game.headline() == ("Who's Counting? · Ana, Ben, Cleo · first to 200 points or 20 minutes · "
                                     "× and ÷ first · 8 s to count")
    assert table.game.summary() == ["Cleo's turn.",
                                    "  Ana    −152 points  6 in hand",
                                    "  Ben      58 points  7 in hand",
                                    "  Cleo     20 points  6 in hand",
                                    "Draw pile: 105 cards."]


def test_stolen_points_are_told_as_going_to_the_lowest_score_not_as_stolen_by_it():
    table = Table(("Ana", "Ben", "Cleo"), target=40, minutes=0, order="left-to-right")
    table.lay("Ana", 4, "+", 5)
    table.act("red", player="Ben", card=table.card("NEG"))
    table.close()
    table.lay("Ben", 3, "×", 6, "-", 2)
    table.act("red", player="Cleo", card=table.card("STL"))  # Cleo plays Steal: Ana, the lowest, gets the points
    table.close()
    table.lay("Cleo", 3, "×", 6, "-", 2)
    table.close()
    assert story(table)[9:] == [
        "Steal: Ben's 41 points go to Ana, the lowest score (now 22).",
        "Ben draws 6.",
        "Cleo's turn.",
        "Cleo: 3 × 6 − 2 = 16, + 25 for 2 operations = 41. Who’s Counting?",
        "Cleo scores 41 (now 41).",
        "Cleo draws 6.",
        "Cleo reaches the target and wins! (Ana 22, Ben 0, Cleo 41)",
    ]
    assert table.game.headline() == "Who's Counting? · Ana, Ben, Cleo · first to 40 points · left to right · 5 s to count"
    assert table.game.summary()[0] == "Game over: Cleo won."


def test_a_tie_at_the_end_of_one_minute_is_told_in_good_grammar():
    table = Table(("Ana", "Ben"), minutes=1, target=0, window=2.5)
    assert table.game.headline() == "Who's Counting? · Ana, Ben · 1 minute · × and ÷ first · 2.5 s to count"
    events = table.game.apply({"type": "time_up", "t": 60})
    assert [table.game.describe(e) for e in events] == [
        "Time is up after 1 minute.", "Ana and Ben have the most points when time is up and win! (Ana 0, Ben 0)"]
    assert table.game.summary()[0] == "Game over: Ana and Ben won."
    later = Table(("Ana", "Ben"), minutes=15, target=0)
    assert later.game.headline() == "Who's Counting? · Ana, Ben · 15 minutes · × and ÷ first · 5 s to count"
    assert later.game.describe(later.game.apply({"type": "time_up", "t": 900})[0]) == "Time is up after 15 minutes."


def test_a_split_that_takes_both_players_to_the_target_makes_both_winners():
    table = Table(("Ana", "Ben"), target=20)
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41, split: 20 each
    table.act("red", player="Ben", card=table.card("SPL"))
    over = table.close()
    assert table.game.outcome().winners == ("Ana", "Ben")
    assert table.game.describe(over[-1]) == "Ana and Ben reach the target and win! (Ana 20, Ben 20)"




def test_every_refusal_of_a_card_says_why_in_a_childs_words():
    table = Table()
    assert table.refused("red", player="Ben", card=table.card("NEG")) == (
        "no_expression", "No expression to count yet: wait for Who's Counting?.")
    assert table.refused("red", player="Ben", card=table.card(5)) == ("not_red", "NUMBER 5 is not a red card.")
    assert table.refused("red", player="Ben", card="SU-A-N5A") == (
        "wrong_game", "That card is from SUM, not Who's Counting?.")
    assert table.refused("stop", player="Ana", card=table.card("STOP")) == (
        "nothing_to_stop", "There is no red card to stop.")
    assert table.refused("stop", player="Ana", card=table.card("DBL")) == (
        "not_stop", "Only a Stop card stops a red card, not BLUE CARD DOUBLE.")
    assert table.refused("declare", player="Ana", card=table.card(5), value="7") == (
        "not_wild", "NUMBER 5 is what it says: only Choice and Super cards stand for something.")
    assert table.refused("declare", player="Ana", card=table.card("CHO"), value="double") == (
        "bad_declaration", "BLUE CARD CHOICE can be 1, 2, 3, 4, 5, 6 …")
    assert table.refused("submit", player="Ana", cards=[], blue=[]) == (
        "empty", "Lay an expression on the strip first.")
    wild = table.card("SUP")
    table.act("declare", player="Ana", card=wild, value="double")
    assert table.refused("submit", player="Ana", cards=[table.card(3), table.card("+"), wild], blue=[]) == (
        "wild_not_in_sum", "SUPER CARD as Double goes in the blue box, not in the expression.")
    assert table.refused("submit", player="Ana", cards=[table.card(3), table.card("+"), table.card("NEG")],
                             blue=[]) == ("not_in_sum", "Red cards are for other players' turns.")
    assert table.refused("submit", player="Ana", cards=[table.card(3), table.card("+"), table.card(4)],
                             blue=[table.card(6)]) == ("not_blue", "Only blue cards go in the blue box, not NUMBER 6.")
    assert table.refused("trade", player="Ana", count=0) == ("bad_trade", "Trade 1 to 7 cards.")
    assert table.game.turns().current == "Ana" and table.scores == {"Ana": 0, "Ben": 0, "Cleo": 0}
    table.lay("Ana", 3, "+", 4)
    assert table.refused("pass", player="Ana") == ("wait_window", "Wait: the expression is being counted.")
    assert table.refused("trade", player="Ana", count=2) == ("wait_window", "Wait: the expression is being counted.")


def test_a_super_thrown_as_a_red_card_must_be_named_a_red_effect():
    table = Table()
    table.lay("Ana", 3, "×", 6, "-", 2)  # 41
    thrown = table.card("SUP")
    table.act("red", player="Ben", card=thrown)
    assert table.refused("declare", player="Ben", card=thrown, value="double") == (
        "bad_declaration", "A Super card played as a red card is Steal, Negative, Zero or Split.")
    asking = table.game.state()["turn"]["asking"]
    assert asking == {"player": "Ben", "card": thrown, "kind": "super", "name": "SUPER",
                      "choices": ["steal", "negative", "zero", "split"]}
    assert table.game.deadline().action["type"] == "time_up"  # the window still waits for a red effect
    landed = table.act("declare", player="Ben", card=thrown, value="split")
    assert [e["type"] for e in landed] == ["declared", "red_card", "answer_window"]
    assert table.game.state()["turn"]["asking"] is None
    stop = table.card("STOP")
    assert table.of("stopped", table.act("stop", player="Ana", card=stop))
    assert table.refused("stop", player="Ana", card=table.card("STOP")) == (
        "stopped_already", "The red card is stopped already.")
    assert {thrown, stop} <= table.game.table_cards()  # both lie on the table until the turn is cleared
    table.close()
    assert table.scores == {"Ana": 41, "Ben": 0, "Cleo": 0}
    assert table.game.hands == {"Ana": 7, "Ben": 6, "Cleo": 7}


def test_a_super_laid_as_a_stop_answers_a_red_card():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    table.act("red", player="Ben", card=table.card("NEG"))
    wild = table.card("SUP")
    assert table.act("stop", player="Ana", card=wild)[0] == {"type": "stopped", "player": "Ana", "card": wild,
                                                             "t": table.t}
    assert table.game.state()["turn"]["declared"] == {wild: "stop"}
    assert table.of("draw", table.close())[0]["cards"] == 4 and table.scores["Ana"] == 19


def test_stolen_points_go_to_the_first_lowest_score_clockwise_from_the_player():
    table = Table(("Ana", "Ben", "Cleo", "Dan"))
    table.act("pass", player="Ana")
    table.act("pass", player="Ben")
    table.lay("Cleo", 4, "+", 5)  # Dan, Ana and Ben all have 0: Dan is first clockwise from Cleo
    table.act("red", player="Ana", card=table.card("STL"))
    table.close()
    assert table.scores == {"Ana": 0, "Ben": 0, "Cleo": 0, "Dan": 19}


def test_when_the_draw_pile_runs_out_the_traded_cards_are_shuffled_back():
    table = Table()
    seats = ["Ana", "Ben", "Cleo"]
    for turn in range(18):  # 18 trades of 7: 126 of the 127 cards left after the deal
        table.act("trade", player=seats[turn % 3], count=7)
    assert table.game.draw_pile == 1 and table.game.summary()[-1] == "Draw pile: 1 card."
    (traded, _) = table.act("trade", player="Ana", count=7)  # discarded first, then drawn: all 133 shuffled
    assert traded["drawn"] == 7 and table.game.draw_pile == 1 + 133 - 7
    assert sum(table.game.hands.values()) + table.game.draw_pile == 148  # no card made or lost
    assert table.game.summary()[-1] == "Draw pile: 127 cards."


def test_the_next_deadline_is_the_window_or_the_clock_whichever_comes_first():
    table = Table(("Ana", "Ben"), minutes=1)
    table.t = 50
    table.lay("Ana", 4, "+", 5)  # at 51: the window closes at 56, before the minute
    assert (table.game.deadline().at, table.game.deadline().action["type"]) == (56, "window_closed")
    assert Table(("Ana", "Ben"), minutes=0, target=100).game.deadline() is None


def test_two_wild_cards_are_asked_about_one_at_a_time_in_reading_order():
    table = Table()
    first, second = table.card("CHO"), table.card("CHO")
    cards = [first, table.card("+"), second]
    (ask,) = table.act("submit", player="Ana", cards=cards, blue=[])
    assert (ask["card"], ask["name"], ask["kind"]) == (first, "CHOICE", "blue")
    assert table.act("declare", player="Ana", card=second, value="4") == [
        {"type": "declared", "player": "Ana", "card": second, "value": "4", "t": table.t}]
    assert table.game.state()["turn"]["asking"]["card"] == first  # still waiting for the first one
    table.act("declare", player="Ana", card=first, value="9")
    assert table.game.state()["turn"]["asking"] is None
    assert scored(table.act("submit", player="Ana", cards=cards, blue=[]))["expression"] == "9 + 4"


def test_a_red_card_and_its_answers_are_events_with_who_and_which_card():
    table = Table(window=8)
    table.lay("Ana", 4, "+", 5)
    neg = table.card("NEG")
    assert table.act("red", player="Ben", card=neg) == [
        {"type": "red_card", "player": "Ben", "card": neg, "effect": "negative", "goo": False, "against": "Ana",
         "t": table.t},
        {"type": "answer_window", "player": "Ana", "window": 8, "t": table.t}]
    assert table.refused("red", player="Cleo", card=table.card("ZERO")) == ("one_red", "Only one red card!")
    ready = Table()
    stop = ready.card("STOP")
    ready.act("submit", player="Ana", cards=[ready.card(4), ready.card("+"), ready.card(5)], blue=[stop])
    zero = ready.card("ZERO")
    assert ready.act("red", player="Cleo", card=zero)[1] == {"type": "stopped", "player": "Ana", "card": stop,
                                                             "t": ready.t}
    over = Table(("Ana", "Ben"), target=10)
    over.lay("Ana", 4, "+", 5)
    over.close()
    assert over.refused("red", player="Ben", card=over.card("NEG")) == ("game_over", "The game is over: Ana won.")


def test_a_super_named_before_it_is_thrown_lands_at_once_and_only_as_a_red_effect():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    named = table.card("SUP")
    table.act("declare", player="Ben", card=named, value="zero")
    assert [e["type"] for e in table.act("red", player="Ben", card=named)] == ["red_card", "answer_window"]
    table.close()
    assert table.scores["Ana"] == 0
    blue = Table()
    blue.lay("Ana", 4, "+", 5)
    double = blue.card("SUP")
    blue.act("declare", player="Ben", card=double, value="double")
    (ask,) = blue.act("red", player="Ben", card=double)  # a Double is no red card: which red card is it?
    assert (ask["type"], ask["choices"]) == ("needs_declaration", ["steal", "negative", "zero", "split"])


def test_a_player_who_throws_red_cards_and_passes_runs_out_of_cards_and_the_station_says_so():
    table = Table(("Ana", "Ben"), target=0)
    for n, red in enumerate(["ZERO"] * 3 + ["NEG"] * 3 + ["SPL"], start=1):
        table.lay("Ana", n, "+", n + 1)
        table.act("red", player="Ben", card=table.card(red))
        table.close()
        table.act("pass", player="Ben")  # a pass draws nothing
    assert table.game.hands["Ben"] == 0 and table.game.summary()[2] == "  Ben     12 points  0 in hand"  # the Split: half of 7 + 8 + 10


def test_a_super_is_asked_for_what_fits_where_it_lies_and_a_choice_is_never_a_blue_card():
    table = Table()
    numbers_and_signs = [str(n) for n in range(1, 13)] + ["+", "-", "×", "÷"]
    on_strip, in_box = table.card("SUP"), table.card("SUP")
    (ask,) = table.act("submit", player="Ana", cards=[table.card(3), table.card("+"), on_strip], blue=[in_box])
    assert (ask["card"], ask["choices"]) == (on_strip, numbers_and_signs)
    table.act("declare", player="Ana", card=on_strip, value="4")
    (ask,) = table.act("submit", player="Ana", cards=[table.card(3), table.card("+"), on_strip], blue=[in_box])
    assert (ask["card"], ask["choices"]) == (in_box, ["double", "extra_turn", "stop"])
    choice = table.card("CHO")
    (ask,) = table.act("submit", player="Ana", cards=[table.card(3), table.card("+"), on_strip], blue=[choice])
    assert (ask["card"], ask["choices"]) == (choice, numbers_and_signs)
    assert table.refused("declare", player="Ana", card=choice, value="extra_turn")[0] == "bad_declaration"


def test_the_clock_runs_out_once():
    table = Table(("Ana", "Ben"), minutes=1)
    table.t = 57
    table.lay("Ana", 4, "+", 5)
    assert [e["type"] for e in table.game.apply({"type": "time_up", "t": 60})] == ["time_up"]
    assert table.game.apply({"type": "time_up", "t": 61}) == []  # told once
    over = table.close()
    assert table.of("game_over", over)[0]["reason"] == "time" and table.game.state()["end"] == "time"
    assert table.game.apply({"type": "time_up", "t": 70}) == []
    idle = Table(("Ana", "Ben"), minutes=1)
    ended = idle.game.apply({"type": "time_up", "t": 60})
    assert ended[1]["reason"] == "time" and ended[1]["scores"] == {"Ana": 0, "Ben": 0}


def test_a_new_game_starts_with_nothing_played_and_an_unknown_name_lists_the_players():
    state = Table().game.state()
    assert (state["over"], state["winners"], state["end"], state["best"], state["clock_out"], state["turns_played"]) == (
        False, [], "", None, False, 0)
    with pytest.raises(ActionError) as caught:
        Table().act("pass", player="Zed")
    assert str(caught.value) == "no player called 'Zed' (players: Ana, Ben, Cleo)"


def test_an_expression_laid_out_of_turn_is_refused_before_it_is_judged():
    table = Table()
    assert table.refused("submit", player="Ben", cards=[table.card(4), table.card("+"), table.card(5)], blue=[]) == (
        "not_your_turn", "It is Ana's turn.")
    assert table.game.state()["turn"]["phase"] == "laying" and table.game.turns().current == "Ana"


def test_the_scored_expression_and_the_turn_are_told_whole():
    table = Table(window=8)
    assert table.lay("Ana", 3, "×", 6, "-", 2, blue=("DBL",)) == [
        {"type": "expression_scored", "player": "Ana", "expression": "3 × 6 − 2", "value": 16, "operations": 2,
         "bonus": 25, "doubles": 1, "score": 82, "window": 8, "t": table.t}]
    table.act("red", player="Cleo", card=table.card("STL"))
    (scored_turn, draw, turn) = table.close()
    assert scored_turn == {"type": "turn_scored", "player": "Ana", "expression": "3 × 6 − 2", "score": 0,
                           "red": "steal", "changes": {"Ben": 82}, "scores": {"Ana": 0, "Ben": 82, "Cleo": 0},
                           "t": table.t}
    assert (draw["cards"], turn) == (6, {"type": "turn", "player": "Ben", "extra": False, "t": table.t})
    assert table.game.state()["best"] == {"player": "Ana", "expression": "3 × 6 − 2", "points": 41}


def test_the_best_expression_counts_named_wild_cards_and_the_tables_rules():
    table = Table()
    choice, wild = table.card("CHO"), table.card("SUP")
    table.act("declare", player="Ana", card=choice, value="9")
    table.act("declare", player="Ana", card=wild, value="×")
    table.act("submit", player="Ana", cards=[table.card(2), table.card("+"), choice, wild, table.card(3)], blue=[])
    table.close()
    assert table.game.state()["best"] == {"player": "Ana", "expression": "2 + 9 × 3", "points": 54}
    kinds = Table(bonus_counts="kinds")
    kinds.lay("Ana", 1, "+", 2, "+", 3)
    kinds.close()
    assert kinds.game.state()["best"]["points"] == 6 + 10
    reading = Table(order="left-to-right")
    reading.lay("Ana", 2, "+", 3, "×", 4)  # (2 + 3) × 4 = 20, + 25
    reading.close()
    assert reading.game.state()["best"] == {"player": "Ana", "expression": "2 + 3 × 4", "points": 45}


def test_a_card_played_turns_ago_is_still_on_the_discard_pile():
    table = Table()
    table.lay("Ana", 4, "+", 5)
    table.close()
    table.lay("Ben", 2, "+", 3)
    table.close()
    assert table.refused("submit", player="Cleo", cards=["WC-A-N4A", "WC-A-ADD3", "WC-A-N1A"], blue=[]) == (
        "played_before", "That NUMBER 4 card was played already: it is on the discard pile.")


def test_extra_turns_add_up_and_are_each_played():
    table = Table()
    table.lay("Ana", 12, "÷", 3, "+", 2, blue=("EXT", "DBL"))  # Extra Turn and all seven: two more turns
    table.close()
    table.lay("Ana", 4, "+", 5, blue=("EXT",))  # one more on top
    table.close()
    for _ in range(2):
        assert table.game.turns().current == "Ana"
        table.act("pass", player="Ana")
    assert table.game.turns().current == "Ben"
    seven = Table()
    seven.lay("Ana", 12, "÷", 3, "+", 2, blue=("DBL", "DBL"))  # all seven alone: one more turn
    seven.close()
    seven.act("pass", player="Ana")
    assert seven.game.turns().current == "Ben"


def test_the_draw_pile_reshuffles_only_when_it_cannot_give_every_card_and_loses_none():
    table = Table()
    seats = ["Ana", "Ben", "Cleo"]
    for turn in range(17):  # 119 of the 127 cards left after the deal
        table.act("trade", player=seats[turn % 3], count=7)
    table.act("trade", player="Cleo", count=1)
    assert table.game.draw_pile == 7
    (exact, _) = table.act("trade", player="Ana", count=7)  # exactly what is left: no reshuffle
    assert exact["drawn"] == 7 and table.game.draw_pile == 0
    (one, _) = table.act("trade", player="Ben", count=1)  # now the 128 traded cards come back
    assert one["drawn"] == 1 and table.game.draw_pile == 128 - 1
    for turn in range(18):
        table.act("trade", player=seats[(turn + 2) % 3], count=7)
    assert table.game.draw_pile == 1
    table.act("trade", player="Cleo", count=3)  # the second reshuffle: the 126 + 3 traded since
    assert table.game.draw_pile == 1 + 126 + 3 - 3
    assert sum(table.game.hands.values()) + table.game.draw_pile == 148


def test_the_game_reports_its_turns_outcome_and_the_turn_laid_for_the_station():
    table = Table(("Ana", "Ben"), target=40)
    assert table.game.turns() == Turns(TURNS, "Ana") and table.game.state()["game"] == "whos-counting"
    table.lay("Ana", 3, "×", 6, "-", 2)
    turn = table.game.state()["turn"]
    assert (turn["cards"], turn["expression"]) == (["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"],
                                                  "3 × 6 − 2")
    scored_turn = table.close()[0]
    assert (scored_turn["score"], scored_turn["changes"]) == (41, {"Ana": 41})
    assert table.game.outcome() == Outcome(True, ("Ana",), {"Ana": 41, "Ben": 0}, "points")
    assert table.game.turns() == Turns(TURNS, None)
    assert table.refused("pass", player="Ben") == ("game_over", "The game is over: Ana won.")
    assert table.refused("red", player="Ben", card=table.card("ZERO")) == ("game_over", "The game is over: Ana won.")


def test_the_best_expression_counts_every_operation_card_by_default():
    table = Table()
    table.lay("Ana", 1, "+", 2, "+", 3)
    table.close()
    assert table.game.state()["best"]["points"] == 6 + 25


def test_refusals_of_red_cards_and_stops_name_the_player_and_the_reason():
    table = Table()
    assert table.refused("submit", player="Ana", cards=["SU-A-N3A", "WC-A-ADD1", "WC-A-N4A"], blue=[]) == (
        "wrong_game", "That card is from SUM, not Who's Counting?.")
    table.lay("Ana", 4, "+", 5)
    assert table.refused("red", player="Ana", card=table.card("ZERO")) == (
        "own_turn", "Red cards are for other players' turns.")
    assert table.refused("stop", player="Ana", card=table.card("STOP")) == (
        "nothing_to_stop", "There is no red card to stop.")  # counting, but no red card came
    thrown = table.card("SUP")
    (ask,) = table.act("red", player="Ben", card=thrown)
    assert (ask["player"], ask["card"]) == ("Ben", thrown)
    table.act("declare", player="Ben", card=thrown, value="negative")
    assert table.refused("stop", player="Cleo", card=table.card("STOP")) == (
        "nothing_to_stop", "There is no red card to stop.")  # only the player whose turn it is answers
    table.close()
    assert table.refused("red", player="Cleo", card=table.card("ZERO")) == (
        "too_late", "Too late: the Who's Counting? window has closed.")
    goo = Table()
    goo.lay("Ana", 4, "+", 5)
    goo.act("red", player="Ben", card=goo.card("GZERO"))
    assert goo.refused("stop", player="Ana", card=goo.card("STOP")) == ("goo", "Green Goo cannot be stopped!")


def test_two_doubles_and_three_winners_are_told_in_words():
    table = Table(("Ana", "Ben", "Cleo"), minutes=1)
    assert story_of(table, table.lay("Ana", 4, "+", 5, blue=("DBL", "DBL"))) == [
        "Ana: 4 + 5 = 9, + 10 for 1 operation, doubled twice = 76. Who’s Counting?"]
    table.act("red", player="Ben", card=table.card("ZERO"))
    table.close()
    events = table.game.apply({"type": "time_up", "t": 60})
    assert table.game.describe(events[-1]) == (
        "Ana, Ben and Cleo have the most points when time is up and win! (Ana 0, Ben 0, Cleo 0)")


def story_of(table: Table, events: list[dict[str, Any]]) -> list[str]:
    return [table.game.describe(e) for e in events]


def test_one_winner_at_the_end_of_the_time_a_goo_card_on_the_strip_and_an_unknown_event_are_told():
    table = Table(("Ana", "Ben"), minutes=1)
    table.lay("Ana", 4, "+", 5)
    table.close()
    events = table.game.apply({"type": "time_up", "t": 60})
    assert table.game.describe(events[-1]) == "Ana has the most points when time is up and wins! (Ana 19, Ben 0)"
    goo = Table()
    assert goo.refused("submit", player="Ana", cards=[goo.card(4), goo.card("+"), goo.card("GNEG")], blue=[]) == (
        "not_in_sum", "Red cards are for other players' turns.")
    assert goo.game.describe({"type": "mystery", "n": 1}) == "mystery: {'type': 'mystery', 'n': 1}"


# ---- what lies on the table, for a restart -----------------------------------------------------------

def test_a_red_card_or_stop_judged_and_still_lying_there_stands_for_the_rest_of_its_turn():
    """A red card too late, or a Stop against Green Goo, is judged "take it back"; until the turn
    is over it may still lie in its box, and after a restart it is no new play. By the next turn
    it is back in a hand: laid again then, it is a play (never lost to a restart)."""
    table = Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 6, "-", 2)
    goo = table.card("GNEG")
    table.act("red", player="Ben", card=goo)
    stop = table.card("STOP")
    assert table.refused("stop", player="Ana", card=stop)[0] == "goo"
    assert {goo, stop} <= table.game.table_cards()
    table.close()
    late = table.card("ZERO")
    assert table.refused("red", player="Ana", card=late)[0] == "too_late"
    assert late in table.game.table_cards() and goo in table.game.table_cards()  # the Goo was played last turn
    assert stop not in table.game.table_cards()  # judged last turn: back in Ana's hand
    table.lay("Ben", 5, "+", 4)
    table.close()
    assert not {goo, late} & table.game.table_cards()
    assert table.game.hands["Ana"] == 7  # the Stop judged was no play: it is back in her hand


def test_a_red_card_already_on_the_discard_pile_is_judged_played_already():
    """A red card lying in its box from two turns ago, read again (a restart): not a second red card."""
    table = Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 6, "-", 2)
    zero = table.card("ZERO")
    table.act("red", player="Ben", card=zero)
    table.close()
    table.lay("Ben", 5, "+", 4)
    table.close()
    table.lay("Ana", 2, "+", 2)
    assert table.refused("red", player="Ben", card=zero) == (
        "played_before", "That RED CARD ZERO card was played already: it is on the discard pile.")
    assert table.game.hands["Ben"] == 7  # drawn back to seven after his turn; the old Zero took nothing
