"""Math Wars Meta's events and state as docs/protocol.md lists them, whole: the screens, the
journal's story and the history read these fields, so a renamed or missing one is a bug a
player sees. Also the rarer turns of the rules: a MATH WAR fought with the last card or from the
spoils pile, a hand won with a player's last card, a knocked-out player's card."""

from __future__ import annotations

import pytest
import toy_game
from conftest import Table, registered

from engine.errors import ActionError
from engine.protocol import SIMULTANEOUS, SOLO

SHEET_HAND = dict(Ana=("MW-A-N21", "MW-A-S5"), Ben=("MW-B-N15", "MW-B-A6"))   # 21 − 5 = 16 against 15 + 6 = 21


def without_t(events: list[dict]) -> list[dict]:
    return [{k: v for k, v in e.items() if k != "t"} for e in events]


def test_a_hand_is_told_in_full_events():
    t = Table()
    assert without_t(t.hand(**SHEET_HAND)) == [
        {"type": "card_played", "player": "Ana", "card": "MW-A-N21", "kind": "count-meta", "face": "COUNT META 21",
         "face_down": 0},
        {"type": "card_played", "player": "Ana", "card": "MW-A-S5", "kind": "math-crate", "face": "MATH CRATE −5"},
        {"type": "card_played", "player": "Ben", "card": "MW-B-N15", "kind": "count-meta", "face": "COUNT META 15",
         "face_down": 0},
        {"type": "card_played", "player": "Ben", "card": "MW-B-A6", "kind": "math-crate", "face": "MATH CRATE +6"},
        {"type": "hand_result", "hand": 1, "level": 0, "highest": 21, "top": ["Ben"], "results": [
            {"player": "Ana", "count": 21, "op": "-", "crate": 5, "result": 16, "note": ""},
            {"player": "Ben", "count": 15, "op": "+", "crate": 6, "result": 21, "note": ""}]},
        {"type": "hand_won", "hand": 1, "side": "Ben", "highest": 21},
        {"type": "cards_paid", "player": "Ana", "owed": 5, "paid": 5, "battle": 1, "to": "Ana"},
    ]
    assert t.hand(Ana=("MW-A-N3", "MW-A-A1"), Ben=("MW-B-N2", "MW-B-A1"))[4]["hand"] == 2


def test_the_state_names_every_pile_the_showdown_and_the_cards_used():
    t = Table()
    fresh = t.game.state()
    assert fresh == {
        "game": "math-wars", "edition": "mwm25", "mode": "players", "discard_option": 1, "round": 1, "hand": 1,
        "over": False, "winner": None, "victories": {"Ana": 0, "Ben": 0}, "victories_to_win": 4,
        "players": {name: {"copy": copy, "team": None, "draw": 25, "crate_draw": 40, "battle": 0, "spoils": 0,
                           "crate_battle": 0, "crate_discard": 0, "out": False} for name, copy in (("Ana", "A"), ("Ben", "B"))},
        "showdown": {"level": 0, "face_down": 0, "contenders": ["Ana", "Ben"], "count": {}, "crate": {}},
        "owed": [], "used_cards": [], "on_table": []}
    t.play("Ana", "MW-A-N21", "MW-A-S5")
    t.play("Ben", "MW-B-N15")
    state = t.game.state()
    assert state["showdown"]["count"] == {"Ana": "MW-A-N21", "Ben": "MW-B-N15"}
    assert state["used_cards"] == ["MW-A-N21", "MW-B-N15"] and state["on_table"] == ["MW-A-N21", "MW-A-S5", "MW-B-N15"]


def test_what_the_station_reads_of_a_math_wars_game():
    t = Table()
    assert t.game.seats() == ("Ana", "Ben") and t.game.turns().style == SIMULTANEOUS
    assert Table(players=["Ana"]).game.turns().style == SOLO
    assert t.game.table_cards() == frozenset() and t.game.outcome().over is False
    assert t.game.outcome().winners == () and t.game.outcome().scores == {"Ana": 0, "Ben": 0}
    assert t.game.outcome().measure == "VICTORY! cards"
    assert t.game.headline().startswith("Math Wars Meta · MWM25 · Player v Player · Ana (deck A), Ben (deck B)")
    assert t.game.summary()[0] == "Round 1, hand 1."
    assert t.game.describe({"type": "round_started", "round": 2, "reason": "next"}) == (
        "Round 2: everyone shuffles a full deck of 25 COUNT META cards.")


