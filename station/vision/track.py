"""Debounced table state: what the pipeline sees, frame by frame, turned into table events a
game can trust: ``placed``, ``moved``, ``covered``, ``uncovered``, ``removed``, ``stacked``,
``duplicate`` and ``unknown_code``.

A card that vanishes is first *covered* (a hand, another card); only when its place has been
still and empty for ``remove_after`` seconds is it *removed*, so a hand passing over the table
for a second or two removes nothing. Events are JSON-ready dicts, like the engine's.

Frames the pipeline cannot trust (dark, blurred, wholly changed) prove no card gone, so they
remove nothing; but the tracker never keeps a stale picture through them. When trust returns,
every card unseen through the spell for ``remove_after`` seconds or more (long enough to have
been taken away and laid again) is settled before it counts for anything, and before anything
new is stacked on it:

- not there, its place still: *removed* at once;
- back somewhere else: *removed*, then *placed* there;
- back where it was: it stood, unless the spell hid a clearing (a card of that spell is gone):
  then it was laid again, and is *removed* and *placed* anew, so a card cleared with the others
  and laid again in the next hand is a new placement the game can judge, never "uncovered".

Those events carry ``"resync": true``: the game decides what a re-laid card means.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.catalog import load_catalog
from engine.errors import EngineError
from station.printed.cards import RECTANGLE, CardShape, shape_of, turned
from station.vision.locate import CardSighting
from station.vision.pipeline import FrameObservation

Event = dict[str, Any]


@dataclass(frozen=True)
class TrackSettings:
    """Thresholds, in the station config's ``[vision.tracking]`` table."""

    move_mm: float = 8.0  # a card whose centre shifts further than this has moved
    turn_deg: float = 12.0  # ... or that turns further than this
    cover_after_frames: int = 2  # frames unseen before a card counts as covered
    remove_after: float = 2.5  # seconds unseen, with its place still, before a card is removed
    stack_mm: float = 45.0  # a card placed this close to a hidden one lies on it


@dataclass
class TrackedCard:
    card_id: str
    x: float
    y: float
    angle: float
    last_seen: float
    missing_frames: int = 0
    covered: bool = False
    under: str | None = None  # the card lying on it, when stacked
    missed_untrusted: bool = False  # unseen in a frame that proved nothing: its absence is unchecked
    returned: bool = False  # stale, and seen again where it was: settled with the rest of the table


