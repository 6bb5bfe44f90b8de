"""A game's rules from its registry line (``engine.games``): a fresh game, or one replayed from
its actions. Above the catalog and the registry: ``protocol`` → ``catalog`` → ``games`` read top
down, and this module alone turns a name into rules.

>>> new_game({"game": "math-wars", "players": ["Ana", "Ben"]}).name
'math-wars'
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping
from typing import Any

from engine.errors import ConfigError
from engine.games import GAMES
from engine.protocol import Event, Game


def game_class(name: object) -> type[Game]:
    """The rules class for a game name, or a ``ConfigError`` that lists the choices."""
    if not isinstance(name, str) or name not in GAMES:
        raise ConfigError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    entry = GAMES[name]
    if entry.rules_path is None:
        playable = ", ".join(GAMES.playable())
        raise ConfigError(f"{entry.title} cannot be refereed yet (playable now: {playable})")
    rules = getattr(importlib.import_module(entry.rules_path), "RULES")
    if rules.name != name:
        raise ConfigError(f"{entry.rules_path}.RULES referees {rules.name!r}, not {name!r}: fix the registry line")
    return rules  # type: ignore[no-any-return]


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
