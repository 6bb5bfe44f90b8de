"""What SUM shows on the OLED: setup choices, the live screen (the target, whose turn, hands and
won piles), and a screen for each event, in a few words. The words are the mat's (the target box,
won cards) and each screen ends on the next step: a wrong equation says what it makes, to take the
cards back and that SPARE draws."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from station.settings import seat_names
from station.ui.overlays import Overlay, by_event
from station.ui.setup import Choice, SetupOption
from station.ui import winners
from station.ui.views import BannerView, LiveView, Menu, PlayerLine, VerdictView, View, clock_text

GAME = "sum"
BANNER_SECONDS = 4.0
VERDICT_SECONDS = 5.0
EFFECTS = {"propagation": "Propagation", "neutralization": "Neutralization", "radicalization": "Radicalization",
           "rotation": "Rotation"}
#: A violation's code -> the verdict screen's title (its detail is the engine's sentence, cut short).
VERDICT_TITLES = {
    "malformed": "Check the order", "no_operation": "Use a sign", "remainder": "Remainder", "divide_by_zero": "÷ 0",
    "empty": "No cards", "wild_in_equation": "Wild box!", "played_before": "Played already", "too_many": "Too many",
    "not_your_turn": "Not your turn", "no_target": "No target", "target_taken": "Target is set",
    "not_a_number": "Not a number", "no_draws": "No more draws", "deck_empty": "Deck empty", "draw_first": "Draw first",
    "not_wild": "Not a wild card", "needs_another_card": "Need a card", "wrong_game": "Other game",
    "game_over": "Game over",
}
#: Shorter words than the engine's sentence where it would not fit in two lines, or where a card
#: must come off the table: why, then the next step (``state``: the game's, for the numbers).
SHORT_DETAILS: dict[str, Any] = {
    "no_target": "Lay a number card in the target box",
    "not_a_number": "The target is a number card. Take it back",
    "no_operation": "Use an operation card",
    "target_taken": lambda s: f"The target stays {s['target']['value']}. Take the new card back",
    "played_before": "That card was played. Take it back",
    "not_wild": "Only wild cards go there. Take it back",
    "wrong_game": "Not a SUM card. Take it back",
    "draw_first": lambda s: f"Draw {_cards(s['draws_left'])} first: press SPARE",
    "needs_another_card": "You need another card in hand. Take it back",
    "game_over": "CONFIRM: new game",
}
_AFTERTHOUGHT = re.compile(r" \([^()]*\)$")  # "… (only two equal cards side by side make a pair)"


def setup_options(defaults: Mapping[str, Any]) -> list[SetupOption]:
    return [
        SetupOption("players", "Players", [Choice(n, str(n)) for n in range(2, 7)], int(defaults.get("players", 3))),
        SetupOption("pairs", "Pairs", [Choice("sum", "2 2 is 4"), Choice("product", "3 3 is 9")],
                    defaults.get("pairs", "sum")),
        SetupOption("order", "Order", [Choice("standard", "× ÷ first"), Choice("left-to-right", "left to right")],
                    defaults.get("order", "standard")),
        SetupOption("wild", "Wild cards", [Choice(True, "on"), Choice(False, "off")], bool(defaults.get("wild", True))),
    ]


def game_config(choices: Mapping[str, Any], defaults: Mapping[str, Any], seed: int) -> dict[str, Any]:
    on = bool(choices["wild"])
    return {"game": GAME, "seed": seed, "players": seat_names(defaults, choices["players"]), "pairs": choices["pairs"],
            "order": choices["order"], "fractions": bool(defaults.get("fractions", False)),
            "wild": {effect: on for effect in EFFECTS}}


def live_view(state: Mapping[str, Any], seconds: float, page: int) -> View:
    turn = state["turn"]
    # "held" and "won" side by side: "10 held, 10 won" fits beside a six-letter name, "cards" would not
    lines = tuple(PlayerLine(name, f"{state['hands'][name]} held, {state['won'][name]} won",
                             "won" if name in state["winners"] else "waiting" if name == turn and not state["over"]
                             else "") for name in state["players"])
    if state["over"]:
        return LiveView("Game over", clock_text(seconds), winners.headline(state["winners"]), lines, page,
                        "CONFIRM: new game")
    target = state["target"]
    headline = f"Make {target['value']}" if target else "Turn up a target"
    footer = "Lay cards, CONFIRM" if target else "Into the target box"
    return LiveView(f"{turn}'s turn", clock_text(seconds), headline, lines, page, footer)


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def overlays(events: Sequence[Mapping[str, Any]], state: Mapping[str, Any], reveal: str) -> list[Overlay]:
    return by_event(events, _OVERLAYS, events, state)


def _won(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    view = BannerView(f"{e['player']} makes {e['target']}", e["equation"], (f"{_cards(e['numbers'])} to your won pile",),
                      "No cards left!" if state["over"] else "Turn up a new target")
    return [Overlay(view, seconds=BANNER_SECONDS, signal="accepted", kind="result")]


def _violation(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Why not, in two short lines (the player is the one whose turn it is: the live screen says
    so), and the next step: a wrong equation shows what it makes in bold, then to take the cards
    back, and SPARE to draw while the turn has draws left."""
    title = VERDICT_TITLES.get(e["code"], "Not allowed")
    more = next((d for d in batch if d["type"] == "draw_more"), None)
    draw = f"SPARE: draw {more['draws_left']} more" if more is not None else ""
    if e["code"] == "wrong":  # "3 × 4 − 2 = 10, not 12"
        made, _, target = str(e["message"]).rstrip(".!").rpartition(", not ")
        step = "Take the cards back" + (f". {draw}" if draw else "")
        return [Overlay(VerdictView("wrong", f"Not {target}", step, made), seconds=VERDICT_SECONDS,
                        signal="rejected", kind="verdict")]
    detail = SHORT_DETAILS.get(e["code"]) or _AFTERTHOUGHT.sub("", str(e.get("message", "")).rstrip(".!"))
    if callable(detail):
        detail = detail(state)
    if draw:
        detail += f". {draw}"
    return [Overlay(VerdictView("wrong", title, detail), seconds=VERDICT_SECONDS, signal="rejected", kind="verdict")]


