"""What Math Wars Meta says aloud: the OLED's news in a few words, for children who do not read
the screen. Every sentence is in the game's catalog domain (``WORDS``, the one place to
translate: ``locale/<lang>/LC_MESSAGES/math_wars.po``); ``lines`` picks them for a batch of
engine events, in the language of the moment.

With results revealed on CONFIRM, a hand's winner is not said: the children work the results out
first, and the screen shows them when asked. The winner of a round and of the game is always said.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import load_catalog
from station.games.math_wars.words import OUT_REASONS, WORDS, left_out
from station.speech.numbers import say_integer, say_op, say_sentence
from station.speech.voice import Line
from station.speech.words import names

HAND_PRESS = WORDS.lazy_gettext("Work out your results, then press CONFIRM.")
#: A violation's code -> what is said (``{player}``, ``{card}``: the card in words, ``{sides}``: who fights).
VIOLATIONS = {
    "not_your_deck": WORDS.lazy_gettext("{player}, that card is from another deck. Take it back."),
    "card_already_used": WORDS.lazy_gettext("{player}, {card} was played this round. Take it back."),
    "already_played": WORDS.lazy_gettext("{player}, one card of each kind. Take it back."),
    "card_on_table": WORDS.lazy_gettext("{card} is down already. Take it back."),
    "not_in_edition": WORDS.lazy_gettext("{card} is not in this game. Take it back."),
    "not_in_war": WORDS.lazy_gettext("{player}, wait: only {sides} fight now."),
    "player_out": WORDS.lazy_gettext("{player} is out this round. Wait for the next one."),
    "wrong_game": WORDS.lazy_gettext("That is not a Math Wars card. Take it back."),
    "game_over": WORDS.lazy_gettext("The game is over. Press CONFIRM for a new one."),
    "": WORDS.lazy_gettext("{player}, that card is not allowed. Take it back."),
}


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
            said.append(Line(_violation(event, state), "wrong"))
        elif kind == "hand_result" and reveal == "press" and not settled:
            said.append(Line(str(HAND_PRESS), "your_turn"))
        elif kind == "hand_won" and not (reveal == "press" and settled):
            # with results shown on CONFIRM, said when CONFIRM shows them (unless a round's news says it all now)
            said.append(Line(WORDS.gettext("{side} wins the hand, with {highest}.", side=event["side"],
                                           highest=say_integer(event["highest"])), on_reveal=reveal == "press"))
        elif kind == "math_war":
            said.append(Line(WORDS.gettext("Math war! {sides}: {face_down} cards face down, one up.",
                                           sides=names(event["sides"]), face_down=say_integer(event["face_down"])),
                             "your_turn"))
        elif kind == "knocked_out":
            said.append(Line(WORDS.gettext("{player} is out of this round: {why}.", player=event["player"],
                                           why=OUT_REASONS.get(event["reason"], event["reason"]))))
        elif kind == "round_won":
            said.append(Line(WORDS.gettext("{side} wins round {round}. Victory {victories} of {needed}.",
                                           side=event["side"], round=say_integer(event["round"]),
                                           victories=say_integer(event["victories"]),
                                           needed=say_integer(event["needed"]))))
        elif kind == "round_drawn":
            said.append(Line(WORDS.gettext("Nobody can fight. Play round {round} again.",
                                           round=say_integer(event["round"]))))
        elif kind == "round_started":
            said.append(Line(WORDS.gettext("Round {round}. Shuffle your full decks.", round=say_integer(event["round"]))))
        elif kind == "game_won":
            said.append(Line(_game_won(event["side"]), "game_over"))
        elif kind == "solo_discard":
            paid = event["paid"]
            said.append(Line(WORDS.ngettext("Move {count} card from your deck to your spoils.",
                                             "Move {count} cards from your deck to your spoils.", paid,
                                             count=say_integer(paid))))
        elif kind == "hand_redraw":
            # which sum: "Thirteen divided by four leaves a remainder." (the shared problem's words)
            said.append(Line(WORDS.gettext("{why} Discard both cards and draw again.",
                                           why=say_sentence(left_out(event)))))
    return said


def _violation(event: Mapping[str, Any], state: Mapping[str, Any]) -> str:
    words = VIOLATIONS.get(event["code"], VIOLATIONS[""])
    card = card_words(event["card"]) if event.get("card") else ""
    contenders = event.get("contenders") or state["showdown"]["contenders"]
    sides = names(contenders) if event["code"] == "not_in_war" else ""
    return str(words).format(player=event.get("player") or "", card=card, sides=sides).strip(", ")


def _game_won(side: str) -> str:
    return WORDS.gettext("{side} wins the game!", side=side)


def ahead(config: Mapping[str, Any]) -> list[str]:
    """Lines worth rendering while a game starts: each side's win of a hand is the likeliest news."""
    sides = list(config.get("teams", {})) or [p["name"] if isinstance(p, Mapping) else p for p in config.get("players", [])]
    return [str(HAND_PRESS)] + [_game_won(side) for side in sides]
