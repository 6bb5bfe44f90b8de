"""A screen shown over the game for a while: a verdict, a hand's results, a banner.

Overlays queue up in the order the events came, each for ``seconds`` (``None``: until a button
press). A hand's results may be hidden first and ``revealed`` by CONFIRM: children compute,
then the station shows. ``signal`` names the buzzer/LED pattern that goes with it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from station.ui.views import View


@dataclass(frozen=True)
class Overlay:
    view: View
    seconds: float | None = None  # None: until a press
    revealed: View | None = None  # shown by CONFIRM instead of dismissing
    signal: str = ""  # accepted, rejected, attention
    kind: str = ""  # play, verdict, hand, banner, note
    shown_at: float | None = None

    def expired(self, now: float) -> bool:
        return self.seconds is not None and self.shown_at is not None and now - self.shown_at >= self.seconds

    def reveal(self) -> Overlay:
        assert self.revealed is not None
        return replace(self, view=self.revealed, revealed=None)
