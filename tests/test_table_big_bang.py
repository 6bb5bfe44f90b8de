"""The Big Bang table adapter: cards snapped to the lattice of the nearest Black Star and played
once they sit in a cell, "Line it up" for a card on no cell, discards from the discard box, a
card taken back, and a restart that sends nothing for a tableau still lying there."""

from __future__ import annotations

import math
from typing import Any

from conftest import Lying

from engine.big_bang import BigBang
from engine.big_bang.lattice import centroid
from station.games.big_bang.table import BigBangTable
from station.i18n import use_language
from station.table.mat import mat_layout

SIDE = 100.0


class Table:
    """The adapter and a real game, fed the way the referee feeds them: frame by frame."""

    def __init__(self, players: tuple[str, ...] = ("Ana",), stars: tuple[tuple[float, float, float], ...] = ()) -> None:
        self.players = list(players)
        self.game = BigBang({"game": "big-bang", "players": self.players})
        self.mat = mat_layout("big-bang", len(self.players))
        self.adapter = BigBangTable(self.players)
        self.lying: dict[str, Lying] = {}
        self.t = 0.0
        self.notes: list[Any] = []
        self.stars = stars or tuple((*self.mat.zone(f"seat{n}.tableau").center, 0.0) for n in range(1, len(players) + 1))
        for n, (x, y, angle) in enumerate(self.stars):
            self.lying[f"BB-{'ABC'[n]}-STAR"] = Lying(f"BB-{'ABC'[n]}-STAR", x, y, angle)
        self.game.apply({"type": "start", "t": 0.0})

    def frame(self, *events: dict[str, Any]) -> list[dict[str, Any]]:
        self.t += 0.2
        reading = self.adapter.read(list(events), self.t, self.game.state(), self.mat, list(self.lying.values()))
        self.notes += reading.notes
        for action in reading.actions:
            self.game.apply(action)
        return reading.actions

    def spot(self, cell: tuple[int, int], seat: int = 0, off: tuple[float, float] = (0.0, 0.0)) -> tuple[float, float]:
        sx, sy, angle = self.stars[seat]
        dx, dy = centroid(cell, SIDE)
        dx, dy = dx + off[0], dy + off[1]
        a = math.radians(angle)
        return sx + dx * math.cos(a) - dy * math.sin(a), sy + dx * math.sin(a) + dy * math.cos(a)

    def lay(self, card: str, x: float, y: float, angle: float = 0.0) -> list[dict[str, Any]]:
        """A card put down: the frame it lands in, and the next one (it has settled)."""
        self.lying[card] = Lying(card, x, y, angle)
        return self.frame({"type": "placed", "card": card, "x": x, "y": y, "angle": angle}) + self.frame()

    def take(self, card: str) -> list[dict[str, Any]]:
        del self.lying[card]
        return self.frame({"type": "removed", "card": card})

    def cells(self, seat: int = 0) -> dict[str, list[int]]:
        return {c["card"]: c["cell"] for c in self.game.state()["tableaux"][seat]["cells"]}


def plays(actions: list[dict[str, Any]]) -> list[tuple[str, list[int], int]]:
    return [(a["card"], a["cell"], a["turn"]) for a in actions if a["type"] == "play"]


def test_a_card_sitting_in_a_cell_is_played_there_turned_as_it_lies_once_it_has_settled():
    table = Table()
    x, y = table.spot((1, 0))
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", x, y, 180.0)
    assert table.frame({"type": "placed", "card": "BB-A-N4A", "x": x, "y": y, "angle": 180.0}) == []  # just landed
    assert plays(table.frame()) == [("BB-A-N4A", [1, 0], 180)]
    assert plays(table.frame()) == []  # lying still: no play twice
    assert table.cells()["BB-A-N4A"] == [1, 0]


def test_a_card_a_little_off_its_cell_is_snapped_and_one_between_cells_is_told_to_line_up_once():
    table = Table()
    assert plays(table.lay("BB-A-N4A", *table.spot((1, 0), off=(4.0, -3.0)), angle=185.0)) == [("BB-A-N4A", [1, 0], 180)]
    between = table.spot((2, 0), off=(25.0, -14.0))
    assert table.lay("BB-A-N5A", *between) == [] and table.frame() == []
    assert [(n.code, n.title, n.detail) for n in table.notes] == [("line_up", "Line it up", "Slide it into a space")]
    assert plays(table.lay("BB-A-N5A", *table.spot((2, 0)))) == [("BB-A-N5A", [2, 0], 0)]