def test_a_round_and_the_game_are_won_in_full_events():
    t = Table(victories_to_win=2)
    events = without_t(t.game.apply({"type": "award_victory", "t": 1, "side": "Ben"}))
    assert events == [{"type": "round_won", "round": 1, "side": "Ben", "reason": "vote", "victories": 1, "needed": 2},
                      {"type": "round_started", "round": 2, "reason": "next"}]
    assert t.game.state()["hand"] == 1
    events = without_t(t.game.apply({"type": "award_victory", "t": 2, "side": "Ben"}))
    assert events == [{"type": "round_won", "round": 2, "side": "Ben", "reason": "vote", "victories": 2, "needed": 2},
                      {"type": "game_won", "side": "Ben", "victories": {"Ana": 0, "Ben": 2}}]
    outcome = t.game.outcome()
    assert (outcome.over, outcome.winners, outcome.scores) == (True, ("Ben",), {"Ana": 0, "Ben": 2})
    message = "The game is over: Ben won. Start a new game to play again."
    assert without_t(t.game.apply({"type": "award_victory", "t": 3, "side": "Ana"})) == [
        {"type": "violation", "player": "Ana", "card": None, "code": "game_over", "message": message,
         "winner": "Ben"}]
    assert without_t(t.game.apply({"type": "reset_round", "t": 4})) == [
        {"type": "violation", "player": None, "card": None, "code": "game_over", "message": message,
         "winner": "Ben"}]
    assert without_t(t.game.apply({"type": "play", "t": 5, "player": "Ana", "card": "MW-A-N3"})) == [
        {"type": "violation", "player": "Ana", "card": "MW-A-N3", "code": "game_over", "message": message,
         "winner": "Ben"}]


def test_a_round_restarted_by_the_table_is_told_as_such():
    t = Table()
    t.hand(**SHEET_HAND)
    assert without_t(t.game.apply({"type": "reset_round", "t": 9})) == [{"type": "round_started", "round": 2, "reason": "reset"}]
    assert t.game.state()["hand"] == 1


def test_names_that_are_not_playing_are_refused_with_the_names_that_are():
    t = Table()
    with pytest.raises(ActionError) as caught:
        t.game.apply({"type": "award_victory", "t": 1, "side": "Zed"})
    assert str(caught.value) == "'award_victory' names 'Zed', who is not playing (sides: Ana, Ben)"
    with pytest.raises(ActionError) as caught:
        t.play("Zed", "MW-A-N3")
    assert str(caught.value) == "no player called 'Zed' (players: Ana, Ben)"


def test_a_card_of_another_game_or_from_a_knocked_out_player_is_judged_by_name():
    with registered(toy_game.INFO):
        t = Table(players=["Ana", "Ben", "Cleo"])
        (wrong,) = t.play("Ana", "TY-A-N4")
        assert (wrong["code"], wrong["message"]) == ("wrong_game", "That card is from Toy Sum, not Math Wars Meta.")
    t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N24", "MW-C-M4"))   # Ben owes 98: out
    assert t.piles("Ben")["out"]
    assert without_t(t.play("Ben", "MW-B-N3")) == [{"type": "violation", "player": "Ben", "card": "MW-B-N3",
                                                    "code": "player_out",
                                                    "message": "Ben is out of this round: wait for the next one."}]


def test_a_math_war_is_told_before_the_battle_it_starts():
    t = Table()
    events = without_t(t.hand(Ana=("MW-A-N4", "MW-A-A1"), Ben=("MW-B-N3", "MW-B-A2")))   # 5 = 5
    assert events[4]["type"] == "hand_result" and events[5:] == [
        {"type": "math_war", "hand": 1, "level": 1, "sides": ["Ana", "Ben"], "players": ["Ana", "Ben"], "face_down": 3}]


def test_a_math_war_fought_with_a_players_last_two_cards_puts_one_face_down():
    t = Table()
    t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N1", "MW-B-A1"))    # Ben pays 98: out; round 2
    t.hand(Ana=("MW-A-N22", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))    # Ben pays 21: 3 cards left
    t.hand(Ana=("MW-A-N5", "MW-A-A1"), Ben=("MW-B-N4", "MW-B-A2"))     # 6 = 6, Ben has 2 cards
    (played,) = t.play("Ben", "MW-B-N20")
    assert played["face_down"] == 1 and t.game.describe(played) == "Ben turns up COUNT META 20 on 1 face-down card."


