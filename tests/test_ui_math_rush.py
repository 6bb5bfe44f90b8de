"""What Math Rush shows and what its buttons do: views checked for their values, and every
screen of a whole game drawn without a cut word."""

from __future__ import annotations

from engine.math_rush import MathRush
from station.games import plugin
from station.hardware.buttons import Press
from station.games.math_rush import screens as ui
from station.games.math_rush.words import rating
from station.ui.controller import Act, Controller
from station.ui.screens import compose
from station.ui.views import BannerView, Menu, TimerView, VerdictView


def game(**config) -> MathRush:
    return MathRush({"game": "math-rush", "players": ["Ana", "Ben", "Cleo"], **config})


def fits(view) -> None:
    """Every text drawn whole (nothing cut with "…") inside 128 x 64."""
    screen = compose(view)
    cut = [p.wanted for p in screen.items if p.kind == "text" and p.shown != p.wanted and "…" in p.shown]
    assert not cut, cut


def started(g: MathRush, *goals: tuple[str, int], t: float = 2.0) -> None:
    for card, row in goals:
        g.apply({"type": "goal", "t": t - 1, "card": card, "row": row})
    g.apply({"type": "start", "t": t})


def test_before_the_round_the_screen_asks_for_goals_then_for_confirm():
    g = game()
    first = ui.live_view(g.state(), 0.0, 0)
    assert isinstance(first, BannerView) and (first.big, first.hint) == ("Lay goals", "then CONFIRM: go!")
    g.apply({"type": "goal", "t": 1, "card": "MR-A-G1", "row": 1})
    ready = ui.live_view(g.state(), 1.0, 0)
    assert isinstance(ready, TimerView) and (ready.clock, ready.hint) == ("3:00", "CONFIRM: go!")
    assert ui.confirm(g.state()) == {"type": "start"}
    fits(first), fits(ready)


def test_the_race_shows_the_time_left_in_big_digits_and_each_goal_placed_of_needed_with_a_mark_when_broken():
    g = game()
    started(g, ("MR-A-G1", 1), ("MR-A-G5", 2))
    g.apply({"type": "play", "t": 3, "card": "MR-A-F9", "row": 1, "on": ""})
    g.apply({"type": "play", "t": 4, "card": "MR-A-F1", "row": 1, "on": ""})  # 1/10 after 1/2: broken
    g.apply({"type": "play", "t": 5, "card": "MR-A-F14", "row": 2, "on": ""})
    view = ui.live_view(g.state(), 42.3, 0)
    assert isinstance(view, TimerView)
    assert view.clock == "2:20"  # 180 s from t = 2, at 42.3 s: 139.7 s left, shown as a whole second up
    assert [(r.name, r.detail, r.status) for r in view.rows] == [("Row 1", "2 of 3", "out"), ("Row 2", "1 of 3", "")]
    assert view.hint == "Play! 3 Help cards left"
    assert ui.confirm(g.state()) is None  # nothing to confirm in the rush
    fits(view)


def test_a_wrong_card_gets_a_buzz_and_one_short_reason():
    g = game()
    started(g, ("MR-A-G1", 1))
    g.apply({"type": "play", "t": 3, "card": "MR-A-F6", "row": 1, "on": ""})  # 1/3
    events = g.apply({"type": "play", "t": 4, "card": "MR-A-D5", "row": 1, "on": ""})  # 0.25
    (overlay,) = ui.overlays(events, g.state(), "press")
    assert overlay.signal == "rejected" and overlay.seconds is not None
    assert isinstance(overlay.view, VerdictView)
    assert (overlay.view.title, overlay.view.detail, overlay.view.who) == (
        "Row 1: 0.25", "0.25 < 1/3: out of order. Lift it, use a Help card", "")
    fits(overlay.view)


def test_a_restriction_broken_says_the_restriction():
    g = game()
    started(g, ("MR-A-G11", 1))  # decimals only
    events = g.apply({"type": "play", "t": 3, "card": "MR-A-F5", "row": 1, "on": ""})
    assert ui.overlays(events, g.state(), "press")[0].view.detail == "Decimals only. Lift it, use a Help card"


