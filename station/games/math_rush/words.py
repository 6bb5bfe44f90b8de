"""Math Rush's words, in the language of the moment (the game's own catalog domain, ``math_rush``):
why a card breaks a set, why an action is refused, a goal's restriction, counts of points, stars
and Help cards. The engine gives each as data (a code and its values; its English ``message``
and ``reason`` stay for the journal); the screens, the voice and the demo's story word them here.

>>> why({"code": "order", "card": "3/5", "sign": "<", "other": "3/4"})
'3/5 < 3/4: out of order'
>>> refusal({"code": "row_taken", "row": 2, "name": "UP 3", "message": "Row 2 has UP 3: use a free row."})
'Row 2 has UP 3: use a free row.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.catalog import Card, load_catalog
from engine.errors import EngineError
from engine.games import GAME_TITLES
from station.i18n import Words

WORDS = Words(__package__)
GAME = "math-rush"

#: A goal's restriction to one kind of card ("only" in the engine's ``Why``).
ONLY = {
    "decimals": WORDS.lazy_gettext("Decimals only"),
    "fractions": WORDS.lazy_gettext("Fractions only"),
    "percents": WORDS.lazy_gettext("Percents only"),
    "repeating": WORDS.lazy_gettext("Repeating decimals only"),
    "unreduced": WORDS.lazy_gettext("Unreduced fractions only"),
}


def why(because: Mapping[str, Any] | None, fallback: str = "") -> str:
    """Why a card breaks a set, in a few words for the screen ("3/5 < 3/4: out of order");
    ``fallback`` (the engine's English) for a code these words do not know."""
    if not because:
        return fallback
    code, card, other, sign = because["code"], because.get("card", ""), because.get("other", ""), because.get("sign", "")
    if code == "only" and because.get("only") in ONLY:
        return str(ONLY[because["only"]])
    if code == "above":
        return WORDS.gettext("Greater than {value}", value=other)
    if code == "below":
        return WORDS.gettext("Less than {value}", value=other)
    if code == "stack":
        return WORDS.gettext("{card} ≠ {other}: a stack is equal cards", card=card, other=other)
    if code == "order":
        return WORDS.gettext("{card} {sign} {other}: out of order", card=card, sign=sign, other=other)
    if code == "not_equal":
        return WORDS.gettext("{card} ≠ {other}: not equal", card=card, other=other)
    return fallback


def limit(goal_laid: Mapping[str, Any]) -> str:
    """A goal's restriction ("Decimals only", "Less than 1/2"), or "" for a goal that takes any card."""
    return why(goal_laid.get("limit"), str(goal_laid.get("restriction", "")))


def unfinished(placed: int, count: int) -> str:
    """A goal whose set was not full when the time ran out: "2 of 3 cards"."""
    return WORDS.ngettext("{placed} of {n} card", "{placed} of {n} cards", count, placed=placed)


def goal_why(goal: Mapping[str, Any]) -> str:
    """Why a goal of a round's end scored nothing ("2 of 3 cards", "0.1 < 1/2: out of order"), or ""."""
    if "complete" in goal and not goal["complete"]:
        return unfinished(goal["placed"], goal["count"])
    return why(goal.get("because"), str(goal.get("why", "")))


# ---- refusals -----------------------------------------------------------------------------------

def card_of(card: str | None) -> Card | None:
    """A card of the catalog by its id, or None (no card named, or one the catalog lacks)."""
    if not card:
        return None
    try:
        return load_catalog().card(card)
    except EngineError:
        return None


def _other_game(card: Card) -> str:
    return WORDS.gettext("That card is from {game}, not Math Rush: take it back.",
                         game=GAME_TITLES.get(card.game, card.game))


def _not_a_goal(e: Mapping[str, Any], card: Card | None) -> str:
    if card is not None and card.game != GAME:
        return _other_game(card)
    if card is not None and card.face.kind == "help":
        return WORDS.gettext("A Help card is no goal: it goes in the Help box.")
    return WORDS.gettext("That is a number card: lay it in a row.")


def _not_a_number(e: Mapping[str, Any], card: Card | None) -> str:
    if card is not None and card.game != GAME:
        return _other_game(card)
    if card is not None and card.face.kind == "help":
        return WORDS.gettext("Help cards go in the Help box.")
    if card is not None and card.face.kind in ("goal", "advanced-goal"):
        return WORDS.gettext("That is a goal: it goes in the goal column.")
    return WORDS.gettext("{card} is not a number card.", card=card.face.describe() if card else "")


def _round_over() -> str:
    return WORDS.gettext("The round is over. CONFIRM: next round.")


_REFUSALS: dict[str, Any] = {
    "not_a_goal": _not_a_goal,
    "not_a_number": _not_a_number,
    "game_over": lambda e, c: WORDS.gettext("The game is over: CONFIRM for a new one."),
    "round_over": lambda e, c: _round_over(),
    "advanced": lambda e, c: WORDS.gettext("Not in this game: put it back in the box."),
    "goal_used": lambda e, c: WORDS.gettext("Used this round: lay another goal."),
    "row_taken": lambda e, c: WORDS.gettext("Row {row} has {name}: use a free row.", row=e["row"], name=e["name"]),
    "too_many_goals": lambda e, c: WORDS.ngettext("{n} goal at a time: complete one first.",
                                                  "{n} goals at a time: complete one first.", e["most"]),
    "started": lambda e, c: (WORDS.gettext("The clock is running: play your cards.") if e["phase"] == "playing"
                             else _round_over()),
    "no_goals": lambda e, c: WORDS.gettext("Lay the goal cards in the goal column first."),
    "not_started": lambda e, c: WORDS.gettext("Wait: press CONFIRM to start the clock."),
    "too_late": lambda e, c: WORDS.gettext("Time is up: this card does not count."),
    "played_already": lambda e, c: WORDS.gettext("That card is in row {row}: put it back there.", row=e["row"]),
    "no_goal": lambda e, c: WORDS.gettext("No goal in row {row}: play beside a goal.", row=e["row"]),
    "goal_done": lambda e, c: WORDS.gettext("{name} is complete: flip it and lay a new goal.", name=e["name"]),
    "no_help": lambda e, c: WORDS.gettext("No Help cards left: play on."),
    "nothing_lifted": lambda e, c: WORDS.gettext("Lift the wrong cards first, then the Help card."),
    "one_set": lambda e, c: WORDS.gettext("One Help card, one set: put the others back."),
    "not_playing": lambda e, c: (WORDS.gettext("Start the round first: press CONFIRM.") if e["phase"] == "setup"
                                 else _round_over()),
    "round_on": lambda e, c: (WORDS.gettext("Finish this round first.") if e["phase"] == "playing"
                              else WORDS.gettext("Lay the goals and start the round.")),
}


def refusal(e: Mapping[str, Any]) -> str:
    """A violation's sentence (why, and what to do) from its code and values; the engine's
    English ``message`` for a code, or a journal's event, that lacks them."""
    words = _REFUSALS.get(e["code"])
    try:
        return words(e, card_of(e.get("card"))) if words else str(e["message"])
    except KeyError:  # an event from before the values were carried
        return str(e["message"])


# ---- counts -------------------------------------------------------------------------------------

def points(n: int) -> str:
    return WORDS.ngettext("{n} point", "{n} points", n)


def stars(n: int) -> str:
    return WORDS.ngettext("{n} star", "{n} stars", n)


def help_cards(n: int) -> str:
    """ "No Help cards", "1 Help card", "2 Help cards"."""
    return WORDS.gettext("No Help cards") if n == 0 else WORDS.ngettext("{n} Help card", "{n} Help cards", n)


def help_left(n: int) -> str:
    """ "No Help cards left", "1 Help card left", "2 Help cards left"."""
    return WORDS.gettext("No Help cards left") if n == 0 else \
        WORDS.ngettext("{n} Help card left", "{n} Help cards left", n)


#: The station's own progress rating for a whole game's points (the sheet's chart is not public):
#: the least points for each words, highest first (docs/rules/math-rush.md).
RATINGS = ((30, WORDS.lazy_gettext("Math Rush champions!")), (20, WORDS.lazy_gettext("Speedy team!")),
           (10, WORDS.lazy_gettext("Getting quick!")), (0, WORDS.lazy_gettext("Warming up!")))


def rating(total: int) -> str:
    return str(next(words for least, words in RATINGS if total >= least))
