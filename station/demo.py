"""``mathstation demo --text``: a whole game between seeded virtual players, refereed by the
engine alone (no camera, no screens) and told as text with the game's own sentences. Any game
with a plug-in: its virtual players and its story come from there.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.rules import new_game
from station.game_plugin import StationGame
from station.i18n import _
from station.journal_file import write_journal_file
from station.terminal_text import say


def text_demo(plugin: StationGame, config: Mapping[str, Any], seed: int, *, save: Path | None = None,
              pace: float = 0.0) -> int:
    """Play and tell the game; ``save`` writes its journal for ``mathstation replay``."""
    game = new_game(config)
    say(plugin.headline(game))
    say(_("Virtual players, shuffle seed {seed}.", seed=seed))
    print()
    tell = plugin.story(game)
    for _action, events in plugin.virtual_players(game, seed):
        for event in events:
            for line in tell(event):
                say(line)
                if pace:
                    time.sleep(pace)
    print()
    say("\n".join(plugin.summary(game)))
    if save:
        write_journal_file(save, game.config, game.actions)
        say("\n" + _("Journal saved to {file}: replay it with `mathstation replay {file}`", file=save))
    return 0
