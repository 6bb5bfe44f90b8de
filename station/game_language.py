"""The language each game is played in, kept in the station's state folder beside its journal, so a
game chosen in Spanish on the setup screen comes back in Spanish after a restart (the journal keeps
the engine's config only, and the engine knows no language).

One small file, for the game in play: written when a game starts, read when the journal's
unfinished game is resumed. A missing, damaged or other game's file, or a language the station no
longer ships, costs only the choice: the game comes back in the station's language (said in the
log), never a play.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path

from station.atomic_file import write_atomically
from station.i18n import language_problem

log = logging.getLogger("station.referee")

LANGUAGE_NAME = "game-language.json"


class GameLanguage:
    """``keep`` a game's language at its start, ``recall`` it for that game at a restart."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)

    def keep(self, game_id: int, language: str) -> None:
        try:
            write_atomically(self.path, json.dumps({"game": game_id, "language": language}) + "\n", durable=False)
        except OSError as exc:
            log.warning("game %s's language not kept in %s (%s): a restart brings it back in the station's",
                        game_id, self.path, exc)

    def recall(self, game_id: int) -> str | None:
        """Game ``game_id``'s language, if this file kept it and the station still speaks it."""
        try:
            record = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(record, dict) or record.get("game") != game_id:
                return None
            language = record["language"]
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError, ValueError, KeyError) as exc:
            log.warning("the game's language kept in %s is not read (%s): the station's is used", self.path, exc)
            return None
        problem = language_problem(language)
        if problem:
            log.warning("game %s was played in %r, which %s: the station's language is used", game_id, language, problem)
            return None
        return str(language)
