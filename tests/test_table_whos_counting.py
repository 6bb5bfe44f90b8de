"""The Who's Counting? table adapter: the strip read at CONFIRM, red boxes, the blue box."""

from __future__ import annotations

from conftest import Lying
from engine.whos_counting import WhosCounting
from station.table.mat import mat_layout
from station.games.whos_counting.table import WhosCountingTable

PLAYERS = ["Ana", "Ben", "Cleo"]
MAT = mat_layout("whos-counting", 3)
STRIP = MAT.zone("strip")
BLUE = MAT.zone("blue")


def game() -> WhosCounting:
    return WhosCounting({"game": "whos-counting", "players": PLAYERS})


def placed(card: str, x: float, y: float) -> dict:
    return {"type": "placed", "card": card, "x": x, "y": y, "angle": 0.0}


def on_strip(cards: list[str], xs: list[float]) -> list[Lying]:
    return [Lying(card, x, STRIP.y + STRIP.h / 2) for card, x in zip(cards, xs)]


def test_confirm_reads_the_strip_left_to_right_for_a_near_player_and_the_blue_box():
    adapter, g = WhosCountingTable(PLAYERS), game()
    lying = on_strip(["WC-A-N2A", "WC-A-MUL1", "WC-A-N6A"], [300, 100, 200]) + [Lying("WC-A-DBL1", *BLUE.center)]
    adapter.read([], 1.0, g.state(), MAT, lying)
    submit = adapter.complete({"type": "submit", "t": 2.0, "player": "Ana", "cards": [], "blue": []}, g.state())
    assert submit["cards"] == ["WC-A-MUL1", "WC-A-N6A", "WC-A-N2A"] and submit["blue"] == ["WC-A-DBL1"]


def test_a_far_player_reads_the_strip_right_to_left():
    adapter, g = WhosCountingTable(PLAYERS), game()
    g.apply({"type": "pass", "t": 1, "player": "Ana"})
    g.apply({"type": "pass", "t": 2, "player": "Ben"})  # Cleo, at the far side, plays
    assert MAT.seat_zones(3)[0].facing == 180
    adapter.read([], 3.0, g.state(), MAT, on_strip(["WC-A-N9A", "WC-A-ADD1", "WC-A-N4A"], [100, 200, 300]))
    submit = adapter.complete({"type": "submit", "t": 4.0, "player": "Cleo", "cards": [], "blue": []}, g.state())
    assert submit["cards"] == ["WC-A-N4A", "WC-A-ADD1", "WC-A-N9A"]


def test_cards_on_the_strip_are_no_play_until_confirm():
    adapter, g = WhosCountingTable(PLAYERS), game()
    reading = adapter.read([placed("WC-A-N2A", *STRIP.center)], 1.0, g.state(), MAT, on_strip(["WC-A-N2A"], [STRIP.center[0]]))
    assert reading.actions == [] and reading.notes == []


def test_a_red_card_in_a_seats_box_is_that_players_red_card():
    adapter, g = WhosCountingTable(PLAYERS), game()
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], "blue": []})
    box = MAT.zone("seat2.red")
    reading = adapter.read([placed("WC-A-NEG1", *box.center)], 2.0, g.state(), MAT)
    assert reading.actions == [{"type": "red", "t": 2.0, "player": "Ben", "card": "WC-A-NEG1", "source": "camera"}]


def test_a_stop_in_the_blue_box_answers_a_red_card_only_in_the_answer_window():
    adapter, g = WhosCountingTable(PLAYERS), game()
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], "blue": []})
    early = adapter.read([placed("WC-A-STOP1", *BLUE.center)], 1.5, g.state(), MAT)
    assert early.actions == []  # no red card yet: a Stop laid now is read with the blue box, not as an answer
    g.apply({"type": "red", "t": 2, "player": "Ben", "card": "WC-A-NEG1"})
    answer = adapter.read([placed("WC-A-STOP2", *BLUE.center)], 2.5, g.state(), MAT)
    assert answer.actions == [{"type": "stop", "t": 2.5, "player": "Ana", "card": "WC-A-STOP2", "source": "camera"}]
    number = adapter.read([placed("WC-A-N7A", *BLUE.center)], 2.6, g.state(), MAT)
    assert number.actions == []  # only a Stop (or a Super) answers


