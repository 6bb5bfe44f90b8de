"""Big Bang's own words, in the language of the moment (``station.i18n``): the catalog domain
``big_bang`` (``locale/<lang>/LC_MESSAGES/big_bang.po``), and the few pieces every screen, spoken
line and story line of the game shares: a card named, a list, a score, a refusal's reason.

The engine keeps its English (``engine.big_bang.text``) for journals and logs; its events carry
a ``code`` and the values these words need, so no sentence here is parsed from the English."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from station.i18n import Words

WORDS = Words(__package__)


def shown(kind: str | None, value: int | None) -> str:
    """A card in a word or two: ``5``, ``Black Star``, ``Rules card``."""
    if value is not None:
        return str(value)
    return WORDS.gettext("Black Star") if kind == "star" else WORDS.gettext("Rules card")


def listed(items: Iterable[object], conjunction: str = "and") -> str:
    """``1``, ``1 or 2``, ``1, 3, 5 and 7`` in the language's words."""
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    first, last = ", ".join(words[:-1]), words[-1]
    if conjunction == "or":
        return WORDS.gettext("{first} or {last}", first=first, last=last)
    return WORDS.gettext("{first} and {last}", first=first, last=last)


def signed(n: int) -> str:
    """A score as printed: ``−8`` with a real minus sign."""
    return f"−{-n}" if n < 0 else str(n)


def points(n: int) -> str:
    """``1 point``, ``−28 points``."""
    return WORDS.ngettext("{points} point", "{points} points", abs(n), points=signed(n))


def placement(why: Mapping[str, Any]) -> tuple[str, str, str]:
    """A card laid where it does not fit (``engine.big_bang.tableau.reason``): the verdict's title,
    its detail (why, then what to do) and, for two numbers side by side, what the child sees
    ("6 beside 4"; "" for the card itself)."""
    code = why["code"]
    if code == "one_apart":
        return (WORDS.gettext("No fit"), WORDS.gettext("Neighbours are 1 apart. Take it back"),
                WORDS.gettext("{card} beside {other}", card=why["card"], other=why["other"]))
    if code == "only":
        return (WORDS.gettext("No fit"),
                WORDS.gettext("Only {numbers} there. Take it back", numbers=listed(why["numbers"], "or")), "")
    if code == "touch_a_card":
        return WORDS.gettext("Not touching"), WORDS.gettext("Lay it beside a card"), ""
    if code == "cell_taken":
        return WORDS.gettext("Place taken"), WORDS.gettext("A card is there. Take it back"), ""
    return WORDS.gettext("Dead face"), WORDS.gettext("That side takes nothing. Take it back"), ""


def refusal(e: Mapping[str, Any]) -> tuple[str, str]:
    """A ``violation`` event's title and detail on the screen: what is wrong, then what to do."""
    code = e["code"]
    title = {
        "not_your_set": WORDS.gettext("Not your set"), "wrong_game": WORDS.gettext("Other game"),
        "rules_off": WORDS.gettext("No Rules cards"), "played_stays": WORDS.gettext("It stays down"),
        "no_digging": WORDS.gettext("Top card only"), "fits": WORDS.gettext("It fits!"),
        "top_fits": WORDS.gettext("Top card fits"), "hand_fits": WORDS.gettext("A card fits"),
        "not_started": WORDS.gettext("Press CONFIRM"), "started": WORDS.gettext("Already started"),
        "round_on": WORDS.gettext("Round is on"), "round_over": WORDS.gettext("Round over"),
        "game_over": WORDS.gettext("Game over"),
    }.get(code, WORDS.gettext("Not allowed"))
    return title, _step(code, e)


REFUSALS = ("not_your_set", "wrong_game", "rules_off", "played_stays", "no_digging", "fits", "top_fits", "hand_fits",
            "not_started", "started", "round_on", "round_over", "game_over")  #: every violation code the words know


def _step(code: str, e: Mapping[str, Any]) -> str:
    number = e.get("value")
    rules = e.get("kind") == "rules" or number is None
    if code == "not_your_set":
        if e.get("owner"):
            return WORDS.gettext("Set {set} is {owner}'s. Play set {own}", set=e["set"], owner=e["owner"], own=e["own"])
        if e.get("set"):
            return WORDS.gettext("Set {set} is not yours. Play set {own}", set=e["set"], own=e["own"])
        return WORDS.gettext("Play your own set")
    if code == "no_digging":
        top = e.get("top") or {}
        return WORDS.gettext("Pile top: {top}. Put this one back", top=shown(top.get("kind"), top.get("value")))
    if code == "fits":
        return WORDS.gettext("That Rules card fits: play it") if rules else \
            WORDS.gettext("That {card} fits: play it", card=number)
    if code == "hand_fits":
        return WORDS.gettext("Your Rules card fits: play it") if rules else \
            WORDS.gettext("Your {card} fits: play it", card=number)
    if code == "top_fits":
        return WORDS.gettext("The Rules card on the discard pile fits: play it") if rules else \
            WORDS.gettext("The {card} on the discard pile fits: play it", card=number)
    steps = {
        "wrong_game": WORDS.gettext("Not a Big Bang card. Take it back"),
        "rules_off": WORDS.gettext("Not in this game: put it back in the box"),
        "played_stays": WORDS.gettext("Played cards stay: put it back"),
        "not_started": WORDS.gettext("Wait: press CONFIRM to start"),
        "started": WORDS.gettext("The round has started already"),
        "round_on": WORDS.gettext("Finish this round first"),
        "round_over": WORDS.gettext("The round is over. CONFIRM: next round"),
        "game_over": WORDS.gettext("CONFIRM: new game"),
    }
    # a code these words do not know yet: the engine's own sentence (English) rather than nothing
    return steps.get(code) or str(e.get("message", "")).rstrip(".")
