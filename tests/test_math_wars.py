"""Math Wars Meta rules, each checked the way a table would see it."""

from __future__ import annotations

import json

import pytest

from engine.errors import ActionError, ConfigError
from engine.games import GameInfo
from engine.rules import new_game, replay
from engine.math_wars import MathWars
from tests.conftest import Table, registered

# ---- a hand, and the rule sheet's own examples -------------------------------------------------

def test_sheet_example_1_loser_gives_difference_plus_battle_card() -> None:
    # 21 − 5 = 16 against 15 + 6 = 21: the loser gives their battle card plus 5 more: 6 cards.
    t = Table()
    events = t.hand(Ana=("MW-A-N21", "MW-A-S5"), Ben=("MW-B-N15", "MW-B-A6"))
    (result,) = t.of("hand_result", events)
    assert {r["player"]: r["result"] for r in result["results"]} == {"Ana": 16, "Ben": 21}
    assert t.of("hand_won", events)[0]["side"] == "Ben"
    (paid,) = t.of("cards_paid", events)
    assert (paid["player"], paid["owed"], paid["paid"], paid["battle"]) == ("Ana", 5, 5, 1)
    assert paid["paid"] + paid["battle"] == 6
    assert t.piles("Ana")["draw"] == 25 - 6 and t.piles("Ana")["spoils"] == 6
    assert t.piles("Ben")["draw"] == 24 and t.piles("Ben")["spoils"] == 1


def test_sheet_example_2_negative_result_counts_below_zero() -> None:
    # 6 − 9 = −3 against 5 + 7 = 12: 12 cards to reach 0, 3 more below it, plus the battle card: 16.
    t = Table()
    events = t.hand(Ana=("MW-A-N6", "MW-A-S9"), Ben=("MW-B-N5", "MW-B-A7"))
    (paid,) = t.of("cards_paid", events)
    assert paid["owed"] == 15 and paid["paid"] + paid["battle"] == 16
    assert t.piles("Ana")["draw"] == 25 - 16


def test_remainder_means_only_the_count_meta_card_counts() -> None:
    t = Table()
    events = t.hand(Ana=("MW-A-N12", "MW-A-D5"), Ben=("MW-B-N10", "MW-B-D2"))
    results = {r["player"]: r for r in t.of("hand_result", events)[0]["results"]}
    assert results["Ana"]["result"] == 12
    assert results["Ana"]["note"] == "12 ÷ 5 leaves a remainder: only your COUNT META card counts"
    assert results["Ben"]["result"] == 5 and results["Ben"]["note"] == ""
    assert t.of("hand_won", events)[0]["side"] == "Ana"


def test_cards_can_come_in_any_order_and_the_hand_waits_for_everyone() -> None:
    t = Table(players=["Ana", "Ben", "Cleo"])
    t.play("Ana", "MW-A-M2", "MW-A-N3")    # crate first, then count
    events = t.play("Ben", "MW-B-N4", "MW-B-A1")
    assert not t.of("hand_result", events)  # Cleo has not played yet
    events = t.play("Cleo", "MW-C-N1", "MW-C-A1")
    assert t.of("hand_result", events)[0]["highest"] == 6


# ---- MATH WAR ----------------------------------------------------------------------------------

def test_tie_starts_a_math_war_with_three_face_down_cards() -> None:
    t = Table(players=["Ana", "Ben", "Cleo"])
    events = t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-M2"), Cleo=("MW-C-N3", "MW-C-A1"))
    (war,) = t.of("math_war", events)
    assert war["sides"] == ["Ana", "Ben"] and war["face_down"] == 3
    assert not t.of("hand_won", events)
    # Cleo is not in the war: a card from her is judged, not counted.
    (v,) = t.play("Cleo", "MW-C-N20")
    assert v["type"] == "violation" and v["code"] == "not_in_war" and "Ana and Ben" in v["message"]
    t.play("Ana", "MW-A-N9", "MW-A-A1")     # 10
    assert t.piles("Ana")["battle"] == 1 + 3 + 1 and t.piles("Ana")["draw"] == 25 - 5
    events = t.play("Ben", "MW-B-N2", "MW-B-A1")   # 3
    assert t.of("hand_won", events)[0]["side"] == "Ana"
    paid = {p["player"]: p for p in t.of("cards_paid", events)}
    # Cleo lost the first turn-up: 12 − 4; Ben lost the war: 10 − 3, and gives his 5 battle cards.
    assert (paid["Cleo"]["owed"], paid["Cleo"]["battle"]) == (8, 1)
    assert (paid["Ben"]["owed"], paid["Ben"]["battle"]) == (7, 5)
    assert t.piles("Ana")["spoils"] == 5 and t.piles("Ana")["battle"] == 0


