"""The Math Rush table adapter: goals from the goal column, plays along the rows the moment they
land (stacks by position), lifts, Help cards turned over, and goals taken away too soon."""

from __future__ import annotations

from typing import Any

from conftest import Lying

from engine.math_rush import MathRush
from station.games.math_rush.table import MathRushTable
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
    assert table.take("MR-A-H1") == [{"type": "help", "t": table.t, "use": "clear", "card": "MR-A-H1", "source": "camera"}]
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


def test_a_card_slid_into_a_row_from_off_the_mat_or_the_goal_column_is_played():
    """Laid in a wrong place (told so), then slid into a row without lifting it: it counts there."""
    table = Table()
    table.start(("MR-A-G1", 1))
    zone = MAT.zone("row1.set")
    for index, (card, start) in enumerate((("MR-A-F1", (MAT.width + 60, zone.y + zone.h / 2)),
                                           ("MR-A-F5", MAT.zone("row1.goal").center))):
        table.lay(card, *start)
        x, y = zone.x + 48 + 50 * index, zone.y + zone.h / 2
        table.lying[card] = Lying(card, x, y)
        (play,) = table.frame({"type": "moved", "card": card, "x": x, "y": y, "from": list(start)})
        assert (play["type"], play["card"], play["row"], play["on"]) == ("play", card, 1, "")
    assert [n.code for n in table.notes] == ["outside_zones", "not_a_goal"]
    assert table.game.state()["rows"][0]["placed"] == 2


def test_a_card_nudged_within_its_set_or_a_completed_set_is_no_new_play():
    table = Table()
    table.start(("MR-A-G1", 1), ("MR-A-G5", 2))
    for index, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9")):
        table.in_row(card, 1, index)
    zone = MAT.zone("row1.set")
    start = [zone.x + 48, zone.y + zone.h / 2]
    assert table.frame({"type": "moved", "card": "MR-A-F1", "x": start[0] + 12, "y": start[1], "from": start}) == []
    other = MAT.zone("row2.set")
    assert table.frame({"type": "moved", "card": "MR-A-F5", "x": other.x + 48, "y": other.y + other.h / 2,
                        "from": [start[0] + 50, start[1]]}) == []  # a completed set is cleared freely
    assert [r["placed"] for r in table.game.state()["rows"]] == [3, 0]


def test_goals_laid_for_the_next_round_count_once_it_is_dealt_and_a_covered_goal_waits():
    """Players lay the next goals while the scores show: they are not lost, and not sent early."""
    table = Table()
    table.start(("MR-A-G1", 1))
    table.game.apply({"type": "end_round", "t": table.t + 0.5})
    assert table.goal("MR-A-G2", 2) == []  # the round is over: not a goal of the round just scored
    table.game.apply({"type": "next_round", "t": table.t + 0.5})
    assert [(a["card"], a["row"]) for a in table.frame()] == [("MR-A-G1", 1), ("MR-A-G2", 2)]  # G1 left lying too
    zone = MAT.zone("row3.goal")
    table.lying["MR-A-G5"] = Lying("MR-A-G5", *zone.center, covered=True)  # a hand on it, or a card over it
    assert table.frame() == []
    table.lying["MR-A-G5"] = Lying("MR-A-G5", *zone.center)
    assert [a["card"] for a in table.frame()] == ["MR-A-G5"]


def test_a_goal_taken_away_and_laid_again_in_another_row_is_sent_again():
    table = Table()
    table.goal("MR-A-G1", 1)
    table.take("MR-A-G1")
    assert table.goal("MR-A-G1", 2)[0]["row"] == 2
    del table.lying["MR-A-G1"]
    table.frame()
    assert table.goal("MR-A-G1", 2)[0]["row"] == 2  # taken and laid again: sent again (the game decides)


def test_no_goal_is_sent_after_the_game():
    table = Table()
    for _ in range(3):
        table.start(("MR-A-G1", 1))
        table.game.apply({"type": "end_round", "t": table.t + 0.5})
        if not table.game.state()["over"]:
            table.game.apply({"type": "next_round", "t": table.t + 0.5})
        table.take("MR-A-G1")
    assert table.game.state()["over"]
    assert table.goal("MR-A-G2", 1) == []


def test_only_a_card_within_half_a_step_of_one_of_the_set_is_a_stack():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.in_row("MR-A-F5", 1, 0)  # 1/4
    zone = MAT.zone("row1.set")
    y = zone.y + zone.h / 2
    assert table.lay("MR-A-D5", zone.x + 48 + 24, y)[0]["on"] == "MR-A-F5"  # 24 mm off: on it
    assert table.lay("MR-A-P5", zone.x + 48 - 26, y)[0]["on"] == ""  # 26 mm off: a card of its own
    assert table.in_row("MR-A-F9", 1, 1)[0]["on"] == ""


