"""What Who's Counting? says aloud: whose turn, an expression that scores (in words) and its
points, a red card and its answer, a broken expression and why, the clock's end, the winner.
Its sentences are the game's own words (``words.WORDS``, the language of the moment); a verdict
is said as its screen shows it (``screens``), numbers in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.whos_counting import screens
from station.games.whos_counting.words import EFFECTS
from station.games.whos_counting.words import WORDS as GAME_WORDS
from station.speech.numbers import say_expression, say_integer
from station.speech.voice import Line, say_screen
from station.speech.words import WORDS as SHARED
from station.speech.words import wins

_ = GAME_WORDS.lazy_gettext
#: Every sentence of its own, in one place: each a message of the game's catalog, in the language
#: of the moment when it is said.
WORDS = {
    "scored": _("{expression} is {value}. {score} points! Who's counting?"),
    "red": _("{player} plays a red card: {effect}!"),
    "goo": _("Green goo from {player}: {effect}! No stop can help."),
    "answer": _("{player}, stop it?"),
    "stopped": _("Stopped!"),
    "turn_scored": _("{player} scores {score}."),
    "passed": _("{player} passes."),
    "traded": _("{player} trades."),
    "time_up": _("Time is up!"),
    "game_over": _("{winners} with {score} points!"),
}


def said(key: str, **values: Any) -> str:
    """One of ``WORDS`` in the language of the moment, its placeholders filled."""
    return str(WORDS[key]).format(**values)


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    heard: list[Line] = []
    for e in events:
        kind = e["type"]
        if kind == "turn":
            heard.append(Line(SHARED["turn"].format(player=e["player"]), "your_turn"))
        elif kind == "expression_scored":
            heard.append(Line(said("scored", expression=say_expression(e["expression"]).capitalize(),
                                   value=say_integer(e["value"]), score=say_integer(e["score"]).capitalize()),
                              "accepted"))
        elif kind == "red_card":
            effect = EFFECTS[e["effect"]]
            heard.append(Line(said("goo" if e["goo"] else "red", player=e["player"], effect=effect)))
        elif kind == "answer_window":
            heard.append(Line(said("answer", player=e["player"]), "your_turn"))
        elif kind == "stopped":
            heard.append(Line(said("stopped")))
        elif kind == "turn_scored" and e["red"] is not None:
            # with no red card (or one stopped) the turn scores what its expression scored, said a
            # moment ago with "… points! Who's counting?": only a red card's change is news
            heard.append(Line(said("turn_scored", player=e["player"], score=say_integer(e["score"]))))
        elif kind == "passed":
            heard.append(Line(said("passed", player=e["player"])))
        elif kind == "traded":
            heard.append(Line(said("traded", player=e["player"])))
        elif kind == "violation":
            view = screens._violation(e, [e])[0].view
            who = e.get("player") or ""
            detail = view.detail.removeprefix(f"{who}: ") if who else view.detail  # the name first, once
            heard.append(Line(say_screen(view.title, detail, who if detail != view.detail else ""), "wrong"))
        elif kind == "time_up":
            heard.append(Line(said("time_up"), "time_up"))
        elif kind == "game_over":
            best = e["winners"]
            heard.append(Line(said("game_over", winners=wins(best), score=say_integer(e["scores"][best[0]])),
                              "game_over"))
    return heard


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [SHARED["turn"].format(player=name) for name in config.get("players", [])] + [said("stopped")]
