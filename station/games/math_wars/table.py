"""How Math Wars Meta lies on its mat: each seat has a COUNT META box and a MATH CRATE box.

A card turned up into a seat's box (placed, stacked on an earlier card in a MATH WAR, or slid in
from outside the boxes) is that seat's player's ``play``; the engine decides the pile from the
card and judges it. A card lifted and put back in the same hand is no new play (the engine's
``on_table``), and cards taken away after a hand are simply gone: nothing to do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.math_wars.words import WORDS
from station.table.adapter import Lying, Note, Reading, TableAdapter
from station.table.mat import MatLayout


class MathWarsTable(TableAdapter):
    game = "math-wars"

    def __init__(self, seats: Sequence[str]) -> None:
        super().__init__(seats)
        self._outside: set[str] = set()  # cards lying outside every box, to play when slid into one

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        kind, card = event["type"], event["card"]
        if kind == "removed":
            self._outside.discard(card)
            return
        if kind == "stacked":
            return  # its own "placed" event came first
        zone = self.zone_of(mat, event["x"], event["y"])
        if kind == "moved" and card not in self._outside:
            return  # a played card nudged within the table
        if zone is None:
            if card not in self._outside:
                self._outside.add(card)
                reading.notes.append(Note("outside_zones", WORDS.gettext("Not in a box"),
                                          WORDS.gettext("Put cards in your boxes"), card))
            return
        self._outside.discard(card)
        player = self.player_at(zone)
        if player is None:
            reading.notes.append(Note("empty_seat", WORDS.gettext("Empty seat"),
                                      WORDS.gettext("Nobody plays at seat {seat}", seat=zone.seat), card))
            return
        if card in state.get("on_table", ()):
            return  # lifted and put back in the same hand
        reading.actions.append({"type": "play", "t": t, "player": player, "card": card, "source": "camera"})

    def may_hide(self, card: str, state: Mapping[str, Any], snapshot: Sequence[Lying]) -> bool:
        """A MATH WAR turns cards up onto the battle piles, one on another: any card of a pile may
        lie under the one in view (it stands while the game counts it on the table)."""
        return True
