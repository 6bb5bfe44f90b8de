"""A demo's table script kept in step with the virtual players' own clock: each physical move is
a scenario step, made so that the station sees it when the players' referee did.

A table that falls behind the players' clock (cards to gather, screens to go through between
rounds) shifts their clock from there on (``lag``), which changes nothing the station judges.
"""

from __future__ import annotations

from typing import Any

from station.sim.scenario import Step


class TableScript:
    def __init__(self, fps: float) -> None:
        self.fps = fps
        self.steps: list[Step] = []
        self.now = 0.0  # the scenario's clock (the station's game time)
        self.lag = 0.0  # how far the table runs behind the players' clock

    def add(self, kind: str, value: Any, seconds: float, **options: Any) -> None:
        """A step that takes ``seconds`` of frames (a card's settle time, a press's)."""
        self.steps.append(Step(kind, value, {**options, "settle": seconds} if kind != "wait" else options,
                               len(self.steps) + 1))
        self.now += round(seconds * self.fps) / self.fps

    def wait(self, seconds: float) -> None:
        if seconds > 0:
            self.steps.append(Step("wait", seconds, {}, len(self.steps) + 1))
            self.now += round(seconds * self.fps) / self.fps

    def until(self, t: float) -> None:
        """Wait until the players' time ``t``; a table already past it shifts their clock."""
        target = t + self.lag
        if target < self.now:
            self.lag += self.now - target
        self.wait(round(t + self.lag - self.now, 1))
