"""What SUM shows and what its buttons do: views checked for their values, every text drawn whole
with glyphs the OLED's font has."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from engine.sum import Sum
from engine.sum.game import hint
from station.ui import fonts
from station.games.sum import screens as ui
from station.ui.screens import compose
from station.ui.views import BannerView, LiveView, Menu, VerdictView

WRONG = ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A", "SU-A-SUB1", "SU-A-N2A"]  # 3 × 4 − 2 = 10


def game(target: str | None = "SU-A-N12A", **config: Any) -> Sum:
    g = Sum({"game": "sum", "players": ["Ana", "Ben", "Cleo"], **config})
    if target is not None:
        g.apply({"type": "target", "t": 1, "card": target})
    return g


def shown(g: Sum, action: dict[str, Any]) -> list[Any]:
    """The screens one action calls for."""
    t = g.actions[-1]["t"] + 1 if g.actions else 1
    return [o.view for o in ui.overlays(g.apply({"t": t, **action}), g.state(), "press")]


def fits(view: Any) -> None:
    """Every text drawn whole (nothing cut with "…") inside 128 x 64, with no glyph missing."""
    screen = compose(view)
    cut = [p.wanted for p in screen.items if p.kind == "text" and p.shown != p.wanted and "…" in p.shown]
    assert not cut, cut
    texts = [str(getattr(view, f.name)) for f in fields(view)]
    assert not set().union(*(fonts.missing(t) for t in texts)), view


def test_the_live_screen_asks_for_a_target_then_says_what_to_make_the_hands_piles_and_draws():
    g = game(target=None)
    first = ui.live_view(g.state(), 5.0, 0)
    assert isinstance(first, LiveView)
    assert (first.title, first.headline, first.footer) == ("Ana's turn", "Turn up a target", "Into the target box")
    g.apply({"type": "target", "t": 1, "card": "SU-A-N12A"})
    g.apply({"type": "draw", "t": 2, "player": "Ana", "deck": "numbers"})
    live = ui.live_view(g.state(), 75.0, 0)
    assert (live.clock, live.headline, live.footer) == ("01:15", "Make 12", "Lay cards, CONFIRM")
    assert [(p.name, p.detail, p.status) for p in live.players] == [
        ("Ana", "8 held, 0 won", "waiting"), ("Ben", "7 held, 0 won", ""), ("Cleo", "7 held, 0 won", "")]
    g.hands["Ben"] = 1
    assert ui.live_view(g.state(), 76.0, 0).players[1].detail == "1 held, 0 won"
    fits(first), fits(live)


def test_the_target_and_a_won_equation_show_their_values():
    g = game(target=None)
    (target,) = shown(g, {"type": "target", "card": "SU-A-N12A"})
    assert isinstance(target, BannerView) and (target.title, target.big) == ("Target", "12")
    (won,) = shown(g, {"type": "submit", "player": "Ana", "cards": ["SU-A-N2A", "SU-A-N2B", "SU-A-MUL1", "SU-A-N3A"]})
    assert (won.title, won.big, won.lines, won.hint) == ("Ana makes 12", "(2+2) × 3", ("3 cards to your won pile",),
                                                       "Turn up a new target")
    assert ui.live_view(g.state(), 9.0, 0).headline == "Turn up a target"
    fits(target), fits(won)


def test_a_wrong_equation_shows_what_it_makes_and_offers_the_draws_left():
    g = game()
    (verdict,) = shown(g, {"type": "submit", "player": "Ana", "cards": WRONG})
    assert isinstance(verdict, VerdictView)
    assert (verdict.kind, verdict.title, verdict.who, verdict.detail) == (
        "wrong", "Not 12", "3 × 4 − 2 = 10", "Take the cards back. SPARE: draw 2 more")
    fits(verdict)


def test_after_two_draws_a_wrong_equation_ends_the_turn():
    g = game()
    for t in (2, 3):
        g.apply({"type": "draw", "t": t, "player": "Ana", "deck": "numbers"})
    verdict, over = shown(g, {"type": "submit", "player": "Ana", "cards": WRONG})
    assert (verdict.who, verdict.detail) == ("3 × 4 − 2 = 10", "Take the cards back")  # no more draws to offer
    assert (over.title, over.big, over.lines, over.hint) == ("Turn over", "Ana", ("No equation this time",),
                                                             "Now Ben's turn")


@pytest.mark.parametrize("cards, title, detail", [
    (["SU-A-N12B", "SU-A-N5A", "SU-A-ADD1"], "Check the order", "Two numbers in a row: 12 5. SPARE: draw 2 more"),
    (["SU-A-N6A", "SU-A-N6B"], "Use a sign", "Use an operation card. SPARE: draw 2 more"),
    (["SU-A-N12B", "SU-A-DIV1", "SU-A-N5A"], "Remainder", "12 ÷ 5 leaves a remainder. SPARE: draw 2 more"),
    (["SU-A-N12B", "SU-A-ADD1", "SU-A-PROP1"], "Wild box!", "Wild cards go in the wild box, never in an equation"),
    (["SU-A-N1A", "SU-A-ADD1", "SU-A-N1B", "SU-A-ADD2", "SU-A-N1C", "SU-A-ADD3", "SU-A-N2A", "SU-A-ADD4",
      "SU-A-N7A"], "Too many", "9 cards laid, but only 7 in your hand: check the cards"),
])
def test_an_equation_that_cannot_be_judged_says_why_in_a_few_words(cards, title, detail):
    g = game()
    view = shown(g, {"type": "submit", "player": "Ana", "cards": cards})[0]
    assert (view.title, view.detail) == (title, detail)
    fits(view)


def test_refused_plays_say_why_in_two_short_lines():
    g = game()
    views = shown(g, {"type": "target", "card": "SU-A-N5B"})
    views += shown(g, {"type": "draw", "player": "Ben", "deck": "numbers"})
    views += shown(g, {"type": "end_turn", "player": "Ana"})
    views += shown(g, {"type": "wild", "player": "Ana", "card": "SU-A-N7A"})
    assert [(v.title, v.detail) for v in views] == [
        ("Target is set", "The target stays 12. Take the new card back"),
        ("Not your turn", "It is Ana's turn"),
        ("Draw first", "Draw 2 cards first: press SPARE"),
        ("Not a wild card", "Only wild cards go there. Take it back"),
    ]
    for view in views:
        fits(view)
    fresh = game(target=None)
    (none,) = shown(fresh, {"type": "submit", "player": "Ana", "cards": ["SU-A-N3A"]})
    (not_number,) = shown(fresh, {"type": "target", "card": "SU-A-MUL2"})
    assert [(v.title, v.detail) for v in (none, not_number)] == [
        ("No target", "Lay a number card in the target box"), ("Not a number", "The target is a number card. Take it back")]
    fits(none), fits(not_number)


def test_a_draw_tells_which_card_to_take_and_the_draws_left():
    g = game()
    (first,) = shown(g, {"type": "draw", "player": "Ana", "deck": "numbers"})
    (second,) = shown(g, {"type": "draw", "player": "Ana", "deck": "operations"})
    assert [(v.kind, v.title, v.detail, v.who) for v in (first, second)] == [
        ("ok", "Take a number", "1 more draw this turn", "Ana"),
        ("ok", "Take an operation", "No more draws this turn", "Ana")]
    (refused,) = shown(g, {"type": "draw", "player": "Ana", "deck": "numbers"})
    assert (refused.title, refused.detail) == ("No more draws", "Only two cards a turn: no more drawing")
    fits(first), fits(second), fits(refused)


@pytest.mark.parametrize("card, target, line", [
    ("SU-A-PROP1", "SU-A-N12A", ("Others: take a number",)),
    ("SU-A-NEUT1", "SU-A-N12A", ("Ana: discard a card",)),
    ("SU-A-RAD1", "SU-A-N9A", ("Target 9 is now 3",)),
    ("SU-A-RAD2", "SU-A-N12A", ("Target 12 is now 144",)),
    ("SU-A-ROT1", "SU-A-N12A", ("Pass a card to the left",)),
])
def test_a_wild_card_names_its_effect_and_what_to_do(card, target, line):
    g = game(target)
    (banner,) = shown(g, {"type": "wild", "player": "Ana", "card": card})
    assert banner.title == "Wild card" and banner.lines == line
    fits(banner)


def test_a_wild_card_whose_effect_is_off_just_goes_back():
    g = game(wild={"rotation": False})
    (banner,) = shown(g, {"type": "wild", "player": "Ana", "card": "SU-A-ROT1"})
    assert (banner.big, banner.lines, banner.hint) == ("Rotation", ("Not in this game",), "Put it back in the deck")


def test_confirm_submits_the_strip_once_there_is_a_target():
    assert ui.confirm(game(target=None).state()) is None
    assert ui.confirm(game().state()) == {"type": "submit", "player": "Ana", "cards": []}


def test_spare_draws_from_either_deck_ends_the_turn_and_after_a_wrong_equation_shows_the_hint():
    g = game()
    menu = ui.menu(g.state(), hint(g.state()))
    assert isinstance(menu, Menu) and menu.title == "Ana's turn"
    assert dict(menu.choices) == {"Draw a number": {"type": "draw", "player": "Ana", "deck": "numbers"},
                                  "Draw an operation": {"type": "draw", "player": "Ana", "deck": "operations"},
                                  "End my turn": {"type": "end_turn", "player": "Ana"}}
    g.apply({"type": "submit", "t": 2, "player": "Ana", "cards": WRONG})
    label, view = ui.menu(g.state(), hint(g.state())).choices[-1]
    assert label == "Hint" and (view.title, view.big, view.lines) == ("It can be done", "12", ("= 3 × 4",))
    fits(view)
    g.apply({"type": "submit", "t": 3, "player": "Ana", "cards": ["SU-A-N5A", "SU-A-ADD1", "SU-A-N1A"]})
    label, none = ui.menu(g.state(), hint(g.state())).choices[-1]
    assert (none.title, none.lines) == ("Not with these", ("Try other cards",))
    for t in (4, 5):
        g.apply({"type": "draw", "t": t, "player": "Ana", "deck": "numbers"})
    assert [label for label, _ in ui.menu(g.state()).choices] == ["End my turn"]


def test_the_numbers_running_out_is_the_last_turn_and_the_most_cards_won_win():
    g = game()
    g.apply({"type": "submit", "t": 2, "player": "Ana", "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]})
    g.apply({"type": "target", "t": 3, "card": "SU-A-N9A"})
    g.numbers_deck = 1  # a game far on
    last = shown(g, {"type": "draw", "player": "Ben", "deck": "numbers"})[-1]
    assert (last.title, last.big, last.lines) == ("Numbers used up", "Last turn", ("Most won cards wins",))
    shown(g, {"type": "draw", "player": "Ben", "deck": "operations"})
    turn_over, over = shown(g, {"type": "end_turn", "player": "Ben"})
    assert turn_over.title == "Turn over"
    assert (over.title, over.big, over.lines) == ("Numbers used up", "Ana", ("2 cards won",))
    end = ui.live_view(g.state(), 90.0, 0)
    assert (end.title, end.headline, end.footer) == ("Game over", "Ana won!", "CONFIRM: new game")
    assert [(p.name, p.status) for p in end.players] == [("Ana", "won"), ("Ben", ""), ("Cleo", "")]
    fits(last), fits(over), fits(end)


def test_an_empty_hand_wins_at_once_and_ties_are_shown_as_ties():
    g = game()
    g.hands["Ana"] = 3  # far on in a game: Ana holds just these three cards
    over = shown(g, {"type": "submit", "player": "Ana", "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]})[-1]
    assert (over.title, over.big, over.lines, over.hint) == ("No cards left!", "Ana", ("and won 2 cards",),
                                                             "CONFIRM: all scores")
    tie = game()
    tie.numbers_deck = 1
    shown(tie, {"type": "draw", "player": "Ana", "deck": "numbers"})
    shown(tie, {"type": "draw", "player": "Ana", "deck": "operations"})
    even = shown(tie, {"type": "end_turn", "player": "Ana"})[-1]
    assert (even.big, even.lines) == ("A tie!", ("Ana, Ben, Cleo", "0 cards won each"))
    fits(over), fits(even)


def test_propagation_names_who_takes_a_card_when_the_deck_runs_short():
    g = game()
    g.numbers_deck = 1  # a game far on: one number card left
    banner = shown(g, {"type": "wild", "player": "Ana", "card": "SU-A-PROP1"})[0]
    assert banner.lines == ("Ben: take a number",)
    fits(banner)


def test_spare_offers_no_draw_from_an_empty_deck():
    g = game()
    g.numbers_deck = 0  # the last turn: the Numbers deck is used up
    assert [label for label, _ in ui.menu(g.state()).choices] == ["Draw an operation", "End my turn"]
    g.operations_deck = 0
    assert [label for label, _ in ui.menu(g.state()).choices] == ["End my turn"]


# ---- what the games' mutation run (issues 15 and 13) found untested --------------------------

def test_setup_offers_the_tables_choices_and_wild_cards_on_or_off_together():
    options = ui.setup_options({"players": 5, "pairs": "product", "order": "left-to-right", "wild": False})
    assert [(o.key, o.label, o.value, o.shown) for o in options] == [
        ("players", "Players", 5, "5"), ("pairs", "Pairs", "product", "3 3 is 9"),
        ("order", "Order", "left-to-right", "left to right"), ("wild", "Wild cards", False, "off")]
    assert [c.value for c in options[0].choices] == [2, 3, 4, 5, 6]
    assert [(o.value, o.shown) for o in ui.setup_options({})] == [(3, "3"), ("sum", "2 2 is 4"),
                                                                   ("standard", "× ÷ first"), (True, "on")]
    choices = {"players": 3, "pairs": "sum", "order": "standard", "wild": False}
    assert ui.game_config(choices, {"names": ["Ana", "Ben"], "fractions": True}, 4) == {
        "game": "sum", "seed": 4, "players": ["Ana", "Ben", "P3"], "pairs": "sum", "order": "standard",
        "fractions": True, "wild": {"propagation": False, "neutralization": False, "radicalization": False,
                                    "rotation": False}}
    on = ui.game_config({**choices, "wild": True}, {}, 4)
    assert on["fractions"] is False and set(on["wild"].values()) == {True}


def test_propagation_with_the_numbers_deck_empty_says_so_and_three_takers_are_counted():
    g = game()
    g.numbers_deck = 0
    assert shown(g, {"type": "wild", "player": "Ana", "card": "SU-A-PROP1"})[0].lines == ("The deck is empty",)
    assert ui._who_draws(["Ben", "Cleo", "Dev"], 5) == "3 players take a number"
    assert ui._who_draws(["Ben", "Cleo"], 2) == "Others: take a number"


def test_spare_and_confirm_do_nothing_after_the_game():
    g = game()
    g.hands["Ana"] = 3
    g.apply({"type": "submit", "t": 2, "player": "Ana", "cards": ["SU-A-N3A", "SU-A-MUL1", "SU-A-N4A"]})
    assert ui.menu(g.state(), None) is None and ui.confirm(g.state()) is None