def test_a_right_card_needs_no_screen_and_a_completed_goal_says_flip_it():
    g = game()
    started(g, ("MR-A-G1", 1))
    assert ui.overlays(g.apply({"type": "play", "t": 3, "card": "MR-A-F1", "row": 1, "on": ""}), g.state(), "press") == []
    g.apply({"type": "play", "t": 4, "card": "MR-A-F5", "row": 1, "on": ""})
    events = g.apply({"type": "play", "t": 5, "card": "MR-A-F9", "row": 1, "on": ""})
    (done,) = ui.overlays(events, g.state(), "press")
    assert (done.view.title, done.view.detail, done.signal) == ("Flip it!", "1 star! Now lay a new goal", "accepted")


def test_the_clock_warns_and_the_end_goes_through_each_goal_then_the_round():
    g = game()
    started(g, ("MR-A-G1", 1), ("MR-A-G5", 2))
    for t, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9"), start=3):
        g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    warning = g.apply({**g.deadline().action, "t": g.deadline().at})
    (hurry,) = ui.overlays(warning, g.state(), "press")
    assert (hurry.view.title, hurry.view.big, hurry.signal) == ("Hurry!", "30 seconds", "attention")
    end = g.apply({**g.deadline().action, "t": g.deadline().at})
    screens = [o.view for o in ui.overlays(end, g.state(), "press")]
    assert [(v.title, v.big, v.lines) for v in screens] == [
        ("Time is up!", "Stop!", ("Hands off the cards",)),
        ("Row 1: UP 3", "1 star", ()),
        ("Row 2: DOWN 3", "0 stars", ("0 of 3 cards",)),
        ("Round 1", "1 point", ("Total 1",)),
    ]
    assert ui.confirm(g.state()) == {"type": "next_round"}
    for view in screens:
        fits(view)


def test_the_end_of_the_game_gives_the_help_bonus_the_total_and_a_rating():
    g = game()
    for round_number in range(3):
        started(g, ("MR-A-G2", 1), t=10.0 + 300 * round_number)
        for k, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9", "MR-A-F13")):
            g.apply({"type": "play", "t": 11.0 + 300 * round_number + k, "card": card, "row": 1, "on": ""})
        events = g.apply({"type": "end_round", "t": 200.0 + 300 * round_number})
        if round_number < 2:
            g.apply({"type": "next_round", "t": 250.0 + 300 * round_number})
    views = [o.view for o in ui.overlays(events, g.state(), "press")]
    assert [(v.title, v.big, v.lines) for v in views[-2:]] == [
        ("Rounds", "2 + 2 + 2", ("+6 for 3 Help cards kept",)),
        ("Math Rush", "12 points", ("Getting quick!",)),
    ]
    assert isinstance(ui.live_view(g.state(), 900.0, 0), BannerView)
    assert ui.confirm(g.state()) is None  # the station's own CONFIRM starts a new game
    for view in views:
        fits(view)


def test_no_timer_the_clock_counts_up_and_confirm_asks_to_end_the_round():
    g = game(timer=False)
    started(g, ("MR-A-G1", 1))
    view = ui.live_view(g.state(), 65.0, 0)
    assert view.clock == "01:03"
    question = ui.confirm(g.state())
    assert isinstance(question, Menu) and question.choices == (("Yes: score it", {"type": "end_round"}),)


def test_spare_offers_a_help_card_by_button():
    g = game()
    started(g, ("MR-A-G1", 1))
    assert ui.menu(g.state()).choices == (("Help: all redraw", {"type": "help", "use": "redraw"}),)
    g.apply({"type": "play", "t": 3, "card": "MR-A-F9", "row": 1, "on": ""})
    g.apply({"type": "lift", "t": 4, "card": "MR-A-F9"})
    assert [label for label, _ in ui.menu(g.state()).choices] == ["Help: clear lifted", "Help: all redraw"]


def test_confirm_starts_the_clock_even_while_a_verdict_shows():
    """In a race, CONFIRM must not be spent putting a screen away: it goes through a timed verdict."""
    controller = Controller({"math-rush": plugin("math-rush")}, {}, lambda: 1)
    controller.game_started("math-rush", "press")
    g = game()
    events = g.apply({"type": "play", "t": 1, "card": "MR-A-F1", "row": 1, "on": ""})  # too early: a verdict
    g.apply({"type": "goal", "t": 2, "card": "MR-A-G1", "row": 1})
    controller.show_events(events, g.state())
    assert isinstance(controller.view(2.1, g.state(), 2.1), VerdictView)
    intents = controller.press(Press("confirm"), 2.2, g.state())
    assert intents == [Act({"type": "start"})]
    assert isinstance(controller.view(2.3, g.state(), 2.3), TimerView)  # the verdict was put away