def test_last_turns_cards_still_on_the_strip_are_said_once():
    adapter, g = WhosCountingTable(PLAYERS), game()
    old = ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"]
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": old, "blue": []})
    g.apply({"type": "window_closed", "t": 6})
    lying = on_strip(old, [100, 160, 220]) + on_strip(["WC-A-N2A"], [300])
    first = adapter.read([placed("WC-A-N2A", 300, STRIP.y + 50)], 7.0, g.state(), MAT, lying)
    assert [n.code for n in first.notes] == ["clear"]
    again = adapter.read([placed("WC-A-N3A", 360, STRIP.y + 50)], 8.0, g.state(), MAT, lying)
    assert again.notes == []


def test_a_card_far_from_every_box_is_told_and_a_red_box_without_a_player_is_empty():
    two = mat_layout("whos-counting", 2)
    adapter, g = WhosCountingTable(["Ana", "Ben"]), WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    lost = adapter.read([placed("WC-A-N2A", 5, 5)], 1.0, g.state(), two)
    assert [n.code for n in lost.notes] == ["outside_zones"]
    empty = adapter.read([placed("WC-A-NEG1", *MAT.zone("seat3.red").center)], 1.0, g.state(), MAT)
    assert [n.code for n in empty.notes] == ["empty_seat"] and empty.actions == []  # two players on a 3-seat mat


def test_a_card_laid_in_the_place_of_a_hidden_one_replaces_it_on_the_strip():
    """The 2 was slid out from under its neighbours, so the camera never saw it go; a 3 lies in its
    place now: the strip reads the 3, not both."""
    adapter, g = WhosCountingTable(PLAYERS), game()
    lying = on_strip(["WC-A-N9A", "WC-A-DIV1", "WC-A-N3B", "WC-A-MUL2", "WC-A-N3A"], [90, 146, 202, 258, 314])
    lying.insert(2, Lying("WC-A-N2A", 202.3, STRIP.y + STRIP.h / 2, covered=True))
    adapter.read([], 1.0, g.state(), MAT, lying)
    submit = adapter.complete({"type": "submit", "t": 2.0, "player": "Ana", "cards": [], "blue": []}, g.state())
    assert submit["cards"] == ["WC-A-N9A", "WC-A-DIV1", "WC-A-N3B", "WC-A-MUL2", "WC-A-N3A"]


# ---- what the games' mutation run (issues 14 and 13) found untested --------------------------

def red_thrown(g: WhosCounting, red: str = "WC-A-NEG1") -> None:
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], "blue": []})
    g.apply({"type": "red", "t": 2, "player": "Ben", "card": red})


def test_a_red_card_seen_again_is_no_second_red_card_and_a_card_taken_away_is_no_play():
    adapter, g = WhosCountingTable(PLAYERS), game()
    red_thrown(g)
    box = MAT.zone("seat2.red")
    moved = adapter.read([{**placed("WC-A-NEG1", *box.center), "type": "moved"}], 3.0, g.state(), MAT)
    gone = adapter.read([{"type": "removed", "card": "WC-A-NEG1"}], 3.5, g.state(), MAT)
    assert (moved.actions, moved.notes, gone.actions, gone.notes) == ([], [], [], [])
    g.apply({"type": "window_closed", "t": 7})  # the red card lies there until the table is cleared
    later = adapter.read([placed("WC-A-NEG1", *MAT.zone("seat3.red").center)], 8.0, g.state(), MAT)
    assert later.actions == []
    fresh = adapter.read([placed("WC-A-ZERO1", *MAT.zone("seat3.red").center)], 8.5, g.state(), MAT)
    assert fresh.actions == [{"type": "red", "t": 8.5, "player": "Cleo", "card": "WC-A-ZERO1", "source": "camera"}]


def test_a_card_moved_off_the_mat_is_told_only_when_laid_there():
    adapter, g = WhosCountingTable(PLAYERS), game()
    moved = adapter.read([{**placed("WC-A-N2A", 5, 5), "type": "moved"}], 1.0, g.state(), MAT)
    assert moved.notes == [] and moved.actions == []
    (note,) = adapter.read([placed("WC-A-N3A", 5, 5)], 2.0, g.state(), MAT).notes
    assert (note.code, note.title, note.detail) == ("outside_zones", "Not in a box", "Strip, blue box or red box")