def test_a_card_turned_off_the_lines_is_told_to_turn_edge_to_edge():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=210.0)
    assert [n.detail for n in table.notes] == ["Turn it edge to edge"]
    assert "BB-A-N4A" not in table.cells()


def test_a_card_off_the_lines_is_told_so_in_spanish():
    table = Table()
    with use_language("es"):
        table.lay("BB-A-N4A", *table.spot((1, 0)), angle=210.0)
        table.lay("BB-A-N5A", *table.spot((2, 0), off=(25.0, -14.0)))
    assert [(n.code, n.title, n.detail) for n in table.notes] == [("line_up", "Alinéala", "Gírala lado con lado"),
                                                                  ("line_up", "Alinéala", "Deslízala a un hueco")]


def test_the_lattice_follows_a_turned_star():
    table = Table(stars=((300.0, 230.0, 17.0),))
    assert plays(table.lay("BB-A-N4A", *table.spot((-1, 0)), angle=17.0 + 300)) == [("BB-A-N4A", [-1, 0], 300)]
    assert plays(table.lay("BB-A-N5A", *table.spot((-1, -1)), angle=17.0 + 120)) == [("BB-A-N5A", [-1, -1], 120)]
    assert table.game.state()["tableaux"][0]["score"] == 2


def test_a_refused_card_taken_back_is_a_lift_and_a_card_of_the_tableau_taken_away_is_told_it_stays():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    table.lay("BB-A-N6A", *table.spot((2, 0)))
    assert "BB-A-N6A" not in table.cells()  # 6 beside 4: refused
    lifted = table.take("BB-A-N6A")
    assert [(a["type"], a["card"]) for a in lifted] == [("lift", "BB-A-N6A")]
    assert plays(table.lay("BB-A-N6A", *table.spot((2, 0)))) == [("BB-A-N6A", [2, 0], 0)]  # laid again: judged again
    events = table.game.apply({"type": "lift", "t": table.t, "player": "Ana", "card": "BB-A-N4A"})
    assert [e["code"] for e in events] == ["played_stays"]


def test_the_top_card_of_the_discard_box_is_a_discard_once():
    table = Table()  # 1, 2, 3 round the star: 5, 6 and 7 fit nowhere
    table.lay("BB-A-N1A", *table.spot((1, 0)), angle=180.0)
    table.lay("BB-A-N2A", *table.spot((-1, 0)), angle=180.0)
    table.lay("BB-A-N3A", *table.spot((0, 1)), angle=180.0)
    box = table.mat.zone("seat1.discard").center
    actions = table.lay("BB-A-N7A", *box)
    assert [(a["type"], a["card"]) for a in actions] == [("discard", "BB-A-N7A")]
    table.lying["BB-A-N7A"].covered = True  # the next discard lies over it
    actions = table.lay("BB-A-N6A", box[0] + 4, box[1] + 4)
    assert [(a["type"], a["card"]) for a in actions] == [("discard", "BB-A-N6A")]
    assert [c["card"] for c in table.game.state()["tableaux"][0]["discard"]] == ["BB-A-N7A", "BB-A-N6A"]


def test_a_card_past_the_play_areas_edge_still_belongs_to_the_tableau():
    table = Table(stars=((120.0, 200.0, 0.0),))  # the star laid near the area's left edge
    table.lay("BB-A-N4A", *table.spot((-1, 0)), angle=180.0)
    x, _ = table.spot((-2, 0))
    assert x < table.mat.zone("seat1.tableau").x - 20  # past the area, and past its slack
    assert plays(table.lay("BB-A-N5A", *table.spot((-2, 0)))) == [("BB-A-N5A", [-2, 0], 0)]
    assert table.cells()["BB-A-N5A"] == [-2, 0]


