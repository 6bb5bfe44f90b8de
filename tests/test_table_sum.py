"""The SUM table adapter: the target box, the wild box, the strip read at CONFIRM in the reading
direction of the player whose turn it is, won piles, and last turn's cards left on the strip."""

from __future__ import annotations

from conftest import Lying
from engine.sum import Sum
from station.table.mat import mat_layout
from station.games.sum.table import SumTable

PLAYERS = ["Ana", "Ben", "Cleo"]
MAT = mat_layout("sum", 3)
STRIP = MAT.zone("strip")
TARGET = MAT.zone("target")
WILD = MAT.zone("wild")
SUBMIT = {"type": "submit", "t": 9.0, "player": "Ana", "cards": []}


def game(target: str | None = "SU-A-N12A") -> Sum:
    g = Sum({"game": "sum", "players": PLAYERS})
    if target is not None:
        g.apply({"type": "target", "t": 0.5, "card": target})
    return g


def placed(card: str, x: float, y: float) -> dict:
    return {"type": "placed", "card": card, "x": x, "y": y, "angle": 0.0}


def removed(card: str) -> dict:
    return {"type": "removed", "card": card}


def on_strip(cards: list[str], xs: list[float]) -> list[Lying]:
    return [Lying(card, x, STRIP.y + STRIP.h / 2) for card, x in zip(cards, xs)]


def test_a_number_card_in_the_target_box_is_the_target_and_lying_there_it_is_no_new_one():
    adapter, g = SumTable(PLAYERS), game(target=None)
    reading = adapter.read([placed("SU-A-N7B", *TARGET.center)], 1.0, g.state(), MAT)
    assert reading.actions == [{"type": "target", "t": 1.0, "card": "SU-A-N7B", "source": "camera"}]
    g.apply(reading.actions[0])
    again = adapter.read([placed("SU-A-N7B", *TARGET.center)], 2.0, g.state(), MAT)  # seen again after a hand
    assert again.actions == [] and again.notes == []


def test_a_wild_card_in_the_wild_box_is_played_by_the_player_whose_turn_it_is():
    adapter, g = SumTable(PLAYERS), game()
    for t in (1, 2):
        g.apply({"type": "draw", "t": t, "player": "Ana", "deck": "numbers"})
    g.apply({"type": "end_turn", "t": 3, "player": "Ana"})
    reading = adapter.read([placed("SU-A-PROP1", *WILD.center)], 4.0, g.state(), MAT)
    assert reading.actions == [{"type": "wild", "t": 4.0, "player": "Ben", "card": "SU-A-PROP1", "source": "camera"}]


