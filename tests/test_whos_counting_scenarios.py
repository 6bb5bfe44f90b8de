"""Who's Counting? at the table: what its scenario files (scenarios/whos-counting-*.toml, played
by tests/test_scenarios.py) cannot say on their own."""

from __future__ import annotations

from typing import Any

import pytest

from engine.whos_counting import WhosCounting
from station.table.mat import mat_layout
from station.table.whos_counting import WhosCountingTable

EXPRESSION = ["WC-A-N3A", "WC-A-MUL1", "WC-A-N6A", "WC-A-SUB1", "WC-A-N2A"]  # 3 × 6 − 2 = 16, + 25 = 41


def _after_a_red_card(red: str) -> WhosCounting:
    game = WhosCounting({"game": "whos-counting", "players": ["Ana", "Ben"]})
    game.apply({"type": "submit", "t": 5, "player": "Ana", "cards": EXPRESSION, "blue": []})
    game.apply({"type": "red", "t": 6, "player": "Ben", "card": red})
    return game


def _stop_laid(game: WhosCounting) -> list[dict[str, Any]]:
    """The actions the table adapter makes of a Stop put down in the blue box."""
    mat = mat_layout("whos-counting", 2)
    x, y = mat.zone("blue").center
    adapter = WhosCountingTable(game.seats())
    placed = {"type": "placed", "card": "WC-A-STOP1", "x": x, "y": y, "angle": 0.0}
    return adapter.read([placed], 7.0, game.state(), mat).actions


@pytest.mark.parametrize("red", ["WC-A-NEG1", "WC-A-GNEG"])
def test_a_stop_laid_after_any_red_card_is_judged(red):
    """Against Green Goo a Stop is no answer, but it must get a verdict, not vanish unseen."""
    game = _after_a_red_card(red)
    (action,) = _stop_laid(game)
    assert action == {"type": "stop", "t": 7.0, "player": "Ana", "card": "WC-A-STOP1", "source": "camera"}
    events = game.apply(action)
    if red == "WC-A-GNEG":
        assert [(e["type"], e.get("code")) for e in events] == [("violation", "goo")]
    else:
        assert [e["type"] for e in events] == ["stopped"]