def test_a_second_tie_means_five_face_down_cards() -> None:
    t = Table()
    t.hand(Ana=("MW-A-N4", "MW-A-A1"), Ben=("MW-B-N3", "MW-B-A2"))       # 5 = 5
    # Each MATH WAR turn-up adds a new MATH CRATE card on top of the last.
    events = t.hand(Ana=("MW-A-N7", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-A3"))   # 9 = 9
    (war,) = t.of("math_war", events)
    assert war["level"] == 2 and war["face_down"] == 5
    events = t.hand(Ana=("MW-A-N9", "MW-A-M2"), Ben=("MW-B-N9", "MW-B-A1"))   # 18 > 10
    assert t.of("hand_won", events)[0]["side"] == "Ana"
    (paid,) = t.of("cards_paid", events)
    assert paid["battle"] == 1 + (3 + 1) + (5 + 1) and paid["owed"] == 8
    assert t.piles("Ben")["draw"] == 25 - 11 - 8


def test_math_war_with_too_few_cards_puts_down_what_the_player_has() -> None:
    t = Table()
    t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N1", "MW-B-A1"))    # Ben pays 98: out
    assert t.of("round_won")[0]["side"] == "Ana"
    # Round 2: Ben down to 3 cards after paying 21, turns up 1, then a tie: 1 face down + 1 face up.
    t.hand(Ana=("MW-A-N22", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))
    assert t.piles("Ben")["draw"] == 3
    t.hand(Ana=("MW-A-N5", "MW-A-A1"), Ben=("MW-B-N4", "MW-B-A2"))
    assert t.of("math_war")[-1]["players"] == ["Ana", "Ben"]
    t.play("Ben", "MW-B-N20")
    assert t.piles("Ben")["draw"] == 0 and t.piles("Ben")["battle"] == 3


def test_a_tied_player_with_no_card_left_cannot_fight_and_the_other_wins() -> None:
    t = Table()
    t.hand(Ana=("MW-A-N24", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))     # Ben pays 23: 1 card left
    events = t.hand(Ana=("MW-A-N3", "MW-A-A2"), Ben=("MW-B-N3", "MW-B-A2"))   # 5 = 5, Ben now has 0
    assert not t.of("math_war", events)
    assert t.of("knocked_out", events)[0] == {"type": "knocked_out", "player": "Ben", "reason": "no_cards_for_war",
                                              "t": events[-1]["t"]}
    assert (t.of("hand_won", events)[0]["side"], t.of("hand_won", events)[0]["highest"]) == ("Ana", 5)
    assert t.of("round_won", events)[0]["side"] == "Ana"


def test_when_both_tied_players_are_stuck_the_beaten_player_still_pays() -> None:
    t = Table(players=["Ana", "Ben", "Cleo"])
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N24", "MW-C-A1"))   # both pay 23
    events = t.hand(Ana=("MW-A-N3", "MW-A-A2"), Ben=("MW-B-N4", "MW-B-A1"), Cleo=("MW-C-N1", "MW-C-A1"))
    assert [e["player"] for e in t.of("knocked_out", events)] == ["Ana", "Ben"]
    assert not t.of("hand_won", events)
    (paid,) = t.of("cards_paid", events)
    assert (paid["player"], paid["owed"], paid["to"]) == ("Cleo", 3, "Cleo")
    assert t.of("round_won", events)[0]["side"] == "Cleo"


# ---- paying, knock-outs, rounds and the game --------------------------------------------------

def test_option_1_losers_pay_into_their_own_dead_spoils_pile() -> None:
    t = Table(discard_option=1)
    t.hand(Ana=("MW-A-N2", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A1"))
    assert t.piles("Ana")["spoils"] == 9 and t.piles("Ben")["spoils"] == 1
    # A card paid into a spoils pile is dead for the round: playing it again is judged.
    t.hand(Ana=("MW-A-N3", "MW-A-A1"), Ben=("MW-B-N4", "MW-B-A1"))
    (v,) = t.play("Ana", "MW-A-N2")
    assert v["code"] == "card_already_used"


def test_option_2_winner_collects_and_reshuffles_when_the_draw_runs_out() -> None:
    t = Table(discard_option=2)
    t.hand(Ana=("MW-A-N2", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A1"))
    assert t.piles("Ben")["spoils"] == 10 and t.piles("Ana")["spoils"] == 0
    assert t.piles("Ana")["draw"] == 25 - 9
    # Under Option 2 Ben may turn up Ana's cards he won, once his own draw pile runs out.
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N13", "MW-B-A1"))   # Ana pays 12 + 1 -> 3 left
    assert t.piles("Ben")["spoils"] == 10 + 13 + 1
    events = t.hand(Ana=("MW-A-N3", "MW-A-A1"), Ben=("MW-B-N20", "MW-B-A1"))   # Ana owes 17, has 2
    assert t.of("knocked_out", events)[0]["player"] == "Ana"
    assert t.of("round_won", events)[0]["side"] == "Ben"


def test_option_2_loser_reshuffles_spoils_to_pay_and_is_out_when_both_run_dry() -> None:
    t = Table(discard_option=2)
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N20", "MW-B-A1"))    # Ana pays 19: Ben's spoils 21
    t.hand(Ana=("MW-A-N24", "MW-A-A2"), Ben=("MW-B-N2", "MW-B-A2"))    # Ben pays 22 of his 23: 1 left
    assert (t.piles("Ben")["draw"], t.piles("Ben")["spoils"]) == (1, 21)
    events = t.hand(Ana=("MW-A-N23", "MW-A-M3"), Ben=("MW-B-N3", "MW-B-A3"))   # Ben owes 63
    assert t.of("spoils_reshuffled", events) == [{"type": "spoils_reshuffled", "player": "Ben", "cards": 21,
                                                  "t": events[-1]["t"]}]
    (paid,) = t.of("cards_paid", events)
    assert (paid["owed"], paid["paid"], paid["to"]) == (63, 21, "Ana")
    assert t.of("knocked_out", events)[0] == {"type": "knocked_out", "player": "Ben", "reason": "could_not_pay",
                                              "t": events[-1]["t"]}
    assert t.of("round_won", events)[0]["side"] == "Ana"


def test_a_knocked_out_player_cannot_play_and_the_last_one_wins_the_round() -> None:
    t = Table(players=["Ana", "Ben", "Cleo"])
    events = t.hand(Ana=("MW-A-N25", "MW-A-M2"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N20", "MW-C-M2"))
    assert [e["player"] for e in t.of("knocked_out", events)] == ["Ben"]     # owed 48
    assert t.piles("Cleo")["draw"] == 25 - 1 - 10
    (v,) = t.play("Ben", "MW-B-N2")
    assert v["code"] == "player_out"
    assert t.game.state()["showdown"]["contenders"] == ["Ana", "Cleo"]


def test_rounds_and_the_game_end_at_the_editions_victory_count() -> None:
    t = Table(edition="mwm25")
    assert t.game.state()["victories_to_win"] == 4
    for round_number in range(1, 5):
        events = t.hand(Ana=("MW-A-N25", "MW-A-M10"), Ben=("MW-B-N1", "MW-B-A1"))
        (won,) = t.of("round_won", events)
        assert (won["side"], won["round"], won["victories"]) == ("Ana", round_number, round_number)
        if round_number < 4:
            assert t.of("round_started", events)[0]["round"] == round_number + 1
            assert t.piles("Ben") | {} == {**t.piles("Ben"), "draw": 25, "out": False}
    assert t.of("game_won", events)[0]["side"] == "Ana"
    state = t.game.state()
    assert state["over"] and state["winner"] == "Ana"
    (v,) = t.play("Ben", "MW-B-N3")
    assert v["code"] == "game_over"


def test_mwm100_needs_five_victories_and_has_cards_up_to_100() -> None:
    t = Table(edition="mwm100")
    assert t.game.state()["victories_to_win"] == 5
    assert t.piles("Ana")["draw"] == 100
    events = t.hand(Ana=("MW-A-N100", "MW-A-A1"), Ben=("MW-B-N99", "MW-B-A1"))
    assert t.of("hand_won", events)[0]["highest"] == 101


def test_splash_vote_awards_a_victory_and_restarts_the_round() -> None:
    t = Table()
    t.hand(Ana=("MW-A-N2", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A1"))
    events = t.game.apply({"type": "award_victory", "t": 99, "side": "Ben"})
    assert [e["type"] for e in events] == ["round_won", "round_started"]
    assert t.game.state()["victories"] == {"Ana": 0, "Ben": 1}
    assert t.piles("Ana")["draw"] == 25
    events = t.game.apply({"type": "reset_round", "t": 100})
    assert events[0]["type"] == "round_started" and t.game.state()["victories"]["Ben"] == 1


# ---- teams ------------------------------------------------------------------------------------

def test_team_solution_is_the_sum_and_each_loser_pays_the_difference() -> None:
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]})
    events = t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N5", "MW-B-A1"),
                    Cy=("MW-C-N3", "MW-C-A1"), Dee=("MW-D-N8", "MW-D-A1"))
    (result,) = t.of("hand_result", events)
    assert result["teams"] == {"Red": 17, "Blue": 13}
    assert t.of("hand_won", events)[0]["side"] == "Red"
    paid = {p["player"]: p["owed"] for p in t.of("cards_paid", events)}
    assert paid == {"Cy": 4, "Dee": 4}


def test_team_option_2_spoils_go_to_the_best_teammate() -> None:
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}, discard_option=2)
    t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N5", "MW-B-A1"),
           Cy=("MW-C-N3", "MW-C-A1"), Dee=("MW-D-N8", "MW-D-A1"))
    assert t.piles("Ana")["spoils"] == 1 + (4 + 1) * 2 and t.piles("Ben")["spoils"] == 1


def test_team_tie_is_a_math_war_for_every_player_of_both_teams() -> None:
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]})
    events = t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N5", "MW-B-A1"),
                    Cy=("MW-C-N9", "MW-C-A1"), Dee=("MW-D-N6", "MW-D-A1"))
    (war,) = t.of("math_war", events)
    assert war["sides"] == ["Red", "Blue"] and war["players"] == ["Ana", "Ben", "Cy", "Dee"]


