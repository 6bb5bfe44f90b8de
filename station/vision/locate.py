"""QR code reads to cards on the table: which card (through the catalog's strict parser), where
its centre lies and how it is turned.

One code is enough: each code sees the card's centre at the same place in its own frame
(the two codes are a half turn apart, like a playing card's indices), so the centre is the
code's centre plus a fixed offset turned by the code's angle. With both codes read, the two
estimates are averaged. A card looks the same turned half a turn, so angles are in [0, 180).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from engine.catalog import Card, Catalog
from engine.errors import PayloadError
from station.printables.geometry import CARD_HEIGHT_MM, CARD_WIDTH_MM, CODE_MM, CODE_SPOTS
from station.vision.decode import CodeRead
from station.vision.table_map import TableMap

# From a code's centre to the card's centre, in the code's own frame (mm).
CENTRE_OFFSET = (CARD_WIDTH_MM / 2 - CODE_SPOTS[0].center_x, CARD_HEIGHT_MM / 2 - CODE_SPOTS[0].center_y)
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
    angle: float  # degrees clockwise, in [0, 180)
    codes: int  # how many of its two codes were read
    units: str = "mm"


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


def code_pose(read: CodeRead, table: TableMap) -> _Pose:
    """The card centre and the code's angle that one code read implies, in table units."""
    corners = table.to_table(read.corners)
    top_left, top_right, bottom_right, bottom_left = corners
    across = (top_right - top_left) + (bottom_right - bottom_left)
    down = (bottom_left - top_left) + (bottom_right - top_right)
    angle = math.atan2(across[1], across[0])
    side = (np.hypot(*across) + np.hypot(*down)) / 4  # the code's width, table units
    scale = side / CODE_MM  # table units per mm (1 on a mat)
    cx, cy = corners.mean(axis=0)
    dx, dy = CENTRE_OFFSET[0] * scale, CENTRE_OFFSET[1] * scale
    cos, sin = math.cos(angle), math.sin(angle)
    return _Pose(cx + dx * cos - dy * sin, cy + dx * sin + dy * cos, math.degrees(angle), scale)


def locate(reads: list[CodeRead], table: TableMap, catalog: Catalog) -> tuple[list[CardSighting], list[ForeignCode]]:
    """Cards and foreign codes from one frame's reads. The same payload twice far apart is two
    sightings (a duplicate card); its two codes close together are one."""
    cards: list[CardSighting] = []
    foreign: list[ForeignCode] = []
    by_card: dict[str, tuple[Card, list[_Pose]]] = {}
    for read in reads:
        pose = code_pose(read, table)
        try:
            card = catalog.from_payload(read.text)
        except PayloadError as exc:
            x, y = table.to_table([read.center])[0]
            foreign.append(ForeignCode(read.text, exc.reason, float(x), float(y), type(exc).__name__))
            continue
        by_card.setdefault(card.id, (card, []))[1].append(pose)
    for card, poses in by_card.values():
        for group in _group(poses):
            x = sum(p.x for p in group) / len(group)
            y = sum(p.y for p in group) / len(group)
            cards.append(CardSighting(card.id, card.payload, card.game, card.face.describe(), x, y,
                                      _mean_half_turn([p.angle for p in group]), len(group), table.units))
    return cards, foreign


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


def _mean_half_turn(angles: list[float]) -> float:
    """Mean of angles where a half turn does not count (doubled-angle averaging), in [0, 180)."""
    s = sum(math.sin(math.radians(2 * a)) for a in angles)
    c = sum(math.cos(math.radians(2 * a)) for a in angles)
    return round(math.degrees(math.atan2(s, c)) / 2, 9) % 180  # rounding keeps -1e-15 from becoming 180