def test_a_stop_lying_in_the_blue_box_before_the_red_card_answers_it_once_it_comes():
    adapter, g = WhosCountingTable(PLAYERS), game()
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], "blue": []})
    stops = [Lying("WC-A-STOP1", *BLUE.center), Lying("WC-A-STOP2", BLUE.center[0] + 20, BLUE.center[1])]
    assert adapter.read([], 1.5, g.state(), MAT, stops).actions == []  # no red card yet
    g.apply({"type": "red", "t": 2, "player": "Ben", "card": "WC-A-NEG1"})
    answer = adapter.read([], 2.5, g.state(), MAT, stops)
    assert answer.actions == [{"type": "stop", "t": 2.5, "player": "Ana", "card": "WC-A-STOP1", "source": "camera"}]
    g.apply(answer.actions[0])
    (again,) = adapter.read([], 3.0, g.state(), MAT, stops).actions  # the second Stop: in vain, and told so
    assert again["card"] == "WC-A-STOP2"
    assert g.apply(again)[0]["code"] == "stopped_already"
    assert adapter.read([], 3.5, g.state(), MAT, stops).actions == []  # each Stop once per red card


def test_only_a_stop_or_a_super_from_this_game_answers_and_a_pass_is_left_as_it_is():
    adapter, g = WhosCountingTable(PLAYERS), game()
    red_thrown(g)
    other_game = adapter.read([placed("SU-A-N3A", *BLUE.center)], 2.5, g.state(), MAT)
    double = adapter.read([placed("WC-A-DBL1", *BLUE.center)], 2.6, g.state(), MAT)
    assert other_game.actions == [] and double.actions == []
    wild = adapter.read([placed("WC-A-SUP1", *BLUE.center)], 2.7, g.state(), MAT)
    assert wild.actions == [{"type": "stop", "t": 2.7, "player": "Ana", "card": "WC-A-SUP1", "source": "camera"}]
    action = {"type": "pass", "t": 3.0, "player": "Ana"}
    assert adapter.complete(action, g.state()) is action


def test_the_strip_is_not_read_for_leftovers_while_the_expression_is_being_counted():
    adapter, g = WhosCountingTable(PLAYERS), game()
    old = ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"]
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": old, "blue": []})
    g.apply({"type": "window_closed", "t": 6})
    g.apply({"type": "submit", "t": 7, "player": "Ben", "cards": ["WC-A-N2A", "WC-A-ADD2", "WC-A-N3A"], "blue": []})
    lying = on_strip(old, [100, 160, 220]) + on_strip(["WC-A-N6A"], [300])
    counting = adapter.read([placed("WC-A-N6A", 300, STRIP.y + 50)], 8.0, g.state(), MAT, lying)
    assert counting.notes == []


def test_each_turns_leftovers_are_told_once_for_that_turn():
    adapter, g = WhosCountingTable(PLAYERS), game()
    first, second = ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], ["WC-A-N2A", "WC-A-ADD2", "WC-A-N3A"]
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": first, "blue": []})
    g.apply({"type": "window_closed", "t": 6})
    lying = on_strip(first, [100, 160, 220]) + on_strip(["WC-A-N6A"], [300])
    assert [n.code for n in adapter.read([placed("WC-A-N6A", 300, STRIP.y + 50)], 7.0, g.state(), MAT, lying).notes] == [
        "clear"]
    g.apply({"type": "submit", "t": 8, "player": "Ben", "cards": second, "blue": []})
    g.apply({"type": "window_closed", "t": 13})
    lying = on_strip(second, [100, 160, 220]) + on_strip(["WC-A-N7A"], [300])
    again = adapter.read([placed("WC-A-N7A", 300, STRIP.y + 50)], 14.0, g.state(), MAT, lying)
    assert [n.code for n in again.notes] == ["clear"]  # Cleo's turn: Ben's cards are this turn's leftovers


