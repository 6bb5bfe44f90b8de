"""What Big Bang says aloud: go, a card that does not fit and why ("Five beside three. Neighbours
differ by exactly one."), a dead hand, a player all down, the clock's end, the winner. A card that
fits is a beep. ``WORDS`` holds its own sentences (the one place to translate); a verdict is said
as its screen shows it (``screens``), numbers in words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from station.games.big_bang import screens
from station.speech.numbers import say_integer
from station.speech.voice import Line, say_screen
from station.speech.words import count, wins

WORDS = {
    "go": "Go! Play beside the star.",
    "dead_hand": "{who}dead hand. Draw {draw}.",
    "all_down": "{player}: every card is down!",
    "stuck": "{player} is stuck: nothing more fits.",
    "time_up": "Time is up! Hands off.",
    "round_over": "{winners} round {round}.",
    "game_over": "{winners} the game!",
    "solo_over": "Game over: {player} scores {points}.",  # played alone: nobody to beat, the score is the news
    "point": "point", "points": "points",
    "card": "card", "cards": "cards",
}


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    said: list[Line] = []
    several = len(state.get("players", ())) > 1
    for e in events:
        kind = e["type"]
        if kind == "round_started":
            said.append(Line(WORDS["go"], "your_turn"))
        elif kind == "card_played" and e["ok"]:
            said.append(Line(sound="accepted"))
        elif kind in ("card_played", "violation"):
            overlays = screens.overlays([e], state, reveal)
            view = overlays[0].view if overlays else None
            title, detail = (getattr(view, "title", ""), getattr(view, "detail", "")) if view else ("", "")
            who = (e.get("player") or "") if several else ""
            said.append(Line(say_screen(title, detail, who), "wrong"))
        elif kind == "dead_hand" and e["draw"]:
            who = f"{e['player']}, " if several else ""
            words = WORDS["dead_hand"].format(who=who, draw=count(e["draw"], WORDS["card"], WORDS["cards"]))
            said.append(Line(words[:1].upper() + words[1:]))  # not capitalize(): it lowers "Draw" and "McKay"
        elif kind == "player_done":
            said.append(Line(WORDS["all_down" if e["reason"] == "all_down" else "stuck"].format(player=e["player"])))
        elif kind == "time_up":
            said.append(Line(WORDS["time_up"], "time_up"))
        elif kind == "round_over" and e["winners"] and not any(x["type"] == "game_over" for x in events):
            said.append(Line(WORDS["round_over"].format(winners=wins(e["winners"]), round=say_integer(e["round"]))))
        elif kind == "game_over" and len(e["scores"]) == 1:
            (player, score), = e["scores"].items()
            said.append(Line(WORDS["solo_over"].format(player=player, points=count(score, WORDS["point"], WORDS["points"])),
                             "game_over"))
        elif kind == "game_over" and e["winners"]:
            said.append(Line(WORDS["game_over"].format(winners=wins(e["winners"])), "game_over"))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    return [WORDS["go"], WORDS["time_up"]]
