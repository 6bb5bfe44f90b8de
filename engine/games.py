"""The one registry of games: each game's name, title, payload code and where its parts live.

Adding a game is adding (or filling in) its line in ``GAMES`` and writing its own packages:
its rules in ``engine.<package>`` (exporting ``RULES``, its ``Game`` class), its deck manifest in
``engine/decks/<name>.toml`` and its station side in the package ``station.games.<package>``
(exporting ``PLUGIN``, and holding its data files). Nothing else names a game. A game whose line has no ``package`` is known (its
cards are told apart from strangers' codes) but cannot be refereed yet. Data only, so the catalog
reads it below the rules: ``engine.rules`` makes a game from its line.

>>> GAME_TITLES["whos-counting"], GAME_CODES["whos-counting"]
("Who's Counting?", 'WC')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

from engine.errors import ConfigError


@dataclass(frozen=True)
class GameInfo:
    """One game's registry line.

    ``package`` names the game's engine package and, by the same name under ``station.games``,
    its station plug-in; ``rules_module`` / ``station_module`` / ``deck`` override those places
    (a game that lives outside the product, like the test game in ``tests/``)."""

    name: str  # what users type: "math-wars"
    title: str  # what they read: "Math Wars Meta"
    code: str  # two letters in every card's QR payload: "MW"
    package: str | None = None  # "math_wars": engine.math_wars, station.games.math_wars
    rules_module: str | None = None
    station_module: str | None = None
    deck: tuple[str, str] | None = None  # (package, file) of the deck manifest
    data: str | None = None  # the package holding its station data files (mat, card look, rules card)

    @property
    def playable(self) -> bool:
        return self.package is not None or self.rules_module is not None

    @property
    def rules_path(self) -> str | None:
        return self.rules_module or (f"engine.{self.package}" if self.package else None)

    @property
    def station_path(self) -> str | None:
        return self.station_module or (f"station.games.{self.package}" if self.package else None)

    @property
    def station_data(self) -> str | None:
        """The package of the game's station data files: ``<name>.mat.toml``, ``<name>.look.toml``,
        ``<name>.rules.toml`` (``station/games/<package>/``)."""
        return self.data or (f"station.games.{self.package}" if self.package else None)

    @property
    def deck_resource(self) -> tuple[str, str]:
        """Where the deck manifest lives: (package, file name) for ``importlib.resources``."""
        return self.deck or ("engine.decks", f"{self.name}.toml")


class Registry(Mapping[str, GameInfo]):
    """The games by name, in their fixed order; ``register`` adds one at run time (tests)."""

    def __init__(self, entries: Iterable[GameInfo]) -> None:
        self._entries: dict[str, GameInfo] = {}
        self.version = 0  # bumped on every change, so caches built from the registry know to rebuild
        for entry in entries:
            self.register(entry)

    def register(self, entry: GameInfo) -> None:
        """Add a game (or replace one of the same name): its name and code must be new."""
        for other in self._entries.values():
            if other.name != entry.name and other.code == entry.code:
                raise ConfigError(f"game code {entry.code!r} of {entry.name!r} is already used by {other.name!r}")
        self._entries[entry.name] = entry
        self.version += 1

    def unregister(self, name: str) -> None:
        self._entries.pop(name, None)
        self.version += 1

    def by_code(self, code: str) -> GameInfo | None:
        return next((entry for entry in self._entries.values() if entry.code == code), None)

    def playable(self) -> list[str]:
        """Games the station can referee, in registry order."""
        return [name for name, entry in self._entries.items() if entry.playable]

    def __getitem__(self, name: str) -> GameInfo:
        return self._entries[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)


#: Every game. The order is the menu's (the first is the station's default game, and the demo's);
#: a printed card or mat does not depend on it.
GAMES = Registry([
    GameInfo("math-wars", "Math Wars Meta", "MW", package="math_wars"),
    GameInfo("math-rush", "Math Rush", "MR", package="math_rush"),
    GameInfo("sum", "SUM", "SU", package="sum"),
    GameInfo("whos-counting", "Who's Counting?", "WC", package="whos_counting"),
    GameInfo("big-bang", "Big Bang", "BB", package="big_bang"),
])


@dataclass(frozen=True)
class _Titles(Mapping[str, str]):
    """A live view of one field of the registry (so a registered test game shows up too)."""

    field: str

    def __getitem__(self, name: str) -> str:
        return str(getattr(GAMES[name], self.field))

    def __iter__(self) -> Iterator[str]:
        return iter(GAMES)

    def __len__(self) -> int:
        return len(GAMES)


GAME_TITLES: Mapping[str, str] = _Titles("title")
GAME_CODES: Mapping[str, str] = _Titles("code")
