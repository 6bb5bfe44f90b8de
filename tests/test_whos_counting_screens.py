"""Who's Counting?'s OLED screens, made from the real engine's states and events: each says what
is happening and what to do next, and fits 128x64 pixels whole in every language the station
speaks."""

from __future__ import annotations

from typing import Any

import pytest

from engine.whos_counting import WhosCounting, text
from screen_helpers import bottom_line, unreadable_in_every_language
from station.games.whos_counting import screens as screens
from station.i18n import language, languages, use_language
from station.ui.screens import compose
from station.ui.views import BannerView, MenuView, SetupView, VerdictView, View

EXPRESSION = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]  # 3 × 6 − 2 = 16, + 25 = 41


def new_game() -> WhosCounting:
    return WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben", "Chloé"]})


def test_after_green_goo_the_countdown_says_no_stop_can_help():
    game = new_game()
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": []})
    assert screens.live_view(game.state(), 6, 0) == BannerView("Who's Counting?", "4", ("Ana: 41 points",),
                                                               "Red card in your box!")
    game.apply({"type": "red", "t": 6, "player": "Ben", "card": "WC-A-GNEG"})
    assert screens.live_view(game.state(), 7, 0) == BannerView("Green Goo!", "3", ("Ben: Negative",), "Wait for the score")


def test_a_stop_laid_before_the_red_card_ends_the_countdown_with_stopped():
    game = new_game()
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": ["WC-A-STOP1"]})
    game.apply({"type": "red", "t": 6, "player": "Chloé", "card": "WC-A-ZERO1"})
    assert screens.live_view(game.state(), 7.5, 0) == BannerView("Stopped!", "3", ("Chloé: Zero",), "Wait for the score")


def test_the_countdown_shows_whole_seconds_left_without_float_noise():
    """35.2 − 6.2 is 29.000000000000004 in floats: the screen must still say 29, not 30."""
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"], "window": 30})
    game.apply({"type": "submit", "t": 5.2, "player": "Ana", "cards": EXPRESSION, "blue": []})
    assert [screens.live_view(game.state(), t, 0).big for t in (5.2, 6.2, 6.21, 34.2, 35.2)] == ["30", "29", "29", "1", "0"]


# ---- every screen fits ---------------------------------------------------------------------------

SIX = ["Ana", "Dmitri", "Chloé", "Farouk", "Ben", "Eve"]  # six seats, names up to six letters


class Table:
    """A real game to drive: every event batch's screens, and the live screen at chosen moments."""

    def __init__(self, **config: Any) -> None:
        self.game = WhosCounting({"game": "whos-counting", "players": SIX, **config})
        self.views: dict[str, View] = {}

    def act(self, name: str, action: dict[str, Any]) -> list[dict[str, Any]]:
        events = self.game.apply(action)
        for index, overlay in enumerate(screens.overlays(events, self.game.state(), "press")):
            self.views[f"{name}/{index}"] = overlay.view
        return events

    def live(self, name: str, t: float) -> None:
        self.views[f"{name}/live"] = screens.live_view(self.game.state(), t, 0)


def cards(*codes: str) -> list[str]:
    return [f"WC-A-{code}" for code in codes]


