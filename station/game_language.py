"""The language each game is played in, and how its results are shown (``reveal``: on CONFIRM or
at once), kept in the station's state folder beside its journal, so a game chosen in Spanish on
the setup screen comes back in Spanish after a restart, its results shown as it was set up (the
journal keeps the engine's config only, and the engine knows neither).

One small file, for the game in play: written when a game starts, read when the journal's
unfinished game is resumed. A missing, damaged or other game's file, or a language the station no
longer ships, costs only the choice: the game comes back in the station's language (said in the
log), never a play. Reveals: only the two the station knows ("press", "at_once").
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from station.atomic_file import write_atomically
from station.i18n import language_problem

log = logging.getLogger("station.referee")

LANGUAGE_NAME = "game-language.json"


REVEALS = ("press", "at_once")


class GameLanguage:
    """``keep`` a game's language (and reveal) at its start, ``recall`` them for that game at a restart."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def keep(self, game_id: int, language: str, reveal: str | None = None) -> None:
        record = {"game": game_id, "language": language, **({"reveal": reveal} if reveal else {})}
        try:
            write_atomically(self.path, json.dumps(record) + "\n")   # synced: it decides how results show after a power cut
        except OSError as exc:
            log.warning("game %s's language not kept in %s (%s): a restart brings it back in the station's",
                        game_id, self.path, exc)

    def _record(self, game_id: int) -> dict[str, object] | None:
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            log.warning("the game's language kept in %s is not read (%s): the station's is used", self.path, exc)
            return None
        return record if isinstance(record, dict) and record.get("game") == game_id else None

    def recall_reveal(self, game_id: int) -> str | None:
        """How game ``game_id``'s results were shown, if this file kept it (else the config says)."""
        reveal = (self._record(game_id) or {}).get("reveal")
        if reveal is not None and reveal not in REVEALS:
            log.warning("game %s's reveal %r kept in %s is not one the station knows: the config's is used",
                        game_id, reveal, self.path)
            return None
        return reveal if isinstance(reveal, str) else None

    def recall(self, game_id: int) -> str | None:
        """Game ``game_id``'s language, if this file kept it and the station still speaks it."""
        record = self._record(game_id)
        if record is None:
            return None
        if "language" not in record:
            log.warning("the game's language kept in %s is not read (no language): the station's is used", self.path)
            return None
        language = record["language"]
        problem = language_problem(language)
        if problem:
            log.warning("game %s was played in %r, which %s: the station's language is used", game_id, language, problem)
            return None
        return str(language)
