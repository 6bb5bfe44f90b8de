"""A game's play mat: where its zones lie, and the corner markers that tell the camera where the
mat is and which mat it is.

One layout serves the printer (``printables.mat_pdf`` draws it at 1:1) and the station (which
maps a card's position on the table to a zone), so both read the same millimetres. Coordinates
are millimetres on the mat, origin at its top-left corner as seen from the near side, x to the
right, y down (towards the near side), like image axes. The numbers live in each game's mat
file (``<game>.mat.toml`` in its folder, ``station/games/<package>/``): its seat counts, the ``arrangement``
that builds its zones (``facing-rows``: seats in two rows, a column of piles each; ``zones``:
zones listed in millimetres) and its corner markers' IDs, which are data, never derived from the
order of games, so a printed mat keeps its name for good.

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
from collections.abc import Callable, Iterable, Mapping
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
MATS_PER_GAME = 8  # a game's block of marker IDs holds 8 mats (one per seat count 1-8)
MARKER_IDS = 250  # the dictionary's size (station.printed.markers.MARKER_COUNT)
NEAR, FAR = 0, 180  # a zone's ``facing``: the way its player reads, in degrees
#: What a zone is for; adapters read it. pile: a stack of cards (Math Wars' battle piles);
#: strip: cards laid side by side, read in the direction they face (an expression); box: a place
#: for cards of one use (a wild card, a red card); rows: a column of rows growing to the right;
#: area: free play (a tableau anchored on a card).
ROLES = ("pile", "strip", "box", "rows", "area")


class MatError(ValueError):
    """A mat that does not exist: unknown game, a game without a mat, or a seat count it lacks."""


@dataclass(frozen=True)
class Zone:
    """Where cards of one use lie: ``name`` is e.g. ``seat<n>.<kind>``; ``seat`` 0 belongs to
    nobody (a shared strip); ``facing`` is 0 for a zone read from the near side (upright) and
    180 from the far side; ``role`` is one of ``ROLES``."""

    name: str
    label: str
    seat: int
    x: float
    y: float
    w: float
    h: float
    facing: int
    role: str = "pile"

    @property
    def kind(self) -> str:
        return self.name.partition(".")[2] or self.name

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

    def zone(self, name: str) -> Zone:
        for zone in self.zones:
            if zone.name == name:
                return zone
        raise MatError(f"no zone {name!r} on the {self.title} mat (zones: {', '.join(z.name for z in self.zones)})")


@dataclass(frozen=True)
class MatSpec:
    """One game's mat file, checked: what every arrangement shares, and its own table."""

    game: str
    source: str
    min_seats: int
    max_seats: int
    default_seats: int
    seat_label: str
    first_marker: int  # the first of the game's block of 4 x MATS_PER_GAME marker IDs
    marker_size: float
    marker_margin: float
    edge: float
    arrangement: str
    data: Mapping[str, Any]  # the whole file, for the arrangement's own keys

    def marker_id(self, seats: int, corner: int) -> int:
        """``first_id + 4 * (seats - 1) + corner``."""
        return self.first_marker + 4 * (seats - 1) + corner

    @property
    def marker_ids(self) -> range:
        return range(self.marker_id(self.min_seats, 0), self.marker_id(self.max_seats, 3) + 1)


#: An arrangement builds a mat's size and zones from its spec and seat count.
Arrangement = Callable[[MatSpec, int], tuple[float, float, list[Zone]]]


# --- which mat: marker IDs ---------------------------------------------------------------------


def marker_id(game: str, seats: int, corner: int) -> int:
    """The ID of the marker at ``CORNERS[corner]`` of that game's mat for ``seats``."""
    spec = mat_spec(game)
    _check_seats(spec, seats)
    return spec.marker_id(seats, corner)


def identify_mat(marker_ids: Iterable[int]) -> tuple[str, int] | None:
    """``(game, seats)`` of the mat whose markers these are (one is enough: a hand may cover the
    rest), or None when none of them is a mat marker or they come from different mats. IDs that
    no mat uses are ignored."""
    owners = _marker_owners()
    mats = {owners[int(i)] for i in marker_ids if int(i) in owners}
    return mats.pop() if len(mats) == 1 else None


def _marker_owners() -> dict[int, tuple[str, int]]:
    return _owners(GAMES.version)


