"""What Math Rush says aloud: a wrong card and why ("Three fifths is less than three quarters.
Out of order."), a goal complete, the clock's warning and its end, the points. A right card is a
beep: the race goes on. ``WORDS`` holds every sentence of its own (the one place to translate);
a verdict's title is the screen's (``screens.VERDICT_TITLES``), its reason the engine's, in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.math_rush import screens
from station.speech.numbers import say_integer, say_sentence, say_text_number
from station.speech.voice import Line

WORDS = {
    "round_started": "Round {round}. Go!",
    "wrong_card": "{card}. {reason}",
    "complete": "Row {row} complete: {stars}!",
    "broken": "Row {row} is full, but broken. Flip it.",
    "help": "Help card used.",
    "time_warning": "{seconds} seconds left!",
    "time_up": "Time is up! Hands off.",
    "round_over": "Round {round}: {points}.",
    "round_ready": "Round {round}. Shuffle, and lay the goals.",
    "game_over": "Game over: {points} in all. {rating}",
    "other_game": "That is not a Math Rush card. Take it back.",
    "violation": "{title}. {reason}",
    "star": "one star", "stars": "{n} stars", "point": "one point", "points": "{n} points",
}


def _count(n: int, one: str, many: str) -> str:
    return WORDS[one] if n == 1 else WORDS[many].format(n=say_integer(n))


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    for e in events:
        kind = e["type"]
        if kind == "round_started":
            said.append(Line(WORDS["round_started"].format(round=say_integer(e["round"])), "your_turn"))
        elif kind == "card_played" and e["ok"]:
            said.append(Line(sound="accepted"))
        elif kind == "card_played":
            why = str(e["reason"])
            reason = say_sentence(why.removesuffix(": not equal") if "≠" in why else why)  # "is not equal to" says it
            card = say_text_number(e["shown"])
            words = reason if reason.lower().startswith(card) else WORDS["wrong_card"].format(
                card=card[:1].upper() + card[1:], reason=reason)
            said.append(Line(words, "wrong"))
        elif kind == "goal_complete" and e["broken"]:
            said.append(Line(WORDS["broken"].format(row=say_integer(e["row"])), "wrong"))
        elif kind == "goal_complete":
            said.append(Line(WORDS["complete"].format(row=say_integer(e["row"]),
                                                      stars=_count(e["stars"], "star", "stars")), "accepted"))
        elif kind == "help_used":
            said.append(Line(WORDS["help"], "accepted"))
        elif kind == "time_warning":
            said.append(Line(WORDS["time_warning"].format(seconds=say_integer(e["seconds"]).capitalize()),
                             "time_warning"))
        elif kind == "time_up":
            said.append(Line(WORDS["time_up"], "time_up"))
        elif kind == "round_over":
            said.append(Line(WORDS["round_over"].format(round=say_integer(e["round"]),
                                                        points=_count(e["points"], "point", "points"))))
        elif kind == "round_ready":
            said.append(Line(WORDS["round_ready"].format(round=say_integer(e["round"]))))
        elif kind == "game_over":
            said.append(Line(WORDS["game_over"].format(points=_count(e["total"], "point", "points"),
                                                       rating=next(w for least, w in screens.RATINGS
                                                                   if e["total"] >= least)), "game_over"))
        elif kind == "violation":
            card = screens._card(e.get("card"))
            if card is not None and card.game != screens.GAME:
                said.append(Line(WORDS["other_game"], "wrong"))
            else:
                title = screens.VERDICT_TITLES.get(e["code"], "Not allowed")
                said.append(Line(WORDS["violation"].format(title=title, reason=say_sentence(str(e["message"]))),
                                 "wrong"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [WORDS["time_warning"].format(seconds="Thirty"), WORDS["time_up"],
            WORDS["round_started"].format(round="one")]
