"""What every game's table adapter shares: table events in, engine actions and notes out.

The tracker says what happened on the table (``placed``, ``moved``, ``removed`` …, in mat
millimetres); an adapter knows how its game lies on the mat and says which engine action that
is. Everything that is *not* a play — an unknown QR code, a card of another game, the same card
seen twice, a card outside every zone, the wrong mat — becomes a ``Note``: a short message for
the screen, never an action. So a wrong read can cost a message, not a wrong play.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.errors import PayloadError
from engine.games import GAME_CODES, GAME_TITLES
from engine.payload import split_payload
from station.table.mat import MatLayout, Zone

Action = dict[str, Any]
ZONE_SLACK_MM = 20.0  # a card this far outside a zone's box still counts as in it: children are not exact
_TITLE_BY_CODE = {code: GAME_TITLES[name] for name, code in GAME_CODES.items()}


@dataclass(frozen=True)
class Note:
    """Something the players should know that is not a play: ``title`` fits the OLED's big line."""

    code: str  # unknown_code, other_game, duplicate, outside_zones, wrong_mat, no_mat, empty_seat, warning
    title: str
    detail: str = ""
    card: str | None = None

    def as_json(self) -> dict[str, Any]:
        return {"type": "note", "code": self.code, "title": self.title, "detail": self.detail,
                **({"card": self.card} if self.card else {})}


@dataclass
class Reading:
    """An adapter's answer to one batch of table events."""

    actions: list[Action] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)


class TableAdapter(ABC):
    """One game's reading of the table. ``seats`` names the player at each mat seat, seat 1 first."""

    game: str

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = tuple(seats)
        self._mat_problem: str | None = None
        self._standing: set[str] = set()  # cards already down when the station came back: not plays
        self._standing_until: float | None = None
        self._settle: float | None = None

    def resumed(self, settle: float = 2.5) -> None:
        """The station restarted in the middle of a game: every card seen in its first ``settle``
        seconds of frames was already down (the last hand's, or this one's) and is no new play
        until it has been taken away and put down again."""
        self._settle = settle

    def read(self, events: Sequence[Mapping[str, Any]], t: float, state: Mapping[str, Any],
             mat: MatLayout | None) -> Reading:
        """Turn one frame's table events into actions (stamped ``t``) and notes."""
        reading = Reading()
        if self._settle is not None:  # the first frame since a restart starts the settling time
            self._standing_until, self._settle = t + self._settle, None
        problem = self._check_mat(mat)
        if problem and problem != self._mat_problem:
            reading.notes.append(problem_note(problem))
        self._mat_problem = problem
        for event in events:
            kind = event["type"]
            card = event.get("card")
            if card is not None and self._stands(kind, card, t):
                continue
            if kind == "unknown_code":
                reading.notes.append(foreign_note(event["text"], event.get("kind", "MalformedPayload")))
            elif kind == "duplicate":
                reading.notes.append(Note("duplicate", "Seen twice!", f"{event['card']}: one card, two places?",
                                          event["card"]))
            elif kind in ("placed", "stacked", "moved", "removed") and mat is not None and not problem:
                self.on_card_event(event, t, state, mat, reading)
        return reading

    def _stands(self, kind: str, card: str, t: float) -> bool:
        if kind == "removed" and card in self._standing:
            self._standing.discard(card)
            return True
        if kind in ("placed", "stacked", "moved") and self._standing_until is not None and t <= self._standing_until:
            self._standing.add(card)
        return card in self._standing

    def _check_mat(self, mat: MatLayout | None) -> str | None:
        if mat is None:
            return "no_mat"
        if mat.game != self.game or mat.seats < len(self.seats):
            return "wrong_mat"
        return None

    def zone_of(self, mat: MatLayout, x: float, y: float) -> Zone | None:
        """The zone a card lies in, forgiving a card a little outside its box."""
        exact = mat.zone_at(x, y)
        if exact is not None:
            return exact
        def gap(zone: Zone) -> float:
            dx = max(zone.x - x, 0.0, x - (zone.x + zone.w))
            dy = max(zone.y - y, 0.0, y - (zone.y + zone.h))
            return math.hypot(dx, dy)
        nearest = min(mat.zones, key=gap, default=None)
        return nearest if nearest is not None and gap(nearest) <= ZONE_SLACK_MM else None

    def player_at(self, zone: Zone) -> str | None:
        return self.seats[zone.seat - 1] if 1 <= zone.seat <= len(self.seats) else None

    @abstractmethod
    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        """A card was placed, stacked, moved or removed on the right mat: add actions or notes."""


def foreign_note(text: str, kind: str = "MalformedPayload") -> Note:
    """A QR code that is no card of this game, told by the catalog's verdict (``kind``)."""
    if kind == "UnknownGame":
        try:
            title = _TITLE_BY_CODE.get(split_payload(text).game_code, "")
        except PayloadError:
            title = ""
        return Note("other_game", "Other game", f"a {title} card" if title else "not a card of this game")
    if kind == "UnknownCard":
        return Note("unknown_code", "Unknown card", "its code is damaged?")
    if kind == "UnknownVersion":
        return Note("unknown_code", "Newer card", "update the station")
    shown = text if len(text) <= 18 else text[:17] + "…"
    return Note("unknown_code", "Unknown code", f"QR {shown!r} is not a card")


_MAT_NOTES = {
    "no_mat": ("No mat seen", "Lay the mat under the camera"),
    "wrong_mat": ("Wrong mat", "Print this game's mat"),
}


def problem_note(problem: str) -> Note:
    title, detail = _MAT_NOTES[problem]
    return Note(problem, title, detail)
