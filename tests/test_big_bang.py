"""Big Bang rules, played the way a table plays them: cards laid in cells around the Black Star and
judged at once, dead hands on the discard pile, Rules cards' faces, the end and the score, a race,
stolen scoring and the clock."""

from __future__ import annotations

import doctest
import json
from typing import Any

import pytest

from engine.big_bang import BigBang, read_config
from engine.big_bang import game as game_module
from engine.big_bang import hint as hint_module
from engine.big_bang import tableau as tableau_module
from engine.big_bang.hint import hint
from engine.big_bang.lattice import turns
from engine.errors import ActionError, ConfigError
from engine.protocol import Outcome

LETTERS = "ABCDEFG"

#: A whole legal game: every number card of a set, in an order where each touches the tableau and
#: differs by exactly 1 from every card it touches (the Black Star takes any value).
FULL_GAME = [((-1, 0), 7), ((1, 0), 6), ((2, 0), 7), ((0, 1), 5), ((1, -1), 7), ((0, -1), 6), ((0, -2), 7),
             ((1, 1), 4), ((-2, 0), 6), ((-3, 0), 5), ((-2, 1), 7), ((1, 2), 5), ((3, 0), 6), ((0, 2), 4),
             ((-1, 2), 3), ((-4, 0), 4), ((-5, 0), 3), ((-2, 2), 2), ((4, 0), 5), ((3, -1), 7), ((2, -1), 6),
             ((5, 0), 4), ((0, 3), 3), ((-6, 0), 2), ((-1, -2), 6), ((-3, 2), 1), ((6, 0), 5), ((2, -2), 7)]
#: Three 4s around the Black Star: every open cell touches one 4, so only a 3 or a 5 fits anywhere.
CLOSED = [((1, 0), 4), ((-1, 0), 4), ((0, 1), 4)]
#: 25 cards down, and the three 7s left fit nowhere: the game is stuck once the deck is gone.
STUCK = [((1, 0), 7), ((0, 1), 7), ((1, -1), 6), ((-1, 0), 3), ((1, 1), 6), ((2, -1), 5), ((2, 1), 5), ((1, 2), 5),
         ((-1, -1), 4), ((-2, -1), 3), ((3, -1), 6), ((2, 0), 6), ((-1, 1), 6), ((2, 2), 4), ((-2, 0), 4),
         ((-2, -2), 2), ((3, 0), 7), ((2, -2), 4), ((4, -1), 5), ((2, 3), 3), ((0, -1), 5), ((1, 3), 2), ((-1, 2), 7),
         ((0, 2), 6), ((1, 4), 1)]
#: After CLOSED and a dead hand of 1, 7 and 2, every other card: then the 7 (at (5, -1)) and the 1
#: (at (-2, -2)) fit, buried in the discard pile under the 2, which does not.
AFTER_DEAD_HAND = [((1, 1), 3), ((2, 0), 3), ((2, 1), 4), ((-1, -1), 3), ((3, 1), 5), ((1, -1), 5), ((-1, 1), 5),
                   ((-2, 0), 5), ((-1, 2), 6), ((4, 1), 6), ((4, 0), 5), ((-3, 0), 6), ((-2, 2), 7), ((0, 2), 7),
                   ((-2, 3), 6), ((-3, 2), 6), ((-4, 0), 7), ((-3, 3), 7), ((-1, 3), 7), ((5, 1), 7), ((-2, -1), 2),
                   ((5, 0), 6)]


def number(value: int, copy: int = 0, deck: str = "A") -> str:
    return f"BB-{deck}-N{value}{LETTERS[copy]}"


