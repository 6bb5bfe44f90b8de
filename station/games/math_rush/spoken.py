"""What Math Rush says aloud: a wrong card and why ("Three fifths is less than three quarters.
Out of order."), a goal complete, the clock's warning and its end, the points. A right card is a
beep: the race goes on. ``WORDS`` holds every sentence of its own (the one place to translate:
each is a message of the game's catalog, in the language of the moment); a verdict's title is
the screen's (``screens.VERDICT_TITLES``), its reason the refusal's (``words.refusal``), in words.

A card that comes after the time is up (too late, or a goal laid on a finished round) is a buzz
with no words: the station is still saying "Time is up!" and the round's points, and a newer
line with words would cut them short (the screen says "Too late!").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.math_rush import screens, words
from station.speech.numbers import say_integer, say_sentence, say_text_number
from station.speech.voice import Line

_ = words.WORDS.lazy_gettext
WORDS = {
    "round_started": _("Round {round}. Go!"),
    "wrong_card": _("{card}. {reason}"),
    "complete": _("Row {row} complete: {stars}!"),
    "broken": _("Row {row} is full, but broken. Flip it."),
    "help": _("Help card used."),
    "time_warning": _("{seconds} seconds left!"),
    "time_up": _("Time is up! Hands off."),
    "round_over": _("Round {round}: {points}."),
    "round_ready": _("Round {round}. Shuffle, and lay the goals."),
    "game_over": _("Game over: {points} in all. {rating}"),
    "other_game": _("That is not a Math Rush card. Take it back."),
    "violation": _("{title} {reason}"),
    # a card compared with another, said in full ("3/5 < 3/4: out of order")
    "less": _("{card} is less than {other}. Out of order."),
    "greater": _("{card} is greater than {other}. Out of order."),
    "same": _("{card} equals {other}. Out of order."),
    "not_equal": _("{card} is not equal to {other}."),
    "stack": _("{card} is not equal to {other}. A stack is equal cards."),
}
_COMPARED = {("order", "<"): "less", ("order", ">"): "greater", ("order", "="): "same", ("not_equal", "≠"): "not_equal",
             ("stack", "≠"): "stack"}
#: Refusals of a card laid after the time is up: a buzz, no words (see above).
AFTER_TIME = frozenset({"too_late", "round_over"})


def _say(key: str, **values: Any) -> str:
    """A sentence of ``WORDS`` in the language of the moment, begun with a capital (a number in
    words may start it: "Thirty seconds left!")."""
    return _capital(str(WORDS[key]).format(**values))


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _stars(n: int) -> str:
    return words.WORDS.ngettext("one star", "{count} stars", n, count=say_integer(n))


def _points(n: int) -> str:
    return words.WORDS.ngettext("one point", "{count} points", n, count=say_integer(n))


def wrong_card(e: Mapping[str, Any]) -> str:
    """A wrong card and its one reason, numbers in words."""
    card = say_text_number(e["shown"])
    because = e.get("because") or {}
    compared = _COMPARED.get((because.get("code", ""), because.get("sign", "")))
    if compared:
        return _say(compared, card=card, other=say_text_number(because["other"]))
    reason = say_sentence(words.why(because, str(e["reason"])))
    if reason.lower().startswith(card.lower()):  # an event with only the engine's words: they name the card
        return reason
    return _say("wrong_card", card=card, reason=reason)


def _title(code: str) -> str:
    """The verdict screen's title as a sentence: "Lay goals first.", "Too late!"."""
    title = str(screens.VERDICT_TITLES.get(code, screens.NOT_ALLOWED))
    return title if title[-1:] in ".!?" else title + "."


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    for e in events:
        kind = e["type"]
        if kind == "round_started":
            said.append(Line(_say("round_started", round=say_integer(e["round"])), "your_turn"))
        elif kind == "card_played" and e["ok"]:
            said.append(Line(sound="accepted"))
        elif kind == "card_played":
            said.append(Line(wrong_card(e), "wrong"))
        elif kind == "goal_complete" and e["broken"]:
            said.append(Line(_say("broken", row=say_integer(e["row"])), "wrong"))
        elif kind == "goal_complete":
            said.append(Line(_say("complete", row=say_integer(e["row"]), stars=_stars(e["stars"])), "accepted"))
        elif kind == "help_used":
            said.append(Line(_say("help"), "accepted"))
        elif kind == "time_warning":
            said.append(Line(_say("time_warning", seconds=say_integer(e["seconds"])), "time_warning"))
        elif kind == "time_up":
            said.append(Line(_say("time_up"), "time_up"))
        elif kind == "round_over":
            said.append(Line(_say("round_over", round=say_integer(e["round"]), points=_points(e["points"]))))
        elif kind == "round_ready":
            said.append(Line(_say("round_ready", round=say_integer(e["round"]))))
        elif kind == "game_over":
            said.append(Line(_say("game_over", points=_points(e["total"]), rating=words.rating(e["total"])),
                             "game_over"))
        elif kind == "violation" and e["code"] in AFTER_TIME:
            said.append(Line(sound="wrong"))  # "Time is up!" is still being said: not cut short by a buzz
        elif kind == "violation":
            card = words.card_of(e.get("card"))
            if card is not None and card.game != screens.GAME:
                said.append(Line(_say("other_game"), "wrong"))
            else:
                said.append(Line(_say("violation", title=_title(e["code"]), reason=say_sentence(words.refusal(e))),
                                 "wrong"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [_say("time_warning", seconds=say_integer(30)), _say("time_up"),
            _say("round_started", round=say_integer(1))]
