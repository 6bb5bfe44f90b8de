"""The checks every game's config starts with: no unknown key, and a list of distinct player names.

>>> player_names({"players": [" Ana", "Ben"]}, "Toy", 2, 4)
('Ana', 'Ben')
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from engine.errors import ConfigError


def known_keys(raw: Mapping[str, Any], keys: Collection[str]) -> None:
    """``ConfigError`` naming the first key the game does not know, and the ones it does."""
    unknown = sorted(set(raw) - set(keys))
    if unknown:
        raise ConfigError(f"unknown config key {unknown[0]!r} (known: {', '.join(sorted(keys))})")


def player_names(raw: Mapping[str, Any], title: str, least: int, most: int) -> tuple[str, ...]:
    """The config's ``players``: ``least``–``most`` names, stripped and distinct."""
    players = raw.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
        raise ConfigError('players must be a list of names, e.g. ["Ana", "Ben"]')
    names = tuple(p.strip() for p in players)
    if not least <= len(names) <= most:
        raise ConfigError(f"{title} is for {least}–{most} players, not {len(names)}")
    if len(set(names)) != len(names):
        raise ConfigError(f"two players have the same name: {', '.join(names)}")
    return names
