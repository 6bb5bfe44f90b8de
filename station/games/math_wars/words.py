"""Math Wars Meta's own words: its catalog domain (``math_wars``), and the few phrases its
screens, spoken lines and story share.

Every sentence a child or a teacher reads or hears about Math Wars is chosen here, in the
language of the moment (``station.i18n.language()``), from the values the engine's events carry
(a code and its numbers and names): the engine's own ``message`` and ``note`` stay English, for
the journal and the logs.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from station.i18n import Words
from station.ui.problem_words import problem_words

WORDS = Words(__package__)

#: A MATH CRATE card's sign as printed: a minus is "−", never a hyphen.
SIGNS = {"+": "+", "-": "−", "×": "×", "÷": "÷"}

#: A knock-out's reason -> why, in a few words (the OLED's banner and the spoken line).
OUT_REASONS = {"could_not_pay": WORDS.lazy_gettext("not enough cards to pay"),
               "out_of_cards": WORDS.lazy_gettext("no cards left to play"),
               "no_cards_for_war": WORDS.lazy_gettext("no cards for the war")}


def number(n: int) -> str:
    """A whole number as the station writes it: "−3" with a real minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def pair(record: Mapping[str, Any]) -> str:
    """A player's two cards as a sum to work out: "14 ÷ 5", "−3 × 2"."""
    return f"{number(record['count'])} {SIGNS.get(record['op'], record['op'])} {record['crate']}"


def left_out(record: Mapping[str, Any]) -> str:
    """Why a MATH CRATE card did not count: the shared expression problem it carries
    (``problem``, worded by ``station.ui.problem_words`` as every game says it): "14 ÷ 5 leaves a
    remainder". A record journaled before ``problem`` is worded from its code (``note_code``) and
    the two cards; one journaled before the code keeps its English note."""
    if record.get("problem"):
        return problem_words(record["problem"])
    code = record.get("note_code") or record.get("code")
    if code == "remainder":
        return WORDS.gettext("{sum} leaves a remainder", sum=pair(record))
    if code == "division_by_zero":
        return WORDS.gettext("You can't divide by 0")
    return str(record.get("note") or record.get("reason") or "").split(":")[0]
