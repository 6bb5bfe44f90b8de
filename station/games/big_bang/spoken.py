"""What Big Bang says aloud: go, a card that does not fit and why ("Five beside three. Neighbours
differ by exactly one."), a dead hand, a player all down, the clock's end, the winner. A card that
fits is a beep. Its sentences are the game's own words (``words.WORDS``, the ``big_bang`` catalog);
a verdict is said as its screen shows it (``screens``), numbers in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.big_bang import screens
from station.games.big_bang.words import WORDS
from station.speech.numbers import say_integer
from station.speech.voice import Line, say_screen
from station.speech.words import names


def go() -> str:
    return WORDS.gettext("Go! Play beside the star.")


def time_is_up() -> str:
    return WORDS.gettext("Time is up! Hands off.")


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    several = len(state.get("players", ())) > 1
    for e in events:
        kind = e["type"]
        if kind == "round_started":
            said.append(Line(go(), "your_turn"))
        elif kind == "card_played" and e["ok"]:
            said.append(Line(sound="accepted"))
        elif kind in ("card_played", "violation"):
            overlays = screens.overlays([e], state, reveal)
            view = overlays[0].view if overlays else None
            title, detail = (getattr(view, "title", ""), getattr(view, "detail", "")) if view else ("", "")
            who = (e.get("player") or "") if several else ""
            said.append(Line(say_screen(title, detail, who), "wrong"))
        elif kind == "dead_hand" and e["draw"]:
            draw = WORDS.ngettext("Draw {cards} card.", "Draw {cards} cards.", e["draw"], cards=say_integer(e["draw"]))
            said.append(Line(WORDS.gettext("{player}, dead hand. {draw}", player=e["player"], draw=draw) if several
                             else WORDS.gettext("Dead hand. {draw}", draw=draw)))
        elif kind == "player_done":
            said.append(Line(WORDS.gettext("{player}: every card is down!", player=e["player"]) if e["reason"] == "all_down"
                             else WORDS.gettext("{player} is stuck: nothing more fits.", player=e["player"])))
        elif kind == "time_up":
            said.append(Line(time_is_up(), "time_up"))
        elif kind == "round_over" and e["winners"] and not any(x["type"] == "game_over" for x in events):
            said.append(Line(WORDS.ngettext("{players} wins round {round}.", "{players} win round {round}.",
                                            len(e["winners"]), players=names(e["winners"]), round=say_integer(e["round"]))))
        elif kind == "game_over" and len(e["scores"]) == 1:
            (player, score), = e["scores"].items()  # played alone: nobody to beat, the score is the news
            said.append(Line(WORDS.ngettext("Game over: {player} scores {points} point.",
                                            "Game over: {player} scores {points} points.", abs(score),
                                            player=player, points=say_integer(score)), "game_over"))
        elif kind == "game_over" and e["winners"]:
            said.append(Line(WORDS.ngettext("{players} wins the game!", "{players} win the game!", len(e["winners"]),
                                            players=names(e["winners"])), "game_over"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [go(), time_is_up()]
