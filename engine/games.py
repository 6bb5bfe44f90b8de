"""Which games exist, and which of them the engine can referee yet.

>>> new_game({"game": "math-wars", "players": ["Ana", "Ben"]}).name
'math-wars'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import ConfigError
from engine.protocol import Event, Game

#: Every game, by the name users type: its title and the two-letter code printed in its cards'
#: QR payloads (see docs/cards.md).
GAMES: Mapping[str, tuple[str, str]] = {
    "math-rush": ("Math Rush", "MR"),
    "sum": ("SUM", "SU"),
    "math-wars": ("Math Wars Meta", "MW"),
    "whos-counting": ("Who's Counting?", "WC"),
    "big-bang": ("Big Bang", "BB"),
}
GAME_TITLES: Mapping[str, str] = {name: title for name, (title, _) in GAMES.items()}
GAME_CODES: Mapping[str, str] = {name: code for name, (_, code) in GAMES.items()}

#: Games whose rules are implemented: name -> "module:class".
_RULES: Mapping[str, str] = {
    "math-wars": "engine.math_wars:MathWars",
}


def game_class(name: object) -> type[Game]:
    """The rules class for a game name, or a ``ConfigError`` that lists the choices."""
    if name not in GAME_TITLES:
        raise ConfigError(f"unknown game {name!r}: choose one of {', '.join(GAME_TITLES)}")
    if name not in _RULES:
        playable = ", ".join(_RULES)
        raise ConfigError(f"{GAME_TITLES[str(name)]} cannot be refereed yet (playable now: {playable})")
    module, _, cls = _RULES[str(name)].partition(":")
    return getattr(importlib.import_module(module), cls)


def new_game(config: Mapping[str, Any]) -> Game:
    """A fresh game from its config (``config["game"]`` picks the rules)."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"a game config is a JSON object, not {type(config).__name__}")
    return game_class(config.get("game"))(config)


def replay(config: Mapping[str, Any], actions: Iterable[Mapping[str, Any]]) -> tuple[Game, list[Event]]:
    """Rebuild any game from its config and actions; returns the game and all events."""
    if not isinstance(config, Mapping):
        raise ConfigError(f"a game config is a JSON object, not {type(config).__name__}")
    return game_class(config.get("game")).replay(config, actions)
