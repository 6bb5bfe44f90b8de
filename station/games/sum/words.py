"""SUM's own words, in the language of the moment: the ``sum`` catalog domain
(``locale/<lang>/LC_MESSAGES/sum.po``), and the few words its screens, spoken lines and story
share: the wild cards' effects, the decks, a list of names."""

from __future__ import annotations

from collections.abc import Sequence

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


def names(who: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    who = list(who)
    if len(who) <= 1:
        return "".join(who)
    return WORDS.gettext("{first} and {last}", first=", ".join(who[:-1]), last=who[-1])