def test_setup_offers_the_younger_players_options_and_the_timer():
    options = {o.key: [c.value for c in o.choices] for o in ui.setup_options({})}
    assert options["timer"] == ["auto", 120, 180, 240, 300, 0]
    assert options["advanced"] == [True, False] and options["one_goal"] == [False, True]
    choices = {"players": 1, "timer": "auto", "advanced": False, "help": "unlimited", "one_goal": True}
    config = ui.game_config(choices, {}, 7)
    assert MathRush(config).rules.seconds == 240  # solo: four minutes
    assert MathRush(ui.game_config({**choices, "timer": 0}, {}, 7)).rules.timer is False
    assert MathRush(ui.game_config({**choices, "timer": 120}, {}, 7)).rules.seconds == 120


def test_confirm_at_the_tone_puts_time_is_up_away_and_never_skips_the_rounds_scores():
    """The round's review waits for the players: a CONFIRM pressed as the tone sounds does not
    deal the next round (nor end the game after the third)."""
    controller = Controller({"math-rush": plugin("math-rush")}, {}, lambda: 1)
    controller.game_started("math-rush", "press")
    g = game()
    started(g, ("MR-A-G1", 1))
    end = g.apply({"type": "time_up", "t": 182.0})
    controller.show_events(end, g.state())
    assert controller.view(182.1, g.state(), 182.1).title == "Time is up!"
    assert controller.press(Press("confirm"), 182.2, g.state()) == []
    assert controller.view(182.3, g.state(), 182.3).title == "Row 1: UP 3"


# ---- every screen of the race says what happened, and what to do ----------------------------------

def shown(events, g: MathRush) -> list[tuple]:
    """What each screen the events bring says, and how it sounds."""
    out = []
    for o in ui.overlays(events, g.state(), "press"):
        v = o.view
        words = (v.title, v.big, v.lines, v.hint) if isinstance(v, BannerView) else (v.kind, v.title, v.detail, v.who)
        out.append((*words, o.signal, o.seconds is None))
    return out


def test_a_refused_card_shows_what_to_do_and_names_the_card():
    g = game()
    too_early = g.apply({"type": "play", "t": 1, "card": "MR-A-F9", "row": 1, "on": ""})
    assert shown(too_early, g) == [("wrong", "Press CONFIRM", "Wait: press CONFIRM to start the clock", "1/2",
                                    "rejected", False)]
    g.apply({"type": "goal", "t": 2, "card": "MR-A-G1", "row": 1})
    taken = g.apply({"type": "goal", "t": 3, "card": "MR-A-G5", "row": 1})
    assert shown(taken, g)[0][1:4] == ("Row taken", "Row 1 has UP 3: use a free row",
                                       "GOAL DOWN 3")
    g.apply({"type": "start", "t": 4})
    late = g.apply({"type": "time_up", "t": 200})
    after = g.apply({"type": "play", "t": 201, "card": "MR-A-D5", "row": 1, "on": ""})
    assert shown(after, g)[0][1:4] == ("Too late!", "Time is up: this card does not count", "0.25")
    assert late  # the round's own screens came before


def test_a_refusal_without_a_card_names_none_and_an_unknown_code_still_says_not_allowed():
    g = game()
    started(g, ("MR-A-G1", 1))
    events = g.apply({"type": "help", "t": 3, "use": "clear"})
    assert shown(events, g) == [("wrong", "Lift cards first", "Lift the wrong cards first, then the Help card",
                                 "", "rejected", False)]
    odd = [{"type": "violation", "code": "new_rule", "message": "Not this way.", "card": "XX-NOT-A-CARD"}]
    assert shown(odd, g) == [("wrong", "Not allowed", "Not this way", "", "rejected", False)]


