"""Math Wars Meta's station side, all in this folder: the plug-in (``plugin.py``), how its cards are read
on the table (``table.py``), its screens (``screens.py``), spoken lines (``spoken.py``) and story
(``story.py``), all worded in its own catalog domain (``words.py``, ``locale/<lang>/LC_MESSAGES/math_wars.po``),
its virtual players and demo (``players.py``, ``demo.py``), and its data files: the mat, the card look and the rules card's
words (``*.mat.toml``, ``*.look.toml``, ``*.rules.toml``). Its rules are ``engine.math_wars``."""

from station.games.math_wars.plugin import PLUGIN

__all__ = ["PLUGIN"]
