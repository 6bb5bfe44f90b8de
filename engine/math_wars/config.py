"""Reading and checking a Math Wars Meta game config.

A config is a JSON object; everything but the players has a default::

    {"game": "math-wars", "players": ["Ana", "Ben"], "edition": "mwm25", "discard_option": 1}

    {"game": "math-wars", "edition": "mwm100",
     "teams": {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}}

Players get deck copies A, B, C... in seating order unless they name one
(``{"name": "Ana", "copy": "C"}``). The mode follows from the players: one player is Solo,
``teams`` makes Team v Team, anything else is Player v Player.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine.errors import ConfigError

COPIES = "ABCDEFGH"


class Mode(str, Enum):
    SOLO = "solo"
    PLAYERS = "players"
    TEAMS = "teams"


@dataclass(frozen=True)
class Edition:
    name: str
    title: str
    deck: str           #: the catalog deck of COUNT META cards each player holds
    count_cards: int    #: COUNT META cards per player (the highest card's number)
    victories: int      #: VICTORY! cards that win the game


EDITIONS: Mapping[str, Edition] = {
    "mwm25": Edition("mwm25", "MWM25", "count25", 25, 4),
    "mwm100": Edition("mwm100", "MWM100", "count100", 100, 5),
}
CRATE_DECK = "crate1"
CRATE_CARDS = 40

#: Team v Team formats from the sheet: players per team -> (fewest teams, most teams).
TEAM_FORMATS: Mapping[int, tuple[str, int, int]] = {
    2: ("duos", 2, 4),
    3: ("trios", 2, 2),
    4: ("quads", 2, 2),
}

_KEYS = {"game", "seed", "edition", "mode", "players", "teams", "discard_option", "victories_to_win"}


@dataclass(frozen=True)
class Seat:
    """A player at the table: their name, their deck copy and (Team v Team) their team."""

    name: str
    copy: str
    team: str | None = None

    @property
    def side(self) -> str:
        """Who wins and loses together: the team, or the player alone."""
        return self.team or self.name


@dataclass(frozen=True)
class MathWarsConfig:
    edition: Edition
    mode: Mode
    seats: tuple[Seat, ...]
    discard_option: int
    victories_to_win: int
    seed: int = 0

    @property
    def sides(self) -> tuple[str, ...]:
        """Players (or teams) in seating order, each once."""
        return tuple(dict.fromkeys(seat.side for seat in self.seats))

    def as_json(self) -> dict[str, Any]:
        """The config with every default filled in: what the journal and replays store."""
        data: dict[str, Any] = {
            "game": "math-wars",
            "seed": self.seed,
            "edition": self.edition.name,
            "mode": self.mode.value,
            "players": [{"name": s.name, "copy": s.copy} for s in self.seats],
            "discard_option": self.discard_option,
            "victories_to_win": self.victories_to_win,
        }
        if self.mode is Mode.TEAMS:
            data["teams"] = {side: [s.name for s in self.seats if s.team == side] for side in self.sides}
        return data


def read_config(raw: Mapping[str, Any]) -> MathWarsConfig:
    """Check a raw config and fill in defaults; ``ConfigError`` says which key is wrong and why."""
    unknown = sorted(set(raw) - _KEYS)
    if unknown:
        raise ConfigError(f"unknown config key {unknown[0]!r} (known: {', '.join(sorted(_KEYS))})")
    edition_name = raw.get("edition", "mwm25")
    if edition_name not in EDITIONS:
        raise ConfigError(f"edition must be one of {', '.join(EDITIONS)}, not {edition_name!r}")
    edition = EDITIONS[edition_name]

    teams = _read_teams(raw.get("teams"))
    players = raw.get("players")
    if players is None and teams:
        players = [name for members in teams.values() for name in members]
    seats = _read_players(players)
    if teams:
        seats = _assign_teams(seats, teams)

    mode = Mode.TEAMS if teams else Mode.SOLO if len(seats) == 1 else Mode.PLAYERS
    if "mode" in raw and raw["mode"] != mode.value:
        raise ConfigError(
            f"mode {raw['mode']!r} does not fit the players: {len(seats)} player(s)"
            + (" in teams" if teams else "") + f" make mode {mode.value!r}"
        )
    option = raw.get("discard_option", 1)
    if option not in (1, 2) or isinstance(option, bool):
        raise ConfigError(f"discard_option must be 1 (own spoils pile) or 2 (winner's spoils pile), not {option!r}")
    victories = raw.get("victories_to_win", edition.victories)
    if not isinstance(victories, int) or isinstance(victories, bool) or not 1 <= victories <= 20:
        raise ConfigError(f"victories_to_win must be a whole number from 1 to 20, not {victories!r}")
    return MathWarsConfig(edition, mode, seats, option, victories, raw.get("seed", 0))


def _read_players(players: Any) -> tuple[Seat, ...]:
    if not isinstance(players, list) or not players:
        raise ConfigError("players must be a list of names, e.g. [\"Ana\", \"Ben\"]")
    named: list[tuple[str, str | None]] = []
    for entry in players:
        if isinstance(entry, str):
            named.append((entry, None))
        elif isinstance(entry, Mapping) and isinstance(entry.get("name"), str) and set(entry) <= {"name", "copy"}:
            named.append((entry["name"], entry.get("copy")))
        else:
            raise ConfigError(f"a player is a name or {{\"name\": ..., \"copy\": ...}}, not {entry!r}")
    names = [name.strip() for name, _ in named]
    if any(not name for name in names):
        raise ConfigError("a player's name cannot be empty")
    if len(set(names)) != len(names):
        raise ConfigError(f"two players have the same name: {', '.join(names)}")
    if len(names) > len(COPIES):
        raise ConfigError(f"at most {len(COPIES)} players fit one table, not {len(names)}")
    taken = [copy for _, copy in named if copy is not None]
    for copy in taken:
        if copy not in COPIES:
            raise ConfigError(f"deck copy must be one of the letters {COPIES}, not {copy!r}")
    if len(set(taken)) != len(taken):
        raise ConfigError("two players cannot play the same deck copy")
    free = iter(c for c in COPIES if c not in taken)
    return tuple(Seat(name, copy or next(free)) for name, (_, copy) in zip(names, named, strict=True))


def _read_teams(teams: Any) -> dict[str, list[str]]:
    if teams is None:
        return {}
    if not isinstance(teams, Mapping) or not all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(n, str) for n in v) for k, v in teams.items()
    ):
        raise ConfigError('teams must map team names to player names, e.g. {"Red": ["Ana", "Ben"], "Blue": ["Cy", "Dee"]}')
    sizes = {len(members) for members in teams.values()}
    if len(sizes) != 1:
        raise ConfigError("every team needs the same number of players")
    size = sizes.pop()
    if size not in TEAM_FORMATS:
        raise ConfigError(f"teams have 2 (duos), 3 (trios) or 4 (quads) players, not {size}")
    label, fewest, most = TEAM_FORMATS[size]
    if not fewest <= len(teams) <= most:
        allowed = f"{fewest}" if fewest == most else f"{fewest}–{most}"
        raise ConfigError(f"{label} are played by {allowed} teams, not {len(teams)}")
    return {name: list(members) for name, members in teams.items()}


def _assign_teams(seats: tuple[Seat, ...], teams: Mapping[str, list[str]]) -> tuple[Seat, ...]:
    team_of = {name: team for team, members in teams.items() for name in members}
    if len(team_of) != sum(len(m) for m in teams.values()):
        raise ConfigError("a player is in two teams")
    seat_names = {s.name for s in seats}
    if set(team_of) != seat_names:
        stray = sorted(set(team_of) ^ seat_names)
        raise ConfigError(f"players and teams do not match: {', '.join(stray)}")
    if set(teams) & seat_names:
        raise ConfigError("a team cannot have the same name as a player")
    return tuple(Seat(s.name, s.copy, team_of[s.name]) for s in seats)
