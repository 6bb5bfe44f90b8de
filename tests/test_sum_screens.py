"""SUM's OLED screens in a child's words, made from real games: every screen fits whole in glyphs
the OLED has (six players, names up to six letters), in English and in Spanish, the words are the
mat's (the target box, won cards), and each screen's bottom line is the next step."""

from __future__ import annotations

import functools
from typing import Any

import pytest

from engine.sum import Sum
from screen_helpers import bottom_line, cut, unreadable_in_every_language
from station.i18n import language, use_language
from station.games.sum import screens as screens
from station.ui import winners
from station.ui.controller import CHANGE_HINT
from station.ui.views import SetupView, View

SIX = ["Ana", "Dmitri", "Chloé", "Farouk", "Ben", "Eve"]


def cards(*codes: str) -> list[str]:
    return [f"SU-A-{code}" for code in codes]


class Table:
    """A real game that keeps every screen its events call for, and the live screen, by name."""

    def __init__(self, name: str, views: dict[str, View], players: list[str] = SIX, **config: Any) -> None:
        self.game = Sum({"game": "sum", "players": players, **config})
        self.name, self.views, self.t = name, views, 0.0

    def act(self, moment: str, kind: str, **fields: Any) -> list[View]:
        self.t += 1
        events = self.game.apply({"type": kind, "t": self.t, **fields})
        shown = [o.view for o in screens.overlays(events, self.game.state(), "press")]
        for index, view in enumerate(shown):
            self.views[f"{self.name}/{moment}/{index}"] = view
        for page in (0, 1):
            self.views[f"{self.name}/{moment}/live/{page}"] = screens.live_view(self.game.state(), self.t, page)
        return shown

    def turn(self) -> str:
        return str(self.game.state()["turn"])


