"""How Who's Counting? lies on its mat: an expression strip and a blue box in the middle, and a
red box in front of every seat.

- The expression is read from the strip only when the player presses CONFIRM (``complete``), in
  the order its cards lie for the player whose turn it is, with the blue box's cards: a hand
  passing over the strip, or a card put down and moved, is no expression.
- A red card laid in a seat's red box during the "Who's Counting?" window is that seat's player's
  ``red`` (the engine judges whether it is in time, and whose turn it is).
- A Stop (or a Super) in the blue box answers a red card, the player's ``stop`` (judged by the
  engine: a Stop against Green Goo gets its verdict): laid after the red card, or lying there
  since before it came (once per red card; a Stop the engine has judged this turn lies there
  judged, also after a restart).
- Cards of the last turn still on the strip get "Clear the strip" once, when the next player
  starts laying cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.table.adapter import Action, Lying, Note, Reading, TableAdapter, strip_order
from station.table.mat import MatLayout

STRIP, BLUE = "strip", "blue"


class WhosCountingTable(TableAdapter):
    game = "whos-counting"

    def __init__(self, seats: Sequence[str]) -> None:
        super().__init__(seats)
        self._catalog = load_catalog()
        self._answered: set[tuple[int, str, str]] = set()  # (turn, red card, Stop) sent as a stop

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        kind, card = event["type"], event["card"]
        if kind not in ("placed", "moved"):
            return
        zone = self.zone_of(mat, event["x"], event["y"])
        if zone is None:
            if kind == "placed":
                reading.notes.append(Note("outside_zones", "Not in a box", "Strip, blue box or red box", card))
            return
        turn = state["turn"]
        phase = turn["phase"]
        if zone.kind == "red" and zone.seat:
            player = self.player_at(zone)
            if player is None:
                reading.notes.append(Note("empty_seat", "Empty seat", f"Nobody plays at seat {zone.seat}", card))
            elif card not in state["last_cards"] and card != (turn["red"] or {}).get("card"):
                reading.actions.append({"type": "red", "t": t, "player": player, "card": card, "source": "camera"})
        elif zone.name == BLUE:
            self._answer(card, t, state, reading)
        elif zone.name == STRIP and phase == "laying" and kind == "placed":
            note = self.leftovers(zone, state["last_cards"], state["turns_played"])
            if note is not None:
                reading.notes.append(note)

    def on_table(self, snapshot: Sequence[Lying], t: float, state: Mapping[str, Any], mat: MatLayout,
                 reading: Reading) -> None:
        """A Stop laid in the blue box before the red card came answers it when it comes."""
        for card in self.cards_in(mat.zone(BLUE), snapshot):
            self._answer(card.card_id, t, state, reading)

    def _answer(self, card: str, t: float, state: Mapping[str, Any], reading: Reading) -> None:
        """A Stop in the blue box after a red card is the player's answer, once per red card: the
        engine judges it (Green Goo, stopped already), so a Stop in vain gets a verdict."""
        turn = state["turn"]
        red = turn["red"]
        if (red is None or turn["phase"] not in ("window", "answer") or card == turn["stopped_by"]
                or card in turn["blue"] or card in state["thrown"] or not self._is_stop(card)):
            return
        key = (state["turns_played"], red["card"], card)
        if key in self._answered or any(a["type"] == "stop" for a in reading.actions):
            return
        self._answered = {k for k in self._answered if k[0] == key[0]} | {key}
        reading.actions.append({"type": "stop", "t": t, "player": turn["player"], "card": card, "source": "camera"})

    def _is_stop(self, card: str) -> bool:
        try:
            effect = self._catalog.card(card).face.extra.get("effect")
        except Exception:  # noqa: BLE001 - another game's card: the engine judges it
            return False
        return effect in ("stop", "super")

    def reads_table(self, action: Action) -> bool:
        """A submit reads the strip and the blue box."""
        return action["type"] == "submit"

    def complete(self, action: Action, state: Mapping[str, Any]) -> Action:
        """A submit gets the strip's cards, in the order they lie for the player whose turn it
        is, and the blue box's cards."""
        if action["type"] != "submit" or self.mat is None:
            return action
        strip = strip_order(self.cards_in(self.mat.zone(STRIP), self.snapshot), self.facing_of(state["turn"]["player"]))
        blue = sorted(self.cards_in(self.mat.zone(BLUE), self.snapshot), key=lambda c: c.card_id)
        return {**action, "cards": [c.card_id for c in strip], "blue": [c.card_id for c in blue]}
