"""What SUM says aloud: whose turn, the target, an equation that makes it (read in words), a
wrong one and why, a wild card, the winner. ``WORDS`` holds its own sentences, translated when
said (the ``sum`` catalog); a verdict is said as its screen shows it (``screens``), numbers in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.sum import screens
from station.games.sum.words import WORDS as SUM_WORDS
from station.games.sum.words import effect
from station.speech.numbers import say_expression, say_integer
from station.speech.voice import Line, say_screen
from station.speech.words import WORDS as SHARED
from station.speech.words import count, wins

#: SUM's sentences said aloud, each translated when said (the ``sum`` catalog).
WORDS = {
    "target": SUM_WORDS.lazy_gettext("The target is {value}."),
    "won": SUM_WORDS.lazy_gettext("{player} makes {target}: {equation}. {cards}."),
    "wild": SUM_WORDS.lazy_gettext("Wild card: {effect}."),
    "numbers_out": SUM_WORDS.lazy_gettext("The numbers are used up: last turn."),
    "turn_over": SUM_WORDS.lazy_gettext("No equation this time."),
    "game_over": SUM_WORDS.lazy_gettext("{winners} the game!"),
}


def _cards_won(n: int) -> str:
    """"Two cards won" (the count in words, agreeing with its noun where the language wants it)."""
    said = count(n, SUM_WORDS.gettext("card won"), SUM_WORDS.gettext("cards won"))
    return said[:1].upper() + said[1:]


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    for e in events:
        kind = e["type"]
        if kind == "turn":
            said.append(Line(SHARED["turn"].format(player=e["player"]), "your_turn"))
        elif kind in ("target_set",):
            said.append(Line(WORDS["target"].format(value=say_integer(e["value"]))))
        elif kind == "target_changed":
            said.append(Line(WORDS["target"].format(value=say_integer(e["to"]))))
        elif kind == "equation_won":
            said.append(Line(WORDS["won"].format(player=e["player"], target=say_integer(e["target"]),
                                                 equation=say_expression(e["equation"]),
                                                 cards=_cards_won(e["won"])),
                             "accepted"))
        elif kind == "violation":
            view = screens._violation(e, [e], state)[0].view  # a wrong equation's "who" is what it makes
            who = ". ".join(part for part in (e.get("player") or "", view.who) if part)
            said.append(Line(say_screen(view.title, view.detail, who), "wrong"))
        elif kind == "wild_played" and e["on"]:
            said.append(Line(WORDS["wild"].format(effect=effect(e["effect"])), "your_turn"))
        elif kind == "turn_over":
            said.append(Line(str(WORDS["turn_over"])))
        elif kind == "numbers_out":
            said.append(Line(str(WORDS["numbers_out"]), "time_warning"))
        elif kind == "game_over":
            said.append(Line(WORDS["game_over"].format(winners=wins(e["winners"])), "game_over"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [SHARED["turn"].format(player=name) for name in config.get("players", [])]
