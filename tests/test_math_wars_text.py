"""Every sentence Math Wars Meta says (engine/math_wars/text.py), word for word: the verdicts a
child reads on a rule-breaking play, and the story `mathstation replay` and the demo tell."""

from __future__ import annotations

import pytest
import toy_game
from conftest import Table, registered

from engine.math_wars import text
from engine.math_wars.config import read_config

DUOS = {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}


def told(event: dict, **config) -> str:
    return text.describe(event, read_config({"players": ["Ana", "Ben"], **config}))


# ---- verdicts ----------------------------------------------------------------------------------

def verdict(t: Table, player: str, card: str) -> str:
    (event,) = t.play(player, card)
    assert event["type"] == "violation"
    return event["message"]


def test_a_card_from_another_deck_edition_or_hand_is_told_why():
    t = Table()
    assert verdict(t, "Ana", "MW-B-N3") == "That card is from deck B: Ana plays deck A."
    assert verdict(t, "Ana", "MW-A-N30") == "COUNT META 30 is not in MWM25: use cards 1–25."
    t.play("Ana", "MW-A-N21")
    assert verdict(t, "Ana", "MW-A-N22") == "Ana already has a COUNT META card down. Take the extra one back."
    t.play("Ana", "MW-A-S5")
    assert verdict(t, "Ana", "MW-A-A3") == "Ana already has a MATH CRATE card down. Take the extra one back."
    t.play("Ben", "MW-B-N15")
    t.play("Ben", "MW-B-A6")   # the hand is over: Ana's COUNT META 21 is paid away
    assert verdict(t, "Ana", "MW-A-N21") == "COUNT META 21 was already played this round: it should be in a spoils pile."


def test_a_card_already_on_the_table_is_told():
    t = Table(discard_option=2)
    t.play("Ana", "MW-A-N3")
    assert verdict(t, "Ben", "MW-A-N3") == "That COUNT META 3 card is already on the table."


def test_only_the_tied_players_play_in_a_math_war():
    t = Table(players=["Ana", "Ben", "Cy"])
    t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N10", "MW-B-A2"), Cy=("MW-C-N3", "MW-C-A1"))
    assert verdict(t, "Cy", "MW-C-N4") == "Only Ana and Ben play in this MATH WAR. Cy, please wait."


def test_a_finished_game_says_who_won():
    t = Table(victories_to_win=1)
    t.game.apply({"type": "award_victory", "t": 1, "side": "Ana"})
    assert verdict(t, "Ben", "MW-B-N4") == "The game is over: Ana won. Start a new game to play again."


def test_a_card_of_another_game_names_that_game():
    with registered(toy_game.INFO):
        assert verdict(Table(), "Ana", "TY-A-N4") == "That card is from Toy Sum, not Math Wars Meta."


def test_the_verdicts_without_a_short_way_to_them_at_the_table():
    assert text.player_out("Ben") == "Ben is out of this round: wait for the next one."
    assert text.not_in_war("Dee", ["Ana", "Ben", "Cy"]) == "Only Ana, Ben and Cy play in this MATH WAR. Dee, please wait."
    assert text.count_alone("12 ÷ 5 leaves a remainder") == "12 ÷ 5 leaves a remainder: only your COUNT META card counts"


# ---- the story -----------------------------------------------------------------------------------

RESULT = {"type": "hand_result", "hand": 1, "level": 0, "highest": 21, "top": ["Ben"], "t": 4.0, "results": [
    {"player": "Ana", "count": 21, "op": "-", "crate": 5, "result": 16, "note": ""},
    {"player": "Ben", "count": -3, "op": "×", "crate": 2, "result": -6, "note": ""}]}


