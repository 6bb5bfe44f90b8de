"""QR code reads to cards on the table: which card (through the catalog's strict parser), where
its centre lies and how it is turned.

One code is enough: each code sees the card's centre at the same place in its own frame (a
shape's codes are spaced evenly round its centre: a rectangle's two a half turn apart, like a
playing card's indices), so the centre is the code's centre plus a fixed offset turned by the
code's angle. With several codes read, the estimates are averaged. A card looks the same turned
by 360 / (its number of codes) degrees, so its angle is given in [0, that) (``period``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.catalog import Card, Catalog
from engine.errors import PayloadError
from station.printed.cards import CODE_MM, RECTANGLE, CardShape, shape_of
from station.vision.decode import CodeRead
from station.vision.table_map import TableMap

SAME_CARD_MM = 12.0  # two reads of one payload whose centres agree this well are one card


@dataclass(frozen=True)
class CardSighting:
    """One card seen in one frame: position of its centre and angle on the table."""

    card_id: str
    payload: str
    game: str
    face: str
    x: float
    y: float
    angle: float  # degrees clockwise, in [0, period)
    codes: int  # how many of its codes were read
    units: str = "mm"
    period: float = 180.0  # the card looks the same turned this far (360 / its number of codes)


@dataclass(frozen=True)
class ForeignCode:
    """A QR code that is not one of our cards: its text, why, and where (table units)."""

    text: str
    reason: str
    x: float
    y: float
    kind: str = "MalformedPayload"  # the catalog's verdict: UnknownGame, UnknownCard, UnknownVersion, MalformedPayload


@dataclass(frozen=True)
class _Pose:
    x: float
    y: float
    angle: float  # degrees, full turn: the code's own angle
    scale: float  # table units per mm: 1 on a mat, the code's pixels per mm without one


def code_pose(read: CodeRead, table: TableMap, shape: CardShape = RECTANGLE) -> _Pose:
    """The card centre and the card's angle that one code read implies, in table units."""
    corners = table.to_table(read.corners)
    top_left, top_right, bottom_right, bottom_left = corners
    across = (top_right - top_left) + (bottom_right - bottom_left)
    down = (bottom_left - top_left) + (bottom_right - top_right)
    angle = math.atan2(across[1], across[0])
    side = (np.hypot(*across) + np.hypot(*down)) / 4  # the code's width, table units
    scale = side / CODE_MM  # table units per mm (1 on a mat)
    cx, cy = corners.mean(axis=0)
    offset = shape.centre_from_code()
    dx, dy = offset[0] * scale, offset[1] * scale
    cos, sin = math.cos(angle), math.sin(angle)
    return _Pose(cx + dx * cos - dy * sin, cy + dx * sin + dy * cos, math.degrees(angle) - shape.codes[0].rotation,
                 scale)


_Reading = tuple[Card, _Pose] | ForeignCode  # what one read means: its card and the pose it implies, or a foreign code


def locate(reads: list[CodeRead], table: TableMap, catalog: Catalog) -> tuple[list[CardSighting], list[ForeignCode]]:
    """Cards and foreign codes from one frame's reads. The same payload twice far apart is two
    sightings (a duplicate card); its two codes close together are one."""
    cards: list[CardSighting] = []
    foreign: list[ForeignCode] = []
    for poses in _by_card([_read_one(read, table, catalog) for read in reads], foreign).values():
        cards += _sightings(poses, table)
    return cards, foreign


class Locator:
    """``locate`` for a pipeline that asks frame after frame. What each read means (its card and
    pose, or why it is no card) and the sightings each card's poses make are worked out once per
    table map, and kept while they are in the frame: a code that has not moved is the very same
    read (the pipeline keeps the earlier read of a still code), so on a table of 40 cards where
    one card moved only that card is worked out again. The answer is ``locate``'s, to the bit."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._table: TableMap | None = None
        self._reads: dict[CodeRead, _Reading] = {}
        self._cards: dict[tuple[str, tuple[_Pose, ...]], list[CardSighting]] = {}

    def __call__(self, reads: list[CodeRead], table: TableMap) -> tuple[list[CardSighting], list[ForeignCode]]:
        if table is not self._table:
            self._table, self._reads, self._cards = table, {}, {}
        readings = [self._reads.get(read) or _read_one(read, table, self.catalog) for read in reads]
        cards: list[CardSighting] = []
        foreign: list[ForeignCode] = []
        kept: dict[tuple[str, tuple[_Pose, ...]], list[CardSighting]] = {}
        for card_id, poses in _by_card(readings, foreign).items():
            key = (card_id, tuple(pose for _, pose in poses))
            found = kept[key] = self._cards.get(key) or _sightings(poses, table)
            cards += found
        self._reads, self._cards = dict(zip(reads, readings)), kept  # only this frame's: nothing piles up over a session
        return cards, foreign


def _read_one(read: CodeRead, table: TableMap, catalog: Catalog) -> _Reading:
    try:
        card = catalog.from_payload(read.text)
    except PayloadError as exc:
        x, y = table.to_table([read.center])[0]
        return ForeignCode(read.text, exc.reason, float(x), float(y), type(exc).__name__)
    return card, code_pose(read, table, shape_of(card))


def _by_card(readings: list[_Reading], foreign: list[ForeignCode]) -> dict[str, list[tuple[Card, _Pose]]]:
    """Each card's reads, in the reads' order; foreign codes go to ``foreign``."""
    by_card: dict[str, list[tuple[Card, _Pose]]] = {}
    for reading in readings:
        if isinstance(reading, ForeignCode):
            foreign.append(reading)
        else:
            by_card.setdefault(reading[0].id, []).append(reading)
    return by_card


def _sightings(poses: list[tuple[Card, _Pose]], table: TableMap) -> list[CardSighting]:
    """One card's sightings: its codes grouped by the centre they agree on."""
    card = poses[0][0]
    period = 360 / shape_of(card).symmetry
    sightings = []
    for group in _group([pose for _, pose in poses]):
        x = sum(p.x for p in group) / len(group)
        y = sum(p.y for p in group) / len(group)
        sightings.append(CardSighting(card.id, card.payload, card.game, card.face.describe(), x, y,
                                      mean_angle([p.angle for p in group], period), len(group), table.units, period))
    return sightings


def _group(poses: list[_Pose]) -> list[list[_Pose]]:
    """A card's codes agree on its centre; reads that do not are another copy of it. (One code
    may be read twice, from two overlapping crops: it still agrees, so it is no copy.)"""
    groups: list[list[_Pose]] = []
    for pose in poses:
        for group in groups:
            first = group[0]
            if math.hypot(pose.x - first.x, pose.y - first.y) <= SAME_CARD_MM * first.scale:
                group.append(pose)
                break
        else:
            groups.append([pose])
    return groups


def mean_angle(angles: list[float], period: float = 180.0) -> float:
    """Mean of angles where a turn by ``period`` does not count (scaled-angle averaging), in
    [0, period): a rectangle's period is a half turn, a triangle's a third."""
    k = 360 / period
    s = sum(math.sin(math.radians(k * a)) for a in angles)
    c = sum(math.cos(math.radians(k * a)) for a in angles)
    return round(math.degrees(math.atan2(s, c)) / k, 9) % period  # rounding keeps -1e-15 from becoming period
