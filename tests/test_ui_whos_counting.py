"""What Who's Counting? shows and what its buttons do: views checked for their values."""

from __future__ import annotations

from engine.whos_counting import WhosCounting
from station.ui import whos_counting as ui
from station.ui.screens import compose
from station.ui.views import BannerView, LiveView, Menu, VerdictView

EXPRESSION = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]


def game(**config) -> WhosCounting:
    return WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"], **config})


def fits(view) -> None:
    """Every text drawn whole (nothing cut with "…") inside 128 x 64."""
    screen = compose(view)
    cut = [p.wanted for p in screen.items if p.kind == "text" and p.shown != p.wanted and "…" in p.shown]
    assert not cut, cut


def test_the_live_screen_says_whose_turn_the_scores_and_the_time_left():
    g = game(minutes=20)
    view = ui.live_view(g.state(), 75.0, 0)
    assert isinstance(view, LiveView)
    assert (view.title, view.clock, view.headline) == ("Ana's turn", "18:45", "Lay cards, CONFIRM")
    assert [(p.name, p.detail, p.status) for p in view.players] == [("Ana", "0", "waiting"), ("Ben", "0", ""),
                                                                     ("Cleo", "0", "")]
    fits(view)


def test_the_window_counts_down_and_the_answer_window_asks_for_a_stop():
    g = game()
    g.apply({"type": "submit", "t": 10, "player": "Ana", "cards": EXPRESSION, "blue": []})
    window = ui.live_view(g.state(), 11.2, 0)
    assert isinstance(window, BannerView) and (window.title, window.big) == ("Who's Counting?", "4")
    assert window.lines == ("Ana: 41 points",)
    g.apply({"type": "red", "t": 12, "player": "Ben", "card": "WC-A-NEG1"})
    answer = ui.live_view(g.state(), 13.0, 0)
    assert (answer.title, answer.big, answer.lines) == ("Ana: Stop?", "4", ("Ben: Negative",))
    fits(window), fits(answer)


def test_a_scored_expression_and_the_turns_points_show_their_values():
    g = game()
    scored = g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": EXPRESSION, "blue": ["WC-A-DBL1"]})
    (banner,) = [o.view for o in ui.overlays(scored, g.state(), "press")]
    assert (banner.title, banner.big, banner.lines) == ("Ana", "82", ("3 × 6 − 2 = 16", "+25 for 2 signs ×2"))
    g.apply({"type": "red", "t": 2, "player": "Cleo", "card": "WC-A-SPL1"})
    closed = g.apply({"type": "window_closed", "t": 7})
    result = next(o.view for o in ui.overlays(closed, g.state(), "press") if o.kind == "result")
    assert (result.title, result.big, result.lines, result.hint) == (
        "Ana scores", "+41", ("Cleo gets 41", "Ana now 41"), "Draw 6, clear cards")
    fits(banner), fits(result)


def test_a_broken_expression_says_why_in_a_few_words():
    g = game()
    events = g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N12A", "WC-A-DIV1", "WC-A-N5A"],
                      "blue": []})
    (verdict,) = [o.view for o in ui.overlays(events, g.state(), "press")]
    assert isinstance(verdict, VerdictView)
    assert (verdict.kind, verdict.title, verdict.detail, verdict.who) == (
        "wrong", "Remainder", "Ana: 12 ÷ 5 leaves a remainder", "")


def test_confirm_submits_or_first_asks_what_a_wild_card_is():
    g = game()
    assert ui.confirm(g.state()) == {"type": "submit", "player": "Ana", "cards": [], "blue": []}
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N3A", "WC-A-MUL1", "WC-A-CHO1"], "blue": []})
    question = ui.confirm(g.state())
    assert isinstance(question, Menu) and question.title == "Choice is…"
    labels = [label for label, _ in question.choices]
    assert labels[:2] == ["1", "2"] and "−" in labels and len(labels) == 16
    assert dict(question.choices)["7"] == {"type": "declare", "player": "Ana", "card": "WC-A-CHO1", "value": "7"}


def test_spare_offers_pass_trades_and_after_a_turn_the_best_expression():
    g = game()
    menu = ui.menu(g.state())
    assert [label for label, _ in menu.choices] == ["Pass"] + [f"Trade {n}" for n in range(1, 8)]
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": ["WC-A-N2A", "WC-A-ADD1", "WC-A-N3A", "WC-A-MUL1",
                                                                   "WC-A-N4A"], "blue": []})
    g.apply({"type": "window_closed", "t": 6})
    label, hint = ui.menu(g.state()).choices[-1]
    assert label == "Best last turn" and isinstance(hint, BannerView)
    assert (hint.big, hint.lines) == ("39", ("2 + 3 × 4",))
    fits(hint)


def test_the_game_over_screen_waits_for_a_press():
    g = game(target=40)
    g.apply({"type": "submit", "t": 1, "player": "Ana", "cards": EXPRESSION, "blue": []})
    over = g.apply({"type": "window_closed", "t": 6})
    (last,) = [o for o in ui.overlays(over, g.state(), "press") if o.view.title == "Target reached!"]
    assert last.seconds is None and last.view.big == "Ana" and last.view.lines == ("41 points",)
    assert last.view.hint == "CONFIRM: all scores"