class Table:
    """A game plus a clock, so tests read like the table: cards named by value, the next copy of
    that value not yet on the tableau or the discard pile."""

    def __init__(self, players: tuple[str, ...] = ("Ana",), start: bool = True, **config: Any) -> None:
        self.game = BigBang({"game": "big-bang", "players": list(players), **config})
        self.players = players
        self.t = 0.0
        self.events: list[dict[str, Any]] = []
        if start:
            self.act("start")

    def act(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1
        new = self.game.apply({"type": kind, "t": self.t, **fields})
        self.events.extend(new)
        return new

    def seat(self, player: str = "Ana") -> dict[str, Any]:
        return next(s for s in self.game.state()["tableaux"] if s["player"] == player)

    def fresh(self, value: int, player: str = "Ana") -> str:
        seat = self.seat(player)
        taken = {c["card"] for c in seat["cells"]} | {c["card"] for c in seat["discard"]}
        deck = seat["set"]
        return next(number(value, i, deck) for i in range(value) if number(value, i, deck) not in taken)

    def play(self, value: int | str, cell: tuple[int, int], turn: int | None = None, player: str = "Ana") -> dict[str, Any]:
        """Lay a card (a value: the next copy in hand; or a card ID) and return the verdict."""
        card = self.fresh(value, player) if isinstance(value, int) else value
        events = self.act("play", player=player, card=card, cell=list(cell),
                          turn=turns(cell)[0] if turn is None else turn)
        return events[0] if events else {}

    def lay(self, cards: list[tuple[tuple[int, int], int]], player: str = "Ana") -> None:
        for cell, value in cards:
            assert self.play(value, cell, player=player)["ok"], (cell, value)

    def discard(self, value: int | str, player: str = "Ana") -> list[dict[str, Any]]:
        card = self.fresh(value, player) if isinstance(value, int) else value
        return self.act("discard", player=player, card=card)

    def of(self, kind: str, events: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]

    def said(self, events: list[dict[str, Any]]) -> list[str]:
        return [self.game.describe(e) for e in events]


# ---- the Black Star and the one-off rule ------------------------------------------------------

@pytest.mark.parametrize("value", range(1, 8))
@pytest.mark.parametrize("cell", [(1, 0), (-1, 0), (0, 1)])
def test_any_value_goes_beside_the_black_star_on_any_of_its_faces(value, cell):
    table = Table()
    verdict = table.play(value, cell)
    assert verdict["ok"] and verdict["reason"] == "" and verdict["value"] == value
    assert {"cell": list(cell), "card": number(value), "kind": "number", "value": value,
            "turn": turns(cell)[0]} in table.seat()["cells"]


def test_a_card_beside_a_card_must_be_one_away_from_it():
    table = Table()
    table.lay([((1, 0), 4)])
    assert table.play(3, (2, 0))["ok"]
    table2 = Table()
    table2.lay([((1, 0), 4)])
    assert table2.play(5, (2, 0))["ok"]
    for value, reason in ((6, "6 beside 4: neighbours differ by exactly 1"),
                          (4, "4 beside 4: neighbours differ by exactly 1"),
                          (2, "2 beside 4: neighbours differ by exactly 1")):
        table3 = Table()
        table3.lay([((1, 0), 4)])
        verdict = table3.play(value, (2, 0))
        assert not verdict["ok"] and verdict["reason"] == reason
        assert [c["cell"] for c in table3.seat()["cells"]] == [[0, 0], [1, 0]], "a bad card is not added"


def test_a_cell_between_two_cards_is_checked_against_both():
    # (1, 1) touches (0, 1) and (2, 1): between a 4 and a 6 only a 5 fits; a 3 suits the 4 but not the 6
    layout = [((1, 0), 4), ((2, 0), 5), ((2, 1), 6), ((0, 1), 4)]
    table = Table()
    table.lay(layout)
    three = table.play(3, (1, 1))
    assert not three["ok"] and three["reason"] == "3 beside 6: neighbours differ by exactly 1"
    seven = table.play(7, (1, 1))
    assert seven["reason"] == "7 beside 4: neighbours differ by exactly 1"
    assert table.play(5, (1, 1))["ok"]
    # between two 4s only a 3 or a 5
    for value, ok in ((3, True), (5, True), (4, False), (6, False), (2, False)):
        table = Table()
        table.lay([((1, 0), 4), ((2, 0), 5), ((2, 1), 4), ((0, 1), 4)])
        assert table.play(value, (1, 1))["ok"] is ok, value


def test_a_cell_touching_three_cards_is_checked_against_all_three():
    # (2, 0) touches (1, 0), (3, 0) and (2, 1)
    table = Table()
    ring = [((1, 0), 6), ((1, -1), 5), ((2, -1), 4), ((3, -1), 5), ((3, 0), 6)]
    table.lay(ring + [((0, 1), 4), ((1, 1), 5), ((2, 1), 6)])
    assert table.play(5, (2, 0))["ok"]
    table = Table()
    table.lay(ring + [((0, 1), 5), ((1, 1), 6), ((2, 1), 7)])
    assert table.play(5, (2, 0))["reason"] == "5 beside 7: neighbours differ by exactly 1"
    assert table.play(7, (2, 0))["reason"] == "7 beside 7: neighbours differ by exactly 1"
    assert table.play(6, (2, 0))["reason"] == "6 beside 6: neighbours differ by exactly 1"


def test_a_card_touching_no_card_is_judged_and_not_added():
    table = Table()
    verdict = table.play(5, (3, 0))
    assert verdict == {"type": "card_played", "player": "Ana", "card": number(5), "kind": "number", "value": 5,
                       "cell": [3, 0], "turn": 180, "from": "hand", "ok": False, "reason": "Touch a card",
                       "why": {"code": "touch_a_card"}, "score": 0, "left": 28, "t": table.t}
    assert table.said([verdict]) == ["Ana: 5 is no play: Touch a card. Take it back."]
    table.play(6, (1, 0))
    refused = table.play(7, (2, 0))  # 7 beside 6: fine …
    assert refused["ok"]
    table2 = Table()
    table2.play(6, (1, 0))
    table2.play(3, (2, 0))  # refused: 3 beside 6
    assert table2.play(4, (3, 0))["reason"] == "Touch a card", "a refused card is not there to touch"


def test_a_taken_cell_is_refused_and_the_black_star_holds_its_cell():
    table = Table()
    table.lay([((1, 0), 4)])
    assert table.play(5, (1, 0))["reason"] == "Cell taken"
    assert table.play(5, (0, 0))["reason"] == "Cell taken"


def test_the_same_card_seen_again_in_its_place_is_nothing_new_and_a_played_card_stays():
    table = Table()
    table.lay([((1, 0), 4)])
    assert table.act("play", player="Ana", card=number(4), cell=[1, 0], turn=180) == []
    moved = table.act("play", player="Ana", card=number(4), cell=[2, 0], turn=0)
    assert moved == [{"type": "violation", "player": "Ana", "code": "played_stays",
                      "message": "Played cards stay: put it back.", "card": number(4), "t": table.t}]
    turned = table.act("play", player="Ana", card=number(4), cell=[1, 0], turn=300)
    assert turned[0]["code"] == "played_stays"
    lifted = table.act("lift", player="Ana", card=number(4))
    assert lifted[0]["code"] == "played_stays" and lifted[0]["card"] == number(4)
    assert table.act("lift", player="Ana", card="BB-A-STAR")[0]["code"] == "played_stays"
    discarded = table.act("discard", player="Ana", card=number(4))
    assert discarded[0]["code"] == "played_stays" and table.said(discarded) == ["Ana: Played cards stay: put it back."]
    assert table.seat()["left"] == 27


def test_a_refused_card_lifted_is_simply_taken_back_and_may_be_played_again():
    table = Table()
    table.lay([((1, 0), 4)])
    assert not table.play(number(6), (2, 0))["ok"]
    assert table.act("lift", player="Ana", card=number(6)) == []
    assert table.play(number(6), (-1, 0))["ok"]


# ---- Rules cards -----------------------------------------------------------------------------
# R1: face 0 "1 2", face 1 "6 7", face 2 any. R2: "3", "5", dead. R3: dead, dead, any.
# In cell (1, 0) turned 180 a card's face 2 touches the Black Star, face 0 (1, -1), face 1 (2, 0);
# turned 60 its face 0 touches the Star; turned 300 its face 1.

def test_a_rules_card_scores_two_and_its_restricted_faces_take_only_their_numbers():
    table = Table(rules_cards=True)
    laid = table.play("BB-A-R1", (1, 0), 180)
    assert laid["ok"] and laid["value"] is None and laid["kind"] == "rules" and laid["score"] == 2
    assert laid["left"] == 33
    assert table.play(3, (2, 0))["reason"] == "Only 6 or 7 there"
    assert table.play(5, (1, -1))["reason"] == "Only 1 or 2 there"
    assert table.play(6, (2, 0))["ok"], "beside a Rules card only its face counts: no one-off rule"
    assert table.play(1, (1, -1))["ok"]
    assert table.seat()["score"] == 4


def test_a_restricted_face_laid_against_a_card_needs_one_of_its_numbers():
    assert not Table(rules_cards=True).play("BB-A-R1", (1, 0), 60)["ok"]
    against_star = Table(rules_cards=True).play("BB-A-R1", (1, 0), 60)
    assert against_star["reason"] == "Only 1 or 2 there", "the Black Star shows no number"
    # (2, 0) turned 120: face 0 touches (1, 0); turned 0: face 1; turned 240: face 2
    for rules, turn, ok, reason in (("BB-A-R4", 120, True, ""),  # "2 4 6" against the 4
                                    ("BB-A-R4", 0, False, "Only 1, 3, 5 or 7 there"),
                                    ("BB-A-R2", 120, False, "Only 3 there"),
                                    ("BB-A-R2", 240, False, "Dead face"),
                                    ("BB-A-R1", 240, True, "")):
        table = Table(rules_cards=True)
        table.lay([((1, 0), 4)])
        verdict = table.play(rules, (2, 0), turn)
        assert (verdict["ok"], verdict["reason"]) == (ok, reason), (rules, turn)


def test_a_dead_face_takes_nothing_either_way():
    table = Table(rules_cards=True)
    assert table.play("BB-A-R3", (1, 0), 300)["reason"] == "Dead face"  # its dead face 1 against the Star
    assert table.play("BB-A-R3", (1, 0), 180)["ok"]  # its open face 2 against the Star
    for value in range(1, 8):
        assert table.play(value, (1, -1))["reason"] == "Dead face"
        assert table.play(value, (2, 0))["reason"] == "Dead face"
    assert table.play("BB-A-R1", (2, 0), 240)["reason"] == "Dead face"


def test_a_rules_card_against_a_rules_card():
    table = Table(rules_cards=True)
    table.play("BB-A-R1", (1, 0), 180)  # its face 1 ("6 7") faces (2, 0)
    assert table.play("BB-A-R4", (2, 0), 240)["reason"] == "Only 6 or 7 there"  # R4's open face 2: still no number
    table2 = Table(rules_cards=True)
    table2.play("BB-A-R3", (1, 0), 60)  # face 0 dead against the Star: refused
    table2.play("BB-A-R5", (1, 0), 300)  # R5 face 1 (any) against the Star; face 0 ("4") faces (2, 0)
    assert table2.play("BB-A-R3", (2, 0), 240)["reason"] == "Only 4 there"
    assert table2.play("BB-A-R6", (2, 0), 120)["reason"] == "Only 4 there"


def test_a_rules_card_that_fits_only_turned_another_way_still_fits_and_is_no_dead_card():
    table = Table(rules_cards=True)
    table.lay([((1, 0), 4)])
    # R3 has one open face: it fits only turned so that face meets a card (at (2, 0): 240°, not 0°)
    assert table.said(table.discard("BB-A-R3")) == ["Ana: That Rules card fits: play it."]
    assert table.play("BB-A-R3", (2, 0), 240)["ok"]


def test_rules_cards_are_refused_when_the_option_is_off():
    table = Table()
    refused = table.play("BB-A-R1", (1, 0), 180)
    assert refused == {"type": "violation", "player": "Ana", "code": "rules_off",
                       "message": "Not in this game: put it back in the box.", "card": "BB-A-R1",
                       "t": table.t}
    assert table.discard("BB-A-R1")[0]["code"] == "rules_off"


# ---- the discard pile and dead hands ---------------------------------------------------------

def dead_hand(table: Table, values: tuple[int, ...] = (1, 7, 2)) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for value in values:
        events += table.discard(value)
    return events


def test_a_dead_hand_goes_face_up_on_the_discard_pile_and_a_new_hand_is_drawn():
    table = Table()
    table.lay(CLOSED)
    first = table.discard(1)
    assert first == [{"type": "discarded", "player": "Ana", "card": number(1), "kind": "number", "value": 1,
                      "pile": 1, "again": False, "t": table.t}]
    assert table.discard(7)[0]["pile"] == 2
    last = table.discard(2)
    assert [e["type"] for e in last] == ["discarded", "dead_hand"]
    assert last[1] == {"type": "dead_hand", "player": "Ana", "cards": [number(1), number(7), number(2)],
                       "values": [1, 7, 2], "pile": 3, "draw": 3, "deck": 19, "t": table.t}
    assert table.said(last) == ["Ana discards 2 (3 on the discard pile).",
                                "Ana's hand is dead: the 1, 7 and 2 go face up on the discard pile. Draw 3."]
    seat = table.seat()
    assert [c["card"] for c in seat["discard"]] == [number(1), number(7), number(2)]
    assert (seat["hand"], seat["deck"], seat["left"]) == (3, 19, 25)
    # the next hand is a new one: three more before the next dead hand
    table.discard(6)
    table.discard(7)
    assert table.of("dead_hand", table.discard(6))[0]["values"] == [6, 7, 6]


def test_a_card_that_fits_is_no_dead_card():
    table = Table()
    table.lay(CLOSED)
    refused = table.discard(5)
    assert refused == [{"type": "violation", "player": "Ana", "code": "fits", "message": "That 5 fits: play it.",
                        "card": number(5), "kind": "number", "value": 5, "t": table.t}]
    assert table.seat()["discard"] == []
    opening = Table()
    assert opening.discard(7)[0]["message"] == "That 7 fits: play it.", "anything fits beside the Black Star"


def test_a_play_between_discards_makes_a_new_hand():
    table = Table()
    table.lay(CLOSED)
    table.discard(1)
    table.discard(7)
    table.play(5, (2, 0))
    assert table.of("dead_hand", table.discard(2)) == []
    table.discard(7)
    assert table.of("dead_hand", table.discard(7))[0]["values"] == [2, 7, 7]


def test_the_discard_piles_top_may_be_played_but_no_digging():
    table = Table()
    table.lay(CLOSED)
    dead_hand(table)
    table.lay([((2, 0), 3)])  # now a 2 fits at (3, 0), beside the 3
    dug = table.play(number(7), (3, 0))
    assert dug == {"type": "violation", "player": "Ana", "code": "no_digging",
                   "message": "The pile's top card is 2. Put this one back.",
                   "card": number(7), "top": {"kind": "number", "value": 2}, "t": table.t}
    assert table.said([dug]) == ["Ana: The pile's top card is 2. Put this one back."]
    assert table.act("lift", player="Ana", card=number(2)) == [], "lifting the top to play it is fine"
    top = table.play(number(2), (3, 0))
    assert top["ok"] and top["from"] == "discard"
    assert table.said([top]) == ["Ana plays 2 from the discard pile (23 cards left)."]
    assert [c["card"] for c in table.seat()["discard"]] == [number(1), number(7)]
    assert table.play(number(1), (4, 0))["code"] == "no_digging"
    assert table.play(number(7), (4, 0))["reason"] == "7 beside 2: neighbours differ by exactly 1"
    assert [c["card"] for c in table.seat()["discard"]] == [number(1), number(7)], "a refused top stays on the pile"
    assert table.seat()["hand"] == 2, "a card from the pile leaves the hand as it was"


def test_a_discarded_card_laid_back_lies_on_top():
    table = Table()
    table.lay(CLOSED)
    dead_hand(table)
    assert table.act("discard", player="Ana", card=number(2)) == [], "the top laid back where it was"
    again = table.act("discard", player="Ana", card=number(7))
    assert again[0]["again"] is True and table.said(again) == ["Ana's 7 is back on top of the discard pile."]
    assert [c["card"] for c in table.seat()["discard"]] == [number(1), number(2), number(7)]
    assert table.of("dead_hand", again) == []


def test_a_dead_hand_of_the_last_cards_draws_nothing_and_ends_the_game():
    table = Table()
    table.lay(STUCK)  # 3 cards left: the 7s; 2 in hand, 1 in the deck
    assert (table.seat()["hand"], table.seat()["deck"]) == (2, 1)
    table.discard(7)
    assert [e["type"] for e in table.discard(7)] == ["discarded"], "the player drew the last card: the hand was 3"
    end = table.discard(7)
    assert [e["type"] for e in end] == ["discarded", "dead_hand", "player_done", "round_over", "game_over"]
    assert (end[1]["draw"], end[1]["deck"], end[2]["reason"]) == (0, 0, "out")
    assert table.said(end[1:2]) == ["Ana's hand is dead: the 7, 7 and 7 go face up on the discard pile."]


def test_the_last_two_dead_cards_are_a_dead_hand_though_fewer_than_three_are_left():
    """Fewer than three cards left in hand and deck: the last dead ones, two here, are a dead
    hand of their own, said like any other, before the player's game ends."""
    table = Table()
    table.lay(STUCK[:-1])
    table.discard(7)  # a 7 that fits nowhere goes on the pile ...
    table.lay(STUCK[-1:])  # ... and a play ends that run: two 7s are left, in hand and deck
    assert (table.seat()["hand"], table.seat()["deck"]) == (1, 1)
    assert [e["type"] for e in table.discard(7)] == ["discarded"]
    end = table.discard(7)
    assert [e["type"] for e in end] == ["discarded", "dead_hand", "player_done", "round_over", "game_over"]
    dead = end[1]
    assert (dead["values"], dead["pile"], dead["draw"], dead["deck"]) == ([7, 7], 3, 0, 0)
    assert table.said([dead]) == ["Ana's hand is dead: the 7 and 7 go face up on the discard pile."]


# ---- turns: draw back to 3 ---------------------------------------------------------------------

def test_done_ends_a_turn_and_says_how_many_to_draw():
    table = Table()
    assert (table.seat()["hand"], table.seat()["deck"]) == (3, 25)
    table.lay([((1, 0), 4), ((2, 0), 5)])
    drawn = table.act("done", player="Ana")
    assert drawn == [{"type": "drawn", "player": "Ana", "draw": 2, "hand": 3, "deck": 23, "t": table.t}]
    assert table.said(drawn) == ["Ana draws 2 (23 left in the deck)."]
    full = table.act("done", player="Ana")
    assert full[0]["draw"] == 0
    assert table.said(full) == ["Ana holds 3: play, or lay a dead hand on the discard pile."]


def test_a_player_who_draws_without_saying_done_is_counted_right_again():
    table = Table()
    table.lay([((1, 0), 4), ((2, 0), 5), ((3, 0), 6)])
    assert (table.seat()["hand"], table.seat()["deck"]) == (0, 25)
    table.lay([((4, 0), 7)])  # a 4th card: the player drew 3 and played one of them
    assert (table.seat()["hand"], table.seat()["deck"]) == (2, 22)


# ---- the end and the score -------------------------------------------------------------------

def test_a_whole_game_with_every_card_down_scores_28():
    table = Table()
    for cell, value in FULL_GAME[:-1]:
        assert table.play(value, cell)["ok"], (cell, value)
    last = table.act("play", player="Ana", card=table.fresh(7), cell=[2, -2], turn=turns((2, -2))[0])
    assert [e["type"] for e in last] == ["card_played", "player_done", "round_over", "game_over"]
    assert last[1] == {"type": "player_done", "player": "Ana", "reason": "all_down", "t": table.t}
    assert last[2]["scores"] == {"Ana": {"numbers": 28, "rules": 0, "unplayed": 0, "score": 28, "points": 28}}
    assert last[2]["seconds"] == table.t - 1 and last[2]["ended_by"] == "Ana"
    assert table.game.outcome().over and table.game.outcome().winners == ("Ana",)
    assert table.game.outcome().scores == {"Ana": 28}
    assert table.said(last[1:]) == [
        "Ana has every card down!",
        f"Round 1 over after 0:{int(table.t - 1):02d} (ended by Ana): Ana 28 (28 − 0 left).",
        "Game over: Ana scores 28 points."]
    assert table.play(number(5), (7, 0))["code"] == "game_over"
    assert table.act("done", player="Ana")[0]["code"] == "game_over"


def test_the_game_ends_by_itself_when_the_deck_is_gone_and_nothing_fits():
    table = Table()
    table.lay(STUCK)
    assert table.game.state()["phase"] == "playing", "one card is still in the deck"
    ended = table.act("done", player="Ana")
    assert [e["type"] for e in ended] == ["drawn", "player_done", "round_over", "game_over"]
    assert ended[0]["deck"] == 0 and ended[1]["reason"] == "out"
    assert ended[2]["scores"]["Ana"] == {"numbers": 25, "rules": 0, "unplayed": 3, "score": 22, "points": 22}
    assert table.said(ended[1:3]) == ["Ana can play nothing more: the deck is gone and nothing fits.",
                                      f"Round 1 over after 0:{int(table.t - 1):02d} (ended by Ana): Ana 22 (25 − 3 left)."]


def test_the_score_sum_counts_numbers_once_rules_cards_twice_and_every_card_left_against():
    table = Table(rules_cards=True)
    table.play("BB-A-R1", (1, 0), 180)  # 2 points; its face 1 (6 or 7) faces (2, 0)
    table.lay([((2, 0), 6), ((-1, 0), 5), ((0, 1), 3), ((-2, 0), 4), ((3, 0), 7)])
    assert (table.seat()["score"], table.seat()["left"]) == (5 + 2, 34 - 6)
    ended = table.act("time_up")
    assert ended[1]["scores"]["Ana"] == {"numbers": 5, "rules": 1, "unplayed": 28, "score": 7 - 28, "points": -21}
    assert table.said(ended[1:]) == [
        f"Round 1 over after 0:{int(table.t - 1):02d} (ended by time): Ana −21 (5 + 2 × 1 Rules − 28 left).",
        "Game over: Ana scores −21 points."]


def test_done_with_the_deck_gone_says_what_still_fits():
    table = Table()
    table.lay(FULL_GAME[:25])  # left: the 1, a 5 and a 7, which all fit; 2 in hand, 1 in the deck
    table.act("done", player="Ana")
    refused = table.act("done", player="Ana")
    assert refused == [{"type": "violation", "player": "Ana", "code": "hand_fits", "message": "Your 1 fits: play it.",
                        "card": number(1), "kind": "number", "value": 1, "t": table.t}]


def test_with_the_deck_gone_the_discard_piles_top_keeps_the_game_going():
    table = Table()
    table.lay(CLOSED)
    dead_hand(table, (1, 2, 7))  # the 7 on top
    table.lay(AFTER_DEAD_HAND)  # every card down or on the pile; the 7 fits at (5, -1)
    assert table.game.state()["phase"] == "playing"
    refused = table.act("done", player="Ana")
    assert refused == [{"type": "violation", "player": "Ana", "code": "top_fits",
                        "message": "The 7 on the discard pile fits: play it.", "card": number(7),
                        "kind": "number", "value": 7, "t": table.t}]
    ended = table.act("play", player="Ana", card=number(7), cell=[5, -1], turn=turns((5, -1))[0])
    assert ended[0]["ok"] and ended[0]["from"] == "discard"
    assert [e["type"] for e in ended][1:3] == ["player_done", "round_over"], "the 1 fits but is buried: no digging"
    assert ended[2]["scores"]["Ana"]["score"] == 26 - 2


def test_without_replay_buried_cards_stay_buried_and_count_against():
    table = Table()
    table.lay(CLOSED)
    dead_hand(table)  # 1, 7, then the 2 on top
    ended = []
    for cell, value in AFTER_DEAD_HAND:
        ended = table.act("play", player="Ana", card=table.fresh(value), cell=list(cell), turn=turns(cell)[0])
    assert [e["type"] for e in ended] == ["card_played", "player_done", "round_over", "game_over"]
    assert ended[2]["scores"]["Ana"] == {"numbers": 25, "rules": 0, "unplayed": 3, "score": 22, "points": 22}


def test_replay_shuffles_the_discard_pile_back_in_once_the_deck_is_gone():
    table = Table(replay=True)
    table.lay(CLOSED)
    dead_hand(table)
    table.lay(AFTER_DEAD_HAND)
    assert table.game.state()["phase"] == "playing", "the pile still holds cards that fit"
    back = table.act("done", player="Ana")
    assert back == [{"type": "reshuffled", "player": "Ana", "cards": 3, "t": table.t},
                    {"type": "drawn", "player": "Ana", "draw": 3, "hand": 3, "deck": 0, "t": table.t}]
    assert table.said(back[:1]) == ["Ana shuffles the discard pile (3 cards) back in to replay it."]
    assert table.seat()["discard"] == [] and table.seat()["replayed"]
    assert table.play(7, (5, -1))["ok"]
    assert table.play(1, (-2, -2))["from"] == "hand"
    last = table.act("play", player="Ana", card=number(2), cell=[-1, -2], turn=turns((-1, -2))[0])
    assert [e["type"] for e in last][:3] == ["card_played", "player_done", "round_over"]
    assert last[1]["reason"] == "all_down"
    assert last[2]["scores"]["Ana"] == {"numbers": 28, "rules": 0, "unplayed": 0, "score": 28, "points": 28}


def test_replay_seen_at_the_table_a_buried_card_played_once_the_deck_may_be_gone():
    table = Table(replay=True)
    table.lay(CLOSED)
    dead_hand(table)
    table.lay(AFTER_DEAD_HAND)
    played = table.act("play", player="Ana", card=number(7), cell=[5, -1], turn=turns((5, -1))[0])
    assert [e["type"] for e in played] == ["reshuffled", "drawn", "card_played"]
    assert played[2]["ok"] and played[2]["from"] == "hand"
    assert table.seat()["discard"] == [] and (table.seat()["hand"], table.seat()["deck"]) == (2, 0)
    early = Table(replay=True)
    early.lay(CLOSED)
    dead_hand(early)
    assert early.play(number(7), (2, 0))["code"] == "no_digging", "the deck has cards: the pile is not replayed yet"


def test_with_replay_a_card_buried_in_the_pile_that_fits_keeps_the_game_going():
    table = Table(replay=True)
    table.lay(CLOSED)
    dead_hand(table, (1, 2, 7))  # the 1 at the bottom, the 2 (fits nowhere) on it, the 7 on top
    table.lay(AFTER_DEAD_HAND)
    top = table.act("play", player="Ana", card=number(7), cell=[5, -1], turn=turns((5, -1))[0])
    assert [e["type"] for e in top] == ["card_played"], "the buried 1 fits and replay brings it back: not over"
    assert (table.seat()["hand"], table.seat()["deck"], table.game.state()["phase"]) == (0, 0, "playing")
    back = table.act("done", player="Ana")
    assert [(e["type"], e.get("cards"), e.get("draw")) for e in back] == [("reshuffled", 2, None), ("drawn", None, 2)]
    assert table.play(1, (-2, -2))["ok"]


def test_the_last_cards_being_rules_cards_that_fit_keeps_the_game_going():
    table = Table(rules_cards=True)
    table.lay(FULL_GAME)
    for card, cell, turn in (("BB-A-R1", (1, -2), 180), ("BB-A-R2", (7, 0), 300), ("BB-A-R3", (-5, -1), 120)):
        assert table.play(card, cell, turn)["ok"], card
    drawn = table.act("done", player="Ana")  # R4, R5 and R6 in hand: the deck is gone
    assert [(e["type"], e["deck"]) for e in drawn] == [("drawn", 0)] and table.game.state()["phase"] == "playing"
    assert table.said(table.act("done", player="Ana")) == ["Ana: Your Rules card fits: play it."]


def test_replay_happens_once_a_round():
    table = Table(replay=True)
    table.lay(CLOSED)
    dead_hand(table)
    table.lay(AFTER_DEAD_HAND)
    table.act("done", player="Ana")  # the 1, the 7 and the 2 in hand, the deck gone
    assert table.discard(2)[0]["type"] == "discarded", "no 2 fits yet"
    again = table.act("done", player="Ana")
    assert again == [{"type": "violation", "player": "Ana", "code": "hand_fits", "message": "Your 1 fits: play it.",
                      "card": number(1), "kind": "number", "value": 1, "t": table.t}], "the pile is not shuffled back a second time"
    assert [c["card"] for c in table.seat()["discard"]] == [number(2)]


# ---- a race, rounds, the clock and stolen scoring ----------------------------------------------

def test_a_race_each_player_their_own_set_and_tableau_and_the_first_out_ends_it():
    table = Table(("Ana", "Ben"))
    assert table.game.turns().style == "race" and table.game.seats() == ("Ana", "Ben")
    started = table.of("round_started")[0]
    assert started["players"] == [{"player": "Ana", "set": "A"}, {"player": "Ben", "set": "B"}]
    assert table.said([started]) == ["Big Bang: Ana (set A) and Ben (set B) race: draw 3 and lay cards beside "
                                     "the Black Star!"]
    wrong = table.play("BB-B-N4A", (1, 0), player="Ana")
    assert wrong["code"] == "not_your_set"
    assert wrong["message"] == "Set B is Ben's. Play set A."
    assert table.play("BB-C-N4A", (1, 0), player="Ana")["message"] == "Set C is not yours. Play set A."
    assert table.play(7, (1, 0), player="Ben")["card"] == "BB-B-N7A"
    assert table.play(6, (2, 0), player="Ana")["ok"] is False, "Ana's tableau is her own: (2, 0) touches nothing"
    table.lay(STUCK[1:], player="Ben")
    table.lay(FULL_GAME[:-1], player="Ana")
    ended = table.act("play", player="Ana", card="BB-A-N7G", cell=[2, -2], turn=turns((2, -2))[0])
    over = table.of("round_over", ended)[0]
    assert over["scores"] == {"Ana": {"numbers": 28, "rules": 0, "unplayed": 0, "score": 28, "points": 28},
                              "Ben": {"numbers": 25, "rules": 0, "unplayed": 3, "score": 22, "points": 22}}
    assert over["winners"] == ["Ana"] and table.game.outcome().winners == ("Ana",)
    assert table.said([over])[0].endswith("Ana 28 (28 − 0 left); Ben 22 (25 − 3 left). Best: Ana.")
    assert table.play("BB-B-N7E", (5, 5), player="Ben")["code"] == "game_over"


def test_stolen_scoring_the_winner_scores_the_cards_the_others_have_left():
    table = Table(("Ana", "Ben", "Cleo"), rounds=2, stolen=True)
    table.lay(FULL_GAME[:10], player="Ben")
    table.lay(FULL_GAME[:4], player="Cleo")
    table.lay(FULL_GAME[:12], player="Ana")
    first = table.act("time_up")
    assert [e["type"] for e in first] == ["time_up", "round_over"]
    scores = first[1]["scores"]
    assert {name: (s["score"], s["points"]) for name, s in scores.items()} == {
        "Ana": (12 - 16, 18 + 24), "Ben": (10 - 18, 0), "Cleo": (4 - 24, 0)}
    assert first[1]["game_scores"] == {"Ana": 42, "Ben": 0, "Cleo": 0}
    assert table.said(first[1:])[0].endswith("Ana −4 (12 − 16 left): 42 points; Ben −8 (10 − 18 left): 0 points; "
                                             "Cleo −20 (4 − 24 left): 0 points. Best: Ana.")
    assert table.play(4, (1, 0), player="Ben")["code"] == "round_over"
    assert table.act("start")[0]["code"] == "round_over"
    ready = table.act("next_round")
    assert ready == [{"type": "round_ready", "round": 2, "t": table.t}]
    assert all(len(seat["cells"]) == 1 for seat in table.game.state()["tableaux"]), "only the Black Stars"
    assert table.play(4, (1, 0), player="Ben")["code"] == "not_started"
    table.act("start")
    table.lay(FULL_GAME[:20], player="Cleo")
    second = table.act("time_up")
    assert second[1]["winners"] == ["Cleo"] and second[1]["game_scores"] == {"Ana": 42, "Ben": 0, "Cleo": 56}
    over = second[2]
    assert over == {"type": "game_over", "scores": {"Ana": 42, "Ben": 0, "Cleo": 56},
                    "rounds": [{"Ana": 42, "Ben": 0, "Cleo": 0}, {"Ana": 0, "Ben": 0, "Cleo": 56}],
                    "winners": ["Cleo"], "t": table.t}
    assert table.said([over]) == ["Game over: Ana 42, Ben 0, Cleo 56. Cleo wins!"]


def test_rounds_add_up_and_a_tie_has_two_winners():
    table = Table(("Ana", "Ben"), rounds=2)
    table.lay(FULL_GAME[:3], player="Ana")
    table.lay(FULL_GAME[:3], player="Ben")
    first = table.act("time_up")[1]
    assert first["winners"] == ["Ana", "Ben"] and first["game_scores"] == {"Ana": -22, "Ben": -22}
    assert table.act("next_round")[0]["round"] == 2
    table.act("start")
    table.lay(FULL_GAME[:5], player="Ben")
    ended = table.act("time_up")
    assert ended[2]["scores"] == {"Ana": -22 - 28, "Ben": -22 - 18} and ended[2]["winners"] == ["Ben"]
    tie = Table(("Ana", "Ben"))
    over = tie.act("time_up")[2]
    assert over["winners"] == ["Ana", "Ben"] and tie.said([over]) == ["Game over: Ana −28, Ben −28. Ana and Ben win!"]


def test_a_round_of_several_starts_with_its_number_and_the_cards_each_player_must_get_down():
    table = Table(("Ana", "Ben"), rules_cards=True, rounds=2)
    started = table.of("round_started")
    assert started == [{"type": "round_started", "round": 1, "rounds": 2,
                        "players": [{"player": "Ana", "set": "A"}, {"player": "Ben", "set": "B"}],
                        "seconds": None, "hand": 3, "cards": 34, "t": 1.0}]
    assert table.said(started) == ["Round 1 of 2: Ana (set A) and Ben (set B) race: draw 3 and lay cards beside "
                                   "the Black Star!"]
    table.act("time_up")
    table.act("next_round")
    assert table.act("start")[0]["round"] == 2


def test_the_clock_is_a_deadline_and_time_up_ends_the_round():
    table = Table(start=False, minutes=5)
    assert table.game.deadline() is None, "no clock before the start"
    table.t = 9
    started = table.act("start")
    assert started[0]["seconds"] == 300
    assert table.said(started) == ["Big Bang: Ana plays: draw 3 and lay cards beside the Black Star! 5:00 on the clock."]
    deadline = table.game.deadline()
    assert deadline is not None and (deadline.at, dict(deadline.action)) == (310, {"type": "time_up"})
    table.t = 309
    ended = table.act("time_up")
    assert [e["type"] for e in ended] == ["time_up", "round_over", "game_over"]
    assert table.said(ended[:1]) == ["Time is up!"] and ended[1]["seconds"] == 300
    assert table.game.deadline() is None
    assert table.act("time_up") == [], "a stale clock after the end is nothing"
    assert Table().game.deadline() is None, "no minutes, no clock"


# ---- actions out of their moment, and malformed ones --------------------------------------------

def test_nothing_is_played_before_the_start_nor_started_twice():
    table = Table(start=False)
    early = table.play(4, (1, 0))
    assert early == {"type": "violation", "player": "Ana", "code": "not_started",
                     "message": "Wait: press CONFIRM to start.", "card": number(4), "t": table.t}
    assert table.act("done", player="Ana")[0]["code"] == "not_started"
    assert table.act("next_round")[0]["message"] == "Play this round first: press CONFIRM to start it."
    table.act("start")
    assert table.act("start")[0]["message"] == "The round has started already."
    assert table.act("next_round")[0]["message"] == "Finish this round first."
    table.act("time_up")
    assert table.act("next_round")[0]["message"] == "The game is over."
    assert table.said(table.act("start")) == ["The game is over."]


def test_a_card_that_does_not_fit_lies_on_the_table_until_it_is_taken_back():
    table = Table()
    table.act("play", player="Ana", card="BB-A-N4A", cell=[1, 0], turn=180)
    (judged,) = table.act("play", player="Ana", card="BB-A-N6A", cell=[2, 0], turn=0)
    assert judged["ok"] is False and "BB-A-N6A" in table.game.table_cards()
    assert table.act("lift", player="Ana", card="BB-A-N6A") == []
    assert "BB-A-N6A" not in table.game.table_cards()  # back in the hand: laid after a restart, a play


def test_cards_of_another_game_are_refused():
    table = Table()
    wrong = table.act("play", player="Ana", card="SU-A-N5A", cell=[1, 0], turn=180)
    assert wrong[0]["code"] == "wrong_game" and wrong[0]["message"] == "That card is from SUM, not Big Bang."
    assert wrong[0]["game"] == "sum"  # the station's words name the game in its own language


def test_every_refusal_carries_its_code_and_the_values_its_words_need():
    """The station words a verdict in the child's language from these, never from the English
    ``reason`` or ``message`` (kept for journals and logs)."""
    table = Table(("Ana", "Ben"), rules_cards=True)
    assert table.play("BB-A-R3", (1, 0), 60)["why"] == {"code": "dead_face"}  # its dead side against the Star
    table.play(4, (1, 0))
    assert table.play(6, (2, 0))["why"] == {"code": "one_apart", "card": 6, "other": 4}
    assert table.play(6, (5, 0))["why"] == {"code": "touch_a_card"}
    assert table.play(5, (1, 0))["why"] == {"code": "cell_taken"}
    assert table.play("BB-A-R1", (2, 0), 0)["why"] == {"code": "only", "numbers": [6, 7]}
    assert table.play(3, (2, 0))["why"] is None  # it fits
    theirs = table.play("BB-B-N4A", (0, 1))
    assert {k: theirs[k] for k in ("code", "set", "owner", "own")} == {"code": "not_your_set", "set": "B",
                                                                        "owner": "Ben", "own": "A"}
    nobody = table.play("BB-C-N4A", (0, 1))
    assert (nobody["set"], nobody["owner"], nobody["own"]) == ("C", None, "A")


@pytest.mark.parametrize("action, message", [
    ({"type": "play", "player": "Zed", "card": "BB-A-N4A", "cell": [1, 0], "turn": 180}, "unknown player 'Zed'"),
    ({"type": "play", "player": "Ana", "card": "BB-A-N9Z", "cell": [1, 0], "turn": 180}, "no such card"),
    ({"type": "play", "player": "Ana", "card": "BB-A-N4A", "cell": [1, 0], "turn": 0},
     "a card in cell [1, 0] lies turned 180, 300 or 60°, not 0°"),
    ({"type": "play", "player": "Ana", "card": "BB-A-N4A", "cell": [1], "turn": 180}, "cell [col, row]"),
    ({"type": "play", "player": "Ana", "card": "BB-A-N4A", "cell": [1, 0]}, "missing 'turn'"),
    ({"type": "discard", "player": "Ana"}, "missing 'card'"),
    ({"type": "deal"}, "unknown action type 'deal'"),
])
def test_malformed_actions_raise_and_change_nothing(action, message):
    table = Table()
    before = table.game.state()
    with pytest.raises(ActionError, match=message.replace("[", r"\[").replace("]", r"\]")):
        table.game.apply({**action, "t": 5})
    assert table.game.state() == before and len(table.game.actions) == 1


# ---- config ------------------------------------------------------------------------------------

def test_config_defaults_and_echo():
    game = BigBang({"game": "big-bang", "players": [" Ana "]})
    assert game.config == {"game": "big-bang", "seed": 0, "players": ["Ana"], "rules_cards": False,
                           "replay": False, "minutes": 0, "rounds": 1, "stolen": False}
    assert game.headline() == "Big Bang · Ana · solo"
    full = read_config({"game": "big-bang", "players": ["Ana", "Ben", "Cleo"], "rules_cards": True, "replay": True,
                        "minutes": 10, "rounds": 3, "stolen": True, "seed": 7})
    assert full.in_play == 34 and full.set_of("Cleo") == "C"
    assert BigBang(full.as_json()).headline() == ("Big Bang · Ana, Ben, Cleo · race · Rules cards · replay · 10 min "
                                                  "· 3 rounds · stolen scoring")


@pytest.mark.parametrize("config, message", [
    ({"players": []}, "Big Bang is for 1–3 players, not 0"),
    ({"players": ["A", "B", "C", "D"]}, "not 4"),
    ({"players": "Ana"}, "players must be a list of names"),
    ({"players": ["Ana", "Ana"]}, "two players have the same name: Ana, Ana"),
    ({"players": ["Ana"], "colour": 1}, "unknown config key 'colour'"),
    ({"players": ["Ana"], "replay": "yes"}, "replay must be true or false, not 'yes'"),
    ({"players": ["Ana"], "rules_cards": 1}, "rules_cards must be true or false"),
    ({"players": ["Ana"], "minutes": -1}, "minutes must be a whole number from 0 to 60, not -1"),
    ({"players": ["Ana"], "minutes": 61}, "from 0 to 60"),
    ({"players": ["Ana"], "minutes": True}, "minutes must be a whole number"),
    ({"players": ["Ana"], "rounds": 0}, "rounds must be a whole number from 1 to 10, not 0"),
    ({"players": ["Ana"], "rounds": 11}, "from 1 to 10"),
    ({"players": ["Ana"], "stolen": True}, "stolen scoring is for a race: 2 or 3 players"),
])
def test_config_errors_say_what_is_wrong(config, message):
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace(")", r"\)")):
        BigBang({"game": "big-bang", **config})


