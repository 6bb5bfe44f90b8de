"""Reading and checking a Math Rush game config.

A config is a JSON object; everything but the players has a default::

    {"game": "math-rush", "players": ["Ana", "Ben", "Cleo"]}

    {"game": "math-rush", "players": ["Ana"], "advanced": false, "help": "unlimited",
     "one_goal": true, "timer": false}

Math Rush is cooperative: the players play at once and score together.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.config_checks import known_keys, player_names
from engine.errors import ConfigError

ROUNDS = 3
HELP_CARDS = 3
GOALS_IN_PLAY = 3
#: Points for unused Help cards at the end of the game, by how many are left.
HELP_BONUS = {0: 0, 1: 3, 2: 5, 3: 6}
_KEYS = {"game", "seed", "players", "advanced", "help", "one_goal", "timer", "seconds"}


@dataclass(frozen=True)
class MathRushConfig:
    players: tuple[str, ...]
    advanced: bool  # the Advanced number and goal cards are in the game
    help: str  # "cards": three Help cards for the game; "unlimited": as many as the young players like
    one_goal: bool  # the youngest players: one goal at a time, rearranging allowed
    timer: bool  # False: no clock; a round ends with a button
    seconds: int  # a round's length: 180, or 240 solo (the sheet)
    seed: int = 0

    @property
    def hand_size(self) -> int:
        """Cards each player holds: 1–2 players 5, 3 players 4, 4 or more 3."""
        return {1: 5, 2: 5, 3: 4}.get(len(self.players), 3)

    def as_json(self) -> dict[str, Any]:
        return {"game": "math-rush", "seed": self.seed, "players": list(self.players), "advanced": self.advanced,
                "help": self.help, "one_goal": self.one_goal, "timer": self.timer, "seconds": self.seconds}


def read_config(raw: Mapping[str, Any]) -> MathRushConfig:
    """Check a raw config and fill in defaults; ``ConfigError`` says which key is wrong and why."""
    known_keys(raw, _KEYS)
    names = player_names(raw, "Math Rush", 1, 8)
    flags = {}
    for key, default in (("advanced", True), ("one_goal", False), ("timer", True)):
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, not {value!r}")
        flags[key] = value
    help_rule = raw.get("help", "cards")
    if help_rule not in ("cards", "unlimited"):
        raise ConfigError(f"help must be 'cards' (three for the game) or 'unlimited', not {help_rule!r}")
    seconds = raw.get("seconds", 240 if len(names) == 1 else 180)
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 30 <= seconds <= 1800:
        raise ConfigError(f"seconds must be a whole number from 30 to 1800, not {seconds!r}")
    return MathRushConfig(tuple(names), flags["advanced"], help_rule, flags["one_goal"], flags["timer"], seconds,
                          raw.get("seed", 0))
