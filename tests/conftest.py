"""Shared helpers for tests: building games and playing cards as the station would."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from engine.games import GAMES, GameInfo
from engine.math_wars import MathWars

# No property test may fail because a loaded machine was slow: no per-example deadline, and no
# "too slow" health check (two cores are shared). The "mutation" profile (scripts/mutation.py)
# stops at the first failing example instead of shrinking it, with fewer examples, always the
# same ones: a mutant is killed or not, the same every run.
settings.register_profile("station", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("mutation", parent=settings.get_profile("station"), max_examples=30, derandomize=True,
                          database=None, phases=[Phase.explicit, Phase.generate])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "station"))


@dataclass
class Lying:
    """A card the tracker knows to lie on the table (the adapters' snapshot), for table adapter tests."""

    card_id: str
    x: float
    y: float
    angle: float = 0.0
    covered: bool = False


class Table:
    """A Math Wars Meta game plus a clock, so tests read like the play at the table."""

    def __init__(self, **config: Any) -> None:
        config.setdefault("players", ["Ana", "Ben"])
        self.game = MathWars({"game": "math-wars", **config})
        self.t = 0
        self.events: list[dict[str, Any]] = []

    def play(self, player: str, *cards: str) -> list[dict[str, Any]]:
        """``player`` turns up each card (IDs like ``MW-A-N21``); returns the events of the last."""
        new: list[dict[str, Any]] = []
        for card in cards:
            self.t += 1
            new = self.game.apply({"type": "play", "t": self.t, "player": player, "card": card})
            self.events.extend(new)
        return new

    def hand(self, **plays: tuple[str, str]) -> list[dict[str, Any]]:
        """Everyone named turns up (COUNT META, MATH CRATE); returns all events of the hand."""
        start = len(self.events)
        for player, cards in plays.items():
            self.play(player, *cards)
        return self.events[start:]

    def of(self, kind: str, events: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]

    def piles(self, player: str) -> dict[str, Any]:
        return self.game.state()["players"][player]


@pytest.fixture
def table_factory():
    return Table


@contextmanager
def registered(line: GameInfo) -> Iterator[GameInfo]:
    """A registry line for the length of a ``with``: the caches built from the registry see it,
    and forget it again afterwards."""
    GAMES.register(line)
    try:
        yield line
    finally:
        GAMES.unregister(line.name)
