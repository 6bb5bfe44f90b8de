"""Who's Counting? told as a story (``mathstation demo --text``, the demo's commentary), in the
language of the moment: each event in a sentence, from the data it carries. The engine's own
sentences (``engine.whos_counting.text``) stay English for journals and logs; these are the same
story in the game's words (``words.WORDS``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.catalog import load_catalog
from engine.games import GAME_TITLES
from station.games.whos_counting.words import EFFECTS, WORDS, names, shown, signed
from station.ui.problem_words import problem_words

_ = WORDS.gettext
Event = Mapping[str, Any]


def tell(event: Event) -> str:
    """One event in a sentence; an event this story does not know, as its data."""
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def _card(card_id: str) -> str:
    """A card as printed on its face ("RED CARD STEAL", "7")."""
    return load_catalog().card(card_id).face.describe()


def _minutes(n: int) -> str:
    return WORDS.ngettext("{n} minute", "{n} minutes", n)


# ---- a violation: why, in a sentence --------------------------------------------------------------

def _why(e: Event) -> str:
    """Why the play does not count, from the violation's code and values (the English message
    when the event has no values, as one journaled before they were carried)."""
    words = _WHY.get(e["code"])
    try:
        return words(e) if words else str(e.get("message", ""))
    except KeyError:  # an older event without the values: its own sentence
        return str(e.get("message", ""))


def _not_in_sum(e: Event) -> str:
    if load_catalog().card(e["card"]).face.kind in ("red", "goo"):
        return _("Red cards are for other players' turns.")
    return _("{card} goes in the blue box, not in the expression.", card=_card(e["card"]))


def _bad_declaration(e: Event) -> str:
    choices = [shown(v) for v in e["choices"]]
    if e.get("red"):
        either = (_("{first} or {last}", first=", ".join(choices[:-1]), last=choices[-1]) if len(choices) > 1
                  else "".join(choices))
        return _("A Super card played as a red card is {choices}.", choices=either)
    return _("{card} can be {choices} …", card=_card(e["card"]), choices=", ".join(choices[:6]))


def _expression(e: Event) -> str:
    """An expression's own problem (engine.expressions), in the station's shared words."""
    return problem_words(e["problem"]) if e.get("problem") else str(e["message"])


def _malformed(e: Event) -> str:
    if e.get("problem"):
        return _expression(e)
    return _("An expression starts with a number, not {operation}", operation=e["operation"])


_WHY: dict[str, Callable[[Event], str]] = {
    "game_over": lambda e: _("The game is over: {winners} won.", winners=names(e["winners"])),
    "not_your_turn": lambda e: _("It is {player}'s turn.", player=e["turn"]),
    "wait_window": lambda e: _("Wait: the expression is being counted."),
    "wrong_game": lambda e: _("That card is from {game}, not Who's Counting?.",
                              game=GAME_TITLES.get(load_catalog().card(e["card"]).game, "?")),
    "played_before": lambda e: _("That {card} card was played already: it is on the discard pile.",
                                 card=_card(e["card"])),
    "not_in_sum": _not_in_sum,
    "wild_not_in_sum": lambda e: _("{card} as {value} goes in the blue box, not in the expression.",
                                   card=_card(e["card"]), value=shown(e["value"])),
    "empty": lambda e: _("Lay an expression on the strip first."),
    "not_blue": lambda e: _("Only blue cards go in the blue box, not {card}.", card=_card(e["card"])),
    "not_wild": lambda e: _("{card} is what it says: only Choice and Super cards stand for something.",
                            card=_card(e["card"])),
    "bad_declaration": _bad_declaration,
    "not_red": lambda e: _("{card} is not a red card.", card=_card(e["card"])),
    "too_late": lambda e: _("Too late: the Who's Counting? window has closed."),
    "no_expression": lambda e: _("No expression to count yet: wait for Who's Counting?."),
    "own_turn": lambda e: _("Red cards are for other players' turns."),
    "one_red": lambda e: _("Only one red card!"),
    "not_stop": lambda e: _("Only a Stop card stops a red card, not {card}.", card=_card(e["card"])),
    "nothing_to_stop": lambda e: _("There is no red card to stop."),
    "goo": lambda e: _("Green Goo cannot be stopped!"),
    "stopped_already": lambda e: _("The red card is stopped already."),
    "bad_trade": lambda e: _("Trade 1 to {hand} cards.", hand=e["hand"]),
    "numbers": lambda e: _("An expression has 2 to 4 number cards, not {count}", count=e["count"]),
    "operations": lambda e: _("An expression has 1 to 3 operation cards, not {count}", count=e["count"]),
    "two_times": lambda e: _("Only one × in an expression"),
    "malformed": _malformed,
    "remainder": _expression,
    "not_whole": _expression,
    "division_by_zero": _expression,
    "below_zero": lambda e: _("{expression} = {value}: an answer must be 0 or more", expression=e["expression"],
                              value=e["value"]),
}


# ---- every event ------------------------------------------------------------------------------

def _scored(e: Event) -> str:
    line = WORDS.ngettext("{player}: {expression} = {value}, + {bonus} for {n} operation",
                          "{player}: {expression} = {value}, + {bonus} for {n} operations", e["operations"],
                          player=e["player"], expression=e["expression"], value=e["value"], bonus=e["bonus"])
    if e["doubles"] == 1:
        line = _("{line}, doubled", line=line)
    elif e["doubles"]:
        line = WORDS.ngettext("{line}, doubled {n} time", "{line}, doubled {n} times", e["doubles"], line=line)
    return _("{line} = {score}. Who’s Counting?", line=line, score=e["score"])


def _red(e: Event) -> str:
    effect = EFFECTS[e["effect"]]
    if e["goo"]:
        return _("{player} is counting! {effect} on {against} (Green Goo: no Stop!).", player=e["player"],
                 effect=effect, against=e["against"])
    return _("{player} is counting! {effect} on {against}.", player=e["player"], effect=effect, against=e["against"])


def _turn_scored(e: Event) -> str:
    player, changes = e["player"], e["changes"]
    if e["red"] == "steal":
        (thief,) = [name for name in changes if name != player] or [player]
        return _("Steal: {player}'s {points} points go to {thief}, the lowest score (now {score}).", player=player,
                 points=changes[thief], thief=thief, score=e["scores"][thief])
    if e["red"] == "split":
        other = next((name for name in changes if name != player), player)
        return _("{player} and {other} split the points: {points} each (now {score} and {other_score}).",
                 player=player, other=other, points=changes[player], score=e["scores"][player],
                 other_score=e["scores"][other])
    return _("{player} scores {points} (now {score}).", player=player, points=signed(changes.get(player, 0)),
             score=signed(e["scores"][player]))


def _game_over(e: Event) -> str:
    winners, one = names(e["winners"]), len(e["winners"]) == 1
    scores = ", ".join(f"{name} {signed(points)}" for name, points in e["scores"].items())
    if e["reason"] == "target":
        if one:
            return _("{winners} reaches the target and wins! ({scores})", winners=winners, scores=scores)
        return _("{winners} reach the target and win! ({scores})", winners=winners, scores=scores)
    if one:
        return _("{winners} has the most points when time is up and wins! ({scores})", winners=winners, scores=scores)
    return _("{winners} have the most points when time is up and win! ({scores})", winners=winners, scores=scores)


def _extra_turn(e: Event) -> str:
    if e["reason"] == "all_seven":
        return _("{player} gets an extra turn for playing all seven cards!", player=e["player"])
    return _("{player} gets an extra turn.", player=e["player"])


_TELLERS: dict[str, Callable[[Event], str]] = {
    "expression_scored": _scored,
    "violation": lambda e: _("Not yet: {why}", why=_why(e)),
    "needs_declaration": lambda e: _("{player}: say what the {card} card stands for.", player=e["player"],
                                     card=e["name"]),
    "declared": lambda e: _("{player}'s card stands for {value}.", player=e["player"], value=shown(e["value"])),
    "red_card": _red,
    "answer_window": lambda e: _("{player} may answer with a Stop.", player=e["player"]),
    "stopped": lambda e: _("{player} plays Stop: the red card does nothing.", player=e["player"]),
    "turn_scored": _turn_scored,
    "draw": lambda e: _("{player} draws {n}.", player=e["player"], n=e["cards"]),
    "extra_turn": _extra_turn,
    "turn": lambda e: (_("{player}'s turn again.", player=e["player"]) if e.get("extra")
                       else _("{player}'s turn.", player=e["player"])),
    "traded": lambda e: WORDS.ngettext("{player} trades {n} card.", "{player} trades {n} cards.", e["count"],
                                       player=e["player"]),
    "passed": lambda e: _("{player} passes.", player=e["player"]),
    "time_up": lambda e: _("Time is up after {minutes}.", minutes=_minutes(e["minutes"])),
    "game_over": _game_over,
}


# ---- the story's first and last lines -------------------------------------------------------------

def headline(game: Any) -> str:
    """The demo's first line: who plays, how the game ends, the order of operations, the window."""
    rules = game.rules
    ends = [WORDS.gettext("first to {points} points", points=rules.target) if rules.target else "",
            _minutes(rules.minutes) if rules.minutes else ""]
    order = _("× and ÷ first") if rules.order.value == "standard" else _("left to right")
    seconds = format(rules.window, "g")
    window = _("{seconds} s to count", seconds=seconds)
    ends = [e for e in ends if e]
    end = _("{first} or {second}", first=ends[0], second=ends[1]) if len(ends) == 2 else "".join(ends)
    return " · ".join(part for part in ("Who's Counting?", ", ".join(rules.players), end, order, window) if part)


def summary(state: Mapping[str, Any]) -> list[str]:
    """The demo's last lines: the winner (or whose turn), each score and hand, the draw pile."""
    lines = [_("Game over: {winners} won.", winners=names(state["winners"])) if state["over"]
             else _("{player}'s turn.", player=state["turn"]["player"])]
    width = max(len(name) for name in state["players"])
    for name in state["players"]:
        score = f"{signed(state['scores'][name]):>5}"
        lines.append(f"  {name:<{width}}  " + _("{score} points  {hand} in hand", score=score, hand=state["hands"][name]))
    lines.append(WORDS.ngettext("Draw pile: {n} card.", "Draw pile: {n} cards.", state["draw_pile"]))
    return lines