# ---- hint, state, story ------------------------------------------------------------------------

def test_hint_counts_open_faces_and_says_what_fits_where():
    table = Table(rules_cards=True)
    opening = hint(table.game.state(), "Ana")
    assert opening["open_faces"] == 3 and opening["values"] == [1, 2, 3, 4, 5, 6, 7] and opening["top"] is None
    assert [s["cell"] for s in opening["spots"]] == [[-1, 0], [1, 0], [0, 1]]
    table.lay(CLOSED)
    closed = hint(table.game.state(), "Ana")
    assert closed["values"] == [3, 5]
    assert closed["open_faces"] == 6
    assert all(spot["values"] == [3, 5] for spot in closed["spots"])
    dead_hand(table)
    assert hint(table.game.state(), "Ana")["top"] == {"card": number(2), "kind": "number", "value": 2, "fits": []}
    with pytest.raises(ValueError, match="no player 'Zed'"):
        hint(table.game.state(), "Zed")


def test_hint_leaves_out_values_whose_cards_are_all_down_and_dead_faces():
    table = Table(rules_cards=True)
    table.lay([((1, 0), 1)])  # the only 1 is down
    spots = {tuple(s["cell"]): s["values"] for s in hint(table.game.state(), "Ana")["spots"]}
    assert spots[(2, 0)] == [2] and spots[(1, -1)] == [2] and spots[(-1, 0)] == [2, 3, 4, 5, 6, 7]
    dead = Table(rules_cards=True)
    dead.play("BB-A-R3", (1, 0), 180)  # faces 0 and 1 dead: towards (1, -1) and (2, 0)
    found = hint(dead.game.state(), "Ana")
    assert found["open_faces"] == 2
    assert {tuple(s["cell"]): s["values"] for s in found["spots"]}[(2, 0)] == []
    restricted = Table(rules_cards=True)
    restricted.play("BB-A-R1", (1, 0), 180)  # face 0 ("1 2") towards (1, -1), face 1 ("6 7") towards (2, 0)
    spots = {tuple(s["cell"]): s["values"] for s in hint(restricted.game.state(), "Ana")["spots"]}
    assert (spots[(1, -1)], spots[(2, 0)]) == ([1, 2], [6, 7])