def every_screen() -> dict[str, View]:
    table = Table(minutes=10)
    table.live("start", 0)
    biggest = cards("N12A", "MUL1", "N12B", "SUB1", "N12C", "DIV1", "N12D")  # 12 × 12 − 12 ÷ 12 = 143
    table.act("scored", {"type": "submit", "t": 5, "player": "Ana", "cards": biggest, "blue": cards("DBL1")})
    table.live("counting", 6)
    table.act("goo", {"type": "red", "t": 6, "player": "Farouk", "card": "WC-A-GNEG"})
    table.live("goo", 7)
    table.act("goo-stop", {"type": "stop", "t": 7, "player": "Ana", "card": "WC-A-STOP1"})
    table.act("scored-negative", {"type": "window_closed", "t": 10})  # all seven cards: an extra turn
    table.live("extra", 11)
    table.act("wild", {"type": "submit", "t": 20, "player": "Ana", "cards": cards("N9A", "ADD1", "CHO1"), "blue": []})
    table.live("question", 20)
    table.views["question/menu"] = MenuView(*_menu(screens.confirm(table.game.state())))
    table.act("declared", {"type": "declare", "t": 21, "player": "Ana", "card": "WC-A-CHO1", "value": "12"})
    table.live("declared", 21)
    table.act("super", {"type": "submit", "t": 22, "player": "Ana", "cards": cards("N9A", "ADD1", "CHO1"),
                        "blue": cards("SUP1")})
    table.live("super-question", 22)
    table.act("super-named", {"type": "declare", "t": 23, "player": "Ana", "card": "WC-A-SUP1", "value": "extra_turn"})
    table.live("super-named", 23)
    table.act("scored-wild", {"type": "submit", "t": 24, "player": "Ana", "cards": cards("N9A", "ADD1", "CHO1"),
                              "blue": cards("SUP1")})
    table.act("split", {"type": "red", "t": 25, "player": "Chloé", "card": "WC-A-SPL1"})
    table.live("answer", 26)
    table.act("stopped", {"type": "stop", "t": 27, "player": "Ana", "card": "WC-A-STOP2"})
    table.live("stopped", 28)
    table.act("kept", {"type": "window_closed", "t": 32})  # the Super's Extra Turn
    table.act("remainder", {"type": "submit", "t": 40, "player": "Ana", "cards": cards("N12E", "DIV2", "N10A"),
                            "blue": []})
    table.act("below-zero", {"type": "submit", "t": 41, "player": "Ana", "cards": cards("N2A", "SUB2", "N12E"),
                             "blue": []})
    table.act("steal-scored", {"type": "submit", "t": 42, "player": "Ana", "cards": cards("N11A", "ADD2", "N10A"),
                               "blue": []})
    table.act("steal", {"type": "red", "t": 43, "player": "Eve", "card": "WC-A-STL1"})
    table.act("stolen", {"type": "window_closed", "t": 48})
    table.act("trade", {"type": "trade", "t": 50, "player": "Dmitri", "count": 7})
    table.act("pass", {"type": "pass", "t": 51, "player": "Chloé"})
    table.live("scores", 52)
    table.act("time-up-turn", {"type": "submit", "t": 590, "player": "Farouk", "cards": cards("N1A", "ADD3", "N1B"),
                               "blue": []})
    table.act("time-up", {"type": "time_up", "t": 600})
    table.act("game-over", {"type": "window_closed", "t": 601})
    table.live("over", 602)
    for code, (message, values) in VIOLATIONS.items():
        event = {"type": "violation", "player": "Farouk", "code": code, "message": message, "expression": "12 − 12 ÷ 2",
                 **values}
        table.views[f"violation-{code}"] = screens.overlays([event], table.game.state(), "press")[0].view
    no_target = Table(target=0, minutes=10)
    no_target.live("no-target", 0)
    table.views.update(no_target.views)
    options = screens.setup_options({})
    for index in range(max(len(option.choices) for option in options)):  # every choice of every row, shown
        rows = tuple((o.label, o.choices[min(index, len(o.choices) - 1)].label) for o in options)
        table.views[f"setup/{index}"] = SetupView("Who's Counting?", rows, index % len(rows), "CONFIRM: change")
    return table.views


def _menu(menu: Any) -> tuple[str, tuple[str, ...], int]:
    return menu.title, ("Cancel", *(label for label, _ in menu.choices)), 0


