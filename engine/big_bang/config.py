"""Reading and checking a Big Bang game config.

A config is a JSON object; everything but the players has a default::

    {"game": "big-bang", "players": ["Ana"]}

    {"game": "big-bang", "players": ["Ana", "Ben"], "rules_cards": true, "replay": false,
     "minutes": 10, "rounds": 3, "stolen": true}

One player plays solo; two or three race, each with a set of their own (player 1 set A, player 2
set B, player 3 set C) laid around a Black Star of their own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.config_checks import known_keys, player_names
from engine.errors import ConfigError

SETS = "ABC"  #: the deck copies, one per player in seating order
HAND_SIZE = 3  #: draw 3, and draw back to 3
NUMBER_CARDS = 28  #: one 1, two 2s … seven 7s
RULES_CARDS = 6  #: R1–R6, with the option
MAX_MINUTES = 60
MAX_ROUNDS = 10
_KEYS = {"game", "seed", "players", "rules_cards", "replay", "minutes", "rounds", "stolen"}


@dataclass(frozen=True)
class BigBangConfig:
    players: tuple[str, ...]
    rules_cards: bool  # the six Rules triangles are shuffled in (worth 2 each)
    replay: bool  # when the deck is gone, the discard pile is shuffled back in to be replayed
    minutes: int  # a round's clock (0: no clock)
    rounds: int  # rounds in the game
    stolen: bool  # a race's rounds score the cards the others have left, for the round's winner only
    seed: int = 0

    def set_of(self, player: str) -> str:
        """The deck copy (set letter) a player plays with."""
        return SETS[self.players.index(player)]

    @property
    def in_play(self) -> int:
        """Cards each player must get down (the Black Star aside)."""
        return NUMBER_CARDS + (RULES_CARDS if self.rules_cards else 0)

    def as_json(self) -> dict[str, Any]:
        return {"game": "big-bang", "seed": self.seed, "players": list(self.players), "rules_cards": self.rules_cards,
                "replay": self.replay, "minutes": self.minutes, "rounds": self.rounds, "stolen": self.stolen}


def read_config(raw: Mapping[str, Any]) -> BigBangConfig:
    """Check a raw config and fill in defaults; ``ConfigError`` says which key is wrong and why."""
    known_keys(raw, _KEYS)
    names = player_names(raw, "Big Bang", 1, len(SETS))
    flags = {}
    for key in ("rules_cards", "replay", "stolen"):
        value = raw.get(key, False)
        if not isinstance(value, bool):
            raise ConfigError(f"{key} must be true or false, not {value!r}")
        flags[key] = value
    if flags["stolen"] and len(names) == 1:
        raise ConfigError("stolen scoring is for a race: 2 or 3 players")
    minutes = _whole(raw, "minutes", 0, 0, MAX_MINUTES)
    rounds = _whole(raw, "rounds", 1, 1, MAX_ROUNDS)
    return BigBangConfig(tuple(names), flags["rules_cards"], flags["replay"], minutes, rounds, flags["stolen"],
                         raw.get("seed", 0))


def _whole(raw: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = raw.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ConfigError(f"{key} must be a whole number from {low} to {high}, not {value!r}")
    return value