def test_state_is_json_ready_and_shows_each_tableau():
    table = Table(("Ana", "Ben"), rules_cards=True)
    table.play("BB-A-R1", (1, 0), 180)
    table.lay([((2, 0), 6)])
    state = json.loads(json.dumps(table.game.state()))
    ana = state["tableaux"][0]
    assert ana["cells"] == [
        {"cell": [0, 0], "card": "BB-A-STAR", "kind": "star", "value": None, "turn": 0},
        {"cell": [1, 0], "card": "BB-A-R1", "kind": "rules", "value": None, "turn": 180, "faces": ["1 2", "6 7", "any"]},
        {"cell": [2, 0], "card": number(6), "kind": "number", "value": 6, "turn": 0}]
    assert ana["last"] == [2, 0] and ana["score"] == 3 and ana["left"] == 32
    assert (ana["hand"], ana["deck"], ana["open_faces"]) == (1, 31, 5)
    assert state["tableaux"][1]["last"] is None
    assert table.game.table_cards() == {"BB-A-STAR", "BB-A-R1", number(6), "BB-B-STAR"}
    assert table.game.summary() == [
        "Round 1 of 1, playing.",
        "  Ana (set A): 2 down, 32 left, discard pile 0; game 0 points.",
        "  Ben (set B): 0 down, 34 left, discard pile 0; game 0 points."]


