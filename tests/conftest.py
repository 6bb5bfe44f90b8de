"""Shared helpers for tests: building games and playing cards as the station would."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings

from engine.catalog import load_catalog
from engine.games import GAMES, GameInfo
from engine.math_rush import MathRush
from engine.math_wars import MathWars

# No property test may fail because a loaded machine was slow: no per-example deadline, and no
# "too slow" health check (two cores are shared). The "mutation" profile (scripts/mutation.py)
# stops at the first failing example instead of shrinking it, with fewer examples, always the
# same ones: a mutant is killed or not, the same every run.
settings.register_profile("station", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("mutation", parent=settings.get_profile("station"), max_examples=30, derandomize=True,
                          database=None, phases=[Phase.explicit, Phase.generate])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "station"))


@pytest.fixture(autouse=True)
def english_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the terminal's language (LANG ...): every test starts from a terminal
    that asks for none (a developer's es_ES.UTF-8 must not turn the English tests Spanish); a test
    that wants one sets it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)


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


#: Math Rush's cards of deck copy A by the value they show ("1/4", "0.(3)", "33 1/3%"), and its goals by code.
_RUSH_DECK = load_catalog().game("math-rush").cards(["A"])
RUSH_CARDS = {str(c.face.number): c.id for c in _RUSH_DECK if c.face.number is not None}
RUSH_GOALS = {c.face.code: c.id for c in _RUSH_DECK if c.face.kind in ("goal", "advanced-goal")}


class RushTable:
    """A Math Rush game plus a clock: goals laid by code, number cards played by the value they show."""

    def __init__(self, players: tuple[str, ...] = ("Ana", "Ben"), **config: Any) -> None:
        self.game = MathRush({"game": "math-rush", "players": list(players), **config})
        self.t = 0.0
        self.events: list[dict[str, Any]] = []

    def act(self, kind: str, **fields: Any) -> list[dict[str, Any]]:
        self.t += 1
        new = self.game.apply({"type": kind, "t": self.t, **fields})
        self.events.extend(new)
        return new

    def goal(self, code: str, row: int) -> list[dict[str, Any]]:
        return self.act("goal", card=RUSH_GOALS[code], row=row)

    def play(self, shown: str, row: int, on: str = "") -> dict[str, Any]:
        """The first event of playing the card showing ``shown`` (on the card showing ``on``)."""
        events = self.act("play", card=RUSH_CARDS[shown], row=row, on=RUSH_CARDS[on] if on else "")
        return events[0]

    def start(self, *goals: tuple[str, int]) -> None:
        for code, row in goals:
            self.goal(code, row)
        self.act("start")

    def run_out(self) -> list[dict[str, Any]]:
        """The referee applies the clock's deadlines until the round is over."""
        new: list[dict[str, Any]] = []
        while (due := self.game.deadline()) is not None:
            self.t = due.at
            new += self.game.apply({**due.action, "t": due.at})
        self.events.extend(new)
        return new

    def of(self, kind: str, events: list[dict[str, Any]] | None = None) -> list[dict[str, Any]]:
        return [e for e in (self.events if events is None else events) if e["type"] == kind]


@pytest.fixture
def table_factory():
    return Table


@pytest.fixture
def broker_factory(tmp_path):
    """Start real Mosquitto brokers (tests/broker.py): ``broker_factory(users=..., acl=...)``; each
    is stopped when the test ends. Without Mosquitto the test is skipped, except in CI, where the
    set-up installs it and its absence is a failure."""
    from broker import Broker, mosquitto_installed

    if not mosquitto_installed():
        message = "Mosquitto is not installed (scripts/bootstrap.sh installs it)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    started: list[Broker] = []

    def start(**kwargs: Any) -> Broker:
        broker = Broker(tmp_path / f"broker-{len(started)}", **kwargs).start()
        started.append(broker)
        return broker

    yield start
    for broker in started:
        broker.stop()


@contextmanager
def registered(line: GameInfo) -> Iterator[GameInfo]:
    """A registry line for the length of a ``with``: the caches built from the registry see it,
    and forget it again afterwards."""
    GAMES.register(line)
    try:
        yield line
    finally:
        GAMES.unregister(line.name)
