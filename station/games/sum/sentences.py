"""SUM's sentences in the language of the moment: why a play was refused (``reason``), and the
demo's story (``describe``, ``turn_told``, ``headline``, ``summary``). They say what
``engine.sum.text`` says in English, from the events' codes and values (the engine keeps its
English ``message`` for the journal and the log, and never translates).

A malformed expression or a division that does not come out even is the shared expressions'
problem (``engine/expressions.py``): the event carries its code and values, worded by
``station.ui.problem_words`` as every game that judges a row says it. A pair that is none is
SUM's own problem, worded here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.games import GAME_TITLES
from station.games.sum.words import WORDS, effect
from station.speech.words import names
from station.ui.problem_words import problem_words


# ---- why not ----------------------------------------------------------------------------------

def reason(e: Mapping[str, Any]) -> str:
    """A violation's reason in a whole sentence, for a child: "It is Ben's turn."."""
    say = _REASONS.get(e["code"])
    said = say(e) if say is not None else None
    return said if said is not None else str(e.get("message", ""))


def _game_over(e: Mapping[str, Any]) -> str:
    return WORDS.ngettext("The game is over: {winners} won.", "The game is over: {winners} won.",
                          len(e["winners"]), winners=names(e["winners"]))


def _played_before(e: Mapping[str, Any]) -> str:
    if e.get("effect"):
        return WORDS.gettext("That {effect} was played already: shuffle it back into the Operations deck.",
                             effect=effect(e["effect"]))
    return WORDS.gettext("That {face} card was played already.", face=e["face"])


def _deck_empty(e: Mapping[str, Any]) -> str:
    if e["deck"] == "numbers":
        return WORDS.gettext("The Numbers deck is empty.")
    return WORDS.gettext("The Operations deck is empty.")


def _draw_first(e: Mapping[str, Any]) -> str:
    if e["wild"]:
        return WORDS.ngettext("Draw {n} card more before your turn ends (after a wild card you still draw your two).",
                              "Draw {n} cards more before your turn ends (after a wild card you still draw your two).",
                              e["owed"])
    return WORDS.ngettext("Draw {n} card more before your turn ends.", "Draw {n} cards more before your turn ends.",
                          e["owed"])


def _row_problem(e: Mapping[str, Any]) -> str | None:
    """A pair that is none is SUM's own problem; any other malformed row (and a remainder) is the
    shared expressions' judge's, in its words. An event journaled before it carried its problem
    keeps its English message."""
    problem = e.get("problem") or {}
    code, values = problem.get("code"), problem.get("values", {})
    if code == "unequal_pair":
        return WORDS.gettext("Two numbers in a row: {left} {right} (only two equal cards side by side make a pair)",
                             left=values["first"], right=values["second"])
    if code == "too_many_in_a_row":
        return WORDS.ngettext("{n} number in a row: a pair is two equal cards",
                              "{n} numbers in a row: a pair is two equal cards", int(values["count"]))
    return problem_words(problem) if problem else None


_REASONS: dict[str, Callable[[Mapping[str, Any]], str | None]] = {
    "wrong": lambda e: WORDS.gettext("{equation} = {made}, not {target}", equation=e["equation"], made=e["made"],
                                     target=e["target"]),
    "malformed": _row_problem,
    "remainder": _row_problem,
    "divide_by_zero": _row_problem,
    "empty": lambda e: WORDS.gettext("Lay an equation on the strip first"),
    "no_operation": lambda e: WORDS.gettext("Use at least one operation card"),
    "game_over": _game_over,
    "not_your_turn": lambda e: WORDS.gettext("It is {player}'s turn.", player=e["turn"]),
    "no_target": lambda e: WORDS.gettext("Turn up a new target first: a number card in the target box."),
    "not_a_number": lambda e: WORDS.gettext("The target is a number card from the Numbers deck, not {face}.",
                                            face=e["face"]),
    "target_taken": lambda e: WORDS.gettext("The target is {value}: keep it until an equation wins it.",
                                            value=e["target"]),
    "played_before": _played_before,
    "deck_empty": _deck_empty,
    "no_draws": lambda e: WORDS.gettext("Only two cards a turn: no more drawing."),
    "wrong_game": lambda e: WORDS.gettext("That card is from {game}, not SUM.",
                                          game=GAME_TITLES.get(e["card_game"], e["card_game"])),
    "wild_in_equation": lambda e: WORDS.gettext("Wild cards go in the wild box, never in an equation."),
    "too_many": lambda e: WORDS.ngettext("{n} card laid, but only {hand} in your hand: check the cards.",
                                         "{n} cards laid, but only {hand} in your hand: check the cards.",
                                         e["laid"], hand=e["hand"]),
    "not_wild": lambda e: WORDS.gettext("Only wild cards go in the wild box, not {face}.", face=e["face"]),
    "needs_another_card": lambda e: WORDS.gettext("{effect} needs another card in your hand.",
                                                  effect=effect(e["effect"])),
    "draw_first": _draw_first,
}


# ---- the story ----------------------------------------------------------------------------------

def describe(e: Mapping[str, Any]) -> str:
    """One event told in the demo's story."""
    teller = _TELLERS.get(e["type"])
    return teller(e) if teller else f"{e['type']}: {dict(e)}"


def _won(e: Mapping[str, Any]) -> str:
    return WORDS.ngettext("{player} makes {target}: {equation} = {target}, and wins {n} number card.",
                          "{player} makes {target}: {equation} = {target}, and wins {n} number cards.",
                          e["numbers"], player=e["player"], target=e["target"], equation=e["equation"])


def _turn(e: Mapping[str, Any]) -> str:
    if e.get("needs_target"):
        return WORDS.gettext("{player}'s turn. Turn up a new target.", player=e["player"])
    return WORDS.gettext("{player}'s turn.", player=e["player"])