def test_replaying_the_actions_gives_the_same_game():
    table = Table(("Ana", "Ben"), replay=True, rules_cards=True, minutes=3, seed=4)
    table.lay(CLOSED)
    dead_hand(table)
    table.play(6, (1, 0), player="Ben")
    table.act("done", player="Ben")
    table.play("BB-B-R5", (2, 0), 0, player="Ben")
    table.act("time_up")
    again, events = BigBang.replay(table.game.config, table.game.actions)
    assert events == table.events
    assert again.state() == table.game.state()


def test_doctests():
    for module in (game_module, hint_module, tableau_module):
        assert doctest.testmod(module).failed == 0


# ---- what the station reads: the outcome, the turns, the codes behind the screens' titles ------

def test_a_solo_game_is_solo_and_its_outcome_counts_points():
    table = Table()
    assert table.game.turns().style == "solo"
    assert table.game.outcome() == Outcome(False, (), {"Ana": 0}, "points")
    table.lay(FULL_GAME)
    assert table.game.outcome() == Outcome(True, ("Ana",), {"Ana": 28}, "points")


def test_actions_out_of_their_moment_say_who_and_why_with_the_code_the_screen_titles():
    table = Table(start=False)
    early = table.act("next_round")
    assert early == [{"type": "violation", "player": None, "code": "not_started",
                      "message": "Play this round first: press CONFIRM to start it.", "card": None, "t": table.t}]
    table.act("start")
    assert table.act("start")[0]["code"] == "started"
    on = table.act("next_round")
    assert on == [{"type": "violation", "player": None, "code": "round_on", "message": "Finish this round first.",
                   "card": None, "t": table.t}]
    table.lay([((1, 0), 4)])
    lifted = table.act("lift", player="Ana", card=number(4))
    assert table.said(lifted) == ["Ana: Played cards stay: put it back."]
    assert table.act("time_up")[:1] == [{"type": "time_up", "round": 1, "t": table.t}]
    assert table.act("lift", player="Ana", card=number(4)) == [], "once the round is over the cards are gathered"