def every_screen() -> dict[str, View]:
    views: dict[str, View] = {}
    table = Table("six", views)
    table.act("no-target", "submit", player="Ana", cards=cards("N3A"))
    table.act("not-a-number", "target", card="SU-A-MUL2")
    table.act("target", "target", card="SU-A-N12A")
    table.act("target-taken", "target", card="SU-A-N5B")
    table.act("not-your-turn", "draw", player="Ben", deck="numbers")
    table.act("draw-first", "end_turn", player="Ana")
    table.act("malformed", "submit", player="Ana", cards=cards("N12B", "N5A", "ADD1"))
    table.act("no-operation", "submit", player="Ana", cards=cards("N6A", "N6B"))
    table.act("remainder", "submit", player="Ana", cards=cards("N12B", "DIV1", "N5A"))
    # the shared expression problems SUM can meet (engine/expressions.py, station/ui/problem_words.py)
    table.act("two-minus", "submit", player="Ana", cards=cards("SUB1", "SUB2", "N12B"))
    table.act("two-operations", "submit", player="Ana", cards=cards("N12B", "ADD1", "MUL1", "N1A"))
    table.act("starts-with-operation", "submit", player="Ana", cards=cards("MUL1", "N12B"))
    table.act("ends-with-operation", "submit", player="Ana", cards=cards("N12B", "ADD1"))
    table.act("empty", "submit", player="Ana", cards=[])
    table.act("wild-in-equation", "submit", player="Ana", cards=cards("N12B", "ADD1", "PROP1"))
    table.act("too-many", "submit", player="Ana", cards=cards("N1A", "ADD1", "N1B", "ADD2", "N1C", "ADD3", "N2A",
                                                                "ADD4", "N7A"))
    table.act("other-game", "submit", player="Ana", cards=["WC-A-N3A", "SU-A-ADD1", "SU-A-N9A"])
    table.act("not-wild", "wild", player="Ana", card="SU-A-N7A")
    table.act("wrong", "submit", player="Ana", cards=cards("N3A", "MUL1", "N4A", "SUB1", "N2A"))
    table.act("drew", "draw", player="Ana", deck="numbers")
    table.act("wrong-again", "submit", player="Ana", cards=cards("N3A", "MUL1", "N4A", "SUB1", "N2A"))
    table.act("drew-last", "draw", player="Ana", deck="operations")
    table.act("no-draws", "draw", player="Ana", deck="numbers")
    table.act("turn-over", "submit", player="Ana", cards=cards("N3A", "MUL1", "N4A", "SUB1", "N2A"))
    table.act("won", "submit", player="Dmitri", cards=cards("N2A", "N2B", "MUL1", "N3A"))
    table.act("played-before", "target", card="SU-A-N2A")
    table.act("new-target", "target", card="SU-A-N9A")
    table.act("radicalization", "wild", player=table.turn(), card="SU-A-RAD1")
    table.act("squared", "wild", player=table.turn(), card="SU-A-RAD2")
    table.act("propagation", "wild", player=table.turn(), card="SU-A-PROP1")
    table.act("neutralization", "wild", player=table.turn(), card="SU-A-NEUT1")
    table.act("rotation", "wild", player=table.turn(), card="SU-A-ROT1")

    off = Table("off", views, players=SIX[:3], wild={"rotation": False})
    off.act("target", "target", card="SU-A-N12A")
    off.act("effect-off", "wild", player="Ana", card="SU-A-ROT1")
    off.game.numbers_deck = 1  # a game far on: one number card left
    off.act("short-propagation", "wild", player="Ana", card="SU-A-PROP1")
    off.game.hands["Ana"] = 1
    off.act("needs-another-card", "wild", player="Ana", card="SU-A-NEUT1")
    off.act("deck-empty", "draw", player="Ana", deck="numbers")
    off.act("draw", "draw", player="Ana", deck="operations")
    off.act("last-draw", "draw", player="Ana", deck="operations")
    off.act("game-over", "end_turn", player="Ana")
    off.act("over", "draw", player="Dmitri", deck="numbers")
    # no SUM card is a 0: the engine's words for ÷ 0 (engine/expressions.py) as the screen would show them
    zero = {"type": "violation", "player": "Ana", "code": "divide_by_zero", "message": "You can't divide by 0",
            "problem": {"code": "division_by_zero", "values": {}}}
    views["divide-by-zero"] = screens.overlays([zero, {"type": "draw_more", "player": "Ana", "draws_left": 2}],
                                               off.game.state(), "press")[0].view

    accent = Table("accent", views, players=["Élodie", "Ben"])  # a roster name with an accented capital
    accent.act("target", "target", card="SU-A-N12A")
    accent.act("wrong", "submit", player="Élodie", cards=cards("N3A", "MUL1", "N4A", "SUB1", "N2A"))
    accent.act("turn-over", "end_turn", player="Élodie")

    empty = Table("empty-hand", views, players=SIX[:2])
    empty.act("target", "target", card="SU-A-N12A")
    empty.game.hands["Ana"] = 3  # far on in a game: Ana holds just these three cards
    empty.act("game-over", "submit", player="Ana", cards=cards("N3A", "MUL1", "N4A"))

    options = screens.setup_options({})
    for index in range(max(len(option.choices) for option in options)):  # every choice of every row, shown
        rows = tuple((o.label, o.choices[min(index, len(o.choices) - 1)].label) for o in options)
        views[f"setup/{index}"] = SetupView("SUM", rows, index % len(rows), str(CHANGE_HINT))
    return views


@functools.cache
def screens_in(name: str) -> dict[str, View]:
    """Every screen of the drive, in the words of language ``name``."""
    with use_language(name):
        return every_screen()


SCREENS = screens_in("en")


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_sum_screen_fits_whole_in_glyphs_the_oled_has_in_every_language(name):
    assert unreadable_in_every_language(lambda: screens_in(language())[name]) == {}


@pytest.mark.parametrize("name", ["en", "es"])
def test_the_drive_met_every_refusal_the_screens_know(name):
    shown = screens_in(name)
    titles = {getattr(v, "title", "") for k, v in shown.items() if getattr(v, "kind", "") == "wrong"}
    with use_language(name):
        assert {str(title) for title in screens.VERDICT_TITLES.values()} <= titles


def test_the_live_screen_says_what_to_make_and_what_to_do_in_the_mats_words():
    first = SCREENS["six/no-target/live/0"]
    assert (first.headline, bottom_line(first)) == ("Turn up a target", "Into the target box")
    live = SCREENS["six/drew/live/0"]
    assert (live.headline, bottom_line(live)) == ("Make 12", "Lay cards, CONFIRM")  # no "Numbers 35" to puzzle over
    assert [p.detail for p in live.players][:2] == ["8 held, 0 won", "7 held, 0 won"]
    assert bottom_line(SCREENS["off/game-over/live/0"]) == "CONFIRM: new game"


