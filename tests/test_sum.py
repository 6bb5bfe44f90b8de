"""SUM rules, played the way a table plays them: a target turned up, equations laid, draws,
wild cards, and both ways to win."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

from engine.errors import ActionError, ConfigError
from engine.expressions import Op
from engine.sum import Sum
from engine.sum.config import NUMBERS_DECK, OPERATIONS_DECK
from engine.protocol import TURNS, Outcome, Turns
from engine.sum.equation import judge, solve

OPS = {"+": "ADD", "-": "SUB", "×": "MUL", "÷": "DIV"}


class Table:
    def __init__(self, players: tuple[str, ...] = ("Ana", "Ben", "Cleo"), target: int | None = 12, **config: Any):
        self.game = Sum({"game": "sum", "players": list(players), **config})
        self.t = 0.0
        self.used: defaultdict[str, int] = defaultdict(int)
        self.events: list[dict[str, Any]] = []
        if target is not None:
            self.turn_up(target)

    def card(self, token: str | int) -> str:
        if isinstance(token, int) or token.isdigit():
            self.used[f"N{token}"] += 1
            return f"SU-A-N{token}{'ABCD'[self.used[f'N{token}'] - 1]}"
        token = OPS.get(token, token)
        self.used[token] += 1
        return f"SU-A-{token}{self.used[token]}"

    def act(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1
        new = self.game.apply({"type": kind, "t": self.t, **fields})
        self.events.extend(new)
        return new

    def turn_up(self, value: int) -> list[dict[str, Any]]:
        return self.act("target", card=self.card(value))

    def lay(self, player: str, *tokens: str | int) -> list[dict[str, Any]]:
        return self.act("submit", player=player, cards=[self.card(t) for t in tokens])

    def refused(self, kind: str, **fields: Any) -> tuple[str | None, str, str]:
        """Who is charged, the code and the words of the one violation an action gets."""
        (event,) = self.act(kind, **fields)
        assert event["type"] == "violation"
        return event["player"], event["code"], event["message"]

    def of(self, kind: str, events: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]

    @property
    def state(self) -> dict[str, Any]:
        return self.game.state()


# ---- the equation ------------------------------------------------------------------------------

def test_a_correct_equation_wins_its_number_cards_and_returns_its_operations():
    table = Table()
    events = table.lay("Ana", 3, "×", 4)
    (won,) = table.of("equation_won", events)
    assert (won["equation"], won["numbers"], won["operations"], won["won"]) == ("3 × 4", 2, 1, 2)
    state = table.state
    assert state["won"]["Ana"] == 2 and state["hands"]["Ana"] == 4
    assert state["operations_deck"] == OPERATIONS_DECK - 9 + 1 and state["target"] is None
    assert table.of("turn", events)[0] == {"type": "turn", "player": "Ben", "needs_target": True, "t": table.t}


def test_a_wrong_equation_says_why_and_the_player_may_draw_on():
    table = Table()
    events = table.lay("Ana", 3, "×", 4, "-", 2)
    (wrong,) = table.of("violation", events)
    assert (wrong["code"], wrong["message"]) == ("wrong", "3 × 4 − 2 = 10, not 12")
    assert table.of("draw_more", events)[0]["draws_left"] == 2 and table.state["turn"] == "Ana"
    assert table.state["hands"]["Ana"] == 7  # the cards go back into the hand


@pytest.mark.parametrize("tokens, pairs, value", [
    ((2, 2, Op.MUL, 3), "sum", 12),
    ((3, 3, Op.ADD, 1), "sum", 7),
    ((3, 3, Op.ADD, 1), "product", 10),
    ((5, Op.SUB, 2, 2), "sum", 1),
])
def test_two_equal_cards_side_by_side_are_a_pair_worth_their_sum_or_their_product(tokens, pairs, value):
    assert judge(tokens, target=value, pairs=pairs).ok


def test_pairs_show_how_they_count_and_only_two_equal_cards_pair():
    assert judge([2, 2, Op.MUL, 3], target=12).shown == "(2+2) × 3"
    assert judge([3, 3, Op.SUB, 1], target=8, pairs="product").shown == "(3×3) − 1"
    assert "only two equal cards" in judge([3, 4, Op.ADD, 1], target=8).message
    assert "a pair is two" in judge([2, 2, 2, Op.ADD, 1], target=7).message


def test_a_minus_in_front_of_a_number_makes_it_negative():
    assert judge([Op.SUB, 3, Op.ADD, 15], target=12).ok
    assert judge([Op.SUB, 2, 2, Op.ADD, 16], target=12).ok  # a negative pair: −(2+2) + 16


def test_at_least_one_operation_card_is_used():
    judged = judge([6, 6], target=12)
    assert (judged.code, judged.message) == ("no_operation", "Use at least one operation card")
    assert judge([Op.SUB, 6, Op.ADD, 18], target=12).operations == 2


def test_division_comes_out_even_unless_the_table_allows_fractions():
    assert judge([7, Op.DIV, 2, Op.MUL, 4], target=14).code == "remainder"
    assert judge([7, Op.DIV, 2, Op.MUL, 4], target=14, fractions=True).ok


def test_order_of_operations_is_standard_unless_left_to_right():
    assert judge([2, Op.ADD, 2, Op.MUL, 3], target=8).ok
    assert judge([2, Op.ADD, 2, Op.MUL, 3], target=12, order="left-to-right").ok


def test_a_wild_card_in_the_equation_and_a_number_in_the_wild_box_are_judged():
    table = Table()
    (wild,) = table.act("submit", player="Ana", cards=[table.card(12), table.card("PROP"), table.card(1)])
    assert wild["code"] == "wild_in_equation"
    (number,) = table.act("wild", player="Ana", card=table.card(5))
    assert number["code"] == "not_wild"


# ---- draws and the turn -----------------------------------------------------------------------

def test_two_draws_a_turn_then_a_wrong_equation_ends_the_turn():
    table = Table()
    assert table.act("draw", player="Ana", deck="numbers")[0]["draws_left"] == 1
    table.act("draw", player="Ana", deck="operations")
    (refused,) = table.act("draw", player="Ana", deck="numbers")
    assert refused["code"] == "no_draws"
    state = table.state
    assert state["hands"]["Ana"] == 9 and state["numbers_deck"] == NUMBERS_DECK - 12 - 1 - 1
    events = table.lay("Ana", 1, "+", 1)
    assert [e["type"] for e in events] == ["violation", "turn_over", "turn"] and table.state["turn"] == "Ben"


def test_a_turn_ends_only_after_two_draws():
    table = Table()
    (early,) = table.act("end_turn", player="Ana")
    assert early["code"] == "draw_first" and "Draw 2 cards more" in early["message"]
    table.act("draw", player="Ana", deck="numbers")
    table.act("draw", player="Ana", deck="numbers")
    assert table.of("turn", table.act("end_turn", player="Ana"))[0]["player"] == "Ben"


def test_not_your_turn_and_no_target_yet():
    table = Table(target=None)
    (none,) = table.lay("Ana", 3, "×", 4)
    assert none["code"] == "no_target"
    table.turn_up(12)
    (wrong,) = table.lay("Ben", 3, "×", 4)
    assert wrong["code"] == "not_your_turn"
    (second,) = table.turn_up(7)
    assert second["code"] == "target_taken"


# ---- wild cards ---------------------------------------------------------------------------------

def test_propagation_gives_every_other_player_a_number_card():
    table = Table()
    events = table.act("wild", player="Ana", card=table.card("PROP"))
    assert table.of("everyone_draws", events)[0]["players"] == ["Ben", "Cleo"]
    assert table.state["hands"] == {"Ana": 6, "Ben": 8, "Cleo": 8}
    assert table.state["operations_deck"] == OPERATIONS_DECK - 9 + 1  # the wild card goes back in


def test_neutralization_discards_a_card_and_needs_another_card_in_hand():
    table = Table(("Ana", "Ben"))
    table.act("wild", player="Ana", card=table.card("NEUT"))
    assert table.state["hands"]["Ana"] == 5  # the wild card and the discarded one
    table.game.hands["Ana"] = 1  # only the wild card left
    (refused,) = table.act("wild", player="Ana", card=table.card("NEUT"))
    assert refused["code"] == "needs_another_card"


def test_rotation_passes_cards_left_and_needs_another_card():
    table = Table(("Ana", "Ben"))
    events = table.act("wild", player="Ana", card=table.card("ROT"))
    assert table.of("cards_passed", events) and table.state["hands"] == {"Ana": 6, "Ben": 7}
    table.game.hands["Ana"] = 1
    assert table.act("wild", player="Ana", card=table.card("ROT"))[0]["code"] == "needs_another_card"


@pytest.mark.parametrize("target, becomes", [(9, 3), (4, 2), (1, 1), (5, 25), (12, 144)])
def test_radicalization_takes_a_square_root_or_squares_the_target(target, becomes):
    table = Table(target=target)
    (changed,) = table.of("target_changed", table.act("wild", player="Ana", card=table.card("RAD")))
    assert changed["to"] == becomes and table.state["target"]["value"] == becomes


def test_a_wild_card_with_its_effect_turned_off_just_goes_back_into_the_deck():
    table = Table(wild={"propagation": False})
    events = table.act("wild", player="Ana", card=table.card("PROP"))
    assert events[0]["on"] is False and not table.of("everyone_draws", events)
    assert table.state["hands"] == {"Ana": 6, "Ben": 7, "Cleo": 7}


def test_after_a_wild_card_the_two_draws_are_still_owed():
    table = Table()
    table.act("wild", player="Ana", card=table.card("ROT"))
    (early,) = table.act("end_turn", player="Ana")
    assert "after a wild card" in early["message"]


def test_the_same_wild_card_again_before_anyone_could_have_drawn_it_is_judged_played_already():
    """A wild card goes back into the Operations deck: laid again in the same turn, or before any
    card was drawn from that deck, it is the same card seen twice (a restart, a misread), not a
    second play. Neutralization must not make Ana discard twice."""
    table = Table(("Ana", "Ben"))
    table.act("wild", player="Ana", card="SU-A-NEUT1")
    assert table.state["hands"]["Ana"] == 5
    (again,) = table.act("wild", player="Ana", card="SU-A-NEUT1")
    assert again["code"] == "played_before"
    assert again["message"] == "That Neutralization was played already: shuffle it back into the Operations deck."
    assert table.state["hands"]["Ana"] == 5 and table.state["operations_deck"] == OPERATIONS_DECK - 6 + 1
    table.act("draw", player="Ana", deck="numbers")
    table.act("draw", player="Ana", deck="numbers")
    table.act("end_turn", player="Ana")
    (still,) = table.act("wild", player="Ben", card="SU-A-NEUT1")  # nobody drew from the Operations deck
    assert still["code"] == "played_before" and table.state["hands"]["Ben"] == 7


def test_a_wild_card_drawn_again_from_the_operations_deck_may_be_played_on_a_later_turn():
    table = Table(("Ana", "Ben"))
    table.act("wild", player="Ana", card="SU-A-PROP1")
    table.act("draw", player="Ana", deck="operations")  # it may be the card she draws ...
    (same_turn,) = table.act("wild", player="Ana", card="SU-A-PROP1")  # ... but not play on the turn it is drawn
    assert same_turn["code"] == "played_before"
    table.act("draw", player="Ana", deck="numbers")
    table.act("end_turn", player="Ana")
    table.act("draw", player="Ben", deck="numbers")
    table.act("draw", player="Ben", deck="numbers")
    table.act("end_turn", player="Ben")
    played = table.act("wild", player="Ana", card="SU-A-PROP1")
    assert played[0]["type"] == "wild_played" and table.state["hands"]["Ben"] == 7 + 1 + 2 + 1


# ---- winning -------------------------------------------------------------------------------------

def test_the_first_player_with_an_empty_hand_wins():
    table = Table(("Ana", "Ben"))
    table.game.hands["Ana"] = 3
    events = table.lay("Ana", 3, "×", 4)
    (over,) = table.of("game_over", events)
    assert (over["reason"], over["winners"]) == ("empty_hand", ["Ana"]) and table.game.outcome().over


def test_when_the_numbers_deck_runs_out_the_most_won_cards_win_and_ties_are_ties():
    table = Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 4)  # Ana wins 2
    table.turn_up(6)
    table.game.numbers_deck = 1
    events = table.act("draw", player="Ben", deck="numbers")
    assert table.of("numbers_out", events) and not table.game.outcome().over  # Ben's turn is the last
    table.lay("Ben", 2, "×", 3)  # Ben wins 2: a tie
    over = table.of("game_over")[0]
    assert over["reason"] == "numbers_out" and over["winners"] == ["Ana", "Ben"]


# ---- the hint, config, replay ------------------------------------------------------------------

def test_the_hint_finds_another_order_of_the_same_cards():
    table = Table()
    table.lay("Ana", 2, "×", 3, "+", 3)  # 9, not 12
    hint = table.game.hint()
    assert hint["target"] == 12 and hint["equation"] in {"(3+3) × 2", "2 × (3+3)"}
    assert solve([5, Op.ADD, 1], target=12) is None


@pytest.mark.parametrize("config, words", [
    ({"players": ["Ana"]}, "2–6 players"),
    ({"players": ["Ana", "Ben"], "pairs": "twice"}, "'sum'"),
    ({"players": ["Ana", "Ben"], "wild": {"chaos": True}}, "effects: propagation"),
])
def test_a_bad_config_says_which_key_and_why(config, words):
    with pytest.raises(ConfigError, match=words):
        Sum({"game": "sum", **config})


def test_malformed_actions_raise_and_replay_is_exact():
    table = Table()
    with pytest.raises(ActionError):
        table.act("draw", player="Ana", deck="hats")
    table.lay("Ana", 3, "×", 4, "-", 2)
    table.act("draw", player="Ana", deck="operations")
    table.act("wild", player="Ana", card=table.card("RAD"))
    again, events = Sum.replay(table.game.config, table.game.actions)
    assert events == table.events and again.state() == table.game.state()


def test_a_wild_card_needs_a_card_to_play_and_discarding_the_last_card_wins():
    table = Table(("Ana", "Ben"))
    table.game.hands["Ana"] = 2
    events = table.act("wild", player="Ana", card=table.card("NEUT"))  # the wild card and the last card go
    assert table.of("game_over", events)[0] == {"type": "game_over", "reason": "empty_hand", "winners": ["Ana"],
                                                "won": {"Ana": 0, "Ben": 0}, "t": table.t}
    fresh = Table(("Ana", "Ben"))
    fresh.game.hands["Ana"] = 0
    (refused,) = fresh.act("wild", player="Ana", card=fresh.card("PROP"))
    assert refused["code"] == "too_many" and fresh.game.hands["Ana"] == 0


# ---- what the games' mutation run (issues 15 and 13) found untested -----------------------------

def story(table: Table) -> list[str]:
    return [table.game.describe(e) for e in table.events]


def test_a_game_is_told_as_the_table_saw_it():
    table = Table(("Ana", "Ben", "Cleo"), wild={"rotation": False}, fractions=True, order="left-to-right")
    table.act("draw", player="Ana", deck="numbers")
    table.lay("Ana", 3, "×", 4, "-", 2)
    table.act("draw", player="Ana", deck="operations")
    table.lay("Ana", 5, "+", 5)
    table.act("wild", player="Ben", card=table.card("PROP"))
    table.act("wild", player="Ben", card=table.card("ROT"))
    table.act("wild", player="Ben", card=table.card("NEUT"))
    table.act("draw", player="Ben", deck="numbers")
    table.act("end_turn", player="Ben")
    table.act("draw", player="Ben", deck="numbers")
    table.act("end_turn", player="Ben")
    table.act("wild", player="Cleo", card=table.card("RAD"))
    table.act("wild", player="Cleo", card=table.card("RAD"))
    table.lay("Cleo", 8, "÷", 2, "×", 3)
    table.turn_up(9)
    table.game.numbers_deck = 1
    table.act("draw", player="Ana", deck="numbers")
    table.lay("Ana", 3, "×", 3, "×", 1)
    assert story(table) == [
        "The target is 12.",
        "Ana draws from the Numbers deck.",
        "Not yet: 3 × 4 − 2 = 10, not 12",
        "Ana may draw 1 card more.",
        "Ana draws from the Operations deck.",
        "Not yet: 5 + 5 = 10, not 12",
        "Ana's turn is over.",
        "Ben's turn.",
        "Ben plays Propagation.",
        "Ana and Cleo draw a number card.",
        "Ben plays Rotation (its effect is off at this table).",
        "Ben plays Neutralization.",
        "Ben discards a card of their choice.",
        "Ben draws from the Numbers deck.",
        "Not yet: Draw 1 card more before your turn ends (after a wild card you still draw your two).",
        "Ben draws from the Numbers deck.",
        "Ben's turn is over.",
        "Cleo's turn.",
        "Cleo plays Radicalization.",
        "The target 12 becomes 144 (squared).",
        "Cleo plays Radicalization.",
        "The target 144 becomes 12 (its square root).",
        "Cleo makes 12: 8 ÷ 2 × 3 = 12, and wins 3 number cards.",
        "Ana's turn. Turn up a new target.",
        "The target is 9.",
        "Ana draws from the Numbers deck.",
        "The Numbers deck is used up: this is the last turn.",
        "Ana makes 9: 3 × 3 × 1 = 9, and wins 3 number cards.",
        "The Numbers deck is used up: Ana and Cleo won the most number cards and win! (Ana 3, Ben 0, Cleo 3)",
    ]
    assert table.game.headline() == ("SUM · Ana, Ben, Cleo · pairs add up (2 2 is 4) · left to right · "
                                     "fractions allowed · wild cards off: rotation")
    assert table.game.summary() == ["Game over: Ana and Cleo won.",
                                    "  Ana    3 cards won  6 in hand",
                                    "  Ben    0 cards won  5 in hand",
                                    "  Cleo   3 cards won  1 in hand",
                                    "Numbers deck: 0, Operations deck: 39."]


def test_one_winner_one_card_and_nobody_are_told_in_good_grammar():
    table = Table(("Ana", "Ben"), pairs="product")
    assert table.game.headline() == "SUM · Ana, Ben · pairs multiply (3 3 is 9) · × and ÷ first"
    assert table.game.summary()[0] == "Ana's turn."
    table.game.numbers_deck = 1
    table.act("draw", player="Ana", deck="numbers")  # the Numbers deck is used up
    table.act("wild", player="Ana", card=table.card("PROP"))
    table.game.hands["Ana"] = 0
    table.act("wild", player="Ana", card=table.card("PROP"))
    table.game.hands["Ana"] = 5
    table.lay("Ana", 6, "+", 6)
    assert story(table)[-5:] == [
        "Ana plays Propagation.",
        "Nobody draws a number card.",  # the Numbers deck is empty
        "Not yet: 1 card laid, but only 0 in your hand: check the cards.",
        "Ana makes 12: 6 + 6 = 12, and wins 2 number cards.",
        "The Numbers deck is used up: Ana won the most number cards and wins! (Ana 2, Ben 0)",
    ]
    empty = Table(("Ana", "Ben"))
    empty.game.hands["Ana"] = 3
    empty.lay("Ana", 3, "×", 4)
    assert story(empty)[-1] == "Ana has no cards left and wins!"


def test_every_refusal_says_why_and_who_in_a_childs_words():
    table = Table(("Ana", "Ben"))
    assert table.refused("target", card="SU-A-N3A") == (
        None, "target_taken", "The target is 12: keep it until an equation wins it.")
    assert table.refused("target", card="WC-A-N3A") == (
        None, "not_a_number", "The target is a number card from the Numbers deck, not NUMBER 3.")
    assert table.refused("wild", player="Ana", card="WC-A-N3A") == (
        "Ana", "not_wild", "Only wild cards go in the wild box, not NUMBER 3.")
    assert table.refused("submit", player="Ana", cards=[table.card(12), table.card("+"), table.card("PROP")]) == (
        "Ana", "wild_in_equation", "Wild cards go in the wild box, never in an equation.")
    assert table.refused("submit", player="Ana", cards=["WC-A-N3A", "SU-A-ADD1", "SU-A-N9A"]) == (
        "Ana", "wrong_game", "That card is from Who's Counting?, not SUM.")
    assert table.refused("submit", player="Ana", cards=["SU-A-N12A", "SU-A-ADD1", "SU-A-N9A"]) == (
        "Ana", "played_before", "That NUMBER 12 card was played already.")  # the target itself
    assert table.refused("draw", player="Ben", deck="numbers") == ("Ben", "not_your_turn", "It is Ana's turn.")
    table.game.hands["Ana"] = 2
    assert table.refused("submit", player="Ana", cards=[table.card(6), table.card("+"), table.card(6)]) == (
        "Ana", "too_many", "3 cards laid, but only 2 in your hand: check the cards.")
    assert table.state["hands"]["Ana"] == 2 and table.state["won"]["Ana"] == 0


def test_an_empty_deck_is_said_and_a_turn_with_no_deck_left_ends_without_draws():
    table = Table(("Ana", "Ben"))
    table.game.operations_deck = 0
    assert table.refused("draw", player="Ana", deck="operations") == (
        "Ana", "deck_empty", "The Operations deck is empty.")
    table.game.numbers_deck = 1
    table.act("draw", player="Ana", deck="numbers")  # the last number card
    assert table.refused("draw", player="Ana", deck="numbers") == ("Ana", "deck_empty", "The Numbers deck is empty.")
    over = table.act("end_turn", player="Ana")  # one draw owed, but nothing left to draw: the turn and the game end
    assert [e["type"] for e in over] == ["turn_over", "game_over"] and over[1]["winners"] == ["Ana", "Ben"]
    assert table.refused("target", card="SU-A-N5A") == (None, "game_over", "The game is over: Ana and Ben won.")


def test_the_config_keeps_its_seed_and_defaults():
    assert Sum({"game": "sum", "players": ["Ana", "Ben"], "seed": 3}).config == {
        "game": "sum", "seed": 3, "players": ["Ana", "Ben"], "pairs": "sum", "order": "standard", "fractions": False,
        "wild": {"propagation": True, "neutralization": True, "radicalization": True, "rotation": True}}
    chosen = Sum({"game": "sum", "players": ["Ana", "Ben"], "pairs": "product", "order": "left-to-right",
                  "fractions": True, "wild": {"rotation": False}})
    assert chosen.config["seed"] == 0 and chosen.config["wild"]["rotation"] is False
    assert chosen.state()["rules"] == {"pairs": "product", "order": "left-to-right", "fractions": True}
    assert chosen.seats() == ("Ana", "Ben")


@pytest.mark.parametrize("config, message", [
    ({"players": [f"P{n}" for n in range(7)]}, "SUM is for 2–6 players, not 7"),
    ({"players": ["Ana", "Ben"], "order": "rtl"}, "order must be 'standard' (× and ÷ first) or 'left-to-right', not 'rtl'"),
    ({"players": ["Ana", "Ben"], "fractions": "yes"}, "fractions must be true or false, not 'yes'"),
    ({"players": ["Ana", "Ben"], "pairs": "twice"}, "pairs must be 'sum' (2 2 is 4) or 'product' (3 3 is 9), not 'twice'"),
    ({"players": ["Ana", "Ben"], "wild": {"rotation": "no"}},
     'wild turns effects on or off, e.g. {"rotation": false} (effects: propagation, neutralization, radicalization, '
     'rotation)'),
    ({"players": ["Ana", "Ben"], "wild": ["rotation"]},
     'wild turns effects on or off, e.g. {"rotation": false} (effects: propagation, neutralization, radicalization, '
     'rotation)'),
    ({"players": ["Ana", "Ben"], "colour": 1},
     "unknown config key 'colour' (known: fractions, game, order, pairs, players, seed, wild)"),
])
def test_a_bad_config_is_refused_with_the_whole_reason(config, message):
    with pytest.raises(ConfigError) as caught:
        Sum({"game": "sum", **config})
    assert str(caught.value) == message


def test_an_empty_strip_a_used_target_and_a_game_over_are_refused():
    table = Table(("Ana", "Ben"))
    empty = table.act("submit", player="Ana", cards=[])
    assert [(e["type"], e.get("code"), e.get("message")) for e in empty] == [
        ("violation", "empty", "Lay an equation on the strip first"), ("draw_more", None, None)]
    table.lay("Ana", 3, "×", 4)  # won: the 12 is no target any more
    assert table.refused("target", card="SU-A-N12A") == (None, "played_before", "That NUMBER 12 card was played already.")
    assert table.refused("target", card="SU-A-N3A") == (None, "played_before", "That NUMBER 3 card was played already.")
    table.turn_up(5)
    table.game.hands["Ben"] = 3
    table.lay("Ben", 2, "+", 3)  # an empty hand: Ben wins
    assert table.game.turns().current is None
    for kind, fields in [("draw", {"deck": "numbers"}), ("wild", {"card": "SU-A-PROP1"}), ("end_turn", {}),
                         ("submit", {"cards": ["SU-A-N1A"]})]:
        assert table.refused(kind, player="Ana", **fields) == ("Ana", "game_over", "The game is over: Ben won.")
    with pytest.raises(ActionError, match="no player called 'Zed' \\(players: Ana, Ben\\)"):
        table.act("draw", player="Zed", deck="numbers")


def test_a_target_cannot_be_turned_up_from_an_empty_numbers_deck_and_wild_cards_wait_their_turn():
    table = Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 4)
    assert table.refused("wild", player="Ana", card="SU-A-RAD1") == ("Ana", "not_your_turn", "It is Ben's turn.")
    assert table.refused("end_turn", player="Ana") == ("Ana", "not_your_turn", "It is Ben's turn.")
    events = table.act("wild", player="Ben", card="SU-A-RAD1")  # no target to change: the card just goes back
    assert [e["type"] for e in events] == ["wild_played"] and table.state["target"] is None
    table.game.numbers_deck = 0
    assert table.refused("target", card="SU-A-N5A") == (None, "deck_empty", "The Numbers deck is empty.")


def test_the_hint_gives_up_after_its_limit_of_rows():
    assert solve([1, 2, 3, 4, Op.ADD, Op.SUB, Op.MUL], target=1000, limit=10) is None
    assert solve([1, 2, 3, 4, Op.ADD, Op.SUB, Op.MUL], target=10).ok


def test_the_hint_is_for_the_player_who_laid_the_wrong_equation_and_ends_with_the_turn():
    """Ana takes her cards back into her hidden hand: the next player's SPARE must not show them."""
    table = Table(("Ana", "Ben"))
    table.act("draw", player="Ana", deck="numbers")
    table.lay("Ana", 2, "×", 3, "+", 3)  # 9, not 12: Ana may still draw
    assert table.game.hint() == {"equation": "2 × (3+3)", "target": 12}
    table.act("draw", player="Ana", deck="numbers")
    table.lay("Ana", 2, "×", 3, "+", 3)  # wrong again after two draws: the turn ends
    assert table.state["turn"] == "Ben" and table.state["last_wrong"] is None and table.game.hint() is None
    table.lay("Ben", 5, "+", 1)
    table.act("draw", player="Ben", deck="operations")
    table.act("draw", player="Ben", deck="operations")
    assert table.game.hint()["equation"] is None
    table.act("end_turn", player="Ben")
    assert table.game.hint() is None