@functools.cache
def _owners(registry_version: int) -> dict[int, tuple[str, int]]:
    owners: dict[int, tuple[str, int]] = {}
    for game in games_with_mats():
        spec = mat_spec(game)
        for seats in range(spec.min_seats, spec.max_seats + 1):
            for corner in range(len(CORNERS)):
                marker = spec.marker_id(seats, corner)
                if marker in owners:
                    other = owners[marker]
                    raise MatError(f"{spec.source}: marker {marker} is already used by the {other[0]} mat for "
                                   f"{other[1]}: give the game its own block of marker IDs")
                owners[marker] = (game, seats)
    return owners


# --- the layout --------------------------------------------------------------------------------


def games_with_mats() -> list[str]:
    """Playable games that have a mat file, in registry order."""
    return [game for game in GAMES.playable() if (file := _mat_file(game)) is not None and file.is_file()]


def default_seats(game: str) -> int:
    return mat_spec(game).default_seats


def mat_layout(game: str, seats: int | None = None) -> MatLayout:
    """The mat of ``game`` for ``seats`` players (the game's default when None)."""
    return layout_of(mat_spec(game), seats)


def layout_of(spec: MatSpec, seats: int | None = None) -> MatLayout:
    """The mat a checked mat file describes for ``seats`` (its default when None)."""
    game = spec.game
    if seats is None:
        seats = spec.default_seats
    _check_seats(spec, seats)
    width, height, zones = ARRANGEMENTS[spec.arrangement](spec, seats)
    size, edge = spec.marker_size, spec.edge
    far_x, far_y = width - edge - size, height - edge - size
    spots = ((edge, edge), (far_x, edge), (far_x, far_y), (edge, far_y))  # in CORNERS order
    markers = tuple(MarkerSpot(spec.marker_id(seats, index), corner, x, y, size)
                    for index, (corner, (x, y)) in enumerate(zip(CORNERS, spots)))
    return MatLayout(game, GAME_TITLES[game], seats, width, height, tuple(zones), markers)


def players_text(layout: MatLayout) -> str:
    """Who a mat is for, as its title and messages say: "for 4 players", "for 1 player" (a solo
    game), or "for the whole team" (a cooperative game's one mat for any number of players)."""
    if mat_spec(layout.game).max_seats == 1:
        return "for the whole team"
    return f"for {layout.seats} player{'s' if layout.seats != 1 else ''}"


def seat_label(game: str, seat: int) -> str:
    """What the mat prints for a seat, e.g. ``PLAYER 3`` (nothing for a shared zone)."""
    return mat_spec(game).seat_label.format(n=seat) if seat else ""


def _check_seats(spec: MatSpec, seats: object) -> None:
    if isinstance(seats, bool) or not isinstance(seats, int) or not spec.min_seats <= seats <= spec.max_seats:
        if spec.max_seats == 1:
            raise MatError(f"{GAME_TITLES[spec.game]} has one mat for the whole team, however many play "
                           f"(there is no mat for {seats!r})")
        players = f"{spec.min_seats}–{spec.max_seats}" if spec.min_seats != spec.max_seats else f"{spec.min_seats}"
        raise MatError(f"the {GAME_TITLES[spec.game]} mat is for {players} players, not {seats!r}")


def mat_spec(game: str) -> MatSpec:
    """The checked mat file of ``game``; ``MatError`` says why there is none."""
    return _spec(game, GAMES.version)


def _mat_file(game: str) -> Any:
    """The game's ``<name>.mat.toml``, in the package its registry line names (its folder)."""
    package = GAMES[game].station_data
    return resources.files(package) / f"{game}.mat.toml" if package else None


@functools.cache
def _spec(game: str, registry_version: int) -> MatSpec:
    if game not in GAMES:
        raise MatError(f"unknown game {game!r}: play mats exist for {', '.join(games_with_mats())}")
    if not GAMES[game].playable:
        raise MatError(f"{GAME_TITLES[game]} has no play mat yet (mats exist for: {', '.join(games_with_mats())})")
    file = _mat_file(game)
    if file is None or not file.is_file():
        raise MatError(f"{GAME_TITLES[game]} has no play mat yet (mats exist for: {', '.join(games_with_mats())})")
    source = file.name
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise MatError(f"{source}: not valid TOML ({exc})") from exc
    return parse_spec(data, game, source)