@dataclass
class CardTracker:
    """Feed it observations in order; it answers each with the events that frame caused."""

    settings: TrackSettings = field(default_factory=TrackSettings)
    cards: dict[str, TrackedCard] = field(default_factory=dict)
    _duplicates: set[str] = field(default_factory=set)
    _unknown: set[str] = field(default_factory=set)
    _warnings: tuple[str, ...] = ()
    _cleared_in_spell: bool = False  # a card unseen through the last spell turned out gone

    def update(self, observation: FrameObservation, t: float) -> list[Event]:
        events: list[Event] = []
        seen = self._by_card(observation.cards, t, events)
        for card_id, sighting in seen.items():
            known = self.cards.get(card_id)
            if known is not None and self._stale(known, t) and self._same_place(known, sighting):
                known.returned = True
        if observation.trustworthy:
            self._resync(seen, observation, t, events)  # first: nothing may stack on, or stand for, a card gone in a spell
        else:
            for card in self.cards.values():
                if card.card_id not in seen:
                    card.missed_untrusted = True
        for card_id, sighting in seen.items():
            known = self.cards.get(card_id)
            if known is not None and known.returned:
                continue  # settled with the rest of the table once trust is back
            unseen = {other for other in self.cards if other not in seen}
            if known is not None and self._stale(known, t):  # back elsewhere after long enough to have left
                self._remove(known, t, events, resync=True)
                self._place(card_id, sighting.x, sighting.y, sighting.angle, t, events, unseen, resync=True)
            elif known is None:
                self._place(card_id, sighting.x, sighting.y, sighting.angle, t, events, unseen)
            else:
                self._see_again(known, sighting, t, events)
        for warning in observation.warnings:
            if warning not in self._warnings:
                events.append({"type": "warning", "t": t, "text": warning})
        self._warnings = observation.warnings
        if not observation.trustworthy:
            return events  # a dark, blurred or wholly changed frame proves nothing gone
        for card in list(self.cards.values()):
            if card.card_id not in seen:
                self._miss(card, observation, t, events)
        self._report_unknown(observation, t, events)
        return events

    def _by_card(self, sightings: tuple[CardSighting, ...], t: float, events: list[Event]) -> dict[str, CardSighting]:
        """One sighting per card; the same card ID twice at once is reported once as a duplicate."""
        groups: dict[str, list[CardSighting]] = {}
        for sighting in sightings:
            groups.setdefault(sighting.card_id, []).append(sighting)
        chosen = {}
        for card_id, group in groups.items():
            if len(group) > 1 and card_id not in self._duplicates:
                self._duplicates.add(card_id)
                events.append({"type": "duplicate", "t": t, "card": card_id,
                               "positions": [[round(s.x, 1), round(s.y, 1)] for s in group]})
            known = self.cards.get(card_id)
            chosen[card_id] = min(group, key=lambda s: _distance(s, known)) if known else group[0]
        self._duplicates &= {card_id for card_id, group in groups.items() if len(group) > 1}
        return chosen

    def _stale(self, card: TrackedCard, t: float) -> bool:
        """Unseen through frames that proved nothing for as long as a removal takes: it may be gone."""
        return card.missed_untrusted and t - card.last_seen >= self.settings.remove_after

    def _same_place(self, card: TrackedCard, sighting: CardSighting) -> bool:
        return (math.hypot(sighting.x - card.x, sighting.y - card.y) <= self.settings.move_mm
                and _turn_difference(sighting.angle, card.angle, sighting.period) <= self.settings.turn_deg)

    def _resync(self, seen: dict[str, CardSighting], observation: FrameObservation, t: float,
                events: list[Event]) -> None:
        """Trust is back: settle the cards unseen through the spell (see the module's docstring).
        One not here is gone, unless it lies under a card still standing (or under one that is,
        and so on down the stack); where the picture is still changing the codes are not read
        yet, so those wait for a still frame. Once none is left waiting, the ones back where they
        were stood if nothing else of the spell is gone, and were laid again if something is."""
        stale = [card for card in self.cards.values() if self._stale(card, t)]
        if not stale:
            return
        standing = {card_id for card_id, card in self.cards.items() if card.returned or not self._stale(card, t)}
        missing = {card.card_id: card for card in stale if not card.returned and card.card_id not in seen}
        while True:
            held = {card_id for card_id, card in missing.items() if card.under in standing and card_id not in standing}
            if not held:
                break
            standing |= held
        waiting = False
        for card_id, card in missing.items():
            if card_id in standing:
                card.missed_untrusted = False  # its stack is here: it is hidden, as it was
            elif any(_overlaps(card, area) for area in observation.busy):
                waiting = True
            else:
                self._remove(card, t, events, resync=True)
                self._cleared_in_spell = True
        if waiting:
            return
        for card in [card for card in self.cards.values() if card.returned]:
            if self._cleared_in_spell:
                self._remove(card, t, events, resync=True)
                self._place(card.card_id, card.x, card.y, card.angle, t, events, set(), resync=True)
            else:
                card.returned = card.missed_untrusted = False
                card.last_seen = t
        self._cleared_in_spell = False

    def _remove(self, card: TrackedCard, t: float, events: list[Event], *, resync: bool = False) -> None:
        flag = {"resync": True} if resync else {}
        if resync and not card.covered:
            events.append({"type": "covered", "t": t, "card": card.card_id, **flag})
        del self.cards[card.card_id]
        events.append({"type": "removed", "t": t, "card": card.card_id, **flag})

    def _place(self, card_id: str, x: float, y: float, angle: float, t: float, events: list[Event],
               unseen: set[str], *, resync: bool = False) -> None:
        """A new card; if it lies over another one (hidden now, or half showing), it is stacked on it.
        A card unseen through a spell of untrusted frames is no card to stack on: it may be gone."""
        card = TrackedCard(card_id, x, y, angle, t)
        below = [other for other in self.cards.values()
                 if (_near(other, card, self.settings.stack_mm) or (other.card_id in unseen and _hides(card, other)))
                 and not self._stale(other, t)]
        self.cards[card_id] = card
        events.append({"type": "placed", "t": t, **_where(card), **({"resync": True} if resync else {})})
        for other in below:
            other.under = card_id
            events.append({"type": "stacked", "t": t, "card": card_id, "on": other.card_id})
            if other.card_id in unseen and not other.covered:
                other.covered = True
                events.append({"type": "covered", "t": t, "card": other.card_id, "by": card_id})

    def _see_again(self, card: TrackedCard, sighting: CardSighting, t: float, events: list[Event]) -> None:
        if card.covered:
            events.append({"type": "uncovered", "t": t, "card": card.card_id})
        moved = math.hypot(sighting.x - card.x, sighting.y - card.y) > self.settings.move_mm
        turned = _turn_difference(sighting.angle, card.angle, sighting.period) > self.settings.turn_deg
        if moved or turned:
            events.append({"type": "moved", "t": t, **_where(sighting), "from": [round(card.x, 1), round(card.y, 1)]})
            card.x, card.y, card.angle = sighting.x, sighting.y, sighting.angle
        card.last_seen, card.missing_frames, card.covered, card.under = t, 0, False, None
        card.missed_untrusted = False

    def _miss(self, card: TrackedCard, observation: FrameObservation, t: float, events: list[Event]) -> None:
        card.missing_frames += 1
        busy = any(_overlaps(card, area) for area in observation.busy)
        if self._stale(card, t):
            return  # gone through a spell, not yet seen still (a changing place): _resync decides
        if not card.covered and card.missing_frames >= self.settings.cover_after_frames:
            card.covered = True
            by = card.under or ("hand" if busy else None)
            events.append({"type": "covered", "t": t, "card": card.card_id, **({"by": by} if by else {})})
        if card.under and card.under in self.cards and not self.cards[card.under].covered:
            return  # lies under a card that is still there: not removed
        if busy:
            card.last_seen = max(card.last_seen, t - self.settings.remove_after / 2)  # a hand hovers: wait on
        elif card.covered and t - card.last_seen >= self.settings.remove_after:
            self._remove(card, t, events)

    def _report_unknown(self, observation: FrameObservation, t: float, events: list[Event]) -> None:
        texts = {code.text for code in observation.foreign}
        for code in observation.foreign:
            if code.text not in self._unknown:
                events.append({"type": "unknown_code", "t": t, "text": code.text, "reason": code.reason, "kind": code.kind,
                               "x": round(code.x, 1), "y": round(code.y, 1)})
        self._unknown = texts


