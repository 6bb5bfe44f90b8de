"""Who's Counting?'s OLED screens, made from the real engine's states and events: each says what
is happening and what to do next, and fits 128x64 pixels whole."""

from __future__ import annotations

from engine.whos_counting import WhosCounting
from station.ui import whos_counting as screens
from station.ui.views import BannerView

EXPRESSION = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]  # 3 × 6 − 2 = 16, + 25 = 41


def new_game() -> WhosCounting:
    return WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben", "Chloé"]})


def test_after_green_goo_the_countdown_says_no_stop_can_help():
    game = new_game()
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": []})
    assert screens.live_view(game.state(), 6, 0) == BannerView("Who's Counting?", "4", ("Ana: 41 points",),
                                                               "Red card in your box!")
    game.apply({"type": "red", "t": 6, "player": "Ben", "card": "WC-A-GNEG"})
    assert screens.live_view(game.state(), 7, 0) == BannerView("Green Goo!", "3", ("Ben: Negative, no Stop",),
                                                               "Wait for the score")


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
