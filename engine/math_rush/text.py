"""Every sentence Math Rush says: verdicts in a few words, and events told as a story."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.catalog import Card
from engine.games import GAME_TITLES
from engine.math_rush.config import MathRushConfig


def _other_game(card: Card) -> str:
    return f"That card is from {GAME_TITLES.get(card.game, card.game)}, not Math Rush: take it back."


def not_a_goal(card: Card) -> str:
    if card.game != "math-rush":
        return _other_game(card)
    if card.face.kind == "help":
        return "A Help card is no goal: it goes in the Help box."
    return "That is a number card: lay it in a row."


def not_a_number(card: Card) -> str:
    if card.game != "math-rush":
        return _other_game(card)
    if card.face.kind == "help":
        return "Help cards go in the Help box."
    if card.face.kind in ("goal", "advanced-goal"):
        return "That is a goal: it goes in the goal column."
    return f"{card.face.describe()} is not a number card."


def game_over() -> str:
    return "The game is over: CONFIRM for a new one."


def round_over() -> str:
    return "The round is over. CONFIRM: next round."


def advanced() -> str:
    return "Not in this game: put it back in the box."


def goal_used() -> str:
    return "Used this round: lay another goal."


def row_taken(row: int, name: str) -> str:
    return f"Row {row} has {name}: use a free row."


def too_many_goals(most: int) -> str:
    return f"{most} goal{'s' if most > 1 else ''} at a time: complete one first."


def started(phase: str) -> str:
    return "The clock is running: play your cards." if phase == "playing" else round_over()


def no_goals() -> str:
    return "Lay the goal cards in the goal column first."


def not_started() -> str:
    return "Wait: press CONFIRM to start the clock."


def too_late() -> str:
    return "Time is up: this card does not count."


def played_already(row: int) -> str:
    return f"That card is in row {row}: put it back there."


def no_goal(row: int) -> str:
    return f"No goal in row {row}: play beside a goal."


def goal_done(name: str) -> str:
    return f"{name} is complete: flip it and lay a new goal."


def no_help() -> str:
    return "No Help cards left: play on."


def nothing_lifted() -> str:
    return "Lift the wrong cards first, then the Help card."


def one_set() -> str:
    return "One Help card, one set: put the others back."


def not_playing(phase: str) -> str:
    return "Start the round first: press CONFIRM." if phase == "setup" else round_over()


def round_on(phase: str) -> str:
    return "Finish this round first." if phase == "playing" else "Lay the goals and start the round."


# ---- events as a story ----------------------------------------------------------------------

def _count(n: int, word: str) -> str:
    """``1 star``, ``2 stars``, ``0 points``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def describe(event: Mapping[str, Any]) -> str:
    teller = _TELLERS.get(event["type"])
    return teller(event) if teller else f"{event['type']}: {dict(event)}"


def _played(e: Mapping[str, Any]) -> str:
    if not e["ok"]:
        return f"{e['shown']} breaks {e['goal']}: {e['reason']}."
    stack = " on an equal card" if e["on"] else ""
    return f"{e['shown']} goes on {e['goal']}{stack} ({e['placed']} of {e['count']})."


def _round_over(e: Mapping[str, Any]) -> str:
    goals = "; ".join(f"{g['goal']}: {g['stars']}" + (f" ({g['why']})" if g["why"] else "") for g in e["goals"])
    return f"Round {e['round']}: {_count(e['points'], 'point')} ({goals}). Total {e['total']}."


def _game_over(e: Mapping[str, Any]) -> str:
    bonus = f" + {e['help_bonus']} for {_count(e['help_left'], 'unused Help card')}" if e["help_bonus"] else ""
    return f"Game over: {' + '.join(map(str, e['rounds']))}{bonus} = {_count(e['total'], 'point')} together!"


_TELLERS = {
    "goal_laid": lambda e: f"Goal in row {e['row']}: {e['name']}"
                           + (f", {e['restriction'].lower()}" if e["restriction"] else "")
                           + f" ({_count(e['stars'], 'star')}).",
    "round_started": lambda e: f"Round {e['round']} starts" + (f": {e['seconds']} seconds!" if e["seconds"] else "!"),
    "card_played": _played,
    "goal_complete": lambda e: f"{e['goal']} is complete"
                               + (f" but broken ({e['broken']}): 0 stars." if e["broken"]
                                  else f": {_count(e['stars'], 'star')}. Flip it, lay a new goal!"),
    "card_lifted": lambda e: f"A card is taken off row {e['row']}: use a Help card, or put it back.",
    "card_removed": lambda e: f"A card is taken off row {e['row']}.",
    "put_back": lambda e: f"The card is back in row {e['row']}" + (f": {e['broken']}." if e.get("broken") else "."),
    "help_used": lambda e: ("Help: the lifted cards are gone." if e["use"] == "clear"
                            else "Help: everyone discards and draws again.")
                           + (f" {_count(e['left'], 'Help card')} left." if e["left"] is not None else ""),
    "time_warning": lambda e: f"{e['seconds']} seconds left!",
    "time_up": lambda e: "Time is up!",
    "round_over": _round_over,
    "round_ready": lambda e: f"Round {e['round']}: shuffle, draw your hands, lay three goals.",
    "game_over": _game_over,
    "violation": lambda e: f"Not yet: {e['message']}",
}


def headline(rules: MathRushConfig) -> str:
    young = [w for w, on in (("no Advanced cards", not rules.advanced), ("unlimited Help", rules.help == "unlimited"),
                             ("one goal at a time", rules.one_goal)) if on]  # "no timer" is the clock's part
    clock = f"{rules.seconds} s rounds" if rules.timer else "no timer"
    return (f"Math Rush · {', '.join(rules.players)} · {rules.hand_size} cards each · {clock}"
            + (f" · {', '.join(young)}" if young else ""))


def summary(state: Mapping[str, Any]) -> list[str]:
    lines = [f"Game over: {state['total']} points." if state["over"] else f"Round {state['round']}, {state['phase']}."]
    for row in state["rows"]:
        mark = " (broken)" if row["broken"] else " (complete)" if row["complete"] else ""
        lines.append(f"  row {row['row']}: {row['name']}, {row['placed']} of {row['count']} cards{mark}")
    rounds = " + ".join(map(str, state["round_points"])) or "none yet"
    lines.append(f"Rounds: {rounds}; Help cards left: {'any' if state['help_left'] is None else state['help_left']}.")
    return lines
