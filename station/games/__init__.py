"""Games as plug-ins: the registry's way from a game's name to its station side.

Each game's station side is one package, ``station/games/<package>/`` (its plug-in, table
adapter, screens, virtual players, demo and data files), whose ``PLUGIN`` implements
``station.game_plugin.StationGame``. Only the layer that chooses a game (the daemon, the CLI,
the simulator's runner, the teacher's page) looks a plug-in up here, and hands it down: no
shared part imports this package (import-linter holds that line, see pyproject.toml).

>>> plugin("math-wars").title
'Math Wars Meta'
>>> playable()
['math-wars']
"""

from __future__ import annotations

import functools
import importlib

from engine.errors import ConfigError
from engine.games import GAMES
from station.game_plugin import Action, Demo, StationGame, per_player
from station.ui.views import Menu

__all__ = ["Action", "Demo", "Menu", "StationGame", "per_player", "plugin", "playable", "plugins"]


def plugin(name: str) -> StationGame:
    """The station plug-in of a playable game; ``ConfigError`` for any other name."""
    return _plugin(name, GAMES.version)


@functools.cache
def _plugin(name: str, registry_version: int) -> StationGame:
    if name not in GAMES:
        raise ConfigError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    path = GAMES[name].station_path
    if path is None:
        raise ConfigError(f"{GAMES[name].title} cannot be refereed yet (playable now: {', '.join(playable())})")
    found = getattr(importlib.import_module(path), "PLUGIN")
    if not isinstance(found, StationGame) or found.name != name:
        raise ConfigError(f"{path}.PLUGIN is not the station plug-in of {name!r}: fix the registry line")
    return found


def playable() -> list[str]:
    """Games the station can referee, in menu order."""
    return GAMES.playable()


def plugins() -> dict[str, StationGame]:
    """Every playable game's plug-in, in menu order."""
    return {name: plugin(name) for name in playable()}