# every code the Who's Counting? screens know, with the engine's own sentence for it and the
# values its event carries
VIOLATIONS = {code: ("", {}) for code in screens.VERDICT_TITLES} | {
    "remainder": ("12 ÷ 10 leaves a remainder", {"problem": {"code": "remainder",
                                                              "values": {"dividend": "12", "divisor": "10"}}}),
    "not_your_turn": (text.not_your_turn("Dmitri"), {"turn": "Dmitri"}),
    "bad_trade": (text.bad_trade(7), {"hand": 7}), "no_expression": (text.red_no_expression(), {}),
    # engine/expressions.py: no card is a 0, so no game says it
    "division_by_zero": ("You can't divide by 0", {"problem": {"code": "division_by_zero", "values": {}}}),
}


def _screens_in(name: str) -> dict[str, View]:
    with use_language(name):
        return every_screen()


SCREENS_IN = {name: _screens_in(name) for name in languages()}  # each language's words, drawn in it
SCREENS = SCREENS_IN["en"]
SPANISH = SCREENS_IN["es"]


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_whos_counting_screen_fits_whole(name):
    """Six players with names up to six letters: no text is cut with "…" on any screen."""
    for item in compose(SCREENS[name]).items:
        if item.kind == "text":
            assert "…" not in item.shown or item.wanted.endswith("…"), f"{name}: {item.wanted!r} was cut to {item.shown!r}"


@pytest.mark.parametrize("name", sorted(SCREENS))
def test_every_whos_counting_screen_reads_whole_in_every_language(name):
    """Spanish runs a third longer: no line cut or clipped, no letter without its glyph, in any
    language the station speaks."""
    assert unreadable_in_every_language(lambda: SCREENS_IN[language()][name]) == {}


def test_the_spanish_screens_are_in_spanish():
    """The same moments as the English, in the game's own Spanish words (card names as printed)."""
    assert set(SPANISH) == set(SCREENS)
    changed = [name for name in SCREENS if SCREENS[name] != SPANISH[name]]
    same = sorted(set(SCREENS) - set(changed))
    assert same == [], f"screens left in English: {same}"


def test_the_game_drive_made_every_kind_of_screen():
    kinds = {name.split("/")[0] for name in SCREENS}
    assert {"scored", "counting", "goo", "goo-stop", "scored-negative", "extra", "question", "declared", "answer",
            "stopped", "remainder", "below-zero", "steal", "stolen", "trade", "pass", "time-up", "game-over",
            "over"} <= kinds
    assert not any(isinstance(v, VerdictView) and v.title == "Not your turn" for k, v in SCREENS.items()
                   if not k.startswith("violation-"))  # the drive follows the turns
    assert [v.title for k, v in SCREENS.items() if k.startswith("remainder/")] == ["Remainder"]
    assert SCREENS["over/live"].footer == "CONFIRM: new game"


@pytest.mark.parametrize("name, bottom", [
    ("start/live", "First to 500 wins"),  # not "Play to 500 · pile 127"
    ("counting/live", "Red card in your box!"),
    ("goo/live", "Wait for the score"),
    ("scored-negative/0", "Draw 7, clear cards"),
    ("scored-negative/1", "Play again"),
    ("question/live", "CONFIRM: choose"),
    ("answer/live", "Stop in the blue box"),
    ("stopped/0", "Wait for the score"),  # the Stop taken: nothing to do but wait
    ("trade/0", "Now Chloé's turn"),
    ("pass/0", "Now Farouk's turn"),
    ("time-up/0", "Finish this turn"),
    ("game-over/1", "CONFIRM: all scores"),
    ("over/live", "CONFIRM: new game"),
])
def test_each_moment_ends_on_the_next_step(name, bottom):
    assert bottom_line(SCREENS[name]) == bottom


def test_a_broken_expression_says_who_and_why_then_to_fix_it_on_a_line_of_its_own():
    remainder = SCREENS["remainder/0"]
    assert remainder.detail == "Ana: 12 ÷ 10 leaves a remainder. Fix it, CONFIRM"
    assert bottom_line(remainder) == "Fix it, CONFIRM"
    for code in ("not_whole", "below_zero", "two_times", "numbers", "operations", "malformed", "division_by_zero"):
        assert bottom_line(SCREENS[f"violation-{code}"]) == "Fix it, CONFIRM", code


