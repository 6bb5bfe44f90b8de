"""The Math Rush table adapter: goals from the goal column, plays along the rows the moment they
land (stacks by position), lifts, Help cards turned over, and goals taken away too soon."""

from __future__ import annotations

from typing import Any

from conftest import Lying

from engine.math_rush import MathRush
from station.table.math_rush import MathRushTable
from station.table.mat import mat_layout

PLAYERS = ["Ana", "Ben", "Cleo"]
MAT = mat_layout("math-rush", 1)


class Table:
    """The adapter and a real game, fed the way the referee feeds them."""

    def __init__(self, **config: Any) -> None:
        self.game = MathRush({"game": "math-rush", "players": PLAYERS, **config})
        self.adapter = MathRushTable(PLAYERS)
        self.lying: dict[str, Lying] = {}
        self.t = 0.0
        self.notes: list[Any] = []

    def frame(self, *events: dict[str, Any]) -> list[dict[str, Any]]:
        """One frame's events: the adapter's actions are applied to the game, as the referee does."""
        self.t += 1
        reading = self.adapter.read(list(events), self.t, self.game.state(), MAT, list(self.lying.values()))
        self.notes += reading.notes
        for action in reading.actions:
            self.game.apply(action)
        return reading.actions

    def lay(self, card: str, x: float, y: float) -> list[dict[str, Any]]:
        self.lying[card] = Lying(card, x, y)
        return self.frame({"type": "placed", "card": card, "x": x, "y": y, "angle": 0.0})

    def take(self, card: str) -> list[dict[str, Any]]:
        del self.lying[card]
        return self.frame({"type": "removed", "card": card})

    def goal(self, card: str, row: int) -> list[dict[str, Any]]:
        return self.lay(card, *MAT.zone(f"row{row}.goal").center)

    def in_row(self, card: str, row: int, index: int, dx: float = 0.0) -> list[dict[str, Any]]:
        zone = MAT.zone(f"row{row}.set")
        return self.lay(card, zone.x + 48 + 50 * index + dx, zone.y + zone.h / 2 + dx)

    def start(self, *goals: tuple[str, int]) -> None:
        for card, row in goals:
            self.goal(card, row)
        self.game.apply({"type": "start", "t": self.t + 0.5})


def test_a_goal_laid_in_the_goal_column_is_that_rows_goal_once():
    table = Table()
    assert table.goal("MR-A-G1", 2) == [{"type": "goal", "t": 1.0, "card": "MR-A-G1", "row": 2, "source": "camera"}]
    assert table.frame() == []  # still lying there: not sent again
    assert table.game.state()["rows"][0]["row"] == 2


def test_a_number_card_in_a_row_is_played_at_once_at_the_end_of_the_set():
    table = Table()
    table.start(("MR-A-G1", 1))
    (play,) = table.in_row("MR-A-F5", 1, 0)
    assert play == {"type": "play", "t": play["t"], "card": "MR-A-F5", "row": 1, "on": "", "source": "camera"}
    assert table.in_row("MR-A-F9", 1, 1)[0]["on"] == ""
    assert table.game.state()["rows"][0]["placed"] == 2


def test_a_card_laid_on_an_equal_card_of_the_set_is_a_stack():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.in_row("MR-A-F5", 1, 0)  # 1/4
    table.in_row("MR-A-F9", 1, 1)  # 1/2
    (stack,) = table.in_row("MR-A-D5", 1, 0, dx=4)  # 0.25, on the 1/4 after the 1/2: allowed
    assert stack["on"] == "MR-A-F5"
    assert table.game.state()["rows"][0]["placed"] == 3 and table.game.state()["rows"][0]["complete"]


