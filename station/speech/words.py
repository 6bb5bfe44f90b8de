"""Words every game's spoken lines share: whose turn, who won, a count of things, in the
station's language (the ``station`` catalog's domain; docs/languages.md).

``WORDS`` keeps its keys ("turn", "wins" ...); each value is translated when it is read, so a
line built now is in the language of now."""

from __future__ import annotations

from collections.abc import Sequence

from station.i18n import language, lazy_gettext
from station.speech.numbers import words as number_words

WORDS = {
    # Translators: two or more players' names: "Ana, Ben and Cleo".
    "and": lazy_gettext("{first} and {last}"),
    # Translators: said aloud when one player wins; {who} is a name ("Ana wins"). A game may add
    # to it ("Ana wins the game!"): the verb's person and place must fit there too.
    "wins": lazy_gettext("{who} wins"),
    # Translators: several winners, a tie: {who} is "Ana and Ben".
    "win": lazy_gettext("{who} win"),
    # Translators: said aloud when a player's turn starts.
    "turn": lazy_gettext("{player}'s turn."),
}
#: Where a language changes "and" before a sound (Spanish "e" before an i sound: "Ana e Isabel").
_AND_BEFORE = {"es": (("i", "hi", "í", "hí"), ("hia", "hie", "hio", "hiu"), "{first} e {last}")}


def names(who: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cleo" ("Ana, Ben y Cleo"; "Ana e Isabel")."""
    if len(who) <= 1:
        return "".join(who)
    first, last = ", ".join(who[:-1]), who[-1]
    rule = _AND_BEFORE.get(language())
    if rule and last.lower().startswith(rule[0]) and not last.lower().startswith(rule[1]):
        return rule[2].format(first=first, last=last)
    return WORDS["and"].format(first=first, last=last)


def wins(who: Sequence[str]) -> str:
    """"Ana wins", "Ana and Ben win" ("Ana gana", "Ana y Ben ganan")."""
    return WORDS["wins" if len(who) == 1 else "win"].format(who=names(who))


def count(n: int, one: str, many: str, gender: str = "") -> str:
    """"one card", "three cards": ``one`` and ``many`` are the thing's words, in the language of
    now. Where the number agrees with its noun ("una carta", "un punto", "veintiuna cartas"),
    ``gender`` ("m"/"f") says the noun's; "" lets the language tell it from the word."""
    table = number_words()
    said = table.integer(n, gender or table.gender_of(one))
    return f"{said} {one if n == 1 else many}"