def test_in_a_race_each_card_goes_to_the_nearest_stars_tableau_and_the_owner_is_the_seat():
    table = Table(players=("Ana", "Ben"))
    assert [(a["player"], a["card"]) for a in table.lay("BB-B-N4A", *table.spot((1, 0), seat=1), angle=180.0)] == \
        [("Ben", "BB-B-N4A")]
    table.lay("BB-A-N4A", *table.spot((-1, 0), seat=1), angle=180.0)  # Ana's card on Ben's side
    assert "BB-A-N4A" not in table.cells(1) and "BB-A-N4A" not in table.cells(0)
    assert table.game.state()["tableaux"][1]["score"] == 1


def test_without_its_star_in_view_a_tableau_waits_and_nothing_is_played_before_the_round():
    table = Table()
    star = table.lying.pop("BB-A-STAR")
    assert table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0) == []
    table.lying["BB-A-STAR"] = star  # in view again: the card has lain still two frames
    assert table.frame() == [] and plays(table.frame()) == [("BB-A-N4A", [1, 0], 180)]
    waiting = BigBang({"game": "big-bang", "players": ["Ana"]})  # not started: the star is laid, hands drawn
    adapter = BigBangTable(["Ana"])
    lying = [star, Lying("BB-A-N5A", *table.spot((2, 0)))]
    for t in (0.2, 0.4):
        assert adapter.read([], t, waiting.state(), table.mat, lying).actions == []


