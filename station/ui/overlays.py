"""A screen shown over the game for a while: a verdict, a hand's results, a banner.

Overlays queue up in the order the events came, each for ``seconds`` (``None``: until a button
press). A hand's results may be hidden first and ``revealed`` by CONFIRM: children compute,
then the station shows. ``signal`` names the buzzer/LED pattern that goes with it. A note's
overlay keeps its ``note``, so the next note of its kind merges into it instead of queueing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from station.ui.views import View

if TYPE_CHECKING:
    from station.table.adapter import Note


@dataclass(frozen=True)
class Overlay:
    view: View
    seconds: float | None = None  # None: until a press
    revealed: View | None = None  # shown by CONFIRM instead of dismissing
    signal: str = ""  # accepted, rejected, attention
    kind: str = ""  # play, verdict, hand, banner, note
    shown_at: float | None = None
    note: Note | None = None  # the note it shows (kind "note")
    said_on_reveal: tuple[Any, ...] = ()  # spoken lines (station.speech.voice.Line) that CONFIRM's reveal says

    def expired(self, now: float) -> bool:
        return self.seconds is not None and self.shown_at is not None and now - self.shown_at >= self.seconds

    def reveal(self) -> Overlay:
        assert self.revealed is not None
        return replace(self, view=self.revealed, revealed=None, said_on_reveal=())


def by_event(events: Sequence[Mapping[str, Any]], makers: Mapping[str, Callable[..., list[Overlay]]],
             *context: Any) -> list[Overlay]:
    """The screens a batch of engine events calls for, in order: ``makers`` maps an event type to
    what makes its screens from the event (and ``context``: the state, the batch …)."""
    return [overlay for event in events if (make := makers.get(event["type"])) is not None
            for overlay in make(event, *context)]
