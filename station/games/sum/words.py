"""SUM's own words, in the language of the moment: the ``sum`` catalog domain
(``locale/<lang>/LC_MESSAGES/sum.po``), and the wild cards' effects its screens, spoken lines and
story share. A list of names is the station's (``station.speech.words.names``: "Ana, Ben and
Cleo", "Ana e Isabel")."""

from __future__ import annotations

from station.i18n import Words

WORDS = Words(__package__)

#: A wild card's effect, as the station names it (the card's face keeps its printed name).
EFFECTS = {
    "propagation": WORDS.lazy_gettext("Propagation"),
    "neutralization": WORDS.lazy_gettext("Neutralization"),
    "radicalization": WORDS.lazy_gettext("Radicalization"),
    "rotation": WORDS.lazy_gettext("Rotation"),
}


def effect(name: str) -> str:
    """A wild card's effect in words: "Rotation"."""
    return str(EFFECTS[name])
