"""What Who's Counting? shows and what its buttons do: views checked for their values."""

from __future__ import annotations

from engine.whos_counting import WhosCounting
from station.games.whos_counting import screens as ui
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
        "wrong", "Remainder", "Ana: 12 ÷ 5 leaves a remainder. Fix it, CONFIRM", "")


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


# ---- what the games' mutation run (issues 14 and 13) found untested --------------------------

def apply(g: WhosCounting, *actions: dict) -> list[dict]:
    events: list[dict] = []
    for t, action in enumerate(actions, start=1):
        events = g.apply({"t": float(t), **action})
    return events


def views(events: list[dict], g: WhosCounting) -> list:
    return [(o.view, o.seconds, o.signal, o.kind) for o in ui.overlays(events, g.state(), "press")]


def test_setup_offers_the_tables_choices_and_a_game_always_has_an_end():
    options = ui.setup_options({"players": 4, "order": "left-to-right", "target": 300, "minutes": 15, "window": 8})
    assert [(o.key, o.label, o.value, o.shown) for o in options] == [
        ("players", "Players", 4, "4"), ("order", "Order", "left-to-right", "left to right"),
        ("target", "Win at", 300, "300"), ("minutes", "Time", 15, "15 min"), ("window", "Counting", 8, "8 s")]
    assert [c.label for c in options[2].choices] == ["500", "300", "200", "100", "no target"]
    assert [c.label for c in options[3].choices] == ["20 min", "10 min", "15 min", "30 min", "no clock"]
    assert [c.value for c in options[0].choices] == [2, 3, 4, 5, 6]
    assert [o.value for o in ui.setup_options({})] == [3, "standard", 500, 20, 5]
    defaults = {"names": ["Ana", "Ben", "Cleo"], "bonus_counts": "kinds", "split_rounds": "up"}
    endless = {"players": 4, "order": "standard", "target": 0, "minutes": 0, "window": 3}
    assert ui.game_config(endless, defaults, 9) == {
        "game": "whos-counting", "seed": 9, "players": ["Ana", "Ben", "Cleo", "P4"], "order": "standard", "target": 0,
        "minutes": 20, "window": 3, "bonus_counts": "kinds", "split_rounds": "up"}
    clock_only = ui.game_config({**endless, "minutes": 10}, {}, 1)
    assert (clock_only["target"], clock_only["minutes"], clock_only["bonus_counts"], clock_only["split_rounds"]) == (
        0, 10, "cards", "down")
    assert ui.game_config({**endless, "target": 100}, {}, 1)["minutes"] == 0


def test_without_a_clock_the_live_screen_counts_up_and_plays_for_the_most_points():
    g = game(target=0, minutes=20)
    assert ui.live_view(g.state(), 75.0, 0).footer == "Most points wins"
    endless = game(target=100, minutes=0)
    view = ui.live_view(endless.state(), 75.0, 0)
    assert (view.clock, view.footer) == ("01:15", "First to 100 wins")
    assert ui.live_view(game(minutes=1).state(), 75.0, 0).clock == "00:00"


def test_the_live_screen_says_what_a_wild_card_was_named():
    g = game()
    apply(g, {"type": "declare", "player": "Ana", "card": "WC-A-SUP1", "value": "-"})
    assert ui.live_view(g.state(), 2.0, 0).headline == "Super is −: CONFIRM"
    apply(g, {"type": "declare", "player": "Ana", "card": "WC-A-CHO1", "value": "double"})
    assert ui.live_view(g.state(), 2.0, 0).headline == "Super is −: CONFIRM"  # a Choice is never a Double
    apply(g, {"type": "declare", "player": "Ana", "card": "WC-A-SUP2", "value": "stop"})
    assert ui.live_view(g.state(), 2.0, 0).headline == "Stop: CONFIRM"
    apply(g, {"type": "declare", "player": "Ana", "card": "WC-A-CHO2", "value": "9"})
    assert ui.live_view(g.state(), 2.0, 0).headline == "Choice is 9: CONFIRM"


def test_a_red_card_a_stop_an_extra_turn_a_trade_and_a_pass_each_have_their_screen():
    g = game()
    apply(g, {"type": "submit", "player": "Ana", "cards": EXPRESSION, "blue": ["WC-A-EXT1"]})
    (red,) = views(g.apply({"type": "red", "t": 2, "player": "Ben", "card": "WC-A-ZERO1"}), g)
    assert red == (BannerView("Red card", "Zero", ("Ben is counting!", "Ana: Stop?")), 2.0, "attention", "banner")
    (stop,) = views(g.apply({"type": "stop", "t": 3, "player": "Ana", "card": "WC-A-STOP1"}), g)
    assert stop == (VerdictView("ok", "Stopped!", "Red card does nothing. Wait for the score", "Ana"), 2.0, "accepted",
                    "verdict")
    result, seven, extra = views(g.apply({"type": "window_closed", "t": 7}), g)  # seven cards with the Stop
    assert result[0] == BannerView("Ana scores", "+41", ("Ana now 41",), "Draw 7, clear cards")
    assert result[1:] == (4.0, "", "result")
    assert seven == (BannerView("Extra turn", "Ana", ("All seven cards!",), "Play again"), 4.0, "attention", "banner")
    assert extra == (BannerView("Extra turn", "Ana", (), "Play again"), 4.0, "attention", "banner")
    g.apply({"type": "pass", "t": 8, "player": "Ana"})
    (trade,) = views(g.apply({"type": "trade", "t": 8, "player": "Ana", "count": 1}), g)
    assert trade == (BannerView("Ana trades", "Draw 1", ("Discard 1 first",), "Now Ben's turn"), 4.0, "", "banner")
    (passed,) = views(g.apply({"type": "pass", "t": 9, "player": "Ben"}), g)
    assert passed == (VerdictView("info", "Pass", "Now Cleo's turn", "Ben"), 2.0, "", "verdict")