def test_a_goal_laid_during_the_race_shows_its_name_and_restriction_but_not_before_it():
    g = game()
    assert shown(g.apply({"type": "goal", "t": 1, "card": "MR-A-G1", "row": 1}), g) == []  # the live screen lists it
    g.apply({"type": "start", "t": 2})
    assert shown(g.apply({"type": "goal", "t": 3, "card": "MR-A-G11", "row": 2}), g) == [
        ("info", "Row 2: UP 3", "Decimals only. Play!", "", "", False)]
    assert shown(g.apply({"type": "goal", "t": 4, "card": "MR-A-G5", "row": 3}), g) == [
        ("info", "Row 3: DOWN 3", "Any cards. Play!", "", "", False)]


def test_the_round_starts_with_go_and_a_lifted_card_asks_for_a_help_card_or_to_put_it_back():
    g = game()
    g.apply({"type": "goal", "t": 1, "card": "MR-A-G1", "row": 1})
    assert shown(g.apply({"type": "start", "t": 2}), g) == [("Round 1", "Go!", ("Play your cards!",), "", "attention", False)]
    g.apply({"type": "play", "t": 3, "card": "MR-A-F9", "row": 1, "on": ""})
    g.apply({"type": "play", "t": 4, "card": "MR-A-F1", "row": 1, "on": ""})  # 1/10 after 1/2: broken
    assert shown(g.apply({"type": "lift", "t": 5, "card": "MR-A-F1"}), g) == [
        ("info", "Card lifted", "Use a Help card, or put it back", "Row 1", "", False)]
    assert shown(g.apply({"type": "play", "t": 6, "card": "MR-A-F1", "row": 1, "on": ""}), g) == [
        ("info", "Row 1: put back", "1/10 < 1/2: out of order. Lift it, use a Help card", "", "", False)]  # still breaks it
    g.apply({"type": "lift", "t": 7, "card": "MR-A-F1"})
    assert shown(g.apply({"type": "help", "t": 8, "use": "clear"}), g) == [
        ("ok", "Help!", "Lifted cards are out. Play on", "2 Help cards left", "accepted", False)]
    g.apply({"type": "lift", "t": 9, "card": "MR-A-F9"})
    assert shown(g.apply({"type": "play", "t": 10, "card": "MR-A-F9", "row": 1, "on": ""}), g) == [
        ("info", "Row 1: put back", "In its place again. Play on", "", "", False)]
    assert shown(g.apply({"type": "help", "t": 11, "use": "redraw"}), g)[0][1:4] == (
        "Help!", "Everyone: discard and draw again", "1 Help card left")


def test_unlimited_help_shows_no_count():
    g = game(help="unlimited")
    started(g, ("MR-A-G1", 1))
    assert shown(g.apply({"type": "help", "t": 3, "use": "redraw"}), g)[0][1:4] == (
        "Help!", "Everyone: discard and draw again", "")
    assert ui.live_view(g.state(), 10.0, 0).hint == "Play! Help as you like"


def test_a_broken_set_that_fills_up_scores_nothing_and_says_so():
    g = game()
    started(g, ("MR-A-G1", 1))
    for t, card in enumerate(("MR-A-F9", "MR-A-F1", "MR-A-F13"), start=3):  # 1/2, 1/10 (breaks), 3/4
        events = g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    assert shown(events, g) == [("wrong", "0 stars", "The set is broken. Flip it, lay a new goal", "Row 1: UP 3",
                                 "rejected", False)]
    last = game()
    started(last, ("MR-A-G1", 1))
    for t, card in enumerate(("MR-A-F9", "MR-A-F13", "MR-A-F1"), start=3):  # 1/2, 3/4, then 1/10 breaks it and fills it
        events = last.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    wrong, full = shown(events, last)
    assert wrong[:4] == ("wrong", "Row 1: 1/10", "1/10 < 3/4: out of order", "")  # full: no mending, the goal is flipped
    assert full[:4] == ("wrong", "0 stars", "The set is broken. Flip it, lay a new goal", "Row 1: UP 3")


def test_a_two_star_goal_says_stars():
    g = game()
    started(g, ("MR-A-G11", 1))  # decimals only, 2 stars
    for t, card in enumerate(("MR-A-D1", "MR-A-D5", "MR-A-D9"), start=3):
        events = g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    assert shown(events, g)[-1] == ("ok", "Flip it!", "2 stars! Now lay a new goal", "Row 1: UP 3", "accepted", False)


