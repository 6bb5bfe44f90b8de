"""Math Rush as the players meet it: every refusal's words, the story the station tells, the
state the screens draw, the config's sentences, and the rules a bug would get wrong without
test_math_rush.py noticing (docs/testing.md: the mutation bar)."""

from __future__ import annotations

from typing import Any

import pytest

from conftest import RUSH_CARDS, RUSH_GOALS, RushTable


def said(events: list[dict[str, Any]]) -> dict[str, Any]:
    """The one event an action caused, as the station receives it (without its time)."""
    (event,) = events
    return {k: v for k, v in event.items() if k != "t"}


def refusal(code: str, message: str, card: str | None = None) -> dict[str, Any]:
    return {"type": "violation", "code": code, "message": message, "card": card}


def complete_up_3(table: RushTable, row: int = 1) -> None:
    for card in ("1/10", "1/5", "2/5"):
        table.play(card, row)


def play_out(table: RushTable, helps: int = 0) -> None:
    """Three rounds, each completing UP 3 (1 star); ``helps`` Help cards used in the first."""
    for round_number in (1, 2, 3):
        table.start(("G1", 1))
        complete_up_3(table)
        for _ in range(helps if round_number == 1 else 0):
            table.act("help", use="redraw")
        table.run_out()
        if round_number < 3:
            table.act("next_round")


# ---- refusals: what the players are told, and which card it is about ------------------------------

@pytest.mark.parametrize("kind, fields", [
    ("goal", {"card": RUSH_GOALS["G5"], "row": 2}),
    ("play", {"card": RUSH_CARDS["3/4"], "row": 1, "on": ""}),
    ("help", {"use": "redraw"}),
    ("start", {}),
    ("next_round", {}),
    ("end_round", {}),
])
def test_after_the_third_round_everything_is_told_the_game_is_over(kind, fields):
    table = RushTable()
    play_out(table)
    assert said(table.act(kind, **fields)) == refusal("game_over", "The game is over.")


# ---- the story the station tells ------------------------------------------------------------------

# ---- the story the station tells ------------------------------------------------------------------

def test_a_round_told_as_a_story():
    table = RushTable()
    table.goal("G15", 1)
    table.goal("G1", 2)
    table.act("start")
    table.play("3/5", 1)
    table.play("60%", 1, on="3/5")
    table.play("0.4", 1)  # a complete set, broken
    complete_up_3(table, 2)
    table.goal("G9", 3)
    table.play("1/3", 3)
    table.play("0.5", 3)
    table.act("help", use="redraw")
    table.act("lift", card=RUSH_CARDS["0.5"])
    table.act("help", use="clear")
    table.run_out()
    table.act("next_round")
    table.act("play", card=RUSH_CARDS["1/2"], row=1, on="")
    assert [table.game.describe(e) for e in table.events] == [
        "Goal in row 1: UP 3, greater than 1/2 (2 stars).",
        "Goal in row 2: UP 3 (1 star).",
        "Round 1 starts: 180 seconds!",
        "3/5 goes on UP 3 (1 of 3).",
        "60% goes on UP 3 on an equal card (2 of 3).",
        "0.4 breaks UP 3: Greater than 1/2.",
        "UP 3 is complete but broken (Greater than 1/2): 0 stars.",
        "1/10 goes on UP 3 (1 of 3).",
        "1/5 goes on UP 3 (2 of 3).",
        "2/5 goes on UP 3 (3 of 3).",
        "UP 3 is complete: 1 star. Flip it, lay a new goal!",
        "Goal in row 3: SAME 3 (2 stars).",
        "1/3 goes on SAME 3 (1 of 3).",
        "0.5 breaks SAME 3: 0.5 ≠ 1/3: not equal.",
        "Help: everyone discards and draws again. 2 Help cards left.",
        "A card is taken off row 3: use a Help card, or put it back.",
        "Help: the lifted cards are gone. 1 Help card left.",
        "30 seconds left!",
        "Time is up!",
        "Round 1: 1 point (UP 3: 0 (Greater than 1/2); UP 3: 1; SAME 3: 0 (1 of 3 cards)). Total 1.",
        "Round 2: shuffle, draw your hands, lay three goals.",
        "Not yet: Wait: press CONFIRM to start the clock.",
    ]


@pytest.mark.parametrize("config, helps, story", [
    ({}, 0, "Game over: 1 + 1 + 1 + 6 for 3 unused Help cards = 9 points together!"),
    ({}, 1, "Game over: 1 + 1 + 1 + 5 for 2 unused Help cards = 8 points together!"),
    ({}, 2, "Game over: 1 + 1 + 1 + 3 for 1 unused Help card = 6 points together!"),
    ({}, 3, "Game over: 1 + 1 + 1 = 3 points together!"),
    ({"help": "unlimited"}, 5, "Game over: 1 + 1 + 1 = 3 points together!"),
])
def test_the_end_of_the_game_told_with_the_help_bonus(config, helps, story):
    table = RushTable(**config)
    play_out(table, helps)
    (over,) = table.of("game_over")
    assert table.game.describe(over) == story


def test_the_headline_names_the_players_hands_clock_and_options():
    assert RushTable().game.headline() == "Math Rush · Ana, Ben · 5 cards each · 180 s rounds"
    assert RushTable(("A", "B", "C"), help="unlimited", seconds=120).game.headline() == \
        "Math Rush · A, B, C · 4 cards each · 120 s rounds · unlimited Help"
    youngest = RushTable(("Ana",), advanced=False, help="unlimited", one_goal=True, timer=False)
    assert youngest.game.headline() == \
        "Math Rush · Ana · 5 cards each · no timer · no Advanced cards, unlimited Help, one goal at a time"
