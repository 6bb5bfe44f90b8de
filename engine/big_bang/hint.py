"""The hint button (beyond the sheet): how many faces of the tableau are open, and which values
fit where now. Pure: it reads a saved ``BigBang.state()``, so a screen can ask at any time.

>>> from engine.big_bang import BigBang
>>> game = BigBang({"game": "big-bang", "players": ["Ana"]})
>>> _ = game.apply({"type": "start", "t": 0})
>>> _ = game.apply({"type": "play", "t": 1, "player": "Ana", "card": "BB-A-N1A", "cell": [1, 0], "turn": 180})
>>> help = hint(game.state(), "Ana")
>>> help["open_faces"], help["spots"][2]
(4, {'cell': [2, 0], 'values': [2]})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from engine.big_bang.lattice import Cell
from engine.big_bang.tableau import NUMBER, VALUES, Piece, open_cells, open_faces, places, values_fitting


def hint(state: Mapping[str, Any], player: str) -> dict[str, Any]:
    """What fits now on ``player``'s tableau.

    ``open_faces``: faces of the tableau's cards with an empty cell beyond them (dead faces aside);
    ``spots``: every empty cell beside the tableau (row by row) with the values a number card may
    show there, among the values whose cards are not all down yet (none: the cell is blocked);
    ``values``: all those values; ``top``: the discard pile's top card and the cells where it fits
    (None with an empty pile)."""
    seat = next((s for s in state["tableaux"] if s["player"] == player), None)
    if seat is None:
        raise ValueError(f"no player {player!r} in this game (players: {', '.join(state['players'])})")
    tableau: dict[Cell, Piece] = {(c["cell"][0], c["cell"][1]): Piece.from_json(c) for c in seat["cells"]}
    down = Counter(piece.value for piece in tableau.values() if piece.kind == NUMBER)
    left = [value for value in VALUES if down[value] < value]  # value n has n cards
    spots = [{"cell": list(cell), "values": [v for v in values_fitting(tableau, cell) if v in left]}
             for cell in open_cells(tableau)]
    top = None
    if seat["discard"]:
        entry = seat["discard"][-1]
        cells = sorted({cell for cell, _ in places(tableau, Piece.from_json(entry))}, key=lambda c: (c[1], c[0]))
        top = {"card": entry["card"], "kind": entry["kind"], "value": entry["value"], "fits": [list(c) for c in cells]}
    return {"player": player, "open_faces": open_faces(tableau), "spots": spots,
            "values": sorted({v for spot in spots for v in spot["values"]}), "top": top}
