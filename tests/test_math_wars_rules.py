"""Math Wars Meta rules a bug would get wrong without any other test noticing: each test plays
the hand a table would and checks the cards that move (docs/rules/math-wars-meta.md)."""

from __future__ import annotations

import pytest

from conftest import Table
from engine.math_wars.config import CRATE_CARDS


# ---- Solo: only a positive result discards ----------------------------------------------------------

@pytest.mark.parametrize(("count", "crate", "result"), [("MW-A-N1", "MW-A-S10", -9), ("MW-A-N5", "MW-A-S5", 0)])
def test_solo_with_a_result_of_zero_or_below_discards_nothing(count, crate, result) -> None:
    t = Table(players=["Ana"])
    events = t.hand(Ana=(count, crate))
    assert t.of("hand_result", events)[0]["results"][0]["result"] == result
    (discard,) = t.of("solo_discard", events)
    assert (discard["owed"], discard["paid"]) == (0, 0)
    piles = t.piles("Ana")
    assert (piles["draw"], piles["spoils"]) == (24, 1)   # only the card turned up has moved
    assert (piles["crate_draw"], piles["crate_discard"]) == (CRATE_CARDS - 1, 1)


def test_solo_with_a_result_of_one_discards_one() -> None:
    t = Table(players=["Ana"])
    events = t.hand(Ana=("MW-A-N2", "MW-A-S1"))
    assert t.of("solo_discard", events)[0]["paid"] == 1
    assert (t.piles("Ana")["draw"], t.piles("Ana")["spoils"]) == (23, 2)


# ---- the MATH CRATE pile ------------------------------------------------------------------------------

def test_an_empty_math_crate_pile_is_reshuffled_from_its_discards() -> None:
    """Option 2 lets a COUNT META card come back, so a game lasts past all 40 MATH CRATE cards."""
    t = Table(discard_option=2)
    for hand in range(CRATE_CARDS):   # 11 v 12, the winner alternating: one card paid a hand
        low, high = ("MW-A-A1", "MW-B-A2") if hand % 2 == 0 else ("MW-A-A2", "MW-B-A1")
        events = t.hand(Ana=("MW-A-N10", low), Ben=("MW-B-N10", high))
        assert not t.of("crates_reshuffled", events) and not t.of("violation", events)
        assert not t.of("knocked_out", events)   # spoils count as cards to turn up under Option 2
    assert [(t.piles(p)["crate_draw"], t.piles(p)["crate_discard"]) for p in ("Ana", "Ben")] == [(0, CRATE_CARDS)] * 2
    events = t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N10", "MW-B-A2"))
    assert [(e["player"], e["cards"]) for e in t.of("crates_reshuffled", events)] == [("Ana", CRATE_CARDS),
                                                                                    ("Ben", CRATE_CARDS)]
    assert t.of("hand_won", events)[0]["side"] == "Ben"
    assert [(t.piles(p)["crate_draw"], t.piles(p)["crate_discard"]) for p in ("Ana", "Ben")] == [
        (CRATE_CARDS - 1, 1)] * 2


# ---- teams under Option 2: who collects ---------------------------------------------------------------

TEAMS = {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}


def test_team_option_2_a_tie_between_teammates_goes_to_the_first_seated() -> None:
    t = Table(players=None, teams=TEAMS, discard_option=2)
    seated = list(t.game.state()["players"])
    first, second = [p for p in seated if p in TEAMS["Red"]]
    events = t.hand(Ana=("MW-A-N10", "MW-A-A2"), Ben=("MW-B-N11", "MW-B-A1"),   # 12 and 12
                    Cy=("MW-C-N3", "MW-C-A1"), Dee=("MW-D-N8", "MW-D-A1"))
    assert {p["player"]: p["to"] for p in t.of("cards_paid", events)} == {"Cy": first, "Dee": first}
    assert t.piles(first)["spoils"] == 1 + (11 + 1) * 2 and t.piles(second)["spoils"] == 1


def test_team_option_2_the_later_seated_teammate_with_the_best_result_collects() -> None:
    t = Table(players=None, teams=TEAMS, discard_option=2)
    events = t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N12", "MW-B-A1"),   # 11 and 13
                    Cy=("MW-C-N3", "MW-C-A1"), Dee=("MW-D-N8", "MW-D-A1"))
    assert {p["player"]: p["to"] for p in t.of("cards_paid", events)} == {"Cy": "Ben", "Dee": "Ben"}
    assert t.piles("Ben")["spoils"] == 1 + (11 + 1) * 2 and t.piles("Ana")["spoils"] == 1   # Red 24 v Blue 13


def test_team_option_1_each_loser_pays_into_their_own_spoils() -> None:
    t = Table(players=None, teams=TEAMS)
    events = t.hand(Ana=("MW-A-N10", "MW-A-A1"), Ben=("MW-B-N12", "MW-B-A1"),
                    Cy=("MW-C-N3", "MW-C-A1"), Dee=("MW-D-N8", "MW-D-A1"))
    assert {p["player"]: p["to"] for p in t.of("cards_paid", events)} == {"Cy": "Cy", "Dee": "Dee"}
    assert t.piles("Ben")["spoils"] == 1 and t.piles("Cy")["spoils"] == 11 + 1


def test_option_2_a_player_with_few_cards_left_but_spoils_fights_a_math_war_in_full() -> None:
    t = Table(discard_option=2)
    t.hand(Ana=("MW-A-N1", "MW-A-A1"), Ben=("MW-B-N20", "MW-B-A1"))   # 2 v 21: Ana pays 19
    t.hand(Ana=("MW-A-N20", "MW-A-A1"), Ben=("MW-B-N1", "MW-B-A1"))   # 21 v 2: Ben pays 19
    assert [(t.piles(p)["draw"], t.piles(p)["spoils"]) for p in ("Ana", "Ben")] == [(4, 21), (4, 21)]
    events = t.hand(Ana=("MW-A-N5", "MW-A-A5"), Ben=("MW-B-N5", "MW-B-A5"))   # 10 v 10
    (war,) = t.of("math_war", events)
    assert war["players"] == ["Ana", "Ben"] and not t.of("knocked_out", events)
    played = t.play("Ana", "MW-A-N7")
    assert t.of("card_played", played)[0]["face_down"] == 3   # 3 left to draw: 3 face down, 1 up from the spoils