@pytest.mark.parametrize("event, sentence", [
    ({"type": "card_played", "player": "Ana", "card": "MW-A-N5", "kind": "count-meta", "face": "COUNT META 5",
      "face_down": 0}, "Ana turns up COUNT META 5."),
    ({"type": "card_played", "player": "Ana", "card": "MW-A-N8", "kind": "count-meta", "face": "COUNT META 8",
      "face_down": 3}, "Ana turns up COUNT META 8 on 3 face-down cards."),
    ({"type": "card_played", "player": "Ben", "card": "MW-B-N20", "kind": "count-meta", "face": "COUNT META 20",
      "face_down": 1}, "Ben turns up COUNT META 20 on 1 face-down card."),
    (RESULT, "Ana: 21 − 5 = 16; Ben: −3 × 2 = −6."),
    ({**RESULT, "results": [{"player": "Ana", "count": 5, "op": "-", "crate": 5, "result": 0, "note": ""},
                            {"player": "Ben", "count": 1, "op": "+", "crate": 0, "result": 1, "note": ""}]},
     "Ana: 5 − 5 = 0; Ben: 1 + 0 = 1."),
    ({**RESULT, "results": [{"player": "Ana", "count": 5, "op": "+", "crate": 2, "result": 7, "note": ""},
                            {"player": "Ben", "count": 19, "op": "÷", "crate": 10, "result": 19,
                             "note": "19 ÷ 10 leaves a remainder: only your COUNT META card counts"}],
      "teams": {"Red": 26, "Blue": -2}},
     "Ana: 5 + 2 = 7; Ben: 19 ÷ 10 leaves a remainder: only your COUNT META card counts (19). Teams: Red 26, Blue −2."),
    ({"type": "math_war", "hand": 4, "level": 1, "sides": ["Ana", "Ben", "Cy"], "players": ["Ana", "Ben", "Cy"],
      "face_down": 3}, "MATH WAR! Ana, Ben and Cy tie. Each player puts 3 cards face down, 1 face up and a new MATH CRATE card."),
    ({"type": "hand_won", "hand": 1, "side": "Ben", "highest": -2}, "Ben wins the hand with −2."),
    ({"type": "cards_paid", "player": "Ana", "owed": 12, "paid": 12, "battle": 1, "to": "Ana"},
     "Ana gives 13 cards to their own spoils pile (12 from the draw pile + 1 battle card)."),
    ({"type": "cards_paid", "player": "Ben", "owed": 8, "paid": 0, "battle": 1, "to": "Ana"},
     "Ben gives 1 card to Ana's spoils pile (0 from the draw pile + 1 battle card). They owed 8 but had only 0."),
    ({"type": "cards_paid", "player": "Ben", "owed": 3, "paid": 3, "battle": 2, "to": "Ana"},
     "Ben gives 5 cards to Ana's spoils pile (3 from the draw pile + 2 battle cards)."),
    ({"type": "knocked_out", "player": "Ben", "reason": "could_not_pay"}, "Ben is out of the round: not enough cards to pay."),
    ({"type": "knocked_out", "player": "Ana", "reason": "out_of_cards"}, "Ana is out of the round: no COUNT META cards left."),
    ({"type": "knocked_out", "player": "Cy", "reason": "no_cards_for_war"},
     "Cy is out of the round: no cards left for the MATH WAR."),
    ({"type": "knocked_out", "player": "Cy", "reason": "a new reason"}, "Cy is out of the round: a new reason."),
    ({"type": "round_won", "round": 1, "side": "Ana", "reason": "last_standing", "victories": 1, "needed": 4},
     "Ana wins round 1 and a VICTORY! card (1 of 4)."),
    ({"type": "round_won", "round": 2, "side": "Ana", "reason": "deck_cleared", "victories": 2, "needed": 4},
     "Ana wins round 2 by clearing the deck and a VICTORY! card (2 of 4)."),
    ({"type": "round_won", "round": 3, "side": "Red", "reason": "vote", "victories": 1, "needed": 5},
     "Red wins round 3 by vote and a VICTORY! card (1 of 5)."),
    ({"type": "round_drawn", "round": 2}, "Nobody can fight the MATH WAR: round 2 is a draw and starts again."),
    ({"type": "game_won", "side": "Ana", "victories": {"Ana": 4, "Ben": 3}}, "Ana wins the game with 4 VICTORY! cards!"),
    ({"type": "game_won", "side": "Ben", "victories": {"Ana": 0, "Ben": 1}}, "Ben wins the game with 1 VICTORY! card!"),
    ({"type": "violation", "player": "Ana", "code": "not_your_deck", "message": "That card is from deck B."},
     "Not allowed: That card is from deck B."),
    ({"type": "spoils_reshuffled", "player": "Ana", "cards": 7}, "Ana shuffles 7 spoils cards into the draw pile."),
    ({"type": "spoils_reshuffled", "player": "Ana", "cards": 1}, "Ana shuffles 1 spoils card into the draw pile."),
    ({"type": "crates_reshuffled", "player": "Ben", "cards": 38},
     "Ben shuffles 38 MATH CRATE cards back into the draw pile."),
    ({"type": "hand_redraw", "hand": 2, "player": "Ana", "reason": "13 ÷ 4 leaves a remainder"},
     "13 ÷ 4 leaves a remainder: discard both cards and draw again."),
    ({"type": "solo_discard", "hand": 1, "player": "Ana", "owed": 7, "paid": 7}, "Ana discards 7 cards into the spoils pile."),
    ({"type": "solo_discard", "hand": 1, "player": "Ana", "owed": 1, "paid": 1}, "Ana discards 1 card into the spoils pile."),
    ({"type": "dance", "who": "Ana"}, "dance: {'type': 'dance', 'who': 'Ana'}"),
])
def test_each_event_is_told_in_one_sentence(event, sentence):
    assert told(event) == sentence