def test_the_game_says_whose_turn_who_won_and_what_lies_on_the_table():
    table = Table(("Ana", "Ben"))
    assert table.game.turns() == Turns(TURNS, "Ana")
    assert table.game.table_cards() == {"SU-A-N12A"}  # the target
    table.lay("Ana", 3, "×", 4)
    won = {"SU-A-N12A", "SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"}  # the target it won, the equation until taken away
    assert table.game.table_cards() == won
    table.turn_up(5)
    table.act("wild", player="Ben", card="SU-A-ROT1")  # in the wild box until someone shuffles it back
    assert table.game.table_cards() == won | {"SU-A-N5A", "SU-A-ROT1"}
    assert table.game.outcome() == Outcome(False, (), {"Ana": 2, "Ben": 0}, "number cards won")
    table.game.hands["Ben"] = 3
    table.lay("Ben", 2, "+", 3)
    assert table.game.outcome() == Outcome(True, ("Ben",), {"Ana": 2, "Ben": 2}, "number cards won")
    assert table.game.turns() == Turns(TURNS, None)


def test_drawing_takes_from_the_deck_asked_for_and_ending_waits_for_a_deck_with_cards():
    table = Table(("Ana", "Ben"))
    with pytest.raises(ActionError) as caught:
        table.act("draw", player="Ana", deck="hats")
    assert str(caught.value) == "'draw' deck is 'numbers' or 'operations', not 'hats'"
    assert table.act("draw", player="Ana", deck="operations")[0] == {
        "type": "drew", "player": "Ana", "deck": "operations", "draws_left": 1, "t": table.t}
    assert (table.state["operations_deck"], table.state["numbers_deck"]) == (OPERATIONS_DECK - 6 - 1, NUMBERS_DECK - 8 - 1)
    table.game.numbers_deck = 0
    table.game.last_turn = True  # the Numbers deck is used up; an operation card is left to draw
    assert table.refused("end_turn", player="Ana") == (
        "Ana", "draw_first", "Draw 1 card more before your turn ends.")
    table.act("draw", player="Ana", deck="operations")
    assert table.act("end_turn", player="Ana")[0] == {"type": "turn_over", "player": "Ana", "reason": "no_equation",
                                                      "t": table.t}