def _wild(e: Mapping[str, Any]) -> str:
    if e["on"]:
        return WORDS.gettext("{player} plays {effect}.", player=e["player"], effect=effect(e["effect"]))
    return WORDS.gettext("{player} plays {effect} (its effect is off at this table).", player=e["player"],
                         effect=effect(e["effect"]))


def _everyone_draws(e: Mapping[str, Any]) -> str:
    players = e["players"]
    if not players:
        return WORDS.gettext("Nobody draws a number card.")
    return WORDS.ngettext("{who} draws a number card.", "{who} draw a number card.", len(players), who=names(players))


def _target_changed(e: Mapping[str, Any]) -> str:
    if e["root"]:
        return WORDS.gettext("The target {old} becomes {new} (its square root).", old=e["from"], new=e["to"])
    return WORDS.gettext("The target {old} becomes {new} (squared).", old=e["from"], new=e["to"])


def _the_end(e: Mapping[str, Any]) -> str:
    who = names(e["winners"])
    if e["reason"] == "empty_hand":
        return WORDS.gettext("{winners} has no cards left and wins!", winners=who)
    piles = ", ".join(f"{name} {n}" for name, n in e["won"].items())
    return WORDS.ngettext("The Numbers deck is used up: {winners} won the most number cards and wins! ({piles})",
                          "The Numbers deck is used up: {winners} won the most number cards and win! ({piles})",
                          len(e["winners"]), winners=who, piles=piles)


def _drew(e: Mapping[str, Any]) -> str:
    if e["deck"] == "numbers":
        return WORDS.gettext("{player} draws from the Numbers deck.", player=e["player"])
    return WORDS.gettext("{player} draws from the Operations deck.", player=e["player"])


_TELLERS: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "target_set": lambda e: WORDS.gettext("The target is {value}.", value=e["value"]),
    "drew": _drew,
    "equation_won": _won,
    "violation": lambda e: WORDS.gettext("Not yet: {reason}", reason=reason(e)),
    "draw_more": lambda e: WORDS.ngettext("{player} may draw {n} card more.", "{player} may draw {n} cards more.",
                                          e["draws_left"], player=e["player"]),
    "turn_over": lambda e: WORDS.gettext("{player}'s turn is over.", player=e["player"]),
    "turn": _turn,
    "wild_played": _wild,
    "everyone_draws": _everyone_draws,
    "discard": lambda e: WORDS.gettext("{player} discards a card of their choice.", player=e["player"]),
    "target_changed": _target_changed,
    "cards_passed": lambda e: WORDS.gettext("Everyone passes a card to the left."),
    "numbers_out": lambda e: WORDS.gettext("The Numbers deck is used up: this is the last turn."),
    "game_over": _the_end,
}


def _drawn(decks: Sequence[str]) -> str:
    """"a Numbers card and an Operations card", "two Numbers cards" (the cards stay secret)."""
    one = {"numbers": WORDS.gettext("a Numbers card"), "operations": WORDS.gettext("an Operations card")}
    if len(decks) == 2 and decks[0] == decks[1]:
        return WORDS.gettext("two Numbers cards") if decks[0] == "numbers" else WORDS.gettext("two Operations cards")
    return names([one[deck] for deck in decks])


def turn_told(e: Mapping[str, Any], decks: Sequence[str]) -> str:
    """A turn's end in a story that saw its draws (``decks``, in order): what was drawn and why
    the turn is over."""
    if not decks:
        return WORDS.gettext("{player} made no equation and had nothing left to draw: turn over.", player=e["player"])
    if e["reason"] == "two_draws":
        return WORDS.gettext("{player} drew {cards}, but the equation is still not right: turn over.",
                             player=e["player"], cards=_drawn(decks))
    return WORDS.gettext("{player} drew {cards} and made no equation: turn over.", player=e["player"],
                         cards=_drawn(decks))


# ---- the story's header and its end ----------------------------------------------------------

def headline(config: Mapping[str, Any]) -> str:
    """The game told in one line: "SUM · Ana, Ben · pairs add up (2 2 is 4) · × and ÷ first"."""
    parts = ["SUM", ", ".join(config["players"])]
    parts.append(WORDS.gettext("pairs add up (2 2 is 4)") if config["pairs"] == "sum"
                 else WORDS.gettext("pairs multiply (3 3 is 9)"))
    parts.append(WORDS.gettext("× and ÷ first") if config["order"] == "standard" else WORDS.gettext("left to right"))
    if config["fractions"]:
        parts.append(WORDS.gettext("fractions allowed"))
    off = [effect(name) for name, on in config["wild"].items() if not on]
    if off:
        parts.append(WORDS.gettext("wild cards off: {effects}", effects=", ".join(off)))
    return " · ".join(parts)


def summary(state: Mapping[str, Any]) -> list[str]:
    """The game's end (or where it stands): who won, each player's won cards and hand, the decks."""
    if state["over"]:
        lines = [WORDS.ngettext("Game over: {winners} won.", "Game over: {winners} won.", len(state["winners"]),
                                winners=names(state["winners"]))]
    else:
        lines = [WORDS.gettext("{player}'s turn.", player=state["turn"])]
    width = max(len(name) for name in state["players"])
    for name in state["players"]:
        pile = WORDS.gettext("{won:>2} cards won  {held} in hand", won=state["won"][name], held=state["hands"][name])
        lines.append(f"  {name:<{width}}  {pile}")
    lines.append(WORDS.gettext("Numbers deck: {numbers}, Operations deck: {operations}.",
                               numbers=state["numbers_deck"], operations=state["operations_deck"]))
    return lines