def test_a_negative_score_and_a_split_show_who_gets_and_who_loses():
    g = game()
    apply(g, {"type": "submit", "player": "Ana", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"], "blue": []},
          {"type": "red", "player": "Ben", "card": "WC-A-GNEG"})
    (result,) = [v for v in views(g.apply({"type": "window_closed", "t": 9}), g) if v[3] == "result"]
    assert result[0] == BannerView("Ana scores", "−19", ("Ana now −19",), "Draw 3, clear cards")
    for t, action in enumerate([{"type": "pass", "player": "Ben"}, {"type": "pass", "player": "Cleo"}], start=10):
        g.apply({"t": t, **action})
    g.apply({"type": "submit", "t": 20, "player": "Ana", "cards": ["WC-A-N1A", "WC-A-SUB1", "WC-A-N1B"], "blue": []})
    g.apply({"type": "red", "t": 21, "player": "Cleo", "card": "WC-A-ZERO1"})
    (zero,) = [v for v in views(g.apply({"type": "window_closed", "t": 30}), g) if v[3] == "result"]
    assert (zero[0].big, zero[0].lines) == ("0", ("Ana now −19",))
    assert ui._turn_scored({"player": "Ana", "changes": {"Ana": 20, "Ben": -3}, "scores": {"Ana": 20, "Ben": -3}},
                           [])[0].view.lines == ("Ben loses 3", "Ana now 20")


def test_a_tie_at_the_end_shows_both_winners_and_each_ones_points():
    g = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"], "minutes": 1})
    over = g.apply({"type": "time_up", "t": 60})
    time_up, end = views(over, g)
    assert time_up == (BannerView("Time is up", "Last turn", (), "Finish this turn"), 4.0, "attention", "banner")
    assert end == (BannerView("Time is up!", "A tie!", ("Ana, Ben", "0 points each"), "CONFIRM: all scores"), None,
                   "attention", "banner")
    live = ui.live_view(g.state(), 61.0, 0)
    assert (live.title, live.headline, [p.status for p in live.players]) == ("Game over", "A tie!", ["won", "won"])


def test_a_verdict_without_a_short_detail_tells_the_engines_sentence_and_who_when_known():
    g = game()
    (wrong_turn,) = views(g.apply({"type": "pass", "t": 1, "player": "Ben"}), g)
    assert wrong_turn == (VerdictView("wrong", "Not your turn", "Ben: it is Ana's turn"), 5.0, "rejected", "verdict")
    nobody = ui.overlays([{"type": "violation", "player": None, "code": "mystery", "message": "X-ray cards!"}],
                         g.state(), "press")[0].view
    assert (nobody.title, nobody.detail) == ("Not allowed", "X-ray cards")
    below = g.apply({"type": "submit", "t": 2, "player": "Ana", "cards": ["WC-A-N1A", "WC-A-SUB1", "WC-A-N5A"],
                     "blue": []})
    assert views(below, g)[0][0].detail == "Ana: 1 − 5 is less than 0. Fix it, CONFIRM"


def test_confirm_and_spare_do_nothing_while_counting_and_nothing_after_the_game():
    g = game(target=40)
    apply(g, {"type": "submit", "player": "Ana", "cards": EXPRESSION, "blue": []})
    assert ui.confirm(g.state()) is None and ui.menu(g.state()) is None  # counting: no pass, no trade, no hint yet
    g.apply({"type": "window_closed", "t": 9})
    assert ui.confirm(g.state()) is None and ui.menu(g.state()) is None
    counting = game()
    apply(counting, {"type": "submit", "player": "Ana", "cards": EXPRESSION, "blue": []})
    counting.apply({"type": "window_closed", "t": 9})
    counting.apply({"type": "submit", "t": 10, "player": "Ben", "cards": ["WC-A-N4A", "WC-A-ADD1", "WC-A-N5A"],
                    "blue": []})
    menu = ui.menu(counting.state())
    assert [label for label, _ in menu.choices] == ["Best last turn"] and menu.title == "Your turn"
    g2 = game()
    apply(g2, {"type": "red", "player": "Ben", "card": "WC-A-SUP1"})  # refused: no expression yet
    assert ui.menu(g2.state()).choices[0] == ("Pass", {"type": "pass", "player": "Ana"})
    assert ui.menu(g2.state()).choices[1] == ("Trade 1", {"type": "trade", "player": "Ana", "count": 1})
