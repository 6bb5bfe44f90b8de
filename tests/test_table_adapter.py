"""What every game's table adapter shares (station/table/adapter.py): which table events reach a
game's own reading, the restart rule, strips read in the cards' order, and the notes for codes
that are no card of the game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from toy_game.station import ToyTable

from engine.rules import new_game
from station.table.adapter import ZONE_SLACK_MM, Reading, TableAdapter, foreign_note, strip_order
from station.table.mat import MatLayout, mat_layout
from station.vision.track import TrackedCard

MAT = mat_layout("math-wars", 2)
BOX = MAT.zone("seat1.count-meta")   # x 42-142, y 181-256


class Ledger(TableAdapter):
    """A game that makes a play of every card event it is given, and submits the cards lying in
    seat 1's box after every frame (a game reading a whole row at once, as SUM will)."""

    game = "math-wars"

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        reading.actions.append({"type": event["type"], "t": t, "card": event["card"]})

    def on_table(self, snapshot, t, state, mat, reading) -> None:
        lying = [card.card_id for card in self.cards_in(mat.zone("seat1.count-meta"), snapshot)]
        if lying:
            reading.actions.append({"type": "submit", "t": t, "cards": lying, "hand": state["hand"]})

    def complete(self, action: dict[str, Any], state: Mapping[str, Any]) -> dict[str, Any]:
        return {**action, "cards": [card.card_id for card in self.snapshot]}


def card(card_id: str, x: float, y: float) -> TrackedCard:
    return TrackedCard(card_id, x, y, 0.0, last_seen=0.0)


def event(kind: str, card_id: str, at: tuple[float, float] = BOX.center) -> dict[str, Any]:
    return {"type": kind, "card": card_id, "x": at[0], "y": at[1], "angle": 0.0}


STATE = new_game({"game": "math-wars", "players": ["Ana", "Ben"]}).state()


def test_card_events_on_a_readable_mat_reach_the_game_and_codes_and_covers_do_not():
    kinds = ["placed", "stacked", "moved", "removed", "covered", "uncovered"]
    r = Ledger(["Ana", "Ben"]).read([event(kind, f"MW-A-N{n}") for n, kind in enumerate(kinds, 1)], 3.0, STATE, MAT)
    assert r.actions == [{"type": kind, "t": 3.0, "card": f"MW-A-N{n}"} for n, kind in enumerate(kinds[:4], 1)]
    unreadable = Ledger(["Ana", "Ben"]).read([event("placed", "MW-A-N1")], 3.0, STATE, None)
    assert unreadable.actions == [] and [n.code for n in unreadable.notes] == ["no_mat"]


def test_after_each_frame_the_game_reads_the_whole_table_with_that_frames_time_and_state():
    snapshot = [card("MW-A-N7", *BOX.center), card("MW-B-N2", 90.0, 20.0)]
    r = Ledger(["Ana", "Ben"]).read([], 4.5, STATE, MAT, snapshot)
    assert r.actions == [{"type": "submit", "t": 4.5, "cards": ["MW-A-N7"], "hand": 1}]
    # a frame without the mat, or with the wrong one, reads nothing of the table
    assert Ledger(["Ana", "Ben"]).read([], 4.5, STATE, None, snapshot).actions == []
    assert Ledger(["Ana", "Ben", "Cleo"]).read([], 4.5, STATE, MAT, snapshot).actions == []


def test_a_button_before_the_first_frame_finds_an_empty_table():
    assert Ledger(["Ana", "Ben"]).complete({"type": "submit", "t": 0.0}, STATE)["cards"] == []
    submit = {"type": "submit", "t": 0.0, "player": "Ana"}
    assert ToyTable(["Ana", "Ben"]).complete(submit, {}) == submit   # no mat seen yet: nothing to fill in


