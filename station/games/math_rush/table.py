"""How Math Rush lies on its mat: a goal card at the left of each row, its set growing to the
right, and the Help cards in their box.

- A goal card lying in a row's goal slot is that row's ``goal`` (read from the whole table, so a
  goal laid before a restart or left from the last round is not lost; each is sent once while it
  lies there).
- A number card laid in a row is a ``play`` the moment it lands: on top of a card of that row's
  set when it lies within half a card step of it (a stack), else at the set's end.
- A card of a set taken away is a ``lift``; laid back in its row it is put back (the engine
  knows it). Moved to another row, it is lifted there and played here. A card not yet played slid
  into a row (from off the mat or the goal column) is played there.
- A Help card turned face down (or taken) from its box during a round is a ``help``: it clears
  the lifted cards when there are any, else everyone redraws. A Help card seen face up in its
  box is told to the game once (``help_card``), so a restart knows it lies there.
- A goal card taken away before its goal is complete is "put it back?", once.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from engine.errors import EngineError
from station.games.math_rush.words import WORDS
from station.table.adapter import Lying, Note, Reading, TableAdapter
from station.table.mat import MatLayout, Zone

_ = WORDS.gettext

GOAL, SET, HELP = "goal", "set", "help"
STACK_MM = 25.0  # a card laid closer than this to a card of the set lies on it (cards step 50 mm along a row)
HIDE_MM = 35.0  # a card lying closer than this to a card's place hides it (its neighbour in the row lies 50 mm off)
GOAL_KINDS = ("goal", "advanced-goal")
NUMBER_KINDS = ("number", "advanced")


class MathRushTable(TableAdapter):
    game = "math-rush"

    def __init__(self, seats: Sequence[str]) -> None:
        super().__init__(seats)
        self._catalog = load_catalog()
        self._goals_sent: set[tuple[int, int, str]] = set()  # (round, row, goal card) sent as a goal
        self._told_missing: set[tuple[int, str]] = set()  # (round, goal card) told "put it back?"

    def fits(self, mat: MatLayout) -> bool:
        """One mat for the whole team, whatever the number of players."""
        return mat.game == self.game

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        kind, card = event["type"], event["card"]
        if kind == "placed":
            self._placed(card, self.zone_of(mat, event["x"], event["y"]), t, state, reading)
        elif kind == "removed":
            self._removed(card, t, state, reading)
        elif kind == "moved":
            before = self.zone_of(mat, *event["from"])
            after = self.zone_of(mat, event["x"], event["y"])
            if self._in_a_set(card, state):
                if _row(before) is not None and _row(before) != _row(after):
                    reading.actions.append({"type": "lift", "t": t, "card": card, "source": "camera"})
                    if after is not None and after.kind == SET:
                        self._play(card, after, t, state, reading)
            elif after is not None and after.kind == SET and (before is None or before.name != after.name) \
                    and not self._played(card, state):
                self._placed(card, after, t, state, reading)  # slid in from off the mat or the goal column

    def on_table(self, snapshot: Sequence[Lying], t: float, state: Mapping[str, Any], mat: MatLayout,
                 reading: Reading) -> None:
        """Every goal card lying in a goal slot is that row's goal: sent once while it lies there.
        Every Help card lying face up in its box is told to the game (``help_card``), so the
        journal knows it lies there: turned over while the station was down, it is used."""
        if not state["over"] and any(zone.name == HELP for zone in mat.zones):
            box = set(state.get("help_box", ()))
            for card in self.cards_in(mat.zone(HELP), snapshot):
                if not card.covered and card.card_id not in box and self._kind(card.card_id) == "help":
                    reading.actions.append({"type": "help_card", "t": t, "card": card.card_id, "source": "camera"})
        lying: set[tuple[int, int, str]] = set()
        for zone in mat.zones:
            row = _row(zone)
            if zone.kind != GOAL or row is None:
                continue
            for card in self.cards_in(zone, snapshot):
                if card.covered or self._kind(card.card_id) not in GOAL_KINDS:
                    continue
                key = (state["round"], row, card.card_id)
                lying.add(key)
                here = _state_row(state, row)
                if key in self._goals_sent or state["phase"] == "round_over" or state["over"]:
                    continue
                if here is not None and here["goal"] == card.card_id:
                    continue
                self._goals_sent.add(key)
                reading.actions.append({"type": "goal", "t": t, "card": card.card_id, "row": row, "source": "camera"})
        self._goals_sent &= lying  # taken away: laid again, it is sent again

    # ---- one card ----------------------------------------------------------------------------

    def _placed(self, card: str, zone: Zone | None, t: float, state: Mapping[str, Any], reading: Reading) -> None:
        kind = self._kind(card)
        if zone is None:
            reading.notes.append(Note("outside_zones", _("Not on the mat"), _("Lay cards in a row"), card))
        elif zone.kind == SET:
            if kind in GOAL_KINDS:
                reading.notes.append(Note("goal_in_row", _("Goals go left"), _("in the goal column"), card))
            elif kind == "help":
                reading.notes.append(Note("help_in_row", _("Help card?"), _("Help cards stay in their box"), card))
            else:
                self._play(card, zone, t, state, reading)
        elif zone.kind == GOAL and kind not in GOAL_KINDS:
            reading.notes.append(Note("not_a_goal", _("Not a goal"), _("Number cards go in the rows"), card))
        elif zone.name == HELP and kind != "help":
            reading.notes.append(Note("not_help", _("Help cards only"), _("Lay it in a row"), card))

    def _play(self, card: str, zone: Zone, t: float, state: Mapping[str, Any], reading: Reading) -> None:
        row = _row(zone)
        assert row is not None
        reading.actions.append({"type": "play", "t": t, "card": card, "row": row, "on": self._beneath(card, row, state),
                                "source": "camera"})

    def _beneath(self, card: str, row: int, state: Mapping[str, Any]) -> str:
        """The card of the row's set this one was laid on (a stack), or "" at the set's end."""
        here = _state_row(state, row)
        if here is None:
            return ""
        in_set = {p["card"] for p in here["cards"] if not p["lifted"]} - {card}
        lying = {c.card_id: (c.x, c.y) for c in self.snapshot}
        new = lying.get(card)
        if new is None:
            return ""
        hidden = {c: place for c in in_set if c not in lying and (place := self.last_place(c)) is not None}
        for places in ({c: lying[c] for c in in_set if c in lying}, hidden):  # a card in view first
            nearest = min(places, key=lambda c: math.dist(places[c], new), default=None)
            if nearest is not None and math.dist(places[nearest], new) < STACK_MM:
                return nearest  # (after a restart: a hidden card where it lay, laid on while the station was down)
        return ""

    def _removed(self, card: str, t: float, state: Mapping[str, Any], reading: Reading) -> None:
        if state["phase"] != "playing":
            return  # cards gathered after the round (or before it starts) are no plays
        kind = self._kind(card)
        if kind == "help":
            use = "clear" if any(p["lifted"] for r in state["rows"] for p in r["cards"]) else "redraw"
            reading.actions.append({"type": "help", "t": t, "use": use, "card": card, "source": "camera"})
        elif kind in GOAL_KINDS:
            row = next((r for r in state["rows"] if r["goal"] == card), None)
            if row is not None and not row["complete"] and (state["round"], card) not in self._told_missing:
                self._told_missing.add((state["round"], card))
                reading.notes.append(Note("goal_gone", _("Goal {row} gone", row=row["row"]), _("Put it back?"), card))
        elif self._in_a_set(card, state):
            reading.actions.append({"type": "lift", "t": t, "card": card, "source": "camera"})

    def may_hide(self, card: str, state: Mapping[str, Any], snapshot: Sequence[Lying]) -> bool:
        """Where the station knows the card's place: it is hidden if a card lies over that place
        (a stack's top, or one laid on it while the station was down), else it was taken away
        (with its stack's top slid off it, say). Not knowing it: a card of a set with an equal
        card laid on it (a stack) is hidden while the stack's top lies in view, and so is one in
        a row where a card lies that did not stand after the restart (laid while the station was
        down, maybe on it); else it was taken away."""
        place = self.last_place(card)
        if place is not None:
            return any(math.dist((c.x, c.y), place) < HIDE_MM for c in snapshot if c.card_id != card)
        on = {p["card"]: p["on"] for r in state["rows"] for p in r["cards"] if not p["lifted"]}
        for top in (c.card_id for c in snapshot):
            below = on.get(top, "")
            while below:
                if below == card:
                    return True
                below = on.get(below, "")
        row = next((r["row"] for r in state["rows"] for p in r["cards"] if p["card"] == card), None)
        new = [c for c in snapshot if c.card_id not in self._standing and self.mat is not None
               and self._kind(c.card_id) in NUMBER_KINDS and _row(self.zone_of(self.mat, c.x, c.y)) == row]
        return row is not None and bool(new)

    # ---- helpers ------------------------------------------------------------------------------

    def _kind(self, card: str) -> str:
        try:
            return self._catalog.card(card).face.kind
        except EngineError:
            return ""

    @staticmethod
    def _played(card: str, state: Mapping[str, Any]) -> bool:
        """Whether the card lies in any goal's set (a completed one too)."""
        return any(p["card"] == card and not p["lifted"] for r in state["rows"] for p in r["cards"])

    @staticmethod
    def _in_a_set(card: str, state: Mapping[str, Any]) -> bool:
        """Whether the card is in the set of a goal still in play (a completed set is cleared freely)."""
        return any(p["card"] == card and not p["lifted"] for r in state["rows"] if not r["complete"] for p in r["cards"])


def _row(zone: Zone | None) -> int | None:
    """The row number of a row's zone (``row2.set`` → 2), None for any other zone."""
    if zone is None or not zone.name.startswith("row"):
        return None
    return int(zone.name[3:].partition(".")[0])


def _state_row(state: Mapping[str, Any], row: int) -> Mapping[str, Any] | None:
    return next((r for r in state["rows"] if r["row"] == row), None)