def test_a_card_laid_where_a_lifted_card_lay_is_no_stack_on_it():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.in_row("MR-A-F5", 1, 0)  # 1/4
    table.game.apply({"type": "lift", "t": table.t + 0.5, "card": "MR-A-F5"})  # lifted, still seen (a hand on it)
    assert table.in_row("MR-A-D5", 1, 0, dx=2)[0]["on"] == ""


def test_cards_gathered_before_the_round_or_not_in_a_set_are_no_lifts():
    table = Table()
    table.goal("MR-A-G1", 1)
    table.in_row("MR-A-F5", 1, 0)  # before the clock: refused by the game
    assert table.take("MR-A-F5") == []
    table.game.apply({"type": "start", "t": table.t + 0.5})
    table.lay("MR-A-F9", MAT.width + 60, 40)  # off the mat
    assert table.take("MR-A-F9") == []
    assert table.take("MR-A-G1") == [] and [n.code for n in table.notes][-1] == "goal_gone"


def test_a_goal_taken_away_is_asked_back_again_in_the_next_round():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.take("MR-A-G1")
    table.game.apply({"type": "end_round", "t": table.t + 0.5})
    table.game.apply({"type": "next_round", "t": table.t + 0.5})
    table.start(("MR-A-G1", 1))
    table.take("MR-A-G1")
    assert [n.detail for n in table.notes if n.code == "goal_gone"] == ["Put it back?", "Put it back?"]


def test_a_card_moved_out_of_its_set_off_the_rows_is_only_lifted():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.in_row("MR-A-F9", 1, 0)
    first = MAT.zone("row1.set")
    actions = table.frame({"type": "moved", "card": "MR-A-F9", "x": MAT.width + 60, "y": 40,
                           "from": [first.x + 48, first.y + first.h / 2]})
    assert actions == [{"type": "lift", "t": table.t, "card": "MR-A-F9", "source": "camera"}]
    table.in_row("MR-A-F1", 1, 0)
    start = [first.x + 48, first.y + first.h / 2]
    assert table.frame({"type": "moved", "card": "MR-A-F1", "x": start[0] + 12, "y": start[1], "from": start}) == []


def test_the_notes_for_cards_in_the_wrong_place_say_where_they_go():
    table = Table()
    table.start(("MR-A-G1", 1))
    table.in_row("MR-A-G2", 1, 2)
    table.in_row("MR-A-H1", 1, 3)
    table.goal("MR-A-F3", 3)
    table.lay("MR-A-F4", *MAT.zone("help").center)
    table.lay("MR-A-F6", MAT.width + 100, MAT.height + 100)
    assert [(n.code, n.title, n.detail, n.card) for n in table.notes] == [
        ("goal_in_row", "Goals go left", "in the goal column", "MR-A-G2"),
        ("help_in_row", "Help card?", "Help cards stay in their box", "MR-A-H1"),
        ("not_a_goal", "Not a goal", "Number cards go in the rows", "MR-A-F3"),
        ("not_help", "Help cards only", "Lay it in a row", "MR-A-F4"),
        ("outside_zones", "Not on the mat", "Lay cards in a row", "MR-A-F6")]
    table.lay("MR-A-H2", *MAT.zone("help").center)  # a Help card in its box: nothing to say
    table.take("MR-A-G1")
    assert [(n.code, n.card) for n in table.notes[5:]] == [("goal_gone", "MR-A-G1")]


def test_a_goal_the_game_refused_is_told_once_not_at_every_frame_and_may_be_taken_away():
    table = Table()
    table.start(("MR-A-G1", 1), ("MR-A-G5", 2), ("MR-A-G9", 3))
    assert [a["card"] for a in table.goal("MR-A-G2", 4)] == ["MR-A-G2"]  # a fourth goal: the game refuses it
    assert table.frame() == [] and table.frame() == []
    assert table.take("MR-A-G2") == [] and table.notes == []


def test_after_a_restart_the_goals_the_game_knows_are_not_sent_again():
    table = Table()
    table.start(("MR-A-G1", 1), ("MR-A-G5", 2))
    table.adapter = MathRushTable(PLAYERS)  # the station restarted: a fresh adapter, the game replayed
    assert table.frame() == []


def test_every_other_games_card_in_every_zone_is_a_note_never_a_play():
    """Every kind of card of every other game, laid in each zone (goal slots, rows, Help box) at moments of a
    whole game and taken away again: "Other game: take it off", and no play."""
    from other_deck_check import plays_made

    assert plays_made({"game": "math-rush", "seed": 3, "players": ["Ana", "Ben"], "seconds": 60}) == []
