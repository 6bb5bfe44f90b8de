"""Toy Sum with a broken round clock, a bug a new game could have: its ``time_up`` action is
taken but changes nothing, so the same deadline stays due. The referee must apply it once and
stop that clock, not journal it again at every frame (tests/test_referee.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.protocol import Event
from toy_game.rules import ToyGame


class BrokenClock(ToyGame):
    def on_time_up(self, action: Mapping[str, Any]) -> list[Event]:
        return []


RULES = BrokenClock
