"""A game's play mat: where each seat's piles lie, and the corner markers that tell the camera
where the mat is and which mat it is.

One layout serves the printer (``printables.mat_pdf`` draws it at 1:1) and the station (which
maps a card's position on the table to a zone), so both read the same millimetres. Coordinates
are millimetres on the mat, origin at its top-left corner as seen from the near side, x to the
right, y down (towards the near side), like image axes. The numbers live in ``mats/<game>.toml``.

>>> layout = mat_layout("math-wars", 2)
>>> [zone.name for zone in layout.zones]
['seat1.count-meta', 'seat1.math-crate', 'seat2.count-meta', 'seat2.math-crate']
>>> [spot.id for spot in layout.markers]
[68, 69, 70, 71]
>>> identify_mat([69, 71])
('math-wars', 2)
"""

from __future__ import annotations

import functools
import math
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from engine.games import GAME_TITLES, GAMES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 (Ubuntu 22.04)
    import tomli as tomllib

Point = tuple[float, float]

#: Marker corners, in the order of their index in the marker ID.
CORNERS = ("top-left", "top-right", "bottom-right", "bottom-left")
MATS_PER_GAME = 8  # one per seat count 1-8: the ID scheme's room, not any game's rule
MARKER_IDS = 250  # the dictionary's size (station.vision.markers.MARKER_COUNT)
NEAR, FAR = 0, 180  # a zone's ``facing``: the way its player reads, in degrees

# Every mat's IDs must fit the marker dictionary; games are numbered by their place in GAMES,
# so a new game is appended there, never inserted (that would renumber printed mats).
assert 4 * MATS_PER_GAME * len(GAMES) <= MARKER_IDS


class MatError(ValueError):
    """A mat that does not exist: unknown game, a game without a mat, or a seat count it lacks."""


@dataclass(frozen=True)
class Zone:
    """Where one pile lies: ``name`` is ``seat<n>.<kind>``; ``facing`` is 0 for a seat on the near
    side (its player reads the mat upright) and 180 for the far side (upside down)."""

    name: str
    label: str
    seat: int
    x: float
    y: float
    w: float
    h: float
    facing: int

    @property
    def kind(self) -> str:
        return self.name.partition(".")[2]

    @property
    def center(self) -> Point:
        return self.x + self.w / 2, self.y + self.h / 2

    def contains(self, x: float, y: float) -> bool:
        return self.x <= x <= self.x + self.w and self.y <= y <= self.y + self.h


@dataclass(frozen=True)
class MarkerSpot:
    """One printed corner marker: ``x``, ``y`` is its top-left corner; printed upright, so its
    own top edge faces the mat's far side."""

    id: int
    corner: str
    x: float
    y: float
    size: float

    @property
    def corners(self) -> tuple[Point, ...]:
        """Its corners on the mat in OpenCV's order (top-left, top-right, bottom-right,
        bottom-left): paired with a ``MarkerRead``'s pixels they give the homography."""
        x, y, s = self.x, self.y, self.size
        return (x, y), (x + s, y), (x + s, y + s), (x, y + s)


@dataclass(frozen=True)
class MatLayout:
    """A whole mat for one game and seat count."""

    game: str
    title: str
    seats: int
    width: float
    height: float
    zones: tuple[Zone, ...]
    markers: tuple[MarkerSpot, ...]

    def zone_at(self, x: float, y: float) -> Zone | None:
        """The zone under the point (mm on the mat), if any."""
        return next((zone for zone in self.zones if zone.contains(x, y)), None)

    def seat_zones(self, seat: int) -> tuple[Zone, ...]:
        return tuple(zone for zone in self.zones if zone.seat == seat)


@dataclass(frozen=True)
class _ZoneKind:
    kind: str
    label: str


@dataclass(frozen=True)
class _MatSpec:
    """One ``mats/<game>.toml``, checked."""

    game: str
    min_seats: int
    max_seats: int
    default_seats: int
    seat_label: str
    zone_w: float
    zone_h: float
    kinds: tuple[_ZoneKind, ...]  # from the table's centre towards the player
    zone_gap: float
    seat_gap: float
    row_gap: float
    edge: float
    marker_size: float
    marker_margin: float