def _where(card: TrackedCard | CardSighting) -> dict[str, Any]:
    return {"card": card.card_id, "x": round(card.x, 1), "y": round(card.y, 1), "angle": round(card.angle, 1)}


def _distance(s: CardSighting, card: TrackedCard | None) -> float:
    return 0.0 if card is None else math.hypot(s.x - card.x, s.y - card.y)


def _near(a: TrackedCard, b: TrackedCard, limit: float) -> bool:
    return math.hypot(a.x - b.x, a.y - b.y) <= limit


def _hides(top: TrackedCard, other: TrackedCard) -> bool:
    """Whether ``top`` lies over one of ``other``'s codes: a card laid on a neighbour's last code in
    view (a stack made on an early card of a row, over the next one) covers that neighbour too."""
    top_shape, other_shape = card_shape(top.card_id), card_shape(other.card_id)
    for spot in other_shape.codes:
        dx, dy = turned((spot.center_x - other_shape.centre[0], spot.center_y - other_shape.centre[1]), other.angle)
        fx, fy = turned((other.x + dx - top.x, other.y + dy - top.y), -top.angle)  # into the top card's face
        if _inside((fx + top_shape.centre[0], fy + top_shape.centre[1]), top_shape.outline):
            return True
    return False


def card_shape(card_id: str) -> CardShape:
    """A tracked card's cut shape (the tracker, and the snapshot that outlines it, follow catalog cards)."""
    try:
        return shape_of(load_catalog().card(card_id))
    except EngineError:  # not a card of ours: the tracker only follows catalog cards, but stay safe
        return RECTANGLE


def _inside(point: tuple[float, float], outline: tuple[tuple[float, float], ...]) -> bool:
    """Point in polygon (ray casting)."""
    x, y = point
    inside = False
    for (x0, y0), (x1, y1) in zip(outline, outline[1:] + outline[:1]):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _turn_difference(a: float, b: float, period: float) -> float:
    """How far apart two angles of a card are, when a turn by ``period`` looks the same."""
    d = abs(a - b) % period
    return min(d, period - d)


HAND_REACH = 30.0  # a moving area this close to a card's centre (half a card) may be over the card


def _overlaps(card: TrackedCard, area: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = area
    reach = HAND_REACH
    return x0 - reach <= card.x <= x1 + reach and y0 - reach <= card.y <= y1 + reach
