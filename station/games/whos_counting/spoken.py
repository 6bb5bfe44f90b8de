"""What Who's Counting? says aloud: whose turn, an expression that scores (in words) and its
points, a red card and its answer, a broken expression and why, the clock's end, the winner.
``WORDS`` holds its own sentences (the one place to translate); a verdict is said as its screen
shows it (``screens``), numbers in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.whos_counting import screens
from station.speech.numbers import say_expression, say_integer
from station.speech.voice import Line, say_screen
from station.speech.words import WORDS as SHARED
from station.speech.words import wins

WORDS = {
    "scored": "{expression} is {value}. {score} points! Who's counting?",
    "red": "{player} plays a red card: {effect}!",
    "goo": "Green goo from {player}: {effect}! No stop can help.",
    "answer": "{player}, stop it?",
    "stopped": "Stopped!",
    "turn_scored": "{player} scores {score}.",
    "passed": "{player} passes.",
    "traded": "{player} trades.",
    "time_up": "Time is up!",
    "game_over": "{winners} with {score} points!",
}


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    for e in events:
        kind = e["type"]
        if kind == "turn":
            said.append(Line(SHARED["turn"].format(player=e["player"]), "your_turn"))
        elif kind == "expression_scored":
            said.append(Line(WORDS["scored"].format(expression=say_expression(e["expression"]).capitalize(),
                                                    value=say_integer(e["value"]),
                                                    score=say_integer(e["score"]).capitalize()), "accepted"))
        elif kind == "red_card":
            words = WORDS["goo" if e["goo"] else "red"]
            said.append(Line(words.format(player=e["player"], effect=screens.EFFECTS[e["effect"]])))
        elif kind == "answer_window":
            said.append(Line(WORDS["answer"].format(player=e["player"]), "your_turn"))
        elif kind == "stopped":
            said.append(Line(WORDS["stopped"]))
        elif kind == "turn_scored":
            said.append(Line(WORDS["turn_scored"].format(player=e["player"], score=say_integer(e["score"]))))
        elif kind in ("passed", "traded"):
            said.append(Line(WORDS[kind].format(player=e["player"])))
        elif kind == "violation":
            view = screens._violation(e, [e])[0].view
            who = e.get("player") or ""
            detail = view.detail.removeprefix(f"{who}: ") if who else view.detail  # the name first, once
            said.append(Line(say_screen(view.title, detail, who if detail != view.detail else ""), "wrong"))
        elif kind == "time_up":
            said.append(Line(WORDS["time_up"], "time_up"))
        elif kind == "game_over":
            best = e["winners"]
            said.append(Line(WORDS["game_over"].format(winners=wins(best), score=say_integer(e["scores"][best[0]])),
                             "game_over"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [SHARED["turn"].format(player=name) for name in config.get("players", [])] + [WORDS["stopped"]]
