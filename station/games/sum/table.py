"""How SUM lies on its mat: the target box, the equation strip and the wild box in the middle,
and each seat's pile of won number cards.

- A number card turned up into the target box is the new ``target``.
- A wild card laid in the wild box is the current player's ``wild``.
- The equation is read from the strip only when the player presses CONFIRM (``complete``), in
  the order its cards lie for the player whose turn it is.
- Won cards moved to a seat's pile are no play; the last equation's cards still on the strip
  get "Clear the strip" once, when the next one is laid.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from engine.errors import EngineError
from station.table.adapter import Action, Lying, Note, Reading, TableAdapter, strip_order
from station.table.mat import MatLayout

STRIP, TARGET, WILD = "strip", "target", "wild"


class SumTable(TableAdapter):
    game = "sum"

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        kind, card = event["type"], event["card"]
        if kind != "placed":
            return
        zone = self.zone_of(mat, event["x"], event["y"])
        if zone is None:
            reading.notes.append(Note("outside_zones", "Not in a box", "Target, strip or wild box", card))
        elif zone.name == TARGET and (state["target"] is None or state["target"]["card"] != card):
            reading.actions.append({"type": "target", "t": t, "card": card, "source": "camera"})
        elif zone.name == WILD and not state["over"]:
            reading.actions.append({"type": "wild", "t": t, "player": state["turn"], "card": card, "source": "camera"})
        elif zone.name == STRIP:
            note = self.leftovers(zone, state["last_cards"], (state["turn"], sum(state["won"].values())))
            if note is not None:
                reading.notes.append(note)

    def may_hide(self, card: str, state: Mapping[str, Any], snapshot: Sequence[Lying]) -> bool:
        """Number cards pile up (a target on the last one, a won pile): only a wild card lies alone,
        so only a wild card not seen after a restart is taken for gone (laid again, it is a play)."""
        try:
            return load_catalog().card(card).face.kind != "wild"
        except EngineError:
            return True

    def reads_table(self, action: Action) -> bool:
        """A submit reads the strip."""
        return action["type"] == "submit"

    def complete(self, action: Action, state: Mapping[str, Any]) -> Action:
        """A submit gets the strip's cards, in the order they lie for the player whose turn it is."""
        if action["type"] != "submit" or self.mat is None:
            return action
        strip = strip_order(self.cards_in(self.mat.zone(STRIP), self.snapshot), self.facing_of(state["turn"]))
        return {**action, "cards": [card.card_id for card in strip]}
