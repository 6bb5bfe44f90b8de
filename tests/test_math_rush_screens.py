"""Math Rush's OLED screens in a child's words, made from real games: every screen fits whole in
glyphs the OLED has, in every language the station speaks, and each one's bottom line is the next
step (a wrong card says why and how to mend the set, a goal done says to lay a new one, every
refusal says what to do)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from conftest import RUSH_CARDS, RUSH_GOALS, RushTable
from screen_helpers import bottom_line, unreadable_in_every_language
from station.games.math_rush import screens as screens
from station.i18n import use_language
from station.ui.screens import compose
from station.ui.views import SetupView, TimerView, View


def _overlay(events: list[dict[str, Any]], state: Mapping[str, Any], index: int) -> Callable[[], View]:
    return lambda: screens.overlays(events, state, "press")[index].view


def _live(state: Mapping[str, Any], t: float) -> Callable[[], View]:
    return lambda: screens.live_view(state, t, 0)


def _setup(index: int) -> Callable[[], View]:
    """The setup screen with each row showing its choice ``index`` (or its last)."""
    def make() -> View:
        options = screens.setup_options({"timer": 95})  # station.toml's own round length too: "1 min 35 s"
        return SetupView("Math Rush", tuple((o.label, o.choices[min(index, len(o.choices) - 1)].label)
                                            for o in options), 0, "CONFIRM: change")
    return make


class Screens(RushTable):
    """A real game that keeps every screen its events call for, and the live screen, by name: each
    as the way to draw it again (``views``), so that it is drawn in the language of the moment."""

    def __init__(self, name: str, views: dict[str, Callable[[], View]], **config: Any) -> None:
        super().__init__(("Ana", "Ben", "Cleo"), **config)
        self.name, self.views = name, views

    def act(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        events = super().act(kind, **fields)
        self.keep(kind, events)
        return events

    def run_out(self) -> list[dict[str, Any]]:
        events = super().run_out()
        self.keep("run_out", events)
        return events

    def keep(self, kind: str, events: list[dict[str, Any]]) -> None:
        state = self.game.state()
        for index in range(len(screens.overlays(events, state, "press"))):
            self.views[f"{self.name}/{kind}@{self.t:g}/{index}"] = _overlay(events, state, index)
        self.live(f"{kind}@{self.t:g}")

    def live(self, moment: str) -> None:
        self.views[f"{self.name}/{moment}/live"] = _live(self.game.state(), self.t)


def every_screen() -> dict[str, Callable[[], View]]:
    views: dict[str, Callable[[], View]] = {f"setup/{index}": _setup(index) for index in range(8)}
    race = Screens("race", views)
    race.live("start")
    race.goal("G1", 1)  # UP 3
    race.goal("G11", 2)  # UP 3, decimals only
    race.goal("G9", 3)  # SAME 3
    race.act("start")
    race.play("1/10", 1)
    race.play("0.1", 2)
    race.play("1/8", 2)  # a fraction on "Decimals only"
    race.act("lift", card=RUSH_CARDS["1/8"])
    race.act("help", use="clear")
    race.play("1/5", 1)
    race.play("1/2", 1)  # UP 3 done
    race.play("0.5", 3)
    race.play("1/3", 3)  # not equal: SAME broken
    race.act("lift", card=RUSH_CARDS["1/3"])
    race.act("play", card=RUSH_CARDS["1/3"], row=3, on="")  # put back: still broken
    race.goal("G5", 4)  # DOWN 3 laid during the race
    race.play("1/4", 4)
    race.play("1/6", 4)
    race.play("3/4", 4)  # full and broken: 0 stars
    race.act("help", use="redraw")
    race.run_out()
    race.act("next_round")
    for code in ("G2", "G6"):
        race.goal(code, 1 if code == "G2" else 2)
    race.act("start")
    race.run_out()
    race.act("next_round")
    race.start(("G3", 1))
    race.run_out()  # the third round: the game's end

    broke = Screens("no-help", views)  # every Help card used: a wrong card cannot be mended
    broke.start(("G1", 1))
    for _ in range(3):
        broke.act("help", use="redraw")
    broke.play("1/2", 1)
    broke.play("1/4", 1)

    young = Screens("young", views, one_goal=True, help="unlimited", timer=False)
    young.start(("G11", 1))
    young.play("1/4", 1)  # a restriction still counts: lifted, it is simply gone
    young.act("end_round")
    young.act("next_round")

    refused = Screens("refused", views)
    refused.play("1/2", 1)  # not_started
    refused.act("start")  # no_goals
    refused.act("end_round")  # not_playing
    refused.act("goal", card=RUSH_CARDS["1/2"], row=1)  # not_a_goal
    refused.act("goal", card="MR-A-H1", row=1)  # not_a_goal: a Help card
    refused.act("goal", card="MW-A-N1", row=1)  # not_a_goal: another game's card
    refused.goal("G1", 1)
    refused.goal("G5", 1)  # row_taken
    refused.goal("G5", 2)
    refused.goal("G9", 3)
    refused.goal("G2", 4)  # too_many_goals
    refused.act("start")
    refused.act("start")  # started
    refused.act("next_round")  # round_on
    refused.act("play", card=RUSH_GOALS["G2"], row=1, on="")  # not_a_number: a goal
    refused.act("play", card="MR-A-H2", row=1, on="")  # not_a_number: a Help card
    refused.act("play", card="SU-A-N1A", row=1, on="")  # not_a_number: another game's card
    refused.play("1/2", 4)  # no_goal
    refused.play("1/10", 1)
    refused.act("play", card=RUSH_CARDS["1/10"], row=2, on="")  # played_already
    refused.act("help", use="clear")  # nothing_lifted
    refused.play("1/5", 1)
    refused.play("2/5", 1)
    refused.play("0.9", 1)  # goal_done
    refused.goal("G1", 4)  # goal_used
    refused.play("1/3", 3)
    refused.play("1/4", 3)
    refused.play("0.75", 2)
    refused.play("0.8", 2)
    for card in ("1/4", "0.75"):
        refused.act("lift", card=RUSH_CARDS[card])
    refused.act("help", use="clear")  # one_set
    for _ in range(3):
        refused.act("help", use="redraw")
    refused.act("help", use="redraw")  # no_help
    refused.run_out()
    refused.play("3/4", 1)  # too_late
    refused.goal("G13", 1)  # round_over

    plain = Screens("plain", views, advanced=False)
    plain.goal("G1", 1)
    plain.act("start")
    plain.act("play", card="MR-A-X1", row=1, on="")  # advanced
    for _ in range(3):
        plain.run_out()
        plain.act("next_round") if not plain.game.state()["over"] else None
        if not plain.game.state()["over"]:
            plain.start(("G1", 1))
    plain.act("start")  # game_over

    long = Screens("long", views)  # the longest faces, each reason a set breaks on: it still fits
    long.start(("G9", 1), ("G2", 2), ("G1", 3))
    long.play("0.58(3)", 1)
    long.play("16 2/3%", 1)  # not equal
    long.play("83 1/3%", 2)
    long.play("66 2/3%", 2)  # out of order
    long.play("0.8(3)", 3)
    long.play("0.1(6)", 3, on="0.8(3)")  # a stack of unequal cards
    for name, goals, cards in (("limits", ("G19", "G25", "G15"), ("1/4", "0.5", "1/4")),
                               ("limits2", ("G16", "G12", "G13"), ("3/4", "0.5", "1/2"))):
        limits = Screens(name, views)  # each restriction, on the goal laid in the race and on a card it refuses
        limits.start((goals[0], 1))
        limits.goal(goals[1], 2)
        limits.goal(goals[2], 3)
        for row, card in enumerate(cards, 1):
            limits.play(card, row)
    return views


SCREENS = every_screen()


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_math_rush_screen_fits_whole_in_glyphs_the_oled_has_in_every_language(name):
    assert unreadable_in_every_language(SCREENS[name]) == {}


def screen(name: str) -> View:
    """The screen drawn in the language of the moment (English unless a test says otherwise)."""
    return SCREENS[name]()


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_drive_met_every_refusal_the_screens_know(language):
    with use_language(language):
        refused = {v.title for v in (make() for k, make in SCREENS.items() if k.startswith(("refused/", "plain/")))
                   if getattr(v, "kind", "") == "wrong"}
        assert {str(title) for title in screens.VERDICT_TITLES.values()} <= refused


def test_the_race_and_its_screens_end_on_the_next_step():
    """What a child reads on each screen's last line, screen by screen through a round."""
    assert [bottom_line(screen(name)) for name in (
        "race/start/live", "race/goal@1/live", "race/start@4/0", "race/start@4/live", "race/help@9/live",
        "race/run_out@184/0", "race/run_out@184/1", "race/run_out@184/2", "race/run_out@184/6",
        "race/run_out@184/live", "race/next_round@185/0", "race/run_out@551/4", "race/run_out@551/5",
    )] == [
        "then CONFIRM: go!", "CONFIRM: go!", "Play your cards!", "Play! 3 Help cards left", "Play! 2 Help cards left",
        "Play your last cards", "Hands off the cards", "CONFIRM: next", "CONFIRM: next",
        "Clear cards, CONFIRM", "then CONFIRM: go!", "CONFIRM: next", "CONFIRM: new game",
    ]
    assert bottom_line(screen("young/start@2/live")) == "Play! Help as you like"
    assert bottom_line(screen("no-help/help@5/live")) == "Play! No Help cards left"
    laid = screen("race/goal@16/0")  # a goal laid in the race, in the fourth row
    assert (laid.title, laid.detail, bottom_line(laid)) == ("Row 4: DOWN 3", "Any cards. Play!", "Play!")