def test_after_a_restart_a_standing_card_is_no_play_until_it_is_taken_away():
    adapter = Ledger(["Ana", "Ben"])
    adapter.resumed({"MW-A-N21"})
    shown = adapter.read([event(kind, "MW-A-N21") for kind in ("placed", "stacked", "moved")], 1.0, STATE, MAT)
    assert shown.actions == []
    taken = adapter.read([event("removed", "MW-A-N21")], 2.0, STATE, MAT)
    assert taken.actions == [{"type": "removed", "t": 2.0, "card": "MW-A-N21"}]
    again = adapter.read([event("placed", "MW-A-N21")], 3.0, STATE, MAT)
    assert again.actions == [{"type": "placed", "t": 3.0, "card": "MW-A-N21"}]


def test_a_card_lies_in_a_zone_up_to_the_slack_on_every_side():
    right, below = BOX.x + BOX.w, BOX.y + BOX.h
    inside = [card("in", *BOX.center), card("left", BOX.x - ZONE_SLACK_MM, BOX.y + 10),
              card("right", right + ZONE_SLACK_MM, BOX.y + 10), card("above", BOX.x + 10, BOX.y - ZONE_SLACK_MM),
              card("below", BOX.x + 10, below + ZONE_SLACK_MM)]
    outside = [card("far-left", BOX.x - 21, BOX.y + 10), card("far-below", BOX.x + 10, below + 21),
               card("corner", right + 15, below + 15)]   # 15 mm each way is 21 mm off the corner
    assert [c.card_id for c in Ledger(["Ana"]).cards_in(BOX, [*inside, *outside])] == [c.card_id for c in inside]


@pytest.mark.parametrize(("facing", "order"), [
    (0, ["A", "B", "C"]),      # the near side reads left to right
    (180, ["C", "B", "A"]),    # the far side reads the mat right to left
    (90, ["Z", "Y", "X"]),     # the right-hand side reads along y, from the far edge
    (270, ["X", "Y", "Z"]),
])
def test_a_strip_is_read_in_its_readers_direction_whatever_order_the_cards_were_seen_in(facing, order):
    # across a strip (facing 0 or 180), then along one (facing 90 or 270): hands are not exact,
    # so each card lies a few millimetres off the line, against the reading order
    across = [card("B", 200.0, 100.0), card("C", 300.0, 97.0), card("A", 100.0, 104.0)]
    along = [card("Y", 102.0, 200.0), card("Z", 104.0, 100.0), card("X", 97.0, 300.0)]
    cards = across if facing in (0, 180) else along
    assert [c.card_id for c in strip_order(cards, facing)] == order


def test_each_kind_of_foreign_code_gets_its_own_words():
    notes = {
        "a card of a game the station knows": foreign_note("MCS1-BB-A-1", "UnknownGame"),
        "a game code nobody knows": foreign_note("MCS1-ZZ-A-1", "UnknownGame"),
        "a game code that does not even split": foreign_note("MCS1", "UnknownGame"),
        "a damaged card of ours": foreign_note("MCS1-MW-A-X99", "UnknownCard"),
        "a card from a newer station": foreign_note("MCS2-MW-A-N3", "UnknownVersion"),
        "a poster's code": foreign_note("https://ex.org/a"),
    }
    assert {what: (n.code, n.title, n.detail) for what, n in notes.items()} == {
        "a card of a game the station knows": ("other_game", "Other game", "A Big Bang card: take it off"),
        "a game code nobody knows": ("other_game", "Other game", "Not a card of this game: take it off"),
        "a game code that does not even split": ("other_game", "Other game", "Not a card of this game: take it off"),
        "a damaged card of ours": ("unknown_code", "Unknown card", "Its code may be damaged: reprint it"),
        "a card from a newer station": ("unknown_code", "Newer card", "Update the station"),
        "a poster's code": ("unknown_code", "Unknown code", "QR 'https://ex.org/a' is not a card"),
    }


def test_a_long_code_is_cut_to_fit_the_screen():
    assert foreign_note("x" * 18).detail == f"QR {'x' * 18!r} is not a card"
    assert foreign_note("y" * 19).detail == f"QR {'y' * 17 + '…'!r} is not a card"