def test_a_tied_player_with_one_card_left_still_fights_the_math_war():
    t = Table()
    t.hand(Ana=("MW-A-N23", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))    # Ben pays 22: 2 cards left
    events = t.hand(Ana=("MW-A-N3", "MW-A-A2"), Ben=("MW-B-N3", "MW-B-A2"))   # 5 = 5, Ben has 1 card
    assert [e["type"] for e in t.of("math_war", events)] == ["math_war"] and not t.of("knocked_out", events)
    (played,) = t.play("Ben", "MW-B-N9")
    assert played["face_down"] == 0


def test_option_2_a_player_with_an_empty_draw_pile_plays_on_from_the_spoils():
    t = Table(discard_option=2)
    t.hand(Ana=("MW-A-N5", "MW-A-A1"), Ben=("MW-B-N4", "MW-B-A1"))     # Ana wins: 3 cards in her spoils
    events = t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N24", "MW-B-A1"))   # Ana pays 23: draw 0, spoils 3
    assert t.piles("Ana")["draw"] == 0 and not t.of("knocked_out", events)
    events = without_t(t.play("Ana", "MW-A-N3"))
    assert events[0] == {"type": "spoils_reshuffled", "player": "Ana", "cards": 3}


def test_option_2_a_tied_player_with_only_spoils_left_fights_the_math_war_from_them():
    t = Table(discard_option=2)
    t.hand(Ana=("MW-A-N5", "MW-A-A1"), Ben=("MW-B-N4", "MW-B-A1"))     # Ana wins: 3 cards in her spoils
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N23", "MW-B-A1"))    # Ana pays 22: 1 card left to draw
    events = t.hand(Ana=("MW-A-N3", "MW-A-A2"), Ben=("MW-B-N2", "MW-B-A3"))   # 5 = 5: Ana's draw pile is empty
    assert t.of("math_war", events)[0]["players"] == ["Ana", "Ben"] and not t.of("knocked_out", events)


