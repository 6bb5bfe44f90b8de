"""How many cards each player has where: the only thing the rules need to know about piles.

The camera sees face-up cards, not face-down ones, so the engine counts: a player's COUNT META
draw, battle and spoils piles, and their MATH CRATE draw, battle and discard piles.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass
class Piles:
    draw: int
    crate_draw: int
    battle: int = 0
    spoils: int = 0
    crate_battle: int = 0
    crate_discard: int = 0
    out: bool = False

    @classmethod
    def full(cls, count_cards: int, crate_cards: int) -> Piles:
        return cls(draw=count_cards, crate_draw=crate_cards)

    def as_json(self) -> dict[str, Any]:
        return asdict(self)

    def take(self, wanted: int, may_reshuffle: bool) -> tuple[int, int]:
        """Take up to ``wanted`` COUNT META cards off the draw pile.

        When the draw pile runs out and ``may_reshuffle`` (discard Option 2), the spoils pile is
        shuffled into it first. Returns (cards taken, cards reshuffled).
        """
        taken = reshuffled = 0
        while taken < wanted:
            if self.draw == 0:
                if not may_reshuffle or self.spoils == 0:
                    break
                reshuffled += self.spoils
                self.draw, self.spoils = self.spoils, 0
            step = min(self.draw, wanted - taken)
            self.draw -= step
            taken += step
        return taken, reshuffled

    def available(self, may_reshuffle: bool) -> int:
        """COUNT META cards this player can still turn up."""
        return self.draw + (self.spoils if may_reshuffle else 0)

    def take_crate(self) -> int:
        """Turn up a MATH CRATE card; returns how many discards were shuffled back first (0 if none)."""
        reshuffled = 0
        if self.crate_draw == 0:
            reshuffled, self.crate_draw, self.crate_discard = self.crate_discard, self.crate_discard, 0
        self.crate_draw = max(self.crate_draw - 1, 0)  # a miscounted table must not crash the referee
        self.crate_battle += 1
        return reshuffled