def test_a_red_card_slid_into_a_box_counts_and_an_empty_seats_box_says_which_seat():
    adapter, g = WhosCountingTable(PLAYERS), game()
    red_thrown(g, red="WC-A-ZERO1")
    g.apply({"type": "window_closed", "t": 7})
    g.apply({"type": "submit", "t": 8, "player": "Ben", "cards": ["WC-A-N2A", "WC-A-ADD2", "WC-A-N3A"], "blue": []})
    slid = adapter.read([{**placed("WC-A-NEG1", *MAT.zone("seat3.red").center), "type": "moved"}], 9.0, g.state(), MAT)
    assert slid.actions == [{"type": "red", "t": 9.0, "player": "Cleo", "card": "WC-A-NEG1", "source": "camera"}]
    two = WhosCountingTable(["Ana", "Ben"])
    (note,) = two.read([placed("WC-A-NEG2", *MAT.zone("seat3.red").center)], 1.0,
                       WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]}).state(), MAT).notes
    assert (note.code, note.title, note.detail, note.card) == ("empty_seat", "Empty seat", "Nobody plays at seat 3",
                                                               "WC-A-NEG2")
    (lost,) = two.read([placed("WC-A-N9A", 5, 5)], 2.0, WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
                       .state(), MAT).notes
    assert lost.card == "WC-A-N9A"


def test_the_blue_box_is_read_in_card_order_and_a_stop_laid_with_the_expression_is_not_sent_again():
    adapter, g = WhosCountingTable(PLAYERS), game()
    adapter.read([], 1.0, g.state(), MAT, [Lying("WC-A-STOP1", BLUE.center[0] - 20, BLUE.center[1]),
                                           Lying("WC-A-DBL1", BLUE.center[0] + 20, BLUE.center[1])])
    submit = adapter.complete({"type": "submit", "t": 2.0, "player": "Ana", "cards": [], "blue": []}, g.state())
    assert submit["blue"] == ["WC-A-DBL1", "WC-A-STOP1"]
    g.apply({**submit, "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"]})
    g.apply({"type": "red", "t": 3, "player": "Ben", "card": "WC-A-GNEG"})  # Green Goo: the Stop laid before is no answer
    lying = [Lying("WC-A-STOP1", BLUE.center[0] - 20, BLUE.center[1])]
    assert adapter.read([], 3.5, g.state(), MAT, lying).actions == []


def test_a_stop_laid_against_green_goo_is_sent_so_the_player_hears_why_it_does_nothing():
    adapter, g = WhosCountingTable(PLAYERS), game()
    red_thrown(g, red="WC-A-GZERO")
    (stop,) = adapter.read([placed("WC-A-STOP1", *BLUE.center)], 3.0, g.state(), MAT).actions
    assert g.apply(stop)[0]["code"] == "goo"
    assert adapter.read([placed("XX-NOT-A-CARD", *BLUE.center)], 3.5, g.state(), MAT).actions == []


def test_three_stops_in_the_blue_box_are_each_sent_once():
    adapter, g = WhosCountingTable(PLAYERS), game()
    red_thrown(g)
    stops = [Lying(f"WC-A-STOP{n}", BLUE.center[0] + 10 * n, BLUE.center[1]) for n in (1, 2, 3)]
    sent = []
    for t in (3.0, 3.5, 4.0, 4.5, 5.0):
        for action in adapter.read([], t, g.state(), MAT, stops).actions:
            sent.append(action["card"])
            g.apply(action)
    assert sent == ["WC-A-STOP1", "WC-A-STOP2", "WC-A-STOP3"]


def test_every_other_games_card_in_every_zone_is_a_note_never_a_play():
    """Every kind of card of every other game, laid in each zone (strip, blue box, red boxes) at moments of a
    whole game and taken away again: "Other game: take it off", and no play."""
    from other_deck_check import plays_made

    assert plays_made({"game": "whos-counting", "seed": 7, "players": ["Ana", "Ben"], "target": 300, "minutes": 0}) == []


def test_the_tables_notes_are_in_the_stations_language():
    from station.i18n import use_language

    two = mat_layout("whos-counting", 2)
    adapter, g = WhosCountingTable(["Ana", "Ben"]), WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    with use_language("es"):
        (lost,) = adapter.read([placed("WC-A-N2A", 5, 5)], 1.0, g.state(), two).notes
        (empty,) = adapter.read([placed("WC-A-NEG1", *MAT.zone("seat3.red").center)], 2.0, g.state(), MAT).notes
    assert (lost.title, lost.detail) == ("Fuera de casilla", "Tira, casilla azul o roja")
    assert (empty.title, empty.detail) == ("Puesto vacío", "Nadie juega en el puesto 3")