def test_after_a_restart_a_tableau_still_lying_there_sends_nothing_and_the_next_card_is_judged():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    table.lay("BB-A-N5A", *table.spot((2, 0)))
    resumed = BigBangTable(["Ana"])
    resumed.resumed(table.game.table_cards())
    table.adapter = resumed
    placed = [{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": c.angle} for c in table.lying.values()]
    assert table.frame(*placed) == [] and table.frame() == []
    assert plays(table.lay("BB-A-N6A", *table.spot((3, 0)), angle=180.0)) == [("BB-A-N6A", [3, 0], 180)]
    assert table.game.state()["tableaux"][0]["score"] == 3


def test_after_a_restart_a_refused_card_still_lying_there_gets_no_second_verdict_but_moved_it_is_a_play():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    (refused,) = plays(table.lay("BB-A-N6A", *table.spot((2, 0))))  # 6 beside 4: no fit, still lying there
    assert "BB-A-N6A" in table.game.table_cards()
    resumed = BigBangTable(["Ana"])
    resumed.resumed(table.game.table_cards())
    table.adapter = resumed
    placed = [{"type": "placed", "card": c.card_id, "x": c.x, "y": c.y, "angle": c.angle} for c in table.lying.values()]
    assert table.frame(*placed) == [] and table.frame() == []
    assert plays(table.lay("BB-A-N6A", *table.spot((0, 1)), angle=180.0)) == [("BB-A-N6A", [0, 1], 180)]


def test_a_card_over_the_discard_box_that_sits_beside_the_tableau_is_a_play_not_a_discard():
    table = Table(stars=((540.0, 243.3, 0.0),))  # the star near the area's right edge, beside the boxes
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    x, y = table.spot((2, 0))
    assert table.adapter.zone_of(table.mat, x, y).name == "seat1.discard"
    assert plays(table.lay("BB-A-N5A", x, y)) == [("BB-A-N5A", [2, 0], 0)]
    assert table.game.state()["tableaux"][0]["discard"] == []
    box = table.mat.zone("seat1.discard")
    actions = table.lay("BB-A-N7A", box.x + box.w - 30, box.y + box.h - 30, angle=17.0)  # a discard, crooked
    assert [(a["type"], a["card"]) for a in actions] == [("discard", "BB-A-N7A")]


def test_a_card_at_the_play_areas_edge_near_the_discard_box_is_the_tableaus():
    table = Table()
    area, box = table.mat.zone("seat1.tableau"), table.mat.zone("seat1.discard")
    x, y = area.x + area.w - 5, box.y + 30  # inside the area, within the box's slack
    assert table.adapter.zone_of(table.mat, x, y) == area and table.adapter.cards_in(box, [Lying("X", x, y)])
    assert "discard" not in [a["type"] for a in table.lay("BB-A-N7A", x, y)]  # a tableau card, judged as one


def test_in_a_race_a_card_past_both_areas_goes_to_the_tableau_it_sits_beside_not_the_nearest_star():
    table = Table(players=("Ana", "Ben"))
    ana_area = table.mat.zone("seat1.tableau")
    chain = [(1, 0), (2, 0), (2, 1), (3, 1), (3, 2), (4, 2), (4, 3), (5, 3)]  # down and right, below her area
    cards = ["BB-A-N4A", "BB-A-N5A", "BB-A-N6A", "BB-A-N7A", "BB-A-N6B", "BB-A-N7B", "BB-A-N6C", "BB-A-N7C"]
    for card, cell in zip(cards, chain):
        table.lay(card, *table.spot(cell), angle=180.0 if sum(cell) % 2 else 0.0)
    x, y = table.spot((5, 3))
    ben_star = table.stars[1]
    assert y > ana_area.y + ana_area.h + 20 and math.dist((x, y), ben_star[:2]) < math.dist((x, y), table.stars[0][:2])
    assert [c for c, cell in table.cells().items() if cell == [5, 3]] == ["BB-A-N7C"]  # on Ana's tableau
    assert not [n for n in table.notes if n.code == "line_up"] and table.game.state()["tableaux"][0]["score"] == 8

def test_a_card_of_the_tableau_taken_away_is_told_it_stays_and_one_taken_off_the_discard_box_is_nothing():
    table = Table(players=("Ana", "Ben"))
    table.lay("BB-B-N4A", *table.spot((1, 0), seat=1), angle=180.0)
    resumed = BigBangTable(["Ana", "Ben"])  # after a restart too: the tableau is read from the game
    resumed.resumed(table.game.table_cards())
    table.adapter = resumed
    lifted = table.take("BB-B-N4A")
    assert [(a["type"], a["player"], a["card"]) for a in lifted] == [("lift", "Ben", "BB-B-N4A")]
    assert table.game.apply(lifted[0])[0]["message"] == "Played cards stay: put it back."
    solo = Table()
    for card, cell in (("BB-A-N1A", (1, 0)), ("BB-A-N2A", (-1, 0)), ("BB-A-N3A", (0, 1))):
        solo.lay(card, *solo.spot(cell), angle=180.0)
    box = solo.mat.zone("seat1.discard").center
    assert [a["type"] for a in solo.lay("BB-A-N7A", *box)] == ["discard"]
    assert solo.take("BB-A-N7A") == [], "the pile's top lifted: nothing to tell"
    solo.game.apply({"type": "time_up", "t": solo.t})
    solo.lying["BB-A-N7A"] = Lying("BB-A-N7A", *box)
    solo.frame()
    assert solo.take("BB-A-N7A") == [], "cards gathered after the round: no lifts"


def test_a_discard_that_fits_is_refused_and_judged_again_when_laid_again():
    table = Table()
    box = table.mat.zone("seat1.discard").center
    assert [a["type"] for a in table.lay("BB-A-N7A", *box)] == ["discard"]  # refused: anything fits by the star
    assert table.frame() == [], "lying still: not sent again"
    table.take("BB-A-N7A")
    assert [a["type"] for a in table.lay("BB-A-N7A", *box)] == ["discard"]


def test_only_big_bang_cards_in_view_are_read_and_a_hand_over_a_card_keeps_it_waiting():
    table = Table()
    x, y = table.spot((1, 0))
    assert table.lay("SU-A-N5A", x, y, angle=180.0) == [], "another game's card is not a play"
    del table.lying["SU-A-N5A"]
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", x, y, 180.0, covered=True)
    assert table.frame() == [] and table.frame() == [], "under a hand: not yet"
    table.lying["BB-A-N4A"].covered = False
    assert table.frame() == [] and plays(table.frame()) == [("BB-A-N4A", [1, 0], 180)]
    box = table.mat.zone("seat1.discard").center
    table.lying["BB-A-N7A"] = Lying("BB-A-N7A", *box, covered=True)
    assert table.frame() == [], "a discard under a hand: not yet"
    del table.lying["BB-A-N7A"]
    table.lying = {"SU-A-N5A": Lying("SU-A-N5A", *box), **table.lying, "BB-A-N7A": Lying("BB-A-N7A", box[0] + 5, box[1])}
    assert [(a["type"], a["card"]) for a in table.frame()] == [("discard", "BB-A-N7A")], "another game's card in the box"


def test_a_card_in_a_players_area_is_theirs_even_nearer_the_other_star():
    table = Table(players=("Ana", "Ben"), stars=((100.0, 200.0, 0.0), (560.0, 200.0, 0.0)))
    x, y = table.spot((-2, 0), seat=1)  # one of Ben's cells by his lattice, but in Ana's area
    assert table.adapter.zone_of(table.mat, x, y).name == "seat1.tableau"
    assert table.lay("BB-A-N4A", x, y) == [] and [n.card for n in table.notes] == ["BB-A-N4A"], "Ana's: off her lattice"


def test_a_refused_card_lying_still_is_judged_once_and_a_card_laid_back_settles_again():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    assert [a["type"] for a in table.lay("BB-A-N6A", *table.spot((2, 0)))] == ["play"]  # refused: 6 beside 4
    assert table.frame() == [] and table.frame() == [], "one buzz, not one a frame"
    table.take("BB-A-N6A")
    table.lying["BB-A-N6A"] = Lying("BB-A-N6A", *table.spot((2, 0)))
    assert table.frame({"type": "placed", "card": "BB-A-N6A"}) == [], "laid back: it has to settle first"
    assert plays(table.frame()) == [("BB-A-N6A", [2, 0], 0)]


def test_line_it_up_waits_a_frame_is_said_to_each_card_and_again_after_the_card_sat_right():
    table = Table()
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    between = table.spot((2, 0), off=(25.0, -14.0))
    table.lying["BB-A-N5A"] = Lying("BB-A-N5A", *between)
    table.frame()
    assert table.notes == [], "just landed: it may still be sliding"
    table.frame()
    assert [(n.detail, n.card) for n in table.notes] == [("Slide it into a space", "BB-A-N5A")]
    table.lying["BB-A-N3A"] = Lying("BB-A-N3A", *table.spot((-1, 0)), 200.0)
    table.frame()
    table.frame()
    assert [n.card for n in table.notes] == ["BB-A-N5A", "BB-A-N3A"]
    table.lying["BB-A-N5A"] = Lying("BB-A-N5A", *table.spot((3, 0)), 180.0)  # sits right (touching nothing)
    table.frame()
    table.lying["BB-A-N5A"] = Lying("BB-A-N5A", *between)
    table.frame()
    assert [n.card for n in table.notes] == ["BB-A-N5A", "BB-A-N3A"], "slid off again: it may still be sliding"
    table.frame()
    assert [n.card for n in table.notes] == ["BB-A-N5A", "BB-A-N3A", "BB-A-N5A"]
    table.take("BB-A-N3A")
    table.lying["BB-A-N3A"] = Lying("BB-A-N3A", *table.spot((-1, 0)), 200.0)
    table.frame()
    table.frame()
    assert [n.card for n in table.notes][-1] == "BB-A-N3A" and len(table.notes) == 4, "taken away and laid again"


def test_a_card_that_slides_off_its_cell_and_back_settles_again_before_it_is_played():
    table = Table()
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", *table.spot((1, 0)), 180.0)
    assert table.frame() == []
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", *table.spot((1, 0), off=(25.0, 0.0)), 180.0)  # sliding on
    assert table.frame() == []
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", *table.spot((1, 0)), 180.0)
    assert table.frame() == [], "back in its cell: it has to lie still a frame first"
    assert plays(table.frame()) == [("BB-A-N4A", [1, 0], 180)]


def test_in_a_race_a_card_past_the_areas_goes_to_the_nearest_star_and_one_in_an_area_to_its_player():
    table = Table(players=("Ana", "Ben"))
    far = table.spot((6, 0), seat=1)  # past the mat's right edge, beyond Ben's area
    assert table.adapter.zone_of(table.mat, *far) is None
    assert [(a["player"], a["card"], a["cell"]) for a in table.lay("BB-B-N4A", *far)] == [("Ben", "BB-B-N4A", [6, 0])]
    ana = table.spot((-7, 0), seat=1)  # in Ana's area, though on Ben's lattice it would be a cell of his
    assert table.adapter.zone_of(table.mat, *ana).name == "seat1.tableau"
    assert table.lay("BB-A-N4A", *ana) == [], "on Ana's lattice it sits between cells: no play for Ben"
    assert [(n.code, n.card) for n in table.notes] == [("line_up", "BB-A-N4A")]


def test_a_card_grown_over_the_discard_box_is_a_play_only_and_a_box_card_does_not_hide_a_tableau_card():
    table = Table(stars=((540.0, 243.3, 0.0),))
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)
    x, y = table.spot((2, 0))
    assert [(a["type"], a["card"]) for a in table.lay("BB-A-N5A", x, y)] == [("play", "BB-A-N5A")]
    box = table.mat.zone("seat1.discard")
    table.lying.clear()
    table.lying["BB-A-N1A"] = Lying("BB-A-N1A", box.x + box.w - 30, box.y + box.h - 30, 17.0)  # in the box, first
    table.lying["BB-A-STAR"] = Lying("BB-A-STAR", 540.0, 243.3, 0.0)
    table.lying["BB-A-N4A"] = Lying("BB-A-N4A", *table.spot((1, 0)), 180.0)
    table.lying["BB-A-N5A"] = Lying("BB-A-N5A", x, y, 0.0)
    table.lying["BB-A-N6A"] = Lying("BB-A-N6A", *table.spot((3, 0)), 180.0)
    table.frame()
    assert ("play", "BB-A-N6A") in [(a["type"], a["card"]) for a in table.frame()]


def test_in_a_race_a_card_laid_against_ones_own_tableau_over_the_line_into_the_others_area_is_ones_own():
    """Tableaux in a race grow towards each other: Ana's card beside her tableau, its centre over
    the line in Ben's area, is Ana's play; a card in Ben's area beside his tableau stays his."""
    table = Table(players=("Ana", "Ben"), stars=((420.0, 200.0, 0.0), (700.0, 200.0, 0.0)))
    assert plays(table.lay("BB-A-N4A", *table.spot((1, 0)), angle=180.0)) == [("BB-A-N4A", [1, 0], 180)]
    x, y = table.spot((2, 0))
    assert table.adapter.zone_of(table.mat, x, y).name == "seat2.tableau"       # over the line
    assert plays(table.lay("BB-A-N5A", x, y)) == [("BB-A-N5A", [2, 0], 0)]
    assert table.cells(0)["BB-A-N5A"] == [2, 0] and not table.notes
    assert plays(table.lay("BB-B-N6A", *table.spot((-1, 0), seat=1), angle=60.0)) == [("BB-B-N6A", [-1, 0], 60)]
    assert table.cells(1)["BB-B-N6A"] == [-1, 0]                                 # in his area, beside his: his


def test_every_other_games_card_in_every_zone_is_a_note_never_a_play():
    """Every kind of card of every other game, laid in each zone (play areas, discard boxes) at moments of a
    whole game and taken away again: "Other game: take it off", and no play."""
    from other_deck_check import plays_made

    assert plays_made({"game": "big-bang", "seed": 5, "players": ["Ana", "Ben"]}) == []


def test_a_tableau_already_placed_anchors_its_next_card_while_its_star_is_not_read():
    """The star is one anchor among many: with it unread in a frame (a glare, a sleeve over its
    code), the cards already placed give the lattice, and the next card is judged in its cell."""
    table = Table(stars=((300.0, 200.0, 17.0),))
    table.lay("BB-A-N4A", *table.spot((1, 0)), angle=17.0 + 180.0)
    table.lay("BB-A-N5A", *table.spot((2, 0)), angle=17.0)
    del table.lying["BB-A-STAR"]  # not read from here on
    assert table.frame() == [] and table.frame() == []  # the tableau stays as it was placed
    assert plays(table.lay("BB-A-N6A", *table.spot((3, 0)), angle=17.0 + 180.0)) == [("BB-A-N6A", [3, 0], 180)]
    assert table.game.state()["tableaux"][0]["score"] == 3


def test_in_a_race_a_card_beside_a_tableau_whose_star_is_not_read_is_still_that_tableaus():
    table = Table(players=("Ana", "Ben"))
    table.lay("BB-A-N4A", *table.spot((1, 0), seat=0), angle=180.0)
    del table.lying["BB-A-STAR"]
    laid = table.lay("BB-A-N5A", *table.spot((2, 0), seat=0), angle=0.0)
    assert [(a["player"], a["card"], a["cell"]) for a in laid if a["type"] == "play"] == [("Ana", "BB-A-N5A", [2, 0])]
    assert table.notes == []  # not measured against Ben's star (and told to line up)