def test_cards_on_the_strip_are_no_play_until_confirm_which_reads_them_left_to_right_for_a_near_player():
    adapter, g = SumTable(PLAYERS), game()
    lying = on_strip(["SU-A-N4A", "SU-A-N3A", "SU-A-MUL1"], [330, 200, 265])
    reading = adapter.read([placed("SU-A-N4A", 330, STRIP.y + 50)], 1.0, g.state(), MAT, lying)
    assert reading.actions == [] and reading.notes == []
    submit = adapter.complete(SUBMIT, g.state())
    assert submit == {**SUBMIT, "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]}
    assert g.apply(submit)[0]["type"] == "equation_won"


def test_a_player_at_the_far_side_reads_the_strip_right_to_left():
    adapter, g = SumTable(PLAYERS), game()
    for t, player in enumerate(["Ana", "Ana", "Ben", "Ben"], start=1):
        g.apply({"type": "draw", "t": t, "player": player, "deck": "operations"})
        if t % 2 == 0:
            g.apply({"type": "end_turn", "t": t, "player": player})
    assert g.state()["turn"] == "Cleo" and MAT.seat_zones(3)[0].facing == 180
    # Cleo, across the table, lays 2 × 6 from her left to her right: on the mat, right to left.
    adapter.read([], 5.0, g.state(), MAT, on_strip(["SU-A-N2A", "SU-A-MUL1", "SU-A-N6A"], [400, 340, 280]))
    submit = adapter.complete({"type": "submit", "t": 6.0, "player": "Cleo", "cards": []}, g.state())
    assert submit["cards"] == ["SU-A-N2A", "SU-A-MUL1", "SU-A-N6A"]


def test_cards_beside_the_strip_count_when_close_and_a_card_far_from_every_box_is_told():
    adapter, g = SumTable(PLAYERS), game()
    near_end = [Lying("SU-A-N6A", STRIP.x + 60, STRIP.y + 50), Lying("SU-A-ADD1", STRIP.x + STRIP.w + 10, STRIP.y + 50)]
    adapter.read([], 1.0, g.state(), MAT, near_end)
    assert adapter.complete(SUBMIT, g.state())["cards"] == ["SU-A-N6A", "SU-A-ADD1"]
    lost = adapter.read([placed("SU-A-N2A", 5, 5)], 2.0, g.state(), MAT)
    assert [n.code for n in lost.notes] == ["outside_zones"] and lost.actions == []


def test_won_cards_moved_to_a_pile_are_no_play():
    adapter, g = SumTable(PLAYERS), game()
    pile = MAT.zone("seat1.won")
    reading = adapter.read([placed("SU-A-N3A", *pile.center)], 1.0, g.state(), MAT)
    assert reading.actions == [] and reading.notes == []


def won_with_3_times_4(adapter: SumTable, g: Sum) -> list[Lying]:
    lying = on_strip(["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"], [200, 250, 300])
    adapter.read([], 1.0, g.state(), MAT, lying)
    assert g.apply(adapter.complete(SUBMIT, g.state()))[0]["type"] == "equation_won"
    g.apply({"type": "target", "t": 10, "card": "SU-A-N8A"})  # Ben's turn: 8
    return lying


def test_last_turns_equation_still_on_the_strip_is_told_once():
    adapter, g = SumTable(PLAYERS), game()
    lying = won_with_3_times_4(adapter, g) + on_strip(["SU-A-N5A"], [400])
    first = adapter.read([placed("SU-A-N5A", 400, STRIP.y + 50)], 11.0, g.state(), MAT, lying)
    assert [(n.code, n.title) for n in first.notes] == [("clear", "Clear the strip")]
    lying += on_strip(["SU-A-ADD1"], [450])
    again = adapter.read([placed("SU-A-ADD1", 450, STRIP.y + 50)], 12.0, g.state(), MAT, lying)
    assert again.notes == []


def test_an_operation_card_of_last_turn_drawn_again_and_laid_anew_is_no_leftover():
    """The × of 3 × 4 went back into the Operations deck; Ben draws it and lays 2 × 4 with it."""
    adapter, g = SumTable(PLAYERS), game()
    lying = won_with_3_times_4(adapter, g)
    cleared = adapter.read([removed(card.card_id) for card in lying], 12.0, g.state(), MAT, [])
    assert cleared.notes == []
    again = on_strip(["SU-A-N2A", "SU-A-MUL1"], [200, 250])
    for t, card in zip((20.0, 21.0), again):
        reading = adapter.read([placed(card.card_id, card.x, card.y)], t, g.state(), MAT, again[:int(t) - 19])
        assert reading.notes == [], reading.notes


# ---- what the games' mutation run (issues 15 and 13) found untested ---------------------------

def test_a_card_far_from_every_box_is_named_with_where_it_belongs_and_a_draw_is_left_as_it_is():
    adapter, g = SumTable(PLAYERS), game()
    (note,) = adapter.read([placed("SU-A-N2A", 5, 5)], 1.0, g.state(), MAT).notes
    assert (note.code, note.title, note.detail, note.card) == ("outside_zones", "Not in a box",
                                                               "Target, strip or wild box", "SU-A-N2A")
    draw = {"type": "draw", "t": 2.0, "player": "Ana", "deck": "numbers"}
    assert adapter.complete(draw, g.state()) is draw


def test_every_other_games_card_in_every_zone_is_a_note_never_a_play():
    """Every kind of card of every other game, laid in each zone (target box, strip, wild box, won piles) at moments of a
    whole game and taken away again: "Other game: take it off", and no play."""
    from other_deck_check import plays_made

    assert plays_made({"game": "sum", "seed": 42, "players": ["Ana", "Ben"]}) == []