def test_the_whole_state_is_what_the_protocol_documents():
    """Every key of the state (docs/protocol.md): the live screen, the hint and the history read them."""
    table = Table(("Ana", "Ben"), rules_cards=True, replay=True, minutes=3, rounds=2, stolen=True)
    table.play("BB-A-R1", (1, 0), 180)  # 2 points; its faces "1 2" and "6 7" face (1, -1) and (2, 0): 4 open faces
    table.play(4, (1, 0), player="Ben")
    table.act("time_up")

    def seat(player: str, card: dict[str, Any], numbers: int, rules: int, score: int) -> dict[str, Any]:
        star = {"cell": [0, 0], "card": "BB-A-STAR" if player == "Ana" else "BB-B-STAR", "kind": "star",
                "value": None, "turn": 0}
        return {"player": player, "set": star["card"][3], "cells": [star, card], "last": [1, 0], "discard": [],
                "numbers": numbers, "rules": rules, "score": score, "in_play": 34, "left": 33, "hand": 2, "deck": 31,
                "replayed": False, "open_faces": 4, "finished": ""}

    assert table.game.state() == {
        "game": "big-bang", "over": False, "players": ["Ana", "Ben"], "round": 1, "rounds": 2, "phase": "round_over",
        "started_at": 1.0, "seconds": 180, "rules_cards": True, "replay": True, "stolen": True, "hand_size": 3,
        "tableaux": [
            seat("Ana", {"cell": [1, 0], "card": "BB-A-R1", "kind": "rules", "value": None, "turn": 180,
                         "faces": ["1 2", "6 7", "any"]}, 0, 1, 2),
            seat("Ben", {"cell": [1, 0], "card": "BB-B-N4A", "kind": "number", "value": 4, "turn": 180}, 1, 0, 1)],
        "results": [{"Ana": {"numbers": 0, "rules": 1, "unplayed": 33, "score": 2 - 33, "points": 33},
                     "Ben": {"numbers": 1, "rules": 0, "unplayed": 33, "score": 1 - 33, "points": 0}}],
        "game_scores": {"Ana": 33, "Ben": 0}, "winners": []}


def test_a_finished_game_shows_who_won_and_why_each_player_stopped():
    table = Table()
    table.lay(FULL_GAME)
    state = table.game.state()
    assert (state["over"], state["phase"], state["winners"], state["seconds"]) == (True, "finished", ["Ana"], None)
    assert state["tableaux"][0]["finished"] == "all_down" and state["tableaux"][0]["last"] == [2, -2]
    stuck = Table()
    stuck.lay(STUCK)
    stuck.act("done", player="Ana")
    assert stuck.seat()["finished"] == "out"