# --- which mat: marker IDs ---------------------------------------------------------------------


def mat_number(game: str, seats: int) -> int:
    """``game_index * 8 + seats - 1``, the game's index being its place in ``engine.games.GAMES``."""
    games = list(GAMES)
    if game not in games:
        raise MatError(f"unknown game {game!r}: choose one of {', '.join(games)}")
    if not 1 <= seats <= MATS_PER_GAME:
        raise MatError(f"a mat has 1-{MATS_PER_GAME} seats, not {seats}")
    return games.index(game) * MATS_PER_GAME + seats - 1


def marker_id(game: str, seats: int, corner: int) -> int:
    """The ID of the marker at ``CORNERS[corner]`` of that mat: ``4 * mat_number + corner``."""
    return 4 * mat_number(game, seats) + corner


def identify_mat(marker_ids: Iterable[int]) -> tuple[str, int] | None:
    """``(game, seats)`` of the mat whose markers these are (one is enough: a hand may cover the
    rest), or None when none of them is a mat marker or they come from different mats. IDs that
    no mat uses are ignored. It only decodes IDs: ``mat_layout`` says whether that mat exists."""
    games = list(GAMES)
    mats = {int(i) // 4 for i in marker_ids if 0 <= int(i) < 4 * MATS_PER_GAME * len(games)}
    if len(mats) != 1:
        return None
    number = mats.pop()
    return games[number // MATS_PER_GAME], number % MATS_PER_GAME + 1


# --- the layout --------------------------------------------------------------------------------


def games_with_mats() -> list[str]:
    """Games that have a mat file, in ``GAMES`` order."""
    folder = resources.files("station.table") / "mats"
    names = {entry.name.removesuffix(".toml") for entry in folder.iterdir() if entry.name.endswith(".toml")}
    return [game for game in GAMES if game in names]


def default_seats(game: str) -> int:
    return _spec(game).default_seats


def mat_layout(game: str, seats: int | None = None) -> MatLayout:
    """The mat of ``game`` for ``seats`` players (the game's default when None).

    Seats sit in two rows facing each other: the near row (facing 0) takes the extra seat when
    the count is odd. Seat 1 is the near row's left end; numbers go round the table: left to
    right along the near row, then right to left along the far row (which is left to right for
    the players sitting there). A row with fewer seats is centred.
    """
    spec = _spec(game)
    title = GAME_TITLES[game]
    if seats is None:
        seats = spec.default_seats
    if isinstance(seats, bool) or not isinstance(seats, int) or not spec.min_seats <= seats <= spec.max_seats:
        raise MatError(f"the {title} mat is for {spec.min_seats}–{spec.max_seats} players, not {seats!r}")

    near, far = math.ceil(seats / 2), seats // 2
    step_x = spec.zone_w + spec.seat_gap
    step_y = spec.zone_h + spec.zone_gap
    row_h = len(spec.kinds) * spec.zone_h + (len(spec.kinds) - 1) * spec.zone_gap
    side = spec.edge + spec.marker_size + spec.marker_margin  # the marker columns left and right
    width = 2 * side + near * spec.zone_w + (near - 1) * spec.seat_gap
    height = max(2 * spec.edge + 2 * row_h + spec.row_gap, 2 * side)

    zones: list[Zone] = []
    for seat in range(1, seats + 1):
        if seat <= near:
            column, facing = seat - 1, NEAR
            left = side + column * step_x
            centre_side = spec.edge + row_h + spec.row_gap  # the row's edge nearest the centre
            tops = [centre_side + k * step_y for k in range(len(spec.kinds))]
        else:
            column, facing = seats - seat, FAR  # numbered right to left on the mat
            left = side + (near - far) * step_x / 2 + column * step_x
            centre_side = spec.edge + row_h
            tops = [centre_side - spec.zone_h - k * step_y for k in range(len(spec.kinds))]
        for kind, top in zip(spec.kinds, tops):
            zones.append(Zone(f"seat{seat}.{kind.kind}", kind.label, seat, left, top, spec.zone_w, spec.zone_h, facing))

    size, edge = spec.marker_size, spec.edge
    far_x, far_y = width - edge - size, height - edge - size
    spots = ((edge, edge), (far_x, edge), (far_x, far_y), (edge, far_y))  # in CORNERS order
    markers = tuple(
        MarkerSpot(marker_id(game, seats, index), corner, x, y, size)
        for index, (corner, (x, y)) in enumerate(zip(CORNERS, spots))
    )
    return MatLayout(game, title, seats, width, height, tuple(zones), markers)


def seat_label(game: str, seat: int) -> str:
    """What the mat prints for a seat, e.g. ``PLAYER 3``."""
    return _spec(game).seat_label.format(n=seat)


@functools.cache
def _spec(game: str) -> _MatSpec:
    if game not in GAMES:
        raise MatError(f"unknown game {game!r}: play mats exist for {', '.join(games_with_mats())}")
    file = resources.files("station.table") / "mats" / f"{game}.toml"
    if not file.is_file():
        raise MatError(f"{GAME_TITLES[game]} has no play mat yet (mats exist for: {', '.join(games_with_mats())})")
    source = f"mats/{game}.toml"
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise MatError(f"{source}: not valid TOML ({exc})") from exc
    return _parse_spec(data, game, source)


def _parse_spec(data: Mapping[str, Any], game: str, source: str) -> _MatSpec:
    def table(key: str) -> Mapping[str, Any]:
        value = data.get(key)
        if not isinstance(value, Mapping):
            raise MatError(f"{source}: needs a [{key}] table")
        return value

    def number(section: str, key: str, *, whole: bool = False) -> Any:
        value = table(section).get(key)
        kinds = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or value < 0:
            raise MatError(f"{source}: {section}.{key} must be a {'whole ' if whole else ''}number >= 0, not {value!r}")
        return value

    if data.get("game") != game:
        raise MatError(f"{source}: game = {data.get('game')!r}, expected {game!r}")
    if data.get("arrangement") != "facing-rows":
        raise MatError(f"{source}: arrangement {data.get('arrangement')!r} is not known (known: 'facing-rows')")
    entries = data.get("zones")
    if not isinstance(entries, list) or not entries or not all(isinstance(e, Mapping) for e in entries):
        raise MatError(f"{source}: needs at least one [[zones]] entry")
    kinds = tuple(_ZoneKind(str(e.get("kind", "")), str(e.get("label", ""))) for e in entries)
    if any(not k.kind or not k.label for k in kinds):
        raise MatError(f"{source}: every [[zones]] entry needs a kind and a label")
    low, high, default = (number("seats", key, whole=True) for key in ("min", "max", "default"))
    if not 1 <= low <= default <= high <= MATS_PER_GAME:
        raise MatError(f"{source}: seats need 1 <= min <= default <= max <= {MATS_PER_GAME}")
    spec = _MatSpec(
        game=game,
        min_seats=low,
        max_seats=high,
        default_seats=default,
        seat_label=str(table("seats").get("label", "PLAYER {n}")),
        zone_w=float(number("zone", "width")),
        zone_h=float(number("zone", "height")),
        kinds=kinds,
        zone_gap=float(number("spacing", "zone_gap")),
        seat_gap=float(number("spacing", "seat_gap")),
        row_gap=float(number("spacing", "row_gap")),
        edge=float(number("spacing", "edge")),
        marker_size=float(number("markers", "size")),
        marker_margin=float(number("markers", "margin")),
    )
    cell = spec.marker_size / 6
    if spec.edge < cell or spec.marker_margin < cell:
        raise MatError(f"{source}: a marker needs at least one cell ({cell:g} mm) of white around it")
    return spec
