"""Whether a card may lie in a cell of a tableau: the one-off rule and the Rules cards' faces.

A tableau maps cells of the lattice (``engine.big_bang.lattice``) to the pieces lying there, the
Black Star at ``(0, 0)`` first. A new piece must touch at least one piece, and for every piece it
touches both touching faces must agree:

- a face is ``any`` (number cards and the Black Star have only these), ``dead`` (nothing may touch
  it) or a list of the only numbers that may touch it (``"1 2"``): only a number card showing one
  of them, so never the Black Star nor another Rules card;
- two number cards must differ by exactly 1; the Black Star and the Rules cards have no value, so
  beside them only their faces count.

Pure: the game judges plays with it, and ``hint`` reads a saved state with it.

>>> star = Piece("BB-A-STAR", STAR, None, 0)
>>> tableau = {(0, 0): star, (1, 0): Piece("BB-A-N4A", NUMBER, 4, 180)}
>>> why_not(tableau, Piece("BB-A-N6A", NUMBER, 6, 0), (2, 0))
'6 beside 4: neighbours differ by exactly 1'
>>> sorted(values_fitting(tableau, (2, 0)))
[3, 5]
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.big_bang import text
from engine.big_bang.lattice import Cell, neighbours, touching, turns

NUMBER, STAR, RULES = "number", "star", "rules"
ANY, DEAD = "any", "dead"
VALUES = range(1, 8)  #: the numbers on the cards; value n has n cards
ORIGIN: Cell = (0, 0)  #: where the Black Star lies


@dataclass(frozen=True)
class Piece:
    """A card as the rules see it: its kind, its value (numbers only), how it lies, its faces as
    printed (face 0 the base, 1 the left side, 2 the right side)."""

    card: str
    kind: str
    value: int | None
    turn: int
    faces: tuple[str, str, str] = (ANY, ANY, ANY)

    def shown(self) -> str:
        """The card in a word or two: ``5``, ``Rules card``, ``Black Star``."""
        return str(self.value) if self.value is not None else text.KIND_NAMES[self.kind]

    def rule_towards(self, cell: Cell, other: Cell) -> str:
        """What the face of this piece (lying in ``cell``) that touches ``other`` accepts."""
        return self.faces[touching(cell, self.turn, other)]

    def turned(self, turn: int) -> Piece:
        return Piece(self.card, self.kind, self.value, turn, self.faces)

    def as_json(self, cell: Cell | None) -> dict[str, Any]:
        """The piece as state shows it: where it lies (a cell of the tableau, or none: the discard
        pile), and the faces of a Rules card."""
        entry: dict[str, Any] = {"card": self.card, "kind": self.kind, "value": self.value}
        if cell is not None:
            entry = {"cell": list(cell), **entry, "turn": self.turn}
        if self.kind == RULES:
            entry["faces"] = list(self.faces)
        return entry

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> Piece:
        faces = entry.get("faces", (ANY, ANY, ANY))
        return cls(entry["card"], entry["kind"], entry["value"], entry.get("turn", 0), (faces[0], faces[1], faces[2]))


Tableau = Mapping[Cell, Piece]
Why = dict[str, Any]  #: a placement's reason as data: its ``code`` and the values its words need


def allowed_numbers(rule: str) -> tuple[int, ...]:
    """The numbers a restricted face accepts (``"1 3 5 7"`` → 1, 3, 5, 7)."""
    return tuple(int(n) for n in rule.split())


def accepts(rule: str, other: Piece) -> Why | None:
    """Why a face with ``rule`` may not touch ``other``, or None when it may."""
    if rule == ANY:
        return None
    if rule == DEAD:
        return {"code": "dead_face"}
    numbers = allowed_numbers(rule)
    return None if other.value in numbers else {"code": "only", "numbers": list(numbers)}


def why_not(tableau: Tableau, piece: Piece, cell: Cell) -> str:
    """Why ``piece`` may not lie in ``cell`` (the first reason, in a few words), or "" when it may."""
    why = reason(tableau, piece, cell)
    return text.reason(why) if why else ""


def reason(tableau: Tableau, piece: Piece, cell: Cell) -> Why | None:
    """Why ``piece`` may not lie in ``cell`` as data (the first reason: its ``code`` and the values
    its words need), or None when it may: ``{"code": "one_apart", "card": 6, "other": 4}``,
    ``{"code": "only", "numbers": [1, 2]}``, ``cell_taken``, ``touch_a_card``, ``dead_face``."""
    if cell in tableau:
        return {"code": "cell_taken"}
    touched = [(other, tableau[other]) for other in neighbours(cell) if other in tableau]
    if not touched:
        return {"code": "touch_a_card"}
    for other_cell, other in touched:
        why = (accepts(other.rule_towards(other_cell, cell), piece) or accepts(piece.rule_towards(cell, other_cell), other)
               or _one_apart(piece, other))
        if why:
            return why
    return None


def _one_apart(piece: Piece, other: Piece) -> Why | None:
    if piece.value is None or other.value is None or abs(piece.value - other.value) == 1:
        return None
    return {"code": "one_apart", "card": piece.value, "other": other.value}


def open_cells(tableau: Tableau) -> list[Cell]:
    """The empty cells beside the tableau, in order (row, then column)."""
    cells = {other for cell in tableau for other in neighbours(cell) if other not in tableau}
    return sorted(cells, key=lambda c: (c[1], c[0]))


def open_faces(tableau: Tableau) -> int:
    """Faces of the tableau's cards with an empty cell beyond them that are not dead."""
    return sum(1 for cell, piece in tableau.items() for other in neighbours(cell)
               if other not in tableau and piece.rule_towards(cell, other) != DEAD)


def places(tableau: Tableau, piece: Piece) -> Iterator[tuple[Cell, int]]:
    """Every cell and turn where ``piece`` may lie now (a number card: one turn per cell, any
    does; a Rules card: each way it may lie)."""
    for cell in open_cells(tableau):
        for turn in turns(cell) if piece.kind == RULES else turns(cell)[:1]:
            if reason(tableau, piece.turned(turn), cell) is None:
                yield cell, turn


def fits_somewhere(tableau: Tableau, piece: Piece) -> Cell | None:
    """The first cell where ``piece`` may lie now, or None."""
    return next((cell for cell, _ in places(tableau, piece)), None)


def values_fitting(tableau: Tableau, cell: Cell) -> list[int]:
    """The numbers a number card may show to lie in ``cell`` now."""
    return [v for v in VALUES if reason(tableau, Piece("", NUMBER, v, turns(cell)[0]), cell) is None]