def test_wild_cards_change_the_decks_hands_and_target_as_printed():
    table = Table(("Ana", "Ben", "Cleo"))
    table.act("wild", player="Ana", card=table.card("PROP"))
    assert table.state["numbers_deck"] == NUMBERS_DECK - 12 - 1 - 2
    assert table.act("wild", player="Ana", card=table.card("ROT"))[1] == {
        "type": "cards_passed", "players": ["Ana", "Ben", "Cleo"], "t": table.t}
    table.game.hands["Ana"] = 1
    assert table.refused("wild", player="Ana", card=table.card("NEUT")) == (
        "Ana", "needs_another_card", "Neutralization needs another card in your hand.")
    assert table.refused("wild", player="Ana", card=table.card(5)) == (
        "Ana", "not_wild", "Only wild cards go in the wild box, not NUMBER 5.")


@pytest.mark.parametrize("config, laid, target, hint", [
    ({"pairs": "product"}, (3, "+", 3, 3, "+", 1), 12, "3 + (3×3)"),
    ({}, (3, "+", 3, 3, "+", 1), 12, None),
    ({"order": "left-to-right"}, (2, "×", 4, "+", 1), 12, "2 + 1 × 4"),  # (2 + 1) × 4
    ({}, (2, "×", 4, "+", 1), 12, None),
    ({"fractions": True}, (1, "+", 1, "÷", 2, "÷", 2), 1, "1 ÷ 2 + 1 ÷ 2"),
    ({}, (1, "+", 1, "÷", 2, "÷", 2), 1, "2 ÷ 1 ÷ 2"),
])
def test_the_hint_judges_with_the_tables_rules(config, laid, target, hint):
    table = Table(("Ana", "Ben"), target=target, **config)
    table.lay("Ana", *laid)
    assert table.game.hint() == {"equation": hint, "target": target}