def test_a_wrong_equation_shows_what_it_makes_then_to_take_the_cards_back_and_draw():
    wrong = SCREENS["six/wrong/0"]
    assert (wrong.title, wrong.who, wrong.detail) == ("Not 12", "3 × 4 − 2 = 10", "Take the cards back. SPARE: draw 2 more")
    assert bottom_line(wrong) == "SPARE: draw 2 more"
    assert bottom_line(SCREENS["six/wrong-again/0"]) == "SPARE: draw 1 more"
    assert bottom_line(SCREENS["six/turn-over/0"]) == "Take the cards back"  # both draws made: the turn is over
    assert bottom_line(SCREENS["six/turn-over/1"]) == "Now Dmitri's turn"


@pytest.mark.parametrize("name, bottom", [
    ("six/no-target/0", "in the target box"),
    ("six/not-a-number/0", "Take it back"),
    ("six/target-taken/0", "Take the new card back"),
    ("six/draw-first/0", "press SPARE"),
    ("six/malformed/0", "SPARE: draw 2 more"),
    ("six/no-operation/0", "SPARE: draw 2 more"),
    ("six/remainder/0", "SPARE: draw 2 more"),
    ("six/too-many/0", "check the cards"),
    ("six/other-game/0", "Take it back"),
    ("six/not-wild/0", "Take it back"),
    ("six/played-before/0", "Take it back"),
    ("off/needs-another-card/0", "Take it back"),
    ("off/over/0", "CONFIRM: new game"),
])
def test_every_refusal_ends_on_what_to_do(name, bottom):
    assert bottom_line(SCREENS[name]) == bottom


@pytest.mark.parametrize("name, bottom", [
    ("six/target/0", "Make it with your cards"),
    ("six/won/0", "Turn up a new target"),
    ("six/radicalization/0", "Now make 3"),
    ("six/propagation/0", "Others: take a number"),
    ("six/neutralization/0", "Chloé: discard a card"),
    ("six/rotation/0", "Pass a card to the left"),
    ("off/effect-off/0", "Put it back in the deck"),
    ("off/short-propagation/1", "Most won cards wins"),
    ("empty-hand/game-over/0", "No cards left!"),  # the equation that empties a hand ends the game: no new target
    ("empty-hand/game-over/1", "CONFIRM: all scores"),  # one CONFIRM, not "CONFIRM ×2"
])
def test_each_moment_ends_on_the_next_step(name, bottom):
    assert bottom_line(SCREENS[name]) == bottom


def test_a_tie_of_three_is_said_as_a_tie_and_names_them_whole():
    over = SCREENS["off/game-over/1"]
    assert (over.big, over.lines) == ("A tie!", ("Ana, Dmitri, Chloé", "0 cards won each"))
    assert SCREENS["off/game-over/live/0"].headline == "A tie!"


def test_more_winners_than_a_line_holds_are_counted_not_named():
    tie = winners.banner("Numbers used up", SIX, "0 cards won each", "CONFIRM: all scores")
    assert (tie.big, tie.lines) == ("A tie!", ("6 players", "0 cards won each")) and not cut(tie)


@pytest.mark.parametrize("seed", [1, 2, 3, 5])
def test_a_long_two_player_game_shows_every_hand_and_won_pile_whole(seed):
    """Two players far into a real game hold 10 cards and more and have won 10 and more: the live
    screen says "10 held, 10 won" whole (it once cut the won count: "10 cards, 10…")."""
    from station.games.sum.players import SumTablePlayers

    game = Sum({"game": "sum", "seed": seed, "players": ["Dmitri", "Farouk"]})
    most, shown = 0, []
    for _ in SumTablePlayers(game, seed).actions():
        state = game.state()
        most = max(most, *(min(state["hands"][n], state["won"][n]) for n in state["players"]))
        shown += [screens.live_view(state, 600, page) for page in (0, 1)]
    assert most >= 10  # the game met the two-digit hands and piles this test is about
    assert [text for view in shown for text in cut(view)] == []