def test_between_rounds_the_screen_shows_the_rounds_points_and_the_next_round_is_dealt():
    g = game()
    started(g, ("MR-A-G1", 1))
    for t, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9"), start=3):
        g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    g.apply({"type": "end_round", "t": 20})
    between = ui.live_view(g.state(), 21.0, 0)
    assert (between.title, between.big, between.lines, between.hint) == (
        "Round 1 of 3", "1 point", ("Total 1",), "Clear cards, CONFIRM")
    assert ui.menu(g.state()) is None  # no Help between rounds
    assert shown(g.apply({"type": "next_round", "t": 30}), g) == [
        ("Round 2", "Shuffle", ("Draw hands, lay 3 goals",), "then CONFIRM: go!", "", False)]


def test_the_clock_never_shows_less_than_nothing_and_the_untimed_setup_says_ready():
    g = game()
    started(g, ("MR-A-G1", 1))
    assert ui.live_view(g.state(), 182.5, 0).clock == "0:00"  # the tone is late by a frame: never "-1:59"
    assert ui.live_view(g.state(), 181.5, 0).clock == "0:01"  # half a second left is still a second
    untimed = game(timer=False)
    untimed.apply({"type": "goal", "t": 1, "card": "MR-A-G1", "row": 1})
    assert ui.live_view(untimed.state(), 5.0, 0).clock == "Ready"


def test_the_final_words_rise_with_the_points():
    assert [rating(p) for p in (0, 9, 10, 19, 20, 29, 30, 45)] == [
        "Warming up!", "Warming up!", "Getting quick!", "Getting quick!", "Speedy team!", "Speedy team!",
        "Math Rush champions!", "Math Rush champions!"]


def test_the_game_over_screen_with_unlimited_help_and_the_live_screen_after_it():
    g = game(help="unlimited")
    for round_number in range(3):
        started(g, ("MR-A-G1", 1), t=10.0 + 300 * round_number)
        for k, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9")):
            g.apply({"type": "play", "t": 11.0 + 300 * round_number + k, "card": card, "row": 1, "on": ""})
        events = g.apply({"type": "end_round", "t": 200.0 + 300 * round_number})
        if round_number < 2:
            g.apply({"type": "next_round", "t": 250.0 + 300 * round_number})
    assert shown(events, g)[-2:] == [("Rounds", "1 + 1 + 1", ("Unlimited Help: no bonus",), "CONFIRM: next", "", True),
                                     ("Math Rush", "3 points", ("Warming up!",), "CONFIRM: new game", "attention", True)]
    last = ui.live_view(g.state(), 900.0, 0)
    assert (last.title, last.big, last.lines, last.hint) == ("Math Rush", "3 points", ("Warming up!",),
                                                             "CONFIRM: new game")
    assert ui.menu(g.state()) is None


def test_spare_with_no_help_left_offers_nothing_with_a_timer_and_ending_the_round_without_one():
    g = game()
    started(g, ("MR-A-G1", 1))
    for t in range(3, 6):
        g.apply({"type": "help", "t": t, "use": "redraw"})
    assert ui.menu(g.state()) is None
    untimed = game(timer=False)
    assert ui.menu(untimed.state()) is None  # before the round
    started(untimed, ("MR-A-G1", 1))
    assert [label for label, _ in ui.menu(untimed.state()).choices] == ["Help: all redraw", "End the round"]


def test_setup_starts_from_the_station_config_and_names_the_seats():
    options = {o.key: o for o in ui.setup_options({"players": 2, "timer": 240, "advanced": False, "help": "unlimited",
                                                   "one_goal": True})}
    assert {key: o.value for key, o in options.items()} == {"players": 2, "timer": 240, "advanced": False, "help": "unlimited", "one_goal": True}
    assert [c.label for c in options["timer"].choices] == ["usual", "2 min", "3 min", "4 min", "5 min", "no timer"]
    odd = {o.key: o for o in ui.setup_options({"timer": 200})}
    assert odd["timer"].value == 200 and odd["players"].value == 3  # a time not offered: offered first, kept
    assert odd["timer"].shown == "3 min 20 s"
    config = ui.game_config({"players": 3, "timer": 180, "advanced": True, "help": "cards", "one_goal": False},
                            {"names": ["Ana", "Ben"]}, 5)
    assert config == {"game": "math-rush", "seed": 5, "players": ["Ana", "Ben", "P3"], "advanced": True,
                      "help": "cards", "one_goal": False, "seconds": 180}