def test_a_card_in_the_wrong_place_or_at_the_wrong_time_is_taken_back():
    for code in ("not_blue", "played_before", "one_red", "too_late", "own_turn", "goo", "not_stop", "nothing_to_stop",
                 "stopped_already", "not_red", "wrong_game"):
        assert bottom_line(SCREENS[f"violation-{code}"]) == "Take it back", code
    assert bottom_line(SCREENS["violation-not_in_sum"]) == "Take it off"  # off the strip
    assert bottom_line(SCREENS["violation-wait_window"]) == "wait for the score"
    assert bottom_line(SCREENS["violation-game_over"]) == "CONFIRM: new game"


@pytest.mark.parametrize("name, bottom", [
    ("start/live", "Gana con 500 puntos"),
    ("no-target/live", "Más puntos gana"),
    ("counting/live", "¡Roja en tu casilla!"),
    ("goo/live", "Espera los puntos"),
    ("scored-negative/0", "Roba 7, retira cartas"),
    ("scored-negative/1", "Juega otra vez"),
    ("question/live", "CONFIRM: elegir"),
    ("answer/live", "Stop en la casilla azul"),
    ("stopped/0", "Espera los puntos"),
    ("trade/0", "Ahora juega Chloé"),
    ("pass/0", "Ahora juega Farouk"),
    ("time-up/0", "Termina este turno"),
    ("game-over/1", "CONFIRM: resultados"),
    ("over/live", "CONFIRM: otra vez"),
])
def test_in_spanish_each_moment_ends_on_the_next_step(name, bottom):
    assert bottom_line(SPANISH[name]) == bottom


def test_in_spanish_a_broken_expression_says_who_and_why_then_to_fix_it():
    """The expression's problem in the station's shared words, then the game's own next step."""
    assert SPANISH["remainder/0"] == VerdictView("wrong", "Hay resto", "Ana: 12 ÷ 10 deja resto. Arréglala, CONFIRM")
    assert bottom_line(SPANISH["remainder/0"]) == "Arréglala, CONFIRM"
    assert SPANISH["violation-division_by_zero"].detail == "Farouk: no se puede dividir entre 0. Arréglala, CONFIRM"
    for code in ("not_whole", "below_zero", "two_times", "numbers", "operations", "malformed"):
        assert bottom_line(SPANISH[f"violation-{code}"]) == "Arréglala, CONFIRM", code
    for code in ("not_blue", "played_before", "one_red", "too_late", "own_turn", "goo", "not_stop", "nothing_to_stop",
                 "stopped_already", "not_red", "wrong_game"):
        assert bottom_line(SPANISH[f"violation-{code}"]) == "Quítala", code
    assert SPANISH["violation-not_your_turn"].detail == "Farouk: le toca a Dmitri"
    assert SPANISH["violation-bad_trade"].detail == "Farouk: cambia de 1 a 7 cartas"


def test_in_spanish_the_live_screens_name_the_turn_and_the_count():
    assert (SPANISH["start/live"].title, SPANISH["start/live"].headline) == ("Turno: Ana", "Pon cartas, CONFIRM")
    assert SPANISH["counting/live"] == BannerView("Who's Counting?", "4", ("Ana: 386 puntos",), "¡Roja en tu casilla!")
    assert SPANISH["declared/live"].headline == "Choice = 12: CONFIRM"
    assert SPANISH["scored/0"].lines == ("12 × 12 − 12 ÷ 12 = 143", "+50 por 3 signos ×2")
    assert SPANISH["scored-wild/0"].lines[1] == "+10 por 1 signo"
    assert SPANISH["setup/0"].rows[:2] == (("Jugadores", "2"), ("Orden", "× ÷ primero"))
