"""Math Rush's station side, all in this folder: the plug-in (``plugin.py``), how its cards are read
on the table (``table.py``), its screens (``screens.py``), what it says aloud (``spoken.py``),
the demo's story (``story.py``), its virtual players and demo (``players.py``, ``demo.py``), and
its data files: the mat, the card look and the rules card's words (``*.mat.toml``,
``*.look.toml``, ``*.rules.toml``). Every word a person reads or hears is in the game's own
catalog (``words.py``'s ``WORDS``, ``locale/<lang>/LC_MESSAGES/math_rush.po``), built from the
codes and values of the engine's events. Its rules are ``engine.math_rush``."""

from station.games.math_rush.plugin import PLUGIN

__all__ = ["PLUGIN"]