def test_option_2_when_the_other_tied_player_cannot_fight_the_beaten_player_pays_the_winner():
    t = Table(players=["Ana", "Ben", "Cleo"], discard_option=2)
    t.hand(Ana=("MW-A-N24", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"), Cleo=("MW-C-N12", "MW-C-A1"))   # Ben: 1 card left
    events = t.hand(Ana=("MW-A-N3", "MW-A-A2"), Ben=("MW-B-N3", "MW-B-A2"), Cleo=("MW-C-N1", "MW-C-A1"))   # 5 = 5 > 2
    assert t.of("knocked_out", events)[0]["player"] == "Ben" and t.of("hand_won", events)[0]["side"] == "Ana"
    (paid,) = t.of("cards_paid", events)
    assert (paid["player"], paid["to"]) == ("Cleo", "Ana")


def test_a_hand_won_with_the_winners_last_card_wins_the_round_without_knocking_the_winner_out():
    t = Table()
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N24", "MW-B-A1"))    # Ana pays 23: 1 card left
    events = t.hand(Ana=("MW-A-N25", "MW-A-M4"), Ben=("MW-B-N2", "MW-B-A1"))   # 100 > 3: Ben cannot pay 97
    assert [(e["player"], e["reason"]) for e in t.of("knocked_out", events)] == [("Ben", "could_not_pay")]
    assert without_t(t.of("round_won", events)) == [
        {"type": "round_won", "round": 1, "side": "Ana", "reason": "last_standing", "victories": 1, "needed": 4}]


def test_a_drawn_round_starts_again_as_a_draw():
    """The rule sheet's team game where everyone ties with their last card (as in test_math_wars)."""
    t = Table(players=None, teams={"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]})
    t.hand(Ana=("MW-A-N20", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A1"), Cy=("MW-C-N5", "MW-C-A1"), Dee=("MW-D-N3", "MW-D-A1"))
    t.hand(Ana=("MW-A-N5", "MW-A-A2"), Ben=("MW-B-N3", "MW-B-A2"), Cy=("MW-C-N20", "MW-C-A2"), Dee=("MW-D-N10", "MW-D-A2"))
    events = t.hand(Ana=("MW-A-N1", "MW-A-A3"), Ben=("MW-B-N2", "MW-B-A3"), Cy=("MW-C-N1", "MW-C-A3"), Dee=("MW-D-N2", "MW-D-A3"))
    assert without_t(events[-2:]) == [{"type": "round_drawn", "round": 1},
                                      {"type": "round_started", "round": 2, "reason": "draw"}]
    assert t.game.state()["hand"] == 1


def test_a_solo_hand_is_told_in_full_and_counts_its_hands():
    t = Table(players=["Ana"])
    assert without_t(t.hand(Ana=("MW-A-N5", "MW-A-A2")))[2:] == [
        {"type": "hand_result", "hand": 1, "level": 0, "highest": 7, "top": ["Ana"], "results": [
            {"player": "Ana", "count": 5, "op": "+", "crate": 2, "result": 7, "note": ""}]},
        {"type": "solo_discard", "hand": 1, "player": "Ana", "owed": 7, "paid": 7}]
    assert without_t(t.hand(Ana=("MW-A-N7", "MW-A-D2")))[2:] == [
        {"type": "hand_result", "hand": 2, "level": 0, "highest": 7, "top": ["Ana"], "results": [
            {"player": "Ana", "count": 7, "op": "÷", "crate": 2, "result": 7,
             "note": "7 ÷ 2 leaves a remainder: only your COUNT META card counts", "note_code": "remainder",
             "problem": {"code": "remainder", "values": {"dividend": "7", "divisor": "2"}}}]},
        {"type": "hand_redraw", "hand": 2, "player": "Ana", "reason": "7 ÷ 2 leaves a remainder",
         "code": "remainder", "count": 7, "op": "÷", "crate": 2,
         "problem": {"code": "remainder", "values": {"dividend": "7", "divisor": "2"}}}]
    assert t.game.state()["hand"] == 3


def test_a_player_who_pays_their_last_card_is_out_of_cards():
    t = Table()
    events = t.hand(Ana=("MW-A-N25", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))   # 26 − 2: Ben pays all his 24
    assert [(e["player"], e["reason"]) for e in t.of("knocked_out", events)] == [("Ben", "out_of_cards")]


def test_the_cards_lying_there_are_this_hands_and_the_last_ones_and_what_is_still_owed():
    t = Table(players=["Ana", "Ben", "Cleo"])
    t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N10", "MW-B-A2"), Cleo=("MW-C-N3", "MW-C-A1"))   # a MATH WAR
    assert t.game.state()["owed"] == [{"player": "Cleo", "cards": 8}]   # Cleo pays when the war is over
    first = {"MW-A-N10", "MW-A-A2", "MW-B-N10", "MW-B-A2", "MW-C-N3", "MW-C-A1"}
    assert t.game.table_cards() == first
    t.hand(Ana=("MW-A-N9", "MW-A-A1"), Ben=("MW-B-N2", "MW-B-A1"))   # Ana wins the war: a new hand
    t.play("Ana", "MW-A-N4")
    assert t.game.table_cards() == first | {"MW-A-N9", "MW-A-A1", "MW-B-N2", "MW-B-A1", "MW-A-N4"}



def test_a_card_refused_this_hand_lies_there_until_the_next_hand():
    """Another deck's card laid in Ana's box is judged and still lies there: after a restart it
    gets no second verdict. By the next hand it is gone back to its owner: then it is new."""
    t = Table()
    t.play("Ana", "MW-C-N5")
    assert "MW-C-N5" in t.game.table_cards()
    t.hand(Ana=("MW-A-N9", "MW-A-A1"), Ben=("MW-B-N2", "MW-B-A1"))
    assert "MW-C-N5" not in t.game.table_cards()


def test_a_refusal_carries_the_values_its_words_need_beside_the_english_message():
    """The station words a refusal in its own language from the code and these values (the
    English ``message`` is the journal's)."""
    t = Table(players=["Ana", "Ben", "Cleo"])
    t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N6", "MW-B-M2"), Cleo=("MW-C-N3", "MW-C-A1"))   # MATH WAR
    (war,) = t.play("Cleo", "MW-C-N20")
    assert (war["code"], war["contenders"]) == ("not_in_war", ["Ana", "Ben"])
    (deck,) = t.play("Ana", "MW-B-N3")
    assert (deck["code"], deck["own_deck"]) == ("not_your_deck", "A")
    (edition,) = Table(edition="mwm25").play("Ana", "MW-A-N30")
    assert (edition["code"], edition["highest"]) == ("not_in_edition", 25)


def test_a_crate_card_left_out_says_why_by_code_and_keeps_its_english_note():
    t = Table()
    events = t.hand(Ana=("MW-A-N12", "MW-A-D5"), Ben=("MW-B-N3", "MW-B-A1"))
    ana, ben = t.of("hand_result", events)[0]["results"]
    assert ana["note_code"] == "remainder" and ana["note"].startswith("12 ÷ 5 leaves a remainder")
    assert "note_code" not in ben and ben["note"] == ""