def parse_spec(data: Mapping[str, Any], game: str, source: str) -> MatSpec:
    """A mat file's shared keys, checked (the arrangement checks its own when it builds)."""
    if data.get("game") != game:
        raise MatError(f"{source}: game = {data.get('game')!r}, expected {game!r}")
    arrangement = data.get("arrangement")
    if arrangement not in ARRANGEMENTS:
        raise MatError(f"{source}: arrangement {arrangement!r} is not known (known: {', '.join(map(repr, ARRANGEMENTS))})")
    read = _Reader(data, source)
    low, high, default = (read.number("seats", key, whole=True) for key in ("min", "max", "default"))
    if not 1 <= low <= default <= high <= MATS_PER_GAME:
        raise MatError(f"{source}: seats need 1 <= min <= default <= max <= {MATS_PER_GAME}")
    first = read.number("markers", "first_id", whole=True)
    if first % 4 or first + 4 * MATS_PER_GAME > MARKER_IDS:
        raise MatError(f"{source}: markers.first_id must be a multiple of 4 with room for {MATS_PER_GAME} mats "
                       f"below {MARKER_IDS}, not {first}")
    spec = MatSpec(
        game=game, source=source, min_seats=low, max_seats=high, default_seats=default,
        seat_label=str(read.table("seats").get("label", "PLAYER {n}")), first_marker=first,
        marker_size=float(read.number("markers", "size")), marker_margin=float(read.number("markers", "margin")),
        edge=float(read.number("spacing", "edge")), arrangement=str(arrangement), data=data,
    )
    cell = spec.marker_size / 6
    if spec.edge < cell or spec.marker_margin < cell:
        raise MatError(f"{source}: a marker needs at least one cell ({cell:g} mm) of white around it")
    return spec


class _Reader:
    """Typed reads of a mat file's tables, each fault naming the file and the key."""

    def __init__(self, data: Mapping[str, Any], source: str) -> None:
        self.data, self.source = data, source

    def table(self, key: str) -> Mapping[str, Any]:
        value = self.data.get(key)
        if not isinstance(value, Mapping):
            raise MatError(f"{self.source}: needs a [{key}] table")
        return value

    def number(self, section: str, key: str, *, whole: bool = False) -> Any:
        value = self.table(section).get(key)
        kinds = (int,) if whole else (int, float)
        if isinstance(value, bool) or not isinstance(value, kinds) or value < 0:
            raise MatError(f"{self.source}: {section}.{key} must be a {'whole ' if whole else ''}number >= 0, "
                           f"not {value!r}")
        return value

    def entries(self, key: str) -> list[Mapping[str, Any]]:
        entries = self.data.get(key)
        if not isinstance(entries, list) or not entries or not all(isinstance(e, Mapping) for e in entries):
            raise MatError(f"{self.source}: needs at least one [[{key}]] entry")
        return entries


# --- arrangements: how a mat's zones are laid out -----------------------------------------------


def _facing_rows(spec: MatSpec, seats: int) -> tuple[float, float, list[Zone]]:
    """Seats in two rows facing each other, each seat a column of equal zones (``[[zones]]``,
    from the table's centre towards the player). The near row (facing 0) takes the extra seat
    when the count is odd. Seat 1 is the near row's left end; numbers go round the table: left
    to right along the near row, then right to left along the far row (which is left to right
    for the players sitting there). A row with fewer seats is centred.

    An optional ``[middle]`` band lies between the rows (``height``, ``gap`` between its zones
    and ``[[middle.zones]]``: name, label, width, and optionally height and role): zones shared by
    the table, such as an expression strip, laid left to right and centred; the mat is as wide
    as the wider of the band and the rows."""
    read = _Reader(spec.data, spec.source)
    kinds = [(str(e.get("kind", "")), str(e.get("label", ""))) for e in read.entries("zones")]
    if any(not kind or not label for kind, label in kinds):
        raise MatError(f"{spec.source}: every [[zones]] entry needs a kind and a label")
    zone_w, zone_h = float(read.number("zone", "width")), float(read.number("zone", "height"))
    zone_gap, seat_gap, row_gap = (float(read.number("spacing", k)) for k in ("zone_gap", "seat_gap", "row_gap"))
    middle = _middle_band(spec, read)
    band_h = middle[0] + row_gap if middle else 0.0  # the band and one more gap beside it
    near, far = math.ceil(seats / 2), seats // 2
    step_x, step_y = zone_w + seat_gap, zone_h + zone_gap
    row_h = len(kinds) * zone_h + (len(kinds) - 1) * zone_gap
    side = spec.edge + spec.marker_size + spec.marker_margin  # the marker columns left and right
    rows_w = near * zone_w + (near - 1) * seat_gap
    inner_w = max(rows_w, middle[2] if middle else 0.0)
    width = 2 * side + inner_w
    height = max(2 * spec.edge + 2 * row_h + row_gap + band_h, 2 * side)
    shift = side + (inner_w - rows_w) / 2  # the rows are centred across the mat
    zones: list[Zone] = []
    for seat in range(1, seats + 1):
        if seat <= near:
            column, facing = seat - 1, NEAR
            left = shift + column * step_x
            centre_side = spec.edge + row_h + row_gap + band_h  # the row's edge nearest the centre
            tops = [centre_side + k * step_y for k in range(len(kinds))]
        else:
            column, facing = seats - seat, FAR  # numbered right to left on the mat
            left = shift + (near - far) * step_x / 2 + column * step_x
            centre_side = spec.edge + row_h
            tops = [centre_side - zone_h - k * step_y for k in range(len(kinds))]
        for (kind, label), top in zip(kinds, tops):
            zones.append(Zone(f"seat{seat}.{kind}", label, seat, left, top, zone_w, zone_h, facing))
    if middle:
        band_top, (band_height, gap, band_w, entries) = spec.edge + row_h + row_gap, middle
        x = side + (inner_w - band_w) / 2
        for entry in entries:
            w, h = float(entry["width"]), float(entry.get("height", band_height))
            zones.append(Zone(str(entry["name"]), str(entry["label"]), 0, x, band_top + (band_height - h) / 2, w, h,
                              NEAR, str(entry.get("role", "box"))))
            x += w + gap
    return width, height, zones


