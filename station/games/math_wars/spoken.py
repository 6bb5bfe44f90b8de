"""What Math Wars Meta says aloud: the OLED's news in a few words, for children who do not read
the screen. ``WORDS`` holds every sentence (the one place to translate); ``lines`` picks them
for a batch of engine events.

With results revealed on CONFIRM, a hand's winner is not said: the children work the results out
first, and the screen shows them when asked. The winner of a round and of the game is always said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.speech.numbers import say_integer, say_op
from station.speech.voice import Line
from station.speech.words import names

WORDS = {
    "hand_press": "Work out your results, then press CONFIRM.",
    "hand_won": "{side} wins the hand, with {highest}.",
    "math_war": "Math war! {sides}: {face_down} cards face down, one up.",
    "knocked_out": "{player} is out of this round: {why}.",
    "round_won": "{side} wins round {round}. Victory {victories} of {needed}.",
    "round_drawn": "Nobody can fight. Play round {round} again.",
    "round_started": "Round {round}. Shuffle your full decks.",
    "game_won": "{side} wins the game!",
    "solo_discard": "Move {paid} from your deck to your spoils.",
    "hand_redraw": "A remainder. Discard both cards and draw again.",
}
#: A violation's code -> what is said (``{player}``, ``{card}``: the card in words).
VIOLATIONS = {
    "not_your_deck": "{player}, that card is from another deck. Take it back.",
    "card_already_used": "{player}, {card} was played this round. Take it back.",
    "already_played": "{player}, one card of each kind. Take it back.",
    "card_on_table": "{card} is down already. Take it back.",
    "not_in_edition": "{card} is not in this game. Take it back.",
    "not_in_war": "{player}, wait: only {sides} fight now.",
    "player_out": "{player} is out this round. Wait for the next one.",
    "wrong_game": "That is not a Math Wars card. Take it back.",
    "game_over": "The game is over. Press CONFIRM for a new one.",
    "": "{player}, that card is not allowed. Take it back.",
}
OUT = {"could_not_pay": "not enough cards to pay", "out_of_cards": "no cards left to play",
       "no_cards_for_war": "no cards for the war"}


def card_words(card_id: str) -> str:
    """A card as a child names it: COUNT META 21 "twenty-one", MATH CRATE ÷4 "divided by four"."""
    face = load_catalog().card(card_id).face
    number = say_integer(face.number.value.numerator) if face.number is not None else face.label.lower()
    return f"{say_op(face.op)} {number}" if face.op else number


def lines(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Line]:
    """The lines one batch of events says, in order."""
    said: list[Line] = []
    settled = any(e["type"] in ("knocked_out", "round_won", "game_won") for e in events)  # the news to say
    for event in events:
        kind = event["type"]
        if kind == "card_played":
            said.append(Line(sound="accepted"))
        elif kind == "violation":
            words = VIOLATIONS.get(event["code"], VIOLATIONS[""])
            card = card_words(event["card"]) if event.get("card") else ""
            sides = names(state["showdown"]["contenders"]) if event["code"] == "not_in_war" else ""
            said.append(Line(words.format(player=event.get("player") or "", card=card, sides=sides).strip(", "),
                             "wrong"))
        elif kind == "hand_result" and reveal == "press" and not settled:
            said.append(Line(WORDS["hand_press"], "your_turn"))
        elif kind == "hand_won" and not (reveal == "press" and settled):
            # with results shown on CONFIRM, said when CONFIRM shows them (unless a round's news says it all now)
            said.append(Line(WORDS["hand_won"].format(side=event["side"], highest=say_integer(event["highest"])),
                             on_reveal=reveal == "press"))
        elif kind == "math_war":
            said.append(Line(WORDS["math_war"].format(sides=names(event["sides"]),
                                                      face_down=say_integer(event["face_down"])), "your_turn"))
        elif kind == "knocked_out":
            said.append(Line(WORDS["knocked_out"].format(player=event["player"],
                                                         why=OUT.get(event["reason"], event["reason"]))))
        elif kind == "round_won":
            said.append(Line(WORDS["round_won"].format(side=event["side"], round=say_integer(event["round"]),
                                                       victories=say_integer(event["victories"]),
                                                       needed=say_integer(event["needed"]))))
        elif kind in ("round_drawn", "round_started"):
            said.append(Line(WORDS[kind].format(round=say_integer(event["round"]))))
        elif kind == "game_won":
            said.append(Line(WORDS["game_won"].format(side=event["side"]), "game_over"))
        elif kind == "solo_discard":
            paid = event["paid"]
            said.append(Line(WORDS["solo_discard"].format(paid=f"{say_integer(paid)} card{'s' if paid != 1 else ''}")))
        elif kind == "hand_redraw":
            said.append(Line(WORDS["hand_redraw"]))
    return said


def ahead(config: Mapping[str, Any]) -> list[str]:
    """Lines worth rendering while a game starts: each side's win of a hand is the likeliest news."""
    sides = list(config.get("teams", {})) or [p["name"] if isinstance(p, Mapping) else p for p in config.get("players", [])]
    return [WORDS["hand_press"]] + [WORDS["game_won"].format(side=side) for side in sides]
