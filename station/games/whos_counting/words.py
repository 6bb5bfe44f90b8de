"""Who's Counting?'s own words (its catalog domain, ``whos_counting``): every sentence its screens,
voice and story say, in the language of the moment (docs/languages.md). The card names printed on
the deck (Double, Steal, Green Goo …) stay as printed."""

from __future__ import annotations

from station.i18n import Words

WORDS = Words(__package__)

#: A blue or red card's effect (or what a Super stands for) by its printed name.
EFFECTS = {"double": "Double", "extra_turn": "Extra Turn", "stop": "Stop", "steal": "Steal", "negative": "Negative",
           "zero": "Zero", "split": "Split"}


def shown(value: str) -> str:
    """What a declared value looks like, as printed on the cards: ``7``, ``−``, ``Double``."""
    return EFFECTS.get(value, {"-": "−"}.get(value, value))


def signed(points: int) -> str:
    """A score as the cards write numbers: −41 with a true minus sign."""
    return f"−{-points}" if points < 0 else str(points)


def names(who: list[str] | tuple[str, ...]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cleo", in the language of the moment."""
    who = list(who)
    if len(who) <= 1:
        return "".join(who)
    return WORDS.gettext("{first} and {last}", first=", ".join(who[:-1]), last=who[-1])