def test_a_card_of_a_set_taken_away_is_lifted_and_a_help_card_turned_over_clears_it():
    table = Table()
    table.start(("MR-A-G1", 1))
    for index, card in enumerate(("MR-A-F9", "MR-A-F1")):  # 1/2 then 1/10: broken
        table.in_row(card, 1, index)
    assert table.game.state()["rows"][0]["broken"]
    table.lay("MR-A-H1", *MAT.zone("help").center)
    assert table.take("MR-A-F1") == [{"type": "lift", "t": table.t, "card": "MR-A-F1", "source": "camera"}]
    assert table.take("MR-A-H1") == [{"type": "help", "t": table.t, "use": "clear", "source": "camera"}]
    row = table.game.state()["rows"][0]
    assert row["broken"] == "" and row["placed"] == 1 and table.game.state()["help_left"] == 2


def test_a_help_card_turned_over_with_nothing_lifted_is_everyone_redraws():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.lay("MR-A-H2", *MAT.zone("help").center)
    assert table.take("MR-A-H2")[0]["use"] == "redraw"


def test_help_cards_gathered_after_the_round_are_no_help():
    table = Table()
    table.lay("MR-A-H2", *MAT.zone("help").center)
    assert table.take("MR-A-H2") == []  # setup: nothing is played yet


def test_a_goal_taken_away_before_it_is_complete_asks_to_put_it_back_once():
    table = Table()
    table.start(("MR-A-G1", 1))
    assert table.take("MR-A-G1") == []
    assert [(n.code, n.title, n.detail) for n in table.notes] == [("goal_gone", "Goal 1 gone", "Put it back?")]
    table.goal("MR-A-G1", 1)  # put back: the game knows it already
    table.take("MR-A-G1")
    assert len(table.notes) == 1


def test_a_completed_goal_turned_over_and_its_set_cleared_are_no_plays():
    table = Table()
    table.start(("MR-A-G1", 1))
    for index, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9")):
        table.in_row(card, 1, index)
    assert table.game.state()["rows"][0]["complete"]
    assert table.take("MR-A-G1") == [] and table.notes == []
    assert table.take("MR-A-F5") == []  # the set of a completed goal is cleared freely


def test_a_new_goal_in_a_completed_row_replaces_it():
    table = Table()
    table.start(("MR-A-G1", 1))
    for index, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9")):
        table.in_row(card, 1, index)
    table.take("MR-A-G1")
    assert table.goal("MR-A-G2", 1)[0]["card"] == "MR-A-G2"
    assert [r["goal"] for r in table.game.state()["rows"]] == ["MR-A-G2"]


def test_a_card_moved_to_another_row_is_lifted_there_and_played_here():
    table = Table(help="unlimited")
    table.start(("MR-A-G1", 1), ("MR-A-G5", 2))
    table.in_row("MR-A-F9", 1, 0)
    zone = MAT.zone("row2.set")
    table.lying["MR-A-F9"] = Lying("MR-A-F9", zone.x + 48, zone.y + zone.h / 2)
    first = MAT.zone("row1.set")
    actions = table.frame({"type": "moved", "card": "MR-A-F9", "x": zone.x + 48, "y": zone.y + zone.h / 2,
                           "from": [first.x + 48, first.y + first.h / 2]})
    assert [a["type"] for a in actions] == ["lift", "play"] and actions[1]["row"] == 2
    rows = {r["row"]: r["placed"] for r in table.game.state()["rows"]}
    assert rows == {1: 0, 2: 1}


def test_wrong_places_get_a_short_note_and_no_play():
    table = Table()
    table.start(("MR-A-G1", 1))
    assert table.in_row("MR-A-G2", 1, 2) == []  # a goal laid in a row
    assert table.goal("MR-A-F3", 3) == []  # a number in the goal column
    assert table.lay("MR-A-F4", *MAT.zone("help").center) == []  # a number in the Help box
    assert table.lay("MR-A-F6", MAT.width + 100, MAT.height + 100) == []  # off the mat
    assert [n.code for n in table.notes] == ["goal_in_row", "not_a_goal", "not_help", "outside_zones"]


def test_one_mat_serves_any_number_of_players():
    assert MathRushTable(["A", "B", "C", "D", "E", "F", "G", "H"]).fits(MAT)
    assert not MathRushTable(PLAYERS).fits(mat_layout("math-wars", 2))
