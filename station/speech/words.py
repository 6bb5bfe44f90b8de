"""Words every game's spoken lines share: who won, a count of things. English for now; the
translation layer (gettext) wraps these strings like every game's own ``WORDS``."""

from __future__ import annotations

from collections.abc import Sequence

from station.speech.numbers import say_integer

WORDS = {
    "and": "{first} and {last}",
    "wins": "{who} wins",
    "win": "{who} win",  # several winners: a tie
    "turn": "{player}'s turn.",
}


def names(who: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    if len(who) <= 1:
        return "".join(who)
    return WORDS["and"].format(first=", ".join(who[:-1]), last=who[-1])


def wins(who: Sequence[str]) -> str:
    """"Ana wins", "Ana and Ben win"."""
    return WORDS["wins" if len(who) == 1 else "win"].format(who=names(who))


def count(n: int, one: str, many: str) -> str:
    """"one card", "three cards": ``one`` and ``many`` are the thing's words."""
    return f"{say_integer(n)} {one if n == 1 else many}"