def test_a_team_stays_in_while_one_teammate_has_cards() -> None:
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]})
    events = t.hand(Ana=("MW-A-N25", "MW-A-M2"), Ben=("MW-B-N25", "MW-B-M2"),
                    Cy=("MW-C-N24", "MW-C-M2"), Dee=("MW-D-N1", "MW-D-A1"))
    # Red 100, Blue 50: both Blue players owe 50 and are out; Red wins the round.
    assert {e["player"] for e in t.of("knocked_out", events)} == {"Cy", "Dee"}
    assert t.of("round_won", events)[0]["side"] == "Red"
    assert t.game.state()["victories"] == {"Red": 1, "Blue": 0}


def test_a_math_war_nobody_can_fight_draws_the_round() -> None:
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]})
    # Hand 1: Red 32 v Blue 10, Blue's players pay 22 each (2 cards left).
    t.hand(Ana=("MW-A-N20", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A1"), Cy=("MW-C-N5", "MW-C-A1"), Dee=("MW-D-N3", "MW-D-A1"))
    # Hand 2: Blue 34 v Red 12, Red's players pay 22 each: now everyone has exactly 1 card.
    t.hand(Ana=("MW-A-N5", "MW-A-A2"), Ben=("MW-B-N3", "MW-B-A2"), Cy=("MW-C-N20", "MW-C-A2"), Dee=("MW-D-N10", "MW-D-A2"))
    assert {n: p["draw"] for n, p in t.game.state()["players"].items()} == {"Ana": 1, "Ben": 1, "Cy": 1, "Dee": 1}
    # Hand 3: 9 = 9 with everyone's last card: no one can fight the MATH WAR.
    events = t.hand(Ana=("MW-A-N1", "MW-A-A3"), Ben=("MW-B-N2", "MW-B-A3"), Cy=("MW-C-N1", "MW-C-A3"), Dee=("MW-D-N2", "MW-D-A3"))
    assert [e["reason"] for e in t.of("knocked_out", events)] == ["no_cards_for_war"] * 4
    assert [e["type"] for e in events[-2:]] == ["round_drawn", "round_started"]
    assert t.game.state()["round"] == 2 and t.game.state()["victories"] == {"Red": 0, "Blue": 0}
    assert "round 1 is a draw" in t.game.describe(events[-2])


# ---- solo -------------------------------------------------------------------------------------

def test_solo_discards_the_result_and_redraws_a_remainder() -> None:
    t = Table(players=["Ana"])
    assert t.game.state()["mode"] == "solo"
    events = t.hand(Ana=("MW-A-N7", "MW-A-D2"))
    assert t.of("hand_redraw", events)[0]["reason"] == "7 ÷ 2 leaves a remainder"
    assert t.piles("Ana")["draw"] == 24 and t.piles("Ana")["spoils"] == 1
    events = t.hand(Ana=("MW-A-N4", "MW-A-M2"))
    assert t.of("solo_discard", events)[0]["paid"] == 8
    assert t.piles("Ana")["draw"] == 24 - 1 - 8
    events = t.hand(Ana=("MW-A-N20", "MW-A-A5"))
    assert t.of("round_won", events)[0]["reason"] == "deck_cleared"


# ---- judged plays ------------------------------------------------------------------------------

@pytest.mark.parametrize(
    ("config", "setup", "player", "card", "code", "words"),
    [
        ({}, [], "Ana", "MW-B-N3", "not_your_deck", "deck B"),
        ({}, [], "Ana", "MW-B-A3", "not_your_deck", "deck B"),
        ({"edition": "mwm25"}, [], "Ana", "MW-A-N30", "not_in_edition", "1–25"),
        ({}, [("Ana", "MW-A-N3")], "Ana", "MW-A-N4", "already_played", "already has a COUNT META"),
        ({}, [("Ana", "MW-A-A3")], "Ana", "MW-A-S4", "already_played", "MATH CRATE"),
        ({"discard_option": 2}, [("Ana", "MW-A-N3")], "Ben", "MW-A-N3", "card_on_table", "already on the table"),
    ],
)
def test_rule_breaking_plays_are_judged_and_change_nothing(config, setup, player, card, code, words) -> None:
    t = Table(**config)
    for who, c in setup:
        t.play(who, c)
    before = t.game.state()
    (event,) = t.play(player, card)
    assert event["type"] == "violation" and event["code"] == code and words in event["message"]
    assert t.game.state() == before


def test_option_2_allows_playing_cards_won_from_another_deck() -> None:
    t = Table(discard_option=2)
    (event,) = t.play("Ana", "MW-B-N3")
    assert event["type"] == "card_played"


def test_unknown_action_types_fields_and_players_raise_clear_errors() -> None:
    game = MathWars({"game": "math-wars", "players": ["Ana", "Ben"]})
    with pytest.raises(ActionError, match="unknown action type 'jump'"):
        game.apply({"type": "jump", "t": 1})
    with pytest.raises(ActionError, match="missing 'card'"):
        game.apply({"type": "play", "t": 1, "player": "Ana"})
    with pytest.raises(ActionError, match="missing 't'"):
        game.apply({"type": "play", "player": "Ana", "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="'player' must be text"):
        game.apply({"type": "play", "t": 1, "player": 3, "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="no player called 'Zed'"):
        game.apply({"type": "play", "t": 1, "player": "Zed", "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="never negative"):
        game.apply({"type": "play", "t": -1, "player": "Ana", "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="must be a number"):
        game.apply({"type": "play", "t": "noon", "player": "Ana", "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="a JSON object"):
        game.apply(["play", "Ana"])
    with pytest.raises(ActionError, match="names no card"):
        game.apply({"type": "play", "t": 1, "player": "Ana", "card": "MW-A-N999"})
    with pytest.raises(ActionError, match="unknown field 'colour'"):
        game.apply({"type": "play", "t": 1, "player": "Ana", "card": "MW-A-N1", "colour": "red"})
    game.apply({"type": "play", "t": 5, "player": "Ana", "card": "MW-A-N1"})
    with pytest.raises(ActionError, match="earlier than the previous one"):
        game.apply({"type": "play", "t": 4, "player": "Ben", "card": "MW-B-N1"})
    assert len(game.actions) == 1   # refused actions are not recorded


@pytest.mark.parametrize(
    ("config", "words"),
    [
        ({"players": []}, "players must be a list"),
        ({"players": ["Ana", "Ana"]}, "same name"),
        ({"players": [f"P{i}" for i in range(9)]}, "at most 8"),
        ({"players": ["Ana", "Ben"], "edition": "mwm50"}, "edition must be one of mwm25, mwm100"),
        ({"players": ["Ana", "Ben"], "discard_option": 3}, "discard_option must be 1"),
        ({"players": ["Ana", "Ben"], "colour": "red"}, "unknown config key 'colour'"),
        ({"teams": {"Red": ["A", "B"], "Blue": ["C"]}}, "same number of players"),
        ({"teams": {"R": ["A", "B", "C"], "G": ["D", "E", "F"], "B": ["G", "H", "I"]}}, "trios are played by 2 teams"),
        ({"teams": {"R": ["A", "B", "C", "D", "E"], "B": ["F", "G", "H", "I", "J"]}}, r"2 \(duos\), 3 \(trios\) or 4 \(quads\)"),
        ({"players": ["Ana", "Ben"], "mode": "teams"}, "does not fit the players"),
        ({"players": [{"name": "Ana", "copy": "Z"}]}, "deck copy must be one of"),
    ],
)
def test_bad_configs_say_which_key_is_wrong(config, words) -> None:
    with pytest.raises(ConfigError, match=words):
        MathWars({"game": "math-wars", **config})


def test_duos_allow_up_to_four_teams_and_copies_follow_seating() -> None:
    teams = {f"T{i}": [f"A{i}", f"B{i}"] for i in range(4)}
    game = MathWars({"game": "math-wars", "teams": teams})
    assert [p["copy"] for p in game.state()["players"].values()] == list("ABCDEFGH")


# ---- determinism and replay -------------------------------------------------------------------

def test_replaying_the_actions_gives_the_same_events_and_state() -> None:
    t = Table(players=["Ana", "Ben", "Cleo"], discard_option=2)
    t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-M2"), Cleo=("MW-C-N3", "MW-C-A1"))
    t.hand(Ana=("MW-A-N9", "MW-A-A1"), Ben=("MW-B-N2", "MW-B-A1"))
    t.play("Ana", "MW-B-N4")     # a card Ana won from Ben: fine under Option 2
    rebuilt, events = replay(t.game.config, t.game.actions)
    assert events == t.events
    assert rebuilt.state() == t.game.state()
    assert json.loads(json.dumps(rebuilt.state())) == rebuilt.state()
    assert json.loads(json.dumps(events)) == events


def test_new_game_picks_rules_by_name_and_rejects_unknown_games() -> None:
    assert isinstance(new_game({"game": "math-wars", "players": ["Ana"]}), MathWars)
    with pytest.raises(ConfigError, match="unknown game 'chess'"):
        new_game({"game": "chess"})
    with registered(GameInfo("snap", "Snap", "SN")), pytest.raises(ConfigError, match="Snap cannot be refereed yet"):
        new_game({"game": "snap"})
