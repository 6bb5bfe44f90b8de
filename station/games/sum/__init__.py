"""SUM's station side, all in this folder: the plug-in (``plugin.py``), how its cards are read
on the table (``table.py``), its screens (``screens.py``), its virtual players and demo
(``players.py``, ``demo.py``), and its data files: the mat, the card look and the rules card's
words (``*.mat.toml``, ``*.look.toml``, ``*.rules.toml``). Its rules are ``engine.sum``."""

from station.games.sum.plugin import PLUGIN

__all__ = ["PLUGIN"]
