"""Big Bang's story, as the demo and the log tell it: a Rules card named as one, a dead hand's
cards, the summary's piles and winners, the headline's options, and the moments out of turn."""

from __future__ import annotations

from engine.big_bang import BigBang, text
from engine.big_bang.tableau import places


def started(**config: object) -> BigBang:
    game = BigBang({"game": "big-bang", "players": ["Ana", "Ben"], **config})
    game.apply({"type": "start", "t": 0})
    return game


def test_a_rules_card_is_told_as_one_and_an_unknown_event_as_what_it_holds():
    game = started(rules_cards=True)
    card = next(f"BB-A-R{n}" for n in range(1, 7) if any(places(game.seats_["Ana"].tableau, game.piece(f"BB-A-R{n}"))))
    cell, turn = next(iter(places(game.seats_["Ana"].tableau, game.piece(card))))
    events = game.apply({"type": "play", "t": 1, "player": "Ana", "card": card, "cell": list(cell), "turn": turn})
    assert [game.describe(e) for e in events] == ["Ana plays a Rules card (33 cards left)."]
    assert text.describe({"type": "mystery", "x": 1}) == "mystery: {'type': 'mystery', 'x': 1}"


def test_a_dead_hand_and_the_summary_name_the_cards_and_the_piles_top():
    game = started(minutes=1)
    for card, cell in (("BB-A-N1A", (1, 0)), ("BB-A-N2A", (-1, 0)), ("BB-A-N3A", (0, 1))):
        game.apply({"type": "play", "t": 1, "player": "Ana", "card": card, "cell": list(cell), "turn": 180})
    told = [game.describe(e) for card in ("BB-A-N7A", "BB-A-N6A", "BB-A-N5A")
            for e in game.apply({"type": "discard", "t": 2, "player": "Ana", "card": card})]
    assert told == ["Ana discards 7 (1 on the discard pile).", "Ana discards 6 (2 on the discard pile).",
                    "Ana discards 5 (3 on the discard pile).",
                    "Ana's hand is dead: the 7, 6 and 5 go face up on the discard pile. Draw 3."]
    assert game.summary() == [
        "Round 1 of 1, playing.",
        "  Ana (set A): 3 down, 25 left, discard pile 3 (top 5); game 0 points.",
        "  Ben (set B): 0 down, 28 left, discard pile 0; game 0 points."]
    game.apply({"type": "time_up", "t": 60})
    assert game.summary()[0] == "Game over: Ana wins."


def test_a_tie_is_told_in_the_plural_and_a_round_over_with_words():
    tie = started(minutes=1)
    tie.apply({"type": "time_up", "t": 60})
    assert tie.summary()[0] == "Game over: Ana and Ben win."
    rounds = BigBang({"game": "big-bang", "players": ["Ana"], "minutes": 1, "rounds": 2})
    rounds.apply({"type": "start", "t": 0})
    rounds.apply({"type": "time_up", "t": 60})
    assert rounds.summary()[0] == "Round 1 of 2, round over."
    assert [rounds.describe(e) for e in rounds.apply({"type": "start", "t": 61})] == [
        "The round is over. CONFIRM: next round."]


def test_the_headline_names_the_options_in_play_only():
    assert BigBang({"game": "big-bang", "players": ["Ana"], "minutes": 1, "rounds": 2}).headline() == \
        "Big Bang · Ana · solo · 1 min · 2 rounds"
    assert BigBang({"game": "big-bang", "players": ["Ana", "Ben"], "rules_cards": True}).headline() == \
        "Big Bang · Ana, Ben · race · Rules cards"


def test_the_last_card_but_none_is_told_as_one_card_left():
    game = started()
    play = {"type": "card_played", "player": "Ana", "card": "BB-A-N4A", "kind": "number", "value": 4, "from": "hand",
            "ok": True, "score": 27, "t": 9}
    assert game.describe({**play, "left": 1}) == "Ana plays 4 (1 card left)."
    assert game.describe({**play, "left": 0}) == "Ana plays 4 (0 cards left)."
    assert game.describe({**play, "left": 2}) == "Ana plays 4 (2 cards left)."


def test_a_discard_pile_of_one_card_is_shuffled_back_in_as_one_card():
    game = started()
    assert game.describe({"type": "reshuffled", "player": "Ana", "cards": 1, "t": 3}) == \
        "Ana shuffles the discard pile (1 card) back in to replay it."
    assert game.describe({"type": "reshuffled", "player": "Ana", "cards": 4, "t": 3}) == \
        "Ana shuffles the discard pile (4 cards) back in to replay it."


def test_a_dead_hand_of_one_card_says_the_card_goes_face_up():
    game = started()
    dead = {"type": "dead_hand", "player": "Ana", "values": [7], "draw": 0, "t": 9}
    assert game.describe(dead) == "Ana's hand is dead: the 7 goes face up on the discard pile."
    assert game.describe({**dead, "values": [None]}) == "Ana's hand is dead: the Rules card goes face up on the discard pile."
    assert game.describe({**dead, "values": [7, 5]}) == "Ana's hand is dead: the 7 and 5 go face up on the discard pile."