def test_a_new_game_and_each_new_turn_start_clean():
    table = Table(("Ana", "Ben"), target=None)
    state = table.state
    assert (state["game"], state["over"], state["end"], state["draws"], state["wild_played"], state["last_wrong"],
            state["last_turn"]) == ("sum", False, "", 0, False, None, False)
    assert table.refused("submit", player="Ana", cards=["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]) == (
        "Ana", "no_target", "Turn up a new target first: a number card in the target box.")
    assert table.turn_up(12)[0] == {"type": "target_set", "card": "SU-A-N12A", "value": 12,
                                    "numbers_left": NUMBERS_DECK - 8 - 1, "t": table.t}
    rad = table.card("RAD")
    assert table.act("wild", player="Ana", card=rad)[0] == {
        "type": "wild_played", "player": "Ana", "card": rad, "effect": "radicalization", "on": True, "t": table.t}
    table.act("draw", player="Ana", deck="numbers")
    table.act("draw", player="Ana", deck="numbers")
    assert table.refused("draw", player="Ana", deck="numbers") == ("Ana", "no_draws", "Only two cards a turn: no more drawing.")
    table.act("end_turn", player="Ana")
    assert (table.state["draws"], table.state["wild_played"]) == (0, False)
    assert table.refused("end_turn", player="Ben") == ("Ben", "draw_first", "Draw 2 cards more before your turn ends.")
    table.game.hands["Ben"] = 0
    assert table.refused("wild", player="Ben", card=table.card("PROP")) == (
        "Ben", "too_many", "1 card laid, but only 0 in your hand: check the cards.")


def test_a_wrong_equation_after_two_draws_is_told_whole_and_ends_the_turn():
    table = Table(("Ana", "Ben"))
    table.act("draw", player="Ana", deck="numbers")
    table.act("draw", player="Ana", deck="numbers")
    cards = [table.card(3), table.card("×"), table.card(4), table.card("-"), table.card(2)]
    assert table.act("submit", player="Ana", cards=cards) == [
        {"type": "violation", "player": "Ana", "code": "wrong", "message": "3 × 4 − 2 = 10, not 12",
         "equation": "3 × 4 − 2", "made": "10", "target": 12, "t": table.t},
        {"type": "turn_over", "player": "Ana", "reason": "two_draws", "t": table.t},
        {"type": "turn", "player": "Ben", "needs_target": False, "t": table.t}]


def test_won_cards_add_up_and_stay_won():
    table = Table(("Ana", "Ben"))
    table.lay("Ana", 3, "×", 4)
    table.turn_up(7)
    table.lay("Ben", 9, "-", 2)
    table.turn_up(11)
    table.lay("Ana", 5, "+", 6)
    assert table.state["won"] == {"Ana": 4, "Ben": 2}
    table.turn_up(6)
    assert table.refused("submit", player="Ben", cards=["SU-A-N3A", "SU-A-ADD3", "SU-A-N3B"]) == (
        "Ben", "played_before", "That NUMBER 3 card was played already.")  # won by Ana two turns ago


@pytest.mark.parametrize("config, target, laid", [
    ({"pairs": "product"}, 12, (3, 3, "+", 3)),
    ({"order": "left-to-right"}, 12, (1, "+", 2, "×", 4)),
    ({"fractions": True}, 1, (1, "÷", 2, "+", 1, "÷", 2)),
])
def test_an_equation_is_judged_with_the_tables_rules(config, target, laid):
    table = Table(("Ana", "Ben"), target=target, **config)
    assert table.of("equation_won", table.lay("Ana", *laid))
    strict = Table(("Ana", "Ben"), target=target)
    assert table.of("violation", strict.lay("Ana", *laid))


def test_propagation_names_one_or_three_takers_and_the_headline_every_effect_off():
    four = Table(("Ana", "Ben", "Cleo", "Dev"), wild={"neutralization": False, "rotation": False})
    assert four.game.headline() == ("SUM · Ana, Ben, Cleo, Dev · pairs add up (2 2 is 4) · × and ÷ first · "
                                    "wild cards off: neutralization, rotation")
    drawn = four.act("wild", player="Ana", card=four.card("PROP"))[1]
    assert four.game.describe(drawn) == "Ben, Cleo and Dev draw a number card."
    two = Table(("Ana", "Ben"))
    assert two.game.describe(two.act("wild", player="Ana", card=two.card("PROP"))[1]) == "Ben draws a number card."
    assert two.game.describe({"type": "mystery", "n": 1}) == "mystery: {'type': 'mystery', 'n': 1}"