@pytest.mark.parametrize("edition, cards", [("mwm25", 25), ("mwm100", 100)])
def test_a_new_round_says_how_big_the_deck_is(edition, cards):
    assert told({"type": "round_started", "round": 2, "reason": "next"}, edition=edition) == (
        f"Round 2: everyone shuffles a full deck of {cards} COUNT META cards.")


def test_the_headline_names_the_edition_mode_seats_option_and_goal():
    assert text.headline(read_config({"players": ["Ana", "Ben"]})) == (
        "Math Wars Meta · MWM25 · Player v Player · Ana (deck A), Ben (deck B) · discard option 1 (own spoils pile) · "
        "4 VICTORY! cards to win")
    assert text.headline(read_config({"players": ["Ana"], "victories_to_win": 1})) == (
        "Math Wars Meta · MWM25 · Solo · Ana (deck A) · discard option 1 (own spoils pile) · 1 VICTORY! card to win")
    assert text.headline(read_config({"teams": DUOS, "edition": "mwm100", "discard_option": 2})) == (
        "Math Wars Meta · MWM100 · Team v Team · Red: Ana (A), Ben (B); Blue: Cy (C), Dee (D) · "
        "discard option 2 (winner's spoils pile) · 5 VICTORY! cards to win")


def test_the_summary_lines_up_every_pile_and_marks_who_is_out():
    state = {"over": False, "round": 2, "hand": 7, "victories_to_win": 4, "victories": {"Red": 1, "Blue": 0},
             "players": {"Ana": {"team": "Red", "out": False, "draw": 12, "battle": 0, "spoils": 31},
                         "Benedict": {"team": "Red", "out": True, "draw": 0, "battle": 2, "spoils": 4},
                         "Cy": {"team": "Blue", "out": False, "draw": 110, "battle": 10, "spoils": 0}}}
    assert text.summary(state) == [
        "Round 2, hand 7.",
        "  Ana      [Red]  draw  12  battle  0  spoils  31",
        "  Benedict [Red]  draw   0  battle  2  spoils   4  OUT",
        "  Cy       [Blue]  draw 110  battle 10  spoils   0",
        "VICTORY! cards: Red 1, Blue 0 (need 4)",
    ]
    over = {**state, "over": True, "winner": "Red", "players": {"Ana": {**state["players"]["Ana"], "team": None}}}
    assert text.summary(over) == ["Game over: Red won.", "  Ana  draw  12  battle  0  spoils  31",
                                  "VICTORY! cards: Red 1, Blue 0 (need 4)"]
