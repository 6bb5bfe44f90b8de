"""Reading and checking a Who's Counting? game config.

A config is a JSON object; everything but the players has a default::

    {"game": "whos-counting", "players": ["Ana", "Ben", "Cleo"]}

    {"game": "whos-counting", "players": ["Ana", "Ben"], "order": "left-to-right", "target": 300,
     "minutes": 15, "window": 8, "bonus_counts": "kinds", "split_rounds": "up"}

Players sit in turn order: the first plays first (the dealer's left), then clockwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.config_checks import known_keys, player_names
from engine.errors import ConfigError
from engine.expressions import Order

HAND_SIZE = 7
DECK_SIZE = 148
#: The operations bonus by the number of operations in an expression.
BONUS = {1: 10, 2: 25, 3: 50}
_KEYS = {"game", "seed", "players", "order", "target", "minutes", "window", "bonus_counts", "split_rounds"}


@dataclass(frozen=True)
class WhosCountingConfig:
    players: tuple[str, ...]
    order: Order  # standard (× ÷ first) or left to right, "at the discretion of the players"
    target: int  # the first to reach it wins (0: no target, the clock alone ends the game)
    minutes: int  # the game ends after this long (0: no clock, the target alone ends it)
    window: float  # seconds the "Who's Counting?" window stays open, and the answer window
    bonus_counts: str  # "cards": every operation card counts; "kinds": two of the same count once
    split_rounds: str  # an odd score split: "down" (the sheet) or "up" (the publisher's later word)
    seed: int = 0

    def as_json(self) -> dict[str, Any]:
        return {"game": "whos-counting", "seed": self.seed, "players": list(self.players),
                "order": self.order.value, "target": self.target, "minutes": self.minutes, "window": self.window,
                "bonus_counts": self.bonus_counts, "split_rounds": self.split_rounds}


def read_config(raw: Mapping[str, Any]) -> WhosCountingConfig:
    """Check a raw config and fill in defaults; ``ConfigError`` says which key is wrong and why."""
    known_keys(raw, _KEYS)
    names = player_names(raw, "Who's Counting?", 2, 6)
    order = raw.get("order", Order.STANDARD.value)
    if order not in [o.value for o in Order]:
        raise ConfigError(f"order must be 'standard' (× and ÷ first) or 'left-to-right', not {order!r}")
    target = _whole(raw, "target", 500, 0, 100_000)
    minutes = _whole(raw, "minutes", 20, 0, 600)
    if target == 0 and minutes == 0:
        raise ConfigError("a game needs a target score or a time limit (target and minutes cannot both be 0)")
    window = raw.get("window", 5)
    if isinstance(window, bool) or not isinstance(window, (int, float)) or not 1 <= window <= 60:
        raise ConfigError(f"window must be 1 to 60 seconds, not {window!r}")
    bonus = raw.get("bonus_counts", "cards")
    if bonus not in ("cards", "kinds"):
        raise ConfigError(f"bonus_counts must be 'cards' (every operation card) or 'kinds' (different operations), not {bonus!r}")
    split = raw.get("split_rounds", "down")
    if split not in ("down", "up"):
        raise ConfigError(f"split_rounds must be 'down' or 'up', not {split!r}")
    return WhosCountingConfig(tuple(names), Order(order), target, minutes, window, bonus, split, raw.get("seed", 0))


def _whole(raw: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value
