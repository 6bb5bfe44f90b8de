"""A player's name: one rule wherever it comes from (the roster's form and CSV import, a game's
seat names in the station config, the setup screen that seats them), because every one of them
ends up on the OLED, in the journal and in the history's CSV.

A name is one to ``MAX_NAME`` characters once its spaces are trimmed and made single, with no
control character (nothing the screen cannot show: a NUL, a tab, a line break, a direction
mark), and two names are the same whatever their case ("ana" is "Ana"). A name that looks like
a spreadsheet formula (``=1+1``) is a name like any other: the CSV writer keeps it text
(``station.spreadsheet``).

>>> check_name("  Zoë   B. ")
'Zoë B.'
>>> check_name("Maximilianus Alexander")
Traceback (most recent call last):
...
station.names.BadName: Maximilianus Alexander is 22 characters long and the screen shows 16: shorten it (a first name and an initial is enough)
"""

from __future__ import annotations

import unicodedata

from station.i18n import _

MAX_NAME = 16  # characters: what a player line of the OLED shows whole
QUOTED = 40    # characters of a bad name a message quotes: enough to find it, never thousands


class BadName(ValueError):
    """A name that cannot be used: the message says why in a teacher's words, ``short`` in a
    few for the OLED."""

    def __init__(self, reason: str, short: str) -> None:
        super().__init__(reason)
        self.short = short


def check_name(name: object) -> str:
    """The name as it is kept (spaces trimmed and single, Unicode composed), or ``BadName``."""
    if not isinstance(name, str):
        raise BadName(_("a name must be text"), "not text")
    tidy = " ".join(unicodedata.normalize("NFC", name).split())
    if not tidy:
        raise BadName(_("a name cannot be empty"), "empty")
    if any(unicodedata.category(ch).startswith("C") for ch in tidy):
        raise BadName(_("{name} holds a character that cannot be shown (a control character)", name=quoted(tidy)),
                      "a hidden character")
    if len(tidy) > MAX_NAME:
        raise BadName(_("{name} is {length} characters long and the screen shows {most}: shorten it "
                        "(a first name and an initial is enough)", name=cut(tidy), length=len(tidy), most=MAX_NAME),
                      "too long")
    return tidy


def same_name(a: str, b: str) -> bool:
    """Whether two kept names are one child's (case and composed accents aside)."""
    return name_key(a) == name_key(b)


def name_key(name: str) -> str:
    """What two names are compared and sorted by."""
    return unicodedata.normalize("NFC", name).casefold()


def cut(text: str) -> str:
    """A long text as a message quotes it: its first ``QUOTED`` characters and "…"."""
    return text if len(text) <= QUOTED else text[:QUOTED] + "…"


def quoted(text: str) -> str:
    """``repr`` of a text cut short: control characters made visible, never thousands of characters."""
    return repr(text) if len(text) <= QUOTED else repr(text[:QUOTED]) + "…"
