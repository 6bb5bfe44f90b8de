"""Every sentence Who's Counting? says: verdicts for children, and events told as a story.

Kept apart from the rules so wording can be improved (or translated) without touching them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.catalog import Card
from engine.games import GAME_TITLES
from engine.whos_counting.config import WhosCountingConfig

_EFFECTS = {"double": "Double", "extra_turn": "Extra Turn", "stop": "Stop", "steal": "Steal",
            "negative": "Negative", "zero": "Zero", "split": "Split"}
_VALUES = {"-": "−"}


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _signed(n: int) -> str:
    return f"−{-n}" if n < 0 else str(n)


def _minutes(n: int) -> str:
    return "1 minute" if n == 1 else f"{n} minutes"


def shown(value: str) -> str:
    """What a declared value looks like: ``7``, ``−``, ``Double``."""
    return _EFFECTS.get(value, _VALUES.get(value, value))


# ---- verdicts ----------------------------------------------------------------------------------

def game_over(winners: Iterable[str]) -> str:
    return f"The game is over: {_names(list(winners))} won."


def not_your_turn(player: str) -> str:
    return f"It is {player}'s turn."


def wait_window() -> str:
    return "Wait: the expression is being counted."


def wrong_game(card: Card) -> str:
    return f"That card is from {GAME_TITLES.get(card.game, card.game)}, not Who's Counting?."


def played_before(card: Card) -> str:
    return f"That {card.face.describe()} card was played already: it is on the discard pile."


def not_in_sum(card: Card) -> str:
    if card.face.kind in ("red", "goo"):
        return "Red cards are for other players' turns."
    return f"{card.face.describe()} goes in the blue box, not in the expression."


def wild_not_in_sum(card: Card, value: str) -> str:
    return f"{card.face.describe()} as {shown(value)} goes in the blue box, not in the expression."


def empty_strip() -> str:
    return "Lay an expression on the strip first."


def not_blue(card: Card) -> str:
    return f"Only blue cards go in the blue box, not {card.face.describe()}."


def not_wild(card: Card) -> str:
    return f"{card.face.describe()} is what it says: only Choice and Super cards stand for something."


def bad_declaration(card: Card, allowed: Sequence[str]) -> str:
    return f"{card.face.describe()} can be {', '.join(shown(v) for v in allowed[:6])} …"


def super_red() -> str:
    return "A Super card played as a red card is Steal, Negative, Zero or Split."


def not_red(card: Card) -> str:
    return f"{card.face.describe()} is not a red card."


def red_too_late() -> str:
    return "Too late: the Who's Counting? window has closed."


def red_no_expression() -> str:
    return "No expression to count yet: wait for Who's Counting?."


def red_own_turn() -> str:
    return "Red cards are for other players' turns."


def one_red() -> str:
    return "Only one red card!"


def not_stop(card: Card) -> str:
    return f"Only a Stop card stops a red card, not {card.face.describe()}."


def nothing_to_stop() -> str:
    return "There is no red card to stop."


def goo_unstoppable() -> str:
    return "Green Goo cannot be stopped!"


def stopped_already() -> str:
    return "The red card is stopped already."


def bad_trade(hand: int) -> str:
    return f"Trade 1 to {hand} cards."


# ---- events as a story ----------------------------------------------------------------------

def describe(event: Mapping[str, Any]) -> str:
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def _scored(e: Mapping[str, Any]) -> str:
    ops = "operation" if e["operations"] == 1 else "operations"
    line = f"{e['player']}: {e['expression']} = {e['value']}, + {e['bonus']} for {e['operations']} {ops}"
    times = {0: "", 1: ", doubled", 2: ", doubled twice"}
    line += times.get(e["doubles"], f", doubled {e['doubles']} times")
    return line + f" = {e['score']}. Who’s Counting?"


def _red(e: Mapping[str, Any]) -> str:
    goo = " (Green Goo: no Stop!)" if e["goo"] else ""
    return f"{e['player']} is counting! {_EFFECTS[e['effect']]} on {e['against']}{goo}."


def _turn_scored(e: Mapping[str, Any]) -> str:
    player, changes = e["player"], e["changes"]
    if e["red"] == "steal":
        (thief,) = [name for name in changes if name != player] or [player]
        return f"Steal: {player}'s {changes[thief]} points go to {thief}, the lowest score (now {e['scores'][thief]})."
    if e["red"] == "split":
        other = next((name for name in changes if name != player), player)
        return (f"{player} and {other} split the points: {changes[player]} each "
                f"(now {e['scores'][player]} and {e['scores'][other]}).")
    return f"{player} scores {_signed(changes.get(player, 0))} (now {_signed(e['scores'][player])})."


def _game_over(e: Mapping[str, Any]) -> str:
    one = len(e["winners"]) == 1
    if e["reason"] == "target":
        why = "reaches the target and wins" if one else "reach the target and win"
    else:
        why = "has the most points when time is up and wins" if one else "have the most points when time is up and win"
    scores = ", ".join(f"{name} {_signed(points)}" for name, points in e["scores"].items())
    return f"{_names(e['winners'])} {why}! ({scores})"


_TELLERS = {
    "expression_scored": _scored,
    "violation": lambda e: f"Not yet: {e['message']}",
    "needs_declaration": lambda e: f"{e['player']}: say what the {e['name']} card stands for.",
    "declared": lambda e: f"{e['player']}'s card stands for {shown(e['value'])}.",
    "red_card": _red,
    "answer_window": lambda e: f"{e['player']} may answer with a Stop.",
    "stopped": lambda e: f"{e['player']} plays Stop: the red card does nothing.",
    "turn_scored": _turn_scored,
    "draw": lambda e: f"{e['player']} draws {e['cards']}.",
    "extra_turn": lambda e: f"{e['player']} gets an extra turn"
                            + (" for playing all seven cards!" if e["reason"] == "all_seven" else "."),
    "turn": lambda e: f"{e['player']}'s turn{' again' if e.get('extra') else ''}.",
    "traded": lambda e: f"{e['player']} trades {e['count']} card{'s' if e['count'] != 1 else ''}.",
    "passed": lambda e: f"{e['player']} passes.",
    "time_up": lambda e: f"Time is up after {_minutes(e['minutes'])}.",
    "game_over": _game_over,
}


# ---- headline and summary -----------------------------------------------------------------------

def headline(rules: WhosCountingConfig) -> str:
    ends = [f"first to {rules.target} points" if rules.target else "", _minutes(rules.minutes) if rules.minutes else ""]
    order = "× and ÷ first" if rules.order.value == "standard" else "left to right"
    return (f"Who's Counting? · {', '.join(rules.players)} · {' or '.join(e for e in ends if e)} · {order} · "
            f"{rules.window:g} s to count")


def summary(state: Mapping[str, Any]) -> list[str]:
    lines = [f"Game over: {_names(state['winners'])} won." if state["over"] else f"{state['turn']['player']}'s turn."]
    width = max(len(name) for name in state["players"])
    for name in state["players"]:
        lines.append(f"  {name:<{width}}  {_signed(state['scores'][name]):>5} points  {state['hands'][name]} in hand")
    pile = state["draw_pile"]
    lines.append(f"Draw pile: {pile} card{'' if pile == 1 else 's'}.")
    return lines
