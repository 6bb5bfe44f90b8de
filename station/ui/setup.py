"""The setup screen's rows as data: each option, its choices and the one chosen.

A game's UI module lists its options (players, edition, teams …); the controller shows them the
same way for every game: SELECT moves to the next row, CONFIRM steps the row's value, and the
last row, Start, starts the game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Choice:
    value: Any
    label: str


@dataclass
class SetupOption:
    key: str
    label: str
    choices: list[Choice]
    value: Any

    def __post_init__(self) -> None:
        if self.value not in [c.value for c in self.choices]:
            self.value = self.choices[0].value

    @property
    def shown(self) -> str:
        return next(c.label for c in self.choices if c.value == self.value)

    def step(self) -> None:
        values = [c.value for c in self.choices]
        self.value = values[(values.index(self.value) + 1) % len(values)]