def test_a_wrong_card_says_why_then_how_to_mend_the_set_on_a_line_of_its_own():
    wrong = screen("race/play@7/0")  # 1/8 on "Decimals only", Help cards left
    assert (wrong.title, wrong.who, wrong.detail) == ("Row 2: 1/8", "", "Decimals only. Lift it, use a Help card")
    assert bottom_line(wrong) == "Lift it, use a Help card"
    assert bottom_line(screen("race/play@13/0")) == "Lift it, use a Help card"  # 1/3 ≠ 0.5 on SAME 3
    assert bottom_line(screen("race/play@15/0")) == "Lift it, use a Help card"  # put back, still breaking it
    assert bottom_line(screen("no-help/play@7/0")) == "No Help left: play on"
    assert bottom_line(screen("young/play@3/0")) == "Take it off the row"  # lifted, a card is simply gone
    full, done = screen("race/play@19/0"), screen("race/play@19/1")  # the wrong card fills the set: no mending
    assert (full.detail, bottom_line(done)) == ("3/4 > 1/6: out of order", "Flip it, lay a new goal")


def test_a_goal_done_a_card_lifted_and_a_help_card_say_what_now():
    assert bottom_line(screen("race/play@11/0")) == "Now lay a new goal"
    assert bottom_line(screen("race/lift@8/0")) == "or put it back"  # "Use a Help card," / "or put it back"
    assert bottom_line(screen("race/help@9/0")) == "Play on"
    assert bottom_line(screen("race/help@20/0")) == "discard and draw again"  # "Everyone:" / …


