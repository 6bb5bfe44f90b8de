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
