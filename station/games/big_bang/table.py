"""How Big Bang lies on its mat: a tableau growing round each player's Black Star, a discard box
and the draw pile's place beside it.

There are no zones inside the tableau: every card lying in a player's play area belongs to their
tableau (unless it sits beside another tableau and not beside theirs: a race's tableaux grow
towards each other), and one past the areas' edges (but not in a draw pile or discard box) to
the tableau it sits beside, else the nearest Black Star's; it is snapped to the lattice
anchored on that star (``station.table.lattice_snap``), wherever the star lies and however it is
turned; a tableau may grow past its play area's edge, as far as the camera sees. The star is one
anchor among many: in a frame where its code is not read, the cards already placed in the
tableau give the lattice (each says where the star must be), so the tableau stays as it was placed
and the next card is judged.

- A card that sits in a cell (within the snapping tolerance) is a ``play`` of that cell and
  turn, sent once it has lain there two frames running (a card sliding across the lattice is no
  play). The game judges it at once; a card the game already has there is no new play, so a
  restart sends nothing for a tableau that is still there, nor for a card the game knows (a
  refused one still lying where it was judged): once it moves to another cell it is a play.
- A card that sits on no cell (between cells, or turned) gets "Line it up" once, and is no play
  until it sits right.
- The card on top of the discard box that the game has not seen discarded is a ``discard``; but
  a card over a box that sits in a cell touching the tableau is the tableau grown there.
- A card taken away after it was played is a ``lift``: a refused card taken back (nothing to
  say), or a card of the tableau (the game says it stays down).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from engine.big_bang.lattice import neighbours
from station.games.big_bang.words import WORDS
from station.table.adapter import Lying, Note, Reading, TableAdapter
from station.table.lattice_snap import OffLattice, Posed, Snapped, anchor_from, snap
from station.table.mat import MatLayout

DISCARD = "discard"
CODE = "BB-"  # every Big Bang card's ID starts so
OFF_WORDS = {"between cells": WORDS.lazy_gettext("Slide it into a space"),
             "turned": WORDS.lazy_gettext("Turn it edge to edge")}


class BigBangTable(TableAdapter):
    game = "big-bang"

    def __init__(self, seats: Sequence[str]) -> None:
        super().__init__(seats)
        self._seen: dict[str, tuple[tuple[int, int], int]] = {}  # card -> the cell and turn it lay in last frame
        self._sent: dict[str, tuple[tuple[int, int], int, str]] = {}  # card -> the play sent (cell, turn, player)
        self._off: dict[str, str] = {}  # card -> why it sat on no cell last frame
        self._told_off: set[str] = set()  # cards told "Line it up" since they last sat right
        self._discards_sent: set[str] = set()
        self._piles: set[str] = set()  # the cards on the discard piles, by the game's account

    def on_card_event(self, event: Mapping[str, Any], t: float, state: Mapping[str, Any], mat: MatLayout,
                      reading: Reading) -> None:
        if event["type"] != "removed":
            return  # where cards lie is read from the whole table, once the frame's events are in
        card = event["card"]
        played = self._sent.pop(card, None)
        for memory in (self._seen, self._off):
            memory.pop(card, None)
        self._told_off.discard(card)
        self._discards_sent.discard(card)
        seat = _seat_of(state, card)
        player = seat["player"] if seat is not None else played[2] if played is not None else \
            self._laid_by.get(card) if event.get("unseen") else None  # gone while the station was down
        if state["phase"] == "playing" and player is not None:  # taken back: the game says whether it may be
            reading.actions.append({"type": "lift", "t": t, "player": player, "card": card, "source": "camera"})

    def on_table(self, snapshot: Sequence[Lying], t: float, state: Mapping[str, Any], mat: MatLayout,
                 reading: Reading) -> None:
        if state["phase"] != "playing":
            return  # the stars laid before the round, cards gathered after it: no plays
        stars = self._stars(state, snapshot)
        self._piles = {c["card"] for seat in state["tableaux"] for c in seat["discard"]}
        grown: set[str] = set()  # cards over a box that sit in a cell beside the tableau: it grew there
        for card in snapshot:
            if card.covered or not card.card_id.startswith(CODE) or card.card_id in stars or not stars:
                continue
            zone = self.zone_of(mat, card.x, card.y)
            # In a player's play area, their tableau, unless it sits beside another tableau and not
            # beside theirs (a race's tableaux grow towards each other: a card laid against one's
            # own may reach over the line); past the areas' edges, the tableau it sits beside
            # (snapped to a cell touching it), else the nearest star's.
            owner = [s for s in stars.values() if zone is not None and s[0]["player"] == self.player_at(zone)]
            nearest = sorted(stars.values(), key=lambda s: math.dist((s[1].x, s[1].y), (card.x, card.y)))
            beside = [s for s in nearest if _beside(snap(card, s[1]), s[0])]
            in_own_area = bool(owner) and zone is not None and zone.role == "area" and (not beside or owner[0] in beside)
            seat, star = owner[0] if in_own_area else (beside or owner or nearest)[0]
            if zone is not None and zone.role != "area":  # a draw pile or a discard box
                if not _beside(snap(card, star), seat):
                    continue
                grown.add(card.card_id)
            self._tableau_card(card, seat, star, t, reading)
        for number, seat in enumerate(state["tableaux"], start=1):
            zones = {zone.name.partition(".")[2]: zone for zone in mat.seat_zones(number)}
            if DISCARD in zones:
                in_box = [c for c in snapshot if c.card_id not in grown and self.zone_of(mat, c.x, c.y) == zones[DISCARD]]
                self._discard(seat, in_box, t, reading)

    def may_hide(self, card: str, state: Mapping[str, Any], snapshot: Sequence[Lying]) -> bool:
        """A discard pile's cards lie one on another: taken away or not, the game needs no word."""
        return any(card == c["card"] for seat in state["tableaux"] for c in seat["discard"])

    # ---- the tableau ---------------------------------------------------------------------------

    @staticmethod
    def _stars(state: Mapping[str, Any], snapshot: Sequence[Lying]) -> dict[str, tuple[Mapping[str, Any], Posed]]:
        """Each tableau's anchor, by its star's ID: the Black Star where it is in view, else the
        cards already placed in it that are (they anchor each other, so a star whose code is not
        read in a frame holds nothing up). A tableau with neither in view leaves its cards waiting."""
        lying = {card.card_id: card for card in snapshot if not card.covered}
        stars: dict[str, tuple[Mapping[str, Any], Posed]] = {}
        for seat in state["tableaux"]:
            star_id = next(c["card"] for c in seat["cells"] if c["kind"] == "star")
            placed = [(lying[c["card"]], (c["cell"][0], c["cell"][1]), c["turn"]) for c in seat["cells"]
                      if c["kind"] != "star" and c["card"] in lying]
            anchor = lying.get(star_id) or anchor_from(placed)
            if anchor is not None:
                stars[star_id] = (seat, anchor)
        return stars

    def _tableau_card(self, card: Lying, seat: Mapping[str, Any], star: Posed, t: float, reading: Reading) -> None:
        where = snap(card, star)
        if isinstance(where, OffLattice):
            self._seen.pop(card.card_id, None)
            self._off_lattice(card.card_id, where, reading)
            return
        down = {c["card"]: ((c["cell"][0], c["cell"][1]), c["turn"]) for c in seat["cells"]}
        self._sits(card.card_id, where, seat, down, t, reading)

    def _sits(self, card: str, where: Snapped, seat: Mapping[str, Any], down: Mapping[str, Any], t: float,
              reading: Reading) -> None:
        place = (where.cell, where.turn)
        self._off.pop(card, None)
        self._told_off.discard(card)
        if card in self._standing and card not in self._piles:  # after a restart, a card the game knows (a
            # refused one too) was sent where it lies; one from a discard pile is played from it
            self._standing.discard(card)
            self._sent[card] = (*place, seat["player"])
        settled = self._seen.get(card) == place
        self._seen[card] = place
        if not settled or down.get(card) == place or self._sent.get(card, ())[:2] == place:
            return
        self._sent[card] = (*place, seat["player"])
        reading.actions.append({"type": "play", "t": t, "player": seat["player"], "card": card,
                                "cell": list(where.cell), "turn": where.turn, "source": "camera"})

    def _off_lattice(self, card: str, where: OffLattice, reading: Reading) -> None:
        """Told once it has sat off the lattice two frames running, and again only after it sat right."""
        settled = self._off.get(card) == where.why
        self._off[card] = where.why
        if settled and card not in self._told_off:
            self._told_off.add(card)
            reading.notes.append(Note("line_up", WORDS.gettext("Line it up"), str(OFF_WORDS[where.why]), card))

    # ---- the discard box -------------------------------------------------------------------------

    def _discard(self, seat: Mapping[str, Any], in_box: Sequence[Lying], t: float, reading: Reading) -> None:
        """``in_box``: the cards lying in the player's discard box (nearer it than any other zone)."""
        pile = {c["card"] for c in seat["discard"]}
        for card in in_box:
            if card.covered or card.card_id in pile or card.card_id in self._discards_sent:
                continue
            if card.card_id in self._standing:  # after a restart: the game has judged it there already
                self._standing.discard(card.card_id)
                self._discards_sent.add(card.card_id)
                continue
            if not card.card_id.startswith(CODE):
                continue
            self._discards_sent.add(card.card_id)
            reading.actions.append({"type": "discard", "t": t, "player": seat["player"], "card": card.card_id,
                                    "source": "camera"})


def _beside(where: Snapped | OffLattice, seat: Mapping[str, Any]) -> bool:
    """Whether a card sits in a cell of the tableau or one touching it (a card over a box that
    does is the tableau grown there, not a discard)."""
    if not isinstance(where, Snapped):
        return False
    cells = {(c["cell"][0], c["cell"][1]) for c in seat["cells"]}
    return where.cell in cells or any(n in cells for n in neighbours(where.cell))


def _seat_of(state: Mapping[str, Any], card: str) -> Mapping[str, Any] | None:
    """The player whose tableau holds ``card``, or None."""
    return next((seat for seat in state["tableaux"] if any(c["card"] == card for c in seat["cells"])), None)
