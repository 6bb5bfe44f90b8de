"""Where the cards lay when the station last saw them, kept in the station's state folder, so
that after a restart the game can tell what the players did to its cards while the station was
down: a card of a stack whose top no longer lies on its place was taken with it or slid off, a
card laid while the station was down on the place of a hidden one lies on it.

The journal says which cards lie on the table (the rules' account); this file only says where,
as a hint: it is written on the frame loop when the table changes (no fsync), for one game of
the journal. A missing, damaged or other game's file costs only that hint (the game goes on as
if nothing had been moved), never a play.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Protocol

from station.atomic_file import write_atomically

log = logging.getLogger("station.vision")

TABLE_NAME = "table-seen.json"
LAYOUT = 1  # the file's layout: another one is not read
Place = tuple[float, float]


class Placed(Protocol):
    """A card the tracker follows (``station.vision.track.TrackedCard``)."""

    card_id: str
    x: float
    y: float


class TableMemory:
    """One file: ``keep`` the cards' places as a game goes, ``recall`` them for that game at start."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._kept: tuple[int, dict[str, Place]] | None = None
        self._said_unwritable = False

    def recall(self, game_id: int) -> dict[str, Place]:
        """Each card's place (mm on the mat) as last seen in game ``game_id``; none for another
        game's file, or a damaged one (said in the log)."""
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or record.get("layout") != LAYOUT:
                raise ValueError(f"not layout {LAYOUT}")
            if record["game"] != game_id:
                return {}
            places = {str(card): (float(x), float(y)) for card, (x, y) in record["cards"].items()}
        except FileNotFoundError:
            return {}
        except (OSError, UnicodeDecodeError, ValueError, TypeError, KeyError, AttributeError) as exc:
            log.warning("the cards' places kept in %s are not read (%s): ignored", self.path, exc)
            return {}
        self._kept = (game_id, places)
        return places

    def keep(self, game_id: int, cards: Iterable[Placed], hidden: Mapping[str, Place] | None = None) -> None:
        """Write the places of ``cards`` (the tracker's, covered ones too: a hidden card lies where
        it was) and of ``hidden`` cards the tracker never saw (under a card since a restart),
        unless they are what is kept already (to the millimetre)."""
        places = {card: (round(x, 1), round(y, 1)) for card, (x, y) in (hidden or {}).items()}
        places.update({card.card_id: (round(card.x, 1), round(card.y, 1)) for card in cards})
        if self._kept == (game_id, places):
            return
        record = {"layout": LAYOUT, "game": game_id, "cards": {card: list(xy) for card, xy in sorted(places.items())}}
        try:
            write_atomically(self.path, json.dumps(record) + "\n", durable=False)  # a hint, written on the frame loop: a half-written file reads as damaged
        except OSError as exc:
            if not self._said_unwritable:
                log.warning("the cards' places not kept in %s (%s): a restart will not know where they lay",
                            self.path, exc)
                self._said_unwritable = True
            return
        self._kept = (game_id, places)
