"""SUM's sentences in English: verdicts for children, and events told as a story, as the journal,
the log and ``mathstation replay`` keep them. The station says them in its own language from the
events' codes and values (``station/games/sum/sentences.py``, whose English is these sentences
word for word: ``tests/test_sum_words.py`` holds the two in step)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.catalog import Card
from engine.games import GAME_TITLES
from engine.sum.config import SumConfig

_EFFECTS = {"propagation": "Propagation", "neutralization": "Neutralization", "radicalization": "Radicalization",
            "rotation": "Rotation"}


def _names(names: Sequence[str]) -> str:
    names = list(names)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _cards(n: int, noun: str = "card") -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# ---- verdicts ----------------------------------------------------------------------------------

def game_over(winners: Iterable[str]) -> str:
    return f"The game is over: {_names(list(winners))} won."


def not_your_turn(player: str) -> str:
    return f"It is {player}'s turn."


def no_target() -> str:
    return "Turn up a new target first: a number card in the target box."


def target_not_number(card: Card) -> str:
    return f"The target is a number card from the Numbers deck, not {card.face.describe()}."


def target_taken(value: int) -> str:
    return f"The target is {value}: keep it until an equation wins it."


def played_before(card: Card) -> str:
    return f"That {card.face.describe()} card was played already."


def wild_played_before(effect: str) -> str:
    return f"That {_EFFECTS[effect]} was played already: shuffle it back into the Operations deck."


def deck_empty(deck: str) -> str:
    return f"The {'Numbers' if deck == 'numbers' else 'Operations'} deck is empty."


def no_draws() -> str:
    return "Only two cards a turn: no more drawing."


def wrong_game(card: Card) -> str:
    return f"That card is from {GAME_TITLES.get(card.game, card.game)}, not SUM."


def wild_in_equation() -> str:
    return "Wild cards go in the wild box, never in an equation."


def too_many(laid: int, hand: int) -> str:
    return f"{_cards(laid)} laid, but only {hand} in your hand: check the cards."


def not_wild(card: Card) -> str:
    return f"Only wild cards go in the wild box, not {card.face.describe()}."


def needs_another_card(effect: str) -> str:
    return f"{_EFFECTS[effect]} needs another card in your hand."


def draw_first(owed: int, wild: bool) -> str:
    why = " (after a wild card you still draw your two)" if wild else ""
    return f"Draw {_cards(owed)} more before your turn ends{why}."


# ---- events as a story ----------------------------------------------------------------------

def describe(event: Mapping[str, Any]) -> str:
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def _won(e: Mapping[str, Any]) -> str:
    return (f"{e['player']} makes {e['target']}: {e['equation']} = {e['target']}, and wins "
            f"{_cards(e['numbers'], 'number card')}.")


def _turn(e: Mapping[str, Any]) -> str:
    return f"{e['player']}'s turn." + (" Turn up a new target." if e.get("needs_target") else "")


def _game_over(e: Mapping[str, Any]) -> str:
    if e["reason"] == "empty_hand":
        return f"{_names(e['winners'])} has no cards left and wins!"
    piles = ", ".join(f"{name} {n}" for name, n in e["won"].items())
    wins = "wins" if len(e["winners"]) == 1 else "win"
    return f"The Numbers deck is used up: {_names(e['winners'])} won the most number cards and {wins}! ({piles})"


def _wild(e: Mapping[str, Any]) -> str:
    off = " (its effect is off at this table)" if not e["on"] else ""
    return f"{e['player']} plays {_EFFECTS[e['effect']]}{off}."


_DECKS = {"numbers": "Numbers", "operations": "Operations"}


def _drawn(decks: Sequence[str]) -> str:
    """"a Numbers card and an Operations card", "two Numbers cards" (the cards stay secret)."""
    if len(decks) == 2 and decks[0] == decks[1]:
        return f"two {_DECKS[decks[0]]} cards"
    return " and ".join(f"{'an' if deck == 'operations' else 'a'} {_DECKS[deck]} card" for deck in decks)


def turn_told(e: Mapping[str, Any], decks: Sequence[str]) -> str:
    """A turn's end in a story that saw its draws (``decks``, in order): what was drawn and why
    the turn is over."""
    if not decks:
        return f"{e['player']} made no equation and had nothing left to draw: turn over."
    if e["reason"] == "two_draws":
        return f"{e['player']} drew {_drawn(decks)}, but the equation is still not right: turn over."
    return f"{e['player']} drew {_drawn(decks)} and made no equation: turn over."


def _everyone_draws(e: Mapping[str, Any]) -> str:
    players = e["players"]
    who = _names(players) if players else "Nobody"
    return f"{who} {'draw' if len(players) > 1 else 'draws'} a number card."


_TELLERS = {
    "target_set": lambda e: f"The target is {e['value']}.",
    "drew": lambda e: f"{e['player']} draws from the {'Numbers' if e['deck'] == 'numbers' else 'Operations'} deck.",
    "equation_won": _won,
    "violation": lambda e: f"Not yet: {e['message']}",
    "draw_more": lambda e: f"{e['player']} may draw {_cards(e['draws_left'])} more.",
    "turn_over": lambda e: f"{e['player']}'s turn is over.",
    "turn": _turn,
    "wild_played": _wild,
    "everyone_draws": _everyone_draws,
    "discard": lambda e: f"{e['player']} discards a card of their choice.",
    "target_changed": lambda e: f"The target {e['from']} becomes {e['to']} ({'its square root' if e['root'] else 'squared'}).",
    "cards_passed": lambda e: "Everyone passes a card to the left.",
    "numbers_out": lambda e: "The Numbers deck is used up: this is the last turn.",
    "game_over": _game_over,
}


# ---- headline and summary ---------------------------------------------------------------------

def headline(rules: SumConfig) -> str:
    pairs = "pairs add up (2 2 is 4)" if rules.pairs == "sum" else "pairs multiply (3 3 is 9)"
    order = "× and ÷ first" if rules.order.value == "standard" else "left to right"
    off = [name for name, on in rules.wild.items() if not on]
    wild = f" · wild cards off: {', '.join(off)}" if off else ""
    return f"SUM · {', '.join(rules.players)} · {pairs} · {order}{' · fractions allowed' if rules.fractions else ''}{wild}"


def summary(state: Mapping[str, Any]) -> list[str]:
    lines = [f"Game over: {_names(state['winners'])} won." if state["over"] else f"{state['turn']}'s turn."]
    width = max(len(name) for name in state["players"])
    for name in state["players"]:
        lines.append(f"  {name:<{width}}  {state['won'][name]:>2} cards won  {state['hands'][name]} in hand")
    lines.append(f"Numbers deck: {state['numbers_deck']}, Operations deck: {state['operations_deck']}.")
    return lines