def test_the_setup_screen_lists_each_option_with_its_choices_and_the_usual_first():
    assert [(o.label, [c.label for c in o.choices], o.shown) for o in ui.setup_options({})] == [
        ("Players", ["1", "2", "3", "4", "5", "6", "7", "8"], "3"),
        ("Timer", ["usual", "2 min", "3 min", "4 min", "5 min", "no timer"], "usual"),
        ("Advanced", ["in", "out"], "in"),
        ("Help cards", ["3 in all", "unlimited"], "3 in all"),
        ("Goals", ["3 at once", "1 at a time"], "3 at once"),
    ]
    assert [c.value for c in ui.setup_options({})[0].choices] == list(range(1, 9))


def test_spare_asks_for_the_help_card_by_its_use_and_ends_an_untimed_round():
    g = game(timer=False)
    started(g, ("MR-A-G1", 1))
    g.apply({"type": "play", "t": 3, "card": "MR-A-F9", "row": 1, "on": ""})
    g.apply({"type": "lift", "t": 4, "card": "MR-A-F9"})
    question = ui.menu(g.state())
    assert question == Menu("Math Rush", (("Help: clear lifted", {"type": "help", "use": "clear"}),
                                          ("Help: all redraw", {"type": "help", "use": "redraw"}),
                                          ("End the round", {"type": "end_round"})))
    assert g.apply({**question.choices[0][1], "t": 5})[0]["type"] == "help_used"
    assert g.apply({**question.choices[2][1], "t": 6})[-1]["type"] == "round_over"


def test_confirm_without_a_timer_asks_to_end_the_round_even_while_a_verdict_shows():
    """CONFIRM is never spent putting a race's verdict away: a wrong card, a goal done, one full but broken."""
    for cards in (("MR-A-F9", "MR-A-F1"), ("MR-A-F1", "MR-A-F5", "MR-A-F9"), ("MR-A-F9", "MR-A-F1", "MR-A-F13")):
        controller = Controller({"math-rush": plugin("math-rush")}, {}, lambda: 1)
        controller.game_started("math-rush", "press")
        g = game(timer=False)
        started(g, ("MR-A-G1", 1))
        for t, card in enumerate(cards, start=3):
            events = g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
        controller.show_events(events, g.state())
        assert isinstance(controller.view(9.0, g.state(), 9.0), VerdictView)
        assert controller.press(Press("confirm"), 9.1, g.state()) == []
        assert controller.question is not None and controller.question.title == "End the round?"


def test_during_the_next_round_confirm_shows_the_last_rounds_points_again():
    controller = Controller({"math-rush": plugin("math-rush")}, {}, lambda: 1)
    controller.game_started("math-rush", "press")
    g = game()
    started(g, ("MR-A-G1", 1))
    for t, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9"), start=3):
        g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    controller.show_events(g.apply({"type": "end_round", "t": 20}), g.state())
    g.apply({"type": "next_round", "t": 30})
    controller.overlays.clear()  # the players went through the scores
    started(g, ("MR-A-G2", 1), t=40.0)
    assert controller.press(Press("confirm"), 41.0, g.state()) == []
    again = controller.view(41.1, g.state(), 41.1)
    assert (again.title, again.big, again.lines) == ("Round 1", "1 point", ("Total 1",))


def test_each_goal_of_the_round_passes_on_its_own_and_the_rounds_points_wait_for_confirm():
    g = game()
    started(g, ("MR-A-G1", 1), ("MR-A-G5", 2))
    for t, card in enumerate(("MR-A-F1", "MR-A-F5", "MR-A-F9"), start=3):
        g.apply({"type": "play", "t": t, "card": card, "row": 1, "on": ""})
    assert shown(g.apply({"type": "end_round", "t": 20}), g) == [
        ("Row 1: UP 3", "1 star", (), "CONFIRM: next", "", False),
        ("Row 2: DOWN 3", "0 stars", ("0 of 3 cards",), "CONFIRM: next", "", False),
        ("Round 1", "1 point", ("Total 1",), "CONFIRM: next", "", True),
    ]