def _middle_band(spec: MatSpec, read: _Reader) -> tuple[float, float, float, list[Mapping[str, Any]]] | None:
    """(height, gap, total width, zone entries) of a facing-rows mat's middle band, if it has one."""
    band = spec.data.get("middle")
    if band is None:
        return None
    height, gap = float(read.number("middle", "height")), float(read.number("middle", "gap"))
    entries = band.get("zones") if isinstance(band, Mapping) else None
    if not isinstance(entries, list) or not entries or not all(
            isinstance(e, Mapping) and {"name", "label", "width"} <= set(e) for e in entries):
        raise MatError(f"{spec.source}: [[middle.zones]] entries need a name, a label and a width")
    if any(e.get("role", "box") not in ROLES or float(e.get("height", height)) > height for e in entries):
        raise MatError(f"{spec.source}: a middle zone's role must be one of {', '.join(ROLES)}, its height at most "
                       f"the band's ({height:g} mm)")
    total = sum(float(e["width"]) for e in entries) + gap * (len(entries) - 1)
    return height, gap, total, list(entries)


def _listed_zones(spec: MatSpec, seats: int) -> tuple[float, float, list[Zone]]:
    """A mat of a fixed size (``[size]``, or a ``[[sizes]]`` entry whose ``seats`` list holds the
    seat count) with its zones listed in millimetres (``[[zones]]``: name, label, x, y, w, h, and
    optionally seat, facing, role). A zone with a ``seats`` list is only on the mats for those
    seat counts."""
    read = _Reader(spec.data, spec.source)
    width, height = _listed_size(spec, read, seats)
    zones = []
    for entry in read.entries("zones"):
        if seats not in entry.get("seats", range(spec.min_seats, spec.max_seats + 1)):
            continue
        try:
            zone = Zone(str(entry["name"]), str(entry["label"]), int(entry.get("seat", 0)),
                        *(float(entry[k]) for k in ("x", "y", "w", "h")), int(entry.get("facing", NEAR)),
                        str(entry.get("role", "pile")))
        except (KeyError, TypeError, ValueError) as exc:
            raise MatError(f"{spec.source}: a [[zones]] entry needs name, label, x, y, w and h ({exc})") from None
        if zone.role not in ROLES or zone.facing % 90:
            raise MatError(f"{spec.source}: zone {zone.name!r}: role must be one of {', '.join(ROLES)} and facing a "
                           "multiple of 90")
        if zone.x < 0 or zone.y < 0 or zone.x + zone.w > width or zone.y + zone.h > height:
            raise MatError(f"{spec.source}: zone {zone.name!r} does not fit the {width:g} x {height:g} mm mat")
        zones.append(zone)
    return width, height, zones


def _listed_size(spec: MatSpec, read: _Reader, seats: int) -> tuple[float, float]:
    """The mat's width and height for ``seats``: its ``[[sizes]]`` entry for them, else ``[size]``."""
    for entry in spec.data.get("sizes", ()):
        if isinstance(entry, Mapping) and seats in entry.get("seats", ()):
            sized = _Reader({"size": entry}, f"{spec.source}: [[sizes]] for {seats} seats")
            return float(sized.number("size", "width")), float(sized.number("size", "height"))
    return float(read.number("size", "width")), float(read.number("size", "height"))


ARRANGEMENTS: dict[str, Arrangement] = {"facing-rows": _facing_rows, "zones": _listed_zones}