@pytest.mark.parametrize("name, bottom", [
    ("refused/play@1/0", "start the clock"),  # Press CONFIRM
    ("refused/goal@4/0", "lay it in a row"),  # a number card in the goal column
    ("refused/goal@5/0", "it goes in the Help box"),
    ("refused/goal@6/0", "Take it back"),  # another game's card
    ("refused/goal@8/0", "use a free row"),
    ("refused/play@15/0", "the goal column"),  # a goal laid in a row
    ("refused/play@16/0", "Help box"),
    ("refused/play@18/0", "play beside a goal"),
    ("refused/play@20/0", "put it back there"),  # a played card moved to another row
    ("refused/help@21/0", "then the Help card"),
    ("refused/play@24/0", "flip it and lay a new goal"),
    ("refused/goal@25/0", "lay another goal"),
    ("refused/help@32/0", "put the others back"),
    ("refused/goal@194/0", "CONFIRM: next round"),
    ("plain/play@3/0", "put it back in the box"),
    ("plain/start@549/0", "CONFIRM for a new one"),
])
def test_every_refusal_ends_on_what_to_do(name, bottom):
    assert bottom_line(screen(name)) == bottom


def test_a_goals_progress_reads_cards_of_needed_never_as_a_fraction():
    """In a fractions game "Row 2 2/3" reads as two thirds: the race says "2 of 3"."""
    rows = [(r.name, r.detail) for v in (make() for k, make in SCREENS.items() if k.startswith("race/")
                                          and k.endswith("/live")) if isinstance(v, TimerView) for r in v.rows]
    assert ("Row 2", "2 of 3") in rows and ("Row 4", "2 of 3") in rows
    assert all(re.fullmatch(r"\d of \d", detail) for _, detail in rows), rows


#: What stays as it is in Spanish: the words printed on the cards, the mat and the buttons, and a
#: word both languages spell alike.
AS_PRINTED = re.compile(r"Math Rush|CONFIRM|GOAL|HELP|UP|DOWN|SAME|Advanced|Total|min")
#: The shared rooms' time-up banner (station/ui/rounds.py): its words are the shared UI's catalog's.
SHARED = {"Time is up!", "Stop!", "Hands off the cards", "CONFIRM: change"}


def _texts(view: View) -> list[str]:
    return [p.wanted for p in compose(view).items if p.kind == "text"]


def test_every_word_of_every_math_rush_screen_is_spanish_in_spanish():
    """A message the catalog lacks shows in English: a Spanish screen that reads as the English
    one (but for the printed words) is a message never extracted or never translated."""
    english = {name: _texts(make()) for name, make in SCREENS.items()}
    with use_language("es"):
        spanish = {name: _texts(make()) for name, make in SCREENS.items()}
    still_english = {en for name in SCREENS for en, es in zip(english[name], spanish[name])
                     if en == es and en not in SHARED and re.search(r"[A-Za-z]{2,}", AS_PRINTED.sub("", en))}
    assert still_english == set()