def _wild(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """The card's effect and what it asks of whom; the bottom line is the step."""
    effect = EFFECTS[e["effect"]]
    lines: tuple[str, ...] = ("Not in this game",) if not e["on"] else ()
    hint = "Put it back in the deck" if not e["on"] else ""
    for other in batch:
        if other["type"] == "everyone_draws":
            lines = (_who_draws(other["players"], len(state["players"]) - 1),)
        elif other["type"] == "discard":
            lines = (f"{e['player']}: discard a card",)
        elif other["type"] == "target_changed":
            lines, hint = (f"Target {other['from']} is now {other['to']}",), f"Now make {other['to']}"
        elif other["type"] == "cards_passed":
            lines = ("Pass a card to the left",)
    return [Overlay(BannerView("Wild card", effect, lines, hint), seconds=BANNER_SECONDS, signal="attention",
                    kind="banner")]


def _who_draws(names: Sequence[str], others: int) -> str:
    """Propagation: every other player takes a number card, as long as the deck lasts."""
    if not names:
        return "The deck is empty"
    if len(names) == others:
        return "Others: take a number"
    return f"{', '.join(names)}: take a number" if len(names) <= 2 else f"{len(names)} players take a number"


def _game_over(e: Mapping[str, Any], batch: Sequence[Mapping[str, Any]], state: Mapping[str, Any]) -> list[Overlay]:
    """Who won and how; every player's pile is on the live screen that follows."""
    best = e["winners"]
    won = e["won"][best[0]]
    if e["reason"] == "empty_hand":
        title, line = "No cards left!", f"and won {_cards(won)}"
    else:
        title, line = "Numbers used up", f"{_cards(won)} won{' each' if len(best) > 1 else ''}"
    return [Overlay(winners.banner(title, best, line, "CONFIRM: all scores"), seconds=None, signal="attention",
                    kind="banner")]


_OVERLAYS = {
    "equation_won": _won,
    "violation": _violation,
    "wild_played": _wild,
    "target_set": lambda e, b, s: [Overlay(BannerView("Target", str(e["value"]), ("Make it with your cards",)),
                                           seconds=2.0, kind="banner")],
    "drew": lambda e, b, s: [Overlay(VerdictView("ok", _take(e["deck"]), _draws_left(e["draws_left"]), e["player"]),
                                     seconds=2.0, kind="verdict")],
    "turn_over": lambda e, b, s: [Overlay(BannerView("Turn over", e["player"], ("No equation this time",),
                                                     _next_turn(b)), seconds=2.5, kind="banner")],
    "numbers_out": lambda e, b, s: [Overlay(BannerView("Numbers used up", "Last turn", ("Most won cards wins",)),
                                            seconds=BANNER_SECONDS, signal="attention", kind="banner")],
    "game_over": _game_over,
}


def _next_turn(batch: Sequence[Mapping[str, Any]]) -> str:
    """Whose turn comes after this batch of events, for the bottom line."""
    following = next((e["player"] for e in batch if e["type"] == "turn"), "")
    return f"Now {following}'s turn" if following else ""


def _take(deck: str) -> str:
    """DRAW was pressed: the player takes the top card of that deck."""
    return "Take a number" if deck == "numbers" else "Take an operation"


def _draws_left(left: int) -> str:
    return f"{left} more draw{'s' if left != 1 else ''} this turn" if left else "No more draws this turn"


def confirm(state: Mapping[str, Any]) -> dict[str, Any] | None:
    """CONFIRM submits the equation on the strip (once there is a target)."""
    if state["over"] or state["target"] is None:
        return None
    return {"type": "submit", "player": state["turn"], "cards": []}


def menu(state: Mapping[str, Any], hint: Mapping[str, Any] | None = None) -> Menu | None:
    """SPARE: draw from either deck (while draws are left and it has cards), end the turn, or
    (after a wrong equation) the hint."""
    if state["over"]:
        return None
    player = state["turn"]
    choices: list[tuple[str, Any]] = []
    for deck, label in (("numbers", "Draw a number"), ("operations", "Draw an operation")):
        if state["draws_left"] and state[f"{deck}_deck"]:
            choices.append((label, {"type": "draw", "player": player, "deck": deck}))
    choices.append(("End my turn", {"type": "end_turn", "player": player}))
    if hint is not None:
        found = hint["equation"]
        view = (BannerView("It can be done", str(hint["target"]), (f"= {found}",), "Any button: back") if found else
                BannerView("Not with these", str(hint["target"]), ("Try other cards",), "Any button: back"))
        choices.append(("Hint", view))
    return Menu(f"{player}'s turn", tuple(choices))
